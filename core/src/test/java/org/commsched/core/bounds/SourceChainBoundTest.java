package org.commsched.core.bounds;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.testing.LeafSpine;
import org.junit.jupiter.api.Test;

/**
 * SOURCE-CHAIN ({@link SourceChainBound}; docs/models/linear-cost.md#source-chain) on a path, where
 * its relaxation is the path send itself, and on issue 22's leaf-spine broadcasts from a host.
 */
class SourceChainBoundTest {
  private static final CommModel.StoreAndForward FSTAR_5_1 =
      new CommModel.StoreAndForward(
          new BigDecimal(5), BigDecimal.ONE, CommModel.Ports.ALL, CommModel.Duplex.FULL, null);

  /**
   * A broadcast from one end of a path of 5 nodes is a send over 4 links, whose optimum is {@code
   * S_*(n, 4)} (the thesis's Theorem 2.3.1); the relaxation keeps every arc of the path as it is,
   * so the search's least makespan is exactly that, for 2 to 10 units.
   */
  @Test
  void pathOfFiveNodes_fromAnEnd_isThePathSend() {
    List<Topology.Pair> links = new ArrayList<>();
    for (int v = 1; v < 5; v++) {
      links.add(new Topology.Pair(v - 1, v));
    }
    Network net = Network.of(new Topology.Explicit(5, links, true));
    PathSending ps = new PathSending(5, 1);
    for (long n = 2; n <= 10; n++) {
      Instance inst = new Instance("path5", new Problem.Broadcast(0, n), FSTAR_5_1, net);
      assertThat(SourceChainBound.least(inst)).as(n + " units").isEqualTo(ps.sStar(n, 4));
    }
  }

  /**
   * Issue 22's leaf-spine (spines 0, 1; leaves 2, 3, 4; hosts 5, 6 on leaf 2, 7, 8 on leaf 3, 9 on
   * leaf 4), broadcast of 16 units from host 5, beta 5, tau 1, all ports: SOURCE-FEED says 56 and
   * {@code merged-tree-pipeline} ends at 57. A separate program (scripts/LeafSpineChain.java, a
   * different search over the same relaxation at host 9, with the spines' symmetry broken) finds no
   * schedule of 56 and one of 57 (source packets of 8 and 8), so the bound is 57, the optimum. With
   * 4 and 8 units the proven optima are 32 and 41 (SOURCE-FEED meets the slot model's schedules):
   * the search's least is no higher, and nothing above SOURCE-FEED is reported.
   */
  @Test
  void leafSpineBroadcast_ofSixteenUnits_isBoundedAt57() {
    long[] units = {4, 8, 16};
    long[] optimum = {32, 41, 57};
    for (int i = 0; i < units.length; i++) {
      Instance inst =
          new Instance(
              "leaf-spine",
              new Problem.Broadcast(5, units[i]),
              FSTAR_5_1,
              Network.of(LeafSpine.network()));
      assertThat(SourceChainBound.least(inst)).as(units[i] + " units").isEqualTo(optimum[i]);
      List<LowerBound> chain =
          LowerBounds.all(inst).stream().filter(b -> b.kind().equals("SOURCE-CHAIN")).toList();
      if (units[i] == 16) {
        assertThat(chain)
            .singleElement()
            .satisfies(
                b -> {
                  assertThat(b.value()).isEqualTo(57);
                  assertThat(b.witness()).startsWith("node 5 has one outgoing arc, to node 2");
                });
        assertThat(LowerBounds.best(inst).kind()).isEqualTo("SOURCE-CHAIN");
      } else {
        assertThat(chain).isEmpty();
      }
    }
  }
}
