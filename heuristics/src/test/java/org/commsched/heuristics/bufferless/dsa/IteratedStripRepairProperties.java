package org.commsched.heuristics.bufferless.dsa;

import static org.assertj.core.api.Assertions.assertThat;
import static org.commsched.instances.testing.ScheduleAssertions.assertValid;

import java.util.SplittableRandom;
import org.commsched.core.model.Instance;
import org.commsched.core.solve.SolveResult;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link IteratedStripRepair} on seeded ML-like traces: valid by the independent schedule checker,
 * never above its input (best fit's layout) nor above one round of {@link StripRepair} alone from
 * it with the same seed, never below the load; within its budget of moves (a work limit, no clock)
 * and the same layout for the same seed and budget.
 */
class IteratedStripRepairProperties {
  @ParameterizedTest(name = "seed {0}")
  @MethodSource("org.commsched.heuristics.bufferless.dsa.StripRepairRuns#repairSeeds")
  void iterated_isValid_neverAboveItsInputNorOneRound_withinItsBudget_andReproducible(long seed) {
    SplittableRandom r = new SplittableRandom(seed * 7919 + 5);
    Instance inst = StripRepairRuns.mlLike(r, 20 + r.nextInt(60), 30 + r.nextInt(150));
    Buffers b = new Buffers(inst);
    long far = System.nanoTime() + StripRepairRuns.FAR_NANOS;
    long[] bf = BestFit.layout(b, b.load(), seed, far);
    long budget = 1 + r.nextInt(30_000);
    long[] stats = new long[3];
    long[] off = StripRepairRuns.iterated(b, bf, seed, far, budget, stats);
    SolveResult res = b.result("iterated-strip-repair", off, b.bound());
    assertValid(seed, inst, res);
    assertThat(res.makespan())
        .as("seed %d", seed)
        .isLessThanOrEqualTo(b.height(bf))
        .isGreaterThanOrEqualTo(b.load());
    assertThat(stats[0]).as("moves within the budget, seed %d", seed).isLessThanOrEqualTo(budget);
    assertThat(stats[1]).isLessThanOrEqualTo(stats[0]);
    long[] one = StripRepairRuns.strip(b, bf, seed, far, budget, null);
    assertThat(res.makespan())
        .as("not above its first round, seed %d", seed)
        .isLessThanOrEqualTo(b.height(one));
    long[] again = StripRepairRuns.iterated(b, bf, seed, far, budget, null);
    assertThat(again).as("seed %d", seed).isEqualTo(off);
  }

  /** A deadline already passed: the input back, unchanged. */
  @ParameterizedTest(name = "seed {0}")
  @MethodSource("org.commsched.heuristics.bufferless.dsa.StripRepairRuns#seeds")
  void iterated_pastItsDeadline_returnsItsInput(long seed) {
    SplittableRandom r = new SplittableRandom(seed * 104729 + 11);
    Instance inst = StripRepairRuns.mlLike(r, 20 + r.nextInt(40), 20 + r.nextInt(80));
    Buffers b = new Buffers(inst);
    long[] bf = BestFit.layout(b, b.load(), seed, System.nanoTime() + StripRepairRuns.FAR_NANOS);
    long[] off = StripRepairRuns.iterated(b, bf, seed, System.nanoTime() - 1, Long.MAX_VALUE, null);
    assertThat(off).as("seed %d", seed).isEqualTo(bf);
  }
}
