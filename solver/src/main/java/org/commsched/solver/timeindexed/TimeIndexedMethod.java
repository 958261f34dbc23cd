package org.commsched.solver.timeindexed;

import org.commsched.core.model.Instance;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.Scope;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;

/**
 * What the time-indexed methods share: a name, its words, an exact method whose refusal and solve flow come from
 * one formulation. A subclass names the formulation ({@link TimeIndexed}, {@link TimeIndexedVirtual},
 * {@link TimeIndexedPacket}, {@link TimeIndexedLinearCost}).
 *
 * @implNote Immutable.
 */
public abstract class TimeIndexedMethod implements Method {
  private final String name;
  private final String summary;
  private final String guarantee;
  private final String citation;
  private final Scope scope;

  TimeIndexedMethod(String name, String summary, String guarantee, String citation, Scope scope) {
    this.name = name;
    this.summary = summary;
    this.guarantee = guarantee;
    this.citation = citation;
    this.scope = scope;
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
    return guarantee;
  }

  @Override
  public final String citation() {
    return citation;
  }

  @Override
  public final boolean exact() {
    return true;
  }

  @Override
  public final Scope scope() {
    return scope;
  }

  @Override
  public final String whyNotFurther(Instance instance) {
    return refusal(instance);
  }

  @Override
  public final SolveResult solve(Instance instance, SolveLimits limits) {
    return solve(instance, limits, false);
  }

  /**
   * As {@link #solve(Instance, SolveLimits)}; {@code alwaysSearch} (for tests) searches the grid with no posted
   * floor even when the heuristic meets the bound, so that no bound can hide a wrong row.
   */
  public final SolveResult solve(Instance instance, SolveLimits limits, boolean alwaysSearch) {
    requireApplies(instance);
    return run(instance, limits, alwaysSearch);
  }

  /** The formulation's size refusal (naming the method), or null. */
  abstract String refusal(Instance instance);

  /** The formulation's solve flow on an instance it accepts. */
  abstract SolveResult run(Instance instance, SolveLimits limits, boolean alwaysSearch);
}
