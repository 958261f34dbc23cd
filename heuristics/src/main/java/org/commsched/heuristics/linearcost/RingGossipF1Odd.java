package org.commsched.heuristics.linearcost;

import java.util.List;
import org.commsched.core.solve.MethodFacts;

/**
 * {@code lc-gossip-ring-f1-odd}: one-port full-duplex (F1) gossip on a ring of odd size {@code p =
 * 2m + 1} with a rotating idle node, the scheme of Observation 4.2.2 of D. B. Peters, "Bounds for
 * Communication Problems in Interconnection Networks under a Linear Cost Model" (PhD thesis, Simon
 * Fraser University, 1995), §4.2.4 (docs/models/linear-cost.md#ring-gossip).
 *
 * <p><b>Scheme.</b> Rounds {@code i = 0 .. m + 1} of lengths {@code n, 2n, ..., 2n, n}. In round
 * {@code i} node {@code i} is idle and the pairs {@code {i + 2j - 1, i + 2j}}, {@code j = 1 .. m},
 * exchange. Every node keeps one queue of whole messages per direction, its own message first; what
 * it receives from one side goes to the end of the queue toward the other side. A node sends its
 * partner up to the round's length off the front of the queue for the partner's direction, dropping
 * messages the partner already holds. Makespan {@code (m + 2) beta + (2m + 2) n tau}.
 *
 * <p><b>Model.</b> One partner at a time, sending and receiving at once: one port under the
 * exchange rule (F1), or send-and-receive; full duplex.
 *
 * <p><b>Guarantee.</b> An upper bound: Observation 4.2.2. The best lower bound, Corollary 4.2.2
 * ({@code (m + 1) beta + 2m n tau}, {@code RING-GOSSIP-1} of {@code LowerBounds}), is {@code beta +
 * 2n tau} lower; the thesis does not believe it tight.
 *
 * <p><b>Corrections.</b> The pairs run over {@code j <= floor(p/2)} (the printed {@code ceil(p/2)}
 * makes them overlap), and received units join the queue of the opposite direction; "drop what the
 * partner holds" is our reading of the queue rule (docs/models/linear-cost.md#gossip-statements).
 */
public final class RingGossipF1Odd extends RingGossipScheme {
  /** The facts of {@code lc-gossip-ring-f1-odd}: see the class javadoc for the source. */
  static final MethodFacts FACTS =
      new MethodFacts(
          "lc-gossip-ring-f1-odd",
          "F1 gossip on an odd ring: a rotating idle node, pairs exchanging up to 2n units off per-direction "
              + "first-in first-out queues",
          "makespan (m + 2) beta + (2m + 2) n tau for p = 2m + 1 (Obs 4.2.2); an upper bound, the lower bound "
              + "(m + 1) beta + 2m n tau (Cor 4.2.2, RING-GOSSIP-1) is beta + 2n tau below",
          THESIS + ", Observation 4.2.2, Corollary 4.2.2",
          gossipScope(Rings.TWO_WAY_ODD, "lc-gossip-ring-f1-even", ONE_PORT, FULL)
              .note(EITHER_RULE),
          false);

  @Override
  public MethodFacts facts() {
    return FACTS;
  }

  @Override
  void build(GossipRounds g) {
    int p = g.p;
    int m = p / 2;
    MessageQueues q =
        new MessageQueues(p, 2); // queue 0 travels forward (to i + 1), queue 1 backward
    List<Integer>[] fwd = RingGossipF1Even.newLists(m);
    List<Integer>[] bwd = RingGossipF1Even.newLists(m);
    for (int i = 0; i <= m + 1; i++) {
      int len = i == 0 || i == m + 1 ? 1 : 2;
      for (int j = 1; j <= m; j++) {
        int a = g.at(i, 2L * j - 1);
        int b = g.at(a, 1);
        fwd[j - 1] = q.take(g, a, 0, b, len);
        bwd[j - 1] = q.take(g, b, 1, a, len);
      }
      for (int j = 1; j <= m; j++) {
        int a = g.at(i, 2L * j - 1);
        q.deliver(g.at(a, 1), 0, fwd[j - 1]);
        q.deliver(a, 1, bwd[j - 1]);
      }
      g.endRound();
    }
  }
}
