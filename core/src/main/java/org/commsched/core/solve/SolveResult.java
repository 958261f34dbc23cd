package org.commsched.core.solve;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.commsched.core.model.Schedule;

/**
 * The outcome of one solve run, and the content of a schedule file.
 *
 * @param method method name
 * @param status what the run proved
 * @param schedule the schedule, or null when the status carries none
 * @param makespan makespan in ticks of the schedule's scale, or null without a schedule
 * @param lowerBound the best lower bound the run knows (never null; at worst {@link LowerBound#zero()})
 * @param stats extra figures (e.g. virtual duration, solver wall time); string or number values
 * @implNote Immutable.
 */
public record SolveResult(String method, SolveStatus status, Schedule schedule, Long makespan,
    LowerBound lowerBound, Map<String, Object> stats) {
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
    stats = stats == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(stats));
  }

  /** A feasible (not proven optimal) result. */
  public static SolveResult feasible(String method, Schedule schedule, long makespan, LowerBound bound) {
    SolveStatus st = bound != null && bound.value() == makespan ? SolveStatus.OPTIMAL : SolveStatus.FEASIBLE;
    return new SolveResult(method, st, schedule, makespan, bound, Map.of());
  }

  /** The same result with one more statistic. */
  public SolveResult withStat(String key, Object value) {
    Map<String, Object> s = new LinkedHashMap<>(stats);
    s.put(key, value);
    return new SolveResult(method, status, schedule, makespan, lowerBound, s);
  }

  /** True if a schedule is attached. */
  public boolean hasSchedule() {
    return schedule != null;
  }
}
