package org.commsched.heuristics.bufferless.scattergather;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A tree of network nodes rooted at the scatter source or gather sink, given by a parent list. It
 * may leave nodes out (one tree of an edge-disjoint cover, {@link TreeCover}); {@link
 * #contains(int)} says which.
 *
 * <p>Routes along it: a scatter message to v follows {@link #pathFromRoot(int)}, a gather message
 * from v the same nodes reversed.
 *
 * @implNote Immutable; arrays are copied in and never exposed.
 */
public final class SpanningTree {
  /** Parent marker of a node outside the tree. */
  public static final int OUTSIDE = -2;

  private final int root;
  private final int[] parent;
  private final int[] depth;
  private final int[] bfsOrder; // nodes of the tree by depth, root first
  private final int[] childStart; // CSR children lists, ascending id
  private final int[] children;
  private final int[] top; // root child above each node, -1 for the root and outside

  /**
   * A tree from its parent list.
   *
   * @param root the root
   * @param parent entry v is v's parent, -1 for the root, {@link #OUTSIDE} for a node not in the
   *     tree
   * @throws IllegalArgumentException if the entries do not form one tree rooted at {@code root}
   */
  public SpanningTree(int root, int[] parent) {
    int n = parent.length;
    if (root < 0 || root >= n) {
      throw new IllegalArgumentException("root " + root + " is out of range 0.." + (n - 1));
    }
    this.root = root;
    this.parent = parent.clone();
    if (this.parent[root] != -1) {
      throw new IllegalArgumentException(
          "the root " + root + " must have parent -1, has " + this.parent[root]);
    }
    childStart = new int[n + 1];
    for (int v = 0; v < n; v++) {
      int p = this.parent[v];
      if (v == root || p == OUTSIDE) {
        continue;
      }
      if (p < 0 || p >= n || p == v) {
        throw new IllegalArgumentException(
            "node "
                + v
                + " has parent "
                + p
                + ": use a node id, -1 for the root only, "
                + OUTSIDE
                + " for a node outside the tree");
      }
      childStart[p + 1]++;
    }
    for (int v = 0; v < n; v++) {
      childStart[v + 1] += childStart[v];
    }
    children = new int[childStart[n]];
    int[] fill = Arrays.copyOf(childStart, n);
    for (int v = 0; v < n; v++) {
      int p = this.parent[v];
      if (v != root && p != OUTSIDE) {
        children[fill[p]++] = v;
      }
    }
    depth = new int[n];
    Arrays.fill(depth, -1);
    depth[root] = 0;
    int[] order = new int[n];
    int len = 0;
    order[len++] = root;
    for (int h = 0; h < len; h++) {
      int x = order[h];
      for (int c = childStart[x]; c < childStart[x + 1]; c++) {
        int y = children[c];
        if (this.parent[y] == OUTSIDE || depth[y] >= 0) {
          continue;
        }
        depth[y] = depth[x] + 1;
        order[len++] = y;
      }
    }
    for (int v = 0; v < n; v++) {
      if (v != root && this.parent[v] != OUTSIDE && depth[v] < 0) {
        throw new IllegalArgumentException(
            "node "
                + v
                + " does not hang from the root "
                + root
                + " (its parent chain has a cycle or leaves the tree)");
      }
    }
    bfsOrder = Arrays.copyOf(order, len);
    top = new int[n];
    Arrays.fill(top, -1);
    for (int i = 1; i < len; i++) {
      int v = bfsOrder[i];
      top[v] = this.parent[v] == root ? v : top[this.parent[v]];
    }
  }

  /** The root. */
  public int root() {
    return root;
  }

  /** Number of network nodes the parent list covers (in the tree or not). */
  public int size() {
    return parent.length;
  }

  /** Number of nodes in the tree, the root included. */
  public int treeNodes() {
    return bfsOrder.length;
  }

  /** True if v is in the tree. */
  public boolean contains(int v) {
    return depth[v] >= 0;
  }

  /** v's parent: -1 for the root, {@link #OUTSIDE} outside the tree. */
  public int parent(int v) {
    return parent[v];
  }

  /** Hops from the root to v, -1 outside the tree. */
  public int depth(int v) {
    return depth[v];
  }

  /** Largest depth. */
  public int height() {
    return depth[bfsOrder[bfsOrder.length - 1]];
  }

  /** The children of v, ascending id. */
  public int[] children(int v) {
    return Arrays.copyOfRange(children, childStart[v], childStart[v + 1]);
  }

  /** The tree's nodes by depth, root first. */
  public int[] nodesByDepth() {
    return bfsOrder.clone();
  }

  /** A copy of the parent list. */
  public int[] parents() {
    return parent.clone();
  }

  /**
   * The child of the root whose subtree holds v (v itself at depth 1); -1 for the root or outside.
   */
  public int rootChild(int v) {
    return top[v];
  }

  /** The tree path root -> v. */
  public int[] pathFromRoot(int v) {
    if (depth[v] < 0) {
      throw new IllegalArgumentException("node " + v + " is not in the tree");
    }
    int[] p = new int[depth[v] + 1];
    for (int x = v, k = depth[v]; k >= 0; x = parent[x], k--) {
      p[k] = x;
    }
    return p;
  }

  /** The tree edges as (parent, child) pairs, by depth. */
  public List<int[]> edges() {
    List<int[]> out = new ArrayList<>(bfsOrder.length - 1);
    for (int i = 1; i < bfsOrder.length; i++) {
      out.add(new int[] {parent[bfsOrder[i]], bfsOrder[i]});
    }
    return out;
  }

  /**
   * The optimal single-port broadcast time of the tree in rows: the root informs one child per
   * step, and {@code B(v) = max_k (k + B(c_k))} with v's children sorted by decreasing B, {@code
   * B(leaf) = 0}. This is the {@code B_opt} of
   * docs/models/bufferless-scatter-gather.md#spanning-trees, #lower-bounds (a star with k leaves:
   * k; a complete binary tree of height h: 2h; a binomial tree of order k: k; a path of n edges
   * from an end: n).
   *
   * <p>Complexity O(n log n).
   */
  public long broadcastRows() {
    long[] b = new long[parent.length];
    long[] buf = new long[Math.max(1, parent.length)];
    for (int i = bfsOrder.length - 1; i >= 0; i--) {
      int v = bfsOrder[i];
      int k = 0;
      for (int c = childStart[v]; c < childStart[v + 1]; c++) {
        if (depth[children[c]] >= 0) {
          buf[k++] = b[children[c]];
        }
      }
      Arrays.sort(buf, 0, k);
      long best = 0;
      for (int j = 0; j < k; j++) { // buf[k-1-j] is the (j+1)-th largest, informed in row j+1
        best = Math.max(best, j + 1 + buf[k - 1 - j]);
      }
      b[v] = best;
    }
    return b[root];
  }
}
