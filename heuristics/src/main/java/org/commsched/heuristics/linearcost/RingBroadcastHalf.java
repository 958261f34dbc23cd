package org.commsched.heuristics.linearcost;

import java.util.EnumSet;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.Scope;

/**
 * Broadcast on the two-way ring under half duplex and all ports (H*): every link is oriented away from the source
 * and carries one link-bound pipeline of packets of k units (packet j on link d in round {@code j + d - 1}); the
 * forward stream carries prefixes, the backward stream suffixes (units in reverse order).
 *
 * <p><b>Even ring</b> {@code p = 2m} (Proposition 3.2.3, its simplest scheme): both paths carry all n units to the
 * nodes before the antipode, which gets {@code ceil(n/2)} units from one side and {@code floor(n/2)} from the other:
 * time {@code max(T_*(ceil(n/2), m, k), T_*(n, m - 1, k))}. The thesis's phase recursion (edges reversed at
 * completed nodes, never worse) is not built.
 *
 * <p><b>Odd ring</b> {@code p = 2m + 1} (Proposition 3.2.4, with no later phase): node m gets the first
 * {@code n - n0} units from the forward side, node {@code m + 1} the last {@code n - n0} from the backward side, and
 * the middle link carries packets of k alternately both ways ({@code b_1 .. b_n0} one way, {@code b_n ..
 * b_(n-n0+1)} the other), starting when the first packet has arrived; {@code n0} minimises {@code
 * max(T_*(n - n0, m, k), T_1(n0, m + 2, k))} over {@code 0 .. floor(n/2)} ({@code T_1(0, ., .) = 0}). Time at most
 * {@code max(T_*(n, m - 1, k), T_*(n - n0, m, k), T_1(n0, m + 2, k))}.
 *
 * <p>D. B. Peters, "Bounds for Communication Problems in Interconnection Networks under a Linear Cost Model" (PhD
 * thesis, Simon Fraser University, 1995), Propositions 3.2.3, 3.2.4 (upper bounds);
 * docs/models/linear-cost.md#broadcast-schemes-implemented.
 *
 * @implNote Stateless; immutable.
 */
public final class RingBroadcastHalf extends BroadcastScheme {
  @Override
  public String name() {
    return "lc-ring-broadcast-hstar";
  }

  @Override
  public String summary() {
    return "broadcast on a two-way ring, half duplex, all ports: two one-way pipelines meeting at the antipode "
        + "(odd rings: the middle link used alternately)";
  }

  @Override
  public String guarantee() {
    return "min_k max(T_*(ceil(n/2), p/2, k), T_*(n, p/2 - 1, k)) for even p (Proposition 3.2.3); at most "
        + "min_k max(T_*(n, m-1, k), t_0(k)) for p = 2m+1 (Proposition 3.2.4); upper bounds";
  }

  @Override
  public String citation() {
    return "D. B. Peters, \"Bounds for Communication Problems in Interconnection Networks under a Linear Cost "
        + "Model\", Propositions 3.2.3 and 3.2.4 (first phase only)";
  }

  @Override
  public Scope scope() {
    return under(broadcastOn(new Scope.NetworkTest("two-way ring (ring)",
        i -> needs(i, Topology.Ring.class, "the two-way ring", "greedy-saf"))),
        EnumSet.of(CommModel.Ports.ALL), EnumSet.of(CommModel.Duplex.HALF));
  }

  @Override
  long formula(Setting s, long k) {
    long n = s.n();
    int p = s.p();
    int m = p / 2;
    if (p % 2 == 0) {
      return Math.max(s.f().tStar(ceilDiv(n, 2), m, k), s.f().tStar(n, m - 1, k));
    }
    long n0 = middle(s, k);
    long t0 = Math.max(s.f().tStar(n - n0, m, k), s.f().tOne(n0, m + 2, k));
    return m >= 2 ? Math.max(s.f().tStar(n, m - 1, k), t0) : t0;
  }

  /** The odd ring's n0: the smallest minimiser of max(T_*(n - n0, m, k), T_1(n0, m + 2, k)) over 0..floor(n/2). */
  static long middle(Setting s, long k) {
    long n = s.n();
    int m = s.p() / 2;
    long lo = 0;
    long hi = n / 2;
    while (lo < hi) { // the smallest n0 with T_1(n0) >= T_*(n - n0): T_* falls and T_1 rises with n0
      long mid = (lo + hi) / 2;
      if (s.f().tOne(mid, m + 2, k) >= s.f().tStar(n - mid, m, k)) {
        hi = mid;
      } else {
        lo = mid + 1;
      }
    }
    long best = lo;
    long bestT = Math.max(s.f().tStar(n - lo, m, k), s.f().tOne(lo, m + 2, k));
    if (lo > 0 && Math.max(s.f().tStar(n - lo + 1, m, k), s.f().tOne(lo - 1, m + 2, k)) <= bestT) {
      best = lo - 1;
    }
    return best;
  }

  @Override
  RoundSchedule build(Setting s, long k) {
    RoundSchedule rs = s.schedule();
    int p = s.p();
    long n = s.n();
    int m = p / 2;
    long n0 = p % 2 == 0 ? 0 : middle(s, k);
    for (int d = 1; d <= m; d++) {
      long fwd = d < m ? n : p % 2 == 0 ? ceilDiv(n, 2) : n - n0;
      long bwd = d < m ? n : p % 2 == 0 ? n / 2 : n - n0;
      for (long j = 1; (j - 1) * k < Math.max(fwd, bwd); j++) {
        long lo = (j - 1) * k;
        int round = (int) (j + d - 2);
        rs.send(round, node(s, d - 1), node(s, d), lo, Math.min(k, fwd - lo));
        rs.send(round, node(s, -(d - 1)), node(s, -d), n - Math.min(j * k, bwd), Math.min(k, bwd - lo));
      }
    }
    for (long j = 1; (j - 1) * k < n0; j++) { // the middle link, alternately
      long lo = (j - 1) * k;
      long size = Math.min(k, n0 - lo);
      rs.send((int) (m + 2 * j - 2), node(s, m), node(s, m + 1), lo, size);
      rs.send((int) (m + 2 * j - 1), node(s, m + 1), node(s, m), n - lo - size, size);
    }
    return rs;
  }

  private static int node(Setting s, int rel) {
    return Math.floorMod(s.source() + rel, s.p());
  }
}
