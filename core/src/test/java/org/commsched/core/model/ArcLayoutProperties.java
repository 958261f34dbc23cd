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
 * Every regular family's network computes its arcs from the node ids ({@link ArcLayout}); these
 * properties hold each accessor of it (arc count, links, tail, head, reverse, link, {@code arc(u,
 * v)}, out- and in-degrees and lists, distances, the tree's parents and depths) to the stored
 * network of the arc list that family's construction gave before it was implicit, written out below
 * as the definition and stored through an explicit network. Sizes are seeded, from the smallest
 * legal ones up.
 */
class ArcLayoutProperties {
  static Stream<Long> seeds() {
    return Seeds.seeds().boxed();
  }

  /**
   * The arc list of the family, in the order the stored construction listed it (the definition of
   * the ids).
   */
  static List<Topology.Pair> definedArcs(Topology t) {
    List<Topology.Pair> arcs = new ArrayList<>();
    if (t instanceof Topology.Ula u) {
      for (int x = 0; x + 1 < u.nodes(); x++) {
        arcs.add(new Topology.Pair(x, x + 1));
      }
    } else if (t instanceof Topology.Bla b) {
      for (int x = 0; x + 1 < b.nodes(); x++) {
        arcs.add(new Topology.Pair(x, x + 1));
      }
      for (int x = 0; x + 1 < b.nodes(); x++) {
        arcs.add(new Topology.Pair(x + 1, x));
      }
    } else if (t instanceof Topology.URing r) {
      for (int x = 0; x < r.nodes(); x++) {
        arcs.add(new Topology.Pair(x, (x + 1) % r.nodes()));
      }
    } else if (t instanceof Topology.Ring r) {
      for (int x = 0; x < r.nodes(); x++) {
        arcs.add(new Topology.Pair(x, (x + 1) % r.nodes()));
      }
      for (int x = 0; x < r.nodes(); x++) {
        arcs.add(new Topology.Pair((x + 1) % r.nodes(), x));
      }
    } else if (t instanceof Topology.Star s) {
      for (int x = 1; x < s.nodes(); x++) {
        arcs.add(new Topology.Pair(0, x));
        arcs.add(new Topology.Pair(x, 0));
      }
    } else if (t instanceof Topology.Complete c) {
      for (int u = 0; u < c.nodes(); u++) {
        for (int v = 0; v < c.nodes(); v++) {
          if (u != v) {
            arcs.add(new Topology.Pair(u, v));
          }
        }
      }
    } else if (t instanceof Topology.Esm g) {
      for (int r = 0; r < g.rows(); r++) {
        for (int c = 0; c < g.cols(); c++) {
          int v = r * g.cols() + c;
          if (c + 1 < g.cols()) {
            arcs.add(new Topology.Pair(v, v + 1));
          }
          if (r + 1 < g.rows()) {
            arcs.add(new Topology.Pair(v, v + g.cols()));
          }
        }
      }
    } else if (t instanceof Topology.Mesh g) {
      grid(arcs, g.rows(), g.cols(), false);
    } else if (t instanceof Topology.Torus g) {
      grid(arcs, g.rows(), g.cols(), true);
    } else if (t instanceof Topology.Hypercube h) {
      for (int u = 0; u < 1 << h.dimension(); u++) {
        for (int b = 0; b < h.dimension(); b++) {
          arcs.add(new Topology.Pair(u, u ^ (1 << b)));
        }
      }
    } else if (t instanceof Topology.FoldedHypercube h) {
      int n = 1 << h.dimension();
      for (int u = 0; u < n; u++) {
        for (int b = 0; b < h.dimension(); b++) {
          arcs.add(new Topology.Pair(u, u ^ (1 << b)));
        }
        arcs.add(new Topology.Pair(u, u ^ (n - 1)));
      }
    }
    return arcs;
  }

  private static void grid(List<Topology.Pair> arcs, int rows, int cols, boolean wrap) {
    Set<Long> seen = new HashSet<>();
    int n = rows * cols;
    for (int r = 0; r < rows; r++) {
      for (int c = 0; c < cols; c++) {
        int v = r * cols + c;
        int[] nbrs = {
          c + 1 < cols ? v + 1 : (wrap && cols > 1 ? r * cols : -1),
          r + 1 < rows ? v + cols : (wrap && rows > 1 ? c : -1)
        };
        for (int w : nbrs) {
          if (w >= 0 && w != v && seen.add((long) Math.min(v, w) * n + Math.max(v, w))) {
            arcs.add(new Topology.Pair(v, w));
            arcs.add(new Topology.Pair(w, v));
          }
        }
      }
    }
  }

  /**
   * The parent lists the stored construction kept for the tree-shaped families (bla: a path from 0;
   * star).
   */
  private static int[] definedParents(Topology t, int n) {
    int[] parent = new int[n];
    if (t instanceof Topology.Bla) {
      for (int v = 0; v < n; v++) {
        parent[v] = v - 1;
      }
      return parent;
    }
    if (t instanceof Topology.Star) {
      parent[0] = -1;
      return parent;
    }
    return null;
  }

  /** A topology of family {@code family} (by its index), small ones first, then seeded sizes. */
  static Topology topology(int family, SplittableRandom rnd, boolean smallest) {
    int n = smallest ? 0 : rnd.nextInt(40);
    int rows = smallest ? 1 : 1 + rnd.nextInt(7);
    int cols = smallest ? 2 : (rows == 1 ? 2 : 1) + rnd.nextInt(7);
    int dim = smallest ? 0 : rnd.nextInt(7);
    return switch (family) {
      case 0 -> new Topology.Ula(2 + n);
      case 1 -> new Topology.Bla(2 + n);
      case 2 -> new Topology.URing(2 + n);
      case 3 -> new Topology.Ring(3 + n);
      case 4 -> new Topology.Star(2 + n);
      case 5 -> new Topology.Complete(2 + n % 12);
      case 6 -> new Topology.Esm(rows, cols);
      case 7 -> new Topology.Mesh(rows, cols);
      case 8 -> new Topology.Torus(rows, cols);
      case 9 -> new Topology.Hypercube(1 + dim);
      default -> new Topology.FoldedHypercube(2 + dim);
    };
  }

  static final int FAMILIES = 11;

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void everyAccessorOfAnImplicitFamilyIsThatOfItsStoredArcList(long seed) {
    SplittableRandom rnd = new SplittableRandom(seed);
    for (int family = 0; family < FAMILIES; family++) {
      // seed 0 takes the smallest legal size of every family, and the grids of one row and one
      // column in turn
      Topology t = topology(family, rnd, seed == 0);
      if (seed == 1 && family >= 6 && family <= 8) {
        t =
            family == 6
                ? new Topology.Esm(2, 1)
                : family == 7 ? new Topology.Mesh(2, 1) : new Topology.Torus(2, 1);
      }
      assertSameAsStored(t);
    }
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void theGridsOfTwoAndThreeRowsOrColumnsWrapAsTheStoredOnesDid(long seed) {
    // a side of 2 has one link (no wrap), a side of 3 wraps, a side of 1 has none
    SplittableRandom rnd = new SplittableRandom(seed);
    int rows = 1 + rnd.nextInt(3);
    int cols = (rows == 1 ? 2 : 1) + rnd.nextInt(3);
    assertSameAsStored(new Topology.Torus(rows, cols));
    assertSameAsStored(new Topology.Mesh(rows, cols));
    assertSameAsStored(new Topology.Esm(rows, cols));
  }

  private static void assertSameAsStored(Topology t) {
    Network net = Network.of(t);
    int n = net.nodes();
    Network x = Network.of(new Topology.Explicit(n, definedArcs(t), false));
    String what = t.toString();
    assertThat(net.arcs()).as(what).isEqualTo(x.arcs());
    assertThat(net.edges()).as(what).isEqualTo(x.edges());
    for (int a = 0; a < x.arcs(); a++) {
      assertThat(new int[] {net.tail(a), net.head(a), net.reverse(a), net.edge(a)})
          .as("arc %d of %s", a, what)
          .containsExactly(x.tail(a), x.head(a), x.reverse(a), x.edge(a));
    }
    for (int u = -1; u <= n; u++) {
      for (int v = -1; v <= n; v++) {
        int expected = u < 0 || u >= n || v < 0 || v >= n ? -1 : x.arc(u, v);
        assertThat(net.arc(u, v)).as("arc %d->%d of %s", u, v, what).isEqualTo(expected);
      }
    }
    for (int v = 0; v < n; v++) {
      assertThat(net.outDegree(v)).as("out-degree of %d in %s", v, what).isEqualTo(x.outDegree(v));
      assertThat(net.inDegree(v)).as("in-degree of %d in %s", v, what).isEqualTo(x.inDegree(v));
      for (int i = 0; i < x.outDegree(v); i++) {
        assertThat(net.outArc(v, i))
            .as("out-arc %d of %d in %s", i, v, what)
            .isEqualTo(x.outArc(v, i));
      }
      for (int i = 0; i < x.inDegree(v); i++) {
        assertThat(net.inArc(v, i))
            .as("in-arc %d of %d in %s", i, v, what)
            .isEqualTo(x.inArc(v, i));
      }
      assertThat(net.distancesFrom(v))
          .as("distances from %d in %s", v, what)
          .containsExactly(x.distancesFrom(v));
    }
    assertThat(net.arcList()).as(what).isEqualTo(x.arcList());
    int[] parents = definedParents(t, n);
    assertThat(net.isTree()).as(what).isEqualTo(parents != null);
    if (parents != null) {
      for (int v = 0; v < n; v++) {
        int depth = 0;
        for (int y = v; parents[y] >= 0; y = parents[y]) {
          depth++;
        }
        assertThat(net.treeParent(v)).as("parent of %d in %s", v, what).isEqualTo(parents[v]);
        assertThat(net.treeDepth(v)).as("depth of %d in %s", v, what).isEqualTo(depth);
      }
    }
  }
}
