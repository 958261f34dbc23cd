package org.commsched.solver.choco;

import java.util.Arrays;
import org.chocosolver.solver.Model;
import org.chocosolver.solver.Solver;
import org.chocosolver.solver.search.strategy.Search;
import org.chocosolver.solver.search.strategy.selectors.values.IntDomainMin;
import org.chocosolver.solver.search.strategy.selectors.variables.Smallest;
import org.chocosolver.solver.variables.IntVar;
import org.commsched.core.model.Instance;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.Scope;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.solver.bufferless.VirtualCp;
import org.commsched.solver.model.SolverStatusMapping;

/**
 * {@code choco-virtual}: exact virtual chatting schedules (slots) with Choco, independent of {@code CpSatVirtual}
 * but for the same problem (chatting on any network; dsa = rectangle compaction on a ula).
 *
 * <p><b>Model</b> ({@link VirtualCp}, in units of the gcd of the lengths): a slot σ_M in [0, H - l_M] per message
 * (H the makespan of the best virtual heuristic); per maximal set of messages sharing an arc a unit-capacity
 * cumulative (a disjunctive) over the tasks [σ_M, σ_M + l_M); on a ula, in addition, Choco's diffN over the
 * rectangles [from, to) x [σ_M, σ_M + l_M) with its cumulative reasoning; E &gt;= σ_M + l_M and E &gt;= max(C, L)
 * (Prop 3.1 of Bhatt, Bilardi, Pucci, Ranade, Rosenberg and Schwabe, "On Bufferless Routing of Variable Length
 * Messages in Leveled Networks"; virtual schedules §3.1-3.2); minimise E.
 *
 * <p><b>Search.</b> The slot with the smallest lower end is set to it, longest message first among ties (first fit
 * decreasing; refuted on backtrack, so complete), with last-conflict reasoning; the heuristic's slots as hints.
 * Single-threaded and deterministic: {@link SolveLimits#workers()} and the seed are not used.
 *
 * <p><b>Guarantee.</b> As {@code CpSatVirtual}, with Choco's objective lower bound as the bound at the time limit.
 * Horizons beyond {@value #MAX_HORIZON} units (Choco works on ints) get the heuristic's schedule with FEASIBLE.
 *
 * @implNote Stateless.
 */
public final class ChocoVirtual implements Method {
  /** Choco works on ints; longer horizons go to the heuristic fallback. */
  private static final long MAX_HORIZON = Integer.MAX_VALUE / 4;

  @Override
  public String name() {
    return "choco-virtual";
  }

  @Override
  public String summary() {
    return "exact virtual schedule (slots; for dsa the buffer layout): Choco, a disjunctive per maximal set of "
        + "messages sharing an arc (diffN on a ula), minimise the virtual makespan";
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
    long deadline = System.nanoTime() + limits.timeLimit().toNanos(); // building the model counts too
    requireApplies(instance);
    VirtualCp data = new VirtualCp(instance);
    if (data.settled()) {
      return data.finish(name(), "Choco", data.hint, true, data.horizon)
          .withStat("search", "none: the heuristic meets the lower bound");
    }
    if (data.horizon > MAX_HORIZON) {
      return data.finish(name(), "Choco", null, false, 0).withStat("search", "none: horizon beyond Choco's ints");
    }
    int m = data.size();
    Model model = new Model(instance.name());
    IntVar[] v = new IntVar[m];
    IntVar end = model.intVar("E", (int) data.floor, (int) data.horizon);
    for (int j = 0; j < m; j++) {
      v[j] = model.intVar("s" + j, 0, (int) (data.horizon - data.length[j]));
      model.arithm(end, "-", v[j], ">=", (int) data.length[j]).post();
    }
    for (int[] group : data.groups) {
      IntVar[] starts = new IntVar[group.length];
      int[] durations = new int[group.length];
      int[] heights = new int[group.length];
      for (int k = 0; k < group.length; k++) {
        starts[k] = v[group[k]];
        durations[k] = (int) data.length[group[k]];
        heights[k] = 1;
      }
      model.cumulative(starts, durations, heights, 1).post();
    }
    if (data.from != null && !data.groups.isEmpty()) {
      IntVar[] x = new IntVar[m];
      IntVar[] w = new IntVar[m];
      IntVar[] h = new IntVar[m];
      for (int j = 0; j < m; j++) {
        x[j] = model.intVar((int) data.from[j]);
        w[j] = model.intVar((int) (data.to[j] - data.from[j]));
        h[j] = model.intVar((int) data.length[j]);
      }
      model.diffN(x, v, w, h, true).post();
    }
    model.setObjective(Model.MINIMIZE, end);
    Solver solver = model.getSolver();
    Integer[] order = new Integer[m];
    for (int j = 0; j < m; j++) {
      order[j] = j;
    }
    Arrays.sort(order, (a, b) -> Long.compare(data.length[b], data.length[a]));
    IntVar[] byLength = new IntVar[m];
    for (int j = 0; j < m; j++) {
      byLength[j] = v[order[j]];
    }
    solver.setSearch(Search.lastConflict(Search.intVarSearch(new Smallest(), new IntDomainMin(), byLength)),
        Search.inputOrderLBSearch(end));
    for (int j = 0; j < m; j++) {
      solver.addHint(v[j], (int) data.hint[j]);
    }
    solver.limitTime(Math.max(1L, (deadline - System.nanoTime()) / 1_000_000L));
    long[] best = null;
    while (solver.solve()) {
      best = new long[m];
      for (int j = 0; j < m; j++) {
        best[j] = v[j].getValue();
      }
    }
    SolverStatusMapping.Answer answer = SolverStatusMapping.choco(best != null, solver);
    return data.finish(name(), "Choco", best, answer.optimal(), answer.bound())
        .withStat("solverOutcome", answer.outcome())
        .withStat("wallSeconds", Math.round(solver.getTimeCount() * 1000) / 1000.0);
  }
}
