package org.commsched.core.bounds;

import static org.assertj.core.api.Assertions.assertThat;
import static org.commsched.core.bounds.ChattingBoundsTest.value;

import java.util.ArrayList;
import java.util.List;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.LowerBound;
import org.junit.jupiter.api.Test;

/**
 * Protocol bounds (LB-SYNC, LB-PAPER; docs/models/bufferless-scatter-gather.md#lower-bounds) on
 * networks that are not trees: the protocol runs over the spanning tree the routes follow (paper
 * §1.2, docs/models/bufferless-scatter-gather.md#spanning-trees).
 */
class RouteTreeProtocolBoundsTest {
  private static final CommModel SINGLE =
      new CommModel.Bufferless(CommModel.BufferlessPorts.SINGLE);

  private static Instance completeGather(int n, List<List<Integer>> routes) {
    List<Message> ms = new ArrayList<>();
    for (int v = 1; v < n; v++) {
      ms.add(new Message("m" + v, v, 0, 1, routes == null ? null : routes.get(v - 1)));
    }
    return new Instance(
        "k", new Problem.Gather(0, ms), SINGLE, Network.of(new Topology.Complete(n)));
  }

  /**
   * K_8, unit messages, default routes: the BFS tree is a star, whose single-port broadcast takes 7
   * rows, so LB-PAPER = max(7 + 1, 7) = 8; every message has depth 1 and no child: LB-SYNC = max_r
   * (r + flits) - 1 with E = 2, i.e. 2 + 7 - 1 = 8.
   */
  @Test
  void completeGraph_defaultStar() {
    List<LowerBound> p = LowerBounds.protocolBounds(completeGather(8, null));
    assertThat(value(p, "LB-PAPER")).isEqualTo(8);
    assertThat(value(p, "LB-SYNC")).isEqualTo(8);
    assertThat(p.get(0).witness()).contains("over the routes' spanning tree");
  }

  /**
   * The same messages routed along a binomial tree of K_8 (v hangs on v minus its highest bit):
   * broadcast 3 rows, so LB-PAPER = max(3 + 1, 7) = 7; LB-SYNC over the tree's depths (E = 2 depth
   * + [has child]).
   */
  @Test
  void completeGraph_binomialTreeRoutes() {
    List<List<Integer>> routes = new ArrayList<>();
    for (int v = 1; v < 8; v++) {
      List<Integer> r = new ArrayList<>();
      for (int x = v; x != 0; x -= Integer.highestOneBit(x)) {
        r.add(x);
      }
      r.add(0);
      routes.add(r);
    }
    List<LowerBound> p = LowerBounds.protocolBounds(completeGather(8, routes));
    assertThat(value(p, "LB-PAPER")).isEqualTo(7);
    // releases E: node 1 (depth 1, children 3, 5) 3; 2 (1, child 6) 3; 4 (1, leaf) 2; 3 (2, child
    // 7) 5; 5, 6 (2,
    // leaf) 4; 7 (3, leaf) 6. max_r (r + flits with E >= r): r = 2: 2 + 7 = 9, r = 3: 3 + 6 = 9, r
    // = 4: 4 + 4;
    // paper units 9, ours 8
    assertThat(value(p, "LB-SYNC")).isEqualTo(8);
  }

  /**
   * Explicit routes that do not form one tree: no protocol bound (the protocol's tree is
   * undefined).
   */
  @Test
  void nonTreeRoutes_giveNoProtocolBound() {
    List<List<Integer>> routes = new ArrayList<>();
    routes.add(List.of(1, 0));
    routes.add(List.of(2, 1, 0));
    routes.add(List.of(3, 2, 0)); // node 2 leaves toward 1 in one route and toward 0 in another
    for (int v = 4; v < 6; v++) {
      routes.add(List.of(v, 0));
    }
    assertThat(LowerBounds.protocolBounds(completeGather(6, routes))).isEmpty();
  }
}
