package org.commsched.core.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.commsched.core.testing.Seeds;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link Atlas#arcs(int)} reads the arcs of straight and breadth-first-tree routes without building
 * the node list; they are always the arcs between consecutive nodes of {@link Atlas#nodes(int)}.
 * Seeded scatter, gather and chatting instances on several families. Cases: {@code
 * -Dcommsched.cases=N} (default 200).
 */
class AtlasArcsProperties {
  private static final CommModel SINGLE =
      new CommModel.Bufferless(CommModel.BufferlessPorts.SINGLE);

  static Stream<Long> seeds() {
    return Seeds.seeds().boxed();
  }

  private static Topology topology(SplittableRandom rnd) {
    switch (rnd.nextInt(5)) {
      case 0:
        return new Topology.Bla(2 + rnd.nextInt(8));
      case 1:
        return new Topology.Mesh(1 + rnd.nextInt(4), 2 + rnd.nextInt(4));
      case 2:
        return new Topology.Hypercube(1 + rnd.nextInt(4));
      case 3:
        return new Topology.Ring(3 + rnd.nextInt(6));
      default:
        {
          List<Integer> parents = new ArrayList<>();
          parents.add(-1);
          for (int v = 1, n = 2 + rnd.nextInt(12); v < n; v++) {
            parents.add(rnd.nextInt(v));
          }
          return new Topology.Tree(parents);
        }
    }
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void routeArcs_joinConsecutiveRouteNodes(long seed) {
    SplittableRandom rnd = new SplittableRandom(seed);
    Network net = Network.of(topology(rnd));
    int n = net.nodes();
    int root = rnd.nextInt(n);
    List<Message> ms = new ArrayList<>();
    Problem problem;
    switch (rnd.nextInt(3)) {
      case 0:
        for (int v = 0; v < n; v++) {
          if (v != root) {
            ms.add(new Message("m" + v, root, v, rnd.nextInt(3)));
          }
        }
        problem = new Problem.Scatter(root, ms);
        break;
      case 1:
        for (int v = 0; v < n; v++) {
          if (v != root) {
            ms.add(new Message("m" + v, v, root, rnd.nextInt(3)));
          }
        }
        problem = new Problem.Gather(root, ms);
        break;
      default:
        for (int i = 0; i < 8; i++) {
          int u = rnd.nextInt(n);
          int v = rnd.nextInt(n);
          if (u != v) {
            ms.add(new Message("m" + ms.size(), u, v, 1));
          }
        }
        problem = new Problem.Chatting(ms.isEmpty() ? List.of(new Message("m0", 0, 1, 1)) : ms);
        break;
    }
    Atlas atlas = new Instance("a", problem, SINGLE, net).atlas();
    for (int i = 0; i < atlas.size(); i++) {
      int[] nodes = atlas.nodes(i);
      int[] arcs = atlas.arcs(i);
      assertThat(arcs)
          .as("seed %d, %s, message %d", seed, net.topology(), i)
          .hasSize(nodes.length - 1);
      for (int k = 0; k < arcs.length; k++) {
        assertThat(arcs[k])
            .as("seed %d, %s, message %d, hop %d", seed, net.topology(), i, k)
            .isEqualTo(net.arc(nodes[k], nodes[k + 1]));
      }
    }
  }
}
