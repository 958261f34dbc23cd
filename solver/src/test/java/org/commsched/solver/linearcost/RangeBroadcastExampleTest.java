package org.commsched.solver.linearcost;

import static org.assertj.core.api.Assertions.assertThat;
import static org.commsched.instances.testing.ScheduleAssertions.assertValid;

import java.math.BigDecimal;
import java.time.Duration;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveStatus;
import org.commsched.heuristics.baseline.Baselines;
import org.commsched.solver.MethodRegistry;
import org.commsched.solver.cpsat.CpSatTaskModel;
import org.junit.jupiter.api.Test;

/**
 * The range model (docs/models/linear-cost.md#range-model) on hand-checked cases: the 4-cycle on
 * which ranges in order on every arc lose the optimum (2 against 3, derived by hand in the model
 * page), and {@code cpsat}'s route to the range model for a broadcast beyond the slot model's size.
 */
class RangeBroadcastExampleTest {
  static final MethodRegistry REG = MethodRegistry.standard();

  static final SolveLimits LIMITS = new SolveLimits(Duration.ofSeconds(20), 1, 7L);

  static CommModel.StoreAndForward fStar(String beta, String tau) {
    return new CommModel.StoreAndForward(
        new BigDecimal(beta),
        new BigDecimal(tau),
        CommModel.Ports.ALL,
        CommModel.Duplex.FULL,
        CommModel.OnePortRule.EXCHANGE);
  }

  /**
   * The 4-cycle (2 x 2 mesh) from a corner, beta 0, tau 1, two units: the optimum is 2 (by hand:
   * each neighbour gets a different unit first, then the other one while both feed the far corner);
   * with ranges in order on every arc one of the source's arcs would carry its two units in
   * decreasing order, so the in-order optimum is 3. The slot model proves 2, the range model in any
   * order finds 2, the in-order range model proves 3.
   */
  @Test
  void fourCycle_inOrderRangesLoseTheOptimum_anyOrderKeepsIt() {
    Instance inst =
        new Instance(
            "broadcast C4 beta 0 tau 1 n 2",
            new Problem.Broadcast(0, 2),
            fStar("0", "1"),
            Network.of(new Topology.Mesh(2, 2)));
    assertThat(LinearCostExactTest.optimum(inst, CpSatTaskModel.INSTANCE)).isEqualTo(2);
    RangeBroadcastCp any = new RangeBroadcastCp(inst, Baselines.all(), LIMITS.run());
    SolveResult r = any.run("cpsat-ranges", LIMITS, System.nanoTime(), false);
    assertValid("any order", inst, r);
    assertThat(r.makespan()).isEqualTo(2);
    RangeBroadcastCp ordered = new RangeBroadcastCp(inst, Baselines.all(), LIMITS.run(), true);
    SolveResult o = ordered.run("cpsat-ranges", LIMITS, System.nanoTime(), false);
    assertValid("in order", inst, o);
    assertThat(ordered.restrictedStatus).isEqualTo(SolveStatus.OPTIMAL);
    assertThat(o.makespan()).isEqualTo(3);
    assertThat(o.status())
        .as("never OPTIMAL by the restricted model's own proof")
        .isNotEqualTo(SolveStatus.OPTIMAL);
  }

  /**
   * {@code cpsat} takes the 4 x 4 mesh broadcast of 32 units with the range model, valid and no
   * worse than its hint: it is beyond the slot model's budget at any horizon. By hand (beta 5, tau
   * 1): one of the corner source's two arcs carries 16 units (21) and the far corner is 5 hops on
   * (30), so every schedule takes at least 51, where the 46 arcs not into the source (2, 4, 10, 12,
   * 10, 6, 2 with tails 0 to 6 hops away) hold 8, 7, 6, 5, 4, 3, 2 slots: 226 slots of 32 literals,
   * 7,232. (The 16-unit broadcast the test used before is now within the slot model:
   * LinearCostSizeGuardTest.) A gossip far beyond the slot model is refused by its real size.
   */
  @Test
  void cpsat_answersABroadcastBeyondTheSlotModel_withTheRangeModel() {
    Instance inst =
        new Instance(
            "lc-mesh4x4-broadcast-n32",
            new Problem.Broadcast(0, 32),
            fStar("5", "1"),
            Network.of(new Topology.Mesh(4, 4)));
    assertThat(LinearCostCp.size(inst, 51)).isEqualTo(new LinearCostCp.Size(51, 226, 7_232));
    assertThat(LinearCostCp.whyNot("cpsat-linear-cost", inst))
        .contains("membership literals")
        .contains("cpsat-ranges");
    assertThat(REG.byName("cpsat").whyNot(inst)).isNull();
    SolveResult r = REG.byName("cpsat").solve(inst, new SolveLimits(Duration.ofSeconds(10), 1, 7L));
    assertValid("cpsat on the 4 x 4 mesh", inst, r);
    assertThat(r.method()).isEqualTo("cpsat");
    assertThat(
            String.valueOf(r.stats().get("model")).startsWith("ranges")
                || String.valueOf(r.stats().get("search")).contains("time limit passed"))
        .as("the range model ran (or the heuristics took the time): " + r.stats())
        .isTrue();
    assertThat(r.lowerBound().value()).isLessThanOrEqualTo(r.makespan());
    if (r.status() == SolveStatus.OPTIMAL) {
      assertThat(r.makespan()).isEqualTo(r.lowerBound().value());
    }
    Instance gossip =
        new Instance(
            "gossip mesh 3x3 n 16",
            new Problem.Gossip(16),
            fStar("5", "1"),
            Network.of(new Topology.Mesh(3, 3)));
    assertThat(REG.byName("cpsat").whyNot(gossip))
        .contains("membership literals")
        .contains("greedy-saf");
  }
}
