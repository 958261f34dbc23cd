package org.commsched.core.check;

import java.util.List;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Network;
import org.commsched.core.time.TimeScale;

/**
 * The port and duplex rules of the store-and-forward models, on half-open intervals
 * (docs/models/linear-cost.md#validity-rules V5-V9; docs/models/packet.md#validity-rules V5-V6,
 * #gathering-and-time-reversal):
 *
 * <ul>
 *   <li>always: two transfers on the same directed arc never overlap ({@code ARC_CONFLICT});
 *   <li>half duplex: transfers in opposite directions of one link never overlap ({@code
 *       LINK_CONFLICT});
 *   <li>one port, send-and-receive: a node's outgoing transfers are pairwise disjoint ({@code
 *       SEND_PORT}), and so are its incoming ones ({@code RECEIVE_PORT});
 *   <li>one port, exchange: two overlapping transfers that share a node go between the same two
 *       nodes in opposite directions ({@code EXCHANGE_PORT}); with half duplex no two overlapping
 *       transfers share a node.
 * </ul>
 *
 * A pair that breaks an earlier rule of the list (e.g. the same arc) is reported only under that
 * rule.
 */
final class PortRules {
  private PortRules() {}

  /** The transfers as the rules read them: by index, the messages only for a report. */
  interface Transfers {
    int size();

    int arc(int i);

    long start(int i);

    long end(int i);

    List<String> messages(int i);
  }

  static void check(
      Network net,
      CommModel.StoreAndForward model,
      List<Transfer> list,
      TimeScale scale,
      Findings out) {
    check(
        net,
        model,
        new Transfers() {
          @Override
          public int size() {
            return list.size();
          }

          @Override
          public int arc(int i) {
            return list.get(i).arc();
          }

          @Override
          public long start(int i) {
            return list.get(i).start();
          }

          @Override
          public long end(int i) {
            return list.get(i).end();
          }

          @Override
          public List<String> messages(int i) {
            return list.get(i).messages();
          }
        },
        scale,
        out);
  }

  static void check(
      Network net, CommModel.StoreAndForward model, Transfers ts, TimeScale scale, Findings out) {
    Overlaps arcs = new Overlaps(net.arcs(), ts.size());
    for (int i = 0; i < ts.size(); i++) {
      arcs.add(ts.arc(i), ts.start(i), ts.end(i), i, ts.arc(i));
    }
    boolean channels = net.hasChannels();
    arcs.sweep(
        channels ? net::channels : null,
        (g, a, b) ->
            report(
                Kind.ARC_CONFLICT,
                net.arcName(g),
                arcs,
                a,
                b,
                ts,
                net,
                scale,
                out,
                net.channels(g) == 1
                    ? "both use " + net.arcName(g) + "; an arc carries one packet at a " + "time"
                    : "with others use "
                        + net.arcName(g)
                        + ", whose "
                        + net.channels(g)
                        + " channels carry "
                        + net.channels(g)
                        + " packets at a time"));

    // a half-duplex link of k channels carries k packets at a time in both directions together
    int[] linkArc = new int[channels ? net.edges() : 0];
    if (model.duplex() == CommModel.Duplex.HALF) {
      Overlaps links = new Overlaps(net.edges(), ts.size());
      for (int i = 0; i < ts.size(); i++) {
        links.add(net.edge(ts.arc(i)), ts.start(i), ts.end(i), i, ts.arc(i));
      }
      for (int a = 0; channels && a < net.arcs(); a++) {
        linkArc[net.edge(a)] = a;
      }
      links.sweep(
          channels ? g -> linkChannels(net, linkArc[g]) : null,
          (g, a, b) ->
              links.arc(a) == links.arc(b)
                  || report(
                      Kind.LINK_CONFLICT,
                      Places.link(net, links.arc(a)),
                      links,
                      a,
                      b,
                      ts,
                      net,
                      scale,
                      out,
                      linkChannels(net, links.arc(a)) == 1
                          ? "use both directions of a half-duplex link at once"
                          : "with others use the "
                              + linkChannels(net, links.arc(a))
                              + " channels of a half-duplex link at once"));
    }

    if (model.ports() != CommModel.Ports.ONE) {
      return;
    }
    int n = net.nodes();
    if (model.onePort() == CommModel.OnePortRule.SEND_AND_RECEIVE) {
      Overlaps ports = new Overlaps(2 * n, 2L * ts.size());
      for (int i = 0; i < ts.size(); i++) {
        ports.add(net.tail(ts.arc(i)), ts.start(i), ts.end(i), i, ts.arc(i));
        ports.add(n + net.head(ts.arc(i)), ts.start(i), ts.end(i), i, ts.arc(i));
      }
      ports.sweep(
          (g, a, b) -> {
            if (ports.arc(a) == ports.arc(b) && net.channels(ports.arc(a)) == 1) {
              return true; // an arc conflict (on an arc of several channels the one port still
              // forbids it)
            }
            boolean send = g < n;
            int v = send ? g : g - n;
            return report(
                send ? Kind.SEND_PORT : Kind.RECEIVE_PORT,
                Places.node(v),
                ports,
                a,
                b,
                ts,
                net,
                scale,
                out,
                (send ? "both leave" : "both enter")
                    + " node "
                    + v
                    + ", whose one port "
                    + (send ? "sends" : "receives")
                    + " one packet at a time");
          });
    } else {
      Overlaps nodes = new Overlaps(n, 2L * ts.size());
      for (int i = 0; i < ts.size(); i++) {
        nodes.add(net.tail(ts.arc(i)), ts.start(i), ts.end(i), i, ts.arc(i));
        nodes.add(net.head(ts.arc(i)), ts.start(i), ts.end(i), i, ts.arc(i));
      }
      nodes.sweep(
          (g, a, b) -> {
            int x = nodes.arc(a);
            int y = nodes.arc(b);
            if (x == y
                ? net.channels(x) == 1
                : net.reverse(x) == y
                    && (model.duplex() == CommModel.Duplex.FULL || linkChannels(net, x) == 1)) {
              return true; // an arc conflict, or an exchange (allowed; a link conflict under half
              // duplex)
            }
            return report(
                Kind.EXCHANGE_PORT,
                Places.node(g),
                nodes,
                a,
                b,
                ts,
                net,
                scale,
                out,
                "both involve node " + g + ", which talks with one neighbour at a time");
          });
    }
  }

  /**
   * The channels of the link of arc {@code a} under half duplex: the larger count of its two arcs
   * (a link written once has one count; two arcs written apart may differ).
   */
  private static int linkChannels(Network net, int a) {
    int r = net.reverse(a);
    return r < 0 ? net.channels(a) : Math.max(net.channels(a), net.channels(r));
  }

  private static boolean report(
      Kind kind,
      String place,
      Overlaps o,
      int a,
      int b,
      Transfers ts,
      Network net,
      TimeScale scale,
      Findings out,
      String why) {
    int x = o.owner(a);
    int y = o.owner(b);
    return out.add(
        kind,
        Places.union(ts.messages(x), ts.messages(y)),
        place,
        o.start(b),
        describe(ts, x, net, scale)
            + " and "
            + describe(ts, y, net, scale)
            + " overlap from "
            + scale.format(o.start(b))
            + " and "
            + why);
  }

  private static String describe(Transfers ts, int i, Network net, TimeScale scale) {
    return "the packet of "
        + String.join("+", ts.messages(i))
        + " on "
        + net.arcName(ts.arc(i))
        + " during ["
        + scale.format(ts.start(i))
        + ", "
        + scale.format(ts.end(i))
        + ")";
  }
}
