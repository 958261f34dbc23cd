package org.commsched.core.solve;

/**
 * How far one solve run has come ({@link SolveRun#progress()}), for a progress line on stderr: the
 * best makespan found so far and the best lower bound proven so far, in ticks of the instance's
 * time scale. Methods that search for long report here as they improve (the exact back ends from
 * their solution callbacks, lns after each improving repair); whoever prints progress reads {@link
 * #best()} and {@link #bound()}.
 *
 * @implNote Thread-safe (solver callbacks run on solver threads).
 */
public final class Progress {
  private long best = Long.MAX_VALUE;
  private long bound = Long.MIN_VALUE;

  /** A schedule of this makespan was found (kept if it is the best so far). */
  public synchronized void incumbent(long makespanTicks) {
    best = Math.min(best, makespanTicks);
  }

  /** The makespan is proven to be at least this (kept if it is the best so far). */
  public synchronized void bound(long ticks) {
    bound = Math.max(bound, ticks);
  }

  /** The best makespan reported, or -1 if none. */
  public synchronized long best() {
    return best == Long.MAX_VALUE ? -1 : best;
  }

  /** The best bound reported, or -1 if none. */
  public synchronized long bound() {
    return bound == Long.MIN_VALUE ? -1 : bound;
  }
}
