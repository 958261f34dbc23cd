package org.commsched.solver;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Topology;
import org.junit.jupiter.api.Test;

/**
 * The default method of a linear-cost send is the scheme the thesis proves optimal there
 * (docs/models/linear-cost.md#path-send): the link-bound pipeline on a path, the processor-bound
 * one under the one-port exchange rule, the split over both ways on a ring (Theorems 2.3.1, 2.4.1,
 * Observation 2.5.1).
 */
class LinearCostDefaultTest {
  private static String chosen(
      CommModel.Ports ports, CommModel.OnePortRule rule, Topology t, int target) {
    Instance inst =
        new Instance(
            "send",
            new Problem.Send(0, target, 12, null),
            new CommModel.StoreAndForward(
                new BigDecimal("5"), new BigDecimal("1"), ports, CommModel.Duplex.HALF, rule),
            Network.of(t));
    return Portfolio.choose(MethodRegistry.standard(), inst)
        .name(); // what commsched solve runs without --method
  }

  @Test
  void pathAndRingSends_defaultToTheOptimalScheme() {
    assertThat(chosen(CommModel.Ports.ALL, null, new Topology.Bla(5), 4))
        .isEqualTo("lc-pipeline-link");
    assertThat(
            chosen(
                CommModel.Ports.ONE,
                CommModel.OnePortRule.SEND_AND_RECEIVE,
                new Topology.Ula(5),
                4))
        .isEqualTo("lc-pipeline-link");
    assertThat(chosen(CommModel.Ports.ONE, CommModel.OnePortRule.EXCHANGE, new Topology.Bla(5), 4))
        .isEqualTo("lc-pipeline-proc");
    assertThat(chosen(CommModel.Ports.ALL, null, new Topology.Ring(7), 3))
        .isEqualTo("lc-split-paths");
  }
}
