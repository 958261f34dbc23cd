package org.commsched.solver;

import org.commsched.core.solve.Method;
import org.commsched.core.solve.MethodFacts;
import org.commsched.solver.model.TaskModel;

/**
 * An exact method that builds a {@link TaskModel} and hands it to one back end: its facts (declared
 * by the subclass) and the back end. The same builder under CP-SAT and under Choco is two methods
 * (two subclasses), so the two back ends cross-check each other on one model description.
 *
 * @implNote Immutable.
 */
abstract class TaskModelMethod implements Method {
  private final MethodFacts facts;

  /** The solver the model goes to. */
  protected final TaskModel.Backend backend;

  /**
   * @param facts the subclass's facts (exact: a task model proves optimality when its back end
   *     does)
   * @param backend the solver the model goes to
   */
  TaskModelMethod(MethodFacts facts, TaskModel.Backend backend) {
    if (!facts.exact()) {
      throw new IllegalArgumentException(facts.name() + ": a task-model method is exact");
    }
    this.facts = facts;
    this.backend = backend;
  }

  @Override
  public final MethodFacts facts() {
    return facts;
  }
}
