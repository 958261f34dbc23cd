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
import org.commsched.core.model.Topology;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.junit.jupiter.api.Test;

/**
 * A bla as two ulas run at once (docs/models/bufferless-chatting.md#forward-leveled-networks, [X]):
 * the split, the refusals and the merge.
 */
class BidirectionalSplitTest {
  private static final CommModel ALL = new CommModel.Bufferless(CommModel.BufferlessPorts.ALL);
  private static final CommModel SINGLE =
      new CommModel.Bufferless(CommModel.BufferlessPorts.SINGLE);

  static Instance bla(int n, int[][] msgs) {
    Message[] m = new Message[msgs.length];
    for (int i = 0; i < msgs.length; i++) {
      m[i] = new Message("M" + i, msgs[i][0], msgs[i][1], msgs[i][2]);
    }
    return new Instance(
        "bla", new Problem.Chatting(List.of(m)), ALL, Network.of(new Topology.Bla(n)));
  }

  @Test
  void split_keepsRightwardMessagesAndMirrorsLeftwardOnes() {
    Instance inst = bla(6, new int[][] {{0, 5, 2}, {5, 0, 3}, {3, 1, 1}, {2, 4, 7}});
    Instance[] halves = BidirectionalSplit.split(inst);
    assertThat(halves[0].network().topology()).isEqualTo(new Topology.Ula(6));
    assertThat(halves[1].network().topology()).isEqualTo(new Topology.Ula(6));
    assertThat(halves[0].messages())
        .containsExactly(new Message("M0", 0, 5, 2), new Message("M3", 2, 4, 7));
    assertThat(halves[1].messages())
        .containsExactly(new Message("M1", 0, 5, 3), new Message("M2", 2, 4, 1));
  }

  @Test
  void whyNot_namesTheDirectionAndTheMethodsOwnReason() {
    Instance longLeft = bla(4, new int[][] {{0, 2, 1}, {3, 1, 2}});
    assertThat(new IntervalColoring().whyNot(longLeft))
        .contains("leftward")
        .contains("M1")
        .contains("kierstead");
    for (Method m : linearArrayMethods()) {
      if (!m.name().equals("interval-coloring")) {
        assertThat(m.whyNot(longLeft)).as(m.name()).isNull();
      }
    }
    Instance single =
        new Instance(
            "s",
            new Problem.Chatting(List.of(new Message("a", 2, 0, 1))),
            SINGLE,
            Network.of(new Topology.Bla(3)));
    Instance scatter =
        new Instance(
            "sc",
            new Problem.Scatter(0, List.of(new Message("a", 0, 2, 1))),
            ALL,
            Network.of(new Topology.Bla(3)));
    for (Method m : ChattingMethods.all()) {
      assertThat(m.whyNot(single)).as(m.name()).contains("greedy");
      assertThat(m.whyNot(scatter)).as(m.name()).contains("greedy");
      assertThatThrownBy(() -> m.solve(scatter, SolveLimits.defaults()))
          .isInstanceOf(IllegalArgumentException.class);
    }
  }

  @Test
  void solve_mergesDeparturesAndReportsEachDirectionsFigures() {
    // rightward: three unit messages over arc 1->2 (C = 3); leftward: one message of 5 flits
    Instance inst = bla(4, new int[][] {{0, 2, 1}, {1, 3, 1}, {1, 2, 1}, {3, 0, 5}});
    assertThat(new IntervalColoring().whyNot(inst)).contains("leftward");
    SolveResult k = new Kierstead().solve(inst, SolveLimits.defaults());
    assertValid(inst, k);
    assertThat(k.method()).isEqualTo("kierstead");
    assertThat(k.stats())
        .containsEntry("virtualDurationRightward", 3L)
        .containsEntry("virtualDurationLeftward", 5L)
        .containsEntry("virtualDuration", 5L);
    // leftward alone takes 5 + 3 - 1 = 7 steps; rightward at most C + Q - 1 = 3 + 2 - 1
    assertThat(k.makespan()).isEqualTo(7);
  }

  @Test
  void solve_oneDirectionEmpty_isThatDirectionAlone() {
    Instance inst = bla(5, new int[][] {{4, 0, 2}, {3, 1, 1}, {2, 0, 3}});
    for (Method m : linearArrayMethods()) {
      if (m.whyNot(inst) != null) {
        continue;
      }
      SolveResult r = m.solve(inst, SolveLimits.defaults());
      assertValid(m.name(), inst, r);
      assertThat(r.stats()).as(m.name()).containsEntry("virtualDurationRightward", 0L);
      SolveResult alone = m.solve(BidirectionalSplit.split(inst)[1], SolveLimits.defaults());
      assertThat(r.makespan()).isEqualTo(alone.makespan());
    }
  }

  /**
   * The chatting methods that take a bla through {@link BidirectionalSplit} (not the ESM and tree
   * methods).
   */
  private static List<Method> linearArrayMethods() {
    return ChattingMethods.all().stream()
        .filter(m -> !m.name().startsWith("esm-") && !m.name().startsWith("tree-cuts"))
        .toList();
  }
}
