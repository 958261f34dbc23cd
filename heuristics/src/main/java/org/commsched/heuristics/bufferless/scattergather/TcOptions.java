package org.commsched.heuristics.bufferless.scattergather;

/**
 * The choices Transmission-Certification leaves open or gets wrong as printed
 * (docs/models/bufferless-scatter-gather.md#transmission-certification, #tc-multiport,
 * #transmission-certification-corrections), and the presets built from them.
 *
 * @param lag how a node computes its certified lag c from its segments
 * @param childBound the earliest arrival at the parent of a child's stream, relative to the node's
 *     order row (single port only; the multiport variant has its own bounds, see {@link
 *     #multiport})
 * @param empty whether children whose subtree holds no data take part in the concatenation
 * @param multiport the derived multiport variant of
 *     docs/models/bufferless-scatter-gather.md#tc-multiport (parallel token broadcast and
 *     convergecast, orders to all children in one step, own bound 1, child bound {@code 2 + c}, no
 *     concatenation at the root)
 * @param kappa computation cost per internal node of degree d: {@code kappa * d * ceil(log2 d)}
 *     steps between its last child certificate and its own (the paper's sorting cost,
 *     docs/models/bufferless-scatter-gather.md#transmission-certification-corrections); 0
 *     reproduces Figure 4
 * @implNote Immutable.
 */
public record TcOptions(
    Lag lag, ChildBound childBound, EmptySegments empty, boolean multiport, long kappa) {

  /** How the certified lag is computed. */
  public enum Lag {
    /**
     * The leftmost feasible start of the concatenation, {@code max_k (lb_k - prefix_k)} over the
     * segments in increasing order of their bounds: the paper's own definition ("left endpoint as
     * small as possible").
     */
    GEOMETRIC,
    /**
     * The paper's printed sum of positive gaps, {@code lb_own + max(0, lb_1 - lb_own - L) + sum_k
     * max(0, lb_k - lb_{k-1} - n_{k-1})}: feasible, never below GEOMETRIC, and above it when two or
     * more child segments are nonempty
     * (docs/models/bufferless-scatter-gather.md#transmission-certification-corrections; oracles
     * EX1, EX2). It is not monotone in the bounds (raising one bound can remove a positive gap), so
     * with it neither "SKIP before INCLUDE" nor "EXACT_INDEX before CONSERVATIVE" of
     * docs/models/bufferless-scatter-gather.md#transmission-certification holds in general
     * (examples in GatherOraclesTest); with GEOMETRIC both do.
     */
    PAPER_CLOSED_FORM
  }

  /**
   * Where a child's stream can arrive at the parent, at the earliest, after the node's order row t.
   */
  public enum ChildBound {
    /**
     * {@code d + 1 + c}: every child as if it got its order last (the paper's closed form and
     * Figure 4).
     */
    CONSERVATIVE,
    /**
     * {@code j + 1 + c} for the j-th child ({@code j + c} at the root): the actual order delivery
     * row.
     */
    EXACT_INDEX
  }

  /** Children whose subtree holds no data. */
  public enum EmptySegments {
    /** Left out of the concatenation (they still get a token and an order {@code s = c}). */
    SKIP,
    /**
     * Concatenated as zero-length segments, which can only push the others right
     * (docs/models/bufferless-scatter-gather.md#transmission-certification-corrections, EX3).
     */
    INCLUDE
  }

  public TcOptions {
    if (lag == null || childBound == null || empty == null) {
      throw new IllegalArgumentException(
          "TC options need a lag rule, a child bound and an empty-segment rule");
    }
    if (kappa < 0) {
      throw new IllegalArgumentException(
          "the computation cost factor kappa must be >= 0, got " + kappa);
    }
  }

  /** RECOMMENDED (the default): GEOMETRIC lag, CONSERVATIVE child bound, SKIP empty segments. */
  public static final TcOptions RECOMMENDED =
      new TcOptions(Lag.GEOMETRIC, ChildBound.CONSERVATIVE, EmptySegments.SKIP, false, 0);

  /** PAPER_LITERAL: the printed closed form, CONSERVATIVE, INCLUDE empty segments. */
  public static final TcOptions PAPER_LITERAL =
      new TcOptions(
          Lag.PAPER_CLOSED_FORM, ChildBound.CONSERVATIVE, EmptySegments.INCLUDE, false, 0);

  /** IMPROVED (derived): GEOMETRIC lag, EXACT_INDEX child bound, SKIP empty segments. */
  public static final TcOptions IMPROVED =
      new TcOptions(Lag.GEOMETRIC, ChildBound.EXACT_INDEX, EmptySegments.SKIP, false, 0);

  /**
   * The derived multiport variant of docs/models/bufferless-scatter-gather.md#tc-multiport:
   * GEOMETRIC lag, SKIP empty segments.
   */
  public static final TcOptions MULTIPORT =
      new TcOptions(Lag.GEOMETRIC, ChildBound.CONSERVATIVE, EmptySegments.SKIP, true, 0);

  /** The same options with another lag rule. */
  public TcOptions withLag(Lag l) {
    return new TcOptions(l, childBound, empty, multiport, kappa);
  }

  /** The same options with another child bound. */
  public TcOptions withChildBound(ChildBound b) {
    return new TcOptions(lag, b, empty, multiport, kappa);
  }

  /** The same options with another empty-segment rule. */
  public TcOptions withEmpty(EmptySegments e) {
    return new TcOptions(lag, childBound, e, multiport, kappa);
  }

  /** The same options with another computation cost factor. */
  public TcOptions withKappa(long k) {
    return new TcOptions(lag, childBound, empty, multiport, k);
  }

  /**
   * The computation steps of an internal node of degree d: {@code kappa * d * ceil(log2 d)}, 0 for
   * d &lt;= 1.
   */
  public long computeSteps(int degree) {
    if (degree <= 1 || kappa == 0) {
      return 0;
    }
    int ceilLog = 32 - Integer.numberOfLeadingZeros(degree - 1);
    return Math.multiplyExact(kappa, (long) degree * ceilLog);
  }
}
