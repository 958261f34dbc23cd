package org.commsched.heuristics.bufferless.dsa;

import static org.assertj.core.api.Assertions.assertThat;
import static org.commsched.instances.testing.ScheduleAssertions.assertValid;

import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.commsched.core.model.Instance;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.StopToken;
import org.commsched.core.testing.Seeds;
import org.commsched.instances.testing.RandomInstances;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link PeakRepack}: its layouts are valid (by the independent schedule checker), never above the
 * layout it starts from, never below the load, and the same for the same seed.
 */
class PeakRepackProperties {
  static LongStream seeds() {
    return Seeds.seeds();
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void repack_isValid_neverAboveItsStart_andReproducible(long seed) {
    SplittableRandom r = new SplittableRandom(seed * 4421 + 3);
    Instance inst = RandomInstances.dsa(r, 60, 120, 40);
    Buffers b = new Buffers(inst);
    long[] start = StripRepairRuns.stacked(b);
    long top = b.height(start);
    long deadline = System.nanoTime() + 60_000_000_000L;
    long[] moves = new long[2];
    long[] off =
        PeakRepack.improve(
            b, StripRepairRuns.packer(b), start, b.load(), seed, deadline, new StopToken(), moves);
    SolveResult res = b.result("peak-repack", off, b.bound());
    assertValid(seed, inst, res);
    assertThat(res.makespan())
        .as("seed %d", seed)
        .isLessThanOrEqualTo(top)
        .isGreaterThanOrEqualTo(b.load());
    assertThat(moves[1]).isLessThanOrEqualTo(moves[0]);
    long[] again =
        PeakRepack.improve(
            b, StripRepairRuns.packer(b), start, b.load(), seed, deadline, new StopToken(), null);
    assertThat(again).as("seed %d", seed).isEqualTo(off);
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void repack_fromBestFit_neverRaisesIt(long seed) {
    SplittableRandom r = new SplittableRandom(seed * 6007 + 1);
    Instance inst = RandomInstances.dsa(r, 40, 80, 30);
    Buffers b = new Buffers(inst);
    long deadline = System.nanoTime() + 60_000_000_000L;
    long[] bf = BestFit.layout(b, b.load(), seed, deadline);
    long[] off =
        PeakRepack.improve(
            b, StripRepairRuns.packer(b), bf, b.load(), seed, deadline, new StopToken(), null);
    SolveResult res = b.result("peak-repack", off, b.bound());
    assertValid(seed, inst, res);
    assertThat(res.makespan()).as("seed %d", seed).isLessThanOrEqualTo(b.height(bf));
  }
}
