package org.commsched.core.bounds;

/**
 * An upper bound on the optimal makespan: the makespan of a published scheme that applies to the
 * instance, with the formula and conditions that give it.
 *
 * @param value the bound in ticks of the instance's time scale
 * @param kind short name, e.g. {@code "RING-SPLIT"}
 * @param witness the scheme, its source, the formula and its value
 * @implNote Immutable.
 */
public record UpperBound(long value, String kind, String witness) {
  public UpperBound {
    if (kind == null || kind.isEmpty()) {
      throw new IllegalArgumentException("an upper bound needs a kind");
    }
    witness = witness == null ? "" : witness;
  }
}
