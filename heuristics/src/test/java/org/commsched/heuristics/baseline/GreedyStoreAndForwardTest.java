package org.commsched.heuristics.baseline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.commsched.instances.testing.ScheduleAssertions.assertValid;

import java.math.BigDecimal;
import java.util.List;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.junit.jupiter.api.Test;

class GreedyStoreAndForwardTest {
  private final GreedyStoreAndForward saf = new GreedyStoreAndForward();

  private static CommModel.StoreAndForward model(
      String beta,
      String tau,
      CommModel.Ports ports,
      CommModel.Duplex duplex,
      CommModel.OnePortRule rule) {
    return new CommModel.StoreAndForward(
        new BigDecimal(beta), new BigDecimal(tau), ports, duplex, rule);
  }

  private SolveResult solveValid(Instance inst) {
    SolveResult r = saf.solve(inst, SolveLimits.defaults());
    assertValid(inst, r);
    return r;
  }

  @Test
  void sendAllPorts_findsPetersPipelineE1() {
    // docs/models/linear-cost.md#sending-tables, #worked-examples E1 (Peters, Fig. 2.2): n = 19
    // over m = 5 links, beta
    // 5, tau 1: S_*(19,5) = 79 at k = 5
    Instance inst =
        new Instance(
            "e1",
            new Problem.Send(0, 5, 19, null),
            model("5", "1", CommModel.Ports.ALL, CommModel.Duplex.FULL, null),
            Network.of(new Topology.Ula(6)));
    SolveResult r = solveValid(inst);
    assertThat(r.makespan()).isEqualTo(79L);
    assertThat(r.stats()).containsEntry("packetSize", 5L);
  }

  @Test
  void sendOnePort_reachesProcessorBoundOptimum() {
    // docs/models/linear-cost.md#sending-tables Table 2b and E3: S_1(19,5) = 103 (k = 10); the k =
    // 5 pipeline takes T_1
    // = 108. One transfer per node is the H1 rule, under which Peters' processor-bound pipeline
    // already runs.
    Instance inst =
        new Instance(
            "e3",
            new Problem.Send(0, 5, 19, null),
            model(
                "5",
                "1",
                CommModel.Ports.ONE,
                CommModel.Duplex.FULL,
                CommModel.OnePortRule.EXCHANGE),
            Network.of(new Topology.Bla(6)));
    SolveResult r = solveValid(inst);
    assertThat(r.makespan()).isEqualTo(103L);
  }

  @Test
  void sendWithDecimalCosts_usesTicksOfTheFinestScale() {
    // Table 2c (docs/models/linear-cost.md#sending-tables): beta 272, tau 0.4, one link: S(1023, 1)
    // = 681.2 = 6812
    // ticks of 0.1
    Instance inst =
        new Instance(
            "ipsc",
            new Problem.Send(0, 1, 1023, null),
            model("272", "0.4", CommModel.Ports.ALL, CommModel.Duplex.FULL, null),
            Network.of(new Topology.Bla(2)));
    SolveResult r = solveValid(inst);
    assertThat(inst.timeScale().decimals()).isEqualTo(1);
    assertThat(r.makespan()).isEqualTo(6812L);
  }

  @Test
  void broadcastOnAPathFromAnEnd_isTheSendPipeline() {
    // every node of the path lies on the route to the far end, so the E1 pipeline (79) also
    // broadcasts
    Instance inst =
        new Instance(
            "b-path",
            new Problem.Broadcast(0, 19),
            model("5", "1", CommModel.Ports.ALL, CommModel.Duplex.FULL, null),
            Network.of(new Topology.Bla(6)));
    assertThat(solveValid(inst).makespan()).isEqualTo(79L);
  }

  @Test
  void gossipUnidirectionalRingAllPorts_matchesTheorem421() {
    // docs/models/linear-cost.md#ring-gossip (Peters, Theorem 4.2.1): g_*(C_p, n) = (p-1)(beta + n
    // tau) = 6 * 15 =
    // 90 for p 7, n 10
    Instance inst =
        new Instance(
            "g-uring",
            new Problem.Gossip(10),
            model("5", "1", CommModel.Ports.ALL, CommModel.Duplex.FULL, null),
            Network.of(new Topology.URing(7)));
    assertThat(solveValid(inst).makespan()).isEqualTo(90L);
  }

  @Test
  void scatterTv1_fdfOnePacketPerMessageTakes4BetaPlus10() {
    // docs/models/packet.md#tv-1-and-tv-2 TV-1: root 0 with branches 0-1-2-3 (P = 3, 3 flits) and
    // 0-4-5-6-7 (Q = 7, 1
    // flit); FDF with one packet each (Q1, P3) takes 4 beta + 10: 18 at beta 2, 16 at beta 1.5 (160
    // ticks of 0.1)
    for (String beta : new String[] {"2", "1.5"}) {
      Instance inst =
          new Instance(
              "tv1",
              new Problem.Scatter(0, List.of(new Message("P", 0, 3, 3), new Message("Q", 0, 7, 1))),
              model(
                  beta,
                  "1",
                  CommModel.Ports.ONE,
                  CommModel.Duplex.FULL,
                  CommModel.OnePortRule.SEND_AND_RECEIVE),
              Network.of(new Topology.Tree(List.of(-1, 0, 1, 2, 0, 4, 5, 6))));
      SolveResult r = solveValid(inst);
      long expected =
          inst.timeScale()
              .toTicks(new BigDecimal(beta).multiply(BigDecimal.valueOf(4)).add(BigDecimal.TEN));
      assertThat(r.makespan()).as("beta %s", beta).isEqualTo(expected);
    }
  }

  @Test
  void gatherSingleHop_sourcesTakeTurnsAtTheRoot() {
    // star centre 0, leaves 1 and 2 with 2 and 3 units, beta 1, tau 1, one port: the root receives
    // one packet at
    // a time: 3 + 4 = 7; under all ports the two links work at once: max(3, 4) = 4
    Problem.Gather g =
        new Problem.Gather(0, List.of(new Message("a", 1, 0, 2), new Message("b", 2, 0, 3)));
    Instance one =
        new Instance(
            "g1",
            g,
            model(
                "1",
                "1",
                CommModel.Ports.ONE,
                CommModel.Duplex.FULL,
                CommModel.OnePortRule.SEND_AND_RECEIVE),
            Network.of(new Topology.Star(3)));
    Instance all =
        new Instance(
            "g2",
            g,
            model("1", "1", CommModel.Ports.ALL, CommModel.Duplex.FULL, null),
            Network.of(new Topology.Star(3)));
    assertThat(solveValid(one).makespan()).isEqualTo(7L);
    assertThat(solveValid(all).makespan()).isEqualTo(4L);
  }

  @Test
  void whyNot_refusesBufferlessAndUnreachableFloods() {
    Instance buf =
        new Instance(
            "c",
            new Problem.Chatting(List.of(new Message("m", 0, 1, 1))),
            new CommModel.Bufferless(CommModel.BufferlessPorts.ALL),
            Network.of(new Topology.Ula(2)));
    assertThat(saf.whyNot(buf)).contains("greedy");
    Instance gossipOnUla =
        new Instance(
            "g",
            new Problem.Gossip(2),
            model("1", "1", CommModel.Ports.ALL, CommModel.Duplex.FULL, null),
            Network.of(new Topology.Ula(3)));
    assertThat(saf.whyNot(gossipOnUla)).contains("cannot be reached");
    Instance broadcastOnUla =
        new Instance(
            "b",
            new Problem.Broadcast(1, 2),
            model("1", "1", CommModel.Ports.ALL, CommModel.Duplex.FULL, null),
            Network.of(new Topology.Ula(3)));
    assertThat(saf.whyNot(broadcastOnUla)).contains("node 0");
  }
}
