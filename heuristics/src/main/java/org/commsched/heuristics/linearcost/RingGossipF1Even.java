package org.commsched.heuristics.linearcost;

import java.util.List;
import org.commsched.core.solve.MethodFacts;

/**
 * {@code lc-gossip-ring-f1-even}: one-port full-duplex (F1) gossip on a ring of even size by
 * alternating pairings, Saad and Schultz's scheme as stated in D. B. Peters, "Bounds for
 * Communication Problems in Interconnection Networks under a Linear Cost Model" (PhD thesis, Simon
 * Fraser University, 1995), §4.2.4 (docs/models/linear-cost.md#ring-gossip).
 *
 * <p><b>Scheme.</b> Rounds {@code r = 0 .. p/2 - 1}; in even rounds the pairs {@code {2j, 2j + 1}}
 * exchange, in odd rounds {@code {2j + 1, 2j + 2}}. Every node keeps one queue per direction: its
 * own message plus what it received travelling that way (from the neighbour on the other side). In
 * each round a node sends its partner everything in the queue for the partner's direction, that is
 * every unit it never sent that way. Round 0 carries {@code n} units, every other round {@code 2n}.
 * Makespan {@code (p/2) beta + (p - 1) n tau}.
 *
 * <p><b>Model.</b> Each node talks with one partner at a time, sending and receiving at once: one
 * port under the exchange rule (F1), or send-and-receive; full duplex.
 *
 * <p><b>Guarantee.</b> Optimal under the exchange rule: Theorem 4.2.5 (lower bound {@code ceil(p/2)
 * beta + (p - 1) n tau}, Lemmas 4.2.5 and 4.2.6; {@code RING-GOSSIP-1} of {@code LowerBounds}).
 *
 * <p><b>Corrections.</b> The rounds are {@code 0 .. p/2 - 1} and round 0 carries {@code n} units.
 * "Send every unit never sent before" must hold per direction: applied over both directions
 * together, on {@code C_4} node 3 never gets node 0's message
 * (docs/models/linear-cost.md#gossip-statements).
 */
public final class RingGossipF1Even extends RingGossipScheme {
  /** The facts of {@code lc-gossip-ring-f1-even}: see the class javadoc for the source. */
  static final MethodFacts FACTS =
      new MethodFacts(
          "lc-gossip-ring-f1-even",
          "F1 gossip on an even ring: alternating pairings, each node sending its partner all it has not yet sent "
              + "that way (Saad and Schultz)",
          "makespan (p/2) beta + (p - 1) n tau; optimal under the exchange rule (Thm 4.2.5, bound RING-GOSSIP-1)",
          THESIS + ", Theorem 4.2.5, Lemmas 4.2.5, 4.2.6 (scheme of Saad and Schultz)",
          gossipScope(Rings.TWO_WAY_EVEN, "lc-gossip-ring-f1-odd", ONE_PORT, FULL)
              .note(EITHER_RULE),
          false);

  @Override
  public MethodFacts facts() {
    return FACTS;
  }

  @Override
  void build(GossipRounds g) {
    int p = g.p;
    MessageQueues q =
        new MessageQueues(p, 2); // queue 0 travels forward (to i + 1), queue 1 backward
    int pairs = p / 2;
    List<Integer>[] fwd = newLists(pairs);
    List<Integer>[] bwd = newLists(pairs);
    for (int r = 0; r < p / 2; r++) {
      for (int j = 0; j < pairs; j++) {
        int a = g.at(2L * j, r % 2);
        int b = g.at(a, 1);
        fwd[j] = q.take(g, a, 0, b, Integer.MAX_VALUE);
        bwd[j] = q.take(g, b, 1, a, Integer.MAX_VALUE);
      }
      for (int j = 0; j < pairs; j++) {
        int a = g.at(2L * j, r % 2);
        q.deliver(g.at(a, 1), 0, fwd[j]);
        q.deliver(a, 1, bwd[j]);
      }
      g.endRound();
    }
  }

  @SuppressWarnings("unchecked")
  static List<Integer>[] newLists(int size) {
    return new List[size];
  }
}
