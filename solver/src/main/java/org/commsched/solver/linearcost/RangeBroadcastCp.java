package org.commsched.solver.linearcost;

import com.google.ortools.sat.BoolVar;
import com.google.ortools.sat.CpModel;
import com.google.ortools.sat.CpSolver;
import com.google.ortools.sat.IntVar;
import com.google.ortools.sat.IntervalVar;
import com.google.ortools.sat.LinearExpr;
import com.google.ortools.sat.LinearExprBuilder;
import com.google.ortools.sat.Literal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Family;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Network;
import org.commsched.core.model.Origin;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.model.Schedule;
import org.commsched.core.model.UnitPackets;
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
 * The range model of linear-cost broadcast (docs/models/linear-cost.md#range-model), this
 * project's: a CP-SAT model whose size follows packets rather than units, for broadcasts beyond the
 * slot model ({@link LinearCostCp}). The problem is that of D. B. Peters, "Bounds for Communication
 * Problems in Interconnection Networks under a Linear Cost Model" (PhD thesis, Simon Fraser
 * University, 1995); ranges come from the thesis's Lemma 2.2.1 for path sends (every processor can
 * send the units in message order), which does not carry over to networks with cycles.
 *
 * <p><b>Model.</b> One origin {@code s} with units {@code 0 .. n-1}; all ports (full or half
 * duplex). Every arc not into {@code s} has {@code K_a = min(n, floor((H - d_a (beta + tau)) /
 * (beta + tau)))} packet slots in order of start ({@code H} the horizon, {@code d_a} the hop
 * distance of the arc's tail from {@code s}); slot {@code j} carries a contiguous range {@code [lo,
 * hi]} of units, written in order encoding ({@code A_u <=> lo <= u}, {@code B_u <=> hi >= u}, the
 * member literal {@code c_u = A_u and B_u}), in any order on the arc (in order, {@code hi_(j-1) <
 * lo_j}, only with {@code ordered}); it starts after the previous slot ends. Every node other than
 * {@code s} gets each unit from exactly one slot into it, whose end is the unit's arrival {@code
 * r_vu}; a slot out of {@code v} starts no earlier than the arrival of every unit it carries. Half
 * duplex: a no-overlap per link. Minimise the makespan {@code M >= r_vu}, {@code M} from the run's
 * best lower bound up to {@code H}.
 *
 * <p><b>Guarantee: FEASIBLE only, unless the bound meets the schedule.</b> Ranges in order on every
 * arc lose the optimum on a 4-cycle (docs/models/linear-cost.md#range-model), and contiguous ranges
 * in any order are not proven to keep one, so the solver's own bound and its proof of optimality
 * are bounds of the restricted problem only and are never reported: the result is OPTIMAL only when
 * its makespan meets the run's lower bound, else FEASIBLE with that bound.
 *
 * <p><b>Horizon and hint.</b> {@code H} is the shorter of the best heuristic's makespan and this
 * model's own pipeline along a breadth-first tree (every node forwards packets of the best size
 * {@code k} of {@code S_*(n, ecc)} to its children as soon as they arrive, ASAP); the pipeline, or
 * the heuristic's schedule when its packets, reduced to one delivery per unit and node, are ranges,
 * is the solution hint.
 *
 * @implNote Not thread-safe: {@link #run} records the decoded schedule for {@link #schedule}.
 */
public final class RangeBroadcastCp implements HintedSearch.Flow {
  /** Citation of the range model. */
  public static final String CITATION =
      LinearCostCp.PETERS + "; Lemma 2.2.1 (units in message order); range model: this project";

  /** Guarantee of the range model. */
  public static final String GUARANTEE =
      "valid; OPTIMAL only when the schedule meets the best lower bound (packets restricted to"
          + " contiguous unit ranges, not proven to keep an optimum); else"
          + " FEASIBLE with that bound";

  /** Scope of the range model. */
  public static final Scope SCOPE =
      Scope.of(ProblemKind.BROADCAST)
          .in(Family.LINEAR_COST)
          .note("all ports, one origin, no link costs");

  /** Largest model built: Booleans (three per unit and packet slot). */
  public static final long MAX_BOOLEANS = 200_000;

  /** Largest message taken before anything is counted. */
  static final long MAX_UNITS = 4096;

  private final Instance instance;
  private final Network net;
  private final int source;
  private final int units;
  private final long beta;
  private final long tau;
  private final long hop;
  private final int[] dist;

  /** The best heuristic result (or the tree pipeline's, when shorter). */
  public final SolveResult heuristic;

  /** The hint schedule (the start's). */
  public final Schedule.Transmissions hint;

  /** The horizon in ticks: the hint's makespan. */
  public final long horizon;

  /** The run's best lower bound. */
  public final LowerBound bound;

  /** Slots per arc at the horizon. */
  private final int[] slots;

  /** The solution hint as packets per arc ({start, lo, hi}), or null. */
  private final List<List<long[]>> hintRanges;

  /** True if the solution hint is the heuristic's schedule (or the pipeline, when it is that). */
  private final boolean fromHeuristicUsed;

  private Schedule.Transmissions decoded;

  /** True if the ranges of an arc must be in order of units too (a further restriction). */
  private final boolean ordered;

  /**
   * The model of the instance in a solve run (call {@link #whyNot} first), ranges in any order on
   * an arc.
   */
  public RangeBroadcastCp(Instance instance, List<Method> heuristics, SolveRun run) {
    this(instance, heuristics, run, false);
  }

  /**
   * The model; with {@code ordered} the ranges of each arc are also in order of units (the thesis's
   * Lemma 2.2.1 on a path; not without loss elsewhere, docs/models/linear-cost.md#range-model).
   */
  public RangeBroadcastCp(
      Instance instance, List<Method> heuristics, SolveRun run, boolean ordered) {
    this.ordered = ordered;
    this.instance = instance;
    this.net = instance.network();
    Origin o = instance.origins().get(0);
    this.source = o.node();
    this.units = Math.toIntExact(o.length());
    this.beta = instance.arcCosts().beta(0);
    this.tau = instance.arcCosts().tau(0);
    this.hop = beta + tau;
    this.dist = net.distancesFrom(source);
    SolveResult best = HintedSearch.shortest(instance, heuristics, "linear-cost", run);
    List<List<long[]>> fromHeuristic =
        ranges(instance, (Schedule.Transmissions) best.schedule(), source, units, ordered);
    List<List<long[]>> pipe = pipeline(instance);
    Schedule.Transmissions pipeSchedule = transmissions(instance, pipe);
    long pipeSpan = LinearCostCp.makespan(instance, pipeSchedule);
    if (pipeSpan < best.makespan()) {
      var report = run.check(instance, pipeSchedule);
      if (!report.valid()) {
        throw new IllegalStateException("the tree pipeline is invalid: " + report.violations());
      }
      heuristic =
          new SolveResult(
              "tree-pipeline",
              SolveStatus.FEASIBLE,
              pipeSchedule,
              pipeSpan,
              LowerBound.zero(),
              instance.timeScale(),
              Map.of());
      hint = pipeSchedule;
      horizon = pipeSpan;
      hintRanges = pipe;
      fromHeuristicUsed = true;
    } else {
      heuristic = best;
      hint = (Schedule.Transmissions) best.schedule();
      horizon = best.makespan();
      hintRanges = fromHeuristic != null ? fromHeuristic : pipeSpan <= horizon ? pipe : null;
      fromHeuristicUsed = fromHeuristic != null;
    }
    bound = run.bestBound(instance);
    slots = slots(net, dist, source, units, hop, horizon);
  }

  /** Slots per arc at horizon {@code h}: none into the source, else the class comment's bound. */
  private static int[] slots(Network net, int[] dist, int source, int units, long hop, long h) {
    int[] out = new int[net.arcs()];
    for (int a = 0; a < net.arcs(); a++) {
      if (net.head(a) == source || dist[net.tail(a)] < 0) {
        continue;
      }
      long head = dist[net.tail(a)] * hop;
      long k = hop > 0 ? Math.max(0, (h - head) / hop) : units;
      out[a] = (int) Math.min(units, k);
    }
    return out;
  }

  /** Null if the model takes the instance, else why not (naming what to use instead). */
  public static String whyNot(String method, Instance instance) {
    if (instance.kind() != ProblemKind.BROADCAST || instance.origins().size() != 1) {
      return method + " takes broadcasts only (one origin): use cpsat-linear-cost or greedy-saf";
    }
    CommModel.StoreAndForward cm = instance.storeAndForward();
    if (cm.ports() != CommModel.Ports.ALL) {
      return method
          + " takes all ports only: use cpsat-linear-cost (small instances) or greedy-saf";
    }
    Network net = instance.network();
    if (net.hasChannels()) {
      return method
          + " takes networks without link costs or channels only: use cpsat-linear-cost (small"
          + " instances) or greedy-saf";
    }
    long beta = cm.betaTicks(instance.timeScale());
    long tau = cm.tauTicks(instance.timeScale());
    if (beta + tau == 0) {
      return method + " needs packets that take time (beta + tau > 0): use greedy-saf";
    }
    long n = instance.origins().get(0).length();
    if (n > MAX_UNITS) {
      return method
          + " builds the range model for messages of at most "
          + MAX_UNITS
          + " units (here "
          + n
          + "): use greedy-saf";
    }
    if (n == 0) {
      return null;
    }
    int source = instance.origins().get(0).node();
    int[] dist = net.distancesFrom(source);
    for (int v = 0; v < net.nodes(); v++) {
      if (dist[v] < 0) {
        return method
            + " finds no schedule: node "
            + net.nodeName(v)
            + " cannot be reached from the source; check the network's links";
      }
    }
    long h =
        LinearCostCp.makespan(instance, transmissions(instance, pipeline(instance))); // a horizon
    long size = booleans(slots(net, dist, source, (int) n, beta + tau, h), n);
    if (size > MAX_BOOLEANS) {
      return method
          + " builds the range model for at most "
          + MAX_BOOLEANS
          + " Booleans (here "
          + size
          + ", three per unit and packet slot at the tree pipeline's horizon "
          + h
          + "): use greedy-saf";
    }
    return null;
  }

  private static long booleans(int[] slots, long n) {
    long s = 0;
    for (int k : slots) {
      s += k;
    }
    return 3 * s * n;
  }

  /** The model's Booleans at its horizon. */
  public long booleans() {
    return booleans(slots, units);
  }

  /**
   * The pipeline along a breadth-first tree from the source: packets of the best size of {@code
   * S_*(n, ecc)} (first packets full, the last short), each sent to every child as soon as it has
   * arrived and the arc is free.
   */
  static List<List<long[]>> pipeline(Instance instance) {
    Network net = instance.network();
    int source = instance.origins().get(0).node();
    long n = instance.origins().get(0).length();
    long beta = instance.arcCosts().beta(0);
    long tau = instance.arcCosts().tau(0);
    int[] dist = net.distancesFrom(source);
    int ecc = 0;
    for (int d : dist) {
      ecc = Math.max(ecc, d);
    }
    long k =
        n == 0
            ? 1
            : org.commsched.core.bounds.PathSending.of(
                    instance.storeAndForward(), instance.timeScale())
                .bestKStar(n, Math.max(1, ecc));
    k = Math.max(1, Math.min(n, k));
    int q = (int) ((n + k - 1) / k);
    List<List<long[]>> out = new ArrayList<>();
    for (int a = 0; a < net.arcs(); a++) {
      out.add(new ArrayList<>());
    }
    // nodes by distance; each node's parent: its first in-neighbour one hop nearer
    Integer[] order = new Integer[net.nodes()];
    for (int v = 0; v < order.length; v++) {
      order[v] = v;
    }
    Arrays.sort(order, Comparator.comparingInt(v -> dist[v]));
    long[][] arrive = new long[net.nodes()][q];
    for (int v : order) {
      if (v == source) {
        continue;
      }
      int parentArc = -1;
      for (int i = 0; i < net.inDegree(v) && parentArc < 0; i++) {
        int a = net.inArc(v, i);
        if (dist[net.tail(a)] == dist[v] - 1) {
          parentArc = a;
        }
      }
      int p = net.tail(parentArc);
      long free = 0;
      for (int i = 0; i < q; i++) {
        long lo = i * k;
        long hi = Math.min(n, lo + k) - 1;
        long start = Math.max(free, p == source ? 0 : arrive[p][i]);
        free = start + beta + (hi - lo + 1) * tau;
        arrive[v][i] = free;
        out.get(parentArc).add(new long[] {start, lo, hi});
      }
    }
    return out;
  }

  /**
   * The packets of a schedule, reduced so that every node gets each unit once, as ranges per arc
   * ({start, lo, hi}, in order of start), or null if some reduced packet is not a contiguous range
   * or (ordered) the ranges of an arc are not in order.
   */
  static List<List<long[]>> ranges(
      Instance instance, Schedule.Transmissions s, int source, int units, boolean ordered) {
    Network net = instance.network();
    String message = instance.origins().get(0).message();
    List<TreeMap<Long, java.util.TreeSet<Long>>> byArc = new ArrayList<>();
    for (int a = 0; a < net.arcs(); a++) {
      byArc.add(new TreeMap<>());
    }
    for (Schedule.Transmission t : s.transmissions()) {
      if (!t.message().equals(message) || t.channelIndex() != 0) {
        return null;
      }
    }
    for (UnitPackets.Record r : UnitPackets.records(instance, s)) {
      Schedule.Transmission t = r.transmission();
      long lo = r.first();
      long start = s.scale().rescale(t.start(), instance.timeScale());
      var set =
          byArc
              .get(net.arc(t.from(), t.to()))
              .computeIfAbsent(start, x -> new java.util.TreeSet<>());
      for (long u = lo; u < lo + t.size(); u++) {
        set.add(u);
      }
    }
    // the reduction of LinearCostCp: each unit kept only in the packet that brings it to a node
    // first (by the packets' ends), never into the source; packets only shrink, so stay valid
    long beta = instance.arcCosts().beta(0);
    long tau = instance.arcCosts().tau(0);
    List<long[]> all = new ArrayList<>(); // {arc, start, end}
    for (int a = 0; a < net.arcs(); a++) {
      for (var e : byArc.get(a).entrySet()) {
        all.add(new long[] {a, e.getKey(), e.getKey() + beta + e.getValue().size() * tau});
      }
    }
    all.sort(Comparator.comparingLong((long[] x) -> x[2]));
    boolean[][] got = new boolean[net.nodes()][units];
    for (long[] pk : all) {
      int a = (int) pk[0];
      var set = byArc.get(a).get(pk[1]);
      set.removeIf(u -> net.head(a) == source || got[net.head(a)][(int) (long) u]);
      for (long u : set) {
        got[net.head(a)][(int) u] = true;
      }
    }
    List<List<long[]>> out = new ArrayList<>();
    for (int a = 0; a < net.arcs(); a++) {
      List<long[]> mine = new ArrayList<>();
      long last = -1;
      for (var e : byArc.get(a).entrySet()) {
        if (e.getValue().isEmpty()) {
          continue;
        }
        long lo = e.getValue().first();
        long hi = e.getValue().last();
        if (hi - lo + 1 != e.getValue().size() || (ordered && lo <= last)) {
          return null;
        }
        last = hi;
        mine.add(new long[] {e.getKey(), lo, hi});
      }
      out.add(mine);
    }
    return out;
  }

  /** The schedule of packets given as ranges per arc: one record per packet. */
  static Schedule.Transmissions transmissions(Instance instance, List<List<long[]>> packets) {
    Network net = instance.network();
    String message = instance.origins().get(0).message();
    List<Schedule.Transmission> out = new ArrayList<>();
    int number = 0;
    for (int a = 0; a < net.arcs(); a++) {
      for (long[] p : packets.get(a)) {
        out.add(
            new Schedule.Transmission(
                message, number++, p[2] - p[1] + 1, net.tail(a), net.head(a), p[0], p[1]));
      }
    }
    out.sort(Comparator.comparingLong(Schedule.Transmission::start));
    return new Schedule.Transmissions(instance.timeScale(), out);
  }

  /** The solve flow with the run's floor posted ({@link HintedSearch}). */
  public SolveResult run(String method, SolveLimits limits, long startedAt) {
    return run(method, limits, startedAt, true);
  }

  /**
   * The flow; without {@code floor} the lower bound is neither posted nor used (a test's way to see
   * the restricted optimum on its own). Either way the solver's bound is never reported.
   */
  public SolveResult run(String method, SolveLimits limits, long startedAt, boolean floor) {
    HintedSearch.Flow flow =
        floor
            ? this
            : from(
                new HintedSearch.Start(
                    LowerBound.zero(), hint, horizon, heuristic, instance.timeScale()));
    long f = floor ? Math.min(horizon, bound.value()) : 0;
    return HintedSearch.run(
        flow, method, "CP-SAT", deadline -> solve(limits, deadline, f), limits, startedAt);
  }

  /** The restricted optimum of the last search, if CP-SAT proved it (tests only). */
  SolveStatus restrictedStatus = SolveStatus.UNKNOWN;

  private TaskModel.Solution solve(SolveLimits limits, long deadline, long floor) {
    OrTools.load();
    if (limits.run().stop().over(deadline)) {
      return TaskModel.Solution.notRun("time limit reached while loading OR-Tools");
    }
    int n = units;
    int arcs = net.arcs();
    CpModel m = new CpModel();
    long h = horizon;
    // hint lookup: per arc, slot j -> {start, lo, hi}
    BoolVar[][] p = new BoolVar[arcs][];
    IntVar[][] x = new IntVar[arcs][];
    BoolVar[][][] c = new BoolVar[arcs][][];
    IntVar[][] size = new IntVar[arcs][];
    IntVar[][] end = new IntVar[arcs][];
    IntervalVar[][] iv = new IntervalVar[arcs][];
    BoolVar[][][] av = new BoolVar[arcs][][];
    BoolVar[][][] bv = new BoolVar[arcs][][];
    for (int a = 0; a < arcs; a++) {
      if (limits.run().stop().over(deadline)) {
        return TaskModel.Solution.notRun(CpSatTaskModel.BUILT_LATE);
      }
      int k = slots[a];
      p[a] = new BoolVar[k];
      x[a] = new IntVar[k];
      c[a] = new BoolVar[k][n];
      av[a] = new BoolVar[k][n];
      bv[a] = new BoolVar[k][n];
      size[a] = new IntVar[k];
      end[a] = new IntVar[k];
      iv[a] = new IntervalVar[k];
      List<long[]> given = hintRanges == null ? List.of() : hintRanges.get(a);
      long head = dist[net.tail(a)] * hop;
      for (int j = 0; j < k; j++) {
        long[] g = j < given.size() ? given.get(j) : null;
        String name = a + "_" + j;
        p[a][j] = m.newBoolVar("p" + name);
        long lo = Math.min(head + j * hop, Math.max(0, h - hop));
        x[a][j] = m.newIntVar(lo, Math.max(lo, h - hop), "x" + name);
        LinearExprBuilder sz = LinearExpr.newBuilder();
        List<Literal> any = new ArrayList<>();
        any.add(p[a][j].not());
        for (int u = 0; u < n; u++) {
          av[a][j][u] = m.newBoolVar("A" + name + "_" + u);
          bv[a][j][u] = m.newBoolVar("B" + name + "_" + u);
          c[a][j][u] = m.newBoolVar("c" + name + "_" + u);
          m.addImplication(av[a][j][u], p[a][j]);
          m.addImplication(bv[a][j][u], p[a][j]);
          m.addImplication(c[a][j][u], av[a][j][u]);
          m.addImplication(c[a][j][u], bv[a][j][u]);
          m.addBoolOr(new Literal[] {av[a][j][u].not(), bv[a][j][u].not(), c[a][j][u]});
          if (u > 0) {
            m.addImplication(av[a][j][u - 1], av[a][j][u]);
            m.addImplication(bv[a][j][u], bv[a][j][u - 1]);
          }
          if (j > 0 && ordered) {
            m.addImplication(bv[a][j - 1][u], av[a][j][u].not()); // in order
          }
          sz.add(c[a][j][u]);
          any.add(c[a][j][u]);
          if (g != null) {
            m.addHint(av[a][j][u], g[1] <= u);
            m.addHint(bv[a][j][u], g[2] >= u);
            m.addHint(c[a][j][u], g[1] <= u && u <= g[2]);
          } else if (hintRanges != null) {
            m.addHint(av[a][j][u], false);
            m.addHint(bv[a][j][u], false);
            m.addHint(c[a][j][u], false);
          }
        }
        m.addBoolOr(any.toArray(new Literal[0])); // a present slot carries a unit
        IntVar sv = m.newIntVar(0, n, "s" + name);
        m.addEquality(sv, sz.build());
        size[a][j] = sv;
        IntVar ev = m.newIntVar(0, h + (long) n * tau + beta, "e" + name);
        m.addEquality(ev, LinearExpr.newBuilder().add(x[a][j]).add(beta).addTerm(sv, tau).build());
        end[a][j] = ev;
        if (hintRanges != null) {
          m.addHint(p[a][j], g != null);
          m.addHint(x[a][j], g != null ? g[0] : lo);
          m.addHint(sv, g != null ? g[2] - g[1] + 1 : 0);
          m.addHint(ev, g != null ? g[0] + beta + (g[2] - g[1] + 1) * tau : lo + beta);
        }
        if (j > 0) {
          m.addImplication(p[a][j], p[a][j - 1]);
          m.addGreaterOrEqual(x[a][j], end[a][j - 1]).onlyEnforceIf(p[a][j]);
        }
        LinearExpr dur = LinearExpr.newBuilder().add(beta).addTerm(size[a][j], tau).build();
        iv[a][j] = m.newOptionalIntervalVar(x[a][j], dur, end[a][j], p[a][j], "i" + name);
      }
    }
    // arrivals: each node other than the source gets each unit from exactly one slot into it
    IntVar makespan = m.newIntVar(floor, h, "M");
    IntVar[][] r = new IntVar[net.nodes()][n];
    long[][] hinted = new long[net.nodes()][n];
    if (hintRanges != null) {
      for (int a = 0; a < arcs; a++) {
        for (long[] g : hintRanges.get(a)) {
          for (long u = g[1]; u <= g[2]; u++) {
            hinted[net.head(a)][(int) u] = g[0] + beta + (g[2] - g[1] + 1) * tau;
          }
        }
      }
    }
    for (int v = 0; v < net.nodes(); v++) {
      if (v == source) {
        continue;
      }
      if (limits.run().stop().over(deadline)) {
        return TaskModel.Solution.notRun(CpSatTaskModel.BUILT_LATE);
      }
      for (int u = 0; u < n; u++) {
        r[v][u] = m.newIntVar(Math.min(h, dist[v] * hop), h, "r" + v + "_" + u);
        if (hintRanges != null) {
          m.addHint(r[v][u], hinted[v][u]);
        }
        m.addLessOrEqual(r[v][u], makespan);
        List<Literal> ins = new ArrayList<>();
        for (int i = 0; i < net.inDegree(v); i++) {
          int a = net.inArc(v, i);
          for (int j = 0; j < slots[a]; j++) {
            ins.add(c[a][j][u]);
            m.addEquality(r[v][u], end[a][j]).onlyEnforceIf(c[a][j][u]);
          }
        }
        m.addExactlyOne(ins.toArray(new Literal[0]));
      }
    }
    for (int a = 0; a < arcs; a++) {
      int t = net.tail(a);
      if (t == source) {
        continue;
      }
      for (int j = 0; j < slots[a]; j++) {
        for (int u = 0; u < n; u++) {
          m.addGreaterOrEqual(x[a][j], r[t][u]).onlyEnforceIf(c[a][j][u]);
        }
      }
    }
    if (instance.storeAndForward().duplex() == CommModel.Duplex.HALF) {
      for (int a = 0; a < arcs; a++) {
        int b = net.reverse(a);
        if (b > a) {
          List<IntervalVar> both = new ArrayList<>(Arrays.asList(iv[a]));
          both.addAll(Arrays.asList(iv[b]));
          if (both.size() >= 2) {
            m.addNoOverlap(both);
          }
        }
      }
    }
    // redundant: per arc, the work of its slots from its earliest start
    for (int a = 0; a < arcs; a++) {
      if (slots[a] == 0) {
        continue;
      }
      LinearExprBuilder work = LinearExpr.newBuilder().add(dist[net.tail(a)] * hop);
      for (int j = 0; j < slots[a]; j++) {
        work.addTerm(p[a][j], beta).addTerm(size[a][j], tau);
      }
      m.addLessOrEqual(work.build(), makespan);
    }
    if (hintRanges != null) {
      m.addHint(makespan, Math.max(floor, horizon));
    }
    m.minimize(makespan);
    if (limits.run().stop().over(deadline)) {
      return TaskModel.Solution.notRun(CpSatTaskModel.BUILT_LATE);
    }
    String invalid = m.validate();
    if (!invalid.isEmpty()) {
      throw new IllegalStateException("the range model is invalid: " + invalid);
    }
    CpSolver solver = new CpSolver();
    SolverStatusMapping.Answer raw = CpSatTaskModel.search(m, solver, limits, deadline, 1);
    restrictedStatus = raw.status();
    Map<String, Object> stats = new LinkedHashMap<>();
    stats.put("solverStatus", raw.outcome() + " (of the range model, not a proof)");
    stats.put("solverSeconds", Math.round(solver.wallTime() * 1000) / 1000.0);
    stats.put("model", "ranges, linear-cost broadcast, horizon " + h);
    stats.put("binaries", booleans());
    stats.put(
        "solutionHint",
        hintRanges == null
            ? "none (the hint's packets are not unit ranges)"
            : heuristic.method() + (fromHeuristicUsed ? "" : " (tree pipeline as hint)"));
    if (raw.status() == SolveStatus.OPTIMAL) {
      stats.put("rangeOptimum", solver.value(makespan));
    }
    if (!raw.hasSchedule()) {
      return new TaskModel.Solution(
          new SolverStatusMapping.Answer(
              raw.status() == SolveStatus.INFEASIBLE ? SolveStatus.UNKNOWN : raw.status(),
              0,
              raw.outcome()),
          null,
          null,
          0,
          stats);
    }
    List<List<long[]>> packets = new ArrayList<>();
    for (int a = 0; a < arcs; a++) {
      List<long[]> mine = new ArrayList<>();
      for (int j = 0; j < slots[a]; j++) {
        if (!solver.booleanValue(p[a][j])) {
          continue;
        }
        long lo = -1;
        long hi = -1;
        for (int u = 0; u < n; u++) {
          if (solver.booleanValue(c[a][j][u])) {
            lo = lo < 0 ? u : lo;
            hi = u;
          }
        }
        mine.add(new long[] {solver.value(x[a][j]), lo, hi});
      }
      packets.add(mine);
    }
    decoded = transmissions(instance, packets);
    // never the restricted model's proof or bound: FEASIBLE, bound 0 (the flow posts the run's)
    return new TaskModel.Solution(
        new SolverStatusMapping.Answer(SolveStatus.FEASIBLE, 0, raw.outcome()),
        new long[0],
        new boolean[0],
        0,
        stats);
  }

  @Override
  public HintedSearch.Start start() {
    return new HintedSearch.Start(bound, hint, horizon, heuristic, instance.timeScale());
  }

  @Override
  public Schedule.Transmissions schedule(long[] values, boolean[] present) {
    return decoded;
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
    return "found no range schedule ending before";
  }
}
