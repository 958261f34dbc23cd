package org.commsched.heuristics.linearcost;

import java.util.EnumSet;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.MethodFacts;
import org.commsched.core.solve.Scope;

/**
 * Broadcast in the complete graph {@code K_p} under half duplex and all ports (H*), in phases whose
 * chunks grow: with {@code B = floor(beta/tau)} and {@code r} the smallest integer with {@code
 * p((2^r - 1) k + (2^r - r - 1) B) + k + r B >= n}, the source keeps a reserve {@code R} of {@code
 * s + k + r B} units, {@code s = ceil((n - k - r B)/p)}, and splits the rest into {@code p - 1}
 * sub-messages (at most s units each), cut into chunks of nominal sizes {@code c_j = 2^(j-1) k +
 * (2^(j-1) - 1) B} (the r-th takes the rest). In phase j the source sends every node its j-th chunk
 * (the r-th padded with reserve units up to {@code c_r}, phase {@code r + 1} the rest of the
 * reserve) while every node sends its previous chunk to all others, first to the lower-numbered
 * nodes, then to the higher ones, so each link is used once each way. Time {@code (2r + 1) beta +
 * (2s + k) tau}.
 *
 * <p>D. B. Peters, "Bounds for Communication Problems in Interconnection Networks under a Linear
 * Cost Model" (PhD thesis, Simon Fraser University, 1995), Proposition 3.3.2 (upper bound), read
 * with the smallest r (as in its example), padding to {@code c_r} and a last chunk of 49 units in
 * the example. For one k the schedule may take about one tau more than the formula (the padded
 * chunk can outlast the nodes' two sends), so the method builds the best few k by the formula and
 * keeps the shortest; the minimum over k holds. Needs {@code tau > 0}; with {@code tau = 0} the
 * source sends the whole message to everybody at once ({@code beta});
 * docs/models/linear-cost.md#broadcast-schemes-implemented and #broadcast-schemes.
 *
 * @implNote Stateless; immutable.
 */
public final class CompleteGraphBroadcastHalf extends BroadcastScheme {
  /** The facts of {@code lc-complete-broadcast-hstar}: see the class javadoc for the source. */
  static final MethodFacts FACTS =
      new MethodFacts(
          "lc-complete-broadcast-hstar",
          "broadcast in a complete graph, half duplex, all ports: doubling chunks, every node forwarding its "
              + "share to the lower then the higher nodes",
          "min_k (2r+1) beta + (2 ceil((n-k-r floor(beta/tau))/p) + k) tau (Proposition 3.3.2); upper bound, "
              + "the minimum over k",
          "D. B. Peters, \"Bounds for Communication Problems in Interconnection Networks under a Linear Cost "
              + "Model\", Proposition 3.3.2 (smallest r, padding to c_r)",
          under(
              broadcastOn(
                  new Scope.NetworkTest(
                      "complete graph",
                      i -> needs(i, Topology.Complete.class, "the complete graph", "greedy-saf"))),
              EnumSet.of(CommModel.Ports.ALL),
              EnumSet.of(CommModel.Duplex.HALF)),
          false);

  @Override
  public MethodFacts facts() {
    return FACTS;
  }

  @Override
  int tries() {
    return 8;
  }

  /** The smallest r of Proposition 3.3.2 for packet size k (0 when k = n or tau = 0). */
  static int phases(Setting s, long k) {
    if (s.tau() == 0 || k >= s.n()) {
      return 0;
    }
    long b = s.beta() / s.tau();
    long p = s.p();
    for (int r = 1; r < 62; r++) {
      long pow = 1L << r;
      double approx = (double) p * ((pow - 1) * (double) k + (pow - r - 1) * (double) b);
      if (approx > 4e18 || p * ((pow - 1) * k + (pow - r - 1) * b) + k + r * b >= s.n()) {
        return r;
      }
    }
    throw new IllegalStateException("no r");
  }

  @Override
  long formula(Setting s, long k) {
    if (s.tau() == 0) {
      return k == s.n() ? s.beta() : -1;
    }
    int r = phases(s, k);
    long b = s.beta() / s.tau();
    long rest = s.n() - k - r * b;
    if (rest < 0) {
      return -1;
    }
    return (2L * r + 1) * s.beta() + (2 * ceilDiv(rest, s.p()) + k) * s.tau();
  }

  @Override
  RoundSchedule build(Setting s, long k) {
    RoundSchedule rs = s.schedule();
    int p = s.p();
    long n = s.n();
    int[] node = CompleteGraphBroadcastFull.others(s);
    int r = phases(s, k);
    if (r == 0 || formula(s, k) < 0) {
      for (int i = 1; i < p; i++) {
        rs.send(0, s.source(), node[i], 0, n);
      }
      return rs;
    }
    long b = s.beta() / s.tau();
    long sh = ceilDiv(n - k - r * b, p);
    long reserveSize = Math.min(n, sh + k + r * b);
    long reserve = n - reserveSize; // R = units reserve .. n-1
    long base = reserve / (p - 1);
    long extra = reserve % (p - 1);
    long start = 0;
    for (int i = 1; i < p; i++) {
      long size = base + (i > p - 1 - extra ? 1 : 0);
      long at = start;
      for (int j = 1; j <= r; j++) {
        long nominal = (1L << (j - 1)) * k + ((1L << (j - 1)) - 1) * b;
        long len = j < r ? Math.min(nominal, start + size - at) : start + size - at;
        rs.send(2 * (j - 1), s.source(), node[i], at, len); // m(i, j)
        if (j == r) {
          long pad = Math.max(0, Math.min(reserveSize, nominal - len));
          rs.send(2 * (j - 1), s.source(), node[i], reserve, pad); // m'(i, r): padded to c_r
          rs.send(2 * j, s.source(), node[i], reserve + pad, reserveSize - pad); // m'(i, r + 1)
        }
        for (int l = 1;
            l < p && len > 0;
            l++) { // phase j + 1: (a) to lower nodes, then (b) to higher ones
          if (l != i) {
            rs.send(2 * j + (l < i ? 0 : 1), node[i], node[l], at, len);
          }
        }
        at += len;
      }
      start += size;
    }
    return rs;
  }
}
