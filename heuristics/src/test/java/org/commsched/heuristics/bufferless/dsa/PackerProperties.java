package org.commsched.heuristics.bufferless.dsa;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.commsched.core.testing.Seeds;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link Packer}: its gap search (overlap index in start order, counting sort by offset) gives the
 * offset a naive reference computes from the definition, on seeded random lifespans, sizes and
 * sequences of placements and removals; offsets beyond 2^42 and equal offsets included.
 */
class PackerProperties {
  static LongStream seeds() {
    return Seeds.seeds();
  }

  /**
   * The reference: the lowest x >= 0 (first fit) such that no placed buffer alive with i overlaps
   * [x, x + s), among 0 and the ends of those buffers; or the smallest gap between them that holds
   * s, lowest on ties (best fit); else the top of those buffers. Written from the definition, by
   * testing every candidate against every buffer.
   */
  static long naive(Packer p, int i, boolean best) {
    List<Integer> alive = new ArrayList<>();
    for (int j = 0; j < p.n; j++) {
      if (j != i && p.placed[j] && p.lo[j] < p.hi[i] && p.lo[i] < p.hi[j]) {
        alive.add(j);
      }
    }
    long s = p.size[i];
    long top = 0;
    List<Long> candidates = new ArrayList<>(List.of(0L));
    for (int j : alive) {
      candidates.add(p.off[j] + p.size[j]);
      top = Math.max(top, p.off[j] + p.size[j]);
    }
    long bestAt = -1;
    long bestLen = Long.MAX_VALUE;
    for (long x : candidates) {
      // the free gap starting at x: x must be free, and the gap runs up to the lowest buffer start
      // at or above x
      boolean free = true;
      long next = Long.MAX_VALUE;
      for (int j : alive) {
        long a = p.off[j];
        long e = a + p.size[j];
        if (a <= x && x < e) {
          free = false;
        }
        if (a >= x) {
          next = Math.min(next, a);
        }
      }
      if (!free || next == Long.MAX_VALUE || next - x < s) {
        continue; // not a bounded gap that holds s
      }
      long len = next - x;
      if (!best) {
        if (bestAt < 0 || x < bestAt) {
          bestAt = x;
        }
      } else if (len < bestLen || (len == bestLen && x < bestAt)) {
        bestLen = len;
        bestAt = x;
      }
    }
    return bestAt >= 0 ? bestAt : top;
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void fit_equalsTheNaiveReference(long seed) {
    fitsEqualTheNaiveReference(seed, Packer.RADIX_MIN);
  }

  /**
   * The same with the radix sort of the hits from a seeded count of 1 to 24 hits on (lowered from
   * {@link Packer#RADIX_MIN}, so that small instances reach it), offsets near 2^50 included.
   */
  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void fit_equalsTheNaiveReference_withTheRadixSortFromFewHits(long seed) {
    fitsEqualTheNaiveReference(seed, 1 + (int) Math.floorMod(seed * 31 + 7, 24L));
  }

  private static void fitsEqualTheNaiveReference(long seed, int radixMin) {
    SplittableRandom r = new SplittableRandom(seed * 7919 + 5);
    int n = 5 + r.nextInt(60);
    int points = 2 + r.nextInt(30);
    boolean huge = r.nextInt(4) == 0; // offsets near 2^50: the counting sort's buckets shift
    int[] lo = new int[n];
    int[] hi = new int[n];
    long[] size = new long[n];
    for (int i = 0; i < n; i++) {
      lo[i] = r.nextInt(points - 1);
      hi[i] = lo[i] + 1 + r.nextInt(points - 1 - lo[i]);
      size[i] =
          r.nextInt(3) == 0
              ? 4
              : 1 + r.nextInt(huge ? 1 << 20 : 9); // equal sizes make equal offsets
    }
    Packer p = new Packer(lo, hi, size, points);
    p.radixMin = radixMin;
    long base = huge ? 1L << 50 : 0;
    int checked = 0;
    for (int step = 0; step < 6 * n; step++) {
      int i = r.nextInt(n);
      if (p.placed[i] && r.nextInt(3) == 0) {
        p.remove(i);
        continue;
      }
      boolean best = r.nextBoolean();
      long expected = naive(p, i, best);
      assertThat(p.fit(i, best))
          .as("seed %d step %d buffer %d best %b", seed, step, i, best)
          .isEqualTo(expected);
      checked++;
      // place it there, or (sometimes) at a free spot far up, so that later gaps are of every kind
      long at = r.nextInt(5) == 0 ? Math.max(expected, base + top(p) + r.nextInt(7)) : expected;
      p.place(i, at);
    }
    assertThat(checked).isPositive();
  }

  /**
   * Many buffers alive together, most packed low and a few far up (2^40, or 2^59: five passes of
   * the radix sort): the low offsets share one bucket of the counting sort, whose insertion sort
   * then passes the packer's budget of moves (lowered to 1 a hit here from {@link
   * Packer#INSERTION_BUDGET}, so that small instances pass it) and gives way to the keyed sort,
   * here the radix sort; the fit still equals the reference.
   */
  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void fit_equalsTheNaiveReference_withOffsetsClusteredFarBelowTheHighest(long seed) {
    SplittableRandom r = new SplittableRandom(seed * 104729 + 11);
    int n = 60 + r.nextInt(140);
    int points = 2 + r.nextInt(6); // few points: most buffers overlap most others
    long far = r.nextBoolean() ? 1L << 40 : 1L << 59;
    int[] lo = new int[n];
    int[] hi = new int[n];
    long[] size = new long[n];
    for (int i = 0; i < n; i++) {
      lo[i] = r.nextInt(points - 1);
      hi[i] = lo[i] + 1 + r.nextInt(points - 1 - lo[i]);
      size[i] = r.nextInt(3) == 0 ? 3 : 1 + r.nextInt(40);
    }
    Packer p = new Packer(lo, hi, size, points);
    p.insertionBudget = 1;
    int large = 0;
    for (int step = 0; step < 4 * n; step++) {
      int i = r.nextInt(n);
      if (p.placed[i] && r.nextInt(4) == 0) {
        p.remove(i);
        continue;
      }
      boolean best = r.nextBoolean();
      long expected = naive(p, i, best);
      large += p.overlapping(i, true) > 32 ? 1 : 0;
      assertThat(p.fit(i, best))
          .as("seed %d step %d buffer %d best %b", seed, step, i, best)
          .isEqualTo(expected);
      p.place(
          i,
          r.nextInt(12) == 0 ? Math.max(expected, Math.max(far, top(p)) + r.nextInt(5)) : expected);
    }
    assertThat(large).as("fits among more than 32 placed buffers").isPositive();
  }

  private static long top(Packer p) {
    long t = 0;
    for (int j = 0; j < p.n; j++) {
      if (p.placed[j]) {
        t = Math.max(t, p.off[j] + p.size[j]);
      }
    }
    return t;
  }
}
