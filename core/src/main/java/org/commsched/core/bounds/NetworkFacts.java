package org.commsched.core.bounds;

import java.util.Arrays;
import org.commsched.core.model.Atlas;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.model.Topology;

/** Distances and shape facts about a network that the bounds rely on. */
final class NetworkFacts {
  private NetworkFacts() {}

  /** Hop distances from s along arcs; -1 for unreachable nodes. */
  static int[] distFrom(Network net, int s) {
    return net.distancesFrom(s);
  }

  /** The largest finite entry, or 0. */
  static int maxFinite(int[] d) {
    int m = 0;
    for (int x : d) {
      m = Math.max(m, x);
    }
    return m;
  }

  /**
   * True if between any two nodes there is at most one simple directed path: the links, taken
   * undirected, form a forest (tree, star, bla, ula, explicit forests), or the network is a
   * unidirectional ring. Then every unit a node on the path from s to v ever receives came along
   * that path from s, so a send or broadcast restricted to the path is a valid path schedule.
   */
  static boolean uniquePaths(Network net) {
    if (net.topology() instanceof Topology.URing) {
      return true;
    }
    if (net.closedDistances()) {
      // a regular family is connected, so its links form a forest exactly when there is one fewer
      // than nodes
      return net.edges() == net.nodes() - 1;
    }
    int n = net.nodes();
    int[] parent = new int[n];
    for (int v = 0; v < n; v++) {
      parent[v] = v;
    }
    for (int a = 0; a < net.arcs(); a++) {
      int r = net.reverse(a);
      if (r >= 0 && r < a) {
        continue; // the link was met at its first arc
      }
      int x = find(parent, net.tail(a));
      int y = find(parent, net.head(a));
      if (x == y) {
        return false;
      }
      parent[x] = y;
    }
    return true;
  }

  /** True if every arc has its opposite arc (all links are bidirectional). */
  static boolean allLinksBidirectional(Network net) {
    for (int a = 0; a < net.arcs(); a++) {
      if (net.reverse(a) < 0) {
        return false;
      }
    }
    return true;
  }

  /** True if some arc has its opposite arc. */
  static boolean someLinkBidirectional(Network net) {
    for (int a = 0; a < net.arcs(); a++) {
      if (net.reverse(a) >= 0) {
        return true;
      }
    }
    return false;
  }

  private static int find(int[] p, int x) {
    while (p[x] != x) {
      p[x] = p[p[x]];
      x = p[x];
    }
    return x;
  }

  /**
   * The tree of a connected bidirectional forest-shaped network rooted at {@code root}: parent (-1
   * for the root) and the nodes in breadth-first order. Nodes not reached keep parent -2.
   */
  static int[][] rootedTree(Network net, int root) {
    int n = net.nodes();
    int[] parent = new int[n];
    Arrays.fill(parent, -2);
    parent[root] = -1;
    int[] order = new int[n];
    int head = 0;
    int tail = 0;
    order[tail++] = root;
    while (head < tail) {
      int x = order[head++];
      for (int i = 0; i < net.outDegree(x); i++) {
        int y = net.head(net.outArc(x, i));
        if (parent[y] == -2) {
          parent[y] = x;
          order[tail++] = y;
        }
      }
    }
    return new int[][] {parent, Arrays.copyOf(order, tail)};
  }

  /**
   * The tree that a scatter's or gather's routes follow, rooted at the root, in the format of
   * {@link #rootedTree}: the default routes' breadth-first tree, or, when some route is explicit,
   * the union of the routes of the non-null messages and of every explicit route (null messages
   * included) when it is a tree (each node reached from, or left toward, one node only); a null
   * message's default route then binds nothing, as for the gathering protocols and the wake-up
   * model, which hang such nodes on this tree. Null if the routes do not form one tree.
   */
  static int[][] routeTree(Instance inst) {
    Network net = inst.network();
    int n = net.nodes();
    int root = inst.root();
    boolean scatter = inst.kind() == ProblemKind.SCATTER;
    Atlas atlas = inst.atlas();
    int[] parent = new int[n];
    Arrays.fill(parent, -2);
    parent[root] = -1;
    boolean explicit = false;
    for (Message m : inst.messages()) {
      explicit |= m.hasRoute();
    }
    if (!explicit && atlas.hasRouteTree()) {
      for (int v = 0; v < n; v++) {
        if (v != root && atlas.routeTreeNext(v) >= 0) {
          parent[v] = atlas.routeTreeNext(v);
        }
      }
    } else {
      for (int i = 0; i < inst.messages().size(); i++) {
        if (inst.messages().get(i).length() == 0 && !atlas.isExplicit(i)) {
          continue;
        }
        int[] p = atlas.nodes(i);
        for (int k = 1; k < p.length; k++) {
          int child = scatter ? p[k] : p[p.length - 1 - k];
          int up = scatter ? p[k - 1] : p[p.length - k];
          if (parent[child] == -2) {
            parent[child] = up;
          } else if (parent[child] != up) {
            return null;
          }
        }
      }
    }
    int[] start = new int[n + 1];
    for (int v = 0; v < n; v++) {
      if (parent[v] >= 0) {
        start[parent[v] + 1]++;
      }
    }
    for (int v = 0; v < n; v++) {
      start[v + 1] += start[v];
    }
    int[] kids = new int[start[n]];
    int[] fill = Arrays.copyOf(start, n);
    for (int v = 0; v < n; v++) {
      if (parent[v] >= 0) {
        kids[fill[parent[v]]++] = v;
      }
    }
    int[] order = new int[n];
    int tail = 0;
    order[tail++] = root;
    for (int head = 0; head < tail; head++) {
      int x = order[head];
      for (int c = start[x]; c < start[x + 1]; c++) {
        order[tail++] = kids[c];
      }
    }
    return new int[][] {parent, Arrays.copyOf(order, tail)};
  }
}
