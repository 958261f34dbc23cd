package org.commsched.core.bounds;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.testing.Seeds;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The bounds' deadline ({@link Cutoff}): a bound cut by it is never above the best bound of the
 * same instance computed without it (which the exact-optimum suites hold valid), says so in its
 * witness, and FAR-SPLIT cut after the subsets of its first {@code j} targets equals the recursion
 * run on those {@code j} targets alone. The cuts are placed by counting the looks at the clock
 * ({@link Cutoff#afterLooks}), so they do not depend on the machine's speed.
 */
class CutoffProperties {

  private static CommModel.StoreAndForward model(boolean one) {
    return new CommModel.StoreAndForward(
        new BigDecimal(5),
        BigDecimal.ONE,
        one ? CommModel.Ports.ONE : CommModel.Ports.ALL,
        CommModel.Duplex.FULL,
        one ? CommModel.OnePortRule.EXCHANGE : null);
  }

  /** A connected random network of {@code n} nodes: a random tree plus extra links. */
  static Network network(int n, int extra, SplittableRandom rnd) {
    List<Topology.Pair> links = new ArrayList<>();
    java.util.Set<Long> seen = new java.util.HashSet<>();
    for (int v = 1; v < n; v++) {
      int u = rnd.nextInt(v);
      links.add(new Topology.Pair(u, v));
      seen.add((long) u * n + v);
    }
    for (int e = 0; e < extra; e++) {
      int u = rnd.nextInt(n);
      int v = rnd.nextInt(n);
      if (u != v && seen.add((long) Math.min(u, v) * n + Math.max(u, v))) {
        links.add(new Topology.Pair(Math.min(u, v), Math.max(u, v)));
      }
    }
    return Network.of(new Topology.Explicit(n, links, true));
  }

  private static long best(List<LowerBound> bounds) {
    return bounds.isEmpty() ? 0 : bounds.get(0).value();
  }

  /**
   * Broadcasts and gossips on seeded random networks of 6 to 30 nodes, all ports and one port, cut
   * after 0 to 40 looks: every bound at most the uncut best, and every cut bound named.
   */
  @TestFactory
  Stream<DynamicTest> cutBounds_neverExceedTheUncutBest() {
    return Seeds.seeds(Seeds.cases(2, 30))
        .mapToObj(
            seed ->
                DynamicTest.dynamicTest(
                    "seed " + seed,
                    () -> {
                      SplittableRandom rnd = new SplittableRandom(seed);
                      int n = rnd.nextInt(6, 31);
                      Network net = network(n, rnd.nextInt(0, 2 * n), rnd);
                      boolean one = rnd.nextBoolean();
                      long units = 1 + rnd.nextInt(12);
                      Problem problem =
                          rnd.nextBoolean()
                              ? new Problem.Broadcast(rnd.nextInt(n), units)
                              : new Problem.Gossip(units);
                      Instance inst = new Instance("cut", problem, model(one), net);
                      long uncut = best(LowerBounds.all(inst));
                      Cutoff c = Cutoff.afterLooks(rnd.nextInt(0, 41));
                      List<LowerBound> cut = LowerBounds.all(inst, c);
                      for (LowerBound b : cut) {
                        assertThat(b.value())
                            .as(b.kind() + ": " + b.witness())
                            .isLessThanOrEqualTo(uncut);
                        if (b.witness().contains("cut by the time limit")) {
                          assertThat(c.cut()).as(b.witness()).contains(b.kind());
                        }
                      }
                    }));
  }

  /**
   * FAR-SPLIT on seeded random networks of 20 to 60 nodes, one port, cut anywhere in its recursion:
   * the value of the recursion on the first {@code j} targets alone ({@link FarSplitBound#steps}),
   * {@code j} the most whose subsets were all done, reported as cut.
   */
  @TestFactory
  Stream<DynamicTest> farSplit_cutAfterAPrefix_isTheRecursionOnThatPrefix() {
    return Seeds.seeds(Seeds.cases(4, 20))
        .mapToObj(
            seed ->
                DynamicTest.dynamicTest(
                    "seed " + seed,
                    () -> {
                      SplittableRandom rnd = new SplittableRandom(seed);
                      int n = rnd.nextInt(20, 61);
                      Network net = network(n, rnd.nextInt(0, n), rnd);
                      int s = rnd.nextInt(n);
                      int[] dist = net.distancesFrom(s);
                      FarSplitBound.Result full = FarSplitBound.compute(net, s, dist);
                      if (full == null) {
                        return;
                      }
                      int k = full.targets().length;
                      // each set of the recursion looks once before it starts: cut after `looks`
                      // sets, the subsets of the first j targets, j = floor(log2(looks + 1)), are
                      // done
                      long looks = rnd.nextLong(3, 1L << k);
                      int j = 63 - Long.numberOfLeadingZeros(looks + 1);
                      FarSplitBound.Result cut =
                          FarSplitBound.compute(net, s, dist, Cutoff.afterLooks(looks));
                      int[] prefix = Arrays.copyOf(full.targets(), j);
                      assertThat(cut.targets()).isEqualTo(prefix);
                      assertThat(cut.steps()).isEqualTo(FarSplitBound.steps(net, s, prefix));
                      assertThat(cut.cut()).isEqualTo(j < k);
                      assertThat(cut.steps()).isLessThanOrEqualTo(full.steps());
                    }));
  }

  /** A deadline already passed: MULTI-FEED and ARC-FEED look at no node and report nothing. */
  @Test
  void passedDeadline_leavesTheNodeSearchesOut() {
    Instance inst =
        new Instance(
            "mesh", new Problem.Gossip(4), model(false), Network.of(new Topology.Mesh(3, 3)));
    Cutoff c = Cutoff.afterLooks(0);
    List<LowerBound> cut = LowerBounds.all(inst, c);
    assertThat(cut).noneMatch(b -> b.kind().equals("MULTI-FEED") || b.kind().equals("ARC-FEED"));
    assertThat(c.cut()).contains("MULTI-FEED", "ARC-FEED");
    // uncut, the same instance has MULTI-FEED 31 (MultiFeedBoundTest, by hand and brute force)
    assertThat(LowerBounds.all(inst))
        .anyMatch(b -> b.kind().equals("MULTI-FEED") && b.value() == 31);
  }
}
