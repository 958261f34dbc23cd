package org.commsched.heuristics.linearcost;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.commsched.core.model.Network;

/**
 * A spanning tree (or a path) along which one origin's units are forwarded, with its nodes listed
 * level by level.
 *
 * <p>Within a level, nodes follow their parents' order, and siblings go highest subtree first, then
 * by id: a node forwards first toward the child with the most hops still to go (farthest first).
 *
 * @implNote Immutable after construction; arrays are never exposed outside the package.
 */
public final class FloodTree {
  final int origin;
  final String message;

  /** Parent of each node, -1 for the origin and for nodes outside the tree. */
  final int[] parent;

  /** Non-origin nodes of the tree, level by level. */
  final int[] order;

  /** Nodes at level L (L >= 1) are order[levelStart[L - 1] .. levelStart[L]). */
  final int[] levelStart;

  private FloodTree(int origin, String message, int[] parent, int[] order, int[] levelStart) {
    this.origin = origin;
    this.message = message;
    this.parent = parent;
    this.order = order;
    this.levelStart = levelStart;
  }

  /** Number of levels below the origin (the tree's height). */
  int height() {
    return levelStart.length - 1;
  }

  /** Number of transfers per packet (tree edges). */
  int edges() {
    return order.length;
  }

  /**
   * The breadth-first tree from {@code origin} where every node hangs on its smallest-id
   * in-neighbour one hop closer to the origin (the rule docs/DESIGN.md uses for scatter routes).
   *
   * @return the tree, or null if some node cannot be reached from the origin
   */
  static FloodTree bfs(Network net, int origin, String message) {
    int n = net.nodes();
    int[] dist = new int[n];
    Arrays.fill(dist, -1);
    dist[origin] = 0;
    int[] queue = new int[n];
    int head = 0;
    int tail = 0;
    queue[tail++] = origin;
    while (head < tail) {
      int x = queue[head++];
      for (int i = 0; i < net.outDegree(x); i++) {
        int y = net.head(net.outArc(x, i));
        if (dist[y] < 0) {
          dist[y] = dist[x] + 1;
          queue[tail++] = y;
        }
      }
    }
    if (tail < n) {
      return null;
    }
    int[] parent = new int[n];
    Arrays.fill(parent, -1);
    for (int v = 0; v < n; v++) {
      if (v == origin) {
        continue;
      }
      for (int i = 0;
          i < net.inDegree(v);
          i++) { // in-arcs sorted by tail: first hit is the smallest id
        int w = net.tail(net.inArc(v, i));
        if (dist[w] == dist[v] - 1) {
          parent[v] = w;
          break;
        }
      }
    }
    return of(origin, message, parent);
  }

  /** The path {@code nodes[0] -> nodes[1] -> ...} as a tree rooted at its first node. */
  /**
   * The tree of cheapest routes from {@code origin} at each link's own {@code beta + tau} ({@link
   * org.commsched.core.model.ArcCosts#distances}); ties go to the smallest-id parent. Null if some
   * node cannot be reached. On a network whose links cost the same it is a breadth-first tree.
   */
  static FloodTree cheapest(
      Network net, org.commsched.core.model.ArcCosts costs, int origin, String message) {
    int n = net.nodes();
    long[] dist = costs.distances(net, origin, true);
    int[] parent = new int[n];
    Arrays.fill(parent, -1);
    for (int v = 0; v < n; v++) {
      if (dist[v] == Long.MAX_VALUE) {
        return null;
      }
      for (int i = 0;
          v != origin && i < net.inDegree(v);
          i++) { // in-arcs sorted by tail: the smallest id first
        int a = net.inArc(v, i);
        if (dist[net.tail(a)] != Long.MAX_VALUE && dist[net.tail(a)] + costs.hop(a) == dist[v]) {
          parent[v] = net.tail(a);
          break;
        }
      }
    }
    return of(origin, message, parent);
  }

  static FloodTree path(int networkNodes, int[] nodes, String message) {
    int[] parent = new int[networkNodes];
    Arrays.fill(parent, -1);
    for (int k = 1; k < nodes.length; k++) {
      parent[nodes[k]] = nodes[k - 1];
    }
    return of(nodes[0], message, parent);
  }

  static FloodTree of(int origin, String message, int[] parent) {
    int n = parent.length;
    int[] childCount = new int[n + 1];
    for (int v = 0; v < n; v++) {
      if (parent[v] >= 0) {
        childCount[parent[v] + 1]++;
      }
    }
    for (int v = 0; v < n; v++) {
      childCount[v + 1] += childCount[v];
    }
    int[] children = new int[childCount[n]];
    int[] fill = Arrays.copyOf(childCount, n);
    for (int v = 0; v < n; v++) { // ascending id within each child list
      if (parent[v] >= 0) {
        children[fill[parent[v]]++] = v;
      }
    }
    // plain BFS order for heights
    int[] bfs = new int[children.length + 1];
    int len = 0;
    bfs[len++] = origin;
    for (int h = 0; h < len; h++) {
      int x = bfs[h];
      for (int c = childCount[x]; c < childCount[x + 1]; c++) {
        bfs[len++] = children[c];
      }
    }
    int[] height = new int[n];
    for (int h = len - 1; h > 0; h--) {
      int v = bfs[h];
      height[parent[v]] = Math.max(height[parent[v]], height[v] + 1);
    }
    // level order with siblings highest-subtree first, then id
    List<Integer> levelStarts = new ArrayList<>();
    int[] order = new int[len - 1];
    int size = 0;
    int[] current = {origin};
    while (true) {
      int before = size;
      for (int x : current) {
        Integer[] kids = new Integer[childCount[x + 1] - childCount[x]];
        for (int c = 0; c < kids.length; c++) {
          kids[c] = children[childCount[x] + c];
        }
        Arrays.sort(
            kids,
            (a, b) ->
                height[a] != height[b]
                    ? Integer.compare(height[b], height[a])
                    : Integer.compare(a, b));
        for (int c : kids) {
          order[size++] = c;
        }
      }
      if (size == before) {
        break;
      }
      if (levelStarts.isEmpty()) {
        levelStarts.add(0);
      }
      levelStarts.add(size);
      current = Arrays.copyOfRange(order, before, size);
    }
    int[] ls = new int[Math.max(1, levelStarts.size())];
    for (int i = 0; i < levelStarts.size(); i++) {
      ls[i] = levelStarts.get(i);
    }
    return new FloodTree(origin, message, parent, order, ls);
  }
}
