package org.commsched.core.solve;

/**
 * How far the running solve has come, for a progress line on stderr: the best makespan found so far and the best
 * lower bound proven so far, in ticks of the instance's time scale. Methods that search for long report here as
 * they improve (the exact back ends from their solution callbacks, lns after each improving repair); whoever prints
 * progress reads {@link #best()} and {@link #bound()}. Process-wide, like {@link Interrupt}.
 *
 * @implNote Thread-safe (solver callbacks run on solver threads). {@link #reset()} starts a new run.
 */
public final class Progress {
  private static final Object LOCK = new Object();
  private static long best = Long.MAX_VALUE;
  private static long bound = Long.MIN_VALUE;

  private Progress() {
  }

  /** A schedule of this makespan was found (kept if it is the best so far). */
  public static void incumbent(long makespanTicks) {
    synchronized (LOCK) {
      best = Math.min(best, makespanTicks);
    }
  }

  /** The makespan is proven to be at least this (kept if it is the best so far). */
  public static void bound(long ticks) {
    synchronized (LOCK) {
      bound = Math.max(bound, ticks);
    }
  }

  /** The best makespan reported, or -1 if none. */
  public static long best() {
    synchronized (LOCK) {
      return best == Long.MAX_VALUE ? -1 : best;
    }
  }

  /** The best bound reported, or -1 if none. */
  public static long bound() {
    synchronized (LOCK) {
      return bound == Long.MIN_VALUE ? -1 : bound;
    }
  }

  /** Forgets what was reported (a new run). */
  public static void reset() {
    synchronized (LOCK) {
      best = Long.MAX_VALUE;
      bound = Long.MIN_VALUE;
    }
  }
}
