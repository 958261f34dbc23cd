package org.commsched.solver.linearcost;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.commsched.core.bounds.BoundProbes;
import org.commsched.core.bounds.LowerBounds;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Topology;
import org.commsched.core.testing.Seeds;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * ARC-FEED's gossip side (docs/models/linear-cost.md#arc-feed) against the CP-SAT optimum. {@link
 * LowerBounds#all} reports ARC-FEED only above every other bound, which on the tiny networks of
 * {@link ArcFeedExactProperties} happens for broadcasts only; here its value is computed on its own
 * ({@link BoundProbes#arcFeed}) on every case, reported or not. Seeded gossips of 2 units on a
 * cycle of 4 or 5 nodes with the chord 0-2, whose nodes have two or three incoming arcs; beta 0 to
 * 3, tau 1 or 2; F* only: the bound is the same under H*, whose optimum is never smaller (H* only
 * forbids schedules), so F* is the harder test. The 2 x 3 mesh with 3 units, the 3 x 3 mesh with 1,
 * a 6-cycle with a chord with 2 or 3, the 5-cycle with 3 and the 4-cycle with 3 or 4 were tried:
 * the test's CP-SAT run (one worker, 30 s) does not prove some of them. Every case: ARC-FEED and
 * every reported bound at most the proven optimum. The suite has teeth: ARC-FEED meets the optimum
 * on some case, so the bound raised by one tick fails it.
 */
class ArcFeedGossipExactProperties {
  static Instance instance(long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    List<Topology.Pair> links = new ArrayList<>();
    int p = 4 + r.nextInt(2);
    for (int v = 0; v < p; v++) {
      links.add(new Topology.Pair(v, (v + 1) % p));
    }
    links.add(new Topology.Pair(0, 2));
    int n = 2;
    String shape = "cycle " + p + " chord 0-2";
    int beta = r.nextInt(4);
    int tau = 1 + r.nextInt(2);
    return FeedExactCases.instance(
        p, links, false, beta, tau, new Problem.Gossip(n), shape + " n=" + n + " seed " + seed);
  }

  /**
   * On the first seeds from the base ({@code Seeds.cases(8, 24)}: 25 at the deep count, 6 at the
   * build's 50): ARC-FEED and every reported bound at most the CP-SAT optimum; then ARC-FEED equal
   * to the optimum on at least one of them.
   */
  @TestFactory
  Stream<DynamicTest> arcFeed_neverExceedsTheGossipOptimum_andMeetsItSomewhere() {
    List<Instance> cases =
        Seeds.seeds(Seeds.cases(8, 24)).mapToObj(ArcFeedGossipExactProperties::instance).toList();
    AtomicInteger tight = new AtomicInteger();
    AtomicInteger run = new AtomicInteger();
    Stream<DynamicTest> each =
        cases.stream()
            .map(
                inst ->
                    DynamicTest.dynamicTest(
                        inst.name(),
                        () -> {
                          OptionalLong arc = BoundProbes.arcFeed(inst);
                          assertThat(arc).as("ARC-FEED applies to " + inst.name()).isPresent();
                          long optimum = FeedExactCases.optimum(inst);
                          System.out.println(
                              "[arc-feed gossip] "
                                  + inst.name()
                                  + " ARC-FEED "
                                  + arc.getAsLong()
                                  + " best "
                                  + LowerBounds.best(inst)
                                  + " optimum "
                                  + optimum);
                          assertThat(arc.getAsLong())
                              .as("ARC-FEED of " + inst.name())
                              .isLessThanOrEqualTo(optimum);
                          FeedExactCases.assertBoundsAtMost(inst, optimum);
                          run.incrementAndGet();
                          if (arc.getAsLong() == optimum) {
                            tight.incrementAndGet();
                          }
                        }));
    DynamicTest teeth =
        DynamicTest.dynamicTest(
            "ARC-FEED meets the optimum on some case (raised by one tick it fails there)",
            () -> {
              assertThat(run.get()).as("cases run").isEqualTo(cases.size());
              assertThat(tight.get()).isPositive();
            });
    return Stream.concat(each, Stream.of(teeth));
  }
}
