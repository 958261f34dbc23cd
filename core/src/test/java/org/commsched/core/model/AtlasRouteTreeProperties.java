package org.commsched.core.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.commsched.core.testing.Seeds;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The breadth-first tree of scatter and gather routes ({@link Atlas#routeTreeNext}, {@link
 * Atlas#routeTreeDepth}, {@link Atlas#arcs}) against its definition, the scan {@code Atlas} ran
 * over every node before the regular families computed their parents from the ids ({@link
 * Network#closerNeighbour}): breadth-first distances from (scatter) or to (gather) the root, then
 * each node's in-arcs by tail (out-arcs by head), the first one whose other end is one hop closer.
 * The scan runs on the stored network of the family's own arc list ({@link
 * ArcLayoutProperties#definedArcs}, searched breadth first), and the atlas of the implicit family
 * and of that stored network must both give its tree, node for node and arc for arc, for a seeded
 * root of every regular family in both directions; trees and explicit networks (which keep the
 * scan) are held to it as well.
 */
class AtlasRouteTreeProperties {
  static Stream<Long> seeds() {
    return Seeds.seeds().boxed();
  }

  /**
   * The definition: per node, the arc to its parent chosen by the scan (-1 for the root and
   * unreached nodes).
   */
  private static int[] scannedParentArcs(Network net, int root, boolean fromRoot, int[] dist) {
    int n = net.nodes();
    int[] arcTo = new int[n];
    Arrays.fill(arcTo, -1);
    for (int v = 0; v < n; v++) {
      if (v == root || dist[v] < 0) {
        continue;
      }
      int deg = fromRoot ? net.inDegree(v) : net.outDegree(v);
      for (int i = 0; i < deg; i++) {
        int a = fromRoot ? net.inArc(v, i) : net.outArc(v, i);
        int w = fromRoot ? net.tail(a) : net.head(a);
        if (dist[w] == dist[v] - 1) {
          arcTo[v] = a;
          break;
        }
      }
    }
    return arcTo;
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void everyRegularFamilyHangsEachNodeWhereTheScanOfItsArcsDid(long seed) {
    SplittableRandom rnd = new SplittableRandom(seed);
    for (int family = 0; family < ArcLayoutProperties.FAMILIES; family++) {
      // seed 0 takes the smallest legal size of every family
      Topology t = ArcLayoutProperties.topology(family, rnd, seed == 0);
      Network implicit = Network.of(t);
      int n = implicit.nodes();
      Network stored =
          Network.of(new Topology.Explicit(n, ArcLayoutProperties.definedArcs(t), false));
      int root = rnd.nextInt(n);
      for (boolean fromRoot : new boolean[] {true, false}) {
        assertSameTreeAsTheScan(implicit, stored, root, fromRoot, t.toString());
        assertSameTreeAsTheScan(stored, stored, root, fromRoot, t + " stored");
      }
    }
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void treesAndExplicitNetworksHangEachNodeWhereTheScanOfItsArcsDid(long seed) {
    SplittableRandom rnd = new SplittableRandom(seed);
    int n = 2 + rnd.nextInt(14);
    List<Integer> parents = new ArrayList<>();
    for (int v = 0; v < n; v++) {
      parents.add(v == 0 ? -1 : rnd.nextInt(v));
    }
    Network tree = Network.of(new Topology.Tree(parents));
    boolean links = rnd.nextBoolean();
    Set<List<Integer>> seen = new HashSet<>();
    List<Topology.Pair> pairs = new ArrayList<>();
    for (int k = rnd.nextInt(3 * n + 1); k > 0; k--) {
      int u = rnd.nextInt(n);
      int v = rnd.nextInt(n);
      if (u != v && seen.add(List.of(u, v)) && (!links || seen.add(List.of(v, u)))) {
        pairs.add(new Topology.Pair(u, v));
      }
    }
    Network explicit = Network.of(new Topology.Explicit(n, pairs, links));
    int root = rnd.nextInt(n);
    for (boolean fromRoot : new boolean[] {true, false}) {
      assertSameTreeAsTheScan(tree, tree, root, fromRoot, "tree " + parents);
      assertSameTreeAsTheScan(
          explicit, explicit, root, fromRoot, (links ? "links " : "arcs ") + pairs);
    }
  }

  /**
   * The atlas of a scatter ({@code fromRoot}) or gather on {@code net} with a message for every
   * node that has a route gives the tree the scan finds on {@code reference} (the same arcs,
   * stored): parent, depth, and every route's arcs, nodes and hops.
   */
  private static void assertSameTreeAsTheScan(
      Network net, Network reference, int root, boolean fromRoot, String what) {
    int n = reference.nodes();
    int[] dist = fromRoot ? reference.distancesFrom(root) : reference.distancesTo(root);
    int[] arcTo = scannedParentArcs(reference, root, fromRoot, dist);
    List<Message> ms = new ArrayList<>();
    for (int v = 0; v < n; v++) {
      if (v != root && dist[v] >= 0) {
        ms.add(fromRoot ? new Message("m" + v, root, v, 1) : new Message("m" + v, v, root, 1));
      }
    }
    Atlas atlas =
        new Atlas(net, ms, fromRoot ? ProblemKind.SCATTER : ProblemKind.GATHER, root, "/messages");
    String dir = (fromRoot ? "scatter from " : "gather to ") + root + " on " + what;
    assertThat(atlas.hasRouteTree()).as(dir).isTrue();
    for (int v = 0; v < n; v++) {
      int a = arcTo[v];
      int parent = a < 0 ? -1 : fromRoot ? reference.tail(a) : reference.head(a);
      assertThat(atlas.routeTreeNext(v)).as("parent of %d, %s", v, dir).isEqualTo(parent);
      assertThat(atlas.routeTreeDepth(v)).as("depth of %d, %s", v, dir).isEqualTo(dist[v]);
    }
    for (int i = 0; i < ms.size(); i++) {
      int v = fromRoot ? ms.get(i).to() : ms.get(i).from();
      int[] arcs = new int[dist[v]];
      int[] nodes = new int[dist[v] + 1];
      int x = v;
      for (int k = 0; k < arcs.length; k++) { // climb the scan's arcs from v to the root
        int a = arcTo[x];
        arcs[fromRoot ? arcs.length - 1 - k : k] = a;
        nodes[fromRoot ? nodes.length - 1 - k : k] = x;
        x = fromRoot ? reference.tail(a) : reference.head(a);
      }
      nodes[fromRoot ? 0 : nodes.length - 1] = x;
      assertThat(x).as("the scan's climb from %d, %s", v, dir).isEqualTo(root);
      assertThat(atlas.arcs(i)).as("arcs of the route of %d, %s", v, dir).containsExactly(arcs);
      assertThat(atlas.nodes(i)).as("nodes of the route of %d, %s", v, dir).containsExactly(nodes);
      assertThat(atlas.hops(i)).as("hops of the route of %d, %s", v, dir).isEqualTo(dist[v]);
    }
  }
}
