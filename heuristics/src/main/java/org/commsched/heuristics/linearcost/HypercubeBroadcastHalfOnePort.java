package org.commsched.heuristics.linearcost;

import java.util.EnumSet;
import org.commsched.core.model.CommModel;
import org.commsched.core.solve.MethodFacts;

/**
 * Broadcast in the hypercube {@code Q_m} (or the hypercube inside a folded hypercube) under half
 * duplex and one port (H1): the rounds of the hypercube scheme ({@link HypercubeBroadcast},
 * Proposition 3.3.3), each from round m on run as two, first the senders whose bit {@code j mod m}
 * is 0, then those whose bit is 1, and nothing sent to the source. Before round m only the first
 * kind sends (a node whose bit {@code j mod m} is 1 starts at round m), so the m first rounds stay
 * single; then {@code q - 1} rounds are doubled, the last of them of {@code |gamma(q-1)|} units.
 * Lock-step time {@code (m + 2(q - 1)) beta + (m k + 2(q - 2) k + 2 (n - (q - 1) k)) tau = T_1(n,
 * m, k)}, q = {@code ceil(n/k) >= 2}, and {@code m (beta + n tau) = T_1(n, m, n)} for one packet
 * (the binomial tree); so {@code S_1(n, m)} at the best k. On {@code Q_1} only k = n is used.
 *
 * <p>Our construction (docs/models/linear-cost.md#broadcast-schemes-implemented), from D. B.
 * Peters, "Bounds for Communication Problems in Interconnection Networks under a Linear Cost Model"
 * (PhD thesis, Simon Fraser University, 1995), Proposition 3.3.3. It replaces the thesis's H1 claim
 * {@code S_*(n, m)} for the folded hypercube (Proposition 3.3.4), whose scheme has nodes send on
 * one link while they receive on another, which H1 forbids (#broadcast-schemes). No node is ever in
 * two packets at once, so it is valid under every port and duplex rule; it is offered under H* too,
 * where the hypercube has no other named scheme (the unsplit rounds exchange both ways on a link,
 * which half duplex forbids).
 *
 * @implNote Stateless; immutable.
 */
public final class HypercubeBroadcastHalfOnePort extends BroadcastScheme {
  /** The facts of {@code lc-hypercube-broadcast-h1}: see the class javadoc for the source. */
  static final MethodFacts FACTS =
      new MethodFacts(
          "lc-hypercube-broadcast-h1",
          "broadcast in a hypercube or folded hypercube, half duplex (one port, valid with all ports too): the "
              + "hypercube scheme with each exchange round split in two",
          "S_1(n, m) on Q_m and Q_m^+ under H1 and H* (Proposition 3.3.3's rounds split); upper bound",
          "D. B. Peters, \"Bounds for Communication Problems in Interconnection Networks under a Linear Cost "
              + "Model\", Proposition 3.3.3 (rounds split for half duplex; replaces Proposition 3.3.4)",
          under(
              broadcastOn(HypercubeBroadcast.cubes("hypercube or folded hypercube")),
              EnumSet.of(CommModel.Ports.ONE, CommModel.Ports.ALL),
              EnumSet.of(CommModel.Duplex.HALF)),
          false);

  @Override
  public MethodFacts facts() {
    return FACTS;
  }

  @Override
  long formula(Setting s, long k) {
    return cubeFormula(s.f(), s.n(), HypercubeBroadcast.dimension(s.p()), k);
  }

  /**
   * {@code T_1(n, m, k)}; on {@code Q_1} (one link) only {@code k = n}, {@code beta + n tau}; -1
   * for unused k.
   */
  static long cubeFormula(org.commsched.core.bounds.PathSending f, long n, int m, long k) {
    if (m == 1 && k != n) {
      return -1;
    }
    return f.tOne(n, m, k);
  }

  @Override
  RoundSchedule build(Setting s, long k) {
    RoundSchedule rs = s.schedule();
    HypercubeBroadcast.fill(
        rs,
        HypercubeBroadcast.relabel(s),
        HypercubeBroadcast.dimension(s.p()),
        s.n(),
        k,
        0,
        HypercubeBroadcast.Layout.SPLIT);
    return rs;
  }
}
