package org.commsched.core.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link PairIndex} numbers pairs in the order first met, as a map from the pair to the next number
 * would.
 */
class PairIndexTest {

  @Test
  void numbersPairsInTheOrderFirstMet() {
    PairIndex ix = new PairIndex();
    assertThat(ix.add(7, 0)).isZero();
    assertThat(ix.add(0, 7)).isEqualTo(1);
    assertThat(ix.add(7, 0)).isZero();
    assertThat(ix.get(0, 7)).isEqualTo(1);
    assertThat(ix.get(7, 7)).isEqualTo(-1);
    assertThat(ix.size()).isEqualTo(2);
  }

  @Test
  void agreesWithAHashMapOverManyPairsAndGrowths() {
    agreesWithAHashMap(new PairIndex());
  }

  @Test
  void anIndexSizedForFewerOrMorePairsThanItGetsAgreesWithAHashMapToo() {
    agreesWithAHashMap(new PairIndex(1000));
    agreesWithAHashMap(new PairIndex(300_000));
  }

  private static void agreesWithAHashMap(PairIndex ix) {
    SplittableRandom r = new SplittableRandom(11);
    Map<List<Long>, Integer> expected = new HashMap<>();
    for (int i = 0; i < 200_000; i++) {
      long x = r.nextInt(3) == 0 ? r.nextLong() : r.nextInt(1000);
      long y = r.nextInt(3) == 0 ? -r.nextInt(50) : r.nextInt(300);
      int want = expected.computeIfAbsent(List.of(x, y), k -> expected.size());
      int got = ix.add(x, y);
      if (got
          != want) { // a plain comparison: 200,000 AssertJ assertions cost seconds of the everyday
        // build
        fail(
            "add(%d, %d) at step %d gave %d, a map from the pair to the next number gives %d",
            x, y, i, got, want);
      }
    }
    assertThat(ix.size()).isEqualTo(expected.size());
    expected.forEach(
        (k, v) -> {
          int got = ix.get(k.get(0), k.get(1));
          if (got != v) {
            fail("get(%d, %d) gave %d, not %d", k.get(0), k.get(1), got, v);
          }
        });
  }
}
