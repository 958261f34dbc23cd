package org.commsched.core.bounds;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.List;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.LowerBound;
import org.junit.jupiter.api.Test;

/**
 * ARC-FEED ({@link ArcFeedBound}; docs/models/linear-cost.md#arc-feed) on issue 22's mesh gossips
 * (beta 5, tau 1, all ports, full duplex). The expected values come from a separate program,
 * scripts/arc-feed-check.py, which builds every unit's release at each in-neighbour of a node one
 * by one (no rank blocks, no coarsening) and batches each arc's prefixes with the quadratic dynamic
 * program.
 */
class ArcFeedBoundTest {
  private static final CommModel.StoreAndForward FSTAR_5_1 =
      new CommModel.StoreAndForward(
          new BigDecimal(5), BigDecimal.ONE, CommModel.Ports.ALL, CommModel.Duplex.FULL, null);

  private static List<LowerBound> arcFeed(int rows, int cols, long n) {
    Instance inst =
        new Instance(
            "mesh", new Problem.Gossip(n), FSTAR_5_1, Network.of(new Topology.Mesh(rows, cols)));
    return LowerBounds.all(inst).stream().filter(b -> b.kind().equals("ARC-FEED")).toList();
  }

  /** 3 x 3 mesh, gossip of 16 units: 79 at a corner (MULTI-FEED says 77). */
  @Test
  void mesh3x3_gossipOf16_is79() {
    List<LowerBound> b = arcFeed(3, 3, 16);
    assertThat(b).hasSize(1);
    assertThat(b.get(0).value()).isEqualTo(79);
    assertThat(b.get(0).witness())
        .startsWith("node 0 (all ports, 2 incoming arcs) needs 128 units");
  }

  /** 4 x 4 mesh, gossip of 16 units: 139 at a corner (MULTI-FEED says 129 at its budget). */
  @Test
  void mesh4x4_gossipOf16_is139() {
    List<LowerBound> b = arcFeed(4, 4, 16);
    assertThat(b).hasSize(1);
    assertThat(b.get(0).value()).isEqualTo(139);
  }

  /**
   * 3 x 3 mesh, gossip of 4 units: 31 at a corner, equal to MULTI-FEED, so not reported (it is
   * added only above every other bound).
   */
  @Test
  void mesh3x3_gossipOf4_isNotReportedAtMultiFeedsValue() {
    assertThat(arcFeed(3, 3, 4)).isEmpty();
  }
}
