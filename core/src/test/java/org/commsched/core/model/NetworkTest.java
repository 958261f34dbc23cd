package org.commsched.core.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class NetworkTest {

  @Test
  void ula_hasArcsToTheRightOnly() {
    Network n = Network.of(new Topology.Ula(4));
    assertThat(n.nodes()).isEqualTo(4);
    assertThat(n.arcs()).isEqualTo(3);
    assertThat(n.arc(0, 1)).isEqualTo(0);
    assertThat(n.arc(2, 3)).isEqualTo(2);
    assertThat(n.arc(1, 0)).isEqualTo(-1);
    assertThat(n.reverse(0)).isEqualTo(-1);
    assertThat(n.edges()).isEqualTo(3);
  }

  @Test
  void bla_pairsOpposingArcsIntoOneEdge() {
    Network n = Network.of(new Topology.Bla(3));
    assertThat(n.arcs()).isEqualTo(4);
    assertThat(n.edges()).isEqualTo(2);
    int a = n.arc(0, 1);
    int b = n.arc(1, 0);
    assertThat(n.reverse(a)).isEqualTo(b);
    assertThat(n.edge(a)).isEqualTo(n.edge(b));
    assertThat(n.isTree()).isTrue();
    assertThat(n.treeDepth(2)).isEqualTo(2);
  }

  @Test
  void esm_hasEastAndSouthArcs() {
    Network n = Network.of(new Topology.Esm(3, 3));
    // 2 * 3 * 2 arcs: each of 3 rows has 2 east arcs, each of 3 cols has 2 south arcs
    assertThat(n.arcs()).isEqualTo(12);
    assertThat(n.arc(4, 5)).isNotNegative(); // (1,1) -> (1,2) east
    assertThat(n.arc(4, 7)).isNotNegative(); // (1,1) -> (2,1) south
    assertThat(n.arc(5, 4)).isNegative();
  }

  @Test
  void torus_ofSideTwo_hasNoDuplicateLinks() {
    Network n = Network.of(new Topology.Torus(2, 3));
    // rows: 2 rings of 3 (3 links each) = 6; columns: 3 pairs with a single link each = 3
    assertThat(n.edges()).isEqualTo(9);
    assertThat(n.arcs()).isEqualTo(18);
  }

  @Test
  void complete_isImplicitButNumberedAsTheExplicitArcList() {
    // docs/DESIGN.md#implicit-complete-graphs: the same ids, ends, reverses, links and neighbours
    // as the explicit
    // list of every ordered pair (tail major, heads ascending)
    for (int p = 2; p <= 9; p++) {
      java.util.List<Topology.Pair> pairs = new java.util.ArrayList<>();
      for (int u = 0; u < p; u++) {
        for (int v = 0; v < p; v++) {
          if (u != v) {
            pairs.add(new Topology.Pair(u, v));
          }
        }
      }
      Network k = Network.of(new Topology.Complete(p));
      Network x = Network.of(new Topology.Explicit(p, pairs, false));
      assertThat(k.arcs()).isEqualTo(x.arcs()).isEqualTo(p * (p - 1));
      assertThat(k.edges()).isEqualTo(x.edges()).isEqualTo(p * (p - 1) / 2);
      for (int a = 0; a < x.arcs(); a++) {
        assertThat(new int[] {k.tail(a), k.head(a), k.reverse(a), k.edge(a)})
            .as("arc %d of K_%d", a, p)
            .containsExactly(x.tail(a), x.head(a), x.reverse(a), x.edge(a));
        assertThat(k.arcName(a)).isEqualTo(x.arcName(a));
      }
      for (int u = -1; u <= p; u++) {
        for (int v = -1; v <= p; v++) {
          int expected = u < 0 || u >= p || v < 0 || v >= p ? -1 : x.arc(u, v);
          assertThat(k.arc(u, v)).as("arc %d->%d of K_%d", u, v, p).isEqualTo(expected);
        }
      }
      for (int v = 0; v < p; v++) {
        assertThat(k.outDegree(v)).isEqualTo(x.outDegree(v));
        assertThat(k.inDegree(v)).isEqualTo(x.inDegree(v));
        for (int i = 0; i < p - 1; i++) {
          assertThat(k.outArc(v, i)).isEqualTo(x.outArc(v, i));
          assertThat(k.inArc(v, i)).isEqualTo(x.inArc(v, i));
        }
        assertThat(k.distancesFrom(v)).containsExactly(x.distancesFrom(v));
      }
      assertThat(k.arcList()).isEqualTo(x.arcList());
    }
  }

  @Test
  void complete_ofTenThousandNodes_holdsItsArcIdsInAnInt() {
    Network k = Network.of(new Topology.Complete(10_000));
    assertThat(k.arcs()).isEqualTo(99_990_000);
    int last = k.arc(9_999, 9_998);
    assertThat(last).isEqualTo(99_989_999);
    assertThat(k.edge(last)).isEqualTo(k.edges() - 1);
    assertThat(k.reverse(k.arc(0, 9_999))).isEqualTo(k.arc(9_999, 0));
    assertThatThrownBy(() -> new Topology.Complete(46_342))
        .hasMessageContaining("at most 46341 nodes");
  }

  @Test
  void hypercube_linksIdsDifferingInOneBit() {
    Network n = Network.of(new Topology.Hypercube(3));
    assertThat(n.nodes()).isEqualTo(8);
    assertThat(n.arcs()).isEqualTo(24);
    assertThat(n.arc(5, 4)).isNotNegative();
    assertThat(n.arc(5, 6)).isNegative();
  }

  @Test
  void foldedHypercube_addsTheAntipodalLinks() {
    // Q_3^+: the 12 links of Q_3 plus 4 antipodal ones (v, v XOR 7), 32 arcs; diameter ceil(3/2) =
    // 2
    Network n = Network.of(new Topology.FoldedHypercube(3));
    assertThat(n.nodes()).isEqualTo(8);
    assertThat(n.arcs()).isEqualTo(32);
    assertThat(n.arc(5, 4)).isNotNegative();
    assertThat(n.arc(5, 2)).isNotNegative();
    assertThat(n.arc(2, 5)).isNotNegative();
    assertThat(n.arc(5, 6)).isNegative();
    assertThatThrownBy(() -> new Topology.FoldedHypercube(1)).hasMessageContaining("2..24");
  }

  @Test
  void distancesWithBannedNodes_goAroundThem_orStop() {
    // a two-way ring of 6: with 1 banned, 2 is 4 hops from 0 the long way round, both ways
    Network ring = Network.of(new Topology.Ring(6));
    boolean[] banned = new boolean[6];
    banned[1] = true;
    assertThat(ring.distancesFrom(0, banned)).containsExactly(0, -1, 4, 3, 2, 1);
    assertThat(ring.distancesTo(0, banned)).containsExactly(0, -1, 4, 3, 2, 1);
    // on the one-way ula 0 -> 1 -> 2 -> 3 a ban cuts the rest off, and the root itself is 0 even
    // when banned
    Network ula = Network.of(new Topology.Ula(4));
    boolean[] two = {true, false, true, false};
    assertThat(ula.distancesFrom(0, two)).containsExactly(0, 1, -1, -1);
    assertThat(ula.distancesTo(3, two)).containsExactly(-1, -1, -1, 0);
    assertThat(ula.distancesTo(3, new boolean[4])).containsExactly(3, 2, 1, 0);
  }

  @Test
  void tree_fromParents_knowsDepths() {
    Network n = Network.of(new Topology.Tree(Arrays.asList(1, -1, 1, 2)));
    assertThat(n.treeParent(1)).isEqualTo(-1);
    assertThat(n.treeDepth(3)).isEqualTo(2);
    assertThat(n.treeDepth(0)).isEqualTo(1);
    assertThat(n.arcs()).isEqualTo(6);
  }

  @Test
  void tree_withCycle_isRejected() {
    assertThatThrownBy(() -> new Topology.Tree(Arrays.asList(-1, 2, 1)))
        .isInstanceOf(ModelException.class)
        .hasMessageContaining("cycle");
  }

  @Test
  void tree_withTwoRoots_isRejectedAtTheSecondRoot() {
    assertThatThrownBy(() -> new Topology.Tree(Arrays.asList(-1, 0, -1)))
        .isInstanceOf(ModelException.class)
        .satisfies(e -> assertThat(((ModelException) e).pointer()).isEqualTo("/network/parents/2"));
  }

  @Test
  void explicitLinks_duplicate_isRejected() {
    List<Topology.Pair> p = List.of(new Topology.Pair(0, 1), new Topology.Pair(1, 0));
    assertThatThrownBy(() -> Network.of(new Topology.Explicit(2, p, true)))
        .isInstanceOf(ModelException.class)
        .hasMessageContaining("duplicate link");
  }

  @Test
  void explicitArcs_outOfRange_namesThePlace() {
    List<Topology.Pair> p = List.of(new Topology.Pair(0, 5));
    assertThatThrownBy(() -> new Topology.Explicit(3, p, false))
        .isInstanceOf(ModelException.class)
        .satisfies(e -> assertThat(((ModelException) e).pointer()).isEqualTo("/network/arcs/0/1"));
  }
}
