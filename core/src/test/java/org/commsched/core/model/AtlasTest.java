package org.commsched.core.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class AtlasTest {
  private static final CommModel ALL = new CommModel.Bufferless(CommModel.BufferlessPorts.ALL);

  private static Instance chatting(Topology t, Message... ms) {
    return new Instance("t", new Problem.Chatting(List.of(ms)), ALL, Network.of(t));
  }

  @Test
  void esm_usesTheOneTurnRoute_eastThenSouth() {
    // docs/models/bufferless-chatting.md#forward-leveled-networks: from (i,j) east along row i to
    // column j', then south
    // to (i',j')
    Instance inst = chatting(new Topology.Esm(3, 3), new Message("m", 0, 8, 1));
    assertThat(inst.atlas().nodes(0)).containsExactly(0, 1, 2, 5, 8);
    assertThat(inst.atlas().hops(0)).isEqualTo(4);
  }

  @Test
  void esm_northWestMessage_isRejected() {
    assertThatThrownBy(() -> chatting(new Topology.Esm(3, 3), new Message("m", 8, 0, 1)))
        .isInstanceOf(ModelException.class)
        .hasMessageContaining("east and south");
  }

  @Test
  void ula_backwardMessage_isRejectedWithItsPointer() {
    assertThatThrownBy(
            () ->
                chatting(new Topology.Ula(4), new Message("a", 0, 1, 1), new Message("b", 3, 1, 1)))
        .isInstanceOf(ModelException.class)
        .satisfies(e -> assertThat(((ModelException) e).pointer()).isEqualTo("/messages/1"));
  }

  @Test
  void tree_routesThroughTheLowestCommonAncestor() {
    // 0 is the root; 1, 2 children of 0; 3 child of 1; 4 child of 2
    Instance inst =
        chatting(new Topology.Tree(Arrays.asList(-1, 0, 0, 1, 2)), new Message("m", 3, 4, 2));
    assertThat(inst.atlas().nodes(0)).containsExactly(3, 1, 0, 2, 4);
    int[] arcs = inst.atlas().arcs(0);
    assertThat(arcs).hasSize(4);
    assertThat(inst.network().arcName(arcs[0])).isEqualTo("3->1");
  }

  @Test
  void ring_tieIsBrokenByTheLexicographicallySmallestPath() {
    // ring of 4: 0 -> 2 has two shortest paths, 0-1-2 and 0-3-2; the smaller sequence is 0,1,2
    Instance inst = chatting(new Topology.Ring(4), new Message("m", 0, 2, 1));
    assertThat(inst.atlas().nodes(0)).containsExactly(0, 1, 2);
    Instance back = chatting(new Topology.Ring(4), new Message("m", 2, 0, 1));
    assertThat(back.atlas().nodes(0)).containsExactly(2, 1, 0);
  }

  @Test
  void mesh_defaultRoute_isShortestAndLexicographicallySmallest() {
    Instance inst = chatting(new Topology.Mesh(3, 3), new Message("m", 0, 8, 1));
    assertThat(inst.atlas().nodes(0)).containsExactly(0, 1, 2, 5, 8);
  }

  @Test
  void explicitRoute_isKeptAndValidated() {
    Instance inst = chatting(new Topology.Mesh(2, 2), new Message("m", 0, 3, 1, List.of(0, 2, 3)));
    assertThat(inst.atlas().nodes(0)).containsExactly(0, 2, 3);
    assertThatThrownBy(
            () -> chatting(new Topology.Mesh(2, 2), new Message("m", 0, 3, 1, List.of(0, 3))))
        .isInstanceOf(ModelException.class)
        .hasMessageContaining("not joined by an arc")
        .satisfies(
            e -> assertThat(((ModelException) e).pointer()).isEqualTo("/messages/0/route/1"));
    assertThatThrownBy(
            () ->
                chatting(
                    new Topology.Mesh(2, 2), new Message("m", 0, 3, 1, List.of(0, 1, 0, 2, 3))))
        .isInstanceOf(ModelException.class)
        .hasMessageContaining("twice");
    assertThatThrownBy(
            () -> chatting(new Topology.Mesh(2, 2), new Message("m", 0, 3, 1, List.of(1, 3))))
        .isInstanceOf(ModelException.class)
        .hasMessageContaining("starts at 1");
  }

  @Test
  void scatterOnAGraph_routesOverTheBfsTree() {
    // complete graph on 4 nodes: every node is one hop from the root
    Network net = Network.of(new Topology.Mesh(2, 3));
    Instance inst =
        new Instance(
            "s",
            new Problem.Scatter(0, List.of(new Message("a", 0, 5, 2), new Message("b", 0, 4, 1))),
            ALL,
            net);
    // node 5 = (1,2): BFS parents take the smallest-id neighbour closer to 0: 5 -> 2 -> 1 -> 0
    assertThat(inst.atlas().nodes(0)).containsExactly(0, 1, 2, 5);
    assertThat(inst.atlas().nodes(1)).containsExactly(0, 1, 4);
    Instance g =
        new Instance("g", new Problem.Gather(0, List.of(new Message("a", 5, 0, 2))), ALL, net);
    assertThat(g.atlas().nodes(0)).containsExactly(5, 2, 1, 0);
  }

  @Test
  void unreachable_isRejected() {
    Topology t = new Topology.Explicit(3, List.of(new Topology.Pair(0, 1)), false);
    assertThatThrownBy(() -> chatting(t, new Message("m", 1, 0, 1)))
        .isInstanceOf(ModelException.class)
        .hasMessageContaining("no path");
  }
}
