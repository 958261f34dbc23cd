package org.commsched.solver;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.chocosolver.solver.Model;
import org.chocosolver.solver.Solver;
import org.chocosolver.solver.search.strategy.Search;
import org.chocosolver.solver.search.strategy.selectors.values.IntDomainMin;
import org.chocosolver.solver.search.strategy.selectors.variables.Smallest;
import org.chocosolver.solver.variables.IntVar;
import org.commsched.core.model.Instance;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveStatus;

/**
 * Exact real chatting schedules with Choco (chatting spec §1.5), the same model as {@link CpSatChatting}: a
 * departure t_M in [0, H - (l_M + d_M - 1)] per message (H the {@code greedy} makespan); per arc crossed by two or
 * more messages a unit-capacity cumulative (a disjunctive) over the tasks starting at t_M + k_M(e) with duration
 * l_M; E &gt;= t_M + l_M + d_M - 1 and E &gt;= the best lower bound; minimise E. Source of the admissibility
 * constraints: Bhatt, Bilardi, Pucci, Ranade, Rosenberg and Schwabe, "On Bufferless Routing of Variable Length
 * Messages in Leveled Networks", §2.3.
 *
 * <p>Search: the departure with the smallest lower end is set to it (refuted on backtrack: complete), the greedy
 * departures as hints. Choco runs single-threaded here; {@link SolveLimits#workers()} is not used. Outcome as
 * {@link CpSatChatting}, with Choco's objective lower bound as the bound at the time limit.
 *
 * @implNote Stateless.
 */
public final class ChocoChatting implements Method {
  /** Choco works on ints; longer horizons go to the greedy fallback. */
  private static final long MAX_HORIZON = Integer.MAX_VALUE / 4;

  @Override
  public String name() {
    return "choco";
  }

  @Override
  public String summary() {
    return "exact chatting schedule: Choco, a disjunctive per arc over the messages' hop tasks, minimise the "
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
    if (data.size() == 0 || data.bound.value() >= data.horizon || data.horizon > MAX_HORIZON) {
      return data.fallback(name(), data.bound).withStat("solver", "Choco");
    }
    int m = data.size();
    Model model = new Model(instance.name());
    IntVar[] t = new IntVar[m];
    IntVar end = model.intVar("E", (int) data.floor, (int) data.horizon);
    for (int j = 0; j < m; j++) {
      t[j] = model.intVar("t" + j, 0, (int) (data.horizon - data.transit[j]));
      model.arithm(end, "-", t[j], ">=", (int) data.transit[j]).post();
    }
    for (List<ChattingCp.Use> users : data.sharedArcs) {
      int n = users.size();
      IntVar[] starts = new IntVar[n];
      int[] durations = new int[n];
      int[] heights = new int[n];
      for (int u = 0; u < n; u++) {
        ChattingCp.Use use = users.get(u);
        starts[u] = model.offset(t[use.message()], use.hop());
        durations[u] = (int) data.length[use.message()];
        heights[u] = 1;
      }
      model.cumulative(starts, durations, heights, 1).post();
    }
    model.setObjective(Model.MINIMIZE, end);
    Solver solver = model.getSolver();
    solver.setSearch(Search.intVarSearch(new Smallest(), new IntDomainMin(), t),
        Search.inputOrderLBSearch(end));
    for (int j = 0; j < m; j++) {
      solver.addHint(t[j], (int) data.hint[j]);
    }
    solver.limitTime(Math.max(1L, limits.timeLimit().toMillis()));
    long[] best = null;
    long bestMakespan = Long.MAX_VALUE;
    while (solver.solve()) {
      best = new long[m];
      for (int j = 0; j < m; j++) {
        best[j] = t[j].getValue();
      }
      bestMakespan = end.getValue();
    }
    boolean complete = !solver.isStopCriterionMet() && !solver.hasEndedUnexpectedly();
    SolveStatus status = SolverStatusMapping.fromChoco(best != null, complete);
    SolveResult out;
    if (status.hasSchedule()) {
      long makespan = 0;
      for (int j = 0; j < m; j++) {
        makespan = Math.max(makespan, best[j] + data.transit[j]);
      }
      boolean optimal = status == SolveStatus.OPTIMAL;
      Number lbNum = solver.getObjectiveManager().getBestLB();
      long solverBound = lbNum == null ? 0 : Math.min(lbNum.longValue(), makespan);
      LowerBound lb = data.reported("Choco", optimal, makespan, solverBound);
      SolveStatus st = optimal || lb.value() == makespan ? SolveStatus.OPTIMAL : SolveStatus.FEASIBLE;
      out = data.result(name(), st, best, lb).withStat("objective", bestMakespan);
    } else {
      out = data.fallback(name(), data.bound);
    }
    return out.withStat("solver", "Choco").withStat("solverOutcome", complete ? "complete" : "stopped")
        .withStat("wallSeconds", (double) solver.getTimeCount());
  }
}
