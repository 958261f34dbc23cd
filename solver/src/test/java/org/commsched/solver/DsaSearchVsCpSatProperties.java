package org.commsched.solver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.commsched.instances.testing.ScheduleAssertions.assertValid;

import java.time.Duration;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.commsched.core.model.Instance;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveStatus;
import org.commsched.core.testing.Seeds;
import org.commsched.heuristics.bufferless.dsa.DsaSearch;
import org.commsched.instances.testing.RandomInstances;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code dsa-search} and {@code cpsat-virtual} prove the same optimal heights on small seeded dsa
 * instances.
 */
class DsaSearchVsCpSatProperties {
  private static final SolveLimits LIMITS =
      SolveLimits.defaults().withTimeLimit(Duration.ofSeconds(30));

  static LongStream seeds() {
    return Seeds.seeds(Seeds.cases(2, 50));
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void sameOptimalHeight(long seed) {
    Instance inst = RandomInstances.dsa(new SplittableRandom(seed * 4099 + 17), 12, 10, 9);
    SolveResult search = new DsaSearch().solve(inst, LIMITS);
    SolveResult cp = new CpSatVirtual().solve(inst, LIMITS);
    assertValid(seed, inst, search);
    assertThat(search.status()).isEqualTo(SolveStatus.OPTIMAL);
    assertThat(cp.status()).isEqualTo(SolveStatus.OPTIMAL);
    assertThat(search.makespan()).as("seed %d", seed).isEqualTo(cp.makespan());
  }
}
