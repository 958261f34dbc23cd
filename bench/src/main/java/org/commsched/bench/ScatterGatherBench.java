package org.commsched.bench;

import java.util.concurrent.TimeUnit;
import org.commsched.core.check.CheckReport;
import org.commsched.core.check.ScheduleChecker;
import org.commsched.core.model.Instance;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.model.Schedule;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.heuristics.baseline.GreedyBufferless;
import org.commsched.heuristics.bufferless.scattergather.FdfScatter;
import org.commsched.heuristics.bufferless.scattergather.TransmissionCertification;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Scatter and gather on random trees of 10^6 nodes (issue 4, item 7): one call is one full {@code
 * Method.solve}, or one check of that method's schedule. Each method runs under the model it is
 * written for ({@link #model}).
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2)
@Measurement(iterations = 3)
@Fork(
    value = 1,
    jvmArgsAppend = {"-Xms6g", "-Xmx6g"})
@State(Scope.Benchmark)
public class ScatterGatherBench {

  /**
   * Method and problem, as {@code method/problem}: each method on the problem kind it is written
   * for.
   */
  @Param({"fdf/scatter", "greedy/scatter", "transmission-certification/gather", "greedy/gather"})
  public String run;

  @Param("1000000")
  public int nodes;

  @Param("1")
  public long seed;

  Instance instance;
  Method solver;
  Schedule schedule;

  /**
   * The method by name (no registry: the solver module would pull the CP solvers' native jars in).
   */
  static Method method(String name) {
    switch (name) {
      case "greedy":
        return new GreedyBufferless();
      case "fdf":
        return new FdfScatter();
      case "transmission-certification":
        return new TransmissionCertification();
      default:
        throw new IllegalArgumentException(
            "no benchmark wiring for method "
                + name
                + ": add it to method() and "
                + "model() of ScatterGatherBench");
    }
  }

  /** The model the method's instances use, in the short form of {@code Models}. */
  static String model(String name) {
    switch (name) {
      case "greedy":
      case "fdf":
      case "transmission-certification":
        return "bufferless:single"; // the scatter/gather paper's single-port bufferless model
      default:
        throw new IllegalArgumentException("no model for method " + name);
    }
  }

  @Setup(Level.Trial)
  public void build() {
    String method = run.substring(0, run.indexOf('/'));
    String problem = run.substring(run.indexOf('/') + 1);
    instance = Workloads.tree(ProblemKind.fromWire(problem), nodes, model(method), seed);
    solver = method(method);
    String why = solver.whyNot(instance);
    if (why != null) {
      throw new IllegalStateException(why);
    }
    schedule = solver.solve(instance, SolveLimits.defaults()).schedule();
    CheckReport r = ScheduleChecker.check(instance, schedule);
    if (!r.valid()) {
      throw new IllegalStateException(
          method + " gives an invalid schedule: " + r.violations().get(0));
    }
  }

  @Benchmark
  public SolveResult solve() {
    return solver.solve(instance, SolveLimits.defaults());
  }

  @Benchmark
  public CheckReport check() {
    return ScheduleChecker.check(instance, schedule);
  }
}
