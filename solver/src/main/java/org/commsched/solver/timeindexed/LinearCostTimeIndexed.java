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
import org.commsched.core.model.ArcCosts;
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
import org.commsched.heuristics.baseline.Baselines;
import org.commsched.heuristics.linearcost.LinearCostMethods;
import org.commsched.solver.cpsat.OrTools;
import org.commsched.solver.model.HintedSearch;
import org.commsched.solver.model.SolverStatusMapping;

/**
 * The time-indexed formulation of send, broadcast and gossip under the linear cost model (F*, H*,
 * F1, H1, and one port under send-and-receive), written from docs/models/linear-cost.md#model and
 * its validity rules independently of the slot model of {@code cpsat} and {@code choco}
 * (docs/models/linear-cost.md#exact-model).
 *
 * <p><b>Time grid.</b> A packet of u units on arc a lasts beta_a + u tau_a ticks (V3; every arc has
 * the model's beta and tau on a network without channels,
 * docs/FORMATS.md#links-with-channels-and-costs). Re-placing the packets of any schedule in order
 * of their starts, each at the earliest time where its units are at its tail (V4) and no port rule
 * (V5-V8) is broken by the packets already placed, moves none later, and starts each at 0, at the
 * end of a packet that brought one of its units, or at the end of a conflicting packet; so some
 * optimal schedule starts every packet at a multiple of g, the gcd of every arc's beta and tau, and
 * the grid counts steps of g. The horizon is the best heuristic's makespan in steps, rounded down.
 *
 * <p><b>Variables.</b> p[a,s,t]: a packet of s units starts on arc a at step t; q[a,u,s,t]: unit u
 * rides in it; on an arc of k &gt; 1 channels, n[a,s,t] in 0..k counts such packets (p = [n &gt;
 * 0]), each on its own channel. Units are (origin, index) pairs; no unit goes into its own origin,
 * and in a send nothing leaves the target. Rows: at most k_a packets per arc and start, sum_u
 * q[a,u,s,t] = s n[a,s,t] (n = p on an arc of one channel; V2, V3); a node sends u at step T only
 * if u originates there or some packet carrying u into it ended by T (V4); every node that needs u
 * receives it by the horizon (V10). Per step, with occ(a) the packets on a covering it: occ(a)
 * &lt;= k_a (V5); half duplex occ(a) + occ(reverse a) &lt;= the larger k of the two (V6); one port,
 * exchange: per node a binary per link telling which link the node talks on, occ(a) at most that
 * binary for each arc of the link at the node, the binaries sum to at most 1 (V7, with V6 also V8;
 * extra channels do not let a node talk twice, and on a half-duplex link of several channels the
 * node's packets on it both ways together are at most the binary, V8); one port, send-and-receive:
 * a node's outgoing packets sum to at most 1 and so do its incoming ones. The makespan E &gt;= (t +
 * d_{a,s}) p[a,s,t]; minimise E.
 *
 * <p><b>Size.</b> At most {@value #MAX_UNITS} units and {@value #MAX_BINARIES} unit-packet
 * binaries; larger instances are refused, pointing to {@code cpsat}.
 *
 * @implNote Immutable after construction; every solve builds its own CP-SAT model. Stateless
 *     otherwise: the start schedule that the size check and the grid share is kept by the solve run
 *     ({@link SolveRun#derived}).
 */
public final class LinearCostTimeIndexed {
  /** Largest number of units accepted. */
  public static final int MAX_UNITS = 12;

  /** Largest number of unit-packet binaries q accepted. */
  public static final long MAX_BINARIES = 40_000;

  private final Instance instance;
  private final Network net;
  private final long unit;

  /** Per arc: its beta and tau in ticks and its channels ({@link ArcCosts}). */
  private final ArcCosts costs;

  private final int[] unitOrigin;
  private final long[] unitIndex;
  private final boolean[][] need;
  private final boolean[][] may;
  private final int[] maxSize; // per arc: the units that may cross it
  private final long horizon;
  private final SolveResult heuristic;
  private final LowerBound bound;

  /**
   * Per node: the arcs into it, and the arcs at it (either direction); per arc: the reverse arc or
   * -1.
   */
  private final int[][] inArcs;

  private final int[][] atNode;
  private final int[] reverse;

  /**
   * The grid of {@code instance} in a solve run: its lower bound is the run's ({@link
   * SolveRun#bestBound}, computed once per run), its horizon and fallback the run's {@link
   * #heuristic}.
   */
  private LinearCostTimeIndexed(Instance instance, SolveRun run) {
    this.instance = instance;
    net = instance.network();
    costs = instance.arcCosts();
    unit = unit(instance);
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
   * The grid's horizon and hint, which the size check and the grid both read: the run's incumbent,
   * else the shortest schedule of the linear-cost schemes and baselines, run through the run
   * ({@link HintedSearch#shortest}), once per run ({@link SolveRun#derived}).
   */
  private static SolveResult heuristic(Instance instance, SolveRun run) {
    return run.derived(
        instance,
        "linear-cost time-indexed start",
        () -> {
          List<Method> methods = new ArrayList<>(LinearCostMethods.all());
          methods.addAll(Baselines.all());
          return HintedSearch.shortest(instance, methods, "linear-cost", run);
        });
  }

  private int originNode(int u) {
    return instance.origins().get(unitOrigin[u]).node();
  }

  private long dur(int a, int s) {
    return costs.ticks(a, s) / unit;
  }

  /**
   * The grid's step in ticks: the gcd of every arc's beta and tau (the model's on a network without
   * channels), so that every packet on every arc lasts a whole number of steps.
   */
  private static long unit(Instance instance) {
    ArcCosts c = instance.arcCosts();
    long g = 0;
    for (int a = 0; a < instance.network().arcs(); a++) {
      g = gcd(gcd(g, c.beta(a)), c.tau(a));
    }
    return g == 0 ? 1 : g;
  }

  /**
   * The unit-packet binaries of a grid of {@code horizon} steps, counted from the instance without
   * building it or a table over the arcs (saturating at Long.MAX_VALUE above {@link
   * #MAX_BINARIES}): an arc may carry every unit except those originating at its head, and none out
   * of a send's target; with m such units, per packet size s in 1..m and each of its H - d_s + 1
   * starts, m binaries q, as {@link #build} creates them.
   */
  private static long binaries(Instance instance, long horizon) {
    ArcCosts c = instance.arcCosts();
    long unit = unit(instance);
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
      long m =
          target != null && net.tail(a) == target
              ? 0
              : total - unitsAt.getOrDefault(net.head(a), 0L);
      for (long s = 1; s <= m; s++) {
        out += m * Math.max(0, horizon - c.ticks(a, s) / unit + 1);
        if (out > MAX_BINARIES) {
          return Long.MAX_VALUE;
        }
      }
    }
    return out;
  }

  /**
   * The horizon (in steps) and the unit-packet binaries ({@link #binaries}) of the grid {@link
   * #search} builds, counted without building it, its tables or the lower bounds; the horizon from
   * the run's {@link #heuristic}.
   */
  static long[] size(Instance instance, SolveRun run) {
    long horizon = heuristic(instance, run).makespan() / unit(instance);
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
   * Why the formulation refuses the instance, or null: decided from sizes. First at the shortest
   * horizon any schedule has (a packet of one unit, beta + tau: a grid already too large there is
   * refused before any heuristic runs), then at the heuristics' horizon ({@link #size}); neither
   * builds the grid, its tables or the lower bounds.
   */
  static String whyNot(Instance instance, String method, SolveRun run) {
    long units = 0;
    for (Origin o : instance.origins()) {
      units += o.length();
      if (units > MAX_UNITS) {
        return method
            + " is for small instances: more than "
            + MAX_UNITS
            + " units in all; use cpsat";
      }
    }
    ArcCosts c = instance.arcCosts();
    long unit = unit(instance);
    long floor = Long.MAX_VALUE; // the shortest packet of one unit on any arc
    for (int a = 0; a < instance.network().arcs(); a++) {
      floor = Math.min(floor, c.ticks(a, 1) / unit);
    }
    floor = units == 0 || floor == Long.MAX_VALUE ? 0 : floor;
    if (binaries(instance, floor) > MAX_BINARIES) {
      return method
          + " is for small instances: its grid of at least "
          + floor
          + " steps of "
          + unit
          + " ticks (one packet of one unit) would need more than "
          + MAX_BINARIES
          + " unit-packet binaries; use cpsat";
    }
    long[] size;
    try {
      size = size(instance, run);
    } catch (IllegalArgumentException e) { // no heuristic gives the grid its horizon
      return method + " takes its horizon from a heuristic schedule and " + e.getMessage();
    }
    if (size[1] > MAX_BINARIES) {
      return method
          + " is for small instances: its grid of "
          + size[0]
          + " steps of "
          + unit
          + " ticks would need more than "
          + MAX_BINARIES
          + " unit-packet binaries; use cpsat";
    }
    return null;
  }

  /** Solves as {@link BufferlessTimeIndexed#solve}, on the linear-cost grid. */
  static SolveResult solve(
      Instance instance, SolveLimits limits, String method, boolean alwaysSearch, long started) {
    LinearCostTimeIndexed m = new LinearCostTimeIndexed(instance, limits.run());
    if (m.unitOrigin.length == 0 || (!alwaysSearch && m.bound.value() >= m.heuristic.makespan())) {
      return m.fromHeuristic(method, m.heuristic.makespan() <= m.bound.value())
          .withStat(
              "search", "none: the " + m.heuristic.method() + " schedule meets the lower bound");
    }
    return m.search(method, limits, started + limits.timeLimit().toNanos(), alwaysSearch);
  }

  /**
   * The packet and unit binaries of a built grid ([a][s][t], [a][u][s][t], null where impossible),
   * q counted; on an arc of several channels n[a][s][t] counts the packets of s units starting at t
   * (null on arcs of one channel, where the count is p).
   */
  private record Built(BoolVar[][][] p, BoolVar[][][][] q, IntVar[][][] n, long binaries) {}

  /**
   * Builds the grid into {@code model}: with {@code bare}, no floor posted on the makespan. Returns
   * null as soon as {@code late} says the time limit passed or the run was stopped (checked per arc
   * and per step), so that building a large grid never runs past the limit.
   */
  private Built build(CpModel model, boolean bare, BooleanSupplier late) {
    int arcs = net.arcs();
    int units = unitOrigin.length;
    int h = (int) horizon;
    IntVar makespan =
        model.newIntVar(
            bare ? 0 : Math.min(horizon, -Math.floorDiv(-bound.value(), unit)), horizon, "E");
    BoolVar[][][] p = new BoolVar[arcs][][]; // [a][s][t], null where impossible
    BoolVar[][][][] q = new BoolVar[arcs][units][][]; // [a][u][s][t]
    IntVar[][][] n =
        new IntVar[arcs][][]; // [a][s][t], packets at once on an arc of several channels
    List<List<List<IntVar>>> occ = new ArrayList<>(); // [a][step]: packet counts covering the step
    long built = 0;
    for (int a = 0; a < arcs; a++) {
      if (late.getAsBoolean()) {
        return null;
      }
      List<List<IntVar>> steps = new ArrayList<>();
      for (int t = 0; t < h; t++) {
        steps.add(new ArrayList<>());
      }
      occ.add(steps);
      int k = costs.channels(a);
      p[a] = new BoolVar[maxSize[a] + 1][h + 1];
      n[a] = k > 1 ? new IntVar[maxSize[a] + 1][h + 1] : null;
      for (int u = 0; u < units; u++) {
        q[a][u] = new BoolVar[maxSize[a] + 1][h + 1];
      }
      for (int t = 0; t <= h; t++) {
        List<IntVar> any = new ArrayList<>();
        for (int s = 1; s <= maxSize[a]; s++) {
          if (t + dur(a, s) > horizon) {
            continue;
          }
          BoolVar x = model.newBoolVar("p" + a + "_" + s + "_" + t);
          p[a][s][t] = x;
          IntVar count = x;
          if (k
              > 1) { // up to k packets of s units at once, one per channel: x says whether there is
            // one
            count = model.newIntVar(0, k, "n" + a + "_" + s + "_" + t);
            n[a][s][t] = count;
            model.addLessOrEqual(count, LinearExpr.term(x, k));
            model.addGreaterOrEqual(count, x);
          }
          any.add(count);
          model.addGreaterOrEqual(makespan, LinearExpr.term(x, t + dur(a, s)));
          for (long step = t; step < t + dur(a, s); step++) {
            occ.get(a).get((int) step).add(count);
          }
          List<BoolVar> inside = new ArrayList<>();
          for (int u = 0; u < units; u++) {
            if (may[a][u]) {
              q[a][u][s][t] = model.newBoolVar("q" + a + "_" + u + "_" + s + "_" + t);
              inside.add(q[a][u][s][t]);
              built++;
            }
          }
          // the packets carry exactly s units each (V2, V3)
          model.addEquality(
              LinearExpr.sum(inside.toArray(new BoolVar[0])), LinearExpr.term(count, s));
        }
        atMost(model, any, k);
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
              for (int t0 = 0; t0 + dur(b, s) <= t; t0++) {
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
    return new Built(p, q, n, built);
  }

  private SolveResult search(String method, SolveLimits limits, long deadline, boolean bare) {
    OrTools.load();
    CpModel model = new CpModel();
    Built grid = build(model, bare, () -> limits.run().stop().over(deadline));
    if (grid == null) {
      return fromHeuristic(method, false)
          .withStat("fallback", heuristic.method())
          .withStat("search", StepGrid.builtLate(horizon));
    }
    BoolVar[][][] p = grid.p();
    BoolVar[][][][] q = grid.q();
    int arcs = net.arcs();
    int units = unitOrigin.length;
    int h = (int) horizon;
    StepGrid.Solved done =
        StepGrid.run(model, limits, deadline, "the linear-cost time-indexed model", horizon);
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
          int nextChannel =
              0; // the packets starting together on the arc, whatever their sizes, on channels 0,
          // 1, ..
          for (int s = 1; s <= maxSize[a]; s++) {
            if (p[a][s][t] == null || !solver.booleanValue(p[a][s][t])) {
              continue;
            }
            end = Math.max(end, (t + dur(a, s)) * unit);
            List<Integer> all = new ArrayList<>();
            for (int u = 0; u < units; u++) {
              if (q[a][u][s][t] != null && solver.booleanValue(q[a][u][s][t])) {
                all.add(u);
              }
            }
            for (int c = 0;
                c * s < all.size();
                c++) { // the packets at once: s units each, one per channel
              List<Integer> us = all.subList(c * s, (c + 1) * s);
              Integer channel = grid.n()[a] != null ? nextChannel++ : null;
              for (int i = 0;
                  i < us.size(); ) { // one record per run of consecutive units of one message
                int j = i;
                while (j + 1 < us.size()
                    && unitOrigin[us.get(j + 1)] == unitOrigin[us.get(i)]
                    && us.get(j + 1) == us.get(j) + 1) {
                  j++;
                }
                int o = unitOrigin[us.get(i)];
                ts.add(
                    new Schedule.Transmission(
                        instance.origins().get(o).message(),
                        number[o]++,
                        j - i + 1,
                        net.tail(a),
                        net.head(a),
                        t * unit,
                        unitIndex[us.get(i)],
                        channel));
                i = j + 1;
              }
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
   * The port rows of docs/models/linear-cost.md#ports-and-duplex, per step (V5-V8,
   * send-and-receive); false if {@code late} said stop (checked per step) before all were added.
   */
  private boolean ports(CpModel model, List<List<List<IntVar>>> occ, int h, BooleanSupplier late) {
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
        List<IntVar> row = new ArrayList<>(occ.get(a).get(k));
        int r = reverse[a];
        int cap = costs.channels(a);
        if (half && r > a) { // a half-duplex link: its larger count of channels for both directions
          // together
          int linkCap = Math.max(cap, costs.channels(r));
          List<IntVar> link = new ArrayList<>(row);
          link.addAll(occ.get(r).get(k));
          atMost(model, link, linkCap); // V6
          if (cap < linkCap) {
            atMost(model, row, cap);
          }
        } else {
          atMost(model, row, cap); // V5: at most its channels on an arc
        }
      }
      if (!one) {
        continue;
      }
      for (int v = 0; v < net.nodes(); v++) {
        if (exchange) { // V7: a node talks on one link at a time (both directions allowed on it)
          Map<Integer, BoolVar> link = new HashMap<>();
          Map<Integer, List<IntVar>> bothWays =
              new HashMap<>(); // half duplex, links of several channels
          for (int a : atNode[v]) {
            int other = net.tail(a) == v ? net.head(a) : net.tail(a);
            BoolVar b = link.computeIfAbsent(other, o -> model.newBoolVar("link"));
            List<IntVar> here = occ.get(a).get(k);
            if (!here.isEmpty()) {
              model.addLessOrEqual(LinearExpr.sum(here.toArray(new IntVar[0])), b);
              int r = reverse[a];
              if (half && r >= 0 && Math.max(costs.channels(a), costs.channels(r)) > 1) {
                bothWays.computeIfAbsent(other, o -> new ArrayList<>()).addAll(here);
              }
            }
          }
          // V8 where the link's channels would let its two directions run at once: the node talks
          // one way
          bothWays.forEach(
              (other, row) ->
                  model.addLessOrEqual(
                      LinearExpr.sum(row.toArray(new IntVar[0])), link.get(other)));
          if (link.size() > 1) {
            model.addAtMostOne(link.values().toArray(new Literal[0]));
          }
        } else { // send-and-receive: one outgoing and one incoming packet at a time
          List<IntVar> outs = new ArrayList<>();
          List<IntVar> ins = new ArrayList<>();
          for (int a : atNode[v]) {
            if (net.tail(a) == v) {
              outs.addAll(occ.get(a).get(k));
            }
            if (net.head(a) == v) {
              ins.addAll(occ.get(a).get(k));
            }
          }
          atMost(model, outs, 1);
          atMost(model, ins, 1);
        }
      }
    }
    return true;
  }

  /**
   * At most {@code cap} packets among the counts of {@code row}: an at-most-one of literals when
   * the row holds only packet binaries and the cap is 1 (every arc of one channel, the model as on
   * a network without channels), else a linear row. Nothing for a row that cannot exceed the cap.
   */
  private static void atMost(CpModel model, List<IntVar> row, long cap) {
    boolean literals = row.stream().allMatch(v -> v instanceof BoolVar);
    if (literals && row.size() <= cap) {
      return;
    }
    if (literals && cap == 1) {
      model.addAtMostOne(row.stream().map(v -> (Literal) v).toArray(Literal[]::new));
    } else {
      model.addLessOrEqual(LinearExpr.sum(row.toArray(new IntVar[0])), cap);
    }
  }

  private SolveResult fromHeuristic(String method, boolean optimal) {
    return new SolveResult(
        method,
        optimal ? SolveStatus.OPTIMAL : SolveStatus.FEASIBLE,
        heuristic.schedule(),
        heuristic.makespan(),
        bound,
        heuristic.scale(),
        Map.of());
  }

  private static long gcd(long a, long b) {
    return b == 0 ? a : gcd(b, a % b);
  }
}
