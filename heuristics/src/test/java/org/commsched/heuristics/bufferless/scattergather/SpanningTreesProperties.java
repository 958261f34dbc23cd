package org.commsched.heuristics.bufferless.scattergather;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.model.Topology;
import org.commsched.core.testing.Seeds;
import org.commsched.instances.generate.GeneratorSpec;
import org.commsched.instances.generate.Generators;
import org.commsched.instances.testing.ScatterCases;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Properties of the spanning trees and covers of {@link SpanningTrees} and {@link TreeCover} over
 * seeded networks (docs/models/bufferless-scatter-gather.md#fdf, #spanning-trees, #properties claim
 * 23). Case count: {@code -Dcommsched.cases} (default 200).
 */
class SpanningTreesProperties {

  static LongStream seeds() {
    return Seeds.seeds();
  }

  private static Instance any(long seed, boolean scatter) {
    SplittableRandom r = new SplittableRandom(seed * 13 + 7);
    List<String> families =
        List.of(
            "random",
            "mesh",
            "torus",
            "hypercube",
            "complete",
            "ring",
            "star",
            "tree",
            "bla",
            "ula",
            "esm",
            "uring");
    String family = families.get(r.nextInt(families.size()));
    int size =
        family.equals("hypercube")
            ? 1 + r.nextInt(4)
            : family.equals("mesh") || family.equals("torus") || family.equals("esm")
                ? 2 + r.nextInt(4)
                : 3 + r.nextInt(20);
    GeneratorSpec spec =
        new GeneratorSpec(
            null,
            scatter ? ProblemKind.SCATTER : ProblemKind.GATHER,
            family,
            size,
            0,
            ScatterCases.LENGTHS,
            ScatterCases.SINGLE,
            r.nextLong(),
            false);
    return Generators.instance(spec);
  }

  private static int[] distances(Network net, int root, boolean fromRoot) {
    int[] dist = new int[net.nodes()];
    Arrays.fill(dist, -1);
    dist[root] = 0;
    ArrayDeque<Integer> q = new ArrayDeque<>(List.of(root));
    while (!q.isEmpty()) {
      int x = q.poll();
      int deg = fromRoot ? net.outDegree(x) : net.inDegree(x);
      for (int i = 0; i < deg; i++) {
        int y = fromRoot ? net.head(net.outArc(x, i)) : net.tail(net.inArc(x, i));
        if (dist[y] < 0) {
          dist[y] = dist[x] + 1;
          q.add(y);
        }
      }
    }
    return dist;
  }

  /**
   * The bfs tree is the default routes' tree (docs/DESIGN.md) for scatter and gather, on any
   * network.
   */
  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void bfs_isTheDefaultRoutesTree(long seed) {
    boolean scatter = seed % 2 == 0;
    Instance inst = any(seed, scatter);
    SpanningTree t = SpanningTrees.bfs(inst.network(), inst.root(), scatter);
    for (int v = 0; v < inst.network().nodes(); v++) {
      assertThat(t.contains(v) ? t.parent(v) : -1)
          .as(ScatterCases.describe(seed, inst))
          .isEqualTo(inst.atlas().routeTreeNext(v));
      assertThat(t.depth(v)).isEqualTo(inst.atlas().routeTreeDepth(v));
    }
    for (int i = 0; i < inst.messages().size(); i++) {
      Message m = inst.messages().get(i);
      int[] p = t.pathFromRoot(scatter ? m.to() : m.from());
      int[] route = inst.atlas().nodes(i);
      for (int k = 0; k < p.length; k++) {
        assertThat(route[scatter ? k : p.length - 1 - k]).isEqualTo(p[k]);
      }
    }
  }

  /**
   * The balanced tree is a breadth-first tree (every route a shortest path) over the same nodes,
   * and rerouting along it gives an instance whose routes are its paths.
   */
  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void balanced_isABreadthFirstTree(long seed) {
    boolean scatter = seed % 2 == 0;
    Instance inst = any(seed, scatter);
    Network net = inst.network();
    long[] flits = new long[net.nodes()];
    for (Message m : inst.messages()) {
      flits[scatter ? m.to() : m.from()] = m.length();
    }
    SpanningTree t = SpanningTrees.balanced(net, inst.root(), scatter, flits);
    int[] dist = distances(net, inst.root(), scatter);
    for (int v = 0; v < net.nodes(); v++) {
      assertThat(t.depth(v)).as(ScatterCases.describe(seed, inst)).isEqualTo(dist[v]);
      int p = t.parent(v);
      if (p >= 0) {
        assertThat(scatter ? net.arc(p, v) : net.arc(v, p)).isNotNegative();
      }
    }
    Instance routed = SpanningTrees.reroute(inst, "balanced");
    for (int i = 0; i < routed.messages().size(); i++) {
      Message m = routed.messages().get(i);
      assertThat(routed.atlas().hops(i)).isEqualTo(dist[scatter ? m.to() : m.from()]);
    }
  }

  /**
   * The broadcast tree spans every node the root reaches over links, uses links only, and its
   * optimal broadcast time is at most the greedy's rounds, which are at least ceil(log2 n) (the
   * informed set at most doubles).
   */
  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void broadcast_spansAndIsNoSlowerThanItsRounds(long seed) {
    Instance inst = any(seed, true);
    Network net = inst.network();
    SpanningTree t = SpanningTrees.broadcast(net, inst.root());
    int rounds = SpanningTrees.broadcastRounds(net, inst.root());
    int reach = 0;
    for (int v = 0; v < net.nodes(); v++) {
      if (t.contains(v)) {
        reach++;
        int p = t.parent(v);
        if (p >= 0) {
          assertThat(net.arc(p, v)).isNotNegative();
          assertThat(net.arc(v, p)).isNotNegative();
        }
      }
    }
    boolean allLinks = true;
    for (int a = 0; a < net.arcs(); a++) {
      allLinks &= net.reverse(a) >= 0;
    }
    if (allLinks) {
      assertThat(reach).as(ScatterCases.describe(seed, inst)).isEqualTo(net.nodes());
    }
    assertThat(t.broadcastRows()).isLessThanOrEqualTo(rounds);
    int log = reach <= 1 ? 0 : 32 - Integer.numberOfLeadingZeros(reach - 1); // ceil(log2 reach)
    assertThat(rounds).isGreaterThanOrEqualTo(log);
  }

  /**
   * docs/models/bufferless-scatter-gather.md#properties claim 23 generalised: on every mesh and
   * torus size and root, the two trees of {@link TreeCover#grid} are rooted there, edge-disjoint
   * and cover the nodes (mesh: jointly, using every link; torus: each tree spans, and only the
   * root's two wrap links stay unused).
   */
  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void gridCover_isEdgeDisjointAndSpanning(long seed) {
    SplittableRandom r = new SplittableRandom(seed * 31 + 1);
    boolean torus = r.nextBoolean();
    int rows = (torus ? 3 : 1) + r.nextInt(5);
    int cols = (torus ? 3 : 2) + r.nextInt(5);
    Topology top = torus ? new Topology.Torus(rows, cols) : new Topology.Mesh(rows, cols);
    Network net = Network.of(top);
    int root = r.nextInt(rows * cols);
    TreeCover c = TreeCover.grid(top, root);
    assertThat(c.root()).isEqualTo(root);
    assertThat(c.violations(net, torus)).as("%s from %d", top, root).isEmpty();
    int used = 0;
    for (SpanningTree t : c.trees()) {
      used += t.treeNodes() - 1;
    }
    assertThat(used).isEqualTo(net.edges() - (torus ? 2 : 0));
    if (!torus) {
      for (SpanningTree t : c.trees()) {
        for (int v = 0; v < net.nodes(); v++) {
          if (t.contains(v)) {
            assertThat(t.depth(v))
                .isEqualTo(Math.abs(v / cols - root / cols) + Math.abs(v % cols - root % cols));
          }
        }
      }
    }
  }

  /** Gather rerouting walks the same tree upward: routes reversed, and the instance validates. */
  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void gatherReroute_followsTheTreeUpward(long seed) {
    SplittableRandom r = new SplittableRandom(seed * 17 + 5);
    String family = List.of("mesh", "torus", "random", "complete", "hypercube").get(r.nextInt(5));
    int size =
        family.equals("hypercube")
            ? 1 + r.nextInt(4)
            : family.equals("mesh") || family.equals("torus")
                ? 3 + r.nextInt(3)
                : 3 + r.nextInt(15);
    Instance inst =
        Generators.instance(
            new GeneratorSpec(
                null,
                ProblemKind.GATHER,
                family,
                size,
                0,
                ScatterCases.LENGTHS,
                ScatterCases.ALL,
                r.nextLong(),
                false));
    String name =
        family.equals("mesh") || family.equals("torus")
            ? "cover"
            : r.nextBoolean() ? "broadcast" : "balanced";
    Instance routed = SpanningTrees.reroute(inst, name);
    assertThat(routed.problem()).isInstanceOf(Problem.Gather.class);
    for (int i = 0; i < routed.messages().size(); i++) {
      int[] p = routed.atlas().nodes(i);
      assertThat(p[0]).isEqualTo(routed.messages().get(i).from());
      assertThat(p[p.length - 1]).isEqualTo(routed.root());
    }
  }
}
