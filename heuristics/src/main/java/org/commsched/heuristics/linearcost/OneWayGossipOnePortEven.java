package org.commsched.heuristics.linearcost;

import org.commsched.core.solve.MethodFacts;

/**
 * {@code lc-gossip-one-way-1-even}: one-port gossip around a ring of even size in one direction,
 * the scheme of Theorem 4.2.2 of D. B. Peters, "Bounds for Communication Problems in
 * Interconnection Networks under a Linear Cost Model" (PhD thesis, Simon Fraser University, 1995),
 * §4.2.2 (docs/models/linear-cost.md#ring-gossip).
 *
 * <p><b>Scheme.</b> Rounds {@code r = 0 .. p - 1}; in round {@code r} the nodes {@code i} with
 * {@code i = r (mod 2)} send to {@code i + 1} the messages of nodes {@code i - r} and {@code i - r
 * + 1}, leaving out the receiver's own: round 0 carries {@code n} units (each sender's own
 * message), the last round {@code n}, every other round {@code 2n}. Senders and receivers alternate
 * around the ring, so no node takes part in two packets at once. Makespan {@code p beta + 2 (p - 1)
 * n tau}.
 *
 * <p><b>Model.</b> Valid under every port and duplex rule (one packet per node at a time, one arc
 * per link); it is offered under one port. On a two-way ring it is Observation 4.2.4's H1 scheme.
 *
 * <p><b>Guarantee.</b> On the one-way ring under the exchange rule optimal: Theorem 4.2.2 (lower
 * bound Corollary 4.2.1, {@code URING-GOSSIP} of {@code LowerBounds}). On a two-way ring (H1, also
 * F1) an upper bound only: Observation 4.2.4, {@code 2 ceil(p/2) beta + (4 ceil(p/2) - 2) n tau},
 * which is the same value for even {@code p}.
 *
 * <p><b>Correction.</b> The printed Theorem 4.2.2 drops the factor {@code n}: {@code p beta + 2 (p
 * - 1) tau} reads {@code p beta + 2 (p - 1) n tau} (docs/models/linear-cost.md#gossip-statements).
 */
public final class OneWayGossipOnePortEven extends RingGossipScheme {
  /** The facts of {@code lc-gossip-one-way-1-even}: see the class javadoc for the source. */
  static final MethodFacts FACTS =
      new MethodFacts(
          "lc-gossip-one-way-1-even",
          "one-port gossip in one direction around an even ring: nodes of one parity send per round, two messages "
              + "a packet",
          "makespan p beta + 2 (p - 1) n tau; optimal on a one-way ring under the exchange rule (Thm 4.2.2, bound "
              + "URING-GOSSIP); on a two-way ring an upper bound (Obs 4.2.4, H1)",
          THESIS + ", Theorem 4.2.2 (corrected: factor n), Observation 4.2.4",
          gossipScope(Rings.EVEN, "lc-gossip-one-way-1-odd", ONE_PORT, ANY_DUPLEX)
              .note(EITHER_RULE + ONE_DIRECTION),
          false);

  @Override
  public MethodFacts facts() {
    return FACTS;
  }

  @Override
  void build(GossipRounds g) {
    for (int r = 0; r < g.p; r++) {
      for (int i = r % 2; i < g.p; i += 2) {
        int to = g.at(i, 1);
        int a = g.at(i, -r);
        int b = g.at(i, 1 - r);
        if (a != to) {
          g.sendAll(i, to, a);
        }
        if (b != to && b != a) {
          g.sendAll(i, to, b);
        }
      }
      g.endRound();
    }
  }
}
