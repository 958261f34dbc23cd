package org.commsched.core.bounds;

import static org.assertj.core.api.Assertions.assertThat;
import static org.commsched.core.bounds.ChattingBoundsTest.value;

import java.math.BigDecimal;
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
 * The CHAIN and LAST-TWO bounds (docs/models/packet.md#lower-bounds) on hand-worked trees: root 0 -
 * node 1 - leaves 2 and 3, 3 units to node 2 and 1 unit to node 3, beta = tau = 1.
 */
class ChainBoundsTest {

  private static Instance fork(boolean scatter, CommModel.Ports ports) {
    List<Message> ms =
        scatter
            ? List.of(new Message("a", 0, 2, 3), new Message("b", 0, 3, 1))
            : List.of(new Message("a", 2, 0, 3), new Message("b", 3, 0, 1));
    Problem p = scatter ? new Problem.Scatter(0, ms) : new Problem.Gather(0, ms);
    CommModel model =
        new CommModel.StoreAndForward(
            BigDecimal.ONE,
            BigDecimal.ONE,
            ports,
            CommModel.Duplex.FULL,
            CommModel.OnePortRule.SEND_AND_RECEIVE);
    return new Instance("fork", p, model, Network.of(new Topology.Tree(List.of(-1, 0, 1, 1))));
  }

  /**
   * One port: both messages cross the out-ports of nodes 0 and 1 (a scatter) or the in-ports of 1
   * and 0 (a gather). With largest packet s: s = 3 needs 2 packets, 4 + 2 + (1 + 3) = 10; s = 2
   * needs 3, 4 + 3 + (1 + 2) = 10; s = 1 needs 4, 4 + 4 + (1 + 1) = 10. So CHAIN is 10, above the
   * root's port (4 + 2 + one more hop = 8) and the lone message a (S_*(3, 2) = 8); 10 is attained
   * (a whole first, then b: the root sends over [0, 4) and [4, 6), node 1 over [4, 8) and [8, 10)).
   */
  @Test
  void onOnePort_theTwoPortChainGivesTen_aboveEveryOtherBound() {
    for (boolean scatter : new boolean[] {true, false}) {
      List<LowerBound> all = LowerBounds.all(fork(scatter, CommModel.Ports.ONE));
      assertThat(value(all, "CHAIN")).as("scatter %s", scatter).isEqualTo(10);
      assertThat(all.get(0).kind()).isEqualTo("CHAIN");
      assertThat(
              all.stream()
                  .filter(b -> !b.kind().equals("CHAIN"))
                  .mapToLong(LowerBound::value)
                  .max()
                  .orElse(0))
          .isLessThan(10);
    }
  }

  /**
   * All ports: only message a crosses both arcs 0->1 and 1->2, so the chain is message a alone: min
   * over s of 3 + ceil(3 / s) + (1 + s) = 8 (s = 1, 2 or 3), the lone message's optimum.
   */
  @Test
  void onAllPorts_theChainOfOneMessageIsItsPipeline() {
    List<LowerBound> all = LowerBounds.all(fork(true, CommModel.Ports.ALL));
    assertThat(value(all, "CHAIN")).isEqualTo(8);
    assertThat(value(all, "PIPELINE")).isEqualTo(8);
  }

  /**
   * LAST-TWO by hand, all ports: root 0 - node 1 - leaves 2 and 3, 1 unit to node 1 and 2 units to
   * each leaf, beta = tau = 1. Arc 0->1 carries all three, S_1 = 2 + 3 + 3 = 8; a second packet
   * anywhere gives 8 + 1 + 0 = 9; with one packet each, ending with the 1-unit message leaves a
   * leaf's message ending there at 8 - 2 = 6 with a hop of 3 to go (9), ending with a leaf's
   * message costs 8 + 3 = 11: so 9, above ARC (8) and every other bound, and attained (the leaves'
   * messages first: 0->1 over [0, 3), [3, 6), [6, 8); 1->2 over [3, 6); 1->3 over [6, 9)). A gather
   * is the mirror image: 9 too.
   */
  @Test
  void lastTwo_onAForkWithEqualLeaves_givesNine_aboveEveryOtherBound() {
    for (boolean scatter : new boolean[] {true, false}) {
      List<Message> ms =
          scatter
              ? List.of(
                  new Message("a", 0, 1, 1), new Message("b", 0, 2, 2), new Message("c", 0, 3, 2))
              : List.of(
                  new Message("a", 1, 0, 1), new Message("b", 2, 0, 2), new Message("c", 3, 0, 2));
      Problem p = scatter ? new Problem.Scatter(0, ms) : new Problem.Gather(0, ms);
      CommModel model =
          new CommModel.StoreAndForward(
              BigDecimal.ONE,
              BigDecimal.ONE,
              CommModel.Ports.ALL,
              CommModel.Duplex.FULL,
              CommModel.OnePortRule.SEND_AND_RECEIVE);
      Instance inst =
          new Instance("fork", p, model, Network.of(new Topology.Tree(List.of(-1, 0, 1, 1))));
      List<LowerBound> all = LowerBounds.all(inst);
      assertThat(value(all, "LAST-TWO")).as("scatter %s", scatter).isEqualTo(9);
      assertThat(value(all, "ARC")).isEqualTo(8);
      assertThat(
              all.stream()
                  .filter(b -> !b.kind().equals("LAST-TWO"))
                  .mapToLong(LowerBound::value)
                  .max()
                  .orElse(0))
          .isLessThan(9);
    }
  }

  /** The candidate sizes cover 1..longest without gaps or overlaps, one by one up to 64. */
  @Test
  void theCandidateSizeIntervals_coverEverySizeOnce() {
    for (long longest : new long[] {1, 63, 64, 65, 100, 1_000_000_007L}) {
      long[][] grid = ChainBounds.intervals(longest);
      long next = 1;
      for (long[] iv : grid) {
        assertThat(iv[0]).isEqualTo(next);
        assertThat(iv[1]).isGreaterThanOrEqualTo(iv[0]);
        if (iv[0] <= 64) {
          assertThat(iv[1]).isEqualTo(iv[0]);
        }
        next = iv[1] + 1;
      }
      assertThat(next - 1).isEqualTo(longest);
    }
  }
}
