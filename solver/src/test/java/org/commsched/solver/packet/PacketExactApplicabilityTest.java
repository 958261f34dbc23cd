package org.commsched.solver.packet;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Topology;
import org.commsched.solver.MethodRegistry;
import org.junit.jupiter.api.Test;

/**
 * Which packet instances the exact packet model takes (docs/models/packet.md#exact-model): the generic {@code cpsat}
 * and {@code choco} answer small store-and-forward scatters and gathers under the thesis's single port
 * (send-and-receive) and all ports, and refuse, naming what to use, half duplex, the exchange rule and instances
 * beyond the size limit; {@code MethodRegistry.defaultFor} picks {@code cpsat} for a small packet instance and
 * {@code packet-fdf-even} beyond the limit.
 */
class PacketExactApplicabilityTest {
  private final MethodRegistry registry = MethodRegistry.standard();

  private static Instance star(int leaves, long length, CommModel.Ports ports, CommModel.Duplex duplex,
      CommModel.OnePortRule rule) {
    List<Integer> parents = new ArrayList<>();
    parents.add(-1);
    List<Message> ms = new ArrayList<>();
    for (int v = 1; v <= leaves; v++) {
      parents.add(0);
      ms.add(new Message("m" + v, 0, v, length));
    }
    CommModel model = new CommModel.StoreAndForward(BigDecimal.ONE, BigDecimal.ONE, ports, duplex, rule);
    return new Instance("star", new Problem.Scatter(0, ms), model, Network.of(new Topology.Tree(parents)));
  }

  @Test
  void smallSinglePortAndAllPortInstances_goToTheExactModel() {
    for (CommModel.Ports ports : CommModel.Ports.values()) {
      Instance inst = star(3, 2, ports, CommModel.Duplex.FULL, CommModel.OnePortRule.SEND_AND_RECEIVE);
      assertThat(registry.byName("cpsat").whyNot(inst)).isNull();
      assertThat(registry.byName("choco").whyNot(inst)).isNull();
      assertThat(registry.defaultFor(inst).name()).isEqualTo("cpsat");
    }
  }

  @Test
  void halfDuplex_exchangeRule_andLargeInstances_areRefused_withWhatToUse() {
    Instance half = star(3, 2, CommModel.Ports.ALL, CommModel.Duplex.HALF, CommModel.OnePortRule.SEND_AND_RECEIVE);
    assertThat(registry.byName("cpsat").whyNot(half)).startsWith("cpsat ").contains("full").contains("use ");
    Instance exchange = star(3, 2, CommModel.Ports.ONE, CommModel.Duplex.FULL, CommModel.OnePortRule.EXCHANGE);
    assertThat(registry.byName("choco").whyNot(exchange)).startsWith("choco ").contains("exchange")
        .contains("greedy-saf");
    // 4 leaves of 80 units, one hop each: 320 unit-hops, beyond the limit of 300
    Instance large = star(4, 80, CommModel.Ports.ONE, CommModel.Duplex.FULL, CommModel.OnePortRule.SEND_AND_RECEIVE);
    assertThat(registry.byName("cpsat").whyNot(large)).startsWith("cpsat ").contains("300").contains("320")
        .contains("packet-fdf-even");
    assertThat(registry.defaultFor(large).name()).isEqualTo("packet-fdf-even");
  }
}
