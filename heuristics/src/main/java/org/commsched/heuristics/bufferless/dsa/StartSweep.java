package org.commsched.heuristics.bufferless.dsa;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Supplier;

/**
 * Finishes a partial layout in O(n log n) ({@link #lower}, two sweeps; with nothing placed also the
 * layered sweeps of {@link #layered}, O(k n log n)): the buffers not placed yet go, in order of
 * start (ties: size decreasing, then index), at the lowest offset that is free over their whole
 * lifespan, in a sweep over the start times that holds the offset intervals of the buffers alive
 * (placed before the sweep or by it) in a balanced tree. Used when the first pass of {@link
 * BestFit#layout} is stopped at the run's limit.
 *
 * <p><b>Sweep.</b> At each start time t, the buffers that ended by t leave the tree, the
 * already-placed buffers starting at t enter it, then each unplaced buffer i starting at t is put
 * at the lowest x at least {@code floor_i} with {@code [x, x + s_i)} disjoint from every interval
 * in the tree, and enters it. {@code floor_i} is the highest end of the already-placed buffers that
 * start strictly inside i's lifespan (a range maximum over the start times, {@link RangeMax}): they
 * are not in the tree yet when i is placed, so i goes above them (a conservative rule that keeps
 * the sweep O(log n) a buffer; the gaps among the already-placed buffers alive at i's start are
 * used).
 *
 * <p><b>Valid.</b> Take i placed by the sweep and j alive with it. If j started no later than i and
 * was placed before i (already placed, or earlier in the sweep), j is alive at i's start, so it is
 * in the tree and i avoids it. If j is already placed and starts inside i's lifespan, i lies above
 * {@code floor_i >= x_j + s_j}. If j is placed by the sweep after i, the first case holds with i
 * and j swapped.
 *
 * <p><b>Height.</b> Never above the skyline in the same order (each unplaced buffer, in order of
 * start, at the highest end of the buffers alive with it that are already placed or placed before
 * it), buffer by buffer: by induction, the top of the highest interval alive at i's start (or
 * {@code floor_i}, whichever is higher) is free for i, and it is at most where the skyline puts i.
 * Nothing better is claimed: first fit by start on intervals has no constant factor over the load
 * in general (Garey and Johnson's survey of storage allocation).
 *
 * <p><b>Tree.</b> A treap keyed by offset over the intervals alive, which are pairwise disjoint;
 * each node keeps the gap below its interval (down to the end of the interval before it, or to 0)
 * and the largest such gap in its subtree, so that the lowest gap of at least s above a point is
 * found in O(log n) expected; inserting or removing an interval re-keys the gap of the one after
 * it. Buffers of size 0 or of an empty lifespan never enter the tree.
 *
 * @implNote Stateful for one {@link #finish} call; not thread-safe.
 */
public final class StartSweep {
  private final int[] left;
  private final int[] right;
  private final int[] prio;
  private final long[] key;
  private final long[] end;
  private final long[] gap;
  private final long[] maxGap;

  /** The nodes from the root down to one node ({@link #setGap}). */
  private final int[] path;

  private int root = -1;
  private int splitLeft;
  private int splitRight;

  private StartSweep(int n) {
    path = new int[n];
    left = new int[n];
    right = new int[n];
    prio = new int[n];
    key = new long[n];
    end = new long[n];
    gap = new long[n];
    maxGap = new long[n];
    SplittableRandom r = new SplittableRandom(0x5eed);
    for (int i = 0; i < n; i++) {
      prio[i] = r.nextInt();
    }
  }

  /**
   * {@link #lower} on the buffers of {@code instance} (a dsa instance, or chatting on a ula read as
   * buffers): the messages with {@code placed[i]} keep {@code slots[i]} (a valid partial virtual
   * schedule, in message order), the others are placed by the sweep (or every message is, if that
   * is lower). For a method other than {@code best-fit} stopped at its limit before it placed every
   * buffer ({@code first-fit}). Neither array is changed.
   *
   * @throws IllegalArgumentException if the instance is not on a ula
   */
  public static long[] lower(
      org.commsched.core.model.Instance instance, long[] slots, boolean[] placed) {
    if (Buffers.ULA.whyNot().apply(instance) != null) {
      throw new IllegalArgumentException("the sweep lays out buffers, i.e. messages on a ula");
    }
    Buffers b = new Buffers(instance);
    return lower(b.lo, b.hi, b.size, b.points, slots, placed);
  }

  /**
   * The lower (ties: the first) of two layouts made by {@link #finish}: the buffers not placed
   * finished around the placed ones at {@code off}, and every buffer placed by the sweep alone
   * (nothing kept). The already-placed buffers make the first sweep put a buffer above those
   * starting inside its lifespan, which can cost more than their own placements gained (1024
   * placements cut short on 10^5 buffers: 1.30-1.36 x the load where the sweep alone gave 1.02-1.08
   * x, docs/BENCHMARKS.md); keeping the lower of the two is never above either. With nothing placed
   * the two are the same layout, and the answer is {@link #fresh}'s (that layout, or a lower
   * layered one). {@code off} is not changed.
   *
   * <p>This runs after a method's time limit has passed (a first pass cut short), so with more than
   * one core the two layouts are made at once, each on a thread of its own (they share nothing but
   * the read-only inputs): on 10^5 buffers each takes a few tenths of a second, which counted twice
   * against the return by limit + 2 s (docs/BENCHMARKS.md, "Memory layouts at --time-limit 1"). The
   * answer is the same either way.
   */
  static long[] lower(int[] lo, int[] hi, long[] size, int points, long[] off, boolean[] placed) {
    boolean any = false;
    for (int i = 0; i < placed.length && !any; i++) {
      any = placed[i];
    }
    if (!any) {
      return fresh(lo, hi, size, points, FRESH_GRACE);
    }
    Supplier<long[]> sweepAlone =
        () -> {
          long[] alone = new long[lo.length];
          finish(lo, hi, size, points, alone, new boolean[lo.length]);
          return alone;
        };
    CompletableFuture<long[]> other =
        Runtime.getRuntime().availableProcessors() > 1
            ? CompletableFuture.supplyAsync(
                sweepAlone,
                r -> {
                  Thread t = new Thread(r, "commsched-sweep");
                  t.setDaemon(true);
                  t.start();
                })
            : null;
    long[] kept = off.clone();
    finish(lo, hi, size, points, kept, placed);
    long[] alone = other == null ? sweepAlone.get() : join(other);
    return height(alone, size) < height(kept, size) ? alone : kept;
  }

  /**
   * The numbers of layers of the layered sweeps ({@link #layered}) that {@link #fresh} tries
   * besides the sweep alone. On idealloc's files with nothing placed (docs/BENCHMARKS.md, "Large ML
   * traces"): the sweep alone 1.1220 x the load on pangu_2.6B, 1.0217 on Y_1 and 1.2627 on S_1; 8
   * layers 1.0927, 1.0049 and 1.0387; 12 layers 1.0372, 1.0067 and 1.0416. On 10^5 random buffers
   * (sizes log-uniform 1..4096) the sweep alone was lower (1.078 against 1.115 and 1.130), hence
   * the lowest of the three. 12 first: on a loaded machine only the first layered sweep is made
   * ({@link #FRESH_GRACE}), and 8 first left pangu_2.6B at 1.0927.
   */
  static final int[] LAYERS = {12, 8};

  /**
   * How long after its start {@link #fresh} still begins a layered sweep after the first
   * (nanoseconds): it runs after the time limit has passed, and the return by limit + 2 s must hold
   * (on 10^5 buffers a layered sweep took 1.2 to 1.4 s of CPU on a loaded machine, the sweep alone
   * 0.8 s). With a grace of a second the first layered sweep was cut on IOPDDL's Y_1 in a cold JVM
   * and the sweep alone (1.0217 x the load) was the answer, so the first one always runs to its
   * end.
   */
  static final long FRESH_GRACE = 500_000_000L;

  /**
   * A layout of every buffer from nothing: the lowest (ties: the first) of the sweep alone ({@link
   * #finish} with nothing placed) and the layered sweeps of {@link #LAYERS} layers, the layered
   * ones made on a second thread if there are two cores, the first always, each later one only if
   * {@code graceNanos} have not passed since this call (a layered sweep begun runs to its end), so
   * that the answer comes at most one layered sweep after that. Used when a first pass is stopped
   * before its first placement: the sweep alone ignores sizes, and on ML traces, whose large
   * buffers are few, laying out the large ones first is far lower.
   */
  static long[] fresh(int[] lo, int[] hi, long[] size, int points, long graceNanos) {
    int n = lo.length;
    long until = System.nanoTime() + graceNanos;
    Supplier<long[]> layers =
        () -> {
          long[] best = null;
          for (int q = 0; q < LAYERS.length && (q == 0 || System.nanoTime() - until < 0); q++) {
            long[] o = layered(lo, hi, size, points, LAYERS[q]);
            if (best == null || height(o, size) < height(best, size)) {
              best = o;
            }
          }
          return best;
        };
    CompletableFuture<long[]> other =
        Runtime.getRuntime().availableProcessors() > 1
            ? CompletableFuture.supplyAsync(
                layers,
                r -> {
                  Thread t = new Thread(r, "commsched-sweep");
                  t.setDaemon(true);
                  t.start();
                })
            : null;
    long[] alone = new long[n];
    finish(lo, hi, size, points, alone, new boolean[n]);
    long[] lay = other == null ? layers.get() : join(other);
    return height(lay, size) < height(alone, size) ? lay : alone;
  }

  private static long[] join(CompletableFuture<long[]> f) {
    try {
      return f.join();
    } catch (CompletionException e) {
      if (e.getCause() instanceof RuntimeException r) {
        throw r; // what the sweep threw, as if made here
      }
      if (e.getCause() instanceof Error err) {
        throw err;
      }
      throw e;
    }
  }

  /**
   * The layered sweep of {@code k} layers. The buffers in order of size decreasing (ties: index)
   * are cut into k layers of about equal area (size times the number of time points of the
   * lifespan): buffer i is in layer {@code min(k - 1, floor(k A_i / A))}, A_i the area of the
   * buffers before it in that order, A the total. Layer 0 is laid out by the sweep alone, then each
   * layer g by the sweep ({@link #finish}) around layers 0..g-1, the later layers absent. Valid:
   * each sweep keeps a valid partial layout valid; O(k n log n). It puts the few large buffers (the
   * weights of an ML trace) into place before the many small ones fill the gaps.
   */
  static long[] layered(int[] lo, int[] hi, long[] size, int points, int k) {
    int n = lo.length;
    Integer[] bySize = new Integer[n];
    double total = 0;
    for (int i = 0; i < n; i++) {
      bySize[i] = i;
      total += area(lo, hi, size, i);
    }
    Arrays.sort(
        bySize,
        (x, y) -> size[x] != size[y] ? Long.compare(size[y], size[x]) : Integer.compare(x, y));
    int[] layer = new int[n];
    double before = 0;
    for (int q = 0; q < n; q++) {
      int i = bySize[q];
      layer[i] = total <= 0 ? 0 : (int) Math.min(k - 1, Math.floor(k * before / total));
      before += area(lo, hi, size, i);
    }
    long[] off = new long[n];
    for (int g = 0; g < k; g++) {
      int m = 0;
      for (int i = 0; i < n; i++) {
        m += layer[i] <= g ? 1 : 0;
      }
      int[] id = new int[m];
      int[] sLo = new int[m];
      int[] sHi = new int[m];
      long[] sSize = new long[m];
      long[] sOff = new long[m];
      boolean[] sPlaced = new boolean[m];
      for (int i = 0, c = 0; i < n; i++) {
        if (layer[i] <= g) {
          id[c] = i;
          sLo[c] = lo[i];
          sHi[c] = hi[i];
          sSize[c] = size[i];
          sOff[c] = off[i];
          sPlaced[c++] = layer[i] < g;
        }
      }
      finish(sLo, sHi, sSize, points, sOff, sPlaced);
      for (int c = 0; c < m; c++) {
        off[id[c]] = sOff[c];
      }
    }
    return off;
  }

  private static double area(int[] lo, int[] hi, long[] size, int i) {
    return (double) size[i] * Math.max(0, hi[i] - lo[i]);
  }

  private static long height(long[] off, long[] size) {
    long h = 0;
    for (int i = 0; i < off.length; i++) {
      h = Math.max(h, off[i] + size[i]);
    }
    return h;
  }

  /**
   * Places every buffer i with {@code !placed[i]} into {@code off} (see the class comment), given
   * the buffers with {@code placed[i]} at {@code off[i]} (a valid partial layout); lifespans {@code
   * [lo_i, hi_i)} on {@code points} points. {@code placed} is not changed.
   */
  static void finish(int[] lo, int[] hi, long[] size, int points, long[] off, boolean[] placed) {
    int n = lo.length;
    if (n == 0) {
      return;
    }
    long[] startTop = new long[Math.max(1, points)];
    boolean any = false;
    for (int j = 0; j < n; j++) {
      if (placed[j]) {
        startTop[lo[j]] = Math.max(startTop[lo[j]], off[j] + size[j]);
        any = true;
      }
    }
    RangeMax above = any ? RangeMax.of(startTop, Math.max(1, points)) : null;
    int[] byStart = byStart(lo, size, points, placed);
    int[] byEnd = new int[n];
    long[] ends = new long[n];
    for (int i = 0; i < n; i++) {
      ends[i] = (long) hi[i] << 32 | i;
    }
    Arrays.sort(ends);
    for (int q = 0; q < n; q++) {
      byEnd[q] = (int) ends[q];
    }
    StartSweep t = new StartSweep(n);
    boolean[] in = new boolean[n];
    int e = 0;
    for (int q = 0; q < n; q++) {
      int i = byStart[q];
      for (; e < n && hi[byEnd[e]] <= lo[i]; e++) {
        if (in[byEnd[e]]) {
          t.remove(byEnd[e]);
          in[byEnd[e]] = false;
        }
      }
      if (!placed[i]) {
        long floor =
            above != null && lo[i] + 1 < hi[i] ? Math.max(0, above.max(lo[i] + 1, hi[i])) : 0;
        off[i] = t.firstFit(size[i], floor);
      }
      if (size[i] > 0 && lo[i] < hi[i]) {
        t.insert(i, off[i], off[i] + size[i]);
        in[i] = true;
      }
    }
  }

  /**
   * The buffers by start, the already-placed first, then size decreasing, then index: one sort of
   * primitive keys (start, placed, rank of the size, index packed into a long) when they fit in 63
   * bits, else a sort by comparator.
   */
  private static int[] byStart(int[] lo, long[] size, int points, boolean[] placed) {
    int n = lo.length;
    int bits = 32 - Integer.numberOfLeadingZeros(Math.max(n, points));
    if (3 * bits + 1 > 63) {
      return BestFit.sorted(
          n,
          (x, y) ->
              lo[x] != lo[y]
                  ? Integer.compare(lo[x], lo[y])
                  : placed[x] != placed[y]
                      ? (placed[x] ? -1 : 1)
                      : size[x] != size[y]
                          ? Long.compare(size[y], size[x])
                          : Integer.compare(x, y));
    }
    long[] sizes = size.clone();
    Arrays.sort(sizes);
    long[] key = new long[n];
    for (int i = 0; i < n; i++) {
      long down =
          n - 1 - lastIndex(sizes, size[i]); // equal sizes, equal ranks; larger sizes, lower ranks
      key[i] =
          (long) lo[i] << (2 * bits + 1) | (placed[i] ? 0L : 1L) << (2 * bits) | down << bits | i;
    }
    Arrays.sort(key);
    int[] out = new int[n];
    long mask = (1L << bits) - 1;
    for (int q = 0; q < n; q++) {
      out[q] = (int) (key[q] & mask);
    }
    return out;
  }

  /** The last index of v in the sorted array a (v is in it). */
  private static int lastIndex(long[] a, long v) {
    int l = 0;
    int r = a.length; // a[l] <= v < a[r]
    while (r - l > 1) {
      int m = (l + r) >>> 1;
      if (a[m] <= v) {
        l = m;
      } else {
        r = m;
      }
    }
    return l;
  }

  /** The lowest x >= floor with {@code [x, x + s)} disjoint from every interval in the tree. */
  private long firstFit(long s, long floor) {
    long c = Math.max(floor, prevEnd(floor + 1));
    int q = ceiling(c);
    if (q < 0 || key[q] - c >= s) {
      return c;
    }
    int r = lowestGapAbove(root, key[q], s);
    return r >= 0 ? key[r] - gap[r] : lastEnd();
  }

  /**
   * The node of lowest key above k in subtree t whose gap is at least s, or -1: down the boundary
   * of the keys above k, and at most one descent ({@link #lowestGap}) into a subtree wholly above
   * k, O(depth).
   */
  private int lowestGapAbove(int t, long k, long s) {
    while (t >= 0 && maxGap[t] >= s) {
      if (key[t] <= k) {
        t = right[t];
        continue;
      }
      int r = lowestGapAbove(left[t], k, s);
      if (r >= 0) {
        return r;
      }
      if (gap[t] >= s) {
        return t;
      }
      return lowestGap(right[t], s);
    }
    return -1;
  }

  private void insert(int i, long x, long e) {
    long pe = prevEnd(x);
    int q = ceiling(x);
    key[i] = x;
    end[i] = e;
    gap[i] = x - pe;
    left[i] = -1;
    right[i] = -1;
    pull(i);
    split(root, x);
    int a = splitLeft;
    int b = splitRight;
    root = merge(merge(a, i), b);
    if (q >= 0) {
      setGap(q, key[q] - e);
    }
  }

  private void remove(int i) {
    long x = key[i];
    split(root, x);
    int a = splitLeft;
    split(splitRight, x + 1);
    int c = splitRight;
    root = merge(a, c);
    long pe = prevEnd(x);
    int q = ceiling(x);
    if (q >= 0) {
      setGap(q, key[q] - pe);
    }
  }

  /** Sets the gap of node q and refreshes the largest gaps on the path from the root down to it. */
  private void setGap(int q, long g) {
    int d = 0;
    for (int t = root; t != q; t = key[q] < key[t] ? left[t] : right[t]) {
      path[d++] = t;
    }
    gap[q] = g;
    pull(q);
    while (d > 0) {
      pull(path[--d]);
    }
  }

  /** The end of the interval with the highest key below x, or 0. */
  private long prevEnd(long x) {
    long res = 0;
    for (int t = root; t >= 0; ) {
      if (key[t] < x) {
        res = end[t];
        t = right[t];
      } else {
        t = left[t];
      }
    }
    return res;
  }

  /** The node with the lowest key at least x, or -1. */
  private int ceiling(long x) {
    int res = -1;
    for (int t = root; t >= 0; ) {
      if (key[t] >= x) {
        res = t;
        t = left[t];
      } else {
        t = right[t];
      }
    }
    return res;
  }

  private long lastEnd() {
    long res = 0;
    for (int t = root; t >= 0; t = right[t]) {
      res = end[t];
    }
    return res;
  }

  /** The node of lowest key in subtree t whose gap is at least s, or -1. */
  private int lowestGap(int t, long s) {
    if (t < 0 || maxGap[t] < s) {
      return -1;
    }
    while (true) {
      if (left[t] >= 0 && maxGap[left[t]] >= s) {
        t = left[t];
      } else if (gap[t] >= s) {
        return t;
      } else {
        t = right[t];
      }
    }
  }

  private void pull(int t) {
    long m = gap[t];
    if (left[t] >= 0) {
      m = Math.max(m, maxGap[left[t]]);
    }
    if (right[t] >= 0) {
      m = Math.max(m, maxGap[right[t]]);
    }
    maxGap[t] = m;
  }

  /** Splits subtree t into keys below k ({@link #splitLeft}) and the rest ({@link #splitRight}). */
  private void split(int t, long k) {
    if (t < 0) {
      splitLeft = -1;
      splitRight = -1;
      return;
    }
    if (key[t] < k) {
      split(right[t], k);
      right[t] = splitLeft;
      pull(t);
      splitLeft = t;
    } else {
      split(left[t], k);
      left[t] = splitRight;
      pull(t);
      splitRight = t;
    }
  }

  private int merge(int a, int b) {
    if (a < 0) {
      return b;
    }
    if (b < 0) {
      return a;
    }
    if (prio[a] > prio[b]) {
      right[a] = merge(right[a], b);
      pull(a);
      return a;
    }
    left[b] = merge(a, left[b]);
    pull(b);
    return b;
  }
}
