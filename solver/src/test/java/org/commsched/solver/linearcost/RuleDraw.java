package org.commsched.solver.linearcost;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.LongFunction;
import java.util.function.ToLongFunction;
import java.util.stream.Stream;
import org.commsched.core.bounds.LowerBounds;
import org.commsched.core.check.ScheduleChecker;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.testing.Seeds;
import org.commsched.solver.cpsat.CpSatTaskModel;
import org.commsched.solver.model.TaskModel;
import org.junit.jupiter.api.DynamicTest;

/**
 * The model the seeded tiny-network suites of the linear-cost bounds draw (FAN-CHAIN, SOURCE-CHAIN,
 * RELAY-FEED, the spread bounds), and what they share around it: one of five port rules (F*, H*,
 * F1, H1, and one port as send-and-receive), beta and tau in ticks, the instance's name, the CP-SAT
 * optimum and the check that no bound exceeds it.
 *
 * @param rule 0 to 4: F*, H*, F1, H1, send-and-receive
 */
record RuleDraw(int rule, int beta, int tau) {
  /** The labels of the rules, by index. */
  static final List<String> LABELS = List.of("F*", "H*", "F1", "H1", "send-and-receive");

  /**
   * Draws from {@code r}, in this order, the rule, beta below {@code betas}, and tau from 0 to 2 (1
   * or 2 when beta is 0, so a hop always takes time).
   */
  static RuleDraw from(SplittableRandom r, int betas) {
    int rule = r.nextInt(5);
    int beta = r.nextInt(betas);
    int tau = beta == 0 ? 1 + r.nextInt(2) : r.nextInt(3);
    return new RuleDraw(rule, beta, tau);
  }

  /** The store-and-forward model of this draw. */
  CommModel.StoreAndForward model() {
    return new CommModel.StoreAndForward(
        new BigDecimal(beta),
        new BigDecimal(tau),
        rule >= 2 ? CommModel.Ports.ONE : CommModel.Ports.ALL,
        rule == 1 || rule == 3 ? CommModel.Duplex.HALF : CommModel.Duplex.FULL,
        rule == 4 ? CommModel.OnePortRule.SEND_AND_RECEIVE : CommModel.OnePortRule.EXCHANGE);
  }

  /**
   * The instance of {@code prob} on {@code net} under this draw's model, named {@code "<what>
   * <network> <rule> beta=<beta> tau=<tau> seed <seed>"}.
   */
  Instance instance(String what, Object network, long seed, Problem prob, Network net) {
    return new Instance(
        what
            + " "
            + network
            + " "
            + LABELS.get(rule)
            + " beta="
            + beta
            + " tau="
            + tau
            + " seed "
            + seed,
        prob,
        model(),
        net);
  }

  /** The CP-SAT optimum of the slot model with no floor posted, its schedule checked. */
  static long optimumWithoutFloor(Instance inst) {
    LinearCostCp cp = new LinearCostCp(inst);
    TaskModel.Solution s =
        CpSatTaskModel.INSTANCE.solve(cp.modelWithoutFloor(), LinearCostExactTest.ONE_WORKER);
    assertThat(s.answer().optimal()).as("CP-SAT proves it").isTrue();
    var report = ScheduleChecker.check(inst, cp.schedule(s.values(), s.present()));
    assertThat(report.valid()).as(report.violations().toString()).isTrue();
    return report.makespan();
  }

  /**
   * One test per seed of the profile (12, 40 at the deep count) on {@code instances}' instance: the
   * bound {@code kind}, as {@code least} searches it from 0, applies (is positive) and is at most
   * the CP-SAT optimum, and so is every bound {@code bounds} reports.
   */
  static Stream<DynamicTest> searchedAtMostTheOptimum(
      LongFunction<Instance> instances, String kind, ToLongFunction<Instance> least) {
    return Seeds.seeds(Seeds.cases(12, 40))
        .mapToObj(
            seed -> {
              Instance inst = instances.apply(seed);
              return DynamicTest.dynamicTest(
                  inst.name(),
                  () -> {
                    long value = least.applyAsLong(inst);
                    assertThat(value).as("the bound applies").isPositive();
                    long optimum = optimumWithoutFloor(inst);
                    assertThat(value).as(kind).isLessThanOrEqualTo(optimum);
                    assertNoneAbove(LowerBounds.all(inst), optimum);
                  });
            });
  }

  /** Asserts that no bound of {@code bounds} exceeds {@code optimum}. */
  static void assertNoneAbove(List<LowerBound> bounds, long optimum) {
    for (LowerBound b : bounds) {
      assertThat(b.value()).as("bound " + b).isLessThanOrEqualTo(optimum);
    }
  }
}
