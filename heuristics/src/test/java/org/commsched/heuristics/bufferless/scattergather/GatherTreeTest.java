package org.commsched.heuristics.bufferless.scattergather;

import static org.assertj.core.api.Assertions.assertThat;
import static org.commsched.instances.testing.ScheduleAssertions.assertValid;

import java.util.List;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.instances.testing.GatherCases;
import org.junit.jupiter.api.Test;

/**
 * The tree the gathering protocols run on ({@link GatherTree},
 * docs/models/bufferless-scatter-gather.md#spanning-trees): the routes' tree, with the nodes on no
 * binding route hung breadth-first from it (every PE takes part,
 * docs/models/bufferless-scatter-gather.md#network-and-messages).
 */
class GatherTreeTest {
  private static Instance gather(Topology t, int root, List<Message> ms) {
    return new Instance("g", new Problem.Gather(root, ms), GatherCases.SINGLE, Network.of(t));
  }

  /**
   * The complete graph on 8 nodes: the broadcast tree routes the protocol, not the breadth-first
   * star.
   */
  @Test
  void broadcastTreeOnACompleteGraph_isTheProtocolsTree() {
    long[] len = {0, 3, 4, 3, 1, 1, 1, 5};
    Instance inst =
        SpanningTrees.reroute(
            GatherCases.gather("complete", new Topology.Complete(8), 0, len, GatherCases.SINGLE),
            "broadcast");
    GatherTree tree = GatherTree.of(inst);
    int[] expected = SpanningTrees.broadcast(inst.network(), 0).parents();
    for (int v = 1; v < 8; v++) {
      assertThat(tree.parent[v]).as("parent of " + v).isEqualTo(expected[v]);
    }
    assertThat(tree.isPath()).isFalse();
    assertThat(tree.broadcastRows())
        .isEqualTo(3); // ceil(log2 8), against 7 for the breadth-first star
    SolveResult r = new TransmissionCertification().solve(inst, SolveLimits.defaults());
    assertValid(inst, r);
  }

  /** Two explicit routes that leave node 2 by different nodes: not one tree, named in one line. */
  @Test
  void routesThatDisagree_makeTheProtocolsInapplicable_namingTheNodeAndBothMessages() {
    Instance inst =
        gather(
            new Topology.Complete(4),
            0,
            List.of(
                new Message("a", 2, 0, 1, List.of(2, 1, 0)),
                new Message("b", 3, 0, 1, List.of(3, 2, 0))));
    String why = new TransmissionCertification().whyNot(inst);
    assertThat(why).contains("node 2", "message a", "message b", "one tree").doesNotContain("\n");
    // both protocols refuse for the same reason, each in a sentence that starts with its own name
    assertThat(why).startsWith("transmission-certification ");
    assertThat(new ShoulderTap().whyNot(inst))
        .isEqualTo("shoulder-tap " + why.substring("transmission-certification ".length()));
  }

  /**
   * A null message's default route binds nothing next to explicit routes: node 3's default route 3
   * -> 0 would leave node 3 differently from message c's explicit route through it; node 3 hangs on
   * its route parent, and node 4, with no message at all, hangs on the root, the first tree node
   * joined to it both ways.
   */
  @Test
  void nullMessagesOnDefaultRoutes_andNodesWithoutAMessage_hangBreadthFirst() {
    Instance inst =
        gather(
            new Topology.Complete(5),
            0,
            List.of(new Message("c", 1, 0, 2, List.of(1, 3, 2, 0)), new Message("z", 3, 0, 0)));
    assertThat(new TransmissionCertification().whyNot(inst)).isNull();
    GatherTree tree = GatherTree.of(inst);
    assertThat(tree.parent).containsExactly(-1, 3, 0, 2, 0);
    assertThat(tree.size()).isEqualTo(4); // every node takes part: t_0 = 2n = 8
    SolveResult r = new TransmissionCertification().solve(inst, SolveLimits.defaults());
    assertValid(inst, r);
    assertThat(r.stats().get("t0")).isEqualTo(8L);
  }

  /** A node with a message that no link both ways joins to the tree cannot take part. */
  @Test
  void aMessageNodeWithoutALinkBothWays_isRefused() {
    Topology t =
        new Topology.Explicit(
            3,
            List.of(new Topology.Pair(0, 1), new Topology.Pair(1, 0), new Topology.Pair(2, 0)),
            false);
    Instance explicit =
        gather(t, 0, List.of(new Message("a", 1, 0, 1, List.of(1, 0)), new Message("z", 2, 0, 0)));
    assertThat(new TransmissionCertification().whyNot(explicit))
        .contains("node 2", "message z", "both ways");
    Instance defaults = gather(t, 0, List.of(new Message("a", 1, 0, 1), new Message("z", 2, 0, 0)));
    assertThat(new TransmissionCertification().whyNot(defaults)).contains("no arc 0->2");
  }
}
