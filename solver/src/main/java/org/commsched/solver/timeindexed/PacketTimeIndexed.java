package org.commsched.solver.timeindexed;

import com.google.ortools.sat.BoolVar;
import com.google.ortools.sat.CpModel;
import com.google.ortools.sat.CpSolver;
import com.google.ortools.sat.IntVar;
import com.google.ortools.sat.LinearArgument;
import com.google.ortools.sat.LinearExpr;
import com.google.ortools.sat.Literal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import org.commsched.core.model.Atlas;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Schedule;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveRun;
import org.commsched.core.solve.SolveStatus;
import org.commsched.core.time.TimeScale;
import org.commsched.solver.cpsat.OrTools;
import org.commsched.solver.model.HintedSearch;
import org.commsched.solver.model.SolverStatusMapping;
import org.commsched.solver.packet.PacketCp;

/**
 * The time-indexed formulation of store-and-forward scatter and gather with set-up time,
 * packetization included (docs/models/packet.md#model), written from the definitions independently
 * of the slot model of {@code cpsat} and {@code choco} (docs/models/packet.md#exact-model); gathers
 * are modelled directly, not by time reversal.
 *
 * <p><b>Packets as candidates.</b> A message of L units is cut into packets of positive integer
 * sizes adding up to L, each kept whole on every hop (docs/models/packet.md#packets-and-hops).
 * Packets of one size are interchangeable, so the candidates of message v are the pairs (s, c),
 * size s in 1..L and copy c in 0..floor(L / s) - 1, each with a presence binary y[v,s,c]: sum over
 * (s, c) of s y[v,s,c] = L, and y[v,s,c+1] &lt;= y[v,s,c].
 *
 * <p><b>Time grid.</b> A packet of s units holds a link for beta + s tau (docs/DESIGN.md#time, in
 * ticks of the instance's scale). Let g be the gcd of beta and tau in ticks. Take any schedule and
 * place its transfers again in the order of their starts, each at the earliest time at or after its
 * previous hop's end where its port (or arc) is free of the transfers already placed: they only
 * moved earlier, so the original time is still free, and the earliest such time is 0, a previous
 * hop's end or the end of a placed transfer, a sum of durations; so some optimal schedule has every
 * start a multiple of g, and the grid counts units of g, which loses no optimum. The horizon is the
 * best heuristic's makespan ({@link PacketCp#bestHeuristic}) in units, rounded down.
 *
 * <p><b>Variables and rows.</b> A binary x[v,s,c,k,t] per candidate, hop k of its route (in travel
 * order, for a gather from the node up to the root) and start t: sum_t x[v,s,c,k,t] = y[v,s,c]
 * (each present packet crosses each hop once); store and forward, sum_t t x[v,s,c,k+1,t] &gt;=
 * sum_t (t + d_s) x[v,s,c,k,t] with d_s = (beta + s tau) / g (both sides 0 for an absent packet).
 * Capacity per resource and step: single port (send-and-receive) a node's out-port holds its
 * outgoing transfers and its in-port its incoming ones; all ports each arc is its own resource
 * (docs/models/packet.md#ports-and-duplex, full duplex); the binaries whose transfer covers the
 * step sum to at most 1. Copies of one size leave in copy order (symmetry). The makespan E &gt;=
 * sum_t (t + d_s) x[v,s,c,last,t]; minimise E.
 *
 * <p><b>Size.</b> At most {@value #MAX_BINARIES} hop-start binaries (issue 22's random trees of 24
 * nodes with lengths 1..6 need 43,000 to 79,000 at their optimum's horizon); larger grids are
 * refused, pointing to {@code cpsat}.
 *
 * @implNote Immutable after construction; every solve builds its own CP-SAT model.
 */
public final class PacketTimeIndexed {
  /** Largest number of hop-start binaries accepted. */
  public static final long MAX_BINARIES = 100_000;

  private final Instance instance;
  private final int[] msg;
  private final int[][] route; // travel order
  private final long[] length;
  private final long unit;
  private final long[] dur; // by size, in units (index 0 unused)
  private final long horizon; // in units
  private final SolveResult heuristic;
  private final LowerBound bound;
  private final boolean single;

  /**
   * The grid of {@code instance} in a solve run: its lower bound is the run's ({@link
   * SolveRun#bestBound}, computed once per run), its horizon and fallback the run's {@link #start}.
   */
  private PacketTimeIndexed(Instance instance, SolveRun run) {
    this.instance = instance;
    CommModel.StoreAndForward model = instance.storeAndForward();
    TimeScale scale = instance.timeScale();
    long beta = model.betaTicks(scale);
    long tau = model.tauTicks(scale);
    unit = gcd(beta, tau);
    single = model.ports() == CommModel.Ports.ONE;
    Atlas atlas = instance.atlas();
    List<Message> ms = instance.messages();
    List<Integer> idx = new ArrayList<>();
    long longest = 0;
    for (int i = 0; i < ms.size(); i++) {
      if (ms.get(i).length() > 0) {
        idx.add(i);
        longest = Math.max(longest, ms.get(i).length());
      }
    }
    msg = idx.stream().mapToInt(Integer::intValue).toArray();
    route = new int[msg.length][];
    length = new long[msg.length];
    for (int v = 0; v < msg.length; v++) {
      route[v] =
          atlas.nodes(msg[v]); // from the source: the root for a scatter, the node for a gather
      length[v] = ms.get(msg[v]).length();
    }
    dur = new long[(int) Math.min(longest, MAX_BINARIES) + 1];
    for (int s = 1; s < dur.length; s++) {
      dur[s] = (beta + s * tau) / unit;
    }
    heuristic = start(instance, run);
    horizon = horizon(instance, heuristic, unit);
    bound = run.bestBound(instance);
  }

  /**
   * The grid's horizon: {@code heuristic}'s makespan in units of {@code unit} ticks of the
   * instance's scale.
   */
  private static long horizon(Instance instance, SolveResult heuristic, long unit) {
    TimeScale scale = instance.timeScale();
    return scale.equals(heuristic.scale())
        ? heuristic.makespan() / unit
        : heuristic.makespan() / (heuristic.scale().ticksPerUnit() / scale.ticksPerUnit()) / unit;
  }

  /** The gcd of beta and tau in ticks: the grid's unit. */
  private static long unit(Instance instance) {
    CommModel.StoreAndForward model = instance.storeAndForward();
    return gcd(model.betaTicks(instance.timeScale()), model.tauTicks(instance.timeScale()));
  }

  /**
   * The hop-start binaries of a grid of {@code horizon} units, counted from the instance's lengths
   * and hop counts without building it (saturating at Long.MAX_VALUE above {@link #MAX_BINARIES}):
   * per non-null message of L units over d hops, per packet size s and each of its floor(L / s)
   * copies, d hops of H - d d_s + 1 starts each, as {@link #build} creates them.
   */
  private static long binaries(Instance instance, long horizon) {
    CommModel.StoreAndForward model = instance.storeAndForward();
    long beta = model.betaTicks(instance.timeScale());
    long tau = model.tauTicks(instance.timeScale());
    long unit = gcd(beta, tau);
    List<Message> ms = instance.messages();
    long out = 0;
    for (int v = 0; v < ms.size(); v++) {
      long length = ms.get(v).length();
      long hops = length > 0 ? instance.atlas().hops(v) : 0;
      for (long s = 1; s <= length; s++) {
        long starts = Math.max(0, horizon - times(hops, (beta + s * tau) / unit) + 1);
        if (starts == 0) {
          break; // larger packets take longer still: none fits the horizon
        }
        out += (length / s) * hops * starts;
        if (out > MAX_BINARIES || out < 0) {
          return Long.MAX_VALUE;
        }
      }
    }
    return out;
  }

  /**
   * The grid's horizon and fallback, which the size check and the grid both read: the run's
   * incumbent or the shortest packet heuristic, run through the run ({@link
   * HintedSearch#shortest}), once per run ({@link SolveRun#derived}).
   */
  private static SolveResult start(Instance instance, SolveRun run) {
    return run.derived(
        instance,
        "packet time-indexed start",
        () -> HintedSearch.shortest(instance, PacketCp.heuristics(), "packet", run));
  }

  /**
   * The horizon (in units) and the hop-start binaries ({@link #binaries}) of the grid {@link
   * #search} builds in {@code run}, counted without building it or the lower bounds; the horizon
   * from the run's {@link #start}.
   */
  static long[] size(Instance instance, SolveRun run) {
    long horizon = horizon(instance, start(instance, run), unit(instance));
    return new long[] {horizon, binaries(instance, horizon)};
  }

  /** As {@link #size(Instance, SolveRun)} in a detached run of its own. */
  static long[] size(Instance instance) {
    return size(instance, SolveLimits.defaults().run());
  }

  /** The horizon and hop-start binaries of the grid as built: what {@link #size} counts. */
  static long[] builtSize(Instance instance) {
    PacketTimeIndexed p = new PacketTimeIndexed(instance, SolveLimits.defaults().run());
    OrTools.load();
    return new long[] {p.horizon, p.build(new CpModel(), true, () -> false).binaries()};
  }

  /**
   * Why the formulation refuses the instance, or null: decided from the grid's real size (no cheap
   * pre-check on the units: a grid of many units over few hops and a short horizon is small). First
   * from the hop counts alone (every schedule lasts at least d (beta + tau) for a message over d
   * hops, so a grid already too large at that horizon is refused before any heuristic runs), then
   * from the heuristic's horizon ({@link #size}); neither builds the grid nor the lower bounds.
   */
  static String whyNot(Instance instance, String method, SolveRun run) {
    CommModel.StoreAndForward m = instance.storeAndForward();
    if (m.ports() == CommModel.Ports.ONE && m.onePort() == CommModel.OnePortRule.EXCHANGE) {
      return method
          + " models single port send-and-receive and all ports, and this model has the exchange rule: "
          + "use greedy-saf";
    }
    long unit = unit(instance);
    long oneUnit = (m.betaTicks(instance.timeScale()) + m.tauTicks(instance.timeScale())) / unit;
    long floor = 0;
    for (int v = 0; v < instance.messages().size(); v++) {
      if (instance.messages().get(v).length() > 0) {
        floor = Math.max(floor, times(instance.atlas().hops(v), oneUnit));
      }
    }
    if (binaries(instance, floor) > MAX_BINARIES) {
      return method
          + " is for small instances: its grid of at least "
          + floor
          + " steps of "
          + unit
          + " ticks (the longest route) would need more than "
          + MAX_BINARIES
          + " binaries; use cpsat";
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
          + " binaries; use cpsat";
    }
    return null;
  }

  /** Solves as {@link BufferlessTimeIndexed#solve}, on the packet grid. */
  static SolveResult solve(
      Instance instance, SolveLimits limits, String method, boolean alwaysSearch, long started) {
    PacketTimeIndexed p = new PacketTimeIndexed(instance, limits.run());
    if (p.msg.length == 0
        || (!alwaysSearch
            && p.bound.value() >= p.heuristic.makespan()
            && p.heuristic.scale().equals(instance.timeScale()))) {
      return p.fromHeuristic(method, p.heuristic.makespan() <= p.bound.value())
          .withStat(
              "search", "none: the " + p.heuristic.method() + " schedule meets the lower bound");
    }
    return p.search(method, limits, started + limits.timeLimit().toNanos(), alwaysSearch);
  }

  /** The variables of a built grid and its counts. */
  private record Built(
      IntVar makespan,
      List<List<long[]>> cands,
      List<List<BoolVar>> present,
      List<List<BoolVar[][]>> starts,
      long binaries,
      long rows) {}

  /**
   * Builds the grid into {@code model}: with {@code bare}, no floor posted on the makespan. Returns
   * null as soon as {@code late} says the time limit passed or the run was stopped (checked per
   * message and per resource), so that building a large grid never runs past the limit.
   */
  private Built build(CpModel model, boolean bare, BooleanSupplier late) {
    IntVar makespan =
        model.newIntVar(bare ? 0 : Math.min(horizon, ceilDiv(bound.value(), unit)), horizon, "E");
    Map<Integer, Map<Long, List<Literal>>> rows = new HashMap<>();
    int n = instance.network().nodes();
    // per message: candidate (size, copy) -> presence, and per hop the start binaries
    List<List<long[]>> cands = new ArrayList<>();
    List<List<BoolVar>> present = new ArrayList<>();
    List<List<BoolVar[][]>> starts = new ArrayList<>();
    long binaries = 0;
    for (int v = 0; v < msg.length; v++) {
      if (late.getAsBoolean()) {
        return null;
      }
      int hops = route[v].length - 1;
      List<long[]> cs = new ArrayList<>();
      List<BoolVar> ys = new ArrayList<>();
      List<BoolVar[][]> xs = new ArrayList<>();
      List<LinearArgument> units = new ArrayList<>();
      List<Long> sizes = new ArrayList<>();
      for (int s = 1; s <= length[v]; s++) {
        long last = horizon - hops * dur[s]; // latest start of the first hop
        for (int c = 0; c < length[v] / s; c++) {
          BoolVar y = model.newBoolVar("y" + v + "_" + s + "_" + c);
          BoolVar[][] x = new BoolVar[hops][];
          if (last < 0) {
            model.addEquality(y, 0);
          }
          for (int k = 0; k < hops; k++) {
            int len = (int) Math.max(0, last + 1);
            x[k] = new BoolVar[len];
            long[] at = new long[len];
            long[] after = new long[len];
            for (int i = 0; i < len; i++) {
              long t = k * dur[s] + i; // hop k starts after k earlier hops
              x[k][i] = model.newBoolVar("x" + v + "_" + s + "_" + c + "_" + k + "_" + t);
              at[i] = t;
              after[i] = t + dur[s];
              int out =
                  single
                      ? route[v][k]
                      : 2 * n + instance.network().arc(route[v][k], route[v][k + 1]);
              for (long u = t; u < t + dur[s]; u++) {
                rows.computeIfAbsent(out, r -> new HashMap<>())
                    .computeIfAbsent(u, r -> new ArrayList<>())
                    .add(x[k][i]);
                if (single) {
                  rows.computeIfAbsent(n + route[v][k + 1], r -> new HashMap<>())
                      .computeIfAbsent(u, r -> new ArrayList<>())
                      .add(x[k][i]);
                }
              }
            }
            binaries += len;
            model.addEquality(LinearExpr.sum(x[k]), y);
            if (k > 0) { // store and forward
              model.addGreaterOrEqual(
                  LinearExpr.weightedSum(x[k], at), weighted(x[k - 1], k - 1, dur[s], true));
            }
            if (k == hops - 1) {
              model.addGreaterOrEqual(makespan, LinearExpr.weightedSum(x[k], after));
            }
          }
          if (c > 0) { // copies present in order, and leaving in order
            BoolVar prev = ys.get(ys.size() - 1);
            model.addImplication(y, prev);
            model
                .addGreaterOrEqual(
                    weighted(x[0], 0, dur[s], false),
                    weighted(xs.get(xs.size() - 1)[0], 0, dur[s], false))
                .onlyEnforceIf(y);
          }
          cs.add(new long[] {s, c});
          ys.add(y);
          xs.add(x);
          units.add(y);
          sizes.add((long) s);
        }
      }
      model.addEquality(
          LinearExpr.weightedSum(
              units.toArray(new LinearArgument[0]),
              sizes.stream().mapToLong(Long::longValue).toArray()),
          length[v]);
      cands.add(cs);
      present.add(ys);
      starts.add(xs);
    }
    long rowCount = StepGrid.atMostOne(model, rows, late);
    if (rowCount < 0) {
      return null;
    }
    model.minimize((LinearArgument) makespan);
    return new Built(makespan, cands, present, starts, binaries, rowCount);
  }

  private SolveResult search(String method, SolveLimits limits, long deadline, boolean bare) {
    OrTools.load();
    CpModel model = new CpModel();
    Built built = build(model, bare, () -> limits.run().stop().over(deadline));
    if (built == null) {
      return fromHeuristic(method, false)
          .withStat("fallback", heuristic.method())
          .withStat("search", StepGrid.builtLate(horizon));
    }
    List<List<long[]>> cands = built.cands();
    List<List<BoolVar>> present = built.present();
    List<List<BoolVar[][]>> starts = built.starts();
    StepGrid.Solved done =
        StepGrid.run(model, limits, deadline, "the packet time-indexed model", horizon);
    CpSolver solver = done.solver();
    SolverStatusMapping.Answer answer = done.answer();
    SolveResult out;
    if (!answer.hasSchedule()) {
      out = fromHeuristic(method, false).withStat("fallback", heuristic.method());
    } else {
      List<Schedule.Transmission> ts = new ArrayList<>();
      long end = 0;
      for (int v = 0; v < msg.length; v++) {
        String id = instance.messages().get(msg[v]).id();
        List<long[]> packets = new ArrayList<>(); // {first start, size, candidate}
        for (int j = 0; j < cands.get(v).size(); j++) {
          if (solver.booleanValue(present.get(v).get(j))) {
            packets.add(
                new long[] {
                  startOf(solver, starts.get(v).get(j)[0], 0, dur[(int) cands.get(v).get(j)[0]]),
                  cands.get(v).get(j)[0],
                  j
                });
          }
        }
        packets.sort(Comparator.<long[]>comparingLong(a -> a[0]).thenComparingLong(a -> a[2]));
        for (int number = 0; number < packets.size(); number++) {
          int s = (int) packets.get(number)[1];
          BoolVar[][] x = starts.get(v).get((int) packets.get(number)[2]);
          for (int k = 0; k < x.length; k++) {
            long t = startOf(solver, x[k], k, dur[s]);
            ts.add(
                new Schedule.Transmission(id, number, s, route[v][k], route[v][k + 1], t * unit));
            end = Math.max(end, (t + dur[s]) * unit);
          }
        }
      }
      out =
          StepGrid.transmissions(instance, method, ts, end, bound, answer, unit, "packet schedule");
    }
    Map<String, Object> stats = done.stats();
    stats.put("binaries", built.binaries());
    stats.put("capacityRows", built.rows());
    stats.put("model", "time-indexed, packets, unit " + unit + " ticks, horizon " + horizon);
    stats.put("hint", heuristic.method());
    for (Map.Entry<String, Object> e : stats.entrySet()) {
      out = out.withStat(e.getKey(), e.getValue());
    }
    return out;
  }

  /**
   * sum_i (k d + i + (withEnd ? d : 0)) x[i]: the start (or end) of a hop whose binaries are {@code
   * x}.
   */
  private static LinearExpr weighted(BoolVar[] x, int k, long d, boolean withEnd) {
    long[] w = new long[x.length];
    for (int i = 0; i < x.length; i++) {
      w[i] = k * d + i + (withEnd ? d : 0);
    }
    return LinearExpr.weightedSum(x, w);
  }

  private static long startOf(CpSolver solver, BoolVar[] x, int k, long d) {
    for (int i = 0; i < x.length; i++) {
      if (solver.booleanValue(x[i])) {
        return k * d + i;
      }
    }
    throw new IllegalStateException("a present packet without a start");
  }

  private SolveResult fromHeuristic(String method, boolean optimal) {
    LowerBound lower = bound.rescale(instance.timeScale(), heuristic.scale());
    return new SolveResult(
        method,
        optimal ? SolveStatus.OPTIMAL : SolveStatus.FEASIBLE,
        heuristic.schedule(),
        heuristic.makespan(),
        lower,
        heuristic.scale(),
        Map.of());
  }

  /** a b for non-negative a and b, Long.MAX_VALUE when it overflows. */
  private static long times(long a, long b) {
    return Math.multiplyHigh(a, b) != 0 || a * b < 0 ? Long.MAX_VALUE : a * b;
  }

  private static long ceilDiv(long a, long b) {
    return -Math.floorDiv(-a, b);
  }

  private static long gcd(long a, long b) {
    return b == 0 ? a : gcd(b, a % b);
  }
}
