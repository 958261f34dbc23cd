package org.commsched.heuristics.bufferless.scattergather;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.commsched.core.model.Network;
import org.commsched.core.model.Topology;

/**
 * Several trees rooted at the same node whose edges are pairwise disjoint and whose node sets
 * together cover the network: Technique 1 of Bhatt, Pucci, Ranade and Rosenberg, "Scattering and
 * Gathering Messages in Networks of Processors", §4 (paper Figure 5;
 * docs/models/bufferless-scatter-gather.md#spanning-trees). Under the multiport model each tree
 * carries its own stream, and a node takes part in the tree it is allocated to while being "solely
 * a conduit" in the others.
 *
 * <p><b>Derived, not from the paper.</b> The paper's Figure 5 drawings did not survive; {@link
 * #grid} builds the substitute constructions of
 * docs/models/bufferless-scatter-gather.md#spanning-trees (ours), generalised from the 4x4 corner
 * root to any mesh or torus size and root:
 *
 * <ul>
 *   <li>mesh: tree A is the root's row plus every other column hung from it; tree B is the root's
 *       column plus every other row hung from it. Together they use every link once and are
 *       shortest-path trees; A misses the root's column and B the root's row, so they span the mesh
 *       jointly.
 *   <li>torus (rows, cols at least 3): in coordinates relative to the root, A adds the horizontal
 *       wrap links of the rows other than the root's, and B the vertical wrap links of the other
 *       columns; each then spans the torus, and only the root's two wrap links stay unused.
 * </ul>
 *
 * @implNote Immutable.
 */
public final class TreeCover {
  private final List<SpanningTree> trees;

  /**
   * A cover from its trees (checked with {@link #violations(Network, boolean)}, not here).
   *
   * @throws IllegalArgumentException if the trees differ in root or size, or there are none
   */
  public TreeCover(List<SpanningTree> trees) {
    if (trees == null || trees.isEmpty()) {
      throw new IllegalArgumentException("a cover needs at least one tree");
    }
    this.trees = List.copyOf(trees);
    for (SpanningTree t : this.trees) {
      if (t.root() != this.trees.get(0).root() || t.size() != this.trees.get(0).size()) {
        throw new IllegalArgumentException(
            "the trees of a cover share one root and one node count");
      }
    }
  }

  /** The trees. */
  public List<SpanningTree> trees() {
    return trees;
  }

  /** The common root. */
  public int root() {
    return trees.get(0).root();
  }

  /**
   * The two-tree cover of a mesh or torus from {@code root} (see the class comment).
   *
   * @throws IllegalArgumentException for another family, or a torus side below 3
   */
  public static TreeCover grid(Topology topology, int root) {
    int rows;
    int cols;
    boolean torus;
    if (topology instanceof Topology.Mesh m) {
      rows = m.rows();
      cols = m.cols();
      torus = false;
    } else if (topology instanceof Topology.Torus t) {
      rows = t.rows();
      cols = t.cols();
      torus = true;
      if (rows < 3 || cols < 3) {
        throw new IllegalArgumentException(
            "the torus cover needs at least 3 rows and 3 columns (a side of 2 has "
                + "no separate wrap links), got "
                + rows
                + " x "
                + cols);
      }
    } else {
      throw new IllegalArgumentException(
          "an edge-disjoint tree cover is built for mesh and torus networks only, "
              + "not "
              + topology.family()
              + ": use the bfs or balanced spanning tree");
    }
    int n = rows * cols;
    if (root < 0 || root >= n) {
      throw new IllegalArgumentException("root " + root + " is out of range 0.." + (n - 1));
    }
    int r0 = root / cols;
    int c0 = root % cols;
    int[] a = new int[n];
    int[] b = new int[n];
    for (int r = 0; r < rows; r++) {
      for (int c = 0; c < cols; c++) {
        int v = r * cols + c;
        if (v == root) {
          a[v] = -1;
          b[v] = -1;
          continue;
        }
        if (torus) {
          int rr = Math.floorMod(r - r0, rows); // coordinates relative to the root
          int cc = Math.floorMod(c - c0, cols);
          // A: relative row 0 eastward, relative columns >= 1 southward, relative column 0 by the
          // east wrap
          a[v] =
              rr == 0
                  ? node(r, c - 1, rows, cols)
                  : cc >= 1 ? node(r - 1, c, rows, cols) : node(r, c - 1, rows, cols);
          // B: relative column 0 southward, relative rows >= 1 eastward, relative row 0 by the
          // south wrap
          b[v] =
              cc == 0
                  ? node(r - 1, c, rows, cols)
                  : rr >= 1 ? node(r, c - 1, rows, cols) : node(r - 1, c, rows, cols);
        } else {
          a[v] =
              r == r0
                  ? r0 * cols + (c - Integer.signum(c - c0))
                  : c != c0 ? (r - Integer.signum(r - r0)) * cols + c : SpanningTree.OUTSIDE;
          b[v] =
              c == c0
                  ? (r - Integer.signum(r - r0)) * cols + c0
                  : r != r0 ? r * cols + (c - Integer.signum(c - c0)) : SpanningTree.OUTSIDE;
        }
      }
    }
    return new TreeCover(List.of(new SpanningTree(root, a), new SpanningTree(root, b)));
  }

  private static int node(int r, int c, int rows, int cols) {
    return Math.floorMod(r, rows) * cols + Math.floorMod(c, cols);
  }

  /**
   * What keeps this from being an edge-disjoint cover of {@code net}: a tree edge that is not a
   * link (both arcs), a link used by two trees, a node in no tree, or (with {@code eachSpanning}) a
   * node missing from some tree. Empty if it is one. Each tree is rooted and acyclic by
   * construction ({@link SpanningTree}).
   */
  public List<String> violations(Network net, boolean eachSpanning) {
    List<String> out = new ArrayList<>();
    int n = net.nodes();
    if (root() < 0 || trees.get(0).size() != n) {
      out.add("the trees cover " + trees.get(0).size() + " nodes but the network has " + n);
      return out;
    }
    int[] owner = new int[net.edges()];
    Arrays.fill(owner, -1);
    boolean[] covered = new boolean[n];
    for (int k = 0; k < trees.size(); k++) {
      SpanningTree t = trees.get(k);
      for (int v = 0; v < n; v++) {
        if (!t.contains(v)) {
          if (eachSpanning) {
            out.add("tree " + k + " misses node " + v);
          }
          continue;
        }
        covered[v] = true;
        int p = t.parent(v);
        if (p < 0) {
          continue;
        }
        int down = net.arc(p, v);
        int up = net.arc(v, p);
        if (down < 0 || up < 0) {
          out.add("tree " + k + " uses " + p + "-" + v + ", which is not a link of the network");
          continue;
        }
        int e = net.edge(down);
        if (owner[e] >= 0) {
          out.add("link " + p + "-" + v + " is in tree " + owner[e] + " and tree " + k);
        } else {
          owner[e] = k;
        }
      }
    }
    for (int v = 0; v < n; v++) {
      if (!covered[v]) {
        out.add("node " + v + " is in no tree");
      }
    }
    return out;
  }
}
