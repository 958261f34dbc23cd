package org.commsched.core.solve;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Solve options (docs/DESIGN.md, Solve options). */
class SolveLimitsTest {
  @Test
  void options_defaultEmpty_addedOneByOne_andImmutable() {
    SolveLimits d = SolveLimits.defaults();
    assertThat(d.options()).isEmpty();
    assertThat(d.option(SolveLimits.SPANNING_TREE, "bfs")).isEqualTo("bfs");
    SolveLimits o = d.withOption(SolveLimits.SPANNING_TREE, "broadcast").withOption("setup", "3");
    assertThat(o.option(SolveLimits.SPANNING_TREE, "bfs")).isEqualTo("broadcast");
    assertThat(o.options()).containsEntry("setup", "3");
    assertThat(o.withTimeLimit(Duration.ofSeconds(1)).options()).isEqualTo(o.options());
    assertThatThrownBy(() -> o.options().put("x", "y")).isInstanceOf(UnsupportedOperationException.class);
    Map<String, String> src = new HashMap<>(Map.of("a", "1"));
    SolveLimits copy = new SolveLimits(Duration.ofSeconds(1), 1, 0, src);
    src.put("b", "2");
    assertThat(copy.options()).containsOnlyKeys("a");
    assertThat(new SolveLimits(Duration.ofSeconds(1), 1, 0, null).options()).isEmpty();
  }

  @Test
  void blankKey_isRejected() {
    assertThatThrownBy(() -> new SolveLimits(Duration.ofSeconds(1), 1, 0, Map.of(" ", "x")))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void timeLimit_isCutToAYear_soEveryMethodMayCountInNanoseconds() {
    SolveLimits huge = new SolveLimits(Duration.ofSeconds(Long.MAX_VALUE), 1, 0);
    assertThat(huge.timeLimit()).isEqualTo(SolveLimits.MAX_TIME_LIMIT).isEqualTo(Duration.ofDays(365));
    assertThat(huge.timeLimit().toNanos()).isPositive();
    assertThat(SolveLimits.defaults().withTimeLimit(Duration.ofDays(400)).timeLimit()).isEqualTo(Duration.ofDays(365));
    assertThat(new SolveLimits(Duration.ofSeconds(7), 1, 0).timeLimit()).isEqualTo(Duration.ofSeconds(7));
  }
}
