package org.commsched.solver.cpsat;

import com.google.ortools.sat.CpModel;
import com.google.ortools.sat.CpSolver;
import com.google.ortools.sat.IntVar;
import com.google.ortools.sat.IntervalVar;
import com.google.ortools.sat.LinearExpr;
import com.google.ortools.sat.NoOverlap2dConstraint;
import org.commsched.core.model.Instance;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.Scope;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.solver.bufferless.VirtualCp;
import org.commsched.solver.model.SolverStatusMapping;

/**
 * {@code cpsat-virtual}: exact virtual chatting schedules (slots) with OR-Tools CP-SAT, for chatting on any network
 * and for dsa (rectangle compaction = dynamic storage allocation on a ula).
 *
 * <p><b>Model</b> ({@link VirtualCp}, in units of the gcd of the lengths): a slot σ_M in [0, H - l_M] per message,
 * H the makespan of the best virtual heuristic; one fixed-size interval [σ_M, σ_M + l_M) per message; one NoOverlap
 * per maximal set of messages sharing an arc, so exactly the pairs whose routes share an arc are kept apart (the
 * virtual constraints (3.1)-(3.2), docs/models/bufferless-chatting.md#virtual-schedules-and-dsa, of Bhatt, Bilardi,
 * Pucci, Ranade, Rosenberg and Schwabe, "On Bufferless Routing of Variable Length Messages in Leveled Networks",
 * §3.1-3.2); on a ula also one NoOverlap2D of the rectangles [from, to) x [σ_M, σ_M + l_M) (redundant, for its
 * energetic reasoning); E &gt;= σ_M + l_M and E &gt;= max(C, L) (Prop 3.1; the load for dsa); minimise E, the
 * heuristic's slots as the hint.
 *
 * <p><b>Guarantee.</b> OPTIMAL when CP-SAT proves it or the hint meets max(C, L) (then no search runs); at the time
 * limit the best schedule with FEASIBLE and CP-SAT's objective bound (never below max(C, L)); if CP-SAT found
 * nothing, the heuristic's schedule with FEASIBLE. Time limit, workers and seed from {@link SolveLimits}.
 *
 * <p><b>Complexity.</b> NP-hard (rectangle compaction, Theorem 4.5(a) of the paper); one variable and one interval
 * per message, at most one NoOverlap per arc. Proves 16-buffer memory-planning instances in well under a second.
 *
 * @implNote Stateless; the native library is loaded through {@link OrTools}.
 */
public final class CpSatVirtual implements Method {

  @Override
  public String name() {
    return "cpsat-virtual";
  }

  @Override
  public String summary() {
    return "exact virtual schedule (slots; for dsa the buffer layout): CP-SAT, one interval per message, NoOverlap "
        + "per maximal set of messages sharing an arc (NoOverlap2D on a ula), minimise the virtual makespan";
  }

  @Override
  public String guarantee() {
    return VirtualCp.GUARANTEE;
  }

  @Override
  public String citation() {
    return VirtualCp.CITATION;
  }

  @Override
  public boolean exact() {
    return true;
  }

  @Override
  public Scope scope() {
    return VirtualCp.SCOPE;
  }

  @Override
  public SolveResult solve(Instance instance, SolveLimits limits) {
    long deadline = System.nanoTime() + limits.timeLimit().toNanos(); // loading and building count too
    requireApplies(instance);
    VirtualCp data = new VirtualCp(instance);
    if (data.settled()) {
      return data.finish(name(), "CP-SAT", data.hint, true, data.horizon)
          .withStat("search", "none: the heuristic meets the lower bound");
    }
    OrTools.load();
    CpModel model = new CpModel();
    int m = data.size();
    IntVar[] v = new IntVar[m];
    IntervalVar[] iv = new IntervalVar[m];
    IntVar end = model.newIntVar(data.floor, data.horizon, "E");
    for (int j = 0; j < m; j++) {
      v[j] = model.newIntVar(0, data.horizon - data.length[j], "s" + j);
      iv[j] = model.newFixedSizeIntervalVar(v[j], data.length[j], "i" + j);
      model.addGreaterOrEqual(end, LinearExpr.affine(v[j], 1, data.length[j]));
      model.addHint(v[j], data.hint[j]);
    }
    model.addHint(end, data.horizon);
    for (int[] group : data.groups) {
      IntervalVar[] g = new IntervalVar[group.length];
      for (int k = 0; k < group.length; k++) {
        g[k] = iv[group[k]];
      }
      model.addNoOverlap(g);
    }
    if (data.from != null && !data.groups.isEmpty()) {
      NoOverlap2dConstraint rect = model.addNoOverlap2D();
      for (int j = 0; j < m; j++) {
        rect.addRectangle(model.newFixedInterval(data.from[j], data.to[j] - data.from[j], "x" + j), iv[j]);
      }
    }
    model.minimize(end);
    CpSolver solver = new CpSolver();
    solver.getParameters()
        .setMaxTimeInSeconds(Math.max(0.01, (deadline - System.nanoTime()) / 1e9))
        .setNumWorkers(limits.workers())
        .setRandomSeed((int) limits.seed());
    SolverStatusMapping.Answer answer = SolverStatusMapping.cpSat(solver.solve(model), solver);
    long[] best = null;
    if (answer.hasSchedule()) {
      best = new long[m];
      for (int j = 0; j < m; j++) {
        best[j] = solver.value(v[j]);
      }
    }
    return data.finish(name(), "CP-SAT", best, answer.optimal(), answer.bound())
        .withStat("solverStatus", answer.outcome()).withStat("wallSeconds", Math.round(solver.wallTime() * 1000) / 1000.0);
  }
}
