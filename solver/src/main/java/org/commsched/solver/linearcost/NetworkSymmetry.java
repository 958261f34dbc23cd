package org.commsched.solver.linearcost;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.commsched.core.model.ArcCosts;
import org.commsched.core.model.Network;

/**
 * The automorphisms of a network that fix a problem, and a stabiliser chain of them for orbit
 * symmetry breaking in the exact slot model ({@link LinearCostCp}, docs/models/linear-cost.md
 * #symmetry-breaking). An automorphism here is a permutation {@code g} of the nodes that maps every
 * arc {@code u -> v} to an arc {@code g(u) -> g(v)} with the same {@code beta}, {@code tau} and
 * channels, and keeps each node's colour (the caller's: e.g. the length of the message a node
 * originates, the source of a broadcast). The group is found by plain backtracking over node images
 * (this project; small networks only: the search stops at {@link #MAX_STEPS} steps or {@link
 * #MAX_ELEMENTS} automorphisms and then reports the trivial group, which is always valid).
 *
 * <p><b>Chain.</b> Level 1 is the lowest node {@code v_1} whose orbit under the group {@code G} has
 * more than one node, with that orbit; level 2 the lowest node {@code v_2} whose orbit under the
 * stabiliser {@code G_1} of {@code v_1} has more than one node, with that orbit; and so on until
 * the stabiliser is trivial or moves no node.
 *
 * @implNote Immutable after construction.
 */
public final class NetworkSymmetry {
  /** Most backtracking steps spent looking for automorphisms. */
  public static final long MAX_STEPS = 2_000_000;

  /** Most automorphisms kept (a larger group is given up: no symmetry is used). */
  public static final int MAX_ELEMENTS = 20_000;

  /** One level of the chain: a node and its orbit under the stabiliser of the earlier levels. */
  public record Level(int node, int[] orbit, List<int[]> group) {}

  private final List<int[]> group;
  private final List<Level> chain;

  private NetworkSymmetry(List<int[]> group) {
    this.group = group;
    this.chain = chainOf(group);
  }

  /** The automorphisms of the network keeping the colours and each arc's costs and channels. */
  public static NetworkSymmetry of(Network net, ArcCosts costs, long[] colour) {
    int n = net.nodes();
    int[] id = new int[n];
    for (int v = 0; v < n; v++) {
      id[v] = v;
    }
    Search s = new Search(net, costs, colour);
    boolean complete = n > 0 && s.run(0) && !s.found.isEmpty();
    return new NetworkSymmetry(complete ? List.copyOf(s.found) : List.of(id));
  }

  /**
   * Backtracking over the nodes in breadth-first order: a node with an earlier neighbour takes its
   * image among the neighbours of that neighbour's image, and every arc to an earlier node must map
   * to an arc of the same costs; a complete map is checked arc by arc.
   */
  private static final class Search {
    final Network net;
    final ArcCosts costs;
    final long[] colour;
    final int n;
    final int[] order;
    final int[] parent; // an earlier neighbour of each node in the order, or -1
    final int[][] nbrs; // in- and out-neighbours
    final long[] signature;
    final int[] image;
    final boolean[] used;
    final List<int[]> found = new ArrayList<>();
    long steps;

    Search(Network net, ArcCosts costs, long[] colour) {
      this.net = net;
      this.costs = costs;
      this.colour = colour;
      n = net.nodes();
      nbrs = new int[n][];
      signature = new long[n];
      for (int v = 0; v < n; v++) {
        java.util.TreeSet<Integer> set = new java.util.TreeSet<>();
        for (int i = 0; i < net.outDegree(v); i++) {
          set.add(net.head(net.outArc(v, i)));
        }
        for (int i = 0; i < net.inDegree(v); i++) {
          set.add(net.tail(net.inArc(v, i)));
        }
        nbrs[v] = set.stream().mapToInt(Integer::intValue).toArray();
        signature[v] = net.outDegree(v) * 1_000_003L + net.inDegree(v);
      }
      order = new int[n];
      parent = new int[n];
      Arrays.fill(parent, -1);
      boolean[] seen = new boolean[n];
      int k = 0;
      for (int r = 0; r < n; r++) {
        if (seen[r]) {
          continue;
        }
        seen[r] = true;
        order[k++] = r;
        for (int q = k - 1; q < k; q++) {
          int v = order[q];
          for (int w : nbrs[v]) {
            if (!seen[w]) {
              seen[w] = true;
              parent[w] = v;
              order[k++] = w;
            }
          }
        }
      }
      image = new int[n];
      Arrays.fill(image, -1);
      used = new boolean[n];
    }

    /** False when a limit stopped the search (the list is then incomplete). */
    boolean run(int i) {
      if (i == n) {
        if (mapsEveryArc()) {
          found.add(image.clone());
        }
        return found.size() <= MAX_ELEMENTS;
      }
      int v = order[i];
      int[] candidates = parent[v] >= 0 ? nbrs[image[parent[v]]] : all();
      for (int w : candidates) {
        if (used[w] || colour[w] != colour[v] || signature[w] != signature[v]) {
          continue;
        }
        steps += 1 + nbrs[v].length;
        if (steps > MAX_STEPS) {
          return false;
        }
        image[v] = w;
        if (consistent(v)) {
          used[w] = true;
          boolean ok = run(i + 1);
          used[w] = false;
          if (!ok) {
            image[v] = -1;
            return false;
          }
        }
        image[v] = -1;
      }
      return true;
    }

    private int[] all() {
      int[] out = new int[n];
      for (int v = 0; v < n; v++) {
        out[v] = v;
      }
      return out;
    }

    /** Every arc between v and an already mapped node maps to an arc of the same costs. */
    private boolean consistent(int v) {
      for (int u : nbrs[v]) {
        if (image[u] < 0) {
          continue;
        }
        if (!sameArc(v, u) || !sameArc(u, v)) {
          return false;
        }
      }
      return true;
    }

    private boolean sameArc(int x, int y) {
      int a = net.arc(x, y);
      int b = net.arc(image[x], image[y]);
      if ((a < 0) != (b < 0)) {
        return false;
      }
      return a < 0
          || (costs.beta(a) == costs.beta(b)
              && costs.tau(a) == costs.tau(b)
              && costs.channels(a) == costs.channels(b));
    }

    private boolean mapsEveryArc() {
      for (int a = 0; a < net.arcs(); a++) {
        int b = net.arc(image[net.tail(a)], image[net.head(a)]);
        if (b < 0
            || costs.beta(a) != costs.beta(b)
            || costs.tau(a) != costs.tau(b)
            || costs.channels(a) != costs.channels(b)) {
          return false;
        }
      }
      return true;
    }
  }

  private static List<Level> chainOf(List<int[]> group) {
    List<Level> out = new ArrayList<>();
    List<int[]> current = group;
    int n = group.get(0).length;
    while (current.size() > 1) {
      int node = -1;
      int[] orbit = null;
      for (int v = 0; v < n && node < 0; v++) {
        boolean[] seen = new boolean[n];
        int count = 0;
        for (int[] g : current) {
          if (!seen[g[v]]) {
            seen[g[v]] = true;
            count++;
          }
        }
        if (count > 1) {
          node = v;
          orbit = new int[count];
          for (int w = 0, i = 0; w < n; w++) {
            if (seen[w]) {
              orbit[i++] = w;
            }
          }
        }
      }
      if (node < 0) {
        break;
      }
      out.add(new Level(node, orbit, current));
      List<int[]> stab = new ArrayList<>();
      for (int[] g : current) {
        if (g[node] == node) {
          stab.add(g);
        }
      }
      current = stab;
    }
    return List.copyOf(out);
  }

  /** The automorphisms (each as node images), the identity among them. */
  public List<int[]> group() {
    return group;
  }

  /** The stabiliser chain: empty when the group is trivial. */
  public List<Level> chain() {
    return chain;
  }

  /**
   * The automorphism that brings a schedule with the given per-node figures (e.g. each node's sum
   * of arrival times) to the chain's canonical form: level by level, the least figure of the
   * level's orbit moved onto the level's node by an element of that level's group. The image of the
   * schedule under the result ({@code figure'(g(x)) = figure(x)}) meets {@code figure'(v_i) <=
   * figure'(w)} for every level {@code i} and every {@code w} of its orbit.
   */
  public int[] canonical(long[] figure) {
    int n = figure.length;
    int[] total = new int[n];
    for (int v = 0; v < n; v++) {
      total[v] = v;
    }
    long[] current = figure.clone();
    for (Level level : chain) {
      int best = level.node();
      for (int w : level.orbit()) {
        if (current[w] < current[best]) {
          best = w;
        }
      }
      if (best == level.node()) {
        continue;
      }
      int[] move = null;
      for (int[] g : level.group()) {
        if (g[best] == level.node()) {
          move = g;
          break;
        }
      }
      long[] next = new long[n];
      int[] composed = new int[n];
      for (int x = 0; x < n; x++) {
        next[move[x]] = current[x];
        composed[x] = move[total[x]];
      }
      current = next;
      total = composed;
    }
    return total;
  }
}
