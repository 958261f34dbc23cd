package org.commsched.solver.timeindexed;

import org.commsched.core.model.Instance;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.MethodFacts;
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
  private final MethodFacts facts;

  /** @param facts the subclass's facts (exact: a 0-1 formulation proves optimality when CP-SAT does) */
  TimeIndexedMethod(MethodFacts facts) {
    if (!facts.exact()) {
      throw new IllegalArgumentException(facts.name() + ": a time-indexed method is exact");
    }
    this.facts = facts;
  }

  @Override
  public final MethodFacts facts() {
    return facts;
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
    long started = System.nanoTime(); // the size check below (which may run heuristics) counts toward the limit
    requireApplies(instance);
    return run(instance, limits, alwaysSearch, started);
  }

  /** The formulation's size refusal (naming the method), or null. */
  abstract String refusal(Instance instance);

  /**
   * The formulation's solve flow on an instance it accepts, ending by {@code started} ({@link System#nanoTime()}, when
   * the method was called) plus the time limit.
   */
  abstract SolveResult run(Instance instance, SolveLimits limits, boolean alwaysSearch, long started);
}
