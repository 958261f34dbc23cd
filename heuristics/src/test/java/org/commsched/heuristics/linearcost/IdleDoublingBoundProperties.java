package org.commsched.heuristics.linearcost;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.commsched.core.bounds.LowerBounds;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.testing.RandomNetworks;
import org.commsched.core.testing.Seeds;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The one-port IDLE-DOUBLING bound of broadcast in rounds
 * (docs/models/linear-cost.md#idle-doubling) against the brute force over informed sets of {@link
 * TelephoneBroadcastProperties#bruteForceRounds}: on seeded sparse random graphs and random trees
 * of up to 12 nodes (where sources of low degree and nodes with one neighbour are common), with the
 * source anywhere, one unit or tau = 0, it is never above the optimum; on stars and a pendant
 * source its value is worked out by hand.
 */
class IdleDoublingBoundProperties {
  private static Optional<LowerBound> idle(Instance inst) {
    return LowerBounds.all(inst).stream().filter(b -> b.kind().equals("IDLE-DOUBLING")).findFirst();
  }

  @TestFactory
  Stream<DynamicTest> onSmallSparseNetworks_itIsNeverAboveTheBruteForceOptimum() {
    return Seeds.seeds(Seeds.cases(2, 120))
        .mapToObj(
            seed ->
                DynamicTest.dynamicTest(
                    "seed " + seed,
                    () -> {
                      SplittableRandom r = new SplittableRandom(seed);
                      int p = 3 + r.nextInt(10);
                      Topology t =
                          r.nextBoolean()
                              ? RandomNetworks.tree(p, r)
                              : RandomNetworks.graph(p, 0.3 * r.nextDouble(), r);
                      boolean oneUnit = r.nextBoolean();
                      long n = oneUnit ? 1 : 1 + r.nextInt(3);
                      Instance inst =
                          TelephoneBroadcastProperties.broadcast(
                              t,
                              r.nextInt(p),
                              n,
                              String.valueOf(1 + r.nextInt(3)),
                              oneUnit ? String.valueOf(r.nextInt(2)) : "0",
                              CommModel.Ports.ONE,
                              r.nextBoolean() ? CommModel.Duplex.FULL : CommModel.Duplex.HALF,
                              r.nextBoolean()
                                  ? CommModel.OnePortRule.EXCHANGE
                                  : CommModel.OnePortRule.SEND_AND_RECEIVE);
                      long call = inst.storeAndForward().packetTicks(n, inst.timeScale());
                      long optimum =
                          TelephoneBroadcastProperties.bruteForceRounds(inst.network(), inst.root())
                              * call;
                      idle(inst)
                          .ifPresent(
                              b ->
                                  assertThat(b.value())
                                      .as(t + " from " + inst.root() + ": " + b)
                                      .isLessThanOrEqualTo(optimum));
                    }));
  }

  @Test
  void onStarsFromTheCentre_itIsTheLeafCount_theOptimum() {
    // K_{1,k} from its centre, telephone model (beta 1, tau 0): p = k + 1 nodes, the k leaves have
    // the centre as
    // only neighbour, so they are informed in distinct rounds and then idle: losses at least
    // sum_{i<k} (2^i - 1) = 2^k - 1 - k. In T rounds the slack is 2^T - (k + 1), which first holds
    // that loss at
    // T = k (2^k - k - 1 = 2^k - 1 - k, and at T = k - 1: 2^(k-1) - k - 1 < 2^k - 1 - k). The
    // centre calling one
    // leaf per round takes k rounds, so k is the optimum; ceil(log2 (k + 1)) is all DOUBLING gives
    for (int k = 3; k <= 6; k++) {
      Instance inst =
          TelephoneBroadcastProperties.broadcast(
              new Topology.Star(k + 1),
              0,
              1,
              "1",
              "0",
              CommModel.Ports.ONE,
              CommModel.Duplex.FULL,
              CommModel.OnePortRule.EXCHANGE);
      assertThat(idle(inst)).as("K_1," + k).get().extracting(LowerBound::value).isEqualTo((long) k);
    }
  }

  @Test
  void fromASourceOfDegreeOne_onFourNodes_itIsThree() {
    // source 0 linked only to node 1, which closes a triangle with 2 and 3: p = 4 = 2^2 leaves no
    // slack in 2 rounds,
    // but the source informs one node in all, so it is idle in round 2 (a loss of 2^0 = 1): at
    // least 3 rounds
    // (slack 2^3 - 4 = 4 >= 2^(3-1) - 1 = 3). 0 -> 1, 1 -> 2, 1 -> 3 takes 3; DOUBLING and the
    // eccentricity say 2
    Topology t =
        new Topology.Explicit(
            4,
            List.of(
                new Topology.Pair(0, 1),
                new Topology.Pair(1, 2),
                new Topology.Pair(2, 3),
                new Topology.Pair(3, 1)),
            true);
    Instance inst =
        TelephoneBroadcastProperties.broadcast(
            t,
            0,
            1,
            "1",
            "0",
            CommModel.Ports.ONE,
            CommModel.Duplex.FULL,
            CommModel.OnePortRule.EXCHANGE);
    assertThat(idle(inst)).get().extracting(LowerBound::value).isEqualTo(3L);
    assertThat(LowerBounds.all(inst).stream().filter(b -> b.kind().equals("DOUBLING")).findFirst())
        .get()
        .extracting(LowerBound::value)
        .isEqualTo(2L);
  }
}
