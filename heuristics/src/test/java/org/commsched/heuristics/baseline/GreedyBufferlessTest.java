package org.commsched.heuristics.baseline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.commsched.instances.testing.ScheduleAssertions.assertValid;

import java.math.BigDecimal;
import java.util.List;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Schedule;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveStatus;
import org.commsched.heuristics.common.LineCalendar;
import org.junit.jupiter.api.Test;

class GreedyBufferlessTest {
  private static final CommModel.Bufferless SINGLE =
      new CommModel.Bufferless(CommModel.BufferlessPorts.SINGLE);
  private static final CommModel.Bufferless ALL =
      new CommModel.Bufferless(CommModel.BufferlessPorts.ALL);
  private final GreedyBufferless greedy = new GreedyBufferless();

  /**
   * Figure 1 of the scatter/gather paper, docs/models/bufferless-scatter-gather.md#figures-1-to-4:
   * L = 0,0,0,4,3 on a 6-PE path.
   */
  private static Instance figure1(List<Integer> parents) {
    long[] len = {0, 0, 0, 0, 4, 3};
    List<Message> msgs = new java.util.ArrayList<>();
    for (int v = 1; v <= 5; v++) {
      msgs.add(new Message("m" + v, 0, v, len[v]));
    }
    return new Instance(
        "figure1", new Problem.Scatter(0, msgs), SINGLE, Network.of(new Topology.Tree(parents)));
  }

  @Test
  void figure1Scatter_fdfReachesPaperOptimumMinusOne() {
    Instance inst = figure1(List.of(-1, 0, 1, 2, 3, 4));
    SolveResult r = greedy.solve(inst, SolveLimits.defaults());
    Schedule.Departures d = (Schedule.Departures) r.schedule();
    // docs/models/bufferless-scatter-gather.md#figures-1-to-4 (a): FDF sends M5 at step 0 and M4 at
    // step 3; paper T =
    // 11 = our makespan + 1
    assertThat(d.departures()).containsEntry("m5", 0L).containsEntry("m4", 3L);
    assertThat(d.departures()).doesNotContainKeys("m1", "m2", "m3");
    assertThat(r.makespan()).isEqualTo(11 - 1);
    // the root-stream bound max(5+3, 4+7) - 1 = 10 proves it
    assertThat(r.status()).isEqualTo(SolveStatus.OPTIMAL);
    assertValid(inst, d);
  }

  @Test
  void figure1Scatter_sameOnBlaAndOnFullSweep() {
    Instance onTree = figure1(List.of(-1, 0, 1, 2, 3, 4));
    long[] shortcut = GreedyBufferless.departuresOnRootResource(onTree, true);
    long[] full = GreedyBufferless.departuresFull(onTree, true);
    assertThat(shortcut).containsExactly(full);
  }

  @Test
  void chattingFormatsExample_longestTransitFirstThenEarliestGap() {
    // FORMATS.md example: ULA of 4, m0 0->3 length 3, m1 1->2 length 2.
    // m0 (transit 5) goes first at 0 and holds arc 1->2 during steps [1, 4); m1 needs 2 free steps
    // there: t = 4.
    Instance inst =
        new Instance(
            "ula-example",
            new Problem.Chatting(List.of(new Message("m0", 0, 3, 3), new Message("m1", 1, 2, 2))),
            ALL,
            Network.of(new Topology.Ula(4)));
    SolveResult r = greedy.solve(inst, SolveLimits.defaults());
    assertThat(((Schedule.Departures) r.schedule()).departures())
        .containsEntry("m0", 0L)
        .containsEntry("m1", 4L);
    assertThat(r.makespan()).isEqualTo(6L);
    assertThat(assertValid(inst, r.schedule()).makespan()).isEqualTo(6L);
  }

  @Test
  void singlePortGatherOnStar_nearestFirstFillsTheRootPortBackToBack() {
    // star centre 0 gathering from leaves 1..3 (distance 1 each, lengths 2, 1, 3): the root
    // receives one flit per
    // step, so the three messages need 6 consecutive steps; ties by longer first then id: m3, m1,
    // m2.
    Instance inst =
        new Instance(
            "star-gather",
            new Problem.Gather(
                0,
                List.of(
                    new Message("m1", 1, 0, 2),
                    new Message("m2", 2, 0, 1),
                    new Message("m3", 3, 0, 3))),
            SINGLE,
            Network.of(new Topology.Star(4)));
    SolveResult r = greedy.solve(inst, SolveLimits.defaults());
    assertThat(((Schedule.Departures) r.schedule()).departures())
        .containsEntry("m3", 0L)
        .containsEntry("m1", 3L)
        .containsEntry("m2", 5L);
    assertThat(r.makespan()).isEqualTo(6L);
    assertThat(r.status()).isEqualTo(SolveStatus.OPTIMAL);
  }

  @Test
  void longRoutesOnAUla_takeTheSegmentTreePathAndStayValid() {
    // mean route length >= LineCalendar.MIN_MEAN_HOPS, so solve() uses rectangle first-fit
    java.util.SplittableRandom r = new java.util.SplittableRandom(5);
    int n = 3000;
    List<Message> msgs = new java.util.ArrayList<>();
    for (int i = 0; i < 40; i++) {
      int a = r.nextInt(200);
      msgs.add(new Message("m" + i, a, n - 1 - r.nextInt(200), 1 + r.nextInt(4)));
    }
    for (CommModel.Bufferless model : List.of(ALL, SINGLE)) {
      Instance inst =
          new Instance("long", new Problem.Chatting(msgs), model, Network.of(new Topology.Ula(n)));
      assertThat(LineCalendar.worthIt(inst.network(), inst.messages())).isTrue();
      SolveResult res = greedy.solve(inst, SolveLimits.defaults());
      assertValid(inst.model().toString(), inst, res);
    }
  }

  @Test
  void allNullScatter_emptyScheduleOfMakespanZero() {
    Instance inst =
        new Instance(
            "empty",
            new Problem.Scatter(0, List.of(new Message("m1", 0, 1, 0))),
            ALL,
            Network.of(new Topology.Bla(3)));
    SolveResult r = greedy.solve(inst, SolveLimits.defaults());
    assertThat(((Schedule.Departures) r.schedule()).departures()).isEmpty();
    assertThat(r.makespan()).isZero();
  }

  @Test
  void whyNot_pointsToTheRightMethod() {
    Instance dsa =
        new Instance(
            "d",
            new Problem.Dsa(List.of(new Message("b", 0, 1, 1))),
            ALL,
            Network.of(new Topology.Ula(2)));
    assertThat(greedy.whyNot(dsa)).contains("first-fit");
    Instance saf =
        new Instance(
            "s",
            new Problem.Send(0, 1, 3, null),
            new CommModel.StoreAndForward(
                BigDecimal.ONE, BigDecimal.ONE, CommModel.Ports.ALL, CommModel.Duplex.FULL, null),
            Network.of(new Topology.Bla(2)));
    assertThat(greedy.whyNot(saf)).contains("greedy-saf");
    assertThatThrownBy(() -> greedy.solve(saf, SolveLimits.defaults()))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
