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
import org.commsched.solver.bufferless.BufferlessCp;
import org.junit.jupiter.api.Test;

/**
 * Applicability of the wake-up-constrained gather methods (cpsat-sync, choco-sync), and their
 * wake-up tree on routes chosen with a spanning tree.
 */
class SyncGatherTest {
  private static final List<Method> SYNC = List.of(new CpSatSyncGather(), new ChocoSyncGather());
  private static final LengthDistribution LENGTHS = new LengthDistribution.Uniform(1, 3);

  private static Instance gather(
      String family, int size, boolean explicit, CommModel.BufferlessPorts ports) {
    return Generators.instance(
        new GeneratorSpec(
            null,
            ProblemKind.GATHER,
            family,
            size,
            0,
            LENGTHS,
            new CommModel.Bufferless(ports),
            9L,
            explicit));
  }

  @Test
  void applyToBufferlessGatherWithTreeRoutesAndLinksBothWays() {
    for (Method m : SYNC) {
      assertThat(m.exact()).isTrue();
      assertThat(m.problems()).containsExactly(ProblemKind.GATHER);
      assertThat(m.whyNot(gather("tree", 7, false, CommModel.BufferlessPorts.SINGLE))).isNull();
      assertThat(m.whyNot(gather("mesh", 3, false, CommModel.BufferlessPorts.ALL))).isNull();
      // routes that leave a node by two different arcs have no wake-up tree
      assertThat(m.whyNot(gather("complete", 6, true, CommModel.BufferlessPorts.SINGLE)))
          .contains("tree");
      // a ula carries no wake-up from the root (node n-1) back toward node 0
      assertThat(m.whyNot(gather("ula", 5, false, CommModel.BufferlessPorts.SINGLE)))
          .contains("no arc");
      Instance scatter =
          Generators.instance(GeneratorSpec.of(ProblemKind.SCATTER, "tree", 5, LENGTHS, 1));
      assertThat(m.whyNot(scatter)).contains("gather");
    }
  }

  /**
   * K_8 routed along the broadcast spanning tree (every message, null ones too): node 1 holds the
   * only data, 2 flits, and the routes hang nodes 3 and 5 on it. The wake-up tree is the routes'
   * tree, as for the gathering protocols and LB-SYNC: node 1 wakes 3 and 5 first (forward-first),
   * so its data leaves in step 3 at the earliest and the optimum is 3 + 2 + 1 - 1 = 5. (With the
   * null routes ignored, node 1 was a leaf of the wake-up tree and the floor LB-SYNC = 4 of the
   * routes' tree was posted as if it were that tree's optimum.)
   */
  @Test
  void wakeupTree_isTheSpanningTreeOfTheRoutes_nullMessagesIncluded() {
    List<Message> ms = new ArrayList<>();
    for (int v = 1; v < 8; v++) {
      ms.add(new Message("m" + v, v, 0, v == 1 ? 2 : 0));
    }
    Instance inst =
        SpanningTrees.reroute(
            new Instance(
                "k8",
                new Problem.Gather(0, ms),
                new CommModel.Bufferless(CommModel.BufferlessPorts.SINGLE),
                Network.of(new Topology.Complete(8))),
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

  private static Instance oneWay(
      List<Topology.Pair> arcs, int nodes, CommModel.BufferlessPorts ports, Message... ms) {
    return new Instance(
        "one-way",
        new Problem.Gather(0, List.of(ms)),
        new CommModel.Bufferless(ports),
        Network.of(new Topology.Explicit(nodes, arcs, false)));
  }

  /**
   * One-way arcs, where the wake-up tree changed when the model took the protocols' tree
   * (docs/models/bufferless-scatter-gather.md#exact-methods): links 0-1 and 1-2 both ways and the
   * arc 0 -&gt; 2 alone, root 0, one flit at node 1, default routes. Node 2 reaches the root
   * through node 1 (its breadth-first parent), so node 1 wakes it, as Transmission-Certification's
   * token does; under single port node 1 wakes node 2 before its flit leaves, and the optimum is 3
   * (the model's former tree hung node 2 on the root through the one-way arc: optimum 2). Under all
   * ports node 1 may wake node 2 and send in the same step: 2 either way.
   */
  @Test
  void oneWayArcs_theWakeUpTreeIsTheRoutesBreadthFirstTree() {
    List<Topology.Pair> arcs =
        List.of(
            new Topology.Pair(0, 1),
            new Topology.Pair(1, 0),
            new Topology.Pair(0, 2),
            new Topology.Pair(1, 2),
            new Topology.Pair(2, 1));
    SolveLimits limits = SyncGatherProperties.LIMITS;
    for (CommModel.BufferlessPorts ports : CommModel.BufferlessPorts.values()) {
      Instance inst = oneWay(arcs, 3, ports, new Message("a", 1, 0, 1));
      BufferlessCp model = BufferlessCp.sync(inst);
      assertThat(model.wakeNode).containsExactly(1, 2);
      assertThat(model.wakeParent).containsExactly(0, 1);
      for (Method m : SYNC) {
        SolveResult r =
            ((BufferlessCpMethod) m).solve(inst, limits, true); // the bare model, no posted floor
        assertValid(m.name(), inst, r);
        assertThat(r.makespan())
            .as(m.name() + " " + ports)
            .isEqualTo(ports == CommModel.BufferlessPorts.SINGLE ? 3 : 2);
        assertThat(r.stats().get("syncStatus")).as(m.name()).isEqualTo("OPTIMAL");
        for (Schedule.ControlTransfer c : ((Schedule.Departures) r.schedule()).control()) {
          assertThat(c.from())
              .as(m.name() + ": wake-up of node " + c.to())
              .isEqualTo(c.to() == 2 ? 1 : 0);
        }
      }
    }
  }

  /**
   * One-way arcs the protocols' tree cannot use are refused now, in one sentence that names cpsat
   * (the model's former tree woke only what the root reached, and applied): links 0-1 both ways and
   * the arc 2 -&gt; 0 alone.
   */
  @Test
  void oneWayArcs_thatTheTreeCannotDescend_areRefusedPointingToCpsat() {
    List<Topology.Pair> arcs =
        List.of(new Topology.Pair(0, 1), new Topology.Pair(1, 0), new Topology.Pair(2, 0));
    CommModel.BufferlessPorts single = CommModel.BufferlessPorts.SINGLE;
    // default routes: node 2 reaches the root, so it is in the breadth-first tree, whose link 2 ->
    // 0 has no arc down
    Instance defaults =
        oneWay(arcs, 3, single, new Message("a", 1, 0, 1), new Message("z", 2, 0, 0));
    Instance noMessage = oneWay(arcs, 3, single, new Message("a", 1, 0, 1));
    // explicit routes: node 2 is on no binding route, and no link both ways joins it to the tree
    Instance explicit =
        oneWay(
            arcs, 3, single, new Message("a", 1, 0, 1, List.of(1, 0)), new Message("z", 2, 0, 0));
    for (Method m : SYNC) {
      for (Instance inst : List.of(defaults, noMessage)) {
        assertThat(m.whyNot(inst))
            .as(m.name())
            .contains("no arc 0->2", "wake-ups", "cpsat")
            .doesNotContain("\n");
      }
      assertThat(m.whyNot(explicit))
          .as(m.name())
          .contains("node 2", "message z", "both ways", "wake-ups", "cpsat")
          .doesNotContain("\n");
      assertThat(new CpSatBufferless().whyNot(explicit)).isNull();
    }
  }
}
