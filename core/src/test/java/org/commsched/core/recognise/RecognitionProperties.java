package org.commsched.core.recognise;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.commsched.core.model.Network;
import org.commsched.core.model.Topology;
import org.commsched.core.testing.RandomNetworks;
import org.commsched.core.testing.Seeds;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link Recognition} on every regular family at several sizes, each written as an explicit network
 * under a seeded random numbering (as links, or as both arcs of each link, in a shuffled order): it
 * is recognised as the family the fixed order names (where two families have the same graph, e.g.
 * the 4 x 4 torus and Q_4, the first one), with the family's sizes, and the map is an isomorphism,
 * checked here against the family's own arc list and not with {@link Recognition#isomorphism}. Near
 * misses (a chord, a missing link, two links swapped so that every degree stays) are not
 * recognised; and on random degree-keeping perturbations whatever is recognised is an isomorphism.
 */
class RecognitionProperties {
  /** A family written out, and the family recognition must name (null: the same). */
  private static Arguments fam(Topology written, Topology expected) {
    return Arguments.of(written, expected == null ? written : expected);
  }

  static Stream<Arguments> families() {
    return Stream.of(
        fam(new Topology.Complete(2), null),
        fam(new Topology.Complete(3), null),
        fam(new Topology.Complete(6), null),
        fam(new Topology.Complete(11), null),
        fam(new Topology.Bla(2), new Topology.Complete(2)),
        fam(new Topology.Bla(3), null),
        fam(new Topology.Bla(7), null),
        fam(new Topology.Bla(40), null),
        fam(new Topology.Ula(2), null),
        fam(new Topology.Ula(9), null),
        fam(new Topology.Ula(33), null),
        fam(new Topology.URing(3), null),
        fam(new Topology.URing(8), null),
        fam(new Topology.URing(25), null),
        fam(new Topology.Ring(3), new Topology.Complete(3)),
        fam(new Topology.Ring(5), null),
        fam(new Topology.Ring(8), null),
        fam(new Topology.Ring(37), null),
        fam(new Topology.Star(3), new Topology.Bla(3)),
        fam(new Topology.Star(4), null),
        fam(new Topology.Star(12), null),
        fam(new Topology.Hypercube(1), new Topology.Complete(2)),
        fam(new Topology.Hypercube(2), new Topology.Ring(4)),
        fam(new Topology.Hypercube(3), null),
        fam(new Topology.Hypercube(4), null),
        fam(new Topology.Hypercube(6), null),
        fam(new Topology.Hypercube(8), null),
        fam(new Topology.FoldedHypercube(2), new Topology.Complete(4)),
        fam(new Topology.FoldedHypercube(3), null),
        fam(new Topology.FoldedHypercube(4), null),
        fam(new Topology.FoldedHypercube(5), null),
        fam(new Topology.FoldedHypercube(6), null),
        fam(new Topology.FoldedHypercube(7), null),
        fam(new Topology.Mesh(1, 6), new Topology.Bla(6)),
        fam(new Topology.Mesh(2, 2), new Topology.Ring(4)),
        fam(new Topology.Mesh(2, 3), null),
        fam(new Topology.Mesh(3, 3), null),
        fam(new Topology.Mesh(5, 3), null),
        fam(new Topology.Mesh(4, 7), null),
        fam(new Topology.Mesh(6, 6), null),
        fam(new Topology.Mesh(2, 9), null),
        fam(new Topology.Torus(1, 7), new Topology.Ring(7)),
        fam(new Topology.Torus(2, 2), new Topology.Ring(4)),
        fam(new Topology.Torus(2, 3), null),
        fam(new Topology.Torus(2, 4), new Topology.Hypercube(3)),
        fam(new Topology.Torus(2, 7), null),
        fam(new Topology.Torus(3, 3), null),
        fam(new Topology.Torus(3, 4), null),
        fam(new Topology.Torus(5, 3), null),
        fam(new Topology.Torus(4, 4), new Topology.Hypercube(4)),
        fam(new Topology.Torus(4, 5), null),
        fam(new Topology.Torus(5, 7), null),
        fam(new Topology.Torus(6, 6), null),
        fam(new Topology.Torus(8, 3), null));
  }

  static Stream<Arguments> familiesTimesSeeds() {
    int per = Seeds.cases(50, 4);
    List<Arguments> out = new ArrayList<>();
    List<Arguments> fs = families().toList();
    long[] seeds = Seeds.seeds(per).toArray();
    for (Arguments f : fs) {
      for (long seed : seeds) {
        out.add(Arguments.of(f.get()[0], f.get()[1], seed));
      }
    }
    return out.stream();
  }

  @ParameterizedTest(name = "{0} as {1}, seed {2}")
  @MethodSource("familiesTimesSeeds")
  void everyFamilyUnderAnyNumbering_isRecognisedWithItsSizes_andTheMapIsAnIsomorphism(
      Topology written, Topology expected, long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    Network family = Network.of(written);
    int[] perm = Seeds.permutation(family.nodes(), r);
    Network g = RandomNetworks.renumbered(family, perm, r);
    Recognition rec = Recognition.of(g);
    assertThat(rec).as("%s renumbered by seed %d", written, seed).isNotNull();
    assertThat(normalised(rec.family()))
        .as("%s renumbered by seed %d", written, seed)
        .isEqualTo(normalised(expected));
    assertIsomorphism(g, rec);
  }

  /** A declared family and the family it is recognised as (null: none, it stays as declared). */
  static Stream<Arguments> declaredFamilies() {
    return Stream.of(
        Arguments.of(new Topology.Mesh(2, 2), new Topology.Ring(4)),
        Arguments.of(new Topology.Mesh(1, 6), new Topology.Bla(6)),
        Arguments.of(new Topology.Mesh(7, 1), new Topology.Bla(7)),
        Arguments.of(new Topology.Mesh(1, 2), new Topology.Complete(2)),
        Arguments.of(new Topology.Torus(2, 2), new Topology.Ring(4)),
        Arguments.of(new Topology.Torus(1, 7), new Topology.Ring(7)),
        Arguments.of(new Topology.Torus(5, 1), new Topology.Ring(5)),
        Arguments.of(new Topology.Torus(1, 3), new Topology.Complete(3)),
        Arguments.of(new Topology.Hypercube(1), new Topology.Complete(2)),
        Arguments.of(new Topology.Hypercube(2), new Topology.Ring(4)),
        Arguments.of(new Topology.FoldedHypercube(2), new Topology.Complete(4)),
        Arguments.of(new Topology.Star(2), new Topology.Complete(2)),
        Arguments.of(new Topology.Star(3), new Topology.Bla(3)),
        // coincidences that keep the declared family, and the one-dimensional families themselves
        Arguments.of(new Topology.Mesh(2, 3), null),
        Arguments.of(new Topology.Mesh(3, 3), null),
        Arguments.of(new Topology.Torus(2, 4), null),
        Arguments.of(new Topology.Torus(4, 4), null),
        Arguments.of(new Topology.Torus(3, 3), null),
        Arguments.of(new Topology.Hypercube(3), null),
        Arguments.of(new Topology.FoldedHypercube(3), null),
        Arguments.of(new Topology.Star(4), null),
        Arguments.of(new Topology.Ring(3), null),
        Arguments.of(new Topology.Ring(8), null),
        Arguments.of(new Topology.Bla(2), null),
        Arguments.of(new Topology.Complete(3), null),
        Arguments.of(new Topology.URing(5), null),
        Arguments.of(new Topology.Ula(4), null));
  }

  @ParameterizedTest(name = "{0} as {1}")
  @MethodSource("declaredFamilies")
  void aDeclaredFamilyThatIsACompleteGraphPathOrRing_isRecognisedAsThat_andNothingElseIs(
      Topology declared, Topology expected) {
    Network g = Network.of(declared);
    Recognition rec = Recognition.of(g);
    if (expected == null) {
      assertThat(rec).as("%s", declared).isNull();
      return;
    }
    assertThat(rec).as("%s", declared).isNotNull();
    assertThat(rec.family()).isEqualTo(expected);
    assertIsomorphism(g, rec);
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void aRingWithOneChord_isNotRecognised(long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    int n = 5 + r.nextInt(20);
    List<Topology.Pair> links = new ArrayList<>();
    for (int v = 0; v < n; v++) {
      links.add(new Topology.Pair(v, (v + 1) % n));
    }
    int a = r.nextInt(n);
    int b = (a + 2 + r.nextInt(n - 3)) % n; // not a or a neighbour of a
    links.add(new Topology.Pair(a, b));
    Network g = RandomNetworks.relabelled(n, links, r);
    assertThat(Recognition.of(g)).as("ring %d with chord %d-%d", n, a, b).isNull();
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void aMeshOrTorusMinusOneLink_isNotRecognised(long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    int rows = 3 + r.nextInt(4);
    int cols = 3 + r.nextInt(5);
    Topology t = r.nextBoolean() ? new Topology.Mesh(rows, cols) : new Topology.Torus(rows, cols);
    List<Topology.Pair> links = RandomNetworks.links(Network.of(t));
    Topology.Pair dropped = links.remove(r.nextInt(links.size()));
    Network g = RandomNetworks.relabelled(rows * cols, links, r);
    // a torus minus a link is not regular; a mesh minus a link on its border has a node of degree 1
    // or six of degree
    // 2, and minus an inner link it has fewer 4-cycles than the only family with its counts (a mesh
    // r' x c' with
    // r' + c' = rows + cols + 1, e.g. 3 x 8 for 4 x 6)
    assertThat(Recognition.of(g)).as("%s without %s", t, dropped).isNull();
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void aHypercubeWithTwoEndsSwapped_isNotRecognised(long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    int d = 3 + r.nextInt(5);
    int n = 1 << d;
    // links a-b and c-e of one dimension i, with a and c of opposite parity, become a-e and c-b
    // (neither a link
    // before: a and e differ in an even number of bits, at least 2): every degree stays, but a-e
    // joins two nodes of
    // the same parity and closes an odd cycle with any path of old links from e to a, so the
    // network is not
    // bipartite as Q_d is (nor a folded hypercube or torus of its node count: their degrees or
    // parities differ)
    int i = r.nextInt(d);
    int a;
    int c;
    do {
      a = r.nextInt(n) & ~(1 << i);
      c = r.nextInt(n) & ~(1 << i);
    } while (a == c || Integer.bitCount(a ^ c) % 2 == 0);
    int b = a | 1 << i;
    int e = c | 1 << i;
    List<Topology.Pair> links = new ArrayList<>();
    for (Topology.Pair p : RandomNetworks.links(Network.of(new Topology.Hypercube(d)))) {
      if (same(p, a, b)) {
        links.add(new Topology.Pair(a, e));
      } else if (same(p, c, e)) {
        links.add(new Topology.Pair(c, b));
      } else {
        links.add(p);
      }
    }
    Network g = RandomNetworks.relabelled(n, links, r);
    assertThat(Recognition.of(g)).as("Q_%d with %d-%d and %d-%d swapped", d, a, b, c, e).isNull();
  }

  @org.junit.jupiter.api.Test
  void graphsWithTheRightCountsButAnotherShape_areNotRecognised() {
    // two disjoint K_4: 8 nodes of degree 3 (a hypercube's counts)
    List<Topology.Pair> twoK4 = new ArrayList<>();
    for (int base = 0; base < 8; base += 4) {
      for (int u = 0; u < 4; u++) {
        for (int v = u + 1; v < 4; v++) {
          twoK4.add(new Topology.Pair(base + u, base + v));
        }
      }
    }
    assertThat(Recognition.of(Network.of(new Topology.Explicit(8, twoK4, true)))).isNull();
    // the Petersen graph: 10 nodes of degree 3 (a 2 x 5 torus's counts)
    List<Topology.Pair> petersen = new ArrayList<>();
    for (int v = 0; v < 5; v++) {
      petersen.add(new Topology.Pair(v, (v + 1) % 5));
      petersen.add(new Topology.Pair(v, v + 5));
      petersen.add(new Topology.Pair(5 + v, 5 + (v + 2) % 5));
    }
    assertThat(Recognition.of(Network.of(new Topology.Explicit(10, petersen, true)))).isNull();
    // two disjoint rings of 4: 8 nodes of degree 2, 8 links (a ring's counts)
    List<Topology.Pair> twoRings = new ArrayList<>();
    for (int v = 0; v < 8; v++) {
      twoRings.add(new Topology.Pair(v, (v / 4) * 4 + (v + 1) % 4));
    }
    assertThat(Recognition.of(Network.of(new Topology.Explicit(8, twoRings, true)))).isNull();
    // a one-way ring with one arc turned round
    List<Topology.Pair> arcs = new ArrayList<>();
    for (int v = 0; v < 6; v++) {
      arcs.add(v == 3 ? new Topology.Pair(4, 3) : new Topology.Pair(v, (v + 1) % 6));
    }
    assertThat(Recognition.of(Network.of(new Topology.Explicit(6, arcs, false)))).isNull();
    // a ring with one link one-way: neither a network of links nor one-way
    List<Topology.Pair> mixed = new ArrayList<>();
    for (int v = 0; v < 6; v++) {
      mixed.add(new Topology.Pair(v, (v + 1) % 6));
      if (v != 2) {
        mixed.add(new Topology.Pair((v + 1) % 6, v));
      }
    }
    assertThat(Recognition.of(Network.of(new Topology.Explicit(6, mixed, false)))).isNull();
    // the family networks themselves are not explicit: nothing to recognise
    assertThat(Recognition.of(Network.of(new Topology.Ring(8)))).isNull();
  }

  static Stream<Long> seeds() {
    return Seeds.seeds(Seeds.cases(4, 20)).boxed();
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void onRandomDegreeKeepingPerturbations_whateverIsRecognisedIsAnIsomorphism(long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    List<Arguments> fs = families().toList();
    Topology t = (Topology) fs.get(r.nextInt(fs.size())).get()[0];
    Network family = Network.of(t);
    if (family.reverse(0) < 0) {
      return; // one-way families: a swap of two arcs is covered by the one-way ring case above
    }
    List<Topology.Pair> links = RandomNetworks.links(family);
    int swaps = 1 + r.nextInt(3);
    Set<Long> have = new HashSet<>();
    int n = family.nodes();
    for (Topology.Pair p : links) {
      have.add(key(p.u(), p.v(), n));
    }
    for (int s = 0; s < swaps && links.size() >= 2; s++) {
      int x = r.nextInt(links.size());
      int y = r.nextInt(links.size());
      Topology.Pair p = links.get(x);
      Topology.Pair q = links.get(y);
      if (x == y
          || p.u() == q.v()
          || q.u() == p.v()
          || p.u() == q.u()
          || p.v() == q.v()
          || have.contains(key(p.u(), q.v(), n))
          || have.contains(key(q.u(), p.v(), n))) {
        continue;
      }
      have.remove(key(p.u(), p.v(), n));
      have.remove(key(q.u(), q.v(), n));
      links.set(x, new Topology.Pair(p.u(), q.v()));
      links.set(y, new Topology.Pair(q.u(), p.v()));
      have.add(key(p.u(), q.v(), n));
      have.add(key(q.u(), p.v(), n));
    }
    Network g = RandomNetworks.relabelled(n, links, r);
    Recognition rec = Recognition.of(g);
    if (rec != null) {
      assertIsomorphism(g, rec);
    }
  }

  // ---- helpers

  private static long key(int u, int v, int n) {
    return (long) Math.min(u, v) * n + Math.max(u, v);
  }

  private static boolean same(Topology.Pair p, int x, int y) {
    return p.u() == x && p.v() == y || p.u() == y && p.v() == x;
  }

  /** Mesh and torus sizes in either orientation; everything else as it is. */
  private static Object normalised(Topology t) {
    if (t instanceof Topology.Mesh m) {
      return List.of("mesh", Math.min(m.rows(), m.cols()), Math.max(m.rows(), m.cols()));
    } else if (t instanceof Topology.Torus m) {
      return List.of("torus", Math.min(m.rows(), m.cols()), Math.max(m.rows(), m.cols()));
    }
    return t;
  }

  /**
   * The map is a bijection onto the family's nodes and carries the arc set onto the family's arc
   * set exactly.
   */
  private static void assertIsomorphism(Network g, Recognition rec) {
    Network f = Network.of(rec.family());
    int n = g.nodes();
    assertThat(f.nodes()).isEqualTo(n);
    Set<Integer> images = new HashSet<>();
    for (int v = 0; v < n; v++) {
      images.add(rec.toFamily(v));
      assertThat(rec.fromFamily(rec.toFamily(v))).isEqualTo(v);
    }
    assertThat(images).hasSize(n).allMatch(x -> x >= 0 && x < n);
    Set<List<Integer>> mapped = new HashSet<>();
    for (int a = 0; a < g.arcs(); a++) {
      mapped.add(List.of(rec.toFamily(g.tail(a)), rec.toFamily(g.head(a))));
    }
    Set<List<Integer>> familyArcs = new HashSet<>();
    for (Topology.Pair p : f.arcList()) {
      familyArcs.add(List.of(p.u(), p.v()));
    }
    assertThat(mapped).as("the arcs through the map").isEqualTo(familyArcs);
  }
}
