package org.commsched.core.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.commsched.core.testing.Seeds;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link UnitArrivals} (runs of units) answers as the definition does with one entry per unit: the
 * earliest arrival of each unit is the minimum over the packets that carry it; a unit is late at t
 * if it arrives after t or never. Seeded packets over messages of up to 40 units, queries over
 * every range. Cases: {@code -Dcommsched.cases=N} (default 200).
 */
class UnitArrivalsProperties {
  static Stream<Long> seeds() {
    return Seeds.seeds().boxed();
  }

  @ParameterizedTest
  @MethodSource("seeds")
  void runsAnswerAsOneEntryPerUnit(long seed) {
    SplittableRandom rnd = new SplittableRandom(seed);
    int length = 1 + rnd.nextInt(40);
    long[] at = new long[length];
    Arrays.fill(at, Long.MAX_VALUE);
    UnitArrivals runs = new UnitArrivals();
    for (int p = 0, packets = rnd.nextInt(12); p < packets; p++) {
      int lo = rnd.nextInt(length);
      int hi = lo + 1 + rnd.nextInt(length - lo);
      long end = rnd.nextInt(30);
      runs.add(lo, hi, end);
      for (int u = lo; u < hi; u++) {
        at[u] = Math.min(at[u], end);
      }
    }
    for (int q = 0; q < 30; q++) {
      int lo = rnd.nextInt(length);
      int hi = lo + 1 + rnd.nextInt(length - lo);
      long t = rnd.nextInt(32) - 1;
      assertThat(runs.lateAt(lo, hi, t))
          .as("seed %d: units [%d, %d) at %d", seed, lo, hi, t)
          .isEqualTo(definition(at, lo, hi, t));
    }
    assertThat(UnitArrivals.missing(runs, length))
        .as("seed %d: missing", seed)
        .isEqualTo(definition(at, 0, length, Long.MAX_VALUE - 1));
  }

  /**
   * Reads between the adds (a node's arrivals are read as soon as its first packet is in, then more
   * come): each read answers for the packets added so far, as the definition does. One packet is
   * read without folding, so its array must not see the next add.
   */
  @ParameterizedTest
  @MethodSource("seeds")
  void readsBetweenAddsAnswerForThePacketsSoFar(long seed) {
    SplittableRandom rnd = new SplittableRandom(seed);
    int length = 1 + rnd.nextInt(20);
    long[] at = new long[length];
    Arrays.fill(at, Long.MAX_VALUE);
    UnitArrivals runs = new UnitArrivals();
    for (int p = 0, packets = 1 + rnd.nextInt(6); p < packets; p++) {
      int lo = rnd.nextInt(length);
      int hi = lo + 1 + rnd.nextInt(length - lo);
      long end = rnd.nextInt(30);
      runs.add(lo, hi, end);
      for (int u = lo; u < hi; u++) {
        at[u] = Math.min(at[u], end);
      }
      for (int q = 0; q < 5; q++) {
        int a = rnd.nextInt(length);
        int b = a + 1 + rnd.nextInt(length - a);
        long t = rnd.nextInt(32) - 1;
        assertThat(runs.lateAt(a, b, t))
            .as("seed %d, after %d packets: units [%d, %d) at %d", seed, p + 1, a, b, t)
            .isEqualTo(definition(at, a, b, t));
      }
      assertThat(UnitArrivals.missing(runs, length))
          .as("seed %d, after %d packets: missing", seed, p + 1)
          .isEqualTo(definition(at, 0, length, Long.MAX_VALUE - 1));
    }
  }

  /** Late units read unit by unit. */
  private static UnitArrivals.Late definition(long[] at, int lo, int hi, long t) {
    long count = 0;
    long first = -1;
    for (int u = lo; u < hi; u++) {
      if (at[u] > t) {
        count++;
        first = first < 0 ? u : first;
      }
    }
    return count == 0 ? null : new UnitArrivals.Late(count, first, at[(int) first]);
  }

  @Test
  void aMessageOfATrillionUnitsCostsItsPackets() {
    UnitArrivals runs = new UnitArrivals();
    long n = 1_000_000_000_000L;
    runs.add(0, n / 2, 7);
    runs.add(n / 4, n, 9);
    assertThat(runs.lateAt(0, n, 8)).isEqualTo(new UnitArrivals.Late(n / 2, n / 2, 9));
    assertThat(UnitArrivals.missing(runs, n + 3))
        .isEqualTo(new UnitArrivals.Late(3, n, Long.MAX_VALUE));
    assertThat(UnitArrivals.missing(null, 5))
        .isEqualTo(new UnitArrivals.Late(5, 0, Long.MAX_VALUE));
  }
}
