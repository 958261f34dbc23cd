package org.commsched.heuristics.linearcost;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.List;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Topology;
import org.junit.jupiter.api.Test;

/**
 * The schemes refuse what they could not build (issue 9, limits of exact arithmetic): a message of
 * 2^53 units asks for about 10^8 packets at the best packet size
 * (docs/models/linear-cost.md#pipeline-formulas: the best size grows like the square root of the
 * units), and the broadcast schemes search every packet size. The refusal names greedy-saf, which
 * answers such instances within the time limit.
 */
class SchemeLimitsTest {
  private static final CommModel.StoreAndForward ALL =
      new CommModel.StoreAndForward(
          new BigDecimal("5"),
          new BigDecimal("1"),
          CommModel.Ports.ALL,
          CommModel.Duplex.FULL,
          CommModel.OnePortRule.EXCHANGE);

  @Test
  void hugeSend_isRefusedByThePipelines_withTheRecordCount() {
    long n =
        (1L << 53)
            - 1; // E1 on a path of 5 links with 2^53 - 1 units: S_* wants about 1.9 x 10^8 packets
    Instance inst =
        new Instance(
            "e1-huge", new Problem.Send(0, 5, n, null), ALL, Network.of(new Topology.Bla(6)));
    assertThat(new LinkPipelineSend().whyNot(inst))
        .startsWith("lc-pipeline-link would write ")
        .endsWith(
            "transmissions at its best packet size, more than the 4000000 it writes; use greedy-saf");
    assertThat(new ProcessorPipelineSend().whyNot(inst))
        .contains("more than the 4000000 it writes");
    // E1 itself (19 units) is far inside
    Instance e1 =
        new Instance("e1", new Problem.Send(0, 5, 19, null), ALL, Network.of(new Topology.Bla(6)));
    assertThat(new LinkPipelineSend().whyNot(e1)).isNull();
  }

  @Test
  void hugeBroadcast_isRefusedByTheSchemes() {
    Instance huge =
        new Instance(
            "e5-huge", new Problem.Broadcast(0, 1L << 40), ALL, Network.of(new Topology.Ring(6)));
    assertThat(new RingBroadcastFull().whyNot(huge))
        .isEqualTo(
            "lc-ring-broadcast takes messages of at most "
                + "10000000 units (this one has 1099511627776): its search over packet sizes is linear in the units; use "
                + "greedy-saf");
    Instance e5 =
        new Instance("e5", new Problem.Broadcast(0, 20), ALL, Network.of(new Topology.Ring(6)));
    assertThat(new RingBroadcastFull().whyNot(e5)).isNull();
  }

  @Test
  void gossipBeyondTheExplicitLimit_isRefusedByTheBaselineToo_namingTheLimit() {
    // docs/models/linear-cost.md#ring-gossip: any gossip schedule holds p (p - 1) records
    Instance big =
        new Instance("g1001", new Problem.Gossip(1), ALL, Network.of(new Topology.Ring(1001)));
    assertThat(new org.commsched.heuristics.baseline.GreedyStoreAndForward().whyNot(big))
        .isEqualTo(
            "greedy-saf "
                + "writes every one of the p (p - 1) deliveries of a gossip and takes at most 1000 nodes; this network has "
                + "1001 (1001000 deliveries): use a smaller network");
    assertThat(new RingGossipFStar().whyNot(big)).contains("at most 1000");
    Instance limit =
        new Instance("g1000", new Problem.Gossip(1), ALL, Network.of(new Topology.Ring(1000)));
    assertThat(new org.commsched.heuristics.baseline.GreedyStoreAndForward().whyNot(limit))
        .isNull();
  }

  @Test
  void completeGraphOfTenThousandNodes_isBroadcastWithoutItsArcs() {
    // docs/DESIGN.md#implicit-complete-graphs: K_10000 has 10^8 arc ids and no arc arrays.
    // Proposition 3.3.1 with
    // n = 3, k = 1: T_*(ceil((n - k)/(p - 1)), 2, k) = T_*(1, 2, 1) = 2 beta + 2 tau
    Instance k =
        new Instance(
            "k", new Problem.Broadcast(0, 3), ALL, Network.of(new Topology.Complete(10_000)));
    BroadcastScheme.Built b = new CompleteGraphBroadcastFull().schedule(k, 1);
    assertThat(b.makespan()).isEqualTo(2 * 5 + 2 * 1);
    assertThat(org.commsched.core.check.ScheduleChecker.check(k, b.schedule()).valid()).isTrue();
  }

  @Test
  void unreachableNode_isRefusedInOneWording_namingTheFirstOriginAndTheNodeItMisses() {
    // arcs 0->1 and 1->2 only: node 0 reaches every node, node 1 does not reach node 0
    Network path =
        Network.of(
            new Topology.Explicit(
                3, List.of(new Topology.Pair(0, 1), new Topology.Pair(1, 2)), false));
    Instance fromZero = new Instance("b0", new Problem.Broadcast(0, 4), ALL, path);
    Instance fromOne = new Instance("b1", new Problem.Broadcast(1, 4), ALL, path);
    Instance gossip = new Instance("g", new Problem.Gossip(1), ALL, path);
    String missed =
        " needs every node reachable from every origin, and node 0 is not reachable from node 1:"
            + " no schedule exists";
    assertThat(LinearCostMethods.whyNotReachable("m", fromZero)).isNull();
    assertThat(LinearCostMethods.whyNotReachable("m", fromOne)).isEqualTo("m" + missed);
    // origin 0 reaches every node; origin 1, the next in order, misses node 0
    assertThat(LinearCostMethods.whyNotReachable("m", gossip)).isEqualTo("m" + missed);
    assertThat(new ArcQueueFlood().whyNot(fromOne)).isEqualTo("arc-queue-flood" + missed);
    assertThat(new ArcQueueFlood().whyNot(gossip)).isEqualTo("arc-queue-flood" + missed);
    assertThat(new MergeFlood().whyNot(gossip)).isEqualTo("merge-flood" + missed);
    assertThat(new PacketAnnealing().whyNot(fromOne)).isEqualTo("packet-annealing" + missed);
    assertThat(new MergedTreePipeline().whyNot(fromOne)).isEqualTo("merged-tree-pipeline" + missed);
    // the arc 2->0 closes a cycle: every node reaches every other
    Network cycle =
        Network.of(
            new Topology.Explicit(
                3,
                List.of(new Topology.Pair(0, 1), new Topology.Pair(1, 2), new Topology.Pair(2, 0)),
                false));
    assertThat(
            LinearCostMethods.whyNotReachable(
                "m", new Instance("gc", new Problem.Gossip(1), ALL, cycle)))
        .isNull();
  }

  @Test
  void pipelineBeyond64BitTicks_isRefusedByBothTreePipelines_inOneWording() {
    // 10^7 units at tau = 10^9 ticks on a ring of 10 (serial work 9 (10^16 + 10^7), within the
    // instance's limit): one-port-tree-pipeline times (p + 1) (n + 1) (beta + n tau) > 1.1 x 10^24
    // ticks, tree-packing-broadcast (p + n) (beta + n tau) > 10^23, both beyond Long.MAX_VALUE
    // (about 9.2 x 10^18)
    Network ring = Network.of(new Topology.Ring(10));
    Problem.Broadcast b = new Problem.Broadcast(0, 10_000_000);
    CommModel.Duplex full = CommModel.Duplex.FULL;
    String over =
        " times its pipelines in 64-bit ticks, which this message overflows; use greedy-saf";
    Instance onePort =
        new Instance(
            "op", b, BroadcastFixtures.model("1", "1000000000", CommModel.Ports.ONE, full), ring);
    Instance allPorts =
        new Instance(
            "ap", b, BroadcastFixtures.model("1", "1000000000", CommModel.Ports.ALL, full), ring);
    assertThat(new OnePortTreePipeline().whyNot(onePort))
        .isEqualTo("one-port-tree-pipeline" + over);
    assertThat(new TreePackingBroadcast().whyNot(allPorts))
        .isEqualTo("tree-packing-broadcast" + over);
    // tau = 1 fits: (p + 1) (n + 1) (beta + n tau) is about 1.1 x 10^15
    Instance small =
        new Instance(
            "op-small", b, BroadcastFixtures.model("1", "1", CommModel.Ports.ONE, full), ring);
    assertThat(new OnePortTreePipeline().whyNot(small)).isNull();
  }
}
