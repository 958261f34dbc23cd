package org.commsched.heuristics.linearcost;

import java.util.EnumSet;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.MethodFacts;
import org.commsched.core.solve.Scope;

/**
 * Broadcast on the two-way ring under half duplex and one port (H1): the ring cut into two paths
 * from the source, each a processor-bound pipeline of packets of k units; the source feeds them
 * alternately (forward packet j in slot {@code 2j - 1}, backward packet j in slot {@code 2j}), and
 * packet j crosses link d of the forward path in slot {@code 2j + d - 2}, of the backward path in
 * slot {@code 2j + d - 1}, so no node ever has two packets at once. The forward path reaches {@code
 * floor(p/2)} hops, the backward one the rest. Time {@code T_1(n, ceil(p/2), k)}, and {@code S_1(n,
 * ceil(p/2))} at the best k: Fraigniaud and Lazard's {@code S_1(n, floor(p/2))} for even p; for odd
 * p the backward path's last packet ends one slot later, and the method also tries the
 * crossing-head family ({@link RingBroadcastCrossingHead}: a packet size per side, a head crossing
 * the antipodal edge) and returns the shorter schedule;
 * docs/models/linear-cost.md#the-crossing-head-h1-odd-ring.
 *
 * <p>D. B. Peters, "Bounds for Communication Problems in Interconnection Networks under a Linear
 * Cost Model" (PhD thesis, Simon Fraser University, 1995), §3.2.3 (the Fraigniaud-Lazard cut). The
 * thesis's own H1 schemes are not built: Proposition 3.2.5 may be optimistic by a round (suspected
 * counterexample {@code C_6}, {@code n = 6}) and Proposition 3.2.6 is garbled;
 * docs/models/linear-cost.md#broadcast-schemes-implemented and #broadcast-schemes.
 *
 * @implNote Stateless; immutable.
 */
public final class RingBroadcastHalfOnePort extends BroadcastScheme {
  /** The facts of {@code lc-ring-broadcast-h1}: see the class javadoc for the source. */
  static final MethodFacts FACTS =
      new MethodFacts(
          "lc-ring-broadcast-h1",
          "broadcast on a two-way ring, half duplex, one port: two processor-bound pipelines fed alternately; on odd "
              + "rings also the crossing head",
          "at most S_1(n, ceil(p/2)) (Fraigniaud-Lazard cut, thesis §3.2.3); odd rings: the crossing head when "
              + "shorter; upper bound",
          "D. B. Peters, \"Bounds for Communication Problems in Interconnection Networks under a Linear Cost "
              + "Model\", §3.2.3 (after Fraigniaud and Lazard)",
          under(
              broadcastOn(
                  new Scope.NetworkTest(
                      "two-way ring (ring)",
                      i -> needs(i, Topology.Ring.class, "the two-way ring", "greedy-saf"))),
              EnumSet.of(CommModel.Ports.ONE),
              EnumSet.of(CommModel.Duplex.HALF)),
          false);

  @Override
  public MethodFacts facts() {
    return FACTS;
  }

  @Override
  long formula(Setting s, long k) {
    return s.f().tOne(s.n(), (s.p() + 1) / 2, k);
  }

  @Override
  RoundSchedule build(Setting s, long k) {
    RoundSchedule rs = s.schedule();
    int[] cycle = new int[s.p()];
    for (int i = 0; i < cycle.length; i++) {
      cycle[i] = Math.floorMod(s.source() + i, s.p());
    }
    fill(rs, cycle, s.n(), k);
    return rs;
  }

  /**
   * On an odd ring of at least 5 nodes, the crossing-head family's best plan ({@link
   * RingBroadcastCrossingHead}), written through {@link LcSchedule}; null elsewhere or when it is
   * not shorter than the cut's {@code makespan}.
   */
  @Override
  Alternative alternative(Setting s, long makespan) {
    RingBroadcastCrossingHead.Best best =
        RingBroadcastCrossingHead.search(s.p(), s.n(), s.beta(), s.tau());
    if (best == null || best.time() >= makespan) {
      return null;
    }
    LcSchedule out = new LcSchedule(s.instance());
    long t =
        RingBroadcastCrossingHead.simulate(
            best.plan(),
            s.p(),
            s.n(),
            s.beta(),
            s.tau(),
            (from, to, start, first, count) ->
                out.packet(
                    Math.floorMod(s.source() + from, s.p()),
                    Math.floorMod(s.source() + to, s.p()),
                    start,
                    s.message(),
                    first,
                    count));
    if (t != best.time() || out.makespan() != t) {
      throw new IllegalStateException(
          "the crossing-head plan "
              + best.plan()
              + " simulated "
              + t
              + " and wrote "
              + out.makespan()
              + ", searched "
              + best.time());
    }
    return new Alternative(out.schedule(), t, "crossing head " + best.plan());
  }

  /**
   * The two pipelines on the cycle {@code cycle[0] (the source), cycle[1], ..., cycle[p-1]} with
   * packets of k.
   */
  static void fill(RoundSchedule rs, int[] cycle, long n, long k) {
    int p = cycle.length;
    int forward = p / 2;
    int backward = p - 1 - forward;
    for (long j = 1; (j - 1) * k < n; j++) {
      long lo = (j - 1) * k;
      long size = Math.min(k, n - lo);
      for (int d = 1; d <= forward; d++) {
        rs.send((int) (2 * j + d - 3), cycle[d - 1], cycle[d], lo, size);
      }
      for (int d = 1; d <= backward; d++) {
        rs.send((int) (2 * j + d - 2), cycle[Math.floorMod(1 - d, p)], cycle[p - d], lo, size);
      }
    }
  }
}
