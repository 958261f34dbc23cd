package org.commsched.core.check;

import java.util.Arrays;

/**
 * Proves groups of half-open intervals free of overlaps in one pass, so that {@link Overlaps} only has to sort and
 * sweep the groups it cannot clear.
 *
 * <p>A group is cleared when each of its intervals, taken in the order they come, starts no earlier than every
 * earlier one of the group ends. Then every interval lies after all earlier ones, so no two intervals of the group
 * overlap, and the sweep of {@link Overlaps} would report no pair there. The intervals may come in any order: the
 * order only decides how many groups are cleared (every group of a valid schedule, when each group's intervals come
 * in order of start). Side intervals (given first, in any order, e.g. the control flits of a trace) are sorted by
 * start within their group and merged into the group's stream before the first streamed interval that starts
 * later; those left over are taken at {@link #finish()}. Empty intervals ({@code end <= start}) overlap nothing and
 * are skipped, as {@link Overlaps#add} drops them.
 *
 * @implNote Mutable; one thread at a time. Each group's state lies in one block of the state array (the largest
 *     end so far and, when there are side intervals, the start of the next one and where the group's side
 *     intervals lie), and the side intervals are (start, end) pairs, so that a streamed interval touches one or two
 *     cache lines: on a million groups, misses rather than instructions take the time.
 */
final class Screen {
  /** The largest end of a group that may hold an overlap (a true end of {@code Long.MAX_VALUE} counts as one). */
  private static final long OPEN = Long.MAX_VALUE;
  /** No side interval left. */
  private static final long NO_SIDE = Long.MAX_VALUE;

  private final int groups;
  /**
   * Per group g, from {@code stride * g}: the largest end so far (MIN_VALUE if none, OPEN if not cleared); with side
   * intervals also the start of the next one (NO_SIDE if none), the index of the next one and the end of the group's.
   */
  private long[] state;
  private int stride;
  private int[] sideGroup = new int[16];
  /** Side intervals as pairs (start, end): added in any order, then by group and start once streaming starts. */
  private long[] side = new long[32];
  private int sides;
  private boolean finished;

  Screen(int groups) {
    this.groups = groups;
  }

  /** Adds a side interval of group g; only before the first {@link #stream}. */
  void side(int g, long from, long to) {
    if (state != null) {
      throw new IllegalStateException("side intervals come before the stream");
    }
    if (to <= from) {
      return;
    }
    if (sides == sideGroup.length) {
      sideGroup = Arrays.copyOf(sideGroup, 2 * sides);
      side = Arrays.copyOf(side, 4 * sides);
    }
    sideGroup[sides] = g;
    side[2 * sides] = from;
    side[2 * sides + 1] = to;
    sides++;
  }

  /** Takes the next interval of group g. */
  void stream(int g, long from, long to) {
    if (state == null) {
      startStream();
    }
    if (to <= from) {
      return;
    }
    int x = stride * g;
    long end = state[x];
    if (end == OPEN) {
      return;
    }
    if (stride > 1 && state[x + 1] < from) {
      end = mergeSides(x, end, from);
    }
    state[x] = from < end ? OPEN : to;
  }

  /** Takes the side intervals not merged yet; then {@link #cleared} may be asked. */
  void finish() {
    if (state == null) {
      startStream();
    }
    for (int x = 0; stride > 1 && x < state.length; x += stride) {
      if (state[x + 1] != NO_SIDE && state[x] != OPEN) {
        state[x] = mergeSides(x, state[x], Long.MAX_VALUE);
      }
    }
    // a side interval starting at Long.MAX_VALUE would be empty, so every one has been merged
    finished = true;
  }

  /** True if no two intervals of group g overlap (proved); false if they may. */
  boolean cleared(int g) {
    if (!finished) {
      throw new IllegalStateException("finish() the screen first");
    }
    return state[stride * g] != OPEN;
  }

  /** The number of groups not cleared. */
  int open() {
    if (!finished) {
      throw new IllegalStateException("finish() the screen first");
    }
    int open = 0;
    for (int x = 0; x < state.length; x += stride) {
      open += state[x] == OPEN ? 1 : 0;
    }
    return open;
  }

  /**
   * Merges the side intervals of the group at state[x] that start before {@code before} into its stream after the
   * end {@code end}; returns the new largest end, OPEN if one of them starts before the end so far.
   */
  private long mergeSides(int x, long end, long before) {
    int p = (int) state[x + 2];
    int q = (int) state[x + 3];
    while (p < q && side[2 * p] < before) {
      if (side[2 * p] < end) {
        end = OPEN;
        break;
      }
      end = side[2 * p + 1];
      p++;
    }
    state[x + 1] = end != OPEN && p < q ? side[2 * p] : NO_SIDE;
    state[x + 2] = p;
    return end;
  }

  /** Lays out the state; buckets the side intervals by group (counting sort) and sorts each group's by start. */
  private void startStream() {
    stride = sides == 0 ? 1 : 4;
    state = new long[stride * groups];
    for (int x = 0; x < state.length; x += stride) {
      state[x] = Long.MIN_VALUE;
    }
    if (sides == 0) {
      return;
    }
    int[] bound = new int[groups + 1];
    for (int k = 0; k < sides; k++) {
      bound[sideGroup[k] + 1]++;
    }
    for (int g = 0; g < groups; g++) {
      bound[g + 1] += bound[g];
    }
    int[] fill = Arrays.copyOf(bound, groups);
    long[] sorted = new long[2 * sides];
    for (int k = 0; k < sides; k++) {
      int p = fill[sideGroup[k]]++;
      sorted[2 * p] = side[2 * k];
      sorted[2 * p + 1] = side[2 * k + 1];
    }
    side = sorted;
    sideGroup = null;
    for (int g = 0; g < groups; g++) {
      int lo = bound[g];
      int hi = bound[g + 1];
      int x = stride * g;
      if (hi > lo) {
        sortByStart(lo, hi);
      }
      state[x + 1] = hi > lo ? side[2 * lo] : NO_SIDE;
      state[x + 2] = lo;
      state[x + 3] = hi;
    }
  }

  /** Sorts the side intervals [lo, hi) by start: insertion sort for a few, else a merge sort of positions. */
  private void sortByStart(int lo, int hi) {
    boolean sorted = true;
    for (int p = lo + 1; p < hi && sorted; p++) {
      sorted = side[2 * p - 2] <= side[2 * p];
    }
    if (sorted) {
      return;
    }
    int count = hi - lo;
    long[] from = new long[count];
    for (int k = 0; k < count; k++) {
      from[k] = side[2 * (lo + k)];
    }
    int[] perm = new int[count];
    for (int k = 0; k < count; k++) {
      perm[k] = k;
    }
    Overlaps.mergeSort(perm, new int[count], from, 0, 0, count);
    long[] was = Arrays.copyOfRange(side, 2 * lo, 2 * hi);
    for (int k = 0; k < count; k++) {
      side[2 * (lo + k)] = was[2 * perm[k]];
      side[2 * (lo + k) + 1] = was[2 * perm[k] + 1];
    }
  }
}
