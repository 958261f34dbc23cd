package org.commsched.solver.model;

import com.google.ortools.sat.CpSolver;
import com.google.ortools.sat.CpSolverStatus;
import org.chocosolver.solver.Solver;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.solve.SolveStatus;

/**
 * How the exact back ends' outcomes read as ours: the status, the solver's bound, the lower bound a
 * method posts and the decision OPTIMAL. Every CP-SAT user (the {@code cpsat} and {@code
 * cpsat-sync} back end, {@code cpsat-virtual}, the repair model of {@code lns}) and every Choco
 * user (the {@code choco} and {@code choco-sync} back end, {@code choco-virtual}) reads its solver
 * through this class.
 *
 * <table>
 *   <caption>CP-SAT</caption>
 *   <tr><th>CpSolverStatus</th><th>SolveStatus</th></tr>
 *   <tr><td>OPTIMAL</td><td>OPTIMAL</td></tr>
 *   <tr><td>FEASIBLE</td><td>FEASIBLE</td></tr>
 *   <tr><td>INFEASIBLE</td><td>INFEASIBLE</td></tr>
 *   <tr><td>UNKNOWN (a limit stopped it before a solution)</td><td>UNKNOWN</td></tr>
 *   <tr><td>MODEL_INVALID, UNRECOGNIZED, none</td><td>IllegalStateException: the model we built is wrong, or the
 *       library answers in a way this build does not know; either is a bug of ours, not an outcome</td></tr>
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
 * <p>The methods replace UNKNOWN (and INFEASIBLE, which would contradict the hint) by the
 * heuristic's schedule with FEASIBLE, so a caller never sees a status without a schedule when a
 * heuristic has one.
 */
public final class SolverStatusMapping {
  private SolverStatusMapping() {}

  /**
   * A back end's answer in our terms.
   *
   * @param status the mapped status
   * @param bound the solver's lower bound on the objective when it stopped (CP-SAT's objective
   *     bound rounded up; Choco's best objective lower bound, 0 if it has none)
   * @param outcome the solver's own word for it: CP-SAT's status name, Choco's {@code complete} or
   *     {@code stopped}
   */
  public record Answer(SolveStatus status, long bound, String outcome) {
    /** True if the search proved its best solution optimal. */
    public boolean optimal() {
      return status == SolveStatus.OPTIMAL;
    }

    /** True if the search found a solution. */
    public boolean hasSchedule() {
      return status.hasSchedule();
    }
  }

  /**
   * CP-SAT's status as ours.
   *
   * @throws IllegalStateException for MODEL_INVALID, UNRECOGNIZED or no status (see the class
   *     table)
   */
  public static SolveStatus fromCpSat(CpSolverStatus status) {
    if (status == null) {
      throw new IllegalStateException("CP-SAT returned no status");
    }
    switch (status) {
      case OPTIMAL:
        return SolveStatus.OPTIMAL;
      case FEASIBLE:
        return SolveStatus.FEASIBLE;
      case INFEASIBLE:
        return SolveStatus.INFEASIBLE;
      case UNKNOWN:
        return SolveStatus.UNKNOWN;
      default:
        throw new IllegalStateException(
            "CP-SAT answered "
                + status.name()
                + ": the model built for it is wrong, "
                + "or this OR-Tools version answers in a way this build does not know");
    }
  }

  /**
   * Choco's outcome as ours.
   *
   * @param solutionFound the search found at least one solution
   * @param searchComplete the search ended by exhausting the tree, not by a limit
   */
  public static SolveStatus fromChoco(boolean solutionFound, boolean searchComplete) {
    if (solutionFound) {
      return searchComplete ? SolveStatus.OPTIMAL : SolveStatus.FEASIBLE;
    }
    return searchComplete ? SolveStatus.INFEASIBLE : SolveStatus.UNKNOWN;
  }

  /** A finished CP-SAT solve: {@code raw} is what {@code solver.solve} returned. */
  public static Answer cpSat(CpSolverStatus raw, CpSolver solver) {
    SolveStatus status = fromCpSat(raw);
    return new Answer(status, (long) Math.ceil(solver.bestObjectiveBound() - 1e-6), raw.name());
  }

  /**
   * A finished Choco optimisation: {@code solutionFound} says whether any {@code solve()} call
   * succeeded.
   */
  public static Answer choco(boolean solutionFound, Solver solver) {
    boolean complete = !solver.isStopCriterionMet() && !solver.hasEndedUnexpectedly();
    SolveStatus status = fromChoco(solutionFound, complete);
    Number lb = status.hasSchedule() ? solver.getObjectiveManager().getBestLB() : null;
    return new Answer(status, lb == null ? 0 : lb.longValue(), complete ? "complete" : "stopped");
  }

  /**
   * The lower bound a method posts after a search: the {@code posted} bound when it already meets
   * the makespan; else the makespan itself when the search proved it optimal; else the solver's
   * bound when it is larger than the posted one; else the posted one. The new bounds are of kind
   * {@code CP} and read "{@code proof} N{@code note}", with {@code atOptimum} or {@code atLimit} as
   * the note.
   *
   * @param solverBound the solver's bound, at most the makespan
   */
  public static LowerBound posted(
      LowerBound posted,
      boolean optimal,
      long makespan,
      long solverBound,
      String proof,
      String atOptimum,
      String atLimit) {
    if (posted.value() >= makespan) {
      return posted;
    }
    if (optimal) {
      return new LowerBound(makespan, "CP", proof + " " + makespan + atOptimum);
    }
    if (solverBound > posted.value()) {
      return new LowerBound(solverBound, "CP", proof + " " + solverBound + atLimit);
    }
    return posted;
  }

  /**
   * OPTIMAL when the bound equals the makespan, else FEASIBLE (for a schedule in hand). A bound
   * above the makespan is a bug somewhere: the result stays FEASIBLE and keeps the bound, so the
   * checker reports the conflict.
   */
  public static SolveStatus decide(LowerBound bound, long makespan) {
    return bound.value() == makespan ? SolveStatus.OPTIMAL : SolveStatus.FEASIBLE;
  }
}
