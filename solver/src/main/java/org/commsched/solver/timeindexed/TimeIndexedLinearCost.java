package org.commsched.solver.timeindexed;

import org.commsched.core.model.Family;
import org.commsched.core.model.Instance;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.solve.MethodFacts;
import org.commsched.core.solve.Scope;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveRun;
import org.commsched.solver.linearcost.LinearCostCp;

/**
 * {@code time-indexed-linear-cost} (answered by {@code time-indexed}): exact send, broadcast and
 * gossip schedules under the linear cost model by an independent formulation, a 0-1 model over
 * packets, unit memberships and steps of gcd(beta, tau) ticks ({@link LinearCostTimeIndexed})
 * solved by OR-Tools CP-SAT; it shares no model code with {@code cpsat-linear-cost} and {@code
 * choco-linear-cost} (docs/models/linear-cost.md#independent-formulation).
 *
 * <p><b>Guarantee.</b> OPTIMAL only when CP-SAT proves the grid optimal (the grid holds an optimal
 * schedule) or the best heuristic meets the lower bound; at the time limit the best found with
 * FEASIBLE and CP-SAT's bound; without a solution the heuristic's schedule with FEASIBLE.
 *
 * <p><b>Applicability.</b> Small instances only: at most {@value LinearCostTimeIndexed#MAX_UNITS}
 * units and {@value LinearCostTimeIndexed#MAX_BINARIES} unit-packet binaries; larger ones are
 * refused, pointing to {@code cpsat}.
 *
 * @implNote Stateless.
 */
public final class TimeIndexedLinearCost extends TimeIndexedMethod {
  private static final Scope SCOPE =
      Scope.of(ProblemKind.SEND, ProblemKind.BROADCAST, ProblemKind.GOSSIP)
          .in(Family.LINEAR_COST)
          .note(
              "small instances: at most "
                  + LinearCostTimeIndexed.MAX_UNITS
                  + " units and "
                  + LinearCostTimeIndexed.MAX_BINARIES
                  + " unit-packet binaries");

  /** The facts of {@code time-indexed-linear-cost}: the formulation is in the class javadoc. */
  static final MethodFacts FACTS =
      new MethodFacts(
          "time-indexed-linear-cost",
          "exact linear-cost schedule (send, broadcast, gossip), an independent formulation: a binary per arc, "
              + "packet size and start step of gcd(beta, tau) and one per unit in it, port rows per step, minimise the "
              + "makespan (CP-SAT, 0-1)",
          LinearCostCp.GUARANTEE,
          LinearCostCp.CITATION.replace(
              "CP model: this project", "time-indexed model: this project"),
          SCOPE,
          true);

  /** The method. */
  public TimeIndexedLinearCost() {
    super(FACTS);
  }

  /**
   * The grid reads each arc's beta, tau and channels ({@link LinearCostTimeIndexed}: a packet count
   * per channel).
   */
  @Override
  public boolean readsLinkCosts() {
    return true;
  }

  @Override
  String refusal(Instance instance, SolveRun run) {
    return LinearCostTimeIndexed.whyNot(instance, name(), run);
  }

  @Override
  SolveResult run(Instance instance, SolveLimits limits, boolean alwaysSearch, long started) {
    return LinearCostTimeIndexed.solve(instance, limits, name(), alwaysSearch, started);
  }
}
