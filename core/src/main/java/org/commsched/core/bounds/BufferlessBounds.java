package org.commsched.core.bounds;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.IntUnaryOperator;
import java.util.function.LongSupplier;
import org.commsched.core.model.Atlas;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.LowerBound;

/**
 * Lower bounds for bufferless schedules (chatting, scatter, gather; real and virtual), in steps.
 *
 * <p>Our convention (docs/DESIGN.md): message M with departure t >= 0, l flits and d hops sends
 * flit h over hop k during step t + h + k, and the makespan is {@code max (t + l + d - 1)} over
 * non-null messages. This equals the duration T of Bhatt, Bilardi, Pucci, Ranade, Rosenberg and
 * Schwabe, "On Bufferless Routing of Variable Length Messages in Leveled Networks" when the
 * earliest departure is 0, and is never smaller, so their bounds on T are bounds on our makespan
 * unchanged. Bhatt, Pucci, Ranade and Rosenberg, "Scattering and Gathering Messages in Networks of
 * Processors" count {@code T_paper = 1 + last arrival row = makespan + 1}: their bounds are
 * converted by subtracting 1.
 *
 * <ul>
 *   <li>Q = max (l + d - 1), L, D: one message alone (Prop 2.1; Q >= L, D).
 *   <li>C: an arc carries one flit per step and flits start at step 0, so the busiest arc's C(e)
 *       flits need C(e) steps. LB1 = max(C, Q).
 *   <li>LB6 (docs/models/bufferless-chatting.md#lower-bounds, ours): flit h of M crosses its k-th
 *       arc during step t + h + k >= k and still needs d - 1 - k hops; over any subset of the
 *       messages of one arc, makespan >= min head + flits + min tail. We evaluate all messages of
 *       the arc and every subset {tail >= x} and {head >= h} (a strengthening of LB6's per-arc
 *       form, which is the first of these).
 *   <li>Single port: the same argument per node over the flits it sends (SEND-PORT) or receives
 *       (RECV-PORT), one per step.
 *   <li>LB-SCAT / LB-OFF (single port) and LB-MP (all ports): the subsets {hops >= Delta} at the
 *       root's port or at one root arc: {@code max_Delta (Delta - 1 + flits of messages with >=
 *       Delta hops)}, the paper's {@code max_Delta (Delta + sum L)} minus 1. SUM-L: Prop 1's sum of
 *       L sharpened by the nearest message's hops.
 * </ul>
 */
final class BufferlessBounds {
  private BufferlessBounds() {}

  /**
   * Size limits of the exact computations, and how the streaming statistics are computed.
   *
   * @param keepItems up to this many uses of arcs (the sum of hops), every use is kept and the
   *     threshold subsets of LB6 and the port bounds are evaluated; beyond it only the streaming
   *     statistics (all uses of a resource)
   * @param streamItems beyond this many uses, a single-port linear array leaves out its port bounds
   * @param walkRoutes compute the streaming statistics by walking every route hop by hop (the plain
   *     computation, which the property suites hold the fast one to) instead of {@link
   *     ArcLoads#streaming}
   */
  record Limits(long keepItems, long streamItems, boolean walkRoutes, Cutoff cutoff) {
    static final Limits DEFAULT = new Limits(1L << 21, 50_000_000L);

    Limits(long keepItems, long streamItems) {
      this(keepItems, streamItems, false);
    }

    Limits(long keepItems, long streamItems, boolean walkRoutes) {
      this(keepItems, streamItems, walkRoutes, null);
    }

    /** These limits with the bounds' deadline {@code c} (null: none). */
    Limits withCutoff(Cutoff c) {
      return new Limits(keepItems, streamItems, walkRoutes, c);
    }

    /** The deadline, a fresh one without a time when none was given. */
    Cutoff cutoffOrNone() {
      return cutoff == null ? Cutoff.none() : cutoff;
    }
  }

  /** Bounds on real (departure) schedules of a chatting, scatter or gather instance. */
  static void real(Instance inst, List<LowerBound> out, Limits lim) {
    Network net = inst.network();
    Atlas atlas = inst.atlas();
    List<Message> ms = inst.messages();
    boolean single =
        ((CommModel.Bufferless) inst.model()).ports() == CommModel.BufferlessPorts.SINGLE;
    ProblemKind kind = inst.kind();
    int root = inst.root();

    int qi = -1;
    long q = 0;
    int li = -1;
    int di = -1;
    long items = 0;
    for (int i = 0; i < ms.size(); i++) {
      long l = ms.get(i).length();
      if (l == 0) {
        continue;
      }
      int d = atlas.hops(i);
      items += d;
      long t = l + d - 1;
      if (qi < 0 || t > q) {
        qi = i;
        q = t;
      }
      if (li < 0 || l > ms.get(li).length()) {
        li = i;
      }
      if (di < 0 || d > atlas.hops(di)) {
        di = i;
      }
    }
    if (qi < 0) {
      return; // no non-null message: makespan 0
    }
    Message mq = ms.get(qi);
    out.add(
        new LowerBound(
            q,
            "Q",
            "message "
                + mq.id()
                + " needs "
                + mq.length()
                + " + "
                + atlas.hops(qi)
                + " - 1 = "
                + q
                + " steps ("
                + Witness.count(mq.length(), "flit")
                + " in a row over "
                + Witness.count(atlas.hops(qi), "hop")
                + ")"));
    out.add(
        new LowerBound(
            ms.get(li).length(),
            "L",
            "message "
                + ms.get(li).id()
                + " is "
                + Witness.count(ms.get(li).length(), "flit")
                + " long, one flit per step over its first arc"));
    out.add(
        new LowerBound(
            atlas.hops(di),
            "D",
            "message "
                + ms.get(di).id()
                + " crosses "
                + Witness.count(atlas.hops(di), "arc")
                + ", one per step"));

    ResourceTable[] tables;
    boolean ports = single;
    int skipSend = kind == ProblemKind.SCATTER ? root : -1;
    int skipRecv = kind == ProblemKind.GATHER ? root : -1;
    if (items <= lim.keepItems()) {
      tables = ArcLoads.byMessage(inst, true, ports, skipSend, skipRecv);
    } else {
      // beyond keepItems only the streaming statistics are kept; on a linear array the port tables
      // are left out
      // (single port keeps them up to streamItems)
      ports &= !(ArcLoads.linear(inst) && items > lim.streamItems());
      ResourceTable streamed =
          lim.walkRoutes() ? null : ArcLoads.streaming(inst, ArcLoads.lengths(inst));
      if (streamed == null) {
        tables = ArcLoads.byMessage(inst, false, ports, skipSend, skipRecv);
      } else if (ports) {
        ResourceTable[] p = ArcLoads.ports(net, streamed, skipSend, skipRecv);
        tables = new ResourceTable[] {streamed, p[0], p[1]};
      } else {
        tables = new ResourceTable[] {streamed, null, null};
      }
    }
    ResourceTable arcs = tables[0];
    int busiest = arcs.busiest();
    long c = arcs.sum(busiest);
    out.add(
        new LowerBound(
            c,
            "C",
            "arc "
                + net.arcName(busiest)
                + " carries "
                + Witness.count(c, "flit")
                + ", at most one per step"));
    out.add(
        new LowerBound(
            Math.max(c, q),
            "LB1",
            "max(C = " + c + ", Q = " + q + ") (Prop 2.1 of the chatting " + "paper)"));
    ResourceTable.Best lb6 = arcs.best();
    out.add(
        new LowerBound(
            lb6.value(), "LB6", describe("arc " + net.arcName(lb6.resource()), "carries", lb6)));
    if (ports) {
      ResourceTable.Best s = tables[1].best();
      if (s != null) {
        out.add(
            new LowerBound(
                s.value(),
                "SEND-PORT",
                describe(
                    "node " + s.resource() + " (single port: one flit sent per step)",
                    "sends",
                    s)));
      }
      ResourceTable.Best r = tables[2].best();
      if (r != null) {
        out.add(
            new LowerBound(
                r.value(),
                "RECV-PORT",
                describe(
                    "node " + r.resource() + " (single port: one flit received per step)",
                    "receives",
                    r)));
      }
    }
    if (kind == ProblemKind.SCATTER || kind == ProblemKind.GATHER) {
      rootBounds(inst, single, out);
    }
  }

  /** Writes the head-body-tail argument of one resource in words. */
  static String describe(String resource, String verb, ResourceTable.Best b) {
    String subset;
    switch (b.mode()) {
      case TAIL_AT_LEAST:
        subset =
            " of the messages with at least " + Witness.count(b.tail(), "hop") + " left after it";
        break;
      case HEAD_AT_LEAST:
        subset =
            " of the messages at least " + Witness.count(b.head(), "hop") + " past their source";
        break;
      default:
        subset = "";
        break;
    }
    return resource
        + " "
        + verb
        + " "
        + Witness.count(b.work(), "flit")
        + subset
        + ", one per step; none before "
        + "step "
        + b.head()
        + ", and the last still needs "
        + Witness.count(b.tail(), "hop")
        + ": "
        + b.head()
        + " + "
        + b.work()
        + " + "
        + b.tail()
        + " = "
        + b.value();
  }

  /**
   * The scatter/gather bounds of Bhatt, Pucci, Ranade and Rosenberg
   * (docs/models/bufferless-scatter-gather.md#lower-bounds), converted to our convention (paper T =
   * makespan + 1).
   */
  private static void rootBounds(Instance inst, boolean single, List<LowerBound> out) {
    Network net = inst.network();
    Atlas atlas = inst.atlas();
    List<Message> ms = inst.messages();
    boolean scatter = inst.kind() == ProblemKind.SCATTER;
    int root = inst.root();
    // flits by route length, overall and per root arc
    TreeMap<Integer, Long> byDist = new TreeMap<>();
    Map<Integer, TreeMap<Integer, Long>> byArc = new HashMap<>();
    long total = 0;
    int minD = Integer.MAX_VALUE;
    IntUnaryOperator top = topOfTree(inst);
    for (int i = 0; i < ms.size(); i++) {
      long l = ms.get(i).length();
      if (l == 0) {
        continue;
      }
      int d = atlas.hops(i);
      int arc = rootArc(inst, i, scatter, top);
      byDist.merge(d, l, Long::sum);
      byArc.computeIfAbsent(arc, a -> new TreeMap<>()).merge(d, l, Long::sum);
      total += l;
      minD = Math.min(minD, d);
    }
    if (total == 0) {
      return;
    }
    String dir = scatter ? "going" : "coming from";
    if (single) {
      // Prop 1 (sharpened): the root's single port handles every flit, one per step.
      long sum = total + minD - 1;
      out.add(
          new LowerBound(
              sum,
              "SUM-L",
              "root "
                  + root
                  + (scatter ? " sends " : " receives ")
                  + Witness.count(total, "flit")
                  + " through its single port, one per step, and the nearest message "
                  + (scatter
                      ? "still needs " + (minD - 1) + " more hops: "
                      : "arrives no earlier than step " + (minD - 1) + ": ")
                  + total
                  + " + "
                  + minD
                  + " - 1 = "
                  + sum));
      long[] best = thresholds(byDist);
      String kind = scatter ? "LB-SCAT" : "LB-OFF";
      out.add(
          new LowerBound(
              best[0],
              kind,
              "messages "
                  + dir
                  + " at least "
                  + Witness.count(best[1], "hop")
                  + (scatter ? " from" : " away into")
                  + " root "
                  + root
                  + " carry "
                  + Witness.count(best[2], "flit")
                  + " through its single port, one per step; "
                  + (scatter
                      ? "the last still needs " + (best[1] - 1) + " more hops"
                      : "none arrives before step " + (best[1] - 1))
                  + ": "
                  + best[2]
                  + " + "
                  + best[1]
                  + " - 1 = "
                  + best[0]
                  + " (paper units: "
                  + (best[0] + 1)
                  + ")"));
    } else {
      long[] best = null;
      int bestArc = -1;
      for (Map.Entry<Integer, TreeMap<Integer, Long>> e : byArc.entrySet()) {
        long[] b = thresholds(e.getValue());
        if (best == null || b[0] > best[0] || (b[0] == best[0] && e.getKey() < bestArc)) {
          best = b;
          bestArc = e.getKey();
        }
      }
      out.add(
          new LowerBound(
              best[0],
              "LB-MP",
              "messages "
                  + dir
                  + " at least "
                  + Witness.count(best[1], "hop")
                  + " through "
                  + (scatter ? "the root's first arc " : "the root's last arc ")
                  + net.arcName(bestArc)
                  + " carry "
                  + Witness.count(best[2], "flit")
                  + ", one per step; "
                  + (scatter
                      ? "the last still needs " + (best[1] - 1) + " more hops"
                      : "none crosses it before step " + (best[1] - 1))
                  + ": "
                  + best[2]
                  + " + "
                  + best[1]
                  + " - 1 = "
                  + best[0]
                  + " (paper units: "
                  + (best[0] + 1)
                  + ")"));
    }
  }

  /**
   * The arc of message i at the root: its first arc (scatter) or its last arc (gather).
   *
   * @param top the root's child above each node on the default route tree ({@link #topOfTree}), or
   *     null to read the route
   */
  static int rootArc(Instance inst, int i, boolean scatter, IntUnaryOperator top) {
    Network net = inst.network();
    Message m = inst.messages().get(i);
    int root = inst.root();
    if (top != null && !inst.atlas().isExplicit(i)) {
      return scatter
          ? net.arc(root, top.applyAsInt(m.to()))
          : net.arc(top.applyAsInt(m.from()), root);
    }
    int[] nodes = inst.atlas().nodes(i);
    int d = nodes.length - 1;
    return scatter ? net.arc(nodes[0], nodes[1]) : net.arc(nodes[d - 1], nodes[d]);
  }

  /**
   * For every node below the root of a scatter's or gather's default route tree, the node of depth
   * 1 above it (the root's neighbour its default route passes); -1 for the root and unreached
   * nodes. Null without a route tree.
   *
   * <p>Asked only for the far ends of the messages, so no array over the nodes is built when
   * walking those ends up the tree takes no more than {@link #TOP_WALK_PER_NODE} steps per node of
   * the network in all (a few messages on a network of 5 x 10^7 nodes): each is then walked up on
   * demand. Otherwise every node's top is filled in one pass, each node once (a walk stops at the
   * first node already filled), in one int array.
   */
  static IntUnaryOperator topOfTree(Instance inst) {
    return topOfTree(inst, true, TOP_WALK_PER_NODE);
  }

  /**
   * {@link #topOfTree(Instance)} with its two short cuts chosen (for tests: each way must give the
   * same tops).
   *
   * @param onlyChild whether to answer at once when the root has one child on the tree ({@link
   *     #onlyChild})
   * @param walkPerNode the steps per node the walks may take before the dense pass is chosen
   *     instead
   */
  static IntUnaryOperator topOfTree(Instance inst, boolean onlyChild, long walkPerNode) {
    Atlas atlas = inst.atlas();
    if (!atlas.hasRouteTree()) {
      return null;
    }
    int n = inst.network().nodes();
    int only = onlyChild ? onlyChild(inst) : -1;
    if (only >= 0) {
      return v -> atlas.routeTreeDepth(v) >= 1 ? only : -1;
    }
    long walk = 0;
    List<Message> ms = inst.messages();
    for (int i = 0; i < ms.size(); i++) {
      if (ms.get(i).length() > 0 && !atlas.isExplicit(i)) {
        walk += Math.max(0, atlas.hops(i) - 1);
      }
    }
    if (walk <= walkPerNode * n) {
      return v -> walkToTop(atlas, v);
    }
    int[] top = new int[n];
    Arrays.fill(top, UNKNOWN);
    for (int v = 0; v < n; v++) {
      int u = v;
      while (top[u] == UNKNOWN && atlas.routeTreeDepth(u) > 1) {
        u = atlas.routeTreeNext(u);
      }
      int t = top[u] != UNKNOWN ? top[u] : atlas.routeTreeDepth(u) == 1 ? u : -1;
      for (u = v; top[u] == UNKNOWN; u = atlas.routeTreeNext(u)) {
        top[u] = t;
        if (atlas.routeTreeDepth(u) <= 1) {
          break;
        }
      }
    }
    return v -> top[v];
  }

  /**
   * The root's one child on the default route tree when it has exactly one (a uring, a bla or star
   * rooted at a leaf): then it is every reached node's top; else -1. Looks at the root's arcs until
   * it has seen two children.
   */
  private static int onlyChild(Instance inst) {
    Network net = inst.network();
    Atlas atlas = inst.atlas();
    int root = inst.root();
    boolean scatter = inst.kind() == ProblemKind.SCATTER;
    int degree = scatter ? net.outDegree(root) : net.inDegree(root);
    int child = -1;
    for (int k = 0; k < degree; k++) {
      int w = scatter ? net.head(net.outArc(root, k)) : net.tail(net.inArc(root, k));
      if (w != child && atlas.routeTreeDepth(w) == 1 && atlas.routeTreeNext(w) == root) {
        if (child >= 0) {
          return -1;
        }
        child = w;
      }
    }
    return child;
  }

  /**
   * Steps per node of the network that {@link #topOfTree} may spend walking the messages' ends up
   * the tree.
   */
  static final int TOP_WALK_PER_NODE = 2;

  /** A top not filled in yet ({@link #topOfTree}'s dense pass). */
  private static final int UNKNOWN = -2;

  /** The node of depth 1 above v on the default route tree, -1 for the root and unreached nodes. */
  private static int walkToTop(Atlas atlas, int v) {
    int d = atlas.routeTreeDepth(v);
    if (d < 1) {
      return -1;
    }
    for (; d > 1; d--) {
      v = atlas.routeTreeNext(v);
    }
    return v;
  }

  /**
   * {@code max over Delta of (Delta - 1 + flits of messages with at least Delta hops)}: value,
   * Delta, flits.
   */
  static long[] thresholds(TreeMap<Integer, Long> flitsByDist) {
    long suffix = 0;
    long[] best = null;
    for (Map.Entry<Integer, Long> e : flitsByDist.descendingMap().entrySet()) {
      suffix += e.getValue();
      long v = e.getKey() - 1 + suffix;
      if (best == null || v > best[0]) {
        best = new long[] {v, e.getKey(), suffix};
      }
    }
    return best;
  }

  /**
   * Bounds on virtual (slot) schedules of a chatting or dsa instance: C (the load), L, LB2 = max(C,
   * L).
   */
  static void virtualBounds(Instance inst, List<LowerBound> out, Limits lim) {
    List<Message> ms = inst.messages();
    if (ms.isEmpty()) {
      return;
    }
    boolean dsa = inst.kind() == ProblemKind.DSA;
    int li = 0;
    for (int i = 1; i < ms.size(); i++) {
      if (ms.get(i).length() > ms.get(li).length()) {
        li = i;
      }
    }
    ResourceTable arcs = lim.walkRoutes() ? null : ArcLoads.streaming(inst, ArcLoads.lengths(inst));
    if (arcs == null) {
      arcs = ArcLoads.byMessage(inst, false, false, -1, -1)[0];
    }
    int busiest = arcs.busiest();
    long c = arcs.sum(busiest);
    long l = ms.get(li).length();
    Network net = inst.network();
    if (dsa) {
      out.add(
          new LowerBound(
              c,
              "LOAD",
              "at time point "
                  + net.tail(busiest)
                  + " (arc "
                  + net.arcName(busiest)
                  + ") buffers of total size "
                  + c
                  + " are alive, and alive buffers need disjoint offsets"));
      out.add(new LowerBound(l, "L", "buffer " + ms.get(li).id() + " has size " + l));
    } else {
      out.add(
          new LowerBound(
              c,
              "C",
              "arc "
                  + net.arcName(busiest)
                  + " carries "
                  + Witness.count(c, "flit")
                  + ", and every message reserves its whole route for its own slots"));
      out.add(
          new LowerBound(
              l, "L", "message " + ms.get(li).id() + " reserves its route for " + l + " slots"));
    }
    out.add(
        new LowerBound(
            Math.max(c, l),
            "LB2",
            "max("
                + (dsa ? "LOAD" : "C")
                + " = "
                + c
                + ", L = "
                + l
                + ") (Prop 3.1 of the chatting paper)"));
  }

  /**
   * Bounds for distributed gathering protocols on a tree under the single-port bufferless model
   * (docs/models/bufferless-scatter-gather.md#lower-bounds): LB-SYNC and LB-PAPER. They assume that
   * a node sends its message only after a wake-up that starts at the root, so an offline schedule
   * may beat them. On a network that is not a tree the protocol runs on the spanning tree the
   * routes follow (paper §1.2, docs/models/bufferless-scatter-gather.md#spanning-trees): the bounds
   * are taken over that tree (wake-ups travel its edges), and are left out when the routes do not
   * form one tree. LB-PAPER's B is taken over the subtree spanning the nodes with data, not the
   * whole tree ({@link LowerBounds#protocolBounds} says why).
   */
  static void protocol(Instance inst, List<LowerBound> out) {
    protocol(inst, out, true);
  }

  /**
   * {@link #protocol(Instance, List)}, with the arrays over every node ({@code sparse} false) or,
   * on a bla or a star, over the nodes on the messages' paths only ({@link #sparseProtocolTree};
   * for tests: both must say the same).
   */
  static void protocol(Instance inst, List<LowerBound> out, boolean sparse) {
    Network net = inst.network();
    if (inst.kind() != ProblemKind.GATHER
        || !(inst.model() instanceof CommModel.Bufferless model)
        || model.ports() != CommModel.BufferlessPorts.SINGLE) {
      return;
    }
    int root = inst.root();
    int n = net.nodes();
    ProtocolTree pt = sparse ? sparseProtocolTree(inst) : null;
    if (pt == null) {
      pt = denseProtocolTree(inst);
    }
    if (pt == null || pt.total() == 0) {
      return;
    }
    String over = net.isTree() ? "" : " over the routes' spanning tree";
    long total = pt.total();
    // LB-SYNC: the first flit of M_i reaches the root no earlier than row E_i = 2 delta(i) + [i has
    // a child]; the
    // root then takes one flit per row (1|r_j|Cmax). Paper T = max_r (r + sum_{E_i >= r} L_i); ours
    // is one less.
    TreeMap<Long, Long> byRelease = pt.byRelease();
    long suffix = 0;
    long best = Long.MIN_VALUE;
    long bestR = 0;
    long bestSum = 0;
    for (Map.Entry<Long, Long> e : byRelease.descendingMap().entrySet()) {
      suffix += e.getValue();
      if (e.getKey() + suffix > best) {
        best = e.getKey() + suffix;
        bestR = e.getKey();
        bestSum = suffix;
      }
    }
    out.add(
        new LowerBound(
            best - 1,
            "LB-SYNC",
            "after a wake-up from root "
                + root
                + over
                + " (one hop per step, "
                + "forwarded before sending), messages whose first flit reaches the root no earlier than row "
                + bestR
                + " carry "
                + Witness.count(bestSum, "flit")
                + " into its single port: "
                + bestR
                + " + "
                + bestSum
                + " - 1 = "
                + (best - 1)
                + " (paper units: "
                + best
                + ")"));
    // LB-PAPER: every node holding data must be woken by a single-port broadcast from the root over
    // the subtree
    // that spans those nodes (B'), and its message then takes at least one more step; the root
    // takes M flits.
    // Every PE takes part in a protocol
    // (docs/models/bufferless-scatter-gather.md#network-and-messages), so the whole
    // tree's B_opt is reported too, but it does not bound T: wake-ups of PEs without data may come
    // after the last data
    // flit, which T does not count
    // (docs/models/bufferless-scatter-gather.md#steps-rows-and-makespan; Shoulder-Tap on a
    // path with L = (1, 0, 0, 0, 0) ends at paper T = 4 < B_opt = 5).
    int kept = pt.kept();
    int reached = pt.reached();
    long b = pt.keptRows();
    long value = Math.max(b + 1, total);
    String woken;
    if (kept == reached) {
      woken =
          "a single-port broadcast from root "
              + root
              + over
              + " needs B_opt = "
              + Witness.count(b, "row")
              + " (docs/models/bufferless-scatter-gather.md#lower-bounds) to wake "
              + (reached == n ? "every node" : "the " + reached + " nodes on the routes")
              + " (each holds data or leads to it)";
    } else {
      long whole = pt.wholeRows().getAsLong();
      woken =
          "every PE takes part (docs/models/bufferless-scatter-gather.md#network-and-messages) and a single-port "
              + "broadcast from root "
              + root
              + over
              + " to all "
              + reached
              + (reached == n ? " nodes" : " nodes on the routes")
              + " needs B_opt = "
              + Witness.count(whole, "row")
              + ", but wake-ups of nodes "
              + "without data may come after the last data flit, which T does not count "
              + "(docs/models/bufferless-scatter-gather.md#steps-rows-and-makespan); waking the "
              + kept
              + " nodes that hold data or lead to it needs "
              + Witness.count(b, "row");
    }
    out.add(
        new LowerBound(
            value,
            "LB-PAPER",
            woken
                + "; the last woken one then sends for at least 1 step, and the "
                + "root receives "
                + Witness.count(total, "flit")
                + ": max("
                + b
                + " + 1, "
                + total
                + ") = "
                + value
                + " (Theorem 3's max(B, M); paper units: "
                + (value + 1)
                + ")"));
  }

  /**
   * What the protocol bounds read of the tree they run on: the flits, the flits by release row
   * (LB-SYNC), the nodes the tree reaches, the nodes kept (holding data or leading to it), the
   * single-port broadcast rows over the kept nodes and (asked only when some are not kept) over the
   * whole tree.
   */
  record ProtocolTree(
      long total,
      TreeMap<Long, Long> byRelease,
      int reached,
      int kept,
      long keptRows,
      LongSupplier wholeRows) {}

  /**
   * {@link ProtocolTree} from arrays over every node: the tree's parents and breadth-first order.
   */
  private static ProtocolTree denseProtocolTree(Instance inst) {
    Network net = inst.network();
    int n = net.nodes();
    int[][] tree =
        net.isTree() ? NetworkFacts.rootedTree(net, inst.root()) : NetworkFacts.routeTree(inst);
    if (tree == null) {
      return null;
    }
    int[] parent = tree[0];
    int[] order = tree[1];
    int[] depth = new int[n];
    boolean[] hasChild = new boolean[n];
    for (int v : order) {
      if (parent[v] >= 0) {
        depth[v] = depth[parent[v]] + 1;
        hasChild[parent[v]] = true;
      }
    }
    long[] len = new long[n];
    long total = 0;
    for (Message m : inst.messages()) {
      len[m.from()] += m.length();
      total += m.length();
    }
    TreeMap<Long, Long> byRelease = new TreeMap<>();
    for (int v = 0; v < n; v++) {
      if (len[v] > 0) {
        byRelease.merge(2L * depth[v] + (hasChild[v] ? 1 : 0), len[v], Long::sum);
      }
    }
    boolean[] keepNode = new boolean[n];
    int kept = 0;
    for (int i = order.length - 1; i >= 0; i--) {
      int v = order[i];
      if (len[v] > 0) {
        keepNode[v] = true;
      }
      if (keepNode[v] && parent[v] >= 0) {
        keepNode[parent[v]] = true;
      }
    }
    for (int v : order) {
      kept += keepNode[v] ? 1 : 0;
    }
    long b = total == 0 ? 0 : broadcastRows(parent, order, keepNode);
    return new ProtocolTree(
        total, byRelease, order.length, kept, b, () -> broadcastRows(parent, order, null));
  }

  /**
   * The most nodes {@link #sparseProtocolTree} keeps in maps before it leaves the tree to the
   * arrays.
   */
  static final int SPARSE_PROTOCOL_NODES = 1 << 16;

  /**
   * {@link ProtocolTree} of a gather on a bla or a star without arrays over the nodes (a bla of 5 x
   * 10^7 nodes: a gigabyte of them): depths and parents from the distance formula, the kept nodes
   * walked up from the messages' sources into a map, the whole tree's broadcast rows from the
   * family's formula ({@link #wholeRows}). Null on other networks, or when more than {@link
   * #SPARSE_PROTOCOL_NODES} nodes are kept.
   */
  static ProtocolTree sparseProtocolTree(Instance inst) {
    Network net = inst.network();
    Topology t = net.topology();
    if (!(t instanceof Topology.Bla || t instanceof Topology.Star)) {
      return null;
    }
    int root = inst.root();
    Map<Integer, Long> len = new HashMap<>();
    long total = 0;
    for (Message m : inst.messages()) {
      len.merge(m.from(), m.length(), Long::sum);
      total += m.length();
    }
    TreeMap<Long, Long> byRelease = new TreeMap<>();
    Map<Integer, Integer> parent = new HashMap<>();
    parent.put(root, -1);
    for (Map.Entry<Integer, Long> e : len.entrySet()) {
      int v = e.getKey();
      if (e.getValue() <= 0) {
        continue;
      }
      boolean hasChild =
          net.outDegree(v) > (v == root ? 0 : 1); // a tree's neighbours: the parent and children
      byRelease.merge(2L * net.distance(v, root) + (hasChild ? 1 : 0), e.getValue(), Long::sum);
      for (int u = v; !parent.containsKey(u); ) {
        if (parent.size() >= SPARSE_PROTOCOL_NODES) {
          return null;
        }
        int p = towardRoot(net, u, root);
        parent.put(u, p);
        u = p;
      }
    }
    int kept = total == 0 ? 0 : parent.size();
    long b = 0;
    if (total
        > 0) { // the kept nodes renumbered by depth (a breadth-first order), their tree's broadcast
      // rows
      Integer[] byDepth = parent.keySet().toArray(new Integer[0]);
      Arrays.sort(byDepth, (x, y) -> Integer.compare(net.distance(x, root), net.distance(y, root)));
      Map<Integer, Integer> index = new HashMap<>();
      for (int k = 0; k < byDepth.length; k++) {
        index.put(byDepth[k], k);
      }
      int[] kParent = new int[byDepth.length];
      int[] kOrder = new int[byDepth.length];
      for (int k = 0; k < byDepth.length; k++) {
        int p = parent.get(byDepth[k]);
        kParent[k] = p < 0 ? -1 : index.get(p);
        kOrder[k] = k;
      }
      b = broadcastRows(kParent, kOrder, null);
    }
    return new ProtocolTree(
        total, byRelease, net.nodes(), kept, b, () -> wholeRows(t, net.nodes(), root));
  }

  /** The neighbour of v one hop closer to the root on a tree network (v is not the root). */
  private static int towardRoot(Network net, int v, int root) {
    int d = net.distance(v, root);
    for (int k = 0; k < net.outDegree(v); k++) {
      int w = net.head(net.outArc(v, k));
      if (net.distance(w, root) == d - 1) {
        return w;
      }
    }
    throw new IllegalStateException("node " + v + " has no neighbour nearer to " + root);
  }

  /**
   * The single-port broadcast rows from {@code root} over a whole bla or star of {@code n} nodes
   * ({@link #broadcastRows} on every node): on a path, the root's two branches of a &gt;= b nodes
   * hang chains, which take a - 1 and b - 1 rows below their first node, so max(1 + (a - 1), 2 + (b
   * - 1)) = max(a, b + 1) (a without a second branch); on a star every other node is woken one per
   * row through the centre: n - 1.
   */
  static long wholeRows(Topology t, int n, int root) {
    if (t instanceof Topology.Star) {
      return n - 1L;
    }
    long a = Math.max(root, n - 1L - root);
    long b = Math.min(root, n - 1L - root);
    return b == 0 ? a : Math.max(a, b + 1);
  }

  /**
   * Optimal single-port broadcast time in rows on a rooted tree restricted to the kept nodes:
   * {@code B(v) = max_k (k + B(child_k))} with children sorted by decreasing B, a leaf 0.
   *
   * @param parent parent of each node, -1 for the root, -2 if not in the tree
   * @param order the nodes in breadth-first order (root first)
   * @param keep which nodes take part (null for all)
   */
  static long broadcastRows(int[] parent, int[] order, boolean[] keep) {
    int n = parent.length;
    long[] b = new long[n];
    List<List<Long>> kids = new ArrayList<>();
    for (int v = 0; v < n; v++) {
      kids.add(new ArrayList<>());
    }
    for (int i = order.length - 1; i >= 0; i--) {
      int v = order[i];
      if (keep != null && !keep[v]) {
        continue;
      }
      List<Long> ks = kids.get(v);
      ks.sort((x, y) -> Long.compare(y, x));
      long best = 0;
      for (int k = 0; k < ks.size(); k++) {
        best = Math.max(best, k + 1 + ks.get(k));
      }
      b[v] = best;
      if (parent[v] >= 0) {
        kids.get(parent[v]).add(best);
      }
    }
    return b[order[0]];
  }
}
