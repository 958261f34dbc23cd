package org.commsched.heuristics.bufferless.dsa;

/**
 * Range maxima over a fixed array by a sparse table: {@code max(v[l..r))} for many ranges in O(1)
 * each after O(m log m) set-up (the table of maxima over the ranges of length 2^j starting at each
 * index; a query covers its range with two such ranges that may overlap).
 *
 * @implNote Immutable after construction.
 */
final class RangeMax {
  private final long[][] table;

  private RangeMax(long[][] table) {
    this.table = table;
  }

  /** The table over {@code v[0..m)}. */
  static RangeMax of(long[] v, int m) {
    int levels = 1;
    while ((1 << levels) <= m) {
      levels++;
    }
    long[][] t = new long[levels][];
    t[0] = java.util.Arrays.copyOf(v, Math.max(1, m));
    for (int j = 1; j < levels; j++) {
      int len = m - (1 << j) + 1;
      t[j] = new long[Math.max(0, len)];
      for (int i = 0; i < len; i++) {
        t[j][i] = Math.max(t[j - 1][i], t[j - 1][i + (1 << (j - 1))]);
      }
    }
    return new RangeMax(t);
  }

  /** {@code max(v[l..r))} for {@code l < r}. */
  long max(int l, int r) {
    int j = 31 - Integer.numberOfLeadingZeros(r - l);
    return Math.max(table[j][l], table[j][r - (1 << j)]);
  }

  /**
   * The maxima over the ranges {@code [lo[i], hi[i])}; an empty range gives {@code Long.MIN_VALUE}.
   */
  long[] max(int[] lo, int[] hi) {
    long[] out = new long[lo.length];
    for (int i = 0; i < lo.length; i++) {
      out[i] = lo[i] < hi[i] ? max(lo[i], hi[i]) : Long.MIN_VALUE;
    }
    return out;
  }
}
