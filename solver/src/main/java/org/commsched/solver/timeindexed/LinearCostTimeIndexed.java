package org.commsched.solver.timeindexed;

import com.google.ortools.sat.BoolVar;
import com.google.ortools.sat.CpModel;
import com.google.ortools.sat.CpSolver;
import com.google.ortools.sat.IntVar;
import com.google.ortools.sat.LinearArgument;
import com.google.ortools.sat.LinearExpr;
import com.google.ortools.sat.LinearExprBuilder;
import com.google.ortools.sat.Literal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Network;
import org.commsched.core.model.Origin;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Schedule;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveRun;
import org.commsched.core.solve.SolveStatus;
import org.commsched.core.time.TimeScale;
import org.commsched.heuristics.baseline.Baselines;
import org.commsched.heuristics.linearcost.LinearCostMethods;
import org.commsched.solver.cpsat.OrTools;
import org.commsched.solver.model.HintedSearch;
import org.commsched.solver.model.SolverStatusMapping;

/**
 * The time-indexed formulation of send, broadcast and gossip under the linear cost model (F*, H*, F1, H1, and one
 * port under send-and-receive), written from docs/models/linear-cost.md#model and its validity rules independently
 * of the slot model of {@code cpsat} and {@code choco} (docs/models/linear-cost.md#exact-model).
 *
 * <p><b>Time grid.</b> A packet of u units lasts beta + u tau ticks (V3). Re-placing the packets of any schedule in
 * order of their starts, each at the earliest time where its units are at its tail (V4) and no port rule (V5-V8)
 * is broken by the packets already placed, moves none later, and starts each at 0, at the end of a packet that
 * brought one of its units, or at the end of a conflicting packet; so some optimal schedule starts every packet at
 * a multiple of g = gcd(beta, tau), and the grid counts steps of g. The horizon is the best heuristic's makespan in
 * steps, rounded down.
 *
 * <p><b>Variables.</b> p[a,s,t]: a packet of s units starts on arc a at step t; q[a,u,s,t]: unit u rides in it.
 * Units are (origin, index) pairs; no unit goes into its own origin, and in a send nothing leaves the target.
 * Rows: at most one packet per arc and start, sum_u q[a,u,s,t] = s p[a,s,t] (V2, V3); a node sends u at step T
 * only if u originates there or some packet carrying u into it ended by T (V4); every node that needs u receives
 * it by the horizon (V10). Per step, with occ(a) the packets on a covering it: occ(a) &lt;= 1 (V5); half duplex
 * occ(a) + occ(reverse a) &lt;= 1 (V6); one port, exchange: per node a binary per link telling which link the node
 * talks on, occ(a) at most that binary for each arc of the link at the node, the binaries sum to at most 1 (V7,
 * with V6 also V8); one port, send-and-receive: a node's outgoing packets sum to at most 1 and so do its incoming
 * ones. The makespan E &gt;= (t + d_s) p[a,s,t]; minimise E.
 *
 * <p><b>Size.</b> At most {@value #MAX_UNITS} units and {@value #MAX_BINARIES} unit-packet binaries; larger
 * instances are refused, pointing to {@code cpsat}.
 *
 * @implNote Immutable after construction; every solve builds its own CP-SAT model. Stateless otherwise: the start
 * schedule that the size check and the grid share is kept by the solve run ({@link SolveRun#derived}).
 */
public final class LinearCostTimeIndexed {
  /** Largest number of units accepted. */
  public static final int MAX_UNITS = 12;
  /** Largest number of unit-packet binaries q accepted. */
  public static final long MAX_BINARIES = 40_000;

  private final Instance instance;
  private final Network net;
  private final long unit;
  private final long beta;
  private final long tau;
  private final int[] unitOrigin;
  private final long[] unitIndex;
  private final boolean[][] need;
  private final boolean[][] may;
  private final int[] maxSize; // per arc: the units that may cross it
  private final long horizon;
  private final SolveResult heuristic;
  private final LowerBound bound;
  /** Per node: the arcs into it, and the arcs at it (either direction); per arc: the reverse arc or -1. */
  private final int[][] inArcs;
  private final int[][] atNode;
  private final int[] reverse;

  /**
   * The grid of {@code instance} in a solve run: its lower bound is the run's ({@link SolveRun#bestBound}, computed
   * once per run), its horizon and fallback the run's {@link #heuristic}.
   */
  private LinearCostTimeIndexed(Instance instance, SolveRun run) {
    this.instance = instance;
    net = instance.network();
    CommModel.StoreAndForward cm = instance.storeAndForward();
    TimeScale scale = instance.timeScale();
    beta = cm.betaTicks(scale);
    tau = cm.tauTicks(scale);
    unit = gcd(beta, tau);
    List<Origin> origins = instance.origins();
    int total = 0;
    for (Origin o : origins) {
      total += (int) o.length();
    }
    unitOrigin = new int[total];
    unitIndex = new long[total];
    int u = 0;
    for (int i = 0; i < origins.size(); i++) {
      for (int k = 0; k < origins.get(i).length(); k++, u++) {
        unitOrigin[u] = i;
        unitIndex[u] = k;
      }
    }
    Integer target = instance.problem() instanceof Problem.Send s ? s.target() : null;
    need = new boolean[net.nodes()][total];
    for (int v = 0; v < net.nodes(); v++) {
      for (int x = 0; x < total; x++) {
        need[v][x] = v != originNode(x) && (target == null || v == target);
      }
    }
    may = new boolean[net.arcs()][total];
    maxSize = new int[net.arcs()];
    for (int a = 0; a < net.arcs(); a++) {
      for (int x = 0; x < total; x++) {
        may[a][x] = net.head(a) != originNode(x) && (target == null || net.tail(a) != target);
        maxSize[a] += may[a][x] ? 1 : 0;
      }
    }
    inArcs = new int[net.nodes()][];
    atNode = new int[net.nodes()][];
    for (int v = 0; v < net.nodes(); v++) {
      inArcs[v] = new int[net.inDegree(v)];
      atNode[v] = new int[net.inDegree(v) + net.outDegree(v)];
      for (int i = 0; i < net.inDegree(v); i++) {
        inArcs[v][i] = net.inArc(v, i);
        atNode[v][i] = inArcs[v][i];
      }
      for (int i = 0; i < net.outDegree(v); i++) {
        atNode[v][net.inDegree(v) + i] = net.outArc(v, i);
      }
    }
    reverse = new int[net.arcs()];
    for (int a = 0; a < net.arcs(); a++) {
      reverse[a] = net.reverse(a);
    }
    heuristic = heuristic(instance, run);
    horizon = heuristic.makespan() / unit;
    bound = run.bestBound(instance);
  }

  /**
   * The grid's horizon and hint, which the size check and the grid both read: the run's incumbent, else the shortest
   * schedule of the linear-cost schemes and baselines, run through the run ({@link HintedSearch#shortest}), once per
   * run ({@link SolveRun#derived}).
   */
  private static SolveResult heuristic(Instance instance, SolveRun run) {
    return run.derived(instance, "linear-cost time-indexed start", () -> {
      List<Method> methods = new ArrayList<>(LinearCostMethods.all());
      methods.addAll(Baselines.all());
      return HintedSearch.shortest(instance, methods, "linear-cost", run);
    });
  }

  private int originNode(int u) {
    return instance.origins().get(unitOrigin[u]).node();
  }

  private long dur(int s) {
    return (beta + s * tau) / unit;
  }

  /**
   * The unit-packet binaries of a grid of {@code horizon} steps, counted from the instance without building it or
   * a table over the arcs (saturating at Long.MAX_VALUE above {@link #MAX_BINARIES}): an arc may carry every unit
   * except those originating at its head, and none out of a send's target; with m such units, per packet size s
   * in 1..m and each of its H - d_s + 1 starts, m binaries q, as {@link #build} creates them.
   */
  private static long binaries(Instance instance, long horizon) {
    CommModel.StoreAndForward cm = instance.storeAndForward();
    long beta = cm.betaTicks(instance.timeScale());
    long tau = cm.tauTicks(instance.timeScale());
    long unit = gcd(beta, tau);
    Map<Integer, Long> unitsAt = new HashMap<>(); // node -> units originating there
    long total = 0;
    for (Origin o : instance.origins()) {
      unitsAt.merge(o.node(), o.length(), Long::sum);
      total += o.length();
    }
    Integer target = instance.problem() instanceof Problem.Send s ? s.target() : null;
    Network net = instance.network();
    long out = 0;
    for (int a = 0; a < net.arcs(); a++) {
      long m = target != null && net.tail(a) == target ? 0 : total - unitsAt.getOrDefault(net.head(a), 0L);
      for (long s = 1; s <= m; s++) {
        out += m * Math.max(0, horizon - (beta + s * tau) / unit + 1);
        if (out > MAX_BINARIES) {
          return Long.MAX_VALUE;
        }
      }
    }
    return out;
  }

  /**
   * The horizon (in steps) and the unit-packet binaries ({@link #binaries}) of the grid {@link #search} builds,
   * counted without building it, its tables or the lower bounds; the horizon from the run's {@link #heuristic}.
   */
  static long[] size(Instance instance, SolveRun run) {
    CommModel.StoreAndForward cm = instance.storeAndForward();
    long horizon = heuristic(instance, run).makespan()
        / gcd(cm.betaTicks(instance.timeScale()), cm.tauTicks(instance.timeScale()));
    return new long[] {horizon, binaries(instance, horizon)};
  }

  /** As {@link #size(Instance, SolveRun)} in a detached run of its own. */
  static long[] size(Instance instance) {
    return size(instance, SolveLimits.defaults().run());
  }

  /** The horizon and unit-packet binaries of the grid as built: what {@link #size} counts. */
  static long[] builtSize(Instance instance) {
    LinearCostTimeIndexed m = new LinearCostTimeIndexed(instance, SolveLimits.defaults().run());
    OrTools.load();
    return new long[] {m.horizon, m.build(new CpModel(), true, () -> false).binaries()};
  }

  /**
   * Why the formulation refuses the instance, or null: decided from sizes. First at the shortest horizon any
   * schedule has (a packet of one unit, beta + tau: a grid already too large there is refused before any heuristic
   * runs), then at the heuristics' horizon ({@link #size}); neither builds the grid, its tables or the lower bounds.
   */
  static String whyNot(Instance instance, String method, SolveRun run) {
    long units = 0;
    for (Origin o : instance.origins()) {
      units += o.length();
      if (units > MAX_UNITS) {
        return method + " is for small instances: more than " + MAX_UNITS + " units in all; use cpsat";
      }
    }
    CommModel.StoreAndForward cm = instance.storeAndForward();
    long beta = cm.betaTicks(instance.timeScale());
    long tau = cm.tauTicks(instance.timeScale());
    long unit = gcd(beta, tau);
    long floor = units == 0 ? 0 : (beta + tau) / unit;
    if (binaries(instance, floor) > MAX_BINARIES) {
      return method + " is for small instances: its grid of at least " + floor + " steps of " + unit
          + " ticks (one packet of one unit) would need more than " + MAX_BINARIES
          + " unit-packet binaries; use cpsat";
    }
    long[] size;
    try {
      size = size(instance, run);
    } catch (IllegalArgumentException e) { // no heuristic gives the grid its horizon
      return method + " takes its horizon from a heuristic schedule and " + e.getMessage();
    }
    if (size[1] > MAX_BINARIES) {
      return method + " is for small instances: its grid of " + size[0] + " steps of " + unit
          + " ticks would need more than " + MAX_BINARIES + " unit-packet binaries; use cpsat";
    }
    return null;
  }

  /** Solves as {@link BufferlessTimeIndexed#solve}, on the linear-cost grid. */
  static SolveResult solve(Instance instance, SolveLimits limits, String method, boolean alwaysSearch,
      long started) {
    LinearCostTimeIndexed m = new LinearCostTimeIndexed(instance, limits.run());
    if (m.unitOrigin.length == 0 || (!alwaysSearch && m.bound.value() >= m.heuristic.makespan())) {
      return m.fromHeuristic(method, m.heuristic.makespan() <= m.bound.value())
          .withStat("search", "none: the " + m.heuristic.method() + " schedule meets the lower bound");
    }
    return m.search(method, limits, started + limits.timeLimit().toNanos(), alwaysSearch);
  }

  /** The packet and unit binaries of a built grid ([a][s][t], [a][u][s][t], null where impossible), q counted. */
  private record Built(BoolVar[][][] p, BoolVar[][][][] q, long binaries) {
  }

  /**
   * Builds the grid into {@code model}: with {@code bare}, no floor posted on the makespan. Returns null as soon as
   * {@code late} says the time limit passed or the run was stopped (checked per arc and per step), so that building
   * a large grid never runs past the limit.
   */
  private Built build(CpModel model, boolean bare, BooleanSupplier late) {
    int arcs = net.arcs();
    int units = unitOrigin.length;
    int h = (int) horizon;
    IntVar makespan = model.newIntVar(bare ? 0 : Math.min(horizon, -Math.floorDiv(-bound.value(), unit)), horizon,
        "E");
    BoolVar[][][] p = new BoolVar[arcs][][]; // [a][s][t], null where impossible
    BoolVar[][][][] q = new BoolVar[arcs][units][][]; // [a][u][s][t]
    List<List<List<Literal>>> occ = new ArrayList<>(); // [a][step]
    long built = 0;
    for (int a = 0; a < arcs; a++) {
      if (late.getAsBoolean()) {
        return null;
      }
      List<List<Literal>> steps = new ArrayList<>();
      for (int t = 0; t < h; t++) {
        steps.add(new ArrayList<>());
      }
      occ.add(steps);
      p[a] = new BoolVar[maxSize[a] + 1][h + 1];
      for (int u = 0; u < units; u++) {
        q[a][u] = new BoolVar[maxSize[a] + 1][h + 1];
      }
      for (int t = 0; t <= h; t++) {
        List<Literal> any = new ArrayList<>();
        for (int s = 1; s <= maxSize[a]; s++) {
          if (t + dur(s) > horizon) {
            continue;
          }
          BoolVar x = model.newBoolVar("p" + a + "_" + s + "_" + t);
          p[a][s][t] = x;
          any.add(x);
          model.addGreaterOrEqual(makespan, LinearExpr.term(x, t + dur(s)));
          for (long k = t; k < t + dur(s); k++) {
            occ.get(a).get((int) k).add(x);
          }
          List<BoolVar> inside = new ArrayList<>();
          for (int u = 0; u < units; u++) {
            if (may[a][u]) {
              q[a][u][s][t] = model.newBoolVar("q" + a + "_" + u + "_" + s + "_" + t);
              inside.add(q[a][u][s][t]);
              built++;
            }
          }
          // the packet carries exactly s units (V2, V3)
          model.addEquality(LinearExpr.sum(inside.toArray(new BoolVar[0])), LinearExpr.term(x, s));
        }
        if (any.size() > 1) {
          model.addAtMostOne(any.toArray(new Literal[0]));
        }
      }
    }
    // V4: a unit leaves a node (not its origin) only after a packet brought it there
    for (int a = 0; a < arcs; a++) {
      if (late.getAsBoolean()) {
        return null;
      }
      int v = net.tail(a);
      for (int u = 0; u < units; u++) {
        if (!may[a][u] || v == originNode(u)) {
          continue;
        }
        for (int t = 0; t <= h; t++) {
          LinearExprBuilder out = LinearExpr.newBuilder();
          boolean some = false;
          for (int s = 1; s <= maxSize[a]; s++) {
            if (q[a][u][s][t] != null) {
              out.add(q[a][u][s][t]);
              some = true;
            }
          }
          if (!some) {
            continue;
          }
          LinearExprBuilder in = LinearExpr.newBuilder();
          for (int b : inArcs[v]) {
            if (!may[b][u]) {
              continue;
            }
            for (int s = 1; s <= maxSize[b]; s++) {
              for (int t0 = 0; t0 + dur(s) <= t; t0++) {
                if (q[b][u][s][t0] != null) {
                  in.add(q[b][u][s][t0]);
                }
              }
            }
          }
          model.addLessOrEqual(out, in);
        }
      }
    }
    // V10: every node receives every unit it needs
    for (int v = 0; v < net.nodes(); v++) {
      for (int u = 0; u < units; u++) {
        if (!need[v][u]) {
          continue;
        }
        LinearExprBuilder in = LinearExpr.newBuilder();
        for (int b : inArcs[v]) {
          if (may[b][u]) {
            for (int s = 1; s <= maxSize[b]; s++) {
              for (int t0 = 0; t0 <= h; t0++) {
                if (q[b][u][s][t0] != null) {
                  in.add(q[b][u][s][t0]);
                }
              }
            }
          }
        }
        model.addGreaterOrEqual(in, 1);
      }
    }
    if (!ports(model, occ, h, late)) {
      return null;
    }
    model.minimize((LinearArgument) makespan);
    return new Built(p, q, built);
  }

  private SolveResult search(String method, SolveLimits limits, long deadline, boolean bare) {
    OrTools.load();
    CpModel model = new CpModel();
    Built grid = build(model, bare, () -> limits.run().stop().over(deadline));
    if (grid == null) {
      return fromHeuristic(method, false).withStat("fallback", heuristic.method())
          .withStat("search", StepGrid.builtLate(horizon));
    }
    BoolVar[][][] p = grid.p();
    BoolVar[][][][] q = grid.q();
    int arcs = net.arcs();
    int units = unitOrigin.length;
    int h = (int) horizon;
    StepGrid.Solved done = StepGrid.run(model, limits, deadline, "the linear-cost time-indexed model", horizon);
    CpSolver solver = done.solver();
    SolverStatusMapping.Answer answer = done.answer();
    SolveResult out;
    if (!answer.hasSchedule()) {
      out = fromHeuristic(method, false).withStat("fallback", heuristic.method());
    } else {
      List<Schedule.Transmission> ts = new ArrayList<>();
      int[] number = new int[instance.origins().size()];
      long end = 0;
      for (int a = 0; a < arcs; a++) {
        for (int t = 0; t <= h; t++) {
          for (int s = 1; s <= maxSize[a]; s++) {
            if (p[a][s][t] == null || !solver.booleanValue(p[a][s][t])) {
              continue;
            }
            end = Math.max(end, (t + dur(s)) * unit);
            List<Integer> us = new ArrayList<>();
            for (int u = 0; u < units; u++) {
              if (q[a][u][s][t] != null && solver.booleanValue(q[a][u][s][t])) {
                us.add(u);
              }
            }
            for (int i = 0; i < us.size(); ) { // one record per run of consecutive units of one message
              int j = i;
              while (j + 1 < us.size() && unitOrigin[us.get(j + 1)] == unitOrigin[us.get(i)]
                  && us.get(j + 1) == us.get(j) + 1) {
                j++;
              }
              int o = unitOrigin[us.get(i)];
              ts.add(new Schedule.Transmission(instance.origins().get(o).message(), number[o]++, j - i + 1,
                  net.tail(a), net.head(a), t * unit, unitIndex[us.get(i)]));
              i = j + 1;
            }
          }
        }
      }
      out = StepGrid.transmissions(instance, method, ts, end, bound, answer, unit, "schedule");
    }
    Map<String, Object> stats = done.stats();
    stats.put("binaries", grid.binaries());
    stats.put("model", "time-indexed, linear cost, unit " + unit + " ticks, horizon " + horizon);
    stats.put("hint", heuristic.method());
    for (Map.Entry<String, Object> e : stats.entrySet()) {
      out = out.withStat(e.getKey(), e.getValue());
    }
    return out;
  }

  /**
   * The port rows of docs/models/linear-cost.md#ports-and-duplex, per step (V5-V8, send-and-receive); false if
   * {@code late} said stop (checked per step) before all were added.
   */
  private boolean ports(CpModel model, List<List<List<Literal>>> occ, int h, BooleanSupplier late) {
    CommModel.StoreAndForward cm = instance.storeAndForward();
    boolean half = cm.duplex() == CommModel.Duplex.HALF;
    boolean one = cm.ports() == CommModel.Ports.ONE;
    boolean exchange = one && cm.onePort() == CommModel.OnePortRule.EXCHANGE;
    int arcs = net.arcs();
    for (int k = 0; k < h; k++) {
      if (late.getAsBoolean()) {
        return false;
      }
      for (int a = 0; a < arcs; a++) {
        List<Literal> row = new ArrayList<>(occ.get(a).get(k));
        int r = reverse[a];
        if (half && r > a) {
          row.addAll(occ.get(r).get(k));
        }
        if (row.size() > 1) {
          model.addAtMostOne(row.toArray(new Literal[0])); // V5; half duplex V6
        }
      }
      if (!one) {
        continue;
      }
      for (int v = 0; v < net.nodes(); v++) {
        if (exchange) { // V7: a node talks on one link at a time (both directions allowed on it)
          Map<Integer, BoolVar> link = new HashMap<>();
          for (int a : atNode[v]) {
            int other = net.tail(a) == v ? net.head(a) : net.tail(a);
            BoolVar b = link.computeIfAbsent(other, o -> model.newBoolVar("link"));
            List<Literal> here = occ.get(a).get(k);
            if (!here.isEmpty()) {
              model.addLessOrEqual(LinearExpr.sum(here.toArray(new BoolVar[0])), b);
            }
          }
          if (link.size() > 1) {
            model.addAtMostOne(link.values().toArray(new Literal[0]));
          }
        } else { // send-and-receive: one outgoing and one incoming packet at a time
          List<Literal> outs = new ArrayList<>();
          List<Literal> ins = new ArrayList<>();
          for (int a : atNode[v]) {
            if (net.tail(a) == v) {
              outs.addAll(occ.get(a).get(k));
            }
            if (net.head(a) == v) {
              ins.addAll(occ.get(a).get(k));
            }
          }
          if (outs.size() > 1) {
            model.addAtMostOne(outs.toArray(new Literal[0]));
          }
          if (ins.size() > 1) {
            model.addAtMostOne(ins.toArray(new Literal[0]));
          }
        }
      }
    }
    return true;
  }

  private SolveResult fromHeuristic(String method, boolean optimal) {
    return new SolveResult(method, optimal ? SolveStatus.OPTIMAL : SolveStatus.FEASIBLE, heuristic.schedule(),
        heuristic.makespan(), bound, heuristic.scale(), Map.of());
  }

  private static long gcd(long a, long b) {
    return b == 0 ? a : gcd(b, a % b);
  }
}
