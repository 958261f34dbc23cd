package org.commsched.heuristics.bufferless.chatting;

import org.commsched.core.model.Instance;
import java.util.Arrays;
import java.util.List;
import org.commsched.core.model.Message;

/**
 * A2 of docs/models/bufferless-chatting.md#kierstead: virtual chatting with arbitrary lengths on a unidirectional
 * linear array by the project's concrete "weighted Kierstead-Trotter" strategy, then VO for the real schedule.
 *
 * <p>Source: Bhatt, Bilardi, Pucci, Ranade, Rosenberg, Schwabe, "On Bufferless Routing of Variable Length Messages
 * in Leveled Networks", §4.2, Theorem 4.5(b) and Corollary 4.3, which summarise H. A. Kierstead, "A polynomial
 * time approximation algorithm for dynamic storage allocation" (1991). The concrete strategy is the project's own
 * (docs/models/bufferless-chatting.md#kierstead: "the concrete strategy is ours"), not the paper's:
 * <ol>
 *   <li>round each length up to a power of two {@code h};</li>
 *   <li>in order (h desc, from asc, to asc, index asc) give each message the lowest aligned block
 *       {@code [p, p + h)}, p a multiple of h, such that at every arc x of its interval the earlier blocks at x
 *       cover at most p units below {@code p + h} (counted with multiplicity);</li>
 *   <li>3-colour first fit: a message's colour avoids those of earlier messages whose block meets its block and
 *       whose interval meets its interval; the slot is {@code colour * Λ + p}, Λ the top of the highest block.</li>
 * </ol>
 *
 * <p>Why it holds (the proof sketch of docs/models/bufferless-chatting.md#kierstead): sizes are powers of two taken in
 * non-increasing order and blocks are aligned, so an earlier block either contains a new block or misses it. If
 * candidate p - h failed, it failed at a point x of the interval where the units below p are all covered; that point is
 * private to the message among all items whose blocks meet its block. Hence p + h &lt;= L' (the rounded load, at most
 * 2C - 1), at most one earlier conflicting item on each side, three colours suffice, and
 * S &lt;= 3Λ &lt;= 3L' &lt;= 6C - 3; after VO, T &lt;= S + Q - 1.
 *
 * <p>On a bidirectional linear array the rightward and leftward messages are two ula instances on disjoint arcs,
 * solved at once ({@link BidirectionalSplit}); the guarantee holds per direction.
 *
 * <p>Implementation: levels are counted in units of the smallest rounded length (every block is aligned to a
 * multiple of it). Per arc, the levels are kept as runs (maximal stretches covered by the same set of colours, a
 * bit mask per run, with W at each run's start), not one cell per level: with lengths up to 4096 a unit-level
 * representation would need about a million cells per arc. The test of step 2 at arc x reads {@code W_x(p + h) >=
 * h}, where {@code W_x(q) = q - load_{<q}(x)}, linear on each run; an arc's first admissible end at or above a
 * candidate is found by a binary search for the candidate's run and a scan up the runs, and passes over the
 * interval's arcs move the candidate up until every arc accepts it. Blocks meeting one level at one arc have
 * distinct colours, so the count of a level is the number of colours of its run, and step 3's first fit reads
 * the colours at the block's first level along the interval. The slots are those of the plain candidate scan (a
 * test in the heuristics module holds them equal).
 *
 * <p>Cost: O(sum over messages of |interval| * (passes * (log R + scanned runs) + runs above the block)) for R
 * runs per arc, and memory O(runs), at most about twice the sum of the spans (adjacent runs with equal colours
 * merge, so blocks stacked at an arc share runs). Nothing grows with the lengths themselves.
 *
 * @implNote Stateless.
 */
public final class Kierstead extends UlaVirtualMethod {

  @Override
  public String name() {
    return "kierstead";
  }

  @Override
  public String summary() {
    return "chatting on a ula, any lengths: Kierstead's dsa approximation (power-of-two aligned blocks, 3 colours),"
        + " real schedule through VO";
  }

  @Override
  public String guarantee() {
    return "virtual S <= 3 Lambda <= 6C - 3; real T <= 6C + Q - 4 < 7 T_opt; on a bla the same per direction, with "
        + "that direction's C and Q (T = the larger of the two)";
  }
  /** T &lt;= 6C + Q - 4 &lt; 7 T_opt (Corollary 4.3). */
  @Override
  public Long guaranteedMakespan(Instance instance, long optimum) {
    return 7 * optimum - 1;
  }


  @Override
  public String citation() {
    return "Bhatt, Bilardi, Pucci, Ranade, Rosenberg, Schwabe, \"On Bufferless Routing of Variable Length Messages "
        + "in Leveled Networks\", Theorem 4.5(b), Corollary 4.3 (after H. A. Kierstead 1991); concrete strategy of "
        + "docs/models/bufferless-chatting.md#kierstead";
  }

  /**
   * The most message-arc incidences (the sum of the messages' spans) this implementation takes: 2^27. Each block
   * adds at most two runs at each arc of its interval, so memory is at most about 34 bytes per incidence (far less
   * when blocks stack into shared runs); above the budget it refuses rather than run out of memory.
   */
  static final long MAX_INCIDENCES = 1L << 27;

  /** Refuses when the sum of the messages' spans passes {@link #MAX_INCIDENCES}. */
  @Override
  String refuse(List<Message> messages) {
    long incidences = 0;
    for (Message m : messages) {
      incidences += m.to() - (long) m.from();
      if (incidences > MAX_INCIDENCES) {
        return "kierstead keeps the levels of every arc a message crosses, and these messages cross more than "
            + MAX_INCIDENCES + " message-arc pairs in all, the most it allows; use first-fit, or "
            + "interval-coloring for unit lengths";
      }
    }
    return null;
  }

  /** A length rounded up to a power of two (step 1). */
  private static long rounded(long length) {
    return Long.highestOneBit(length) == length ? length : Long.highestOneBit(length) << 1;
  }

  @Override
  long[] slots(int[] from, int[] to, long[] length) {
    int n = from.length;
    long[] h = new long[n];
    long unit = Long.MAX_VALUE;
    int lo = Integer.MAX_VALUE;
    int hi = Integer.MIN_VALUE;
    for (int i = 0; i < n; i++) {
      h[i] = rounded(length[i]);
      unit = Math.min(unit, h[i]);
      lo = Math.min(lo, from[i]);
      hi = Math.max(hi, to[i] - 1);
    }
    int[] order = order(from, to, h, lo, hi);
    // Every block is aligned to its size, and every size is a multiple of the smallest one: count levels in
    // units of the smallest size (the same placement, scaled down).
    ArcLevels levels = new ArcLevels(hi - lo + 1);
    long[] p = new long[n];
    int[] colour = new int[n];
    long lambda = 0;
    for (int i : order) {
      int a = from[i] - lo;
      int b = to[i] - 1 - lo;
      long g = h[i] / unit;
      long q = levels.lowestBlockEnd(a, b, g);
      long start = q - g;
      // first fit: the earlier blocks meeting [start, q) contain it, so their colours all show at unit start
      int taken = 0;
      for (int x = a; x <= b; x++) {
        taken |= levels.colours(x, start);
      }
      int c = Integer.numberOfTrailingZeros(~taken);
      if (c >= 3) {
        throw new IllegalStateException("kierstead: a message meets three earlier blocks of different colours, "
            + "which the proof of docs/models/bufferless-chatting.md#kierstead rules out");
      }
      for (int x = a; x <= b; x++) {
        levels.add(x, start, g, c);
      }
      p[i] = start;
      colour[i] = c;
      lambda = Math.max(lambda, q);
    }
    long[] sigma = new long[n];
    for (int i = 0; i < n; i++) {
      sigma[i] = Math.multiplyExact(Math.addExact(Math.multiplyExact(colour[i], lambda), p[i]), unit);
    }
    return sigma;
  }

  /** The placement order (h desc, from asc, to asc, index asc): the interval order stably sorted by h. */
  static int[] order(int[] from, int[] to, long[] h, int lo, int hi) {
    int[] key = new int[from.length];
    for (int i = 0; i < key.length; i++) {
      key[i] = Long.numberOfLeadingZeros(h[i]); // larger h, smaller key
    }
    return countingSort(byInterval(from, to, lo, hi), key, 65);
  }

  /**
   * Per arc, the levels the placed blocks cover, as runs: maximal stretches of levels covered by the same set of
   * colours (a bit mask), each with {@code W} at its start, so that memory and time follow the blocks placed, not
   * the number of levels.
   *
   * <p>With {@code v(u) = 1 - (blocks covering level u)} and {@code W(q) = v(0) + ... + v(q - 1)}, the model's test
   * {@code load_{<p+h}(x) <= p} reads {@code W_x(p + h) >= h}. Blocks covering one level of one arc have distinct
   * colours (that is what the colouring ensures), so the count of a level is the number of colours of its run, and
   * W is linear on a run (slope 1 - count). The last run of an arc reaches to infinity and is free.
   */
  private static final class ArcLevels {
    private final int[] len; // runs per arc
    private final long[][] start; // per arc, the first level of each run
    private final long[][] w; // per arc, W at the first level of each run
    private final byte[][] mask; // per arc, the colours covering each run

    ArcLevels(int arcs) {
      len = new int[arcs];
      start = new long[arcs][];
      w = new long[arcs][];
      mask = new byte[arcs][];
      for (int x = 0; x < arcs; x++) {
        len[x] = 1;
        start[x] = new long[2];
        w[x] = new long[2];
        mask[x] = new byte[2];
      }
    }

    /**
     * The smallest q, a positive multiple of g, with {@code W_x(q) >= g} at every arc x of [a, b]: the end of the
     * lowest admissible block. Passes over the arcs, each moving q to the arc's first admissible end at or above
     * it, until b - a + 1 arcs in a row accept q; no q below is admissible at the arc that moved it.
     */
    long lowestBlockEnd(int a, int b, long g) {
      long q = g;
      int span = b - a + 1;
      int x = a;
      for (int agree = 0; agree < span; ) {
        long next = firstEnd(x, q, g);
        if (next != q) {
          q = next;
          agree = 1;
        } else {
          agree++;
        }
        x = x == b ? a : x + 1;
      }
      return q;
    }

    /** The run of arc x holding level u (u >= 0). */
    private int run(int x, long u) {
      long[] st = start[x];
      int l = 0;
      int r = len[x] - 1;
      while (l < r) {
        int m = (l + r + 1) >>> 1;
        if (st[m] <= u) {
          l = m;
        } else {
          r = m - 1;
        }
      }
      return l;
    }

    private static long slope(byte m) {
      return 1 - Integer.bitCount(m);
    }

    /**
     * The smallest multiple of g at or above q (a multiple of g) with {@code W_x >= g}. Placed blocks are aligned
     * to sizes that are multiples of g, so v is constant on each aligned run of g levels and W is linear there: the
     * first level where W reaches g, rounded up to a multiple of g, is the answer. W only rises across free runs.
     */
    private long firstEnd(int x, long q, long g) {
      int r = run(x, q);
      long[] st = start[x];
      long[] ww = w[x];
      byte[] mk = mask[x];
      int n = len[x];
      long at = q;
      long wq = ww[r] + (q - st[r]) * slope(mk[r]);
      if (wq >= g) {
        return q;
      }
      for (; r < n; r++) {
        long from = Math.max(at, st[r]);
        long wFrom = ww[r] + (from - st[r]) * slope(mk[r]);
        if (mk[r] == 0) {
          long reach = from + (g - wFrom); // W rises by one a level here
          if (r == n - 1 || reach <= st[r + 1]) {
            return Math.multiplyExact((reach + g - 1) / g, g);
          }
        }
      }
      throw new IllegalStateException("kierstead: the last run of an arc is free");
    }

    /** The colours (bit k for colour k) of the blocks covering level u at arc x. */
    int colours(int x, long u) {
      return mask[x][run(x, u)];
    }

    /** Places a block of colour c on levels {@code [from, from + g)} of arc x. */
    void add(int x, long from, long g, int c) {
      long to = Math.addExact(from, g);
      int first = split(x, from);
      int last = split(x, to); // runs [first, last) lie in the block
      byte[] mk = mask[x];
      for (int r = first; r < last; r++) {
        mk[r] |= (byte) (1 << c);
      }
      // W inside the block, then above it: every level of the block is covered once more, so W above falls by g
      long[] st = start[x];
      long[] ww = w[x];
      for (int r = first; r + 1 < last; r++) {
        ww[r + 1] = ww[r] + (st[r + 1] - st[r]) * slope(mk[r]);
      }
      for (int r = last, n = len[x]; r < n; r++) {
        ww[r] -= g;
      }
      merge(x, last);
      merge(x, first);
    }

    /** Makes level u the first of a run of arc x (splitting the run holding it); returns that run. */
    private int split(int x, long u) {
      int r = run(x, u);
      long[] st = start[x];
      if (st[r] == u) {
        return r;
      }
      int n = len[x];
      if (n == st.length) {
        int cap = 2 * n;
        start[x] = st = Arrays.copyOf(st, cap);
        w[x] = Arrays.copyOf(w[x], cap);
        mask[x] = Arrays.copyOf(mask[x], cap);
      }
      long[] ww = w[x];
      byte[] mk = mask[x];
      System.arraycopy(st, r + 1, st, r + 2, n - r - 1);
      System.arraycopy(ww, r + 1, ww, r + 2, n - r - 1);
      System.arraycopy(mk, r + 1, mk, r + 2, n - r - 1);
      st[r + 1] = u;
      ww[r + 1] = ww[r] + (u - st[r]) * slope(mk[r]);
      mk[r + 1] = mk[r];
      len[x] = n + 1;
      return r + 1;
    }

    /** Joins run r of arc x to the run before it when both have the same colours. */
    private void merge(int x, int r) {
      int n = len[x];
      if (r <= 0 || r >= n || mask[x][r] != mask[x][r - 1]) {
        return;
      }
      System.arraycopy(start[x], r + 1, start[x], r, n - r - 1);
      System.arraycopy(w[x], r + 1, w[x], r, n - r - 1);
      System.arraycopy(mask[x], r + 1, mask[x], r, n - r - 1);
      len[x] = n - 1;
    }
  }
}
