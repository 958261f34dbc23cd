package org.commsched.core.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.commsched.core.testing.Seeds;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link UlaSweep.RankSet} answers like a {@link TreeSet}: after every add and remove, {@code
 * below(r)} is the largest member smaller than r and {@code above(r)} the smallest larger one.
 * Sizes 1 to 300,000 so that one, two and three levels of the bit tree are used; dense and sparse
 * fillings. Cases: {@code -Dcommsched.cases=N} (default 200).
 */
class RankSetProperties {
  static Stream<Long> seeds() {
    return Seeds.seeds().boxed();
  }

  @ParameterizedTest
  @MethodSource("seeds")
  void answersLikeATreeSet(long seed) {
    SplittableRandom rnd = new SplittableRandom(seed);
    int[] sizes = {1 + rnd.nextInt(64), 65 + rnd.nextInt(4096), 4097 + rnd.nextInt(300_000)};
    int n = sizes[rnd.nextInt(3)];
    UlaSweep.RankSet set = new UlaSweep.RankSet(n);
    TreeSet<Integer> ref = new TreeSet<>();
    int ops = 2000;
    int spread =
        rnd.nextBoolean() ? n : Math.min(n, 200); // sparse over all ranks, or dense in a corner
    int base = rnd.nextInt(n - spread + 1);
    for (int op = 0; op < ops; op++) {
      int r = base + rnd.nextInt(spread);
      if (ref.contains(r)) {
        set.remove(r);
        ref.remove(r);
      } else {
        set.add(r);
        ref.add(r);
      }
      int q = rnd.nextInt(n);
      Integer lower = ref.lower(q);
      Integer higher = ref.higher(q);
      assertThat(set.below(q))
          .as("seed %d, n %d, below %d", seed, n, q)
          .isEqualTo(lower == null ? -1 : lower);
      assertThat(set.above(q))
          .as("seed %d, n %d, above %d", seed, n, q)
          .isEqualTo(higher == null ? -1 : higher);
    }
  }
}
