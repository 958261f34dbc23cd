package org.commsched.heuristics.linearcost;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.Stream;
import org.commsched.core.bounds.LowerBounds;
import org.commsched.core.check.ScheduleChecker;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveStatus;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The broadcast schemes report OPTIMAL from their own result exactly when a proven lower bound
 * ({@code LowerBounds.best}, the family's bounds seam) meets the makespan, and FEASIBLE otherwise
 * (docs/models/linear-cost.md#broadcast-schemes-implemented): each of the four schemes below once
 * each way, but the folded-hypercube scheme only FEASIBLE (it takes {@code m} hops where the
 * diameter is {@code ceil(m/2)}, and no bound we compute meets its time on the small cases tried).
 * The expected status is stated per case (a one-hop broadcast of one unit meets the eccentricity
 * bound {@code beta + tau} per hop; the larger cases stay above every bound), and checked against
 * the bound as well.
 */
class BroadcastSchemeStatusTest {
  private static CommModel.StoreAndForward h1() {
    return BroadcastFixtures.model("1", "1", CommModel.Ports.ONE, CommModel.Duplex.HALF);
  }

  private static CommModel.StoreAndForward allPorts() {
    return BroadcastFixtures.model("1", "1", CommModel.Ports.ALL, CommModel.Duplex.HALF);
  }

  static Stream<Arguments> cases() {
    return Stream.of(
        Arguments.of(
            new HypercubeBroadcastHalfOnePort(),
            new Topology.Hypercube(1),
            1L,
            h1(),
            SolveStatus.OPTIMAL),
        Arguments.of(
            new HypercubeBroadcastHalfOnePort(),
            new Topology.Hypercube(3),
            4L,
            h1(),
            SolveStatus.FEASIBLE),
        Arguments.of(
            new CompleteGraphBroadcastHalfOnePort(),
            new Topology.Complete(2),
            1L,
            h1(),
            SolveStatus.OPTIMAL),
        Arguments.of(
            new CompleteGraphBroadcastHalfOnePort(),
            new Topology.Complete(5),
            4L,
            h1(),
            SolveStatus.FEASIBLE),
        Arguments.of(
            new FoldedHypercubeBroadcast(),
            new Topology.FoldedHypercube(3),
            4L,
            allPorts(),
            SolveStatus.FEASIBLE),
        Arguments.of(
            new RingBroadcastHalfOnePort(), new Topology.Ring(3), 1L, h1(), SolveStatus.OPTIMAL),
        Arguments.of(
            new RingBroadcastHalfOnePort(), new Topology.Ring(7), 3L, h1(), SolveStatus.FEASIBLE));
  }

  @ParameterizedTest(name = "{0} on {1}, n = {2}: {4}")
  @MethodSource("cases")
  void optimalExactlyWhenABoundMeetsTheMakespan(
      BroadcastScheme scheme,
      Topology t,
      long n,
      CommModel.StoreAndForward model,
      SolveStatus expected) {
    Instance inst = BroadcastFixtures.broadcast(t, 0, n, model);
    SolveResult r = scheme.solve(inst, SolveLimits.defaults());
    assertThat(ScheduleChecker.checkResult(inst, r).valid()).isTrue();
    long bound = LowerBounds.best(inst).value();
    assertThat(r.status()).isEqualTo(expected);
    assertThat(r.status() == SolveStatus.OPTIMAL).isEqualTo(bound == r.makespan());
    assertThat(r.lowerBound().value()).isEqualTo(bound);
  }
}
