package org.commsched.solver.cpsat;

import com.google.ortools.sat.CpModel;
import com.google.ortools.sat.CpSolver;
import com.google.ortools.sat.IntVar;
import com.google.ortools.sat.IntervalVar;
import com.google.ortools.sat.LinearExpr;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.commsched.core.solve.SolveLimits;
import org.commsched.solver.bufferless.BufferlessCp;
import org.commsched.solver.model.SolverStatusMapping;

/**
 * {@link BufferlessCp} in OR-Tools CP-SAT: one integer variable per model variable (with the hint), one
 * fixed-size interval per distinct task (the resources that hold the same task share it), one NoOverlap per
 * shared resource, the precedences as linear inequalities, E &gt;= t_M + transit_M for every message and
 * E &gt;= the floor; minimise E.
 *
 * @implNote Stateless; the native library is loaded through {@link OrTools}.
 */
public final class CpSatBackend implements BufferlessCp.Backend {
  /** The back end. */
  public static final CpSatBackend INSTANCE = new CpSatBackend();

  private CpSatBackend() {
  }

  @Override
  public String name() {
    return "CP-SAT";
  }

  @Override
  public BufferlessCp.Run solve(BufferlessCp data, SolveLimits limits, long floor) {
    long deadline = System.nanoTime() + limits.timeLimit().toNanos(); // loading and building count too
    OrTools.load();
    CpModel model = new CpModel();
    int vars = data.variables();
    IntVar[] x = new IntVar[vars];
    for (int v = 0; v < vars; v++) {
      x[v] = model.newIntVar(data.lo[v], data.hi[v], data.names[v]);
      model.addHint(x[v], data.hint[v]);
    }
    IntVar end = model.newIntVar(Math.min(floor, data.horizon), data.horizon, "E");
    for (int j = 0; j < data.messages; j++) {
      model.addGreaterOrEqual(end, LinearExpr.affine(x[j], 1, data.transit[j]));
    }
    model.addHint(end, data.horizon);
    for (BufferlessCp.Precedence p : data.precedences) {
      model.addGreaterOrEqual(x[p.after()], LinearExpr.affine(x[p.before()], 1, p.gap()));
    }
    // one interval per distinct task: on leveled routes every resource shares the message's one block
    Map<BufferlessCp.Task, IntervalVar> intervals = new HashMap<>();
    for (List<BufferlessCp.Task> tasks : data.resources) {
      IntervalVar[] iv = new IntervalVar[tasks.size()];
      for (int k = 0; k < iv.length; k++) {
        BufferlessCp.Task t = tasks.get(k);
        iv[k] = intervals.computeIfAbsent(t, u -> model.newFixedSizeIntervalVar(
            LinearExpr.affine(x[u.var()], 1, u.offset()), u.duration(), "i" + intervals.size()));
      }
      model.addNoOverlap(iv);
    }
    model.minimize(end);
    CpSolver solver = new CpSolver();
    solver.getParameters()
        .setMaxTimeInSeconds(Math.max(0.01, (deadline - System.nanoTime()) / 1e9))
        .setNumWorkers(limits.workers())
        .setRandomSeed((int) limits.seed());
    SolverStatusMapping.Answer answer = SolverStatusMapping.cpSat(solver.solve(model), solver);
    BufferlessCp.Found found;
    if (answer.hasSchedule()) {
      long[] values = new long[vars];
      for (int v = 0; v < vars; v++) {
        values[v] = solver.value(x[v]);
      }
      found = new BufferlessCp.Found(values, answer.optimal(), answer.bound());
    } else {
      found = new BufferlessCp.Found(null, false, 0);
    }
    Map<String, Object> stats = new LinkedHashMap<>();
    stats.put("solverStatus", answer.outcome());
    stats.put("wallSeconds", Math.round(solver.wallTime() * 1000) / 1000.0);
    return new BufferlessCp.Run(found, stats);
  }
}
