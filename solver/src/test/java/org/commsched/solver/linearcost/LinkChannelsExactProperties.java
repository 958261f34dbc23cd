package org.commsched.solver.linearcost;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.commsched.core.bounds.LowerBounds;
import org.commsched.core.check.ScheduleChecker;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveStatus;
import org.commsched.core.testing.Seeds;
import org.commsched.heuristics.baseline.GreedyStoreAndForward;
import org.commsched.heuristics.linearcost.MatchingBroadcast;
import org.commsched.heuristics.linearcost.MergeFlood;
import org.commsched.heuristics.linearcost.RarestFirstGossip;
import org.commsched.instances.generate.Generators;
import org.commsched.solver.choco.ChocoTaskModel;
import org.commsched.solver.cpsat.CpSatTaskModel;
import org.commsched.solver.timeindexed.TimeIndexedLinearCost;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The cross-check of links with channels and their own costs
 * (docs/FORMATS.md#links-with-channels-and-costs): on seeded small heterogeneous networks (3 or 4
 * nodes, a spanning path plus random links, each with 1 or 2 channels and its own beta and tau), a
 * broadcast or a gossip under F*, H*, F1 or H1, CP-SAT proves an optimum with a schedule the
 * checker accepts at that makespan, Choco the same one on the broadcasts (it takes more than the 30
 * s limit on some one-port gossips), the independent time-indexed formulation ({@code
 * time-indexed-linear-cost}, forced to search) the same one with a valid schedule, {@code
 * greedy-saf}, {@code merge-flood} and {@code rarest-first} (where they apply, and {@code
 * matching-broadcast} on one-port broadcasts) are valid and no shorter, and every lower bound is at
 * most the optimum. Two instances small enough to solve by hand pin the optimum itself.
 */
class LinkChannelsExactProperties {
  /**
   * One worker, 30 s, a run of its own: the grids of these instances are small; the status must be
   * OPTIMAL.
   */
  private static SolveLimits timeIndexedLimits() {
    return new SolveLimits(Duration.ofSeconds(30), 1, 1L);
  }

  /**
   * A seeded heterogeneous instance ({@link Generators#tinyHeterogeneous}), named with its seed.
   */
  static Instance heterogeneous(long seed) {
    Instance i = Generators.tinyHeterogeneous(new SplittableRandom(seed));
    return new Instance(i.name() + " seed " + seed, i.problem(), i.model(), i.network());
  }

  @TestFactory
  Stream<DynamicTest> exactModels_greedy_checker_andBounds_agree() {
    return Seeds.seeds(Seeds.cases(10, 12))
        .mapToObj(
            seed -> {
              Instance inst = heterogeneous(seed);
              return DynamicTest.dynamicTest(
                  inst.name(),
                  () -> {
                    long cpsat = LinearCostExactTest.optimum(inst, CpSatTaskModel.INSTANCE);
                    if (inst.kind() == ProblemKind.BROADCAST) { // Choco proves gossips too slowly
                      long choco = LinearCostExactTest.optimum(inst, ChocoTaskModel.INSTANCE);
                      assertThat(choco).as("Choco vs CP-SAT").isEqualTo(cpsat);
                    }
                    TimeIndexedLinearCost ti =
                        new TimeIndexedLinearCost(); // the independent formulation, forced to
                    // search
                    assertThat(ti.whyNot(inst))
                        .as("time-indexed takes links with channels and costs")
                        .isNull();
                    SolveResult t = ti.solve(inst, timeIndexedLimits(), true);
                    assertThat(t.status())
                        .as("time-indexed proves " + inst.name())
                        .isEqualTo(SolveStatus.OPTIMAL);
                    var tiReport = ScheduleChecker.checkResult(inst, t);
                    assertThat(tiReport.valid())
                        .as("time-indexed: " + tiReport.violations())
                        .isTrue();
                    assertThat(t.makespan()).as("time-indexed vs CP-SAT").isEqualTo(cpsat);
                    for (Method heuristic :
                        List.of(
                            new GreedyStoreAndForward(),
                            new MergeFlood(),
                            new RarestFirstGossip())) {
                      if (heuristic.whyNot(inst) != null) {
                        continue; // merge-flood: all ports only; rarest-first: gossip, all ports
                        // under full duplex or one port
                      }
                      SolveResult res = heuristic.solve(inst, LinearCostExactTest.ONE_WORKER);
                      var report = ScheduleChecker.checkResult(inst, res);
                      assertThat(report.valid())
                          .as(heuristic.name() + ": " + report.violations())
                          .isTrue();
                      assertThat(res.makespan()).as(heuristic.name()).isGreaterThanOrEqualTo(cpsat);
                    }
                    MatchingBroadcast matching = new MatchingBroadcast();
                    if (inst.kind() == ProblemKind.BROADCAST
                        && inst.storeAndForward().ports() == CommModel.Ports.ONE) {
                      assertThat(matching.whyNot(inst))
                          .as("matching-broadcast takes links with channels and costs")
                          .isNull();
                      SolveResult mb = matching.solve(inst, LinearCostExactTest.ONE_WORKER);
                      var mbReport = ScheduleChecker.checkResult(inst, mb);
                      assertThat(mbReport.valid())
                          .as("matching-broadcast: " + mbReport.violations())
                          .isTrue();
                      assertThat(mb.makespan())
                          .as("matching-broadcast")
                          .isEqualTo(mbReport.makespan())
                          .isGreaterThanOrEqualTo(cpsat);
                    }
                    for (LowerBound b : LowerBounds.all(inst)) {
                      assertThat(b.value()).as("bound " + b).isLessThanOrEqualTo(cpsat);
                    }
                  });
            });
  }

  private static Instance twoChannels(CommModel.Ports ports, int count) {
    CommModel.StoreAndForward m =
        new CommModel.StoreAndForward(
            BigDecimal.ONE,
            BigDecimal.ONE,
            ports,
            CommModel.Duplex.FULL,
            CommModel.OnePortRule.EXCHANGE);
    return new Instance(
        "two channels",
        new Problem.Broadcast(0, 2),
        m,
        Network.of(
            new Topology.Explicit(
                2,
                List.of(new Topology.Pair(0, 1)),
                true,
                List.of(new Topology.Channel(count, null, null)))));
  }

  /**
   * Two units over one link of beta 1, tau 1: in one packet 3, in two packets one after the other
   * 4; over two channels the two one-unit packets run at once, 2. Under one port the node still
   * sends one packet at a time: 3.
   */
  @Test
  void twoChannels_carryTwoPacketsAtOnce_onlyUnderAllPorts() {
    assertThat(
            LinearCostExactTest.optimum(
                twoChannels(CommModel.Ports.ALL, 2), CpSatTaskModel.INSTANCE))
        .isEqualTo(2);
    assertThat(
            LinearCostExactTest.optimum(
                twoChannels(CommModel.Ports.ALL, 1), CpSatTaskModel.INSTANCE))
        .isEqualTo(3);
    assertThat(
            LinearCostExactTest.optimum(
                twoChannels(CommModel.Ports.ONE, 2), CpSatTaskModel.INSTANCE))
        .isEqualTo(3);
  }

  /**
   * Three units from 0 over a half-duplex link of two channels (beta 1, tau 1) whose other
   * direction carries nothing: one packet of 3 takes 4; two packets side by side (2 and 1 units)
   * end at 3, and nothing is shorter (one of the packets carries at least 2 of the 3 units: 1 + 2).
   * The slot model once put the link's two channels in one no-overlap when the reverse direction
   * had no packet slots and proved 4 (found by merge-flood's cross-check and by the time-indexed
   * grid).
   */
  @Test
  void aHalfDuplexLinkOfTwoChannels_carriesTwoPacketsAtOnce_whenItsOtherDirectionIsIdle() {
    CommModel.StoreAndForward m =
        new CommModel.StoreAndForward(
            BigDecimal.ONE,
            BigDecimal.ONE,
            CommModel.Ports.ALL,
            CommModel.Duplex.HALF,
            CommModel.OnePortRule.EXCHANGE);
    Instance inst =
        new Instance(
            "half duplex, two channels",
            new Problem.Broadcast(0, 3),
            m,
            Network.of(
                new Topology.Explicit(
                    2,
                    List.of(new Topology.Pair(0, 1)),
                    true,
                    List.of(new Topology.Channel(2, null, null)))));
    assertThat(LinearCostExactTest.optimum(inst, CpSatTaskModel.INSTANCE)).isEqualTo(3);
    assertThat(LinearCostExactTest.optimum(inst, ChocoTaskModel.INSTANCE)).isEqualTo(3);
    SolveResult t = new TimeIndexedLinearCost().solve(inst, timeIndexedLimits(), true);
    assertThat(t.status()).isEqualTo(SolveStatus.OPTIMAL);
    assertThat(t.makespan()).isEqualTo(3);
  }

  /**
   * One unit from 0 over links 0-1 and 1-2 (the model's beta 1, tau 1: a hop of 2) or the direct
   * 0-2 of its own beta 5 (a hop of 6): the two hops, 4, win; the ECCENTRICITY bound is the
   * cheapest path, 4, and greedy-saf floods the tree of cheapest paths, 4.
   */
  @Test
  void ownCosts_routeTheUnitAlongTheCheapestPath() {
    CommModel.StoreAndForward m =
        new CommModel.StoreAndForward(
            BigDecimal.ONE,
            BigDecimal.ONE,
            CommModel.Ports.ALL,
            CommModel.Duplex.FULL,
            CommModel.OnePortRule.EXCHANGE);
    Instance inst =
        new Instance(
            "cheapest path",
            new Problem.Broadcast(0, 1),
            m,
            Network.of(
                new Topology.Explicit(
                    3,
                    List.of(
                        new Topology.Pair(0, 1), new Topology.Pair(1, 2), new Topology.Pair(0, 2)),
                    true,
                    List.of(
                        Topology.Channel.PLAIN,
                        Topology.Channel.PLAIN,
                        new Topology.Channel(1, new BigDecimal("5"), null)))));
    assertThat(LinearCostExactTest.optimum(inst, CpSatTaskModel.INSTANCE)).isEqualTo(4);
    assertThat(LowerBounds.best(inst).value()).isEqualTo(4);
    assertThat(new GreedyStoreAndForward().solve(inst, LinearCostExactTest.ONE_WORKER).makespan())
        .isEqualTo(4);
  }
}
