package org.commsched.heuristics.bufferless.scattergather;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.solve.SolveLimits;

/**
 * Spanning trees (and one edge-disjoint cover) that route scatter and gather messages on an
 * arbitrary network, after Bhatt, Pucci, Ranade and Rosenberg, "Scattering and Gathering Messages
 * in Networks of Processors", §1.2, Remark 3 and §4 (docs/models/bufferless-scatter-gather.md#fdf,
 * #spanning-trees). Chosen with the solve option {@link SolveLimits#SPANNING_TREE} ({@code
 * commsched solve --spanning-tree NAME}):
 *
 * <ul>
 *   <li>{@code bfs} (default): the breadth-first tree of the default routes, each node hung on its
 *       smallest-id neighbour one hop closer to the root (docs/DESIGN.md). The paper's choice for
 *       scattering and multiport gathering; single-port FDF on any BFS tree meets the network-wide
 *       bound LB-SCAT (docs/models/bufferless-scatter-gather.md#fdf [D]).
 *   <li>{@code balanced}: a breadth-first tree whose root subtrees carry similar numbers of flits,
 *       for the multiport model, where each root link carries its own stream
 *       (docs/models/bufferless-scatter-gather.md#fdf). Top-down greedy, ours [C]: level by level,
 *       heaviest node first, each node hangs on the candidate parent whose root subtree has the
 *       fewest flits so far. Every route is still a shortest path; no guarantee on the balance.
 *   <li>{@code broadcast}: a tree with a short single-port broadcast, for single-port gathering
 *       protocols, whose wake-up broadcast slows down at high-degree nodes (paper §1.2 asks for an
 *       approximation of a minimum broadcast tree, after Kortsarz and Peleg). Ours [C], not
 *       Kortsarz-Peleg's algorithm: a greedy single-port broadcast over links, in rounds; each
 *       informed node informs its smallest-id uninformed neighbour. The tree's {@link
 *       SpanningTree#broadcastRows()} is at most the number of rounds; on a complete graph that is
 *       ceil(log2 n) against n - 1 for the BFS star (the paper's example). Routes can be longer
 *       than shortest paths.
 *   <li>{@code cover}: mesh and torus only, multiport: the two edge-disjoint trees of {@link
 *       TreeCover#grid} (paper §4 Technique 1, Figure 5; construction derived by the
 *       docs/models/bufferless-scatter-gather.md#spanning-trees). Each node is allocated to one
 *       tree, deepest nodes first, to the root subtree with the fewest flits so far. The routes
 *       then form two trees, not one, so single-port methods that need a tree (fdf) do not apply.
 * </ul>
 *
 * <p>Routes belong to the instance (FORMATS): {@link #reroute} returns a copy of the instance where
 * every message without an explicit route follows the chosen tree, and the solve runner checks
 * schedules against that copy.
 *
 * @implNote Stateless.
 */
public final class SpanningTrees {
  /**
   * The tree names {@link #reroute} accepts: the values of the option {@link
   * SolveLimits#SPANNING_TREE}.
   */
  public static final List<String> NAMES = SolveLimits.SPANNING_TREES;

  private SpanningTrees() {}

  /**
   * The default-route breadth-first tree: scatter trees grow along arcs away from the root, gather
   * trees along arcs toward it; each node hangs on its smallest-id neighbour one hop closer to the
   * root (the rule of {@link org.commsched.core.model.Atlas}). Unreachable nodes are {@link
   * SpanningTree#OUTSIDE}.
   */
  public static SpanningTree bfs(Network net, int root, boolean scatter) {
    int n = net.nodes();
    int[] order = new int[n];
    int[] dist = distances(net, root, scatter, order);
    int[] parent = new int[n];
    Arrays.fill(parent, SpanningTree.OUTSIDE);
    parent[root] = -1;
    for (int v = 0; v < n; v++) {
      if (v == root || dist[v] < 0) {
        continue;
      }
      int deg = scatter ? net.inDegree(v) : net.outDegree(v);
      for (int i = 0;
          i < deg;
          i++) { // in-lists sorted by tail, out-lists by head: first hit is the smallest id
        int w = scatter ? net.tail(net.inArc(v, i)) : net.head(net.outArc(v, i));
        if (dist[w] == dist[v] - 1) {
          parent[v] = w;
          break;
        }
      }
    }
    return new SpanningTree(root, parent);
  }

  /**
   * A breadth-first tree with balanced root subtrees (see the class comment).
   *
   * @param flitsAt flits of the message of each node (0 if none)
   */
  public static SpanningTree balanced(Network net, int root, boolean scatter, long[] flitsAt) {
    int n = net.nodes();
    int[] order = new int[n];
    int[] dist = distances(net, root, scatter, order);
    int reached = 0;
    while (reached < n && order[reached] >= 0) {
      reached++;
    }
    int[] parent = new int[n];
    Arrays.fill(parent, SpanningTree.OUTSIDE);
    parent[root] = -1;
    int[] top = new int[n];
    long[] load = new long[n];
    Integer[] level = new Integer[reached];
    int start = 1;
    while (start < reached) {
      int end = start;
      while (end < reached && dist[order[end]] == dist[order[start]]) {
        end++;
      }
      int k = 0;
      for (int i = start; i < end; i++) {
        level[k++] = order[i];
      }
      Arrays.sort(
          level,
          0,
          k,
          (x, y) ->
              flitsAt[x] != flitsAt[y]
                  ? Long.compare(flitsAt[y], flitsAt[x])
                  : Integer.compare(x, y));
      for (int i = 0; i < k; i++) {
        int v = level[i];
        int best = -1;
        if (dist[v] == 1) {
          best = root;
          top[v] = v;
        } else {
          int deg = scatter ? net.inDegree(v) : net.outDegree(v);
          for (int j = 0; j < deg; j++) {
            int w = scatter ? net.tail(net.inArc(v, j)) : net.head(net.outArc(v, j));
            if (dist[w] == dist[v] - 1 && (best < 0 || load[top[w]] < load[top[best]])) {
              best = w;
            }
          }
          top[v] = top[best];
        }
        parent[v] = best;
        load[top[v]] += flitsAt[v];
      }
      start = end;
    }
    return new SpanningTree(root, parent);
  }

  /**
   * A greedy single-port broadcast tree over links (see the class comment); nodes the root cannot
   * reach over links are {@link SpanningTree#OUTSIDE}.
   */
  public static SpanningTree broadcast(Network net, int root) {
    return broadcastRun(net, root).tree;
  }

  /**
   * The number of rounds the greedy broadcast of {@link #broadcast} takes (an upper bound on its
   * rows).
   */
  public static int broadcastRounds(Network net, int root) {
    return broadcastRun(net, root).rounds;
  }

  private record Run(SpanningTree tree, int rounds) {}

  private static Run broadcastRun(Network net, int root) {
    int n = net.nodes();
    int[] parent = new int[n];
    Arrays.fill(parent, SpanningTree.OUTSIDE);
    parent[root] = -1;
    int[] cursor = new int[n];
    int[] active = new int[n];
    int[] next = new int[n];
    int count = 0;
    active[count++] = root;
    int rounds = 0;
    while (count > 0) {
      int kept = 0;
      int informed = 0;
      int[] fresh = new int[count];
      for (int a = 0; a < count; a++) {
        int u = active[a];
        int w = -1;
        while (cursor[u] < net.outDegree(u)) {
          int arc = net.outArc(u, cursor[u]);
          int y = net.head(arc);
          cursor[u]++;
          if (parent[y] == SpanningTree.OUTSIDE && net.reverse(arc) >= 0) {
            w = y;
            break;
          }
        }
        if (w >= 0) {
          parent[w] = u;
          fresh[informed++] = w;
          next[kept++] = u;
        }
      }
      if (informed == 0) {
        break;
      }
      rounds++;
      for (int i = 0; i < informed; i++) {
        next[kept++] = fresh[i];
      }
      int[] t = active;
      active = next;
      next = t;
      count = kept;
    }
    return new Run(new SpanningTree(root, parent), rounds);
  }

  /**
   * The edge-disjoint two-tree cover of a mesh or torus ({@link TreeCover#grid}) and each node's
   * tree: nodes by decreasing depth, each to the root subtree (over both trees) with the fewest
   * flits so far, then the shallower tree, then tree A.
   *
   * @return the owner tree index of each node (the root: 0)
   */
  static int[] allocate(TreeCover cover, long[] flitsAt) {
    int n = flitsAt.length;
    List<SpanningTree> trees = cover.trees();
    Integer[] nodes = new Integer[n];
    int[] minDepth = new int[n];
    for (int v = 0; v < n; v++) {
      nodes[v] = v;
      minDepth[v] = Integer.MAX_VALUE;
      for (SpanningTree t : trees) {
        if (t.contains(v)) {
          minDepth[v] = Math.min(minDepth[v], t.depth(v));
        }
      }
    }
    Arrays.sort(
        nodes,
        (x, y) ->
            minDepth[x] != minDepth[y]
                ? Integer.compare(minDepth[y], minDepth[x])
                : Integer.compare(x, y));
    long[][] load = new long[trees.size()][n];
    int[] owner = new int[n];
    for (int v : nodes) {
      if (v == cover.root()) {
        continue;
      }
      int best = -1;
      for (int k = 0; k < trees.size(); k++) {
        SpanningTree t = trees.get(k);
        if (!t.contains(v)) {
          continue;
        }
        if (best < 0) {
          best = k;
          continue;
        }
        SpanningTree b = trees.get(best);
        long lk = load[k][t.rootChild(v)];
        long lb = load[best][b.rootChild(v)];
        if (lk < lb || (lk == lb && t.depth(v) < b.depth(v))) {
          best = k;
        }
      }
      owner[v] = best;
      load[best][trees.get(best).rootChild(v)] += flitsAt[v];
    }
    return owner;
  }

  /**
   * The instance with every scatter or gather message that has no explicit route routed along the
   * named tree (see the class comment); the instance itself for {@code bfs} or null, and when every
   * message already has a route.
   *
   * @throws IllegalArgumentException for an unknown name, a problem other than scatter or gather, a
   *     cover on another family, or a message whose node the tree does not reach
   */
  public static Instance reroute(Instance inst, String name) {
    if (name == null || name.equals("bfs")) {
      return inst;
    }
    if (!NAMES.contains(name)) {
      throw new IllegalArgumentException(
          "unknown spanning tree '" + name + "': use one of " + String.join(", ", NAMES));
    }
    ProblemKind kind = inst.kind();
    if (kind != ProblemKind.SCATTER && kind != ProblemKind.GATHER) {
      throw new IllegalArgumentException(
          "a spanning tree routes scatter and gather messages; this is a "
              + kind.wireName()
              + " instance (drop --spanning-tree)");
    }
    boolean scatter = kind == ProblemKind.SCATTER;
    boolean allRouted = true;
    for (Message m : inst.messages()) {
      allRouted &= m.hasRoute();
    }
    if (allRouted) {
      return inst;
    }
    Network net = inst.network();
    int root = inst.root();
    long[] flitsAt = new long[net.nodes()];
    for (Message m : inst.messages()) {
      flitsAt[scatter ? m.to() : m.from()] += m.length();
    }
    SpanningTree[] byOwner;
    int[] owner = new int[net.nodes()];
    switch (name) {
      case "balanced":
        byOwner = new SpanningTree[] {balanced(net, root, scatter, flitsAt)};
        break;
      case "broadcast":
        byOwner = new SpanningTree[] {broadcast(net, root)};
        break;
      default:
        {
          TreeCover cover = TreeCover.grid(net.topology(), root);
          byOwner = cover.trees().toArray(new SpanningTree[0]);
          owner = allocate(cover, flitsAt);
          break;
        }
    }
    List<Message> out = new ArrayList<>(inst.messages().size());
    for (Message m : inst.messages()) {
      if (m.hasRoute()) {
        out.add(m);
        continue;
      }
      int v = scatter ? m.to() : m.from();
      SpanningTree t = byOwner[owner[v]];
      if (!t.contains(v)) {
        throw new IllegalArgumentException(
            "message "
                + m.id()
                + ": node "
                + v
                + " is not in the "
                + name
                + " spanning tree from root "
                + root
                + " (the root does not reach it over links)");
      }
      int[] p = t.pathFromRoot(v);
      List<Integer> route = new ArrayList<>(p.length);
      for (int k = 0; k < p.length; k++) {
        route.add(scatter ? p[k] : p[p.length - 1 - k]);
      }
      out.add(new Message(m.id(), m.from(), m.to(), m.length(), route));
    }
    Problem problem = scatter ? new Problem.Scatter(root, out) : new Problem.Gather(root, out);
    return new Instance(inst.name(), problem, inst.model(), net);
  }

  /**
   * Breadth-first hop counts from the root (scatter: along arcs away from it; gather: along arcs
   * toward it), -1 if unreachable; {@code order} receives the reached nodes in BFS order, then -1s.
   */
  private static int[] distances(Network net, int root, boolean scatter, int[] order) {
    int n = net.nodes();
    int[] dist = new int[n];
    Arrays.fill(dist, -1);
    Arrays.fill(order, -1);
    dist[root] = 0;
    int head = 0;
    int tail = 0;
    order[tail++] = root;
    while (head < tail) {
      int x = order[head++];
      int deg = scatter ? net.outDegree(x) : net.inDegree(x);
      for (int i = 0; i < deg; i++) {
        int y = scatter ? net.head(net.outArc(x, i)) : net.tail(net.inArc(x, i));
        if (dist[y] < 0) {
          dist[y] = dist[x] + 1;
          order[tail++] = y;
        }
      }
    }
    return dist;
  }
}
