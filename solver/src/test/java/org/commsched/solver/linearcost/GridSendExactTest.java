package org.commsched.solver.linearcost;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.Stream;
import org.commsched.core.bounds.LowerBounds;
import org.commsched.core.check.ScheduleChecker;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.SolveResult;
import org.commsched.heuristics.linearcost.LinearCostMethods;
import org.commsched.solver.cpsat.CpSatTaskModel;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The grid sends of D. B. Peters, "Bounds for Communication Problems in Interconnection Networks
 * under a Linear Cost Model", §2.5 (docs/models/linear-cost.md#grid-sends), against the exact
 * optimum of the CP-SAT model on small grids: {@code lc-grid-recursive} on the 3x3 grid corner to
 * corner and {@code lc-grid-fifths} on the 2x3 grid, with {@code lc-split-paths} beside them; every
 * schedule is checked, and the optimum is at most each scheme and at least the best lower bound.
 */
class GridSendExactTest {
  /**
   * {label, beta, tau, rows, cols, target, n, scheme gap, split gap}: each method's makespan minus
   * the optimum (the instance's ticks are its units here). The recursive scheme is optimal on every
   * cell with beta > 0; the split on the cells with beta = 0 (a unit per packet) and where the
   * scheme has no room.
   */
  private static final Object[][] CASES = {
    {"F*", "5", "1", 3, 3, 8, 2, 0, 0},
    {"F*", "5", "1", 3, 3, 8, 4, 0, 2},
    {"F*", "1", "1", 3, 3, 8, 4, 0, 0},
    {"F*", "0", "1", 3, 3, 8, 4, 1, 0},
    {"H*", "5", "1", 3, 3, 8, 3, 0, 2},
    {"F*", "5", "1", 3, 3, 8, 6, 0, 2},
    {"F*", "5", "1", 3, 2, 5, 3, 1, 1},
    {"F*", "5", "1", 3, 2, 5, 5, 0, 2},
    {"F*", "1", "1", 3, 2, 5, 5, 1, 1},
    {"F*", "0", "1", 3, 2, 5, 5, 2, 0},
    {"H*", "5", "1", 3, 2, 5, 6, 3, 0}
  };

  @TestFactory
  Stream<DynamicTest> schemes_againstTheExactOptimum() {
    return Stream.of(CASES)
        .map(
            c ->
                DynamicTest.dynamicTest(
                    c[0] + " beta " + c[1] + " tau " + c[2] + " " + c[3] + "x" + c[4] + " n "
                        + c[6],
                    () -> {
                      CommModel.StoreAndForward m =
                          LinearCostExactTest.model((String) c[0], (String) c[1], (String) c[2]);
                      Instance inst =
                          LinearCostExactTest.send(
                              new Topology.Mesh((int) c[3], (int) c[4]), (int) c[5], (int) c[6], m);
                      long opt = LinearCostExactTest.optimum(inst, CpSatTaskModel.INSTANCE);
                      assertThat(opt).isGreaterThanOrEqualTo(LowerBounds.best(inst).value());
                      String scheme =
                          (int) c[3] == 3 && (int) c[4] == 3
                              ? "lc-grid-recursive"
                              : "lc-grid-fifths";
                      String[] names = {scheme, "lc-split-paths"};
                      for (int i = 0; i < 2; i++) {
                        String name = names[i];
                        SolveResult r =
                            LinearCostMethods.all().stream()
                                .filter(x -> x.name().equals(name))
                                .findFirst()
                                .orElseThrow()
                                .solve(inst, LinearCostExactTest.ONE_WORKER);
                        assertThat(ScheduleChecker.checkResult(inst, r).valid()).isTrue();
                        assertThat(r.makespan()).as(name).isGreaterThanOrEqualTo(opt);
                        assertThat(r.makespan() - opt)
                            .as(name)
                            .isEqualTo(((Integer) c[7 + i]).longValue());
                      }
                    }));
  }
}
