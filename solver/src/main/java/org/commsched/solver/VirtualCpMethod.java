package org.commsched.solver;

import org.commsched.core.model.Instance;
import org.commsched.core.solve.Scope;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.solver.bufferless.VirtualCp;
import org.commsched.solver.model.TaskModel;

/**
 * What the exact virtual-schedule methods share: the model ({@link VirtualCp}), its scope, guarantee and citation,
 * and its solve flow; a subclass names the method and picks the back end, so the two back ends are the same method
 * twice.
 *
 * @implNote Immutable.
 */
abstract class VirtualCpMethod extends TaskModelMethod {
  VirtualCpMethod(String name, String summary, TaskModel.Backend backend) {
    super(name, summary, backend);
  }

  @Override
  public final String guarantee() {
    return VirtualCp.GUARANTEE;
  }

  @Override
  public final String citation() {
    return VirtualCp.CITATION;
  }

  @Override
  public final Scope scope() {
    return VirtualCp.SCOPE;
  }

  @Override
  public final SolveResult solve(Instance instance, SolveLimits limits) {
    long started = System.nanoTime(); // building the model counts toward the time limit
    requireApplies(instance);
    return new VirtualCp(instance).run(name(), backend, limits, started);
  }
}
