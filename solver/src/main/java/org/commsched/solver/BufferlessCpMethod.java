package org.commsched.solver;

import org.commsched.core.model.Family;
import org.commsched.core.model.Instance;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.solve.MethodFacts;
import org.commsched.core.solve.Scope;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.solver.bufferless.BufferlessCp;
import org.commsched.solver.model.TaskModel;

/**
 * What the exact methods on {@link BufferlessCp} share: the model (offline, or
 * synchronization-aware gather), its applicability, its guarantee and citation, and the solve flow
 * of {@link BufferlessCp#run}; a subclass names the method and picks the back end (CP-SAT or
 * Choco), so the two back ends are the same method twice.
 *
 * @implNote Immutable.
 */
abstract class BufferlessCpMethod extends TaskModelMethod {
  private final boolean sync;

  BufferlessCpMethod(MethodFacts facts, TaskModel.Backend backend, boolean sync) {
    super(facts, backend);
    this.sync = sync;
  }

  /** The guarantee of the offline models ({@code cpsat}, {@code choco}). */
  static final String GUARANTEE =
      "optimal when status OPTIMAL; best found and the solver's bound at the time limit";

  /** The guarantee of the wake-up models ({@code cpsat-sync}, {@code choco-sync}). */
  static final String SYNC_GUARANTEE =
      "optimal among wake-up-constrained schedules when syncStatus is OPTIMAL; "
          + "status and bound refer to the offline problem";

  /** The sources of the offline models. */
  static final String CITATION =
      "Bhatt, Bilardi, Pucci, Ranade, Rosenberg, Schwabe, \"On Bufferless Routing of "
          + "Variable Length Messages in Leveled Networks\", §2.3; Bhatt, Pucci, Ranade, Rosenberg, \"Scattering and "
          + "Gathering Messages in Networks of Processors\", §1.2; CP model: this project";

  /** The sources of the wake-up models. */
  static final String SYNC_CITATION =
      "Bhatt, Pucci, Ranade, Rosenberg, \"Scattering and Gathering Messages in "
          + "Networks of Processors\", §3.1 (wake-up constraint (5), Theorem 2); CP model: this project";

  /** The scope of the offline models: bufferless chatting, scatter and gather. */
  static final Scope OFFLINE =
      Scope.of(ProblemKind.CHATTING, ProblemKind.SCATTER, ProblemKind.GATHER)
          .in(Family.BUFFERLESS_CHATTING, Family.BUFFERLESS_SCATTER_GATHER);

  /** The scope of the wake-up models: a gather whose routes form one tree toward the root. */
  static final Scope SYNC =
      Scope.of(ProblemKind.GATHER)
          .in(Family.BUFFERLESS_SCATTER_GATHER)
          .on(
              new Scope.NetworkTest(
                  "routes forming one tree toward the root, links both ways",
                  i -> {
                    String why = BufferlessCp.whyNotSync(i);
                    return why == null ? null : "needs a wake-up tree, and " + why;
                  }));

  @Override
  public final SolveResult solve(Instance instance, SolveLimits limits) {
    return solve(instance, limits, false);
  }

  /**
   * As {@link #solve(Instance, SolveLimits)}; {@code alwaysSearch} (for tests) runs the back end on
   * the bare model even when the hint meets the bound.
   */
  final SolveResult solve(Instance instance, SolveLimits limits, boolean alwaysSearch) {
    requireApplies(instance);
    BufferlessCp model =
        sync ? BufferlessCp.sync(instance) : BufferlessCp.offline(instance, limits);
    return BufferlessCp.run(model, name(), backend, limits, alwaysSearch);
  }
}
