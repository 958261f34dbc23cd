package org.commsched.cli;

import java.lang.management.ManagementFactory;
import java.time.Duration;

/**
 * The time a method may take so that the whole command ends within {@code --time-limit} counted from the start of
 * the JVM: the limit less what the process has used already (JVM start, reading the instance) and less a
 * margin for what follows the search (the checker, the bounds, writing the files), so that even a busy machine sees
 * the command return within the limit plus two seconds.
 */
final class Deadline {
  /** The margin kept for the work after the search: a tenth of the limit, at most this. */
  static final Duration MARGIN = Duration.ofMillis(500);

  private Deadline() {
  }

  /**
   * The method's time limit for a command limit: {@code limit - elapsed - margin}, but never below a tenth of the
   * limit (a tiny limit on a slow start still gets a search).
   */
  static Duration budget(Duration limit) {
    return budget(limit, elapsed());
  }

  /** {@link #budget(Duration)} for a given time elapsed since the process started. */
  static Duration budget(Duration limit, Duration elapsed) {
    Duration tenth = limit.dividedBy(10);
    Duration margin = tenth.compareTo(MARGIN) < 0 ? tenth : MARGIN;
    Duration left = limit.minus(elapsed).minus(margin);
    Duration floor = tenth.isZero() ? Duration.ofMillis(1) : tenth;
    return left.compareTo(floor) < 0 ? floor : left;
  }

  /**
   * Time since the JVM started (its own clock, to the millisecond; the operating system's process start time is
   * derived from the boot time in whole seconds on Linux, too coarse here).
   */
  static Duration elapsed() {
    return Duration.ofMillis(Math.max(0, ManagementFactory.getRuntimeMXBean().getUptime()));
  }
}
