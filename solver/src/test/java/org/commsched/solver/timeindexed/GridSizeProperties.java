package org.commsched.solver.timeindexed;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.commsched.core.model.Instance;
import org.commsched.core.testing.Seeds;
import org.commsched.instances.testing.RandomInstances;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The refusal check of {@code time-indexed} decides from sizes ({@link BufferlessTimeIndexed#size}: the horizon and
 * the capacity rows' nonzeros counted from the routes and the {@code greedy} departures) instead of building the
 * grid: on seeded small chatting and scatter/gather instances of both port rules, the counts equal those of the grid
 * the formulation builds, so the check refuses exactly what it refused when it built the grid.
 */
class GridSizeProperties {
  static Stream<Long> seeds() {
    return Seeds.seeds(Seeds.cases(2, 20)).boxed();
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void theCountedHorizonAndNonzerosAreThoseOfTheBuiltGrid(long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    Instance inst = r.nextBoolean() ? RandomInstances.chatting(r, 7, 6, 4, true)
        : RandomInstances.scatterGather(r, 7, 4, r.nextBoolean(), RandomInstances.bufferless(r), true);

    assertThat(BufferlessTimeIndexed.size(inst)).containsExactly(BufferlessTimeIndexed.builtSize(inst));
  }
}
