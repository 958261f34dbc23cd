package org.commsched.solver.linearcost;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.commsched.core.bounds.LowerBounds;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.testing.Seeds;
import org.commsched.instances.generate.Generators;
import org.commsched.solver.cpsat.CpSatTaskModel;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The one-port doubling and cut bounds of broadcast and gossip
 * (docs/models/linear-cost.md#doubling-and-cut-bounds) against the CP-SAT optimum on seeded tiny
 * instances the family-bound suites do not reach: random connected graphs (a spanning tree plus
 * extra links), complete graphs and hypercubes of 3 to 5 nodes (gossip 3 or 4), with the source
 * anywhere, 1 to 3 units (gossip 1), beta 0 to 2, tau 0 to 2 (not both 0), under F*, H*, F1, H1 and
 * one port as send-and-receive. Every lower bound is at most the optimum; DOUBLING is reported
 * exactly under one port, CUT always, FEED at least under one port (every node then receives one
 * packet at a time).
 */
class SpreadBoundsExactProperties {
  static Instance instance(long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    boolean gossip = r.nextInt(3) == 0;
    int shape = r.nextInt(4);
    int p = 3 + r.nextInt(gossip ? 2 : 3);
    Topology t =
        switch (shape) {
          case 0, 1 -> Generators.network("random", p, r);
          case 2 -> new Topology.Complete(p);
          default -> new Topology.Hypercube(2);
        };
    Network net = Network.of(t);
    RuleDraw d = RuleDraw.from(r, 3);
    Problem prob =
        gossip
            ? new Problem.Gossip(1)
            : new Problem.Broadcast(r.nextInt(net.nodes()), 1 + r.nextInt(3));
    return d.instance(prob.kind().wireName(), t, seed, prob, net);
  }

  @TestFactory
  Stream<DynamicTest> doublingCutAndFeedBounds_neverExceedTheOptimum() {
    return Seeds.seeds(Seeds.cases(10, 20))
        .mapToObj(
            seed -> {
              Instance inst = instance(seed);
              return DynamicTest.dynamicTest(
                  inst.name(),
                  () -> {
                    List<LowerBound> bounds = LowerBounds.all(inst);
                    boolean onePort =
                        ((CommModel.StoreAndForward) inst.model()).ports() == CommModel.Ports.ONE;
                    assertThat(bounds.stream().anyMatch(b -> b.kind().equals("DOUBLING")))
                        .as("DOUBLING reported")
                        .isEqualTo(onePort);
                    assertThat(bounds.stream().anyMatch(b -> b.kind().equals("CUT")))
                        .as("CUT reported")
                        .isTrue();
                    if (onePort) {
                      assertThat(bounds.stream().anyMatch(b -> b.kind().equals("FEED")))
                          .as("FEED reported")
                          .isTrue();
                    }
                    long optimum = LinearCostExactTest.optimum(inst, CpSatTaskModel.INSTANCE);
                    RuleDraw.assertNoneAbove(bounds, optimum);
                  });
            });
  }
}
