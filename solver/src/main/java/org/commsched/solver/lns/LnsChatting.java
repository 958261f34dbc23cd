package org.commsched.solver.lns;

import com.google.ortools.sat.BoolVar;
import com.google.ortools.sat.CpModel;
import com.google.ortools.sat.CpSolver;
import com.google.ortools.sat.IntVar;
import com.google.ortools.sat.IntervalVar;
import com.google.ortools.sat.LinearExpr;
import com.google.ortools.sat.LinearExprBuilder;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.commsched.core.bounds.LowerBounds;
import org.commsched.core.model.Atlas;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.model.Schedule;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.Scope;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveStatus;
import org.commsched.core.time.TimeScale;
import org.commsched.heuristics.bufferless.chatting.PriorityGreedy;
import org.commsched.solver.bufferless.ArcCliques;
import org.commsched.solver.bufferless.ArcLevels;
import org.commsched.solver.bufferless.ChattingStarts;
import org.commsched.solver.cpsat.OrTools;
import org.commsched.solver.model.SolverStatusMapping;

/**
 * Large-neighbourhood search for bufferless chatting on any network and routes, with CP-SAT as the repair step
 * (beyond the paper: spec chatting.md §1.5 and §10).
 *
 * <p><b>Model.</b> Admissibility (2.1)-(2.4) of Bhatt, Bilardi, Pucci, Ranade, Rosenberg and Schwabe, "On Bufferless
 * Routing of Variable Length Messages in Leveled Networks", §2.3: message M with departure t_M holds arc e_k of
 * its route during [t_M + k, t_M + k + l_M) and ends at t_M + l_M + d_M - 1.
 *
 * <p><b>Algorithm.</b>
 * <ol>
 *   <li>Start: every non-exact chatting method of the registry's lists that applies ({@code greedy},
 *       {@code priority-greedy} with a quarter of the time, and the chatting paper's algorithms), each result
 *       checked; the shortest schedule is the incumbent. It stops here if that meets the best lower bound.</li>
 *   <li>The full model (below) for half the time left, a fifth when it has over 5000 message-arc intervals: CP-SAT's
 *       own search from the incumbent, and a bound.</li>
 *   <li>Repeat until the time limit: choose k messages, always with (as many as fit of) the messages ending at the
 *       makespan T, grown by one rule drawn at random: messages nearest in time on their arcs; the messages active
 *       in the narrowest time window (ending at T or at a random step) that holds the rest; a run of consecutive
 *       messages on an arc drawn by squared load; the messages blocking a member from departing a few steps
 *       earlier, breadth first; or a random sample. All other departures stay fixed; each chosen departure may
 *       move by at most w steps (w drawn from 2L, 4L, 8L, 16L, or unbounded). CP-SAT re-optimises the choice: one
 *       NoOverlap per arc with the fixed messages that can be met as fixed intervals (on forward-leveled routes
 *       one virtual block per message and one NoOverlap per maximal arc message set, {@link ArcCliques}), hinted
 *       with the incumbent, minimising lexicographically the makespan, the number of chosen messages still ending
 *       at T, and the sum of their departures. The answer replaces the incumbent (it is never worse). k grows
 *       after a repair solved to optimality and shrinks after a timeout. When k reaches all messages the repair is
 *       the full exact model: OPTIMAL there proves the optimum, and CP-SAT's bound there bounds the instance.</li>
 *   <li>Every eighth round, a short {@code priority-greedy} local search on the incumbent.</li>
 * </ol>
 *
 * <p><b>Outcome.</b> The best schedule, never longer than any start; OPTIMAL only if its makespan meets a proven
 * lower bound ({@code LowerBounds.best} or a full-model CP-SAT bound), else FEASIBLE with that bound. Stats: the
 * start and every start's makespan, rounds, improvements, the final k and the gap {@code makespan - bound}.
 * Everything random is seeded, but the wall-clock limits (overall, and per repair next to a deterministic-time
 * limit) make the result depend on the machine's speed. {@code -Dcommsched.lns.debug=true} traces every round on
 * stderr.
 *
 * <p><b>Complexity.</b> Per round O(m + sum of route lengths) to choose and build, plus one CP-SAT solve of at
 * most k departures; the run lasts the time limit unless the lower bound is met.
 *
 * <p>Sources: large-neighbourhood search after P. Shaw, "Using Constraint Programming and Local Search Methods to
 * Solve Vehicle Routing Problems" (CP 1998); the neighbourhoods and the lexicographic repair objective are this
 * project's.
 *
 * @implNote Stateless; the native library is loaded through {@link OrTools}.
 */
public final class LnsChatting implements Method {
  /** Neighbourhood size to start from. */
  static final int START_K = 30;
  /** Smallest neighbourhood. */
  static final int MIN_K = 6;
  /** Share of the time left after the starts that goes to one run of the full model. */
  static final double FULL_SHARE = 0.5;
  /** The same share when the full model has more than {@link #LARGE_MODEL} message-arc intervals. */
  static final double FULL_SHARE_LARGE = 0.2;
  /** Message-arc intervals above which the full model is rarely worth more than a fifth of the time. */
  static final long LARGE_MODEL = 5000;
  private static final boolean DEBUG = Boolean.getBoolean("commsched.lns.debug");

  /** Use the forward-leveled reduction of the CP model where the routes allow it. */
  private final boolean leveled;

  /** The method, with the forward-leveled reduction of its CP model where it applies. */
  public LnsChatting() {
    this(true);
  }

  /** The method; {@code leveled = false} keeps one interval per message and arc on every network (for tests). */
  LnsChatting(boolean leveled) {
    this.leveled = leveled;
  }

  @Override
  public String name() {
    return "lns";
  }

  @Override
  public String summary() {
    return "chatting on any network and routes: the best heuristic schedule improved by large-neighbourhood "
        + "search with CP-SAT repairs";
  }

  @Override
  public String guarantee() {
    return "valid schedule no longer than greedy's, priority-greedy's or any applicable paper method's; optimal when "
        + "status OPTIMAL; gap to the best proven bound otherwise";
  }

  @Override
  public String citation() {
    return "this project, beyond Bhatt, Bilardi, Pucci, Ranade, Rosenberg, Schwabe, \"On Bufferless Routing of "
        + "Variable Length Messages in Leveled Networks\" (model §2.3); LNS after Shaw (CP 1998)";
  }

  @Override
  public boolean exact() {
    return false;
  }

  @Override
  public Scope scope() {
    return Scope.of(ProblemKind.CHATTING).bufferlessPorts(CommModel.BufferlessPorts.ALL)
        .otherPorts("priority-greedy or greedy");
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
    Data data = new Data(instance, leveled);
    LowerBound bound = LowerBounds.best(instance);

    // 1. starts
    ChattingStarts.Outcome starts = ChattingStarts.run(instance, limits, startMethods(), null, bound, deadline, 4);
    SolveResult start = starts.best();
    Map<String, Object> startStats = starts.stats();
    bound = starts.bound();
    if (start == null) { // cannot happen: greedy always applies here
      throw new IllegalStateException("no heuristic gave a chatting schedule for " + instance.name());
    }
    long[] dep = data.departures(((Schedule.Departures) start.schedule()).departures());
    Search s = new Search(data, dep, bound, limits, deadline);
    if (data.m > 0 && data.makespan(dep) > bound.value()) {
      OrTools.load();
      s.run();
    }
    long makespan = data.makespan(s.dep);
    LowerBound lb = s.bound;
    SolveStatus status = SolverStatusMapping.decide(lb, makespan);
    SolveResult out = new SolveResult(name(), status, new Schedule.Departures(data.byId(s.dep)), makespan, lb,
        TimeScale.UNIT, Map.of()).withStat("start", start.method()).withStat("startMakespan", start.makespan());
    for (Map.Entry<String, Object> e : startStats.entrySet()) {
      out = out.withStat(e.getKey(), e.getValue());
    }
    return out.withStat("rounds", s.rounds).withStat("improvements", s.improvements)
        .withStat("neighbourhood", s.k).withStat("model", data.level != null ? "leveled" : "per arc")
        .withStat("gap", makespan - lb.value())
        .withStat("wallSeconds", Math.round((System.nanoTime() - t0) / 1e6) / 1000.0);
  }

  /** The modelled messages (non-null), their arcs and hop indices, and the forward leveling if any. */
  static final class Data {
    final Instance instance;
    final int m;
    final int[] index;
    final long[] len;
    final long[] transit;
    final int[][] arcs;
    /** Per arc: the messages crossing it and their hop index there. */
    final int[][] users;
    final int[][] hops;
    /** Level of each message's first arc on forward-leveled routes, else null. */
    final long[] level;
    /** The longest message. */
    final long maxLen;

    Data(Instance instance, boolean leveled) {
      this.instance = instance;
      List<Message> ms = instance.messages();
      Atlas atlas = instance.atlas();
      int count = 0;
      for (Message x : ms) {
        if (x.length() > 0) {
          count++;
        }
      }
      m = count;
      index = new int[m];
      len = new long[m];
      transit = new long[m];
      arcs = new int[m][];
      int na = instance.network().arcs();
      int[] uses = new int[na];
      for (int i = 0, j = 0; i < ms.size(); i++) {
        if (ms.get(i).length() == 0) {
          continue;
        }
        index[j] = i;
        len[j] = ms.get(i).length();
        arcs[j] = atlas.arcs(i);
        transit[j] = len[j] + arcs[j].length - 1;
        for (int a : arcs[j]) {
          uses[a]++;
        }
        j++;
      }
      users = new int[na][];
      hops = new int[na][];
      for (int a = 0; a < na; a++) {
        users[a] = new int[uses[a]];
        hops[a] = new int[uses[a]];
      }
      int[] fill = new int[na];
      for (int j = 0; j < m; j++) {
        for (int k = 0; k < arcs[j].length; k++) {
          int a = arcs[j][k];
          users[a][fill[a]] = j;
          hops[a][fill[a]++] = k;
        }
      }
      maxLen = Arrays.stream(len).max().orElse(1);
      ArcLevels lev = m == 0 || !leveled ? null : ArcLevels.of(arcs, na);
      if (lev != null) {
        level = new long[m];
        for (int j = 0; j < m; j++) {
          level[j] = lev.firstLevel(j);
        }
      } else {
        level = null;
      }
    }

    long[] departures(Map<String, Long> byId) {
      long[] d = new long[m];
      for (int j = 0; j < m; j++) {
        d[j] = byId.get(instance.messages().get(index[j]).id());
      }
      return d;
    }

    Map<String, Long> byId(long[] d) {
      Map<String, Long> out = new LinkedHashMap<>();
      for (int j = 0; j < m; j++) {
        out.put(instance.messages().get(index[j]).id(), d[j]);
      }
      return out;
    }

    long makespan(long[] d) {
      long t = 0;
      for (int j = 0; j < m; j++) {
        t = Math.max(t, d[j] + transit[j]);
      }
      return t;
    }
  }

  /** One LNS run: the incumbent, the neighbourhood size, the bound. */
  static final class Search {
    final Data data;
    final long[] dep;
    final SolveLimits limits;
    final long deadline;
    final SplittableRandom rnd;
    LowerBound bound;
    int k;
    long rounds;
    long improvements;
    double subTime = 0.5;
    int lastRule;

    Search(Data data, long[] dep, LowerBound bound, SolveLimits limits, long deadline) {
      this.data = data;
      this.dep = dep;
      this.bound = bound;
      this.limits = limits;
      this.deadline = deadline;
      this.rnd = new SplittableRandom(limits.seed() * 0x9E3779B97F4A7C15L + 17);
      this.k = Math.min(data.m, START_K);
    }

    private double secondsLeft() {
      return (deadline - System.nanoTime()) / 1e9;
    }

    void run() {
      if (k < data.m && secondsLeft() > 0.1) {
        // first the full model for a share of the time: CP-SAT's own search from the incumbent, and its bound
        rounds++;
        long intervals = 0;
        for (int[] route : data.arcs) {
          intervals += route.length;
        }
        if (round(all(), secondsLeft() * (intervals > LARGE_MODEL ? FULL_SHARE_LARGE : FULL_SHARE), true)) {
          return;
        }
      }
      while (secondsLeft() > 0.05 && data.makespan(dep) > bound.value()) {
        rounds++;
        int[] free = neighbourhood();
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
      Repair r = repair(free, seconds, all);
      if (r.solved) {
        for (int q = 0; q < free.length; q++) {
          dep[free[q]] = r.dep[q];
        }
      }
      if (data.makespan(dep) < before) {
        improvements++;
      }
      if (DEBUG) {
        System.err.printf("round %d rule %s k=%d free=%d T=%d->%d solved=%s optimal=%s left=%.2f%n", rounds,
            all ? "full" : Integer.toString(lastRule), k, free.length, before, data.makespan(dep), r.solved,
            r.optimal, secondsLeft());
      }
      if (all && r.optimal) {
        bound = bound.max(new LowerBound(data.makespan(dep), "CP", "CP-SAT proved that no schedule ends before "
            + "step " + data.makespan(dep) + " (lns, full model)"));
        return true;
      }
      if (all && r.bound > bound.value()) {
        bound = new LowerBound(r.bound, "CP", "CP-SAT proved that no schedule ends before step " + r.bound
            + " (lns, full model at its time limit)");
      }
      if (!all) {
        if (r.optimal) {
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
      SolveResult r = PriorityGreedy.improve(data.instance, data.byId(dep), limits.seed() + rounds,
          20L * data.m + 500, Duration.ofMillis((long) (Math.min(left / 4, 1.0) * 1000)));
      long[] d = data.departures(((Schedule.Departures) r.schedule()).departures());
      if (data.makespan(d) <= data.makespan(dep)) {
        System.arraycopy(d, 0, dep, 0, d.length);
      }
    }

    // ------------------------------------------------------------------------------------ neighbourhoods

    /** k messages (sorted): the late ones first, grown by one of four rules. */
    int[] neighbourhood() {
      int m = data.m;
      if (k >= m) {
        int[] all = new int[m];
        for (int j = 0; j < m; j++) {
          all[j] = j;
        }
        return all;
      }
      boolean[] in = new boolean[m];
      int[] pick = new int[k];
      int n = 0;
      long t = data.makespan(dep);
      List<Integer> late = new ArrayList<>();
      for (int j = 0; j < m; j++) {
        if (dep[j] + data.transit[j] == t) {
          late.add(j);
        }
      }
      shuffle(late);
      int lateCap = late.size() <= k ? late.size() : k;
      for (int q = 0; q < lateCap; q++) {
        in[late.get(q)] = true;
        pick[n++] = late.get(q);
      }
      int rule = rnd.nextInt(5);
      lastRule = rule;
      if (rule == 0) {
        n = nearInTime(pick, n, in);
      } else if (rule == 1) {
        n = timeWindow(pick, n, in, t);
      } else if (rule == 2) {
        n = loadedArc(pick, n, in);
      } else if (rule == 3) {
        n = blockers(pick, n, in);
      }
      while (n < k) { // rule 4, and the rest of the others
        int j = rnd.nextInt(m);
        if (!in[j]) {
          in[j] = true;
          pick[n++] = j;
        }
      }
      int[] out = Arrays.copyOf(pick, n);
      Arrays.sort(out);
      return out;
    }

    private void shuffle(List<Integer> xs) {
      for (int i = xs.size() - 1; i > 0; i--) {
        int j = rnd.nextInt(i + 1);
        Integer x = xs.get(i);
        xs.set(i, xs.get(j));
        xs.set(j, x);
      }
    }

    /** Grows the set by messages close in time on the arcs of its members (a random walk over conflicts). */
    private int nearInTime(int[] pick, int n, boolean[] in) {
      if (n == 0) {
        pick[n++] = rnd.nextInt(data.m);
        in[pick[0]] = true;
      }
      int stale = 0;
      while (n < k && stale < 50) {
        int x = pick[rnd.nextInt(n)];
        int h = rnd.nextInt(data.arcs[x].length);
        int a = data.arcs[x][h];
        long sx = dep[x] + h;
        int best = -1;
        long bestGap = Long.MAX_VALUE;
        for (int u = 0; u < data.users[a].length; u++) {
          int y = data.users[a][u];
          if (in[y]) {
            continue;
          }
          long sy = dep[y] + data.hops[a][u];
          long gap = sy >= sx ? sy - (sx + data.len[x]) : sx - (sy + data.len[y]);
          gap = Math.max(0, gap) * 4 + rnd.nextInt(4);
          if (gap < bestGap) {
            bestGap = gap;
            best = y;
          }
        }
        if (best < 0) {
          stale++;
          continue;
        }
        in[best] = true;
        pick[n++] = best;
      }
      return n;
    }

    /**
     * Adds the messages active in a time window ending at the makespan or at a random step, the window just wide
     * enough to hold the rest of the neighbourhood (latest ends first when it holds more).
     */
    private int timeWindow(int[] pick, int n, boolean[] in, long t) {
      long b = rnd.nextBoolean() ? t : 1 + rnd.nextLong(Math.max(1, t));
      long lo = 1;
      long hi = Math.max(1, b);
      while (lo < hi) { // the narrowest window [b - w, b) with at least k - n active messages outside the set
        long w = (lo + hi) >>> 1;
        if (active(in, b - w, b) >= k - n) {
          hi = w;
        } else {
          lo = w + 1;
        }
      }
      long a = b - lo;
      List<Integer> act = new ArrayList<>();
      for (int j = 0; j < data.m; j++) {
        if (!in[j] && dep[j] < b && dep[j] + data.transit[j] > a) {
          act.add(j);
        }
      }
      shuffle(act);
      act.sort((x, y) -> Long.compare(dep[y] + data.transit[y], dep[x] + data.transit[x]));
      for (int q = 0; q < act.size() && n < k; q++) {
        in[act.get(q)] = true;
        pick[n++] = act.get(q);
      }
      return n;
    }

    private int active(boolean[] in, long a, long b) {
      int c = 0;
      for (int j = 0; j < data.m; j++) {
        if (!in[j] && dep[j] < b && dep[j] + data.transit[j] > a) {
          c++;
        }
      }
      return c;
    }

    /**
     * Adds, breadth first from the set's members, the messages that block a member from departing a few steps
     * earlier: those it would meet on some arc there.
     */
    private int blockers(int[] pick, int n, boolean[] in) {
      if (n == 0) {
        pick[n++] = rnd.nextInt(data.m);
        in[pick[0]] = true;
      }
      for (int head = 0; head < n && n < k; head++) {
        int x = pick[head];
        long tx = dep[x];
        if (tx == 0) {
          continue;
        }
        long to = tx - 1 - rnd.nextLong(Math.min(tx, 2 * data.len[x] + 1));
        List<Integer> found = new ArrayList<>();
        for (int h = 0; h < data.arcs[x].length; h++) {
          int a = data.arcs[x][h];
          long s0 = to + h;
          for (int u = 0; u < data.users[a].length; u++) {
            int y = data.users[a][u];
            long sy = dep[y] + data.hops[a][u];
            if (!in[y] && sy < s0 + data.len[x] && s0 < sy + data.len[y]) {
              in[y] = true; // marked now so that it is found once; added below or unmarked
              found.add(y);
            }
          }
        }
        shuffle(found);
        for (int y : found) {
          if (n < k) {
            pick[n++] = y;
          } else {
            in[y] = false;
          }
        }
      }
      return n;
    }

    /** Adds a run of consecutive messages (by time) on an arc drawn with probability growing with its load. */
    private int loadedArc(int[] pick, int n, boolean[] in) {
      int na = data.users.length;
      long total = 0;
      long[] w = new long[na];
      for (int a = 0; a < na; a++) {
        long load = 0;
        for (int u : data.users[a]) {
          load += data.len[u];
        }
        w[a] = load * load;
        total += w[a];
      }
      if (total == 0) {
        return n;
      }
      long r = rnd.nextLong(total);
      int arc = 0;
      while (r >= w[arc]) {
        r -= w[arc];
        arc++;
      }
      int[] us = data.users[arc];
      Integer[] order = new Integer[us.length];
      for (int u = 0; u < us.length; u++) {
        order[u] = u;
      }
      final int a = arc;
      Arrays.sort(order, (x, y) -> Long.compare(dep[us[x]] + data.hops[a][x], dep[us[y]] + data.hops[a][y]));
      int from = rnd.nextInt(us.length);
      for (int q = 0; q < us.length && n < k; q++) {
        int y = us[order[(from + q) % us.length]];
        if (!in[y]) {
          in[y] = true;
          pick[n++] = y;
        }
      }
      return n;
    }

    // ------------------------------------------------------------------------------------------ repair

    /** The outcome of one neighbourhood solve. */
    record Repair(boolean solved, boolean optimal, long[] dep, long bound) {
    }

    /** Re-optimises the departures of {@code free} with all others fixed. */
    Repair repair(int[] free, double seconds, boolean all) {
      int m = data.m;
      int f = free.length;
      long t = data.makespan(dep);
      int[] pos = new int[m];
      Arrays.fill(pos, -1);
      for (int q = 0; q < f; q++) {
        pos[free[q]] = q;
      }
      long fixedEnd = 0;
      for (int j = 0; j < m; j++) {
        if (pos[j] < 0) {
          fixedEnd = Math.max(fixedEnd, dep[j] + data.transit[j]);
        }
      }
      CpModel model = new CpModel();
      IntVar[] tv = new IntVar[f];
      long floor = Math.max(fixedEnd, Math.min(t, bound.value()));
      IntVar end = model.newIntVar(floor, t, "E");
      model.addHint(end, t);
      // each free departure moves at most w steps (all of [0, T - transit] for the full model or w = T)
      long w = all || rnd.nextInt(4) == 0 ? t : data.maxLen << (1 + rnd.nextInt(4));
      long[] lo = new long[f];
      long[] hi = new long[f];
      for (int q = 0; q < f; q++) {
        int j = free[q];
        lo[q] = Math.max(0, dep[j] - w);
        hi[q] = Math.min(t - data.transit[j], dep[j] + w);
        tv[q] = model.newIntVar(lo[q], hi[q], "t" + j);
        model.addGreaterOrEqual(end, LinearExpr.affine(tv[q], 1, data.transit[j]));
        model.addHint(tv[q], dep[j]);
      }
      addNoOverlaps(model, free, pos, tv, lo, hi);
      // objective: makespan, then free messages still ending at t, then the sum of free departures
      boolean lexicographic = !all && (f + 1.0) * (f * (double) t + 1) * t + 2.0 * f * t < 1e15;
      if (lexicographic) {
        long w2 = (long) f * t + 1;
        long w1 = (f + 1) * w2;
        LinearExprBuilder obj = LinearExpr.newBuilder().addTerm(end, w1);
        for (int q = 0; q < f; q++) {
          int j = free[q];
          BoolVar lateQ = model.newBoolVar("late" + j);
          // end_j <= t - 1 + late_j
          model.addLessOrEqual(LinearExpr.newBuilder().addTerm(tv[q], 1).addTerm(lateQ, -1).build(),
              t - 1 - data.transit[j]);
          model.addHint(lateQ, dep[j] + data.transit[j] == t ? 1 : 0);
          obj.addTerm(lateQ, w2).addTerm(tv[q], 1);
        }
        model.minimize(obj.build());
      } else {
        model.minimize(end);
      }
      CpSolver solver = new CpSolver();
      solver.getParameters().setMaxTimeInSeconds(all ? seconds : Math.min(seconds * 4, secondsLeft()))
          .setNumWorkers(all ? limits.workers() : 1)
          .setRandomSeed((int) (limits.seed() + rounds));
      if (!all) {
        solver.getParameters().setMaxDeterministicTime(seconds);
      }
      SolverStatusMapping.Answer answer = SolverStatusMapping.cpSat(solver.solve(model), solver);
      long[] out = new long[f];
      if (answer.hasSchedule()) {
        for (int q = 0; q < f; q++) {
          out[q] = solver.value(tv[q]);
        }
      }
      long lb = all && !lexicographic ? answer.bound() : 0;
      return new Repair(answer.hasSchedule(), answer.optimal(), out, lb);
    }

    /**
     * One NoOverlap per arc crossed by a free message (per maximal arc message set on forward-leveled routes): the
     * free intervals, and the fixed intervals that can meet one of them given the free departures' windows
     * {@code [lo, hi]}.
     */
    private void addNoOverlaps(CpModel model, int[] free, int[] pos, IntVar[] tv, long[] lo, long[] hi) {
      int m = data.m;
      boolean[] arcSeen = new boolean[data.users.length];
      List<Integer> arcsUsed = new ArrayList<>();
      for (int j : free) {
        for (int a : data.arcs[j]) {
          if (!arcSeen[a] && data.users[a].length > 1) {
            arcSeen[a] = true;
            arcsUsed.add(a);
          }
        }
      }
      List<IntervalVar> iv = new ArrayList<>();
      if (data.level != null) {
        IntervalVar[] block = new IntervalVar[m];
        List<int[]> sets = new ArrayList<>();
        for (int a : arcsUsed) {
          sets.add(Arrays.stream(data.users[a]).sorted().toArray());
        }
        for (int[] set : ArcCliques.maximal(sets)) {
          long from = Long.MAX_VALUE;
          long to = Long.MIN_VALUE;
          for (int j : set) {
            if (pos[j] >= 0) {
              from = Math.min(from, lo[pos[j]] - data.level[j]);
              to = Math.max(to, hi[pos[j]] - data.level[j] + data.len[j]);
            }
          }
          iv.clear();
          for (int j : set) {
            long s0 = dep[j] - data.level[j];
            if (pos[j] < 0 && (s0 >= to || s0 + data.len[j] <= from)) {
              continue; // a fixed block no free block can reach
            }
            if (block[j] == null) {
              block[j] = pos[j] >= 0
                  ? model.newFixedSizeIntervalVar(LinearExpr.affine(tv[pos[j]], 1, -data.level[j]), data.len[j],
                  "b" + j)
                  : model.newFixedInterval(s0, data.len[j], "f" + j);
            }
            iv.add(block[j]);
          }
          if (iv.size() > 1) {
            model.addNoOverlap(iv);
          }
        }
        return;
      }
      for (int a : arcsUsed) {
        int[] us = data.users[a];
        long from = Long.MAX_VALUE;
        long to = Long.MIN_VALUE;
        for (int u = 0; u < us.length; u++) {
          int j = us[u];
          if (pos[j] >= 0) {
            from = Math.min(from, lo[pos[j]] + data.hops[a][u]);
            to = Math.max(to, hi[pos[j]] + data.hops[a][u] + data.len[j]);
          }
        }
        iv.clear();
        for (int u = 0; u < us.length; u++) {
          int j = us[u];
          int h = data.hops[a][u];
          long s0 = dep[j] + h;
          if (pos[j] < 0 && (s0 >= to || s0 + data.len[j] <= from)) {
            continue;
          }
          iv.add(pos[j] >= 0
              ? model.newFixedSizeIntervalVar(LinearExpr.affine(tv[pos[j]], 1, h), data.len[j], "i" + j + "_" + h)
              : model.newFixedInterval(s0, data.len[j], "f" + j + "_" + h));
        }
        if (iv.size() > 1) {
          model.addNoOverlap(iv);
        }
      }
    }
  }
}
