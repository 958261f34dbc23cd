package org.commsched.solver;

import java.util.EnumSet;
import java.util.Set;
import org.commsched.core.model.Instance;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;

/**
 * The optimal bufferless gather among schedules whose nodes wait for a wake-up from the root, with Choco: the same
 * model and the same trace (data plus wake-ups) as {@link CpSatSyncGather}, an independent second back end.
 *
 * <p><b>Source.</b> Wake-up constraint (5) and Theorem 2 of Bhatt, Pucci, Ranade and Rosenberg, "Scattering and
 * Gathering Messages in Networks of Processors" (§3.1), in the form of spec scatter-gather-bufferless.md §5.1 and
 * §10 (M4); forward-first kept under single port (spec §13 A4).
 *
 * <p><b>Guarantee.</b> As {@link CpSatSyncGather}: {@code syncStatus} OPTIMAL when Choco's search completes, else
 * FEASIBLE with Choco's objective bound in {@code syncBound}; the result's status and bound are the offline
 * problem's.
 *
 * @implNote Stateless.
 */
public final class ChocoSyncGather implements Method {

  @Override
  public String name() {
    return "choco-sync";
  }

  @Override
  public String summary() {
    return "optimal gather under wake-ups from the root (forward-first under single port): Choco; the trace "
        + "carries the wake-ups";
  }

  @Override
  public String guarantee() {
    return "optimal among wake-up-constrained schedules when syncStatus is OPTIMAL; status and bound refer to the "
        + "offline problem";
  }

  @Override
  public String citation() {
    return "Bhatt, Pucci, Ranade, Rosenberg, \"Scattering and Gathering Messages in Networks of Processors\", "
        + "§3.1 (wake-up constraint (5), Theorem 2); CP model: this project";
  }

  @Override
  public boolean exact() {
    return true;
  }

  @Override
  public Set<ProblemKind> problems() {
    return EnumSet.of(ProblemKind.GATHER);
  }

  @Override
  public String scope() {
    return "bufferless, all or single ports; routes forming one tree toward the root, links both ways";
  }

  @Override
  public String whyNot(Instance instance) {
    return BufferlessCp.whyNotSync(name(), instance);
  }

  @Override
  public SolveResult solve(Instance instance, SolveLimits limits) {
    return solve(instance, limits, false);
  }

  /** As {@link #solve(Instance, SolveLimits)}; {@code alwaysSearch} runs Choco even when the hint meets the bound. */
  SolveResult solve(Instance instance, SolveLimits limits, boolean alwaysSearch) {
    String why = whyNot(instance);
    if (why != null) {
      throw new IllegalArgumentException(why);
    }
    return BufferlessCp.run(BufferlessCp.sync(instance), name(), ChocoBackend.INSTANCE, limits, alwaysSearch);
  }
}
