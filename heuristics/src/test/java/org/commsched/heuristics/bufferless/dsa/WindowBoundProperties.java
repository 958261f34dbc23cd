package org.commsched.heuristics.bufferless.dsa;

import static org.assertj.core.api.Assertions.assertThat;

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
import org.commsched.core.solve.LowerBound;
import org.commsched.core.solve.StopToken;
import org.commsched.core.testing.Seeds;
import org.commsched.instances.testing.RandomInstances;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The lower bound {@value WindowBound#KIND} ({@link WindowBound}) against the exhaustive optimum of
 * tiny instances: never above it, and, with time to search the whole instance to the end, equal to
 * it whenever the optimum is above the load; and on an instance whose excess over the load lies in
 * one stretch of time, found on the buffers of that stretch alone, with the window as its witness.
 */
class WindowBoundProperties {
  /** Far beyond what a tiny instance needs: the whole instance is always searched to the end. */
  private static final Duration FAR = Duration.ofMinutes(10);

  static LongStream seeds() {
    return Seeds.seeds(Seeds.cases(4, 20));
  }

  private static LowerBound window(Instance inst, long known) {
    return WindowBound.of(inst, known, System.nanoTime() + FAR.toNanos(), new StopToken());
  }

  private static void meetsTheOptimum(long seed, Instance inst) {
    long opt = DsaSearchProperties.bruteForce(inst.messages());
    long load = new Buffers(inst).load();
    LowerBound w = window(inst, load);
    if (w == null) {
      assertThat(opt)
          .as("seed %d: no window above the load, so the load is the optimum", seed)
          .isEqualTo(load);
    } else {
      assertThat(w.kind()).isEqualTo(WindowBound.KIND);
      assertThat(w.value()).as("seed %d: load %d", seed, load).isGreaterThan(load).isEqualTo(opt);
    }
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void theBoundIsTheOptimumWhenAboveTheLoad_onRandomInstances(long seed) {
    meetsTheOptimum(seed, RandomInstances.dsa(new SplittableRandom(seed * 6_271 + 3), 8, 7, 6));
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void theBoundIsTheOptimumWhenAboveTheLoad_onShortLivedBuffers(long seed) {
    meetsTheOptimum(
        seed, CapacitySearchProperties.shortLived(new SplittableRandom(seed * 5_003 + 11)));
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void aBoundAlreadyKnownAboveTheOptimumIsNeverRaised(long seed) {
    Instance inst = RandomInstances.dsa(new SplittableRandom(seed * 977 + 5), 8, 7, 6);
    long opt = DsaSearchProperties.bruteForce(inst.messages());
    assertThat(window(inst, opt))
        .as("seed %d: no subset needs more than the optimum", seed)
        .isNull();
  }

  /**
   * The catalogue's dsa-small (load 7, optimum 8) between times 0 and 6, then a stretch from time 6
   * to 12 whose buffers pack to its load of 7: the bound 8 comes from a window of the first
   * stretch, so its witness names fewer buffers than the instance has and a window ending by time
   * 6.
   */
  @Test
  void anExcessInOneStretchIsProvenOnThatStretchsBuffersAlone() {
    List<Message> ms =
        new ArrayList<>(
            List.of(
                new Message("b0", 3, 5, 1),
                new Message("b1", 5, 6, 3),
                new Message("b2", 2, 4, 2),
                new Message("b3", 0, 1, 3),
                new Message("b4", 2, 5, 2),
                new Message("b5", 4, 6, 4),
                new Message("b6", 0, 3, 3)));
    for (int i = 0; i < 6; i++) {
      ms.add(new Message("c" + i, 6 + i, 7 + i, 7)); // one buffer of the load per section
    }
    Instance inst =
        new Instance(
            "dsa",
            new Problem.Dsa(ms),
            new CommModel.Bufferless(CommModel.BufferlessPorts.ALL),
            Network.of(new Topology.Ula(13)));
    // no buffer of the second stretch overlaps one of the first (lifespans are half-open): the
    // optimum is the larger
    assertThat(DsaSearchProperties.bruteForce(ms.subList(0, 7))).isEqualTo(8);
    assertThat(new Buffers(inst).load()).isEqualTo(7);
    LowerBound w = window(inst, 7);
    assertThat(w).isNotNull();
    assertThat(w.value()).isEqualTo(8);
    assertThat(w.witness())
        .matches("the [1-7] buffers alive in the window from time [0-5] to time [1-6] .*")
        .contains("no layout of height 7 or less");
  }

  @Test
  void noTimeLeftGivesNoBound() {
    Instance inst = RandomInstances.dsa(new SplittableRandom(1), 8, 7, 6);
    assertThat(WindowBound.of(inst, 0, System.nanoTime() - 1, new StopToken())).isNull();
  }
}
