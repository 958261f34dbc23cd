package org.commsched.core.check;

import java.util.List;
import org.commsched.core.time.TimeScale;

/**
 * What the checker found.
 *
 * @param violations every broken rule (empty if valid)
 * @param makespan the makespan recomputed from the schedule, in ticks of {@code scale}, or null if
 *     it cannot be computed (e.g. the schedule is of the wrong kind)
 * @param scale the time scale used
 * @implNote Immutable.
 */
public record CheckReport(List<Violation> violations, Long makespan, TimeScale scale) {
  public CheckReport {
    violations = List.copyOf(violations);
  }

  /** True if no rule is broken. */
  public boolean valid() {
    return violations.isEmpty();
  }
}
