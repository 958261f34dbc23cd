package org.commsched.solver.linearcost;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.commsched.core.bounds.LowerBounds;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.testing.Seeds;
import org.commsched.solver.cpsat.CpSatTaskModel;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * ARC-FEED (docs/models/linear-cost.md#arc-feed: each incoming arc of a node its own release list,
 * distances avoiding the node and the arcs into the arc's tail one packet at a time) against the
 * CP-SAT optimum on seeded tiny networks: the 2 x 3 mesh, a cycle of 5 or 6 nodes, or either with a
 * pendant node or a chord; gossip of one unit, or broadcast of 1 to 4 units from any node; beta 0
 * to 5, tau 0 to 2 (not both 0), F* and H*. Every lower bound is at most the optimum on the
 * instances where ARC-FEED is reported (it is only when it exceeds every other bound).
 */
class ArcFeedExactProperties {
  static Instance instance(long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    List<Topology.Pair> links = new ArrayList<>();
    int p;
    int shape = r.nextInt(2);
    if (shape == 0) {
      // the 2 x 3 mesh: nodes 0 1 2 over 3 4 5
      p = 6;
      int[][] e = {{0, 1}, {1, 2}, {3, 4}, {4, 5}, {0, 3}, {1, 4}, {2, 5}};
      for (int[] x : e) {
        links.add(new Topology.Pair(x[0], x[1]));
      }
    } else {
      p = 5 + r.nextInt(2);
      for (int v = 0; v < p; v++) {
        links.add(new Topology.Pair(v, (v + 1) % p));
      }
    }
    int extra = r.nextInt(3);
    if (extra == 1) {
      links.add(new Topology.Pair(r.nextInt(p), p));
      p++;
    } else if (extra == 2 && shape == 1) {
      links.add(new Topology.Pair(0, 2));
    }
    Network net = Network.of(new Topology.Explicit(p, links, true));
    boolean half = r.nextBoolean();
    int beta = r.nextInt(6);
    int tau = beta == 0 ? 1 + r.nextInt(2) : r.nextInt(3);
    CommModel.StoreAndForward m =
        new CommModel.StoreAndForward(
            new BigDecimal(beta),
            new BigDecimal(tau),
            CommModel.Ports.ALL,
            half ? CommModel.Duplex.HALF : CommModel.Duplex.FULL,
            null);
    boolean gossip = r.nextInt(3) == 0;
    Problem prob =
        gossip ? new Problem.Gossip(1) : new Problem.Broadcast(r.nextInt(p), 1 + r.nextInt(4));
    return new Instance(
        prob.kind().wireName()
            + " "
            + links
            + (half ? " H*" : " F*")
            + " beta="
            + beta
            + " tau="
            + tau
            + " seed "
            + seed,
        prob,
        m,
        net);
  }

  private static boolean reported(Instance inst) {
    return LowerBounds.all(inst).stream().anyMatch(b -> b.kind().equals("ARC-FEED"));
  }

  /**
   * Every bound at most the CP-SAT optimum on the first seeds from the base (up to 3,000 tried)
   * whose instance reports ARC-FEED.
   */
  @TestFactory
  Stream<DynamicTest> arcFeed_neverExceedsTheOptimum_whereItIsReported() {
    return Seeds.seeds(3_000)
        .mapToObj(ArcFeedExactProperties::instance)
        .filter(ArcFeedExactProperties::reported)
        .limit(Seeds.cases(12, 30))
        .map(
            inst ->
                DynamicTest.dynamicTest(
                    inst.name(),
                    () -> {
                      long optimum = LinearCostExactTest.optimum(inst, CpSatTaskModel.INSTANCE);
                      for (LowerBound b : LowerBounds.all(inst)) {
                        assertThat(b.value()).as("bound " + b).isLessThanOrEqualTo(optimum);
                      }
                    }));
  }

  /** ARC-FEED is reported on some of the generator's first 300 seeds. */
  @Test
  void arcFeed_isReportedOnSomeSeededInstance() {
    long reported =
        LongStream.range(0, 300)
            .mapToObj(ArcFeedExactProperties::instance)
            .filter(ArcFeedExactProperties::reported)
            .count();
    assertThat(reported).isPositive();
  }
}
