package org.commsched.core.check;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.commsched.core.family.FamilyRules;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Schedule;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveStatus;
import org.commsched.core.time.TimeScale;

/**
 * The independent schedule checker: recomputes every arc, link and port occupancy of a schedule
 * from the model's definitions, lists every broken rule, and recomputes the makespan. It shares no
 * code with any algorithm; the package javadoc lists the rules and their codes.
 *
 * <p>The instance's family rules ({@link FamilyRules}) say which schedule kind fits (DESIGN
 * "Schedules": departures for bufferless chatting, scatter and gather; slots for virtual chatting
 * and DSA under all ports; transmissions for every store-and-forward problem) and which checker
 * ({@link FamilyChecker}) judges it.
 *
 * @implNote Stateless and thread-safe.
 */
public final class ScheduleChecker {
  private ScheduleChecker() {}

  /**
   * Checks a schedule of any kind against an instance; never throws on a bad schedule, reports
   * instead.
   */
  public static CheckReport check(Instance instance, Schedule schedule) {
    Findings out = new Findings();
    TimeScale scale =
        schedule == null ? instance.timeScale() : instance.timeScale().max(schedule.scale());
    Long makespan = null;
    FamilyRules rules = FamilyRules.of(instance);
    String misfit =
        schedule == null ? "there is no schedule to check" : rules.misfit(instance, schedule);
    if (misfit != null) {
      out.add(Kind.WRONG_SCHEDULE_KIND, List.of(), "", null, misfit);
      return new CheckReport(out.violations(), null, scale);
    }
    try {
      makespan = rules.checker().check(instance, schedule, scale, out);
    } catch (ArithmeticException e) {
      out.add(
          Kind.TIME_OVERFLOW,
          List.of(),
          "",
          null,
          "a time of the schedule does not fit in 64-bit ticks ("
              + e.getMessage()
              + "); use smaller start times");
      makespan = null;
    }
    return new CheckReport(out.violations(), makespan, scale);
  }

  /**
   * The packet family's conformance rules V7 to V11 asked for
   * (docs/models/packet.md#conformance-rules), apart from validity: a valid schedule may break
   * them, and they are meaningful only for a valid one.
   *
   * @throws IllegalArgumentException if the instance is not of the packet family or the schedule
   *     holds no transmissions
   */
  public static ConformanceReport conform(
      Instance instance, Schedule schedule, Set<Conformance> rules) {
    if (!conformable(instance, schedule)) {
      throw new IllegalArgumentException(
          "conformance rules (fcfs, greedy, fdf, buffer, even-size) are defined for "
              + "store-and-forward scatter and gather schedules (the packet family), not for "
              + instance.family().wireName()
              + " "
              + instance.kind().wireName());
    }
    return PacketConformance.check(instance, (Schedule.Transmissions) schedule, rules);
  }

  /**
   * True if {@link #conform} applies: the instance's family defines conformance rules ({@link
   * FamilyRules#conformance()}) and the schedule holds transmissions.
   */
  public static boolean conformable(Instance instance, Schedule schedule) {
    return FamilyRules.of(instance).conformance() && schedule instanceof Schedule.Transmissions;
  }

  /**
   * {@link #check}, plus the result's claims: the claimed makespan must equal the recomputed one,
   * the lower bound must not exceed it, {@code OPTIMAL} needs the lower bound to equal it, and the
   * status must fit the presence of a schedule. The claimed makespan and lower bound are read in
   * the result's scale (the schedule's) and compared in the report's scale.
   */
  public static CheckReport checkResult(Instance instance, SolveResult result) {
    return checkResult(instance, result, null);
  }

  /**
   * As {@link #checkResult(Instance, SolveResult)}, with the checker's report on the result's
   * schedule already in hand ({@code scheduleReport}, from {@link #check} of this instance and
   * schedule; null: check it here): a solve run checks each accepted schedule once and its report
   * travels with it ({@code SolveRun}).
   */
  public static CheckReport checkResult(
      Instance instance, SolveResult result, CheckReport scheduleReport) {
    Schedule schedule = result.schedule();
    SolveStatus status = result.status();
    List<Violation> found = new ArrayList<>();
    Long makespan = null;
    TimeScale scale = instance.timeScale();
    if (schedule != null) {
      CheckReport r = scheduleReport != null ? scheduleReport : check(instance, schedule);
      found.addAll(r.violations());
      makespan = r.makespan();
      scale = r.scale();
    }
    if (status.hasSchedule() != (schedule != null)) {
      found.add(
          new Violation(
              Kind.STATUS_MISMATCH,
              List.of(),
              "",
              null,
              "status "
                  + status
                  + (schedule == null
                      ? " promises a schedule but none is attached"
                      : " means no schedule was found, yet one is attached")));
    }
    if (makespan != null) {
      Long claimed = result.makespan();
      if (claimed != null) {
        Long claimedTicks = rescale(claimed, result.scale(), scale);
        if (!makespan.equals(claimedTicks)) {
          found.add(
              new Violation(
                  Kind.MAKESPAN_MISMATCH,
                  List.of(),
                  "",
                  claimedTicks,
                  "the result claims "
                      + "makespan "
                      + result.scale().format(claimed)
                      + " but the schedule's makespan is "
                      + scale.format(makespan)));
        }
      }
      Long boundTicks = rescale(result.lowerBound().value(), result.scale(), scale);
      long bound = boundTicks == null ? Long.MAX_VALUE : boundTicks;
      String boundText =
          result.lowerBound().kind() + " = " + result.scale().format(result.lowerBound().value());
      if (bound > makespan) {
        found.add(
            new Violation(
                Kind.BOUND_ABOVE_MAKESPAN,
                List.of(),
                "",
                bound,
                "lower bound "
                    + boundText
                    + " exceeds the makespan "
                    + scale.format(makespan)
                    + " of the schedule, so the bound or the schedule"
                    + " is wrong"));
      }
      if (status == SolveStatus.OPTIMAL && bound != makespan) {
        found.add(
            new Violation(
                Kind.OPTIMAL_WITHOUT_PROOF,
                List.of(),
                "",
                makespan,
                "status OPTIMAL "
                    + "needs a lower bound equal to the makespan "
                    + scale.format(makespan)
                    + ", but the bound is "
                    + boundText));
      }
    }
    return new CheckReport(found, makespan, scale);
  }

  /** Ticks of one scale on a finer one, or null if they do not fit in a long. */
  private static Long rescale(long ticks, TimeScale from, TimeScale to) {
    try {
      return from.rescale(ticks, to);
    } catch (ArithmeticException e) {
      return null;
    }
  }
}
