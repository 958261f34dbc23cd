package org.commsched.solver;

import java.util.EnumSet;
import org.commsched.core.check.CheckReport;
import org.commsched.core.check.Conformance;
import org.commsched.core.check.ScheduleChecker;
import org.commsched.core.model.Instance;
import org.commsched.core.recognise.Recognition;
import org.commsched.core.solve.Cpu;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveRun;
import org.commsched.core.solve.SolveStatus;
import org.commsched.core.solve.StopToken;
import org.commsched.heuristics.bufferless.scattergather.SpanningTrees;

/**
 * Runs one method on one instance the way every entry point should: routes it along the spanning
 * tree the options ask for ({@link #route}), posts the best known lower bound, upgrades the status
 * to OPTIMAL when the makespan meets that bound, and checks the returned schedule with the
 * independent checker before anyone sees it. Each run is a {@link SolveRun} ({@link #start}): the
 * bounds, the incumbent and its check, the progress and the stop token are the run's, so parallel
 * runs share nothing mutable.
 */
public final class SolveRunner {
  private SolveRunner() {}

  /**
   * The outcome of a run.
   *
   * @param result the result, with the best lower bound attached
   * @param report the checker's verdict on the result (null if there is no schedule)
   * @param nanos wall time of the method
   * @param instance the instance the method solved and the checker checked: the given one, or its
   *     copy routed along the spanning tree of the {@code spanning-tree} option
   * @param run the run (its counts of method runs and checks, its incumbent)
   */
  public record Outcome(
      SolveResult result, CheckReport report, long nanos, Instance instance, SolveRun run) {
    /** True if a schedule is attached and the checker accepts it together with every claim. */
    public boolean valid() {
      return report != null && report.valid();
    }
  }

  /**
   * The instance a run solves: for scatter and gather with the option {@link
   * SolveLimits#SPANNING_TREE} set to a tree other than {@code bfs}, a copy where every message
   * without an explicit route follows that tree ({@link SpanningTrees#reroute}); else the instance
   * itself. Routes belong to the instance (FORMATS), so a schedule made on such a copy is checked
   * against the copy.
   *
   * @throws IllegalArgumentException if the option names no tree, or the tree does not apply to the
   *     instance
   */
  public static Instance route(Instance instance, SolveLimits limits) {
    return SpanningTrees.reroute(instance, limits.options().get(SolveLimits.SPANNING_TREE));
  }

  /**
   * The recognition of the instance's network as a regular family ({@link Recognition#of}), or
   * null: an explicit network that is a path, ring, star, complete graph, hypercube, folded
   * hypercube, mesh or torus under another numbering. A caller that gets one solves {@link
   * Recognition#relabel} of the (routed) instance, so that the family's bounds, methods and schemes
   * apply, and brings the outcome back with {@link #back} (docs/DESIGN.md#family-recognition).
   */
  public static Recognition recognise(Instance routed) {
    return Recognition.of(routed.network());
  }

  /**
   * The outcome of a run on {@code rec.relabel(user)} as an outcome on {@code user}: the schedule
   * mapped back to the user's node ids ({@link Recognition#back(SolveResult, Instance, Instance)})
   * and checked again, with every claim, against the user's own instance, so that what is reported
   * and written is checked where it is used. Status and bound stay: the two instances ask the same
   * question of isomorphic networks.
   */
  public static Outcome back(Outcome solved, Recognition rec, Instance user) {
    SolveResult r = rec.back(solved.result(), solved.instance(), user);
    CheckReport report = null;
    if (r.hasSchedule()) {
      report = ScheduleChecker.checkResult(user, r, solved.run().check(user, r.schedule()));
    }
    return new Outcome(r, report, solved.nanos(), user, solved.run());
  }

  /**
   * A new run of {@code given}, first routed by {@link #route} (the method should be chosen on the
   * routed instance, {@link SolveRun#instance()}, which is the given one when it is already
   * routed).
   */
  public static SolveRun start(Instance given, SolveLimits limits) {
    return new SolveRun(route(given, limits), limits);
  }

  /**
   * As {@link #start(Instance, SolveLimits)}, with the bounds of the routed instance known already
   * ({@link SolveRun#SolveRun(Instance, SolveLimits, List)}): {@code known} must come from a run of
   * that very instance.
   */
  public static SolveRun start(
      Instance given, SolveLimits limits, java.util.List<LowerBound> known) {
    return new SolveRun(route(given, limits), limits, known);
  }

  /** Runs {@code method} on {@code given} in a new run ({@link #start}). */
  public static Outcome run(Method method, Instance given, SolveLimits limits) {
    return run(method, start(given, limits));
  }

  /**
   * Runs {@code method} in {@code run}: live for Ctrl-C while the method runs, its bounds computed
   * meanwhile; the final schedule checked once (the report of a check made in the run is reused:
   * the incumbent's when the method returns the incumbent's schedule, the hint's when an exact
   * model returns the hint it checked).
   */
  public static Outcome run(Method method, SolveRun run) {
    Instance instance = run.instance();
    run.prefetchBounds(instance); // computed while the method runs; both ask for them below
    long t0 = System.nanoTime();
    long cpu0 = Cpu.thread();
    long checks0 = run.phaseNanos()[2];
    SolveResult r;
    try (StopToken.Registration live = run.open()) {
      r = run.solve(method, instance, run.limits());
    }
    long nanos = System.nanoTime() - t0;
    run.addMethodCpu(Cpu.thread() - cpu0 - (run.phaseNanos()[2] - checks0));
    LowerBound known = run.boundFor(instance, r.schedule());
    // the bounds module counts ticks of the instance, the result those of its schedule (never
    // coarser)
    LowerBound bound =
        known.rescale(instance.timeScale(), r.scale()).max(r.lowerBound()); // ties: the module's
    SolveStatus status = r.status();
    if (r.hasSchedule() && r.makespan() != null && bound.value() == r.makespan()) {
      status = SolveStatus.OPTIMAL;
    }
    // a bound above the makespan means a bug somewhere: it is kept, so the checker reports the
    // conflict
    SolveResult upgraded = r.withStatus(status, bound);
    if (ScheduleChecker.conformable(instance, upgraded.schedule())) {
      // which of the packet family's conformance rules (V7-V11) the run's own schedule meets: a
      // statistic
      upgraded =
          upgraded.withStat(
              "conforms",
              ScheduleChecker.conform(
                      instance, upgraded.schedule(), EnumSet.allOf(Conformance.class))
                  .metNames());
    }
    CheckReport report = null;
    if (upgraded.hasSchedule()) {
      // a schedule the run checked already (the incumbent's, a hint an exact model checked) keeps
      // its report
      CheckReport checked = run.checked(instance, upgraded.schedule());
      if (checked == null) {
        checked = run.check(instance, upgraded.schedule());
      }
      report = ScheduleChecker.checkResult(instance, upgraded, checked);
    }
    return new Outcome(upgraded, report, nanos, instance, run);
  }
}
