package org.commsched.solver;

import java.util.List;
import org.commsched.core.model.Instance;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.MethodFacts;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.heuristics.baseline.Baselines;
import org.commsched.solver.linearcost.RangeBroadcastCp;
import org.commsched.solver.model.HintedSearch;

/**
 * {@code cpsat-ranges}: linear-cost broadcast under all ports with OR-Tools CP-SAT, every packet a
 * contiguous range of the message's units (in any order on an arc), so that the model's size
 * follows packets rather than units ({@link RangeBroadcastCp},
 * docs/models/linear-cost.md#range-model; this project, after the in-order lemma (Lemma 2.2.1) for
 * paths of D. B. Peters, "Bounds for Communication Problems in Interconnection Networks under a
 * Linear Cost Model"). {@code cpsat} answers a broadcast with it where the slot model ({@code
 * cpsat-linear-cost}) refuses by size (it counts its membership literals at {@code greedy-saf}'s
 * makespan; where the slot model takes a broadcast {@code cpsat} prefers it, its proof being a
 * proof).
 *
 * <p><b>Guarantee.</b> A valid schedule no longer than the best heuristic's; OPTIMAL only when it
 * meets the run's best lower bound (the range restriction is not proven to keep an optimum, so
 * CP-SAT's own proof and bound are never reported); else FEASIBLE with that lower bound. Hence not
 * flagged exact: alone it is a heuristic of the default's first phase, and it takes only the
 * broadcasts the exact slot model refuses by size (where {@code cpsat}'s search runs it again from
 * the best schedule found).
 *
 * <p><b>Complexity.</b> NP-hard in general; at most {@value RangeBroadcastCp#MAX_BOOLEANS} Booleans
 * (three per unit and packet slot) at the tree pipeline's horizon.
 *
 * @implNote Immutable.
 */
public final class CpSatRanges implements Method {
  /** The facts of {@code cpsat-ranges}. */
  static final MethodFacts FACTS =
      new MethodFacts(
          "cpsat-ranges",
          "linear-cost broadcast (all ports) with packets restricted to contiguous unit ranges:"
              + " CP-SAT, packet slots per arc bounded by the horizon, minimise the makespan",
          RangeBroadcastCp.GUARANTEE,
          RangeBroadcastCp.CITATION,
          RangeBroadcastCp.SCOPE,
          false);

  private final List<Method> heuristics;

  /** The method, its hint from the baselines. */
  public CpSatRanges() {
    this(null);
  }

  /** The method, its hint the best schedule of these heuristics (null: the baselines). */
  public CpSatRanges(List<Method> heuristics) {
    this.heuristics = heuristics == null ? Baselines.all() : List.copyOf(heuristics);
  }

  @Override
  public MethodFacts facts() {
    return FACTS;
  }

  @Override
  public String whyNotFurther(Instance instance) {
    if (org.commsched.solver.linearcost.LinearCostCp.whyNot(name(), instance, heuristics) == null) {
      return name()
          + " takes only broadcasts beyond the exact slot model's size (membership literals above "
          + org.commsched.solver.linearcost.LinearCostCp.MAX_LITERALS
          + " at the best heuristic makespan): use cpsat, which runs the slot model (exact) on this one";
    }
    String why = RangeBroadcastCp.whyNot(name(), instance);
    return why != null ? why : HintedSearch.whyNoStart(instance, heuristics, name(), "linear-cost");
  }

  @Override
  public SolveResult solve(Instance instance, SolveLimits limits) {
    long started = System.nanoTime();
    requireApplies(instance);
    return new RangeBroadcastCp(instance, heuristics, limits.run()).run(name(), limits, started);
  }
}
