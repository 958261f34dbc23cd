package org.commsched.solver.timeindexed;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.commsched.core.model.Atlas;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.model.Schedule;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveRun;
import org.commsched.core.time.TimeScale;
import org.commsched.heuristics.baseline.GreedyBufferless;
import org.commsched.solver.bufferless.ChattingStarts;
import org.commsched.solver.model.SolverStatusMapping;

/**
 * The time-indexed formulation of offline bufferless schedules (real schedules: departures) for
 * chatting, scatter and gather under all ports or single port, written flit by flit from the model
 * definitions, independently of the interval model of {@code cpsat} and {@code choco}.
 *
 * <p><b>Derivation.</b> Steps count from 0 (docs/DESIGN.md#time). Message M with length l, route
 * v_0..v_d and departure t sends flit h over hop k during step t + h + k
 * (docs/models/bufferless-chatting.md#real-schedules,
 * docs/models/bufferless-scatter-gather.md#steps-rows-and-makespan): flits never wait and leave in
 * consecutive steps (rules V2, V3 of docs/models/bufferless-scatter-gather.md#validity-rules), so t
 * fixes every flit and hop k is busy exactly during the steps [t + k, t + k + l). A binary x[M,t]
 * says that M departs at step t; M departs once (V7). The capacity rows, one per resource and step
 * s, sum the x[M,t] whose flit crosses the resource during s:
 *
 * <ul>
 *   <li>all ports: one resource per arc, at most one flit per arc and step (V4', the chatting
 *       paper's admissibility conditions (2.1)-(2.4) of
 *       docs/models/bufferless-chatting.md#validity-rules);
 *   <li>single port: a send port per node (hop k of M uses v_k's) and a receive port per node
 *       (v_(k+1)'s), at most one flit per port and step (V4, V5 of
 *       docs/models/bufferless-scatter-gather.md#ports); V4' follows, since every flit on an arc
 *       leaves through its tail's send port.
 * </ul>
 *
 * <p>M's last flit is done at t + l + d - 1, and the makespan is the largest of these over the
 * non-null messages (docs/DESIGN.md#time); null messages send nothing and take no binary.
 *
 * <p><b>Horizon and hint.</b> The {@code greedy} schedule, and for chatting the best of every
 * non-exact chatting heuristic ({@link ChattingStarts#methods}); H is its makespan, so M's
 * departures range over [0, H - l - d + 1] and the heuristic's departures are a solution of the
 * grid (the hint). Every schedule that ends by H is a point of the grid, so CP-SAT's OPTIMAL is a
 * proof over all schedules.
 *
 * <p><b>Size.</b> Accepted only when the messages times the horizon are at most {@value #MAX_CELLS}
 * and the capacity rows have at most {@value #MAX_NONZEROS} nonzeros ({@link #whyNot}): a step grid
 * grows with the horizon, so long messages soon exceed it; {@code cpsat} and {@code choco} have no
 * such limit.
 *
 * @implNote Immutable after construction.
 */
public final class BufferlessTimeIndexed {
  /** Largest messages x horizon accepted. */
  public static final long MAX_CELLS = 6000;

  /** Largest number of nonzeros in the capacity rows accepted. */
  public static final long MAX_NONZEROS = 400_000;

  /** Largest message count looked at before the horizon is computed. */
  static final int MAX_MESSAGES = 60;

  private final Instance instance;
  private final int[] msg;
  private final long[] transit;
  private final long[] hint;
  private final long horizon;
  private final SolveResult start;
  private final Map<String, Object> startStats;
  private final LowerBound bound;
  private final StepGrid grid;

  /**
   * The grid of {@code instance}: its bound the run's, its start the run's {@code greedy} schedule
   * ({@link #greedy}), improved for chatting by the other chatting heuristics when {@code limits}
   * (null: only the grid's size is wanted, {@link #builtSize}) give them time until {@code
   * deadline}.
   */
  private BufferlessTimeIndexed(
      Instance instance, SolveRun run, SolveLimits limits, long deadline) {
    this.instance = instance;
    Atlas atlas = instance.atlas();
    List<Message> ms = instance.messages();
    List<Integer> idx = new ArrayList<>();
    for (int i = 0; i < ms.size(); i++) {
      if (ms.get(i).length() > 0) {
        idx.add(i);
      }
    }
    msg = idx.stream().mapToInt(Integer::intValue).toArray();
    transit = new long[msg.length];
    for (int j = 0; j < msg.length; j++) {
      transit[j] = ms.get(msg[j]).length() + atlas.hops(msg[j]) - 1;
    }
    SolveResult greedy = greedy(instance, run);
    LowerBound b = run.bestBound(instance).max(greedy.lowerBound());
    SolveResult best = greedy;
    Map<String, Object> stats = Map.of();
    if (limits != null
        && instance.kind() == ProblemKind.CHATTING
        && msg.length > 0
        && greedy.makespan() > b.value()) {
      List<Method> others = new ArrayList<>();
      for (Method m : ChattingStarts.methods()) {
        if (!m.name().equals(greedy.method())) {
          others.add(m);
        }
      }
      ChattingStarts.Outcome o =
          ChattingStarts.run(instance, limits, others, greedy, b, deadline, 3);
      best = o.best();
      b = o.bound();
      stats = o.stats();
    }
    start = best;
    startStats = stats;
    bound = b;
    Map<String, Long> dep = ((Schedule.Departures) best.schedule()).departures();
    hint = new long[msg.length];
    long h = 0;
    for (int j = 0; j < msg.length; j++) {
      hint[j] = dep.get(ms.get(msg[j]).id());
      h = Math.max(h, hint[j] + transit[j]);
    }
    horizon = h;

    boolean single = instance.bufferlessPorts() == CommModel.BufferlessPorts.SINGLE;
    int n = instance.network().nodes();
    grid = new StepGrid(horizon);
    for (int j = 0; j < msg.length; j++) {
      long len = ms.get(msg[j]).length();
      int x = grid.job(horizon - transit[j], transit[j], hint[j]);
      int[] path = atlas.nodes(msg[j]);
      int[] arcs = atlas.arcs(msg[j]);
      for (int k = 0; k + 1 < path.length; k++) {
        if (single) {
          grid.use(x, path[k], k, len); // send port of v_k
          grid.use(x, n + path[k + 1], k, len); // receive port of v_(k+1)
        } else {
          grid.use(x, 2 * n + arcs[k], k, len); // the arc v_k -> v_(k+1)
        }
      }
    }
  }

  /**
   * Why the formulation refuses the instance (too large a grid), or null: decided from sizes,
   * without building the grid, the lower bounds or the chatting starts. First from the routes alone
   * (every schedule lasts at least the longest transit, so a grid of messages x that many steps
   * already too large is refused before any heuristic runs), then from the horizon of {@code run}'s
   * {@code greedy} schedule ({@link #size}), the one the grid of a solve in that run starts from.
   * Asked only of instances with at most {@value #MAX_MESSAGES} messages.
   */
  static String whyNot(Instance instance, String method, SolveRun run) {
    long nonNull = instance.messages().stream().filter(m -> m.length() > 0).count();
    if (nonNull > MAX_MESSAGES) {
      return method
          + " is for small instances: "
          + nonNull
          + " messages, at most "
          + MAX_MESSAGES
          + "; use cpsat";
    }
    long floor = 0;
    for (int i = 0; i < instance.messages().size(); i++) {
      Message m = instance.messages().get(i);
      if (m.length() > 0) {
        floor = Math.max(floor, m.length() + instance.atlas().hops(i) - 1);
      }
    }
    if (floor > MAX_CELLS / Math.max(1, nonNull)) {
      return method
          + " is for small instances: "
          + nonNull
          + " messages x a horizon of at least "
          + floor
          + " steps (the longest transit) exceed "
          + MAX_CELLS
          + "; use cpsat";
    }
    long[] size = size(instance, run);
    return tooLarge(method, nonNull, size[0], "steps", size[1], "cpsat");
  }

  /**
   * The horizon and the capacity rows' nonzeros of the grid the constructor would build without
   * chatting starts (the {@code greedy} horizon), counted without building it: per non-null message
   * of length l over d hops, l steps of each of its d uses (2d on single ports) for each of its H -
   * (l + d - 1) + 1 candidate starts, as {@link StepGrid#nonzeros()} counts them.
   */
  static long[] size(Instance instance, SolveRun run) {
    Map<String, Long> dep = ((Schedule.Departures) greedy(instance, run).schedule()).departures();
    int uses = instance.bufferlessPorts() == CommModel.BufferlessPorts.SINGLE ? 2 : 1;
    List<Message> ms = instance.messages();
    long horizon = 0;
    for (int i = 0; i < ms.size(); i++) {
      if (ms.get(i).length() > 0) {
        horizon =
            Math.max(
                horizon,
                dep.get(ms.get(i).id()) + ms.get(i).length() + instance.atlas().hops(i) - 1);
      }
    }
    long nonzeros = 0;
    for (int i = 0; i < ms.size(); i++) {
      long len = ms.get(i).length();
      if (len > 0) {
        int hops = instance.atlas().hops(i);
        long starts = Math.max(0, horizon - (len + hops - 1) + 1);
        nonzeros = Math.min(Long.MAX_VALUE / 4, nonzeros + starts * len * hops * uses);
      }
    }
    return new long[] {horizon, nonzeros};
  }

  /** As {@link #size(Instance, SolveRun)} in a detached run of its own. */
  static long[] size(Instance instance) {
    return size(instance, SolveLimits.defaults().run());
  }

  /**
   * The horizon and nonzeros of the grid as built without chatting starts: what {@link #size}
   * counts.
   */
  static long[] builtSize(Instance instance) {
    BufferlessTimeIndexed m =
        new BufferlessTimeIndexed(instance, SolveLimits.defaults().run(), null, 0);
    return new long[] {m.horizon, m.grid.nonzeros()};
  }

  /**
   * The {@code greedy} schedule the size check and the grid start from, run once per run through
   * the run ({@link SolveRun#derived}).
   */
  private static SolveResult greedy(Instance instance, SolveRun run) {
    return run.derived(
        instance,
        "bufferless time-indexed greedy start",
        () -> run.solve(new GreedyBufferless(), instance, SolveLimits.defaults()));
  }

  /**
   * The refusal of a grid of {@code messages} jobs over {@code horizon} steps beyond {@link
   * #MAX_CELLS} or {@link #MAX_NONZEROS} ({@code nonzeros} in its capacity rows), naming {@code
   * instead}; null if it fits.
   */
  static String tooLarge(
      String method, long messages, long horizon, String steps, long nonzeros, String instead) {
    boolean cellsFit = horizon <= MAX_CELLS / Math.max(1, messages);
    if (cellsFit && nonzeros <= MAX_NONZEROS) {
      return null;
    }
    return method
        + " is for small instances: "
        + messages
        + " messages x horizon "
        + horizon
        + " "
        + steps
        + (cellsFit
            ? " fit, but the capacity rows would have "
                + nonzeros
                + " nonzeros (at most "
                + MAX_NONZEROS
                + ")"
            : " exceed " + MAX_CELLS)
        + "; use "
        + instead;
  }

  /**
   * Solves: the heuristic when it meets the lower bound (unless {@code alwaysSearch}), else the
   * grid within the time limit, without a posted floor when {@code alwaysSearch} (so that no bound
   * can hide a wrong row).
   */
  static SolveResult solve(
      Instance instance, SolveLimits limits, String method, boolean alwaysSearch, long started) {
    long deadline = started + limits.timeLimit().toNanos();
    BufferlessTimeIndexed m =
        new BufferlessTimeIndexed(
            instance, limits.run(), limits, started + limits.timeLimit().toNanos() / 3);
    SolveResult out;
    if (m.msg.length == 0 || (!alwaysSearch && m.bound.value() >= m.horizon)) {
      out =
          m.result(method, m.hint, true, m.horizon)
              .withStat(
                  "search", "none: the " + m.start.method() + " schedule meets the lower bound");
    } else {
      StepGrid.Result r = m.grid.solve(alwaysSearch ? 0 : m.bound.value(), limits, deadline);
      if (r == null) { // the limit passed (or a stop came) while the grid was built
        out =
            m.result(method, m.hint, false, 0)
                .withStat("fallback", m.start.method())
                .withStat("search", StepGrid.builtLate(m.horizon));
      } else {
        SolverStatusMapping.Answer a = r.answer();
        out =
            a.hasSchedule()
                ? m.result(method, r.starts(), a.optimal(), a.bound())
                : m.result(method, m.hint, false, 0).withStat("fallback", m.start.method());
        for (Map.Entry<String, Object> e : r.stats().entrySet()) {
          out = out.withStat(e.getKey(), e.getValue());
        }
      }
    }
    out =
        out.withStat(
                "model",
                "time-indexed, "
                    + (instance.bufferlessPorts() == CommModel.BufferlessPorts.SINGLE
                        ? "per port"
                        : "per arc")
                    + ", horizon "
                    + m.horizon)
            .withStat("hint", m.start.method());
    for (Map.Entry<String, Object> e : m.startStats.entrySet()) {
      out = out.withStat(e.getKey(), e.getValue());
    }
    return out;
  }

  private SolveResult result(String method, long[] starts, boolean optimal, long solverBound) {
    List<Message> ms = instance.messages();
    Map<String, Long> dep = new LinkedHashMap<>();
    long makespan = 0;
    for (int j = 0; j < msg.length; j++) {
      dep.put(ms.get(msg[j]).id(), starts[j]);
      makespan = Math.max(makespan, starts[j] + transit[j]);
    }
    LowerBound lower =
        SolverStatusMapping.posted(
            bound,
            optimal,
            makespan,
            Math.min(solverBound, makespan),
            "the time-indexed model (CP-SAT) proved that no schedule ends before step",
            "",
            " (bound at the time limit)");
    return new SolveResult(
        method,
        SolverStatusMapping.decide(lower, makespan),
        new Schedule.Departures(dep),
        makespan,
        lower,
        TimeScale.UNIT,
        Map.of());
  }
}
