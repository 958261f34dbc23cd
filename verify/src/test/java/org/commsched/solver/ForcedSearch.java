package org.commsched.solver;

import org.commsched.core.model.Instance;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;

/**
 * Test-only bridge for the {@code verify} suites: runs the exact models with their package-private
 * {@code alwaysSearch} flag, so the bare CP model searches even when the greedy hint (or the
 * wake-up broadcast hint) already meets a lower bound. Without it, {@code cpsat} on a scatter or
 * gather instance with tree routes answers from greedy without searching (docs/DESIGN.md, "Exact
 * models"), and a cross-check against it would only compare a heuristic with greedy and the bound.
 * This class lives in the solver's package in the verify module's test sources; it adds no
 * behaviour.
 */
public final class ForcedSearch {
  private ForcedSearch() {}

  /** {@code cpsat} (offline model), searching the bare model. */
  public static SolveResult cpsat(Instance instance, SolveLimits limits) {
    return new CpSatBufferless().solve(instance, limits, true);
  }

  /** {@code choco} (offline model), searching the bare model. */
  public static SolveResult choco(Instance instance, SolveLimits limits) {
    return new ChocoBufferless().solve(instance, limits, true);
  }

  /** {@code cpsat-sync} (gather under wake-ups), searching the bare model. */
  public static SolveResult cpsatSync(Instance instance, SolveLimits limits) {
    return new CpSatSyncGather().solve(instance, limits, true);
  }

  /** {@code choco-sync} (gather under wake-ups), searching the bare model. */
  public static SolveResult chocoSync(Instance instance, SolveLimits limits) {
    return new ChocoSyncGather().solve(instance, limits, true);
  }
}
