package org.commsched.verify.sweep;

import java.io.Serializable;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;
import org.commsched.core.model.Footprint;
import org.commsched.core.model.Instance;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.solve.Interrupt;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveRun;
import org.commsched.instances.generate.GeneratorSpec;
import org.commsched.instances.generate.Generators;
import org.commsched.instances.generate.LengthDistribution;
import org.commsched.instances.generate.Models;
import org.commsched.instances.io.DsaCsv;
import org.commsched.instances.io.InstanceReader;
import org.commsched.solver.MethodRegistry;
import org.commsched.solver.SolveRunner;

/**
 * The unit of work of a ratio sweep: the methods to run on one instance, as a plain serialisable
 * value (where the instance comes from, its parameters, the method names, the limits) mapped to its
 * {@link SweepRow}s by {@link #run}. It holds no engine type and shares nothing mutable: every
 * method runs in a {@link SolveRun} of its own, and the bounds the first run computed are handed to
 * the next as an immutable list. So the same task gives the same rows (timings aside) on a thread
 * of {@code commsched ratios}, in another JVM, or on a cluster's executor.
 *
 * <p>A planner that already holds the instance attaches it ({@link #withInstance}); it is not part
 * of the value (transient) and is made again from the {@link Source} wherever the task is
 * deserialised.
 */
public final class SweepTask implements SweepWork<SweepRow> {
  private static final long serialVersionUID = 1L;

  /** Where a task's instance comes from: a generator spec and seed, or an instance file. */
  public sealed interface Source extends Serializable permits Generated, InstanceFile {
    /** Makes or reads the instance (the same instance every time). */
    Instance instance();
  }

  /**
   * A generated instance, as {@code --generate} sweeps make them ({@code Generators.instance}),
   * described by the texts the sweep was written with so that it needs no generator types on the
   * wire.
   *
   * @param name the instance's name
   * @param problem the problem's wire name
   * @param family the network family
   * @param size nodes
   * @param messages messages (0: the generator's default)
   * @param lengths the length distribution as written ({@code uniform:1..8})
   * @param model the model as written, empty for the problem's usual model
   * @param seed the generator's seed
   */
  public record Generated(
      String name,
      String problem,
      String family,
      int size,
      int messages,
      String lengths,
      String model,
      long seed)
      implements Source {
    private static final long serialVersionUID = 1L;

    /** The generator spec. */
    public GeneratorSpec spec() {
      ProblemKind kind = ProblemKind.fromWire(problem);
      return new GeneratorSpec(
          name,
          kind,
          family,
          size,
          messages,
          LengthDistribution.parse(lengths),
          model.isEmpty() ? null : Models.parse(model, kind),
          seed,
          false);
    }

    @Override
    public Instance instance() {
      return Generators.instance(spec(), null);
    }
  }

  /**
   * An instance file ({@code .csv}: a DSA buffer list; else JSON), by a path every worker can read
   * (on a cluster: a shared file system).
   *
   * @param path the file
   */
  public record InstanceFile(String path) implements Source {
    private static final long serialVersionUID = 1L;

    @Override
    public Instance instance() {
      Path f = Path.of(path);
      return path.toLowerCase(Locale.ROOT).endsWith(".csv")
          ? DsaCsv.read(f)
          : InstanceReader.read(f, Footprint.Use.READ);
    }
  }

  private final String id;
  private final Source source;
  private final LinkedHashMap<String, String> parameters;
  private final List<String> methods;
  private final Duration timeLimit;
  private final int workers;
  private transient Instance instance;

  /**
   * @param id the instance's id in the sweep (the rows' {@code instance})
   * @param source where the instance comes from
   * @param parameters the rows' parameters, in order
   * @param methods the names of the methods to run, in order (registered in {@link
   *     MethodRegistry#standard()})
   * @param timeLimit the time limit of each method's run, enforced inside the run
   * @param workers the solver's workers per run
   */
  public SweepTask(
      String id,
      Source source,
      Map<String, String> parameters,
      List<String> methods,
      Duration timeLimit,
      int workers) {
    this.id = Objects.requireNonNull(id);
    this.source = Objects.requireNonNull(source);
    this.parameters = new LinkedHashMap<>(parameters);
    this.methods = List.copyOf(methods);
    this.timeLimit = Objects.requireNonNull(timeLimit);
    this.workers = workers;
  }

  /**
   * The same task with its instance already made (not serialised: a deserialised copy makes it
   * again).
   */
  public SweepTask withInstance(Instance made) {
    SweepTask t = new SweepTask(id, source, parameters, methods, timeLimit, workers);
    t.instance = made;
    return t;
  }

  /**
   * The same task with another number of solver workers per run (an engine whose tasks get that
   * many cores).
   */
  @Override
  public SweepTask withWorkers(int cores) {
    SweepTask t = new SweepTask(id, source, parameters, methods, timeLimit, cores);
    t.instance = instance;
    return t;
  }

  public String id() {
    return id;
  }

  public Source source() {
    return source;
  }

  public Map<String, String> parameters() {
    return java.util.Collections.unmodifiableMap(parameters);
  }

  public List<String> methods() {
    return methods;
  }

  public Duration timeLimit() {
    return timeLimit;
  }

  @Override
  public int workers() {
    return workers;
  }

  /** The instance: the attached one, else made from the source. */
  public Instance instance() {
    Instance i = instance;
    if (i == null) {
      i = source.instance();
      instance = i;
    }
    return i;
  }

  /** Runs the task and returns its rows, in method order (fewer when the JVM was asked to stop). */
  public List<SweepRow> run() {
    List<SweepRow> out = new ArrayList<>();
    run(out::add);
    return out;
  }

  /**
   * Runs the methods one after the other, each in a run of its own, and hands every row to {@code
   * sink} the moment it is made. On a stop request ({@link Interrupt}) it returns early without the
   * row in flight: a row cut short is not a result at the time limit, so a resumed sweep runs it
   * again.
   */
  @Override
  public void run(Consumer<? super SweepRow> sink) {
    MethodRegistry registry = Registry.STANDARD;
    SolveLimits limits = new SolveLimits(timeLimit, workers, 0);
    Instance inst = instance();
    List<LowerBound> bounds = null;
    for (String name : methods) {
      if (Interrupt.requested()) {
        return;
      }
      Method m = registry.byName(name);
      if (m == null) {
        throw new IllegalArgumentException("unknown method '" + name + "'");
      }
      SolveRun solveRun =
          bounds == null
              ? SolveRunner.start(inst, limits)
              : SolveRunner.start(inst, limits, bounds);
      SweepRow row = row(id, parameters, inst, m, solveRun);
      if (Interrupt.requested()) {
        return;
      }
      bounds = solveRun.bounds(solveRun.instance());
      sink.accept(row);
    }
  }

  /**
   * One method on one instance, in the given run of it: solved, checked, turned into a row; a
   * failure of the method is an ERROR row.
   */
  static SweepRow row(
      String id, Map<String, String> parameters, Instance inst, Method m, SolveRun solveRun) {
    long t0 = System.nanoTime();
    try {
      SolveRunner.Outcome run = SolveRunner.run(m, solveRun);
      SolveResult r = run.result();
      String objective = !r.hasSchedule() ? "-" : r.schedule().virtual() ? "virtual" : "real";
      String error =
          r.hasSchedule() && !run.valid()
              ? "the checker rejects the schedule: "
                  + (run.report().violations().isEmpty()
                      ? "a claim"
                      : run.report().violations().get(0).detail())
              : "";
      return new SweepRow(
          id,
          parameters,
          m.name(),
          objective,
          r.status().name(),
          r.makespan() == null ? null : r.scale().toUnits(r.makespan()),
          r.scale().toUnits(r.lowerBound().value()),
          seconds(run.nanos()),
          run.valid(),
          error,
          seconds(System.nanoTime() - t0));
    } catch (RuntimeException | StackOverflowError ex) {
      return new SweepRow(
          id,
          parameters,
          m.name(),
          "-",
          "ERROR",
          null,
          null,
          seconds(System.nanoTime() - t0),
          false,
          String.valueOf(ex),
          seconds(System.nanoTime() - t0));
    }
  }

  /** Nanoseconds as seconds with three decimals, half up (the rows' timings). */
  public static BigDecimal seconds(long nanos) {
    return BigDecimal.valueOf(nanos).movePointLeft(9).setScale(3, RoundingMode.HALF_UP);
  }

  /** The standard registry, made once per JVM on first use (it is immutable). */
  private static final class Registry {
    static final MethodRegistry STANDARD = MethodRegistry.standard();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof SweepTask t
        && id.equals(t.id)
        && source.equals(t.source)
        && parameters.equals(t.parameters)
        && methods.equals(t.methods)
        && timeLimit.equals(t.timeLimit)
        && workers == t.workers;
  }

  @Override
  public int hashCode() {
    return Objects.hash(id, source, parameters, methods, timeLimit, workers);
  }

  @Override
  public String toString() {
    return "SweepTask[" + id + " " + methods + "]";
  }
}
