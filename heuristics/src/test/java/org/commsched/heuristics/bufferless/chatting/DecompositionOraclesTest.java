package org.commsched.heuristics.bufferless.chatting;

import static org.assertj.core.api.Assertions.assertThat;
import static org.commsched.instances.testing.ScheduleAssertions.assertValid;

import java.util.List;
import java.util.Map;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Schedule;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.junit.jupiter.api.Test;

/**
 * The oracles A, B and C of docs/models/bufferless-chatting.md#examples for A3 ({@code
 * length-classes}) and A5 ({@code ula-cuts}); derived for the project, not in the paper (which has
 * no worked numeric example). The oracles were first written with sigma and t from 1; here every
 * expected value is that minus 1 (docs/DESIGN.md), and a method's departures are further shifted so
 * that the earliest is 0. The virtual schedule is read from the method's dsa run on the same
 * messages, the real one from its chatting run.
 */
class DecompositionOraclesTest {
  private final Instance a =
      ChattingOraclesTest.ula(
          5, new int[][] {{0, 2, 1}, {1, 3, 1}, {2, 4, 1}, {0, 4, 1}, {3, 4, 1}, {1, 2, 1}});
  private final Instance b =
      ChattingOraclesTest.ula(4, new int[][] {{0, 3, 3}, {1, 2, 2}, {0, 1, 1}, {2, 3, 4}});
  private final Instance c =
      ChattingOraclesTest.ula(
          5, new int[][] {{0, 2, 2}, {1, 3, 3}, {2, 4, 1}, {0, 1, 5}, {3, 4, 2}});

  static long[] sigma(Method m, Instance inst) {
    Instance dsa =
        new Instance("dsa", new Problem.Dsa(inst.messages()), inst.model(), inst.network());
    SolveResult r = m.solve(dsa, SolveLimits.defaults());
    assertValid(dsa, r);
    return ChattingProperties.of(inst, ((Schedule.Slots) r.schedule()).slots());
  }

  static SolveResult real(Method m, Instance inst) {
    SolveResult r = m.solve(inst, SolveLimits.defaults());
    assertValid(inst, r);
    return r;
  }

  static long[] departures(Instance inst, SolveResult r) {
    return ChattingProperties.of(inst, ((Schedule.Departures) r.schedule()).departures());
  }

  @Test
  void oracleA_lengthClasses_isA1_withSEqualC() {
    LengthClasses a3 = new LengthClasses();
    assertThat(sigma(a3, a)).containsExactly(ChattingOraclesTest.minusOne(1, 4, 1, 2, 3, 3));
    SolveResult r = real(a3, a);
    assertThat(r.stats()).containsEntry("virtualDuration", 4L).containsEntry("classes", 1L);
    assertThat(r.makespan()).isEqualTo(5);
  }

  @Test
  void oracleA_ulaCuts_cutsEta1ThenEta2ThenEta3() {
    UlaCuts a5 = new UlaCuts();
    assertThat(sigma(a5, a)).containsExactly(ChattingOraclesTest.minusOne(1, 2, 5, 3, 6, 4));
    SolveResult r = real(a5, a);
    assertThat(r.stats()).containsEntry("virtualDuration", 6L).containsEntry("depth", 3L);
    assertThat(r.makespan()).isEqualTo(6);
  }

  @Test
  void oracleB_lengthClasses_threeClasses() {
    LengthClasses a3 = new LengthClasses();
    assertThat(sigma(a3, b)).containsExactly(ChattingOraclesTest.minusOne(4, 2, 1, 8));
    SolveResult r = real(a3, b);
    assertThat(departures(b, r)).containsExactly(ChattingOraclesTest.minusOne(4, 3, 1, 10));
    assertThat(r.makespan()).isEqualTo(13);
    assertThat(r.stats())
        .containsEntry("virtualDuration", 11L)
        .containsEntry("classes", 3L)
        .containsEntry("classSlots", 11L);
  }

  @Test
  void oracleB_ulaCuts_depthTwo() {
    UlaCuts a5 = new UlaCuts();
    assertThat(sigma(a5, b)).containsExactly(ChattingOraclesTest.minusOne(1, 4, 6, 6));
    SolveResult r = real(a5, b);
    assertThat(departures(b, r)).containsExactly(ChattingOraclesTest.minusOne(1, 5, 6, 8));
    assertThat(r.makespan()).isEqualTo(11);
    assertThat(r.stats()).containsEntry("virtualDuration", 9L).containsEntry("depth", 2L);
  }

  @Test
  void oracleC_lengthClasses_voUsesTheActualDurationNotTheClassBudget() {
    LengthClasses a3 = new LengthClasses();
    assertThat(sigma(a3, c)).containsExactly(ChattingOraclesTest.minusOne(2, 4, 1, 8, 2));
    SolveResult r = real(a3, c);
    // the oracle's VO departures (from 1) lie in [1, S] with the earliest at 2; the method starts
    // its earliest at 0
    assertThat(Transforms.vo(sigma(a3, c), ChattingOraclesTest.arrays(c)[0], 12))
        .containsExactly(ChattingOraclesTest.minusOne(2, 5, 3, 8, 5));
    assertThat(departures(c, r))
        .containsExactly(Transforms.normalise(ChattingOraclesTest.minusOne(2, 5, 3, 8, 5)));
    assertThat(r.makespan()).isEqualTo(11);
    assertThat(r.stats()).containsEntry("virtualDuration", 12L).containsEntry("classSlots", 15L);
  }

  @Test
  void oracleC_ulaCuts() {
    UlaCuts a5 = new UlaCuts();
    assertThat(sigma(a5, c)).containsExactly(ChattingOraclesTest.minusOne(1, 3, 6, 6, 11));
    SolveResult r = real(a5, c);
    assertThat(departures(c, r)).containsExactly(ChattingOraclesTest.minusOne(1, 4, 8, 6, 2));
    assertThat(r.makespan()).isEqualTo(10);
    assertThat(r.stats()).containsEntry("virtualDuration", 12L);
  }

  /**
   * docs/models/bufferless-chatting.md#log-bases-and-strict-bounds: §6.2 states {@code T <=
   * ceil(log n) C + Q}; with log base 2 and Theorem 3.2's strict inequality the bound is {@code
   * ceil(log2 n) C + Q - 1}, and this instance (found by search) attains it, so the corrected bound
   * cannot be lowered further. ULA of 3 nodes: M0 1->2 and M1 0->1, 2 flits each (C = 2, Q = 2); A5
   * cuts (0,1) then (1,2): S = 4 = ceil(log2 3) C, and VO gives T = 5 (the optimum is 2: the arcs
   * are disjoint).
   */
  @Test
  void ulaCuts_attainsTheCorrectedBoundOfSection62() {
    Instance tight = ChattingOraclesTest.ula(3, new int[][] {{1, 2, 2}, {0, 1, 2}});
    SolveResult r = real(new UlaCuts(), tight);
    assertThat(sigma(new UlaCuts(), tight)).containsExactly(2, 0);
    assertThat(r.stats()).containsEntry("virtualDuration", 4L).containsEntry("depth", 2L);
    assertThat(r.makespan()).isEqualTo(2 * 2 + 2 - 1);
  }

  /** On a ula whose messages span the whole array, the generic level cuts are A5's cuts. */
  @Test
  void oraclesABC_cutsEqualsUlaCutsWhenTheMessagesSpanTheArray() {
    for (Instance inst : List.of(a, b, c)) {
      assertThat(sigma(new Cuts(), inst)).containsExactly(sigma(new UlaCuts(), inst));
      assertThat(real(new Cuts(), inst).schedule()).isEqualTo(real(new UlaCuts(), inst).schedule());
    }
  }

  /**
   * Oracle B mirrored onto the leftward arcs of a bla next to oracle C rightward: each direction as
   * alone.
   */
  @Test
  void blaOfOraclesBAndC_eachDirectionKeepsItsOracleSchedule() {
    // C rightward on nodes 0..4; B mirrored (x -> 4 - x) leftward on the same 5 nodes, so its ula
    // image is B on 5
    // nodes. B on 5 nodes is A5-cut differently from B on 4 nodes, so compare with that ula image.
    Instance bla =
        BidirectionalSplitTest.bla(
            5,
            new int[][] {
              {0, 2, 2}, {1, 3, 3}, {2, 4, 1}, {0, 1, 5}, {3, 4, 2}, {4, 1, 3}, {3, 2, 2},
              {4, 3, 1}, {2, 1, 4}
            });
    Instance bOn5 =
        ChattingOraclesTest.ula(5, new int[][] {{0, 3, 3}, {1, 2, 2}, {0, 1, 1}, {2, 3, 4}});
    for (Method m : List.of(new LengthClasses(), new UlaCuts(), new Kierstead(), new Cuts())) {
      SolveResult r = real(m, bla);
      Map<String, Long> dep = ((Schedule.Departures) r.schedule()).departures();
      long[] right = departures(c, real(m, c));
      long[] left = departures(bOn5, real(m, bOn5));
      for (int i = 0; i < 5; i++) {
        assertThat(dep.get("M" + i)).as(m.name() + " M" + i).isEqualTo(right[i]);
      }
      for (int i = 0; i < 4; i++) {
        assertThat(dep.get("M" + (5 + i))).as(m.name() + " M" + (5 + i)).isEqualTo(left[i]);
      }
      assertThat(r.makespan()).isEqualTo(Math.max(real(m, c).makespan(), real(m, bOn5).makespan()));
    }
  }
}
