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
import org.commsched.core.solve.Method;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveStatus;

/**
 * Exact chatting schedules with Choco, independent of {@link CpSatChatting} but for the same problems:
 * {@code choco} (real schedules, chatting spec §1.5) and {@code choco-virtual} (virtual schedules, spec §1.5
 * "virtual model", §2.2); a dsa instance always gets the virtual model.
 *
 * <p>Real model: a departure t_M in [0, H - (l_M + d_M - 1)] per message (H the {@code greedy} makespan); per arc
 * crossed by two or more messages a unit-capacity cumulative (a disjunctive) over the tasks starting at
 * t_M + k_M(e) with duration l_M; E &gt;= t_M + l_M + d_M - 1 and E &gt;= the best lower bound; minimise E. Source
 * of the admissibility constraints: Bhatt, Bilardi, Pucci, Ranade, Rosenberg and Schwabe, "On Bufferless Routing of
 * Variable Length Messages in Leveled Networks", §2.3.
 *
 * <p>Virtual model (same paper, §3.1-3.2; rectangle compaction = dynamic storage allocation on a ula, §4.2): a slot
 * σ_M in [0, H - l_M] (H the best of {@code first-fit}, {@code kierstead}, {@code interval-coloring}); a
 * unit-capacity cumulative over the tasks [σ_M, σ_M + l_M) of every maximal set of messages sharing an arc; on a
 * ula, in addition, Choco's diffN over the rectangles [from, to) x [σ_M, σ_M + l_M) with its cumulative reasoning;
 * E &gt;= σ_M + l_M and E &gt;= max(C, L) (Prop 3.1); minimise E.
 *
 * <p>Search: the variable with the smallest lower end is set to it (refuted on backtrack: complete), the
 * heuristic's values as hints. Choco runs single-threaded here; {@link SolveLimits#workers()} and the seed are not
 * used (the search is deterministic). Outcome as {@link CpSatChatting}, with Choco's objective lower bound as the
 * bound at the time limit. Horizons beyond {@value #MAX_HORIZON} (Choco works on ints) get the heuristic's
 * schedule with FEASIBLE.
 *
 * @implNote Stateless apart from the fixed choice of schedule kind.
 */
public final class ChocoChatting implements Method {
  /** Choco works on ints; longer horizons go to the heuristic fallback. */
  private static final long MAX_HORIZON = Integer.MAX_VALUE / 4;

  private final boolean virtual;

  /** {@code choco}: real schedules of chatting (virtual ones of dsa). */
  public ChocoChatting() {
    this(false);
  }

  private ChocoChatting(boolean virtual) {
    this.virtual = virtual;
  }

  /** {@code choco-virtual}: virtual schedules (slots) of chatting and dsa. */
  public static ChocoChatting virtualSchedules() {
    return new ChocoChatting(true);
  }

  @Override
  public String name() {
    return virtual ? "choco-virtual" : "choco";
  }

  @Override
  public String summary() {
    return virtual
        ? "exact virtual schedule (slots; for dsa the buffer layout): Choco, a disjunctive per maximal set of "
            + "messages sharing an arc (diffN on a ula), minimise the virtual makespan"
        : "exact chatting schedule: Choco, a disjunctive per arc over the messages' hop tasks, minimise the "
            + "makespan (dsa: the exact virtual schedule, as choco-virtual)";
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
    if (data.settled() || data.horizon > MAX_HORIZON) {
      return data.fallback(name(), data.bound).withStat("solver", "Choco");
    }
    int m = data.size();
    Model model = new Model(instance.name());
    IntVar[] v = new IntVar[m];
    IntVar end = model.intVar("E", (int) data.floor, (int) data.horizon);
    for (int j = 0; j < m; j++) {
      v[j] = model.intVar("v" + j, 0, (int) (data.horizon - data.span[j]));
      model.arithm(end, "-", v[j], ">=", (int) data.span[j]).post();
    }
    for (List<ChattingCp.Use> users : data.groups) {
      int n = users.size();
      IntVar[] starts = new IntVar[n];
      int[] durations = new int[n];
      int[] heights = new int[n];
      for (int u = 0; u < n; u++) {
        ChattingCp.Use use = users.get(u);
        starts[u] = use.hop() == 0 ? v[use.message()] : model.offset(v[use.message()], use.hop());
        durations[u] = (int) data.length[use.message()];
        heights[u] = 1;
      }
      model.cumulative(starts, durations, heights, 1).post();
    }
    if (data.lo != null && !data.groups.isEmpty()) {
      IntVar[] x = new IntVar[m];
      IntVar[] w = new IntVar[m];
      IntVar[] h = new IntVar[m];
      for (int j = 0; j < m; j++) {
        x[j] = model.intVar((int) data.lo[j]);
        w[j] = model.intVar((int) (data.hi[j] - data.lo[j]));
        h[j] = model.intVar((int) data.length[j]);
      }
      model.diffN(x, v, w, h, true).post();
    }
    model.setObjective(Model.MINIMIZE, end);
    Solver solver = model.getSolver();
    // longest first among equal lower ends (first fit decreasing), last-conflict reasoning on top
    Integer[] order = new Integer[m];
    for (int j = 0; j < m; j++) {
      order[j] = j;
    }
    java.util.Arrays.sort(order, (a, b) -> Long.compare(data.length[b], data.length[a]));
    IntVar[] byLength = new IntVar[m];
    for (int j = 0; j < m; j++) {
      byLength[j] = v[order[j]];
    }
    solver.setSearch(Search.lastConflict(Search.intVarSearch(new Smallest(), new IntDomainMin(), byLength)),
        Search.inputOrderLBSearch(end));
    for (int j = 0; j < m; j++) {
      solver.addHint(v[j], (int) data.hint[j]);
    }
    solver.limitTime(Math.max(1L, limits.timeLimit().toMillis()));
    long[] best = null;
    while (solver.solve()) {
      best = new long[m];
      for (int j = 0; j < m; j++) {
        best[j] = v[j].getValue();
      }
    }
    boolean complete = !solver.isStopCriterionMet() && !solver.hasEndedUnexpectedly();
    SolveStatus status = SolverStatusMapping.fromChoco(best != null, complete);
    Number lbNum = solver.getObjectiveManager().getBestLB();
    long solverBound = lbNum == null ? 0 : lbNum.longValue();
    return data.finish(name(), "Choco", status, best, solverBound)
        .withStat("solverOutcome", complete ? "complete" : "stopped")
        .withStat("wallSeconds", (double) solver.getTimeCount());
  }
}
