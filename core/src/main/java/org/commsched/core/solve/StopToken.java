package org.commsched.core.solve;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The stop request of one solve run ({@link SolveRun#stop()}): tripped by Ctrl-C through {@link
 * Interrupt} (the registry of live runs), or by whoever owns the run. A method that runs long
 * treats a stop as its time limit come early: it stops searching and returns the best schedule it
 * holds, with an honest status. Loops poll {@link #over(long)}; a search that blocks in a solver
 * registers how to stop it with {@link #onStop}, which is called at once when the token trips.
 *
 * @implNote Thread-safe. A token trips once and stays tripped.
 */
public final class StopToken {
  private volatile boolean stopped;
  private final Set<Runnable> stoppers = new LinkedHashSet<>();

  /** True once the token tripped. */
  public boolean stopped() {
    return stopped;
  }

  /** True if the deadline ({@link System#nanoTime()}) has passed or the token tripped. */
  public boolean over(long deadline) {
    return stopped || System.nanoTime() - deadline >= 0;
  }

  /**
   * Trips the token: every registered stopper runs now, on the calling thread; later calls do
   * nothing more.
   */
  public void stop() {
    List<Runnable> run;
    synchronized (stoppers) {
      if (stopped) {
        return;
      }
      stopped = true;
      run = new ArrayList<>(stoppers);
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
   * Registers how to stop a blocking search while it runs; close the handle when the search
   * returns. The stopper runs when the token trips, and again every 100 ms after that until the
   * handle is closed: a solver that clears its stop flag when its search starts (CP-SAT does) is
   * thus stopped even when the stop came just before.
   */
  public Registration onStop(Runnable stopper) {
    synchronized (stoppers) {
      stoppers.add(stopper);
    }
    Thread repeat =
        new Thread(
            () -> {
              try {
                while (!Thread.currentThread().isInterrupted()) {
                  if (stopped) {
                    stopper.run();
                  }
                  Thread.sleep(100);
                }
              } catch (InterruptedException e) {
                // closed
              } catch (RuntimeException e) {
                // a stopper that fails leaves its search to end at its time limit
              }
            },
            "commsched-stop");
    repeat.setDaemon(true);
    repeat.start();
    return () -> {
      repeat.interrupt();
      synchronized (stoppers) {
        stoppers.remove(stopper);
      }
    };
  }

  /** A registration; closing it unregisters. */
  @FunctionalInterface
  public interface Registration extends AutoCloseable {
    @Override
    void close();
  }
}
