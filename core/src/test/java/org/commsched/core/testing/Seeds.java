package org.commsched.core.testing;

import java.security.SecureRandom;
import java.util.SplittableRandom;
import java.util.stream.LongStream;

/**
 * The one source of seeds and case counts for every seeded property suite of every module (core's
 * test-jar, which the other modules take in test scope).
 *
 * <p>Two system properties steer it; the build passes both to the test JVMs:
 *
 * <ul>
 *   <li>{@code commsched.cases=N}: how many cases a suite runs (200 when unset and under the
 *       build's {@code deep} profile; the everyday build passes 50). A suite may run a fraction of
 *       it ({@link #cases(int, int)}).
 *   <li>{@code commsched.seed}: {@code fixed} (the default) runs the same cases on every machine; a
 *       number B runs the base seed B; {@code random} draws a fresh base seed and prints it once,
 *       so that a failure can be replayed with {@code -Dcommsched.seed=B}.
 * </ul>
 *
 * A suite's seeds are {@code B, B+1, ..., B+N-1} ({@link #seeds(int)}), with B = 0 when fixed, so
 * the fixed seeds are the ones the suites always ran. A suite that draws its cases from one master
 * generator seeds it with {@link #mix(long)}, which is the suite's own constant when fixed. With
 * {@code seed {0}} as the display name, a failing case's seed S is replayed alone by {@code
 * -Dcommsched.seed=S -Dcommsched.cases=1}.
 */
public final class Seeds {
  /** The property holding the case count. */
  public static final String CASES_PROPERTY = "commsched.cases";

  /** The property holding the seed mode: fixed, random, or a base seed. */
  public static final String SEED_PROPERTY = "commsched.seed";

  /**
   * Cases per suite when {@code commsched.cases} is not set: the deep count, what CI runs ({@code
   * -Pdeep}).
   */
  public static final int DEFAULT_CASES = 200;

  private static final long BASE = base(System.getProperty(SEED_PROPERTY));

  private Seeds() {}

  private static long base(String mode) {
    if (mode == null || mode.isBlank() || mode.strip().equalsIgnoreCase("fixed")) {
      return 0;
    }
    if (mode.strip().equalsIgnoreCase("random")) {
      // below 10^9: the suites add the case index and some of them use the seed as an int
      long drawn = 1 + new SplittableRandom(new SecureRandom().nextLong()).nextLong(999_999_999L);
      System.err.println(
          "[commsched] "
              + SEED_PROPERTY
              + "=random: base seed "
              + drawn
              + " (replay with -D"
              + SEED_PROPERTY
              + "="
              + drawn
              + ")");
      return drawn;
    }
    try {
      return Long.parseLong(mode.strip());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          SEED_PROPERTY + " must be fixed, random or a number, not '" + mode + "'", e);
    }
  }

  /** The base seed: 0 when fixed, else the number given or drawn. */
  public static long base() {
    return BASE;
  }

  /** True when the seeds are the fixed default ones. */
  public static boolean fixed() {
    return BASE == 0;
  }

  /** The case count: {@code commsched.cases}, default 200. */
  public static int cases() {
    return Integer.getInteger(CASES_PROPERTY, DEFAULT_CASES);
  }

  /**
   * A suite's share of the case count: {@code max(atLeast, cases() / divisor)} at the deep count
   * ({@link #DEFAULT_CASES}) and above. Below it the floor shrinks with the count, {@code atLeast *
   * cases() / 200} rounded up (at least one case), so that the everyday build's 50 cases run a
   * quarter of every suite, floored ones included, and the deep build runs exactly what it always
   * ran.
   */
  public static int cases(int divisor, int atLeast) {
    int n = cases();
    int floor =
        n >= DEFAULT_CASES
            ? atLeast
            : Math.max(1, (int) ((atLeast * (long) n + DEFAULT_CASES - 1) / DEFAULT_CASES));
    return Math.max(floor, n / divisor);
  }

  /** The seeds of a suite running {@link #cases()} cases. */
  public static LongStream seeds() {
    return seeds(cases());
  }

  /** {@code count} consecutive seeds from the base: 0 .. count-1 when fixed. */
  public static LongStream seeds(int count) {
    return LongStream.range(0, count).map(Seeds::seed);
  }

  /** The seed of case {@code index} (0-based): {@code base() + index}. */
  public static long seed(long index) {
    return BASE + index;
  }

  /** A suite's own constant seed moved by the base: the constant itself when fixed. */
  public static long mix(long suiteSeed) {
    return suiteSeed + BASE;
  }

  /** "base seed B", for failure messages of suites seeded through {@link #mix(long)}. */
  public static String describe() {
    return "base seed " + BASE + " (-D" + SEED_PROPERTY + "=" + BASE + ")";
  }

  /**
   * A uniformly random permutation of 0..n-1 (Fisher-Yates from the last place down, one {@code
   * nextInt} per place), for the property suites that renumber nodes or shuffle an order.
   */
  public static int[] permutation(int n, SplittableRandom r) {
    int[] p = new int[n];
    for (int i = 0; i < n; i++) {
      p[i] = i;
    }
    for (int i = n - 1; i > 0; i--) {
      int j = r.nextInt(i + 1);
      int x = p[i];
      p[i] = p[j];
      p[j] = x;
    }
    return p;
  }
}
