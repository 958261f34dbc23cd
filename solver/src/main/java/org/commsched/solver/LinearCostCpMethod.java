package org.commsched.solver;

import java.util.List;
import org.commsched.core.model.Instance;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.MethodFacts;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.heuristics.baseline.Baselines;
import org.commsched.solver.linearcost.LinearCostCp;
import org.commsched.solver.model.TaskModel;

/**
 * What the exact linear-cost methods share: the model ({@link LinearCostCp},
 * docs/models/linear-cost.md#exact-model), its scope, size limit, guarantee and citation, the
 * heuristics whose best schedule is the hint, and its solve flow; a subclass names the method and
 * picks the back end. The generic {@code cpsat} and {@code choco} answer send, broadcast and gossip
 * instances with them ({@link ExactDispatch}).
 *
 * @implNote Immutable.
 */
abstract class LinearCostCpMethod extends TaskModelMethod {
  private final List<Method> heuristics;

  LinearCostCpMethod(MethodFacts facts, TaskModel.Backend backend, List<Method> heuristics) {
    super(facts, backend);
    this.heuristics = heuristics == null ? Baselines.all() : List.copyOf(heuristics);
  }

  /**
   * The model reads each arc's beta, tau and channels ({@link LinearCostCp}: one row of packet
   * slots per channel).
   */
  @Override
  public final boolean readsLinkCosts() {
    return true;
  }

  @Override
  public final String whyNotFurther(Instance instance) {
    String why = LinearCostCp.whyNot(name(), instance, heuristics);
    return why != null
        ? why
        : org.commsched.solver.model.HintedSearch.whyNoStart(
            instance, heuristics, name(), "linear-cost");
  }

  @Override
  public final SolveResult solve(Instance instance, SolveLimits limits) {
    long started =
        System.nanoTime(); // building the model (and the hint) counts toward the time limit
    requireApplies(instance);
    return new LinearCostCp(instance, heuristics, limits.run())
        .run(name(), backend, limits, started);
  }
}
