package org.commsched.solver.cpsat;

import com.google.ortools.sat.BoolVar;
import com.google.ortools.sat.CpModel;
import com.google.ortools.sat.CpSolver;
import com.google.ortools.sat.IntVar;
import com.google.ortools.sat.IntervalVar;
import com.google.ortools.sat.LinearExpr;
import com.google.ortools.sat.Literal;
import org.commsched.core.solve.SolveLimits;
import org.commsched.solver.model.SolverStatusMapping;
import org.commsched.solver.model.TaskModel;

/**
 * {@link TaskModel} in CP-SAT: an integer variable per variable (with its hint), a Boolean per presence literal, a
 * fixed-size interval per task (optional when the task has a presence literal), a NoOverlap per resource, the
 * precedences and end terms as linear inequalities (an optional end term enforced only if its literal holds),
 * ExactlyOne per group; minimise E.
 *
 * @implNote Stateless.
 */
public final class CpSatTaskModel {
  private CpSatTaskModel() {
  }

  /** Solves the model within the limits. */
  public static TaskModel.Solution solve(TaskModel data, SolveLimits limits) {
    OrTools.load();
    CpModel model = new CpModel();
    var vars = data.vars();
    IntVar[] x = new IntVar[vars.size()];
    for (int v = 0; v < x.length; v++) {
      TaskModel.Var d = vars.get(v);
      x[v] = model.newIntVar(d.lo(), d.hi(), d.name());
      model.addHint(x[v], d.hint());
    }
    var names = data.literals();
    BoolVar[] p = new BoolVar[names.size()];
    for (int l = 0; l < p.length; l++) {
      p[l] = model.newBoolVar(names.get(l));
    }
    IntVar end = model.newIntVar(0, data.horizon(), "E");
    for (TaskModel.End e : data.ends()) {
      var c = model.addGreaterOrEqual(end, LinearExpr.affine(x[e.var()], 1, e.offset()));
      if (e.presence() >= 0) {
        c.onlyEnforceIf(p[e.presence()]);
      }
    }
    for (TaskModel.Precedence q : data.precedences()) {
      model.addGreaterOrEqual(x[q.after()], LinearExpr.affine(x[q.before()], 1, q.gap()));
    }
    for (int[] group : data.exactlyOneGroups()) {
      Literal[] lits = new Literal[group.length];
      for (int k = 0; k < group.length; k++) {
        lits[k] = p[group[k]];
      }
      model.addExactlyOne(lits);
    }
    int count = 0;
    for (var tasks : data.resources()) {
      IntervalVar[] iv = new IntervalVar[tasks.size()];
      for (int k = 0; k < iv.length; k++) {
        TaskModel.Task t = tasks.get(k);
        LinearExpr start = LinearExpr.affine(x[t.var()], 1, t.offset());
        iv[k] = t.presence() < 0
            ? model.newFixedSizeIntervalVar(start, t.duration(), "i" + count++)
            : model.newOptionalFixedSizeIntervalVar(start, t.duration(), p[t.presence()], "i" + count++);
      }
      model.addNoOverlap(iv);
    }
    model.minimize(end);
    CpSolver solver = new CpSolver();
    solver.getParameters()
        .setMaxTimeInSeconds(Math.max(0.01, limits.timeLimit().toNanos() / 1e9))
        .setNumWorkers(limits.workers())
        .setRandomSeed((int) limits.seed());
    SolverStatusMapping.Answer answer = SolverStatusMapping.cpSat(solver.solve(model), solver);
    if (!answer.hasSchedule()) {
      return new TaskModel.Solution(answer, null, null, 0);
    }
    long[] values = new long[x.length];
    for (int v = 0; v < x.length; v++) {
      values[v] = solver.value(x[v]);
    }
    boolean[] present = new boolean[p.length];
    for (int l = 0; l < p.length; l++) {
      present[l] = solver.booleanValue(p[l]);
    }
    return new TaskModel.Solution(answer, values, present, solver.value(end));
  }
}
