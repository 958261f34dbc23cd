package org.commsched.solver;

import java.util.EnumSet;
import java.util.Set;
import org.commsched.core.model.Instance;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;

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
  private final BufferlessCp.Backend backend;
  private final boolean sync;

  BufferlessCpMethod(String name, String summary, BufferlessCp.Backend backend, boolean sync) {
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
  public final Set<ProblemKind> problems() {
    return sync ? EnumSet.of(ProblemKind.GATHER)
        : EnumSet.of(ProblemKind.CHATTING, ProblemKind.SCATTER, ProblemKind.GATHER);
  }

  @Override
  public final String scope() {
    return sync ? "bufferless, all or single ports; routes forming one tree toward the root, links both ways"
        : "bufferless, all or single ports; any network and routes";
  }

  @Override
  public final String whyNot(Instance instance) {
    return sync ? BufferlessCp.whyNotSync(name, instance) : BufferlessCp.whyNotOffline(name, instance);
  }

  @Override
  public final SolveResult solve(Instance instance, SolveLimits limits) {
    return solve(instance, limits, false);
  }

  /**
   * As {@link #solve(Instance, SolveLimits)}; {@code alwaysSearch} (for tests) runs the back end on the bare model
   * even when the hint meets the bound.
   */
  final SolveResult solve(Instance instance, SolveLimits limits, boolean alwaysSearch) {
    String why = whyNot(instance);
    if (why != null) {
      throw new IllegalArgumentException(why);
    }
    BufferlessCp model = sync ? BufferlessCp.sync(instance) : BufferlessCp.offline(instance, limits);
    return BufferlessCp.run(model, name, backend, limits, alwaysSearch);
  }
}
