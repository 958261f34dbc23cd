package org.commsched.core.solve;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.commsched.core.model.Schedule;
import org.commsched.core.time.TimeScale;

/**
 * The outcome of one solve run, and the content of a schedule file.
 *
 * @param method method name
 * @param status what the run proved
 * @param schedule the schedule, or null when the status carries none
 *     <p>One time scale: the makespan and the lower bound are both in ticks of {@link #scale()},
 *     which is the schedule's scale when there is a schedule. Bounds computed on the instance
 *     (ticks of {@code instance.timeScale()}) are brought to it once, by {@link
 *     LowerBound#rescale}; files and JSON output convert ticks to decimals with the same scale.
 * @param makespan makespan in ticks of {@code scale}, or null without a schedule
 * @param lowerBound the best lower bound the run knows, in ticks of {@code scale} (never null; at
 *     worst {@link LowerBound#zero()})
 * @param scale the ticks of the makespan and the lower bound; null means the schedule's (a result
 *     without a schedule must give it)
 * @param stats extra figures (e.g. virtual duration, solver wall time); string or number values
 * @implNote Immutable.
 */
public record SolveResult(
    String method,
    SolveStatus status,
    Schedule schedule,
    Long makespan,
    LowerBound lowerBound,
    TimeScale scale,
    Map<String, Object> stats) {
  public SolveResult {
    if (method == null || method.isEmpty()) {
      throw new IllegalArgumentException("a result needs a method name");
    }
    if (status == null) {
      throw new IllegalArgumentException("a result needs a status");
    }
    if (status.hasSchedule() && (schedule == null || makespan == null)) {
      throw new IllegalArgumentException("status " + status + " needs a schedule and a makespan");
    }
    if (lowerBound == null) {
      lowerBound = LowerBound.zero();
    }
    if (scale == null) {
      if (schedule == null) {
        throw new IllegalArgumentException(
            "a result without a schedule needs the time scale of its lower bound");
      }
      scale = schedule.scale();
    }
    if (schedule != null && !schedule.scale().equals(scale)) {
      throw new IllegalArgumentException(
          "the makespan and lower bound of a result are in its schedule's ticks ("
              + schedule.scale()
              + "), not "
              + scale);
    }
    stats = stats == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(stats));
  }

  /**
   * A result with a schedule: OPTIMAL if the bound meets the makespan, else FEASIBLE. Makespan and
   * bound are in ticks of the schedule's scale.
   */
  public static SolveResult feasible(
      String method, Schedule schedule, long makespan, LowerBound bound) {
    SolveStatus st =
        bound != null && bound.value() == makespan ? SolveStatus.OPTIMAL : SolveStatus.FEASIBLE;
    return new SolveResult(method, st, schedule, makespan, bound, schedule.scale(), Map.of());
  }

  /** The same result with one more statistic. */
  public SolveResult withStat(String key, Object value) {
    Map<String, Object> s = new LinkedHashMap<>(stats);
    s.put(key, value);
    return new SolveResult(method, status, schedule, makespan, lowerBound, scale, s);
  }

  /** The same result under another method name. */
  public SolveResult withMethod(String name) {
    return new SolveResult(name, status, schedule, makespan, lowerBound, scale, stats);
  }

  /** The same result with another status and lower bound (in ticks of {@link #scale()}). */
  public SolveResult withStatus(SolveStatus newStatus, LowerBound bound) {
    return new SolveResult(method, newStatus, schedule, makespan, bound, scale, stats);
  }

  /** True if a schedule is attached. */
  public boolean hasSchedule() {
    return schedule != null;
  }
}
