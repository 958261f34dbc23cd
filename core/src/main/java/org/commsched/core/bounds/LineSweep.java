package org.commsched.core.bounds;

import java.util.Arrays;

/**
 * Streaming arc statistics (see {@link ResourceTable}) of routes made of straight runs along fixed lines of arcs,
 * without visiting every hop: a linear array's rightward and leftward arcs, an ESM's rows and columns.
 *
 * <p>The lines are laid end to end as positions {@code 0..P-1}, each naming an arc. A run (a segment) of one message
 * covers the positions {@code [start, end)} of one line, and its head and tail change by one per position: head
 * {@code h0 + (p - start)} and tail {@code t0 + (end - 1 - p)} at position p. Per position the load and the number
 * of runs come from difference arrays; the least head is {@code p + min (h0 - start)} and the least tail
 * {@code min (t0 + end - 1) - p} over the runs covering p, each minimum found by letting the runs claim their
 * positions in increasing key order. Time {@code O(R + P)} for R runs when the keys span {@code O(R + P)} values
 * (they do for the networks here: keys are hop counts and positions), else {@code O(R log R + P)}.
 *
 * @implNote Mutable builder, confined to one thread.
 */
final class LineSweep {
  private final int[] arcAt;
  private int size;
  private int[] start = new int[16];
  private int[] end = new int[16];
  private long[] headBase = new long[16];
  private long[] tailBase = new long[16];
  private long[] work = new long[16];

  /** @param arcAt the arc at each position, the lines laid end to end */
  LineSweep(int[] arcAt) {
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
   * Merges the statistics of every position that some run covers into the table. The caller makes sure that the
   * total work of all runs fits in a long (then every partial sum does too).
   */
  void into(ResourceTable table) {
    int positions = arcAt.length;
    long[] diffWork = new long[positions + 1];
    int[] diffCount = new int[positions + 1];
    for (int r = 0; r < size; r++) {
      diffWork[start[r]] += work[r];
      diffWork[end[r]] -= work[r];
      diffCount[start[r]]++;
      diffCount[end[r]]--;
    }
    long[] leastHead = leastCovering(headBase, positions);
    long[] leastTail = leastCovering(tailBase, positions);
    long load = 0;
    long count = 0;
    for (int p = 0; p < positions; p++) {
      load += diffWork[p];
      count += diffCount[p];
      if (count > 0) {
        table.merge(arcAt[p], load, p + leastHead[p], leastTail[p] - p, count);
      }
    }
  }

  /**
   * For every position, the least key of a run covering it (Long.MAX_VALUE if none): the runs in increasing key
   * order each claim the positions of their range that no earlier run claimed; a pointer to the next unclaimed
   * position (path halving) skips the claimed ones.
   */
  private long[] leastCovering(long[] key, int positions) {
    long[] least = new long[positions];
    Arrays.fill(least, Long.MAX_VALUE);
    int[] next = new int[positions + 1];
    for (int p = 0; p <= positions; p++) {
      next[p] = p;
    }
    for (int r : byKey(key)) {
      for (int p = unclaimed(next, start[r]); p < end[r]; p = unclaimed(next, p + 1)) {
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

  /** The runs in increasing key order: a counting sort when the keys span a short range, else a sort of longs. */
  private int[] byKey(long[] key) {
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
    if (range >= 0 && range <= 4L * (size + arcAt.length)) {
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
