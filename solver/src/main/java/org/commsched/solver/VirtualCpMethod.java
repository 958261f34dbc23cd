package org.commsched.solver;

import org.commsched.core.model.Instance;
import org.commsched.core.solve.Method;
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
abstract class VirtualCpMethod implements Method {
  private final String name;
  private final String summary;
  private final TaskModel.Backend backend;

  VirtualCpMethod(String name, String summary, TaskModel.Backend backend) {
    this.name = name;
    this.summary = summary;
    this.backend = backend;
  }

  @Override
  public final String name() {
    return name;
  }

  @Override
  public final String summary() {
    return summary;
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
  public final boolean exact() {
    return true;
  }

  @Override
  public final Scope scope() {
    return VirtualCp.SCOPE;
  }

  @Override
  public final SolveResult solve(Instance instance, SolveLimits limits) {
    long started = System.nanoTime(); // building the model counts toward the time limit
    requireApplies(instance);
    return new VirtualCp(instance).run(name, backend, limits, started);
  }
}
