package org.commsched.core.model;

import java.util.List;

/**
 * A processor network: nodes {@code 0..n-1} and directed arcs. An undirected link is two opposing
 * arcs, each an independent resource (full duplex); {@link #edge(int)} names the link an arc
 * belongs to, for half-duplex and single-port rules.
 *
 * <p>Arcs are numbered in a fixed order per family (documented in {@link Topology}); the out-arcs
 * of a node are sorted by head, the in-arcs by tail.
 *
 * <p>Only trees and explicit networks keep arc arrays. Every regular family (ula, bla, uring, ring,
 * star, complete, esm, mesh, torus, hypercube, folded hypercube) computes its arc ids, tails,
 * heads, reverses, links, neighbours and distances from the node ids, numbered exactly as the
 * stored arc list of its family would be, so a ring of 5 x 10^7 nodes costs nothing to build and
 * callers never ask which kind of network they hold (one seam, {@link ArcLayout};
 * docs/DESIGN.md#implicit-networks).
 *
 * @implNote Immutable; arrays are never exposed.
 */
public final class Network {
  private final Topology topology;
  private final ArcLayout layout;
  private final List<String> labels; // node names (entry v names node v), or empty

  private Network(Topology topology, ArcLayout layout, List<String> labels) {
    this.topology = topology;
    this.layout = layout;
    this.labels = labels;
  }

  /** Builds the network a topology describes (for the regular families: nothing to build). */
  public static Network of(Topology t) {
    return new Network(t, ArcLayout.of(t), List.of());
  }

  /** How this network was described. */
  public Topology topology() {
    return topology;
  }

  /**
   * True if some link or arc of this network has more than one channel or its own costs (an
   * explicit network whose entries are objects, docs/FORMATS.md#links-with-channels-and-costs);
   * false for every family and plain list.
   */
  public boolean hasChannels() {
    return topology instanceof Topology.Explicit e && !e.channels().isEmpty();
  }

  /**
   * What arc {@code arc} carries: its channel count and own costs ({@link Topology.Channel#PLAIN}
   * unless {@link #hasChannels()}). A link's two arcs share its entry.
   */
  public Topology.Channel channel(int arc) {
    if (!(topology instanceof Topology.Explicit e) || e.channels().isEmpty()) {
      return Topology.Channel.PLAIN;
    }
    return e.channels()
        .get(
            e.links() ? arc / 2 : arc); // the stored layout keeps the list order (ArcLayout.Stored)
  }

  /**
   * The parallel channels of an arc: how many packets it may carry at once (1 unless {@link
   * #hasChannels()}).
   */
  public int channels(int arc) {
    return channel(arc).count();
  }

  /** Number of nodes. */
  public int nodes() {
    return layout.nodes;
  }

  /** Number of arcs. */
  public int arcs() {
    return layout.arcs();
  }

  /**
   * Number of undirected edges (a pair of opposing arcs is one edge; a one-way arc is its own
   * edge).
   */
  public int edges() {
    return layout.edges();
  }

  /** Tail (sending node) of an arc. */
  public int tail(int arc) {
    return layout.tail(arc);
  }

  /** Head (receiving node) of an arc. */
  public int head(int arc) {
    return layout.head(arc);
  }

  /** The opposing arc, or -1 if there is none. */
  public int reverse(int arc) {
    return layout.reverse(arc);
  }

  /** The undirected edge an arc belongs to (opposing arcs share it). */
  public int edge(int arc) {
    return layout.edge(arc);
  }

  /** The arc u->v, or -1 if there is none. */
  public int arc(int u, int v) {
    return layout.arc(u, v);
  }

  /** Out-degree of a node. */
  public int outDegree(int v) {
    return layout.outDegree(v);
  }

  /** The i-th out-arc of v, out-arcs sorted by head. */
  public int outArc(int v, int i) {
    return layout.outArc(v, i);
  }

  /** In-degree of a node. */
  public int inDegree(int v) {
    return layout.inDegree(v);
  }

  /** The i-th in-arc of v, in-arcs sorted by tail. */
  public int inArc(int v, int i) {
    return layout.inArc(v, i);
  }

  /**
   * True if {@link #distance(int, int)} answers from the ids, without a search or an array over the
   * nodes: every regular family; false for trees and explicit networks.
   */
  public boolean closedDistances() {
    return layout.closedDistances();
  }

  /**
   * Hops from u to v along the arcs, -1 if v cannot be reached: a formula when {@link
   * #closedDistances()}, else one breadth-first search.
   */
  public int distance(int u, int v) {
    return layout.closedDistances() ? layout.distance(u, v) : layout.distancesFrom(u)[v];
  }

  /**
   * The parent of v in the breadth-first tree of routes from {@code root} ({@code fromRoot}: the
   * smallest-id node w with an arc w->v one hop closer to the root) or of routes to it (the
   * smallest-id w with an arc v->w one hop closer); -1 for the root and for the nodes the root does
   * not reach (from) or that do not reach it (to). This is the node a scan of v's in-arcs (by tail)
   * or out-arcs (by head) would find first against the distances, computed from the ids in O(1)
   * (O(dimension) on a folded hypercube) without listing an arc.
   *
   * @throws IllegalStateException unless {@link #closedDistances()} (trees and explicit networks:
   *     scan their arcs)
   */
  public int closerNeighbour(int v, int root, boolean fromRoot) {
    return layout.closerNeighbour(v, root, fromRoot);
  }

  /**
   * Hop distances from {@code s} along arcs (a formula, or breadth first); -1 for nodes not
   * reached.
   */
  public int[] distancesFrom(int s) {
    return layout.distancesFrom(s);
  }

  /**
   * Hop distances to {@code t} along arcs (a formula when {@link #closedDistances()}, else breadth
   * first over in-arcs); -1 for nodes that do not reach it.
   */
  public int[] distancesTo(int t) {
    int n = nodes();
    if (!layout.closedDistances()) {
      return search(t, new boolean[n], false);
    }
    // a regular family, the complete graph included: no search over its nodes
    int[] d = new int[n];
    for (int v = 0; v < n; v++) {
      d[v] = layout.distance(v, t);
    }
    return d;
  }

  /**
   * Hop distances from {@code s} along arcs that enter no banned node ({@code s} itself is 0
   * whether banned or not), breadth first; -1 for nodes not reached so.
   */
  public int[] distancesFrom(int s, boolean[] banned) {
    return search(s, banned, true);
  }

  /**
   * Hop distances to {@code t} along arcs that leave no banned node ({@code t} itself is 0 whether
   * banned or not), breadth first over in-arcs; -1 for nodes that do not reach it so.
   */
  public int[] distancesTo(int t, boolean[] banned) {
    return search(t, banned, false);
  }

  private int[] search(int root, boolean[] banned, boolean forward) {
    int n = nodes();
    int[] d = new int[n];
    java.util.Arrays.fill(d, -1);
    d[root] = 0;
    int[] queue = new int[n];
    int head = 0;
    int tail = 0;
    queue[tail++] = root;
    while (head < tail) {
      int x = queue[head++];
      int deg = forward ? outDegree(x) : inDegree(x);
      for (int i = 0; i < deg; i++) {
        int y = forward ? head(outArc(x, i)) : tail(inArc(x, i));
        if (!banned[y] && d[y] < 0) {
          d[y] = d[x] + 1;
          queue[tail++] = y;
        }
      }
    }
    return d;
  }

  /**
   * The strongly connected components, numbered in a topological order of the component graph: an
   * arc goes from a component to itself or to a later one, so u reaches v when both are in one
   * component and never when u's component comes after v's (on a network of links the components
   * are the connected ones). Kosaraju's two passes, without recursion, in O(nodes + arcs): it
   * answers most reachability questions of a large drawing without a search per node pair.
   */
  public int[] strongComponents() {
    int n = nodes();
    int[] comp = new int[n];
    if (topology() instanceof Topology.Complete || n == 0) {
      return comp; // a complete graph is one component
    }
    // pass 1: nodes in increasing finishing time of a depth-first search along out-arcs
    int[] order = new int[n];
    int finished = 0;
    int[] stack = new int[n];
    int[] next = new int[n]; // per node on the stack: the index of its next out-arc to try
    boolean[] seen = new boolean[n];
    for (int s = 0; s < n; s++) {
      if (seen[s]) {
        continue;
      }
      int top = 0;
      stack[top++] = s;
      seen[s] = true;
      next[s] = 0;
      while (top > 0) {
        int x = stack[top - 1];
        if (next[x] < outDegree(x)) {
          int y = head(outArc(x, next[x]++));
          if (!seen[y]) {
            seen[y] = true;
            next[y] = 0;
            stack[top++] = y;
          }
        } else {
          top--;
          order[finished++] = x;
        }
      }
    }
    // pass 2: in decreasing finishing time, each unassigned node's component is what reaches it
    // backwards
    java.util.Arrays.fill(comp, -1);
    int components = 0;
    for (int k = n - 1; k >= 0; k--) {
      int s = order[k];
      if (comp[s] >= 0) {
        continue;
      }
      int top = 0;
      stack[top++] = s;
      comp[s] = components;
      while (top > 0) {
        int x = stack[--top];
        for (int i = 0, deg = inDegree(x); i < deg; i++) {
          int y = tail(inArc(x, i));
          if (comp[y] < 0) {
            comp[y] = components;
            stack[top++] = y;
          }
        }
      }
      components++;
    }
    return comp;
  }

  /**
   * This network with node names (see docs/models/README.md#node-labels): entry v names node v. An
   * empty list removes the names.
   *
   * @throws ModelException at {@code /network/labels} (or one entry) when the count differs from
   *     the number of nodes, a name is empty, or two nodes share a name
   */
  public Network withLabels(List<String> names) {
    List<String> copy = List.copyOf(names);
    if (!copy.isEmpty()) {
      int nodes = nodes();
      if (copy.size() != nodes) {
        throw new ModelException(
            "/network/labels",
            "the network has "
                + nodes
                + " nodes but "
                + copy.size()
                + " labels; give one label per node, in node order");
      }
      java.util.Map<String, Integer> seen = new java.util.HashMap<>();
      for (int v = 0; v < nodes; v++) {
        String s = copy.get(v);
        if (s.isEmpty()) {
          throw new ModelException(
              "/network/labels/" + v, "the label of node " + v + " is empty; name it");
        }
        Integer w = seen.putIfAbsent(s, v);
        if (w != null) {
          throw new ModelException(
              "/network/labels/" + v,
              "nodes "
                  + w
                  + " and "
                  + v
                  + " are both labelled \""
                  + s
                  + "\"; labels must be unique");
        }
      }
    }
    return new Network(topology, layout, copy);
  }

  /**
   * The node names (entry v names node v), or an empty list when the nodes are known by number
   * only.
   */
  public List<String> labels() {
    return labels;
  }

  /**
   * How messages name node v: {@code "paris (#0)"} when the network has labels, else the number
   * {@code "0"}. The one place node names are formatted for people; files and JSON outputs keep the
   * numbers.
   */
  public String nodeName(int v) {
    return labels.isEmpty() || v < 0 || v >= nodes()
        ? Integer.toString(v)
        : labels.get(v) + " (#" + v + ")";
  }

  private static final java.util.regex.Pattern NODE_REFERENCE =
      java.util.regex.Pattern.compile(
          "(?<=\\bnodes? |\\blink |\\blink \\d{1,10}-|->)\\d+\\b|(?<![\\w.#-])\\d+(?=->)");

  /**
   * A sentence about this network with its node numbers named by {@link #nodeName(int)}: the
   * numbers after "node"/"nodes"/"link" and on either side of "->" (arcs and routes, {@code
   * "0->1->2"}), both ends of {@code "link 2-3"}, and the endpoints a bound's witness names (after
   * "source", "target", "root"; both ends of "path from 2 to 5"). Without labels the text is
   * returned unchanged.
   */
  public String nameNodes(String text) {
    if (labels.isEmpty() || text == null) {
      return text;
    }
    return replaceNodes(text, this::nodeName, ENDPOINT_REFERENCE);
  }

  /**
   * {@code text} with every node number {@link #nameNodes} would name replaced by {@code name} of
   * it (the same references: after "node"/"nodes"/"link", on either side of "->", both ends of
   * "link 2-3"); a number too large for an int is kept. Family recognition renumbers witnesses with
   * it.
   */
  public static String replaceNodes(String text, java.util.function.IntFunction<String> name) {
    return replaceNodes(text, name, NODE_REFERENCE);
  }

  /**
   * The node references of {@link #replaceNodes(String, java.util.function.IntFunction)} and the
   * endpoints the bounds' witnesses name: the number after "source", "target" and "root", and both
   * ends of "path from 2 to 5".
   */
  private static final java.util.regex.Pattern ENDPOINT_REFERENCE =
      java.util.regex.Pattern.compile(
          NODE_REFERENCE.pattern()
              + "|(?<=\\b(?:source|target|root) )\\d+\\b|(?<=\\bpath from )\\d+\\b"
              + "|(?<=\\bpath from \\d{1,10} to )\\d+\\b");

  /**
   * As {@link #replaceNodes(String, java.util.function.IntFunction)}, also replacing the endpoints
   * witnesses name (after "source", "target", "root"; both ends of "path from 2 to 5"): every node
   * number a bound's witness holds, for renumbering a witness to another numbering of the same
   * network (family recognition).
   */
  public static String replaceNodesAndEndpoints(
      String text, java.util.function.IntFunction<String> name) {
    return replaceNodes(text, name, ENDPOINT_REFERENCE);
  }

  private static String replaceNodes(
      String text,
      java.util.function.IntFunction<String> name,
      java.util.regex.Pattern references) {
    if (text == null) {
      return null;
    }
    java.util.regex.Matcher m = references.matcher(text);
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      String named;
      try {
        named = name.apply(Integer.parseInt(m.group()));
      } catch (NumberFormatException e) {
        named = m.group();
      }
      m.appendReplacement(out, java.util.regex.Matcher.quoteReplacement(named));
    }
    m.appendTail(out);
    return out.toString();
  }

  /** Human-readable arc name, e.g. {@code "2->3"}. */
  public String arcName(int arc) {
    return tail(arc) + "->" + head(arc);
  }

  /** True if the family is a tree with bidirectional links (tree, star, bla). */
  public boolean isTree() {
    return layout.isTree();
  }

  /**
   * Parent of a node in the tree rooted at the family's own root (node 0 for star and bla, the null
   * entry of a tree), or -1 for the root. Only for {@link #isTree()} networks.
   */
  public int treeParent(int v) {
    requireTree();
    return layout.treeParent(v);
  }

  /** Depth of a node in the family's own rooted tree. Only for {@link #isTree()} networks. */
  public int treeDepth(int v) {
    requireTree();
    return layout.treeDepth(v);
  }

  private void requireTree() {
    if (!layout.isTree()) {
      throw new IllegalStateException("network " + topology.family() + " is not a tree");
    }
  }

  /** Node id of (row, col) in a grid family with the given number of columns. */
  public static int gridNode(int row, int col, int cols) {
    return row * cols + col;
  }

  /** The arcs as (tail, head) pairs, in arc-id order. */
  public List<Topology.Pair> arcList() {
    Topology.Pair[] out = new Topology.Pair[arcs()];
    for (int a = 0; a < out.length; a++) {
      out[a] = new Topology.Pair(tail(a), head(a));
    }
    return List.of(out);
  }
}
