package org.commsched.heuristics.bufferless.dsa;

import static org.assertj.core.api.Assertions.assertThat;
import static org.commsched.instances.testing.ScheduleAssertions.assertValid;

import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.commsched.core.model.Instance;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.StopToken;
import org.commsched.core.testing.Seeds;
import org.commsched.instances.generate.PerfectPackings;
import org.commsched.instances.testing.RandomInstances;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link SqueakyWheel} and {@link BestFit} with it: layouts valid (by the independent schedule
 * checker), never above the first pass (first fit in decreasing size order, the "Guarantee" of
 * {@link BestFit}) nor below the load, the same for the same seed; and on a perfect packing
 * (docs/models/bufferless-chatting.md#virtual-schedules-and-dsa), whose optimum is its load by
 * construction, the squeaky-wheel passes reach the load where the first pass does not.
 */
class SqueakyWheelProperties {
  private static final long MINUTE = 60_000_000_000L;

  static LongStream seeds() {
    return Seeds.seeds();
  }

  /**
   * The first pass of {@link BestFit}: first fit in first-fit's order (size decreasing, then id).
   */
  static long[] firstPass(Buffers b) {
    int[] order = BestFit.orders(b).get(0);
    Packer p = new Packer(b.lo, b.hi, b.size, b.points);
    for (int i : order) {
      p.place(i, p.fit(i, false));
    }
    return p.off.clone();
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void bestFit_isValid_neverAboveTheFirstPass_andReproducible(long seed) {
    SplittableRandom r = new SplittableRandom(seed * 7919 + 11);
    Instance inst =
        Math.floorMod(seed, 2) == 0
            ? RandomInstances.dsa(r, 40, 90, 30)
            : PerfectPackings.of("perfect", 20 + r.nextInt(60), 8, 50, seed);
    Buffers b = new Buffers(inst);
    long first = b.height(firstPass(b));
    SolveResult res =
        new BestFit().solve(inst, new SolveLimits(java.time.Duration.ofSeconds(60), 1, seed));
    assertValid(seed, inst, res);
    assertThat(res.makespan())
        .as("seed %d", seed)
        .isLessThanOrEqualTo(first)
        .isGreaterThanOrEqualTo(b.load());
    SolveResult again =
        new BestFit().solve(inst, new SolveLimits(java.time.Duration.ofSeconds(60), 1, seed));
    assertThat(again.schedule()).as("seed %d", seed).isEqualTo(res.schedule());
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void wheel_isValid_andNeverAboveItsStart(long seed) {
    SplittableRandom r = new SplittableRandom(seed * 104729 + 5);
    Instance inst = PerfectPackings.of("perfect", 20 + r.nextInt(80), 10, 60, seed);
    Buffers b = new Buffers(inst);
    long[] start = firstPass(b);
    int[] made = new int[1];
    long[] off =
        SqueakyWheel.improve(
            b,
            new Packer(b.lo, b.hi, b.size, b.points),
            start,
            BestFit.orders(b).get(0),
            b.load(),
            seed,
            System.nanoTime() + MINUTE,
            new StopToken(),
            200,
            made);
    SolveResult res = b.result("squeaky-wheel", off, b.bound());
    assertValid(seed, inst, res);
    assertThat(res.makespan())
        .as("seed %d", seed)
        .isLessThanOrEqualTo(b.height(start))
        .isGreaterThanOrEqualTo(1L << 10);
    assertThat(made[0]).isBetween(0, 200);
  }

  /**
   * A perfect packing of 60 buffers, capacity 2^10, horizon 40 (generator seed 8): its optimum is
   * its load, 1024, by construction (the guillotine cuts are a layout of that height and every time
   * is covered by the capacity); the first pass ends above it and the squeaky-wheel passes from
   * that pass reach it.
   */
  @Test
  void wheel_reachesTheLoadOfAPerfectPacking_whereTheFirstPassDoesNot() {
    Instance inst = PerfectPackings.of("perfect", PERFECT_N, 10, 40, PERFECT_SEED);
    Buffers b = new Buffers(inst);
    assertThat(b.load()).isEqualTo(1024);
    long[] start = firstPass(b);
    assertThat(b.height(start)).isGreaterThan(1024);
    long[] off =
        SqueakyWheel.improve(
            b,
            new Packer(b.lo, b.hi, b.size, b.points),
            start,
            BestFit.orders(b).get(0),
            1024,
            1,
            System.nanoTime() + MINUTE,
            new StopToken(),
            BestFit.WHEEL_PASSES,
            null);
    SolveResult res = b.result("squeaky-wheel", off, b.bound());
    assertValid(1, inst, res);
    assertThat(res.makespan()).isEqualTo(1024);
  }

  static final int PERFECT_N = 60;
  static final long PERFECT_SEED = 8;
}
