package org.commsched.heuristics.packet;

/**
 * Even-size packetization and the best packet counts of J.-P. Tsai, "On the Furthest-Distance-First
 * Principle in Scattering and Gathering" (thesis, National Taiwan University), Chapter 5
 * (docs/models/packet.md#packetization). All in exact integer ticks: {@code beta} and {@code tau}
 * are the instance's set-up and per-unit times in ticks of its scale, so a packet of {@code s}
 * units takes {@code beta + s tau} ticks per hop.
 *
 * <ul>
 *   <li>{@link #evenSizes}: the even-size distribution {@code ρ⟨m, r⟩} ({@code m mod r} packets of
 *       {@code ceil(m / r)} first, then packets of {@code floor(m / r)}; the thesis's "remainder of
 *       m by b2" is read as {@code m mod r}).
 *   <li>{@link #alpha}: Lemma 12, the arrival of {@code ρ⟨m, r⟩} alone over {@code l} hops, {@code
 *       α_l(m, r) = m tau + r beta + (l - 1)(beta + ceil(m / r) tau)}.
 *   <li>{@link #minimise}: {@code min A x + B y} over integers {@code x, y >= 1} with {@code x y >=
 *       m}, exactly, in {@code O(sqrt m)}: at an optimum {@code y = ceil(m / x)}, and {@code x} or
 *       {@code y} is at most {@code ceil(sqrt m)}. This replaces the continued-fraction method the
 *       thesis promises but never gives; it solves problem (5.1) ({@link #bestAlone}) with the
 *       corrected constraints {@code m >= r >= 1}, {@code r b >= m}.
 *   <li>{@link #bestShared}: the packet counts of a whole FDF stream with the waiting at the root
 *       counted (the inter-message delays of the root's queue): a dynamic programme over the
 *       messages from the last one back, each step exact over the same {@code O(sqrt m)}
 *       candidates.
 * </ul>
 *
 * @implNote Stateless; every result is exact (longs, overflow checked).
 */
public final class Packetization {
  private Packetization() {}

  /**
   * {@code ρ⟨m, r⟩}: the sizes of {@code r} packets of {@code m} units, larger ones first; {@code 1
   * <= r <= m}.
   */
  public static long[] evenSizes(long m, int r) {
    if (r < 1 || r > m) {
      throw new IllegalArgumentException("need 1 <= r <= m, got r = " + r + ", m = " + m);
    }
    long b2 = m / r;
    long r1 = m - r * b2;
    long[] s = new long[r];
    for (int i = 0; i < r; i++) {
      s[i] = i < r1 ? b2 + 1 : b2;
    }
    return s;
  }

  /**
   * Lemma 12: {@code α_l(m, r) = m tau + r beta + (l - 1)(beta + ceil(m / r) tau)}, {@code l >= 1}.
   */
  public static long alpha(long beta, long tau, int l, long m, long r) {
    long b1 = ceilDiv(m, r);
    return Math.addExact(
        Math.addExact(Math.multiplyExact(m, tau), Math.multiplyExact(r, beta)),
        Math.multiplyExact(l - 1L, Math.addExact(beta, Math.multiplyExact(b1, tau))));
  }

  /**
   * The optimum of {@code min A x + B y, x y >= m, x, y >= 1 integers}.
   *
   * @param value the optimal value
   * @param x the smallest optimal {@code x} (fewest packets)
   * @param y {@code ceil(m / x)}
   */
  public record Optimum(long value, long x, long y) {}

  /**
   * {@code min A x + B y} over integers {@code x, y >= 1} with {@code x y >= m}; {@code A, B >= 0},
   * {@code m >= 1}.
   */
  public static Optimum minimise(long a, long b, long m) {
    return minimise(a, b, m, Long.MAX_VALUE);
  }

  /**
   * {@code min A x + B y} over integers {@code 1 <= x <= cap}, {@code y >= 1} with {@code x y >=
   * m}; {@code A, B >= 0}, {@code m >= 1}, {@code cap >= 1}. The work is {@code O(min(sqrt m,
   * cap))}.
   */
  public static Optimum minimise(long a, long b, long m, long cap) {
    if (a < 0 || b < 0 || m < 1 || cap < 1) {
      throw new IllegalArgumentException("need A, B >= 0, m >= 1 and cap >= 1");
    }
    if (b == 0) {
      return new Optimum(a, 1, m);
    }
    long most = Math.min(m, cap);
    if (a == 0) {
      return new Optimum(Math.multiplyExact(b, ceilDiv(m, most)), most, ceilDiv(m, most));
    }
    long best = Long.MAX_VALUE;
    long bestX = 0;
    long k = Math.min(Math.min(ceilSqrt(m), m), cap);
    for (long i = 1; i <= k; i++) {
      for (long x : new long[] {i, ceilDiv(m, i), most}) {
        if (x > cap) {
          continue;
        }
        long v = Math.addExact(Math.multiplyExact(a, x), Math.multiplyExact(b, ceilDiv(m, x)));
        if (v < best || v == best && x < bestX) {
          best = v;
          bestX = x;
        }
      }
    }
    return new Optimum(best, bestX, ceilDiv(m, bestX));
  }

  /**
   * Problem (5.1): the fewest packets {@code r} that minimise {@code α_l(m, r)}, i.e. {@code
   * α*_l(m) = m tau + beta (l - 1) + min (beta x + (l - 1) tau y)}; a message alone on its route,
   * no inter-message delay.
   */
  public static int bestAlone(long beta, long tau, int l, long m) {
    return Math.toIntExact(minimise(beta, Math.multiplyExact(l - 1L, tau), m, MAX_PACKETS).x());
  }

  /**
   * The most packets the heuristics cut one message into (2^16). The best count grows like the
   * square root of the units, so only a message of about 10^9 units or more reaches it; there the
   * count stops at this cap (the best count up to it) instead of an explicit schedule of millions
   * of packets per message that no time limit could place or write
   * (docs/models/packet.md#packetization).
   */
  public static final long MAX_PACKETS = 1L << 16;

  /** {@code α*_l(m)}: the arrival of the best even-size packetization of one message alone. */
  public static long alphaStar(long beta, long tau, int l, long m) {
    return alpha(beta, tau, l, m, bestAlone(beta, tau, l, m));
  }

  /**
   * The planned makespan of a root stream: messages {@code k = 0, 1, ...} leave the root back to
   * back, message {@code k} cut into {@code r_k} even packets, and each then travels as if alone:
   * {@code max over k of (sum over j < k of (r_j beta + m_j tau)) + α_{l_k}(m_k, r_k)}. This is the
   * exact arrival of the last message when no packet is delayed by a packet of another message (as
   * on a path rooted at an end under FDF with non-decreasing counts, Corollary 16), and never above
   * the simulated makespan of the same counts.
   */
  public static long planned(long beta, long tau, int[] hops, long[] lengths, int[] counts) {
    long root = 0;
    long t = 0;
    for (int k = 0; k < hops.length; k++) {
      t = Math.max(t, Math.addExact(root, alpha(beta, tau, hops[k], lengths[k], counts[k])));
      root =
          Math.addExact(
              root,
              Math.addExact(
                  Math.multiplyExact(counts[k], beta), Math.multiplyExact(lengths[k], tau)));
    }
    return t;
  }

  /**
   * The counts that minimise {@link #planned} exactly, ties to fewer packets. With {@code G_k} the
   * best planned time of messages {@code k..} measured from the start of message {@code k} at the
   * root, {@code G_k = min over r of max(α_k(r), r beta + m_k tau + G_{k+1})}, and for each value
   * {@code y} of {@code ceil(m / r)} the smallest {@code r} is best, so the same {@code O(sqrt m)}
   * candidates as {@link #minimise} suffice.
   *
   * @param hops route lengths, in root order
   * @param lengths message lengths (each at least 1), in root order
   */
  public static int[] bestShared(long beta, long tau, int[] hops, long[] lengths) {
    int n = hops.length;
    int[] counts = new int[n];
    long[] g = new long[n + 1];
    int[] choice = new int[n];
    g[n] = Long.MIN_VALUE;
    for (int k = n - 1; k >= 0; k--) {
      long m = lengths[k];
      long best = Long.MAX_VALUE;
      long bestR = 0;
      long most = Math.min(m, MAX_PACKETS);
      long lim = Math.min(Math.min(ceilSqrt(m), m), MAX_PACKETS);
      for (long i = 1; i <= lim; i++) {
        for (long r : new long[] {i, ceilDiv(m, i), most}) {
          if (r > MAX_PACKETS) {
            continue;
          }
          long a = alpha(beta, tau, hops[k], m, r);
          long v = a;
          if (g[k + 1] != Long.MIN_VALUE) {
            v =
                Math.max(
                    a,
                    Math.addExact(
                        Math.addExact(Math.multiplyExact(r, beta), Math.multiplyExact(m, tau)),
                        g[k + 1]));
          }
          if (v < best || v == best && r < bestR) {
            best = v;
            bestR = r;
          }
        }
      }
      g[k] = best;
      choice[k] = Math.toIntExact(bestR);
    }
    System.arraycopy(choice, 0, counts, 0, n);
    return counts;
  }

  /**
   * Above this many units in all, {@link #bestMonotone} is not run (it takes time linear in the
   * units).
   */
  public static final long MONOTONE_UNITS = 5_000_000L;

  /**
   * The counts that minimise {@link #planned} exactly among counts that never grow along the root
   * order ({@code r_0 >= r_1 >= ...}: farther messages get at least as many packets, the shape of
   * Lemma 15's optimal FDF schedules, under which a nearer message's smaller packets never catch up
   * with a farther one's on a shared path, Corollary 16), ties to fewer packets; null above {@link
   * #MONOTONE_UNITS} units. With {@code G_k(x)} the best planned time of messages {@code k..} from
   * the start of message {@code k} at the root when {@code r_k <= x}, {@code G_k(x) = min over r <=
   * x of max(α_k(r), r beta + m_k tau + G_{k+1}(r))}: a prefix minimum per message, in time linear
   * in the total units.
   */
  public static int[] bestMonotone(long beta, long tau, int[] hops, long[] lengths) {
    int n = hops.length;
    long units = 0;
    for (long m : lengths) {
      units += m;
      if (units > MONOTONE_UNITS) {
        return null;
      }
    }
    long[][] g = new long[n + 1][];
    int[][] arg = new int[n][]; // arg[k][x - 1]: the best r <= x for message k
    for (int k = n - 1; k >= 0; k--) {
      int m = Math.toIntExact(lengths[k]);
      g[k] = new long[m];
      arg[k] = new int[m];
      long best = Long.MAX_VALUE;
      int bestR = 0;
      for (int r = 1; r <= m; r++) {
        long v = alpha(beta, tau, hops[k], m, r);
        if (k + 1 < n) {
          long[] next = g[k + 1];
          long rest = next[Math.min(r, next.length) - 1];
          v =
              Math.max(
                  v,
                  Math.addExact(
                      Math.addExact(
                          Math.multiplyExact((long) r, beta), Math.multiplyExact((long) m, tau)),
                      rest));
        }
        if (v < best) {
          best = v;
          bestR = r;
        }
        g[k][r - 1] = best;
        arg[k][r - 1] = bestR;
      }
      if (k + 2 <= n) {
        g[k + 2] = null; // no longer needed
      }
    }
    int[] counts = new int[n];
    int bound = Integer.MAX_VALUE;
    for (int k = 0; k < n; k++) {
      int[] row = arg[k];
      counts[k] = row[Math.min(bound, row.length) - 1];
      bound = counts[k];
    }
    return counts;
  }

  static long ceilDiv(long a, long b) {
    return -Math.floorDiv(-a, b);
  }

  static long ceilSqrt(long n) {
    // the least s with s * s >= n, by bisection on integers (no floating point)
    long lo = 0;
    long hi = Math.min(n, 3_037_000_500L);
    while (lo < hi) {
      long mid = (lo + hi) >>> 1;
      if (mid * mid >= n) {
        hi = mid;
      } else {
        lo = mid + 1;
      }
    }
    return lo;
  }
}
