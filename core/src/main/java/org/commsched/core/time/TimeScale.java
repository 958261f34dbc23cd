package org.commsched.core.time;

import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * Exact time arithmetic: model times are decimals, scaled to integer ticks of {@code 10^-decimals}
 * units.
 *
 * <p>Bufferless models use {@code decimals = 0} (one tick = one step). A store-and-forward model
 * with {@code beta = "272"} and {@code tau = "0.4"} uses {@code decimals = 1}: a packet of 1023
 * units takes {@code 2720 + 1023 * 4} ticks. No floating point is ever involved.
 *
 * @param decimals number of decimal places of one tick, 0..15
 * @implNote Immutable.
 */
public record TimeScale(int decimals) {
  /** One tick per unit: the scale of every bufferless model. */
  public static final TimeScale UNIT = new TimeScale(0);

  public TimeScale {
    if (decimals < 0 || decimals > 15) {
      throw new IllegalArgumentException(
          "time scale needs 0..15 decimal places, got "
              + decimals
              + " (write times with at most 15 decimals)");
    }
  }

  /** The coarsest scale on which every given decimal is a whole number of ticks. */
  public static TimeScale finest(BigDecimal... values) {
    int d = 0;
    for (BigDecimal v : values) {
      if (v != null) {
        d = Math.max(d, Math.max(0, v.stripTrailingZeros().scale()));
      }
    }
    return new TimeScale(d);
  }

  /** The finer of this scale and another. */
  public TimeScale max(TimeScale other) {
    return decimals >= other.decimals ? this : other;
  }

  /** Ticks per model time unit, {@code 10^decimals}. */
  public long ticksPerUnit() {
    return BigInteger.TEN.pow(decimals).longValueExact();
  }

  /**
   * The exact number of ticks of a decimal time.
   *
   * @throws ArithmeticException if the value is not a whole number of ticks or does not fit in a
   *     long
   */
  public long toTicks(BigDecimal value) {
    return value.movePointRight(decimals).toBigIntegerExact().longValueExact();
  }

  /** Ticks of this scale expressed on a finer (or equal) scale. */
  public long rescale(long ticks, TimeScale finer) {
    if (finer.decimals < decimals) {
      throw new IllegalArgumentException("cannot rescale to a coarser time scale");
    }
    return Math.multiplyExact(
        ticks, BigInteger.TEN.pow(finer.decimals - decimals).longValueExact());
  }

  /** The exact decimal value of a number of ticks, without trailing zeros. */
  public BigDecimal toUnits(long ticks) {
    BigDecimal v = BigDecimal.valueOf(ticks, decimals).stripTrailingZeros();
    return v.scale() < 0 ? v.setScale(0) : v;
  }

  /** The plain decimal text of a number of ticks, e.g. {@code "13.6"} or {@code "42"}. */
  public String format(long ticks) {
    return toUnits(ticks).toPlainString();
  }
}
