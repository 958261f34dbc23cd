package org.commsched.api;

import java.math.BigDecimal;
import org.commsched.core.time.TimeScale;

/**
 * A time of an instance, exactly: a whole number of ticks of the instance's scale, and the same
 * time in the instance's own units (a makespan of 16 units when {@code tau = "0.5"} is 160 ticks of
 * a tenth). Bufferless instances count steps, one tick each; store-and-forward instances count
 * ticks of {@code 10^-s} units, {@code s} the most decimal places among {@code beta}, {@code tau}
 * and the start times (docs/DESIGN.md, Time). No floating point is involved.
 *
 * @param ticks the time in ticks of {@code scale}
 * @param scale the ticks' size
 * @implNote Immutable.
 */
public record Time(long ticks, TimeScale scale) {
  public Time {
    if (scale == null) {
      throw new IllegalArgumentException("a time needs its scale");
    }
  }

  /**
   * The time in the instance's units, exact, without trailing zeros (e.g. {@code 13.5}, {@code
   * 16}).
   */
  public BigDecimal units() {
    return scale.toUnits(ticks);
  }

  /** The time as the files and the command line write it, e.g. {@code "13.5"}. */
  @Override
  public String toString() {
    return scale.format(ticks);
  }
}
