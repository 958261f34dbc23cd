package org.commsched.heuristics.bufferless.chatting;

import static org.assertj.core.api.Assertions.assertThat;
import static org.commsched.instances.testing.ScheduleAssertions.assertValid;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.commsched.core.bounds.LowerBounds;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Schedule;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.testing.Seeds;
import org.commsched.instances.testing.ChatCases;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Properties of docs/models/bufferless-chatting.md#properties for A4 (esm-paper, esm-ne) on seeded
 * rectangular ESMs of 1..9 x 1..9 nodes with unit messages in several traffic shapes ({@link
 * ChatCases#esm}): P1 (the checker accepts every virtual and real schedule), P2 (lower bounds
 * below), P4 (VO departures and T &lt;= S + Q - 1), P9 (Theorem 5.1(a) scaling of the unit
 * procedure), P11 (Theorem 5.3: S &lt;= 2C for the paper's scan, S &lt;= 2C - 1 for the north-east
 * scan), P12 (Corollary 5.1 with L = 1) and P16 (reordering and renaming messages). Paper: Bhatt,
 * Bilardi, Pucci, Ranade, Rosenberg, Schwabe, "On Bufferless Routing of Variable Length Messages in
 * Leveled Networks". A failure prints the seed and the instance.
 */
class EsmProperties {

  static LongStream seeds() {
    return Seeds.seeds();
  }

  static Map<String, Long> byId(Instance inst, long[] v) {
    Map<String, Long> m = new LinkedHashMap<>();
    for (int i = 0; i < v.length; i++) {
      m.put(inst.messages().get(i).id(), v[i]);
    }
    return m;
  }

  static long[] ones(int n) {
    long[] l = new long[n];
    java.util.Arrays.fill(l, 1);
    return l;
  }

  /**
   * P1, P2, P11: both scans give valid virtual schedules with max(C, L) &lt;= S and S within
   * Theorem 5.3.
   */
  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void p11_scansAreValidVirtualSchedulesWithinTheorem53(long seed) {
    Instance inst = ChatCases.esm(seed);
    String why = ChatCases.describe(seed, inst);
    ChattingProperties.Figures f = ChattingProperties.Figures.of(inst);
    long[] paper = EsmPaper.unitSlots(inst);
    long[] ne = EsmNe.unitSlots(inst);
    for (long[] sigma : List.of(paper, ne)) {
      assertValid(why, inst, new Schedule.Slots(byId(inst, sigma)));
      assertThat(LongStream.of(sigma).min().orElseThrow()).as(why).isZero();
      assertThat(Transforms.virtualDuration(sigma, ones(sigma.length)))
          .as(why)
          .isGreaterThanOrEqualTo(f.c());
    }
    assertThat(Transforms.virtualDuration(paper, ones(paper.length)))
        .as(why)
        .isLessThanOrEqualTo(2 * f.c());
    assertThat(Transforms.virtualDuration(ne, ones(ne.length)))
        .as(why)
        .isLessThanOrEqualTo(2 * f.c() - 1);
    // the proof of the north-east scan, message by message: slot <= (C(last row arc) - 1) +
    // (C(first column arc) - 1)
    long[] load = new long[inst.network().arcs()];
    for (int i = 0; i < ne.length; i++) {
      for (int a : inst.atlas().arcs(i)) {
        load[a]++;
      }
    }
    int cols = ((Topology.Esm) inst.network().topology()).cols();
    for (int i = 0; i < ne.length; i++) {
      Message m = inst.messages().get(i);
      int turn = (m.from() / cols) * cols + m.to() % cols;
      long rowPart = turn == m.from() ? 0 : load[inst.network().arc(turn - 1, turn)] - 1;
      long colPart = turn == m.to() ? 0 : load[inst.network().arc(turn, turn + cols)] - 1;
      assertThat(ne[i]).as(why + " message " + m.id()).isLessThanOrEqualTo(rowPart + colPart);
    }
  }

  /**
   * P1, P2, P4, P12: the methods return checked real schedules, above the lower bounds, within VO's
   * bound.
   */
  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void p4p12_methodsReturnCheckedRealSchedulesWithinTheirBounds(long seed) {
    Instance inst = ChatCases.esm(seed);
    String why = ChatCases.describe(seed, inst);
    ChattingProperties.Figures f = ChattingProperties.Figures.of(inst);
    Topology.Esm esm = (Topology.Esm) inst.network().topology();
    long lb = LowerBounds.best(inst).value();
    for (EsmUnitMethod m : List.of(new EsmPaper(), new EsmNe())) {
      assertThat(m.whyNot(inst)).as(why).isNull();
      SolveResult r = m.solve(inst, SolveLimits.defaults());
      assertValid(m.name() + " " + why, inst, r);
      long s = (Long) r.stats().get("virtualDuration");
      long[] t =
          ((Schedule.Departures) r.schedule())
              .departures().values().stream().mapToLong(Long::longValue).toArray();
      assertThat(LongStream.of(t).allMatch(x -> x >= 0 && x < s)).as(why).isTrue();
      assertThat(LongStream.of(t).min().orElseThrow()).as(why).isZero();
      assertThat(r.makespan())
          .as(m.name() + " " + why)
          .isGreaterThanOrEqualTo(Math.max(lb, Math.max(f.c(), f.q())))
          .isLessThanOrEqualTo(s + f.q() - 1)
          // Corollary 5.1 with L = 1 (the N x N mesh's 2N read as rows + cols)
          .isLessThanOrEqualTo(4 * f.c() + 1 + esm.rows() + esm.cols());
      if (m instanceof EsmNe) {
        assertThat(r.makespan()).as(why).isLessThanOrEqualTo(2 * f.c() + f.q() - 2);
      }
      assertThat(m.solve(inst, SolveLimits.defaults()).schedule())
          .as("deterministic")
          .isEqualTo(r.schedule());
    }
  }

  /**
   * P9 (Theorem 5.1(a)): the unit procedure's slots times l are a valid virtual schedule for the
   * same messages all of length l, of duration l S; VO of it is a valid real schedule with T &lt;=
   * l S + Q - 1.
   */
  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void p9_unitSlotsScaleToUniformLengths(long seed) {
    Instance unit = ChatCases.esm(seed);
    long len = 2 + new SplittableRandom(seed * 13 + 7).nextInt(3);
    List<Message> ms = new ArrayList<>();
    for (Message m : unit.messages()) {
      ms.add(new Message(m.id(), m.from(), m.to(), len));
    }
    Instance inst =
        new Instance(
            unit.name() + "-l" + len, new Problem.Chatting(ms), unit.model(), unit.network());
    String why = ChatCases.describe(seed, inst);
    ChattingProperties.Figures f = ChattingProperties.Figures.of(inst);
    int cols = ((Topology.Esm) inst.network().topology()).cols();
    for (long[] sigma1 : List.of(EsmPaper.unitSlots(inst), EsmNe.unitSlots(inst))) {
      long s1 = Transforms.virtualDuration(sigma1, ones(sigma1.length));
      long[] sigma = new long[sigma1.length];
      long[] level = new long[sigma1.length];
      long[] lengths = new long[sigma1.length];
      long[] hops = new long[sigma1.length];
      for (int i = 0; i < sigma.length; i++) {
        sigma[i] = len * sigma1[i];
        level[i] = ms.get(i).from() / cols + ms.get(i).from() % cols;
        lengths[i] = len;
        hops[i] = inst.atlas().hops(i);
      }
      assertThat(Transforms.virtualDuration(sigma, lengths)).as(why).isEqualTo(len * s1);
      assertValid(why, inst, new Schedule.Slots(byId(inst, sigma)));
      long[] t = Transforms.vo(sigma, level, len * s1);
      assertValid(why, inst, new Schedule.Departures(byId(inst, t)));
      assertThat(Transforms.realDuration(t, lengths, hops))
          .as(why)
          .isLessThanOrEqualTo(len * s1 + f.q() - 1);
    }
  }

  /**
   * P16: reordering and renaming the messages keeps every schedule valid and within its bounds;
   * renaming alone changes nothing.
   */
  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void p16_permutedMessagesKeepValidityAndBounds(long seed) {
    Instance inst = ChatCases.esm(seed);
    Instance perm = ChatCases.permuted(inst, seed + 1);
    String why = ChatCases.describe(seed, perm);
    ChattingProperties.Figures f = ChattingProperties.Figures.of(perm);
    for (EsmUnitMethod m : List.of(new EsmPaper(), new EsmNe())) {
      SolveResult r = m.solve(perm, SolveLimits.defaults());
      assertValid(why, perm, r);
      long s = (Long) r.stats().get("virtualDuration");
      assertThat(s).as(why).isLessThanOrEqualTo(m instanceof EsmNe ? 2 * f.c() - 1 : 2 * f.c());
      assertThat(r.makespan()).as(why).isLessThanOrEqualTo(s + f.q() - 1);
    }
    List<Message> renamed = new ArrayList<>();
    for (Message m : inst.messages()) {
      renamed.add(new Message("x-" + m.id(), m.from(), m.to(), m.length(), m.route()));
    }
    Instance ren =
        new Instance("renamed", new Problem.Chatting(renamed), inst.model(), inst.network());
    assertThat(EsmPaper.unitSlots(ren)).containsExactly(EsmPaper.unitSlots(inst));
    assertThat(EsmNe.unitSlots(ren)).containsExactly(EsmNe.unitSlots(inst));
  }
}
