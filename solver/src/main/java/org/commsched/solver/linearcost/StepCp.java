package org.commsched.solver.linearcost;

import com.google.ortools.sat.BoolVar;
import com.google.ortools.sat.CpModel;
import com.google.ortools.sat.CpSolver;
import com.google.ortools.sat.LinearExpr;
import com.google.ortools.sat.LinearExprBuilder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Family;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Network;
import org.commsched.core.model.Origin;
import org.commsched.core.model.Problem;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.model.Schedule;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.Scope;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveRun;
import org.commsched.core.solve.SolveStatus;
import org.commsched.solver.cpsat.CpSatTaskModel;
import org.commsched.solver.cpsat.OrTools;
import org.commsched.solver.model.HintedSearch;
import org.commsched.solver.model.SolverStatusMapping;
import org.commsched.solver.model.TaskModel;

/**
 * The step-indexed exact model of linear-cost send, broadcast and gossip
 * (docs/models/linear-cost.md#step-model), for the instances where every packet of some optimal
 * schedule takes exactly one step of {@code g} ticks: {@code beta = 0} (step {@code tau}, one unit
 * per packet), {@code tau = 0} (step {@code beta}, any units per packet, e.g. telephone broadcast),
 * or one unit in all (step {@code beta + tau}). Built directly for OR-Tools CP-SAT, after the step
 * encoding of SCCL (Cai, Liu, Maleki, Musuvathi, Mytkowicz, Nelson, Saarikivi, "Synthesizing
 * optimal collective algorithms", PPoPP 2021).
 *
 * <p><b>Model.</b> Steps {@code 0 .. H-1}, {@code H} the horizon in steps. A Boolean {@code
 * x[u,a,s]}: unit {@code u} crosses arc {@code a} in step {@code s} (only from the step the unit
 * can first be at the arc's tail, never into its origin, in a send never out of the target); a
 * Boolean {@code h[u,v,s]}: node {@code v} holds {@code u} at the start of step {@code s} ({@code
 * h[u,v,0]} false off the origin), with {@code h[u,v,s+1] = h[u,v,s] + sum of x[u,a,s]} over the
 * arcs into {@code v} (so a unit reaches a node at most once and never a node that holds it), and
 * {@code x[u,a,s] <= h[u,tail a,s]} (store and forward). Per arc and step one packet: at most one
 * unit when packets are single units, else a Boolean {@code y[a,s] >= x[u,a,s]}. Ports: half
 * duplex, the two arcs of a link in different steps; one port {@code exchange}, half duplex: at
 * most one arc at a node per step; {@code exchange}, full duplex: a Boolean per link and step that
 * every packet on the link implies, at most one link at a node per step; {@code send-and-receive}:
 * at most one outgoing and one incoming arc per node and step. Objective: Booleans {@code d[t]}
 * "done by step t" (monotone in {@code t}; {@code d[t]} implies every needed {@code h[u,v,t]} and
 * no packet in step {@code t}), the makespan {@code M = H - sum d[t]} steps minimised, {@code d[t]}
 * false below the floor (the best lower bound in steps, rounded up); the schedule lasts {@code M g}
 * ticks.
 *
 * <p><b>Why the grid loses nothing.</b> (1) At {@code beta = 0} a packet of {@code L} units on arc
 * {@code a} from {@code t} lasts {@code L tau}; replacing it by {@code L} one-unit packets on
 * {@code a} at {@code t, t + tau, ...} occupies the same interval on the same arc (no port rule can
 * break) and delivers every unit no later. At {@code beta > 0} this is not so (each packet pays
 * {@code beta} again), so the model then applies only when no packet can hold two units: one unit
 * in all. At {@code tau = 0} every packet lasts {@code beta} whatever it holds. (2) So some optimal
 * schedule has packets of one length {@code g} only. Rounding every start down to a multiple of
 * {@code g} keeps it valid: a unit received by a packet ending at {@code e} leaves at {@code t' >=
 * e = t + g}, so {@code floor(t'/g) >= floor(t/g) + 1}; two packets that may not overlap (one arc,
 * one link under half duplex, one port) start {@code g} or more apart and stay in different steps;
 * the makespan does not grow. (3) Dropping every delivery of a unit to a node that originated or
 * already holds it (and in a send everything out of the target) only removes packets. What is left
 * is a schedule of this model, so OPTIMAL proves the optimum of the problem. Symmetry: the units of
 * one origin are interchangeable, so they may be numbered by their arrival at one node that needs
 * them all ({@code h[u_k+1,v,s] <= h[u_k,v,s]}).
 *
 * <p><b>Horizon, hint, floor.</b> The hint is the shorter of the reduced best heuristic schedule
 * ({@link LinearCostCp}'s, rounded to the grid as above) and the model's own greedy flood (each
 * step, each arc in turn carries a unit its tail holds and its head lacks while the ports allow);
 * its length is the horizon and a complete solution hint. The floor is the run's best lower bound.
 * When the hint meets the floor no search runs; otherwise a probe first looks for a schedule of
 * exactly the floor's length (no objective, no hint, half the time): found, it is optimal; proven
 * impossible, the floor rises by a step. Then the objective model runs on the time left.
 *
 * <p><b>Size.</b> {@link #whyNot} counts the model's Booleans at the greedy flood's horizon and
 * refuses above {@value #MAX_BOOLEANS}, naming what runs instead.
 *
 * @implNote Not thread-safe: {@link #solve} records the model's variables for {@link #schedule}.
 */
public final class StepCp implements HintedSearch.Flow {
  /** Citation of the step model. */
  public static final String CITATION =
      LinearCostCp.PETERS
          + "; step encoding after Cai et al., \"Synthesizing "
          + "optimal collective algorithms\" (PPoPP 2021); model: this project";

  /** Guarantee of the step model. */
  public static final String GUARANTEE =
      "optimal when status OPTIMAL (over every packetization, route and time: "
          + "where it applies the grid loses no schedule); best found and the solver's bound at the time limit";

  /** Scope of the step model (the grid condition is checked by {@link #whyNot}). */
  public static final Scope SCOPE =
      Scope.of(ProblemKind.SEND, ProblemKind.BROADCAST, ProblemKind.GOSSIP)
          .in(Family.LINEAR_COST)
          .note("beta = 0, tau = 0, or one unit in all");

  /**
   * Largest model taken: Booleans (x, h, y, link and done literals) at the greedy flood's horizon.
   */
  public static final long MAX_BOOLEANS = 400_000;

  private final Instance instance;
  private final Grid grid;

  /** The hint's unit crossings {u, a, s}, relabelled for the symmetry rule. */
  private final List<int[]> hintEvents;

  /** The hint's length in steps. */
  public final int steps;

  /** The hint's schedule. */
  public final Schedule.Transmissions hint;

  /** Where the hint comes from (the heuristic's result, or the greedy flood's). */
  public final SolveResult heuristic;

  /** The best lower bound, in ticks. */
  public final LowerBound bound;

  /** The variables of the last model: per crossing literal, its {u, a, s}. */
  private List<int[]> crossings = List.of();

  /**
   * The model of the instance in a solve run (call {@link #whyNot} first): bounds from the run, the
   * hint the shorter of the reduced best heuristic schedule and the greedy flood.
   */
  public StepCp(Instance instance, List<Method> heuristics, SolveRun run) {
    this.instance = instance;
    this.grid = new Grid(instance);
    LinearCostCp reduced =
        new LinearCostCp(instance, heuristics, run, false); // its hint checked below, replayed
    List<int[]> fromHeuristic = grid.replay(grid.crossings(reduced.hint));
    List<int[]> flood = grid.flood();
    boolean useFlood = flood != null && Grid.length(flood) < Grid.length(fromHeuristic);
    List<int[]> events = grid.relabel(useFlood ? flood : fromHeuristic);
    hintEvents = events;
    steps = Grid.length(events);
    hint = grid.schedule(events);
    // The one check of the step hint, kept for the reason LinearCostCp checks its reduced hint: a
    // new schedule (the
    // reduced hint replayed on the grid, or the greedy flood), which no earlier report covers;
    // through the run. It
    // covers all this model uses of the reduced hint (its replay, unless the flood is shorter), so
    // LinearCostCp
    // skips its own check of the reduced hint here.
    var report = run.check(instance, hint);
    if (!report.valid()) {
      throw new IllegalStateException("the step hint is invalid: " + report.violations());
    }
    heuristic =
        useFlood
            ? new SolveResult(
                "step-greedy",
                SolveStatus.FEASIBLE,
                hint,
                steps * grid.g,
                LowerBound.zero(),
                instance.timeScale(),
                Map.of())
            : reduced.heuristic;
    bound = run.bestBound(instance);
  }

  /**
   * True if every packet of some optimal schedule takes one step (beta = 0, tau = 0 or one unit;
   * beta + tau > 0).
   */
  public static boolean onGrid(Instance instance) {
    CommModel.StoreAndForward cm = instance.storeAndForward();
    long beta = cm.betaTicks(instance.timeScale());
    long tau = cm.tauTicks(instance.timeScale());
    long units = 0;
    for (Origin o : instance.origins()) {
      units = Math.min(2, units + Math.min(2, o.length()));
    }
    return beta + tau > 0 && (beta == 0 || tau == 0 || units <= 1);
  }

  /**
   * Null if the step model takes the instance, else why not (one sentence naming what to use
   * instead).
   */
  public static String whyNot(String method, Instance instance) {
    CommModel.StoreAndForward cm = instance.storeAndForward();
    long beta = cm.betaTicks(instance.timeScale());
    long tau = cm.tauTicks(instance.timeScale());
    long units = 0;
    for (Origin o : instance.origins()) {
      units =
          o.length() > MAX_BOOLEANS
              ? MAX_BOOLEANS + 1
              : Math.min(MAX_BOOLEANS + 1, units + o.length());
    }
    if (beta + tau == 0) {
      return method + " needs packets that take time (beta + tau > 0): use greedy-saf";
    }
    if (beta != 0 && tau != 0 && units > 1) {
      return method
          + " builds the step model only where every packet takes one step (beta = 0, tau = 0 or one unit "
          + "in all; here beta "
          + cm.beta().toPlainString()
          + ", tau "
          + cm.tau().toPlainString()
          + " and "
          + (units > MAX_BOOLEANS ? "more than " + MAX_BOOLEANS : units)
          + " units): use cpsat-linear-cost "
          + "(small instances) or greedy-saf";
    }
    long perStep = units * (long) instance.network().arcs();
    if (perStep > MAX_BOOLEANS) {
      return method
          + " builds the step model for at most "
          + MAX_BOOLEANS
          + " Booleans (here units times arcs "
          + "alone is "
          + (units > MAX_BOOLEANS ? "more than " + MAX_BOOLEANS : perStep)
          + " per step): use greedy-saf";
    }
    Grid grid = new Grid(instance);
    List<int[]> flood = grid.flood();
    if (flood == null) {
      return method
          + " finds no schedule: some node that needs a unit cannot be reached from its origin; check "
          + "the network's links";
    }
    long size = grid.booleans(Grid.length(flood));
    if (size > MAX_BOOLEANS) {
      return method
          + " builds the step model for at most "
          + MAX_BOOLEANS
          + " Booleans (here "
          + size
          + " at a "
          + "horizon of "
          + Grid.length(flood)
          + " steps): use greedy-saf";
    }
    return null;
  }

  /** The model's Booleans at its own horizon (for the statistics and the tests). */
  public long booleans() {
    return grid.booleans(steps);
  }

  /** The length of a step, in ticks. */
  public long step() {
    return grid.g;
  }

  /**
   * The solve flow ({@link HintedSearch#run(HintedSearch.Flow, String, String, HintedSearch.Search,
   * SolveLimits, long)}) with the floor posted.
   */
  public SolveResult run(String method, SolveLimits limits, long startedAt) {
    return run(method, limits, startedAt, true);
  }

  /**
   * The flow; without {@code floor} the lower bound is neither posted in the model nor used to skip
   * the search (what a test uses to prove the optimum independently of the bounds).
   */
  public SolveResult run(String method, SolveLimits limits, long startedAt, boolean floor) {
    HintedSearch.Flow flow =
        floor
            ? this
            : from(
                new HintedSearch.Start(
                    LowerBound.zero(), hint, steps * grid.g, heuristic, instance.timeScale()));
    long floorSteps = floor ? Math.min(steps, ceilDiv(bound.value(), grid.g)) : 0;
    return HintedSearch.run(
        flow,
        method,
        "CP-SAT",
        deadline -> solve(limits, deadline, (int) floorSteps),
        limits,
        startedAt);
  }

  private static long ceilDiv(long a, long b) {
    return -Math.floorDiv(-a, b);
  }

  /**
   * The search: first, when the floor is below the hint, a probe for a schedule of exactly the
   * floor's length (no objective, no hint) on up to half the time (these collectives often meet
   * their bound: a schedule found there is optimal, and a proof that none exists raises the floor
   * by a step); then the model of the class comment over the hint's horizon, hinted, on the time
   * left.
   */
  private TaskModel.Solution solve(SolveLimits limits, long deadline, int floor) {
    OrTools.load();
    if (limits.run().stop().over(deadline)) {
      return TaskModel.Solution.notRun("time limit reached while loading OR-Tools");
    }
    String probed = null;
    if (floor > 0 && floor < steps) {
      long now = System.nanoTime();
      TaskModel.Solution p = search(limits, now + (deadline - now) / 2, floor, floor, true);
      if (p.found()) {
        return p;
      }
      probed =
          p.answer().status() == SolveStatus.INFEASIBLE
              ? "no schedule of " + floor + " steps"
              : "none found";
      if (p.answer().status() == SolveStatus.INFEASIBLE) {
        floor++;
      }
    }
    TaskModel.Solution out = search(limits, deadline, steps, floor, false);
    if (probed == null) {
      return out;
    }
    Map<String, Object> stats = new LinkedHashMap<>(out.stats());
    stats.put("probe", probed);
    return new TaskModel.Solution(out.answer(), out.values(), out.present(), out.makespan(), stats);
  }

  /**
   * Builds the model over {@code horizon} steps and searches it until the deadline: with the done
   * literals and the objective above {@code floor} and the hint, or (a probe) a schedule of exactly
   * {@code horizon} steps, unhinted.
   */
  private TaskModel.Solution search(
      SolveLimits limits, long deadline, int horizon, int floor, boolean probe) {
    Network net = grid.net;
    int n = net.nodes();
    int arcs = net.arcs();
    int units = grid.units;
    CpModel m = new CpModel();
    // the hint as step sets
    Map<Long, Boolean> hinted = new HashMap<>();
    int[][] got = new int[units][n]; // arrival step of the hint (0 at the origin, -1 never)
    for (int[] row : got) {
      Arrays.fill(row, -1);
    }
    for (int u = 0; u < units; u++) {
      got[u][grid.originNode(u)] = 0;
    }
    for (int[] e : hintEvents) {
      hinted.put(key(e[0], e[1], e[2]), true);
      got[e[0]][net.head(e[1])] = e[2] + 1;
    }
    BoolVar[][][] x = new BoolVar[units][arcs][];
    List<int[]> made = new ArrayList<>();
    List<BoolVar> madeVars = new ArrayList<>();
    for (int u = 0; u < units; u++) {
      if (limits
          .run()
          .stop()
          .over(deadline)) { // building checks the limit per unit and per arc (issue 28)
        return TaskModel.Solution.notRun(CpSatTaskModel.BUILT_LATE);
      }
      for (int a = 0; a < arcs; a++) {
        x[u][a] = new BoolVar[horizon];
        if (!grid.may[a][u]) {
          continue;
        }
        for (int s = grid.earliest[a][u]; s < horizon; s++) {
          x[u][a][s] = m.newBoolVar("x" + u + "_" + a + "_" + s);
          if (!probe) {
            m.addHint(x[u][a][s], hinted.containsKey(key(u, a, s)));
          }
          made.add(new int[] {u, a, s});
          madeVars.add(x[u][a][s]);
        }
      }
    }
    // holdings: h[u][v][s] for s in 1..horizon (null at the origin: it always holds)
    BoolVar[][][] h = new BoolVar[units][n][];
    for (int u = 0; u < units; u++) {
      for (int v = 0; v < n; v++) {
        if (v == grid.originNode(u)) {
          continue;
        }
        h[u][v] = new BoolVar[horizon + 1];
        for (int s = 1; s <= horizon; s++) {
          h[u][v][s] = m.newBoolVar("h" + u + "_" + v + "_" + s);
          if (!probe) {
            m.addHint(h[u][v][s], got[u][v] >= 0 && got[u][v] <= s);
          }
        }
        for (int s = 0; s < horizon; s++) {
          LinearExprBuilder in = LinearExpr.newBuilder();
          if (s > 0) {
            in.add(h[u][v][s]);
          }
          for (int i = 0; i < net.inDegree(v); i++) {
            BoolVar c = x[u][net.inArc(v, i)][s];
            if (c != null) {
              in.add(c);
            }
          }
          m.addEquality(h[u][v][s + 1], in.build());
        }
        if (grid.need[v][u]) {
          m.addEquality(h[u][v][horizon], 1);
        }
      }
    }
    for (int u = 0; u < units; u++) {
      if (limits.run().stop().over(deadline)) {
        return TaskModel.Solution.notRun(CpSatTaskModel.BUILT_LATE);
      }
      for (int a = 0; a < arcs; a++) {
        int t = net.tail(a);
        if (t == grid.originNode(u)) {
          continue;
        }
        for (int s = 0; s < horizon; s++) {
          if (x[u][a][s] != null) {
            if (s == 0) {
              m.addEquality(x[u][a][s], 0);
            } else {
              m.addImplication(x[u][a][s], h[u][t][s]);
            }
          }
        }
      }
    }
    // done literals: d[t] for t in [floor, horizon) (none in a probe)
    BoolVar[] d = new BoolVar[horizon + 1];
    for (int t = floor; t < horizon && !probe; t++) {
      d[t] = m.newBoolVar("d" + t);
      if (!probe) {
        m.addHint(d[t], t >= steps);
      }
    }
    for (int t = floor; t + 1 < horizon && !probe; t++) {
      m.addImplication(d[t], d[t + 1]);
    }
    for (int t = Math.max(1, floor); t < horizon && !probe; t++) {
      for (int u = 0; u < units; u++) {
        for (int v = 0; v < n; v++) {
          if (grid.need[v][u]) {
            m.addImplication(d[t], h[u][v][t]);
          }
        }
      }
    }
    if (floor == 0 && horizon > 0 && !probe) { // done at step 0: nothing is needed
      for (int u = 0; u < units; u++) {
        for (int v = 0; v < n; v++) {
          if (grid.need[v][u]) {
            m.addEquality(d[0], 0);
          }
        }
      }
    }
    // one packet per arc and step; none once done
    BoolVar[][] y = new BoolVar[arcs][horizon];
    Map<Long, Boolean> used = new HashMap<>();
    for (int[] e : hintEvents) {
      used.put((long) e[1] * (horizon + 1) + e[2], true);
    }
    for (int a = 0; a < arcs; a++) {
      if (limits.run().stop().over(deadline)) {
        return TaskModel.Solution.notRun(CpSatTaskModel.BUILT_LATE);
      }
      for (int s = 0; s < horizon; s++) {
        List<BoolVar> on = new ArrayList<>();
        for (int u = 0; u < units; u++) {
          if (x[u][a][s] != null) {
            on.add(x[u][a][s]);
          }
        }
        if (on.isEmpty()) {
          continue;
        }
        y[a][s] = m.newBoolVar("y" + a + "_" + s);
        if (!probe) {
          m.addHint(y[a][s], used.containsKey((long) a * (horizon + 1) + s));
        }
        if (grid.unitPackets) {
          m.addEquality(y[a][s], LinearExpr.sum(on.toArray(new BoolVar[0])));
        } else {
          for (BoolVar c : on) {
            m.addImplication(c, y[a][s]);
          }
          m.addLessOrEqual(y[a][s], LinearExpr.sum(on.toArray(new BoolVar[0])));
        }
        if (d[s] != null) {
          m.addBoolOr(new com.google.ortools.sat.Literal[] {y[a][s].not(), d[s].not()});
        }
      }
    }
    ports(m, y, horizon, probe ? null : used);
    // symmetry: units of one origin numbered by their arrival at a node that needs them all
    for (int[] pair : grid.orderedPairs()) {
      for (int s = 1; s <= horizon; s++) {
        m.addImplication(h[pair[1]][pair[2]][s], h[pair[0]][pair[2]][s]);
      }
    }
    if (!probe) {
      LinearExprBuilder objective = LinearExpr.newBuilder().add(horizon);
      for (int t = floor; t < horizon; t++) {
        objective.addTerm(d[t], -1);
      }
      m.minimize(objective.build());
    }
    if (limits.run().stop().over(deadline)) {
      return TaskModel.Solution.notRun(CpSatTaskModel.BUILT_LATE);
    }
    CpSolver solver = new CpSolver();
    SolverStatusMapping.Answer raw =
        CpSatTaskModel.search(m, solver, limits, deadline, probe ? 0 : grid.g);
    // a probe's schedule has the floor's length, so it is optimal; else CP-SAT's bound, in ticks
    SolverStatusMapping.Answer answer =
        probe
            ? new SolverStatusMapping.Answer(
                raw.hasSchedule() ? SolveStatus.OPTIMAL : raw.status(),
                raw.hasSchedule() ? horizon * grid.g : 0,
                raw.outcome() + " (probe at the floor)")
            : new SolverStatusMapping.Answer(
                raw.status(), Math.multiplyExact(raw.bound(), grid.g), raw.outcome());
    Map<String, Object> stats = new LinkedHashMap<>();
    stats.put("solverStatus", answer.outcome());
    stats.put("solverSeconds", Math.round(solver.wallTime() * 1000) / 1000.0);
    stats.put("model", "steps, linear cost, step " + grid.g + " ticks, horizon " + horizon);
    stats.put("binaries", grid.booleans(horizon));
    crossings = made;
    if (!answer.hasSchedule()) {
      return new TaskModel.Solution(answer, null, null, 0, stats);
    }
    boolean[] present = new boolean[made.size()];
    for (int i = 0; i < present.length; i++) {
      present[i] = solver.booleanValue(madeVars.get(i));
    }
    return new TaskModel.Solution(answer, new long[0], present, 0, stats);
  }

  /**
   * The port rules (docs/models/linear-cost.md#ports-and-duplex) over the packet literals {@code
   * y[a][s]}.
   */
  private void ports(CpModel m, BoolVar[][] y, int horizon, Map<Long, Boolean> used) {
    Network net = grid.net;
    CommModel.StoreAndForward cm = instance.storeAndForward();
    boolean half = cm.duplex() == CommModel.Duplex.HALF;
    boolean one = cm.ports() == CommModel.Ports.ONE;
    for (int s = 0; s < horizon; s++) {
      if (half) {
        for (int a = 0; a < net.arcs(); a++) {
          int b = net.reverse(a);
          if (b > a) {
            atMostOne(m, y[a][s], y[b][s]);
          }
        }
      }
      if (!one) {
        continue;
      }
      for (int v = 0; v < net.nodes(); v++) {
        List<BoolVar> out = new ArrayList<>();
        List<BoolVar> in = new ArrayList<>();
        for (int i = 0; i < net.outDegree(v); i++) {
          out.add(y[net.outArc(v, i)][s]);
        }
        for (int i = 0; i < net.inDegree(v); i++) {
          in.add(y[net.inArc(v, i)][s]);
        }
        if (cm.onePort() == CommModel.OnePortRule.SEND_AND_RECEIVE) {
          atMostOne(m, out.toArray(new BoolVar[0]));
          atMostOne(m, in.toArray(new BoolVar[0]));
        } else if (half) {
          out.addAll(in);
          atMostOne(m, out.toArray(new BoolVar[0]));
        }
      }
      if (one && cm.onePort() == CommModel.OnePortRule.EXCHANGE && !half) {
        // F1: a link literal per link and step, implied by its packets, at most one link per node
        BoolVar[] link = new BoolVar[net.edges()];
        for (int a = 0; a < net.arcs(); a++) {
          if (y[a][s] == null) {
            continue;
          }
          int e = net.edge(a);
          if (link[e] == null) {
            link[e] = m.newBoolVar("z" + e + "_" + s);
            int b = net.reverse(a);
            if (used != null) {
              m.addHint(
                  link[e],
                  used.containsKey((long) a * (horizon + 1) + s)
                      || b >= 0 && used.containsKey((long) b * (horizon + 1) + s));
            }
          }
          m.addImplication(y[a][s], link[e]);
        }
        for (int v = 0; v < net.nodes(); v++) {
          Map<Integer, BoolVar> at = new LinkedHashMap<>();
          for (int i = 0; i < net.outDegree(v); i++) {
            int e = net.edge(net.outArc(v, i));
            at.put(e, link[e]);
          }
          for (int i = 0; i < net.inDegree(v); i++) {
            int e = net.edge(net.inArc(v, i));
            at.put(e, link[e]);
          }
          atMostOne(m, at.values().toArray(new BoolVar[0]));
        }
      }
    }
  }

  /** At most one of the literals that exist. */
  private static void atMostOne(CpModel m, BoolVar... of) {
    List<BoolVar> there = new ArrayList<>();
    for (BoolVar b : of) {
      if (b != null) {
        there.add(b);
      }
    }
    if (there.size() >= 2) {
      m.addAtMostOne(there.toArray(new BoolVar[0]));
    }
  }

  private long key(int u, int a, int s) {
    return ((long) u * grid.net.arcs() + a) * (steps + 1) + s;
  }

  /**
   * The schedule of the last model's solution: one record per unit crossing, at its step's start.
   */
  @Override
  public Schedule.Transmissions schedule(long[] values, boolean[] present) {
    List<int[]> events = new ArrayList<>();
    for (int i = 0; i < present.length; i++) {
      if (present[i]) {
        events.add(crossings.get(i));
      }
    }
    return grid.schedule(events);
  }

  @Override
  public long makespan(Schedule.Transmissions schedule) {
    return LinearCostCp.makespan(instance, schedule);
  }

  @Override
  public long packets(Schedule.Transmissions schedule) {
    return HintedSearch.distinct(schedule, t -> t.from() + ">" + t.to() + "@" + t.start());
  }

  @Override
  public String proof() {
    return "proved that no linear-cost schedule ends before";
  }

  @Override
  public HintedSearch.Start start() {
    return new HintedSearch.Start(bound, hint, steps * grid.g, heuristic, instance.timeScale());
  }

  /**
   * The instance seen on its step grid: units, who needs and who may carry what, the earliest step
   * a unit can be at an arc's tail, and the greedy flood.
   */
  private static final class Grid {
    final Instance instance;
    final Network net;

    /** Ticks per step. */
    final long g;

    /**
     * True when a packet holds one unit (beta > 0 or beta = 0 with tau > 0): capacity one unit per
     * arc-step.
     */
    final boolean unitPackets;

    final int units;
    final int[] unitOrigin;
    final long[] unitIndex;
    final int[] firstUnit;
    final boolean[][] need;
    final boolean[][] may;
    final int[][] earliest;
    final Integer target;

    Grid(Instance instance) {
      this.instance = instance;
      this.net = instance.network();
      CommModel.StoreAndForward cm = instance.storeAndForward();
      long beta = cm.betaTicks(instance.timeScale());
      long tau = cm.tauTicks(instance.timeScale());
      g = beta + tau;
      unitPackets = tau > 0;
      List<Origin> origins = instance.origins();
      firstUnit = new int[origins.size()];
      int total = 0;
      for (int i = 0; i < origins.size(); i++) {
        firstUnit[i] = total;
        total = Math.addExact(total, Math.toIntExact(origins.get(i).length()));
      }
      units = total;
      unitOrigin = new int[total];
      unitIndex = new long[total];
      for (int i = 0; i < origins.size(); i++) {
        for (int k = 0; k < origins.get(i).length(); k++) {
          unitOrigin[firstUnit[i] + k] = i;
          unitIndex[firstUnit[i] + k] = k;
        }
      }
      int n = net.nodes();
      target = instance.problem() instanceof Problem.Send s ? s.target() : null;
      need = new boolean[n][total];
      may = new boolean[net.arcs()][total];
      earliest = new int[net.arcs()][total];
      Map<Integer, int[]> dist = new HashMap<>();
      for (int u = 0; u < total; u++) {
        int o = originNode(u);
        int[] from = dist.computeIfAbsent(o, net::distancesFrom);
        for (int v = 0; v < n; v++) {
          need[v][u] = target != null ? v == target && v != o : v != o;
        }
        for (int a = 0; a < net.arcs(); a++) {
          int t = net.tail(a);
          may[a][u] = net.head(a) != o && (target == null || t != target) && from[t] >= 0;
          earliest[a][u] = Math.max(0, from[t]);
        }
      }
    }

    int originNode(int u) {
      return instance.origins().get(unitOrigin[u]).node();
    }

    /**
     * The model's Booleans at a horizon of {@code h} steps: crossings, holdings, packets, links,
     * done literals.
     */
    long booleans(int h) {
      long count = h;
      CommModel.StoreAndForward cm = instance.storeAndForward();
      for (int a = 0; a < net.arcs(); a++) {
        for (int u = 0; u < units; u++) {
          if (may[a][u]) {
            count += Math.max(0, h - earliest[a][u]);
          }
        }
      }
      count += (long) units * (net.nodes() - 1) * h; // holdings
      count += (long) net.arcs() * h; // packets
      if (cm.ports() == CommModel.Ports.ONE && cm.duplex() == CommModel.Duplex.FULL) {
        count += (long) net.edges() * h;
      }
      return count;
    }

    /** Length in steps of a set of crossings. */
    static int length(List<int[]> events) {
      int len = 0;
      for (int[] e : events) {
        len = Math.max(len, e[2] + 1);
      }
      return len;
    }

    /**
     * The greedy flood: step by step, each arc in turn carries the lowest units its tail holds and
     * its head lacks (one, or all under {@code tau = 0}; in a send only towards the target), while
     * the ports allow. Null if a step moves nothing before every node has what it needs (some need
     * is unreachable).
     */
    List<int[]> flood() {
      int n = net.nodes();
      int[][] at = new int[units][n];
      for (int[] row : at) {
        Arrays.fill(row, Integer.MAX_VALUE);
      }
      for (int u = 0; u < units; u++) {
        at[u][originNode(u)] = 0;
      }
      int[] toTarget = target == null ? null : net.distancesTo(target);
      List<int[]> out = new ArrayList<>();
      Ports ports = new Ports(instance);
      for (int s = 0; ; s++) {
        if (done(at, s)) {
          return out;
        }
        ports.reset();
        boolean moved = false;
        for (int a = 0; a < net.arcs(); a++) {
          int t = net.tail(a);
          int w = net.head(a);
          if (toTarget != null && (toTarget[w] < 0 || toTarget[w] >= toTarget[t])) {
            continue;
          }
          if (!ports.fits(a)) {
            continue;
          }
          boolean any = false;
          for (int u = 0; u < units; u++) {
            if (may[a][u] && at[u][t] <= s && at[u][w] == Integer.MAX_VALUE) {
              at[u][w] = s + 1;
              out.add(new int[] {u, a, s});
              any = true;
              if (unitPackets) {
                break;
              }
            }
          }
          if (any) {
            ports.occupy(a);
            moved = true;
          }
        }
        if (!moved) {
          return null;
        }
      }
    }

    private boolean done(int[][] at, int s) {
      for (int u = 0; u < units; u++) {
        for (int v = 0; v < net.nodes(); v++) {
          if (need[v][u] && at[u][v] > s) {
            return false;
          }
        }
      }
      return true;
    }

    /**
     * The unit crossings of a linear-cost schedule on the grid: the {@code k}-th unit of a packet
     * starting at {@code t} crosses in step {@code floor((t + k tau) / g)} (the class comment's (1)
     * and (2)).
     */
    List<int[]> crossings(Schedule.Transmissions s) {
      long tau = instance.storeAndForward().tauTicks(instance.timeScale());
      Map<String, Integer> origin = new HashMap<>();
      for (int i = 0; i < instance.origins().size(); i++) {
        origin.put(instance.origins().get(i).message(), i);
      }
      Map<List<Long>, List<Integer>> packets = new LinkedHashMap<>(); // (arc, start) -> units
      for (Schedule.Transmission t : s.transmissions()) {
        int o = origin.get(t.message());
        long start = s.scale().rescale(t.start(), instance.timeScale());
        var list =
            packets.computeIfAbsent(
                List.of((long) net.arc(t.from(), t.to()), start), x -> new ArrayList<>());
        for (long k = t.first(); k < t.first() + t.size(); k++) {
          list.add(firstUnit[o] + (int) k);
        }
      }
      List<int[]> out = new ArrayList<>();
      for (var p : packets.entrySet()) {
        int a = (int) (long) p.getKey().get(0);
        long start = p.getKey().get(1);
        List<Integer> us = p.getValue();
        for (int k = 0; k < us.size(); k++) {
          out.add(new int[] {us.get(k), a, Math.toIntExact((start + k * tau) / g)});
        }
      }
      return out;
    }

    /**
     * The crossings replayed in step order, keeping only those whose tail holds the unit and whose
     * head does not yet (the class comment's (3)).
     */
    List<int[]> replay(List<int[]> events) {
      List<int[]> sorted = new ArrayList<>(events);
      sorted.sort(Comparator.comparingInt((int[] e) -> e[2]));
      int[][] at = new int[units][net.nodes()];
      for (int[] row : at) {
        Arrays.fill(row, Integer.MAX_VALUE);
      }
      for (int u = 0; u < units; u++) {
        at[u][originNode(u)] = 0;
      }
      List<int[]> out = new ArrayList<>();
      for (int[] e : sorted) {
        int u = e[0];
        int a = e[1];
        if (may[a][u] && at[u][net.tail(a)] <= e[2] && at[u][net.head(a)] == Integer.MAX_VALUE) {
          at[u][net.head(a)] = e[2] + 1;
          out.add(e);
        }
      }
      return out;
    }

    /**
     * Pairs {u_k, u_k+1, v}: unit k of an origin reaches v no later than unit k+1 (the symmetry
     * rule).
     */
    List<int[]> orderedPairs() {
      List<int[]> out = new ArrayList<>();
      for (int o = 0; o < instance.origins().size(); o++) {
        int ref = reference(o);
        for (int k = 1; ref >= 0 && k < instance.origins().get(o).length(); k++) {
          out.add(new int[] {firstUnit[o] + k - 1, firstUnit[o] + k, ref});
        }
      }
      return out;
    }

    /** The node that needs every unit of origin o farthest from it (-1: none). */
    private int reference(int o) {
      int src = instance.origins().get(o).node();
      int[] d = net.distancesFrom(src);
      int ref = -1;
      long len = instance.origins().get(o).length();
      for (int v = 0; v < net.nodes(); v++) {
        boolean all = len > 0;
        for (int k = 0; k < len; k++) {
          all &= need[v][firstUnit[o] + k];
        }
        if (all && (ref < 0 || d[v] > d[ref])) {
          ref = v;
        }
      }
      return ref;
    }

    /** The crossings with each origin's units renumbered by their arrival at its reference node. */
    List<int[]> relabel(List<int[]> events) {
      int[] arrival = new int[units];
      Arrays.fill(arrival, Integer.MAX_VALUE);
      int[] label = new int[units];
      for (int u = 0; u < units; u++) {
        label[u] = u;
      }
      for (int o = 0; o < instance.origins().size(); o++) {
        int ref = reference(o);
        if (ref < 0) {
          continue;
        }
        for (int[] e : events) {
          if (unitOrigin[e[0]] == o && net.head(e[1]) == ref) {
            arrival[e[0]] = e[2];
          }
        }
        int len = (int) instance.origins().get(o).length();
        Integer[] byArrival = new Integer[len];
        for (int k = 0; k < len; k++) {
          byArrival[k] = firstUnit[o] + k;
        }
        Arrays.sort(
            byArrival, Comparator.comparingInt((Integer u) -> arrival[u]).thenComparingInt(u -> u));
        for (int k = 0; k < len; k++) {
          label[byArrival[k]] = firstUnit[o] + k;
        }
      }
      List<int[]> out = new ArrayList<>();
      for (int[] e : events) {
        out.add(new int[] {label[e[0]], e[1], e[2]});
      }
      return out;
    }

    /**
     * One record per crossing, at the start of its step (crossings of one arc and step are one
     * packet).
     */
    Schedule.Transmissions schedule(List<int[]> events) {
      List<int[]> sorted = new ArrayList<>(events);
      sorted.sort(
          Comparator.comparingInt((int[] e) -> e[2])
              .thenComparingInt(e -> e[1])
              .thenComparingInt(e -> e[0]));
      int[] number = new int[instance.origins().size()];
      List<Schedule.Transmission> out = new ArrayList<>();
      for (int[] e : sorted) {
        int o = unitOrigin[e[0]];
        out.add(
            new Schedule.Transmission(
                instance.origins().get(o).message(),
                number[o]++,
                1,
                net.tail(e[1]),
                net.head(e[1]),
                e[2] * g,
                unitIndex[e[0]]));
      }
      return new Schedule.Transmissions(instance.timeScale(), out);
    }
  }

  /**
   * The port rules of one step, for the greedy flood (the model posts the same rules as
   * constraints).
   */
  private static final class Ports {
    private final Network net;
    private final boolean half;
    private final boolean one;
    private final boolean sendAndReceive;
    private final boolean[] link;
    private final boolean[] sends;
    private final boolean[] receives;
    private final int[] partner;

    Ports(Instance instance) {
      net = instance.network();
      CommModel.StoreAndForward cm = instance.storeAndForward();
      half = cm.duplex() == CommModel.Duplex.HALF;
      one = cm.ports() == CommModel.Ports.ONE;
      sendAndReceive = cm.onePort() == CommModel.OnePortRule.SEND_AND_RECEIVE;
      link = new boolean[net.edges()];
      sends = new boolean[net.nodes()];
      receives = new boolean[net.nodes()];
      partner = new int[net.nodes()];
    }

    void reset() {
      Arrays.fill(link, false);
      Arrays.fill(sends, false);
      Arrays.fill(receives, false);
      Arrays.fill(partner, -1);
    }

    boolean fits(int a) {
      int t = net.tail(a);
      int w = net.head(a);
      int e = net.edge(a);
      if (half && link[e]) {
        return false;
      }
      if (!one) {
        return true;
      }
      if (sendAndReceive) {
        return !sends[t] && !receives[w];
      }
      if (half) {
        return partner[t] < 0 && partner[w] < 0;
      }
      return (partner[t] < 0 || partner[t] == e) && (partner[w] < 0 || partner[w] == e);
    }

    void occupy(int a) {
      int e = net.edge(a);
      link[e] = true;
      sends[net.tail(a)] = true;
      receives[net.head(a)] = true;
      partner[net.tail(a)] = e;
      partner[net.head(a)] = e;
    }
  }
}
