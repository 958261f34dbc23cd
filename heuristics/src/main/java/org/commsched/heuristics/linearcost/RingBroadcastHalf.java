package org.commsched.heuristics.linearcost;

import java.util.EnumSet;
import org.commsched.core.bounds.LinearCostFormulas;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.MethodFacts;
import org.commsched.core.solve.Scope;

/**
 * Broadcast on the two-way ring under half duplex and all ports (H*), the thesis's "enhanced
 * Fraigniaud-Lazard" scheme with its phase recursion
 * (docs/models/linear-cost.md#h-ring-phase-recursion): every link starts oriented away from the
 * source and carries one link-bound pipeline of packets of k units (packet j on link d in round
 * {@code j + d - 1}); the forward stream carries prefixes, the backward stream suffixes (units in
 * reverse order). Once a node holds the whole message, its link towards the source is turned round
 * for one packet.
 *
 * <p><b>Phase 0.</b> Even ring {@code p = 2m} (Proposition 3.2.3): the antipode {@code P_m} gets
 * {@code ceil(n/2)} units from one side and {@code n_0 = floor(n/2)} from the other, {@code t_0 =
 * T_*(ceil(n/2), m, k)}. Odd ring {@code p = 2m + 1} (Proposition 3.2.4): node m gets the first
 * {@code n - n_0} units from the forward side, node {@code m + 1} the last {@code n - n_0} from the
 * backward side, and the middle link carries packets of k alternately both ways ({@code b_1 ..
 * b_n0} one way, {@code b_n .. b_(n-n0+1)} the other), starting when the first packet has arrived:
 * {@code t_0 = max(T_*(n - n_0, m, k), T_1(n_0, m + 2, k))} at the best {@code n_0 <= floor(n/2)}.
 *
 * <p><b>Phase j = 1 .. m - 1.</b> The node {@code P_(m-j+1)} completed in phase {@code j - 1} sends
 * one packet of {@code n_j <= n_(j-1)} units (the ones its neighbour towards the source would get
 * last) back to {@code P_(m-j)}, which gets the other {@code n - n_j} units by the forward
 * pipeline: {@code t_j = max(T_*(n - n_j, m - j, k), t_(j-1) + beta + n_j tau)} at the best {@code
 * n_j}; the phases stop once the pipeline alone is in time ({@code T_*(n, m - j, k) <= t_(j-1)}).
 * The time is the last {@code t_j}; with no phase after 0 it is the first-phase form {@code
 * max(T_*(ceil(n/2), m, k), T_*(n, m - 1, k))} (even) or {@code max(T_*(n, m - 1, k), t_0)} (odd),
 * so the recursion is never worse, and with {@code n_0 = 0} (odd) or at the packet size of {@code
 * S_*(n, m)} it is never worse than Fraigniaud and Lazard's cut {@code S_*(n, floor(p/2))}. The
 * schedule runs the rounds as soon as possible: on even rings its makespan is the recursion's time,
 * on odd rings at most that (a back packet from node m may start before {@code t_0} when the middle
 * link is the bottleneck).
 *
 * <p>D. B. Peters, "Bounds for Communication Problems in Interconnection Networks under a Linear
 * Cost Model" (PhD thesis, Simon Fraser University, 1995), §3.2.3, Propositions 3.2.3, 3.2.4 (upper
 * bounds; no optimality claimed); P. Fraigniaud and E. Lazard, "Methods and problems of
 * communication in usual networks" (the ring cut). Recursion in {@link
 * LinearCostFormulas#ringBroadcastHStarPhases}.
 *
 * @implNote Stateless; immutable.
 */
public final class RingBroadcastHalf extends BroadcastScheme {
  /** The facts of {@code lc-ring-broadcast-hstar}: see the class javadoc for the source. */
  static final MethodFacts FACTS =
      new MethodFacts(
          "lc-ring-broadcast-hstar",
          "broadcast on a two-way ring, half duplex, all ports: two one-way pipelines meeting at the antipode "
              + "(odd rings: the middle link used alternately), then completed nodes send one packet back per phase",
          "min_k of the phase recursion t_j = min_{n_j} max(T_*(n - n_j, m - j, k), t_{j-1} + beta + n_j tau) "
              + "(Propositions 3.2.3, 3.2.4): equal for even p, at most for odd p; never above the first phase nor "
              + "S_*(n, floor(p/2)); upper bounds",
          "D. B. Peters, \"Bounds for Communication Problems in Interconnection Networks under a Linear Cost "
              + "Model\", Propositions 3.2.3 and 3.2.4 with their phase recursions",
          under(
              broadcastOn(
                  new Scope.NetworkTest(
                      "two-way ring (ring)",
                      i -> needs(i, Topology.Ring.class, "the two-way ring", "greedy-saf"))),
              EnumSet.of(CommModel.Ports.ALL),
              EnumSet.of(CommModel.Duplex.HALF)),
          false);

  @Override
  public MethodFacts facts() {
    return FACTS;
  }

  @Override
  long formula(Setting s, long k) {
    return phases(s, k).time();
  }

  /**
   * Phase 0 alone: the antipode (even p) or node m (odd p) needs {@code T_*(ceil(n/2), m, k)} or
   * more.
   */
  @Override
  long formulaFloor(Setting s, long k) {
    return s.f().tStar(ceilDiv(s.n(), 2), s.p() / 2, k);
  }

  /** The recursion's shares {@code n_0, n_1, ..} and time at packet size k. */
  static LinearCostFormulas.HStarPhases phases(Setting s, long k) {
    return new LinearCostFormulas(s.f()).ringBroadcastHStarPhases(s.n(), s.p(), k);
  }

  /**
   * The odd ring's n0 (Proposition 3.2.4): the largest minimiser of max(T_*(n - n0, m, k), T_1(n0,
   * m + 2, k)).
   */
  static long middle(Setting s, long k) {
    return phases(s, k).shares()[0];
  }

  @Override
  RoundSchedule build(Setting s, long k) {
    RoundSchedule rs = s.schedule();
    int p = s.p();
    long n = s.n();
    int m = p / 2;
    boolean odd = p % 2 == 1;
    long[] shares = phases(s, k).shares();
    long n0 = shares[0];
    int lastRound = 0;
    for (int d = 1; d <= m; d++) {
      int j = m - d; // the phase that completes P_d
      long back = j < shares.length ? shares[j] : 0; // units P_d gets from its far side
      long fwd = n - back;
      long bwd = d == m && !odd ? n0 : n - back;
      for (long i = 1; (i - 1) * k < Math.max(fwd, bwd); i++) {
        long lo = (i - 1) * k;
        int round = (int) (i + d - 2);
        rs.send(round, node(s, d - 1), node(s, d), lo, Math.min(k, fwd - lo));
        rs.send(
            round, node(s, -(d - 1)), node(s, -d), n - Math.min(i * k, bwd), Math.min(k, bwd - lo));
        lastRound = Math.max(lastRound, round);
      }
    }
    for (long i = 1; odd && (i - 1) * k < n0; i++) { // the middle link, alternately
      long lo = (i - 1) * k;
      long size = Math.min(k, n0 - lo);
      rs.send((int) (m + 2 * i - 2), node(s, m), node(s, m + 1), lo, size);
      rs.send((int) (m + 2 * i - 1), node(s, m + 1), node(s, m), n - lo - size, size);
      lastRound = Math.max(lastRound, (int) (m + 2 * i - 1));
    }
    for (int j = 1;
        j < shares.length;
        j++) { // phase j: one packet back from P_(m-j+1) to P_(m-j), and mirrored
      rs.send(lastRound + j, node(s, m - j + 1), node(s, m - j), n - shares[j], shares[j]);
      rs.send(lastRound + j, node(s, -(m - j + 1)), node(s, -(m - j)), 0, shares[j]);
    }
    return rs;
  }

  private static int node(Setting s, int rel) {
    return Math.floorMod(s.source() + rel, s.p());
  }
}
