package org.commsched.heuristics.bufferless.chatting;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.commsched.core.solve.StopToken;

/**
 * The search behind {@link PriorityGreedy}: earliest-fit list scheduling under several priority
 * orders, then ruin-and-recreate moves and left/right justification on a {@link DepartureBoard}.
 *
 * <p>Moves (each undone unless the schedule gets no worse in (makespan, number of messages ending
 * at the makespan), compared lexicographically):
 *
 * <ul>
 *   <li><b>eject</b>: a message ending at the makespan is put at an earlier departure; the messages
 *       it then meets are removed and reinserted at their earliest free departures, in a perturbed
 *       priority order;
 *   <li><b>ruin</b>: a message ending at the makespan and the messages near it in time on one of
 *       its arcs are removed and reinserted earliest-fit, the late message first or in a perturbed
 *       priority order.
 * </ul>
 *
 * <b>Justification</b> (left shift: every message in departure order moves to its earliest free
 * departure with all others in place; right shift: in order of decreasing end, to its latest free
 * departure ending by the makespan) never lengthens the schedule, because a message's current
 * departure is always free.
 *
 * @implNote Mutable; one instance per run. Deterministic for a seed unless the deadline cuts the
 *     run short.
 */
final class ChattingSearch {
  private final DepartureBoard b;
  private final SplittableRandom rnd;
  private final long lowerBound;
  private final long deadline;
  private final StopToken stop;
  private final String[] ids;
  private final int[] buf;
  private final boolean[] mark;
  private final int[] touched;
  private final long[] saved;
  private final boolean[] inTouched;
  private int nTouched;

  private long[] best;
  private long bestT = Long.MAX_VALUE;
  private int bestCrit = Integer.MAX_VALUE;
  private String bestOrigin = "";
  private long iterations;
  private long accepted;

  /**
   * @param board the jobs (the board is reset)
   * @param ids message id of each job (the tie-break of the priority orders)
   * @param lowerBound a valid lower bound: the search stops when it meets it
   * @param seed random seed
   * @param deadline {@link System#nanoTime()} at which to stop
   * @param stop the run's stop token ({@link org.commsched.core.solve.SolveRun#stop()}): a stop
   *     (Ctrl-C) ends the search like the deadline
   */
  ChattingSearch(
      DepartureBoard board,
      String[] ids,
      long lowerBound,
      long seed,
      long deadline,
      StopToken stop) {
    this.b = board;
    this.ids = ids;
    this.rnd = new SplittableRandom(seed);
    this.lowerBound = lowerBound;
    this.deadline = deadline;
    this.stop = stop;
    int m = board.m;
    buf = new int[m];
    mark = new boolean[m];
    touched = new int[m];
    saved = new long[m];
    inTouched = new boolean[m];
  }

  long bestMakespan() {
    return bestT;
  }

  long[] best() {
    return best.clone();
  }

  String bestOrigin() {
    return bestOrigin;
  }

  long iterations() {
    return iterations;
  }

  long accepted() {
    return accepted;
  }

  private boolean timeUp() {
    return stop.over(deadline); // the time limit, or the run stopped (Ctrl-C)
  }

  boolean done() {
    return bestT <= lowerBound;
  }

  // ------------------------------------------------------------------------------------------------ orders

  /** Greedy's order: transit desc, length desc, id, index (GreedyBufferless). */
  int[] greedyOrder() {
    return sorted(
        (x, y) -> {
          int c = Long.compare(b.transit[y], b.transit[x]);
          if (c == 0) {
            c = Long.compare(b.len[y], b.len[x]);
          }
          return c;
        });
  }

  /** The jobs sorted by a primary comparator, then id and index. */
  private int[] sorted(java.util.Comparator<Integer> first) {
    Integer[] idx = new Integer[b.m];
    for (int j = 0; j < b.m; j++) {
      idx[j] = j;
    }
    Arrays.sort(idx, first.thenComparing((Integer j) -> ids[j]).thenComparingInt(j -> b.index[j]));
    int[] out = new int[b.m];
    for (int j = 0; j < b.m; j++) {
      out[j] = idx[j];
    }
    return out;
  }

  /** The jobs by a key, largest first (ties: id, index). */
  private int[] byKeyDesc(long[] key) {
    return sorted((x, y) -> Long.compare(key[y], key[x]));
  }

  /** The named priority orders tried as starts. */
  List<Object[]> orders() {
    int m = b.m;
    long[] bottleneck = new long[m];
    long[] routeLoad = new long[m];
    long[] flitHops = new long[m];
    long[] lenFirst = new long[m];
    long[] hopsFirst = new long[m];
    long big = 0;
    for (int j = 0; j < m; j++) {
      big = Math.max(big, b.transit[j] + 1);
    }
    for (int j = 0; j < m; j++) {
      long mx = 0;
      long sum = 0;
      for (int r : b.res[j]) {
        mx = Math.max(mx, b.load[r]);
        sum += b.load[r];
      }
      long hops = b.transit[j] - b.len[j] + 1;
      bottleneck[j] = mx * big + b.transit[j];
      routeLoad[j] = sum;
      flitHops[j] = b.len[j] * hops;
      lenFirst[j] = b.len[j] * big + b.transit[j];
      hopsFirst[j] = hops * big + b.len[j];
    }
    List<Object[]> out = new ArrayList<>();
    out.add(new Object[] {"greedy-order", greedyOrder()});
    out.add(new Object[] {"most-congested-arc", byKeyDesc(bottleneck)});
    out.add(new Object[] {"route-load", byKeyDesc(routeLoad)});
    out.add(new Object[] {"flit-hops", byKeyDesc(flitHops)});
    out.add(new Object[] {"longest-message", byKeyDesc(lenFirst)});
    out.add(new Object[] {"longest-route", byKeyDesc(hopsFirst)});
    return out;
  }

  // -------------------------------------------------------------------------------------------
  // construction

  /** Clears the board and places the jobs in this order, each at its earliest free departure. */
  void construct(int[] order) {
    b.clear();
    for (int j : order) {
      b.place(j, b.earliest(j, 0));
    }
  }

  /**
   * Records the board as the best schedule if it is better (makespan, then count at the makespan).
   */
  void offer(String origin) {
    long t = b.makespan();
    int crit = critical(t);
    if (t < bestT || (t == bestT && crit < bestCrit)) {
      bestT = t;
      bestCrit = crit;
      best = b.dep.clone();
      bestOrigin = origin;
    }
  }

  private int critical(long t) {
    int c = 0;
    for (int j = 0; j < b.m; j++) {
      if (b.dep[j] + b.transit[j] == t) {
        c++;
      }
    }
    return c;
  }

  /**
   * Tries the fixed orders and {@code restarts} perturbed ones; the best start ends on the board.
   */
  void starts(int restarts) {
    List<Object[]> orders = orders();
    for (Object[] o : orders) {
      construct((int[]) o[1]);
      leftShift();
      offer((String) o[0]);
      if (done() || timeUp()) {
        break;
      }
    }
    int[][] bases = {(int[]) orders.get(0)[1], (int[]) orders.get(1)[1]};
    for (int r = 0; r < restarts && !done() && !timeUp(); r++) {
      construct(perturb(bases[r % 2], 0.15 + 0.1 * (r % 3)));
      leftShift();
      offer("restart");
    }
    b.clear();
    b.load(best);
  }

  /**
   * The order with each position moved by a random amount up to {@code spread * m} (a noisy
   * priority).
   */
  private int[] perturb(int[] order, double spread) {
    int m = order.length;
    double[] key = new double[m];
    for (int p = 0; p < m; p++) {
      key[p] = p + rnd.nextDouble() * spread * m;
    }
    Integer[] idx = new Integer[m];
    for (int p = 0; p < m; p++) {
      idx[p] = p;
    }
    Arrays.sort(idx, (x, y) -> Double.compare(key[x], key[y]));
    int[] out = new int[m];
    for (int p = 0; p < m; p++) {
      out[p] = order[idx[p]];
    }
    return out;
  }

  // ------------------------------------------------------------------------------------------
  // justification

  /**
   * Every job, in order of departure, to its earliest free departure; never lengthens the schedule.
   */
  void leftShift() {
    for (int j : byDeparture(false)) {
      long t = b.dep[j];
      b.unplace(j);
      long e = b.earliest(j, 0);
      b.place(j, Math.min(e, t));
    }
  }

  /** Every job, in order of decreasing end, to its latest free departure ending by the makespan. */
  void rightShift() {
    long t = b.makespan();
    for (int j : byDeparture(true)) {
      long d = b.dep[j];
      b.unplace(j);
      long l = b.latest(j, t - b.transit[j]);
      b.place(j, Math.max(l, d));
    }
  }

  private int[] byDeparture(boolean byEndDesc) {
    Integer[] idx = new Integer[b.m];
    for (int j = 0; j < b.m; j++) {
      idx[j] = j;
    }
    if (byEndDesc) {
      Arrays.sort(idx, (x, y) -> Long.compare(b.dep[y] + b.transit[y], b.dep[x] + b.transit[x]));
    } else {
      Arrays.sort(idx, (x, y) -> Long.compare(b.dep[x], b.dep[y]));
    }
    int[] out = new int[b.m];
    for (int j = 0; j < b.m; j++) {
      out[j] = idx[j];
    }
    return out;
  }

  // ------------------------------------------------------------------------------------------
  // local search

  /**
   * Runs ruin-and-recreate from the board's schedule for at most {@code maxIterations} moves, the
   * deadline or the lower bound, whichever comes first; the best schedule found is kept ({@link
   * #best()}).
   */
  void improve(long maxIterations) {
    offer("start");
    long curT = b.makespan();
    int curCrit = critical(curT);
    long sinceBest = 0;
    for (long it = 0; it < maxIterations && curT > lowerBound; it++) {
      if ((it & 15) == 0 && timeUp()) {
        break;
      }
      iterations++;
      nTouched = 0;
      int c = pickCritical(curT);
      boolean ok = rnd.nextInt(10) < 5 ? eject(c) : ruin(c);
      long t = b.makespan();
      int crit = critical(t);
      if (ok && (t < curT || (t == curT && crit <= curCrit))) {
        accepted++;
        clearTouched();
        if (t < curT || crit < curCrit) {
          sinceBest = 0;
        }
        curT = t;
        curCrit = crit;
        if (t < bestT || (t == bestT && crit < bestCrit)) {
          offer("search");
        }
      } else {
        revert();
        sinceBest++;
      }
      if (sinceBest > 0 && sinceBest % Math.max(200, 2L * b.m) == 0) {
        // stuck: shake by justification (never worse), which reorders the late messages
        rightShift();
        leftShift();
        curT = b.makespan();
        curCrit = critical(curT);
        offer("search");
      }
    }
  }

  private int pickCritical(long t) {
    int n = 0;
    for (int j = 0; j < b.m; j++) {
      if (b.dep[j] + b.transit[j] == t) {
        buf[n++] = j;
      }
    }
    return buf[rnd.nextInt(n)];
  }

  private void touch(int j) {
    if (!inTouched[j]) {
      inTouched[j] = true;
      saved[nTouched] = b.dep[j];
      touched[nTouched++] = j;
    }
  }

  private void clearTouched() {
    for (int q = 0; q < nTouched; q++) {
      inTouched[touched[q]] = false;
    }
    nTouched = 0;
  }

  private void revert() {
    for (int q = 0; q < nTouched; q++) {
      int j = touched[q];
      if (b.dep[j] != DepartureBoard.NONE) {
        b.unplace(j);
      }
    }
    for (int q = 0; q < nTouched; q++) {
      b.place(touched[q], saved[q]);
    }
    clearTouched();
  }

  /** Late job c to an earlier departure; the jobs it meets there are reinserted earliest-fit. */
  private boolean eject(int c) {
    long tc = b.dep[c];
    if (tc == 0) {
      return ruin(c);
    }
    long span = rnd.nextInt(4) == 0 ? tc : Math.min(tc, 2 * b.len[c] + 2);
    long target = tc - 1 - rnd.nextLong(span);
    touch(c);
    b.unplace(c);
    int n = b.conflicts(c, target, buf, 0, mark);
    int[] out = Arrays.copyOf(buf, n);
    for (int o : out) {
      touch(o);
      b.unplace(o);
    }
    b.place(c, target);
    reinsert(out, n);
    return true;
  }

  /** Late job c and the jobs near it on one of its resources, removed and reinserted. */
  private boolean ruin(int c) {
    int k = rnd.nextInt(b.res[c].length);
    int r = b.res[c][k];
    long sc = b.dep[c] + b.off[c][k];
    long window = 1 + rnd.nextLong(Math.max(1, b.makespan() / 3));
    int cap = 2 + rnd.nextInt(9);
    int n = 0;
    for (int u : b.users[r]) {
      if (u == c) {
        continue;
      }
      long su = startOn(u, r);
      if (su + b.len[u] > sc - window && su < sc + b.len[c]) {
        buf[n++] = u;
      }
    }
    for (int q = 0; q < n; q++) { // random subset of at most cap
      int p = q + rnd.nextInt(n - q);
      int x = buf[p];
      buf[p] = buf[q];
      buf[q] = x;
    }
    n = Math.min(n, cap);
    int[] out = new int[n + 1];
    out[0] = c;
    System.arraycopy(buf, 0, out, 1, n);
    for (int o : out) {
      touch(o);
      b.unplace(o);
    }
    if (rnd.nextBoolean()) {
      b.place(c, b.earliest(c, 0));
      reinsert(Arrays.copyOfRange(out, 1, out.length), n);
    } else {
      reinsert(out, n + 1);
    }
    return true;
  }

  private long startOn(int j, int r) {
    for (int k = 0; k < b.res[j].length; k++) {
      if (b.res[j][k] == r) {
        return b.dep[j] + b.off[j][k];
      }
    }
    throw new IllegalStateException("job " + j + " does not use resource " + r);
  }

  /**
   * Places the first n jobs of {@code jobs} earliest-fit, in a noisy longest-transit-first order.
   */
  private void reinsert(int[] jobs, int n) {
    long[] key = new long[n];
    Integer[] idx = new Integer[n];
    boolean shuffle = rnd.nextInt(4) == 0;
    for (int q = 0; q < n; q++) {
      idx[q] = q;
      long tr = b.transit[jobs[q]];
      key[q] = shuffle ? rnd.nextLong(1 << 20) : tr * 1024 + rnd.nextInt(1024);
    }
    Arrays.sort(idx, (x, y) -> Long.compare(key[y], key[x]));
    for (int q = 0; q < n; q++) {
      int j = jobs[idx[q]];
      b.place(j, b.earliest(j, 0));
    }
  }
}
