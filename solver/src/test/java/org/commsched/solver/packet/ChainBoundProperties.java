package org.commsched.solver.packet;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import org.commsched.core.bounds.LowerBounds;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.testing.Seeds;
import org.commsched.instances.testing.RandomInstances;
import org.junit.jupiter.api.Test;

/**
 * The CHAIN bound (docs/models/packet.md#lower-bounds) never exceeds the proven optimum (the
 * exhaustive search of {@link PacketBruteForce}: every packetization, every order on every port) on
 * seeded small trees rooted at a leaf, where the root's traffic runs through a chain of ports:
 * scatter and gather, one port and all ports, beta in {0, 1/2, 1, 3/2, 2, 3}, tau 1, 1/2 or 2, at
 * most 6 units. It is also not vacuous: on some of them it is strictly above every other bound. The
 * same for LAST-TWO (a resource's last two transfers, or its first two).
 */
class ChainBoundProperties {
  private static final String[] BETAS = {"0", "0.5", "1", "1.5", "2", "3"};
  private static final String[] TAUS = {"1", "1", "1", "0.5", "2"};

  /**
   * A tree of 3 to 5 nodes rooted at a leaf (its only neighbour relays everything), at most 6 units
   * in all.
   */
  static Instance rootedAtALeaf(long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    int n = 3 + r.nextInt(3);
    Topology.Tree t = RandomInstances.randomTree(r, n);
    Network net = Network.of(t);
    int root = 0;
    for (int v = 0; v < n; v++) {
      if (net.outDegree(v) == 1) {
        root = v;
        break;
      }
    }
    boolean scatter = r.nextBoolean();
    CommModel model =
        new CommModel.StoreAndForward(
            new BigDecimal(BETAS[r.nextInt(BETAS.length)]),
            new BigDecimal(TAUS[r.nextInt(TAUS.length)]),
            r.nextBoolean() ? CommModel.Ports.ONE : CommModel.Ports.ALL,
            CommModel.Duplex.FULL,
            CommModel.OnePortRule.SEND_AND_RECEIVE);
    long budget = 6;
    List<Message> ms = new ArrayList<>();
    for (int v = 0; v < n; v++) {
      if (v != root) {
        long len = Math.min(budget, 1 + r.nextInt(3));
        budget -= len;
        ms.add(scatter ? new Message("m" + v, root, v, len) : new Message("m" + v, v, root, len));
      }
    }
    Problem p = scatter ? new Problem.Scatter(root, ms) : new Problem.Gather(root, ms);
    return new Instance((scatter ? "scatter" : "gather") + seed, p, model, net);
  }

  @Test
  void theChainAndLastTwoBounds_neverExceedTheExhaustiveOptimum_andSometimesBeatEveryOtherBound() {
    AtomicInteger above = new AtomicInteger();
    AtomicInteger reported = new AtomicInteger();
    AtomicInteger twoAbove = new AtomicInteger();
    Seeds.seeds(Seeds.cases(4, 60))
        .forEach(
            seed -> {
              Instance inst = rootedAtALeaf(seed);
              List<LowerBound> all = LowerBounds.all(inst);
              long opt = PacketBruteForce.optimum(inst);
              LowerBound two =
                  all.stream().filter(b -> b.kind().equals("LAST-TWO")).findFirst().orElse(null);
              if (two != null) {
                assertThat(two.value()).as("seed %d: %s", seed, two).isLessThanOrEqualTo(opt);
                if (two.value()
                    > all.stream()
                        .filter(b -> !b.kind().equals("LAST-TWO"))
                        .mapToLong(LowerBound::value)
                        .max()
                        .orElse(0)) {
                  twoAbove.incrementAndGet();
                }
              }
              LowerBound chain =
                  all.stream().filter(b -> b.kind().equals("CHAIN")).findFirst().orElse(null);
              if (chain == null) {
                return;
              }
              reported.incrementAndGet();
              assertThat(chain.value()).as("seed %d: %s", seed, chain).isLessThanOrEqualTo(opt);
              long others =
                  all.stream()
                      .filter(b -> !b.kind().equals("CHAIN"))
                      .mapToLong(LowerBound::value)
                      .max()
                      .orElse(0);
              if (chain.value() > others) {
                above.incrementAndGet();
              }
            });
    assertThat(reported.get()).as("instances with a chain of two ports or more").isPositive();
    assertThat(above.get()).as("instances where CHAIN beats every other bound").isPositive();
    assertThat(twoAbove.get()).as("instances where LAST-TWO beats every other bound").isPositive();
  }
}
