package org.commsched.core.solve;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * Approximation ratios as result statistics (docs/models/bufferless-scatter-gather.md#ratios:
 * {@code ratio = T_alg / LB}). A ratio is a statistic, not a schedule time, so it is a decimal: the
 * exact quotient rounded half up to four places, trailing zeros dropped ({@code 22 / 12 ->
 * "1.8333"}, {@code 12 / 12 -> "1"}). Both figures are in the same units (the methods use the
 * paper's T, one more than our makespan).
 *
 * @implNote Stateless.
 */
public final class Ratios {
  private Ratios() {}

  /**
   * {@code t / bound} as a string: four decimals half up, trailing zeros dropped; {@code "1"} when
   * both are 0 (no data: nothing to do, done at once) and {@code "-"} when only the bound is 0.
   *
   * @throws IllegalArgumentException if a figure is negative
   */
  public static String of(long t, long bound) {
    if (t < 0 || bound < 0) {
      throw new IllegalArgumentException("a ratio needs figures >= 0, got " + t + " / " + bound);
    }
    if (bound == 0) {
      return t == 0 ? "1" : "-";
    }
    return BigDecimal.valueOf(t)
        .divide(BigDecimal.valueOf(bound), 4, RoundingMode.HALF_UP)
        .stripTrailingZeros()
        .toPlainString();
  }
}
