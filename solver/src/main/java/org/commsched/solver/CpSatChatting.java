package org.commsched.solver;

import com.google.ortools.Loader;
import com.google.ortools.sat.CpModel;
import com.google.ortools.sat.CpSolver;
import com.google.ortools.sat.CpSolverStatus;
import com.google.ortools.sat.IntVar;
import com.google.ortools.sat.IntervalVar;
import com.google.ortools.sat.LinearExpr;
import java.util.EnumSet;
import java.util.Set;
import org.commsched.core.model.Instance;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveStatus;

/**
 * Exact real chatting schedules with OR-Tools CP-SAT (chatting spec §1.5, the interval form).
 *
 * <p>Model: an integer departure t_M in [0, H - (l_M + d_M - 1)] per message, H the makespan of the
 * {@code greedy} baseline; per arc e of M's route at hop k a fixed-size interval [t_M + k, t_M + k + l_M); one
 * NoOverlap per arc crossed by two or more messages; E &gt;= t_M + l_M + d_M - 1 and E &gt;= the best lower bound;
 * minimise E. The greedy departures are the solver's hint. Admissibility (2.1)-(2.4) of Bhatt, Bilardi, Pucci,
 * Ranade, Rosenberg and Schwabe, "On Bufferless Routing of Variable Length Messages in Leveled Networks", §2.3,
 * holds exactly when the intervals on every arc are disjoint.
 *
 * <p>Outcome: OPTIMAL when CP-SAT proves it; at the time limit the best schedule with FEASIBLE and CP-SAT's
 * objective bound (never below the posted bound); if CP-SAT found nothing, the greedy schedule with FEASIBLE.
 *
 * @implNote Stateless; the native library is loaded once per JVM.
 */
public final class CpSatChatting implements Method {

  /** Loads OR-Tools' native library on first use. */
  private static final class Natives {
    static {
      Loader.loadNativeLibraries();
    }

    static void ensure() {
      // class initialisation did the work
    }
  }

  @Override
  public String name() {
    return "cpsat";
  }

  @Override
  public String summary() {
    return "exact chatting schedule: CP-SAT, one interval per message and arc, NoOverlap per arc, minimise the "
        + "makespan";
  }

  @Override
  public String guarantee() {
    return "optimal when status OPTIMAL; best found and the solver's bound at the time limit";
  }

  @Override
  public String citation() {
    return "Bhatt, Bilardi, Pucci, Ranade, Rosenberg, Schwabe, \"On Bufferless Routing of Variable Length "
        + "Messages in Leveled Networks\", §2.3; CP model: this project";
  }

  @Override
  public boolean exact() {
    return true;
  }

  @Override
  public Set<ProblemKind> problems() {
    return EnumSet.of(ProblemKind.CHATTING);
  }

  @Override
  public String scope() {
    return "bufferless, all ports; any network and routes";
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
    ChattingCp data = new ChattingCp(instance);
    if (data.size() == 0 || data.bound.value() >= data.horizon) {
      return data.fallback(name(), data.bound); // nothing to search: greedy meets the bound (or has no message)
    }
    Natives.ensure();
    CpModel model = new CpModel();
    int m = data.size();
    IntVar[] t = new IntVar[m];
    IntVar end = model.newIntVar(data.floor, data.horizon, "E");
    for (int j = 0; j < m; j++) {
      t[j] = model.newIntVar(0, data.horizon - data.transit[j], "t" + j);
      model.addGreaterOrEqual(end, LinearExpr.affine(t[j], 1, data.transit[j]));
      model.addHint(t[j], data.hint[j]);
    }
    model.addHint(end, data.horizon);
    for (java.util.List<ChattingCp.Use> users : data.sharedArcs) {
      IntervalVar[] iv = new IntervalVar[users.size()];
      for (int u = 0; u < iv.length; u++) {
        ChattingCp.Use use = users.get(u);
        iv[u] = model.newFixedSizeIntervalVar(LinearExpr.affine(t[use.message()], 1, use.hop()),
            data.length[use.message()], "i" + use.message() + "_" + use.hop());
      }
      model.addNoOverlap(iv);
    }
    model.minimize(end);
    CpSolver solver = new CpSolver();
    solver.getParameters()
        .setMaxTimeInSeconds(limits.timeLimit().toMillis() / 1000.0)
        .setNumWorkers(limits.workers())
        .setRandomSeed((int) limits.seed());
    CpSolverStatus raw = solver.solve(model);
    SolveStatus status = SolverStatusMapping.fromCpSat(raw);
    long solverBound = (long) Math.ceil(solver.bestObjectiveBound() - 1e-6);
    SolveResult out;
    if (status.hasSchedule()) {
      long[] dep = new long[m];
      long makespan = 0;
      for (int j = 0; j < m; j++) {
        dep[j] = solver.value(t[j]);
        makespan = Math.max(makespan, dep[j] + data.transit[j]);
      }
      boolean optimal = status == SolveStatus.OPTIMAL;
      LowerBound lb = data.reported("CP-SAT", optimal, makespan, Math.min(solverBound, makespan));
      SolveStatus st = optimal || lb.value() == makespan ? SolveStatus.OPTIMAL : SolveStatus.FEASIBLE;
      out = data.result(name(), st, dep, lb);
    } else {
      out = data.fallback(name(), data.bound);
    }
    return out.withStat("solver", "CP-SAT").withStat("solverStatus", raw.name())
        .withStat("wallSeconds", solver.wallTime());
  }
}
