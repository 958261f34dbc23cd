package org.commsched.solver.lns;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.model.Schedule;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.MethodFacts;
import org.commsched.core.solve.Scope;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveRun;
import org.commsched.core.solve.SolveStatus;
import org.commsched.core.time.TimeScale;
import org.commsched.heuristics.bufferless.chatting.PriorityGreedy;
import org.commsched.solver.bufferless.ArcCliques;
import org.commsched.solver.bufferless.ChattingStarts;
import org.commsched.solver.cpsat.OrTools;
import org.commsched.solver.model.SolverStatusMapping;

/**
 * Large-neighbourhood search for bufferless chatting on any network and routes, with CP-SAT as the
 * repair step (beyond the paper: docs/models/bufferless-chatting.md#exact-models,
 * #search-and-exact-methods).
 *
 * <p><b>Model.</b> Admissibility (2.1)-(2.4) of Bhatt, Bilardi, Pucci, Ranade, Rosenberg and
 * Schwabe, "On Bufferless Routing of Variable Length Messages in Leveled Networks", §2.3: message M
 * with departure t_M holds arc e_k of its route during [t_M + k, t_M + k + l_M) and ends at t_M +
 * l_M + d_M - 1.
 *
 * <p><b>Algorithm.</b>
 *
 * <ol>
 *   <li>Start: every non-exact chatting method of the registry's lists that applies ({@code
 *       greedy}, {@code priority-greedy} with a quarter of the time, and the chatting paper's
 *       algorithms), each result checked; the shortest schedule is the incumbent. In a run that
 *       already holds a checked schedule (the portfolio's best heuristic, {@code
 *       SolveRun#incumbent}) that schedule is the start and no heuristic runs again. It stops here
 *       if the start meets the best lower bound.
 *   <li>The full model (below) for half the time left, a fifth when it has over 5000 message-arc
 *       intervals: CP-SAT's own search from the incumbent, and a bound.
 *   <li>Repeat until the time limit: choose k messages, always with (as many as fit of) the
 *       messages ending at the makespan T, grown by one rule drawn at random: messages nearest in
 *       time on their arcs; the messages active in the narrowest time window (ending at T or at a
 *       random step) that holds the rest; a run of consecutive messages on an arc drawn by squared
 *       load; the messages blocking a member from departing a few steps earlier, breadth first; or
 *       a random sample. All other departures stay fixed; each chosen departure may move by at most
 *       w steps (w drawn from 2L, 4L, 8L, 16L, or unbounded). CP-SAT re-optimises the choice: one
 *       NoOverlap per arc with the fixed messages that can be met as fixed intervals (on
 *       forward-leveled routes one virtual block per message and one NoOverlap per maximal arc
 *       message set, {@link ArcCliques}), hinted with the incumbent, minimising lexicographically
 *       the makespan, the number of chosen messages still ending at T, and the sum of their
 *       departures. The answer replaces the incumbent (it is never worse). k grows after a repair
 *       solved to optimality and shrinks after a timeout. When k reaches all messages the repair is
 *       the full exact model: OPTIMAL there proves the optimum, and CP-SAT's bound there bounds the
 *       instance.
 *   <li>Every eighth round, a short {@code priority-greedy} local search on the incumbent.
 * </ol>
 *
 * <p><b>Outcome.</b> The best schedule, never longer than any start; OPTIMAL only if its makespan
 * meets a proven lower bound ({@code LowerBounds.best} or a full-model CP-SAT bound), else FEASIBLE
 * with that bound. Stats: the start and every start's makespan, rounds, improvements, the final k
 * and the gap {@code makespan - bound}. Everything random is seeded, but the wall-clock limits
 * (overall, and per repair next to a deterministic-time limit) make the result depend on the
 * machine's speed. {@code -Dcommsched.lns.debug=true} traces every round on stderr.
 *
 * <p><b>Complexity.</b> Per round O(m + sum of route lengths) to choose and build, plus one CP-SAT
 * solve of at most k departures; the run lasts the time limit unless the lower bound is met.
 *
 * <p><b>Classes.</b> This class is the method: the starts, the loop ({@code Search}: rounds,
 * neighbourhood size, bound, polish) and the result. {@link LnsData} holds the modelled messages,
 * {@link LnsNeighbourhoods} chooses the messages a round frees, and {@link LnsRepair} is the CP-SAT
 * repair model.
 *
 * <p>Sources: large-neighbourhood search after P. Shaw, "Using Constraint Programming and Local
 * Search Methods to Solve Vehicle Routing Problems" (CP 1998); the neighbourhoods and the
 * lexicographic repair objective are this project's.
 *
 * @implNote Stateless; the native library is loaded through {@link OrTools}.
 */
public final class LnsChatting implements Method {
  /** The facts of {@code lns}: see the class javadoc for the source. */
  static final MethodFacts FACTS =
      new MethodFacts(
          "lns",
          "chatting on any network and routes: the best heuristic schedule improved by large-neighbourhood "
              + "search with CP-SAT repairs",
          "valid schedule no longer than greedy's, priority-greedy's or any applicable paper method's; optimal when "
              + "status OPTIMAL; gap to the best proven bound otherwise",
          "this project, beyond Bhatt, Bilardi, Pucci, Ranade, Rosenberg, Schwabe, \"On Bufferless Routing of "
              + "Variable Length Messages in Leveled Networks\" (model §2.3); LNS after Shaw (CP 1998)",
          Scope.of(ProblemKind.CHATTING)
              .bufferlessPorts(CommModel.BufferlessPorts.ALL)
              .otherPorts("priority-greedy or greedy"),
          false);

  @Override
  public MethodFacts facts() {
    return FACTS;
  }

  /**
   * lns starts from the run's incumbent when it holds one (the portfolio's best heuristic
   * schedule).
   */
  @Override
  public boolean improvesIncumbent() {
    return true;
  }

  /** Neighbourhood size to start from. */
  static final int START_K = 30;

  /** Smallest neighbourhood. */
  static final int MIN_K = 6;

  /** Share of the time left after the starts that goes to one run of the full model. */
  static final double FULL_SHARE = 0.5;

  /**
   * The same share when the full model has more than {@link #LARGE_MODEL} message-arc intervals.
   */
  static final double FULL_SHARE_LARGE = 0.2;

  /**
   * Message-arc intervals above which the full model is rarely worth more than a fifth of the time.
   */
  static final long LARGE_MODEL = 5000;

  private static final boolean DEBUG = Boolean.getBoolean("commsched.lns.debug");

  /** Use the forward-leveled reduction of the CP model where the routes allow it. */
  private final boolean leveled;

  /** The method, with the forward-leveled reduction of its CP model where it applies. */
  public LnsChatting() {
    this(true);
  }

  /**
   * The method; {@code leveled = false} keeps one interval per message and arc on every network
   * (for tests).
   */
  LnsChatting(boolean leveled) {
    this.leveled = leveled;
  }

  /** The heuristics lns may start from: every non-exact chatting method of the registry's lists. */
  public static List<Method> startMethods() {
    return ChattingStarts.methods();
  }

  @Override
  public SolveResult solve(Instance instance, SolveLimits limits) {
    requireApplies(instance);
    long t0 = System.nanoTime();
    long deadline = t0 + limits.timeLimit().toNanos();
    LnsData data = new LnsData(instance, leveled);
    LowerBound bound = limits.run().bestBound(instance);

    // 1. starts: the run's incumbent when it holds one (the portfolio's best heuristic, checked),
    // else the heuristics
    SolveRun.Incumbent held = limits.run().incumbent(instance);
    SolveResult start;
    Map<String, Object> startStats;
    if (held != null && held.result().schedule() instanceof Schedule.Departures) {
      start = held.result();
      startStats = Map.of();
      bound = bound.max(start.lowerBound());
    } else {
      ChattingStarts.Outcome starts =
          ChattingStarts.run(instance, limits, startMethods(), null, bound, deadline, 4);
      start = starts.best();
      startStats = starts.stats();
      bound = starts.bound();
    }
    if (start == null) { // cannot happen: greedy always applies here
      throw new IllegalStateException(
          "no heuristic gave a chatting schedule for " + instance.name());
    }
    long[] dep = data.departures(((Schedule.Departures) start.schedule()).departures());
    limits.run().progress().incumbent(data.makespan(dep));
    limits.run().progress().bound(bound.value());
    Search s = new Search(data, dep, bound, limits, deadline);
    if (data.m > 0
        && data.makespan(dep) > bound.value()
        && !limits.run().stop().over(deadline)) { // time left after the starts
      OrTools.load();
      s.run();
    }
    long makespan = data.makespan(s.dep);
    LowerBound lb = s.bound;
    SolveStatus status = SolverStatusMapping.decide(lb, makespan);
    SolveResult out =
        new SolveResult(
                name(),
                status,
                new Schedule.Departures(data.byId(s.dep)),
                makespan,
                lb,
                TimeScale.UNIT,
                Map.of())
            .withStat("start", start.method())
            .withStat("startMakespan", start.makespan());
    for (Map.Entry<String, Object> e : startStats.entrySet()) {
      out = out.withStat(e.getKey(), e.getValue());
    }
    return out.withStat("rounds", s.rounds)
        .withStat("improvements", s.improvements)
        .withStat("neighbourhood", s.k)
        .withStat("model", data.level != null ? "leveled" : "per arc");
    // no gap or seconds of its own: the result's gap and the run's seconds say them (one name per
    // statistic)
  }

  /**
   * One LNS run, the loop: the incumbent (updated in place), the neighbourhood size k, the bound,
   * and the one random stream its neighbourhoods and repairs draw from.
   */
  static final class Search {
    final LnsData data;
    final long[] dep;
    final SolveLimits limits;
    final long deadline;
    final SplittableRandom rnd;
    LowerBound bound;
    int k;
    long rounds;
    long improvements;
    double subTime = 0.5;
    final LnsNeighbourhoods neighbourhoods;
    final LnsRepair repairs;

    Search(LnsData data, long[] dep, LowerBound bound, SolveLimits limits, long deadline) {
      this.data = data;
      this.dep = dep;
      this.bound = bound;
      this.limits = limits;
      this.deadline = deadline;
      this.rnd = new SplittableRandom(limits.seed() * 0x9E3779B97F4A7C15L + 17);
      this.k = Math.min(data.m, START_K);
      this.neighbourhoods = new LnsNeighbourhoods(data, dep, rnd);
      this.repairs = new LnsRepair(data, dep, limits, deadline, rnd);
    }

    private double secondsLeft() {
      return (deadline - System.nanoTime()) / 1e9;
    }

    void run() {
      if (k < data.m && secondsLeft() > 0.1) {
        // first the full model for a share of the time: CP-SAT's own search from the incumbent, and
        // its bound
        rounds++;
        long intervals = 0;
        for (int[] route : data.arcs) {
          intervals += route.length;
        }
        if (round(
            all(),
            secondsLeft() * (intervals > LARGE_MODEL ? FULL_SHARE_LARGE : FULL_SHARE),
            true)) {
          return;
        }
      }
      while (secondsLeft() > 0.05
          && !limits.run().stop().stopped()
          && data.makespan(dep) > bound.value()) {
        rounds++;
        int[] free = neighbourhoods.choose(k);
        boolean all = free.length == data.m;
        double left = secondsLeft();
        if (round(free, all ? Math.max(0.05, left) : Math.min(subTime, left), all)) {
          return;
        }
        if (rounds % 8 == 0 && secondsLeft() > 0.2) {
          polish();
        }
      }
    }

    private int[] all() {
      int[] out = new int[data.m];
      for (int j = 0; j < data.m; j++) {
        out[j] = j;
      }
      return out;
    }

    /** One repair of {@code free}; true if it proved the incumbent optimal. */
    private boolean round(int[] free, double seconds, boolean all) {
      long before = data.makespan(dep);
      LnsRepair.Result r = repairs.solve(free, seconds, all, bound, rounds);
      if (r.solved()) {
        for (int q = 0; q < free.length; q++) {
          dep[free[q]] = r.dep()[q];
        }
      }
      if (data.makespan(dep) < before) {
        improvements++;
        limits.run().progress().incumbent(data.makespan(dep));
      }
      if (DEBUG) {
        System.err.printf(
            "round %d rule %s k=%d free=%d T=%d->%d solved=%s optimal=%s left=%.2f%n",
            rounds,
            all ? "full" : Integer.toString(neighbourhoods.lastRule()),
            k,
            free.length,
            before,
            data.makespan(dep),
            r.solved(),
            r.optimal(),
            secondsLeft());
      }
      if (all) { // the full model: its proof or its bound bounds the instance
        bound =
            SolverStatusMapping.posted(
                bound,
                r.optimal(),
                data.makespan(dep),
                r.bound(),
                "CP-SAT proved that no schedule ends before step",
                " (lns, full model)",
                " (lns, full model at its time limit)");
        if (r.optimal()) {
          return true;
        }
      }
      if (!all) {
        if (r.optimal()) {
          k = Math.min(data.m, k + Math.max(2, k / 5));
        } else {
          k = Math.max(Math.min(MIN_K, data.m), k * 3 / 4);
        }
      }
      return data.makespan(dep) <= bound.value();
    }

    /** A short priority-greedy local search on the incumbent (never worse). */
    private void polish() {
      double left = secondsLeft();
      SolveResult r =
          PriorityGreedy.improve(
              data.instance,
              data.byId(dep),
              limits.seed() + rounds,
              20L * data.m + 500,
              Duration.ofMillis((long) (Math.min(left / 4, 1.0) * 1000)),
              limits.run());
      long[] d = data.departures(((Schedule.Departures) r.schedule()).departures());
      if (data.makespan(d) <= data.makespan(dep)) {
        System.arraycopy(d, 0, dep, 0, d.length);
      }
    }
  }
}
