package org.commsched.heuristics.common;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.commsched.core.testing.Seeds;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The interval set against a plain boolean array of busy time points. */
class IntervalSetProperties {
  static LongStream seeds() {
    return Seeds.seeds();
  }

  private static long naiveFirstFit(boolean[] busy, long from, long len) {
    for (long s = from; ; s++) {
      boolean ok = true;
      for (long x = s; x < s + len && ok; x++) {
        ok = x >= busy.length || !busy[(int) x];
      }
      if (ok) {
        return s;
      }
    }
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void addUnionAndFirstFit_agreeWithABooleanArray(long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    boolean[] busy = new boolean[120];
    IntervalSet set = new IntervalSet();
    for (int op = 0; op < 60; op++) {
      long from = r.nextInt(100);
      long len = 1 + r.nextInt(8);
      long fit = set.firstFit(from, len);
      assertThat(fit).isEqualTo(naiveFirstFit(busy, from, len));
      assertThat(set.isFree(fit, fit + len)).isTrue();
      if (r.nextBoolean()) {
        if (fit + len <= 110) {
          set.add(fit, fit + len);
          for (long x = fit; x < fit + len; x++) {
            busy[(int) x] = true;
          }
        }
      } else {
        long s = r.nextInt(100);
        long e = s + 1 + r.nextInt(10);
        set.union(s, e);
        for (long x = s; x < e; x++) {
          busy[(int) x] = true;
        }
      }
    }
    int runs = 0;
    for (int x = 0; x < busy.length; x++) {
      if (busy[x] && (x == 0 || !busy[x - 1])) {
        runs++;
      }
    }
    assertThat(set.size()).as("intervals stay merged").isEqualTo(runs);
  }
}
