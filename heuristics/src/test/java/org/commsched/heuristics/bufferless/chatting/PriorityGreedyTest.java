package org.commsched.heuristics.bufferless.chatting;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.commsched.instances.testing.ScheduleAssertions.assertValid;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.commsched.core.bounds.LowerBounds;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Schedule;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveRun;
import org.commsched.core.solve.SolveStatus;
import org.commsched.heuristics.baseline.GreedyBufferless;
import org.junit.jupiter.api.Test;

/**
 * Examples of {@code priority-greedy}: where it beats greedy, what it refuses, and its
 * registration.
 */
class PriorityGreedyTest {
  private static final CommModel ALL = new CommModel.Bufferless(CommModel.BufferlessPorts.ALL);
  private static final CommModel SINGLE =
      new CommModel.Bufferless(CommModel.BufferlessPorts.SINGLE);

  /**
   * ULA 0-1-2 (arcs a0 = 0->1, a1 = 1->2): m0 1->2 length 2, m1 0->2 length 4, m2 0->2 length 1.
   * Arc a1 carries 2 + 4 + 1 = 7 flits, so C = 7 is a lower bound. Greedy takes m1 (transit 5) at
   * 0, then m0 at 5 (a1 is busy during [1, 5)), then m2 at 6, ending at 8. Departures m0 = 0, m1 =
   * 1, m2 = 5 fill a1 during [0, 7) without a gap and end at 7 = C.
   */
  @Test
  void beatsGreedy_andMeetsTheCongestionBound_onAThreeNodeLine() {
    Instance inst =
        new Instance(
            "three",
            new Problem.Chatting(
                List.of(
                    new Message("m0", 1, 2, 2),
                    new Message("m1", 0, 2, 4),
                    new Message("m2", 0, 2, 1))),
            ALL,
            Network.of(new Topology.Ula(3)));
    assertThat(new GreedyBufferless().solve(inst, SolveLimits.defaults()).makespan()).isEqualTo(8);
    SolveResult r = new PriorityGreedy().solve(inst, SolveLimits.defaults());
    assertThat(LowerBounds.best(inst).value()).isEqualTo(7);
    assertThat(r.makespan()).isEqualTo(7);
    assertThat(r.status()).isEqualTo(SolveStatus.OPTIMAL);
    assertValid(inst, r);
  }

  /**
   * The search polls its run's stop token (Ctrl-C trips it through {@code Interrupt}, the registry
   * of live runs): on the three-node line of the test above, a run stopped before it starts keeps
   * its first start (greedy's order, 8) and makes no move, where a live run reaches 7.
   */
  @Test
  void aStoppedRunEndsTheSearchAfterItsFirstStart() {
    Instance inst =
        new Instance(
            "three",
            new Problem.Chatting(
                List.of(
                    new Message("m0", 1, 2, 2),
                    new Message("m1", 0, 2, 4),
                    new Message("m2", 0, 2, 1))),
            ALL,
            Network.of(new Topology.Ula(3)));
    SolveRun run = new SolveRun(inst, SolveLimits.defaults());
    run.stop().stop();
    SolveResult stopped = new PriorityGreedy().solve(inst, run.limits());
    assertThat(stopped.makespan()).isEqualTo(8);
    assertThat(stopped.stats()).containsEntry("moves", 0L);
    assertValid(inst, stopped);
    assertThat(
            new PriorityGreedy()
                .solve(inst, new SolveRun(inst, SolveLimits.defaults()).limits())
                .makespan())
        .isEqualTo(7);
  }

  @Test
  void whyNot_takesChattingUnderBothPortModels_only() {
    Network ula = Network.of(new Topology.Ula(3));
    List<Message> one = List.of(new Message("a", 0, 2, 1));
    PriorityGreedy pg = new PriorityGreedy();
    assertThat(pg.whyNot(new Instance("a", new Problem.Chatting(one), ALL, ula))).isNull();
    assertThat(pg.whyNot(new Instance("s", new Problem.Chatting(one), SINGLE, ula))).isNull();
    Instance scatter = new Instance("sc", new Problem.Scatter(0, one), ALL, ula);
    assertThat(pg.whyNot(scatter)).contains("greedy");
    assertThatThrownBy(() -> pg.solve(scatter, SolveLimits.defaults()))
        .isInstanceOf(IllegalArgumentException.class);
    CommModel saf =
        new CommModel.StoreAndForward(
            BigDecimal.ONE, BigDecimal.ONE, CommModel.Ports.ALL, CommModel.Duplex.FULL, null);
    assertThat(pg.whyNot(new Instance("f", new Problem.Send(0, 2, 1, null), saf, ula))).isNotNull();
  }

  @Test
  void improve_rejectsAnInvalidStart() {
    Instance inst =
        new Instance(
            "clash",
            new Problem.Chatting(List.of(new Message("a", 0, 2, 2), new Message("b", 0, 2, 2))),
            ALL,
            Network.of(new Topology.Ula(3)));
    assertThatThrownBy(
            () ->
                PriorityGreedy.improve(
                    inst,
                    Map.of("a", 0L, "b", 1L),
                    0,
                    10,
                    java.time.Duration.ofSeconds(1),
                    SolveLimits.defaults().run()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("valid");
  }

  @Test
  void singlePort_keepsOneFlitPerPortAndStep() {
    // star: every route passes the centre, whose ports each take one flit per step
    Instance inst =
        new Instance(
            "star",
            new Problem.Chatting(
                List.of(
                    new Message("a", 1, 2, 3),
                    new Message("b", 3, 4, 2),
                    new Message("c", 2, 1, 1),
                    new Message("d", 4, 3, 2))),
            SINGLE,
            Network.of(new Topology.Star(5)));
    SolveResult r = new PriorityGreedy().solve(inst, SolveLimits.defaults());
    assertValid(inst, r);
    assertThat(((Schedule.Departures) r.schedule()).departures()).hasSize(4);
  }

  @Test
  void noMessages_givesTheEmptyScheduleAtZero() {
    Instance empty =
        new Instance("e", new Problem.Chatting(List.of()), ALL, Network.of(new Topology.Ula(3)));
    SolveResult r = new PriorityGreedy().solve(empty, SolveLimits.defaults());
    assertThat(r.makespan()).isZero();
    assertThat(((Schedule.Departures) r.schedule()).departures()).isEmpty();
    assertValid(empty, r);
  }

  @Test
  void searchMethods_listsPriorityGreedy() {
    assertThat(SearchMethods.all()).extracting(m -> m.name()).containsExactly("priority-greedy");
    assertThat(SearchMethods.all().get(0).exact()).isFalse();
  }
}
