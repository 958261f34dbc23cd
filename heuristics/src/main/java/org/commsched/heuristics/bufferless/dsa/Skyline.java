package org.commsched.heuristics.bufferless.dsa;

/**
 * The top of a partial layout section by section, for placing buffers on top of what is there in O(log P) each: a
 * segment tree over the P sections with "raise every section of a range to at least v" and "the highest section of a
 * range" (max with a pending raise per node). A buffer placed at the highest top over its lifespan is above every
 * placed buffer alive with it, so the layout stays valid whatever the rest looks like.
 *
 * <p>Used to finish a first pass stopped at the time limit ({@link BestFit#layout}): the buffers it did not reach go
 * on the skyline in its order, which costs O(n log P) where first fit costs a sweep over every overlapping buffer.
 *
 * @implNote Mutable; not thread-safe.
 */
final class Skyline {
  private final int base;
  /** The highest section under each node, pending raises included. */
  private final long[] max;
  /** A raise not yet handed to the node's children (0 for none: tops are never negative). */
  private final long[] pending;

  /** An empty skyline (height 0) over {@code sections} sections. */
  Skyline(int sections) {
    int b = 1;
    while (b < Math.max(1, sections)) {
      b <<= 1;
    }
    base = b;
    max = new long[2 * base];
    pending = new long[2 * base];
  }

  /** Raises every section of {@code [from, to)} to at least v. */
  void raise(int from, int to, long v) {
    raise(1, 0, base, from, to, v);
  }

  private void raise(int node, int l, int r, int from, int to, long v) {
    if (to <= l || r <= from) {
      return;
    }
    if (from <= l && r <= to) {
      max[node] = Math.max(max[node], v);
      pending[node] = Math.max(pending[node], v);
      return;
    }
    push(node);
    int m = (l + r) >>> 1;
    raise(2 * node, l, m, from, to, v);
    raise(2 * node + 1, m, r, from, to, v);
    max[node] = Math.max(max[2 * node], max[2 * node + 1]);
  }

  /** The highest section of {@code [from, to)} (0 for an empty range). */
  long top(int from, int to) {
    return top(1, 0, base, from, to);
  }

  private long top(int node, int l, int r, int from, int to) {
    if (to <= l || r <= from) {
      return 0;
    }
    if (from <= l && r <= to) {
      return max[node];
    }
    push(node);
    int m = (l + r) >>> 1;
    return Math.max(top(2 * node, l, m, from, to), top(2 * node + 1, m, r, from, to));
  }

  private void push(int node) {
    long v = pending[node];
    if (v != 0) {
      for (int c = 2 * node; c <= 2 * node + 1; c++) {
        max[c] = Math.max(max[c], v);
        pending[c] = Math.max(pending[c], v);
      }
      pending[node] = 0;
    }
  }
}
