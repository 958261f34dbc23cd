package org.commsched.heuristics.bufferless.dsa;

import static org.assertj.core.api.Assertions.assertThat;
import static org.commsched.instances.testing.ScheduleAssertions.assertValid;

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
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.StopToken;
import org.commsched.core.testing.Seeds;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link IteratedStripRepair} on seeded ML-like traces: valid by the independent schedule checker,
 * never above its input (best fit's layout) nor above one round of {@link StripRepair} alone from
 * it with the same seed, never below the load; within its budget of moves (a work limit, no clock)
 * and the same layout for the same seed and budget.
 */
class IteratedStripRepairProperties {
  static LongStream seeds() {
    return Seeds.seeds();
  }

  /**
   * A quarter of the case count (50 at the deep count) for the properties whose every case runs a
   * repair to its patience: about a second of CPU each.
   */
  static LongStream repairSeeds() {
    return Seeds.seeds(Seeds.cases(4, 20));
  }

  /**
   * A small trace with the shapes of an ML training step on {@code points} time points: a few
   * weights alive throughout, activations made in the forward half and freed at the mirror time in
   * the backward half, and short temporaries; sizes log-uniform over 1 to 2^12.
   */
  static Instance mlLike(SplittableRandom r, int points, int buffers) {
    List<Message> ms = new ArrayList<>();
    int last = points - 1;
    for (int i = 0; i < buffers; i++) {
      long size = (1L << r.nextInt(13)) + r.nextInt(1 << 4);
      int kind = r.nextInt(10);
      int a;
      int z;
      if (kind == 0) {
        a = 0;
        z = last;
      } else if (kind < 4) {
        a = r.nextInt(Math.max(1, last / 2));
        z = Math.max(a + 1, last - a - r.nextInt(3));
      } else {
        a = r.nextInt(last);
        z = Math.min(last, a + 1 + r.nextInt(3));
      }
      ms.add(new Message("b" + i, a, z, size));
    }
    return new Instance(
        "ml-like",
        new Problem.Dsa(ms),
        new CommModel.Bufferless(CommModel.BufferlessPorts.ALL),
        Network.of(new Topology.Ula(points)));
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("repairSeeds")
  void iterated_isValid_neverAboveItsInputNorOneRound_withinItsBudget_andReproducible(long seed) {
    SplittableRandom r = new SplittableRandom(seed * 7919 + 5);
    Instance inst = mlLike(r, 20 + r.nextInt(60), 30 + r.nextInt(150));
    Buffers b = new Buffers(inst);
    long far = System.nanoTime() + 600_000_000_000L;
    long[] bf = BestFit.layout(b, b.load(), seed, far);
    long budget = 1 + r.nextInt(30_000);
    long[] stats = new long[3];
    long[] off =
        IteratedStripRepair.improve(
            b,
            new Packer(b.lo, b.hi, b.size, b.points),
            bf,
            b.load(),
            seed,
            far,
            new StopToken(),
            budget,
            stats);
    SolveResult res = b.result("iterated-strip-repair", off, b.bound());
    assertValid(seed, inst, res);
    assertThat(res.makespan())
        .as("seed %d", seed)
        .isLessThanOrEqualTo(b.height(bf))
        .isGreaterThanOrEqualTo(b.load());
    assertThat(stats[0]).as("moves within the budget, seed %d", seed).isLessThanOrEqualTo(budget);
    assertThat(stats[1]).isLessThanOrEqualTo(stats[0]);
    long[] one =
        StripRepair.improve(
            b,
            new Packer(b.lo, b.hi, b.size, b.points),
            bf,
            b.load(),
            seed,
            far,
            new StopToken(),
            budget,
            null);
    assertThat(res.makespan())
        .as("not above its first round, seed %d", seed)
        .isLessThanOrEqualTo(b.height(one));
    long[] again =
        IteratedStripRepair.improve(
            b,
            new Packer(b.lo, b.hi, b.size, b.points),
            bf,
            b.load(),
            seed,
            far,
            new StopToken(),
            budget,
            null);
    assertThat(again).as("seed %d", seed).isEqualTo(off);
  }

  /** A deadline already passed: the input back, unchanged. */
  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void iterated_pastItsDeadline_returnsItsInput(long seed) {
    SplittableRandom r = new SplittableRandom(seed * 104729 + 11);
    Instance inst = mlLike(r, 20 + r.nextInt(40), 20 + r.nextInt(80));
    Buffers b = new Buffers(inst);
    long[] bf = BestFit.layout(b, b.load(), seed, System.nanoTime() + 600_000_000_000L);
    long[] off =
        IteratedStripRepair.improve(
            b,
            new Packer(b.lo, b.hi, b.size, b.points),
            bf,
            b.load(),
            seed,
            System.nanoTime() - 1,
            new StopToken(),
            Long.MAX_VALUE,
            null);
    assertThat(off).as("seed %d", seed).isEqualTo(bf);
  }
}
