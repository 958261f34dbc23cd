package org.commsched.solver.linearcost;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.commsched.core.check.ScheduleChecker;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveStatus;
import org.commsched.core.testing.Seeds;
import org.commsched.heuristics.baseline.Baselines;
import org.commsched.solver.cpsat.CpSatTaskModel;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The range model of linear-cost broadcast (docs/models/linear-cost.md#range-model) on seeded tiny
 * broadcasts under all ports (paths, rings, stars, complete graphs, 2 x 2 and 2 x 3 meshes, Q_2; 1
 * to 4 units; beta 0 to 3, tau 1 or 2; full and half duplex): its schedule is valid and never
 * shorter than the optimum the slot model ({@link LinearCostCp}, an independent exact model) proves
 * without a floor; it claims OPTIMAL only when its makespan meets its lower bound, and that bound
 * is at most the slot model's optimum.
 */
class RangeBroadcastProperties {
  static final SolveLimits LIMITS = new SolveLimits(Duration.ofSeconds(20), 1, 7L);

  static Instance tiny(long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    int n = 2 + r.nextInt(3);
    Topology t =
        switch (r.nextInt(6)) {
          case 0 -> new Topology.Bla(n);
          case 1 -> new Topology.Ring(Math.max(3, n));
          case 2 -> new Topology.Star(Math.max(3, n));
          case 3 -> new Topology.Complete(n);
          case 4 -> new Topology.Mesh(2, 2 + r.nextInt(2));
          default -> new Topology.Hypercube(2);
        };
    Network net = Network.of(t);
    boolean half = r.nextBoolean();
    CommModel.StoreAndForward m =
        new CommModel.StoreAndForward(
            new BigDecimal(r.nextInt(4)),
            new BigDecimal(1 + r.nextInt(2)),
            CommModel.Ports.ALL,
            half ? CommModel.Duplex.HALF : CommModel.Duplex.FULL,
            CommModel.OnePortRule.EXCHANGE);
    long units = 1 + r.nextInt(4);
    int source = r.nextInt(net.nodes());
    return new Instance(
        "broadcast "
            + t
            + (half ? " H*" : " F*")
            + " beta="
            + m.beta()
            + " tau="
            + m.tau()
            + " n="
            + units
            + " from "
            + source
            + " seed "
            + seed,
        new Problem.Broadcast(source, units),
        m,
        net);
  }

  @TestFactory
  Stream<DynamicTest> rangeModel_isValid_neverBelowTheSlotOptimum_andClaimsOnlyByTheBound() {
    return Seeds.seeds(Seeds.cases(12, 30))
        .mapToObj(
            seed -> {
              Instance inst = tiny(seed);
              return DynamicTest.dynamicTest(
                  inst.name(),
                  () -> {
                    assertThat(RangeBroadcastCp.whyNot("cpsat-ranges", inst)).isNull();
                    long opt = LinearCostExactTest.optimum(inst, CpSatTaskModel.INSTANCE);
                    RangeBroadcastCp cp = new RangeBroadcastCp(inst, Baselines.all(), LIMITS.run());
                    RangeBroadcastCp inOrder =
                        new RangeBroadcastCp(inst, Baselines.all(), LIMITS.run(), true);
                    SolveResult ordered =
                        inOrder.run("cpsat-ranges", LIMITS, System.nanoTime(), false);
                    assertThat(ScheduleChecker.checkResult(inst, ordered).valid()).isTrue();
                    assertThat(ordered.makespan()).isGreaterThanOrEqualTo(opt);
                    if (inOrder.restrictedStatus == SolveStatus.OPTIMAL
                        && ordered.makespan() > opt) {
                      System.out.println(
                          "in-order ranges lose the optimum: "
                              + inst.name()
                              + ": "
                              + ordered.makespan()
                              + " > "
                              + opt);
                    }
                    SolveResult free = cp.run("cpsat-ranges", LIMITS, System.nanoTime(), false);
                    var report = ScheduleChecker.checkResult(inst, free);
                    assertThat(report.valid()).as(report.violations().toString()).isTrue();
                    assertThat(free.makespan())
                        .as("range model vs slot optimum")
                        .isGreaterThanOrEqualTo(opt);
                    assertThat(free.makespan()).isLessThanOrEqualTo(cp.horizon);
                    if (cp.restrictedStatus == SolveStatus.OPTIMAL && free.makespan() > opt) {
                      System.out.println(
                          "ranges (any order) lose the optimum: "
                              + inst.name()
                              + ": "
                              + free.makespan()
                              + " > "
                              + opt);
                    }
                    SolveResult floored = cp.run("cpsat-ranges", LIMITS, System.nanoTime(), true);
                    assertThat(ScheduleChecker.checkResult(inst, floored).valid()).isTrue();
                    assertThat(floored.lowerBound().value()).isLessThanOrEqualTo(opt);
                    if (floored.status() == SolveStatus.OPTIMAL) {
                      assertThat(floored.makespan()).isEqualTo(opt);
                    }
                    assertThat(floored.makespan()).isGreaterThanOrEqualTo(opt);
                  });
            });
  }
}
