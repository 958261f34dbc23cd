package org.commsched.heuristics.gather;

import java.util.Arrays;
import java.util.List;
import org.commsched.core.model.Atlas;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.solve.LowerBound;

/**
 * The rooted tree a gathering protocol runs on: the breadth-first spanning tree of the gather routes (every node
 * hangs on its smallest-id out-neighbour one hop closer to the root, the rule of {@link Atlas} for default gather
 * routes; on a tree network it is the tree itself). Children are kept in increasing id order, the "arbitrary but
 * fixed order" of Bhatt, Pucci, Ranade and Rosenberg (spec scatter-gather-bufferless.md §1).
 *
 * <p>Only nodes that can reach the root take part; the others keep parent {@code -2} and hold no message (the
 * instance would not route one).
 *
 * @implNote Immutable after construction; built in time linear in nodes plus arcs.
 */
final class GatherTree {
  final Network net;
  final int root;
  /** Parent of each node, -1 for the root, -2 for nodes outside the tree. */
  final int[] parent;
  /** Depth (hops to the root) of each tree node, -1 outside. */
  final int[] depth;
  /** Children of v: {@code kids[kidStart[v] .. kidStart[v + 1])}, increasing ids. */
  final int[] kidStart;
  final int[] kids;
  /** Tree nodes in breadth-first order, the root first. */
  final int[] order;
  /** Message length held by each node (0 if none). */
  final long[] length;
  /** Index in the instance's message list of each node's message, or -1. */
  final int[] message;
  /** Total flits, M = sum of L. */
  final long total;

  private GatherTree(Network net, int root, int[] parent, int[] depth, int[] order, long[] length, int[] message,
      long total) {
    this.net = net;
    this.root = root;
    this.parent = parent;
    this.depth = depth;
    this.order = order;
    this.length = length;
    this.message = message;
    this.total = total;
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
  }

  /** Number of children of v. */
  int degree(int v) {
    return kidStart[v + 1] - kidStart[v];
  }

  /** The j-th child of v, j from 0. */
  int kid(int v, int j) {
    return kids[kidStart[v] + j];
  }

  /** Number of non-root tree nodes (the paper's n). */
  int size() {
    return order.length - 1;
  }

  /**
   * Why the protocols cannot run on this tree, or null if they can: every message must follow the breadth-first
   * tree (a null tree means some explicit route leaves it), and every tree link must also go down (control flits
   * travel from parent to child).
   */
  static String unsuitable(GatherTree t) {
    if (t == null) {
      return "the gather routes do not all follow the breadth-first spanning tree (explicit routes), which the "
          + "protocol's control flits use; drop the explicit routes, or use greedy";
    }
    for (int v : t.order) {
      if (v != t.root && t.net.arc(t.parent[v], v) < 0) {
        return "the tree link " + v + "->" + t.parent[v] + " has no arc " + t.parent[v] + "->" + v
            + ", and the protocol sends its control flits down the tree; use a network whose links go both ways, "
            + "or greedy";
      }
    }
    return null;
  }

  /** The tree of a gather instance, or null if some message's route leaves the breadth-first tree. */
  static GatherTree of(Instance inst) {
    Network net = inst.network();
    int n = net.nodes();
    int root = inst.root();
    int[] dist = new int[n];
    Arrays.fill(dist, -1);
    dist[root] = 0;
    int[] queue = new int[n];
    int head = 0;
    int tail = 0;
    queue[tail++] = root;
    while (head < tail) { // breadth-first over in-arcs: the nodes that can reach the root
      int x = queue[head++];
      for (int i = 0; i < net.inDegree(x); i++) {
        int y = net.tail(net.inArc(x, i));
        if (dist[y] < 0) {
          dist[y] = dist[x] + 1;
          queue[tail++] = y;
        }
      }
    }
    int[] parent = new int[n];
    Arrays.fill(parent, -2);
    parent[root] = -1;
    for (int v = 0; v < n; v++) {
      if (v == root || dist[v] < 0) {
        continue;
      }
      for (int i = 0; i < net.outDegree(v); i++) { // out-arcs sorted by head: the first hit is the smallest id
        int w = net.head(net.outArc(v, i));
        if (dist[w] == dist[v] - 1) {
          parent[v] = w;
          break;
        }
      }
    }
    long[] length = new long[n];
    int[] message = new int[n];
    Arrays.fill(message, -1);
    long total = 0;
    List<Message> msgs = inst.messages();
    Atlas atlas = inst.atlas();
    for (int i = 0; i < msgs.size(); i++) {
      Message m = msgs.get(i);
      if (m.hasRoute()) {
        int[] p = atlas.nodes(i);
        for (int k = 0; k + 1 < p.length; k++) {
          if (parent[p[k]] != p[k + 1]) {
            return null;
          }
        }
      }
      length[m.from()] = m.length();
      message[m.from()] = i;
      total = Math.addExact(total, m.length());
    }
    return new GatherTree(net, root, parent, dist, Arrays.copyOf(queue, tail), length, message, total);
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
   * The offline bound of the gather problem itself (no synchronization), in our steps: under single port
   * LB-OFF {@code = max_Delta (Delta - 1 + flits at depth >= Delta)} at the root's receive port; under all ports
   * LB-MP, the same per root child (spec §9.2, paper T minus 1). Both are tight (time reversal of FDF, spec §2.4
   * L3), so a protocol's makespan is compared with the true offline optimum.
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
    // breadth-first order has non-decreasing depth: walking it backwards, the running sum of a group after the
    // last node of depth D is the flits at depth >= D (earlier partial sums are smaller, so the maximum is right)
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
    String port = multiport ? "the root arc " + bestTop + "->" + root : "root " + root + "'s single receive port";
    return new LowerBound(best, multiport ? "LB-MP" : "LB-OFF", "messages at least " + bestDepth + " hops from root "
        + root + " carry " + bestFlits + " flits through " + port + ", one per step, none arriving before step "
        + (bestDepth - 1) + ": " + bestFlits + " + " + bestDepth + " - 1 = " + best + " (paper units: " + (best + 1)
        + ")");
  }

  /**
   * LB-SYNC in our steps (spec §9.2): the first flit of the message at v reaches the root no earlier than row
   * {@code E_v = 2 depth(v) + [v has a child]} (a wake-up from the root, forwarded before the own message), and the
   * root takes one flit per row: {@code max_r (r + sum_{E_v >= r} L_v) - 1}. A bound for synchronization-respecting
   * protocols on this tree only; 0 without data.
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
