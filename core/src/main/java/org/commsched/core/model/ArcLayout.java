package org.commsched.core.model;

import java.util.Arrays;

/**
 * Where a {@link Network}'s arcs come from: the one seam between the network's accessors and how
 * its arcs are held (docs/DESIGN.md#implicit-networks). Trees and explicit networks store their
 * arcs in arrays ({@link Stored}); every regular family computes them from the node ids ({@link
 * Complete}, {@link Path}, {@link Ring}, {@link Star}, {@link Grid}, {@link Cube}), so a ring of 5
 * x 10^7 nodes costs nothing to build. An implicit layout numbers its arcs exactly as the stored
 * construction of its family would (the arc list of {@link Topology}'s family order, out- arcs
 * sorted by head, in-arcs by tail, links in the order of their first arc; {@code
 * ArcLayoutProperties} holds every accessor of every family to that construction), so heuristics
 * break ties the same way whichever layout they get.
 *
 * <p>Arguments are not checked beyond what each method says: {@link #arc(int, int)} answers -1 for
 * a node out of range in the implicit layouts, and the arc-indexed methods expect {@code 0 <= arc <
 * arcs()}.
 *
 * @implNote Immutable.
 */
abstract sealed class ArcLayout {
  /** Number of nodes. */
  final int nodes;

  ArcLayout(int nodes) {
    this.nodes = nodes;
  }

  abstract int arcs();

  abstract int edges();

  abstract int tail(int arc);

  abstract int head(int arc);

  abstract int edge(int arc);

  /** The arc u->v, or -1. */
  abstract int arc(int u, int v);

  abstract int outDegree(int v);

  /** The i-th out-arc of v, out-arcs sorted by head. */
  abstract int outArc(int v, int i);

  abstract int inDegree(int v);

  /** The i-th in-arc of v, in-arcs sorted by tail. */
  abstract int inArc(int v, int i);

  /** The opposing arc, or -1. */
  int reverse(int arc) {
    return arc(head(arc), tail(arc));
  }

  /** True for the families that are trees with bidirectional links (tree, star, bla). */
  boolean isTree() {
    return false;
  }

  /** Parent in the family's own rooted tree, -1 for the root; only when {@link #isTree()}. */
  int treeParent(int v) {
    throw new IllegalStateException("not a tree");
  }

  /** Depth in the family's own rooted tree; only when {@link #isTree()}. */
  int treeDepth(int v) {
    throw new IllegalStateException("not a tree");
  }

  /**
   * True if {@link #distance(int, int)} is a formula of the ids (every implicit family), false for
   * stored arcs.
   */
  boolean closedDistances() {
    return true;
  }

  /**
   * Hops from u to v along the arcs, -1 if v cannot be reached; only when {@link
   * #closedDistances()}.
   */
  int distance(int u, int v) {
    throw new IllegalStateException("no closed form");
  }

  /**
   * The parent of v in the breadth-first tree of routes from {@code root} ({@code fromRoot}: the
   * smallest-id w with an arc w->v and {@code distance(root, w) = distance(root, v) - 1}) or of
   * routes to it (the smallest-id w with an arc v->w and {@code distance(w, root) = distance(v,
   * root) - 1}); -1 for the root and for nodes the root does not reach (from) or that do not reach
   * it (to). A formula of the ids, no arc listed; only when {@link #closedDistances()}.
   */
  int closerNeighbour(int v, int root, boolean fromRoot) {
    throw new IllegalStateException("no closed form");
  }

  /**
   * Hop distances from s along the arcs, -1 for nodes not reached: the formula, else breadth first.
   */
  int[] distancesFrom(int s) {
    int[] d = new int[nodes];
    if (closedDistances()) {
      for (int v = 0; v < nodes; v++) {
        d[v] = distance(s, v);
      }
      return d;
    }
    Arrays.fill(d, -1);
    d[s] = 0;
    int[] queue = new int[nodes];
    int first = 0;
    int last = 0;
    queue[last++] = s;
    while (first < last) {
      int x = queue[first++];
      for (int i = 0; i < outDegree(x); i++) {
        int y = head(outArc(x, i));
        if (d[y] < 0) {
          d[y] = d[x] + 1;
          queue[last++] = y;
        }
      }
    }
    return d;
  }

  /**
   * The layout of a topology: computed for the regular families, stored for trees and explicit
   * networks.
   */
  static ArcLayout of(Topology t) {
    if (t instanceof Topology.Ula u) {
      return new Path(u.nodes(), false);
    } else if (t instanceof Topology.Bla b) {
      return new Path(b.nodes(), true);
    } else if (t instanceof Topology.URing r) {
      return new Ring(r.nodes(), false);
    } else if (t instanceof Topology.Ring r) {
      return new Ring(r.nodes(), true);
    } else if (t instanceof Topology.Star s) {
      return new Star(s.nodes());
    } else if (t instanceof Topology.Complete c) {
      return new Complete(c.nodes());
    } else if (t instanceof Topology.Esm g) {
      return new Grid(g.rows(), g.cols(), false, false);
    } else if (t instanceof Topology.Mesh g) {
      return new Grid(g.rows(), g.cols(), true, false);
    } else if (t instanceof Topology.Torus g) {
      return new Grid(g.rows(), g.cols(), true, true);
    } else if (t instanceof Topology.Hypercube h) {
      return new Cube(h.dimension(), false);
    } else if (t instanceof Topology.FoldedHypercube h) {
      return new Cube(h.dimension(), true);
    } else if (t instanceof Topology.Tree || t instanceof Topology.Explicit) {
      return Stored.of(t);
    }
    throw new IllegalStateException("unknown topology " + t);
  }

  private static boolean outside(int v, int n) {
    return v < 0 || v >= n;
  }

  /**
   * Arcs in arrays: the tail and head of each arc in list order, out- and in-lists (CSR) sorted by
   * head and by tail, reverses and links. For trees (given by their parent list) and explicit
   * networks.
   */
  static final class Stored extends ArcLayout {
    private final int[] tail;
    private final int[] head;
    private final int[] reverse;
    private final int[] edge;
    private final int edges;
    private final int[] outStart;
    private final int[] outArcs;
    private final int[] inStart;
    private final int[] inArcs;
    private final int[] treeParent; // trees only, else null
    private final int[] treeDepth;

    static Stored of(Topology t) {
      ArcList arcs = new ArcList(Footprint.storedArcs(t)); // sized once: no doubling copies
      if (t instanceof Topology.Tree tr) {
        int n = tr.parents().size();
        int[] parent = new int[n];
        for (int v = 0; v < n; v++) {
          parent[v] = tr.parents().get(v);
          if (parent[v] >= 0) {
            arcs.add(parent[v], v);
            arcs.add(v, parent[v]);
          }
        }
        return new Stored(n, arcs.tails(), arcs.heads(), parent);
      }
      Topology.Explicit ex = (Topology.Explicit) t;
      int n = ex.nodes();
      java.util.HashSet<Long> seen = new java.util.HashSet<>();
      String key = ex.links() ? "links" : "arcs";
      for (int i = 0; i < ex.pairs().size(); i++) {
        Topology.Pair p = ex.pairs().get(i);
        if (!seen.add((long) p.u() * n + p.v())) {
          throw new ModelException(
              "/network/" + key + "/" + i,
              "duplicate "
                  + (ex.links() ? "link" : "arc")
                  + " "
                  + p.u()
                  + (ex.links() ? "-" : "->")
                  + p.v()
                  + ": list each one once");
        }
        if (ex.links() && !seen.add((long) p.v() * n + p.u())) {
          throw new ModelException(
              "/network/" + key + "/" + i,
              "duplicate link "
                  + p.u()
                  + "-"
                  + p.v()
                  + ": list each link once (a link already stands for both directions)");
        }
        arcs.add(p.u(), p.v());
        if (ex.links()) {
          arcs.add(p.v(), p.u());
        }
      }
      return new Stored(n, arcs.tails(), arcs.heads(), null);
    }

    private Stored(int nodes, int[] tail, int[] head, int[] treeParent) {
      super(nodes);
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
      // insertion sort for short lists, else a sort of (key, arc) pairs
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

    @Override
    int arcs() {
      return tail.length;
    }

    @Override
    int edges() {
      return edges;
    }

    @Override
    int tail(int arc) {
      return tail[arc];
    }

    @Override
    int head(int arc) {
      return head[arc];
    }

    @Override
    int reverse(int arc) {
      return reverse[arc];
    }

    @Override
    int edge(int arc) {
      return edge[arc];
    }

    @Override
    int arc(int u, int v) {
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

    @Override
    int outDegree(int v) {
      return outStart[v + 1] - outStart[v];
    }

    @Override
    int outArc(int v, int i) {
      return outArcs[outStart[v] + i];
    }

    @Override
    int inDegree(int v) {
      return inStart[v + 1] - inStart[v];
    }

    @Override
    int inArc(int v, int i) {
      return inArcs[inStart[v] + i];
    }

    @Override
    boolean isTree() {
      return treeParent != null;
    }

    @Override
    boolean closedDistances() {
      return false;
    }

    @Override
    int treeParent(int v) {
      return treeParent[v];
    }

    @Override
    int treeDepth(int v) {
      return treeDepth[v];
    }
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

  /**
   * A complete graph of {@code p} nodes: arc u->v is {@code u (p - 1) + v} for {@code v < u},
   * {@code u (p - 1) + v - 1} for {@code v > u} (tail major, heads ascending); links are the pairs
   * {@code x < y}, x major.
   */
  static final class Complete extends ArcLayout {
    private final int degree;

    Complete(int nodes) {
      super(nodes);
      this.degree = nodes - 1;
    }

    @Override
    int arcs() {
      return nodes * degree;
    }

    @Override
    int edges() {
      return (int) ((long) nodes * degree / 2);
    }

    @Override
    int tail(int arc) {
      return arc / degree;
    }

    @Override
    int head(int arc) {
      int r = arc % degree;
      return r < arc / degree ? r : r + 1;
    }

    @Override
    int edge(int arc) {
      long x = Math.min(tail(arc), head(arc));
      long y = Math.max(tail(arc), head(arc));
      return (int) (x * degree - x * (x - 1) / 2 + (y - x - 1));
    }

    @Override
    int arc(int u, int v) {
      return u == v || outside(u, nodes) || outside(v, nodes)
          ? -1
          : u * degree + (v < u ? v : v - 1);
    }

    @Override
    int outDegree(int v) {
      return degree;
    }

    @Override
    int outArc(int v, int i) {
      return v * degree + i;
    }

    @Override
    int inDegree(int v) {
      return degree;
    }

    @Override
    int inArc(int v, int i) {
      return arc(i < v ? i : i + 1, v);
    }

    @Override
    int distance(int u, int v) {
      return u == v ? 0 : 1;
    }

    @Override
    int closerNeighbour(int v, int root, boolean fromRoot) {
      return v == root ? -1 : root; // every other node is one hop from the root, both ways
    }
  }

  /**
   * A linear array of n nodes: arcs {@code x -> x+1} are arcs {@code 0..n-2}; a bidirectional one
   * adds {@code x+1 -> x} as arc {@code n-1+x}. The bidirectional one is a tree rooted at node 0 (a
   * path).
   */
  static final class Path extends ArcLayout {
    private final boolean both;
    private final int half;

    Path(int nodes, boolean both) {
      super(nodes);
      this.both = both;
      this.half = nodes - 1;
    }

    @Override
    int arcs() {
      return both ? 2 * half : half;
    }

    @Override
    int edges() {
      return half;
    }

    @Override
    int tail(int arc) {
      return arc < half ? arc : arc - half + 1;
    }

    @Override
    int head(int arc) {
      return arc < half ? arc + 1 : arc - half;
    }

    @Override
    int reverse(int arc) {
      return !both ? -1 : arc < half ? arc + half : arc - half;
    }

    @Override
    int edge(int arc) {
      return arc < half ? arc : arc - half;
    }

    @Override
    int arc(int u, int v) {
      if (outside(u, nodes) || outside(v, nodes)) {
        return -1;
      }
      return v == u + 1 ? u : both && u == v + 1 ? half + v : -1;
    }

    @Override
    int outDegree(int v) {
      return (v + 1 < nodes ? 1 : 0) + (both && v > 0 ? 1 : 0);
    }

    @Override
    int outArc(int v, int i) {
      // heads ascending: v-1 (bidirectional only), then v+1
      return both && v > 0 && i == 0 ? half + v - 1 : v;
    }

    @Override
    int inDegree(int v) {
      return (v > 0 ? 1 : 0) + (both && v + 1 < nodes ? 1 : 0);
    }

    @Override
    int inArc(int v, int i) {
      // tails ascending: v-1, then v+1 (bidirectional only)
      return v > 0 && i == 0 ? v - 1 : half + v;
    }

    @Override
    boolean isTree() {
      return both;
    }

    @Override
    int treeParent(int v) {
      return v - 1;
    }

    @Override
    int treeDepth(int v) {
      return v;
    }

    @Override
    int distance(int u, int v) {
      return v >= u ? v - u : both ? u - v : -1;
    }

    @Override
    int closerNeighbour(int v, int root, boolean fromRoot) {
      // the one neighbour on the root's side; a ula's arcs go up only
      if (v == root || (!both && (v > root) != fromRoot)) {
        return -1;
      }
      return v > root ? v - 1 : v + 1;
    }
  }

  /**
   * A ring of n nodes: arcs {@code x -> x+1 mod n} are arcs {@code 0..n-1}; a bidirectional ring
   * adds {@code x+1 mod n -> x} as arc {@code n+x}. A one-way ring of 2 nodes has one link (its two
   * arcs oppose).
   */
  static final class Ring extends ArcLayout {
    private final boolean both;

    Ring(int nodes, boolean both) {
      super(nodes);
      this.both = both;
    }

    private int next(int v) {
      return v + 1 == nodes ? 0 : v + 1;
    }

    private int previous(int v) {
      return v == 0 ? nodes - 1 : v - 1;
    }

    @Override
    int arcs() {
      return both ? 2 * nodes : nodes;
    }

    @Override
    int edges() {
      return !both && nodes == 2 ? 1 : nodes;
    }

    @Override
    int tail(int arc) {
      return arc < nodes ? arc : next(arc - nodes);
    }

    @Override
    int head(int arc) {
      return arc < nodes ? next(arc) : arc - nodes;
    }

    @Override
    int reverse(int arc) {
      if (both) {
        return arc < nodes ? arc + nodes : arc - nodes;
      }
      return nodes == 2 ? 1 - arc : -1;
    }

    @Override
    int edge(int arc) {
      if (arc >= nodes) {
        return arc - nodes;
      }
      return !both && nodes == 2 ? 0 : arc;
    }

    @Override
    int arc(int u, int v) {
      if (outside(u, nodes) || outside(v, nodes)) {
        return -1;
      }
      return v == next(u) ? u : both && u == next(v) ? nodes + v : -1;
    }

    @Override
    int outDegree(int v) {
      return both ? 2 : 1;
    }

    @Override
    int outArc(int v, int i) {
      if (!both) {
        return v;
      }
      int forward = v; // head next(v)
      int backward = nodes + previous(v); // head previous(v)
      boolean forwardFirst = next(v) < previous(v);
      return (i == 0) == forwardFirst ? forward : backward;
    }

    @Override
    int inDegree(int v) {
      return both ? 2 : 1;
    }

    @Override
    int inArc(int v, int i) {
      if (!both) {
        return previous(v);
      }
      int fromPrevious = previous(v);
      int fromNext = nodes + v;
      boolean previousFirst = previous(v) < next(v);
      return (i == 0) == previousFirst ? fromPrevious : fromNext;
    }

    @Override
    int distance(int u, int v) {
      int forward = v >= u ? v - u : v - u + nodes;
      return both ? Math.min(forward, nodes - forward) : forward;
    }

    @Override
    int closerNeighbour(int v, int root, boolean fromRoot) {
      if (v == root) {
        return -1;
      }
      if (!both) { // the one arc into v comes from previous(v), the one out of v goes to next(v)
        return fromRoot ? previous(v) : next(v);
      }
      // both neighbours are closer when v is opposite the root on an even ring: the smaller id
      int d = distance(root, v);
      int p = previous(v);
      int q = next(v);
      boolean pCloser = distance(root, p) == d - 1;
      boolean qCloser = distance(root, q) == d - 1;
      return pCloser && qCloser ? Math.min(p, q) : pCloser ? p : q;
    }
  }

  /**
   * A star: centre 0, leaf x linked by arcs {@code 0 -> x} (arc {@code 2(x-1)}) and {@code x -> 0}
   * (the next).
   */
  static final class Star extends ArcLayout {
    Star(int nodes) {
      super(nodes);
    }

    @Override
    int arcs() {
      return 2 * (nodes - 1);
    }

    @Override
    int edges() {
      return nodes - 1;
    }

    @Override
    int tail(int arc) {
      return (arc & 1) == 0 ? 0 : (arc >> 1) + 1;
    }

    @Override
    int head(int arc) {
      return (arc & 1) == 0 ? (arc >> 1) + 1 : 0;
    }

    @Override
    int reverse(int arc) {
      return arc ^ 1;
    }

    @Override
    int edge(int arc) {
      return arc >> 1;
    }

    @Override
    int arc(int u, int v) {
      if (outside(u, nodes) || outside(v, nodes)) {
        return -1;
      }
      return u == 0 && v > 0 ? 2 * (v - 1) : v == 0 && u > 0 ? 2 * (u - 1) + 1 : -1;
    }

    @Override
    int outDegree(int v) {
      return v == 0 ? nodes - 1 : 1;
    }

    @Override
    int outArc(int v, int i) {
      return v == 0 ? 2 * i : 2 * (v - 1) + 1;
    }

    @Override
    int inDegree(int v) {
      return v == 0 ? nodes - 1 : 1;
    }

    @Override
    int inArc(int v, int i) {
      return v == 0 ? 2 * i + 1 : 2 * (v - 1);
    }

    @Override
    boolean isTree() {
      return true;
    }

    @Override
    int treeParent(int v) {
      return v == 0 ? -1 : 0;
    }

    @Override
    int treeDepth(int v) {
      return v == 0 ? 0 : 1;
    }

    @Override
    int distance(int u, int v) {
      return u == v ? 0 : u == 0 || v == 0 ? 1 : 2;
    }

    @Override
    int closerNeighbour(int v, int root, boolean fromRoot) {
      // a leaf hangs on the centre; the centre on the root when the root is a leaf
      return v == root ? -1 : v == 0 ? root : 0;
    }
  }

  /**
   * A grid of rows x cols, node (r, c) = {@code r * cols + c}. Each node in id order brings its
   * link east (to {@code c+1}, or on a torus of more than 2 columns from the last column to the
   * first), then its link south (the same with rows); a link is one arc (ESM: forward only) or two,
   * forward then backward. So the links before node v are those of the rows above it and of the
   * nodes left of it in its row, in closed form both ways.
   */
  static final class Grid extends ArcLayout {
    private final int rows;
    private final int cols;
    private final int perLink; // arcs per link: 1 (ESM) or 2
    private final boolean wrapEast;
    private final boolean wrapSouth;
    private final int eastPerRow;
    private final int links;

    Grid(int rows, int cols, boolean both, boolean wrap) {
      super(rows * cols);
      this.rows = rows;
      this.cols = cols;
      this.perLink = both ? 2 : 1;
      this.wrapEast = wrap && cols > 2;
      this.wrapSouth = wrap && rows > 2;
      this.eastPerRow = cols - 1 + (wrapEast ? 1 : 0);
      this.links = rows * eastPerRow + cols * (rows - 1 + (wrapSouth ? 1 : 0));
    }

    /** The node v's east link leads to, or -1 when v brings none. */
    private int east(int v) {
      int c = v % cols;
      return c + 1 < cols ? v + 1 : wrapEast ? v - c : -1;
    }

    /** The node v's south link leads to, or -1 when v brings none. */
    private int south(int v) {
      int r = v / cols;
      return r + 1 < rows ? v + cols : wrapSouth ? v % cols : -1;
    }

    private boolean southRow(int r) {
      return r + 1 < rows || wrapSouth;
    }

    /** The number of links brought by the nodes before v. */
    private int linksBefore(int v) {
      int r = v / cols;
      int c = v % cols;
      return r * (eastPerRow + cols) + c + (southRow(r) ? c : 0);
    }

    /** Link l as {@code 2 v + (0 east, 1 south)}, v the node that brings it. */
    private long link(int l) {
      int perRow = eastPerRow + cols;
      int r = Math.min(l / perRow, rows - 1);
      int rem = l - r * perRow;
      int c;
      boolean isEast;
      if (southRow(r)) {
        if (rem < 2 * (cols - 1)) {
          c = rem / 2;
          isEast = rem % 2 == 0;
        } else {
          c = cols - 1;
          isEast = wrapEast && rem == 2 * (cols - 1);
        }
      } else {
        c = rem;
        isEast = true;
      }
      return 2L * (r * cols + c) + (isEast ? 0 : 1);
    }

    private int far(long link) {
      int v = (int) (link >> 1);
      return (link & 1) == 0 ? east(v) : south(v);
    }

    @Override
    int arcs() {
      return perLink * links;
    }

    @Override
    int edges() {
      return links;
    }

    @Override
    int tail(int arc) {
      long l = link(arc / perLink);
      return arc % perLink == 0 ? (int) (l >> 1) : far(l);
    }

    @Override
    int head(int arc) {
      long l = link(arc / perLink);
      return arc % perLink == 0 ? far(l) : (int) (l >> 1);
    }

    @Override
    int reverse(int arc) {
      return perLink == 1 ? -1 : arc ^ 1;
    }

    @Override
    int edge(int arc) {
      return arc / perLink;
    }

    @Override
    int arc(int u, int v) {
      if (outside(u, nodes) || outside(v, nodes) || u == v) {
        return -1;
      }
      int l = forwardLink(u, v);
      if (l >= 0) {
        return l * perLink;
      }
      if (perLink == 2) {
        l = forwardLink(v, u);
        if (l >= 0) {
          return 2 * l + 1;
        }
      }
      return -1;
    }

    /** The link u brings to v, or -1. */
    private int forwardLink(int u, int v) {
      int e = east(u);
      if (v == e) {
        return linksBefore(u);
      }
      if (v == south(u)) {
        return linksBefore(u) + (e >= 0 ? 1 : 0);
      }
      return -1;
    }

    /**
     * Candidate neighbour k (0..3) of v: east, west, south, north, with wrap-around; may repeat or
     * be v.
     */
    private int candidate(int v, int k) {
      int r = v / cols;
      int c = v % cols;
      switch (k) {
        case 0:
          return c + 1 < cols ? v + 1 : v - c;
        case 1:
          return c > 0 ? v - 1 : v + cols - 1;
        case 2:
          return r + 1 < rows ? v + cols : c;
        default:
          return r > 0 ? v - cols : (rows - 1) * cols + c;
      }
    }

    /**
     * The i-th arc (by the far end ascending) between v and its neighbours, out of v when {@code
     * out}, else into v; with i = -1 the number of them. No list: the neighbours are at most four.
     */
    private int nth(int v, int i, boolean out) {
      int previous = -1;
      for (int step = 0; ; step++) {
        int least = Integer.MAX_VALUE;
        int leastArc = -1;
        for (int k = 0; k < 4; k++) {
          int w = candidate(v, k);
          if (w > previous && w < least) {
            int a = out ? arc(v, w) : arc(w, v);
            if (a >= 0) {
              least = w;
              leastArc = a;
            }
          }
        }
        if (leastArc < 0) {
          return i < 0 ? step : -1;
        }
        if (step == i) {
          return leastArc;
        }
        previous = least;
      }
    }

    @Override
    int outDegree(int v) {
      return nth(v, -1, true);
    }

    @Override
    int outArc(int v, int i) {
      return nth(v, i, true);
    }

    @Override
    int inDegree(int v) {
      return nth(v, -1, false);
    }

    @Override
    int inArc(int v, int i) {
      return nth(v, i, false);
    }

    /**
     * Hops along one axis (of {@code size} places) from place {@code from} to place {@code to}:
     * forward only on an ESM (-1 backward), either way on a mesh, the shorter way round on a torus
     * side that wraps.
     */
    private int axis(int from, int to, int size, boolean wrap) {
      int x = to - from;
      if (perLink == 1) {
        return x >= 0 ? x : -1;
      }
      x = Math.abs(x);
      return wrap ? Math.min(x, size - x) : x;
    }

    /**
     * The place one step from x along an axis of {@code size} places (k = -1 back, +1 on); -1 if no
     * link goes on.
     */
    private static int step(int x, int k, int size, boolean wrap) {
      int y = x + k;
      return y >= 0 && y < size ? y : wrap ? (y + size) % size : -1;
    }

    @Override
    int closerNeighbour(int v, int root, boolean fromRoot) {
      if (v == root) {
        return -1;
      }
      int r = v / cols;
      int c = v - r * cols;
      int rootRow = root / cols;
      int rootCol = root - rootRow * cols;
      int dr = fromRoot ? axis(rootRow, r, rows, wrapSouth) : axis(r, rootRow, rows, wrapSouth);
      int dc = fromRoot ? axis(rootCol, c, cols, wrapEast) : axis(c, rootCol, cols, wrapEast);
      if (dr < 0 || dc < 0) {
        return -1;
      }
      if (!wrapEast && !wrapSouth) {
        // no wrap (ESM, mesh): the closer neighbours lie toward the root's row and column; by id
        // north, west, east,
        // south (on an ESM a reached node's closer ones are among north and west, or east and
        // south, as its arcs run)
        return r > rootRow ? v - cols : c > rootCol ? v - 1 : c < rootCol ? v + 1 : v + cols;
      }
      // a torus (links both ways, distances symmetric): the up to four neighbours one hop closer
      // along their axis, so
      // one hop closer in all; the smallest id wins (on a side of even length both ways round may
      // be closer)
      int best = Integer.MAX_VALUE;
      for (int k = -1; k <= 1; k += 2) {
        int r2 = step(r, k, rows, wrapSouth);
        if (dr > 0 && r2 >= 0 && axis(rootRow, r2, rows, wrapSouth) == dr - 1) {
          best = Math.min(best, r2 * cols + c);
        }
        int c2 = step(c, k, cols, wrapEast);
        if (dc > 0 && c2 >= 0 && axis(rootCol, c2, cols, wrapEast) == dc - 1) {
          best = Math.min(best, r * cols + c2);
        }
      }
      return best;
    }

    @Override
    int distance(int u, int v) {
      int dr = v / cols - u / cols;
      int dc = v % cols - u % cols;
      if (perLink == 1) {
        return dr >= 0 && dc >= 0 ? dr + dc : -1;
      }
      int ar = Math.abs(dr);
      int ac = Math.abs(dc);
      return (wrapSouth ? Math.min(ar, rows - ar) : ar) + (wrapEast ? Math.min(ac, cols - ac) : ac);
    }
  }

  /**
   * A hypercube of dimension d: arc {@code u k + b} is {@code u -> u XOR 2^b} for b < d, k = d arcs
   * per node; a folded hypercube has k = d + 1 and arc {@code u k + d} to the antipode {@code u XOR
   * (2^d - 1)}. Out-arcs by head: the set bits of u from the highest (heads below u), then the
   * clear bits from the lowest, with the antipode placed at its rank; links in the order of their
   * first arc, the arcs to a larger id.
   */
  static final class Cube extends ArcLayout {
    private final int dimension;
    private final int perNode;
    private final boolean folded;

    Cube(int dimension, boolean folded) {
      super(1 << dimension);
      this.dimension = dimension;
      this.folded = folded;
      this.perNode = folded ? dimension + 1 : dimension;
    }

    @Override
    int arcs() {
      return nodes * perNode;
    }

    @Override
    int edges() {
      return (int) ((long) nodes * perNode / 2);
    }

    @Override
    int tail(int arc) {
      return arc / perNode;
    }

    @Override
    int head(int arc) {
      int u = arc / perNode;
      int b = arc % perNode;
      return b < dimension ? u ^ (1 << b) : u ^ (nodes - 1);
    }

    @Override
    int reverse(int arc) {
      return head(arc) * perNode + arc % perNode;
    }

    @Override
    int edge(int arc) {
      int u = arc / perNode;
      int b = arc % perNode;
      if (head(arc) < u) {
        return edge(reverse(arc));
      }
      // arcs to a larger id before this one: clear bits of every node below u (and the antipodal
      // arcs of the nodes
      // of the lower half), then the clear bits of u below b
      long before = (long) dimension * u - setBitsBelow(u) + (folded ? Math.min(u, nodes / 2) : 0);
      int lowBits = b < dimension ? u & ((1 << b) - 1) : u;
      int clearBelow = Math.min(b, dimension) - Integer.bitCount(lowBits);
      return (int) (before + clearBelow);
    }

    /** The total number of set bits of the ids {@code 0..u-1}. */
    private long setBitsBelow(int u) {
      long total = 0;
      for (int j = 0; j < dimension; j++) {
        long cycle = 1L << (j + 1);
        total += ((long) u / cycle) * (1L << j) + Math.max(0, (u % cycle) - (1L << j));
      }
      return total;
    }

    @Override
    int arc(int u, int v) {
      if (outside(u, nodes) || outside(v, nodes)) {
        return -1;
      }
      int x = u ^ v;
      if (x != 0 && (x & (x - 1)) == 0) {
        return u * perNode + Integer.numberOfTrailingZeros(x);
      }
      return folded && x == nodes - 1 ? u * perNode + dimension : -1;
    }

    @Override
    int outDegree(int v) {
      return perNode;
    }

    @Override
    int outArc(int v, int i) {
      int j = i;
      if (folded) {
        int antipode = v ^ (nodes - 1);
        int rank = 0;
        for (int b = 0; b < dimension; b++) {
          rank += (v ^ (1 << b)) < antipode ? 1 : 0;
        }
        if (i == rank) {
          return v * perNode + dimension;
        }
        j = i > rank ? i - 1 : i;
      }
      // hypercube heads ascending: set bits from the highest, then clear bits from the lowest
      int set = Integer.bitCount(v);
      if (j < set) {
        for (int b = dimension - 1; b >= 0; b--) {
          if ((v >> b & 1) == 1 && j-- == 0) {
            return v * perNode + b;
          }
        }
      }
      j -= set;
      for (int b = 0; ; b++) {
        if ((v >> b & 1) == 0 && j-- == 0) {
          return v * perNode + b;
        }
      }
    }

    @Override
    int inDegree(int v) {
      return perNode;
    }

    @Override
    int inArc(int v, int i) {
      // the neighbours are the same both ways: the i-th by id, and its arc of the same bit back to
      // v
      int out = outArc(v, i);
      return head(out) * perNode + out % perNode;
    }

    @Override
    int distance(int u, int v) {
      int bits = Integer.bitCount(u ^ v);
      return folded ? Math.min(bits, dimension + 1 - bits) : bits;
    }

    @Override
    int closerNeighbour(int v, int root, boolean fromRoot) {
      // links both ways and distances symmetric, so both directions hang v on the same node
      int differ = v ^ root;
      if (differ == 0) {
        return -1;
      }
      if (!folded) {
        // the closer neighbours flip a bit where v and the root differ; clearing the highest set
        // one of them gives
        // the smallest id, and when v has none of them set, setting the lowest
        int down = differ & v;
        return v ^ (down != 0 ? Integer.highestOneBit(down) : Integer.lowestOneBit(differ));
      }
      int d = distance(v, root);
      int best = Integer.MAX_VALUE;
      for (int b = 0; b <= dimension; b++) {
        int w = b < dimension ? v ^ (1 << b) : v ^ (nodes - 1);
        if (w < best && distance(w, root) == d - 1) {
          best = w;
        }
      }
      return best;
    }
  }
}
