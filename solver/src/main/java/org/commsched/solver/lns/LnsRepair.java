package org.commsched.solver.lns;

import com.google.ortools.sat.BoolVar;
import com.google.ortools.sat.CpModel;
import com.google.ortools.sat.CpSolver;
import com.google.ortools.sat.IntVar;
import com.google.ortools.sat.IntervalVar;
import com.google.ortools.sat.LinearExpr;
import com.google.ortools.sat.LinearExprBuilder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.StopToken;
import org.commsched.solver.bufferless.ArcCliques;
import org.commsched.solver.model.SolverStatusMapping;

/**
 * The repair model of {@code lns} in CP-SAT: the departures of the chosen messages are free, every
 * other departure stays fixed. Each free departure may move by at most w steps from the incumbent's
 * (w drawn from 2L, 4L, 8L, 16L, or unbounded; the full model is unbounded), and must end by the
 * incumbent's makespan T. One NoOverlap per arc a free message crosses, with the fixed messages'
 * intervals that can meet a free one given the windows; on forward-leveled routes instead one
 * virtual block per message and one NoOverlap per maximal arc message set ({@link ArcCliques}).
 * Hinted with the incumbent. Objective: lexicographically the makespan, the number of free messages
 * still ending at T, and the sum of the free departures (the makespan alone for the full model, or
 * when the weights would leave 10^15). The model is Bhatt, Bilardi, Pucci, Ranade, Rosenberg and
 * Schwabe, "On Bufferless Routing of Variable Length Messages in Leveled Networks", §2.3
 * (admissibility (2.1)-(2.4)); the objective is this project's.
 *
 * <p>A repair of a proper subset runs on one worker under a deterministic-time limit of the given
 * seconds (and a wall limit of four times that, never past the deadline); the full model gets the
 * given seconds and every worker.
 *
 * @implNote Not thread-safe: it reads the search's incumbent departures (shared, updated in place
 *     by the search) and draws w from the search's random stream.
 */
final class LnsRepair {
  private final LnsData data;
  private final long[] dep;
  private final SolveLimits limits;
  private final long deadline;
  private final SplittableRandom rnd;

  /**
   * Repairs of the incumbent {@code dep} (read at every {@link #solve}), until {@code deadline}
   * (nanoTime).
   */
  LnsRepair(LnsData data, long[] dep, SolveLimits limits, long deadline, SplittableRandom rnd) {
    this.data = data;
    this.dep = dep;
    this.limits = limits;
    this.deadline = deadline;
    this.rnd = rnd;
  }

  private double secondsLeft() {
    return (deadline - System.nanoTime()) / 1e9;
  }

  /**
   * The outcome of one repair.
   *
   * @param solved CP-SAT found a solution; then {@code dep} holds the free messages' departures, in
   *     the order of {@code free}
   * @param optimal CP-SAT proved it optimal for the repair's objective
   * @param dep the new departures of the free messages (zeros if not solved)
   * @param bound CP-SAT's bound on the makespan when every message was free and the objective was
   *     the makespan alone, else 0
   */
  record Result(boolean solved, boolean optimal, long[] dep, long bound) {}

  /**
   * Re-optimises the departures of {@code free} with all others fixed at the incumbent's, within
   * {@code seconds} ({@code all}: the full model, every message free). {@code bound} is the best
   * bound known, {@code round} the search's round number (it seeds CP-SAT).
   */
  Result solve(int[] free, double seconds, boolean all, LowerBound bound, long round) {
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
    // each free departure moves at most w steps (all of [0, T - transit] for the full model or w =
    // T)
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
        model.addLessOrEqual(
            LinearExpr.newBuilder().addTerm(tv[q], 1).addTerm(lateQ, -1).build(),
            t - 1 - data.transit[j]);
        model.addHint(lateQ, dep[j] + data.transit[j] == t ? 1 : 0);
        obj.addTerm(lateQ, w2).addTerm(tv[q], 1);
      }
      model.minimize(obj.build());
    } else {
      model.minimize(end);
    }
    CpSolver solver = new CpSolver();
    solver
        .getParameters()
        .setMaxTimeInSeconds(all ? seconds : Math.min(seconds * 4, secondsLeft()))
        .setCatchSigintSignal(
            false) // Ctrl-C is ours (Interrupt): CP-SAT's own handler aborts the JVM
        .setNumWorkers(all ? limits.workers() : 1)
        .setRandomSeed((int) (limits.seed() + round));
    if (!all) {
      solver.getParameters().setMaxDeterministicTime(seconds);
    }
    SolverStatusMapping.Answer answer;
    try (StopToken.Registration stop = limits.run().stop().onStop(solver::stopSearch)) {
      answer = SolverStatusMapping.cpSat(solver.solve(model), solver);
    }
    long[] out = new long[f];
    if (answer.hasSchedule()) {
      for (int q = 0; q < f; q++) {
        out[q] = solver.value(tv[q]);
      }
    }
    long lb = all && !lexicographic ? answer.bound() : 0;
    return new Result(answer.hasSchedule(), answer.optimal(), out, lb);
  }

  /**
   * One NoOverlap per arc crossed by a free message (per maximal arc message set on forward-leveled
   * routes): the free intervals, and the fixed intervals that can meet one of them given the free
   * departures' windows {@code [lo, hi]}.
   */
  private void addNoOverlaps(
      CpModel model, int[] free, int[] pos, IntVar[] tv, long[] lo, long[] hi) {
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
            block[j] =
                pos[j] >= 0
                    ? model.newFixedSizeIntervalVar(
                        LinearExpr.affine(tv[pos[j]], 1, -data.level[j]), data.len[j], "b" + j)
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
        iv.add(
            pos[j] >= 0
                ? model.newFixedSizeIntervalVar(
                    LinearExpr.affine(tv[pos[j]], 1, h), data.len[j], "i" + j + "_" + h)
                : model.newFixedInterval(s0, data.len[j], "f" + j + "_" + h));
      }
      if (iv.size() > 1) {
        model.addNoOverlap(iv);
      }
    }
  }
}
