package org.commsched.heuristics.linearcost;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.List;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.StopToken;
import org.junit.jupiter.api.Test;

class PipelinedFloodTest {

  @Test
  void sendOnePort_kFivePipelineTakesT1() {
    // Peters' send pipeline under one port (linear-cost model, Table 2b, example E3): n = 19 units
    // over m = 5
    // links, beta 5, tau 1; packets of k = 5 take T_1(19, 5) = 108 (the optimum 103 needs k = 10)
    Instance inst =
        new Instance(
            "e3",
            new Problem.Send(0, 5, 19, null),
            new CommModel.StoreAndForward(
                new BigDecimal("5"),
                new BigDecimal("1"),
                CommModel.Ports.ONE,
                CommModel.Duplex.FULL,
                CommModel.OnePortRule.EXCHANGE),
            Network.of(new Topology.Bla(6)));
    PipelinedFlood path =
        new PipelinedFlood(
            inst.network(),
            (CommModel.StoreAndForward) inst.model(),
            inst.timeScale(),
            List.of(FloodTree.path(6, new int[] {0, 1, 2, 3, 4, 5}, "m0")),
            19);
    assertThat(path.run(5, false).makespan).isEqualTo(108L);
    assertThat(PipelinedFlood.of(inst).run(5, false).makespan).isEqualTo(108L);
    assertThat(PipelinedFlood.of(inst).run(10, false).makespan).isEqualTo(103L);
  }

  @Test
  void packetSizeSearch_stopsAtItsDeadline() {
    // a broadcast of 2^53 - 1 units on the 6-node ring under F1 (a fuzzed E7): the best packet size
    // needs about
    // 10^8 packets, far beyond what one time limit can simulate; with the deadline already passed
    // the search
    // simulates only its first, cheapest candidate (one packet of every unit) and returns it
    long n = (1L << 53) - 1;
    Instance inst =
        new Instance(
            "e7-huge",
            new Problem.Broadcast(0, n),
            new CommModel.StoreAndForward(
                new BigDecimal("5"),
                new BigDecimal("1"),
                CommModel.Ports.ONE,
                CommModel.Duplex.FULL,
                CommModel.OnePortRule.EXCHANGE),
            Network.of(new Topology.Ring(6)));
    PipelinedFlood flood = PipelinedFlood.of(inst);
    assertThat(flood.bestPacketSize(System.nanoTime() - 1, new StopToken())).isEqualTo(n);
    // a stopped run (Ctrl-C trips the run's token) ends it the same way, an hour before its
    // deadline
    StopToken stopped = new StopToken();
    stopped.stop();
    assertThat(flood.bestPacketSize(System.nanoTime() + 3_600_000_000_000L, stopped)).isEqualTo(n);
    // without a deadline the same search prefers more packets (checked on a size it can afford)
    Instance small = new Instance("e7", new Problem.Broadcast(0, 61), inst.model(), inst.network());
    assertThat(PipelinedFlood.of(small).bestPacketSize()).isLessThan(61L);
  }

  @Test
  void aCandidateSimulationGivesUpOnceItsDeadlineHasPassed() {
    // 10^15 units on the 6-node ring in packets of 10^10 units: 10^5 packets, checked every 1024
    Instance inst =
        new Instance(
            "e7-long",
            new Problem.Broadcast(0, 1_000_000_000_000_000L),
            new CommModel.StoreAndForward(
                new BigDecimal("5"),
                new BigDecimal("1"),
                CommModel.Ports.ONE,
                CommModel.Duplex.FULL,
                CommModel.OnePortRule.EXCHANGE),
            Network.of(new Topology.Ring(6)));
    PipelinedFlood flood = PipelinedFlood.of(inst);
    assertThat(flood.run(10_000_000_000L, false, System.nanoTime() - 1, new StopToken())).isNull();
    StopToken stopped = new StopToken();
    stopped.stop();
    assertThat(flood.run(10_000_000_000L, false, System.nanoTime() + 3_600_000_000_000L, stopped))
        .as("stopped")
        .isNull();
    assertThat(flood.run(10_000_000_000L, false, Long.MAX_VALUE, null)).isNotNull();
  }
}
