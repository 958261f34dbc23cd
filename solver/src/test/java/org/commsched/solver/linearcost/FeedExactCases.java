package org.commsched.solver.linearcost;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.LongFunction;
import java.util.function.Predicate;
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

/**
 * The scaffolding the FEED-family exact-property suites share ({@link MultiFeedExactProperties},
 * {@link MultiFeedRelayExactProperties}, {@link ArcFeedExactProperties}, {@link
 * ArcFeedGossipExactProperties}): the tiny seeded networks, the draw of model and problem on them,
 * the CP-SAT optimum (proven, its schedule checked) and the assertion that every lower bound is at
 * most it. Each suite keeps its own filter, seed range and case count.
 */
final class FeedExactCases {
  private FeedExactCases() {}

  /**
   * A cycle of 4 or 5 nodes, with the chord 0-2 or a node joined to two cycle nodes two apart, or
   * neither; then {@link #spread}'s model and problem (MULTI-FEED's generator).
   */
  static Instance cycleWithChordOrEar(long seed) {
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
    return spread(r, p, links, seed);
  }

  /**
   * The 2 x 3 mesh or a cycle of 5 or 6 nodes, with a pendant node, or (a cycle) the chord 0-2, or
   * neither; then {@link #spread}'s model and problem (the relay stage's and ARC-FEED's generator).
   */
  static Instance meshOrCycle(long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    List<Topology.Pair> links = new ArrayList<>();
    int p;
    int shape = r.nextInt(2);
    if (shape == 0) {
      p = 6;
      links.addAll(mesh2x3());
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
    return spread(r, p, links, seed);
  }

  /** The 2 x 3 mesh: nodes 0 1 2 over 3 4 5. */
  static List<Topology.Pair> mesh2x3() {
    List<Topology.Pair> links = new ArrayList<>();
    int[][] e = {{0, 1}, {1, 2}, {3, 4}, {4, 5}, {0, 3}, {1, 4}, {2, 5}};
    for (int[] x : e) {
      links.add(new Topology.Pair(x[0], x[1]));
    }
    return links;
  }

  /**
   * Draws, in this order, half or full duplex (all ports), beta 0 to 5, tau 0 to 2 (1 or 2 when
   * beta is 0), and a gossip of one unit (one time in three) or a broadcast of 1 to 4 units from
   * any node, on the explicit network of {@code p} nodes and {@code links}.
   */
  static Instance spread(SplittableRandom r, int p, List<Topology.Pair> links, long seed) {
    boolean half = r.nextBoolean();
    int beta = r.nextInt(6);
    int tau = beta == 0 ? 1 + r.nextInt(2) : r.nextInt(3);
    boolean gossip = r.nextInt(3) == 0;
    Problem prob =
        gossip ? new Problem.Gossip(1) : new Problem.Broadcast(r.nextInt(p), 1 + r.nextInt(4));
    return instance(p, links, half, beta, tau, prob, "seed " + seed);
  }

  /** The instance, named by its problem, links, model and {@code tag}. */
  static Instance instance(
      int p, List<Topology.Pair> links, boolean half, int beta, int tau, Problem prob, String tag) {
    Network net = Network.of(new Topology.Explicit(p, links, true));
    CommModel.StoreAndForward m =
        new CommModel.StoreAndForward(
            new BigDecimal(beta),
            new BigDecimal(tau),
            CommModel.Ports.ALL,
            half ? CommModel.Duplex.HALF : CommModel.Duplex.FULL,
            null);
    return new Instance(
        prob.kind().wireName()
            + " "
            + links
            + (half ? " H*" : " F*")
            + " beta="
            + beta
            + " tau="
            + tau
            + " "
            + tag,
        prob,
        m,
        net);
  }

  /**
   * True when {@link LowerBounds#all} reports a bound of this kind whose witness has {@code in}.
   */
  static boolean reports(Instance inst, String kind, String in) {
    return LowerBounds.all(inst).stream()
        .anyMatch(b -> b.kind().equals(kind) && b.witness().contains(in));
  }

  /** The CP-SAT optimum (proven, its schedule checked: {@link LinearCostExactTest#optimum}). */
  static long optimum(Instance inst) {
    return LinearCostExactTest.optimum(inst, CpSatTaskModel.INSTANCE);
  }

  /** Every lower bound of the instance at most {@code optimum}. */
  static void assertBoundsAtMost(Instance inst, long optimum) {
    for (LowerBound b : LowerBounds.all(inst)) {
      assertThat(b.value()).as("bound " + b).isLessThanOrEqualTo(optimum);
    }
  }

  /**
   * One test per instance of the first {@code tried} seeds from the base whose instance passes
   * {@code filter}, at most {@code cases}: every lower bound at most the CP-SAT optimum.
   */
  static Stream<DynamicTest> boundsAtMostOptimum(
      LongFunction<Instance> generator, int tried, Predicate<Instance> filter, int cases) {
    return Seeds.seeds(tried)
        .mapToObj(generator)
        .filter(filter)
        .limit(cases)
        .map(
            inst ->
                DynamicTest.dynamicTest(
                    inst.name(), () -> assertBoundsAtMost(inst, optimum(inst))));
  }

  /** How many of the generator's seeds 0 .. {@code seeds - 1} pass {@code filter}. */
  static long count(LongFunction<Instance> generator, int seeds, Predicate<Instance> filter) {
    return LongStream.range(0, seeds).mapToObj(generator).filter(filter).count();
  }
}
