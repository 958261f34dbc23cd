package org.commsched.heuristics.bufferless.scattergather;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Network;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.instances.testing.ScatterCases;
import org.junit.jupiter.api.Test;

/**
 * Spanning trees for scatter and gather on arbitrary networks (Bhatt, Pucci, Ranade and Rosenberg,
 * "Scattering and Gathering Messages in Networks of Processors", §1.2, §4, Figure 5;
 * docs/models/bufferless-scatter-gather.md#spanning-trees): the B_opt oracles, the paper's
 * complete-graph broadcast example, and the substitute Figure 5 covers of
 * docs/models/bufferless-scatter-gather.md#spanning-trees (the project's own construction: the
 * paper's Figure 5 is lost).
 */
class SpanningTreesTest {

  private static SpanningTree tree(int... parents) {
    return new SpanningTree(0, parents);
  }

  /**
   * docs/models/bufferless-scatter-gather.md#spanning-trees oracles for B_opt: star with k leaves
   * k; complete binary tree of height h 2h; binomial order k k; path n.
   */
  @Test
  void broadcastRows_oraclesOfSection8() {
    assertThat(tree(-1, 0, 0, 0, 0, 0).broadcastRows()).isEqualTo(5);
    int[] binary = new int[15];
    binary[0] = -1;
    for (int v = 1; v < 15; v++) {
      binary[v] = (v - 1) / 2;
    }
    assertThat(tree(binary).broadcastRows()).isEqualTo(6); // height 3
    for (int k = 0;
        k <= 6;
        k++) { // binomial tree of order k: node v's parent clears v's highest bit
      int[] p = new int[1 << k];
      p[0] = -1;
      for (int v = 1; v < p.length; v++) {
        p[v] = v - Integer.highestOneBit(v);
      }
      assertThat(tree(p).broadcastRows()).as("binomial order %d", k).isEqualTo(k);
    }
    assertThat(tree(-1, 0, 1, 2, 3, 4).broadcastRows()).isEqualTo(5); // path of 5 edges
    assertThat(tree(-1).broadcastRows()).isZero();
  }

  /**
   * Paper §1.2's example: single-port broadcast in a complete graph over a one-level star (the BFS
   * tree) takes n - 1 rows; the greedy broadcast tree takes ceil(log2 n), the optimum.
   */
  @Test
  void completeGraph_broadcastTreeBeatsTheBfsStar() {
    for (int n : new int[] {2, 3, 8, 15, 16, 17, 100}) {
      Network net = Network.of(new Topology.Complete(n));
      SpanningTree star = SpanningTrees.bfs(net, 0, false);
      SpanningTree b = SpanningTrees.broadcast(net, 0);
      int log = 32 - Integer.numberOfLeadingZeros(n - 1);
      assertThat(star.broadcastRows()).isEqualTo(n - 1);
      assertThat(b.broadcastRows()).as("n = %d", n).isEqualTo(log);
      assertThat(SpanningTrees.broadcastRounds(net, 0)).isEqualTo(log);
      assertThat(b.treeNodes()).isEqualTo(n);
    }
  }

  /**
   * On a hypercube the greedy broadcast (smallest-id neighbour first) is the binomial tree: d rows.
   */
  @Test
  void hypercube_broadcastTreeTakesDimensionRows() {
    for (int d = 1; d <= 6; d++) {
      Network net = Network.of(new Topology.Hypercube(d));
      assertThat(SpanningTrees.broadcast(net, 0).broadcastRows()).isEqualTo(d);
    }
  }

  /**
   * The balanced BFS tree on the 3-cube with unit messages: the default BFS tree hangs 4 of the 7
   * nodes under node 1, the balanced one splits them 3, 2, 2; multiport FDF drops from 4 to 3 (our
   * makespan).
   */
  @Test
  void balanced_splitsTheHypercubeEvenly() {
    List<org.commsched.core.model.Message> ms = new ArrayList<>();
    for (int v = 1; v < 8; v++) {
      ms.add(new org.commsched.core.model.Message("M" + v, 0, v, 1));
    }
    Instance unit =
        new Instance(
            "cube",
            new org.commsched.core.model.Problem.Scatter(0, ms),
            ScatterCases.ALL,
            Network.of(new Topology.Hypercube(3)));
    int root = 0;
    SolveResult plain = new FdfScatter().solve(unit, SolveLimits.defaults());
    SolveResult balanced =
        new FdfScatter().solve(SpanningTrees.reroute(unit, "balanced"), SolveLimits.defaults());
    assertThat(plain.makespan()).isEqualTo(4);
    assertThat(balanced.makespan()).isEqualTo(3);
    SpanningTree t =
        SpanningTrees.balanced(unit.network(), root, true, new long[] {1, 1, 1, 1, 1, 1, 1, 1});
    List<Integer> sizes = new ArrayList<>();
    for (int c : t.children(root)) {
      int size = 0;
      for (int v = 0; v < 8; v++) {
        size += t.rootChild(v) == c ? 1 : 0;
      }
      sizes.add(size);
    }
    assertThat(sizes).containsExactlyInAnyOrder(3, 2, 2);
  }

  /**
   * docs/models/bufferless-scatter-gather.md#spanning-trees Figure 5(a) substitute: on the 4x4 mesh
   * from (0,0), tree A is row 0 plus the vertical edges of columns 1-3 (12 edges, 13 nodes, missing
   * (1,0), (2,0), (3,0)); tree B is column 0 plus the horizontal edges of rows 1-3 (missing (0,1),
   * (0,2), (0,3)); both shortest-path trees of depth 6, together all 24 edges.
   */
  @Test
  void figure5a_meshCover() {
    Network net = Network.of(new Topology.Mesh(4, 4));
    TreeCover c = TreeCover.grid(net.topology(), 0);
    SpanningTree a = c.trees().get(0);
    SpanningTree b = c.trees().get(1);
    assertThat(edges(a))
        .isEqualTo(
            edgeSet(
                new int[][] {
                  {0, 1}, {1, 2}, {2, 3}, {1, 5}, {5, 9}, {9, 13}, {2, 6}, {6, 10}, {10, 14},
                  {3, 7}, {7, 11}, {11, 15}
                }));
    assertThat(edges(b))
        .isEqualTo(
            edgeSet(
                new int[][] {
                  {0, 4}, {4, 8}, {8, 12}, {4, 5}, {5, 6}, {6, 7}, {8, 9}, {9, 10}, {10, 11},
                  {12, 13}, {13, 14}, {14, 15}
                }));
    assertThat(a.treeNodes()).isEqualTo(13);
    assertThat(b.treeNodes()).isEqualTo(13);
    assertThat(a.contains(4) || a.contains(8) || a.contains(12)).isFalse();
    assertThat(b.contains(1) || b.contains(2) || b.contains(3)).isFalse();
    assertThat(a.height()).isEqualTo(6);
    assertThat(b.height()).isEqualTo(6);
    for (int v = 1; v < 16; v++) {
      for (SpanningTree t : c.trees()) {
        if (t.contains(v)) {
          assertThat(t.depth(v)).isEqualTo(v / 4 + v % 4); // Manhattan distance: shortest paths
        }
      }
    }
    assertThat(c.violations(net, false)).isEmpty();
    assertThat(c.violations(net, true)).isNotEmpty(); // jointly, not individually, spanning
  }

  /**
   * docs/models/bufferless-scatter-gather.md#spanning-trees Figure 5(b) substitute: on the 4x4
   * torus, A adds the wrap edges (r,3)-(r,0) for r = 1..3 and B the wraps (3,c)-(0,c) for c = 1..3;
   * each spans all 16 nodes with 15 edges, depth 7, and only (0,0)-(0,3) and (0,0)-(3,0) stay
   * unused.
   */
  @Test
  void figure5b_torusCover() {
    Network net = Network.of(new Topology.Torus(4, 4));
    TreeCover c = TreeCover.grid(net.topology(), 0);
    Set<List<Integer>> a = edges(c.trees().get(0));
    Set<List<Integer>> b = edges(c.trees().get(1));
    assertThat(a).hasSize(15).contains(List.of(4, 7), List.of(8, 11), List.of(12, 15));
    assertThat(b).hasSize(15).contains(List.of(1, 13), List.of(2, 14), List.of(3, 15));
    assertThat(c.trees().get(0).height()).isEqualTo(7);
    assertThat(c.trees().get(1).height()).isEqualTo(7);
    assertThat(c.violations(net, true)).isEmpty();
    Set<List<Integer>> used = new HashSet<>(a);
    used.addAll(b);
    Set<List<Integer>> unused = new HashSet<>();
    for (int arc = 0; arc < net.arcs(); arc++) {
      List<Integer> e =
          List.of(Math.min(net.tail(arc), net.head(arc)), Math.max(net.tail(arc), net.head(arc)));
      if (!used.contains(e)) {
        unused.add(e);
      }
    }
    assertThat(unused).containsExactlyInAnyOrder(List.of(0, 3), List.of(0, 12));
  }

  /**
   * docs/models/bufferless-scatter-gather.md#properties claim 23: the checker rejects a shared edge
   * and a tree edge that is not a link.
   */
  @Test
  void coverChecker_rejectsSharedAndForeignEdges() {
    Network net = Network.of(new Topology.Mesh(4, 4));
    TreeCover c = TreeCover.grid(net.topology(), 0);
    int[] b = c.trees().get(1).parents();
    b[1] = 0; // (0,1) joins tree B through edge 0-1, which tree A already uses
    TreeCover shared = new TreeCover(List.of(c.trees().get(0), new SpanningTree(0, b)));
    assertThat(shared.violations(net, false))
        .anyMatch(s -> s.contains("link 0-1 is in tree 0 and tree 1"));
    int[] a = c.trees().get(0).parents();
    a[4] = 1; // 1-4 is no mesh link
    TreeCover foreign = new TreeCover(List.of(new SpanningTree(0, a), c.trees().get(1)));
    assertThat(foreign.violations(net, false)).anyMatch(s -> s.contains("not a link"));
    assertThatThrownBy(() -> new SpanningTree(0, new int[] {-1, 2, 1}))
        .hasMessageContaining("does not hang");
    assertThatThrownBy(() -> TreeCover.grid(new Topology.Torus(2, 4), 0))
        .hasMessageContaining("at least 3");
    assertThatThrownBy(() -> TreeCover.grid(new Topology.Ring(5), 0))
        .hasMessageContaining("mesh and torus");
  }

  @Test
  void reroute_keepsExplicitRoutes_andRejectsWhatItCannotRoute() {
    Instance inst = ScatterCases.draw("mesh", 3, ScatterCases.SINGLE, 4);
    assertThat(SpanningTrees.reroute(inst, "bfs")).isSameAs(inst);
    assertThat(SpanningTrees.reroute(inst, null)).isSameAs(inst);
    Instance routed = SpanningTrees.reroute(inst, "broadcast");
    assertThat(routed.messages()).allMatch(m -> m.hasRoute());
    assertThat(SpanningTrees.reroute(routed, "balanced")).isSameAs(routed);
    assertThatThrownBy(() -> SpanningTrees.reroute(inst, "dfs"))
        .hasMessageContaining("bfs, balanced");
    Instance ring = ScatterCases.draw("ring", 5, ScatterCases.SINGLE, 4);
    assertThatThrownBy(() -> SpanningTrees.reroute(ring, "cover"))
        .hasMessageContaining("mesh and torus");
  }

  private static Set<List<Integer>> edges(SpanningTree t) {
    Set<List<Integer>> out = new HashSet<>();
    for (int[] e : t.edges()) {
      out.add(List.of(Math.min(e[0], e[1]), Math.max(e[0], e[1])));
    }
    return out;
  }

  private static Set<List<Integer>> edgeSet(int[][] pairs) {
    Set<List<Integer>> out = new HashSet<>();
    for (int[] e : pairs) {
      out.add(List.of(Math.min(e[0], e[1]), Math.max(e[0], e[1])));
    }
    return out;
  }
}
