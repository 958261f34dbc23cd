package org.commsched.solver.model;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Schedule;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveRun;
import org.commsched.core.solve.SolveStatus;
import org.commsched.core.time.TimeScale;

/**
 * The solve flow the store-and-forward exact builders share ({@code solver.packet.PacketCp}, {@code
 * solver.linearcost.LinearCostCp}): when the hint meets the lower bound it is the answer (OPTIMAL,
 * no search); otherwise the back end searches the model within the time left of the limit, and its
 * best schedule comes back with the solver's bound; without a solution from the back end, the hint
 * with FEASIBLE.
 *
 * @implNote Stateless.
 */
public final class HintedSearch {
  private HintedSearch() {}

  /**
   * What the flow starts from: the instance's best lower bound, the hint (the best heuristic
   * schedule, possibly reduced) and its makespan, the horizon, the heuristic's result, and the time
   * scale, all in ticks.
   */
  public record Start(
      LowerBound bound,
      Schedule.Transmissions hint,
      long horizon,
      SolveResult heuristic,
      TimeScale scale) {}

  /**
   * What a model gives the flow, whatever builds and searches it: the start, the decoding of a
   * solution, the makespan by the model's definition, the packet count and the words of the proof.
   */
  public interface Flow {
    /** What the flow starts from. */
    Start start();

    /** The schedule of a solution of the last model built. */
    Schedule.Transmissions schedule(long[] values, boolean[] present);

    long makespan(Schedule.Transmissions schedule);

    /** The number of packets of a schedule, for the statistics. */
    long packets(Schedule.Transmissions schedule);

    /**
     * The words of the solver's proof, completed by " N", e.g. "proved that no packet schedule ends
     * before".
     */
    String proof();

    /**
     * This flow started from {@code start} instead (e.g. without the run's lower bound, which a
     * test uses to see a model's own optimum); everything else is this flow's.
     */
    default Flow from(Start start) {
      Flow base = this;
      return new Flow() {
        @Override
        public Start start() {
          return start;
        }

        @Override
        public Schedule.Transmissions schedule(long[] values, boolean[] present) {
          return base.schedule(values, present);
        }

        @Override
        public long makespan(Schedule.Transmissions schedule) {
          return base.makespan(schedule);
        }

        @Override
        public long packets(Schedule.Transmissions schedule) {
          return base.packets(schedule);
        }

        @Override
        public String proof() {
          return base.proof();
        }
      };
    }
  }

  /** A flow whose model is a {@link TaskModel}, for either back end. */
  public interface Builder extends Flow {
    /** The model (built on each call). */
    TaskModel model();
  }

  /**
   * The search of a flow: builds its model, searches it until {@code deadline} (System.nanoTime)
   * and returns the solution, its bound in ticks.
   */
  @FunctionalInterface
  public interface Search {
    TaskModel.Solution solve(long deadline);
  }

  /**
   * The shortest transmission schedule, in the instance's own ticks, of the methods that apply
   * (ties: the first); exact methods are skipped. The hint both store-and-forward models start
   * from.
   *
   * @param family words for the refusal when none applies ("packet", "linear-cost")
   */
  public static SolveResult shortest(Instance instance, List<Method> methods, String family) {
    return shortest(instance, methods, family, SolveLimits.defaults().run());
  }

  /**
   * As {@link #shortest(Instance, List, String)} in a solve run: the run's incumbent when it holds
   * a transmission schedule of this instance in its own ticks (the portfolio's best heuristic
   * schedule, already checked: the heuristics do not run again), else the shortest of the methods,
   * each run through the run.
   */
  public static SolveResult shortest(
      Instance instance, List<Method> methods, String family, SolveRun run) {
    SolveRun.Incumbent held = run.incumbent(instance);
    if (held != null
        && held.result().schedule() instanceof Schedule.Transmissions s
        && s.scale().equals(instance.timeScale())) {
      return held.result();
    }
    SolveResult best = null;
    for (Method h : methods) {
      if (h.exact() || h.whyNot(instance) != null) {
        continue;
      }
      SolveResult r = run.solve(h, instance, SolveLimits.defaults());
      if (r.schedule() instanceof Schedule.Transmissions s
          && s.scale().equals(instance.timeScale())
          && (best == null || r.makespan() < best.makespan())) {
        best = r;
      }
    }
    if (best == null) {
      throw new IllegalArgumentException(
          "no " + family + " heuristic applies to " + instance.name());
    }
    return best;
  }

  /**
   * Null if one of the heuristics {@link #shortest} starts from applies to the instance, else why
   * the exact {@code method} does not: it cannot start without one (e.g. a broadcast whose source
   * reaches not every node has no schedule at all), and the refusal of a heuristic in scope, if one
   * is, says why.
   */
  public static String whyNoStart(
      Instance instance, List<Method> methods, String method, String family) {
    String first = null;
    for (Method h : methods) {
      if (h.exact()) {
        continue;
      }
      String why = h.whyNot(instance);
      if (why == null) {
        return null;
      }
      if (h.scope().whyNot(h.name(), instance) == null) {
        first = why; // a heuristic in scope says why it cannot
      }
    }
    return method
        + " starts from a "
        + family
        + " heuristic's schedule and none applies"
        + (first == null ? "" : ": " + first);
  }

  /** The number of distinct keys of a schedule's records (e.g. its packets), for the statistics. */
  public static long distinct(
      Schedule.Transmissions schedule,
      java.util.function.Function<Schedule.Transmission, String> key) {
    return schedule.transmissions().stream().map(key).distinct().count();
  }

  /**
   * The flow ({@code startedAt}, from System.nanoTime, counts the construction toward the limit).
   */
  public static SolveResult run(
      Builder b, String method, TaskModel.Backend backend, SolveLimits limits, long startedAt) {
    return run(
        b,
        method,
        backend.name(),
        deadline -> {
          TaskModel model = b.model();
          long left = deadline - System.nanoTime();
          return backend.solve(
              model, limits.withTimeLimit(Duration.ofNanos(Math.max(10_000_000L, left))));
        },
        limits,
        startedAt);
  }

  /**
   * The flow with any search (e.g. a model built directly for CP-SAT): the hint when it meets the
   * bound, else the search's best schedule with its bound, else the hint with FEASIBLE.
   */
  public static SolveResult run(
      Flow b, String method, String solver, Search search, SolveLimits limits, long startedAt) {
    Start at = b.start();
    if (at.bound().value() >= at.horizon()) {
      return finish(b, method, solver, at.hint(), at.horizon(), true, at.horizon())
          .withStat("search", "none: the heuristic meets the lower bound");
    }
    long deadline = startedAt + limits.timeLimit().toNanos();
    if (limits.run().stop().over(deadline)) {
      // the heuristics took the time (a busy machine, or Ctrl-C): building the model now would
      // overrun the limit
      return finish(b, method, solver, at.hint(), at.horizon(), false, 0)
          .withStat("search", "none: the time limit passed before the model was built")
          .withStat("fallback", at.heuristic().method());
    }
    TaskModel.Solution r = search.solve(deadline);
    SolveResult out;
    if (r.found()) {
      Schedule.Transmissions s = b.schedule(r.values(), r.present());
      out = finish(b, method, solver, s, b.makespan(s), r.answer().optimal(), r.answer().bound());
    } else {
      out =
          finish(b, method, solver, at.hint(), at.horizon(), false, 0)
              .withStat("fallback", at.heuristic().method());
    }
    for (Map.Entry<String, Object> e : r.stats().entrySet()) {
      out = out.withStat(e.getKey(), e.getValue());
    }
    return out;
  }

  private static SolveResult finish(
      Flow b,
      String method,
      String solver,
      Schedule.Transmissions schedule,
      long makespan,
      boolean optimal,
      long solverBound) {
    Start at = b.start();
    long proven = Math.max(0, Math.min(solverBound, makespan));
    LowerBound lb =
        SolverStatusMapping.posted(
            at.bound(),
            optimal,
            makespan,
            proven,
            solver + " " + b.proof(),
            "",
            " (bound at the time limit)");
    SolveStatus st = SolverStatusMapping.decide(lb, makespan);
    return new SolveResult(method, st, schedule, makespan, lb, at.scale(), Map.of())
        .withStat("solver", solver)
        .withStat("hint", at.heuristic().method())
        .withStat("hintMakespan", at.scale().format(at.heuristic().makespan()))
        .withStat("packets", b.packets(schedule));
  }
}
