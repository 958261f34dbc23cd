package org.commsched.solver.linearcost;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.Stream;
import org.commsched.core.model.Instance;
import org.commsched.core.testing.Seeds;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * MULTI-FEED's relay stage (docs/models/linear-cost.md#multi-feed: the units' releases at a node's
 * in-neighbours also no earlier than the arcs into them from other nodes can bring them) against
 * the CP-SAT optimum on seeded tiny networks where the in-neighbours of a node with two or three
 * incoming arcs are themselves fed from further away: the 2 x 3 mesh, a cycle of 5 or 6 nodes, or
 * either with a pendant node or a chord; gossip of one unit, or broadcast of 1 to 4 units from any
 * node; beta 0 to 5, tau 0 to 2 (not both 0), F* and H*. Every lower bound is at most the optimum
 * on the instances where MULTI-FEED is reported with the relay stage raising some release. The
 * generator and the assertion are {@link FeedExactCases}'.
 */
class MultiFeedRelayExactProperties {
  static Instance instance(long seed) {
    return FeedExactCases.meshOrCycle(seed);
  }

  private static boolean relayed(Instance inst) {
    return FeedExactCases.reports(inst, "MULTI-FEED", "in-neighbours from other nodes");
  }

  /**
   * Every bound at most the CP-SAT optimum on the first seeds from the base (up to 3,000 tried)
   * whose instance reports MULTI-FEED with the relay stage.
   */
  @TestFactory
  Stream<DynamicTest> relayStage_neverExceedsTheOptimum_whereItIsReported() {
    return FeedExactCases.boundsAtMostOptimum(
        MultiFeedRelayExactProperties::instance,
        3_000,
        MultiFeedRelayExactProperties::relayed,
        Seeds.cases(12, 30));
  }

  /** The relay stage raises MULTI-FEED on some of the generator's first 300 seeds. */
  @Test
  void relayStage_isReportedOnSomeSeededInstance() {
    assertThat(
            FeedExactCases.count(
                MultiFeedRelayExactProperties::instance,
                300,
                MultiFeedRelayExactProperties::relayed))
        .isPositive();
  }
}
