package org.commsched.solver;

import com.google.ortools.Loader;
import com.google.ortools.sat.CpModel;
import com.google.ortools.sat.CpSolver;
import com.google.ortools.sat.CpSolverStatus;
import com.google.ortools.sat.IntVar;
import com.google.ortools.sat.IntervalVar;
import com.google.ortools.sat.LinearExpr;
import com.google.ortools.sat.NoOverlap2dConstraint;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.commsched.core.model.Instance;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveStatus;

/**
 * Exact chatting schedules with OR-Tools CP-SAT: {@code cpsat} for real schedules (chatting spec §1.5, the interval
 * form) and {@code cpsat-virtual} for virtual ones (spec §1.5 "virtual model", §2.2); a dsa instance always gets
 * the virtual model (its schedule is the buffer layout).
 *
 * <p>Real model: an integer departure t_M in [0, H - (l_M + d_M - 1)] per message, H the makespan of the
 * {@code greedy} baseline; per arc e of M's route at hop k a fixed-size interval [t_M + k, t_M + k + l_M); one
 * NoOverlap per arc crossed by two or more messages; E &gt;= t_M + l_M + d_M - 1 and E &gt;= the best lower bound;
 * minimise E. Admissibility (2.1)-(2.4) of Bhatt, Bilardi, Pucci, Ranade, Rosenberg and Schwabe, "On Bufferless
 * Routing of Variable Length Messages in Leveled Networks", §2.3, holds exactly when the intervals on every arc are
 * disjoint.
 *
 * <p>Virtual model (same paper, §3.1-3.2; on a ula it is rectangle compaction, equivalently dynamic storage
 * allocation, §4.2, NP-hard by Theorem 4.5(a)): a slot σ_M in [0, H - l_M] per message, H the best of
 * {@code first-fit}, {@code kierstead} and {@code interval-coloring}; one interval [σ_M, σ_M + l_M) per message;
 * one NoOverlap per maximal set of messages sharing an arc (so two messages whose routes share an arc never
 * overlap, and no other pair is constrained); on a ula also a NoOverlap2D of the rectangles
 * [from, to) x [σ_M, σ_M + l_M) (redundant, for its energy reasoning); E &gt;= σ_M + l_M and
 * E &gt;= max(C, L) (Prop 3.1; the load for dsa); minimise E. The heuristic's slots are the hint.
 *
 * <p>Outcome: OPTIMAL when CP-SAT proves it; at the time limit the best schedule with FEASIBLE and CP-SAT's
 * objective bound (never below the posted bound); if CP-SAT found nothing, the heuristic's schedule with FEASIBLE.
 * Time limit, workers and seed come from {@link SolveLimits}. Cost: exponential in the worst case (both problems
 * are NP-hard); the model has O(sum of route lengths) intervals (real) or O(messages) intervals and at most one
 * NoOverlap per arc (virtual).
 *
 * @implNote Stateless apart from the fixed choice of schedule kind; the native library is loaded once per JVM.
 */
public final class CpSatChatting implements Method {
  private final boolean virtual;

  /** Loads OR-Tools' native library on first use. */
  private static final class Natives {
    static {
      Loader.loadNativeLibraries();
    }

    static void ensure() {
      // class initialisation did the work
    }
  }

  /** {@code cpsat}: real schedules of chatting (virtual ones of dsa). */
  public CpSatChatting() {
    this(false);
  }

  private CpSatChatting(boolean virtual) {
    this.virtual = virtual;
  }

  /** {@code cpsat-virtual}: virtual schedules (slots) of chatting and dsa. */
  public static CpSatChatting virtualSchedules() {
    return new CpSatChatting(true);
  }

  @Override
  public String name() {
    return virtual ? "cpsat-virtual" : "cpsat";
  }

  @Override
  public String summary() {
    return virtual
        ? "exact virtual schedule (slots; for dsa the buffer layout): CP-SAT, one interval per message, NoOverlap "
            + "per maximal set of messages sharing an arc, minimise the virtual makespan"
        : "exact chatting schedule: CP-SAT, one interval per message and arc, NoOverlap per arc, minimise the "
            + "makespan (dsa: the exact virtual schedule, as cpsat-virtual)";
  }

  @Override
  public String guarantee() {
    return "optimal when status OPTIMAL; best found and the solver's bound at the time limit";
  }

  @Override
  public String citation() {
    return virtual ? ExactCitations.VIRTUAL : ExactCitations.REAL;
  }

  @Override
  public boolean exact() {
    return true;
  }

  @Override
  public Set<ProblemKind> problems() {
    return EnumSet.of(ProblemKind.CHATTING, ProblemKind.DSA);
  }

  @Override
  public String scope() {
    return virtual ? ExactCitations.VIRTUAL_SCOPE : ExactCitations.REAL_SCOPE;
  }

  @Override
  public String whyNot(Instance instance) {
    return ChattingCp.whyNot(name(), instance);
  }

  @Override
  public SolveResult solve(Instance instance, SolveLimits limits) {
    String why = whyNot(instance);
    if (why != null) {
      throw new IllegalArgumentException(why);
    }
    ChattingCp data = virtual || instance.kind() == ProblemKind.DSA ? ChattingCp.virtual(instance)
        : ChattingCp.real(instance);
    if (data.settled()) {
      // nothing to search: the heuristic meets the bound (or there is no message)
      return data.fallback(name(), data.bound).withStat("solver", "CP-SAT");
    }
    Natives.ensure();
    CpModel model = new CpModel();
    int m = data.size();
    IntVar[] v = new IntVar[m];
    IntVar end = model.newIntVar(data.floor, data.horizon, "E");
    for (int j = 0; j < m; j++) {
      v[j] = model.newIntVar(0, data.horizon - data.span[j], "v" + j);
      model.addGreaterOrEqual(end, LinearExpr.affine(v[j], 1, data.span[j]));
      model.addHint(v[j], data.hint[j]);
    }
    model.addHint(end, data.horizon);
    Map<ChattingCp.Use, IntervalVar> intervals = new HashMap<>();
    for (List<ChattingCp.Use> users : data.groups) {
      IntervalVar[] iv = new IntervalVar[users.size()];
      for (int u = 0; u < iv.length; u++) {
        ChattingCp.Use use = users.get(u);
        iv[u] = intervals.computeIfAbsent(use, x -> model.newFixedSizeIntervalVar(
            LinearExpr.affine(v[x.message()], 1, x.hop()), data.length[x.message()], "i" + x.message() + "_"
                + x.hop()));
      }
      model.addNoOverlap(iv);
    }
    if (data.lo != null && !data.groups.isEmpty()) {
      NoOverlap2dConstraint rect = model.addNoOverlap2D();
      for (int j = 0; j < m; j++) {
        IntervalVar y = intervals.computeIfAbsent(new ChattingCp.Use(j, 0), x -> model.newFixedSizeIntervalVar(
            LinearExpr.affine(v[x.message()], 1, 0), data.length[x.message()], "i" + x.message() + "_0"));
        rect.addRectangle(model.newFixedInterval(data.lo[j], data.hi[j] - data.lo[j], "x" + j), y);
      }
    }
    model.minimize(end);
    CpSolver solver = new CpSolver();
    solver.getParameters()
        .setMaxTimeInSeconds(limits.timeLimit().toMillis() / 1000.0)
        .setNumWorkers(limits.workers())
        .setRandomSeed((int) limits.seed());
    CpSolverStatus raw = solver.solve(model);
    SolveStatus status = SolverStatusMapping.fromCpSat(raw);
    long[] best = null;
    if (status.hasSchedule()) {
      best = new long[m];
      for (int j = 0; j < m; j++) {
        best[j] = solver.value(v[j]);
      }
    }
    long solverBound = (long) Math.ceil(solver.bestObjectiveBound() - 1e-6);
    return data.finish(name(), "CP-SAT", status, best, solverBound).withStat("solverStatus", raw.name())
        .withStat("wallSeconds", solver.wallTime());
  }
}
