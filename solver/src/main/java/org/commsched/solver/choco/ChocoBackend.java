package org.commsched.solver.choco;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.chocosolver.solver.Model;
import org.chocosolver.solver.Solver;
import org.chocosolver.solver.search.strategy.Search;
import org.chocosolver.solver.search.strategy.selectors.values.IntDomainMin;
import org.chocosolver.solver.search.strategy.selectors.variables.Smallest;
import org.chocosolver.solver.variables.IntVar;
import org.commsched.core.solve.SolveLimits;
import org.commsched.solver.bufferless.BufferlessCp;
import org.commsched.solver.model.SolverStatusMapping;

/**
 * {@link BufferlessCp} in Choco: one integer variable per model variable, a unit-capacity cumulative (a
 * disjunctive) per shared resource over its tasks (start = variable + offset), the precedences as arithmetic
 * constraints, E &gt;= t_M + transit_M and E &gt;= the floor; minimise E.
 *
 * <p>Search: the variable with the smallest lower end is set to it (refuted on backtrack: complete), then E; the
 * hint's values as Choco hints. Choco runs single-threaded here; {@link SolveLimits#workers()} is not used. At the
 * time limit the objective's lower bound is the solver's bound.
 *
 * @implNote Stateless.
 */
public final class ChocoBackend implements BufferlessCp.Backend {
  /** The back end. */
  public static final ChocoBackend INSTANCE = new ChocoBackend();
  /** Choco works on ints; models with larger values go to the hint. */
  private static final long MAX_VALUE = Integer.MAX_VALUE / 4;

  private ChocoBackend() {
  }

  @Override
  public String name() {
    return "Choco";
  }

  @Override
  public BufferlessCp.Run solve(BufferlessCp data, SolveLimits limits, long floor) {
    long deadline = System.nanoTime() + limits.timeLimit().toNanos(); // building the model counts too
    int vars = data.variables();
    for (int v = 0; v < vars; v++) {
      if (data.hi[v] > MAX_VALUE) {
        return new BufferlessCp.Run(new BufferlessCp.Found(null, false, 0), Map.of("solverOutcome",
            "not run: values beyond Choco's int range"));
      }
    }
    if (data.horizon > MAX_VALUE) {
      return new BufferlessCp.Run(new BufferlessCp.Found(null, false, 0), Map.of("solverOutcome",
          "not run: values beyond Choco's int range"));
    }
    Model model = new Model("bufferless");
    IntVar[] x = new IntVar[vars];
    for (int v = 0; v < vars; v++) {
      x[v] = model.intVar(data.names[v], (int) data.lo[v], (int) data.hi[v]);
    }
    IntVar end = model.intVar("E", (int) Math.min(floor, data.horizon), (int) data.horizon);
    for (int j = 0; j < data.messages; j++) {
      model.arithm(end, "-", x[j], ">=", (int) data.transit[j]).post();
    }
    for (BufferlessCp.Precedence p : data.precedences) {
      model.arithm(x[p.after()], "-", x[p.before()], ">=", (int) p.gap()).post();
    }
    for (List<BufferlessCp.Task> tasks : data.resources) {
      int n = tasks.size();
      IntVar[] starts = new IntVar[n];
      int[] durations = new int[n];
      int[] heights = new int[n];
      for (int k = 0; k < n; k++) {
        BufferlessCp.Task t = tasks.get(k);
        starts[k] = t.offset() == 0 ? x[t.var()] : model.offset(x[t.var()], (int) t.offset());
        durations[k] = (int) t.duration();
        heights[k] = 1;
      }
      model.cumulative(starts, durations, heights, 1).post();
    }
    model.setObjective(Model.MINIMIZE, end);
    Solver solver = model.getSolver();
    solver.setSearch(Search.intVarSearch(new Smallest(), new IntDomainMin(), x), Search.inputOrderLBSearch(end));
    for (int v = 0; v < vars; v++) {
      solver.addHint(x[v], (int) data.hint[v]);
    }
    solver.limitTime(Math.max(1L, (deadline - System.nanoTime()) / 1_000_000L));
    long[] best = null;
    while (solver.solve()) {
      best = new long[vars];
      for (int v = 0; v < vars; v++) {
        best[v] = x[v].getValue();
      }
    }
    SolverStatusMapping.Answer answer = SolverStatusMapping.choco(best != null, solver);
    BufferlessCp.Found found;
    if (answer.hasSchedule()) {
      found = new BufferlessCp.Found(best, answer.optimal(), answer.bound());
    } else {
      found = new BufferlessCp.Found(null, false, 0);
    }
    Map<String, Object> stats = new LinkedHashMap<>();
    stats.put("solverOutcome", answer.outcome());
    stats.put("wallSeconds", Math.round(solver.getTimeCount() * 1000) / 1000.0);
    return new BufferlessCp.Run(found, stats);
  }
}
