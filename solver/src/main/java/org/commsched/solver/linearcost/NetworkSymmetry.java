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
    long[] signature = new long[n]; // in- and out-degree, cheap pruning
    for (int v = 0; v < n; v++) {
      signature[v] = net.outDegree(v) * 1_000_003L + net.inDegree(v);
    }
    List<int[]> found = new ArrayList<>();
    int[] image = new int[n];
    Arrays.fill(image, -1);
    boolean[] used = new boolean[n];
    long[] steps = {0};
    boolean complete =
        search(net, costs, colour, signature, 0, image, used, found, steps) && !found.isEmpty();
    if (!complete) {
      int[] id = new int[n];
      for (int v = 0; v < n; v++) {
        id[v] = v;
      }
      return new NetworkSymmetry(List.of(id));
    }
    return new NetworkSymmetry(List.copyOf(found));
  }

  /** False when a limit stopped the search (the list is then incomplete). */
  private static boolean search(
      Network net,
      ArcCosts costs,
      long[] colour,
      long[] signature,
      int v,
      int[] image,
      boolean[] used,
      List<int[]> found,
      long[] steps) {
    int n = net.nodes();
    if (v == n) {
      found.add(image.clone());
      return found.size() <= MAX_ELEMENTS;
    }
    for (int w = 0; w < n; w++) {
      if (used[w] || colour[w] != colour[v] || signature[w] != signature[v]) {
        continue;
      }
      if (++steps[0] > MAX_STEPS) {
        return false;
      }
      image[v] = w;
      if (consistent(net, costs, v, image)) {
        used[w] = true;
        boolean ok = search(net, costs, colour, signature, v + 1, image, used, found, steps);
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

  /** The arcs between v and the nodes mapped before it keep existing, costs and channels. */
  private static boolean consistent(Network net, ArcCosts costs, int v, int[] image) {
    for (int u = 0; u <= v; u++) {
      for (int[] pair : new int[][] {{u, v}, {v, u}}) {
        int a = net.arc(pair[0], pair[1]);
        int b = net.arc(image[pair[0]], image[pair[1]]);
        if ((a < 0) != (b < 0)) {
          return false;
        }
        if (a >= 0
            && (costs.beta(a) != costs.beta(b)
                || costs.tau(a) != costs.tau(b)
                || costs.channels(a) != costs.channels(b))) {
          return false;
        }
      }
    }
    return true;
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
