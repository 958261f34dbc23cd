package org.commsched.solver.linearcost;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.Stream;
import org.commsched.core.model.Instance;
import org.commsched.core.testing.Seeds;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * ARC-FEED (docs/models/linear-cost.md#arc-feed: each incoming arc of a node its own release list,
 * distances avoiding the node and the arcs into the arc's tail one packet at a time) against the
 * CP-SAT optimum on seeded tiny networks: the 2 x 3 mesh, a cycle of 5 or 6 nodes, or either with a
 * pendant node or a chord; gossip of one unit, or broadcast of 1 to 4 units from any node; beta 0
 * to 5, tau 0 to 2 (not both 0), F* and H*. Every lower bound is at most the optimum on the
 * instances where ARC-FEED is reported (it is only when it exceeds every other bound). The
 * generator and the assertion are {@link FeedExactCases}'; gossips, where ARC-FEED is computed on
 * its own whether reported or not, are {@link ArcFeedGossipExactProperties}'.
 */
class ArcFeedExactProperties {
  static Instance instance(long seed) {
    return FeedExactCases.meshOrCycle(seed);
  }

  private static boolean reported(Instance inst) {
    return FeedExactCases.reports(inst, "ARC-FEED", "");
  }

  /**
   * Every bound at most the CP-SAT optimum on the first seeds from the base (up to 3,000 tried)
   * whose instance reports ARC-FEED.
   */
  @TestFactory
  Stream<DynamicTest> arcFeed_neverExceedsTheOptimum_whereItIsReported() {
    return FeedExactCases.boundsAtMostOptimum(
        ArcFeedExactProperties::instance,
        3_000,
        ArcFeedExactProperties::reported,
        Seeds.cases(12, 30));
  }

  /** ARC-FEED is reported on some of the generator's first 300 seeds. */
  @Test
  void arcFeed_isReportedOnSomeSeededInstance() {
    assertThat(
            FeedExactCases.count(
                ArcFeedExactProperties::instance, 300, ArcFeedExactProperties::reported))
        .isPositive();
  }
}
