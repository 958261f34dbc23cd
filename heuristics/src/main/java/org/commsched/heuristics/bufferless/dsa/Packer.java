package org.commsched.heuristics.bufferless.dsa;

import java.util.Arrays;

/**
 * Places buffers one at a time into a partial layout: for a buffer, the placed buffers whose lifespans overlap
 * its own are found through a static index of all lifespans, sorted by offset, and swept for the gaps between
 * them; the buffer goes into the first gap that holds it (first fit) or the smallest such gap, lowest first (best
 * fit), else on top of them.
 *
 * <p><b>Index.</b> A buffer j overlaps buffer i iff {@code lo_j} lies in {@code [lo_i, hi_i)} (a range of the
 * buffers sorted by {@code lo}) or j is alive at the point {@code lo_i} and starts before it (a stabbing query of a
 * segment tree over the time points, each lifespan stored at its O(log P) canonical nodes). A query costs
 * O(log P + k) for k overlapping buffers, placed or not, and the gap sweep O(k' log k') for the k' placed ones;
 * memory O(n log P). Nothing is proportional to the raw times (the times are compressed points).
 *
 * @implNote Mutable; not thread-safe.
 */
final class Packer {
  final int n;
  final int[] lo;
  final int[] hi;
  final long[] size;
  /** Offset of each placed buffer. */
  final long[] off;
  /** Whether each buffer is placed. */
  final boolean[] placed;

  private final int[] byLo;
  private final int[] loStart;
  private final int base;
  private final int[] segStart;
  private final int[] segItems;
  private final boolean packed;
  private int[] hits = new int[64];
  private long[] keys = new long[64];
  private long[] ends = new long[64];
  private long[] sortedOff = new long[64];
  private long[] sortedEnd = new long[64];
  private int[] stamp;
  private int epoch;

  Packer(int[] lo, int[] hi, long[] size, int points) {
    this.n = lo.length;
    this.lo = lo;
    this.hi = hi;
    this.size = size;
    this.off = new long[n];
    this.placed = new boolean[n];
    this.stamp = new int[n];
    int p = Math.max(1, points);
    loStart = new int[p + 1];
    for (int i = 0; i < n; i++) {
      loStart[lo[i] + 1]++;
    }
    for (int t = 0; t < p; t++) {
      loStart[t + 1] += loStart[t];
    }
    byLo = new int[n];
    int[] fill = Arrays.copyOf(loStart, p);
    for (int i = 0; i < n; i++) {
      byLo[fill[lo[i]]++] = i;
    }
    int b = 1;
    while (b < p) {
      b <<= 1;
    }
    base = b;
    segStart = new int[2 * base + 1];
    for (int i = 0; i < n; i++) {
      for (int l = lo[i] + base, r = hi[i] + base; l < r; l >>= 1, r >>= 1) {
        if ((l & 1) == 1) {
          segStart[l++ + 1]++;
        }
        if ((r & 1) == 1) {
          segStart[--r + 1]++;
        }
      }
    }
    for (int v = 0; v < 2 * base; v++) {
      segStart[v + 1] += segStart[v];
    }
    segItems = new int[segStart[2 * base]];
    int[] pos = Arrays.copyOf(segStart, 2 * base);
    for (int i = 0; i < n; i++) {
      for (int l = lo[i] + base, r = hi[i] + base; l < r; l >>= 1, r >>= 1) {
        if ((l & 1) == 1) {
          segItems[pos[l++]++] = i;
        }
        if ((r & 1) == 1) {
          segItems[pos[--r]++] = i;
        }
      }
    }
    long total = 0;
    for (long s : size) {
      total += s;
    }
    // keys pack offset << 21 | hit index; offsets stay below the total size
    packed = total < (1L << 41) && n < (1 << 21);
  }

  /**
   * The buffers (other than i) whose lifespans overlap buffer i's, placed ones only if {@code placedOnly}; into
   * {@link #hits}, returns the count.
   */
  int overlapping(int i, boolean placedOnly) {
    int k = 0;
    for (int q = loStart[lo[i]], end = loStart[hi[i]]; q < end; q++) {
      int j = byLo[q];
      if (j != i && (!placedOnly || placed[j])) {
        k = add(k, j);
      }
    }
    for (int v = lo[i] + base; v >= 1; v >>= 1) {
      for (int q = segStart[v], end = segStart[v + 1]; q < end; q++) {
        int j = segItems[q];
        if (lo[j] < lo[i] && (!placedOnly || placed[j])) {
          k = add(k, j);
        }
      }
    }
    return k;
  }

  private int add(int k, int j) {
    if (k == hits.length) {
      hits = Arrays.copyOf(hits, 2 * k);
    }
    hits[k] = j;
    return k + 1;
  }

  /** The hits of the last {@link #overlapping} call. */
  int hit(int q) {
    return hits[q];
  }

  /**
   * The offset for buffer i among the placed buffers: the lowest gap that holds it ({@code best == false}) or the
   * smallest such gap, lowest on ties ({@code best == true}); else the top of the overlapping placed buffers.
   */
  long fit(int i, boolean best) {
    int k = overlapping(i, true);
    if (k == 0) {
      return 0;
    }
    sortHits(k);
    long s = size[i];
    long cur = 0;
    long gapAt = -1;
    long gapLen = Long.MAX_VALUE;
    for (int q = 0; q < k; q++) {
      long o = sortedOff[q];
      if (o - cur >= s) {
        if (!best) {
          return cur;
        }
        if (o - cur < gapLen) {
          gapLen = o - cur;
          gapAt = cur;
          if (gapLen == s) {
            return gapAt;
          }
        }
      }
      cur = Math.max(cur, sortedEnd[q]);
    }
    return gapAt >= 0 ? gapAt : cur;
  }

  /**
   * Sorts the first k hits by offset (then index) into {@link #sortedOff} and {@link #sortedEnd}; the hits
   * themselves keep their order.
   */
  private void sortHits(int k) {
    if (sortedOff.length < k) {
      sortedOff = new long[hits.length];
      sortedEnd = new long[hits.length];
      ends = new long[hits.length];
      keys = new long[hits.length];
    }
    if (packed) {
      for (int q = 0; q < k; q++) {
        int j = hits[q];
        keys[q] = (off[j] << 21) | q;
        ends[q] = off[j] + size[j];
      }
      Arrays.sort(keys, 0, k);
      for (int q = 0; q < k; q++) {
        sortedOff[q] = keys[q] >>> 21;
        sortedEnd[q] = ends[(int) (keys[q] & ((1 << 21) - 1))];
      }
    } else {
      Integer[] boxed = new Integer[k];
      for (int q = 0; q < k; q++) {
        boxed[q] = hits[q];
      }
      Arrays.sort(boxed, (a, b) -> off[a] != off[b] ? Long.compare(off[a], off[b]) : Integer.compare(a, b));
      for (int q = 0; q < k; q++) {
        sortedOff[q] = off[boxed[q]];
        sortedEnd[q] = off[boxed[q]] + size[boxed[q]];
      }
    }
  }

  /** Places buffer i at offset o. */
  void place(int i, long o) {
    off[i] = o;
    placed[i] = true;
  }

  /** Removes buffer i from the layout. */
  void remove(int i) {
    placed[i] = false;
  }

  /** Clears the layout. */
  void clear() {
    Arrays.fill(placed, false);
  }

  /** A fresh marker for {@link #mark}: after it no buffer is marked. */
  void newMarks() {
    epoch++;
    if (epoch == Integer.MAX_VALUE) {
      Arrays.fill(stamp, 0);
      epoch = 1;
    }
  }

  /** Marks buffer i; true if it was not marked since {@link #newMarks}. */
  boolean mark(int i) {
    if (stamp[i] == epoch) {
      return false;
    }
    stamp[i] = epoch;
    return true;
  }
}
