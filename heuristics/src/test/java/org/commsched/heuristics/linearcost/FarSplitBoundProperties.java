package org.commsched.heuristics.linearcost;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.commsched.core.bounds.LowerBounds;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.testing.Deep;
import org.commsched.core.testing.RandomNetworks;
import org.commsched.core.testing.Seeds;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The one-port FAR-SPLIT bound of broadcast (docs/models/linear-cost.md#far-split) against the
 * brute force over informed sets of {@link TelephoneBroadcastProperties#bruteForceRounds}: on
 * seeded random graphs (sparse to dense), random trees and small meshes of up to 12 nodes, with the
 * source anywhere and a one-port model of beta 1..3, tau 0 or 1, it is reported and never above the
 * optimum; and on the 2D grids of de Sousa et al. 2020, Table 1, it equals the published minimum
 * broadcast time.
 */
class FarSplitBoundProperties {
  private static Optional<LowerBound> farSplit(Instance inst) {
    return LowerBounds.all(inst).stream().filter(b -> b.kind().equals("FAR-SPLIT")).findFirst();
  }

  private static Topology drawnNetwork(SplittableRandom r) {
    return switch (r.nextInt(4)) {
      case 0 -> RandomNetworks.tree(3 + r.nextInt(10), r);
      case 1 -> new Topology.Mesh(2 + r.nextInt(2), 2 + r.nextInt(3));
      default -> RandomNetworks.graph(3 + r.nextInt(10), 0.05 + 0.5 * r.nextDouble(), r);
    };
  }

  @TestFactory
  Stream<DynamicTest> onSmallNetworks_farSplitIsReported_andNeverAboveTheBruteForceOptimum() {
    return Seeds.seeds(Seeds.cases(2, 80))
        .mapToObj(
            seed ->
                DynamicTest.dynamicTest(
                    "seed " + seed,
                    () -> {
                      SplittableRandom r = new SplittableRandom(seed);
                      Topology t = drawnNetwork(r);
                      int p = org.commsched.core.model.Network.of(t).nodes();
                      Instance inst =
                          TelephoneBroadcastProperties.broadcast(
                              t,
                              r.nextInt(p),
                              1,
                              String.valueOf(1 + r.nextInt(3)),
                              String.valueOf(r.nextInt(2)),
                              CommModel.Ports.ONE,
                              r.nextBoolean() ? CommModel.Duplex.FULL : CommModel.Duplex.HALF,
                              r.nextBoolean()
                                  ? CommModel.OnePortRule.EXCHANGE
                                  : CommModel.OnePortRule.SEND_AND_RECEIVE);
                      long call = inst.storeAndForward().packetTicks(1, inst.timeScale());
                      long optimum =
                          TelephoneBroadcastProperties.bruteForceRounds(inst.network(), inst.root())
                              * call;
                      Optional<LowerBound> b = farSplit(inst);
                      assertThat(b).as("FAR-SPLIT reported on " + t).isPresent();
                      assertThat(b.get().value())
                          .as(t + " from " + inst.root() + ": " + b.get())
                          .isLessThanOrEqualTo(optimum);
                    }));
  }

  /**
   * One grid of each size of Table 1 everyday, the others deep ({@link
   * TelephoneBroadcastExamplesTest#table1}).
   */
  @Test
  void onOnePublishedGridOfEachSize_farSplitEqualsTheMinimumBroadcastTime() {
    TelephoneBroadcastExamplesTest.table1(false)
        .forEach(FarSplitBoundProperties::equalsThePublishedTime);
  }

  @Deep
  @Test
  void onTheOtherPublishedGrids_farSplitEqualsTheMinimumBroadcastTime() {
    TelephoneBroadcastExamplesTest.table1(true)
        .forEach(FarSplitBoundProperties::equalsThePublishedTime);
  }

  /**
   * A row of de Sousa et al. 2020, Table 1: R, C, source row, source column (1-indexed), published
   * optimum.
   */
  private static void equalsThePublishedTime(int[] row) {
    Instance inst =
        TelephoneBroadcastProperties.broadcast(
            new Topology.Mesh(row[0], row[1]),
            (row[2] - 1) * row[1] + row[3] - 1,
            1,
            "1",
            "0",
            CommModel.Ports.ONE,
            CommModel.Duplex.FULL,
            CommModel.OnePortRule.EXCHANGE);
    assertThat(farSplit(inst))
        .as(row[0] + "x" + row[1] + " from (" + row[2] + "," + row[3] + ")")
        .get()
        .extracting(LowerBound::value)
        .isEqualTo((long) row[4]);
  }
}
