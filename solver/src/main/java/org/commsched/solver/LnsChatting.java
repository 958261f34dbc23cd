package org.commsched.solver;

import com.google.ortools.Loader;
import com.google.ortools.sat.BoolVar;
import com.google.ortools.sat.CpModel;
import com.google.ortools.sat.CpSolver;
import com.google.ortools.sat.CpSolverStatus;
import com.google.ortools.sat.IntVar;
import com.google.ortools.sat.IntervalVar;
import com.google.ortools.sat.LinearExpr;
import com.google.ortools.sat.LinearExprBuilder;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;
import org.commsched.core.bounds.LowerBounds;
import org.commsched.core.check.ScheduleChecker;
import org.commsched.core.model.Atlas;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.model.Schedule;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveStatus;
import org.commsched.heuristics.baseline.Baselines;
import org.commsched.heuristics.chatting.ChattingMethods;
import org.commsched.heuristics.chatting.Leveling;
import org.commsched.heuristics.chatting.PriorityGreedy;
import org.commsched.heuristics.chatting.SearchMethods;

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
 *   <li>Start: every non-exact method of the registry's chatting lists that applies ({@code greedy},
 *       {@code priority-greedy} with a share of the time, and the chatting paper's algorithms), each result checked;
 *       the shortest schedule is the incumbent. It stops here if that meets the best lower bound.</li>
 *   <li>Repeat until the time limit: choose a neighbourhood of k messages, always with (as many as fit of) the
 *       messages ending at the makespan T, grown by one of: messages near them in time on their arcs, messages
 *       active in a time window, a run of messages on one heavily loaded arc, or a random sample. All other
 *       departures stay fixed. CP-SAT re-optimises the neighbourhood (departures in [0, T - transit], one
 *       NoOverlap per arc with the fixed messages as fixed intervals; on forward-leveled routes one virtual block
 *       per message, {@link ArcCliques}), hinted with the incumbent, minimising lexicographically the makespan,
 *       the number of its messages still ending at T, and the sum of its departures; the answer replaces the
 *       incumbent (it is never worse). k grows after a neighbourhood solved to optimality and shrinks after a
 *       timeout. When k reaches all messages the repair is the full exact model: OPTIMAL there proves the
 *       optimum, and CP-SAT's bound is a lower bound of the instance.</li>
 *   <li>Every few rounds, a short {@code priority-greedy} local search on the incumbent.</li>
 * </ol>
 *
 * <p><b>Outcome.</b> The best schedule (never worse than any start), OPTIMAL only if its makespan meets a proven
 * lower bound ({@code LowerBounds.best} or a full-model CP-SAT bound), else FEASIBLE with that bound; the stats give
 * the start, the rounds and the gap {@code makespan - bound}. Neighbourhood solves use one worker and a
 * deterministic-time limit, so the run is deterministic for a seed up to where the wall clock stops it.
 *
 * <p>Sources: large-neighbourhood search after P. Shaw, "Using Constraint Programming and Local Search Methods to
 * Solve Vehicle Routing Problems" (CP 1998); the neighbourhoods and the lexicographic repair objective are this
 * project's.
 *
 * @implNote Stateless; the native library is loaded once per JVM.
 */
public final class LnsChatting implements Method {
  /** Neighbourhood size to start from. */
  static final int START_K = 30;
  /** Smallest neighbourhood. */
  static final int MIN_K = 6;
  private static final boolean DEBUG = Boolean.getBoolean("commsched.lns.debug");

  /** Loads OR-Tools' native library on first use. */
  private static final class Natives {
    static {
      Loader.loadNativeLibraries();
    }

    static void ensure() {
      // class initialisation did the work
    }
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
  public Set<ProblemKind> problems() {
    return EnumSet.of(ProblemKind.CHATTING);
  }

  @Override
  public String scope() {
    return "bufferless, all ports; any network and routes";
  }

  @Override
  public String whyNot(Instance instance) {
    String why = ChattingCp.whyNot(name(), instance);
    return why == null ? null : why.replace("use greedy", "use priority-greedy or greedy");
  }

  /** The heuristics lns may start from: every non-exact chatting method of the registry's lists. */
  static List<Method> startMethods() {
    List<Method> out = new ArrayList<>();
    List<Method> all = new ArrayList<>(Baselines.all());
    all.addAll(ChattingMethods.all());
    all.addAll(SearchMethods.all());
    for (Method m : all) {
      if (!m.exact() && m.problems().contains(ProblemKind.CHATTING)) {
        out.add(m);
      }
    }
    return out;
  }

  @Override
  public SolveResult solve(Instance instance, SolveLimits limits) {
    String why = whyNot(instance);
    if (why != null) {
      throw new IllegalArgumentException(why);
    }
    long t0 = System.nanoTime();
    long deadline = t0 + limits.timeLimit().toNanos();
    Data data = new Data(instance);
    LowerBound bound = LowerBounds.best(instance);

    // 1. starts
    SolveResult start = null;
    Map<String, Object> startStats = new LinkedHashMap<>();
    for (Method m : startMethods()) {
      if (m.whyNot(instance) != null) {
        continue;
      }
      long left = deadline - System.nanoTime();
      Duration share = Duration.ofNanos(Math.max(1_000_000L, left / 4));
      SolveResult r;
      try {
        r = m.solve(instance, limits.withTimeLimit(share));
      } catch (RuntimeException e) {
        startStats.put("start." + m.name(), "failed: " + e.getMessage());
        continue;
      }
      if (!(r.schedule() instanceof Schedule.Departures) || r.makespan() == null
          || !ScheduleChecker.check(instance, r.schedule()).valid()) {
        continue;
      }
      startStats.put("start." + m.name(), r.makespan());
      if (DEBUG) {
        System.err.printf("start %s T=%d at %.2fs%n", m.name(), r.makespan(), (System.nanoTime() - t0) / 1e9);
      }
      bound = bound.max(r.lowerBound());
      if (start == null || r.makespan() < start.makespan()) {
        start = r;
      }
    }
    if (start == null) { // cannot happen: greedy always applies here
      throw new IllegalStateException("no heuristic gave a chatting schedule for " + instance.name());
    }
    long[] dep = data.departures(((Schedule.Departures) start.schedule()).departures());
    Search s = new Search(data, dep, bound, limits, deadline);
    if (data.m > 0 && data.makespan(dep) > bound.value()) {
      Natives.ensure();
      s.run();
    }
    long makespan = data.makespan(s.dep);
    LowerBound lb = s.bound;
    SolveStatus status = lb.value() >= makespan ? SolveStatus.OPTIMAL : SolveStatus.FEASIBLE;
    SolveResult out = new SolveResult(name(), status, new Schedule.Departures(data.byId(s.dep)), makespan, lb,
        Map.of()).withStat("start", start.method()).withStat("startMakespan", start.makespan());
    for (Map.Entry<String, Object> e : startStats.entrySet()) {
      out = out.withStat(e.getKey(), e.getValue());
    }
    return out.withStat("rounds", s.rounds).withStat("improvements", s.improvements)
        .withStat("neighbourhood", s.k).withStat("gap", makespan - lb.value())
        .withStat("wallSeconds", (System.nanoTime() - t0) / 1e9);
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

    Data(Instance instance) {
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
      Optional<Leveling> lev = m == 0 ? Optional.empty() : Leveling.of(instance);
      if (lev.isPresent()) {
        level = new long[m];
        for (int j = 0; j < m; j++) {
          level[j] = lev.get().firstLevel(index[j]);
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
      while (secondsLeft() > 0.05 && data.makespan(dep) > bound.value()) {
        rounds++;
        long before = data.makespan(dep);
        int[] free = neighbourhood();
        boolean all = free.length == data.m;
        double left = secondsLeft();
        Repair r = repair(free, all ? Math.max(0.05, left) : Math.min(subTime, left), all);
        if (r.solved) {
          for (int q = 0; q < free.length; q++) {
            dep[free[q]] = r.dep[q];
          }
        }
        if (data.makespan(dep) < before) {
          improvements++;
        }
        if (all && r.optimal) {
          bound = bound.max(new LowerBound(data.makespan(dep), "CP", "CP-SAT proved that no schedule ends before "
              + "step " + data.makespan(dep) + " (lns, full model)"));
          break;
        }
        if (all && r.bound > bound.value()) {
          bound = new LowerBound(r.bound, "CP", "CP-SAT proved that no schedule ends before step " + r.bound
              + " (lns, full model at the time limit)");
        }
        if (r.optimal) {
          k = Math.min(data.m, k + Math.max(2, k / 5));
        } else {
          k = Math.max(Math.min(MIN_K, data.m), k * 3 / 4);
        }
        if (DEBUG) {
          System.err.printf("round %d k=%d free=%d T=%d->%d solved=%s optimal=%s left=%.2f%n", rounds, k, free.length,
              before, data.makespan(dep), r.solved, r.optimal, secondsLeft());
        }
        if (rounds % 8 == 0 && secondsLeft() > 0.2) {
          polish();
        }
      }
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
      int rule = rnd.nextInt(4);
      if (rule == 0) {
        n = nearInTime(pick, n, in);
      } else if (rule == 1) {
        n = timeWindow(pick, n, in, t);
      } else if (rule == 2) {
        n = loadedArc(pick, n, in);
      }
      while (n < k) { // rule 3, and the rest of the others
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

    /** Adds the messages active in a random time window (near the end half of the time). */
    private int timeWindow(int[] pick, int n, boolean[] in, long t) {
      long w = Math.max(1, t / 8 + rnd.nextLong(Math.max(1, t / 4)));
      long a = rnd.nextBoolean() ? Math.max(0, t - w) : rnd.nextLong(Math.max(1, t - w + 1));
      List<Integer> active = new ArrayList<>();
      for (int j = 0; j < data.m; j++) {
        if (!in[j] && dep[j] < a + w && dep[j] + data.transit[j] > a) {
          active.add(j);
        }
      }
      shuffle(active);
      for (int q = 0; q < active.size() && n < k; q++) {
        in[active.get(q)] = true;
        pick[n++] = active.get(q);
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
      for (int q = 0; q < f; q++) {
        int j = free[q];
        tv[q] = model.newIntVar(0, t - data.transit[j], "t" + j);
        model.addGreaterOrEqual(end, LinearExpr.affine(tv[q], 1, data.transit[j]));
        model.addHint(tv[q], dep[j]);
      }
      addNoOverlaps(model, free, pos, tv);
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
      long c0 = System.nanoTime();
      CpSolverStatus raw = solver.solve(model);
      if (DEBUG) {
        System.err.printf("  build+solve: %s in %.2fs wall, solver %.2fs, dtime %.2f%n", raw,
            (System.nanoTime() - c0) / 1e9, solver.wallTime(), solver.response().getDeterministicTime());
      }
      boolean solved = raw == CpSolverStatus.OPTIMAL || raw == CpSolverStatus.FEASIBLE;
      long[] out = new long[f];
      if (solved) {
        for (int q = 0; q < f; q++) {
          out[q] = solver.value(tv[q]);
        }
      }
      long lb = all && !lexicographic ? (long) Math.ceil(solver.bestObjectiveBound() - 1e-6) : 0;
      return new Repair(solved, raw == CpSolverStatus.OPTIMAL, out, lb);
    }

    /** One NoOverlap per arc crossed by a free message: the free intervals and the fixed ones there. */
    private void addNoOverlaps(CpModel model, int[] free, int[] pos, IntVar[] tv) {
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
      if (data.level != null) {
        IntervalVar[] block = new IntervalVar[m];
        List<int[]> sets = new ArrayList<>();
        for (int a : arcsUsed) {
          sets.add(Arrays.stream(data.users[a]).sorted().toArray());
        }
        for (int[] set : ArcCliques.maximal(sets)) {
          IntervalVar[] iv = new IntervalVar[set.length];
          for (int u = 0; u < set.length; u++) {
            int j = set[u];
            if (block[j] == null) {
              block[j] = pos[j] >= 0
                  ? model.newFixedSizeIntervalVar(LinearExpr.affine(tv[pos[j]], 1, -data.level[j]), data.len[j],
                  "b" + j)
                  : model.newFixedInterval(dep[j] - data.level[j], data.len[j], "f" + j);
            }
            iv[u] = block[j];
          }
          model.addNoOverlap(iv);
        }
        return;
      }
      for (int a : arcsUsed) {
        int[] us = data.users[a];
        IntervalVar[] iv = new IntervalVar[us.length];
        for (int u = 0; u < us.length; u++) {
          int j = us[u];
          int h = data.hops[a][u];
          iv[u] = pos[j] >= 0
              ? model.newFixedSizeIntervalVar(LinearExpr.affine(tv[pos[j]], 1, h), data.len[j], "i" + j + "_" + h)
              : model.newFixedInterval(dep[j] + h, data.len[j], "f" + j + "_" + h);
        }
        model.addNoOverlap(iv);
      }
    }
  }
}
