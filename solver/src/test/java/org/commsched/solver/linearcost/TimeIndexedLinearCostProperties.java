package org.commsched.solver.linearcost;

import static org.assertj.core.api.Assertions.assertThat;
import static org.commsched.instances.testing.ScheduleAssertions.assertValid;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.commsched.core.model.Instance;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveStatus;
import org.commsched.core.testing.Seeds;
import org.commsched.solver.MethodRegistry;
import org.commsched.solver.timeindexed.TimeIndexedLinearCost;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The independent formulation against the slot model, under the linear cost model
 * (docs/models/linear-cost.md#independent-formulation): on the seeded tiny sends, broadcasts and
 * gossips of {@link LinearCostExactProperties#tiny} (paths, rings, one-way rings, stars, complete
 * graphs of 2 to 4 nodes, at most 3 units, F*, H*, F1, H1 and send-and-receive), {@code
 * time-indexed-linear-cost} (forced to search, no posted floor) and {@code cpsat} prove the same
 * optimum, {@code choco} too whenever it proves one within 5 s (it is the weak back end here), and
 * on three nodes or fewer the exhaustive search of {@link LinearCostBruteForce} agrees; every
 * schedule passes the checker, and the generic {@code time-indexed} answers with the same optimum.
 *
 * <p>Cases: {@code commsched.cases / 4} (50 by default); run more with {@code
 * -Dcommsched.cases=2000 -Dtest=TimeIndexedLinearCostProperties}.
 */
class TimeIndexedLinearCostProperties {
  static final SolveLimits LIMITS = new SolveLimits(Duration.ofSeconds(30), 1, 11L);
  static final SolveLimits CHOCO = new SolveLimits(Duration.ofSeconds(5), 1, 11L);
  static final MethodRegistry REG = MethodRegistry.standard();

  private int searched;

  @TestFactory
  Stream<DynamicTest> timeIndexedCpSatAndChocoAgree() {
    List<DynamicTest> tests = new ArrayList<>();
    Seeds.seeds(Seeds.cases(4, 12))
        .forEach(
            seed -> {
              Instance inst = LinearCostExactProperties.tiny(Seeds.mix(seed ^ 0x5eedL));
              tests.add(DynamicTest.dynamicTest(inst.name(), () -> check(inst)));
            });
    tests.add(
        DynamicTest.dynamicTest("the grid was searched", () -> assertThat(searched).isPositive()));
    return tests.stream();
  }

  private void check(Instance inst) {
    TimeIndexedLinearCost ti = new TimeIndexedLinearCost();
    assertThat(ti.whyNot(inst))
        .as("time-indexed-linear-cost accepts the tiny " + inst.name())
        .isNull();
    SolveResult t = ti.solve(inst, LIMITS, true);
    List<SolveResult> proven =
        new ArrayList<>(
            List.of(
                t,
                REG.byName("cpsat").solve(inst, LIMITS),
                REG.byName("time-indexed").solve(inst, LIMITS)));
    SolveResult choco = REG.byName("choco").solve(inst, CHOCO);
    assertValid("choco on " + inst.name(), inst, choco);
    if (choco.status() == SolveStatus.OPTIMAL) {
      proven.add(choco);
    }
    for (SolveResult r : proven) {
      assertThat(r.status()).as(r.method() + " on " + inst.name()).isEqualTo(SolveStatus.OPTIMAL);
      assertValid(r.method() + " on " + inst.name(), inst, r);
      assertThat(r.makespan())
          .as(r.method() + " vs time-indexed-linear-cost on " + inst.name())
          .isEqualTo(t.makespan());
    }
    if (inst.network().nodes() <= 3) {
      LinearCostExactTest.exhaustiveSearchAgrees(inst, t.makespan());
    }
    if (t.stats().containsKey("binaries")) {
      searched++;
    }
  }
}
