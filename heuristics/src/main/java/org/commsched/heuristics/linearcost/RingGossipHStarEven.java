package org.commsched.heuristics.linearcost;

import org.commsched.core.solve.MethodFacts;

/**
 * {@code lc-gossip-ring-hstar-even}: half-duplex all-port (H*) gossip on a ring of even size in
 * which the nodes of one parity send both ways while the others receive, the scheme of D. B.
 * Peters, "Bounds for Communication Problems in Interconnection Networks under a Linear Cost Model"
 * (PhD thesis, Simon Fraser University, 1995), §4.2.5 (docs/models/linear-cost.md#ring-gossip).
 *
 * <p><b>Scheme.</b> Phases {@code 0 .. p/2}; in phase {@code i} the nodes of parity {@code i}
 * receive and the others send to both neighbours, so every link is used one way at a time. Node
 * {@code v} orders all units once per direction: forward (to {@code v + 1}) the messages of {@code
 * v, v - 1, v - 2, ...}, each from its last unit down to its first; backward (to {@code v - 1}) the
 * messages of {@code v, v + 1, v + 2, ...}, each from its first unit up. A sender sends, each way,
 * the next units of that order it has not yet sent: {@code n} in phase 0, {@code 2n} in phases
 * {@code 1 .. p/2 - 2}, then {@code ceil(3n/2)} forward and {@code floor(3n/2)} backward in phase
 * {@code p/2 - 1}, and {@code ceil(n/2)} forward and {@code floor(n/2)} backward in phase {@code
 * p/2}. Makespan {@code (p/2 + 1) beta + (p - 1) n tau}, plus {@code tau} when {@code n} is odd.
 *
 * <p><b>Guarantee.</b> An upper bound (the thesis has no matching lower bound for H*); for even
 * {@code n} it equals the thesis's {@code (p/2 + 1) beta + (p - 1) n tau}.
 *
 * <p><b>Correction.</b> The thesis rounds the last two phases by node parity, which cannot give
 * exact totals for odd {@code n}; rounding per direction (above) completes the gossip, exactly
 * within the bound for even {@code n} and one {@code tau} above it for odd {@code n}. The thesis
 * says the last two phases overlap slightly when run without synchronisation; running this schedule
 * as soon as its data and links allow does not recover the {@code tau}
 * (docs/models/linear-cost.md#gossip-statements).
 */
public final class RingGossipHStarEven extends RingGossipScheme {
  /** The facts of {@code lc-gossip-ring-hstar-even}: see the class javadoc for the source. */
  static final MethodFacts FACTS =
      new MethodFacts(
          "lc-gossip-ring-hstar-even",
          "H* gossip on an even ring: nodes of one parity send both ways per phase, each way in its own order of "
              + "all units",
          "makespan (p/2 + 1) beta + (p - 1) n tau (+ tau for odd n) (§4.2.5, per-direction rounding); an upper "
              + "bound",
          THESIS + ", §4.2.5 (the even-ring H* bound; corrected rounding)",
          gossipScope(Rings.TWO_WAY_EVEN, "lc-gossip-one-way", ALL_PORTS, HALF),
          false);

  @Override
  public MethodFacts facts() {
    return FACTS;
  }

  @Override
  void build(GossipRounds g) {
    int p = g.p;
    long n = g.n;
    long[] sentForward = new long[p];
    long[] sentBackward = new long[p];
    for (int phase = 0; phase <= p / 2; phase++) {
      long fwd;
      long bwd;
      if (phase == 0) {
        fwd = n;
        bwd = n;
      } else if (phase == p / 2) {
        fwd = (n + 1) / 2;
        bwd = n / 2;
      } else if (phase == p / 2 - 1) {
        fwd = (3 * n + 1) / 2;
        bwd = 3 * n / 2;
      } else {
        fwd = 2 * n;
        bwd = 2 * n;
      }
      for (int v = (phase + 1) % 2; v < p; v += 2) {
        sendOrdered(g, v, g.at(v, 1), -1, sentForward[v], sentForward[v] + fwd, true);
        sentForward[v] += fwd;
        sendOrdered(g, v, g.at(v, -1), 1, sentBackward[v], sentBackward[v] + bwd, false);
        sentBackward[v] += bwd;
      }
      g.endRound();
    }
  }

  /**
   * Sends positions {@code lo .. hi - 1} of node {@code v}'s order for one direction: position
   * {@code q} is unit {@code q mod n} (counted from the last unit down when {@code lastFirst}) of
   * the message of node {@code v + step * (q / n)}.
   */
  private static void sendOrdered(
      GossipRounds g, int v, int to, int step, long lo, long hi, boolean lastFirst) {
    long n = g.n;
    long q = lo;
    while (q < hi) {
      long d = q / n;
      long end = Math.min(hi, (d + 1) * n);
      long a = q - d * n;
      long b = end - d * n;
      int origin = g.at(v, step * d);
      if (lastFirst) {
        g.send(v, to, origin, n - b, n - a);
      } else {
        g.send(v, to, origin, a, b);
      }
      q = end;
    }
  }
}
