package org.commsched.cli;

import java.lang.management.ManagementFactory;
import java.time.Duration;

/**
 * The time a method may take so that the whole command ends within {@code --time-limit} counted from the start of
 * the JVM (of the command, when it runs inside a JVM that does other things, as in tests): the limit less what the
 * process has used already (JVM start, reading the instance, choosing the method) and less a margin for what follows
 * the search (the checker, the bounds, writing the files). The aim is a return within the limit plus two seconds on
 * a busy machine; the methods check the deadline between their phases, but a phase that has begun (the first
 * heuristic, building a model) runs to its end.
 */
final class Deadline {
  /** The margin kept for the work after the search: a tenth of the limit, at most this. */
  static final Duration MARGIN = Duration.ofMillis(500);

  /** True when the command is the process (set by {@code Main.main}); false for commands run in a JVM (tests). */
  private static volatile boolean fromJvmStart;

  private Deadline() {
  }

  /** Counts from the JVM's start from now on: the command line's own process. */
  static void countFromJvmStart() {
    fromJvmStart = true;
  }

  /**
   * The method's time limit for a command limit: {@code limit - elapsed - margin}, but never below a tenth of the
   * limit (a tiny limit on a slow start still gets a search). Elapsed counts from the JVM's start when the command
   * is the process, else from {@code commandStart} ({@link System#nanoTime()} when the command began).
   */
  static Duration budget(Duration limit, long commandStart) {
    return budget(limit, elapsed(commandStart));
  }

  /** {@link #budget(Duration, long)} for a given time elapsed. */
  static Duration budget(Duration limit, Duration elapsed) {
    Duration tenth = limit.dividedBy(10);
    Duration margin = tenth.compareTo(MARGIN) < 0 ? tenth : MARGIN;
    Duration left = limit.minus(elapsed).minus(margin);
    Duration floor = tenth.isZero() ? Duration.ofMillis(1) : tenth;
    return left.compareTo(floor) < 0 ? floor : left;
  }

  /**
   * Time since the JVM started when the command is the process (the JVM's own clock, to the millisecond; the
   * operating system's process start time is derived from the boot time in whole seconds on Linux, too coarse
   * here), else since {@code commandStart}.
   */
  static Duration elapsed(long commandStart) {
    if (fromJvmStart) {
      return Duration.ofMillis(Math.max(0, ManagementFactory.getRuntimeMXBean().getUptime()));
    }
    return Duration.ofNanos(Math.max(0, System.nanoTime() - commandStart));
  }
}
