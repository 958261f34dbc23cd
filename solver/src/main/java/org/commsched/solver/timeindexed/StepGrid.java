package org.commsched.solver.timeindexed;

import com.google.ortools.sat.BoolVar;
import com.google.ortools.sat.CpModel;
import com.google.ortools.sat.CpSolver;
import com.google.ortools.sat.IntVar;
import com.google.ortools.sat.LinearArgument;
import com.google.ortools.sat.LinearExpr;
import com.google.ortools.sat.Literal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Schedule;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveStatus;
import org.commsched.core.solve.StopToken;
import org.commsched.solver.cpsat.OrTools;
import org.commsched.solver.model.SolverStatusMapping;

/**
 * A pure 0-1 time-indexed model over a grid of integer steps, solved by OR-Tools CP-SAT: the engine
 * of the {@code time-indexed} formulations ({@link BufferlessTimeIndexed}, {@link
 * VirtualTimeIndexed}), which translate a family's model definition into its three ingredients.
 *
 * <ul>
 *   <li><b>Jobs.</b> Job j starts at one step t in [0, last_j]; a binary x[j,t] per candidate step,
 *       and sum_t x[j,t] = 1.
 *   <li><b>Uses.</b> Job j started at t holds resource r during the steps [t + offset, t + offset +
 *       length) of each of its uses (r, offset, length). For every resource r and step s the
 *       binaries whose use covers s sum to at most 1 (one at-most-one row per resource and step).
 *   <li><b>Makespan.</b> Job j started at t ends at t + end_j. An integer E in [floor, horizon]
 *       with E &gt;= sum_t (t + end_j) x[j,t] for every j (exactly one term is 1, so this is E
 *       &gt;= the end of j); minimise E.
 * </ul>
 *
 * <p>Nothing here knows intervals, precedences or disjunctions: the rows are written out step by
 * step, so the model shares no code with the interval models of {@code cpsat} and {@code choco}. A
 * start with x[j,t] for every job is the optional hint. The store-and-forward formulations ({@link
 * PacketTimeIndexed}, {@link LinearCostTimeIndexed}) build richer grids of their own and share its
 * solve flow ({@link #run}) and result ({@link #transmissions}).
 *
 * <p><b>Exactness.</b> When every job's candidate steps include every start of every schedule that
 * ends by the horizon (the callers take the horizon from a heuristic's schedule, which is then
 * itself a solution), CP-SAT's OPTIMAL proves the optimum over all schedules: any better schedule
 * ends before the horizon and is a point of the grid.
 *
 * @implNote Mutable while built ({@link #job}, {@link #use}); {@link #solve} may run once.
 */
final class StepGrid {
  /** One resource use of a job: resource, offset from the start, length in steps. */
  private record Use(int resource, long offset, long length) {}

  /**
   * A finished CP-SAT run: the solver (for the values), its answer in our terms, and its
   * statistics.
   */
  record Solved(CpSolver solver, SolverStatusMapping.Answer answer, Map<String, Object> stats) {}

  /**
   * Solves a built CP-SAT model within the limits' workers and seed until {@code deadline}, Ctrl-C
   * stopping it: the one solve flow of every time-indexed formulation. {@code known} is the horizon
   * of a schedule known to be a solution (negative: none known); a model without a solution
   * although one is known is a modelling error of ours, thrown as such, naming {@code what}.
   */
  static Solved run(CpModel model, SolveLimits limits, long deadline, String what, long known) {
    CpSolver solver = new CpSolver();
    solver
        .getParameters()
        .setMaxTimeInSeconds(Math.max(0.01, (deadline - System.nanoTime()) / 1e9))
        .setCatchSigintSignal(false) // Ctrl-C is ours (Interrupt)
        .setNumWorkers(limits.workers())
        .setRandomSeed((int) limits.seed());
    SolverStatusMapping.Answer answer;
    try (StopToken.Registration stop = limits.run().stop().onStop(solver::stopSearch)) {
      answer = SolverStatusMapping.cpSat(solver.solve(model), solver);
    }
    if (answer.status() == SolveStatus.INFEASIBLE && known >= 0) {
      throw new IllegalStateException(
          what
              + " has no solution although a heuristic schedule fits its horizon "
              + known
              + ": a constraint is wrong");
    }
    Map<String, Object> stats = new LinkedHashMap<>();
    stats.put("solverStatus", answer.outcome());
    stats.put("solverSeconds", Math.round(solver.wallTime() * 1000) / 1000.0);
    return new Solved(solver, answer, stats);
  }

  /**
   * The result of a store-and-forward grid's solution: the records {@code ts} (starts in ticks)
   * ending at {@code end} ticks, the posted {@code bound} raised to the makespan on a proof or to
   * the solver's bound (in grid steps of {@code unit} ticks) at the time limit.
   */
  static SolveResult transmissions(
      Instance instance,
      String method,
      List<Schedule.Transmission> ts,
      long end,
      LowerBound bound,
      SolverStatusMapping.Answer answer,
      long unit,
      String what) {
    ts.sort(Comparator.comparingLong(Schedule.Transmission::start));
    LowerBound lower =
        SolverStatusMapping.posted(
            bound,
            answer.optimal(),
            end,
            Math.min(answer.bound() * unit, end),
            "the time-indexed model (CP-SAT) proved that no " + what + " ends before",
            "",
            " (bound at the time limit)");
    return new SolveResult(
        method,
        SolverStatusMapping.decide(lower, end),
        new Schedule.Transmissions(instance.timeScale(), ts),
        end,
        lower,
        instance.timeScale(),
        Map.of());
  }

  /**
   * Posts one at-most-one row per resource and step over the binaries that cover it ({@code rows}:
   * resource, then step, then binaries); rows of one binary are left out. Returns the rows posted,
   * or -1 as soon as {@code late} says stop (checked per resource).
   */
  static long atMostOne(
      CpModel model, Map<Integer, Map<Long, List<Literal>>> rows, BooleanSupplier late) {
    long count = 0;
    for (Map<Long, List<Literal>> byStep : rows.values()) {
      if (late.getAsBoolean()) {
        return -1;
      }
      for (List<Literal> row : byStep.values()) {
        if (row.size() > 1) {
          model.addAtMostOne(row.toArray(new Literal[0]));
          count++;
        }
      }
    }
    return count;
  }

  /**
   * What a search says when the time limit passed (or the run was stopped) while its grid was
   * built.
   */
  static String builtLate(long horizon) {
    return "none: the time limit passed while the grid of " + horizon + " steps was built";
  }

  /** The outcome: the mapped answer and the starts (null without a solution). */
  record Result(SolverStatusMapping.Answer answer, long[] starts, Map<String, Object> stats) {}

  private final long horizon;
  private final List<long[]> jobs = new ArrayList<>(); // {last start, end offset}
  private final List<List<Use>> uses = new ArrayList<>();
  private final List<Long> hints = new ArrayList<>();

  /** A grid whose makespan is at most {@code horizon}. */
  StepGrid(long horizon) {
    this.horizon = horizon;
  }

  /**
   * Adds a job with starts in [0, lastStart], ending at start + end, hinted at {@code hint}
   * (negative: none); returns its index.
   */
  int job(long lastStart, long end, long hint) {
    jobs.add(new long[] {lastStart, end});
    uses.add(new ArrayList<>());
    hints.add(hint);
    return jobs.size() - 1;
  }

  /** Job {@code j} holds {@code resource} during [start + offset, start + offset + length). */
  void use(int j, int resource, long offset, long length) {
    uses.get(j).add(new Use(resource, offset, length));
  }

  /** The binaries: one per job and candidate start. */
  long cells() {
    long out = 0;
    for (long[] j : jobs) {
      out += j[0] + 1;
    }
    return out;
  }

  /** The nonzeros of the capacity rows: per job, use and candidate start, the use's length. */
  long nonzeros() {
    long out = 0;
    for (int j = 0; j < jobs.size(); j++) {
      for (Use u : uses.get(j)) {
        out += (jobs.get(j)[0] + 1) * u.length();
      }
    }
    return out;
  }

  /**
   * Builds and solves the model with E &gt;= {@code floor}, within the limits' workers and seed and
   * until {@code deadline} ({@link System#nanoTime()}). Returns null as soon as the deadline passes
   * or the run is stopped while the grid is built (checked per job and per resource), so that
   * building never runs past the limit and the solver is not started on a model built after it.
   */
  Result solve(long floor, SolveLimits limits, long deadline) {
    StopToken token = limits.run().stop();
    OrTools.load();
    CpModel model = new CpModel();
    int n = jobs.size();
    BoolVar[][] x = new BoolVar[n][];
    // rows: resource -> step -> the binaries covering it
    Map<Integer, Map<Long, List<Literal>>> rows = new HashMap<>();
    IntVar makespan = model.newIntVar(Math.min(floor, horizon), horizon, "E");
    for (int j = 0; j < n; j++) {
      if (token.over(deadline)) {
        return null;
      }
      long last = jobs.get(j)[0];
      long end = jobs.get(j)[1];
      x[j] = new BoolVar[(int) (last + 1)];
      long[] when = new long[x[j].length];
      for (int t = 0; t <= last; t++) {
        x[j][t] = model.newBoolVar("x" + j + "_" + t);
        when[t] = t + end;
        for (Use u : uses.get(j)) {
          Map<Long, List<Literal>> byStep =
              rows.computeIfAbsent(u.resource(), r -> new HashMap<>());
          for (long s = t + u.offset(); s < t + u.offset() + u.length(); s++) {
            byStep.computeIfAbsent(s, k -> new ArrayList<>()).add(x[j][t]);
          }
        }
      }
      model.addExactlyOne(x[j]);
      model.addGreaterOrEqual(makespan, LinearExpr.weightedSum(x[j], when));
      long h = hints.get(j);
      if (h >= 0 && h <= last) {
        for (int t = 0; t <= last; t++) {
          model.addHint(x[j][t], t == h ? 1 : 0);
        }
      }
    }
    long rowCount = atMostOne(model, rows, () -> token.over(deadline));
    if (rowCount < 0) {
      return null;
    }
    model.minimize((LinearArgument) makespan);
    Solved done = run(model, limits, deadline, "the time-indexed model", horizon);
    CpSolver solver = done.solver();
    SolverStatusMapping.Answer answer = done.answer();
    Map<String, Object> stats = done.stats();
    stats.put("binaries", cells());
    stats.put("capacityRows", rowCount);
    if (!answer.hasSchedule()) {
      return new Result(answer, null, stats);
    }
    long[] starts = new long[n];
    for (int j = 0; j < n; j++) {
      for (int t = 0; t < x[j].length; t++) {
        if (solver.booleanValue(x[j][t])) {
          starts[j] = t;
        }
      }
    }
    return new Result(answer, starts, stats);
  }
}
