package org.commsched.solver.linearcost;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveStatus;
import org.commsched.core.testing.Seeds;
import org.commsched.solver.MethodRegistry;
import org.commsched.solver.SolveRunner;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * {@code tree-broadcast} (Slater, Cockayne, Hedetniemi 1981) against the exact linear-cost models:
 * on seeded small trees, one unit, one port (F1 and H1), both {@code cpsat} and {@code
 * time-indexed} prove OPTIMAL at the makespan the tree method claims OPTIMAL, and {@code
 * matching-broadcast} (a heuristic) is never below it.
 */
class TreeBroadcastExactProperties {
  private static final MethodRegistry REG = MethodRegistry.standard();
  private static final SolveLimits LIMITS = new SolveLimits(Duration.ofSeconds(30), 1, 0L);

  @TestFactory
  Stream<DynamicTest> theExactModelsProveTheTreeMethodsOptimum() {
    return Seeds.seeds(Seeds.cases(20, 8))
        .mapToObj(
            seed ->
                DynamicTest.dynamicTest(
                    "seed " + seed,
                    () -> {
                      SplittableRandom r = new SplittableRandom(seed);
                      int p = 3 + r.nextInt(4);
                      List<Topology.Pair> links = new ArrayList<>();
                      for (int v = 1; v < p; v++) {
                        links.add(new Topology.Pair(r.nextInt(v), v));
                      }
                      String label = r.nextBoolean() ? "F1" : "H1";
                      String[] cost =
                          r.nextBoolean() ? new String[] {"1", "0"} : new String[] {"2", "1"};
                      Instance inst =
                          LinearCostExactTest.broadcast(
                              new Topology.Explicit(p, links, true),
                              1,
                              LinearCostExactTest.model(label, cost[0], cost[1]));
                      SolveRunner.Outcome tree =
                          SolveRunner.run(REG.byName("tree-broadcast"), inst, LIMITS);
                      assertThat(tree.valid()).isTrue();
                      assertThat(tree.result().status()).isEqualTo(SolveStatus.OPTIMAL);
                      long optimum = tree.result().makespan();
                      for (String exact : List.of("cpsat", "time-indexed")) {
                        SolveRunner.Outcome o = SolveRunner.run(REG.byName(exact), inst, LIMITS);
                        assertThat(o.valid()).as(exact).isTrue();
                        assertThat(o.result().status())
                            .as(exact + " " + o.result().stats())
                            .isEqualTo(SolveStatus.OPTIMAL);
                        assertThat(o.result().makespan()).as(exact).isEqualTo(optimum);
                      }
                      SolveRunner.Outcome h =
                          SolveRunner.run(REG.byName("matching-broadcast"), inst, LIMITS);
                      assertThat(h.valid()).isTrue();
                      assertThat(h.result().makespan()).isGreaterThanOrEqualTo(optimum);
                    }));
  }
}
