package org.commsched.heuristics.common;

import org.commsched.core.model.CommModel;
import org.commsched.core.model.Network;

/**
 * The conservative resource set of a store-and-forward transfer, valid under every port and duplex
 * rule.
 *
 * <p>A transfer u -&gt; v always holds its directed arc; under half duplex it also holds the link
 * (so the opposite direction waits); under one port it holds both whole nodes u and v, so each node
 * takes part in one transfer at a time. One transfer per node satisfies both one-port rules
 * (send-and-receive and exchange) and H1. Resources are numbered: arcs, then links, then nodes.
 *
 * @implNote Immutable.
 */
public final class SafResources {
  private final Network network;
  private final boolean half;
  private final boolean onePort;

  public SafResources(Network network, CommModel.StoreAndForward model) {
    this.network = network;
    this.half = model.duplex() == CommModel.Duplex.HALF;
    this.onePort = model.ports() == CommModel.Ports.ONE;
  }

  /** Number of resources. */
  public int count() {
    return network.arcs() + network.edges() + network.nodes();
  }

  /**
   * Writes the resources of a transfer over {@code arc} into {@code res}; returns how many (at most
   * 4).
   */
  public int fill(int arc, int[] res) {
    int c = 0;
    res[c++] = arc;
    if (half) {
      res[c++] = network.arcs() + network.edge(arc);
    }
    if (onePort) {
      int base = network.arcs() + network.edges();
      res[c++] = base + network.tail(arc);
      res[c++] = base + network.head(arc);
    }
    return c;
  }
}
