package org.commsched.core.solve;

import java.time.Duration;
import java.util.List;

/**
 * Limits and knobs of a solve run.
 *
 * <p>{@code options} holds the typed method options ({@link SolveOptions}), e.g. the spanning tree
 * {@code broadcast} or the set-up {@code 3} ({@code commsched solve --spanning-tree NAME}, {@code
 * --option KEY=VALUE}), each parsed once by the {@link MethodOption} of its key. A method reads the
 * options it declares ({@link Method#methodOptions()}) as typed values and ignores the others; the
 * command line rejects a key the chosen method does not read. An absent key means the option's
 * default. The keys in use are listed in docs/DESIGN.md ("Solve options").
 *
 * @param timeLimit wall-clock limit; exact methods stop there and return their best schedule
 * @param workers solver threads
 * @param seed random seed (every randomized method is deterministic for a given seed)
 * @param options typed method options (never null; {@link SolveOptions#NONE} by default)
 * @param run the solve run these limits belong to ({@link SolveRun}: bounds, incumbent, progress,
 *     stop token); never null: limits made without one get a detached run of their own
 * @implNote Immutable but for the run, which is the one object a solve shares between its methods.
 */
public record SolveLimits(
    Duration timeLimit, int workers, long seed, SolveOptions options, SolveRun run) {
  /**
   * The spanning trees that may route scatter and gather messages (the values of {@link
   * #SPANNING_TREE}).
   */
  public static final List<String> SPANNING_TREES =
      List.of("bfs", "balanced", "broadcast", "cover");

  /**
   * The option naming the spanning tree that routes scatter and gather messages without an explicit
   * route ({@code commsched solve --spanning-tree NAME}), read by the solve runner for every
   * scatter and gather method; absent: the default routes.
   */
  public static final MethodOption<String> SPANNING_TREE =
      MethodOption.name(
          "spanning-tree",
          SPANNING_TREES,
          v ->
              "unknown spanning tree '" + v + "': use one of " + String.join(", ", SPANNING_TREES));

  /**
   * The longest time limit: 365 days. Longer limits are cut to it, so that every method may count
   * in nanoseconds.
   */
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
      options = SolveOptions.NONE;
    }
    if (run == null) {
      run = new SolveRun();
    }
  }

  /** Limits with options, in a detached run of their own. */
  public SolveLimits(Duration timeLimit, int workers, long seed, SolveOptions options) {
    this(timeLimit, workers, seed, options, null);
  }

  /** Limits without options. */
  public SolveLimits(Duration timeLimit, int workers, long seed) {
    this(timeLimit, workers, seed, SolveOptions.NONE, null);
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

  /**
   * The same limits with one more option (replacing a previous value of that key).
   *
   * @throws IllegalArgumentException with the option's refusal if it does not accept the value
   */
  public <T> SolveLimits withOption(MethodOption<T> option, T value) {
    return withOptions(options.with(option, value));
  }

  /** The same limits with these options instead. */
  public SolveLimits withOptions(SolveOptions o) {
    return new SolveLimits(timeLimit, workers, seed, o, run);
  }
}
