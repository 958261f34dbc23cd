package org.commsched.heuristics.linearcost;

import java.util.ArrayList;
import java.util.List;
import org.commsched.core.solve.MethodFacts;

/**
 * {@code lc-gossip-one-way-1-odd}: one-port gossip around a ring of odd size in one direction, with
 * a rotating idle node, the scheme of Theorem 4.2.3 of D. B. Peters, "Bounds for Communication
 * Problems in Interconnection Networks under a Linear Cost Model" (PhD thesis, Simon Fraser
 * University, 1995), §4.2.2 (docs/models/linear-cost.md#ring-gossip).
 *
 * <p><b>Scheme.</b> Rounds {@code r = 0 .. p} of lengths {@code n, 2n, ..., 2n, n}. In round {@code
 * r} node {@code r - 2k} sends to {@code r - 2k + 1} for {@code k = 0 .. (p - 3)/2}, so node {@code
 * r + 2} is idle. Every node keeps a first-in first-out queue of whole messages, its own first and
 * then what it receives in arrival order; a sender takes messages off the front up to the round's
 * length, dropping those the receiver already holds. Makespan {@code (p + 1) beta + 2 p n tau}.
 *
 * <p><b>Model.</b> Valid under every port and duplex rule (one packet per node at a time, one arc
 * per link); offered under one port. On a two-way ring it is Observation 4.2.4's H1 scheme.
 *
 * <p><b>Guarantee.</b> On the one-way ring under the exchange rule optimal: Theorem 4.2.3
 * (Corollary 4.2.1 plus a bandwidth argument; {@code URING-GOSSIP} of {@code LowerBounds}). On a
 * two-way ring an upper bound only: Observation 4.2.4, {@code 2 ceil(p/2) beta + (4 ceil(p/2) - 2)
 * n tau}, the same value for odd {@code p}.
 *
 * <p><b>Corrections.</b> The printed Theorem 4.2.3 drops the factor {@code n} ({@code (p + 1) beta
 * + 2 p n tau}). The thesis says node {@code r} is idle in round {@code r}, but its pairs idle node
 * {@code r + 2}; we follow the pairs (either rotation works). The thesis gives no forwarding rule
 * beyond the round lengths; the queue is ours (docs/models/linear-cost.md#gossip-statements).
 */
public final class OneWayGossipOnePortOdd extends RingGossipScheme {
  /** The facts of {@code lc-gossip-one-way-1-odd}: see the class javadoc for the source. */
  static final MethodFacts FACTS =
      new MethodFacts(
          "lc-gossip-one-way-1-odd",
          "one-port gossip in one direction around an odd ring: a rotating idle node, first-in first-out queues of "
              + "messages",
          "makespan (p + 1) beta + 2 p n tau; optimal on a one-way ring under the exchange rule (Thm 4.2.3, bound "
              + "URING-GOSSIP); on a two-way ring an upper bound (Obs 4.2.4, H1)",
          THESIS + ", Theorem 4.2.3 (corrected: factor n, idle node), Observation 4.2.4",
          gossipScope(Rings.ODD, "lc-gossip-one-way-1-even", ONE_PORT, ANY_DUPLEX)
              .note(EITHER_RULE + ONE_DIRECTION),
          false);

  @Override
  public MethodFacts facts() {
    return FACTS;
  }

  @Override
  void build(GossipRounds g) {
    int p = g.p;
    MessageQueues q = new MessageQueues(p, 1);
    int senders = (p - 1) / 2;
    int[] from = new int[senders];
    List<List<Integer>> sent = new ArrayList<>();
    for (int r = 0; r <= p; r++) {
      int len = r == 0 || r == p ? 1 : 2;
      sent.clear();
      for (int k = 0; k < senders; k++) {
        from[k] = g.at(r, -2L * k);
        sent.add(q.take(g, from[k], 0, g.at(from[k], 1), len));
      }
      for (int k = 0; k < senders; k++) {
        q.deliver(g.at(from[k], 1), 0, sent.get(k));
      }
      g.endRound();
    }
  }
}
