package org.commsched.core.bounds;

/**
 * The thesis's bounds for send, broadcast and gossip as functions of the problem size, in integer
 * ticks: every entry of the master table of docs/models/linear-cost.md#master-table, upper and
 * lower, with the conditions under which it holds. From D. B. Peters, <i>Bounds for Communication
 * Problems in Interconnection Networks under a Linear Cost Model</i>, PhD thesis, Simon Fraser
 * University, 1995.
 *
 * <p>Notation: {@code p} nodes; rings are {@code C_p} (two-way) or the one-way ring; {@code K_p}
 * the complete graph; {@code Q_m} the hypercube. Upper bounds are makespans of schemes; they are
 * valid for the model named and every model that allows more (see {@link UpperBounds}). Lower
 * bounds named "literature" are the earlier ones the thesis quotes (its §1.4.1); the family's own
 * lower bounds ({@link LowerBounds}) subsume them and report them through generic arguments
 * (VOLUME, RECV-PORT, SOURCE-PORT), see docs/models/linear-cost.md#lower-bounds.
 *
 * <p>Corrections applied (docs/models/linear-cost.md#corrections): the ring-send closed form of
 * Appendix A.3.1 is false and is not offered; Proposition 3.2.5 ({@link
 * #ringBroadcastH1EvenClaimed}) and the garbled Proposition 3.2.6 are not offered as bounds; the
 * folded-hypercube and H1 complete-graph bounds (Proposition 3.3.4, Corollaries 3.3.4, 3.3.5) break
 * the one-port rule and are replaced by {@link #hypercubeBroadcastH1} and {@link
 * #completeBroadcastH1}; the literature half-duplex ring gossip bound {@link
 * #ringGossipHalfLiteratureClaimed} is not offered (false for odd n: it exceeds the thesis's own
 * even-ring scheme and the exact optimum when beta is small); its sound form is {@link
 * #ringGossipHalfLower}.
 *
 * @implNote Immutable; exact long arithmetic ({@link ArithmeticException} on overflow).
 */
public final class LinearCostFormulas {
  private final PathSending ps;
  private final long beta;
  private final long tau;

  public LinearCostFormulas(PathSending ps) {
    this.ps = ps;
    this.beta = ps.beta();
    this.tau = ps.tau();
  }

  /** The path formulas these bounds are built on. */
  public PathSending path() {
    return ps;
  }

  private long lin(long betas, long taus) {
    return Math.addExact(Math.multiplyExact(betas, beta), Math.multiplyExact(taus, tau));
  }

  private static long ceilDiv(long a, long b) {
    return PathSending.ceilDiv(a, b);
  }

  private static void requireUnits(long n) {
    if (n < 1) {
      throw new IllegalArgumentException("a bound needs n >= 1 units, got " + n);
    }
  }

  // ---------------------------------------------------------------- send

  /**
   * Send between antipodes of {@code Q_m} (or nodes m bits apart) over m disjoint paths: {@code
   * S_*(ceil(n/m), m)} [UB], all ports (§2.5).
   */
  public long hypercubeSend(long n, long m) {
    requireUnits(n);
    return ps.sStar(ceilDiv(n, m), m);
  }

  // ---------------------------------------------------------------- broadcast, rings

  /**
   * One-way ring: {@code S_*(n, p - 1)} (all ports) or {@code S_1(n, p - 1)} (one port) [OPT] (Obs
   * 3.2.1).
   */
  public long uringBroadcast(long n, long p, boolean onePort) {
    requireUnits(n);
    return onePort ? ps.sOne(n, p - 1) : ps.sStar(n, p - 1);
  }

  /**
   * F1 ring. Even {@code p = 2m}: {@code S_*(n, m)} (Prop 3.2.1, conjectured optimal). Odd {@code p
   * = 2m + 1}: {@code min_k T_*(n + k ceil((k(m-1) + n)/(2mk)), m, k)} (Prop 3.2.2). [UB], p >= 3.
   */
  public long ringBroadcastF1(long n, long p) {
    requireUnits(n);
    requireRing(p);
    long m = p / 2;
    if (p % 2 == 0) {
      return ps.sStar(n, m);
    }
    long best = Long.MAX_VALUE;
    for (long k = 1; k <= n; k++) {
      long extra =
          ceilDiv(Math.addExact(Math.multiplyExact(k, m - 1), n), Math.multiplyExact(2 * m, k));
      best = Math.min(best, ps.tStar(Math.addExact(n, Math.multiplyExact(k, extra)), m, k));
    }
    return best;
  }

  /**
   * H* ring, the thesis's schemes with their phase recursions [UB]: {@code min_k} of {@link
   * #ringBroadcastHStarPhases}'s time. Never above the first-phase forms {@code max(T_*(ceil(n/2),
   * m, k), T_*(n, m - 1, k))} (even {@code p = 2m}, Prop 3.2.3) and {@code max(T_*(n, m - 1, k),
   * t_0(k))} (odd {@code p = 2m + 1}, Prop 3.2.4), nor above Fraigniaud and Lazard's {@code S_*(n,
   * floor(p/2))}.
   */
  public long ringBroadcastHStar(long n, long p) {
    requireUnits(n);
    requireRing(p);
    long best = Long.MAX_VALUE;
    for (long k = n; k >= 1; k--) { // phase 0 alone, T_*(ceil(n/2), m, k) or more, skips most sizes
      if (ps.tStar(ceilDiv(n, 2), p / 2, k) < best) {
        best = Math.min(best, ringBroadcastHStarPhases(n, p, k).time());
      }
    }
    return best;
  }

  /**
   * The shares and the time of the H* ring broadcast's phase recursion (Peters, Props 3.2.3 and
   * 3.2.4) at packet size k: {@code shares[0] = n_0}, {@code shares[j] = n_j} for the phases run
   * ({@code j >= 1}, each {@code >= 1}).
   *
   * @param time the last {@code t_j}, when every node holds the message
   * @param shares the units {@code n_j}; an array owned by the record (do not modify)
   * @param ends {@code t_j} for the same j (the last entry may be a phase with {@code n_j = 0},
   *     which has no share)
   */
  public record HStarPhases(long time, long[] shares, long[] ends) {}

  /**
   * The phase recursion of the H* ring broadcast at packet size {@code 1 <= k <= n}
   * (docs/models/linear-cost.md#h-ring-phase-recursion). Node {@code P_d} is at distance d from the
   * source on the forward side (the backward side mirrors it). Phase 0 ends at {@code t_0}: even
   * {@code p = 2m}, {@code n_0 = floor(n/2)} and {@code t_0 = T_*(ceil(n/2), m, k)}; odd {@code p =
   * 2m + 1}, {@code t_0 = max(T_*(n - n_0, m, k), T_1(n_0, m + 2, k))} minimised over {@code 0 <=
   * n_0 <= floor(n/2)}. Phase {@code j = 1 .. m - 1} (skipped, with all later ones, once {@code
   * T_*(n, m - j, k) <= t_(j-1)}): {@code P_(m-j+1)} sends one packet of {@code n_j} units back to
   * {@code P_(m-j)}, which gets the other {@code n - n_j} by the forward pipeline, {@code t_j =
   * max(T_*(n - n_j, m - j, k), t_(j-1) + beta + n_j tau)} ({@code t_(j-1)} when {@code n_j = 0}),
   * minimised over {@code 0 <= n_j <= n_(j-1)}. Ties, here and for {@code n_0}, go to the largest
   * share (it leaves the next phase the most room); the recursion stops after a phase with {@code
   * n_j = 0}.
   */
  public HStarPhases ringBroadcastHStarPhases(long n, long p, long k) {
    requireUnits(n);
    requireRing(p);
    if (k < 1 || k > n) {
      throw new IllegalArgumentException("a packet size needs 1 <= k <= n, got " + k);
    }
    long m = p / 2;
    long[] shares = new long[(int) m];
    long[] ends = new long[(int) m];
    long n0;
    long t;
    if (p % 2 == 0) {
      n0 = n / 2;
      t = ps.tStar(n - n0, m, k);
    } else {
      n0 = hStarOddShare(n, m, k);
      t = Math.max(ps.tStar(n - n0, m, k), ps.tOne(n0, m + 2, k));
    }
    shares[0] = n0;
    ends[0] = t;
    int used = 1;
    int timed = 1;
    long prev = n0;
    for (long j = 1; j < m && prev > 0 && ps.tStar(n, m - j, k) > t; j++) {
      long h = m - j;
      long tPrev = t;
      // f(x) = T_*(n - x, h, k) falls, g(x) = tPrev (x = 0) or tPrev + beta + x tau rises: find
      // where they cross
      long lo = 0;
      long hi = prev + 1; // the smallest x in 0..prev with g(x) >= f(x), or prev + 1
      while (lo < hi) {
        long mid = (lo + hi) / 2;
        if (hStarBack(tPrev, mid) >= ps.tStar(n - mid, h, k)) {
          hi = mid;
        } else {
          lo = mid + 1;
        }
      }
      long v = Long.MAX_VALUE;
      for (long x = Math.max(0, lo - 1); x <= Math.min(prev, lo); x++) {
        v = Math.min(v, Math.max(ps.tStar(n - x, h, k), hStarBack(tPrev, x)));
      }
      long x = 0; // the largest x <= prev with g(x) <= v (then f(x) <= v too)
      if (v >= tPrev + beta) {
        x = tau == 0 ? prev : Math.min(prev, (v - tPrev - beta) / tau);
      }
      t = v;
      ends[timed++] = t;
      if (x == 0) {
        break; // the nodes from P_(m-j) back to the source are fed by the pipeline alone
      }
      shares[used++] = x;
      prev = x;
    }
    return new HStarPhases(
        t, java.util.Arrays.copyOf(shares, used), java.util.Arrays.copyOf(ends, timed));
  }

  /**
   * The end of phase j's back packet of x units sent at {@code tPrev} ({@code tPrev} itself when x
   * = 0).
   */
  private long hStarBack(long tPrev, long x) {
    return x == 0 ? tPrev : Math.addExact(tPrev, lin(1, x));
  }

  /**
   * Prop 3.2.4's n_0: the largest minimiser of {@code max(T_*(n - n0, m, k), T_1(n0, m + 2, k))},
   * n0 <= n/2.
   */
  private long hStarOddShare(long n, long m, long k) {
    long lo = 0;
    long hi = n / 2;
    while (lo < hi) { // smallest n0 with T_1(n0, m+2, k) >= T_*(n - n0, m, k)
      long mid = (lo + hi) / 2;
      if (ps.tOne(mid, m + 2, k) >= ps.tStar(n - mid, m, k)) {
        hi = mid;
      } else {
        lo = mid + 1;
      }
    }
    long best = Math.max(ps.tStar(n - lo, m, k), ps.tOne(lo, m + 2, k));
    if (lo > 0 && Math.max(ps.tStar(n - lo + 1, m, k), ps.tOne(lo - 1, m + 2, k)) < best) {
      return lo - 1;
    }
    long top =
        n / 2; // T_1 rises with n0: the largest n0 in lo..n/2 with T_1(n0, m+2, k) <= best ties
    while (lo < top) {
      long mid = (lo + top + 1) / 2;
      if (ps.tOne(mid, m + 2, k) <= best) {
        lo = mid;
      } else {
        top = mid - 1;
      }
    }
    return lo;
  }

  /**
   * Fraigniaud and Lazard's half-duplex ring broadcast, the ring cut into two paths: {@code S(n,
   * floor(p/2))} [UB].
   */
  public long ringBroadcastHalfCut(long n, long p, boolean onePort) {
    requireUnits(n);
    requireRing(p);
    return onePort ? ps.sOne(n, p / 2) : ps.sStar(n, p / 2);
  }

  /**
   * Proposition 3.2.5 as printed, H1 on {@code C_2m}: {@code min_k max(T_*(n, m, k), T_1(n, m - 1,
   * k))}. Not offered as a bound: it may be optimistic by one round (on {@code C_6} with n = 6,
   * beta = 5, tau = 1 it claims 32, the best schedule known takes 33),
   * docs/models/linear-cost.md#broadcast-schemes.
   */
  public long ringBroadcastH1EvenClaimed(long n, long p) {
    requireUnits(n);
    if (p < 4 || p % 2 != 0) {
      throw new IllegalArgumentException(
          "Proposition 3.2.5 is for even rings of 4 or more nodes, got " + p);
    }
    long m = p / 2;
    long best = Long.MAX_VALUE;
    for (long k = 1; k <= n; k++) {
      best = Math.min(best, Math.max(ps.tStar(n, m, k), ps.tOne(n, m - 1, k)));
    }
    return best;
  }

  // ---------------------------------------------------------------- broadcast, complete graphs and
  // hypercubes

  /**
   * F* on {@code K_p}: {@code min_k T_*(ceil((n - k)/(p - 1)), 2, k)} [UB] (Prop 3.3.1), p >= 2.
   */
  public long completeBroadcastFStar(long n, long p) {
    requireUnits(n);
    long best = Long.MAX_VALUE;
    for (long k = 1; k <= n; k++) {
      best = Math.min(best, ps.tStar(ceilDiv(n - k, p - 1), 2, k));
    }
    return best;
  }

  /** Fraigniaud and Lazard on {@code K_p}, F*: {@code S_*(ceil(n/(p - 1)), 2)} [UB]. */
  public long completeBroadcastFStarOld(long n, long p) {
    requireUnits(n);
    return ps.sStar(ceilDiv(n, p - 1), 2);
  }

  /**
   * H* on {@code K_p}, tau > 0: {@code min_k (2r + 1) beta + (2 ceil((n - k - r B)/p) + k) tau}
   * with {@code B = floor(beta/tau)} and r the smallest integer >= 0 with {@code p((2^r - 1) k +
   * (2^r - r - 1) B) + k + r B >= n}; k with {@code n - k - r B < 0} are skipped (Prop 3.3.2, the
   * smallest r; [UB] as a minimum over k: for one k the scheme may take about one tau more). With
   * tau = 0 the whole message in one packet: beta.
   */
  public long completeBroadcastHStar(long n, long p) {
    requireUnits(n);
    if (tau == 0) {
      return beta;
    }
    long b = beta / tau;
    long best = Long.MAX_VALUE;
    for (long k = 1; k <= n; k++) {
      long r = 0;
      while (true) {
        long pow = 1L << r;
        long reach =
            Math.addExact(
                Math.multiplyExact(
                    p,
                    Math.addExact(
                        Math.multiplyExact(pow - 1, k), Math.multiplyExact(pow - r - 1, b))),
                Math.addExact(k, Math.multiplyExact(r, b)));
        if (reach >= n) {
          break;
        }
        r++;
      }
      long rest = n - k - r * b;
      if (rest < 0) {
        continue;
      }
      best = Math.min(best, lin(2 * r + 1, Math.addExact(2 * ceilDiv(rest, p), k)));
    }
    return best;
  }

  /** Fraigniaud and Lazard on {@code K_p}, H*: {@code S_*(ceil(n / floor(p/2)), 3)} [UB]. */
  public long completeBroadcastHStarOld(long n, long p) {
    requireUnits(n);
    return ps.sStar(ceilDiv(n, p / 2), 3);
  }

  /**
   * F1 on {@code Q_m}: {@code S_*(n, m)} [UB] (Prop 3.3.3), improving Fraigniaud and Lazard's
   * {@code S_*(n, m + 1)}.
   */
  public long hypercubeBroadcastF1(long n, long m) {
    requireUnits(n);
    return ps.sStar(n, m);
  }

  /**
   * F1 on {@code K_p}: the least of {@code S_*(n, floor(log2 p)) + beta + n tau} (Cor 3.3.1; {@code
   * S_*(n, log2 p)} when p is a power of two, Prop 3.3.3) and the ring schemes on a Hamiltonian
   * cycle ({@link #ringBroadcastF1}, Cors 3.3.2, 3.3.3) [UB], p >= 3. The thesis's summary also
   * takes Fraigniaud and Lazard's {@code S_*(n, p - 1)} ({@link #completeBroadcastF1Old}); its
   * scheme is not given, so it is left out here.
   */
  public long completeBroadcastF1(long n, long p) {
    requireUnits(n);
    return Math.min(cubeThenRound(n, p, false), ringBroadcastF1(n, p));
  }

  /**
   * A hypercube broadcast on {@code 2^d} nodes of {@code K_p}, {@code d = floor(log2 p)}, then one
   * round of the whole message to the other nodes unless {@code p = 2^d}: {@code S_*(n, d)} (or
   * {@code S_1(n, d)} with {@code split}) plus {@code beta + n tau}.
   */
  private long cubeThenRound(long n, long p, boolean split) {
    long lg = 63 - Long.numberOfLeadingZeros(p);
    long cube = split ? ps.sOne(n, lg) : ps.sStar(n, lg);
    return (1L << lg) == p ? cube : Math.addExact(cube, lin(1, n));
  }

  /**
   * H1 on {@code Q_m} and {@code Q_m^+}: {@code S_1(n, m)} [UB], the rounds of Proposition 3.3.3
   * split in two from round m on (no node in two packets at once;
   * docs/models/linear-cost.md#broadcast-schemes-implemented). It replaces the thesis's
   * folded-hypercube H1 claim {@code S_*(n, m)} (Proposition 3.3.4), whose scheme needs a node to
   * send and receive on two links at once: that scheme is {@link #hypercubeBroadcastF1}'s value on
   * {@code Q_m^+} with all ports or send-and-receive.
   */
  public long hypercubeBroadcastH1(long n, long m) {
    requireUnits(n);
    return ps.sOne(n, m);
  }

  /**
   * H1 on {@code K_p}, p >= 2: the least of {@code S_1(n, d) + beta + n tau} ({@code S_1(n, d)}
   * when {@code p = 2^d}), {@code d = floor(log2 p)}, the split hypercube on {@code 2^d} nodes and
   * one more round, and {@code S_1(n, ceil(p/2))}, the ring cut on a Hamiltonian cycle (p >= 3)
   * [UB]. Corollaries 3.3.4 and 3.3.5 as corrected: the thesis's {@code S_*} figures come from the
   * folded-hypercube scheme, which breaks the one-port rule.
   */
  public long completeBroadcastH1(long n, long p) {
    requireUnits(n);
    long cube = cubeThenRound(n, p, true);
    return p < 3 ? cube : Math.min(cube, ps.sOne(n, (p + 1) / 2));
  }

  /**
   * Fraigniaud and Lazard on {@code K_p}, F1: {@code S_*(n, p - 1)} as the thesis quotes it (Table
   * 5.3 "old").
   */
  public long completeBroadcastF1Old(long n, long p) {
    requireUnits(n);
    return ps.sStar(n, p - 1);
  }

  // ---------------------------------------------------------------- gossip, rings

  /**
   * One-way ring, all ports: {@code (p - 1)(beta + n tau)} [OPT] (Thm 4.2.1); also H* on a two-way
   * ring (Obs 4.2.3).
   */
  public long uringGossip(long n, long p) {
    return Math.multiplyExact(p - 1, lin(1, n));
  }

  /**
   * One-way ring, one port: even p {@code p beta + 2(p - 1) n tau} (Thm 4.2.2), odd {@code (p + 1)
   * beta + 2pn tau} (Thm 4.2.3) [OPT], p >= 3.
   */
  public long uringGossipOnePort(long n, long p) {
    return p % 2 == 0
        ? lin(p, Math.multiplyExact(2 * (p - 1), n))
        : lin(p + 1, Math.multiplyExact(2 * p, n));
  }

  /** F* ring: {@code floor(p/2) beta + ceil((p - 1) n / 2) tau} [OPT] (Thm 4.2.4), p >= 3. */
  public long ringGossipFStar(long n, long p) {
    return lin(p / 2, ceilDiv(Math.multiplyExact(p - 1, n), 2));
  }

  /**
   * F1 ring: even p {@code (p/2) beta + (p - 1) n tau} [OPT] (Thm 4.2.5); odd {@code p = 2m + 1}
   * {@code (m + 2) beta + (2m + 2) n tau} [UB] (Obs 4.2.2).
   */
  public long ringGossipF1(long n, long p) {
    long m = p / 2;
    return p % 2 == 0
        ? lin(m, Math.multiplyExact(p - 1, n))
        : lin(m + 2, Math.multiplyExact(2 * m + 2, n));
  }

  /**
   * F1 ring lower bound: {@code ceil(p/2) beta + (p - 1) n tau} (Lemmas 4.2.5, 4.2.6; Cor 4.2.2 for
   * odd p).
   */
  public long ringGossipF1Lower(long n, long p) {
    return lin((p + 1) / 2, Math.multiplyExact(p - 1, n));
  }

  /**
   * H* ring, even p: {@code (p/2 + 1) beta + (p - 1) n tau} for even n, one tau more for odd n
   * [UB]: the thesis's bound is met exactly by its scheme for even n; for odd n the rounding its
   * scheme needs costs one tau (docs/models/linear-cost.md#gossip-statements). Odd p: {@link
   * #uringGossip} (Obs 4.2.3).
   */
  public long ringGossipHStar(long n, long p) {
    if (p % 2 != 0) {
      return uringGossip(n, p);
    }
    return Math.min(
        uringGossip(n, p), lin(p / 2 + 1, Math.addExact(Math.multiplyExact(p - 1, n), n % 2)));
  }

  /** H1 ring: {@code 2 ceil(p/2) beta + (4 ceil(p/2) - 2) n tau} [UB] (Obs 4.2.4). */
  public long ringGossipH1(long n, long p) {
    long c = (p + 1) / 2;
    return lin(2 * c, Math.multiplyExact(4 * c - 2, n));
  }

  /**
   * Fraigniaud and Lazard's half-duplex ring gossip lower bound ({@code g_H*(C_p, n)}, quoted in
   * the thesis's §1.4.1 and master table) where it holds: {@code max(floor(p/2)(beta + tau), (p -
   * 1) n tau)}, which is the printed {@code 2(p - 1) ceil(n/2) tau} for even n. Why: some node is
   * {@code floor(p/2)} hops from another and a hop takes {@code beta + tau}; and the p half-duplex
   * links each carry one packet at a time while {@code p (p - 1) n} unit deliveries are needed. For
   * odd n the printed rounding is false ({@link #ringGossipHalfLiteratureClaimed});
   * docs/models/linear-cost.md#lower-bounds.
   *
   * @param p ring size, at least 3; any half-duplex model (H*, H1)
   */
  public long ringGossipHalfLower(long n, long p) {
    requireRing(p);
    return Math.max(
        Math.multiplyExact(p / 2, lin(1, 1)),
        Math.multiplyExact(Math.multiplyExact(p - 1, n), tau));
  }

  /**
   * The literature's H1 ring gossip lower bounds as the thesis's master table lists them: even
   * {@code p = 2m}: {@code max(m(beta + tau), 2(m - 1) n tau)}; odd {@code p = 2m + 1}: {@code
   * max(m(beta + tau), 2m n tau)}. Both hold under every half-duplex model, since they are at most
   * {@link #ringGossipHalfLower} (weak: the port-volume argument gives {@code 2(p - 1) n tau} and
   * more under H1).
   *
   * @param p ring size, at least 3
   */
  public long ringGossipH1LiteratureLower(long n, long p) {
    requireRing(p);
    long m = p / 2;
    long units = p % 2 == 0 ? Math.multiplyExact(2 * (m - 1), n) : Math.multiplyExact(2 * m, n);
    return Math.max(Math.multiplyExact(m, lin(1, 1)), Math.multiplyExact(units, tau));
  }

  /**
   * The literature's half-duplex ring gossip lower bound {@code max(floor(p/2)(beta + tau), 2(p -
   * 1) ceil(n/2) tau)} as quoted. Not offered as a bound: for odd n it is false, since with beta =
   * 0 the thesis's own even-ring H* scheme ({@link #ringGossipHStar}) beats it with a checked
   * schedule (p = 8, n = 7, tau = 1: 50 against 56) and the exact optimum of {@code C_4} with one
   * unit is 3 against 6 (catalogue {@code lc-fl-gossip-ring4-hstar-n1}); {@link
   * #ringGossipHalfLower} is its sound form.
   */
  public long ringGossipHalfLiteratureClaimed(long n, long p) {
    return Math.max(
        Math.multiplyExact(p / 2, lin(1, 1)),
        Math.multiplyExact(Math.multiplyExact(2 * (p - 1), ceilDiv(n, 2)), tau));
  }

  private static void requireRing(long p) {
    if (p < 3) {
      throw new IllegalArgumentException("a ring needs at least 3 nodes, got " + p);
    }
  }
}
