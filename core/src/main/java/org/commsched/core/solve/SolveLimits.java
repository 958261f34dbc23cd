package org.commsched.core.solve;

import java.time.Duration;

/**
 * Limits and knobs of a solve run.
 *
 * @param timeLimit wall-clock limit; exact methods stop there and return their best schedule
 * @param workers solver threads
 * @param seed random seed (every randomized method is deterministic for a given seed)
 * @implNote Immutable.
 */
public record SolveLimits(Duration timeLimit, int workers, long seed) {
  public SolveLimits {
    if (timeLimit == null || timeLimit.isNegative() || timeLimit.isZero()) {
      throw new IllegalArgumentException("the time limit must be positive");
    }
    if (workers < 1) {
      throw new IllegalArgumentException("workers must be at least 1, got " + workers);
    }
  }

  /** Ten seconds, all cores, seed 0. */
  public static SolveLimits defaults() {
    return new SolveLimits(Duration.ofSeconds(10), Runtime.getRuntime().availableProcessors(), 0L);
  }

  /** The same limits with another time limit. */
  public SolveLimits withTimeLimit(Duration d) {
    return new SolveLimits(d, workers, seed);
  }
}
