package org.commsched.solver;

import java.util.EnumSet;
import java.util.Set;
import org.commsched.core.model.Instance;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;

/**
 * Exact offline bufferless schedules with Choco: the same model as {@link CpSatBufferless} (chatting, scatter and
 * gather; all ports or single port; any network with the instance's routes), with a unit-capacity cumulative per
 * arc or port instead of NoOverlap.
 *
 * <p><b>Sources.</b> Chatting admissibility: Bhatt, Bilardi, Pucci, Ranade, Rosenberg and Schwabe, "On Bufferless
 * Routing of Variable Length Messages in Leveled Networks", §2.3 (chatting spec §1.5). Scatter and gather: Bhatt,
 * Pucci, Ranade and Rosenberg, "Scattering and Gathering Messages in Networks of Processors", in the form of spec
 * scatter-gather-bufferless.md §2.3 and §10 (M1-M3, M5).
 *
 * <p><b>Guarantee.</b> As {@link CpSatBufferless}, with Choco's objective lower bound as the bound at the time
 * limit. A second, independent back end: the tests hold the two against each other and against exhaustive search.
 *
 * @implNote Stateless.
 */
public final class ChocoBufferless implements Method {

  @Override
  public String name() {
    return "choco";
  }

  @Override
  public String summary() {
    return "exact bufferless schedule (chatting, scatter, gather): Choco, a disjunctive per arc or port over the "
        + "messages' hop tasks, minimise the makespan";
  }

  @Override
  public String guarantee() {
    return "optimal when status OPTIMAL; best found and the solver's bound at the time limit";
  }

  @Override
  public String citation() {
    return "Bhatt, Bilardi, Pucci, Ranade, Rosenberg, Schwabe, \"On Bufferless Routing of Variable Length "
        + "Messages in Leveled Networks\", §2.3; Bhatt, Pucci, Ranade, Rosenberg, \"Scattering and Gathering "
        + "Messages in Networks of Processors\", §1.2; CP model: this project";
  }

  @Override
  public boolean exact() {
    return true;
  }

  @Override
  public Set<ProblemKind> problems() {
    return EnumSet.of(ProblemKind.CHATTING, ProblemKind.SCATTER, ProblemKind.GATHER);
  }

  @Override
  public String scope() {
    return "bufferless, all or single ports; any network and routes";
  }

  @Override
  public String whyNot(Instance instance) {
    return BufferlessCp.whyNotOffline(name(), instance);
  }

  @Override
  public SolveResult solve(Instance instance, SolveLimits limits) {
    return solve(instance, limits, false);
  }

  /** As {@link #solve(Instance, SolveLimits)}; {@code alwaysSearch} runs Choco even when greedy meets the bound. */
  SolveResult solve(Instance instance, SolveLimits limits, boolean alwaysSearch) {
    String why = whyNot(instance);
    if (why != null) {
      throw new IllegalArgumentException(why);
    }
    return BufferlessCp.run(BufferlessCp.offline(instance, limits), name(), ChocoBackend.INSTANCE, limits, alwaysSearch);
  }
}
