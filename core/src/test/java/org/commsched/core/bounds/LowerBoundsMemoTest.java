package org.commsched.core.bounds;

import static org.assertj.core.api.Assertions.assertThat;

import org.commsched.core.model.Instance;
import org.commsched.core.testing.Seeds;
import org.junit.jupiter.api.Test;

/**
 * The memo of {@link LowerBounds#all(Instance)} (the last instance's bounds, kept because one solve asks for them
 * twice) and {@link LowerBounds#prefetch}: on seeded random instances of every family the answers equal a fresh
 * computation, whether prefetched, asked for once or again, and a new instance never gets the previous one's bounds.
 */
class LowerBoundsMemoTest {

  @Test
  void memoAndPrefetchGiveTheFreshBoundsOfEachInstance() {
    Instance previous = null;
    for (long seed : Seeds.seeds(Seeds.cases(4, 30)).toArray()) {
      Instance inst = FastBoundsProperties.draw(seed);
      var fresh = LowerBounds.all(inst, BufferlessBounds.Limits.DEFAULT);
      if (seed % 2 == 0) {
        LowerBounds.prefetch(inst);
      }
      assertThat(LowerBounds.all(inst)).as("seed %d", seed).isEqualTo(fresh);
      assertThat(LowerBounds.all(inst)).as("seed %d, again", seed).isEqualTo(fresh);
      assertThat(LowerBounds.best(inst)).isEqualTo(fresh.isEmpty() ? org.commsched.core.solve.LowerBound.zero()
          : fresh.get(0));
      if (previous != null) {
        // back to the previous instance: its own bounds, not the memo's
        assertThat(LowerBounds.all(previous)).isEqualTo(LowerBounds.all(previous, BufferlessBounds.Limits.DEFAULT));
      }
      previous = inst;
    }
  }
}
