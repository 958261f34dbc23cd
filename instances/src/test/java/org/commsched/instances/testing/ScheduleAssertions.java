package org.commsched.instances.testing;

import org.commsched.core.check.CheckReport;
import org.commsched.core.check.ScheduleChecker;
import org.commsched.core.check.Violation;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Schedule;
import org.commsched.core.solve.SolveResult;
import org.commsched.instances.io.InstanceWriter;

/**
 * The schedule assertions of every module's tests (instances' test-jar): a schedule or a solve
 * result is valid when core's {@link ScheduleChecker}, the model's definition, finds nothing. A
 * failure lists the violations and gives the case's seed (when there is one) and the instance as a
 * FORMATS JSON file, ready to be saved under {@code instances/catalogue/} and replayed.
 */
public final class ScheduleAssertions {
  private ScheduleAssertions() {}

  /**
   * {@link ScheduleChecker#checkResult}: the schedule is valid and the result's claims (makespan,
   * bound, status) hold. Returns the report, whose makespan is the recomputed one.
   */
  public static CheckReport assertValid(Instance instance, SolveResult result) {
    return assertValid(null, instance, result);
  }

  /** {@link #assertValid(Instance, SolveResult)} of a seeded case: a failure names the seed. */
  public static CheckReport assertValid(long seed, Instance instance, SolveResult result) {
    return assertValid("seed " + seed, instance, result);
  }

  /**
   * {@link #assertValid(Instance, SolveResult)} with what the case is (seed, method...) for a
   * failure.
   */
  public static CheckReport assertValid(String what, Instance instance, SolveResult result) {
    CheckReport report = ScheduleChecker.checkResult(instance, result);
    if (!report.valid()) {
      throw new AssertionError(
          failure(
              what,
              instance,
              report,
              "result "
                  + result.method()
                  + " "
                  + result.status()
                  + " makespan "
                  + result.makespan()
                  + " bound "
                  + (result.lowerBound() == null ? null : result.lowerBound().value())));
    }
    return report;
  }

  /** {@link ScheduleChecker#check}: the schedule alone is valid. Returns the report. */
  public static CheckReport assertValid(Instance instance, Schedule schedule) {
    return assertValid(null, instance, schedule);
  }

  /** {@link #assertValid(Instance, Schedule)} of a seeded case: a failure names the seed. */
  public static CheckReport assertValid(long seed, Instance instance, Schedule schedule) {
    return assertValid("seed " + seed, instance, schedule);
  }

  /**
   * {@link #assertValid(Instance, Schedule)} with what the case is (seed, method...) for a failure.
   */
  public static CheckReport assertValid(String what, Instance instance, Schedule schedule) {
    CheckReport report = ScheduleChecker.check(instance, schedule);
    if (!report.valid()) {
      throw new AssertionError(failure(what, instance, report, "schedule " + schedule));
    }
    return report;
  }

  private static String failure(String what, Instance instance, CheckReport report, String claim) {
    StringBuilder b = new StringBuilder();
    b.append(what == null ? "" : what + ": ")
        .append("the checker found ")
        .append(report.violations().size())
        .append(report.violations().size() == 1 ? " violation" : " violations");
    for (Violation v : report.violations()) {
      b.append(System.lineSeparator()).append("  ").append(v);
    }
    b.append(System.lineSeparator()).append(claim);
    b.append(System.lineSeparator()).append("instance ").append(json(instance));
    return b.toString();
  }

  private static String json(Instance instance) {
    try {
      return InstanceWriter.toJson(instance);
    } catch (RuntimeException e) {
      return instance + " (not writable as JSON: " + e.getMessage() + ")";
    }
  }
}
