package org.commsched.core.solve;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/**
 * Ratio statistics (docs/models/bufferless-scatter-gather.md#ratios): four decimals, half up,
 * trailing zeros dropped.
 */
class RatiosTest {
  @Test
  void quotients_roundHalfUpToFourPlaces() {
    assertThat(Ratios.of(22, 12)).isEqualTo("1.8333"); // Figure 4's TC vs LB-SYNC
    assertThat(Ratios.of(26, 12)).isEqualTo("2.1667"); // EX5: 2.16666..., rounded up
    assertThat(Ratios.of(1, 32)).isEqualTo("0.0313"); // 0.03125: the tie goes up
    assertThat(Ratios.of(22, 8)).isEqualTo("2.75");
    assertThat(Ratios.of(24, 12)).isEqualTo("2");
    assertThat(Ratios.of(12, 12)).isEqualTo("1");
    assertThat(Ratios.of(10, 1)).isEqualTo("10"); // no exponent form
  }

  @Test
  void zeroBounds() {
    assertThat(Ratios.of(0, 0)).isEqualTo("1");
    assertThat(Ratios.of(3, 0)).isEqualTo("-");
    assertThatThrownBy(() -> Ratios.of(-1, 2)).isInstanceOf(IllegalArgumentException.class);
  }
}
