package org.commsched.solver;

import org.commsched.core.model.Instance;
import org.commsched.core.solve.MethodFacts;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.solver.bufferless.VirtualCp;
import org.commsched.solver.model.TaskModel;

/**
 * What the exact virtual-schedule methods share: the model ({@link VirtualCp}), its scope,
 * guarantee and citation, and its solve flow; a subclass names the method and picks the back end,
 * so the two back ends are the same method twice.
 *
 * @implNote Immutable.
 */
abstract class VirtualCpMethod extends TaskModelMethod {
  VirtualCpMethod(MethodFacts facts, TaskModel.Backend backend) {
    super(facts, backend);
  }

  @Override
  public final SolveResult solve(Instance instance, SolveLimits limits) {
    long started = System.nanoTime(); // building the model counts toward the time limit
    requireApplies(instance);
    return new VirtualCp(instance).run(name(), backend, limits, started);
  }
}
