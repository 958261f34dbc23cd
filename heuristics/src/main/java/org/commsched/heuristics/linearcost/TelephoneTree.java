package org.commsched.heuristics.linearcost;

import java.util.Arrays;
import org.commsched.core.model.Network;

/**
 * Telephone broadcast on a rooted tree (one call per node and round, a call informs one neighbour):
 * the minimum number of rounds and the calling order that attains it, after P. J. Slater, E. J.
 * Cockayne and S. T. Hedetniemi, "Information dissemination in trees", SIAM J. Computing
 * 10(4):692-701, 1981. With the children {@code c_1, c_2, ...} of v sorted by non-increasing {@code
 * b(c_i)}, {@code b(v) = max_i (i + b(c_i))} ({@code b = 0} at a leaf), and v calls its children in
 * that order; {@code b(root)} is the tree's minimum broadcast time in rounds.
 *
 * <p>Shared by the exact method on tree networks ({@link TreeBroadcast}) and by the round heuristic
 * for any network ({@link MatchingBroadcast}), which runs it on the tree its own calls span (never
 * slower than those calls, since they broadcast along that tree).
 *
 * @implNote Immutable after construction; arrays stay inside the package.
 */
final class TelephoneTree {
  final int root;

  /** Parent of each node, -1 for the root and for nodes outside the tree. */
  final int[] parent;

  /** The tree's nodes, each after its parent (root first). */
  final int[] order;

  /** b(v): the rounds v needs to inform its subtree once it is informed. */
  final int[] b;

  /** Children of v, in calling order: {@code kids[kidStart[v] .. kidStart[v + 1])}. */
  final int[] kids;

  final int[] kidStart;

  /**
   * The tree given by parents and an order listing every tree node after its parent.
   *
   * @param parent parent of each node, -1 for the root and for nodes not in {@code order}
   * @param order the tree's nodes, root first, each after its parent
   */
  TelephoneTree(int[] parent, int[] order) {
    int n = parent.length;
    this.root = order[0];
    this.parent = parent;
    this.order = order;
    int[] start = new int[n + 1];
    for (int x = 1; x < order.length; x++) {
      start[parent[order[x]] + 1]++;
    }
    for (int v = 0; v < n; v++) {
      start[v + 1] += start[v];
    }
    int[] fill = Arrays.copyOf(start, n);
    int[] children = new int[Math.max(0, order.length - 1)];
    for (int x = 1; x < order.length; x++) {
      int c = order[x];
      children[fill[parent[c]]++] = c;
    }
    int[] bv = new int[n];
    for (int x = order.length - 1; x >= 0; x--) { // children before parents
      int v = order[x];
      int from = start[v];
      int to = start[v + 1];
      if (to - from > 1) {
        sortByDecreasing(children, from, to, bv);
      }
      int best = 0;
      for (int i = from; i < to; i++) {
        best = Math.max(best, i - from + 1 + bv[children[i]]);
      }
      bv[v] = best;
    }
    this.b = bv;
    this.kids = children;
    this.kidStart = start;
  }

  /**
   * Sorts {@code a[from..to)} by non-increasing {@code key}, ties by increasing id (deterministic).
   */
  private static void sortByDecreasing(int[] a, int from, int to, int[] key) {
    long[] packed = new long[to - from];
    for (int i = from; i < to; i++) {
      packed[i - from] = ((long) (Integer.MAX_VALUE - key[a[i]]) << 32) | a[i];
    }
    Arrays.sort(packed);
    for (int i = from; i < to; i++) {
      a[i] = (int) packed[i - from];
    }
  }

  /** The tree's minimum broadcast time from its root, in rounds. */
  int rounds() {
    return b[root];
  }

  /**
   * The calls of the optimal order as rounds (from 0): {@code sink.call(round, caller, callee)} for
   * every tree edge, callers in {@link #order}. A node informed at the end of round {@code r - 1}
   * calls its i-th child (from 0) in round {@code r + i}.
   */
  void calls(CallSink sink) {
    int[] informed = new int[parent.length]; // the round from which v may call
    for (int v : order) {
      int r = informed[v];
      for (int i = kidStart[v]; i < kidStart[v + 1]; i++) {
        int c = kids[i];
        sink.call(r, v, c);
        informed[c] = ++r;
      }
    }
  }

  /** Receives the calls of a broadcast. */
  interface CallSink {
    void call(int round, int from, int to);
  }

  /**
   * The network rooted at {@code source} as a tree, or null if it is not a tree: every arc has its
   * opposing arc (links), there are {@code nodes - 1} links and the source reaches every node.
   */
  static TelephoneTree of(Network net, int source) {
    int n = net.nodes();
    if ((long) net.edges() != n - 1L || (long) net.arcs() != 2L * (n - 1)) {
      return null;
    }
    int[] parent = new int[n];
    Arrays.fill(parent, -1);
    boolean[] seen = new boolean[n];
    int[] order = new int[n];
    int len = 0;
    order[len++] = source;
    seen[source] = true;
    for (int h = 0; h < len; h++) {
      int x = order[h];
      for (int i = 0; i < net.outDegree(x); i++) {
        int arc = net.outArc(x, i);
        if (net.reverse(arc) < 0) {
          return null;
        }
        int y = net.head(arc);
        if (!seen[y]) {
          seen[y] = true;
          parent[y] = x;
          order[len++] = y;
        }
      }
    }
    return len == n ? new TelephoneTree(parent, order) : null;
  }

  /** True if the network is a tree of links ({@link #of} without building it). */
  static boolean isTree(Network net) {
    return net.isTree() || of(net, 0) != null;
  }
}
