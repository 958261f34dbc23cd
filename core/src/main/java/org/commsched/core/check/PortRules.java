package org.commsched.core.check;

import java.util.List;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Network;
import org.commsched.core.time.TimeScale;

/**
 * The port and duplex rules of the store-and-forward models, on half-open intervals
 * (docs/models/linear-cost.md#validity-rules V5-V9; docs/models/packet.md#validity-rules V5-V6,
 * #gathering-and-time-reversal):
 * <ul>
 *   <li>always: two transfers on the same directed arc never overlap ({@code ARC_CONFLICT});</li>
 *   <li>half duplex: transfers in opposite directions of one link never overlap ({@code LINK_CONFLICT});</li>
 *   <li>one port, send-and-receive: a node's outgoing transfers are pairwise disjoint ({@code SEND_PORT}), and
 *       so are its incoming ones ({@code RECEIVE_PORT});</li>
 *   <li>one port, exchange: two overlapping transfers that share a node go between the same two nodes in
 *       opposite directions ({@code EXCHANGE_PORT}); with half duplex no two overlapping transfers share a
 *       node.</li>
 * </ul>
 * A pair that breaks an earlier rule of the list (e.g. the same arc) is reported only under that rule.
 */
final class PortRules {
  private PortRules() {
  }

  static void check(Network net, CommModel.StoreAndForward model, List<Transfer> ts, TimeScale scale,
      Findings out) {
    Overlaps arcs = new Overlaps(net.arcs(), ts.size());
    for (int i = 0; i < ts.size(); i++) {
      arcs.add(ts.get(i).arc(), ts.get(i).start(), ts.get(i).end(), i, ts.get(i).arc());
    }
    arcs.sweep((g, a, b) -> report(Kind.ARC_CONFLICT, net.arcName(g), arcs, a, b, ts, net, scale, out,
        "both use " + net.arcName(g) + "; an arc carries one packet at a time"));

    if (model.duplex() == CommModel.Duplex.HALF) {
      Overlaps links = new Overlaps(net.edges(), ts.size());
      for (int i = 0; i < ts.size(); i++) {
        links.add(net.edge(ts.get(i).arc()), ts.get(i).start(), ts.get(i).end(), i, ts.get(i).arc());
      }
      links.sweep((g, a, b) -> links.arc(a) == links.arc(b) || report(Kind.LINK_CONFLICT,
          Places.link(net, links.arc(a)), links, a, b, ts, net, scale, out,
          "use both directions of a half-duplex link at once"));
    }

    if (model.ports() != CommModel.Ports.ONE) {
      return;
    }
    int n = net.nodes();
    if (model.onePort() == CommModel.OnePortRule.SEND_AND_RECEIVE) {
      Overlaps ports = new Overlaps(2 * n, 2L * ts.size());
      for (int i = 0; i < ts.size(); i++) {
        Transfer t = ts.get(i);
        ports.add(net.tail(t.arc()), t.start(), t.end(), i, t.arc());
        ports.add(n + net.head(t.arc()), t.start(), t.end(), i, t.arc());
      }
      ports.sweep((g, a, b) -> {
        if (ports.arc(a) == ports.arc(b)) {
          return true;
        }
        boolean send = g < n;
        int v = send ? g : g - n;
        return report(send ? Kind.SEND_PORT : Kind.RECEIVE_PORT, Places.node(v), ports, a, b, ts, net, scale,
            out, (send ? "both leave" : "both enter") + " node " + v + ", whose one port "
            + (send ? "sends" : "receives") + " one packet at a time");
      });
    } else {
      Overlaps nodes = new Overlaps(n, 2L * ts.size());
      for (int i = 0; i < ts.size(); i++) {
        Transfer t = ts.get(i);
        nodes.add(net.tail(t.arc()), t.start(), t.end(), i, t.arc());
        nodes.add(net.head(t.arc()), t.start(), t.end(), i, t.arc());
      }
      nodes.sweep((g, a, b) -> {
        int x = nodes.arc(a);
        int y = nodes.arc(b);
        if (x == y || net.reverse(x) == y) {
          return true; // an arc conflict, or an exchange (allowed; a link conflict under half duplex)
        }
        return report(Kind.EXCHANGE_PORT, Places.node(g), nodes, a, b, ts, net, scale, out, "both involve node " + g
            + ", which talks with one neighbour at a time");
      });
    }
  }

  private static boolean report(Kind kind, String place, Overlaps o, int a, int b, List<Transfer> ts,
      Network net, TimeScale scale, Findings out, String why) {
    Transfer x = ts.get(o.owner(a));
    Transfer y = ts.get(o.owner(b));
    return out.add(kind, Places.union(x.messages(), y.messages()), place, o.start(b),
        describe(x, net, scale) + " and " + describe(y, net, scale) + " overlap from " + scale.format(o.start(b))
        + " and " + why);
  }

  private static String describe(Transfer t, Network net, TimeScale scale) {
    return "the packet of " + String.join("+", t.messages()) + " on " + net.arcName(t.arc()) + " during ["
        + scale.format(t.start()) + ", " + scale.format(t.end()) + ")";
  }
}
