package org.commsched.solver.linearcost;

import static org.assertj.core.api.Assertions.assertThat;
import static org.commsched.instances.testing.ScheduleAssertions.assertValid;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.commsched.core.bounds.LowerBounds;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Problem;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveStatus;
import org.commsched.core.testing.Seeds;
import org.commsched.heuristics.baseline.Baselines;
import org.commsched.solver.cpsat.CpSatTaskModel;
import org.commsched.solver.timeindexed.TimeIndexedLinearCost;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The step model against the two other exact linear-cost models and the exhaustive search
 * (docs/models/linear-cost.md#step-model): the seeded tiny sends, broadcasts and gossips of {@link
 * LinearCostExactProperties#tiny} (2 to 4 nodes, at most 3 units, F*, H*, F1, H1, send-and-receive)
 * moved onto a grid the step model takes: beta = 0 (tau 1 or 2), tau = 0 (beta 1 or 2), or one unit
 * in all (beta 1 to 3, tau 1 or 2). On each, the step model searched without its floor, the slot
 * model ({@link LinearCostCp} under CP-SAT) and {@code time-indexed-linear-cost} (forced to search)
 * prove the same optimum, as does the step model's own flow with its floor posted (and its probe at
 * the floor, which some cases run), every schedule passes the checker, every lower bound is at most
 * it, and on three nodes or fewer {@link LinearCostBruteForce} agrees.
 *
 * <p>Cases: {@code commsched.cases / 4} (50 by default); run more with {@code
 * -Dcommsched.cases=2000 -Dtest=StepModelProperties}.
 */
class StepModelProperties {
  /** Fresh limits per case (each with its own solve run, so no bound or incumbent carries over). */
  static SolveLimits limits() {
    return new SolveLimits(Duration.ofSeconds(30), 1, 13L);
  }

  private final int[] variants = new int[3];
  private int probed;

  @TestFactory
  Stream<DynamicTest> stepModel_slotModel_timeIndexed_andExhaustiveSearch_proveTheSameOptimum() {
    List<DynamicTest> tests = new ArrayList<>();
    Seeds.seeds(Seeds.cases(4, 12))
        .forEach(
            seed -> {
              Instance inst =
                  onGrid(
                      LinearCostExactProperties.tiny(Seeds.mix(seed ^ 0x57e9L)),
                      new SplittableRandom(seed));
              tests.add(DynamicTest.dynamicTest(inst.name(), () -> check(inst)));
            });
    tests.add(
        DynamicTest.dynamicTest(
            "every grid was drawn",
            () -> assertThat(variants).as("beta 0, tau 0, one unit").doesNotContain(0)));
    tests.add(
        DynamicTest.dynamicTest(
            "the probe at the floor ran", () -> assertThat(probed).isPositive()));
    return tests.stream();
  }

  /**
   * The instance moved onto a grid the step model takes (variant by the seed; gossip has no
   * one-unit variant).
   */
  private Instance onGrid(Instance i, SplittableRandom r) {
    CommModel.StoreAndForward m = i.storeAndForward();
    int variant = r.nextInt(i.problem() instanceof Problem.Gossip ? 2 : 3);
    variants[variant]++;
    BigDecimal beta =
        switch (variant) {
          case 0 -> BigDecimal.ZERO;
          case 1 -> BigDecimal.valueOf(1 + r.nextInt(2));
          default -> BigDecimal.valueOf(1 + r.nextInt(3));
        };
    BigDecimal tau = variant == 1 ? BigDecimal.ZERO : BigDecimal.valueOf(1 + r.nextInt(2));
    Problem p = i.problem();
    if (variant == 2) {
      p =
          p instanceof Problem.Send s
              ? new Problem.Send(s.source(), s.target(), 1, null)
              : new Problem.Broadcast(((Problem.Broadcast) p).source(), 1);
    }
    CommModel.StoreAndForward grid =
        new CommModel.StoreAndForward(beta, tau, m.ports(), m.duplex(), m.onePort());
    String name =
        i.name().replaceAll(" beta=.*", "")
            + " beta="
            + beta
            + " tau="
            + tau
            + (variant == 2 ? " one unit" : "");
    return new Instance(name, p, grid, i.network());
  }

  private void check(Instance inst) {
    assertThat(StepCp.whyNot("cpsat-steps", inst))
        .as("the step model takes " + inst.name())
        .isNull();
    SolveLimits limits = limits();
    StepCp steps = new StepCp(inst, Baselines.all(), limits.run());
    SolveResult s = steps.run("cpsat-steps", limits, System.nanoTime(), false);
    assertThat(s.status()).as("step model on " + inst.name()).isEqualTo(SolveStatus.OPTIMAL);
    assertValid("step model on " + inst.name(), inst, s);
    SolveLimits floored = limits();
    SolveResult f =
        new StepCp(inst, Baselines.all(), floored.run())
            .run("cpsat-steps", floored, System.nanoTime());
    assertThat(f.status())
        .as("step model with its floor and probe on " + inst.name())
        .isEqualTo(SolveStatus.OPTIMAL);
    assertValid("step model with its floor on " + inst.name(), inst, f);
    assertThat(f.makespan())
        .as("with and without the floor on " + inst.name())
        .isEqualTo(s.makespan());
    if (f.stats().containsKey("probe")
        || String.valueOf(f.stats().get("solverStatus")).contains("probe")) {
      probed++;
    }
    long slots = LinearCostExactTest.optimum(inst, CpSatTaskModel.INSTANCE);
    assertThat(s.makespan()).as("step model vs slot model on " + inst.name()).isEqualTo(slots);
    TimeIndexedLinearCost ti = new TimeIndexedLinearCost();
    if (ti.whyNot(inst) == null) {
      SolveResult t = ti.solve(inst, limits(), true);
      assertThat(t.status()).as("time-indexed on " + inst.name()).isEqualTo(SolveStatus.OPTIMAL);
      assertThat(s.makespan())
          .as("step model vs time-indexed on " + inst.name())
          .isEqualTo(t.makespan());
    }
    for (LowerBound b : LowerBounds.all(inst)) {
      assertThat(b.value())
          .as("bound " + b + " on " + inst.name())
          .isLessThanOrEqualTo(s.makespan());
    }
    if (inst.network().nodes() <= 3) {
      LinearCostExactTest.exhaustiveSearchAgrees(inst, s.makespan());
    }
  }
}
