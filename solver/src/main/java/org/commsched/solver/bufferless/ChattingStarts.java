package org.commsched.solver.bufferless;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.commsched.core.check.CheckReport;
import org.commsched.core.model.Instance;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.model.Schedule;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.heuristics.baseline.Baselines;
import org.commsched.heuristics.bufferless.chatting.ChattingMethods;
import org.commsched.heuristics.bufferless.chatting.SearchMethods;

/**
 * Starting schedules for the chatting searches ({@code lns}, and the hint of {@code cpsat} and
 * {@code choco}): every applicable method of a list runs in order, each within a share of the time
 * left, and the best real schedule (departures) is kept. A method that throws or returns slots only
 * is skipped (the throw is recorded in the stats); one that returns a schedule the checker rejects
 * is a bug, and the run stops with an {@link IllegalStateException} that names it.
 *
 * @implNote Stateless.
 */
public final class ChattingStarts {
  private ChattingStarts() {}

  /**
   * The heuristics the chatting searches start from: every non-exact chatting method of the
   * registry's lists ({@code greedy}, the chatting paper's pipelines, {@code priority-greedy}), in
   * that order.
   */
  public static List<Method> methods() {
    List<Method> out = new ArrayList<>();
    List<Method> all = new ArrayList<>(Baselines.all());
    all.addAll(ChattingMethods.all());
    all.addAll(SearchMethods.all());
    for (Method m : all) {
      if (!m.exact() && m.problems().contains(ProblemKind.CHATTING)) {
        out.add(m);
      }
    }
    return out;
  }

  /**
   * What the starts gave.
   *
   * @param best the best schedule (the given one unless a start beat it; null if none was given and
   *     none ran)
   * @param bound the given bound raised by every start's lower bound
   * @param stats {@code start.<method>}: each start's makespan, or why it failed, in run order
   */
  public record Outcome(SolveResult best, LowerBound bound, Map<String, Object> stats) {}

  /**
   * Runs the starts.
   *
   * @param methods the methods to try, in order; those that do not apply are passed over
   * @param given a schedule in hand (kept unless beaten), or null
   * @param bound the best lower bound so far
   * @param deadline {@link System#nanoTime()} by which the starts should be done
   * @param divisor each method may take (time left) / divisor, at least 1 ms
   */
  public static Outcome run(
      Instance instance,
      SolveLimits limits,
      List<Method> methods,
      SolveResult given,
      LowerBound bound,
      long deadline,
      int divisor) {
    SolveResult best = given;
    Map<String, Object> stats = new LinkedHashMap<>();
    for (Method m : methods) {
      if (m.whyNot(instance) != null) {
        continue;
      }
      if (best != null
          && limits.run().stop().over(deadline)) { // the time limit (or Ctrl-C) ends the starts
        stats.put("start." + m.name(), "skipped: time limit");
        continue;
      }
      long left = deadline - System.nanoTime();
      SolveResult r;
      try {
        r =
            limits
                .run()
                .solve(
                    m,
                    instance,
                    limits.withTimeLimit(Duration.ofNanos(Math.max(1_000_000L, left / divisor))));
      } catch (RuntimeException e) {
        stats.put("start." + m.name(), "failed: " + e.getMessage());
        continue;
      }
      if (!(r.schedule() instanceof Schedule.Departures) || r.makespan() == null) {
        continue;
      }
      CheckReport check = limits.run().check(instance, r.schedule());
      if (!check
          .valid()) { // a method returning an invalid schedule is a bug: say so, never drop it
        // quietly
        throw new IllegalStateException(
            "start method "
                + m.name()
                + " returned a schedule the checker rejects on "
                + instance.name()
                + ": "
                + check.violations().get(0));
      }
      stats.put("start." + m.name(), r.makespan());
      limits.run().progress().incumbent(r.makespan());
      bound = bound.max(r.lowerBound());
      if (best == null || r.makespan() < best.makespan()) {
        best = r;
      }
    }
    return new Outcome(best, bound, Collections.unmodifiableMap(stats));
  }
}
