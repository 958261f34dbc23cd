package org.commsched.solver;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Schedule;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.testing.Seeds;
import org.commsched.heuristics.bufferless.scattergather.GatherTree;
import org.commsched.heuristics.bufferless.scattergather.SpanningTrees;
import org.commsched.heuristics.bufferless.scattergather.TcOptions;
import org.commsched.heuristics.bufferless.scattergather.TcRun;
import org.commsched.heuristics.bufferless.scattergather.TransmissionCertification;
import org.commsched.instances.testing.GatherCases;
import org.commsched.instances.testing.RandomInstances;
import org.commsched.solver.bufferless.BufferlessCp;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The synchronization-aware gather model ({@code cpsat-sync}, {@code choco-sync}) wakes the nodes
 * of the very tree the gathering protocols run on
 * (docs/models/bufferless-scatter-gather.md#exact-methods, #spanning-trees): on seeded random
 * gathers it applies exactly where the protocol of its port model does (as far as the tree goes),
 * it has one wake-up variable per non-root node of {@link GatherTree}, numbered by depth then id,
 * each woken by its tree parent, and the parents are those from which Transmission-Certification's
 * tokens reach the same nodes in its trace.
 *
 * <p>Two sources: connected networks and trees with links both ways (some nodes' messages dropped,
 * routes along a spanning tree of {@link SpanningTrees} or the default ones), and the random
 * networks of {@link RandomInstances}, one-way arcs and unreachable parts included, some routes
 * explicit. Case count: {@code commsched.cases} / 2 of each.
 */
class SyncWakeTreeProperties {
  private static final Method SYNC = new CpSatSyncGather();
  private static final Method TC = new TransmissionCertification();
  private static final Method TC_MULTIPORT =
      new TransmissionCertification("tc-multiport", TcOptions.MULTIPORT);

  @TestFactory
  Stream<DynamicTest> wakeUpTreeIsTheProtocolsTree_linksBothWays() {
    int cases = Seeds.cases(2, 1);
    SplittableRandom master = new SplittableRandom(Seeds.mix(60321L));
    List<DynamicTest> tests = new ArrayList<>();
    for (int c = 0; c < cases; c++) {
      long seed = master.nextLong();
      tests.add(
          DynamicTest.dynamicTest(
              "seed " + seed,
              () -> {
                SplittableRandom r = new SplittableRandom(seed);
                CommModel model = r.nextBoolean() ? GatherCases.SINGLE : GatherCases.ALL;
                Instance inst =
                    r.nextInt(3) == 0
                        ? GatherCases.randomTree(r, 9, model)
                        : GatherCases.randomNetwork(r, model);
                if (r.nextInt(3)
                    == 0) { // nodes whose message is dropped are on no route: the hanging rule
                  // places them
                  List<Message> kept = new ArrayList<>();
                  for (Message m : inst.messages()) {
                    if (r.nextInt(3) != 0) {
                      kept.add(m);
                    }
                  }
                  inst =
                      new Instance(
                          inst.name(),
                          new Problem.Gather(inst.root(), kept),
                          model,
                          inst.network());
                }
                String tree = List.of("default", "bfs", "balanced", "broadcast").get(r.nextInt(4));
                if (!tree.equals("default")) {
                  inst = SpanningTrees.reroute(inst, tree);
                }
                String what = tree + " routes, " + GatherCases.describe(inst);
                assertThat(SYNC.whyNot(inst)).as(what).isNull();
                int[] parent = check(inst, what);
                int[] tokenFrom = tokenSenders(inst, what);
                for (int v = 0; v < parent.length; v++) {
                  if (v != inst.root()) {
                    assertThat(parent[v]).as(what + ": every node is woken").isNotNegative();
                    assertThat(parent[v])
                        .as(
                            what
                                + ": the wake-up and the token of node "
                                + v
                                + " come from one node")
                        .isEqualTo(tokenFrom[v]);
                  }
                }
              }));
    }
    return tests.stream();
  }

  @TestFactory
  Stream<DynamicTest> wakeUpTreeIsTheProtocolsTree_anyNetwork() {
    int cases = Seeds.cases(2, 1);
    SplittableRandom master = new SplittableRandom(Seeds.mix(60322L));
    List<DynamicTest> tests = new ArrayList<>();
    for (int c = 0; c < cases; c++) {
      long seed = master.nextLong();
      tests.add(
          DynamicTest.dynamicTest(
              "seed " + seed,
              () -> {
                SplittableRandom r = new SplittableRandom(seed);
                Instance inst =
                    RandomInstances.scatterGather(
                        r, 8, 3, false, RandomInstances.bufferless(r), r.nextBoolean());
                String what =
                    inst.network().topology() + " root " + inst.root() + " " + inst.messages();
                String tree = GatherTree.whyNot(inst);
                Method protocol = BufferlessCp.single(inst) ? TC : TC_MULTIPORT;
                assertThat(SYNC.whyNot(inst) == null)
                    .as(
                        what
                            + ": the sync model applies where the tree exists: "
                            + SYNC.whyNot(inst)
                            + " / "
                            + tree)
                    .isEqualTo(tree == null);
                assertThat(protocol.whyNot(inst) == null)
                    .as(what + ": and so does " + protocol.name())
                    .isEqualTo(tree == null);
                if (tree == null) {
                  int[] parent = check(inst, what);
                  int[] tokenFrom = tokenSenders(inst, what);
                  assertThat(parent)
                      .as(what + ": wake-ups and tokens take the same links")
                      .containsExactly(tokenFrom);
                } else {
                  assertThat(SYNC.whyNot(inst)).as(what).contains("cpsat").doesNotContain("\n");
                }
              }));
    }
    return tests.stream();
  }

  /**
   * The model's wake-up parents (-1 for the root, -2 for nodes it does not wake), after checking
   * that they are the tree's, one variable per non-root tree node, by depth then id.
   */
  private static int[] check(Instance inst, String what) {
    GatherTree tree = GatherTree.of(inst);
    BufferlessCp model = BufferlessCp.sync(inst);
    int n = inst.network().nodes();
    int[] parent = new int[n];
    Arrays.fill(parent, -2);
    parent[inst.root()] = -1;
    assertThat(model.wakeNode)
        .as(what + ": one wake-up per non-root tree node")
        .hasSize(tree.size());
    for (int k = 0; k < model.wakeNode.length; k++) {
      int v = model.wakeNode[k];
      assertThat(tree.contains(v)).as(what + ": node " + v + " is in the tree").isTrue();
      assertThat(model.wakeParent[k])
          .as(what + ": wake-up parent of node " + v)
          .isEqualTo(tree.parent(v));
      assertThat(model.lo[model.messages + k])
          .as(what + ": earliest wake-up of node " + v)
          .isEqualTo(tree.depth(v));
      if (k > 0) {
        int u = model.wakeNode[k - 1];
        assertThat(tree.depth(u) < tree.depth(v) || tree.depth(u) == tree.depth(v) && u < v)
            .as(what + ": wake-up variables by depth, then id: " + u + " before " + v)
            .isTrue();
      }
      parent[v] = model.wakeParent[k];
    }
    for (int v = 0; v < n; v++) {
      assertThat(parent[v]).as(what + ": parent of node " + v).isEqualTo(tree.parent(v));
    }
    return parent;
  }

  /**
   * The sender of the token each node receives in the trace of the protocol of the instance's
   * ports.
   */
  private static int[] tokenSenders(Instance inst, String what) {
    Method protocol = BufferlessCp.single(inst) ? TC : TC_MULTIPORT;
    Schedule.Departures trace =
        (Schedule.Departures) protocol.solve(inst, SolveLimits.defaults()).schedule();
    int[] from = new int[inst.network().nodes()];
    Arrays.fill(from, -2);
    from[inst.root()] = -1;
    for (Schedule.ControlTransfer t : trace.control()) {
      if (t.kind().equals(TcRun.TOKEN)) {
        assertThat(from[t.to()]).as(what + ": one token to node " + t.to()).isEqualTo(-2);
        from[t.to()] = t.from();
      }
    }
    return from;
  }
}
