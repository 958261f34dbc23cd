package org.commsched.heuristics.bufferless.dsa;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.commsched.core.testing.Seeds;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link RangeMax}: every range maximum equals a plain scan of the range, on seeded arrays of every
 * length.
 */
class RangeMaxProperties {
  static LongStream seeds() {
    return Seeds.seeds();
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void max_equalsAScan(long seed) {
    SplittableRandom r = new SplittableRandom(seed * 31337 + 9);
    int m = 1 + r.nextInt(r.nextBoolean() ? 9 : 300);
    long[] v = new long[m + 1]; // one spare entry past m, never read
    for (int i = 0; i <= m; i++) {
      v[i] = r.nextLong(-1000, 1000);
    }
    v[m] = Long.MAX_VALUE;
    RangeMax t = RangeMax.of(v, m);
    for (int l = 0; l < m; l++) {
      long scan = Long.MIN_VALUE;
      for (int h = l + 1; h <= m; h++) {
        scan = Math.max(scan, v[h - 1]);
        assertThat(t.max(l, h)).as("seed %d range [%d, %d)", seed, l, h).isEqualTo(scan);
      }
    }
  }
}
