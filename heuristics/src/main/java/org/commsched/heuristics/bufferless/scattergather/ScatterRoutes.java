package org.commsched.heuristics.bufferless.scattergather;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.commsched.core.model.Atlas;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;

/**
 * The shape of a scatter instance's routes, as FDF needs it: per message its hop count (depth), its
 * stream (the root's single port, or under multiport the node after the root, which names the root
 * arc it leaves by) and its destination (the tie-break), plus the reason FDF cannot schedule them,
 * if any.
 *
 * <p>FDF's root-sequential schedule is valid when the routes of the non-null messages form one tree
 * from the root (single port: structural lemma L1 of
 * docs/models/bufferless-scatter-gather.md#structural-lemmas), or under multiport when the routes
 * of each root arc form a tree and no arc carries messages of two root arcs (L1 per root arc; this
 * also admits the edge-disjoint covers of {@link TreeCover}).
 *
 * @implNote Immutable after construction; arrays stay in the package.
 */
final class ScatterRoutes {
  final long[] length;
  final int[] depth;
  final int[] stream;
  final int[] dest;

  /** Null if FDF applies, else one sentence. */
  final String problem;

  /** True if the routes are the default breadth-first tree. */
  final boolean defaultTree;

  private ScatterRoutes(
      long[] length, int[] depth, int[] stream, int[] dest, String problem, boolean defaultTree) {
    this.length = length;
    this.depth = depth;
    this.stream = stream;
    this.dest = dest;
    this.problem = problem;
    this.defaultTree = defaultTree;
  }

  /** Analyses a scatter instance (any model: the caller checks it is bufferless). */
  static ScatterRoutes of(Instance inst, boolean multiport) {
    List<Message> ms = inst.messages();
    int m = ms.size();
    long[] length = new long[m];
    int[] dest = new int[m];
    boolean explicit = false;
    for (int i = 0; i < m; i++) {
      Message x = ms.get(i);
      length[i] = x.length();
      dest[i] = x.to();
      explicit |= x.hasRoute() && x.length() > 0;
    }
    Atlas atlas = inst.atlas();
    if (!explicit && atlas.hasRouteTree()) {
      return onDefaultTree(inst, multiport, length, dest);
    }
    Network net = inst.network();
    int n = net.nodes();
    int root = inst.root();
    int[] depth = new int[m];
    int[] stream = new int[m];
    String problem = null;
    int[] parent = new int[n]; // single port: parent of each node on the routes, -2 unset
    int[] setBy = new int[n];
    java.util.Arrays.fill(parent, -2);
    Map<Long, Integer> groupParent = new HashMap<>();
    Map<Long, Integer> groupSetBy = new HashMap<>();
    int[] arcStream = new int[net.arcs()];
    int[] arcSetBy = new int[net.arcs()];
    java.util.Arrays.fill(arcStream, -1);
    for (int i = 0; i < m && problem == null; i++) {
      if (length[i] == 0) {
        continue;
      }
      int[] p = atlas.nodes(i);
      depth[i] = p.length - 1;
      stream[i] = multiport ? p[1] : 0;
      for (int k = 1; k < p.length && problem == null; k++) {
        int x = p[k];
        if (multiport) {
          int a = net.arc(p[k - 1], x);
          if (arcStream[a] >= 0 && arcStream[a] != p[1]) {
            problem =
                "arc "
                    + net.arcName(a)
                    + " carries message "
                    + ms.get(arcSetBy[a]).id()
                    + " (which leaves the "
                    + "root "
                    + root
                    + " toward "
                    + arcStream[a]
                    + ") and message "
                    + ms.get(i).id()
                    + " (toward "
                    + p[1]
                    + "), so the root's streams are not independent";
            break;
          }
          arcStream[a] = p[1];
          arcSetBy[a] = i;
          long key = (long) p[1] * n + x;
          Integer old = groupParent.putIfAbsent(key, p[k - 1]);
          if (old != null && old != p[k - 1]) {
            problem =
                "messages "
                    + ms.get(groupSetBy.get(key)).id()
                    + " and "
                    + ms.get(i).id()
                    + " reach node "
                    + x
                    + " from different nodes ("
                    + old
                    + " and "
                    + p[k - 1]
                    + "), so their routes do not form a tree";
          }
          groupSetBy.putIfAbsent(key, i);
        } else {
          if (parent[x] == -2) {
            parent[x] = p[k - 1];
            setBy[x] = i;
          } else if (parent[x] != p[k - 1]) {
            problem =
                "messages "
                    + ms.get(setBy[x]).id()
                    + " and "
                    + ms.get(i).id()
                    + " reach node "
                    + x
                    + " from different nodes ("
                    + parent[x]
                    + " and "
                    + p[k - 1]
                    + "), so their routes do not form one "
                    + "tree from the root";
          }
        }
      }
    }
    return new ScatterRoutes(length, depth, stream, dest, problem, false);
  }

  /**
   * Default routes: depths and root subtrees straight from the atlas's tree, in time linear in the
   * nodes.
   */
  private static ScatterRoutes onDefaultTree(
      Instance inst, boolean multiport, long[] length, int[] dest) {
    Atlas atlas = inst.atlas();
    int m = length.length;
    int[] depth = new int[m];
    int[] stream = new int[m];
    for (int i = 0; i < m; i++) {
      depth[i] = atlas.hops(i);
    }
    if (multiport) {
      int n = inst.network().nodes();
      int root = inst.root();
      // nodes by depth (counting sort), then the root child above each node
      int[] count = new int[n + 1];
      for (int v = 0; v < n; v++) {
        int d = atlas.routeTreeDepth(v);
        if (d > 0) {
          count[d]++;
        }
      }
      for (int d = 1; d <= n; d++) {
        count[d] += count[d - 1];
      }
      int[] byDepth = new int[count[n]];
      int[] fill = new int[n + 1];
      System.arraycopy(count, 0, fill, 1, n);
      for (int v = 0; v < n; v++) {
        int d = atlas.routeTreeDepth(v);
        if (d > 0) {
          byDepth[fill[d]++] = v;
        }
      }
      int[] top = new int[n];
      for (int v : byDepth) {
        int p = atlas.routeTreeNext(v);
        top[v] = p == root ? v : top[p];
      }
      for (int i = 0; i < m; i++) {
        stream[i] = length[i] > 0 ? top[dest[i]] : 0;
      }
    }
    return new ScatterRoutes(length, depth, stream, dest, null, true);
  }
}
