package org.commsched.heuristics.linearcost;

import org.commsched.core.model.Instance;
import org.commsched.core.solve.MethodFacts;

/**
 * {@code lc-gossip-ring-fstar}: gossip on a full-duplex all-port ring (F*) by sending every message
 * both ways round the ring, Fraigniaud and Lazard's scheme as stated in D. B. Peters, "Bounds for
 * Communication Problems in Interconnection Networks under a Linear Cost Model" (PhD thesis, Simon
 * Fraser University, 1995), §4.2.3 (docs/models/linear-cost.md#ring-gossip).
 *
 * <p><b>Scheme.</b> Rounds {@code r = 0 .. floor(p/2) - 1}: node {@code i} sends the message of
 * node {@code i - r} to {@code i + 1} and that of node {@code i + r} to {@code i - 1}. On an even
 * ring the node opposite {@code v} would get {@code v}'s message from both sides, so the last round
 * sends only its first {@code ceil(n/2)} units forward and its last {@code floor(n/2)} units
 * backward. Makespan {@code floor(p/2) beta + ceil((p - 1) n / 2) tau}.
 *
 * <p><b>Guarantee.</b> Optimal: Theorem 4.2.4 (lower bound Lemma 4.2.4: some node receives {@code
 * ceil((p - 1) n / 2)} units from one neighbour in at least {@code floor(p/2)} packets; {@code
 * RING-GOSSIP} of {@code LowerBounds}).
 *
 * <p><b>Correction.</b> The printed Theorem 4.2.4 reads {@code floor(p/2) beta + (1/2) ceil(n (p -
 * 1)) tau}; the section's opening and the scheme give {@code ceil((p - 1) n / 2) tau}
 * (docs/models/linear-cost.md#gossip-statements).
 */
public final class RingGossipFStar extends RingGossipScheme {
  /** The facts of {@code lc-gossip-ring-fstar}: see the class javadoc for the source. */
  static final MethodFacts FACTS =
      new MethodFacts(
          "lc-gossip-ring-fstar",
          "F* ring gossip: every message travels both ways for floor(p/2) rounds, the antipode's halves split on an"
              + " even ring (Fraigniaud and Lazard)",
          "optimal: makespan floor(p/2) beta + ceil((p - 1) n / 2) tau (Thm 4.2.4, bound RING-GOSSIP)",
          THESIS + ", Theorem 4.2.4, Lemma 4.2.4 (scheme of Fraigniaud and Lazard)",
          gossipScope(Rings.TWO_WAY, null, ALL_PORTS, FULL),
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
  void build(GossipRounds g) {
    int p = g.p;
    long half = (g.n + 1) / 2;
    for (int r = 0; r < p / 2; r++) {
      boolean split = p % 2 == 0 && r == p / 2 - 1;
      for (int i = 0; i < p; i++) {
        g.send(i, g.at(i, 1), g.at(i, -r), 0, split ? half : g.n);
        g.send(i, g.at(i, -1), g.at(i, r), split ? half : 0, g.n);
      }
      g.endRound();
    }
  }
}
