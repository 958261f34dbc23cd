package org.commsched.solver;

import org.commsched.core.solve.Method;
import org.commsched.solver.model.TaskModel;

/**
 * An exact method that builds a {@link TaskModel} and hands it to one back end: its name, its one-line summary and
 * the back end. The same builder under CP-SAT and under Choco is two methods (two subclasses), so the two back ends
 * cross-check each other on one model description.
 *
 * @implNote Immutable.
 */
abstract class TaskModelMethod implements Method {
  private final String name;
  private final String summary;
  /** The solver the model goes to. */
  protected final TaskModel.Backend backend;

  TaskModelMethod(String name, String summary, TaskModel.Backend backend) {
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
  public final boolean exact() {
    return true;
  }
}
