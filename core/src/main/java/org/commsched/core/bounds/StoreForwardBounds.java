package org.commsched.core.bounds;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.IntUnaryOperator;
import org.commsched.core.model.Atlas;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.time.TimeScale;

/**
 * Lower bounds for store-and-forward scatter and gather (packets of L units take {@code beta + L
 * tau} per hop), in ticks of the instance's time scale.
 *
 * <p>Model facts every bound uses: a message's units travel along its route (the atlas's, which the
 * checker holds packets to; on tree networks it is the only path anyway); a transfer carries at
 * least one unit, so every hop takes at least {@code h = beta + tau}; a packet is received
 * completely before it is forwarded; packets of different messages are never merged. Times start at
 * 0.
 *
 * <p>The head-body-tail bounds (ARC, EDGE, SEND-PORT, RECV-PORT, ROOT-PORT, NODE; see {@link
 * ResourceTable}) count, for each unit and each arc of its route, only its <i>first crossing</i>
 * (the transfer carrying it over that arc that ends earliest), so redundant re-sends cannot weaken
 * them: the first crossings of a message's L units over one arc take at least {@code beta + L tau}
 * in all; the first crossing over the k-th arc starts no earlier than {@code k h} (its units
 * crossed the k earlier arcs first, one packet of at least one unit each); and after the first
 * crossing of unit x over the k-th arc of d, x still crosses d - 1 - k arcs, at least {@code (d - 1
 * - k) h}. First crossings over one exclusive resource never overlap, so the last of them ends no
 * earlier than the least head plus all the work, and it still needs its tail.
 *
 * <p>Sources: J.-P. Tsai, "On the Furthest-Distance-First Principle in Scattering and Gathering"
 * (thesis, National Taiwan University), and D. B. Peters, "Bounds for Communication Problems in
 * Interconnection Networks under a Linear Cost Model" (thesis, Simon Fraser University, 1995);
 * docs/models/packet.md#packetization, #closed-forms (F7, F16).
 */
final class StoreForwardBounds {
  private StoreForwardBounds() {}

  static void scatterGather(Instance inst, List<LowerBound> out, BufferlessBounds.Limits lim) {
    CommModel.StoreAndForward model = (CommModel.StoreAndForward) inst.model();
    TimeScale sc = inst.timeScale();
    long beta = model.betaTicks(sc);
    long tau = model.tauTicks(sc);
    long hop = Math.addExact(beta, tau);
    PathSending ps = new PathSending(beta, tau);
    boolean one = model.ports() == CommModel.Ports.ONE;
    boolean exchange = one && model.onePort() == CommModel.OnePortRule.EXCHANGE;
    boolean half = model.duplex() == CommModel.Duplex.HALF;
    boolean scatter = inst.kind() == ProblemKind.SCATTER;
    int root = inst.root();
    Network net = inst.network();
    Atlas atlas = inst.atlas();
    List<Message> ms = inst.messages();

    // PIPELINE: one message alone over its route (Peters Thm 2.3.1 / 2.4.1; Tsai's alpha*, F7)
    int pi = -1;
    long pipe = 0;
    long items = 0;
    long rootWork = 0;
    int minD = Integer.MAX_VALUE;
    long starMax = 0;
    TreeMap<Integer, Long> workByDist = new TreeMap<>();
    for (int i = 0; i < ms.size(); i++) {
      long l = ms.get(i).length();
      if (l == 0) {
        continue;
      }
      int d = atlas.hops(i);
      items += d;
      long v = exchange ? ps.sOne(l, d) : ps.sStar(l, d);
      starMax = Math.max(starMax, ps.sStar(l, d));
      if (pi < 0 || v > pipe) {
        pi = i;
        pipe = v;
      }
      long w = Math.addExact(beta, Math.multiplyExact(l, tau));
      rootWork = Math.addExact(rootWork, w);
      workByDist.merge(d, w, Math::addExact);
      minD = Math.min(minD, d);
    }
    if (pi < 0) {
      return; // no packet at all: makespan 0
    }
    Message mp = ms.get(pi);
    out.add(
        new LowerBound(
            pipe,
            "PIPELINE",
            "message "
                + mp.id()
                + " alone needs "
                + (exchange ? "S_1" : "S_*")
                + "("
                + mp.length()
                + ", "
                + atlas.hops(pi)
                + ") = "
                + sc.format(pipe)
                + " to send "
                + Witness.count(mp.length(), "unit")
                + " over its "
                + Witness.count(atlas.hops(pi), "hop")
                + (exchange
                    ? " (one port, exchange: a relay cannot receive and send to different neighbours at once;"
                        + " Peters Thm 2.4.1)"
                    : " (best pipelining, Peters Thm 2.3.1; Tsai's alpha*)")));

    boolean keep = items <= lim.keepItems();
    int maxD = 0;
    long[] work = new long[ms.size()];
    for (int i = 0; i < ms.size(); i++) {
      work[i] = Math.addExact(beta, Math.multiplyExact(ms.get(i).length(), tau));
      if (ms.get(i).length() > 0) {
        maxD = Math.max(maxD, atlas.hops(i));
      }
    }
    Math.multiplyExact(maxD - 1L, hop); // the largest head or tail of a use, in ticks, must fit
    ResourceTable streamed = keep || lim.walkRoutes() ? null : ArcLoads.streaming(inst, work);
    ResourceTable arcs;
    ResourceTable edges;
    ResourceTable send;
    ResourceTable recv;
    if (streamed != null) {
      // beyond keepItems only the streaming statistics are kept: from the arcs' (in hops), without
      // a walk
      arcs = scaled(streamed, hop, net.arcs(), a -> a);
      edges = half ? scaled(streamed, hop, net.edges(), net::edge) : null;
      ResourceTable[] ports =
          one ? ArcLoads.ports(net, arcs, scatter ? root : -1, scatter ? -1 : root) : null;
      send = one ? ports[0] : null;
      recv = one ? ports[1] : null;
    } else {
      arcs = new ResourceTable(net.arcs(), keep);
      edges = half ? new ResourceTable(net.edges(), keep) : null;
      send = one ? new ResourceTable(net.nodes(), keep) : null;
      recv = one ? new ResourceTable(net.nodes(), keep) : null;
      walk(inst, work, hop, arcs, edges, send, recv);
    }
    ResourceTable.Best b = arcs.best();
    out.add(
        new LowerBound(b.value(), "ARC", describe("arc " + net.arcName(b.resource()), b, sc, hop)));
    if (half) {
      ResourceTable.Best e = edges.best();
      out.add(
          new LowerBound(
              e.value(),
              "EDGE",
              describe(
                  "the half-duplex link of arc " + net.arcName(firstArcOfEdge(net, e.resource())),
                  e,
                  sc,
                  hop)));
    }
    if (one) {
      ResourceTable.Best s = send.best();
      if (s != null) {
        out.add(
            new LowerBound(
                s.value(),
                "SEND-PORT",
                describe(
                    "node " + s.resource() + " (one port: one outgoing transfer at a time)",
                    s,
                    sc,
                    hop)));
      }
      ResourceTable.Best r = recv.best();
      if (r != null) {
        out.add(
            new LowerBound(
                r.value(),
                "RECV-PORT",
                describe(
                    "node " + r.resource() + " (one port: one incoming transfer at a time)",
                    r,
                    sc,
                    hop)));
      }
      // ROOT-PORT: the root's port handles every message; messages with >= Delta hops then need
      // Delta - 1 more
      // hops (scatter) or cannot reach the root's port before Delta - 1 hops (gather).
      long suffix = 0;
      long best = -1;
      int bestD = 0;
      long bestW = 0;
      for (Map.Entry<Integer, Long> en : workByDist.descendingMap().entrySet()) {
        suffix = Math.addExact(suffix, en.getValue());
        long v = Math.addExact(suffix, Math.multiplyExact(en.getKey() - 1, hop));
        if (v > best) {
          best = v;
          bestD = en.getKey();
          bestW = suffix;
        }
      }
      out.add(
          new LowerBound(
              best,
              "ROOT-PORT",
              "messages "
                  + (scatter ? "going" : "coming from")
                  + " at least "
                  + Witness.count(bestD, "hop")
                  + (scatter ? " from" : " away into")
                  + " root "
                  + root
                  + " keep its single port busy at least "
                  + sc.format(bestW)
                  + " (beta + L*tau each); "
                  + (scatter ? "the last still needs " : "none reaches it before ")
                  + (bestD - 1)
                  + " x (beta + tau) = "
                  + sc.format(Math.multiplyExact(bestD - 1, hop))
                  + ": total "
                  + sc.format(best)));
      long rootTerm = Math.addExact(rootWork, Math.multiplyExact(minD - 1, hop));
      long f16 = Math.max(starMax, rootTerm);
      out.add(
          new LowerBound(
              f16,
              "F16",
              "max(max over messages of alpha* = S_*(L, delta) = "
                  + sc.format(starMax)
                  + ", sum of (beta + L*tau) at the root + (min delta - 1)(beta + tau) = "
                  + sc.format(rootWork)
                  + " + "
                  + (minD - 1)
                  + " x "
                  + sc.format(hop)
                  + " = "
                  + sc.format(rootTerm)
                  + ") (Tsai, F16)"));
    }
    if (exchange) {
      nodeBound(net, arcs, half, sc, out);
    }
    ChainBounds.add(inst, beta, tau, one, out);
    PacketClassBounds.add(inst, out);
  }

  /**
   * Adds every use of an arc by a non-null message, one item per hop, to the tables given (null:
   * none).
   */
  private static void walk(
      Instance inst,
      long[] work,
      long hop,
      ResourceTable arcs,
      ResourceTable edges,
      ResourceTable send,
      ResourceTable recv) {
    Network net = inst.network();
    boolean scatter = inst.kind() == ProblemKind.SCATTER;
    int root = inst.root();
    List<Message> ms = inst.messages();
    for (int i = 0; i < ms.size(); i++) {
      if (ms.get(i).length() == 0) {
        continue;
      }
      long w = work[i];
      int[] route = inst.atlas().arcs(i);
      int d = route.length;
      for (int k = 0; k < d; k++) {
        int a = route[k];
        long head = Math.multiplyExact(k, hop);
        long tail = Math.multiplyExact(d - 1 - k, hop);
        arcs.add(a, head, w, tail);
        if (edges != null) {
          edges.add(net.edge(a), head, w, tail);
        }
        if (send != null && !(scatter && net.tail(a) == root)) {
          send.add(net.tail(a), head, w, tail);
        }
        if (recv != null && !(!scatter && net.head(a) == root)) {
          recv.add(net.head(a), head, w, tail);
        }
      }
    }
  }

  /**
   * The streaming statistics of an arc table with heads and tails in hops, in ticks ({@code hop}
   * per hop), merged into {@code resources} resources by {@code of} (the arcs themselves, or their
   * links: a simple route never uses both arcs of a link).
   */
  private static ResourceTable scaled(
      ResourceTable byArc, long hop, int resources, IntUnaryOperator of) {
    ResourceTable out = new ResourceTable(resources, false);
    for (int a = 0; a < byArc.size(); a++) {
      if (byArc.count(a) > 0) {
        out.merge(
            of.applyAsInt(a),
            byArc.sum(a),
            Math.multiplyExact(byArc.minHead(a), hop),
            Math.multiplyExact(byArc.minTail(a), hop),
            byArc.count(a));
      }
    }
    return out;
  }

  /**
   * Under the exchange rule a node talks with one neighbour at a time: its links' busy times add
   * up.
   */
  private static void nodeBound(
      Network net, ResourceTable arcs, boolean half, TimeScale sc, List<LowerBound> out) {
    long best = -1;
    int bestNode = -1;
    long bestWork = 0;
    long bestHead = 0;
    long bestTail = 0;
    for (int u = 0; u < net.nodes(); u++) {
      long work = 0;
      long head = Long.MAX_VALUE;
      long tail = Long.MAX_VALUE;
      for (int i = 0; i < net.outDegree(u); i++) {
        int a = net.outArc(u, i);
        int r = net.reverse(a);
        long out1 = arcs.sum(a);
        long in1 = r >= 0 ? arcs.sum(r) : 0;
        work = Math.addExact(work, half ? Math.addExact(out1, in1) : Math.max(out1, in1));
      }
      for (int i = 0; i < net.inDegree(u); i++) {
        int a = net.inArc(u, i);
        if (net.reverse(a) < 0) {
          work = Math.addExact(work, arcs.sum(a));
        }
      }
      for (int i = 0; i < net.outDegree(u); i++) {
        int a = net.outArc(u, i);
        head = Math.min(head, arcs.minHead(a));
        tail = Math.min(tail, arcs.minTail(a));
      }
      for (int i = 0; i < net.inDegree(u); i++) {
        int a = net.inArc(u, i);
        head = Math.min(head, arcs.minHead(a));
        tail = Math.min(tail, arcs.minTail(a));
      }
      if (work == 0) {
        continue;
      }
      long v = Math.addExact(Math.addExact(head, work), tail);
      if (v > best) {
        best = v;
        bestNode = u;
        bestWork = work;
        bestHead = head;
        bestTail = tail;
      }
    }
    if (bestNode >= 0) {
      out.add(
          new LowerBound(
              best,
              "NODE",
              "node "
                  + bestNode
                  + " talks with one neighbour at a time"
                  + (half ? " and one direction at a time" : "")
                  + ", so its links keep it busy at least "
                  + sc.format(bestWork)
                  + "; nothing reaches it before "
                  + sc.format(bestHead)
                  + " and the last transfer "
                  + "still needs "
                  + sc.format(bestTail)
                  + ": total "
                  + sc.format(best)));
    }
  }

  private static int firstArcOfEdge(Network net, int edge) {
    for (int a = 0; a < net.arcs(); a++) {
      if (net.edge(a) == edge) {
        return a;
      }
    }
    throw new IllegalStateException("no arc on edge " + edge);
  }

  /** The head-body-tail argument of one resource, in time units. */
  static String describe(String resource, ResourceTable.Best b, TimeScale sc, long hop) {
    String subset;
    switch (b.mode()) {
      case TAIL_AT_LEAST:
        subset =
            " whose messages still have at least "
                + Witness.count(b.tail() / hop, "hop")
                + " to go after it";
        break;
      case HEAD_AT_LEAST:
        subset =
            " whose messages are at least "
                + Witness.count(b.head() / hop, "hop")
                + " past their source";
        break;
      default:
        subset = "";
        break;
    }
    return resource
        + " carries "
        + Witness.count(b.items(), "message")
        + subset
        + ", one transfer at a time, "
        + "busy at least "
        + sc.format(b.work())
        + " (beta + L*tau each); none can start before "
        + sc.format(b.head())
        + " ("
        + Witness.count(b.head() / hop, "hop")
        + " of beta + tau) and the last still "
        + "needs "
        + sc.format(b.tail())
        + " ("
        + Witness.count(b.tail() / hop, "hop")
        + "): "
        + sc.format(b.head())
        + " + "
        + sc.format(b.work())
        + " + "
        + sc.format(b.tail())
        + " = "
        + sc.format(b.value());
  }
}
