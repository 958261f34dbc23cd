package org.commsched.solver.linearcost;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.Stream;
import org.commsched.core.model.Instance;
import org.commsched.core.testing.Seeds;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * MULTI-FEED (docs/models/linear-cost.md#multi-feed) against the CP-SAT optimum on seeded tiny
 * networks whose nodes have two or three incoming arcs: a cycle of 4 or 5 nodes, with a chord or a
 * node joined to two cycle nodes or not; gossip of one unit, or broadcast of 1 to 4 units from any
 * node; beta 0 to 5, tau 0 to 2 (not both 0), under F* and H* (the bound is for all ports). Every
 * lower bound, MULTI-FEED among them, is at most the optimum where MULTI-FEED is reported (above
 * every other bound), and it is reported on some seeded instances, so the suite does hold it. The
 * generator and the assertion are {@link FeedExactCases}'.
 */
class MultiFeedExactProperties {
  static Instance instance(long seed) {
    return FeedExactCases.cycleWithChordOrEar(seed);
  }

  private static boolean reportsMultiFeed(Instance inst) {
    return FeedExactCases.reports(inst, "MULTI-FEED", "");
  }

  /**
   * Every bound at most the CP-SAT optimum on the first seeds from the base (up to 2,000 tried)
   * whose instance reports MULTI-FEED.
   */
  @TestFactory
  Stream<DynamicTest> multiFeed_neverExceedsTheOptimum_whereItIsReported() {
    return FeedExactCases.boundsAtMostOptimum(
        MultiFeedExactProperties::instance,
        2_000,
        MultiFeedExactProperties::reportsMultiFeed,
        Seeds.cases(12, 30));
  }

  /** MULTI-FEED is reported on some of the generator's first 200 seeds. */
  @Test
  void multiFeed_isReportedOnSomeSeededInstance() {
    assertThat(
            FeedExactCases.count(
                MultiFeedExactProperties::instance,
                200,
                MultiFeedExactProperties::reportsMultiFeed))
        .isPositive();
  }
}
