package org.commsched.heuristics.linearcost;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.time.Duration;
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
import org.commsched.core.testing.LeafSpine;
import org.commsched.core.testing.RandomNetworks;
import org.commsched.core.testing.Seeds;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * {@link MergedTreePipeline}: on seeded random connected graphs its broadcasts pass the family's
 * checker, never end below the best lower bound and repeat; on issue 22's leaf-spine from host 5
 * (one link) it meets the schedule of two trees derived by hand (docs/models/linear-cost.md#merged-
 * tree-pipeline: rounds of 8 units, each round's halves over the two spines, 57), below what one
 * tree's pipeline (the round whole on every spine hop) and {@code tree-packing-broadcast} reach.
 */
class MergedTreePipelineProperties {
  private static final SolveLimits LIMITS = new SolveLimits(Duration.ofSeconds(30), 1, 1);

  private static Instance broadcast(Topology t, int source, long units, long beta, long tau) {
    return new Instance(
        "mt",
        new Problem.Broadcast(source, units),
        new CommModel.StoreAndForward(
            BigDecimal.valueOf(beta),
            BigDecimal.valueOf(tau),
            CommModel.Ports.ALL,
            CommModel.Duplex.FULL,
            CommModel.OnePortRule.EXCHANGE),
        Network.of(t));
  }

  @TestFactory
  Stream<DynamicTest> onRandomGraphs_theSchedulesCheck_neverEndBelowTheBound_andRepeat() {
    return Seeds.seeds(Seeds.cases(4, 40))
        .mapToObj(
            seed ->
                DynamicTest.dynamicTest(
                    "seed " + seed,
                    () -> {
                      SplittableRandom r = new SplittableRandom(seed);
                      int p = 2 + r.nextInt(14);
                      Topology t = RandomNetworks.graph(p, r.nextDouble(), r);
                      long beta = r.nextInt(8);
                      long tau = beta == 0 ? 1 + r.nextInt(2) : r.nextInt(3);
                      long n = 1 + r.nextInt(r.nextBoolean() ? 4 : 40);
                      Instance inst = broadcast(t, r.nextInt(p), n, beta, tau);
                      MergedTreePipeline mt = new MergedTreePipeline();
                      assertThat(mt.whyNot(inst)).isNull();
                      SolveResult res = mt.solve(inst, LIMITS);
                      long span = TelephoneBroadcastProperties.checked(inst, res);
                      assertThat(span)
                          .as(res.stats().toString())
                          .isGreaterThanOrEqualTo(LowerBounds.best(inst).value());
                      SolveResult again = mt.solve(inst, LIMITS);
                      assertThat(again.makespan()).isEqualTo(span);
                      assertThat(again.schedule()).isEqualTo(res.schedule());
                    }));
  }

  @Test
  void onTheLeafSpineFromAHost_theHalvesCrossTheTwoSpinesAtOnce() {
    // by hand: source packets of 8 end at 13 and 26; each half of 4 crosses leaf 2 -> spine and
    // spine -> leaf in 9 + 9; the far leaves hold round 1 at 31 and round 2 at 44, and send their
    // hosts 8 units each: 44, 57. One tree pays 8 units on each spine hop: S_*(16, 4) = 64 down
    // the path, and no schedule of whole rounds does better than 57 by the same count.
    Instance inst = broadcast(LeafSpine.network(), 5, 16, 5, 1);
    SolveResult res = new MergedTreePipeline().solve(inst, LIMITS);
    long span = TelephoneBroadcastProperties.checked(inst, res);
    assertThat(span).as(res.stats().toString()).isEqualTo(57);
    long packing =
        TelephoneBroadcastProperties.checked(inst, new TreePackingBroadcast().solve(inst, LIMITS));
    assertThat(span).isLessThan(packing);
  }

  @Test
  void largeNetworksAndMessages_areRefusedWithTheAlternative() {
    Instance big = broadcast(new Topology.Hypercube(7), 0, 10, 5, 1);
    assertThat(new MergedTreePipeline().whyNot(big)).contains("tree-packing-broadcast");
    Instance longMessage = broadcast(new Topology.Hypercube(3), 0, 1000, 5, 1);
    assertThat(new MergedTreePipeline().whyNot(longMessage)).contains("tree-packing-broadcast");
  }
}
