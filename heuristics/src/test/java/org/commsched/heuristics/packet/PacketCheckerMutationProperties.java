package org.commsched.heuristics.packet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.commsched.instances.testing.ScheduleAssertions.assertValid;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.function.Function;
import org.commsched.core.check.CheckReport;
import org.commsched.core.check.Kind;
import org.commsched.core.check.ScheduleChecker;
import org.commsched.core.check.Violation;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Schedule;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveStatus;
import org.commsched.core.testing.Seeds;
import org.commsched.heuristics.baseline.GreedyStoreAndForward;
import org.commsched.instances.testing.RandomInstances;
import org.junit.jupiter.api.Test;

/**
 * Mutation property of the packet checker (docs/models/packet.md#validity-rules): on seeded valid schedules of
 * {@code packet-fdf-even} and {@code greedy-saf}, each injected fault is reported under its rule's code. Faults: a
 * later hop of a packet moved to the start of its previous hop (V4, {@code STORE_AND_FORWARD}); one hop moved onto
 * another leaving the same node ({@code ARC_CONFLICT} on one arc, else {@code SEND_PORT} or {@code EXCHANGE_PORT}
 * under one port); one record of a packet with a different size ({@code SIZE_MISMATCH}); every record of a packet one
 * unit larger (V2, {@code LENGTH_MISMATCH}); a dropped hop ({@code MISSING_HOP}, or {@code LENGTH_MISMATCH} when it was
 * the packet's only one); a claimed makespan one tick off ({@code MAKESPAN_MISMATCH}); a negative start (V3,
 * {@code NEGATIVE_TIME}).
 */
class PacketCheckerMutationProperties {

  private enum Fault {
    STORE_AND_FORWARD, PORT_OVERLAP, SIZE_SPLIT, LENGTH, DROP_HOP, MAKESPAN, NEGATIVE_START
  }

  /** The records of one packet, in route order (by start; store-and-forward keeps them ordered). */
  private static Map<String, List<Integer>> packets(List<Schedule.Transmission> ts) {
    Map<String, List<Integer>> out = new java.util.LinkedHashMap<>();
    for (int k = 0; k < ts.size(); k++) {
      out.computeIfAbsent(ts.get(k).message() + "#" + ts.get(k).packet(), x -> new ArrayList<>()).add(k);
    }
    for (List<Integer> rs : out.values()) {
      rs.sort(java.util.Comparator.comparingLong(k -> ts.get(k).start()));
    }
    return out;
  }

  private static Schedule.Transmission with(Schedule.Transmission x, long size, long start) {
    return new Schedule.Transmission(x.message(), x.packet(), size, x.from(), x.to(), start);
  }

  private static Set<Kind> kinds(CheckReport report) {
    Set<Kind> out = new TreeSet<>();
    for (Violation v : report.violations()) {
      out.add(v.kind());
    }
    return out;
  }

  @Test
  void everyInjectedFault_isReportedUnderItsCode() {
    Map<Fault, Integer> injected = new EnumMap<>(Fault.class);
    List<Function<Instance, SolveResult>> methods = List.of(
        inst -> new FdfEvenSize().solve(inst, SolveLimits.defaults()),
        inst -> new GreedyStoreAndForward().solve(inst, SolveLimits.defaults()));
    for (long seed : Seeds.seeds().toArray()) {
      SplittableRandom r = new SplittableRandom(seed);
      CommModel.StoreAndForward model = RandomInstances.storeAndForward(r);
      Instance inst = RandomInstances.scatterGather(r, 9, 7, r.nextBoolean(), model, r.nextBoolean());
      // packet-fdf-even where it applies (full duplex, no exchange rule), on about half of those; greedy-saf otherwise
      boolean useEven = r.nextBoolean() && new FdfEvenSize().whyNot(inst) == null;
      SolveResult res = methods.get(useEven ? 0 : 1).apply(inst);
      assertValid(seed, inst, res);
      Schedule.Transmissions base = (Schedule.Transmissions) res.schedule();
      List<Schedule.Transmission> ts = base.transmissions();
      if (ts.isEmpty()) {
        continue;
      }
      Map<String, List<Integer>> byPacket = packets(ts);
      List<List<Integer>> pks = new ArrayList<>(byPacket.values());
      Fault fault = Fault.values()[r.nextInt(Fault.values().length)];
      List<Schedule.Transmission> mut = new ArrayList<>(ts);
      Long claim = res.makespan();
      Kind expected;
      switch (fault) {
        case STORE_AND_FORWARD -> {
          List<Integer> p = pick(r, pks, 2);
          if (p == null) {
            continue;
          }
          int j = 1 + r.nextInt(p.size() - 1);
          Schedule.Transmission prev = ts.get(p.get(j - 1));
          Schedule.Transmission x = ts.get(p.get(j));
          mut.set(p.get(j), with(x, x.size(), prev.start()));
          expected = Kind.STORE_AND_FORWARD;
        }
        case PORT_OVERLAP -> {
          int a = r.nextInt(ts.size());
          List<Integer> same = new ArrayList<>();
          for (int k = 0; k < ts.size(); k++) {
            if (k != a && ts.get(k).from() == ts.get(a).from()) {
              same.add(k);
            }
          }
          if (same.isEmpty()) {
            continue;
          }
          int b = same.get(r.nextInt(same.size()));
          boolean sameArc = ts.get(b).to() == ts.get(a).to();
          if (sameArc) {
            expected = Kind.ARC_CONFLICT;
          } else if (model.ports() == CommModel.Ports.ALL) {
            continue; // different arcs of one node may be used at once
          } else {
            expected = model.onePort() == CommModel.OnePortRule.EXCHANGE ? Kind.EXCHANGE_PORT : Kind.SEND_PORT;
          }
          Schedule.Transmission x = ts.get(b);
          mut.set(b, with(x, x.size(), ts.get(a).start()));
        }
        case SIZE_SPLIT -> {
          List<Integer> p = pick(r, pks, 2);
          if (p == null) {
            continue;
          }
          int k = p.get(r.nextInt(p.size()));
          Schedule.Transmission x = ts.get(k);
          long size = x.size() > 1 && r.nextBoolean() ? x.size() - 1 : x.size() + 1;
          mut.set(k, with(x, size, x.start()));
          expected = Kind.SIZE_MISMATCH;
        }
        case LENGTH -> {
          List<Integer> p = pks.get(r.nextInt(pks.size()));
          for (int k : p) {
            mut.set(k, with(ts.get(k), ts.get(k).size() + 1, ts.get(k).start()));
          }
          expected = Kind.LENGTH_MISMATCH;
        }
        case DROP_HOP -> {
          List<Integer> p = pks.get(r.nextInt(pks.size()));
          int k = p.get(r.nextInt(p.size()));
          mut.remove(k);
          expected = p.size() > 1 ? Kind.MISSING_HOP : Kind.LENGTH_MISMATCH;
          claim = null;
        }
        case MAKESPAN -> {
          claim = res.makespan() + (r.nextBoolean() ? 1 : -1);
          expected = Kind.MAKESPAN_MISMATCH;
        }
        default -> {
          int k = r.nextInt(ts.size());
          mut.set(k, with(ts.get(k), ts.get(k).size(), -1 - r.nextInt(5)));
          expected = Kind.NEGATIVE_TIME;
        }
      }
      Schedule.Transmissions broken = new Schedule.Transmissions(base.scale(), mut);
      CheckReport report = claim == null ? ScheduleChecker.check(inst, broken)
          : ScheduleChecker.checkResult(inst, new SolveResult(res.method(), SolveStatus.FEASIBLE, broken, claim,
              res.lowerBound(), res.scale(), Map.of()));
      assertThat(report.valid()).as("seed %d: %s not detected", seed, fault).isFalse();
      assertThat(kinds(report)).as("seed %d: %s on %s", seed, fault, report.violations()).contains(expected);
      injected.merge(fault, 1, Integer::sum);
    }
    assertThat(injected.keySet()).as("every fault injected at least once: %s", injected)
        .containsExactlyInAnyOrder(Fault.values());
  }

  /** A random packet with at least {@code hops} records, or null if none. */
  private static List<Integer> pick(SplittableRandom r, List<List<Integer>> pks, int hops) {
    List<List<Integer>> ok = new ArrayList<>();
    for (List<Integer> p : pks) {
      if (p.size() >= hops) {
        ok.add(p);
      }
    }
    return ok.isEmpty() ? null : ok.get(r.nextInt(ok.size()));
  }
}
