package org.commsched.core.check;

import java.util.Arrays;

/**
 * Half-open time intervals {@code [start, end)}, each in a group (an arc, a link or a node port), and every pair
 * of intervals of one group that overlap.
 *
 * <p>The intervals are bucketed by group (counting sort) and sorted by start inside each bucket (merge sort),
 * then swept once keeping the intervals still open: O(N log N) plus the number of pairs reported. In a valid
 * schedule at most one interval of a group is open at a time, so the sweep is linear after the sort.
 *
 * @implNote Mutable builder; arrays grow by doubling. An interval carries an owner (a caller's index: a
 *     message, a control transfer, a transmission) and the arc it uses.
 */
final class Overlaps {

  /** Receives one overlapping pair (first started no later than second); returns false to stop. */
  interface Sink {
    boolean pair(int group, int first, int second);
  }

  private final int groups;
  private int[] group;
  private long[] start;
  private long[] end;
  private int[] owner;
  private int[] arc;
  private int size;

  Overlaps(int groups, long expected) {
    this.groups = groups;
    int cap = (int) Math.max(16, Math.min(expected, Integer.MAX_VALUE - 16));
    group = new int[cap];
    start = new long[cap];
    end = new long[cap];
    owner = new int[cap];
    arc = new int[cap];
  }

  /** Adds an interval; empty intervals ({@code end <= start}) overlap nothing and are dropped. */
  void add(int g, long s, long e, int ownerIndex, int arcId) {
    if (e <= s) {
      return;
    }
    if (size == group.length) {
      int cap = size * 2;
      group = Arrays.copyOf(group, cap);
      start = Arrays.copyOf(start, cap);
      end = Arrays.copyOf(end, cap);
      owner = Arrays.copyOf(owner, cap);
      arc = Arrays.copyOf(arc, cap);
    }
    group[size] = g;
    start[size] = s;
    end[size] = e;
    owner[size] = ownerIndex;
    arc[size] = arcId;
    size++;
  }

  long start(int i) {
    return start[i];
  }

  long end(int i) {
    return end[i];
  }

  int owner(int i) {
    return owner[i];
  }

  int arc(int i) {
    return arc[i];
  }

  /** Calls the sink for every overlapping pair of intervals of the same group, group by group. */
  void sweep(Sink sink) {
    int[] offset = new int[groups + 1];
    for (int i = 0; i < size; i++) {
      offset[group[i] + 1]++;
    }
    for (int g = 0; g < groups; g++) {
      offset[g + 1] += offset[g];
    }
    int[] order = new int[size];
    int[] fill = Arrays.copyOf(offset, groups);
    for (int i = 0; i < size; i++) {
      order[fill[group[i]]++] = i;
    }
    int[] tmp = new int[size];
    int[] open = new int[8];
    for (int g = 0; g < groups; g++) {
      int lo = offset[g];
      int hi = offset[g + 1];
      if (hi - lo < 2) {
        continue;
      }
      sortByStart(order, tmp, lo, hi);
      int n = 0;
      for (int p = lo; p < hi; p++) {
        int b = order[p];
        int kept = 0;
        for (int q = 0; q < n; q++) {
          if (end[open[q]] > start[b]) {
            open[kept++] = open[q];
          }
        }
        n = kept;
        for (int q = 0; q < n; q++) {
          if (!sink.pair(g, open[q], b)) {
            return;
          }
        }
        if (n == open.length) {
          open = Arrays.copyOf(open, n * 2);
        }
        open[n++] = b;
      }
    }
  }

  /** Stable merge sort of order[lo, hi) by start. */
  private void sortByStart(int[] order, int[] tmp, int lo, int hi) {
    if (hi - lo < 2) {
      return;
    }
    int mid = (lo + hi) >>> 1;
    sortByStart(order, tmp, lo, mid);
    sortByStart(order, tmp, mid, hi);
    if (start[order[mid - 1]] <= start[order[mid]]) {
      return;
    }
    System.arraycopy(order, lo, tmp, lo, hi - lo);
    int i = lo;
    int j = mid;
    for (int k = lo; k < hi; k++) {
      if (j >= hi || (i < mid && start[tmp[i]] <= start[tmp[j]])) {
        order[k] = tmp[i++];
      } else {
        order[k] = tmp[j++];
      }
    }
  }
}
