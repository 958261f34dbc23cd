package org.commsched.core.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The default-route tree of scatter and gather (docs/DESIGN.md, default routing), as the atlas
 * exposes it.
 */
class AtlasRouteTreeTest {
  private static final CommModel SINGLE =
      new CommModel.Bufferless(CommModel.BufferlessPorts.SINGLE);

  /**
   * On the 3x3 mesh from (0,0) each node hangs on its smallest-id neighbour one hop closer: up
   * before left.
   */
  @Test
  void meshScatter_treeAndDepths() {
    Network net = Network.of(new Topology.Mesh(3, 3));
    List<Message> ms = new ArrayList<>();
    for (int v = 1; v < 9; v++) {
      ms.add(new Message("m" + v, 0, v, 1));
    }
    Atlas a = new Instance("m", new Problem.Scatter(0, ms), SINGLE, net).atlas();
    assertThat(a.hasRouteTree()).isTrue();
    int[] next = new int[9];
    int[] depth = new int[9];
    for (int v = 0; v < 9; v++) {
      next[v] = a.routeTreeNext(v);
      depth[v] = a.routeTreeDepth(v);
    }
    assertThat(next).containsExactly(-1, 0, 1, 0, 1, 2, 3, 4, 5);
    assertThat(depth).containsExactly(0, 1, 2, 1, 2, 3, 2, 3, 4);
    for (int i = 0; i < ms.size(); i++) {
      assertThat(a.hops(i)).isEqualTo(depth[i + 1]);
    }
  }

  /**
   * Gather on a ULA routes toward the root at the far end; unreachable nodes have no tree entry.
   */
  @Test
  void ulaGather_nextHopTowardTheRoot() {
    Network net = Network.of(new Topology.Ula(4));
    Atlas a =
        new Instance("u", new Problem.Gather(2, List.of(new Message("m0", 0, 2, 3))), SINGLE, net)
            .atlas();
    assertThat(a.routeTreeNext(0)).isEqualTo(1);
    assertThat(a.routeTreeDepth(0)).isEqualTo(2);
    assertThat(a.routeTreeNext(3)).isEqualTo(-1);
    assertThat(a.routeTreeDepth(3)).isEqualTo(-1);
  }

  @Test
  void chatting_hasNoRouteTree() {
    Network net = Network.of(new Topology.Bla(3));
    Atlas a =
        new Instance(
                "c",
                new Problem.Chatting(List.of(new Message("a", 0, 2, 1))),
                new CommModel.Bufferless(CommModel.BufferlessPorts.ALL),
                net)
            .atlas();
    assertThat(a.hasRouteTree()).isFalse();
    assertThatThrownBy(() -> a.routeTreeNext(0)).isInstanceOf(IllegalStateException.class);
  }

  /**
   * A path of 200,000 nodes: hop counts come from the BFS, not from walking each route (this used
   * to be n^2).
   */
  @Test
  void deepPath_hopsAreTheBreadthFirstDistances() {
    int n = 200_000;
    List<Integer> parents = new ArrayList<>(n);
    List<Message> ms = new ArrayList<>(n);
    for (int v = 0; v < n; v++) {
      parents.add(v - 1);
      if (v > 0) {
        ms.add(new Message("m" + v, 0, v, 1));
      }
    }
    Atlas a =
        new Instance(
                "p", new Problem.Scatter(0, ms), SINGLE, Network.of(new Topology.Tree(parents)))
            .atlas();
    assertThat(a.hops(n - 2)).isEqualTo(n - 1);
    assertThat(a.routeTreeDepth(n - 1)).isEqualTo(n - 1);
  }
}
