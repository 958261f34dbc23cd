package org.commsched.api;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.commsched.core.bounds.LowerBounds;
import org.commsched.core.check.ScheduleChecker;
import org.commsched.core.model.Footprint;
import org.commsched.core.model.Instance;
import org.commsched.core.model.ModelException;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.recognise.Recognition;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveRun;
import org.commsched.instances.io.DsaCsv;
import org.commsched.instances.io.InstanceFormatException;
import org.commsched.instances.io.InstanceReader;
import org.commsched.instances.io.ScheduleReader;
import org.commsched.instances.io.ScheduleWriter;
import org.commsched.solver.MethodChoice;
import org.commsched.solver.MethodRegistry;
import org.commsched.solver.SolveRunner;

/**
 * The entry point for using commsched as a library: read an instance, solve it (with a named method
 * or the default portfolio, under a time limit), check a schedule, bound the optimum, write the
 * schedule file. Each call does what the command of the same name does ({@code commsched solve},
 * {@code check}, {@code bounds}): the default method is chosen by the same code ({@link
 * MethodChoice}), an explicit network that is a regular family is solved as that family and the
 * schedule mapped back ({@link SolveRunner#recognise}), and every schedule is checked by the
 * independent checker before it is returned. Times come back exactly, in ticks and in the
 * instance's own units ({@link Time}).
 *
 * <pre>{@code
 * Instance instance = Commsched.read(Path.of("instances/catalogue/pk-tv1-scatter-beta1p5.json"));
 * Solution s = Commsched.solve(instance, Duration.ofSeconds(5));
 * s.makespan().get().units();   // 13.5 (135 ticks of a tenth)
 * Commsched.write(s, Path.of("schedule.json"));
 * }</pre>
 *
 * <p>Bad input throws, never exits: {@link InstanceFormatException} (a file that breaks the format,
 * its one line naming the file, the place and the fix: {@link InstanceFormatException#oneLine()}),
 * {@link ModelException} (a model rule), {@link IllegalArgumentException} (a method that is unknown
 * or does not apply, with the methods that do). Nothing here prints, installs a signal handler or
 * calls {@code System.exit}. docs/EMBEDDING.md has the tour.
 *
 * @implNote Stateless and thread-safe: each solve is a run of its own ({@link SolveRun}); parallel
 *     solves share only the immutable method registry.
 */
public final class Commsched {
  /** The time limit of {@link #solve(Instance)}: the command line's default, ten seconds. */
  public static final Duration DEFAULT_TIME_LIMIT = SolveLimits.defaults().timeLimit();

  /** Every method of this build, built once (immutable). */
  private static final class Registry {
    static final MethodRegistry STANDARD = MethodRegistry.standard();
  }

  private Commsched() {}

  // ---- reading

  /**
   * Reads an instance file: JSON ({@code commsched-instance/1}, docs/FORMATS.md), or a DSA buffer
   * list when the name ends in {@code .csv}.
   *
   * @throws InstanceFormatException on a file that breaks the format (one line: file, place, fix)
   * @throws ModelException on an instance that breaks a model rule
   */
  public static Instance read(Path file) {
    Path name = file.getFileName();
    if (name != null && name.toString().toLowerCase(Locale.ROOT).endsWith(".csv")) {
      return DsaCsv.read(file);
    }
    return InstanceReader.read(file, Footprint.Use.SOLVE);
  }

  /**
   * Parses an instance from its JSON text; {@code name} stands for the file in messages.
   *
   * @throws InstanceFormatException on text that breaks the format
   * @throws ModelException on an instance that breaks a model rule
   */
  public static Instance parse(String json, String name) {
    return InstanceReader.parse(json, name);
  }

  // ---- methods

  /** The method of that name, if this build has one ({@code commsched methods} lists them). */
  public static Optional<Method> method(String name) {
    return Registry.STANDARD.find(name);
  }

  /** The names of the methods that apply to an instance, best first within each family. */
  public static List<String> methods(Instance instance) {
    List<String> names = new ArrayList<>();
    for (Method m : Registry.STANDARD.applicable(instance)) {
      names.add(m.name());
    }
    return names;
  }

  // ---- solving

  /** {@link #solve(Instance, Duration)} with {@link #DEFAULT_TIME_LIMIT}. */
  public static Solution solve(Instance instance) {
    return solve(instance, DEFAULT_TIME_LIMIT);
  }

  /**
   * Solves with the default of {@code commsched solve}: {@code dsa-search} for dsa, a linear-cost
   * scheme proven optimal before it runs, otherwise the portfolio (every applicable heuristic, then
   * lns or the exact model on the time left; docs/models/README.md#the-default-portfolio). All
   * cores, seed 0.
   *
   * @param timeLimit the method's time limit (the command line counts its limit from the process
   *     start and keeps a reserve; here the whole limit goes to the method)
   * @throws IllegalArgumentException if no method applies to the instance, saying why
   */
  public static Solution solve(Instance instance, Duration timeLimit) {
    return solve(instance, Optional.empty(), limits(timeLimit));
  }

  /**
   * Solves with the named method ({@code commsched methods} lists them; {@link #methods(Instance)}
   * those that apply).
   *
   * @throws IllegalArgumentException if no method has that name or it does not apply, naming those
   *     that do
   */
  public static Solution solve(Instance instance, String method, Duration timeLimit) {
    return solve(instance, Optional.of(method), limits(timeLimit));
  }

  /**
   * Solves with a method or the default (empty) under full limits: time, workers, seed and solve
   * options (e.g. {@link SolveLimits#SPANNING_TREE}, after which {@link Solution#instance()} is the
   * rerouted copy to write and check against).
   *
   * @throws IllegalArgumentException if the method is unknown or does not apply, no method applies,
   *     or an option does not apply to the instance
   */
  public static Solution solve(Instance instance, Optional<String> method, SolveLimits limits) {
    Instance routed = SolveRunner.route(instance, limits);
    // an explicit network that is a regular family is solved as that family and the schedule mapped
    // back
    Recognition recognised = SolveRunner.recognise(routed);
    Instance solved = recognised == null ? routed : recognised.relabel(routed);
    SolveRun run =
        new SolveRun(solved, limits); // its bounds, computed once, serve the choice and the run
    MethodChoice choice =
        MethodChoice.of(Registry.STANDARD, solved, method, () -> run.bestBound(solved).value());
    Method m =
        choice.chosen().orElseThrow(() -> new IllegalArgumentException(refusal(instance, choice)));
    SolveRunner.Outcome outcome = SolveRunner.run(m, run);
    if (recognised != null) {
      outcome =
          SolveRunner.back(
              outcome, recognised, routed); // the user's node ids, checked on the user's instance
    }
    return new Solution(
        routed,
        outcome.result(),
        Optional.ofNullable(outcome.report()).map(Check::new),
        Duration.ofNanos(outcome.nanos()));
  }

  /** The message of an exception for a refused choice. */
  private static String refusal(Instance instance, MethodChoice choice) {
    if (choice instanceof MethodChoice.NoneApplies none) {
      return instance.name()
          + ": no method applies to a "
          + instance.kind().wireName()
          + " instance under this model"
          + none.near().map(n -> ": " + n).orElse("");
    }
    if (choice instanceof MethodChoice.Unknown u) {
      return "unknown method '"
          + u.name()
          + "'; methods for this instance: "
          + String.join(", ", u.fits());
    }
    MethodChoice.DoesNotApply d = (MethodChoice.DoesNotApply) choice;
    return instance.name()
        + ": method "
        + d.name()
        + " does not apply: "
        + d.why()
        + (d.fits().isEmpty()
            ? ""
            : " (methods for this instance: " + String.join(", ", d.fits()) + ")");
  }

  private static SolveLimits limits(Duration timeLimit) {
    SolveLimits d = SolveLimits.defaults();
    return new SolveLimits(timeLimit, d.workers(), d.seed());
  }

  // ---- checking

  /** The independent checker's verdict on a solution's schedule and its claims. */
  public static Check check(Solution solution) {
    return check(solution.instance(), solution.result());
  }

  /**
   * The independent checker's verdict on a schedule (as a schedule file holds it: {@link
   * ScheduleReader}) and its claims (makespan, status, lower bound).
   *
   * @throws IllegalArgumentException if the result holds no schedule
   */
  public static Check check(Instance instance, SolveResult result) {
    if (!result.hasSchedule()) {
      throw new IllegalArgumentException(
          "the result holds no schedule (status " + result.status() + ")");
    }
    return new Check(ScheduleChecker.checkResult(instance, result));
  }

  /**
   * Reads a schedule file ({@code commsched-schedule/1}) for an instance and checks it.
   *
   * @throws InstanceFormatException on a file that breaks the format
   * @throws IllegalArgumentException if the file holds no schedule
   */
  public static Check check(Instance instance, Path scheduleFile) {
    return check(instance, ScheduleReader.read(scheduleFile, instance));
  }

  // ---- bounds

  /**
   * Every lower bound {@code commsched bounds} lists under "every schedule", strongest first (for
   * dsa, the bounds on a layout's height), each witness naming the instance's node ids.
   */
  public static List<Bound> lowerBounds(Instance instance) {
    Recognition recognised = SolveRunner.recognise(instance);
    Instance bounded = recognised == null ? instance : recognised.relabel(instance);
    List<LowerBound> all =
        bounded.kind() == ProblemKind.DSA ? LowerBounds.virtual(bounded) : LowerBounds.all(bounded);
    List<Bound> out = new ArrayList<>();
    for (LowerBound b : all) {
      out.add(
          new Bound(
              new Time(b.value(), bounded.timeScale()),
              b.kind(),
              recognised == null ? b.witness() : recognised.back(b.witness())));
    }
    out.sort(
        (a, b) ->
            Long.compare(
                b.value().ticks(), a.value().ticks())); // stable: the module's order on ties
    return out;
  }

  /** The strongest of {@link #lowerBounds} (zero if there is none). */
  public static Bound lowerBound(Instance instance) {
    List<Bound> all = lowerBounds(instance);
    return all.isEmpty()
        ? new Bound(
            new Time(0, instance.timeScale()),
            LowerBound.zero().kind(),
            LowerBound.zero().witness())
        : all.get(0);
  }

  // ---- writing

  /**
   * Writes a solution's schedule file ({@code commsched-schedule/1}, docs/FORMATS.md) atomically:
   * the file is complete or absent.
   *
   * @throws IllegalArgumentException if the solution holds no schedule
   */
  public static void write(Solution solution, Path out) {
    requireSchedule(solution);
    ScheduleWriter.write(solution.result(), solution.instance(), out);
  }

  /** The schedule file's text of a solution. */
  public static String toJson(Solution solution) {
    requireSchedule(solution);
    return ScheduleWriter.toJson(solution.result(), solution.instance());
  }

  private static void requireSchedule(Solution solution) {
    if (solution.schedule().isEmpty()) {
      throw new IllegalArgumentException(
          solution.instance().name() + ": no schedule to write (status " + solution.status() + ")");
    }
  }
}
