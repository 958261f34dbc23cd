package org.commsched.solver.cpsat;

import com.google.ortools.sat.BoolVar;
import com.google.ortools.sat.CpModel;
import com.google.ortools.sat.CpSolver;
import com.google.ortools.sat.CpSolverSolutionCallback;
import com.google.ortools.sat.IntVar;
import com.google.ortools.sat.IntervalVar;
import com.google.ortools.sat.LinearExpr;
import com.google.ortools.sat.Literal;
import com.google.ortools.sat.NoOverlap2dConstraint;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.StopToken;
import org.commsched.solver.model.SolverStatusMapping;
import org.commsched.solver.model.TaskModel;

/**
 * {@link TaskModel} in OR-Tools CP-SAT: an integer variable per variable (with its hint), E in
 * [floor, horizon] (hinted at the horizon), a Boolean per presence literal, the end terms and
 * precedences as linear inequalities (an optional end term enforced only if its literal holds),
 * ExactlyOne per group, a fixed-size interval per distinct task (optional when the task has a
 * presence literal; resources that hold the same task share its interval, as the forward-leveled
 * bufferless model's do), a NoOverlap per resource, one NoOverlap2D of the rectangles (each with a
 * fixed interval for its fixed side); minimise E. A variable-length task is an (optional) interval
 * whose size is the affine expression {@code duration + perUnit * length} and whose end is a
 * variable tied to start plus size; variable gaps and end offsets are linear terms; a sum is a
 * linear equality; a positivity link is two enforced linear constraints; a load is a linear
 * inequality; an enforced precedence is an inequality enforced by its literal, a work bound a
 * linear inequality, a count a linear equality over Booleans, an implication a clause, at-most-one
 * AtMostOne; literal hints are hints. CP-SAT chooses its own search; the branching order is not
 * used. Models with values beyond {@link #MAX_VALUE} are not run: no solution, and the statistic
 * {@code solverStatus} says so. Time limit, workers and seed from {@link SolveLimits}.
 *
 * @implNote Stateless; the native library is loaded through {@link OrTools}.
 */
public final class CpSatTaskModel implements TaskModel.Backend {
  /** The back end. */
  public static final CpSatTaskModel INSTANCE = new CpSatTaskModel();

  /**
   * Largest value a model may hold: CP-SAT refuses a model whose linear terms could overflow 64
   * bits (MODEL_INVALID); sums of a few values of 2^60 already do, 2^56 leaves room for the sums
   * these models build.
   */
  public static final long MAX_VALUE = 1L << 56;

  /**
   * Why a model was not searched when the time limit passed, or the run was stopped, while it was
   * built: building checks the deadline and the run's stop token between its groups of constraints
   * and per resource, so a large model never keeps the run past its limit (issue 28), and the
   * caller's hint stands.
   */
  public static final String BUILT_LATE = "time limit reached while building the model";

  private CpSatTaskModel() {}

  @Override
  public String name() {
    return "CP-SAT";
  }

  @Override
  public TaskModel.Solution solve(TaskModel data, SolveLimits limits) {
    long deadline =
        System.nanoTime() + limits.timeLimit().toNanos(); // loading and building count too
    if (data.largestValue() > MAX_VALUE) {
      return TaskModel.Solution.notRun(
          "values beyond 2^56, where CP-SAT's overflow checks refuse the model");
    }
    OrTools.load();
    if (limits
        .run()
        .stop()
        .over(deadline)) { // loading took the time (a busy machine): no model, the caller's hint
      // stands
      return TaskModel.Solution.notRun("time limit reached while loading OR-Tools");
    }
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
      Boolean hint = data.literalHint(l);
      if (hint != null) {
        model.addHint(p[l], hint);
      }
    }
    if (limits.run().stop().over(deadline)) {
      return TaskModel.Solution.notRun(BUILT_LATE);
    }
    IntVar end = model.newIntVar(data.floor(), data.horizon(), "E");
    for (TaskModel.End e : data.ends()) {
      var c =
          model.addGreaterOrEqual(end, plus(x[e.var()], e.offset(), x, e.lengthVar(), e.perUnit()));
      if (e.presence() >= 0) {
        c.onlyEnforceIf(p[e.presence()]);
      }
    }
    model.addHint(end, data.horizon());
    if (limits.run().stop().over(deadline)) {
      return TaskModel.Solution.notRun(BUILT_LATE);
    }
    for (TaskModel.Precedence q : data.precedences()) {
      var c =
          model.addGreaterOrEqual(
              x[q.after()], plus(x[q.before()], q.gap(), x, q.lengthVar(), q.perUnit()));
      if (q.when() >= 0) {
        c.onlyEnforceIf(p[q.when()]);
      }
    }
    if (limits.run().stop().over(deadline)) {
      return TaskModel.Solution.notRun(BUILT_LATE);
    }
    for (TaskModel.Work w : data.works()) {
      var sum = LinearExpr.newBuilder().add(w.constant());
      for (int v : w.vars()) {
        sum.addTerm(x[v], w.perVar());
      }
      for (int l : w.literals()) {
        sum.addTerm(p[l], w.perLiteral());
      }
      model.addGreaterOrEqual(end, sum.build());
    }
    if (limits.run().stop().over(deadline)) {
      return TaskModel.Solution.notRun(BUILT_LATE);
    }
    for (TaskModel.Count count : data.counts()) {
      model.addEquality(x[count.var()], LinearExpr.sum(literals(p, count.literals())));
    }
    if (limits.run().stop().over(deadline)) {
      return TaskModel.Solution.notRun(BUILT_LATE);
    }
    for (TaskModel.Implication imp : data.implications()) {
      Literal[] clause = new Literal[imp.anyOf().length + 1];
      clause[0] = p[imp.when()].not();
      for (int k = 0; k < imp.anyOf().length; k++) {
        clause[k + 1] = p[imp.anyOf()[k]];
      }
      model.addBoolOr(clause);
    }
    if (limits.run().stop().over(deadline)) {
      return TaskModel.Solution.notRun(BUILT_LATE);
    }
    for (int[] group : data.atMostOneGroups()) {
      model.addAtMostOne(literals(p, group));
    }
    if (limits.run().stop().over(deadline)) {
      return TaskModel.Solution.notRun(BUILT_LATE);
    }
    for (TaskModel.Sum sum : data.sums()) {
      IntVar[] of = new IntVar[sum.vars().length];
      for (int k = 0; k < of.length; k++) {
        of[k] = x[sum.vars()[k]];
      }
      model.addEquality(LinearExpr.sum(of), sum.total());
    }
    for (TaskModel.SumOrder order : data.sumOrders()) {
      var diff = LinearExpr.newBuilder();
      for (int v : order.smaller()) {
        diff.addTerm(x[v], 1);
      }
      for (int v : order.larger()) {
        diff.addTerm(x[v], -1);
      }
      model.addLessOrEqual(diff.build(), 0);
    }
    if (limits.run().stop().over(deadline)) {
      return TaskModel.Solution.notRun(BUILT_LATE);
    }
    for (TaskModel.Load load : data.loads()) {
      var sum = LinearExpr.newBuilder().add(load.constant());
      for (int l : load.literals()) {
        sum.addTerm(p[l], load.perLiteral());
      }
      model.addGreaterOrEqual(end, sum.build());
    }
    if (limits.run().stop().over(deadline)) {
      return TaskModel.Solution.notRun(BUILT_LATE);
    }
    for (TaskModel.Positive link : data.positives()) {
      model.addGreaterOrEqual(x[link.var()], 1).onlyEnforceIf(p[link.literal()]);
      model.addEquality(x[link.var()], 0).onlyEnforceIf(p[link.literal()].not());
    }
    if (limits.run().stop().over(deadline)) {
      return TaskModel.Solution.notRun(BUILT_LATE);
    }
    for (int[] group : data.exactlyOneGroups()) {
      Literal[] lits = new Literal[group.length];
      for (int k = 0; k < group.length; k++) {
        lits[k] = p[group[k]];
      }
      model.addExactlyOne(lits);
    }
    Map<TaskModel.Task, IntervalVar> intervals = new HashMap<>();
    for (var tasks : data.resources()) {
      if (limits
          .run()
          .stop()
          .over(deadline)) { // per resource: one resource's tasks are the model's bulk
        return TaskModel.Solution.notRun(BUILT_LATE);
      }
      IntervalVar[] iv = new IntervalVar[tasks.size()];
      for (int k = 0; k < iv.length; k++) {
        iv[k] = interval(model, x, p, intervals, tasks.get(k));
      }
      model.addNoOverlap(iv);
    }
    if (limits.run().stop().over(deadline)) {
      return TaskModel.Solution.notRun(BUILT_LATE);
    }
    var rects = data.rectangles();
    if (!rects.isEmpty()) {
      NoOverlap2dConstraint plane = model.addNoOverlap2D();
      for (int r = 0; r < rects.size(); r++) {
        TaskModel.Rectangle rect = rects.get(r);
        plane.addRectangle(
            model.newFixedInterval(rect.xFrom(), rect.xTo() - rect.xFrom(), "x" + r),
            interval(model, x, p, intervals, rect.task()));
      }
    }
    model.minimize(end);
    if (limits
        .run()
        .stop()
        .over(deadline)) { // building took the time: searching now would overrun the limit
      return TaskModel.Solution.notRun(BUILT_LATE);
    }
    CpSolver solver = new CpSolver();
    SolverStatusMapping.Answer answer = search(model, solver, limits, deadline, data.unit());
    Map<String, Object> stats = new LinkedHashMap<>();
    stats.put("solverStatus", answer.outcome());
    stats.put("solverSeconds", Math.round(solver.wallTime() * 1000) / 1000.0);
    if (!answer.hasSchedule()) {
      return new TaskModel.Solution(answer, null, null, 0, stats);
    }
    long[] values = new long[x.length];
    for (int v = 0; v < x.length; v++) {
      values[v] = solver.value(x[v]);
    }
    boolean[] present = new boolean[p.length];
    for (int l = 0; l < p.length; l++) {
      present[l] = solver.booleanValue(p[l]);
    }
    return new TaskModel.Solution(answer, values, present, solver.value(end), stats);
  }

  /**
   * Searches a CP-SAT model until {@code deadline} (System.nanoTime) or the run's stop, with the
   * limits' workers and seed, reporting each incumbent and bound to the run's progress in instance
   * ticks ({@code unit} ticks per unit of the objective; 0 for a model without objective, which
   * reports nothing): the search every CP-SAT model of the solver runs.
   */
  public static SolverStatusMapping.Answer search(
      CpModel model, CpSolver solver, SolveLimits limits, long deadline, long unit) {
    solver
        .getParameters()
        .setMaxTimeInSeconds(Math.max(0.01, (deadline - System.nanoTime()) / 1e9))
        .setCatchSigintSignal(
            false) // Ctrl-C is ours (Interrupt): CP-SAT's own handler aborts the JVM
        .setNumWorkers(limits.workers())
        .setRandomSeed((int) limits.seed());
    try (StopToken.Registration stop = limits.run().stop().onStop(solver::stopSearch)) {
      return SolverStatusMapping.cpSat(
          solver.solve(
              model,
              new CpSolverSolutionCallback() {
                @Override
                public void onSolutionCallback() { // progress for the user, in instance ticks
                  if (unit <= 0) {
                    return;
                  }
                  limits.run().progress().incumbent(Math.round(objectiveValue()) * unit);
                  limits.run().progress().bound((long) Math.ceil(bestObjectiveBound()) * unit);
                }
              }),
          solver);
    }
  }

  private static BoolVar[] literals(BoolVar[] p, int[] of) {
    BoolVar[] out = new BoolVar[of.length];
    for (int k = 0; k < of.length; k++) {
      out[k] = p[of[k]];
    }
    return out;
  }

  /** {@code base + constant}, plus {@code perUnit * x[lengthVar]} when {@code lengthVar >= 0}. */
  private static LinearExpr plus(
      IntVar base, long constant, IntVar[] x, int lengthVar, long perUnit) {
    if (lengthVar < 0 || perUnit == 0) {
      return LinearExpr.affine(base, 1, constant);
    }
    return LinearExpr.newBuilder().add(base).addTerm(x[lengthVar], perUnit).add(constant).build();
  }

  /** The task's interval, created once however many resources hold it. */
  private static IntervalVar interval(
      CpModel model,
      IntVar[] x,
      BoolVar[] p,
      Map<TaskModel.Task, IntervalVar> made,
      TaskModel.Task t) {
    return made.computeIfAbsent(
        t,
        u -> {
          LinearExpr start = LinearExpr.affine(x[u.var()], 1, u.offset());
          String name = "i" + made.size();
          if (!u.fixed()) {
            LinearExpr size = LinearExpr.affine(x[u.lengthVar()], u.perUnit(), u.duration());
            // CP-SAT takes an interval's end as one variable: an end variable tied to start + size
            // (any presence)
            long lo = x[u.var()].getDomain().min() + u.offset() + u.duration();
            long hi =
                x[u.var()].getDomain().max()
                    + u.offset()
                    + u.duration()
                    + Math.max(0, u.perUnit() * x[u.lengthVar()].getDomain().max());
            lo += Math.min(0, u.perUnit() * x[u.lengthVar()].getDomain().max());
            IntVar stop = model.newIntVar(Math.min(lo, hi), hi, name + "e");
            model.addEquality(
                stop, plus(x[u.var()], u.offset() + u.duration(), x, u.lengthVar(), u.perUnit()));
            return u.presence() < 0
                ? model.newIntervalVar(start, size, stop, name)
                : model.newOptionalIntervalVar(start, size, stop, p[u.presence()], name);
          }
          return u.presence() < 0
              ? model.newFixedSizeIntervalVar(start, u.duration(), name)
              : model.newOptionalFixedSizeIntervalVar(start, u.duration(), p[u.presence()], name);
        });
  }
}
