package org.commsched.heuristics.linearcost;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.commsched.core.bounds.LowerBounds;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.testing.RandomNetworks;
import org.commsched.core.testing.Seeds;
import org.commsched.heuristics.baseline.GreedyStoreAndForward;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * {@link TreePackingBroadcast}: on seeded random connected graphs its broadcasts pass the family's
 * checker, never end below the best lower bound and are deterministic; on networks with several
 * arc-disjoint spanning arborescences from the source (complete graphs, hypercubes) it ends below
 * the best single pipelined breadth-first tree, whose figure is computed here from Peters' formula
 * {@code min_q (m + ceil(n / q) - 1)(beta + q tau)} (m the source's eccentricity), and below what
 * {@code greedy-saf} returns; one port, half duplex and gossip are refused.
 */
class TreePackingBroadcastProperties {
  private static final SolveLimits LIMITS = new SolveLimits(Duration.ofSeconds(30), 1, 1);

  private static CommModel.StoreAndForward model(
      long beta, long tau, CommModel.Ports ports, CommModel.Duplex duplex) {
    return new CommModel.StoreAndForward(
        BigDecimal.valueOf(beta),
        BigDecimal.valueOf(tau),
        ports,
        duplex,
        CommModel.OnePortRule.EXCHANGE);
  }

  private static Instance broadcast(Topology t, int source, long units, long beta, long tau) {
    return new Instance(
        "tp",
        new Problem.Broadcast(source, units),
        model(beta, tau, CommModel.Ports.ALL, CommModel.Duplex.FULL),
        Network.of(t));
  }

  @TestFactory
  Stream<DynamicTest> onRandomGraphs_theSchedulesCheck_neverEndBelowTheBound_andRepeat() {
    return Seeds.seeds(Seeds.cases(4, 60))
        .mapToObj(
            seed ->
                DynamicTest.dynamicTest(
                    "seed " + seed,
                    () -> {
                      SplittableRandom r = new SplittableRandom(seed);
                      int p = 2 + r.nextInt(30);
                      Topology t = RandomNetworks.graph(p, r.nextDouble(), r);
                      long beta = r.nextInt(8);
                      long tau = beta == 0 ? 1 + r.nextInt(2) : r.nextInt(3);
                      long n = 1 + r.nextInt(r.nextBoolean() ? 4 : 120);
                      Instance inst = broadcast(t, r.nextInt(p), n, beta, tau);
                      TreePackingBroadcast tp = new TreePackingBroadcast();
                      assertThat(tp.whyNot(inst)).isNull();
                      SolveResult res = tp.solve(inst, LIMITS);
                      long span = TelephoneBroadcastProperties.checked(inst, res);
                      assertThat(span)
                          .as(res.stats().toString())
                          .isGreaterThanOrEqualTo(LowerBounds.best(inst).value());
                      SolveResult again = tp.solve(inst, LIMITS);
                      assertThat(again.makespan()).isEqualTo(span);
                      assertThat(again.schedule()).isEqualTo(res.schedule());
                    }));
  }

  /**
   * On a tree every arborescence after the first is stuck after one arc of the source and must
   * attach the rest over arcs the others hold; the 3-node path from its middle node, where every
   * tree got stuck in the same round, once ended the packing with two trees of two nodes (found by
   * crosscheck: "node 0 never receives 1 of the 3 units").
   */
  @TestFactory
  Stream<DynamicTest> onTreesFromAnyNode_everyTreeSpans_andTheSchedulesCheck() {
    return Seeds.seeds(Seeds.cases(4, 40))
        .mapToObj(
            seed ->
                DynamicTest.dynamicTest(
                    "seed " + seed,
                    () -> {
                      SplittableRandom r = new SplittableRandom(seed);
                      int p = 3 + r.nextInt(20);
                      List<Integer> parents = new java.util.ArrayList<>();
                      parents.add(-1);
                      for (int v = 1; v < p; v++) {
                        parents.add(r.nextInt(v));
                      }
                      Instance inst =
                          broadcast(
                              new Topology.Tree(parents), r.nextInt(p), 1 + r.nextInt(12), 3, 1);
                      SolveResult res = new TreePackingBroadcast().solve(inst, LIMITS);
                      long span = TelephoneBroadcastProperties.checked(inst, res);
                      assertThat(span).isGreaterThanOrEqualTo(LowerBounds.best(inst).value());
                    }));
  }

  @Test
  void theThreeNodePathFromItsMiddle_isBroadcastWhole() {
    // crosscheck's case at twice its costs (beta 3, tau 0.5): the broken two-tree packing looked
    // shorter than one tree, so it was the answer
    Instance inst = broadcast(new Topology.Tree(List.of(-1, 0, 1)), 1, 3, 6, 1);
    TelephoneBroadcastProperties.checked(inst, new TreePackingBroadcast().solve(inst, LIMITS));
  }

  /**
   * A dense random graph with pendant chains hung on it (nodes of one or two links, fewer than the
   * trees): those nodes are served apart in merged packets, and the schedules still check and never
   * end below the best lower bound.
   */
  @TestFactory
  Stream<DynamicTest> withPendantChains_theNodesServedApart_check() {
    return Seeds.seeds(Seeds.cases(4, 40))
        .mapToObj(
            seed ->
                DynamicTest.dynamicTest(
                    "seed " + seed,
                    () -> {
                      SplittableRandom r = new SplittableRandom(seed);
                      int core = 4 + r.nextInt(14);
                      Topology.Explicit g = RandomNetworks.graph(core, 0.5 + r.nextDouble() / 2, r);
                      List<Topology.Pair> links = new java.util.ArrayList<>(g.pairs());
                      int p = core;
                      int chains = 1 + r.nextInt(4);
                      for (int c = 0; c < chains; c++) {
                        int at = r.nextInt(p); // on the core or on an earlier chain
                        int len = 1 + r.nextInt(3);
                        for (int i = 0; i < len; i++) {
                          links.add(new Topology.Pair(at, p));
                          at = p++;
                        }
                      }
                      long beta = r.nextInt(8);
                      long tau = beta == 0 ? 1 : 1 + r.nextInt(2);
                      Instance inst =
                          broadcast(
                              new Topology.Explicit(p, links, true),
                              r.nextInt(core),
                              1 + r.nextInt(150),
                              beta,
                              tau);
                      SolveResult res = new TreePackingBroadcast().solve(inst, LIMITS);
                      long span = TelephoneBroadcastProperties.checked(inst, res);
                      assertThat(span)
                          .as(res.stats().toString())
                          .isGreaterThanOrEqualTo(LowerBounds.best(inst).value());
                    }));
  }

  /**
   * Issue 22's case in small: a node of one link (a pendant leaf) on a hypercube. Q_4's four
   * arc-disjoint trees carry 25 units each; the leaf, served apart, takes the units over its one
   * link in merged packets as its neighbour gets them. With the leaf inside every tree its link
   * carried all four trees' small packets one after another. Expected: more than one tree, the leaf
   * served apart, and below the single tree's best pipeline (eccentricity 5: {@code min_q (5 +
   * ceil(100 / q) - 1)(5 + q)}, Peters' formula, computed by {@link #singleTreeFormula}).
   */
  @Test
  void aPendantLeafOnAHypercube_isServedInMergedPackets_andSeveralTreesWin() {
    Network q4 = Network.of(new Topology.Hypercube(4));
    List<Topology.Pair> links = new java.util.ArrayList<>(RandomNetworks.links(q4));
    links.add(new Topology.Pair(15, 16));
    Instance inst = broadcast(new Topology.Explicit(17, links, true), 0, 100, 5, 1);
    SolveResult res = new TreePackingBroadcast().solve(inst, LIMITS);
    long span = TelephoneBroadcastProperties.checked(inst, res);
    assertThat(((Number) res.stats().get("trees")).intValue())
        .as(res.stats().toString())
        .isGreaterThan(1);
    assertThat(((Number) res.stats().get("servedApart")).intValue()).isEqualTo(1);
    assertThat(span).as(res.stats().toString()).isLessThan(singleTreeFormula(5, 100, 5, 1));
  }

  /** The batches of one arc against every way of cutting the groups (brute force). */
  @TestFactory
  Stream<DynamicTest> batches_areTheBestCutOfTheGroups() {
    return Seeds.seeds(Seeds.cases(4, 200))
        .mapToObj(
            seed ->
                DynamicTest.dynamicTest(
                    "seed " + seed,
                    () -> {
                      SplittableRandom r = new SplittableRandom(seed);
                      int groups = 1 + r.nextInt(10);
                      long[] times = new long[groups];
                      long[] cum = new long[groups + 1];
                      long t = r.nextInt(5);
                      for (int g = 0; g < groups; g++) {
                        t += 1 + r.nextInt(12);
                        times[g] = t;
                        cum[g + 1] = cum[g] + 1 + r.nextInt(9);
                      }
                      long beta = r.nextInt(9);
                      long tau = 1 + r.nextInt(3);
                      long[] start = new long[groups];
                      int[] cut =
                          TreePackingBroadcast.batches(times, cum, groups, beta, tau, start);
                      // its own answer replayed: batches in order, each after the last and its data
                      long free = 0;
                      for (int b = 0; b < cut.length; b++) {
                        int j = b + 1 < cut.length ? cut[b + 1] : groups;
                        assertThat(start[b]).isGreaterThanOrEqualTo(Math.max(free, times[j - 1]));
                        free = start[b] + beta + (cum[j] - cum[cut[b]]) * tau;
                      }
                      // brute force: every subset of the cut points 1 .. groups - 1
                      long best = Long.MAX_VALUE;
                      for (int mask = 0; mask < 1 << (groups - 1); mask++) {
                        long f = 0;
                        int from = 0;
                        for (int g = 1; g <= groups; g++) {
                          if (g == groups || (mask >> (g - 1) & 1) == 1) {
                            f = Math.max(f, times[g - 1]) + beta + (cum[g] - cum[from]) * tau;
                            from = g;
                          }
                        }
                        best = Math.min(best, f);
                      }
                      assertThat(free).isEqualTo(best);
                    }));
  }

  /** Peters' bound of one pipelined tree of height m: the least over the packet sizes q. */
  private static long singleTreeFormula(long m, long n, long beta, long tau) {
    long best = Long.MAX_VALUE;
    for (long q = 1; q <= n; q++) {
      best = Math.min(best, (m + (n + q - 1) / q - 1) * (beta + q * tau));
    }
    return best;
  }

  private static void beatsOneTree(Topology t, long units, long beta, long tau) {
    Instance inst = broadcast(t, 0, units, beta, tau);
    int ecc = 0;
    for (int d : inst.network().distancesFrom(0)) {
      ecc = Math.max(ecc, d);
    }
    SolveResult res = new TreePackingBroadcast().solve(inst, LIMITS);
    long span = TelephoneBroadcastProperties.checked(inst, res);
    assertThat(((Number) res.stats().get("trees")).intValue()).isGreaterThan(1);
    assertThat(span)
        .as(res.stats().toString())
        .isLessThan(singleTreeFormula(ecc, units, beta, tau));
    SolveResult saf = new GreedyStoreAndForward().solve(inst, LIMITS);
    assertThat(span).isLessThan(TelephoneBroadcastProperties.checked(inst, saf));
  }

  @Test
  void onACompleteGraph_severalTreesBeatTheBestSinglePipelinedTree() {
    // K_8, 100 units, beta 5, tau 1: one tree is the star, whose best is one packet, 105
    beatsOneTree(new Topology.Complete(8), 100, 5, 1);
  }

  @Test
  void onHypercubes_severalTreesBeatTheBestSinglePipelinedTree() {
    // Q_d has d arc-disjoint spanning arborescences from any node (its degree)
    beatsOneTree(new Topology.Hypercube(4), 100, 5, 1);
    beatsOneTree(new Topology.Hypercube(6), 100, 5, 1);
  }

  @Test
  void onePortHalfDuplexAndGossip_areRefused() {
    Network net = Network.of(new Topology.Hypercube(3));
    TreePackingBroadcast tp = new TreePackingBroadcast();
    assertThat(
            tp.whyNot(
                new Instance(
                    "a",
                    new Problem.Broadcast(0, 10),
                    model(5, 1, CommModel.Ports.ONE, CommModel.Duplex.FULL),
                    net)))
        .isNotNull();
    assertThat(
            tp.whyNot(
                new Instance(
                    "b",
                    new Problem.Broadcast(0, 10),
                    model(5, 1, CommModel.Ports.ALL, CommModel.Duplex.HALF),
                    net)))
        .isNotNull();
    assertThat(
            tp.whyNot(
                new Instance(
                    "c",
                    new Problem.Gossip(10),
                    model(5, 1, CommModel.Ports.ALL, CommModel.Duplex.FULL),
                    net)))
        .isNotNull();
  }
}
