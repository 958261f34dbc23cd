package org.commsched.core.solve;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

/**
 * The user's request to stop (Ctrl-C, SIGTERM), and the registry of live runs it stops: the one
 * process-wide state of {@code core.solve}, because a signal is process-wide and its handler knows
 * no run. {@link #request()} trips the {@link StopToken} of every live {@link SolveRun} (a run
 * registers itself with {@link #register} while it solves, and one registered after a request
 * starts stopped) and records the request for the work that is not a run ({@code generate}, the
 * sweep loop of {@code ratios}, which poll {@link #requested()}).
 *
 * @implNote Thread-safe. {@link #reset()} is for tests and for a process that runs several
 *     commands.
 */
public final class Interrupt {
  private static volatile boolean requested;

  /** The tokens of the live runs (by identity). */
  private static final Set<StopToken> LIVE = Collections.newSetFromMap(new IdentityHashMap<>());

  private Interrupt() {}

  /** True once a stop was requested. */
  public static boolean requested() {
    return requested;
  }

  /** True if the deadline ({@link System#nanoTime()}) has passed or a stop was requested. */
  public static boolean over(long deadline) {
    return requested || System.nanoTime() - deadline >= 0;
  }

  /**
   * Requests a stop: every live run's token trips now, on the calling thread; later requests do
   * nothing more.
   */
  public static void request() {
    List<StopToken> live;
    synchronized (LIVE) {
      if (requested) {
        return;
      }
      requested = true;
      live = new ArrayList<>(LIVE);
    }
    for (StopToken t : live) {
      t.stop();
    }
  }

  /**
   * Makes {@code token} live until the registration is closed: a request trips it (at once if one
   * was made already).
   */
  public static StopToken.Registration register(StopToken token) {
    boolean already;
    synchronized (LIVE) {
      LIVE.add(token);
      already = requested;
    }
    if (already) {
      token.stop();
    }
    return () -> {
      synchronized (LIVE) {
        LIVE.remove(token);
      }
    };
  }

  /** Forgets a request (tests; a new command in the same process). */
  public static void reset() {
    synchronized (LIVE) {
      requested = false;
    }
  }
}
