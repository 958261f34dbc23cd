package org.commsched.core.model;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The route of every message of an instance: explicit routes as given, default routes computed by
 * rule.
 *
 * <p>Default routing (deterministic, documented in the README):
 *
 * <ul>
 *   <li>scatter and gather: the breadth-first spanning tree rooted at the root, each node attached
 *       to its smallest-id neighbour one hop closer to the root (on a tree network this is the tree
 *       itself);
 *   <li>ULA and BLA: the straight path; trees and stars: the unique tree path;
 *   <li>ESM: the one-turn route, east along the source row to the destination column, then south;
 *   <li>every other network: the shortest path whose node sequence is lexicographically smallest
 *       (from each node, step to the smallest-id neighbour that is one hop closer to the
 *       destination).
 * </ul>
 *
 * @implNote Immutable; default routes are recomputed on demand (they are cheap) so that a million
 *     messages on a long array do not hold a million node lists. The scatter/gather tree of a
 *     regular family is computed from the ids too (depths by {@link Network#distance}, parents by
 *     {@link Network#closerNeighbour}), so a star or grid of 5 x 10^7 nodes holds no array over its
 *     nodes; a tree or explicit network keeps two (depth and parent arc).
 */
public final class Atlas {
  private final Network network;
  private final List<Message> messages;
  private final int[][] explicit; // per message, explicit node list or null
  private final int[] hops;
  private final Rule rule;
  private final int treeRoot; // BFS-tree rule: root
  // BFS-tree rule on a tree or explicit network (null on a regular family, whose tree is a formula
  // of the ids):
  private final int[] bfsDist; // hops between the root and each node, -1 if unreachable
  private final int[]
      bfsArc; // the arc between each node and its parent, in the routes' direction, -1 if none
  private final boolean downward; // BFS-tree rule: routes go root -> node
  private final Map<Integer, int[]> distCache;
  private final int[]
      components; // shortest-path rule: strong components in topological order, else null

  enum Rule {
    ULA,
    BLA,
    TREE,
    ESM,
    BFS_TREE,
    LEX_SHORTEST
  }

  /**
   * Routes the given messages on a network.
   *
   * @param network the network
   * @param messages messages in instance order
   * @param kind problem kind (scatter and gather route over a BFS tree)
   * @param root root of scatter or gather, else ignored
   * @param pointerPrefix JSON pointer of the message list in the file, for error messages
   * @throws ModelException if a message has no route or an explicit route is not a simple path
   */
  public Atlas(
      Network network, List<Message> messages, ProblemKind kind, int root, String pointerPrefix) {
    this.network = network;
    this.messages = List.copyOf(messages);
    this.distCache =
        new LinkedHashMap<>(16, 0.75f, true) {
          private static final long serialVersionUID = 1L;

          @Override
          protected boolean removeEldestEntry(Map.Entry<Integer, int[]> eldest) {
            return size() > 64;
          }
        };
    Topology t = network.topology();
    if (kind == ProblemKind.SCATTER || kind == ProblemKind.GATHER) {
      rule = Rule.BFS_TREE;
      treeRoot = root;
      downward = kind == ProblemKind.SCATTER;
      if (network
          .closedDistances()) { // depths and parents are formulas of the ids: nothing over the
        // nodes
        bfsDist = null;
        bfsArc = null;
      } else {
        bfsDist = downward ? network.distancesFrom(root) : network.distancesTo(root);
        bfsArc = bfsTree(root, downward, bfsDist);
      }
    } else {
      treeRoot = -1;
      downward = false;
      bfsDist = null;
      bfsArc = null;
      if (t instanceof Topology.Ula) {
        rule = Rule.ULA;
      } else if (t instanceof Topology.Bla) {
        rule = Rule.BLA;
      } else if (network.isTree()) {
        rule = Rule.TREE;
      } else if (t instanceof Topology.Esm) {
        rule = Rule.ESM;
      } else {
        rule = Rule.LEX_SHORTEST;
      }
    }
    int n = this.messages.size();
    explicit = new int[n][];
    hops = new int[n];
    // shortest routes on a general network: the hops of each are counted when first asked for (a
    // breadth-first
    // search per destination), here only whether the route exists, mostly from the strong
    // components (one pass):
    // a drawing of 50,000 nodes with a message per node would otherwise take a search per message
    components =
        rule == Rule.LEX_SHORTEST && !network.closedDistances() ? network.strongComponents() : null;
    for (int i = 0; i < n; i++) {
      Message m = this.messages.get(i);
      if (m.from() == m.to()) {
        throw new ModelException(
            pointerPrefix + "/" + i,
            "message "
                + m.id()
                + " goes from node "
                + m.from()
                + " to itself: it would use no arc (drop it)");
      }
      if (m.hasRoute()) {
        explicit[i] = validateRoute(m, pointerPrefix + "/" + i + "/route");
        hops[i] = explicit[i].length - 1;
      } else {
        hops[i] = defaultHops(m, pointerPrefix, i);
      }
    }
  }

  private int[] validateRoute(Message m, String ptr) {
    List<Integer> r = m.route();
    if (r.size() < 2) {
      throw new ModelException(
          ptr,
          "the route of message "
              + m.id()
              + " needs at least 2 nodes, from "
              + m.from()
              + " to "
              + m.to());
    }
    int[] nodes = new int[r.size()];
    java.util.HashSet<Integer> seen = new java.util.HashSet<>();
    for (int k = 0; k < nodes.length; k++) {
      nodes[k] = r.get(k);
      if (nodes[k] < 0 || nodes[k] >= network.nodes()) {
        throw new ModelException(
            ptr + "/" + k,
            "route node "
                + nodes[k]
                + " of message "
                + m.id()
                + " is out of range: node ids are 0.."
                + (network.nodes() - 1));
      }
      if (!seen.add(nodes[k])) {
        throw new ModelException(
            ptr + "/" + k,
            "the route of message "
                + m.id()
                + " visits node "
                + nodes[k]
                + " twice: a route must be a simple path");
      }
      if (k > 0 && network.arc(nodes[k - 1], nodes[k]) < 0) {
        throw new ModelException(
            ptr + "/" + k,
            "the route of message "
                + m.id()
                + " steps from "
                + nodes[k - 1]
                + " to "
                + nodes[k]
                + ", which are not joined by an arc: use adjacent nodes");
      }
    }
    if (nodes[0] != m.from()) {
      throw new ModelException(
          ptr + "/0",
          "the route of message "
              + m.id()
              + " starts at "
              + nodes[0]
              + " but the message starts at "
              + m.from()
              + ": make the route start at its source");
    }
    if (nodes[nodes.length - 1] != m.to()) {
      throw new ModelException(
          ptr + "/" + (nodes.length - 1),
          "the route of message "
              + m.id()
              + " ends at "
              + nodes[nodes.length - 1]
              + " but the message goes to "
              + m.to()
              + ": make the route end at its destination");
    }
    return nodes;
  }

  /**
   * The hops of a message on its default route; {@code prefix + "/" + i} names it in errors (built
   * only then).
   */
  private int defaultHops(Message m, String prefix, int i) {
    int u = m.from();
    int v = m.to();
    switch (rule) {
      case ULA:
        if (v < u) {
          throw new ModelException(
              prefix + "/" + i,
              "message "
                  + m.id()
                  + " goes from "
                  + u
                  + " to "
                  + v
                  + " but a ula only has arcs x->x+1: use a bla, or swap its ends");
        }
        return v - u;
      case BLA:
        return Math.abs(v - u);
      case TREE:
        return treePath(u, v).length - 1;
      case ESM:
        {
          int cols = ((Topology.Esm) network.topology()).cols();
          if (u / cols > v / cols || u % cols > v % cols) {
            throw new ModelException(
                prefix + "/" + i,
                "message "
                    + m.id()
                    + " goes from ("
                    + u / cols
                    + ","
                    + u % cols
                    + ") to ("
                    + v / cols
                    + ","
                    + v % cols
                    + ") but an ESM only routes east and south:"
                    + " the destination needs a row and column at least the source's");
          }
          return v / cols - u / cols + v % cols - u % cols;
        }
      case BFS_TREE:
        {
          int other = downward ? v : u;
          if (bfsDepth(other) < 0) {
            throw new ModelException(
                prefix + "/" + i,
                "message "
                    + m.id()
                    + ": node "
                    + other
                    + " cannot "
                    + (downward ? "be reached from" : "reach")
                    + " the root "
                    + treeRoot
                    + " in this network");
          }
          return bfsDepth(other);
        }
      default:
        {
          if (network.closedDistances()) { // a regular family: its distance is a formula
            int d = network.distance(u, v);
            if (d < 0) {
              throw new ModelException(
                  prefix + "/" + i,
                  "message "
                      + m.id()
                      + ": there is no path from "
                      + u
                      + " to "
                      + v
                      + " in this network: give it an explicit route or fix its ends");
            }
            return d;
          }
          boolean reaches =
              components == null || components[u] == components[v]
                  ? true
                  : components[u] > components[v] ? false : distTo(v)[u] >= 0;
          if (!reaches) {
            throw new ModelException(
                prefix + "/" + i,
                "message "
                    + m.id()
                    + ": there is no path from "
                    + u
                    + " to "
                    + v
                    + " in this network: give it an explicit route or fix its ends");
          }
          return -1; // counted when asked for (hops(i))
        }
    }
  }

  /** Hops between the root and v on the BFS tree, -1 if unreachable. */
  private int bfsDepth(int v) {
    if (bfsDist != null) {
      return bfsDist[v];
    }
    return downward ? network.distance(treeRoot, v) : network.distance(v, treeRoot);
  }

  /**
   * v's parent on the BFS tree (the next hop toward the root of a gather), -1 for the root and
   * unreachable nodes.
   */
  private int bfsNext(int v) {
    if (bfsArc == null) {
      return network.closerNeighbour(v, treeRoot, downward);
    }
    int a = bfsArc[v];
    return a < 0 ? -1 : downward ? network.tail(a) : network.head(a);
  }

  /** The BFS tree's arc between v and its parent p (from p for a scatter, to p for a gather). */
  private int bfsArc(int v, int p) {
    return bfsArc != null ? bfsArc[v] : downward ? network.arc(p, v) : network.arc(v, p);
  }

  /**
   * The BFS tree of a tree or explicit network: for each node the arc from its parent (scatter: the
   * first of its in-arcs, sorted by tail, whose tail is one hop closer to the root) or to its next
   * hop (gather: the first of its out-arcs, sorted by head, one hop closer), -1 for the root and
   * unreachable nodes. A regular family computes the same node from the ids ({@link
   * Network#closerNeighbour}).
   */
  private int[] bfsTree(int root, boolean fromRoot, int[] dist) {
    int n = network.nodes();
    int[] arcTo = new int[n];
    Arrays.fill(arcTo, -1);
    for (int v = 0; v < n; v++) {
      if (v == root || dist[v] < 0) {
        continue;
      }
      // smallest-id neighbour one hop closer to the root
      int deg = fromRoot ? network.inDegree(v) : network.outDegree(v);
      for (int i = 0; i < deg; i++) {
        int a = fromRoot ? network.inArc(v, i) : network.outArc(v, i);
        int w = fromRoot ? network.tail(a) : network.head(a);
        if (dist[w] == dist[v] - 1) {
          arcTo[v] = a;
          break;
        }
      }
    }
    return arcTo;
  }

  private int[] distTo(int target) {
    synchronized (distCache) {
      int[] d = distCache.get(target);
      if (d != null) {
        return d;
      }
      d = network.distancesTo(target); // breadth first over the in-arcs
      distCache.put(target, d);
      return d;
    }
  }

  private int[] treePath(int u, int v) {
    int du = network.treeDepth(u);
    int dv = network.treeDepth(v);
    int[] up = new int[du + dv + 1];
    int[] down = new int[du + dv + 1];
    int nu = 0;
    int nd = 0;
    int a = u;
    int b = v;
    while (du > dv) {
      up[nu++] = a;
      a = network.treeParent(a);
      du--;
    }
    while (dv > du) {
      down[nd++] = b;
      b = network.treeParent(b);
      dv--;
    }
    while (a != b) {
      up[nu++] = a;
      a = network.treeParent(a);
      down[nd++] = b;
      b = network.treeParent(b);
    }
    up[nu++] = a;
    int[] path = Arrays.copyOf(up, nu + nd);
    for (int i = 0; i < nd; i++) {
      path[nu + i] = down[nd - 1 - i];
    }
    return path;
  }

  /** The network the routes run on. */
  public Network network() {
    return network;
  }

  /** Number of routed messages. */
  public int size() {
    return messages.size();
  }

  /** Number of arcs on the route of message i (its distance d). */
  public int hops(int i) {
    int h = hops[i];
    if (h
        < 0) { // a shortest route not counted yet: the same count every time, so a racing write is
      // harmless
      Message m = messages.get(i);
      h = distTo(m.to())[m.from()];
      hops[i] = h;
    }
    return h;
  }

  /**
   * The hops of all routes, counted without a search: every route but a default shortest route on a
   * tree-less explicit network not asked for yet ({@link #hops(int)} would search the network for
   * it), which counts as its least, one hop. Linear in the messages; what {@link
   * Footprint#withHops} charges before any route is walked.
   */
  public long countedHops() {
    long sum = 0;
    for (int h : hops) {
      sum += Math.max(1, h);
    }
    return sum;
  }

  /** True if message i has an explicit route. */
  public boolean isExplicit(int i) {
    return explicit[i] != null;
  }

  /** The node list of the route of message i, from source to destination. */
  public int[] nodes(int i) {
    if (explicit[i] != null) {
      return explicit[i].clone();
    }
    Message m = messages.get(i);
    int u = m.from();
    int v = m.to();
    int[] p = new int[hops(i) + 1];
    switch (rule) {
      case ULA:
      case BLA:
        {
          int step = v > u ? 1 : -1;
          for (int k = 0; k < p.length; k++) {
            p[k] = u + step * k;
          }
          return p;
        }
      case TREE:
        return treePath(u, v);
      case ESM:
        {
          int cols = ((Topology.Esm) network.topology()).cols();
          int k = 0;
          int x = u;
          p[k++] = x;
          while (x % cols < v % cols) {
            p[k++] = ++x;
          }
          while (x / cols < v / cols) {
            x += cols;
            p[k++] = x;
          }
          return p;
        }
      case BFS_TREE:
        {
          if (downward) {
            int k = p.length - 1;
            for (int x = v; ; x = bfsNext(x)) {
              p[k--] = x;
              if (x == treeRoot) {
                break;
              }
            }
          } else {
            int k = 0;
            for (int x = u; ; x = bfsNext(x)) {
              p[k++] = x;
              if (x == treeRoot) {
                break;
              }
            }
          }
          return p;
        }
      default:
        {
          // an implicit family's distances are formulas: no array over its nodes per destination
          int[] dist = network.closedDistances() ? null : distTo(v);
          int x = u;
          p[0] = x;
          for (int k = 1; k < p.length; k++) {
            int next = -1;
            int toGo = p.length - 1 - k; // the hops left after the next one
            for (int j = 0;
                j < network.outDegree(x);
                j++) { // out-arcs sorted by head: first hit is smallest id
              int w = network.head(network.outArc(x, j));
              if ((dist == null ? network.distance(w, v) : dist[w]) == toGo) {
                next = w;
                break;
              }
            }
            p[k] = next;
            x = next;
          }
          return p;
        }
    }
  }

  /** The arc ids of the route of message i, in order. */
  public int[] arcs(int i) {
    if (explicit[i] == null
        && (rule == Rule.ULA || rule == Rule.BLA)) { // straight: no node list needed
      int u = messages.get(i).from();
      int step = messages.get(i).to() > u ? 1 : -1;
      int[] a = new int[hops(i)];
      for (int k = 0; k < a.length; k++) {
        a[k] = network.arc(u + step * k, u + step * (k + 1));
      }
      return a;
    }
    if (explicit[i] == null && rule == Rule.BFS_TREE) { // the tree's arcs, read off toward the root
      int[] a = new int[hops(i)];
      int x = downward ? messages.get(i).to() : messages.get(i).from();
      for (int k = 0; k < a.length; k++) {
        int p = bfsNext(x);
        a[downward ? a.length - 1 - k : k] = bfsArc(x, p);
        x = p;
      }
      return a;
    }
    int[] p = nodes(i);
    int[] a = new int[p.length - 1];
    for (int k = 0; k < a.length; k++) {
      a[k] = network.arc(p[k], p[k + 1]);
    }
    return a;
  }

  /**
   * True if default routes follow one breadth-first spanning tree (scatter and gather); then {@link
   * #routeTreeNext(int)} and {@link #routeTreeDepth(int)} describe it.
   */
  public boolean hasRouteTree() {
    return rule == Rule.BFS_TREE;
  }

  /**
   * The default-route tree's neighbour of node v one hop closer to the root (v's parent), -1 for
   * the root and for nodes the root cannot reach (scatter) or that cannot reach it (gather).
   *
   * @throws IllegalStateException if default routes do not follow a tree ({@link #hasRouteTree()}
   *     is false)
   */
  public int routeTreeNext(int v) {
    requireRouteTree();
    return bfsNext(v);
  }

  /**
   * Hops between the root and node v on the default-route tree (its breadth-first distance), -1 if
   * unreachable.
   *
   * @throws IllegalStateException if default routes do not follow a tree ({@link #hasRouteTree()}
   *     is false)
   */
  public int routeTreeDepth(int v) {
    requireRouteTree();
    return bfsDepth(v);
  }

  private void requireRouteTree() {
    if (rule != Rule.BFS_TREE) {
      throw new IllegalStateException(
          "default routes of a "
              + network.topology().family()
              + " instance of this kind do not follow one tree");
    }
  }
}
