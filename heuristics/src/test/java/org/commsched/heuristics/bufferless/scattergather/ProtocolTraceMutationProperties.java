package org.commsched.heuristics.bufferless.scattergather;

import static org.assertj.core.api.Assertions.assertThat;
import static org.commsched.instances.testing.ScheduleAssertions.assertValid;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.commsched.core.check.CheckReport;
import org.commsched.core.check.Kind;
import org.commsched.core.check.ScheduleChecker;
import org.commsched.core.check.Violation;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Schedule;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.testing.Seeds;
import org.commsched.instances.testing.GatherCases;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Random one-step mutations of valid protocol traces against the checker's protocol rules (V6
 * transfer by transfer, docs/models/bufferless-scatter-gather.md#validity-rules, #protocol-rules).
 * The traces: Shoulder-Tap on random paths (also with the wake-up values stripped, as the wake-up
 * models write them), every Transmission-Certification preset on random trees and networks, and the
 * multiport variant under all ports. A mutation shifts one data departure or one control step by
 * -3..3, drops one control flit, or changes one control value by -2..2 (now and then the number of
 * values). For every mutation:
 *
 * <ul>
 *   <li>the checker's CAUSALITY and CONTROL_VALUE entries (kind, place, time) are exactly those of
 *       {@link ProtocolRulesReference}, a plain restatement of the documented rules: every mutation
 *       that breaks a rule is caught, and one that breaks none is not reported;
 *   <li>what the model's semantics decide without the rule table holds: in a
 *       Transmission-Certification trace every shifted departure is rejected (an order's stream
 *       starts exactly at t + s, and a node's own message leads its stream,
 *       docs/models/bufferless-scatter-gather.md#protocol-rules), every changed n and every changed
 *       order value on a non-empty stream is rejected, every dropped token or certificate is
 *       rejected, and a dropped order or wake-up is rejected exactly when its receiver has data to
 *       send or control to pass on.
 * </ul>
 *
 * A failure names the seed, the trace, the mutation and both lists.
 */
class ProtocolTraceMutationProperties {
  static final SolveLimits LIMITS = SolveLimits.defaults();
  static final int MUTATIONS = 30;

  static LongStream seeds() {
    return Seeds.seeds();
  }

  private record Base(String name, Instance inst, Schedule.Departures trace) {}

  private static Base base(long seed) {
    SplittableRandom r = new SplittableRandom(seed * 7919 + 17);
    switch ((int) (seed % 6)) {
      case 0:
        {
          Instance inst = GatherCases.randomPath(r, 10);
          return new Base(
              "shoulder-tap",
              inst,
              (Schedule.Departures) new ShoulderTap().solve(inst, LIMITS).schedule());
        }
      case 1:
        {
          Instance inst = GatherCases.randomPath(r, 10);
          Schedule.Departures st =
              (Schedule.Departures) new ShoulderTap().solve(inst, LIMITS).schedule();
          List<Schedule.ControlTransfer> bare = new ArrayList<>();
          for (Schedule.ControlTransfer c : st.control()) {
            bare.add(new Schedule.ControlTransfer(c.from(), c.to(), c.step(), c.kind(), List.of()));
          }
          return new Base(
              "shoulder-tap, values stripped",
              inst,
              new Schedule.Departures(st.departures(), bare));
        }
      case 5:
        {
          Instance inst =
              r.nextInt(4) == 0
                  ? GatherCases.randomNetwork(r, GatherCases.ALL)
                  : GatherCases.randomTree(r, 12, GatherCases.ALL);
          return tc("tc-multiport", TcOptions.MULTIPORT, inst);
        }
      default:
        {
          Instance inst =
              r.nextInt(4) == 0
                  ? GatherCases.randomNetwork(r, GatherCases.SINGLE)
                  : GatherCases.randomTree(r, 12, GatherCases.SINGLE);
          TcOptions o =
              List.of(TcOptions.RECOMMENDED, TcOptions.PAPER_LITERAL, TcOptions.IMPROVED)
                  .get((int) (seed % 6) - 2);
          return tc("tc " + o, o, inst);
        }
    }
  }

  private static Base tc(String name, TcOptions o, Instance inst) {
    return new Base(
        name,
        inst,
        (Schedule.Departures)
            new TransmissionCertification("tc", o).solve(inst, LIMITS).schedule());
  }

  /** One mutation: the mutated trace, what was done, and facts for the semantic claims. */
  private record Mutation(
      Schedule.Departures trace, String what, String type, Schedule.ControlTransfer flit) {}

  private static Mutation mutate(Schedule.Departures d, SplittableRandom r) {
    List<Schedule.ControlTransfer> ctl = d.control();
    int type = r.nextInt(4);
    if (type == 0 && !d.departures().isEmpty()) {
      List<String> ids = new ArrayList<>(d.departures().keySet());
      String id = ids.get(r.nextInt(ids.size()));
      long delta = nonZero(r, 3);
      Map<String, Long> dep = new LinkedHashMap<>(d.departures());
      dep.put(id, dep.get(id) + delta);
      return new Mutation(
          new Schedule.Departures(dep, ctl),
          "departure of " + id + " " + signed(delta),
          "data",
          null);
    }
    int x = r.nextInt(ctl.size());
    Schedule.ControlTransfer c = ctl.get(x);
    List<Schedule.ControlTransfer> out = new ArrayList<>(ctl);
    String what;
    String kind;
    if (type == 1 || type == 0) {
      long delta = nonZero(r, 3);
      out.set(
          x,
          new Schedule.ControlTransfer(c.from(), c.to(), c.step() + delta, c.kind(), c.values()));
      what = "step " + signed(delta);
      kind = "step";
    } else if (type == 2) {
      out.remove(x);
      what = "dropped";
      kind = "drop";
    } else {
      List<Long> values = new ArrayList<>(c.values());
      if (values.isEmpty() || r.nextInt(8) == 0) {
        if (!values.isEmpty() && r.nextBoolean()) {
          values.remove(values.size() - 1);
        } else {
          values.add((long) r.nextInt(5));
        }
        what = "values " + c.values() + " -> " + values;
        kind = "arity";
      } else {
        int i = r.nextInt(values.size());
        values.set(i, values.get(i) + nonZero(r, 2));
        what = "value " + i + ": " + c.values() + " -> " + values;
        kind = "value " + i;
      }
      out.set(x, new Schedule.ControlTransfer(c.from(), c.to(), c.step(), c.kind(), values));
    }
    return new Mutation(
        new Schedule.Departures(d.departures(), out),
        c.kind()
            + " "
            + c.from()
            + "->"
            + c.to()
            + " of step "
            + c.step()
            + " "
            + c.values()
            + ": "
            + what,
        kind,
        c);
  }

  private static long nonZero(SplittableRandom r, int max) {
    long v = 1 + r.nextInt(max);
    return r.nextBoolean() ? v : -v;
  }

  private static String signed(long v) {
    return v > 0 ? "+" + v : Long.toString(v);
  }

  private static List<String> protocolEntries(CheckReport report) {
    List<String> out = new ArrayList<>();
    for (Violation v : report.violations()) {
      if (v.kind() == Kind.CAUSALITY || v.kind() == Kind.CONTROL_VALUE) {
        out.add(v.kind() + " " + v.place() + " " + v.time());
      }
    }
    out.sort(null);
    return out;
  }

  /** Data flits crossing the arc from v toward u (v's stream when u is its parent). */
  private static long stream(Instance inst, int v, int u) {
    int arc = inst.network().arc(v, u);
    long n = 0;
    for (int i = 0; i < inst.messages().size(); i++) {
      for (int a : inst.atlas().arcs(i)) {
        n += a == arc ? inst.messages().get(i).length() : 0;
      }
    }
    return n;
  }

  @ParameterizedTest
  @MethodSource("seeds")
  void everyMutation_isReportedExactlyByTheRules_andTheSpecsVerdictsHold(long seed) {
    Base b = base(seed);
    Instance inst = b.inst();
    String ctx = "seed " + seed + ", " + b.name() + " on " + GatherCases.describe(inst);
    assertValid(ctx, inst, b.trace());
    assertThat(ProtocolRulesReference.violations(inst, b.trace())).as(ctx).isEmpty();
    boolean tc = b.name().startsWith("tc");
    SplittableRandom r = new SplittableRandom(~seed);
    for (int k = 0; k < MUTATIONS; k++) {
      Mutation m = mutate(b.trace(), r);
      CheckReport report = ScheduleChecker.check(inst, m.trace());
      List<String> expected = new ArrayList<>(ProtocolRulesReference.violations(inst, m.trace()));
      expected.sort(null);
      String at = ctx + ", mutation " + m.what() + ": " + report.violations();
      assertThat(protocolEntries(report)).as(at).isEqualTo(expected);

      Schedule.ControlTransfer c = m.flit();
      if (tc && m.type().equals("data")) {
        assertThat(report.valid()).as(at).isFalse();
      }
      if (tc && c != null && c.kind().equals("certificate") && m.type().equals("value 1")) {
        assertThat(report.valid()).as(at).isFalse();
      }
      if (c != null
          && c.kind().equals("order")
          && m.type().equals("value 0")
          && stream(inst, c.to(), c.from()) > 0) {
        assertThat(report.valid()).as(at).isFalse();
      }
      if (c != null && m.type().equals("drop") && !m.trace().control().isEmpty()) {
        boolean rejected = !report.valid();
        switch (c.kind()) {
          case "token":
          case "certificate":
            assertThat(rejected).as(at).isTrue();
            break;
          case "order":
          case "wakeup":
            {
              boolean passesOn = false;
              for (Schedule.ControlTransfer x : m.trace().control()) {
                passesOn |= x.from() == c.to() && x.kind().equals(c.kind());
              }
              boolean hasData = false;
              for (Message msg : inst.messages()) {
                hasData |= msg.from() == c.to() && msg.length() > 0;
              }
              assertThat(rejected)
                  .as(at + " (receiver passes on: " + passesOn + ", has data: " + hasData + ")")
                  .isEqualTo(passesOn || hasData);
              break;
            }
          default:
            break;
        }
      }
    }
  }
}
