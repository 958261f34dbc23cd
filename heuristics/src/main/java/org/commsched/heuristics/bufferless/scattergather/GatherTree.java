package org.commsched.heuristics.bufferless.scattergather;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.commsched.core.model.Atlas;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.solve.Scope;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;

/**
 * The rooted tree a gather's wake-ups travel down: the tree the instance's gather routes form
 * (docs/models/bufferless-scatter-gather.md#spanning-trees: the protocols run on a spanning tree,
 * and the routes say which one). The gathering protocols (Shoulder-Tap, Transmission-Certification
 * and its variants) run on it, and the synchronization-aware exact gather model ({@code
 * cpsat-sync}, {@code choco-sync}; docs/models/bufferless-scatter-gather.md#exact-models M4) wakes
 * its nodes along it, so both sides compare schedules on one and the same tree.
 *
 * <ul>
 *   <li>Default routes (no explicit route in the instance): their breadth-first spanning tree,
 *       every node hung on its smallest-id out-neighbour one hop closer to the root (the rule of
 *       {@link Atlas}; on a tree network the tree itself). Every node that can reach the root is in
 *       it, null messages included.
 *   <li>Explicit routes (for instance those {@code commsched solve --spanning-tree NAME} writes,
 *       which route every message, null ones included, along the named tree): every node on the
 *       route of a non-null message or on an explicit route hangs on the next node of that route.
 *       The routes must agree (each node leaves toward the root by one arc), else there is no tree.
 *   <li>Every other node (a node without a message, or with a null message on a default route next
 *       to explicit routes) still takes part, as every PE does in the paper's protocols
 *       (docs/models/bufferless-scatter-gather.md#network-and-messages): it is hung breadth-first
 *       from the tree, level by level in increasing id, on the first tree node joined to it by
 *       links both ways (the rule of {@link
 *       org.commsched.heuristics.bufferless.scattergather.SpanningTrees#bfs} applied from the route
 *       tree). Nodes no link both ways joins to the tree are left out; they must hold no message.
 * </ul>
 *
 * Every tree link must also go down (parent to child), since wake-ups and the protocols' other
 * control flits descend the tree; {@link #whyNot(Instance)} names the first rule an instance
 * breaks. Where every link goes both ways, the breadth-first tree of default routes is also what
 * the hanging rule would build from the routes of the non-null messages alone; with one-way arcs it
 * need not be, and the rules above decide (the exact model's former tree of its own took the other
 * way, see docs/models/bufferless-scatter-gather.md#exact-methods).
 *
 * <p>Children are kept in increasing id order, the "arbitrary but fixed order" of Bhatt, Pucci,
 * Ranade and Rosenberg (docs/models/bufferless-scatter-gather.md#network-and-messages); {@link
 * #order()} is the breadth-first queue of that order (by depth, then by parent, then by id), which
 * a user that wants another order of the same nodes (the exact model numbers its wake-up variables
 * by depth, then id) sorts itself. Nodes outside the tree have parent {@code -2} and depth {@code
 * -1}.
 *
 * @implNote Immutable after construction; built in time linear in nodes plus arcs plus the explicit
 *     routes' length (plus the routes of non-null messages when some route is explicit). The public
 *     accessors copy nothing but {@link #order()}.
 */
public final class GatherTree {
  final Network net;
  final int root;

  /** Parent of each node, -1 for the root, -2 for nodes outside the tree. */
  final int[] parent;

  /** Depth (hops to the root) of each tree node, -1 outside. */
  final int[] depth;

  /** Children of v: {@code kids[kidStart[v] .. kidStart[v + 1])}, increasing ids. */
  final int[] kidStart;

  final int[] kids;

  /** Tree nodes in breadth-first order, the root first (non-decreasing depth). */
  final int[] order;

  /** Message length held by each node (0 if none). */
  final long[] length;

  /** Index in the instance's message list of each node's message, or -1. */
  final int[] message;

  /** Total flits, M = sum of L. */
  final long total;

  /** True if the tree comes from default routes (the breadth-first tree). */
  final boolean defaultRoutes;

  private GatherTree(
      Network net,
      int root,
      int[] parent,
      long[] length,
      int[] message,
      long total,
      boolean defaultRoutes) {
    this.net = net;
    this.root = root;
    this.parent = parent;
    this.length = length;
    this.message = message;
    this.total = total;
    this.defaultRoutes = defaultRoutes;
    int n = net.nodes();
    kidStart = new int[n + 1];
    for (int v = 0; v < n; v++) {
      if (parent[v] >= 0) {
        kidStart[parent[v] + 1]++;
      }
    }
    for (int v = 0; v < n; v++) {
      kidStart[v + 1] += kidStart[v];
    }
    kids = new int[kidStart[n]];
    int[] fill = Arrays.copyOf(kidStart, n);
    for (int v = 0; v < n; v++) { // increasing v: every child list comes out sorted
      if (parent[v] >= 0) {
        kids[fill[parent[v]]++] = v;
      }
    }
    depth = new int[n];
    Arrays.fill(depth, -1);
    depth[root] = 0;
    int[] queue = new int[n];
    int tail = 0;
    queue[tail++] = root;
    for (int head = 0; head < tail; head++) {
      int x = queue[head];
      for (int c = kidStart[x]; c < kidStart[x + 1]; c++) {
        depth[kids[c]] = depth[x] + 1;
        queue[tail++] = kids[c];
      }
    }
    order = Arrays.copyOf(queue, tail);
  }

  /** The root (the gather's destination). */
  public int root() {
    return root;
  }

  /** True if node v is in the tree (the root included). */
  public boolean contains(int v) {
    return parent[v] != -2;
  }

  /** The parent of node v: -1 for the root, -2 for a node outside the tree. */
  public int parent(int v) {
    return parent[v];
  }

  /** Hops from node v up to the root, -1 for a node outside the tree. */
  public int depth(int v) {
    return depth[v];
  }

  /** Number of children of v. */
  public int degree(int v) {
    return kidStart[v + 1] - kidStart[v];
  }

  /** The j-th child of v in increasing id order, j from 0. */
  public int kid(int v, int j) {
    return kids[kidStart[v] + j];
  }

  /** Number of non-root tree nodes (the paper's n). */
  public int size() {
    return order.length - 1;
  }

  /** The tree nodes in breadth-first order, the root first (a copy; non-decreasing depth). */
  public int[] order() {
    return order.clone();
  }

  /**
   * The tree of a gather instance (see the class comment), or null with the reason in {@code why}.
   */
  private record Built(GatherTree tree, String why) {}

  /**
   * What the protocols' refusals say travels down the tree, and the method they point to instead.
   */
  private static final String PROTOCOL_FLITS = "the protocol's control flits";

  private static final String PROTOCOL_FALLBACK = "greedy";

  /**
   * The tree of a gather instance (see the class comment).
   *
   * @throws IllegalArgumentException if the routes do not form one tree that control flits can
   *     descend ({@link #whyNot(Instance)})
   */
  public static GatherTree of(Instance inst) {
    Built b = build(inst, PROTOCOL_FLITS, PROTOCOL_FALLBACK);
    if (b.why != null) {
      throw new IllegalArgumentException(b.why);
    }
    return b.tree;
  }

  /**
   * Why the protocols cannot run on the tree of this gather instance, or null if they can: the
   * routes must form one tree (each node leaves toward the root by one arc), every node holding a
   * message must be in it, and every tree link must also go down (control flits travel from parent
   * to child). The reason points to {@code greedy}.
   */
  public static String whyNot(Instance inst) {
    return whyNot(inst, PROTOCOL_FLITS, PROTOCOL_FALLBACK);
  }

  /**
   * As {@link #whyNot(Instance)}, worded for another user of the tree: {@code flits} names what
   * travels down it (plural, e.g. "the wake-ups") and {@code fallback} a method that needs no tree,
   * which the reason suggests. Null exactly when {@link #whyNot(Instance)} is.
   */
  public static String whyNot(Instance inst, String flits, String fallback) {
    return build(inst, flits, fallback).why;
  }

  /**
   * The networks of the gathering protocols: routes forming one tree toward the root, links both
   * ways.
   */
  static final Scope.NetworkTest ONE_TREE =
      new Scope.NetworkTest(
          "gather on a tree, or any network through the "
              + "spanning tree its routes form (default BFS; --spanning-tree); links both ways",
          i -> {
            String why = whyNot(i);
            return why == null
                ? null
                : "needs routes forming one tree toward the root, links both ways, and " + why;
          });

  private static Built build(Instance inst, String flits, String fallback) {
    Network net = inst.network();
    int n = net.nodes();
    int root = inst.root();
    List<Message> msgs = inst.messages();
    Atlas atlas = inst.atlas();
    boolean explicit = false;
    for (Message m : msgs) {
      explicit |= m.hasRoute();
    }
    int[] parent = new int[n];
    Arrays.fill(parent, -2);
    parent[root] = -1;
    if (!explicit) { // default routes: the breadth-first tree, every node that can reach the root
      for (int v = 0; v < n; v++) {
        if (v != root && atlas.routeTreeNext(v) >= 0) {
          parent[v] = atlas.routeTreeNext(v);
        }
      }
    } else {
      int[] via = new int[n]; // the message whose route set each node's parent
      for (int i = 0; i < msgs.size(); i++) {
        if (msgs.get(i).length() == 0 && !atlas.isExplicit(i)) {
          continue; // a null message's default route binds nothing next to explicit routes
        }
        int[] p = atlas.nodes(i);
        for (int k = 0; k + 1 < p.length; k++) {
          int x = p[k];
          if (parent[x] == -2) {
            parent[x] = p[k + 1];
            via[x] = i;
          } else if (parent[x] != p[k + 1]) {
            return new Built(
                null,
                "the gather routes do not form one tree: node "
                    + x
                    + " leaves toward the "
                    + "root by node "
                    + parent[x]
                    + " on the route of message "
                    + msgs.get(via[x]).id()
                    + " and by node "
                    + p[k + 1]
                    + " on the route of message "
                    + msgs.get(i).id()
                    + ", and "
                    + flits
                    + " need one tree; "
                    + "route every message along one spanning tree (--spanning-tree bfs, balanced or broadcast; cover "
                    + "is two trees), or use "
                    + fallback);
          }
        }
      }
      hangRest(net, root, parent);
    }
    long[] length = new long[n];
    int[] message = new int[n];
    Arrays.fill(message, -1);
    long total = 0;
    for (int i = 0; i < msgs.size(); i++) {
      Message m = msgs.get(i);
      if (parent[m.from()] == -2) {
        return new Built(
            null,
            "node "
                + m.from()
                + " (message "
                + m.id()
                + ") has no link both ways to the other "
                + "nodes of the tree, so "
                + flits
                + " cannot reach it; use "
                + fallback);
      }
      length[m.from()] = m.length();
      message[m.from()] = i;
      total = Math.addExact(total, m.length());
    }
    for (int v = 0; v < n; v++) {
      if (parent[v] >= 0 && net.arc(parent[v], v) < 0) {
        return new Built(
            null,
            "the tree link "
                + v
                + "->"
                + parent[v]
                + " has no arc "
                + parent[v]
                + "->"
                + v
                + ", and "
                + flits
                + " go down the tree; use a network whose links go both ways, or "
                + fallback);
      }
    }
    return new Built(new GatherTree(net, root, parent, length, message, total, !explicit), null);
  }

  /**
   * Hangs every node not yet in the tree breadth-first from it: level by level (tree depth), each
   * level in increasing id, each tree node takes the outside nodes joined to it by arcs both ways.
   */
  private static void hangRest(Network net, int root, int[] parent) {
    int n = net.nodes();
    int[] depth = new int[n];
    Arrays.fill(depth, -1);
    depth[root] = 0;
    int maxDepth = 0;
    for (int v = 0; v < n; v++) { // routes end at the root and agree, so every parent chain does
      if (parent[v] >= 0 && depth[v] < 0) {
        int d = 0;
        int x = v;
        while (x != root && depth[x] < 0) {
          x = parent[x];
          d++;
        }
        int base = depth[x];
        for (int y = v, k = d; k > 0; y = parent[y], k--) {
          depth[y] = base + k;
        }
        maxDepth = Math.max(maxDepth, depth[v]);
      }
    }
    List<List<Integer>> levels = new ArrayList<>();
    for (int d = 0; d <= maxDepth; d++) {
      levels.add(new ArrayList<>());
    }
    for (int v = 0; v < n; v++) {
      if (depth[v] >= 0) {
        levels.get(depth[v]).add(v); // increasing id within each level
      }
    }
    for (int d = 0; d < levels.size(); d++) {
      List<Integer> level = levels.get(d);
      level.sort(null);
      for (int x : level) {
        for (int a = 0; a < net.outDegree(x); a++) {
          int arc = net.outArc(x, a);
          int y = net.head(arc);
          if (parent[y] == -2 && net.reverse(arc) >= 0) {
            parent[y] = x;
            if (levels.size() <= d + 1) {
              levels.add(new ArrayList<>());
            }
            levels.get(d + 1).add(y);
          }
        }
      }
    }
  }

  /**
   * The result with the statistics of the protocol's tree: {@code routes} (the default routes'
   * breadth-first tree, or the explicit routes' tree) and {@code spanningTree} when the solve
   * option chose one.
   */
  static SolveResult withRouteStats(SolveResult r, GatherTree tree, SolveLimits limits) {
    SolveResult out =
        r.withStat(
            "routes",
            tree.defaultRoutes ? "default breadth-first tree" : "explicit routes (one tree)");
    String named = limits.options().get(SolveLimits.SPANNING_TREE);
    return named == null ? out : out.withStat("spanningTree", named);
  }

  /**
   * {@code B_opt}: the optimal single-port broadcast time from the root over the whole tree, in
   * rows (docs/models/bufferless-scatter-gather.md#spanning-trees, #lower-bounds): {@code B(v) =
   * max_k (k + B(c_k))} over v's children sorted by decreasing B, a leaf 0. Every PE takes part in
   * the protocols (docs/models/bufferless-scatter-gather.md#network-and-messages), so TC's token
   * wave reaches all of them before any data moves. It is the last row of {@link #wakeUpRows
   * wakeUpRows(true)}.
   */
  long broadcastRows() {
    return heights(true)[root];
  }

  /**
   * The rows at which a plain wake-up broadcast from the root reaches each tree node (0 for the
   * root and for nodes outside the tree). Single port: a woken node wakes one child per step, the
   * child whose subtree takes longest first (ties by smaller id), so the last row is {@code B_opt};
   * all ports: it wakes all its children in the step after its own wake-up, so a node's row is its
   * depth. The exact sync model starts its search from this broadcast.
   */
  public long[] wakeUpRows(boolean singlePort) {
    long[] height = heights(singlePort);
    long[] row = new long[net.nodes()];
    for (int v : order) {
      Integer[] cs = byHeight(v, height);
      for (int k = 0; k < cs.length; k++) {
        row[cs[k]] = row[v] + (singlePort ? k + 1 : 1);
      }
    }
    return row;
  }

  /**
   * Per tree node, the rows its subtree's broadcast takes after the node is woken (0 for a leaf).
   */
  private long[] heights(boolean singlePort) {
    long[] height = new long[net.nodes()];
    for (int x = order.length - 1; x >= 0; x--) { // children before parents
      int v = order[x];
      Integer[] cs = byHeight(v, height);
      long h = 0;
      for (int k = 0;
          k < cs.length;
          k++) { // the (k+1)-th child is woken in row k + 1 (single port)
        h = Math.max(h, (singlePort ? k + 1 : 1) + height[cs[k]]);
      }
      height[v] = h;
    }
    return height;
  }

  /** The children of v, largest height first, ties by smaller id. */
  private Integer[] byHeight(int v, long[] height) {
    Integer[] cs = new Integer[degree(v)];
    for (int j = 0; j < cs.length; j++) {
      cs[j] = kid(v, j);
    }
    Arrays.sort(
        cs,
        (a, b) ->
            height[a] != height[b] ? Long.compare(height[b], height[a]) : Integer.compare(a, b));
    return cs;
  }

  /** True if the tree is a path with the root at one end (every node has at most one child). */
  boolean isPath() {
    for (int v : order) {
      if (degree(v) > 1) {
        return false;
      }
    }
    return true;
  }

  /**
   * The offline bound of the gather problem itself (no synchronization), in our steps: under single
   * port LB-OFF {@code = max_Delta (Delta - 1 + flits at depth >= Delta)} at the root's receive
   * port; under all ports LB-MP, the same per root child
   * (docs/models/bufferless-scatter-gather.md#lower-bounds, paper T minus 1). Both are tight (time
   * reversal of FDF, docs/models/bufferless-scatter-gather.md#structural-lemmas L3), so a
   * protocol's makespan is compared with the true offline optimum.
   */
  LowerBound offlineBound(boolean multiport) {
    if (total == 0) {
      return LowerBound.zero();
    }
    int n = net.nodes();
    int[] top = new int[n]; // the root child above v (multiport), or the root (single port)
    long[] suffix = new long[n]; // per group: flits seen so far, deepest first
    long best = -1;
    long bestDepth = 0;
    long bestFlits = 0;
    int bestTop = -1;
    for (int v : order) {
      top[v] = !multiport || v == root ? root : parent[v] == root ? v : top[parent[v]];
    }
    // breadth-first order has non-decreasing depth: walking it backwards, the running sum of a
    // group after the
    // last node of depth D is the flits at depth >= D (earlier partial sums are smaller, so the
    // maximum is right)
    for (int x = order.length - 1; x > 0; x--) {
      int v = order[x];
      if (length[v] == 0) {
        continue;
      }
      suffix[top[v]] += length[v];
      long value = depth[v] - 1 + suffix[top[v]];
      if (value > best) {
        best = value;
        bestDepth = depth[v];
        bestFlits = suffix[top[v]];
        bestTop = top[v];
      }
    }
    String port =
        multiport
            ? "the root arc " + bestTop + "->" + root
            : "root " + root + "'s single receive port";
    return new LowerBound(
        best,
        multiport ? "LB-MP" : "LB-OFF",
        "messages at least "
            + bestDepth
            + " hops from root "
            + root
            + " carry "
            + bestFlits
            + " flits through "
            + port
            + ", one per step, none arriving before step "
            + (bestDepth - 1)
            + ": "
            + bestFlits
            + " + "
            + bestDepth
            + " - 1 = "
            + best
            + " (paper units: "
            + (best + 1)
            + ")");
  }

  /**
   * LB-SYNC in our steps (docs/models/bufferless-scatter-gather.md#lower-bounds): the first flit of
   * the message at v reaches the root no earlier than row {@code E_v = 2 depth(v) + [v has a
   * child]} (a wake-up from the root, forwarded before the own message), and the root takes one
   * flit per row: {@code max_r (r + sum_{E_v >= r} L_v) - 1}. A bound for
   * synchronization-respecting protocols on this tree only; 0 without data.
   */
  long syncBound() {
    int maxE = 0;
    for (int v : order) {
      maxE = Math.max(maxE, 2 * depth[v] + 1);
    }
    long[] flits = new long[maxE + 1];
    boolean any = false;
    for (int v : order) {
      if (length[v] > 0) {
        flits[2 * depth[v] + (degree(v) > 0 ? 1 : 0)] += length[v];
        any = true;
      }
    }
    if (!any) {
      return 0;
    }
    long suffix = 0;
    long best = 0;
    for (int r = maxE; r >= 0; r--) {
      if (flits[r] > 0) {
        suffix += flits[r];
        best = Math.max(best, r + suffix);
      }
    }
    return best - 1;
  }
}
