package org.commsched.heuristics.linearcost;

import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.solve.MethodFacts;

/**
 * {@code lc-gossip-one-way}: gossip by passing messages around the ring in one direction, Saad and
 * Schultz's scheme as stated in D. B. Peters, "Bounds for Communication Problems in Interconnection
 * Networks under a Linear Cost Model" (PhD thesis, Simon Fraser University, 1995), §4.2.1
 * (docs/models/linear-cost.md#ring-gossip).
 *
 * <p><b>Scheme.</b> Rounds {@code r = 0 .. p - 2}: every node {@code i} sends its successor {@code
 * i + 1} the message of node {@code i - r} (its own in round 0, then the one it received in the
 * previous round). Every packet has {@code n} units, so the makespan is {@code (p - 1)(beta + n
 * tau)}.
 *
 * <p><b>Model.</b> A node sends to one neighbour while it receives from the other, on one arc of
 * each link: all ports under full or half duplex, or one port under the send-and-receive rule. On a
 * two-way ring it uses the arcs {@code i -> i + 1} only.
 *
 * <p><b>Guarantee.</b> On the one-way ring ({@code uring}, {@code p >= 3}) optimal: Theorem 4.2.1
 * proves {@code g_*(C_p, n) = (p - 1)(beta + n tau)} (the bound {@code URING-GOSSIP} of {@code
 * LowerBounds}); the F* bound holds for every other model, so it is optimal under send-and-receive
 * too. On a two-way ring under half duplex and all ports it is Observation 4.2.3's upper bound
 * {@code g_H*(C_p, n) <= (p - 1)(beta + n tau)} (no matching lower bound); under full duplex {@code
 * lc-gossip-ring-fstar} is faster.
 *
 * <p><b>Complexity.</b> {@code p (p - 1)} records, O(p^2) time.
 */
public final class OneWayGossip extends RingGossipScheme {
  /** The facts of {@code lc-gossip-one-way}: see the class javadoc for the source. */
  static final MethodFacts FACTS =
      new MethodFacts(
          "lc-gossip-one-way",
          "gossip around the ring in one direction: in round r every node forwards the message of the node r hops "
              + "behind it (Saad and Schultz)",
          "makespan (p - 1)(beta + n tau); optimal on a one-way ring (Thm 4.2.1, bound URING-GOSSIP); on a two-way "
              + "ring under H* an upper bound only (Obs 4.2.3)",
          THESIS + ", Theorem 4.2.1, Observation 4.2.3 (scheme of Saad and Schultz)",
          gossipScope(Rings.ANY, null, ANY_PORTS, ANY_DUPLEX)
              .note("one port only under the send-and-receive rule" + ONE_DIRECTION),
          false);

  @Override
  public MethodFacts facts() {
    return FACTS;
  }

  /** Optimal on a one-way ring (Theorem 4.2.1); an upper bound only elsewhere. */
  @Override
  public Long guaranteedMakespan(Instance instance, long optimum) {
    return instance.network().topology() instanceof org.commsched.core.model.Topology.URing
        ? optimum
        : null;
  }

  @Override
  public String whyNotFurther(org.commsched.core.model.Instance instance) {
    CommModel.StoreAndForward m = instance.storeAndForward();
    if (m.ports() == CommModel.Ports.ONE && m.onePort() == CommModel.OnePortRule.EXCHANGE) {
      return name()
          + " has every node send and receive with two different neighbours at once, which one port "
          + "under the exchange rule forbids: use lc-gossip-one-way-1-even or lc-gossip-one-way-1-odd";
    }
    return null;
  }

  @Override
  void build(GossipRounds g) {
    for (int r = 0; r <= g.p - 2; r++) {
      for (int i = 0; i < g.p; i++) {
        g.sendAll(i, g.at(i, 1), g.at(i, -r));
      }
      g.endRound();
    }
  }
}
