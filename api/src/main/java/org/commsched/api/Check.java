package org.commsched.api;

import java.util.List;
import java.util.Optional;
import org.commsched.core.check.CheckReport;
import org.commsched.core.check.Violation;

/**
 * The independent checker's verdict on a schedule and its claims (makespan, status, lower bound):
 * valid when it found no violation.
 *
 * @param report the checker's report, every violation with its place and time
 * @implNote Immutable.
 */
public record Check(CheckReport report) {
  /** True when the schedule meets every rule of its model and every claim holds. */
  public boolean valid() {
    return report.valid();
  }

  /** The violations found, first first; empty when valid. */
  public List<Violation> violations() {
    return report.violations();
  }

  /** The makespan the checker measured, if the schedule was complete enough to have one. */
  public Optional<Time> makespan() {
    return Optional.ofNullable(report.makespan()).map(t -> new Time(t, report.scale()));
  }
}
