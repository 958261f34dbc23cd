package org.commsched.core.solve;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The user's request to stop (Ctrl-C, SIGTERM): process-wide, like the signal it stands for. A method that runs
 * long treats a request as its time limit come early: it stops searching and returns the best schedule it holds,
 * with an honest status (FEASIBLE and its bound, or no schedule). Loops poll {@link #requested()}; a search that
 * blocks in a solver registers how to stop it with {@link #onRequest}, which is called at once on a request.
 *
 * @implNote Thread-safe. {@link #reset()} is for tests and for a process that runs several commands.
 */
public final class Interrupt {
  private static volatile boolean requested;
  private static final Set<Runnable> STOPPERS = new LinkedHashSet<>();

  private Interrupt() {
  }

  /** True once a stop was requested. */
  public static boolean requested() {
    return requested;
  }

  /** True if the deadline ({@link System#nanoTime()}) has passed or a stop was requested. */
  public static boolean over(long deadline) {
    return requested || System.nanoTime() - deadline >= 0;
  }

  /** Requests a stop: every registered stopper runs now, on the calling thread; later requests do nothing more. */
  public static void request() {
    List<Runnable> run;
    synchronized (STOPPERS) {
      if (requested) {
        return;
      }
      requested = true;
      run = new ArrayList<>(STOPPERS);
    }
    for (Runnable r : run) {
      try {
        r.run();
      } catch (RuntimeException e) {
        // a stopper that fails leaves its search to end at its time limit
      }
    }
  }

  /**
   * Registers how to stop a blocking search while it runs; close the handle when the search returns. The stopper runs
   * on a request, and again every 100 ms after one until the handle is closed: a solver that clears its stop flag
   * when its search starts (CP-SAT does) is thus stopped even when the request came just before.
   */
  public static Registration onRequest(Runnable stopper) {
    synchronized (STOPPERS) {
      STOPPERS.add(stopper);
    }
    Thread repeat = new Thread(() -> {
      try {
        while (!Thread.currentThread().isInterrupted()) {
          if (requested) {
            stopper.run();
          }
          Thread.sleep(100);
        }
      } catch (InterruptedException e) {
        // closed
      } catch (RuntimeException e) {
        // a stopper that fails leaves its search to end at its time limit
      }
    }, "commsched-stop");
    repeat.setDaemon(true);
    repeat.start();
    return () -> {
      repeat.interrupt();
      synchronized (STOPPERS) {
        STOPPERS.remove(stopper);
      }
    };
  }

  /** Forgets a request (tests; a new command in the same process). */
  public static void reset() {
    synchronized (STOPPERS) {
      requested = false;
    }
  }

  /** A registered stopper; closing it unregisters. */
  @FunctionalInterface
  public interface Registration extends AutoCloseable {
    @Override
    void close();
  }
}
