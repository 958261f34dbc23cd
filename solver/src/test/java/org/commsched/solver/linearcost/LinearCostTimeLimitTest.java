package org.commsched.solver.linearcost;

import static org.assertj.core.api.Assertions.assertThat;
import static org.commsched.instances.testing.ScheduleAssertions.assertValid;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.commsched.core.model.Instance;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveRun;
import org.commsched.core.solve.SolveStatus;
import org.commsched.instances.io.InstanceReader;
import org.commsched.solver.ExactChattingOracleTest;
import org.commsched.solver.MethodRegistry;
import org.junit.jupiter.api.Test;

/**
 * The time limit of the exact linear-cost methods on the largest telephone-broadcast grid of the
 * catalogue (tb-grid13x30-r7c15: a 13 x 30 grid, source (7, 15), published optimum 22, de Sousa et
 * al. 2020, Table 1), whose time-indexed grid is just inside its size guard (issue 22: the run took
 * 3 to 5 times its limit while it built the model). Issue 28 sets the bound asserted here (the
 * limit plus a margin); the margin is 20 s so that a loaded machine cannot make it fail, while the
 * overruns it guards against grew with the grid's size.
 */
class LinearCostTimeLimitTest {
  /** The methods under test: every exact method of the linear-cost family. */
  static final List<String> EXACT =
      List.of("cpsat-steps", "cpsat", "choco", "time-indexed", "time-indexed-linear-cost");

  /** The published minimum broadcast time of the row. */
  static final long PUBLISHED = 22;

  static Instance largestGrid() throws IOException {
    return InstanceReader.read(
        ExactChattingOracleTest.catalogue().resolve("tb-grid13x30-r7c15.json"));
  }

  /**
   * Valid, not below the published optimum, its bound not above it, and OPTIMAL only with a
   * matching bound.
   */
  static void honest(Instance inst, SolveResult r) {
    assertValid(r.method(), inst, r);
    assertThat(r.makespan()).as(r.method()).isGreaterThanOrEqualTo(PUBLISHED);
    assertThat(r.lowerBound().value()).as(r.method()).isLessThanOrEqualTo(PUBLISHED);
    if (r.status() == SolveStatus.OPTIMAL) {
      assertThat(r.makespan()).as(r.method() + " OPTIMAL").isEqualTo(r.lowerBound().value());
    } else {
      assertThat(r.status()).as(r.method()).isEqualTo(SolveStatus.FEASIBLE);
    }
  }

  /**
   * Runs {@code method} in a solve run of its own, as the command line does, the size check
   * included.
   */
  static SolveResult solveInARun(Method method, Instance inst, Duration limit) {
    SolveRun run = new SolveRun(inst, new SolveLimits(limit, 1, 0L));
    method.requireApplies(inst);
    return run.solve(method, inst, run.limits());
  }

  @Test
  void everyExactLinearCostMethodReturnsWithinItsLimitPlusAMargin_withAnHonestSchedule()
      throws IOException {
    Instance inst = largestGrid();
    Duration limit = Duration.ofSeconds(2);
    List<String> ran = new ArrayList<>();
    for (String name : EXACT) {
      Method m = MethodRegistry.standard().byName(name);
      if (m.whyNot(inst) != null) {
        continue; // a refusal by size is fine: the point is that what is accepted stops in time
      }
      long t0 = System.nanoTime();
      SolveResult r = solveInARun(m, inst, limit);
      double seconds = (System.nanoTime() - t0) / 1e9;
      honest(inst, r);
      assertThat(seconds)
          .as(name + " wall seconds with a limit of " + limit)
          .isLessThan(limit.toSeconds() + 20.0);
      ran.add(name);
    }
    assertThat(ran)
        .as("the methods that accepted the grid")
        .contains("cpsat", "time-indexed-linear-cost");
  }

  /**
   * With a limit that has passed before the model is built (1 ms: the heuristics that give the
   * time-indexed grid its horizon take longer), the time-indexed methods return the heuristic's
   * schedule, FEASIBLE, without building the grid or starting the solver. The instance must need a
   * search: a telephone broadcast on a random graph of 64 nodes at 5 % density with a planted
   * spanning binomial tree (`scripts/gen-telephone.py planted 64 0.05 1`), whose optimum is
   * therefore log2 64 = 6, DOUBLING's value, so no sound bound rises above it, while the heuristic
   * ends at 7. (The grid rows of the catalogue are proven by their bounds since FAR-SPLIT, and the
   * unplanted random graphs since IDLE-DOUBLING, so none of them searches.)
   */
  @Test
  void aTimeIndexedRunWhoseLimitPassedBeforeTheBuildNeitherBuildsNorSearches() throws Exception {
    Instance inst =
        InstanceReader.read(
            Path.of(LinearCostTimeLimitTest.class.getResource("planted64-0.05-1.json").toURI()));
    for (String name : List.of("time-indexed", "time-indexed-linear-cost")) {
      SolveResult r =
          solveInARun(MethodRegistry.standard().byName(name), inst, Duration.ofMillis(1));
      assertValid(r.method(), inst, r);
      assertThat(r.status()).as(name).isEqualTo(SolveStatus.FEASIBLE);
      assertThat(r.makespan()).as(name).isGreaterThan(r.lowerBound().value());
      assertThat(r.stats()).as(name).doesNotContainKey("solverSeconds").containsKey("fallback");
      assertThat(String.valueOf(r.stats().get("search"))).as(name).contains("time limit passed");
    }
  }
}
