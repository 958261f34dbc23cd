package org.commsched.heuristics.bufferless.chatting;

import java.util.Arrays;
import java.util.List;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.solve.MethodFacts;

/**
 * A2 of docs/models/bufferless-chatting.md#kierstead: virtual chatting with arbitrary lengths on a
 * unidirectional linear array by the project's concrete "weighted Kierstead-Trotter" strategy, then
 * VO for the real schedule.
 *
 * <p>Source: Bhatt, Bilardi, Pucci, Ranade, Rosenberg, Schwabe, "On Bufferless Routing of Variable
 * Length Messages in Leveled Networks", §4.2, Theorem 4.5(b) and Corollary 4.3, which summarise H.
 * A. Kierstead, "A polynomial time approximation algorithm for dynamic storage allocation" (1991).
 * The concrete strategy is the project's own (docs/models/bufferless-chatting.md#kierstead: "the
 * concrete strategy is ours"), not the paper's:
 *
 * <ol>
 *   <li>round each length up to a power of two {@code h};
 *   <li>in order (h desc, from asc, to asc, index asc) give each message the lowest aligned block
 *       {@code [p, p + h)}, p a multiple of h, such that at every arc x of its interval the earlier
 *       blocks at x cover at most p units below {@code p + h} (counted with multiplicity);
 *   <li>3-colour first fit: a message's colour avoids those of earlier messages whose block meets
 *       its block and whose interval meets its interval; the slot is {@code colour * Λ + p}, Λ the
 *       top of the highest block.
 * </ol>
 *
 * <p>Why it holds (the proof sketch of docs/models/bufferless-chatting.md#kierstead): sizes are
 * powers of two taken in non-increasing order and blocks are aligned, so an earlier block either
 * contains a new block or misses it. If candidate p - h failed, it failed at a point x of the
 * interval where the units below p are all covered; that point is private to the message among all
 * items whose blocks meet its block. Hence p + h &lt;= L' (the rounded load, at most 2C - 1), at
 * most one earlier conflicting item on each side, three colours suffice, and S &lt;= 3Λ &lt;= 3L'
 * &lt;= 6C - 3; after VO, T &lt;= S + Q - 1.
 *
 * <p>On a bidirectional linear array the rightward and leftward messages are two ula instances on
 * disjoint arcs, solved at once ({@link BidirectionalSplit}); the guarantee holds per direction.
 *
 * <p>Implementation: levels are counted in units of the smallest rounded length (every block is
 * aligned to a multiple of it). Per arc, the levels are kept as runs (maximal stretches covered by
 * the same set of colours, a bit mask per run, with W at each run's start), not one cell per level:
 * with lengths up to 4096 a unit-level representation would need about a million cells per arc. The
 * test of step 2 at arc x reads {@code W_x(p + h) >= h}, where {@code W_x(q) = q - load_{<q}(x)},
 * linear on each run; an arc's first admissible end at or above a candidate is found by a binary
 * search for the candidate's run and a scan up the runs, and passes over the interval's arcs move
 * the candidate up until every arc accepts it. Blocks meeting one level at one arc have distinct
 * colours, so the count of a level is the number of colours of its run, and step 3's first fit
 * reads the colours at the block's first level along the interval. The slots are those of the plain
 * candidate scan (a test in the heuristics module holds them equal).
 *
 * <p>Cost: O(sum over messages of |interval| * (passes * (log R + scanned runs) + runs above the
 * block)) for R runs per arc, and memory O(runs), at most about twice the sum of the spans
 * (adjacent runs with equal colours merge, so blocks stacked at an arc share runs). Nothing grows
 * with the lengths themselves.
 *
 * @implNote Stateless.
 */
public final class Kierstead extends UlaVirtualMethod {
  /** The facts of {@code kierstead}: see the class javadoc for the source. */
  static final MethodFacts FACTS =
      new MethodFacts(
          "kierstead",
          "chatting on a ula, any lengths: Kierstead's dsa approximation (power-of-two aligned blocks, 3 colours),"
              + " real schedule through VO",
          "virtual S <= 3 Lambda <= 6C - 3; real T <= 6C + Q - 4 < 7 T_opt; on a bla the same per direction, with "
              + "that direction's C and Q (T = the larger of the two)",
          "Bhatt, Bilardi, Pucci, Ranade, Rosenberg, Schwabe, \"On Bufferless Routing of Variable Length Messages "
              + "in Leveled Networks\", Theorem 4.5(b), Corollary 4.3 (after H. A. Kierstead 1991); concrete strategy of "
              + "docs/models/bufferless-chatting.md#kierstead",
          SCOPE,
          false);

  @Override
  public MethodFacts facts() {
    return FACTS;
  }

  /** T &lt;= 6C + Q - 4 &lt; 7 T_opt (Corollary 4.3). */
  @Override
  public Long guaranteedMakespan(Instance instance, long optimum) {
    return 7 * optimum - 1;
  }

  /**
   * The most message-arc incidences (the sum of the messages' spans) this implementation takes:
   * 2^27. Each block adds at most two runs at each arc of its interval, so memory is at most about
   * 34 bytes per incidence (far less when blocks stack into shared runs); above the budget it
   * refuses rather than run out of memory.
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
            + MAX_INCIDENCES
            + " message-arc pairs in all, the most it allows; use first-fit, or "
            + "interval-coloring for unit lengths";
      }
    }
    long unit = Long.MAX_VALUE;
    for (Message m : messages) {
      unit = Math.min(unit, rounded(m.length()));
    }
    long levels = 0;
    for (Message m : messages) {
      levels += rounded(m.length()) / unit;
      if (levels > MAX_LEVEL) {
        return "kierstead counts levels in units of the smallest rounded length, and these lengths add up to more "
            + "than 2^59 such units, the most it allows; use first-fit";
      }
    }
    return null;
  }

  /**
   * The most levels, in units of the smallest rounded length, the messages' rounded lengths may add
   * up to: 2^59. No block ends above that sum (it bounds the rounded load), and a run's first level
   * shares a long with its colours.
   */
  static final long MAX_LEVEL = 1L << 59;

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
    // Every block is aligned to its size, and every size is a multiple of the smallest one: count
    // levels in
    // units of the smallest size (the same placement, scaled down).
    ArcLevels levels = new ArcLevels(hi - lo + 1);
    long[] p = new long[n];
    int[] colour = new int[n];
    long lambda = 0;
    for (int i : order) {
      int a = from[i] - lo;
      int b = to[i] - 1 - lo;
      long g = h[i] / unit;
      long q = levels.lowestBlockEnd(a, b, g); // leaves the run holding q at each arc of [a, b]
      long start = q - g;
      // first fit: the earlier blocks meeting [start, q) contain it, so their colours all show at
      // unit start
      int taken = 0;
      for (int x = a; x <= b; x++) {
        taken |= levels.coloursBelow(x, x - a, start);
      }
      int c = Integer.numberOfTrailingZeros(~taken);
      if (c >= 3) {
        throw new IllegalStateException(
            "kierstead: a message meets three earlier blocks of different colours, "
                + "which the proof of docs/models/bufferless-chatting.md#kierstead rules out");
      }
      for (int x = a; x <= b; x++) {
        levels.add(x, x - a, start, g, c);
      }
      p[i] = start;
      colour[i] = c;
      lambda = Math.max(lambda, q);
    }
    long[] sigma = new long[n];
    for (int i = 0; i < n; i++) {
      sigma[i] =
          Math.multiplyExact(Math.addExact(Math.multiplyExact(colour[i], lambda), p[i]), unit);
    }
    return sigma;
  }

  /**
   * The placement order (h desc, from asc, to asc, index asc): the interval order stably sorted by
   * h.
   */
  static int[] order(int[] from, int[] to, long[] h, int lo, int hi) {
    int[] key = new int[from.length];
    for (int i = 0; i < key.length; i++) {
      key[i] = Long.numberOfLeadingZeros(h[i]); // larger h, smaller key
    }
    return countingSort(byInterval(from, to, lo, hi), key, 65);
  }

  /**
   * Per arc, the levels the placed blocks cover, as runs: maximal stretches of levels covered by
   * the same set of colours (a bit mask), each with {@code W} at its start, so that memory and time
   * follow the blocks placed, not the number of levels.
   *
   * <p>With {@code v(u) = 1 - (blocks covering level u)} and {@code W(q) = v(0) + ... + v(q - 1)},
   * the model's test {@code load_{<p+h}(x) <= p} reads {@code W_x(p + h) >= h}. Blocks covering one
   * level of one arc have distinct colours (that is what the colouring ensures), so the count of a
   * level is the number of colours of its run, and W is linear on a run (slope 1 - count). The last
   * run of an arc reaches to infinity and is free.
   *
   * <p>Layout: one array per arc, two longs per run: the run's first level shifted left by three
   * with its colour mask in the low bits, then W there. A search, the run's W and its colours then
   * share cache lines, which is what the time is spent on (an interval visits hundreds of arcs,
   * each a separate array).
   *
   * <p>Run boundaries are ends of placed blocks, so while blocks of size g are placed (sizes
   * non-increasing, aligned) every boundary is a multiple of g and a new block lies inside one run.
   * The search for the lowest end remembers, per arc of the interval, the run holding the candidate
   * ({@code found}); the first visit of an arc starts from the run its neighbour found
   * (neighbouring arcs mostly hold the same blocks), later passes step up from the arc's own, and
   * the colouring and the insertion start from it without searching again.
   */
  private static final class ArcLevels {
    private final int[] len; // runs per arc
    private final long[][]
        run; // per arc, run r at [2r] (first level << 3 | colours) and [2r + 1] (W there)
    private int[] found =
        new int[16]; // per arc of the current interval (x - a), the run holding the candidate

    ArcLevels(int arcs) {
      len = new int[arcs];
      run = new long[arcs][];
      for (int x = 0; x < arcs; x++) {
        len[x] = 1;
        run[x] = new long[4];
      }
    }

    private static long level(long key) {
      return key >>> 3;
    }

    private static long slope(long key) {
      return 1 - Long.bitCount(key & 7);
    }

    /**
     * The smallest q, a positive multiple of g, with {@code W_x(q) >= g} at every arc x of [a, b]:
     * the end of the lowest admissible block. Passes over the arcs, each moving q to the arc's
     * first admissible end at or above it, until b - a + 1 arcs in a row accept q; no q below is
     * admissible at the arc that moved it. On return, {@code found[x - a]} is the run of arc x
     * holding q.
     */
    long lowestBlockEnd(int a, int b, long g) {
      int span = b - a + 1;
      if (found.length < span) {
        found = new int[Math.max(span, 2 * found.length)];
      }
      Arrays.fill(found, 0, span, -1);
      long q = g;
      int x = a;
      for (int agree = 0; agree < span; ) {
        long next = firstEnd(x, x - a, q, g);
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

    /**
     * The run of arc x holding level u, searched from run {@code hint}: doubling steps up or down
     * from it, then a binary search between the last two.
     */
    private int find(int x, long u, int hint) {
      long[] d = run[x];
      int n = len[x];
      long key = u << 3 | 7; // run r holds u when it is the last with d[2r] <= key
      int l;
      int r;
      if (hint >= n) {
        hint = n - 1;
      }
      if (d[2 * hint] <= key) {
        l = hint;
        int step = 1;
        while (l + step < n && d[2 * (l + step)] <= key) {
          l += step;
          step <<= 1;
        }
        r = Math.min(n - 1, l + step - 1);
      } else {
        r = hint - 1; // run 0 starts at level 0, so hint > 0 here
        int step = 1;
        while (r - step >= 0 && d[2 * (r - step)] > key) {
          r -= step;
          step <<= 1;
        }
        l = Math.max(0, r - step);
      }
      while (l < r) {
        int m = (l + r + 1) >>> 1;
        if (d[2 * m] <= key) {
          l = m;
        } else {
          r = m - 1;
        }
      }
      return l;
    }

    /**
     * The smallest multiple of g at or above q (a multiple of g) with {@code W_x >= g}. Placed
     * blocks are aligned to sizes that are multiples of g, so v is constant on each aligned run of
     * g levels and W is linear there: the first level where W reaches g, rounded up to a multiple
     * of g, is the answer. W only rises across free runs. Starts from {@code found[k]} (a run at or
     * below the one holding q; -1 on the first visit, when the neighbour's run is the guess) and
     * leaves there the run holding the answer.
     */
    private long firstEnd(int x, int k, long q, long g) {
      int hint = found[k];
      int r = hint >= 0 ? find(x, q, hint) : find(x, q, k > 0 ? Math.max(0, found[k - 1]) : 0);
      long[] d = run[x];
      int n = len[x];
      long key = d[2 * r];
      if (d[2 * r + 1] + (q - level(key)) * slope(key) >= g) {
        found[k] = r;
        return q;
      }
      for (; r < n; r++) {
        key = d[2 * r];
        if ((key & 7) == 0) {
          long st = level(key);
          long from = Math.max(q, st);
          long reach = from + (g - (d[2 * r + 1] + (from - st))); // W rises by one a level here
          if (r == n - 1 || reach <= level(d[2 * r + 2])) {
            long end = Math.multiplyExact((reach + g - 1) / g, g);
            found[k] = find(x, end, r);
            return end;
          }
        }
      }
      throw new IllegalStateException("kierstead: the last run of an arc is free");
    }

    /**
     * The colours (bit k for colour k) of the blocks covering level u = q - g at arc x, after
     * {@link #lowestBlockEnd} returned q (k = x - a). Boundaries are multiples of g, so u lies in
     * the run holding q or, when that run starts at q, in the run before it; {@code found[k]} is
     * moved to u's run.
     */
    int coloursBelow(int x, int k, long u) {
      int r = found[k];
      long[] d = run[x];
      if (level(d[2 * r]) > u) {
        r--;
        found[k] = r;
      }
      return (int) (d[2 * r] & 7);
    }

    /**
     * Places a block of colour c on levels {@code [from, from + g)} of arc x, inside run {@code
     * found[k]} (set by {@link #coloursBelow}): that run becomes up to three (below, the block,
     * above), the block's run joins a neighbour with the same colours, and W above the block falls
     * by g.
     */
    void add(int x, int k, long from, long g, int c) {
      int r = found[k];
      long to = Math.addExact(from, g);
      long[] d = run[x];
      int n = len[x];
      long key = d[2 * r];
      long m = key & 7;
      long mc = m | (1L << c);
      boolean below = level(key) < from;
      boolean above = r == n - 1 || to < level(d[2 * r + 2]);
      // the old runs [lo, hi) give way to up to three new ones
      int lo = r;
      int hi = r + 1;
      long blockStart = from;
      if (!below && r > 0 && (d[2 * r - 2] & 7) == mc) {
        lo = r - 1;
        blockStart = level(d[2 * r - 2]);
      }
      if (!above && r + 1 < n && (d[2 * r + 2] & 7) == mc) {
        hi = r + 2;
      }
      int pieces = (below ? 1 : 0) + 1 + (above ? 1 : 0);
      int delta = pieces - (hi - lo);
      if (2 * (n + delta) > d.length) {
        run[x] = d = Arrays.copyOf(d, 2 * d.length);
      }
      if (delta != 0 && hi < n) {
        System.arraycopy(d, 2 * hi, d, 2 * (hi + delta), 2 * (n - hi));
      }
      int end = n + delta;
      for (int i = 2 * (hi + delta) + 1; i < 2 * end; i += 2) {
        d[i] -= g;
      }
      // the new runs, W carried up from the first (whose first level and W do not change)
      int i = lo;
      if (below) { // run r keeps its first level, colours and W; the block's run follows it
        i++;
        d[2 * i + 1] = d[2 * i - 1] + (from - level(key)) * slope(m);
      } // else the block's run starts where run lo did, with the same W
      d[2 * i] = blockStart << 3 | mc;
      if (above) {
        d[2 * i + 2] = to << 3 | m;
        d[2 * i + 3] = d[2 * i + 1] + (to - blockStart) * slope(mc);
      }
      len[x] = end;
    }
  }
}
