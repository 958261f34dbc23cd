package org.commsched.heuristics.bufferless.dsa;

import static org.assertj.core.api.Assertions.assertThat;
import static org.commsched.instances.testing.ScheduleAssertions.assertValid;

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
import org.commsched.instances.testing.RandomInstances;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link OverlapBreakout}: its layouts are valid (by the independent schedule checker), never above
 * the layout it starts from and never below the load; and on a hand-made instance it goes from a
 * poor start down to the optimum, the load.
 */
class OverlapBreakoutProperties {
  static LongStream seeds() {
    return Seeds.seeds();
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void breakout_isValid_neverAboveItsStart_neverBelowTheLoad(long seed) {
    SplittableRandom r = new SplittableRandom(seed * 7919 + 5);
    Instance inst = RandomInstances.dsa(r, 40, 60, 12);
    Buffers b = new Buffers(inst);
    // a poor start: every buffer stacked on the ones before it
    long[] start = new long[b.n];
    long top = 0;
    for (int i = 0; i < b.n; i++) {
      start[i] = top;
      top += b.size[i];
    }
    long[] stats = new long[3];
    long[] off =
        OverlapBreakout.improve(
            b, start, b.load(), seed, System.nanoTime() + 2_000_000_000L, new StopToken(), stats);
    SolveResult res = b.result("overlap-breakout", off, b.bound());
    assertValid(seed, inst, res);
    assertThat(res.makespan())
        .as("seed %d", seed)
        .isLessThanOrEqualTo(top)
        .isGreaterThanOrEqualTo(b.load());
  }

  /**
   * Four buffers on times 0..4: a = [0, 2) and b = [2, 4) of size 2, c = [0, 4) and d = [1, 3) of
   * size 1. Sections 1 and 2 hold 4 units (a, c, d and b, c, d), so no layout is lower than 4; c at
   * 0, d at 1, a and b at 2 has height 4 (by hand). The start (a 0, c 2, d 3, b 4) has height 6.
   */
  @Test
  void breakout_reachesTheLoad_fromAPoorStart() {
    List<Message> ms =
        List.of(
            new Message("a", 0, 2, 2),
            new Message("b", 2, 4, 2),
            new Message("c", 0, 4, 1),
            new Message("d", 1, 3, 1));
    Instance inst =
        new Instance(
            "hand",
            new Problem.Dsa(ms),
            new CommModel.Bufferless(CommModel.BufferlessPorts.ALL),
            Network.of(new Topology.Ula(5)));
    Buffers b = new Buffers(inst);
    long[] start = {0, 4, 2, 3};
    assertThat(b.height(start)).isEqualTo(6);
    assertValid(0, inst, b.result("start", start, b.bound()));
    long[] off =
        OverlapBreakout.improve(
            b, start, 4, 1, System.nanoTime() + 30_000_000_000L, new StopToken(), null);
    SolveResult res = b.result("overlap-breakout", off, b.bound());
    assertValid(1, inst, res);
    assertThat(res.makespan()).isEqualTo(4);
  }
}
