package org.commsched.heuristics.bufferless.chatting;

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
 * multiple of it). Per arc, three bit planes (one per colour) record which unit levels the placed blocks cover,
 * with a tree over 64-level words holding each word's free-minus-covered total and best prefix. The test of step 2
 * at arc x reads {@code W_x(p + h) >= h}, where {@code W_x(q) = q - load_{<q}(x)}; the tree finds the first
 * admissible end at an arc in O(log levels), and passes over the interval's arcs move the candidate up until every
 * arc accepts it. Blocks
 * meeting one unit at one arc have distinct colours, so the count of a level is the number of colour bits set,
 * and step 3's first fit reads the colours at the block's first level along the interval. The slots are those of
 * the plain candidate scan (a test in the heuristics module holds them equal).
 *
 * <p>Cost: O(sum over messages of |interval| * (passes * log levels + h / 64)); memory three bits plus about
 * one byte per level and arc. Measured: 10^6 messages (intervals of 1 to 20 arcs, lengths 1..8) on a 10^4-node
 * ULA in about 2.5 s for the whole solve, where the plain scan took minutes (docs/BENCHMARKS.md).
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

  @Override
  public String citation() {
    return "Bhatt, Bilardi, Pucci, Ranade, Rosenberg, Schwabe, \"On Bufferless Routing of Variable Length Messages "
        + "in Leveled Networks\", Theorem 4.5(b), Corollary 4.3 (after H. A. Kierstead 1991); concrete strategy of "
        + "docs/models/bufferless-chatting.md#kierstead";
  }

  /**
   * The most level-arc cells (about 1.4 bytes each) this implementation allocates: 2^30. The unit levels make its
   * cost grow with the lengths, not only with their number; above the budget it refuses rather than run for
   * minutes and out of memory.
   */
  static final long MAX_CELLS = 1L << 30;

  /**
   * Refuses when the unit levels could pass {@link #MAX_CELLS}: every level a block reaches at an arc lies below
   * the arc's rounded load (the proof's L'), so their count is at most the sum over arcs of the rounded load in
   * units of the smallest rounded length.
   */
  @Override
  String refuse(List<Message> messages) {
    long unit = Long.MAX_VALUE;
    for (Message m : messages) {
      unit = Math.min(unit, rounded(m.length()));
    }
    // the sum over arcs of the rounded load in units, sum over messages of (h / unit) * span
    long cells = 0;
    for (Message m : messages) {
      long units = rounded(m.length()) / unit;
      long span = m.to() - (long) m.from();
      if (units > MAX_CELLS || units * span > MAX_CELLS || (cells += units * span) > MAX_CELLS) {
        return "kierstead counts unit levels on every arc, and these messages need more than " + MAX_CELLS
            + " level-arc cells (about 1.4 bytes each), the most it allows; use first-fit, or interval-coloring "
            + "for unit lengths";
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
   * Per arc, which unit levels the placed blocks cover, by colour, and a tree of 64-unit words answering "the
   * first level where the free units reach a count" in O(log levels).
   *
   * <p>With {@code v(u) = 1 - (blocks covering unit u)} and {@code W(q) = v(0) + ... + v(q - 1)}, the model's test
   * {@code load_{<p+h}(x) <= p} reads {@code W_x(p + h) >= h}. Blocks covering one unit of one arc have distinct
   * colours (that is what the colouring ensures), so the count of a unit is the number of colour bits set.
   * Above an arc's stored levels every unit is free ({@code v = 1}).
   *
   * <p>Tree layout: heap order, leaves {@code words + w} for word w; {@code sum} is the node's total of v,
   * {@code best} the largest total of a prefix of the node's units (0 for the empty prefix).
   */
  private static final class ArcLevels {
    private final long[][] bits; // per arc: word w of colour k at [3 * w + k]
    private final int[][] sum;
    private final int[][] best;
    private long wordTotal; // set by reachInWord when the word does not reach

    ArcLevels(int arcs) {
      bits = new long[arcs][];
      sum = new int[arcs][];
      best = new int[arcs][];
      for (int x = 0; x < arcs; x++) {
        bits[x] = new long[0];
        sum[x] = new int[] {0, 0};
        best[x] = new int[] {0, 0};
      }
    }

    private int words(int x) {
      return bits[x].length / 3;
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

    /**
     * The smallest multiple of g at or above q (a multiple of g) with {@code W_x >= g}. Placed blocks are aligned
     * to sizes that are multiples of g, so v is constant on each aligned run of g units and W is linear there: the
     * first unit-level end reaching g, rounded up to a multiple of g, is the answer.
     */
    private long firstEnd(int x, long q, long g) {
      long w = prefix(x, q);
      if (w >= g) {
        return q;
      }
      long reach = firstReach(x, q, g - w);
      return Math.multiplyExact((reach + g - 1) / g, g);
    }

    /** {@code W_x(q)}. */
    private long prefix(int x, long q) {
      int words = words(x);
      long cap = 64L * words;
      if (q >= cap) {
        return (words == 0 ? 0 : sum[x][1]) + (q - cap);
      }
      int w = (int) (q >>> 6);
      int[] s = sum[x];
      long total = 0;
      for (int l = words, r = words + w; l < r; l >>= 1, r >>= 1) {
        if ((l & 1) == 1) {
          total += s[l++];
        }
        if ((r & 1) == 1) {
          total += s[--r];
        }
      }
      int k = (int) (q & 63);
      return total + k - covered(x, w, 0, k);
    }

    /** Colour bits covering units {@code [from, to)} of word w, counted with multiplicity (0 <= from <= to <= 64). */
    private int covered(int x, int w, int from, int to) {
      if (from >= to) {
        return 0;
      }
      long m = (to == 64 ? -1L : (1L << to) - 1) & (-1L << from);
      long[] c = bits[x];
      return Long.bitCount(c[3 * w] & m) + Long.bitCount(c[3 * w + 1] & m) + Long.bitCount(c[3 * w + 2] & m);
    }

    private long freeUnits(int x, int w) {
      long[] c = bits[x];
      return ~(c[3 * w] | c[3 * w + 1] | c[3 * w + 2]);
    }

    /** The smallest r > q with {@code W_x(r) - W_x(q) >= need} (need >= 1). */
    private long firstReach(int x, long q, long need) {
      int words = words(x);
      long cap = 64L * words;
      if (q >= cap) {
        return q + need;
      }
      int w = (int) (q >>> 6);
      int from = (int) (q & 63);
      // the rest of word w
      long r = reachInWord(x, w, from, 0, need);
      if (r >= 0) {
        return 64L * w + r;
      }
      long acc = wordTotal;
      // the words after w, through the tree
      int[] s = sum[x];
      int[] bst = best[x];
      int i = words + w + 1;
      if (w + 1 < words) {
        while (true) {
          if (acc + bst[i] >= need) {
            while (i < words) {
              int left = 2 * i;
              if (acc + bst[left] >= need) {
                i = left;
              } else {
                acc += s[left];
                i = left + 1;
              }
            }
            int word = i - words;
            return 64L * word + reachInWord(x, word, 0, acc, need);
          }
          acc += s[i];
          while ((i & 1) == 1) {
            i >>= 1;
          }
          if (i == 0) {
            break;
          }
          i++;
        }
      }
      return cap + (need - acc);
    }

    /**
     * Within word w from unit {@code from}, with {@code acc} the running total before it: the offset k (from <
     * k <= 64) where the running total first reaches need, or -1 with the total at the word's end in
     * {@link #wordTotal}.
     * The total only grows across free units, so it first reaches need inside a run of free units.
     */
    private long reachInWord(int x, int w, int from, long acc, long need) {
      long free = freeUnits(x, w) & (-1L << from);
      while (free != 0) {
        int start = Long.numberOfTrailingZeros(free);
        long rest = ~free & (-1L << start);
        int end = rest == 0 ? 64 : Long.numberOfTrailingZeros(rest);
        long atStart = acc + (start - from) - covered(x, w, from, start);
        if (atStart + (end - start) >= need) {
          return start + (need - atStart);
        }
        free = end == 64 ? 0 : free & (-1L << end);
      }
      wordTotal = acc + (64 - from) - covered(x, w, from, 64);
      return -1;
    }

    /** The colours (bit k for colour k) of the blocks covering unit u at arc x. */
    int colours(int x, long u) {
      if (u >= 64L * words(x)) {
        return 0;
      }
      int w = (int) (u >>> 6);
      long bit = 1L << (u & 63);
      long[] c = bits[x];
      return ((c[3 * w] & bit) != 0 ? 1 : 0) | ((c[3 * w + 1] & bit) != 0 ? 2 : 0)
          | ((c[3 * w + 2] & bit) != 0 ? 4 : 0);
    }

    /** Places a block of colour c on units {@code [start, start + g)} of arc x. */
    void add(int x, long start, long g, int c) {
      long end = start + g;
      if (end > (1L << 34)) {
        throw new ArithmeticException("kierstead: more than 2^34 unit levels on one arc");
      }
      grow(x, end);
      long[] cb = bits[x];
      int first = (int) (start >>> 6);
      int last = (int) ((end - 1) >>> 6);
      for (int w = first; w <= last; w++) {
        int from = w == first ? (int) (start & 63) : 0;
        int to = w == last ? (int) ((end - 1) & 63) + 1 : 64;
        cb[3 * w + c] |= (to == 64 ? -1L : (1L << to) - 1) & (-1L << from);
      }
      int words = words(x);
      for (int w = first; w <= last; w++) {
        leaf(x, w);
      }
      for (int l = (words + first) >> 1, r = (words + last) >> 1; l >= 1; l >>= 1, r >>= 1) {
        for (int i = l; i <= r; i++) {
          pull(x, i);
        }
      }
    }

    private void leaf(int x, int w) {
      long free = freeUnits(x, w);
      int bst = 0;
      while (free != 0) {
        int start = Long.numberOfTrailingZeros(free);
        long rest = ~free & (-1L << start);
        int end = rest == 0 ? 64 : Long.numberOfTrailingZeros(rest);
        bst = Math.max(bst, end - covered(x, w, 0, end));
        free = end == 64 ? 0 : free & (-1L << end);
      }
      int i = words(x) + w;
      sum[x][i] = 64 - covered(x, w, 0, 64);
      best[x][i] = bst;
    }

    private void pull(int x, int i) {
      int[] s = sum[x];
      int[] b = best[x];
      s[i] = s[2 * i] + s[2 * i + 1];
      b[i] = Math.max(b[2 * i], s[2 * i] + b[2 * i + 1]);
    }

    /** Makes room for units below {@code end} at arc x (a power of two of words; new units are free). */
    private void grow(int x, long end) {
      int words = words(x);
      if (64L * words >= end) {
        return;
      }
      long need = (end + 63) >>> 6;
      int size = Math.max(1, words);
      while (size < need) {
        size *= 2;
      }
      long[] cb = Arrays.copyOf(bits[x], 3 * size);
      bits[x] = cb;
      sum[x] = new int[2 * size];
      best[x] = new int[2 * size];
      for (int w = 0; w < size; w++) {
        leaf(x, w);
      }
      for (int i = size - 1; i >= 1; i--) {
        pull(x, i);
      }
    }
  }
}
