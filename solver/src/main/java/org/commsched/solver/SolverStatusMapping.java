package org.commsched.solver;

import com.google.ortools.sat.CpSolverStatus;
import org.commsched.core.solve.SolveStatus;

/**
 * How the exact back ends' outcomes read as a {@link SolveStatus}.
 *
 * <table>
 *   <caption>CP-SAT</caption>
 *   <tr><th>CpSolverStatus</th><th>SolveStatus</th></tr>
 *   <tr><td>OPTIMAL</td><td>OPTIMAL</td></tr>
 *   <tr><td>FEASIBLE</td><td>FEASIBLE</td></tr>
 *   <tr><td>INFEASIBLE</td><td>INFEASIBLE</td></tr>
 *   <tr><td>UNKNOWN, MODEL_INVALID, UNRECOGNIZED</td><td>UNKNOWN</td></tr>
 * </table>
 *
 * <table>
 *   <caption>Choco (optimisation run)</caption>
 *   <tr><th>solution found</th><th>search complete</th><th>SolveStatus</th></tr>
 *   <tr><td>yes</td><td>yes</td><td>OPTIMAL</td></tr>
 *   <tr><td>yes</td><td>no (a limit stopped it)</td><td>FEASIBLE</td></tr>
 *   <tr><td>no</td><td>yes</td><td>INFEASIBLE</td></tr>
 *   <tr><td>no</td><td>no</td><td>UNKNOWN</td></tr>
 * </table>
 *
 * <p>The methods replace UNKNOWN (and INFEASIBLE, which would contradict the hint) by the heuristic's schedule with
 * FEASIBLE, so a caller never sees a status without a schedule when a heuristic has one.
 */
final class SolverStatusMapping {
  private SolverStatusMapping() {
  }

  /** CP-SAT's status as ours. */
  static SolveStatus fromCpSat(CpSolverStatus status) {
    if (status == null) {
      return SolveStatus.UNKNOWN;
    }
    switch (status) {
      case OPTIMAL:
        return SolveStatus.OPTIMAL;
      case FEASIBLE:
        return SolveStatus.FEASIBLE;
      case INFEASIBLE:
        return SolveStatus.INFEASIBLE;
      default:
        return SolveStatus.UNKNOWN;
    }
  }

  /**
   * Choco's outcome as ours.
   *
   * @param solutionFound the search found at least one solution
   * @param searchComplete the search ended by exhausting the tree, not by a limit
   */
  static SolveStatus fromChoco(boolean solutionFound, boolean searchComplete) {
    if (solutionFound) {
      return searchComplete ? SolveStatus.OPTIMAL : SolveStatus.FEASIBLE;
    }
    return searchComplete ? SolveStatus.INFEASIBLE : SolveStatus.UNKNOWN;
  }
}
