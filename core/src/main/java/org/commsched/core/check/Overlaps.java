package org.commsched.core.check;

import java.util.Arrays;
import java.util.stream.IntStream;

/**
 * Half-open time intervals {@code [start, end)}, each in a group (an arc, a link or a node port),
 * and every pair of intervals of one group that overlap.
 *
 * <p>The intervals are bucketed by group (counting sort) and sorted stably by start inside each
 * bucket, then swept once keeping the intervals still open: O(N log N) plus the number of pairs
 * reported. In a valid schedule at most one interval of a group is open at a time, so the sweep is
 * linear after the sort. The sort is a radix sort on the starts for large groups, a sort of
 * primitive keys (start, position) for small ones, and a merge sort when the starts lie too far
 * apart for either; the groups of a large set are sorted in parallel. The pairs are reported in the
 * same order in every case. When the groups far outnumber the intervals (the arcs of a large
 * complete graph), only the groups in use are numbered, so the cost follows the intervals.
 *
 * @implNote Mutable builder; arrays grow by doubling. An interval carries an owner (a caller's
 *     index: a message, a control transfer, a transmission) and the arc it uses.
 */
final class Overlaps {

  /** Receives one overlapping pair (first started no later than second); returns false to stop. */
  interface Sink {
    boolean pair(int group, int first, int second);
  }

  /** Intervals from which the buckets are sorted on the common fork-join pool. */
  private static final int PARALLEL = 1 << 16;

  /** Groups from which the sort is a radix sort on the starts. */
  static final int RADIX = 1 << 12;

  private final int groups;
  private boolean packed = true;
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

  /** Sorts by comparing starts only (the merge sort), for tests that hold the other sorts to it. */
  Overlaps comparingStarts() {
    packed = false;
    return this;
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
    sweep(g -> 1, sink);
  }

  /**
   * Calls the sink, group by group, for every interval that starts while {@code capacity(group)} or
   * more intervals of its group are still open, paired with each of those: with capacity 1, every
   * overlapping pair (a group that holds several intervals at once, such as an arc of several
   * channels, has a larger capacity).
   */
  void sweep(java.util.function.IntUnaryOperator capacity, Sink sink) {
    // many more groups than intervals (the arcs of a large complete graph): number the groups in
    // use instead
    int groups = this.groups;
    int[] group = this.group;
    int[] names = null;
    if (groups > 2L * size + 1024) {
      names = Arrays.copyOf(group, size);
      Arrays.sort(names);
      int used = 0;
      for (int i = 0; i < size; i++) {
        if (used == 0 || names[used - 1] != names[i]) {
          names[used++] = names[i];
        }
      }
      group = new int[size];
      for (int i = 0; i < size; i++) {
        group[i] = Arrays.binarySearch(names, 0, used, this.group[i]);
      }
      groups = used;
    }
    int[] offset = new int[groups + 1];
    for (int i = 0; i < size; i++) {
      offset[group[i] + 1]++;
    }
    for (int g = 0; g < groups; g++) {
      offset[g + 1] += offset[g];
    }
    // bucket by group, copying the times next to each other so that the sort and the sweep read
    // them in order
    int[] order = new int[size];
    long[] from = new long[size];
    long[] to = new long[size];
    int[] fill = Arrays.copyOf(offset, groups);
    for (int i = 0; i < size; i++) {
      int p = fill[group[i]]++;
      order[p] = i;
      from[p] = start[i];
      to[p] = end[i];
    }
    IntStream each = IntStream.range(0, groups);
    (size >= PARALLEL ? each.parallel() : each)
        .forEach(g -> sortByStart(order, from, to, offset[g], offset[g + 1]));
    int[] open = new int[8]; // positions of the intervals still open
    for (int g = 0; g < groups; g++) {
      int name = names == null ? g : names[g];
      int n = 0;
      for (int p = offset[g]; p < offset[g + 1]; p++) {
        int kept = 0;
        for (int q = 0; q < n; q++) {
          if (to[open[q]] > from[p]) {
            open[kept++] = open[q];
          }
        }
        n = kept;
        for (int q = 0; n >= (capacity == null ? 1 : capacity.applyAsInt(name)) && q < n; q++) {
          if (!sink.pair(name, order[open[q]], order[p])) {
            return;
          }
        }
        if (n == open.length) {
          open = Arrays.copyOf(open, n * 2);
        }
        open[n++] = p;
      }
    }
  }

  /**
   * Sorts positions [lo, hi) of the three parallel arrays stably by {@code from}: a radix sort for
   * a large group, else, when the starts' spread and the positions fit in one long together, a sort
   * of the primitive keys {@code (from - min) * 2^bits + position}; otherwise a merge sort that
   * compares the starts.
   */
  private void sortByStart(int[] order, long[] from, long[] to, int lo, int hi) {
    int count = hi - lo;
    if (count < 2) {
      return;
    }
    long min = Long.MAX_VALUE;
    long max = Long.MIN_VALUE;
    boolean sorted = true;
    for (int p = lo; p < hi; p++) {
      min = Math.min(min, from[p]);
      max = Math.max(max, from[p]);
      sorted &= p == lo || from[p - 1] <= from[p];
    }
    if (sorted) {
      return;
    }
    int bits = 64 - Long.numberOfLeadingZeros(count - 1L);
    long spread = max - min; // negative if it overflows
    int[] perm = new int[count];
    if (packed && count >= RADIX && spread >= 0 && spread < (1L << 44)) {
      radixSort(perm, from, lo, min, spread);
    } else if (!packed || spread < 0 || (spread >>> (63 - bits)) != 0) {
      for (int k = 0; k < count; k++) {
        perm[k] = k;
      }
      mergeSort(perm, new int[count], from, lo, 0, count);
    } else {
      long[] keys = new long[count];
      for (int k = 0; k < count; k++) {
        keys[k] = ((from[lo + k] - min) << bits) | k;
      }
      Arrays.sort(keys);
      long mask = (1L << bits) - 1;
      for (int k = 0; k < count; k++) {
        perm[k] = (int) (keys[k] & mask);
      }
    }
    int[] was = Arrays.copyOfRange(order, lo, hi);
    long[] wasFrom = Arrays.copyOfRange(from, lo, hi);
    long[] wasTo = Arrays.copyOfRange(to, lo, hi);
    for (int k = 0; k < count; k++) {
      order[lo + k] = was[perm[k]];
      from[lo + k] = wasFrom[perm[k]];
      to[lo + k] = wasTo[perm[k]];
    }
  }

  /**
   * perm = the positions 0..count-1 of from[lo, lo + count) stably sorted by {@code from - min} (at
   * most spread), by least-significant-digit counting sorts on 11-bit digits.
   */
  private static void radixSort(int[] perm, long[] from, int lo, long min, long spread) {
    int count = perm.length;
    long[] key = new long[count];
    for (int k = 0; k < count; k++) {
      perm[k] = k;
      key[k] = from[lo + k] - min;
    }
    int[] perm2 = new int[count];
    long[] key2 = new long[count];
    int[] first = new int[(1 << 11) + 1];
    for (int shift = 0; (spread >>> shift) != 0; shift += 11) {
      Arrays.fill(first, 0);
      for (int k = 0; k < count; k++) {
        first[(int) ((key[k] >>> shift) & 2047) + 1]++;
      }
      for (int d = 0; d < 2048; d++) {
        first[d + 1] += first[d];
      }
      for (int k = 0; k < count; k++) {
        int p = first[(int) ((key[k] >>> shift) & 2047)]++;
        perm2[p] = perm[k];
        key2[p] = key[k];
      }
      System.arraycopy(perm2, 0, perm, 0, count);
      long[] t = key;
      key = key2;
      key2 = t;
    }
  }

  /** Stable merge sort of perm[lo, hi) (offsets from base) by from[base + perm[k]]. */
  static void mergeSort(int[] perm, int[] tmp, long[] from, int base, int lo, int hi) {
    if (hi - lo < 2) {
      return;
    }
    int mid = (lo + hi) >>> 1;
    mergeSort(perm, tmp, from, base, lo, mid);
    mergeSort(perm, tmp, from, base, mid, hi);
    if (from[base + perm[mid - 1]] <= from[base + perm[mid]]) {
      return;
    }
    System.arraycopy(perm, lo, tmp, lo, hi - lo);
    int i = lo;
    int j = mid;
    for (int k = lo; k < hi; k++) {
      if (j >= hi || (i < mid && from[base + tmp[i]] <= from[base + tmp[j]])) {
        perm[k] = tmp[i++];
      } else {
        perm[k] = tmp[j++];
      }
    }
  }
}
