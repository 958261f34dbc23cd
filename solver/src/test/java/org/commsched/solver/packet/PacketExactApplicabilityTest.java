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
import org.commsched.core.solve.Method;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveStatus;
import org.commsched.solver.MethodRegistry;
import org.commsched.solver.Portfolio;
import org.commsched.solver.SolveRunner;
import org.junit.jupiter.api.Test;

/**
 * Which packet instances the exact packet model takes (docs/models/packet.md#exact-model): the
 * generic {@code cpsat} and {@code choco} answer small store-and-forward scatters and gathers under
 * the thesis's single port (send-and-receive) and all ports, and refuse, naming what to use, half
 * duplex, the exchange rule and instances beyond the size limit (interval tasks once the packet
 * counts are bounded by the horizon, and before that, without running a heuristic, length times
 * hops). What {@code commsched solve} runs without {@code --method} ({@link Portfolio#choose})
 * proves a small packet instance optimal, and beyond the limit runs the packet heuristics ({@code
 * packet-fdf-even} among them) and no exact method.
 */
class PacketExactApplicabilityTest {
  private final MethodRegistry registry = MethodRegistry.standard();

  private static Instance star(
      int leaves,
      long length,
      CommModel.Ports ports,
      CommModel.Duplex duplex,
      CommModel.OnePortRule rule) {
    List<Integer> parents = new ArrayList<>();
    parents.add(-1);
    List<Message> ms = new ArrayList<>();
    for (int v = 1; v <= leaves; v++) {
      parents.add(0);
      ms.add(new Message("m" + v, 0, v, length));
    }
    CommModel model =
        new CommModel.StoreAndForward(BigDecimal.ONE, BigDecimal.ONE, ports, duplex, rule);
    return new Instance(
        "star", new Problem.Scatter(0, ms), model, Network.of(new Topology.Tree(parents)));
  }

  /**
   * A path of {@code hops + 1} nodes rooted at an end, one message of {@code length} units to the
   * far end.
   */
  private static Instance path(int hops, long length) {
    List<Integer> parents = new ArrayList<>();
    parents.add(-1);
    for (int v = 1; v <= hops; v++) {
      parents.add(v - 1);
    }
    CommModel model =
        new CommModel.StoreAndForward(
            BigDecimal.ONE,
            BigDecimal.ONE,
            CommModel.Ports.ONE,
            CommModel.Duplex.FULL,
            CommModel.OnePortRule.SEND_AND_RECEIVE);
    return new Instance(
        "path",
        new Problem.Scatter(0, List.of(new Message("m", 0, hops, length))),
        model,
        Network.of(new Topology.Tree(parents)));
  }

  @Test
  void smallSinglePortAndAllPortInstances_goToTheExactModel() {
    for (CommModel.Ports ports : CommModel.Ports.values()) {
      Instance inst =
          star(3, 2, ports, CommModel.Duplex.FULL, CommModel.OnePortRule.SEND_AND_RECEIVE);
      assertThat(registry.byName("cpsat").whyNot(inst)).isNull();
      assertThat(registry.byName("choco").whyNot(inst)).isNull();
      SolveRunner.Outcome o =
          SolveRunner.run(Portfolio.choose(registry, inst), inst, SolveLimits.defaults());
      assertThat(o.valid()).isTrue();
      assertThat(o.result().status())
          .as(ports + " " + o.result().stats())
          .isEqualTo(SolveStatus.OPTIMAL);
    }
  }

  @Test
  void halfDuplex_exchangeRule_andLargeInstances_areRefused_withWhatToUse() {
    Instance half =
        star(
            3,
            2,
            CommModel.Ports.ALL,
            CommModel.Duplex.HALF,
            CommModel.OnePortRule.SEND_AND_RECEIVE);
    assertThat(registry.byName("cpsat").whyNot(half))
        .startsWith("cpsat ")
        .contains("full")
        .contains("use ");
    Instance exchange =
        star(3, 2, CommModel.Ports.ONE, CommModel.Duplex.FULL, CommModel.OnePortRule.EXCHANGE);
    assertThat(registry.byName("choco").whyNot(exchange))
        .startsWith("choco ")
        .contains("exchange")
        .contains("greedy-saf");
    // 4 leaves of 80 units, one hop each: 320 unit-hops, at most 320 tasks, taken
    Instance taken =
        star(
            4,
            80,
            CommModel.Ports.ONE,
            CommModel.Duplex.FULL,
            CommModel.OnePortRule.SEND_AND_RECEIVE);
    assertThat(registry.byName("cpsat").whyNot(taken)).isNull();
    // 4 leaves of 6,000 units: 24,000 unit-hops, beyond the 20,000 up to which the tasks are
    // counted
    Instance huge =
        star(
            4,
            6000,
            CommModel.Ports.ONE,
            CommModel.Duplex.FULL,
            CommModel.OnePortRule.SEND_AND_RECEIVE);
    assertThat(registry.byName("cpsat").whyNot(huge))
        .startsWith("cpsat ")
        .contains("20000")
        .contains("24000")
        .contains("packet-fdf-even");
    // one message of 1,500 units over 10 hops: pipelining pays, so the horizon leaves room for more
    // than 150
    // packets (each costs beta = 1 on the first hop, against about 2 sqrt(1500 * 9) = 232 of
    // pipelining gain):
    // more than 1,500 slot-hops
    Instance large = path(10, 1500);
    String why = registry.byName("cpsat").whyNot(large);
    assertThat(why).startsWith("cpsat ").contains("at most 1500").contains("packet-fdf-even");
    long tasks = Long.parseLong(why.replaceAll(".*, here (\\d+)\\).*", "$1"));
    assertThat(tasks)
        .isGreaterThan(1500)
        .isLessThanOrEqualTo(15_000)
        .isEqualTo(new PacketCp(large).tasks());
    Method byDefault = Portfolio.choose(registry, huge);
    assertThat(byDefault.name()).isEqualTo(Portfolio.NAME);
    SolveRunner.Outcome o = SolveRunner.run(byDefault, huge, SolveLimits.defaults());
    assertThat(o.valid()).isTrue();
    String tried = o.result().stats().get("tried").toString();
    assertThat(tried).as("the methods the default ran").contains("packet-fdf-even ");
    for (Method m : registry.all()) {
      if (m.exact()) {
        assertThat(tried).as(m.name() + " refuses this instance").doesNotContain(m.name() + " ");
      }
    }
    assertThat(registry.byName(o.result().stats().get(Portfolio.FOUND_BY).toString()).exact())
        .isFalse();
  }
}
