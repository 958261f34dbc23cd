package org.commsched.solver;

import org.commsched.core.model.Family;
import org.commsched.core.model.Instance;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.Scope;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.solver.bufferless.BufferlessCp;
import org.commsched.solver.model.TaskModel;

/**
 * What the exact methods on {@link BufferlessCp} share: the model (offline, or synchronization-aware gather), its
 * applicability, its guarantee and citation, and the solve flow of {@link BufferlessCp#run}; a subclass names the
 * method and picks the back end (CP-SAT or Choco), so the two back ends are the same method twice.
 *
 * @implNote Immutable.
 */
abstract class BufferlessCpMethod implements Method {
  private final String name;
  private final String summary;
  private final TaskModel.Backend backend;
  private final boolean sync;

  BufferlessCpMethod(String name, String summary, TaskModel.Backend backend, boolean sync) {
    this.name = name;
    this.summary = summary;
    this.backend = backend;
    this.sync = sync;
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
    return sync
        ? "optimal among wake-up-constrained schedules when syncStatus is OPTIMAL; status and bound refer to the "
            + "offline problem"
        : "optimal when status OPTIMAL; best found and the solver's bound at the time limit";
  }

  @Override
  public final String citation() {
    return sync
        ? "Bhatt, Pucci, Ranade, Rosenberg, \"Scattering and Gathering Messages in Networks of Processors\", "
            + "§3.1 (wake-up constraint (5), Theorem 2); CP model: this project"
        : "Bhatt, Bilardi, Pucci, Ranade, Rosenberg, Schwabe, \"On Bufferless Routing of Variable Length "
            + "Messages in Leveled Networks\", §2.3; Bhatt, Pucci, Ranade, Rosenberg, \"Scattering and Gathering "
            + "Messages in Networks of Processors\", §1.2; CP model: this project";
  }

  @Override
  public final boolean exact() {
    return true;
  }

  @Override
  public final Scope scope() {
    return sync ? SYNC : OFFLINE;
  }

  private static final Scope OFFLINE = Scope.of(ProblemKind.CHATTING, ProblemKind.SCATTER, ProblemKind.GATHER)
      .in(Family.BUFFERLESS_CHATTING, Family.BUFFERLESS_SCATTER_GATHER);

  private static final Scope SYNC = Scope.of(ProblemKind.GATHER).in(Family.BUFFERLESS_SCATTER_GATHER)
      .on(new Scope.NetworkTest("routes forming one tree toward the root, links both ways", i -> {
        String why = BufferlessCp.WakeTree.whyNot(i);
        return why == null ? null : "needs a wake-up tree, and " + why;
      }));

  @Override
  public final SolveResult solve(Instance instance, SolveLimits limits) {
    return solve(instance, limits, false);
  }

  /**
   * As {@link #solve(Instance, SolveLimits)}; {@code alwaysSearch} (for tests) runs the back end on the bare model
   * even when the hint meets the bound.
   */
  final SolveResult solve(Instance instance, SolveLimits limits, boolean alwaysSearch) {
    requireApplies(instance);
    BufferlessCp model = sync ? BufferlessCp.sync(instance) : BufferlessCp.offline(instance, limits);
    return BufferlessCp.run(model, name, backend, limits, alwaysSearch);
  }
}
