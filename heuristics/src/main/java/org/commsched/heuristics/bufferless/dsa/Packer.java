package org.commsched.heuristics.bufferless.dsa;

import java.util.Arrays;

/**
 * Places buffers one at a time into a partial layout: a buffer goes into the first gap that holds
 * it, among the placed buffers whose lifespans overlap its own (first fit), or into the smallest
 * such gap, lowest first (best fit), else on top of them: the overlapping placed buffers are found
 * through a static index of all lifespans, sorted by offset and swept for the gaps between them.
 *
 * <p><b>Index.</b> A buffer j overlaps buffer i iff {@code lo_j} lies in {@code [lo_i, hi_i)} (a
 * range of the buffers sorted by {@code lo}) or j is alive at the point {@code lo_i} and starts
 * before it (a stabbing query of a segment tree over the time points, each lifespan stored at its
 * O(log P) canonical nodes). A query costs O(log P + k) for k overlapping buffers, placed or not
 * (copied without a branch on whether each is placed, which a processor cannot predict), and the
 * gap sweep about O(k') for the k' placed ones (a counting sort by offset, see {@link #sortHits});
 * memory O(n log P). The buffers are read in start order (the index and the offsets kept by
 * position in that order), so that a query reads memory almost sequentially. Nothing is
 * proportional to the raw times (the times are compressed points).
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

  /** Position of each buffer in {@link #byLo}. */
  private final int[] rank;

  /** By position in {@link #byLo}: the offset, and offset + size if placed, else -1. */
  private final long[] rOff;

  private final long[] rEnd;

  /**
   * Moves per hit the insertion sort of {@link #sortHits} may make before it gives way to a radix
   * sort (measured with a sort of packed keys in its place: a keyed sort of every bucket above 16
   * hits instead cost 30 % on a pass over 10^5 random buffers and twice the CPU on MindSpore's
   * pangu_2.6B trace, whose large buckets are almost in order; 16 moves a hit was slower on
   * IOPDDL's S_1 than 64).
   */
  static final int INSERTION_BUDGET = 64;

  /** The budget of {@link #sortHits}: {@link #INSERTION_BUDGET}; tests lower it. */
  int insertionBudget = INSERTION_BUDGET;

  /**
   * From how many hits {@link #sortHits} goes to the radix sort at once: {@link #RADIX_MIN}; tests
   * lower it.
   */
  int radixMin = RADIX_MIN;

  private int[] hits = new int[64];

  /**
   * The offsets and ends of the hits of {@link #fit}, their offset order, and the counting sort's
   * buckets.
   */
  private long[] offs = new long[64];

  private long[] ends = new long[64];
  private int[] order = new int[64];
  private int[] count = new int[129];

  /** The most bits of a pass of {@link #radixSort}. */
  static final int RADIX_BITS = 13;

  /**
   * From this many hits on, {@link #sortHits} sorts by {@link #radixSort} at once (measured by
   * thread CPU of a first-fit pass in the contention order, the machine shared: IOPDDL's Y_1 11 s
   * with the insertion sort and its fallback, 5.2 s with the radix sort from 1,024 hits, 5.6 s from
   * 256, 8.0 s from 4,096; S_1 1.7 s against 1.0 s; MindSpore's pangu_2.6B, whose large buckets are
   * almost in order, 0.3 s against 0.5 s).
   */
  static final int RADIX_MIN = 1024;

  /** The offsets and hits of {@link #radixSort}, in the order of a pass and of the next. */
  private long[] keys = new long[64];

  private long[] keys2 = new long[64];
  private int[] order2 = new int[64];

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
    rank = new int[n];
    for (int q = 0; q < n; q++) {
      rank[byLo[q]] = q;
    }
    // the segment lists hold positions in byLo, ascending (memory is then read almost in order)
    for (int q = 0; q < n; q++) {
      int i = byLo[q];
      for (int l = lo[i] + base, r = hi[i] + base; l < r; l >>= 1, r >>= 1) {
        if ((l & 1) == 1) {
          segItems[pos[l++]++] = q;
        }
        if ((r & 1) == 1) {
          segItems[pos[--r]++] = q;
        }
      }
    }
    rOff = new long[n];
    rEnd = new long[n];
    Arrays.fill(rEnd, -1);
  }

  /**
   * The buffers (other than i) whose lifespans overlap buffer i's, placed ones only if {@code
   * placedOnly}; into {@link #hits}, returns the count.
   */
  int overlapping(int i, boolean placedOnly) {
    int k = 0;
    for (int q = loStart[lo[i]], end = loStart[hi[i]]; q < end; q++) {
      int j = byLo[q];
      if (j != i && (!placedOnly || placed[j])) {
        k = add(k, j);
      }
    }
    int first = loStart[lo[i]];
    for (int v = lo[i] + base; v >= 1; v >>= 1) {
      for (int q = segStart[v], end = segStart[v + 1]; q < end; q++) {
        int j = byLo[segItems[q]];
        if (segItems[q] < first && (!placedOnly || placed[j])) {
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
   * The offset for buffer i among the placed buffers: the lowest gap that holds it ({@code best ==
   * false}) or the smallest such gap, lowest on ties ({@code best == true}); else the top of the
   * overlapping placed buffers (sorting the overlapping placed buffers by offset and sweeping
   * them).
   */
  long fit(int i, boolean best) {
    // the placed buffers overlapping i in time: those starting in [lo_i, hi_i), then those alive at
    // lo_i that start
    // before it (a prefix of each segment list, whose positions ascend). Every candidate is copied
    // and the count
    // advances only for a placed one (rEnd >= 0): whether a buffer is placed follows no pattern in
    // a pass, and a
    // branch on it was mispredicted about every other time, which cost most of a placement
    int self = rank[i];
    int first = loStart[lo[i]];
    int last = loStart[hi[i]];
    int cap = last - first;
    for (int v = lo[i] + base; v >= 1; v >>= 1) {
      cap += segStart[v + 1] - segStart[v];
    }
    if (cap > offs.length) {
      int c = Math.max(cap, 2 * offs.length);
      offs = new long[c];
      ends = new long[c];
      order = new int[c];
    }
    long[] offs = this.offs;
    long[] ends = this.ends;
    long[] rOff = this.rOff;
    long[] rEnd = this.rEnd;
    long selfEnd = rEnd[self];
    rEnd[self] = -1; // i itself never counts
    int k = 0;
    for (int q = first; q < last; q++) {
      long e = rEnd[q];
      offs[k] = rOff[q];
      ends[k] = e;
      k += (int) (~e >>> 63);
    }
    int[] segItems = this.segItems;
    for (int v = lo[i] + base; v >= 1; v >>= 1) {
      for (int x = segStart[v], end = segStart[v + 1]; x < end; x++) {
        int q = segItems[x];
        if (q >= first) {
          break;
        }
        long e = rEnd[q];
        offs[k] = rOff[q];
        ends[k] = e;
        k += (int) (~e >>> 63);
      }
    }
    rEnd[self] = selfEnd;
    if (k == 0) {
      return 0;
    }
    long maxOff = 0;
    for (int q = 0; q < k; q++) {
      maxOff = Math.max(maxOff, offs[q]);
    }
    sortHits(k, maxOff);
    long s = size[i];
    long cur = 0;
    long gapAt = -1;
    long gapLen = Long.MAX_VALUE;
    int[] order = this.order;
    for (int q = 0; q < k; q++) {
      int h = order[q];
      long o = offs[h];
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
      cur = Math.max(cur, ends[h]);
    }
    return gapAt >= 0 ? gapAt : cur;
  }

  /**
   * Puts the first k hits in offset order into {@link #order}, equal offsets in hit order: a
   * counting sort on the offsets' high bits (at most 8k buckets, so mostly one offset per bucket),
   * then an insertion sort, which only has the order within buckets left to fix, or past {@link
   * #insertionBudget} moves per hit a radix sort of the offsets ({@link #radixSort}; all keep equal
   * offsets in hit order). Linear in k on offsets spread over a range, where a comparison sort
   * spent most of a placement; also linear where the offsets cluster far below the highest.
   */
  private void sortHits(int k, long maxOff) {
    if (k >= radixMin) {
      radixSort(k, maxOff);
      return;
    }
    int buckets = 8 * Integer.highestOneBit(k);
    int shift = 0;
    while ((maxOff >>> shift) >= buckets) {
      shift++;
    }
    if (count.length < buckets + 1) {
      count = new int[2 * buckets + 1];
    }
    Arrays.fill(count, 0, buckets + 1, 0);
    for (int q = 0; q < k; q++) {
      count[(int) (offs[q] >>> shift) + 1]++;
    }
    for (int c = 0; c < buckets; c++) {
      count[c + 1] += count[c];
    }
    for (int q = 0; q < k; q++) {
      order[count[(int) (offs[q] >>> shift)]++] = q;
    }
    // the insertion sort only has the order within buckets left to fix, usually a few moves a hit;
    // but where the offsets cluster far below the highest (ML traces whose sizes span ten orders
    // of magnitude) one bucket holds thousands of hits out of order and it was quadratic (a pass
    // over IOPDDL's Y_1 took 34 s of CPU): past a budget of moves it gives way to a radix sort
    long budget = (long) insertionBudget * k;
    long moves = 0;
    for (int q = 1; q < k; q++) {
      int h = order[q];
      long o = offs[h];
      int r = q - 1;
      while (r >= 0 && offs[order[r]] > o) {
        order[r + 1] = order[r];
        r--;
      }
      order[r + 1] = h;
      moves += q - 1 - r;
      if (moves > budget) {
        radixSort(k, maxOff);
        return;
      }
    }
  }

  /**
   * Puts the first k hits in offset order into {@link #order}, equal offsets in hit order: a
   * least-significant-digit radix sort of the offsets (each pass stable, from the hits in hit
   * order), in passes of at most {@link #RADIX_BITS} bits over the bits of {@code maxOff}, each
   * pass carrying the offsets along so that it reads memory in order. O(k + 2^RADIX_BITS) a pass
   * whatever the offsets' spread: on a pass over IOPDDL's Y_1, where up to 10^4 offsets cluster far
   * below the highest, it replaced a comparison sort of packed keys that took most of the pass's
   * CPU.
   */
  private void radixSort(int k, long maxOff) {
    int bits = Math.max(1, 64 - Long.numberOfLeadingZeros(maxOff));
    // digits of about log2(k) bits (8 to RADIX_BITS): the buckets of a pass cost about what its
    // hits do
    int most = Math.min(RADIX_BITS, Math.max(8, 32 - Integer.numberOfLeadingZeros(k)));
    int passes = (bits + most - 1) / most;
    int width = (bits + passes - 1) / passes;
    int radix = 1 << width;
    long mask = radix - 1;
    if (count.length < radix + 1) {
      count = new int[radix + 1];
    }
    if (keys.length < k) {
      int c = Math.max(k, 2 * keys.length);
      keys = new long[c];
      keys2 = new long[c];
      order2 = new int[c];
    }
    long[] srcKey = keys;
    long[] dstKey = keys2;
    int[] srcIdx = order;
    int[] dstIdx = order2;
    for (int x = 0; x < k; x++) {
      srcKey[x] = offs[x];
      srcIdx[x] = x;
    }
    for (int pass = 0, shift = 0; pass < passes; pass++, shift += width) {
      int[] count = this.count;
      Arrays.fill(count, 0, radix + 1, 0);
      for (int x = 0; x < k; x++) {
        count[(int) ((srcKey[x] >>> shift) & mask) + 1]++;
      }
      if (count[(int) ((srcKey[0] >>> shift) & mask) + 1] == k) {
        continue; // one digit value: the pass would keep the order
      }
      for (int c = 0; c < radix; c++) {
        count[c + 1] += count[c];
      }
      for (int x = 0; x < k; x++) {
        long key = srcKey[x];
        int at = count[(int) ((key >>> shift) & mask)]++;
        dstKey[at] = key;
        dstIdx[at] = srcIdx[x];
      }
      long[] tk = srcKey;
      srcKey = dstKey;
      dstKey = tk;
      int[] ti = srcIdx;
      srcIdx = dstIdx;
      dstIdx = ti;
    }
    if (srcIdx != order) {
      System.arraycopy(srcIdx, 0, order, 0, k);
    }
  }

  /** Places buffer i at offset o (taking it out of its old place first if it is placed). */
  void place(int i, long o) {
    if (placed[i]) {
      remove(i);
    }
    off[i] = o;
    placed[i] = true;
    rOff[rank[i]] = o;
    rEnd[rank[i]] = o + size[i];
  }

  /** Removes buffer i from the layout. */
  void remove(int i) {
    if (!placed[i]) {
      return;
    }
    placed[i] = false;
    rEnd[rank[i]] = -1;
  }

  /** Clears the layout. */
  void clear() {
    Arrays.fill(placed, false);
    Arrays.fill(rEnd, -1);
  }

  /**
   * Clears the layout and places every buffer at its offset in {@code offsets} (a valid layout).
   */
  void placeAll(long[] offsets) {
    clear();
    for (int i = 0; i < n; i++) {
      place(i, offsets[i]);
    }
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
