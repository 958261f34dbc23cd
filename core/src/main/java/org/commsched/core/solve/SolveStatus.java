package org.commsched.core.solve;

/** What a solve run proved. Running out of time is a status, never an exception or a null. */
public enum SolveStatus {
  /** The schedule is proven optimal. */
  OPTIMAL,
  /** A valid schedule, not proven optimal. */
  FEASIBLE,
  /** Proven to have no schedule. */
  INFEASIBLE,
  /** No schedule found in time. */
  UNKNOWN;

  /** True if a run with this status carries a schedule. */
  public boolean hasSchedule() {
    return this == OPTIMAL || this == FEASIBLE;
  }
}
