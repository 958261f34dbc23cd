package org.commsched.cli;

import java.lang.management.ManagementFactory;
import java.time.Duration;

/**
 * The time a method may take so that the whole command ends within {@code --time-limit} counted
 * from the start of the JVM (of the command, when it runs inside a JVM that does other things, as
 * in tests): the limit less what the process has used already (JVM start, reading the instance,
 * choosing the method) and less a reserve for what follows the search (the checker, the bounds,
 * writing the files, the JVM's exit). The aim is a return within the limit plus {@link #GRACE} even
 * on a busy machine; the methods check the deadline between their phases, but a phase that has
 * begun (the first heuristic, building a model) runs to its end.
 *
 * <p><b>Adaptive reserve.</b> On a busy machine every phase is slower by about the same factor, and
 * the start-up shows the factor before the search begins: a start-up that took {@code k} times
 * {@link #EXPECTED_START} gets {@code k} times the base margin as its reserve (at most {@link
 * #GRACE}). Measured on 2 cores at load 16: JVM start and reading took 2.9 to 5.4 s, where an idle
 * machine takes well under a second.
 *
 * <p><b>Guaranteed slice.</b> A start-up that used most of the limit still leaves the method a
 * quarter of the limit, as far as the return by limit plus {@link #GRACE} allows (so an exact phase
 * is not starved to nothing by a slow start), and at least a millisecond (the method's first
 * heuristic then runs, and it returns that).
 */
final class Deadline {
  /** The base margin kept for the work after the search: a tenth of the limit, at most this. */
  static final Duration MARGIN = Duration.ofMillis(500);

  /**
   * What start-up (JVM, picocli, reading a small file, choosing) takes on an idle machine, about.
   */
  static final Duration EXPECTED_START = Duration.ofSeconds(1);

  /** How far past the limit a run may return: the aim is limit + GRACE. */
  static final Duration GRACE = Duration.ofSeconds(2);

  /**
   * True when the command is the process (set by {@code Main.main}); false for commands run in a
   * JVM (tests).
   */
  private static volatile boolean fromJvmStart;

  private Deadline() {}

  /** Counts from the JVM's start from now on: the command line's own process. */
  static void countFromJvmStart() {
    fromJvmStart = true;
  }

  /**
   * The method's time limit for a command limit, given when the command began ({@link
   * System#nanoTime()}); elapsed time counts from the JVM's start when the command is the process.
   * See {@link #budget(Duration, Duration)}.
   */
  static Duration budget(Duration limit, long commandStart) {
    return budget(limit, elapsed(commandStart));
  }

  /**
   * The reserve for the end phase after a start-up of {@code elapsed}: the base margin ({@link
   * #MARGIN}, at most a tenth of the limit) times the start-up's slowness ({@code elapsed /
   * EXPECTED_START}, at least 1), at most {@link #GRACE}.
   */
  static Duration reserve(Duration limit, Duration elapsed) {
    Duration tenth = limit.dividedBy(10);
    Duration base = tenth.compareTo(MARGIN) < 0 ? tenth : MARGIN;
    long slowMillis =
        Math.min(Math.max(EXPECTED_START.toMillis(), elapsed.toMillis()), 1_000_000_000L);
    Duration scaled = Duration.ofMillis(base.toMillis() * slowMillis / EXPECTED_START.toMillis());
    return scaled.compareTo(GRACE) > 0 ? GRACE : scaled;
  }

  /**
   * {@code limit - elapsed - reserve}; when that is below a quarter of the limit (a slow start),
   * the quarter, but never more than {@code limit + GRACE - elapsed - reserve}, and never below a
   * millisecond.
   */
  static Duration budget(Duration limit, Duration elapsed) {
    Duration reserve = reserve(limit, elapsed);
    Duration left = limit.minus(elapsed).minus(reserve);
    Duration slice = limit.dividedBy(4);
    if (left.compareTo(slice) >= 0) {
      return left;
    }
    Duration withGrace = left.plus(GRACE);
    Duration b = slice.compareTo(withGrace) < 0 ? slice : withGrace;
    return b.compareTo(Duration.ofMillis(1)) < 0 ? Duration.ofMillis(1) : b;
  }

  /**
   * Time since the JVM started when the command is the process (the JVM's own clock, to the
   * millisecond; the operating system's process start time is derived from the boot time in whole
   * seconds on Linux, too coarse here), else since {@code commandStart}.
   */
  static Duration elapsed(long commandStart) {
    if (fromJvmStart) {
      return Duration.ofMillis(Math.max(0, ManagementFactory.getRuntimeMXBean().getUptime()));
    }
    return Duration.ofNanos(Math.max(0, System.nanoTime() - commandStart));
  }
}
