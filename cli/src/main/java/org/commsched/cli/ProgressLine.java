package org.commsched.cli;

import java.io.PrintWriter;
import java.math.BigDecimal;
import org.commsched.core.solve.Progress;
import org.commsched.core.time.TimeScale;

/**
 * Progress of a long solve on stderr, never stdout: after the first two seconds, the elapsed time,
 * the best makespan and the best bound reported so far (the run's {@link Progress}) and their gap.
 * On a terminal the line is rewritten in place every second and cleared at the end; otherwise a
 * plain line every ten seconds. {@code --quiet} turns it off.
 */
final class ProgressLine {
  /** A running progress line; closing it stops and clears it. */
  interface Handle extends AutoCloseable {
    @Override
    void close();
  }

  private static final long FIRST_MS = 2000;

  private final PrintWriter err;
  private final boolean terminal;
  private final TimeScale scale;
  private final String method;
  private final Progress progress;
  private final long t0 = System.nanoTime();
  private final Thread thread;
  private volatile boolean shown;

  private ProgressLine(
      PrintWriter err, boolean terminal, TimeScale scale, String method, Progress progress) {
    this.err = err;
    this.terminal = terminal;
    this.scale = scale;
    this.method = method;
    this.progress = progress;
    this.thread = new Thread(this::loop, "commsched-progress");
    thread.setDaemon(true);
    thread.start();
  }

  /** Starts reporting what the run reports to {@code progress}, or a no-op when {@code quiet}. */
  static Handle start(
      PrintWriter err, boolean quiet, TimeScale scale, String method, Progress progress) {
    if (quiet) {
      return () -> {};
    }
    return new ProgressLine(err, System.console() != null, scale, method, progress)::close;
  }

  private void loop() {
    try {
      Thread.sleep(FIRST_MS);
      while (!Thread.currentThread().isInterrupted()) {
        String line = line();
        synchronized (err) {
          err.print(terminal ? "\r" + line + "\u001b[K" : line + "\n");
          err.flush();
        }
        shown = true;
        Thread.sleep(terminal ? 1000 : 10_000);
      }
    } catch (InterruptedException e) {
      // the solve is over
    }
  }

  /** One progress line: {@code commsched: cpsat 4 s, best 707, bound 702, gap 0.71%}. */
  String line() {
    return text(
        method,
        (System.nanoTime() - t0) / 1_000_000_000L,
        progress.best(),
        progress.bound(),
        scale);
  }

  /**
   * The progress line for these figures (-1: not known yet); the gap is the one {@code solve}
   * prints at the end.
   */
  static String text(String method, long seconds, long best, long bound, TimeScale scale) {
    StringBuilder sb =
        new StringBuilder("commsched: ").append(method).append(' ').append(seconds).append(" s");
    sb.append(", best ").append(best < 0 ? "-" : scale.format(best));
    sb.append(", bound ").append(bound < 0 ? "-" : scale.format(bound));
    BigDecimal gap = best >= 0 && bound >= 0 && bound <= best ? Json.gap(best, bound) : null;
    if (gap != null) {
      sb.append(", gap ").append(Json.percent(gap)).append('%');
    }
    return sb.toString();
  }

  private void close() {
    thread.interrupt();
    try {
      thread.join(1000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    if (terminal && shown) {
      synchronized (err) {
        err.print("\r\u001b[K");
        err.flush();
      }
    }
  }
}
