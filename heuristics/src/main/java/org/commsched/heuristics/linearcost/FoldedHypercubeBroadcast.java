package org.commsched.heuristics.linearcost;

import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.MethodFacts;
import org.commsched.core.solve.Scope;

/**
 * Broadcast in the folded hypercube {@code Q_m^+} (the hypercube plus a link from every node to its
 * antipode) with every link used one way at a time: the rounds of the hypercube scheme ({@link
 * HypercubeBroadcast}, Proposition 3.3.3), except that in round j a sender whose bit {@code j mod
 * m} is 1 sends to its antipode instead of across dimension {@code j mod m}. The antipode's own
 * dimension partner would have sent it the same sub-message (both have bit {@code j mod m} set and
 * the same first 1 from there on), so every node receives what it receives in the hypercube scheme,
 * in the same round; but no link carries packets both ways at once, and every node sends one packet
 * and receives one on another link. Time {@code T_*(n, m, k)}, {@code S_*(n, m)} at the best k.
 *
 * <p>D. B. Peters, "Bounds for Communication Problems in Interconnection Networks under a Linear
 * Cost Model" (PhD thesis, Simon Fraser University, 1995), Proposition 3.3.4 (upper bound).
 * <b>Correction:</b> the thesis states it for H1, but a node that sends on one link while it
 * receives on another breaks the one-port rule, so it is valid only with all ports (H*, F*) or
 * under the one-port {@code send-and-receive} rule, either duplex; under H1 use {@link
 * HypercubeBroadcastHalfOnePort} ({@code S_1(n, m)}). Nodes are relabelled by XOR with the source;
 * docs/models/linear-cost.md#broadcast-schemes-implemented and #broadcast-schemes.
 *
 * @implNote Stateless; immutable.
 */
public final class FoldedHypercubeBroadcast extends BroadcastScheme {
  /** The facts of {@code lc-folded-hypercube-broadcast}: see the class javadoc for the source. */
  static final MethodFacts FACTS =
      new MethodFacts(
          "lc-folded-hypercube-broadcast",
          "broadcast in a folded hypercube, each link one way at a time: the hypercube scheme with the senders of "
              + "the far side sending to their antipodes",
          "S_*(n, m) on Q_m^+ (Proposition 3.3.4, valid with all ports or send-and-receive, not under H1); upper "
              + "bound",
          "D. B. Peters, \"Bounds for Communication Problems in Interconnection Networks under a Linear Cost "
              + "Model\", Proposition 3.3.4 (corrected: not one port with exchanges)",
          broadcastOn(
                  new Scope.NetworkTest(
                      "folded hypercube",
                      i ->
                          needs(
                              i,
                              Topology.FoldedHypercube.class,
                              "the folded hypercube",
                              "greedy-saf")))
              .note("all ports, or one port under send-and-receive"),
          false);

  @Override
  public MethodFacts facts() {
    return FACTS;
  }

  @Override
  public String whyNotFurther(Instance instance) {
    CommModel.StoreAndForward m = instance.storeAndForward();
    if (m.ports() == CommModel.Ports.ONE && m.onePort() == CommModel.OnePortRule.EXCHANGE) {
      return name()
          + " has every node send on one link while it receives on another, which the one-port exchange "
          + "rule forbids; use "
          + (m.duplex() == CommModel.Duplex.FULL
              ? "lc-hypercube-broadcast"
              : "lc-hypercube-broadcast-h1");
    }
    return super.whyNotFurther(instance);
  }

  @Override
  long formula(Setting s, long k) {
    return s.f().tStar(s.n(), HypercubeBroadcast.dimension(s.p()), k);
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
        HypercubeBroadcast.Layout.FOLDED);
    return rs;
  }
}
