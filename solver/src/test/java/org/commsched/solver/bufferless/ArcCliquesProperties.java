package org.commsched.solver.bufferless;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.stream.LongStream;
import org.commsched.core.testing.Seeds;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link ArcCliques#maximal}: exactly the distinct sets no other set strictly contains, by brute
 * force.
 */
class ArcCliquesProperties {

  static LongStream seeds() {
    return Seeds.seeds();
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void maximal_keepsExactlyTheSetsNoOtherContains(long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    int universe = 1 + r.nextInt(10);
    List<int[]> sets = new ArrayList<>();
    for (int s = r.nextInt(12); s >= 0; s--) {
      TreeSet<Integer> x = new TreeSet<>();
      for (int e = r.nextInt(universe + 1); e > 0; e--) {
        x.add(r.nextInt(universe));
      }
      sets.add(x.stream().mapToInt(Integer::intValue).toArray());
    }
    List<String> want = new ArrayList<>();
    for (int[] s : sets) {
      boolean dominated = s.length == 0;
      for (int[] o : sets) {
        if (o.length > s.length && containsAll(o, s)) {
          dominated = true;
        }
      }
      if (!dominated && !want.contains(Arrays.toString(s))) {
        want.add(Arrays.toString(s));
      }
    }
    List<String> got = ArcCliques.maximal(sets).stream().map(Arrays::toString).toList();
    assertThat(got)
        .as("seed %d, sets %s", seed, sets.stream().map(Arrays::toString).toList())
        .containsExactlyInAnyOrderElementsOf(want);
  }

  private static boolean containsAll(int[] big, int[] small) {
    for (int x : small) {
      if (Arrays.stream(big).noneMatch(y -> y == x)) {
        return false;
      }
    }
    return true;
  }

  @Test
  void contains_onSortedArrays() {
    assertThat(ArcCliques.contains(new int[] {1, 3, 5, 7}, new int[] {3, 7})).isTrue();
    assertThat(ArcCliques.contains(new int[] {1, 3, 5, 7}, new int[] {3, 4})).isFalse();
    assertThat(ArcCliques.contains(new int[] {1}, new int[] {})).isTrue();
    assertThat(ArcCliques.contains(new int[] {1}, new int[] {1, 2})).isFalse();
  }
}
