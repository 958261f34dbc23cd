package org.commsched.heuristics.chatting;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A2 of spec chatting.md §5: virtual chatting with arbitrary lengths on a unidirectional linear array by the
 * concrete "weighted Kierstead-Trotter" strategy of the spec, then VO for the real schedule.
 *
 * <p>Source: Bhatt, Bilardi, Pucci, Ranade, Rosenberg, Schwabe, "On Bufferless Routing of Variable Length Messages
 * in Leveled Networks", §4.2, Theorem 4.5(b) and Corollary 4.3, which summarise H. A. Kierstead, "A polynomial
 * time approximation algorithm for dynamic storage allocation" (1991). The concrete strategy is the spec's
 * (its §5 A2, marked derived), not the paper's:
 * <ol>
 *   <li>round each length up to a power of two {@code h};</li>
 *   <li>in order (h desc, from asc, to asc, index asc) give each message the lowest aligned block
 *       {@code [p, p + h)}, p a multiple of h, such that at every arc x of its interval the earlier blocks at x
 *       cover at most p units below {@code p + h} (counted with multiplicity);</li>
 *   <li>3-colour first fit: a message's colour avoids those of earlier messages whose block meets its block and
 *       whose interval meets its interval; the slot is {@code colour * Λ + p}, Λ the top of the highest block.</li>
 * </ol>
 *
 * <p>Why it holds (proof sketch of the spec): sizes are powers of two taken in non-increasing order and blocks are
 * aligned, so an earlier block either contains a new block or misses it. If candidate p - h failed, it failed at a
 * point x of the interval where the units below p are all covered; that point is private to the message among all
 * items whose blocks meet its block. Hence p + h &lt;= L' (the rounded load, at most 2C - 1), at most one earlier
 * conflicting item on each side, three colours suffice, and S &lt;= 3Λ &lt;= 3L' &lt;= 6C - 3; after VO,
 * T &lt;= S + Q - 1.
 *
 * <p>On a bidirectional linear array the rightward and leftward messages are two ula instances on disjoint arcs,
 * solved at once ({@link BidirectionalSplit}); the guarantee holds per direction.
 *
 * <p>Cost: O(sum over messages of |interval| * (candidates + h)) with per-arc unit counters; the colouring looks
 * up the blocks that contain a block, one hash lookup per power of two. Measured: 10^5 messages (intervals up to 20
 * arcs, lengths 1..8) on a 10^4-node ULA in about 5 s; 10^6 such messages take minutes (the candidate scan is
 * linear in the number of aligned levels; a per-arc prefix structure would make it logarithmic).
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
        + "spec chatting.md §5 A2";
  }

  @Override
  long[] slots(int[] from, int[] to, long[] length) {
    int n = from.length;
    long[] h = new long[n];
    for (int i = 0; i < n; i++) {
      h[i] = Long.highestOneBit(length[i]) == length[i] ? length[i] : Long.highestOneBit(length[i]) << 1;
    }
    Integer[] order = new Integer[n];
    for (int i = 0; i < n; i++) {
      order[i] = i;
    }
    Arrays.sort(order, (a, b) -> h[a] != h[b] ? Long.compare(h[b], h[a])
        : from[a] != from[b] ? Integer.compare(from[a], from[b])
        : to[a] != to[b] ? Integer.compare(to[a], to[b]) : Integer.compare(a, b));
    int lo = Integer.MAX_VALUE;
    int hi = Integer.MIN_VALUE;
    for (int i = 0; i < n; i++) {
      lo = Math.min(lo, from[i]);
      hi = Math.max(hi, to[i] - 1);
    }
    UnitCounts counts = new UnitCounts(lo, hi);
    long[] p = new long[n];
    long lambda = 0;
    long[] loads = new long[hi - lo + 1];
    for (int i : order) {
      int a = from[i];
      int b = to[i] - 1;
      long hi0 = h[i];
      Arrays.fill(loads, 0, b - a + 1, 0L);
      long cand = 0;
      while (true) {
        // loads[x - a] = load below cand at x; the blocks at x covering unit cand cover all of [cand, cand + h)
        long max = 0;
        for (int x = a; x <= b; x++) {
          long l = loads[x - a] + hi0 * counts.at(x, cand);
          loads[x - a] = l;
          max = Math.max(max, l);
        }
        if (max <= cand) {
          break;
        }
        cand += hi0;
      }
      p[i] = cand;
      counts.add(a, b, cand, hi0);
      lambda = Math.max(lambda, cand + hi0);
    }
    // 3-colouring by first fit (spec §5 A2): the earlier blocks meeting B(M) contain it.
    Map<Long, List<Integer>> blocks = new HashMap<>();
    int[] colour = new int[n];
    long maxH = 0;
    for (int i = 0; i < n; i++) {
      maxH = Math.max(maxH, h[i]);
    }
    for (int i : order) {
      boolean[] taken = new boolean[3];
      for (long size = h[i]; size <= maxH && size > 0; size <<= 1) {
        List<Integer> same = blocks.get(key(p[i] - p[i] % size, size));
        if (same == null) {
          continue;
        }
        for (int w : same) {
          if (from[w] < to[i] && from[i] < to[w]) {
            taken[colour[w]] = true;
          }
        }
      }
      int c = 0;
      while (c < 3 && taken[c]) {
        c++;
      }
      if (c == 3) {
        throw new IllegalStateException("kierstead: a message meets three earlier blocks of different colours, "
            + "which the spec's proof rules out");
      }
      colour[i] = c;
      blocks.computeIfAbsent(key(p[i], h[i]), k -> new ArrayList<>()).add(i);
    }
    long[] sigma = new long[n];
    for (int i = 0; i < n; i++) {
      sigma[i] = colour[i] * lambda + p[i];
    }
    return sigma;
  }

  private static long key(long start, long size) {
    return start * 64 + Long.numberOfTrailingZeros(size);
  }

  /** Per arc, the number of placed blocks covering each unit level (grown on demand). */
  private static final class UnitCounts {
    private final int lo;
    private final int[][] count;

    UnitCounts(int lo, int hi) {
      this.lo = lo;
      this.count = new int[Math.max(0, hi - lo + 1)][];
      for (int x = 0; x < count.length; x++) {
        count[x] = new int[8];
      }
    }

    int at(int x, long unit) {
      int[] c = count[x - lo];
      return unit < c.length ? c[(int) unit] : 0;
    }

    void add(int a, int b, long start, long size) {
      long end = start + size;
      if (end > Integer.MAX_VALUE - 8) {
        throw new ArithmeticException("kierstead: more than 2^31 unit levels");
      }
      for (int x = a; x <= b; x++) {
        int[] c = count[x - lo];
        if (c.length < end) {
          c = Arrays.copyOf(c, (int) Math.max(end, Math.min(Integer.MAX_VALUE - 8L, 2L * c.length)));
          count[x - lo] = c;
        }
        for (long q = start; q < end; q++) {
          c[(int) q]++;
        }
      }
    }
  }
}
