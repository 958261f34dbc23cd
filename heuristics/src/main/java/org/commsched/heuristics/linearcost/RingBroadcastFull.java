package org.commsched.heuristics.linearcost;

import java.util.EnumSet;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.MethodFacts;
import org.commsched.core.solve.Scope;

/**
 * Broadcast on the two-way ring under full duplex and all ports (F*): two extended pipelines leave
 * the source, one forward carrying prefixes of the message, one backward carrying suffixes (units
 * in reverse order), and link d of each carries a prefix that shrinks by k per hop toward the far
 * side, so every node gets complementary parts from its two sides. Packets of k units are cut at
 * multiples of k from the stream's start; packet j crosses link d in round {@code j + d - 1}.
 *
 * <p>D. B. Peters, "Bounds for Communication Problems in Interconnection Networks under a Linear
 * Cost Model" (PhD thesis, Simon Fraser University, 1995). Even {@code p = 2m}: forward amounts
 * {@code a_d = min(n, c + (m - d) k)}, {@code c = ceil(n/2)}, backward the complements; time {@code
 * T_*(ceil(n/2), m, k)}, and at the best k {@code S_*(ceil(n/2), m)}, optimal (Theorem 3.2.1). Odd
 * {@code p = 2m - 1}: the antipodal pair gets {@code n0 = floor((n + k)/2)} units from the forward
 * side, amounts {@code a_d = min(n, n0 + (m - 1 - d) k)}; time {@code T_*(n - floor((n + k)/2), m,
 * k)}, optimal at the best k (Theorem 3.2.2, Lemma 3.2.5);
 * docs/models/linear-cost.md#broadcast-schemes-implemented.
 *
 * @implNote Stateless; immutable.
 */
public final class RingBroadcastFull extends BroadcastScheme {
  /** The facts of {@code lc-ring-broadcast}: see the class javadoc for the source. */
  static final MethodFacts FACTS =
      new MethodFacts(
          "lc-ring-broadcast",
          "broadcast on a two-way ring, F*: forward prefixes and backward suffixes in two extended pipelines",
          "optimal: S_*(ceil(n/2), p/2) for even p (Theorem 3.2.1), min_k T_*(n - floor((n+k)/2), (p+1)/2, k) "
              + "for odd p (Theorem 3.2.2)",
          "D. B. Peters, \"Bounds for Communication Problems in Interconnection Networks under a Linear Cost "
              + "Model\", Theorems 3.2.1 and 3.2.2",
          under(
              broadcastOn(
                  new Scope.NetworkTest(
                      "two-way ring (ring)",
                      i -> needs(i, Topology.Ring.class, "the two-way ring", "greedy-saf"))),
              EnumSet.of(CommModel.Ports.ALL),
              EnumSet.of(CommModel.Duplex.FULL)),
          false);

  @Override
  public MethodFacts facts() {
    return FACTS;
  }

  /** Optimal: the makespan is the optimum. */
  @Override
  public Long guaranteedMakespan(Instance instance, long optimum) {
    return optimum;
  }

  @Override
  long formula(Setting s, long k) {
    long n = s.n();
    int p = s.p();
    if (p % 2 == 0) {
      return s.f().tStar(ceilDiv(n, 2), p / 2, k);
    }
    return s.f().tStar(n - (n + k) / 2, (p + 1) / 2, k);
  }

  @Override
  RoundSchedule build(Setting s, long k) {
    int p = s.p();
    long n = s.n();
    long[] a = new long[p]; // forward amounts, links 1..p-1
    if (p % 2 == 0) {
      int m = p / 2;
      for (int d = 1; d < p; d++) {
        a[d] = clamp(ceilDiv(n, 2) + (m - d) * k, n);
      }
    } else {
      int m = (p + 1) / 2;
      long n0 = (n + k) / 2;
      for (int d = 1; d < p; d++) {
        a[d] = clamp(n0 + (m - 1 - d) * k, n);
      }
    }
    RoundSchedule rs = s.schedule();
    for (int d = 1; d < p; d++) {
      long fwd = a[d];
      long bwd = clamp(n - a[p - d], n);
      pipe(rs, s, d, fwd, k, true);
      pipe(rs, s, d, bwd, k, false);
    }
    return rs;
  }

  /**
   * Link d of the forward (or backward) stream carries the first {@code amount} units of its order.
   */
  private static void pipe(
      RoundSchedule rs, Setting s, int d, long amount, long k, boolean forward) {
    int p = s.p();
    int from = forward ? (s.source() + d - 1) % p : Math.floorMod(s.source() - d + 1, p);
    int to = forward ? (s.source() + d) % p : Math.floorMod(s.source() - d, p);
    long n = s.n();
    for (long j = 1; (j - 1) * k < amount; j++) {
      long lo = (j - 1) * k;
      long hi = Math.min(j * k, amount);
      int round = (int) (j + d - 2);
      if (forward) {
        rs.send(round, from, to, lo, hi - lo);
      } else {
        rs.send(round, from, to, n - hi, hi - lo);
      }
    }
  }

  static long clamp(long x, long n) {
    return Math.max(0, Math.min(n, x));
  }
}
