package org.commsched.core.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.commsched.core.testing.Seeds;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link Network#strongComponents()} against the definition, on seeded random directed and
 * undirected networks: two nodes share a component exactly when each reaches the other
 * (breadth-first searches from every node), and no arc goes from a later component to an earlier
 * one (the topological order {@link Atlas} uses to say "no route" without a search). Also {@link
 * Network#distancesTo(int)} against {@link Network#distancesFrom(int)} of the reversed network.
 */
class StrongComponentsProperties {
  static Stream<Long> seeds() {
    return Seeds.seeds().boxed();
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void nodesShareAComponentExactlyWhenTheyReachEachOther_andArcsNeverGoBackward(long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    int n = 1 + r.nextInt(14);
    boolean links = r.nextInt(3) == 0;
    Set<List<Integer>> seen = new HashSet<>();
    List<Topology.Pair> pairs = new ArrayList<>();
    List<Topology.Pair> reversed = new ArrayList<>();
    int tries = r.nextInt(3 * n + 1);
    for (int k = 0; k < tries; k++) {
      int u = r.nextInt(n);
      int v = r.nextInt(n);
      if (u != v && seen.add(List.of(u, v)) && (!links || seen.add(List.of(v, u)))) {
        pairs.add(new Topology.Pair(u, v));
        reversed.add(new Topology.Pair(v, u));
      }
    }
    Network net = Network.of(new Topology.Explicit(n, pairs, links));
    Network back = Network.of(new Topology.Explicit(n, reversed, links));
    int[] comp = net.strongComponents();
    int[][] from = new int[n][];
    for (int u = 0; u < n; u++) {
      from[u] = net.distancesFrom(u);
      assertThat(net.distancesTo(u))
          .as("distances to %d", u)
          .containsExactly(back.distancesFrom(u));
    }
    for (int u = 0; u < n; u++) {
      for (int v = 0; v < n; v++) {
        boolean mutual = from[u][v] >= 0 && from[v][u] >= 0;
        assertThat(comp[u] == comp[v]).as("%d and %d in %s", u, v, pairs).isEqualTo(mutual);
        if (comp[u] > comp[v]) {
          assertThat(from[u][v])
              .as("%d reaches %d though its component comes later", u, v)
              .isEqualTo(-1);
        }
      }
    }
    for (int a = 0; a < net.arcs(); a++) {
      assertThat(comp[net.tail(a)]).isLessThanOrEqualTo(comp[net.head(a)]);
    }
  }
}
