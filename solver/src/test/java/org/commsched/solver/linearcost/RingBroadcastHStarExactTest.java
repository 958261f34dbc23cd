package org.commsched.solver.linearcost;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.stream.Stream;
import org.commsched.core.bounds.PathSending;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.testing.Deep;
import org.commsched.solver.cpsat.CpSatTaskModel;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Broadcast on the two-way ring under H* (docs/models/linear-cost.md#h-ring-phase-recursion):
 * {@code lc-ring-broadcast-hstar}, the scheme of D. B. Peters, "Bounds for Communication Problems
 * in Interconnection Networks under a Linear Cost Model", Propositions 3.2.3 and 3.2.4 with their
 * phase recursion, compared with the exact optimum of the CP-SAT model on small rings. The thesis
 * claims no optimality for it; here it is optimal with up to 4 units (and on {@code C_4}, {@code
 * C_6} with 5), one unit above the optimum on {@code C_7} with 6 units ({@code beta = 5, tau = 1})
 * and on {@code C_5} with 5, {@code C_6} with 6 ({@code beta = tau = 1}). Fraigniaud and Lazard's
 * cut {@code S_*(n, floor(p/2))} is above the optimum on the even rings with {@code n >= 2} and
 * {@code tau > 0}.
 */
class RingBroadcastHStarExactTest {
  /**
   * {beta, tau, p, n, gap}: the method's time minus the optimum, in the instance's units (integers
   * here).
   */
  private static final long[][] CASES = {
    {5, 1, 4, 3, 0},
    {5, 1, 4, 5, 0},
    {5, 1, 5, 4, 0},
    {5, 1, 6, 4, 0},
    {5, 1, 6, 6, 0},
    {5, 1, 7, 4, 0},
    {5, 1, 7, 6, 1},
    {1, 1, 4, 4, 0},
    {1, 1, 5, 4, 0},
    {1, 1, 6, 4, 0},
    {1, 1, 7, 4, 0},
    {0, 1, 6, 4, 0},
    {0, 1, 7, 4, 0},
    {1, 0, 6, 4, 0},
    {1, 1, 5, 5, 1},
    {1, 1, 6, 5, 0},
    {1, 1, 6, 6, 1}
  };

  /** The cases of at most 5 units, everyday (one of them one unit above the optimum). */
  @TestFactory
  Stream<DynamicTest> scheme_againstTheExactOptimum() {
    return cases(Stream.of(CASES).filter(c -> c[3] < 6));
  }

  /** The three cases of 6 units, deep: their exact runs were two thirds of the suite's time. */
  @Deep
  @TestFactory
  Stream<DynamicTest> scheme_againstTheExactOptimum_onSixUnits() {
    return cases(Stream.of(CASES).filter(c -> c[3] >= 6));
  }

  private static Stream<DynamicTest> cases(Stream<long[]> cases) {
    return cases.map(
        c ->
            DynamicTest.dynamicTest(
                "beta " + c[0] + " tau " + c[1] + " C_" + c[2] + " n " + c[3],
                () -> {
                  int p = (int) c[2];
                  long n = c[3];
                  Instance inst = LinearCostExactTest.ringBroadcast("H*", c[0], c[1], p, n);
                  PathSending f =
                      PathSending.of((CommModel.StoreAndForward) inst.model(), inst.timeScale());
                  long opt = LinearCostExactTest.optimum(inst, CpSatTaskModel.INSTANCE);
                  SolveResult scheme =
                      LinearCostExactTest.checkedMethod("lc-ring-broadcast-hstar", inst);
                  assertThat(scheme.makespan() - opt)
                      .isEqualTo(inst.timeScale().toTicks(BigDecimal.valueOf(c[4])));
                  if (p % 2 == 0 && c[1] > 0) { // the cut is beaten on even rings
                    assertThat(f.sStar(n, p / 2)).isGreaterThan(opt);
                  }
                }));
  }
}
