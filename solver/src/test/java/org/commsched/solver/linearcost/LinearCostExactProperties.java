package org.commsched.solver.linearcost;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.commsched.core.bounds.LowerBounds;
import org.commsched.core.model.Instance;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.testing.Seeds;
import org.commsched.heuristics.baseline.GreedyStoreAndForward;
import org.commsched.instances.generate.Generators;
import org.commsched.solver.choco.ChocoTaskModel;
import org.commsched.solver.cpsat.CpSatTaskModel;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The exact linear-cost model (docs/models/linear-cost.md#exact-model) on seeded tiny instances: a
 * send, a broadcast or a gossip on a path, ring, one-way ring, star or complete graph of 2 to 4
 * nodes, at most 3 units, beta 0 to 3, tau 1 or 2, under F*, H*, F1, H1 or one port as
 * send-and-receive. CP-SAT and Choco prove the same optimum with checked schedules; {@code
 * greedy-saf} is no shorter and every lower bound of {@code LowerBounds} is no larger.
 */
class LinearCostExactProperties {
  static Instance tiny(long seed) {
    Instance i = Generators.tinyLinearCost(new SplittableRandom(seed));
    return LinearCostExactTest.named(i, i.name() + " seed " + seed);
  }

  @TestFactory
  Stream<DynamicTest> bothBackEnds_agree_andBracketByHeuristicAndBounds() {
    return Seeds.seeds(Seeds.cases(10, 12))
        .mapToObj(
            seed -> {
              Instance inst = tiny(seed);
              return DynamicTest.dynamicTest(
                  inst.name(),
                  () -> {
                    long cpsat = LinearCostExactTest.optimum(inst, CpSatTaskModel.INSTANCE);
                    long choco = LinearCostExactTest.optimum(inst, ChocoTaskModel.INSTANCE);
                    assertThat(choco).as("Choco vs CP-SAT").isEqualTo(cpsat);
                    SolveResult greedy =
                        new GreedyStoreAndForward().solve(inst, LinearCostExactTest.ONE_WORKER);
                    assertThat(greedy.makespan()).as("greedy-saf").isGreaterThanOrEqualTo(cpsat);
                    for (LowerBound b : LowerBounds.all(inst)) {
                      assertThat(b.value()).as("bound " + b).isLessThanOrEqualTo(cpsat);
                    }
                  });
            });
  }
}
