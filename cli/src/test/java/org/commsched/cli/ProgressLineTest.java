package org.commsched.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.commsched.core.time.TimeScale;
import org.junit.jupiter.api.Test;

/**
 * The progress line names its figures as the final result does (issue 13, consistent labels): the
 * gap is {@code (best - bound) / bound}, the one {@code solve} prints, not a second definition.
 */
class ProgressLineTest {
  @Test
  void gapIsTheResultsGap() {
    // best 99, bound 84: (99 - 84) / 84 = 17.857...% -> 17.86 (the result's text prints the same)
    assertThat(ProgressLine.text("cpsat", 3, 99, 84, TimeScale.UNIT))
        .isEqualTo("commsched: cpsat 3 s, best 99, bound 84, gap 17.86%");
    assertThat(ProgressLine.text("lns", 0, 707, 702, TimeScale.UNIT)).endsWith("gap 0.71%");
  }

  @Test
  void unknownFiguresAreDashesWithoutGap() {
    assertThat(ProgressLine.text("choco", 1, -1, 5, TimeScale.UNIT))
        .isEqualTo("commsched: choco 1 s, best -, bound 5");
    assertThat(ProgressLine.text("choco", 1, 7, -1, TimeScale.UNIT))
        .isEqualTo("commsched: choco 1 s, best 7, bound -");
    assertThat(ProgressLine.text("default", 2, 250, 25, new TimeScale(1)))
        .isEqualTo("commsched: default 2 s, best 25, bound 2.5, gap 900%");
  }
}
