package org.commsched.solver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.commsched.instances.testing.ScheduleAssertions.assertValid;

import java.util.ArrayList;
import java.util.List;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.model.Schedule;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.heuristics.bufferless.scattergather.SpanningTrees;
import org.commsched.instances.generate.GeneratorSpec;
import org.commsched.instances.generate.Generators;
import org.commsched.instances.generate.LengthDistribution;
import org.junit.jupiter.api.Test;

/**
 * Applicability of the wake-up-constrained gather methods (cpsat-sync, choco-sync), and their wake-up tree on routes
 * chosen with a spanning tree.
 */
class SyncGatherTest {
  private static final List<Method> SYNC = List.of(new CpSatSyncGather(), new ChocoSyncGather());
  private static final LengthDistribution LENGTHS = new LengthDistribution.Uniform(1, 3);

  private static Instance gather(String family, int size, boolean explicit, CommModel.BufferlessPorts ports) {
    return Generators.instance(new GeneratorSpec(null, ProblemKind.GATHER, family, size, 0, LENGTHS,
        new CommModel.Bufferless(ports), 9L, explicit));
  }

  @Test
  void applyToBufferlessGatherWithTreeRoutesAndLinksBothWays() {
    for (Method m : SYNC) {
      assertThat(m.exact()).isTrue();
      assertThat(m.problems()).containsExactly(ProblemKind.GATHER);
      assertThat(m.whyNot(gather("tree", 7, false, CommModel.BufferlessPorts.SINGLE))).isNull();
      assertThat(m.whyNot(gather("mesh", 3, false, CommModel.BufferlessPorts.ALL))).isNull();
      // routes that leave a node by two different arcs have no wake-up tree
      assertThat(m.whyNot(gather("complete", 6, true, CommModel.BufferlessPorts.SINGLE))).contains("tree");
      // a ula carries no wake-up from the root (node n-1) back toward node 0
      assertThat(m.whyNot(gather("ula", 5, false, CommModel.BufferlessPorts.SINGLE))).contains("no arc");
      Instance scatter = Generators.instance(GeneratorSpec.of(ProblemKind.SCATTER, "tree", 5, LENGTHS, 1));
      assertThat(m.whyNot(scatter)).contains("gather");
    }
  }

  /**
   * K_8 routed along the broadcast spanning tree (every message, null ones too): node 1 holds the only data, 2 flits,
   * and the routes hang nodes 3 and 5 on it. The wake-up tree is the routes' tree, as for the gathering protocols
   * and LB-SYNC: node 1 wakes 3 and 5 first (forward-first), so its data leaves in step 3 at the earliest and the
   * optimum is 3 + 2 + 1 - 1 = 5. (With the null routes ignored, node 1 was a leaf of the wake-up tree and the
   * floor LB-SYNC = 4 of the routes' tree was posted as if it were that tree's optimum.)
   */
  @Test
  void wakeupTree_isTheSpanningTreeOfTheRoutes_nullMessagesIncluded() {
    List<Message> ms = new ArrayList<>();
    for (int v = 1; v < 8; v++) {
      ms.add(new Message("m" + v, v, 0, v == 1 ? 2 : 0));
    }
    Instance inst = SpanningTrees.reroute(new Instance("k8", new Problem.Gather(0, ms),
        new CommModel.Bufferless(CommModel.BufferlessPorts.SINGLE), Network.of(new Topology.Complete(8))),
        "broadcast");
    int[] parent = SpanningTrees.broadcast(inst.network(), 0).parents();
    assertThat(parent[3]).isEqualTo(1);
    assertThat(parent[5]).isEqualTo(1);
    for (Method m : SYNC) {
      SolveResult r = m.solve(inst, SolveLimits.defaults());
      assertValid(m.name(), inst, r);
      assertThat(r.makespan()).as(m.name()).isEqualTo(5);
      assertThat(r.stats().get("syncStatus")).as(m.name()).isEqualTo("OPTIMAL");
      for (Schedule.ControlTransfer c : ((Schedule.Departures) r.schedule()).control()) {
        assertThat(c.from()).as(m.name() + ": wake-up of node " + c.to()).isEqualTo(parent[c.to()]);
      }
    }
  }
}
