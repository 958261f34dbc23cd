package org.commsched.instances.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Topology;

/** Hand-built and seeded instances for the format tests. */
final class Fixtures {
  private Fixtures() {}

  static final CommModel ALL_PORTS = new CommModel.Bufferless(CommModel.BufferlessPorts.ALL);
  static final CommModel SINGLE_PORT = new CommModel.Bufferless(CommModel.BufferlessPorts.SINGLE);

  static CommModel.StoreAndForward sf(
      String beta,
      String tau,
      CommModel.Ports ports,
      CommModel.Duplex duplex,
      CommModel.OnePortRule rule) {
    return new CommModel.StoreAndForward(
        new BigDecimal(beta), new BigDecimal(tau), ports, duplex, rule);
  }

  static Instance instance(String name, Problem p, CommModel m, Topology t) {
    return new Instance(name, p, m, Network.of(t));
  }

  /** Every network family of DESIGN.md, including a tree and explicit arcs and links. */
  static List<Topology> allFamilies() {
    return List.of(
        new Topology.Ula(5),
        new Topology.Bla(5),
        new Topology.URing(5),
        new Topology.Ring(5),
        new Topology.Esm(2, 3),
        new Topology.Mesh(2, 3),
        new Topology.Torus(3, 3),
        new Topology.Star(5),
        new Topology.Complete(4),
        new Topology.Hypercube(3),
        new Topology.Tree(List.of(-1, 0, 0, 1, 1)),
        new Topology.Explicit(
            4,
            List.of(
                new Topology.Pair(0, 1),
                new Topology.Pair(1, 2),
                new Topology.Pair(2, 3),
                new Topology.Pair(3, 0)),
            false),
        new Topology.Explicit(
            4,
            List.of(new Topology.Pair(0, 1), new Topology.Pair(1, 2), new Topology.Pair(1, 3)),
            true));
  }

  /**
   * Asserts that two instances describe the same problem, model and network (Instance has no
   * equals).
   */
  static void assertSameInstance(Instance actual, Instance expected) {
    assertThat(actual.name()).isEqualTo(expected.name());
    assertThat(actual.problem()).isEqualTo(expected.problem());
    assertThat(actual.model()).isEqualTo(expected.model());
    assertThat(actual.network().topology()).isEqualTo(expected.network().topology());
    assertThat(actual.messages()).isEqualTo(expected.messages());
    assertThat(actual.origins()).isEqualTo(expected.origins());
  }

  /** A random connected topology from the families on which every ordered pair has a route. */
  static Topology randomTopology(SplittableRandom rnd) {
    int kind = rnd.nextInt(9);
    switch (kind) {
      case 0:
        return new Topology.Bla(2 + rnd.nextInt(8));
      case 1:
        return new Topology.Ring(3 + rnd.nextInt(7));
      case 2:
        return new Topology.Mesh(1 + rnd.nextInt(3), 2 + rnd.nextInt(3));
      case 3:
        return new Topology.Torus(2 + rnd.nextInt(3), 2 + rnd.nextInt(3));
      case 4:
        return new Topology.Star(2 + rnd.nextInt(6));
      case 5:
        return new Topology.Complete(2 + rnd.nextInt(5));
      case 6:
        return new Topology.Hypercube(1 + rnd.nextInt(3));
      case 7:
        return new Topology.Tree(randomParents(rnd, 2 + rnd.nextInt(8)));
      default:
        {
          // a random tree of links plus a few extra links: connected, so every pair routes
          int n = 2 + rnd.nextInt(7);
          List<Integer> parents = randomParents(rnd, n);
          List<Topology.Pair> pairs = new ArrayList<>();
          java.util.Set<Long> seen = new java.util.HashSet<>();
          for (int v = 0; v < n; v++) {
            if (parents.get(v) >= 0) {
              pairs.add(new Topology.Pair(parents.get(v), v));
              seen.add((long) Math.min(v, parents.get(v)) * n + Math.max(v, parents.get(v)));
            }
          }
          for (int k = 0; k < n; k++) {
            int u = rnd.nextInt(n);
            int v = rnd.nextInt(n);
            if (u != v && seen.add((long) Math.min(u, v) * n + Math.max(u, v))) {
              pairs.add(new Topology.Pair(u, v));
            }
          }
          return new Topology.Explicit(n, pairs, true);
        }
    }
  }

  static List<Integer> randomParents(SplittableRandom rnd, int n) {
    int root = rnd.nextInt(n);
    int[] order = new int[n];
    for (int i = 0; i < n; i++) {
      order[i] = i;
    }
    for (int i = n - 1; i > 0; i--) {
      int j = rnd.nextInt(i + 1);
      int t = order[i];
      order[i] = order[j];
      order[j] = t;
    }
    // put the root first, then attach each node to an earlier one
    for (int i = 0; i < n; i++) {
      if (order[i] == root) {
        order[i] = order[0];
        order[0] = root;
      }
    }
    Integer[] parents = new Integer[n];
    parents[root] = -1;
    for (int i = 1; i < n; i++) {
      parents[order[i]] = order[rnd.nextInt(i)];
    }
    return List.of(parents);
  }

  static int nodes(Topology t) {
    return Network.of(t).nodes();
  }
}
