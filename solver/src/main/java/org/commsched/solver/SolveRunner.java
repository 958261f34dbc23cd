package org.commsched.solver;

import org.commsched.core.bounds.LowerBounds;
import org.commsched.core.check.CheckReport;
import org.commsched.core.check.ScheduleChecker;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Schedule;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveStatus;

/**
 * Runs one method on one instance the way every entry point should: posts the best known lower bound, upgrades
 * the status to OPTIMAL when the makespan meets that bound, and checks the returned schedule with the
 * independent checker before anyone sees it.
 */
public final class SolveRunner {
  private SolveRunner() {
  }

  /**
   * The outcome of a run.
   *
   * @param result the result, with the best lower bound attached
   * @param report the checker's verdict on the result (null if there is no schedule)
   * @param nanos wall time of the method
   */
  public record Outcome(SolveResult result, CheckReport report, long nanos) {
    /** True if a schedule is attached and the checker accepts it together with every claim. */
    public boolean valid() {
      return report != null && report.valid();
    }
  }

  /** Runs {@code method} on {@code instance}. */
  public static Outcome run(Method method, Instance instance, SolveLimits limits) {
    long t0 = System.nanoTime();
    SolveResult r = method.solve(instance, limits);
    long nanos = System.nanoTime() - t0;
    LowerBound known = r.schedule() instanceof Schedule.Slots
        ? LowerBounds.virtual(instance).stream().reduce(LowerBound.zero(), LowerBound::max)
        : LowerBounds.best(instance);
    LowerBound bound = r.lowerBound().max(known);
    SolveStatus status = r.status();
    if (r.hasSchedule() && r.makespan() != null) {
      if (bound.value() > r.makespan()) {
        // a bound above the makespan means a bug somewhere: keep it, so the checker reports the conflict
        status = r.status();
      } else if (bound.value() == r.makespan()) {
        status = SolveStatus.OPTIMAL;
      }
    }
    SolveResult upgraded = new SolveResult(r.method(), status, r.schedule(), r.makespan(), bound, r.stats());
    CheckReport report = upgraded.hasSchedule() ? ScheduleChecker.checkResult(instance, upgraded) : null;
    return new Outcome(upgraded, report, nanos);
  }
}
