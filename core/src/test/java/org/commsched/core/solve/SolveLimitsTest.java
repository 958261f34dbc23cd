package org.commsched.core.solve;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.EnumSet;
import org.junit.jupiter.api.Test;

/**
 * Solve options (docs/DESIGN.md, Solve options): typed, parsed once, checked by the option that
 * reads them.
 */
class SolveLimitsTest {
  private enum Rule {
    BEST,
    ALONE,
    ONE,
    AS_PRINTED
  }

  private static final MethodOption<Long> SETUP =
      MethodOption.count("setup", 1000, "the steps, e.g. setup=3");
  private static final MethodOption<Rule> WIDE =
      MethodOption.choice(
          "counts", Rule.BEST, EnumSet.of(Rule.BEST, Rule.ALONE, Rule.ONE), "a count rule");
  private static final MethodOption<Rule> NARROW =
      MethodOption.choice(
          "counts", Rule.ALONE, EnumSet.of(Rule.ALONE, Rule.ONE), "a count rule of narrow");

  @Test
  void options_defaultEmpty_addedOneByOne_readAsTheirType() {
    SolveLimits d = SolveLimits.defaults();
    assertThat(d.options().isEmpty()).isTrue();
    assertThat(d.options().get(SolveLimits.SPANNING_TREE)).isNull();
    assertThat(d.options().get(SETUP)).isZero();
    assertThat(d.options().get(WIDE)).isEqualTo(Rule.BEST);
    SolveLimits o = d.withOption(SolveLimits.SPANNING_TREE, "broadcast").withOption(SETUP, 3L);
    assertThat(o.options().get(SolveLimits.SPANNING_TREE)).isEqualTo("broadcast");
    assertThat(o.options().get(SETUP)).isEqualTo(3L);
    assertThat(o.options().keys()).containsExactly("setup", "spanning-tree");
    assertThat(o.withTimeLimit(Duration.ofSeconds(1)).options()).isEqualTo(o.options());
    assertThat(d.options().isEmpty()).as("the first limits are unchanged").isTrue();
    assertThat(new SolveLimits(Duration.ofSeconds(1), 1, 0, null).options())
        .isEqualTo(SolveOptions.NONE);
  }

  @Test
  void aTextIsParsedOnce_andARefusedValueNamesTheOptionAndTheAcceptedValues() {
    assertThat(WIDE.parse(" one ")).isEqualTo(Rule.ONE);
    assertThat(
            MethodOption.choice(
                    "c", Rule.AS_PRINTED, EnumSet.of(Rule.AS_PRINTED, Rule.ONE), "a reading")
                .parse("as-printed"))
        .isEqualTo(Rule.AS_PRINTED);
    assertThat(WIDE.whyNot("many"))
        .isEqualTo("option counts=many is not a count rule: give counts=best, alone or one");
    assertThat(NARROW.whyNot("best"))
        .isEqualTo(
            "option counts=best is not a count rule of narrow: give counts=alone or counts=one");
    assertThat(SETUP.whyNot("x"))
        .isEqualTo("option setup=x is not an integer: give the steps, e.g. setup=3");
    assertThat(SETUP.whyNot("-1")).contains("is negative");
    assertThat(SETUP.whyNot("1001")).contains("is too large: give at most 1000");
    assertThatThrownBy(() -> SETUP.parse("1001"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(SETUP.whyNot("1001"));
    assertThatThrownBy(() -> SolveLimits.defaults().withOption(SETUP, 1001L))
        .hasMessageContaining("too large");
    assertThatThrownBy(() -> SolveLimits.defaults().withOption(SolveLimits.SPANNING_TREE, "dfs"))
        .hasMessageContaining("bfs, balanced, broadcast, cover");
  }

  @Test
  void aValueSetThroughOneMethodsOption_isCheckedByTheReadersOptionOfTheSameKey() {
    SolveOptions best = SolveOptions.NONE.parsed(WIDE, "best");
    assertThat(best.get(WIDE)).isEqualTo(Rule.BEST);
    assertThatThrownBy(() -> best.get(NARROW))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "option counts=best is not a count rule of narrow: give counts=alone or counts=one");
    assertThat(SolveOptions.NONE.parsed(WIDE, "one").get(NARROW)).isEqualTo(Rule.ONE);
  }

  @Test
  void timeLimit_isCutToAYear_soEveryMethodMayCountInNanoseconds() {
    SolveLimits huge = new SolveLimits(Duration.ofSeconds(Long.MAX_VALUE), 1, 0);
    assertThat(huge.timeLimit())
        .isEqualTo(SolveLimits.MAX_TIME_LIMIT)
        .isEqualTo(Duration.ofDays(365));
    assertThat(huge.timeLimit().toNanos()).isPositive();
    assertThat(SolveLimits.defaults().withTimeLimit(Duration.ofDays(400)).timeLimit())
        .isEqualTo(Duration.ofDays(365));
    assertThat(new SolveLimits(Duration.ofSeconds(7), 1, 0).timeLimit())
        .isEqualTo(Duration.ofSeconds(7));
  }
}
