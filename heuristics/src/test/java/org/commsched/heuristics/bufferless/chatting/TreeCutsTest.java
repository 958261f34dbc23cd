package org.commsched.heuristics.bufferless.chatting;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.commsched.instances.testing.ScheduleAssertions.assertValid;

import java.util.List;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Schedule;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.instances.testing.ChatCases;
import org.junit.jupiter.api.Test;

/**
 * Oracle G of docs/models/bufferless-chatting.md#examples (a star; derived for the project: the
 * paper, Bhatt, Bilardi, Pucci, Ranade, Rosenberg, Schwabe, "On Bufferless Routing of Variable
 * Length Messages in Leveled Networks", §6.3, has no worked example), the bound of Theorem 6.1 on
 * it, and the refusals of {@code tree-cuts} and {@code tree-cuts-simultaneous}. The oracle was
 * first written with t from 1; expected values here are that minus 1.
 */
class TreeCutsTest {

  /** Oracle G: star with centre 0 and leaves 1, 2, 3. */
  private final Instance oracleG =
      new Instance(
          "g",
          new Problem.Chatting(
              List.of(
                  new Message("M0", 1, 2, 2),
                  new Message("M1", 2, 3, 1),
                  new Message("M2", 3, 1, 3),
                  new Message("M3", 1, 3, 1),
                  new Message("M4", 2, 1, 2))),
          ChatCases.ALL,
          Network.of(new Topology.Star(4)));

  static long[] departures(SolveResult r) {
    return ((Schedule.Departures) r.schedule())
        .departures().values().stream().mapToLong(Long::longValue).toArray();
  }

  @Test
  void oracleG_sequential_isThePapersSchedule() {
    // level 1 cuts {0,1}: group 0->1 = {M2, M4} (sigma 1, 4; VO t = 3, 1; T_01 = 6), group 1->0 =
    // {M0, M3}
    // (t = 1, 3 after T_01; T_10 = 4); level 2 cuts {0,2}: group 2->0 = {M1}
    SolveResult r = TreeCuts.sequential().solve(oracleG, SolveLimits.defaults());
    assertThat(departures(r)).containsExactly(6, 10, 2, 8, 0);
    assertThat(r.makespan()).isEqualTo(12);
    assertThat(r.stats()).containsEntry("depth", 2L).containsEntry("virtualDuration", 5L);
    assertValid(oracleG, r);
    // Theorem 6.1: 2(C + Q) ceil(delta log2 n) = 2 (5 + 4) ceil(3 * 2) = 108
    assertThat(ChatCases.ceilDeltaLog2(3, 4)).isEqualTo(6);
    assertThat(r.makespan()).isLessThanOrEqualTo(2 * (5 + 4) * 6);
  }

  @Test
  void oracleG_simultaneous_sharesTheWindowOfACut() {
    SolveResult r = TreeCuts.simultaneous().solve(oracleG, SolveLimits.defaults());
    assertThat(departures(r)).containsExactly(0, 6, 2, 2, 0);
    assertThat(r.makespan()).isEqualTo(8);
    assertThat(r.stats()).containsEntry("depth", 2L);
    assertValid(oracleG, r);
  }

  @Test
  void plan_recordsTheCutLevelOfEveryMessage() {
    TreeCuts.Plan p = TreeCuts.plan(oracleG, false);
    assertThat(p.cutLevel()).containsExactly(1, 2, 1, 1, 1);
    assertThat(p.depth()).isEqualTo(2);
  }

  @Test
  void twoNodeTree_andBidirectionalArray_andExplicitLinkTree() {
    Instance two =
        new Instance(
            "two",
            new Problem.Chatting(
                List.of(
                    new Message("a", 0, 1, 3),
                    new Message("b", 1, 0, 2),
                    new Message("c", 0, 1, 1))),
            ChatCases.ALL,
            Network.of(new Topology.Tree(List.of(-1, 0))));
    // one level: group 0->1 = {a, c} concatenated (4 steps), group 1->0 = {b} (2 steps)
    assertThat(TreeCuts.sequential().solve(two, SolveLimits.defaults()).makespan()).isEqualTo(6);
    assertThat(TreeCuts.simultaneous().solve(two, SolveLimits.defaults()).makespan()).isEqualTo(4);

    Instance bla =
        new Instance(
            "bla",
            new Problem.Chatting(
                List.of(
                    new Message("a", 0, 4, 2),
                    new Message("b", 4, 1, 1),
                    new Message("c", 2, 3, 3))),
            ChatCases.ALL,
            Network.of(new Topology.Bla(5)));
    Instance explicit =
        new Instance(
            "x",
            new Problem.Chatting(List.of(new Message("a", 3, 1, 2), new Message("b", 2, 0, 1))),
            ChatCases.ALL,
            Network.of(
                new Topology.Explicit(
                    4,
                    List.of(
                        new Topology.Pair(0, 1), new Topology.Pair(1, 2), new Topology.Pair(1, 3)),
                    true)));
    for (Method m : List.of(TreeCuts.sequential(), TreeCuts.simultaneous())) {
      for (Instance inst : List.of(two, bla, explicit)) {
        assertThat(m.whyNot(inst)).isNull();
        assertValid(inst, m.solve(inst, SolveLimits.defaults()));
      }
    }
  }

  @Test
  void whyNot_refusesNonTreesSinglePortsAndOtherProblems() {
    Instance ring =
        new Instance(
            "r",
            new Problem.Chatting(List.of(new Message("a", 0, 2, 1))),
            ChatCases.ALL,
            Network.of(new Topology.Ring(4)));
    Instance esm =
        new Instance(
            "e",
            new Problem.Chatting(List.of(new Message("a", 0, 3, 1))),
            ChatCases.ALL,
            Network.of(new Topology.Esm(2, 2)));
    Instance ula =
        new Instance(
            "u",
            new Problem.Chatting(List.of(new Message("a", 0, 2, 1))),
            ChatCases.ALL,
            Network.of(new Topology.Ula(3)));
    // explicit one-way arcs forming a path: a tree shape, but not bidirectional
    Instance arcs =
        new Instance(
            "a",
            new Problem.Chatting(List.of(new Message("a", 0, 2, 1))),
            ChatCases.ALL,
            Network.of(
                new Topology.Explicit(
                    3, List.of(new Topology.Pair(0, 1), new Topology.Pair(1, 2)), false)));
    Instance single =
        new Instance(
            "s",
            new Problem.Chatting(List.of(new Message("a", 1, 2, 1))),
            new CommModel.Bufferless(CommModel.BufferlessPorts.SINGLE),
            Network.of(new Topology.Star(3)));
    Instance scatter =
        new Instance(
            "sc",
            new Problem.Scatter(0, List.of(new Message("a", 0, 2, 1))),
            ChatCases.ALL,
            Network.of(new Topology.Star(3)));
    for (Method m : List.of(TreeCuts.sequential(), TreeCuts.simultaneous())) {
      for (Instance inst : List.of(ring, esm, ula, arcs)) {
        assertThat(m.whyNot(inst)).as(inst.name()).contains("not one").contains("greedy");
      }
      assertThat(m.whyNot(single)).contains("all-port").contains("greedy");
      assertThat(m.whyNot(scatter)).contains("scatter").contains("greedy");
      assertThatThrownBy(() -> m.solve(ring, SolveLimits.defaults()))
          .isInstanceOf(IllegalArgumentException.class);
      assertThat(m.whyNot(oracleG)).isNull();
    }
  }

  @Test
  void emptyInstance_solvesToNothing() {
    Instance none =
        new Instance(
            "n", new Problem.Chatting(List.of()), ChatCases.ALL, Network.of(new Topology.Star(5)));
    for (Method m : List.of(TreeCuts.sequential(), TreeCuts.simultaneous())) {
      SolveResult r = m.solve(none, SolveLimits.defaults());
      assertThat(r.makespan()).isZero();
      assertThat(r.stats()).containsEntry("depth", 0L);
    }
  }
}
