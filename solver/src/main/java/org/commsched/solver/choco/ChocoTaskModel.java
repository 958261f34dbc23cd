package org.commsched.solver.choco;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.chocosolver.solver.Model;
import org.chocosolver.solver.Solver;
import org.chocosolver.solver.search.strategy.Search;
import org.chocosolver.solver.search.strategy.selectors.values.IntDomainMin;
import org.chocosolver.solver.search.strategy.selectors.variables.Smallest;
import org.chocosolver.solver.search.strategy.strategy.AbstractStrategy;
import org.chocosolver.solver.variables.BoolVar;
import org.chocosolver.solver.variables.IntVar;
import org.chocosolver.solver.variables.Task;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveStatus;
import org.commsched.solver.model.SolverStatusMapping;
import org.commsched.solver.model.TaskModel;

/**
 * {@link TaskModel} in Choco: an integer variable per variable, E in [floor, horizon], a Boolean
 * per presence literal, the end terms and precedences as arithmetic constraints (an optional end
 * term as an implication), a sum of 1 per group, a cumulative of capacity 1 (a disjunctive) per
 * resource whose tasks have height 1 (an optional task: its presence literal as height), a {@code
 * diffN} of the rectangles; minimise E. A variable-length task is a Choco task whose duration is
 * the affine view {@code duration + perUnit * length}; variable gaps and end offsets are scalar
 * constraints; a sum is a sum constraint; a positivity link is {@code length >= 1} reified by the
 * literal; a load is a scalar constraint; an enforced precedence is an implication, a work bound a
 * scalar constraint, a count a sum of Booleans, an implication a clause, at-most-one a sum; literal
 * hints are hints.
 *
 * <p>Search: the model's branching order when it gives one (the variable with the smallest lower
 * end among them is set to it, refuted on backtrack, so the search is complete; optionally with
 * last-conflict), after the model's literal order when it gives one (then any variable left by
 * Choco's default), then E; Choco's default search otherwise. The variables' hints as Choco hints.
 * Single-threaded: {@link SolveLimits#workers()} is not used. At the time limit the objective's
 * lower bound is the solver's bound. Models with values beyond {@value #MAX_VALUE} (Choco works on
 * ints) are not run: no solution, and the statistic {@code solverStatus} says so.
 *
 * @implNote Stateless.
 */
public final class ChocoTaskModel implements TaskModel.Backend {
  /** The back end. */
  public static final ChocoTaskModel INSTANCE = new ChocoTaskModel();

  /**
   * Largest value a model may hold (a margin below Integer.MAX_VALUE for sums of starts and
   * durations).
   */
  public static final long MAX_VALUE = Integer.MAX_VALUE / 4;

  private ChocoTaskModel() {}

  @Override
  public String name() {
    return "Choco";
  }

  @Override
  public TaskModel.Solution solve(TaskModel data, SolveLimits limits) {
    long deadline =
        System.nanoTime() + limits.timeLimit().toNanos(); // building the model counts too
    if (data.largestValue() > MAX_VALUE) {
      return new TaskModel.Solution(
          new SolverStatusMapping.Answer(SolveStatus.UNKNOWN, 0, "not run"),
          null,
          null,
          0,
          Map.of("solverStatus", "not run: values beyond Choco's int range"));
    }
    Model model = new Model("tasks");
    var vars = data.vars();
    IntVar[] x = new IntVar[vars.size()];
    for (int v = 0; v < x.length; v++) {
      TaskModel.Var d = vars.get(v);
      x[v] = model.intVar(d.name(), (int) d.lo(), (int) d.hi());
    }
    var names = data.literals();
    BoolVar[] p = new BoolVar[names.size()];
    for (int l = 0; l < p.length; l++) {
      p[l] = model.boolVar(names.get(l));
    }
    IntVar end = model.intVar("E", (int) data.floor(), (int) data.horizon());
    for (TaskModel.End e : data.ends()) {
      var c =
          e.lengthVar() < 0 || e.perUnit() == 0
              ? model.arithm(end, "-", x[e.var()], ">=", (int) e.offset())
              : model.scalar(
                  new IntVar[] {end, x[e.var()], x[e.lengthVar()]},
                  new int[] {1, -1, (int) -e.perUnit()},
                  ">=",
                  (int) e.offset());
      if (e.presence() < 0) {
        c.post();
      } else {
        model.ifThen(p[e.presence()], c);
      }
    }
    for (TaskModel.Precedence q : data.precedences()) {
      var c =
          q.lengthVar() < 0 || q.perUnit() == 0
              ? model.arithm(x[q.after()], "-", x[q.before()], ">=", (int) q.gap())
              : model.scalar(
                  new IntVar[] {x[q.after()], x[q.before()], x[q.lengthVar()]},
                  new int[] {1, -1, (int) -q.perUnit()},
                  ">=",
                  (int) q.gap());
      if (q.when() < 0) {
        c.post();
      } else {
        model.ifThen(p[q.when()], c);
      }
    }
    for (TaskModel.Work w : data.works()) {
      int k = w.vars().length + w.literals().length;
      IntVar[] terms = new IntVar[k + 1];
      int[] coeffs = new int[k + 1];
      terms[0] = end;
      coeffs[0] = 1;
      for (int i = 0; i < w.vars().length; i++) {
        terms[i + 1] = x[w.vars()[i]];
        coeffs[i + 1] = (int) -w.perVar();
      }
      for (int i = 0; i < w.literals().length; i++) {
        terms[w.vars().length + i + 1] = p[w.literals()[i]];
        coeffs[w.vars().length + i + 1] = (int) -w.perLiteral();
      }
      model.scalar(terms, coeffs, ">=", (int) w.constant()).post();
    }
    for (TaskModel.Count count : data.counts()) {
      model.sum(literals(p, count.literals()), "=", x[count.var()]).post();
    }
    for (TaskModel.Implication imp : data.implications()) {
      model.addClauses(literals(p, imp.anyOf()), new BoolVar[] {p[imp.when()]});
    }
    for (int[] group : data.atMostOneGroups()) {
      model.sum(literals(p, group), "<=", 1).post();
    }
    for (TaskModel.Sum sum : data.sums()) {
      IntVar[] of = new IntVar[sum.vars().length];
      for (int k = 0; k < of.length; k++) {
        of[k] = x[sum.vars()[k]];
      }
      model.sum(of, "=", (int) sum.total()).post();
    }
    for (TaskModel.SumOrder order : data.sumOrders()) {
      int k = order.smaller().length + order.larger().length;
      IntVar[] terms = new IntVar[k];
      int[] coeffs = new int[k];
      int i = 0;
      for (int v : order.smaller()) {
        terms[i] = x[v];
        coeffs[i++] = 1;
      }
      for (int v : order.larger()) {
        terms[i] = x[v];
        coeffs[i++] = -1;
      }
      model.scalar(terms, coeffs, "<=", 0).post();
    }
    for (TaskModel.Load load : data.loads()) {
      int k = load.literals().length;
      IntVar[] terms = new IntVar[k + 1];
      int[] coeffs = new int[k + 1];
      terms[0] = end;
      coeffs[0] = 1;
      for (int i = 0; i < k; i++) {
        terms[i + 1] = p[load.literals()[i]];
        coeffs[i + 1] = (int) -load.perLiteral();
      }
      model.scalar(terms, coeffs, ">=", (int) load.constant()).post();
    }
    for (TaskModel.Positive link : data.positives()) {
      model.arithm(x[link.var()], ">=", 1).reifyWith(p[link.literal()]);
      model.arithm(x[link.var()], ">=", 0).post();
    }
    for (int[] group : data.exactlyOneGroups()) {
      BoolVar[] lits = new BoolVar[group.length];
      for (int k = 0; k < group.length; k++) {
        lits[k] = p[group[k]];
      }
      model.sum(lits, "=", 1).post();
    }
    for (var tasks : data.resources()) {
      if (limits
          .run()
          .stop()
          .over(deadline)) { // per resource: the disjunctions are the model's bulk (issue 28)
        return TaskModel.Solution.notRun("time limit reached while building the model");
      }
      disjunctive(model, x, p, tasks);
    }
    var rects = data.rectangles();
    if (!rects.isEmpty()) {
      int r = rects.size();
      IntVar[] xs = new IntVar[r];
      IntVar[] ys = new IntVar[r];
      IntVar[] ws = new IntVar[r];
      IntVar[] hs = new IntVar[r];
      for (int k = 0; k < r; k++) {
        TaskModel.Rectangle rect = rects.get(k);
        if (rect.task().presence() >= 0 || !rect.task().fixed()) {
          throw new IllegalArgumentException("a rectangle of an optional or variable-length task");
        }
        xs[k] = model.intVar((int) rect.xFrom());
        ws[k] = model.intVar((int) (rect.xTo() - rect.xFrom()));
        ys[k] = start(model, x, rect.task());
        hs[k] = model.intVar((int) rect.task().duration());
      }
      model.diffN(xs, ys, ws, hs, true).post();
    }
    model.setObjective(Model.MINIMIZE, end);
    Solver solver = model.getSolver();
    int[] order = data.branching();
    int[] lits = data.literalBranching();
    List<AbstractStrategy<?>> strategies = new ArrayList<>();
    if (lits != null && lits.length > 0) {
      BoolVar[] byOrder = literals(p, lits);
      strategies.add(
          data.literalsTrueFirst()
              ? Search.inputOrderUBSearch(byOrder)
              : Search.inputOrderLBSearch(byOrder));
    }
    if (order != null && order.length > 0) {
      IntVar[] byOrder = new IntVar[order.length];
      for (int k = 0; k < order.length; k++) {
        byOrder[k] = x[order[k]];
      }
      AbstractStrategy<IntVar> main =
          Search.intVarSearch(new Smallest(), new IntDomainMin(), byOrder);
      strategies.add(data.lastConflict() ? Search.lastConflict(main) : main);
    }
    if (!strategies.isEmpty()) {
      strategies.add(Search.inputOrderLBSearch(end));
      solver.setSearch(strategies.toArray(new AbstractStrategy<?>[0]));
      if (lits != null) {
        solver.makeCompleteStrategy(
            true); // any variable left (arrival times, say) by Choco's default
      }
    }
    for (int v = 0; v < x.length; v++) {
      solver.addHint(x[v], (int) vars.get(v).hint());
    }
    for (int l = 0; l < p.length; l++) {
      Boolean hint = data.literalHint(l);
      if (hint != null) {
        solver.addHint(p[l], hint ? 1 : 0);
      }
    }
    if (limits
        .run()
        .stop()
        .over(deadline)) { // building took the time (a busy machine): the caller's hint stands
      return TaskModel.Solution.notRun("time limit reached while building the model");
    }
    solver.limitTime(Math.max(1L, (deadline - System.nanoTime()) / 1_000_000L));
    solver.addStopCriterion(limits.run().stop()::stopped); // Ctrl-C: stop as at the time limit
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
      limits
          .run()
          .progress()
          .incumbent(makespan * data.unit()); // progress for the user, in instance ticks
    }
    SolverStatusMapping.Answer answer = SolverStatusMapping.choco(best != null, solver);
    Map<String, Object> stats = new LinkedHashMap<>();
    stats.put("solverStatus", answer.outcome());
    stats.put("solverSeconds", Math.round(solver.getTimeCount() * 1000) / 1000.0);
    return new TaskModel.Solution(answer, best, present, makespan, stats);
  }

  /**
   * A unit-capacity cumulative over the tasks (height 1, or the presence literal of an optional
   * task).
   */
  private static void disjunctive(
      Model model, IntVar[] x, BoolVar[] p, List<TaskModel.Task> tasks) {
    int n = tasks.size();
    IntVar[] starts = new IntVar[n];
    int[] durations = new int[n];
    boolean optional = false;
    for (int k = 0; k < n; k++) {
      TaskModel.Task t = tasks.get(k);
      starts[k] = start(model, x, t);
      durations[k] = (int) t.duration();
      optional |= t.presence() >= 0 || !t.fixed();
    }
    if (!optional) {
      int[] ones = new int[n];
      Arrays.fill(ones, 1);
      model.cumulative(starts, durations, ones, 1).post();
      return;
    }
    Task[] ts = new Task[n];
    IntVar[] heights = new IntVar[n];
    IntVar one = model.intVar(1);
    for (int k = 0; k < n; k++) {
      TaskModel.Task t = tasks.get(k);
      ts[k] =
          t.fixed()
              ? new Task(starts[k], durations[k])
              : new Task(
                  starts[k],
                  model.intAffineView((int) t.perUnit(), x[t.lengthVar()], durations[k]));
      heights[k] = t.presence() < 0 ? one : p[t.presence()];
    }
    model.cumulative(ts, heights, one).post();
  }

  private static BoolVar[] literals(BoolVar[] p, int[] of) {
    BoolVar[] out = new BoolVar[of.length];
    for (int k = 0; k < of.length; k++) {
      out[k] = p[of[k]];
    }
    return out;
  }

  private static IntVar start(Model model, IntVar[] x, TaskModel.Task t) {
    return t.offset() == 0 ? x[t.var()] : model.offset(x[t.var()], (int) t.offset());
  }
}
