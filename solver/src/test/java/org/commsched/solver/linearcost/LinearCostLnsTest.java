package org.commsched.solver.linearcost;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.commsched.core.check.ScheduleChecker;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveStatus;
import org.commsched.core.testing.Seeds;
import org.commsched.heuristics.baseline.GreedyStoreAndForward;
import org.commsched.instances.generate.Generators;
import org.commsched.solver.cpsat.CpSatTaskModel;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * {@code lns-linear-cost} ({@link LinearCostLns}) on small instances whose optimum CP-SAT's exact
 * slot model proves ({@link LinearCostExactTest#optimum}): every schedule it returns passes the
 * checker, is never longer than its start ({@code greedy-saf}'s schedule here) and never shorter
 * than the proven optimum; where {@code greedy-saf} is suboptimal, it improves on it.
 */
class LinearCostLnsTest {
  static final List<Method> START = List.of(new GreedyStoreAndForward());

  static SolveLimits limits(int seconds) {
    return new SolveLimits(Duration.ofSeconds(seconds), 1, 7L);
  }

  static CommModel.StoreAndForward allPorts(long beta, long tau, boolean half) {
    return new CommModel.StoreAndForward(
        BigDecimal.valueOf(beta),
        BigDecimal.valueOf(tau),
        CommModel.Ports.ALL,
        half ? CommModel.Duplex.HALF : CommModel.Duplex.FULL,
        CommModel.OnePortRule.EXCHANGE);
  }

  /**
   * A seeded small broadcast (1 to 3 units, 1 or 2 on a mesh) or gossip of one unit under all
   * ports: the tiny generator's network, beta and tau (with beta raised to 1..5 where it drew 0, so
   * packets merge for a reason), or a 2x2 or 2x3 mesh.
   */
  static Instance small(long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    Instance tiny = Generators.tinyLinearCost(r);
    Network net =
        r.nextInt(3) == 0 ? Network.of(new Topology.Mesh(2, 2 + r.nextInt(2))) : tiny.network();
    long beta = 1 + r.nextInt(5);
    long tau = 1 + r.nextInt(2);
    boolean half = r.nextBoolean();
    long units = 1 + r.nextInt(net.nodes() <= 4 ? 3 : 2);
    Problem p =
        r.nextBoolean()
            ? new Problem.Broadcast(r.nextInt(net.nodes()), units)
            : new Problem.Gossip(1);
    return new Instance(
        "lns " + p.kind().wireName() + " " + net.nodes() + " nodes seed " + seed,
        p,
        allPorts(beta, tau, half),
        net);
  }

  @TestFactory
  Stream<DynamicTest> valid_neverWorseThanStart_neverBelowOptimum() {
    return Seeds.seeds(Seeds.cases(10, 12))
        .mapToObj(
            seed -> {
              Instance inst = small(seed);
              return DynamicTest.dynamicTest(
                  inst.name(),
                  () -> {
                    assertThat(new LinearCostLns(START, false).whyNot(inst)).isNull();
                    long start = new GreedyStoreAndForward().solve(inst, limits(5)).makespan();
                    // CP-SAT's proven bound: the optimum when it proves one within its limit (a
                    // loaded machine may stop it first), else a floor no valid schedule is below
                    long optimum =
                        CpSatTaskModel.INSTANCE
                            .solve(new LinearCostCp(inst).model(), LinearCostExactTest.ONE_WORKER)
                            .answer()
                            .bound();
                    SolveResult r = capped(inst, 3);
                    assertThat(r.makespan())
                        .as("not worse than greedy-saf")
                        .isLessThanOrEqualTo(start);
                    assertThat(r.makespan())
                        .as("not below the optimum")
                        .isGreaterThanOrEqualTo(optimum);
                  });
            });
  }

  /** Rounds the capped runs below make at most. */
  static final int ROUNDS = 3;

  /** The 2x3 mesh gossip of one unit (beta 5, tau 1, F*). */
  static Instance mesh2x3Gossip() {
    return new Instance(
        "2x3 mesh gossip 1",
        new Problem.Gossip(1),
        allPorts(5, 1, false),
        Network.of(new Topology.Mesh(2, 3)));
  }

  /**
   * The search with at most {@code rounds} rounds of 0.5 deterministic seconds each and a wall
   * limit that never cuts in.
   */
  static SolveResult capped(Instance inst, int rounds) {
    SolveResult r =
        new LinearCostLns(START, false, rounds, 0.5)
            .solve(inst, new SolveLimits(Duration.ofDays(1), 1, 7L));
    assertThat(ScheduleChecker.checkResult(inst, r).valid())
        .as("lns-linear-cost on " + inst.name() + ": " + ScheduleChecker.checkResult(inst, r))
        .isTrue();
    return r;
  }

  /**
   * Gossip of one unit on the 2x3 mesh (beta 5, tau 1, F*): {@code greedy-saf} ends at 24, CP-SAT's
   * exact slot model proves 18 (independent of the search; the diameter bound is 18 too, where the
   * search stops). Within a budget of rounds, not of time, the search reaches the optimum and
   * proves it by the bound.
   */
  @Test
  void reaches_theOptimum_withinARoundBudget() {
    Instance inst = mesh2x3Gossip();
    long start = new GreedyStoreAndForward().solve(inst, limits(5)).makespan();
    long optimum = LinearCostExactTest.optimum(inst, CpSatTaskModel.INSTANCE);
    assertThat(start).as("greedy-saf").isEqualTo(24);
    assertThat(optimum).as("the exact slot model").isEqualTo(18);
    SolveResult r = capped(inst, ROUNDS);
    System.out.println("lns-linear-cost on " + inst.name() + ": " + r.stats());
    assertThat(r.makespan()).as(r.stats().toString()).isEqualTo(optimum);
    assertThat(r.status()).isEqualTo(SolveStatus.OPTIMAL);
    assertThat((Integer) r.stats().get("rounds")).isLessThanOrEqualTo(ROUNDS);
  }

  /**
   * The repairs are reproducible: two capped runs with the same seed give the same schedule and
   * statistics, and each repair runs CP-SAT on one worker with a seed and a deterministic-time
   * limit (a wall-clock limit alone would make the rounds' outcomes depend on the load).
   */
  @Test
  void capped_runs_areReproducible() {
    var p =
        LinearCostLns.Repair.parameters(
            com.google.ortools.sat.SatParameters.newBuilder(),
            LinearCostLns.REPAIR_DETERMINISTIC,
            30.0,
            11L);
    assertThat(p.getNumWorkers()).isEqualTo(1);
    assertThat(p.getRandomSeed()).isEqualTo(11);
    assertThat(p.hasMaxDeterministicTime()).isTrue();
    assertThat(p.getMaxDeterministicTime()).isEqualTo(LinearCostLns.REPAIR_DETERMINISTIC);
    Instance inst = mesh2x3Gossip();
    SolveResult a = capped(inst, ROUNDS);
    SolveResult b = capped(inst, ROUNDS);
    assertThat(b.stats()).isEqualTo(a.stats());
    assertThat(b.schedule()).isEqualTo(a.schedule());
  }
}
