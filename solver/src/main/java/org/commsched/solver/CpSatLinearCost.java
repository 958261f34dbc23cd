package org.commsched.solver;

import java.util.List;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.MethodFacts;
import org.commsched.solver.cpsat.CpSatTaskModel;
import org.commsched.solver.linearcost.LinearCostCp;

/**
 * {@code cpsat-linear-cost} (answered by {@code cpsat}): exact send, broadcast and gossip schedules
 * under the linear cost model (F*, H*, F1, H1), packet contents, routes and times chosen together,
 * with OR-Tools CP-SAT.
 *
 * <p><b>Model</b> ({@link LinearCostCp}, docs/models/linear-cost.md#exact-model): per arc a bounded
 * number of packet slots with presence, start, size and a membership literal per unit, one arrival
 * time per node and unit, each unit delivered once to each node that needs it and sent only after
 * it arrived, a NoOverlap per resource of the port model; minimise the makespan. The problem of D.
 * B. Peters, "Bounds for Communication Problems in Interconnection Networks under a Linear Cost
 * Model".
 *
 * <p><b>Guarantee.</b> OPTIMAL when CP-SAT proves it or the best heuristic meets the lower bound
 * (the slot bound loses no schedule within the horizon); at the time limit the best schedule with
 * FEASIBLE and CP-SAT's bound; without a solution the heuristic's schedule with FEASIBLE. Time
 * limit, workers and seed from the limits.
 *
 * <p><b>Complexity.</b> NP-hard in general; up to {@value LinearCostCp#MAX_UNIT_ARCS} unit-arcs
 * taken as they are, above that at most {@value LinearCostCp#MAX_LITERALS} membership literals
 * (slots per arc bounded by {@code greedy-saf}'s makespan, times the units that may cross it).
 *
 * @implNote Stateless.
 */
public final class CpSatLinearCost extends LinearCostCpMethod {
  /** The facts of {@code cpsat-linear-cost}: the model is in the class javadoc. */
  static final MethodFacts FACTS =
      new MethodFacts(
          "cpsat-linear-cost",
          "exact linear-cost schedule (send, broadcast, gossip): CP-SAT, packet slots per arc with unit membership, "
              + "arrival times, NoOverlap per port resource, minimise the makespan",
          LinearCostCp.GUARANTEE,
          LinearCostCp.CITATION,
          LinearCostCp.SCOPE,
          true);

  /** The method, its hint from the baselines. */
  public CpSatLinearCost() {
    this(null);
  }

  /** The method, its hint the best schedule of these heuristics (null: the baselines). */
  public CpSatLinearCost(List<Method> heuristics) {
    super(FACTS, CpSatTaskModel.INSTANCE, heuristics);
  }
}
