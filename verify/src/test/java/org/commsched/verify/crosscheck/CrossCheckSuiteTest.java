package org.commsched.verify.crosscheck;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.commsched.core.model.Family;
import org.commsched.core.testing.Seeds;
import org.commsched.solver.MethodRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The cross-check of {@code commsched crosscheck} (docs/TESTS.md#crosscheck) on fixed seeds, one
 * suite per family with methods: every registered method on small seeded instances, every schedule
 * checked, lower bound &lt;= exact optimum &lt;= every heuristic, the exact methods agreeing, every
 * stated guarantee holding. Cases per family: {@code -Dcommsched.cases=N} gives N / 40 (at least
 * 5); {@code -Dcommsched.seed=random} draws a fresh base seed.
 */
class CrossCheckSuiteTest {
  private static final MethodRegistry REGISTRY = MethodRegistry.standard();
  private static final CrossCheck CHECK = new CrossCheck(REGISTRY.all(), Duration.ofSeconds(20));

  static Stream<Family> families() {
    return CrossCheckCases.familiesWithMethods(REGISTRY.all()).stream();
  }

  @Test
  void everyFamilyHasMethods() {
    assertThat(CrossCheckCases.familiesWithMethods(REGISTRY.all()))
        .containsExactly(Family.values());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("families")
  void everyMethodOfTheFamily_holdsAgainstTheOthers(Family family, @TempDir Path out) {
    List<String> lines = new ArrayList<>();
    CrossCheck.Summary s =
        CHECK.run(family, Seeds.base() + 1, Seeds.cases(40, 5), out, f -> lines.add(f.line()));
    assertThat(lines).as(s.line()).isEmpty();
    assertThat(s.proven())
        .as("cases whose optimum an exact method proved: " + s.line())
        .isPositive();
    assertThat(s.methods())
        .as("exact and heuristic methods ran: " + s.line())
        .anyMatch(m -> REGISTRY.byName(m).exact())
        .anyMatch(m -> !REGISTRY.byName(m).exact());
  }
}
