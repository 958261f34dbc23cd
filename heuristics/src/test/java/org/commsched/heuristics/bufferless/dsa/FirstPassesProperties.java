package org.commsched.heuristics.bufferless.dsa;

import static org.assertj.core.api.Assertions.assertThat;
import static org.commsched.instances.testing.ScheduleAssertions.assertValid;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.StopToken;
import org.commsched.core.testing.Seeds;
import org.commsched.instances.testing.RandomInstances;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The default dsa method never loses to its parts (issue 27, item 1): whatever share of the time a
 * caller gives {@link BestFit}'s improvement, its layout is no higher than the lowest of its first
 * passes (first fit and best fit in each of its orders: size, lifespan, area, start, size class;
 * the contention orders above {@value BestFit#LARGE} buffers), and {@code dsa-search} on more than
 * {@value DsaSearch#SEARCH_LIMIT} buffers (no exact search; the heuristics get a quarter of the
 * limit) is no higher either. The passes of the reference are computed here pass by pass: on small
 * instances with {@link PackerProperties#naive} (every candidate offset tested against every placed
 * buffer), on the larger ones with {@link Packer}'s fits, which {@link PackerProperties} holds
 * equal to that reference.
 */
class FirstPassesProperties {
  private static final long MINUTE = 60_000_000_000L;

  static LongStream seeds() {
    return Seeds.seeds();
  }

  static LongStream fewSeeds() {
    return Seeds.seeds(Seeds.cases(50, 4));
  }

  /**
   * The lowest height of first fit and best fit in each order of {@link BestFit#orders}, placed by
   * {@code fit}.
   */
  private static long lowestPass(Buffers b, boolean naive) {
    long lowest = Long.MAX_VALUE;
    for (int[] order : BestFit.orders(b)) {
      for (boolean best : new boolean[] {false, true}) {
        Packer p = new Packer(b.lo, b.hi, b.size, b.points);
        for (int i : order) {
          p.place(i, naive ? PackerProperties.naive(p, i, best) : p.fit(i, best));
        }
        lowest = Math.min(lowest, b.height(p.off));
      }
    }
    return lowest;
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void bestFitsLayout_withItsImprovementTimeAlreadySpent_isNoHigherThanItsLowestFirstPass(
      long seed) {
    SplittableRandom r = new SplittableRandom(seed * 15485863L + 3);
    Instance inst = RandomInstances.dsa(r, 40, 160, 1 + r.nextInt(1000));
    Buffers b = new Buffers(inst);
    int[] passes = new int[2];
    // the caller's deadline (for the improvement) has passed; the run's own limit is a minute away
    long[] off =
        BestFit.layout(
            b,
            b.load(),
            seed,
            System.nanoTime() - 1,
            System.nanoTime() + MINUTE,
            new StopToken(),
            passes);
    SolveResult res = b.result("best-fit", off, b.bound());
    assertValid(seed, inst, res);
    assertThat(passes[1]).as("seed %d: the first pass ended", seed).isEqualTo(b.n);
    assertThat(res.makespan())
        .as("seed %d", seed)
        .isLessThanOrEqualTo(lowestPass(b, true))
        .isGreaterThanOrEqualTo(b.load());
  }

  /**
   * An ML-like trace of 2,001 to 2,400 buffers: a tenth long-lived (weights, alive over most of the
   * horizon), the rest short (activations); sizes log-uniform over six orders of magnitude, 1 to
   * 10^6.
   */
  static Instance mlTrace(SplittableRandom r) {
    int n = DsaSearch.SEARCH_LIMIT + 1 + r.nextInt(400);
    int horizon = 4000;
    List<Message> ms = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      boolean weight = r.nextInt(10) == 0;
      int a = weight ? r.nextInt(horizon / 10) : r.nextInt(horizon - 1);
      int e = weight ? horizon - r.nextInt(horizon / 10) : Math.min(horizon, a + 1 + r.nextInt(60));
      long size = Math.max(1, (long) Math.exp(r.nextDouble() * Math.log(1e6)));
      ms.add(new Message("t" + i, a, e, size));
    }
    return new Instance(
        "ml",
        new Problem.Dsa(ms),
        new CommModel.Bufferless(CommModel.BufferlessPorts.ALL),
        Network.of(new Topology.Ula(horizon + 1)));
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("fewSeeds")
  void dsaSearch_aboveItsSearchLimit_isNoHigherThanTheLowestFirstPass(long seed) {
    Instance inst = mlTrace(new SplittableRandom(seed * 32452843L + 7));
    Buffers b = new Buffers(inst);
    SolveResult res = new DsaSearch().solve(inst, new SolveLimits(Duration.ofSeconds(4), 1, seed));
    assertValid(seed, inst, res);
    assertThat(res.makespan())
        .as("seed %d", seed)
        .isLessThanOrEqualTo(lowestPass(b, false))
        .isGreaterThanOrEqualTo(b.load());
  }
}
