package org.commsched.solver.timeindexed;

import org.commsched.core.model.Instance;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.MethodFacts;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveRun;

/**
 * What the time-indexed methods share: a name, its words, an exact method whose refusal and solve
 * flow come from one formulation. A subclass names the formulation ({@link TimeIndexed}, {@link
 * TimeIndexedVirtual}, {@link TimeIndexedPacket}, {@link TimeIndexedLinearCost}).
 *
 * @implNote Immutable.
 */
public abstract class TimeIndexedMethod implements Method {
  private final MethodFacts facts;

  /**
   * @param facts the subclass's facts (exact: a 0-1 formulation proves optimality when CP-SAT does)
   */
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

  /**
   * The size refusal outside a solve: the formulation's start (the heuristic schedule its horizon
   * comes from) is computed in a detached run of its own, thrown away after.
   */
  @Override
  public final String whyNotFurther(Instance instance) {
    return refusal(instance, SolveLimits.defaults().run());
  }

  @Override
  public final SolveResult solve(Instance instance, SolveLimits limits) {
    return solve(instance, limits, false);
  }

  /**
   * As {@link #solve(Instance, SolveLimits)}; {@code alwaysSearch} (for tests) searches the grid
   * with no posted floor even when the heuristic meets the bound, so that no bound can hide a wrong
   * row. The size check is made in the run ({@code limits.run()}): the start it sizes the grid from
   * is the run's ({@link SolveRun#derived}: its incumbent, or the heuristics run once through the
   * run), and the grid built is that one.
   */
  public final SolveResult solve(Instance instance, SolveLimits limits, boolean alwaysSearch) {
    long started =
        System
            .nanoTime(); // the size check below (which may run heuristics) counts toward the limit
    String why = scope().whyNot(name(), instance);
    if (why == null) {
      why = refusal(instance, limits.run());
    }
    if (why != null) {
      throw new IllegalArgumentException(why);
    }
    return run(instance, limits, alwaysSearch, started);
  }

  /**
   * The formulation's size refusal (naming the method), or null, sized from the start schedule
   * {@code run} holds or computes (the one {@link #run} builds its grid from).
   */
  abstract String refusal(Instance instance, SolveRun run);

  /**
   * The formulation's solve flow on an instance it accepts, ending by {@code started} ({@link
   * System#nanoTime()}, when the method was called) plus the time limit; its start is the run's
   * ({@code limits.run()}).
   */
  abstract SolveResult run(
      Instance instance, SolveLimits limits, boolean alwaysSearch, long started);
}
