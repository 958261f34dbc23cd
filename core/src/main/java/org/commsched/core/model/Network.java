package org.commsched.core.model;

import java.util.Arrays;
import java.util.List;

/**
 * A processor network: nodes {@code 0..n-1} and directed arcs. An undirected link is two opposing arcs, each
 * an independent resource (full duplex); {@link #edge(int)} names the link an arc belongs to, for half-duplex
 * and single-port rules.
 *
 * <p>Arcs are numbered in a fixed order per family (documented in {@link Topology}); the out-arcs of a node
 * are kept sorted by head, so {@link #arc(int, int)} is a binary search.
 *
 * <p>A complete graph keeps no arc arrays: its {@code p (p - 1)} arcs (10^8 for 10^4 nodes) are numbered in
 * the order the explicit list would give them (tail major, heads ascending without the tail), so every arc id,
 * tail, head, reverse, link and neighbour is computed from the node ids (docs/DESIGN.md#implicit-complete-graphs).
 * Callers see the same numbers either way and never ask which it is.
 *
 * @implNote Immutable; arrays are never exposed.
 */
public final class Network {
  private final Topology topology;
  private final int nodes;
  private final int[] tail;
  private final int[] head;
  private final int[] reverse;
  private final int[] edge;
  private final int edges;
  private final int[] outStart;
  private final int[] outArcs;
  private final int[] inStart;
  private final int[] inArcs;
  private final int[] treeParent; // for tree-shaped families (tree, star, ula/bla as paths) else null
  private final int[] treeDepth;
  /** {@code p - 1} for an implicit complete graph of {@code p} nodes (every array above null), else 0. */
  private final int completeDegree;
  private final List<String> labels; // node names (entry v names node v), or empty

  /** An implicit complete graph of {@code nodes} nodes. */
  private Network(Topology.Complete topology, int nodes) {
    this.topology = topology;
    this.nodes = nodes;
    this.completeDegree = nodes - 1;
    this.tail = null;
    this.head = null;
    this.reverse = null;
    this.edge = null;
    this.edges = (int) ((long) nodes * (nodes - 1) / 2);
    this.outStart = null;
    this.outArcs = null;
    this.inStart = null;
    this.inArcs = null;
    this.treeParent = null;
    this.treeDepth = null;
    this.labels = List.of();
  }

  /** The same network with node names; see {@link #withLabels(List)}. */
  private Network(Network n, List<String> labels) {
    this.topology = n.topology;
    this.nodes = n.nodes;
    this.completeDegree = n.completeDegree;
    this.tail = n.tail;
    this.head = n.head;
    this.reverse = n.reverse;
    this.edge = n.edge;
    this.edges = n.edges;
    this.outStart = n.outStart;
    this.outArcs = n.outArcs;
    this.inStart = n.inStart;
    this.inArcs = n.inArcs;
    this.treeParent = n.treeParent;
    this.treeDepth = n.treeDepth;
    this.labels = labels;
  }

  private Network(Topology topology, int nodes, int[] tail, int[] head, int[] treeParent) {
    this.topology = topology;
    this.nodes = nodes;
    this.completeDegree = 0;
    this.labels = List.of();
    this.tail = tail;
    this.head = head;
    int m = tail.length;
    // CSR out-lists sorted by head, in-lists sorted by tail
    this.outStart = new int[nodes + 1];
    this.inStart = new int[nodes + 1];
    for (int a = 0; a < m; a++) {
      outStart[tail[a] + 1]++;
      inStart[head[a] + 1]++;
    }
    for (int v = 0; v < nodes; v++) {
      outStart[v + 1] += outStart[v];
      inStart[v + 1] += inStart[v];
    }
    this.outArcs = new int[m];
    this.inArcs = new int[m];
    int[] po = Arrays.copyOf(outStart, nodes);
    int[] pi = Arrays.copyOf(inStart, nodes);
    for (int a = 0; a < m; a++) {
      outArcs[po[tail[a]]++] = a;
      inArcs[pi[head[a]]++] = a;
    }
    for (int v = 0; v < nodes; v++) {
      sortBy(outArcs, outStart[v], outStart[v + 1], head);
      sortBy(inArcs, inStart[v], inStart[v + 1], tail);
    }
    this.reverse = new int[m];
    this.edge = new int[m];
    int e = 0;
    for (int a = 0; a < m; a++) {
      reverse[a] = arc(head[a], tail[a]);
      if (reverse[a] >= 0 && reverse[a] < a) {
        edge[a] = edge[reverse[a]];
      } else {
        edge[a] = e++;
      }
    }
    this.edges = e;
    this.treeParent = treeParent;
    if (treeParent != null) {
      treeDepth = new int[nodes];
      Arrays.fill(treeDepth, -1);
      for (int v = 0; v < nodes; v++) {
        depthOf(v);
      }
    } else {
      treeDepth = null;
    }
  }

  private int depthOf(int v) {
    int d = 0;
    int x = v;
    while (treeDepth[x] < 0 && treeParent[x] >= 0) {
      x = treeParent[x];
      d++;
    }
    int depth = (treeDepth[x] < 0 ? 0 : treeDepth[x]) + d;
    treeDepth[x] = treeDepth[x] < 0 ? 0 : treeDepth[x];
    for (int y = v; treeDepth[y] < 0; y = treeParent[y]) {
      treeDepth[y] = depth--;
    }
    return treeDepth[v];
  }

  private static void sortBy(int[] arcs, int from, int to, int[] key) {
    // insertion sort for short lists, else boxed sort
    if (to - from < 32) {
      for (int i = from + 1; i < to; i++) {
        int x = arcs[i];
        int j = i - 1;
        while (j >= from && key[arcs[j]] > key[x]) {
          arcs[j + 1] = arcs[j];
          j--;
        }
        arcs[j + 1] = x;
      }
    } else {
      long[] tmp = new long[to - from];
      for (int i = from; i < to; i++) {
        tmp[i - from] = ((long) key[arcs[i]] << 32) | arcs[i];
      }
      Arrays.sort(tmp);
      for (int i = from; i < to; i++) {
        arcs[i] = (int) tmp[i - from];
      }
    }
  }

  /** Builds the network a topology describes. */
  public static Network of(Topology t) {
    ArcList arcs = new ArcList(Footprint.storedArcs(t)); // sized once: no doubling copies of 10^8 arcs
    int n;
    int[] parent = null;
    if (t instanceof Topology.Ula u) {
      n = u.nodes();
      for (int x = 0; x + 1 < n; x++) {
        arcs.add(x, x + 1);
      }
    } else if (t instanceof Topology.Bla b) {
      n = b.nodes();
      for (int x = 0; x + 1 < n; x++) {
        arcs.add(x, x + 1);
      }
      for (int x = 0; x + 1 < n; x++) {
        arcs.add(x + 1, x);
      }
      parent = pathParents(n);
    } else if (t instanceof Topology.URing r) {
      n = r.nodes();
      for (int x = 0; x < n; x++) {
        arcs.add(x, (x + 1) % n);
      }
    } else if (t instanceof Topology.Ring r) {
      n = r.nodes();
      for (int x = 0; x < n; x++) {
        arcs.add(x, (x + 1) % n);
      }
      for (int x = 0; x < n; x++) {
        arcs.add((x + 1) % n, x);
      }
    } else if (t instanceof Topology.Esm g) {
      n = g.rows() * g.cols();
      for (int r = 0; r < g.rows(); r++) {
        for (int c = 0; c < g.cols(); c++) {
          int v = r * g.cols() + c;
          if (c + 1 < g.cols()) {
            arcs.add(v, v + 1);
          }
          if (r + 1 < g.rows()) {
            arcs.add(v, v + g.cols());
          }
        }
      }
    } else if (t instanceof Topology.Mesh g) {
      n = g.rows() * g.cols();
      grid(arcs, g.rows(), g.cols(), false);
    } else if (t instanceof Topology.Torus g) {
      n = g.rows() * g.cols();
      grid(arcs, g.rows(), g.cols(), true);
    } else if (t instanceof Topology.Star s) {
      n = s.nodes();
      for (int x = 1; x < n; x++) {
        arcs.add(0, x);
        arcs.add(x, 0);
      }
      parent = new int[n];
      parent[0] = -1;
    } else if (t instanceof Topology.Complete c) {
      return new Network(c, c.nodes());
    } else if (t instanceof Topology.Hypercube h) {
      n = 1 << h.dimension();
      for (int u = 0; u < n; u++) {
        for (int b = 0; b < h.dimension(); b++) {
          arcs.add(u, u ^ (1 << b));
        }
      }
    } else if (t instanceof Topology.FoldedHypercube h) {
      n = 1 << h.dimension();
      for (int u = 0; u < n; u++) {
        for (int b = 0; b < h.dimension(); b++) {
          arcs.add(u, u ^ (1 << b));
        }
        arcs.add(u, u ^ (n - 1));
      }
    } else if (t instanceof Topology.Tree tr) {
      n = tr.parents().size();
      parent = new int[n];
      for (int v = 0; v < n; v++) {
        parent[v] = tr.parents().get(v);
        if (parent[v] >= 0) {
          arcs.add(parent[v], v);
          arcs.add(v, parent[v]);
        }
      }
    } else if (t instanceof Topology.Explicit ex) {
      n = ex.nodes();
      java.util.HashSet<Long> seen = new java.util.HashSet<>();
      String key = ex.links() ? "links" : "arcs";
      for (int i = 0; i < ex.pairs().size(); i++) {
        Topology.Pair p = ex.pairs().get(i);
        if (!seen.add((long) p.u() * n + p.v())) {
          throw new ModelException("/network/" + key + "/" + i, "duplicate " + (ex.links() ? "link" : "arc")
              + " " + p.u() + (ex.links() ? "-" : "->") + p.v() + ": list each one once");
        }
        if (ex.links() && !seen.add((long) p.v() * n + p.u())) {
          throw new ModelException("/network/" + key + "/" + i, "duplicate link " + p.u() + "-" + p.v()
              + ": list each link once (a link already stands for both directions)");
        }
        arcs.add(p.u(), p.v());
        if (ex.links()) {
          arcs.add(p.v(), p.u());
        }
      }
    } else {
      throw new IllegalStateException("unknown topology " + t);
    }

    return new Network(t, n, arcs.tails(), arcs.heads(), parent);
  }

  private static int[] pathParents(int n) {
    int[] p = new int[n];
    for (int x = 0; x < n; x++) {
      p[x] = x - 1;
    }
    return p;
  }

  private static void grid(ArcList arcs, int rows, int cols, boolean wrap) {
    java.util.HashSet<Long> seen = new java.util.HashSet<>();
    int n = rows * cols;
    for (int r = 0; r < rows; r++) {
      for (int c = 0; c < cols; c++) {
        int v = r * cols + c;
        int[] nbrs = {
            c + 1 < cols ? v + 1 : (wrap && cols > 1 ? r * cols : -1),
            r + 1 < rows ? v + cols : (wrap && rows > 1 ? c : -1)};
        for (int w : nbrs) {
          if (w >= 0 && w != v && seen.add((long) Math.min(v, w) * n + Math.max(v, w))) {
            arcs.add(v, w);
            arcs.add(w, v);
          }
        }
      }
    }
  }

  /** How this network was described. */
  public Topology topology() {
    return topology;
  }

  /** Number of nodes. */
  public int nodes() {
    return nodes;
  }

  /** Number of arcs. */
  public int arcs() {
    return completeDegree > 0 ? nodes * completeDegree : tail.length;
  }

  /** Number of undirected edges (a pair of opposing arcs is one edge; a one-way arc is its own edge). */
  public int edges() {
    return edges;
  }

  /** Tail (sending node) of an arc. */
  public int tail(int arc) {
    return completeDegree > 0 ? arc / completeDegree : tail[arc];
  }

  /** Head (receiving node) of an arc. */
  public int head(int arc) {
    if (completeDegree > 0) {
      int r = arc % completeDegree;
      return r < arc / completeDegree ? r : r + 1;
    }
    return head[arc];
  }

  /** The opposing arc, or -1 if there is none. */
  public int reverse(int arc) {
    return completeDegree > 0 ? arc(head(arc), tail(arc)) : reverse[arc];
  }

  /** The undirected edge an arc belongs to (opposing arcs share it). */
  public int edge(int arc) {
    if (completeDegree > 0) {
      // links in the order their first arc comes: pairs x < y, x major
      long x = Math.min(tail(arc), head(arc));
      long y = Math.max(tail(arc), head(arc));
      return (int) (x * completeDegree - x * (x - 1) / 2 + (y - x - 1));
    }
    return edge[arc];
  }

  /** The arc u->v, or -1 if there is none. */
  public int arc(int u, int v) {
    if (completeDegree > 0) {
      return u == v || u < 0 || v < 0 || u >= nodes || v >= nodes ? -1
          : u * completeDegree + (v < u ? v : v - 1);
    }
    int lo = outStart[u];
    int hi = outStart[u + 1] - 1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      int h = head[outArcs[mid]];
      if (h < v) {
        lo = mid + 1;
      } else if (h > v) {
        hi = mid - 1;
      } else {
        return outArcs[mid];
      }
    }
    return -1;
  }

  /** Out-degree of a node. */
  public int outDegree(int v) {
    return completeDegree > 0 ? completeDegree : outStart[v + 1] - outStart[v];
  }

  /** The i-th out-arc of v, out-arcs sorted by head. */
  public int outArc(int v, int i) {
    return completeDegree > 0 ? v * completeDegree + i : outArcs[outStart[v] + i];
  }

  /** In-degree of a node. */
  public int inDegree(int v) {
    return completeDegree > 0 ? completeDegree : inStart[v + 1] - inStart[v];
  }

  /** The i-th in-arc of v, in-arcs sorted by tail. */
  public int inArc(int v, int i) {
    return completeDegree > 0 ? arc(i < v ? i : i + 1, v) : inArcs[inStart[v] + i];
  }

  /** Hop distances from {@code s} along arcs (breadth first); -1 for nodes not reached. */
  public int[] distancesFrom(int s) {
    int n = nodes();
    int[] d = new int[n];
    java.util.Arrays.fill(d, completeDegree > 0 ? 1 : -1);
    d[s] = 0;
    if (completeDegree > 0) {
      return d;
    }
    int[] queue = new int[n];
    int head = 0;
    int tail = 0;
    queue[tail++] = s;
    while (head < tail) {
      int x = queue[head++];
      for (int i = 0; i < outDegree(x); i++) {
        int y = head(outArc(x, i));
        if (d[y] < 0) {
          d[y] = d[x] + 1;
          queue[tail++] = y;
        }
      }
    }
    return d;
  }

  /** Hop distances to {@code t} along arcs (breadth first over in-arcs); -1 for nodes that do not reach it. */
  public int[] distancesTo(int t) {
    if (completeDegree > 0) {
      return distancesFrom(t); // 1 everywhere else: symmetric
    }
    int n = nodes();
    int[] d = new int[n];
    java.util.Arrays.fill(d, -1);
    d[t] = 0;
    int[] queue = new int[n];
    int head = 0;
    int tail = 0;
    queue[tail++] = t;
    while (head < tail) {
      int x = queue[head++];
      for (int i = inStart[x]; i < inStart[x + 1]; i++) {
        int y = this.tail[inArcs[i]];
        if (d[y] < 0) {
          d[y] = d[x] + 1;
          queue[tail++] = y;
        }
      }
    }
    return d;
  }

  /**
   * The strongly connected components, numbered in a topological order of the component graph: an arc goes from
   * a component to itself or to a later one, so u reaches v when both are in one component and never when u's
   * component comes after v's (on a network of links the components are the connected ones). Kosaraju's two
   * passes, without recursion, in O(nodes + arcs): it answers most reachability questions of a large drawing
   * without a search per node pair.
   */
  public int[] strongComponents() {
    int n = nodes();
    int[] comp = new int[n];
    if (completeDegree > 0 || n == 0) {
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
      next[s] = outStart[s];
      while (top > 0) {
        int x = stack[top - 1];
        if (next[x] < outStart[x + 1]) {
          int y = head[outArcs[next[x]++]];
          if (!seen[y]) {
            seen[y] = true;
            next[y] = outStart[y];
            stack[top++] = y;
          }
        } else {
          top--;
          order[finished++] = x;
        }
      }
    }
    // pass 2: in decreasing finishing time, each unassigned node's component is what reaches it backwards
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
        for (int i = inStart[x]; i < inStart[x + 1]; i++) {
          int y = tail[inArcs[i]];
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
   * This network with node names (see docs/models/README.md#node-labels): entry v names node v. An empty
   * list removes the names.
   *
   * @throws ModelException at {@code /network/labels} (or one entry) when the count differs from the number of
   *     nodes, a name is empty, or two nodes share a name
   */
  public Network withLabels(List<String> names) {
    List<String> copy = List.copyOf(names);
    if (!copy.isEmpty()) {
      if (copy.size() != nodes) {
        throw new ModelException("/network/labels", "the network has " + nodes + " nodes but " + copy.size()
            + " labels; give one label per node, in node order");
      }
      java.util.Map<String, Integer> seen = new java.util.HashMap<>();
      for (int v = 0; v < nodes; v++) {
        String s = copy.get(v);
        if (s.isEmpty()) {
          throw new ModelException("/network/labels/" + v, "the label of node " + v + " is empty; name it");
        }
        Integer w = seen.putIfAbsent(s, v);
        if (w != null) {
          throw new ModelException("/network/labels/" + v, "nodes " + w + " and " + v + " are both labelled \""
              + s + "\"; labels must be unique");
        }
      }
    }
    return new Network(this, copy);
  }

  /** The node names (entry v names node v), or an empty list when the nodes are known by number only. */
  public List<String> labels() {
    return labels;
  }

  /**
   * How messages name node v: {@code "paris (#0)"} when the network has labels, else the number {@code "0"}.
   * The one place node names are formatted for people; files and JSON outputs keep the numbers.
   */
  public String nodeName(int v) {
    return labels.isEmpty() || v < 0 || v >= nodes ? Integer.toString(v) : labels.get(v) + " (#" + v + ")";
  }

  private static final java.util.regex.Pattern NODE_REFERENCE = java.util.regex.Pattern.compile(
      "(?<=\\bnodes? |\\blink |\\blink \\d{1,10}-|->)\\d+\\b|(?<![\\w.#-])\\d+(?=->)");

  /**
   * A sentence about this network with its node numbers named by {@link #nodeName(int)}: the numbers after
   * "node"/"nodes"/"link" and on either side of "->" (arcs and routes, {@code "0->1->2"}), and both ends of
   * {@code "link 2-3"}. Without labels the text is returned unchanged.
   */
  public String nameNodes(String text) {
    if (labels.isEmpty() || text == null) {
      return text;
    }
    java.util.regex.Matcher m = NODE_REFERENCE.matcher(text);
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      String name;
      try {
        name = nodeName(Integer.parseInt(m.group()));
      } catch (NumberFormatException e) {
        name = m.group();
      }
      m.appendReplacement(out, java.util.regex.Matcher.quoteReplacement(name));
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
    return treeParent != null;
  }

  /**
   * Parent of a node in the tree rooted at the family's own root (node 0 for star and bla, the null entry of a
   * tree), or -1 for the root. Only for {@link #isTree()} networks.
   */
  public int treeParent(int v) {
    requireTree();
    return treeParent[v];
  }

  /** Depth of a node in the family's own rooted tree. Only for {@link #isTree()} networks. */
  public int treeDepth(int v) {
    requireTree();
    return treeDepth[v];
  }

  private void requireTree() {
    if (treeParent == null) {
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

  /** Growable arc list, sized up front from the count {@link Footprint#storedArcs} gives. */
  private static final class ArcList {
    private int[] t;
    private int[] h;
    private int size;

    ArcList(long expected) {
      int capacity = (int) Math.max(16, Math.min(expected, Integer.MAX_VALUE - 16));
      t = new int[capacity];
      h = new int[capacity];
    }

    void add(int u, int v) {
      if (size == t.length) {
        t = Arrays.copyOf(t, size * 2);
        h = Arrays.copyOf(h, size * 2);
      }
      t[size] = u;
      h[size++] = v;
    }

    int[] tails() {
      return size == t.length ? t : Arrays.copyOf(t, size);
    }

    int[] heads() {
      return size == h.length ? h : Arrays.copyOf(h, size);
    }
  }
}
