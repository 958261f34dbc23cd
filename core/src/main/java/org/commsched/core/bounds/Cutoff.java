package org.commsched.core.bounds;

import java.util.ArrayList;
import java.util.List;

/**
 * When the expensive lower bounds must stop (this project's): a solve computes its bounds within a
 * share of its time limit ({@link LowerBounds#all(org.commsched.core.model.Instance, Cutoff)}). A
 * bound that is a largest value over candidates (nodes, targets, target sets) looks at the clock
 * between two candidates and, past the deadline, reports the largest value over the candidates it
 * finished, which is valid because each candidate's value is; a bound that is a least value over
 * cases (a composition, a packet size) reports nothing when cut. Each cut bound says so in its
 * witness ({@link #note}) and is named in {@link #cut()}.
 *
 * @implNote One per bounds computation, used by one thread.
 */
public final class Cutoff {
  /** No deadline. */
  public static Cutoff none() {
    return new Cutoff(0, false);
  }

  private final long deadline;
  private final boolean timed;
  private final List<String> cut = new ArrayList<>();

  /** For tests: the looks at the clock ({@link #passed}) before it says passed; -1: the clock. */
  private long looksLeft = -1;

  private Cutoff(long deadline, boolean timed) {
    this.deadline = deadline;
    this.timed = timed;
  }

  /** A deadline at {@code deadlineNanos} of {@link System#nanoTime()}. */
  public static Cutoff at(long deadlineNanos) {
    return new Cutoff(deadlineNanos, true);
  }

  /**
   * A deadline that passes at the {@code looks + 1}-th look at it (for tests: a cut at a chosen
   * place, whatever the machine's speed).
   */
  static Cutoff afterLooks(long looks) {
    Cutoff c = new Cutoff(0, false);
    c.looksLeft = looks;
    return c;
  }

  /** True once the deadline has passed (and from then on). */
  boolean passed() {
    if (looksLeft >= 0) {
      if (looksLeft == 0) {
        return true;
      }
      looksLeft--;
      return false;
    }
    return timed && System.nanoTime() - deadline >= 0;
  }

  /** Records that the bound {@code kind} was cut by the deadline. */
  void cut(String kind) {
    if (!cut.contains(kind)) {
      cut.add(kind);
    }
  }

  /** The bounds cut by the deadline, in the order they were cut. */
  public List<String> cut() {
    return List.copyOf(cut);
  }

  /**
   * The witness's note on a bound cut after {@code done} of {@code of} candidates ({@code what}:
   * their plural noun): its value is over those only.
   */
  static String note(long done, long of, String what) {
    return " (cut by the time limit after " + done + " of " + of + " " + what + ")";
  }
}
