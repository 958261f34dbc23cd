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
 * MULTI-FEED (docs/models/linear-cost.md#multi-feed) against the CP-SAT optimum on seeded tiny
 * networks whose nodes have two or three incoming arcs: a cycle of 4 or 5 nodes, with a chord or a
 * node joined to two cycle nodes or not; gossip of one unit, or broadcast of 1 to 4 units from any
 * node; beta 0 to 5, tau 0 to 2 (not both 0), under F* and H* (the bound is for all ports). Every
 * lower bound, MULTI-FEED among them, is at most the optimum where MULTI-FEED is reported (above
 * every other bound), and it is reported on some seeded instances, so the suite does hold it.
 */
class MultiFeedExactProperties {
  static Instance instance(long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    int cycle = 4 + r.nextInt(2);
    List<Topology.Pair> links = new ArrayList<>();
    for (int v = 0; v < cycle; v++) {
      links.add(new Topology.Pair(v, (v + 1) % cycle));
    }
    int p = cycle;
    int extra = r.nextInt(3);
    if (extra == 1) {
      links.add(new Topology.Pair(0, 2));
    } else if (extra == 2) {
      int a = r.nextInt(cycle);
      links.add(new Topology.Pair(a, p));
      links.add(new Topology.Pair((a + 2) % cycle, p));
      p++;
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

  private static boolean reportsMultiFeed(Instance inst) {
    return LowerBounds.all(inst).stream().anyMatch(b -> b.kind().equals("MULTI-FEED"));
  }

  /**
   * Every bound at most the CP-SAT optimum on the first seeds from the base (up to 2,000 tried)
   * whose instance reports MULTI-FEED.
   */
  @TestFactory
  Stream<DynamicTest> multiFeed_neverExceedsTheOptimum_whereItIsReported() {
    return Seeds.seeds(2_000)
        .mapToObj(MultiFeedExactProperties::instance)
        .filter(MultiFeedExactProperties::reportsMultiFeed)
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

  /** MULTI-FEED is reported on some of the generator's first 200 seeds. */
  @Test
  void multiFeed_isReportedOnSomeSeededInstance() {
    long reported =
        LongStream.range(0, 200)
            .mapToObj(MultiFeedExactProperties::instance)
            .filter(MultiFeedExactProperties::reportsMultiFeed)
            .count();
    assertThat(reported).isPositive();
  }
}
