package org.commsched.core.bounds;

import java.math.BigInteger;
import org.commsched.core.model.CommModel;
import org.commsched.core.time.TimeScale;

/**
 * Exact pipeline formulas for sending {@code n} units along a path of {@code m} links under the
 * linear cost model (a packet of L units takes {@code beta + L * tau} per link), in integer ticks.
 *
 * <p>From D. B. Peters, <i>Bounds for Communication Problems in Interconnection Networks under a
 * Linear Cost Model</i>, PhD thesis, Simon Fraser University, 1995
 * (docs/models/linear-cost.md#pipeline-formulas):
 *
 * <ul>
 *   <li>{@code T_*(n,m,k) = (ceil(n/k) + m - 1) beta + ((m-1) k + n) tau}, the link-bound pipeline
 *       with packets of size k (the last one short); evaluated by the formula also for n = 0, where
 *       it equals {@code (m-1)(beta + k tau)} (§2.1 convention, used by Thm 3.2.2);
 *   <li>{@code T_1(n,m,k) = (2 ceil(n/k) + m - 2) beta + ((m-2) k + 2n) tau}, the processor-bound
 *       pipeline, with {@code T_1(0,m,k) = 0}; for m = 1 the formula over-estimates a real pipeline
 *       (§2.1);
 *   <li>{@code S_*(n,m) = min_k T_*(n,m,k)} (Thm 2.3.1) and {@code S_1(n,m) = min_k T_1(n,m,k)}
 *       (Thm 2.4.1), the exact optima of the link-bound and processor-bound models on a path, with
 *       {@code S(0,m) = 0}.
 * </ul>
 *
 * With {@code tau = 1} (Tsai's normalisation), {@code S_*(L, l)} is Tsai's {@code alpha*_l(L)}
 * (docs/models/packet.md#closed-forms, F7): both are {@code L tau + (l-1) beta + min_q (q beta +
 * (l-1) ceil(L/q) tau)}.
 *
 * <p>The minima are computed exactly: for a fixed number of packets {@code q = ceil(n/k)} the cost
 * is non-decreasing in k, so only the smallest k per q matters, and every such k is either at most
 * {@code ceil(sqrt n)} or equal to {@code ceil(n/q)} for some {@code q <= ceil(sqrt n)}; of those,
 * only the ones whose convex lower bound {@code beta n / k + (m-1) tau k} does not exceed a
 * near-optimal value are evaluated, about {@code n^(1/4)} of them ({@link #argMin}), so that 10^15
 * units take milliseconds.
 *
 * @implNote Immutable. Arithmetic is exact; a value that does not fit in a long throws {@link
 *     ArithmeticException}.
 */
public final class PathSending {
  private final long beta;
  private final long tau;

  /**
   * @param betaTicks set-up time per packet per link, in ticks, at least 0
   * @param tauTicks time per unit, in ticks, at least 0
   */
  public PathSending(long betaTicks, long tauTicks) {
    if (betaTicks < 0 || tauTicks < 0) {
      throw new IllegalArgumentException(
          "beta and tau must be at least 0 ticks, got " + betaTicks + " and " + tauTicks);
    }
    this.beta = betaTicks;
    this.tau = tauTicks;
  }

  /** The formulas for a store-and-forward model, in ticks of the given scale. */
  public static PathSending of(CommModel.StoreAndForward model, TimeScale scale) {
    return new PathSending(model.betaTicks(scale), model.tauTicks(scale));
  }

  /** beta in ticks. */
  public long beta() {
    return beta;
  }

  /** tau in ticks. */
  public long tau() {
    return tau;
  }

  /** {@code T_*(n,m,k)}: link-bound pipeline with packets of size k; n >= 0, m >= 1, k >= 1. */
  public long tStar(long n, long m, long k) {
    check(n, m, k);
    long q = ceilDiv(n, k);
    return Math.addExact(
        Math.multiplyExact(q + m - 1, beta),
        Math.multiplyExact(Math.addExact(Math.multiplyExact(m - 1, k), n), tau));
  }

  /** {@code T_1(n,m,k)}: processor-bound pipeline with packets of size k; 0 when n = 0. */
  public long tOne(long n, long m, long k) {
    check(n, m, k);
    if (n == 0) {
      return 0;
    }
    long q = ceilDiv(n, k);
    return Math.addExact(
        Math.multiplyExact(2 * q + m - 2, beta),
        Math.multiplyExact(
            Math.addExact(Math.multiplyExact(m - 2, k), Math.multiplyExact(2, n)), tau));
  }

  /**
   * {@code S_*(n,m)}: the optimal link-bound (all-port) send of n units over m links (Thm 2.3.1).
   */
  public long sStar(long n, long m) {
    check(n, m, 1);
    if (n == 0) {
      return 0;
    }
    return tStar(n, m, bestK(n, m, false));
  }

  /**
   * {@code S_1(n,m)}: the optimal processor-bound (one-port) send of n units over m links (Thm
   * 2.4.1).
   */
  public long sOne(long n, long m) {
    check(n, m, 1);
    if (n == 0) {
      return 0;
    }
    if (m == 1) {
      return Math.addExact(beta, Math.multiplyExact(n, tau)); // S_1(n,1) = beta + n tau (§2.1)
    }
    return tOne(n, m, bestK(n, m, true));
  }

  /**
   * A packet size attaining {@code S_*(n,m)}, found by comparing the exact times {@code T_*(n,m,k)}
   * of the candidates of {@link #argMin} (the optimal size is often not unique; ties go to the
   * larger size, fewer packets). n >= 1.
   */
  public long bestKStar(long n, long m) {
    return bestK(n, m, false);
  }

  /**
   * A packet size attaining {@code S_1(n,m)} (ties: the larger size); {@code n} itself when m = 1.
   * n >= 1.
   */
  public long bestKOne(long n, long m) {
    return m == 1 ? n : bestK(n, m, true);
  }

  private long bestK(long n, long m, boolean one) {
    check(n, m, 1);
    if (n == 0) {
      throw new IllegalArgumentException("a packet size needs n >= 1 units");
    }
    // T_*(n,m,k) = (m-1) beta + n tau + [beta q + (m-1) tau k], q = ceil(n/k) >= n/k: the bracket
    // is at least
    // (m-1) tau k + beta n / k. T_1 (m >= 2) likewise with 2 beta q + (m-2) tau k.
    long a = Math.multiplyExact(one ? m - 2 : m - 1, tau);
    long b = one ? Math.multiplyExact(2, beta) : beta;
    BigInteger base =
        BigInteger.valueOf(one ? m - 2 : m - 1)
            .multiply(BigInteger.valueOf(beta))
            .add(BigInteger.valueOf(n).multiply(BigInteger.valueOf(one ? 2 * tau : tau)));
    return argMin(n, k -> one ? tOne(n, m, k) : tStar(n, m, k), a, b, base, 1, true);
  }

  /**
   * The k in {@code [1, n]} with the least {@code cost(k)} (ties: the larger k, or the smaller
   * one), exactly, in about {@code n^(1/4)} evaluations instead of the {@code 2 sqrt(n)} of
   * enumerating every small k and every {@code ceil(n/q)} for small q (10^15 units took minutes
   * through the binary searches of {@link #split} and {@link #ringSend}). Also the packet-count
   * search of the special-class bounds ({@link PacketClassBounds#minCount}), whose cost has the
   * same shape.
   *
   * <p>The caller promises two things. A lower bound: {@code den * cost(k) >= base + a k + b n / k}
   * for every k ({@code a, b >= 0}; when one of them is 0 the least cost is at k = 1 or k = n). And
   * a candidate set: some minimiser is either at most {@code ceil(sqrt n) + 1} or equal to {@code
   * ceil(n/q)} for some {@code q <= 2 ceil(sqrt n) + 3}. The least cost found near the continuous
   * optimum {@code sqrt(b n / a)} is U; a k whose lower bound exceeds U cannot be a minimiser, and
   * the k with {@code a k^2 - (den U - base) k + b n <= 0} form an interval of width O(n^(1/4))
   * (the lower bound is convex and U is within a + b of its minimum); only the candidates inside it
   * are evaluated. A cost that does not fit in a long counts as larger than every other.
   */
  static long argMin(
      long n,
      java.util.function.LongUnaryOperator cost,
      long a,
      long b,
      BigInteger base,
      long den,
      boolean preferLarger) {
    long[] best = {n, Long.MAX_VALUE};
    java.util.function.LongConsumer offer =
        k -> {
          long c;
          try {
            c = cost.applyAsLong(k);
          } catch (ArithmeticException tooLarge) {
            return;
          }
          if (c < best[1] || (c == best[1] && (preferLarger ? k > best[0] : k < best[0]))) {
            best[0] = k;
            best[1] = c;
          }
        };
    offer.accept(n);
    offer.accept(1);
    if (a == 0 || b == 0 || n <= 2) {
      return found(best);
    }
    BigInteger bigA = BigInteger.valueOf(a);
    BigInteger bn = BigInteger.valueOf(b).multiply(BigInteger.valueOf(n));
    long k0 = Math.max(1, Math.min(n, bn.divide(bigA).sqrt().longValue()));
    for (long k = Math.max(1, k0 - 1); k <= Math.min(n, k0 + 2); k++) {
      offer.accept(k);
    }
    if (best[1] == Long.MAX_VALUE) {
      return found(best);
    }
    BigInteger v = BigInteger.valueOf(best[1]).multiply(BigInteger.valueOf(den)).subtract(base);
    BigInteger disc = v.multiply(v).subtract(bigA.multiply(bn).shiftLeft(2));
    if (v.signum() < 0 || disc.signum() < 0) {
      return found(best); // no k beats U (the bound is met at U's own k)
    }
    BigInteger root2 = disc.sqrt().add(BigInteger.ONE);
    BigInteger twoA = bigA.shiftLeft(1);
    long lo = Math.max(1, clamp(v.subtract(root2).divide(twoA), n) - 1);
    long hi = Math.min(n, clamp(v.add(root2).divide(twoA), n) + 1);
    long root = ceilSqrt(n);
    for (long k = lo; k <= Math.min(hi, root + 1); k++) {
      offer.accept(k);
    }
    // the k above sqrt(n) in [lo, hi] through q = ceil(n/k), which lies in [ceil(n/hi), ceil(n/lo)]
    long qHi = Math.min(2 * root + 3, ceilDiv(n, lo));
    for (long q = Math.max(1, ceilDiv(n, hi) - 1); q <= qHi; q++) {
      long k = ceilDiv(n, q);
      if (k >= lo && k <= hi) {
        offer.accept(k);
      }
    }
    return found(best);
  }

  private static long found(long[] best) {
    if (best[1] == Long.MAX_VALUE) {
      throw new ArithmeticException("no packet size gives a time that fits in a long");
    }
    return best[0];
  }

  private static long clamp(BigInteger x, long n) {
    return x.signum() < 0 ? 0 : x.compareTo(BigInteger.valueOf(n)) > 0 ? n : x.longValue();
  }

  /**
   * The optimal split of n units over node-disjoint paths of the given numbers of links, each path
   * used as an independent link-bound pipeline (Observation 2.5.1 for the two paths of a ring,
   * generalised): the least T such that the units each path can deliver by T ({@code max n_i with
   * S_*(n_i, l_i) <= T}) add up to n. Returns the units per path, a feasible split with {@code
   * max_i S_*(n_i, l_i)} minimal (largest shares to the first paths). By monotonicity (Lemma 3.2.2)
   * the time is {@link #splitTime}.
   */
  public long[] split(long n, long[] links) {
    if (n < 0 || links.length == 0) {
      throw new IllegalArgumentException("a split needs n >= 0 and at least one path, got n=" + n);
    }
    long hi = Long.MAX_VALUE;
    for (long l : links) {
      hi = Math.min(hi, sStar(n, l));
    }
    long lo = 0; // time lo is infeasible unless n = 0; hi is feasible
    if (n == 0) {
      return new long[links.length];
    }
    while (hi - lo > 1) {
      long mid = lo + (hi - lo) / 2;
      if (deliverable(mid, links, n) >= n) {
        hi = mid;
      } else {
        lo = mid;
      }
    }
    long[] share = new long[links.length];
    long left = n;
    for (int i = 0; i < links.length && left > 0; i++) {
      share[i] = Math.min(left, maxUnits(hi, links[i], left));
      left -= share[i];
    }
    return share;
  }

  /** {@code max_i S_*(n_i, l_i)} of a split (0 for a path that carries nothing). */
  public long splitTime(long[] share, long[] links) {
    long t = 0;
    for (int i = 0; i < links.length; i++) {
      t = Math.max(t, sStar(share[i], links[i]));
    }
    return t;
  }

  /** Units the paths can deliver by time t together, capped at cap. */
  private long deliverable(long t, long[] links, long cap) {
    long sum = 0;
    for (long l : links) {
      sum = Math.min(cap, sum + maxUnits(t, l, cap));
      if (sum >= cap) {
        return cap;
      }
    }
    return sum;
  }

  /**
   * The most units (at most cap) a path of l links delivers by time t: the largest x with S_*(x, l)
   * <= t.
   */
  private long maxUnits(long t, long l, long cap) {
    long lo = 0;
    long hi = cap;
    while (lo < hi) {
      long mid = lo + (hi - lo + 1) / 2;
      if (sStar(mid, l) <= t) {
        lo = mid;
      } else {
        hi = mid - 1;
      }
    }
    return lo;
  }

  /**
   * Observation 2.5.1: the optimal send of n units between two nodes of a bidirectional link-bound
   * ring of p nodes at distance m one way (p - m the other way): {@code min_{n0} max(S_*(n0,m),
   * S_*(n-n0,p-m))}.
   */
  public long ringSend(long n, long m, long p) {
    if (p < 3 || m < 1 || m >= p) {
      throw new IllegalArgumentException(
          "a ring send needs p >= 3 and 1 <= m < p, got p=" + p + ", m=" + m);
    }
    // f(n0) = S_*(n0, m) is non-decreasing, g(n0) = S_*(n - n0, p - m) non-increasing: find the
    // crossing.
    long lo = 0;
    long hi = n;
    while (lo < hi) {
      long mid = lo + (hi - lo) / 2;
      if (sStar(mid, m) >= sStar(n - mid, p - m)) {
        hi = mid;
      } else {
        lo = mid + 1;
      }
    }
    long best = Math.max(sStar(lo, m), sStar(n - lo, p - m));
    if (lo > 0) {
      best = Math.min(best, Math.max(sStar(lo - 1, m), sStar(n - lo + 1, p - m)));
    }
    return best;
  }

  /**
   * The optimal broadcast of n units from one node of a bidirectional full-duplex all-port ring of
   * p >= 3 nodes: Theorem 3.2.1 ({@code S_*(ceil(n/2), p/2)} for even p) and Theorem 3.2.2 ({@code
   * min_k T_*(n - floor((n+k)/2), m, k)} for p = 2m - 1).
   */
  public long ringBroadcast(long n, long p) {
    if (p < 3) {
      throw new IllegalArgumentException("a ring needs at least 3 nodes, got " + p);
    }
    if (n <= 0) {
      throw new IllegalArgumentException("a broadcast needs n >= 1 units, got " + n);
    }
    if (p % 2 == 0) {
      return sStar(ceilDiv(n, 2), p / 2);
    }
    long m = (p + 1) / 2;
    // For a fixed c = ceil((n-k)/(2k)) the cost is non-decreasing in k (m >= 2); the smallest k
    // with that c is
    // ceil(n/(2c+1)): every small k and those k are the candidates. With c >= (n-k)/(2k) and n -
    // floor((n+k)/2)
    // >= (n-k)/2, twice the cost is at least (2m-3) beta + n tau + (2m-3) tau k + beta n / k.
    BigInteger base =
        BigInteger.valueOf(2 * m - 3)
            .multiply(BigInteger.valueOf(beta))
            .add(BigInteger.valueOf(n).multiply(BigInteger.valueOf(tau)));
    long k =
        argMin(
            n,
            x -> tStar(n - (n + x) / 2, m, x),
            Math.multiplyExact(2 * m - 3, tau),
            beta,
            base,
            2,
            true);
    return tStar(n - (n + k) / 2, m, k);
  }

  private static void check(long n, long m, long k) {
    if (n < 0 || m < 1 || k < 1) {
      throw new IllegalArgumentException(
          "pipeline formulas need n >= 0, m >= 1 and k >= 1, got n=" + n + ", m=" + m + ", k=" + k);
    }
  }

  static long ceilDiv(long a, long b) {
    return -Math.floorDiv(-a, b);
  }

  /** The smallest r >= 0 with r * r >= n. */
  static long ceilSqrt(long n) {
    long r = (long) Math.sqrt((double) n);
    while (r > 0 && r * r >= n) {
      r--;
    }
    while (r * r < n) {
      r++;
    }
    return r;
  }
}
