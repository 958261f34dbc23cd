package org.commsched.heuristics.baseline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.commsched.instances.testing.ScheduleAssertions.assertValid;

import java.util.SplittableRandom;
import java.util.function.Predicate;
import java.util.stream.LongStream;
import org.commsched.core.model.Instance;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.testing.Seeds;
import org.commsched.instances.testing.RandomInstances;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class GreedyStoreAndForwardProperties {
  /** The linear-cost instances greedy store-and-forward takes (floods that reach every node). */
  private static final Predicate<Instance> USABLE =
      inst -> new GreedyStoreAndForward().whyNot(inst) == null;

  private final GreedyStoreAndForward saf = new GreedyStoreAndForward();

  static LongStream seeds() {
    return Seeds.seeds();
  }

  private static void assertValidAndStable(GreedyStoreAndForward saf, Instance inst, long seed) {
    SolveResult a = saf.solve(inst, SolveLimits.defaults());
    assertValid("seed " + seed + ", model " + inst.model(), inst, a);
    assertThat(saf.solve(inst, SolveLimits.defaults()).schedule()).isEqualTo(a.schedule());
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void scatterGather_validUnderEveryPortAndDuplexRule(long seed) {
    SplittableRandom r = new SplittableRandom(seed * 977 + 1);
    Instance inst =
        RandomInstances.scatterGather(
            r, 10, 6, r.nextBoolean(), RandomInstances.storeAndForward(r), r.nextBoolean());
    assertValidAndStable(saf, inst, seed);
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void sendBroadcastGossip_validUnderEveryPortAndDuplexRule(long seed) {
    SplittableRandom r = new SplittableRandom(seed * 421 + 9);
    Instance inst = RandomInstances.linearCost(r, 7, 9, (int) (seed % 3), USABLE);
    assertValidAndStable(saf, inst, seed);
  }
}
