package org.commsched.core.solve;

import org.commsched.core.time.TimeScale;

/**
 * A lower bound on the makespan, with what proves it.
 *
 * @param value the bound in ticks: of the instance's time scale as the bounds module computes it,
 *     of the result's scale inside a {@link SolveResult}
 * @param kind short name of the bound, e.g. {@code "C"} or {@code "LB-SCAT"}
 * @param witness what proves it, e.g. {@code "arc 2->3 carries 7 flits"}
 * @implNote Immutable.
 */
public record LowerBound(long value, String kind, String witness) {
  public LowerBound {
    if (kind == null || kind.isEmpty()) {
      throw new IllegalArgumentException("a lower bound needs a kind");
    }
    witness = witness == null ? "" : witness;
  }

  /** The trivial bound 0. */
  public static LowerBound zero() {
    return new LowerBound(0, "trivial", "every makespan is at least 0");
  }

  /**
   * The same bound in ticks of a finer (or the same) scale.
   *
   * @throws ArithmeticException if the value does not fit in 64-bit ticks of {@code to}
   */
  public LowerBound rescale(TimeScale from, TimeScale to) {
    return from.equals(to) ? this : new LowerBound(from.rescale(value, to), kind, witness);
  }

  /** The larger of two bounds (this one on ties). */
  public LowerBound max(LowerBound other) {
    return other != null && other.value > value ? other : this;
  }
}
