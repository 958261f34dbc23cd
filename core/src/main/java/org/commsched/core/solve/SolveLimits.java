package org.commsched.core.solve;

import java.time.Duration;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * Limits and knobs of a solve run.
 *
 * <p>{@code options} holds named method options as strings, e.g. {@code spanning-tree=broadcast} or
 * {@code setup=3} ({@code commsched solve --spanning-tree NAME}, {@code --option KEY=VALUE}). A method reads the
 * keys of its {@link Method#optionKeys()} and ignores the others; the command line rejects a key the chosen method
 * does not read. An absent key means the method's default. The keys in use are listed in docs/DESIGN.md ("Solve
 * options").
 *
 * @param timeLimit wall-clock limit; exact methods stop there and return their best schedule
 * @param workers solver threads
 * @param seed random seed (every randomized method is deterministic for a given seed)
 * @param options named method options (never null; empty by default)
 * @param run the solve run these limits belong to ({@link SolveRun}: bounds, incumbent, progress, stop token); never
 *     null: limits made without one get a detached run of their own
 * @implNote Immutable but for the run, which is the one object a solve shares between its methods.
 */
public record SolveLimits(Duration timeLimit, int workers, long seed, Map<String, String> options, SolveRun run) {
  /** Option key: the spanning tree that routes scatter and gather messages without an explicit route. */
  public static final String SPANNING_TREE = "spanning-tree";
  /** The longest time limit: 365 days. Longer limits are cut to it, so that every method may count in nanoseconds. */
  public static final Duration MAX_TIME_LIMIT = Duration.ofDays(365);

  public SolveLimits {
    if (timeLimit == null || timeLimit.isNegative() || timeLimit.isZero()) {
      throw new IllegalArgumentException("the time limit must be positive");
    }
    if (timeLimit.compareTo(MAX_TIME_LIMIT) > 0) {
      timeLimit = MAX_TIME_LIMIT;
    }
    if (workers < 1) {
      throw new IllegalArgumentException("workers must be at least 1, got " + workers);
    }
    if (options == null) {
      options = Map.of();
    } else {
      for (Map.Entry<String, String> e : options.entrySet()) {
        if (e.getKey() == null || e.getKey().isBlank() || e.getValue() == null) {
          throw new IllegalArgumentException("an option needs a non-blank key and a value, got " + e.getKey() + "="
              + e.getValue());
        }
      }
      options = Collections.unmodifiableMap(new TreeMap<>(options));
    }
    if (run == null) {
      run = new SolveRun();
    }
  }

  /** Limits with options, in a detached run of their own. */
  public SolveLimits(Duration timeLimit, int workers, long seed, Map<String, String> options) {
    this(timeLimit, workers, seed, options, null);
  }

  /** Limits without options. */
  public SolveLimits(Duration timeLimit, int workers, long seed) {
    this(timeLimit, workers, seed, Map.of(), null);
  }

  /** Ten seconds, all cores, seed 0, no options. */
  public static SolveLimits defaults() {
    return new SolveLimits(Duration.ofSeconds(10), Runtime.getRuntime().availableProcessors(), 0L);
  }

  /** The same limits with another time limit. */
  public SolveLimits withTimeLimit(Duration d) {
    return new SolveLimits(d, workers, seed, options, run);
  }

  /** The same limits in another run. */
  public SolveLimits withRun(SolveRun r) {
    return r == run ? this : new SolveLimits(timeLimit, workers, seed, options, r);
  }

  /** The same limits with one more option (replacing a previous value of that key). */
  public SolveLimits withOption(String key, String value) {
    Map<String, String> m = new TreeMap<>(options);
    m.put(key, value);
    return new SolveLimits(timeLimit, workers, seed, m, run);
  }

  /** The value of an option, or {@code fallback} when it is not set. */
  public String option(String key, String fallback) {
    String v = options.get(key);
    return v == null ? fallback : v;
  }
}
