package org.commsched.solver;

import java.util.List;
import org.commsched.core.model.Instance;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.MethodFacts;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.heuristics.baseline.Baselines;
import org.commsched.solver.linearcost.StepCp;
import org.commsched.solver.model.HintedSearch;

/**
 * {@code cpsat-steps}: exact linear-cost send, broadcast and gossip on a step grid, with OR-Tools
 * CP-SAT, where every packet takes one step ({@code beta = 0}: unit packets of {@code tau}; {@code
 * tau = 0}: packets of {@code beta}, e.g. telephone broadcast; one unit in all: {@code beta +
 * tau}). {@code cpsat} answers such instances with it ({@link #orSlots}), the others with the slot
 * model ({@code cpsat-linear-cost}).
 *
 * <p><b>Model</b> ({@link StepCp}, docs/models/linear-cost.md#step-model): a Boolean per unit, arc
 * and step and per unit, node and step (the step encoding of Cai et al., "Synthesizing optimal
 * collective algorithms", PPoPP 2021), port rules per step, "done by step t" literals; minimise the
 * last step.
 *
 * <p><b>Guarantee.</b> OPTIMAL when CP-SAT proves it or the hint meets the lower bound (where the
 * model applies, the grid and unit packets lose no schedule); at the time limit the best schedule
 * with FEASIBLE and CP-SAT's bound.
 *
 * <p><b>Complexity.</b> NP-hard in general; at most {@value StepCp#MAX_BOOLEANS} Booleans at the
 * horizon of its greedy flood. Not registered with Choco or the time-indexed family, which stay
 * independent cross-checks.
 *
 * @implNote Immutable.
 */
public final class CpSatSteps implements Method {
  /** The facts of {@code cpsat-steps}. */
  static final MethodFacts FACTS =
      new MethodFacts(
          "cpsat-steps",
          "exact linear-cost schedule (send, broadcast, gossip) where every packet takes one step (beta 0, tau 0, or "
              + "one unit): CP-SAT, a Boolean per unit, arc and step, minimise the last step",
          StepCp.GUARANTEE,
          StepCp.CITATION,
          StepCp.SCOPE,
          true);

  private final List<Method> heuristics;

  /** The method, its hint from the baselines. */
  public CpSatSteps() {
    this(null);
  }

  /** The method, its hint the best schedule of these heuristics (null: the baselines). */
  public CpSatSteps(List<Method> heuristics) {
    this.heuristics = heuristics == null ? Baselines.all() : List.copyOf(heuristics);
  }

  @Override
  public MethodFacts facts() {
    return FACTS;
  }

  @Override
  public String whyNotFurther(Instance instance) {
    String why = StepCp.whyNot(name(), instance);
    return why != null ? why : HintedSearch.whyNoStart(instance, heuristics, name(), "linear-cost");
  }

  @Override
  public SolveResult solve(Instance instance, SolveLimits limits) {
    long started = System.nanoTime();
    requireApplies(instance);
    return new StepCp(instance, heuristics, limits.run()).run(name(), limits, started);
  }

  /**
   * {@code cpsat}'s linear-cost route: {@code cpsat-steps} where it applies, else {@code
   * cpsat-linear-cost} (named so, so that refusals read as the slot model's).
   */
  static Method orSlots(List<Method> heuristics) {
    return new OrSlots(
        new CpSatSteps(heuristics), new CpSatLinearCost(heuristics), new CpSatRanges(heuristics));
  }

  /**
   * The choice of {@link #orSlots}: the step model where it applies, else the slot model, else (a
   * broadcast beyond the slot model's size) the range model, which proves only by the bound.
   */
  private record OrSlots(Method steps, Method slots, Method ranges) implements Method {
    @Override
    public MethodFacts facts() {
      MethodFacts s = slots.facts();
      return new MethodFacts(
          s.name(),
          "where every packet takes one step, "
              + steps.name()
              + " ("
              + steps.summary()
              + "); else "
              + s.summary()
              + "; a broadcast beyond its size: "
              + ranges.name()
              + " ("
              + ranges.summary()
              + ")",
          s.guarantee(),
          steps.citation() + "; " + s.citation(),
          s.scope(),
          true);
    }

    /**
     * Null if either model takes the instance; else the step model's refusal (under this name) when
     * the instance is on its grid (it says the model's real size), the slot model's otherwise.
     */
    @Override
    public String whyNot(Instance instance) {
      String s = steps.whyNot(instance);
      if (s == null) {
        return null;
      }
      String l = slots.whyNot(instance);
      if (l != null && ranges.whyNot(instance) == null) {
        return null;
      }
      if (l == null || !StepCp.onGrid(instance)) {
        return l;
      }
      return s.replaceFirst("^" + java.util.regex.Pattern.quote(steps.name()), name());
    }

    @Override
    public SolveResult solve(Instance instance, SolveLimits limits) {
      if (steps.whyNot(instance) == null) {
        return steps.solve(instance, limits);
      }
      return slots.whyNot(instance) == null || ranges.whyNot(instance) != null
          ? slots.solve(instance, limits)
          : ranges.solve(instance, limits);
    }
  }
}
