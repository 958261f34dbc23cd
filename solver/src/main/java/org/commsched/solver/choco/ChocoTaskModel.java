package org.commsched.solver.choco;

import org.chocosolver.solver.Model;
import org.chocosolver.solver.Solver;
import org.chocosolver.solver.variables.BoolVar;
import org.chocosolver.solver.variables.IntVar;
import org.chocosolver.solver.variables.Task;
import org.commsched.core.solve.SolveLimits;
import org.commsched.solver.model.SolverStatusMapping;
import org.commsched.solver.model.TaskModel;

/**
 * {@link TaskModel} in Choco: an integer variable per variable, a Boolean per presence literal, a cumulative of
 * capacity 1 per resource whose tasks have height 1 when present and 0 when not (an always-present task height 1),
 * the precedences as arithmetic constraints, an optional end term as an implication, a sum of 1 per group;
 * minimise E with Choco's default search, the hints as Choco hints. Single-threaded.
 *
 * @implNote Stateless. Values must fit Choco's ints.
 */
public final class ChocoTaskModel {
  private ChocoTaskModel() {
  }

  /** Solves the model within the limits. */
  public static TaskModel.Solution solve(TaskModel data, SolveLimits limits) {
    Model model = new Model("tasks");
    var vars = data.vars();
    IntVar[] x = new IntVar[vars.size()];
    for (int v = 0; v < x.length; v++) {
      TaskModel.Var d = vars.get(v);
      x[v] = model.intVar(d.name(), Math.toIntExact(d.lo()), Math.toIntExact(d.hi()));
    }
    var names = data.literals();
    BoolVar[] p = new BoolVar[names.size()];
    for (int l = 0; l < p.length; l++) {
      p[l] = model.boolVar(names.get(l));
    }
    IntVar end = model.intVar("E", 0, Math.toIntExact(data.horizon()));
    for (TaskModel.End e : data.ends()) {
      var c = model.arithm(end, "-", x[e.var()], ">=", Math.toIntExact(e.offset()));
      if (e.presence() < 0) {
        c.post();
      } else {
        model.ifThen(p[e.presence()], c);
      }
    }
    for (TaskModel.Precedence q : data.precedences()) {
      model.arithm(x[q.after()], "-", x[q.before()], ">=", Math.toIntExact(q.gap())).post();
    }
    for (int[] group : data.exactlyOneGroups()) {
      BoolVar[] lits = new BoolVar[group.length];
      for (int k = 0; k < group.length; k++) {
        lits[k] = p[group[k]];
      }
      model.sum(lits, "=", 1).post();
    }
    IntVar one = model.intVar(1);
    for (var tasks : data.resources()) {
      Task[] ts = new Task[tasks.size()];
      IntVar[] heights = new IntVar[tasks.size()];
      for (int k = 0; k < ts.length; k++) {
        TaskModel.Task t = tasks.get(k);
        IntVar start = t.offset() == 0 ? x[t.var()] : model.offset(x[t.var()], Math.toIntExact(t.offset()));
        ts[k] = new Task(start, Math.toIntExact(t.duration()));
        heights[k] = t.presence() < 0 ? one : p[t.presence()];
      }
      model.cumulative(ts, heights, one).post();
    }
    model.setObjective(Model.MINIMIZE, end);
    Solver solver = model.getSolver();
    for (int v = 0; v < x.length; v++) {
      solver.addHint(x[v], Math.toIntExact(vars.get(v).hint()));
    }
    solver.limitTime(Math.max(1L, limits.timeLimit().toMillis()));
    long[] best = null;
    boolean[] present = null;
    long makespan = 0;
    while (solver.solve()) {
      best = new long[x.length];
      for (int v = 0; v < x.length; v++) {
        best[v] = x[v].getValue();
      }
      present = new boolean[p.length];
      for (int l = 0; l < p.length; l++) {
        present[l] = p[l].getValue() == 1;
      }
      makespan = end.getValue();
    }
    SolverStatusMapping.Answer answer = SolverStatusMapping.choco(best != null, solver);
    return new TaskModel.Solution(answer, best, present, makespan);
  }
}
