package org.commsched.core.bounds;

import java.util.Arrays;
import java.util.function.IntUnaryOperator;
import org.commsched.core.model.Footprint;

/**
 * Streaming arc statistics (see {@link ResourceTable}) of routes made of straight runs along fixed
 * lines of arcs, without visiting every hop: a linear array's rightward and leftward arcs, an ESM's
 * rows and columns.
 *
 * <p>The lines are laid end to end as positions {@code 0..P-1}, each naming an arc. A run (a
 * segment) of one message covers the positions {@code [start, end)} of one line, and its head and
 * tail change by one per position: head {@code h0 + (p - start)} and tail {@code t0 + (end - 1 -
 * p)} at position p. Per position the load and the number of runs come from difference arrays; the
 * least head is {@code p + min (h0 - start)} and the least tail {@code min (t0 + end - 1) - p} over
 * the runs covering p, each minimum found by letting the runs claim their positions in increasing
 * key order.
 *
 * <p>Two coordinate systems, one algorithm. With many runs for the positions (no more than {@link
 * Footprint#LINE_SWEEP_DENSE} positions per run, where the footprint charges the dense arrays) the
 * sweep works on the positions themselves: time {@code O(R + P)} for R runs when the keys span
 * {@code O(R + P)} values, else {@code O(R log R + P)}, and about {@value Footprint#LINE_SWEEP}
 * bytes per position. With fewer runs (three messages on an ESM of 10^8 arcs) it works on the
 * elementary segments between the sorted run ends instead, at most 2R of them, every position of
 * one segment being covered by the same runs: time {@code O(R log R)} plus the positions covered,
 * memory {@code O(R)}, and the same statistics.
 *
 * @implNote Mutable builder, confined to one thread.
 */
final class LineSweep {
  private final IntUnaryOperator arcAt;
  private final int positions;
  private int size;
  private int[] start = new int[16];
  private int[] end = new int[16];
  private long[] headBase = new long[16];
  private long[] tailBase = new long[16];
  private long[] work = new long[16];

  /**
   * @param positions the number of positions, the lines laid end to end
   * @param arcAt the arc at each position (asked only for the positions some run covers)
   */
  LineSweep(int positions, IntUnaryOperator arcAt) {
    this.positions = positions;
    this.arcAt = arcAt;
  }

  /**
   * Adds one run.
   *
   * @param from first position
   * @param to one past the last position (no more than the end of the line)
   * @param headAtFrom the head of the run's first arc (hops of its message before it)
   * @param tailAtLast the tail of the run's last arc (hops of its message after it)
   * @param w the work the run puts on each of its arcs
   */
  void run(int from, int to, long headAtFrom, long tailAtLast, long w) {
    if (to <= from) {
      return;
    }
    if (size == start.length) {
      int cap = size * 2;
      start = Arrays.copyOf(start, cap);
      end = Arrays.copyOf(end, cap);
      headBase = Arrays.copyOf(headBase, cap);
      tailBase = Arrays.copyOf(tailBase, cap);
      work = Arrays.copyOf(work, cap);
    }
    start[size] = from;
    end[size] = to;
    headBase[size] = headAtFrom - from;
    tailBase[size] = tailAtLast + to - 1;
    work[size] = w;
    size++;
  }

  /**
   * True if {@link #into} sweeps positions for this many runs over this many positions (else
   * segments).
   */
  static boolean dense(long runs, long positions) {
    return positions <= (long) Footprint.LINE_SWEEP_DENSE * runs;
  }

  /**
   * Merges the statistics of every position that some run covers into the table, sweeping positions
   * or segments as {@link #dense} says. The caller makes sure that the total work of all runs fits
   * in a long (then every partial sum does too).
   */
  void into(ResourceTable table) {
    into(table, dense(size, positions));
  }

  /**
   * {@link #into}, sweeping positions if {@code dense}, else segments (the properties hold the two
   * equal).
   */
  void into(ResourceTable table, boolean dense) {
    if (size == 0) {
      return;
    }
    int[] bound = dense ? null : bounds(); // segment j covers positions [bound[j], bound[j + 1])
    int segments = dense ? positions : bound.length - 1;
    int[] from = dense ? start : segmentOf(start, bound);
    int[] to = dense ? end : segmentOf(end, bound);
    long[] diffWork = new long[segments + 1];
    int[] diffCount = new int[segments + 1];
    for (int r = 0; r < size; r++) {
      diffWork[from[r]] += work[r];
      diffWork[to[r]] -= work[r];
      diffCount[from[r]]++;
      diffCount[to[r]]--;
    }
    long[] leastHead = leastCovering(headBase, from, to, segments);
    long[] leastTail = leastCovering(tailBase, from, to, segments);
    long load = 0;
    long count = 0;
    for (int j = 0; j < segments; j++) {
      load += diffWork[j];
      count += diffCount[j];
      if (count > 0) {
        int last = dense ? j + 1 : bound[j + 1];
        for (int p = dense ? j : bound[j]; p < last; p++) {
          table.merge(arcAt.applyAsInt(p), load, p + leastHead[j], leastTail[j] - p, count);
        }
      }
    }
  }

  /** The distinct run ends (starts and ends), sorted: the bounds of the elementary segments. */
  private int[] bounds() {
    int[] ends = new int[2 * size];
    System.arraycopy(start, 0, ends, 0, size);
    System.arraycopy(end, 0, ends, size, size);
    Arrays.sort(ends);
    int distinct = 0;
    for (int k = 0; k < ends.length; k++) {
      if (distinct == 0 || ends[k] != ends[distinct - 1]) {
        ends[distinct++] = ends[k];
      }
    }
    return Arrays.copyOf(ends, distinct);
  }

  /** The index in {@code bound} of each run's position (every one is there). */
  private int[] segmentOf(int[] position, int[] bound) {
    int[] segment = new int[size];
    for (int r = 0; r < size; r++) {
      segment[r] = Arrays.binarySearch(bound, position[r]);
    }
    return segment;
  }

  /**
   * For every segment, the least key of a run covering it (Long.MAX_VALUE if none): the runs in
   * increasing key order each claim the segments of their range {@code [from, to)} that no earlier
   * run claimed; a pointer to the next unclaimed segment (path halving) skips the claimed ones.
   */
  private long[] leastCovering(long[] key, int[] from, int[] to, int segments) {
    long[] least = new long[segments];
    Arrays.fill(least, Long.MAX_VALUE);
    int[] next = new int[segments + 1];
    for (int p = 0; p <= segments; p++) {
      next[p] = p;
    }
    for (int r : byKey(key, segments)) {
      for (int p = unclaimed(next, from[r]); p < to[r]; p = unclaimed(next, p + 1)) {
        least[p] = key[r];
        next[p] = p + 1;
      }
    }
    return least;
  }

  private static int unclaimed(int[] next, int p) {
    while (next[p] != p) {
      next[p] = next[next[p]];
      p = next[p];
    }
    return p;
  }

  /**
   * The runs in increasing key order: a counting sort when the keys span a short range, else a sort
   * of longs.
   */
  private int[] byKey(long[] key, int segments) {
    int[] order = new int[size];
    if (size == 0) {
      return order;
    }
    long min = Long.MAX_VALUE;
    long max = Long.MIN_VALUE;
    for (int r = 0; r < size; r++) {
      min = Math.min(min, key[r]);
      max = Math.max(max, key[r]);
    }
    long range = max - min; // negative if it overflows
    if (range >= 0 && range <= 4L * (size + segments)) {
      int[] first = new int[(int) range + 2];
      for (int r = 0; r < size; r++) {
        first[(int) (key[r] - min) + 1]++;
      }
      for (int k = 0; k <= range; k++) {
        first[k + 1] += first[k];
      }
      for (int r = 0; r < size; r++) {
        order[first[(int) (key[r] - min)]++] = r;
      }
      return order;
    }
    Integer[] boxed = new Integer[size];
    for (int r = 0; r < size; r++) {
      boxed[r] = r;
    }
    Arrays.sort(boxed, (x, y) -> Long.compare(key[x], key[y]));
    for (int r = 0; r < size; r++) {
      order[r] = boxed[r];
    }
    return order;
  }
}
