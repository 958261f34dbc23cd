package org.commsched.heuristics.linearcost;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.commsched.core.bounds.LowerBounds;
import org.commsched.core.check.CheckReport;
import org.commsched.core.check.ScheduleChecker;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveStatus;
import org.commsched.core.testing.RandomNetworks;
import org.commsched.core.testing.Seeds;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Telephone broadcast ({@link TreeBroadcast}, {@link MatchingBroadcast}) against a brute force over
 * informed sets on seeded small trees and graphs: the tree method's rounds are the minimum, it says
 * OPTIMAL with a checked schedule of that many calls; the round heuristic is never below the
 * minimum nor below the best lower bound, equals it on trees, and its schedules check.
 */
class TelephoneBroadcastProperties {
  private static final SolveLimits LIMITS = SolveLimits.defaults();

  /**
   * The minimum rounds of telephone broadcast from {@code source} by breadth-first search over
   * informed sets (at most 12 nodes): one round informs, along some matching, uninformed
   * out-neighbours of informed nodes. Independent of the tree rule and of the heuristic.
   */
  static int bruteForceRounds(Network net, int source) {
    int p = net.nodes();
    int full = (1 << p) - 1;
    int[] dist = new int[1 << p];
    Arrays.fill(dist, -1);
    int start = 1 << source;
    dist[start] = 0;
    int[] queue = new int[1 << p];
    int head = 0;
    int tail = 0;
    queue[tail++] = start;
    while (head < tail) {
      int s = queue[head++];
      if (s == full) {
        return dist[s];
      }
      List<Integer> next = new ArrayList<>();
      extend(net, s, 0, s, next);
      for (int t : next) {
        if (dist[t] < 0) {
          dist[t] = dist[s] + 1;
          queue[tail++] = t;
        }
      }
    }
    throw new AssertionError("the source reaches not every node");
  }

  /**
   * Every set reached in one round from {@code informed}: nodes from {@code v} on each call one new
   * node or none.
   */
  private static void extend(Network net, int informed, int v, int reached, List<Integer> out) {
    if (v == net.nodes()) {
      if (reached != informed) {
        out.add(reached);
      }
      return;
    }
    extend(net, informed, v + 1, reached, out);
    if ((informed >> v & 1) == 0) {
      return;
    }
    for (int i = 0; i < net.outDegree(v); i++) {
      int w = net.head(net.outArc(v, i));
      if ((reached >> w & 1) == 0) {
        extend(net, informed, v + 1, reached | 1 << w, out);
      }
    }
  }

  static Instance broadcast(
      Topology t,
      int source,
      long units,
      String beta,
      String tau,
      CommModel.Ports ports,
      CommModel.Duplex duplex,
      CommModel.OnePortRule rule) {
    return new Instance(
        "t",
        new Problem.Broadcast(source, units),
        new CommModel.StoreAndForward(
            new BigDecimal(beta), new BigDecimal(tau), ports, duplex, rule),
        Network.of(t));
  }

  private static final CommModel.Ports ONE = CommModel.Ports.ONE;

  /** A one-port model drawn from the seed: either rule, either duplex; beta 1..3, tau 0 or 1. */
  private static Instance drawn(Topology t, int source, SplittableRandom r) {
    return broadcast(
        t,
        source,
        1,
        String.valueOf(1 + r.nextInt(3)),
        String.valueOf(r.nextInt(2)),
        ONE,
        r.nextBoolean() ? CommModel.Duplex.FULL : CommModel.Duplex.HALF,
        r.nextBoolean() ? CommModel.OnePortRule.EXCHANGE : CommModel.OnePortRule.SEND_AND_RECEIVE);
  }

  static long checked(Instance inst, SolveResult r) {
    CheckReport c = ScheduleChecker.check(inst, r.schedule());
    assertThat(c.violations()).as(r.method()).isEmpty();
    assertThat(c.makespan()).isEqualTo(r.makespan());
    return r.makespan();
  }

  private static long call(Instance inst) {
    return inst.storeAndForward().packetTicks(1, inst.timeScale());
  }

  @TestFactory
  Stream<DynamicTest> onSmallTrees_theTreeMethodIsOptimal_andTheHeuristicMakesTheSameCalls() {
    return Seeds.seeds(Seeds.cases(2, 60))
        .mapToObj(
            seed ->
                DynamicTest.dynamicTest(
                    "seed " + seed,
                    () -> {
                      SplittableRandom r = new SplittableRandom(seed);
                      int p = 2 + r.nextInt(10);
                      Instance inst = drawn(RandomNetworks.tree(p, r), r.nextInt(p), r);
                      int rounds = bruteForceRounds(inst.network(), inst.root());
                      SolveResult tree = new TreeBroadcast().solve(inst, LIMITS);
                      assertThat(checked(inst, tree)).isEqualTo(rounds * call(inst));
                      assertThat(tree.status()).isEqualTo(SolveStatus.OPTIMAL);
                      assertThat(tree.lowerBound().value()).isEqualTo(tree.makespan());
                      SolveResult h = new MatchingBroadcast().solve(inst, LIMITS);
                      assertThat(checked(inst, h)).isEqualTo(rounds * call(inst));
                    }));
  }

  @TestFactory
  Stream<DynamicTest>
      onSmallGraphs_theHeuristicIsNeverBelowTheOptimumOrTheBound_andItsSchedulesCheck() {
    return Seeds.seeds(Seeds.cases(2, 60))
        .mapToObj(
            seed ->
                DynamicTest.dynamicTest(
                    "seed " + seed,
                    () -> {
                      SplittableRandom r = new SplittableRandom(seed);
                      int p = 2 + r.nextInt(10);
                      Instance inst =
                          drawn(
                              RandomNetworks.graph(p, 0.1 + 0.6 * r.nextDouble(), r),
                              r.nextInt(p),
                              r);
                      int rounds = bruteForceRounds(inst.network(), inst.root());
                      SolveResult h = new MatchingBroadcast().solve(inst, LIMITS);
                      long span = checked(inst, h);
                      assertThat(span).isGreaterThanOrEqualTo(rounds * call(inst));
                      assertThat(span).isGreaterThanOrEqualTo(LowerBounds.best(inst).value());
                      if (h.status() == SolveStatus.OPTIMAL) {
                        assertThat(span).isEqualTo(rounds * call(inst));
                      }
                    }));
  }

  @TestFactory
  Stream<DynamicTest>
      withSeveralUnitsAndTauAboveZero_theTreeMethodRefuses_andTheHeuristicStaysValid() {
    return Seeds.seeds(Seeds.cases(8, 20))
        .mapToObj(
            seed ->
                DynamicTest.dynamicTest(
                    "seed " + seed,
                    () -> {
                      SplittableRandom r = new SplittableRandom(seed);
                      int p = 2 + r.nextInt(10);
                      Topology t = RandomNetworks.tree(p, r);
                      Instance inst =
                          broadcast(
                              t,
                              r.nextInt(p),
                              2 + r.nextInt(5),
                              "3",
                              "1",
                              ONE,
                              CommModel.Duplex.FULL,
                              CommModel.OnePortRule.EXCHANGE);
                      assertThat(new TreeBroadcast().whyNot(inst))
                          .startsWith("tree-broadcast is proven optimal only");
                      SolveResult h = new MatchingBroadcast().solve(inst, LIMITS);
                      long span = checked(inst, h);
                      // the tree's rounds of calls of beta + tau each bound every schedule from
                      // below (TreeBroadcast's javadoc)
                      assertThat(span)
                          .isGreaterThanOrEqualTo(
                              bruteForceRounds(inst.network(), inst.root()) * call(inst));
                    }));
  }
}
