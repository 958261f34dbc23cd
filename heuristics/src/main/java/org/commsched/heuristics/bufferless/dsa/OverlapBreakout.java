package org.commsched.heuristics.bufferless.dsa;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.MethodFacts;
import org.commsched.core.solve.Scope;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.StopToken;

/**
 * Lowers a buffer layout by weighted-overlap local search at a fixed height with breakout weights:
 * the height is cut by one unit, the overlaps this makes are removed by moving one buffer at a time
 * to its offset of least weighted overlap, and the weights of the pairs that still overlap grow at
 * each local minimum.
 *
 * <p><b>Literature.</b> The breakout method (P. Morris, "The Breakout Method for Escaping from
 * Local Minima", AAAI 1993): at a local minimum of the constraint violations, raise the weight of
 * each violated constraint and go on. The one-dimensional move to the exact position of least
 * overlap, and the height lowered while overlaps are repaired, are those of the strip-packing local
 * searches of J. Egeblad, B. K. Nielsen and A. Odgaard ("Fast neighborhood search for two- and
 * three-dimensional nesting problems", EJOR 2007) and T. Imamichi, M. Yagiura and H. Nagamochi ("An
 * iterated local search algorithm based on nonlinear programming for the irregular strip packing
 * problem", Discrete Optimization 2009); here a buffer's lifespan is fixed, so the only move is
 * vertical. The combination for buffer layouts: this project. Model:
 * docs/models/bufferless-chatting.md#virtual-schedules-and-dsa.
 *
 * <p><b>Algorithm.</b> In units of g (the gcd of the sizes). From a valid layout of height h, the
 * target is h - 1: the row (unit of offset) whose removal makes the fewest pairs of buffers alive
 * together touch-and-overlap (one resting on the other across it), below every buffer that reaches
 * h, is removed (every buffer above it moves down one unit), until the height is the target. Then,
 * while buffers overlap: the overlapping buffers, in a random order, each move to an offset in [0,
 * target - size] of least weighted overlap with the buffers alive with it (the sum over them of the
 * pair's weight times the length of the offsets shared; a piecewise-linear function of the offset,
 * minimised exactly over its breakpoints; ties at random), if that is strictly less than where it
 * is; a sweep with no such move is a local minimum and every pair that overlaps gains weight 1
 * (weights start at 1 and are kept from one target to the next). No overlap left: a valid layout at
 * the target, the next target is one lower. It stops at the floor, at the deadline, or at a stop of
 * the run's token; the lowest valid layout is the result. For heights above {@value #ROW_STEPS}
 * units the target is cut by h / {@value #ROW_STEPS} units at a time and the buffers above it are
 * pushed down to it instead of removing rows.
 *
 * <p><b>Measured.</b> On MiniMalloc's J (409 buffers) from {@code dsa-search}'s 60 s layout of
 * 1,008 units it reached 999 units (below the 1,005 of bench/minimalloc/README.md) in about 8 s of
 * CPU; on D (213 buffers) from 1,007 units it found nothing lower in 36 s of CPU (README, D and J:
 * 2026-11-29, second session).
 *
 * <p><b>Guarantee.</b> A valid layout never above the start (only valid layouts are kept); no
 * approximation guarantee. Reproducible for a seed when the floor, not the deadline, ends it.
 *
 * <p><b>Complexity.</b> A move costs O(k log k) for the k buffers alive with the one moved (its
 * overlap function's 4k breakpoints sorted); a row removal O(m + h) for m pairs alive together and
 * height h in units; memory O(n + m).
 *
 * @implNote Stateless (static methods) apart from the method object, which holds nothing.
 */
public final class OverlapBreakout implements Method {
  /**
   * Up to this many units of height (plus twice the largest size) a move scans every offset, above
   * it the breakpoints are sorted.
   */
  static final int SCAN_LIMIT = 1 << 16;

  /** Above this many units of height, targets are cut by h / ROW_STEPS units at once. */
  static final int ROW_STEPS = 4096;

  /**
   * dsa only: as {@link Buffers#SCOPE} without chatting, so that the chatting portfolio, which runs
   * every applicable heuristic for a share of the time, does not spend it here.
   */
  static final Scope SCOPE =
      Scope.of(ProblemKind.DSA)
          .bufferlessPorts(CommModel.BufferlessPorts.ALL)
          .on(Buffers.ULA)
          .otherPorts("greedy")
          .note("virtual schedules (slots): a buffer layout");

  /** The facts of {@code overlap-breakout}: see the class javadoc for the source. */
  static final MethodFacts FACTS =
      new MethodFacts(
          "overlap-breakout",
          "dsa layout: best-fit's layout lowered one unit at a time, the overlaps repaired by"
              + " moving buffers to their offset of least weighted overlap, breakout weights at"
              + " local minima",
          "valid layout, never above best-fit's; no approximation guarantee",
          "Morris, \"The Breakout Method for Escaping from Local Minima\", AAAI 1993; Egeblad,"
              + " Nielsen and Odgaard, \"Fast neighborhood search for two- and three-dimensional"
              + " nesting problems\", EJOR 2007; for buffer layouts: this project",
          SCOPE,
          false);

  @Override
  public MethodFacts facts() {
    return FACTS;
  }

  @Override
  public SolveResult solve(Instance instance, SolveLimits limits) {
    long started = System.nanoTime();
    requireApplies(instance);
    Buffers b = new Buffers(instance);
    var bound = b.bound();
    long limit = Math.max(1, limits.timeLimit().toNanos());
    long deadline = started + limit;
    StopToken stop = limits.run().stop();
    long[] bf =
        BestFit.layout(
            b,
            bound.value(),
            limits.seed(),
            started + Math.max(1, limit / 10),
            deadline,
            stop,
            null);
    long[] stats = new long[3];
    long[] off = improve(b, bf, bound.value(), limits.seed(), deadline, stop, stats);
    return b.result(name(), off, bound)
        .withStat("startHeight", b.height(bf))
        .withStat("moves", stats[0])
        .withStat("breakouts", stats[1])
        .withStat("targetsMet", stats[2]);
  }

  /**
   * The lowest valid layout (a new array) of {@code start} (valid) and the layouts the search finds
   * below it, stopping at {@code floor}, the deadline or a stop of {@code stop}; {@code stats}, if
   * given, receives the moves made, the breakouts and the targets met.
   */
  static long[] improve(
      Buffers b, long[] start, long floor, long seed, long deadline, StopToken stop, long[] stats) {
    int n = b.n;
    long[] best = start.clone();
    if (n == 0 || b.height(best) <= floor) {
      return best;
    }
    State st = new State(b, start, seed);
    long g = st.g;
    long floorUnits = Math.floorDiv(floor + g - 1, g);
    long bestH = st.height();
    while (bestH > floorUnits && !stop.over(deadline)) {
      long step = bestH > ROW_STEPS ? Math.max(1, bestH / ROW_STEPS) : 1;
      st.target = Math.max(floorUnits, bestH - step);
      if (step == 1) {
        while (st.height() > st.target && st.removeRow()) {
          // one row at a time
        }
      }
      st.clip();
      if (!st.repair(deadline, stop)) {
        break;
      }
      bestH = st.height();
      for (int i = 0; i < n; i++) {
        best[i] = st.y[i] * g;
      }
      st.met++;
    }
    if (stats != null) {
      stats[0] = st.moves;
      stats[1] = st.breakouts;
      stats[2] = st.met;
    }
    return best;
  }

  /** The search state, in units of g. */
  private static final class State {
    final int n;
    final long g;
    final long[] s;
    final long[] y;

    /** Buffers alive with each buffer, the pair's weight, and the position of i in nb[j]. */
    final int[][] nb;

    final long[][] wt;
    final long[] ovl;
    long total;
    long target;
    final SplittableRandom rnd;
    long moves;
    long breakouts;
    long met;
    private long[] keys = new long[64];
    private long[] d2 = new long[64];
    private final long maxS;
    private long[] cand = new long[64];

    State(Buffers b, long[] start, long seed) {
      n = b.n;
      g = b.unit();
      s = new long[n];
      y = new long[n];
      for (int i = 0; i < n; i++) {
        s[i] = b.size[i] / g;
        y[i] = start[i] / g;
      }
      // pairs alive together, by a sweep over the buffers sorted by first section
      Integer[] byLo = new Integer[n];
      for (int i = 0; i < n; i++) {
        byLo[i] = i;
      }
      Arrays.sort(byLo, (p, q) -> Integer.compare(b.lo[p], b.lo[q]));
      int[] deg = new int[n];
      for (int a = 0; a < n; a++) {
        int i = byLo[a];
        for (int c = a + 1; c < n && b.lo[byLo[c]] < b.hi[i]; c++) {
          deg[i]++;
          deg[byLo[c]]++;
        }
      }
      nb = new int[n][];
      wt = new long[n][];
      for (int i = 0; i < n; i++) {
        nb[i] = new int[deg[i]];
        wt[i] = new long[deg[i]];
        Arrays.fill(wt[i], 1);
      }
      int[] fill = new int[n];
      for (int a = 0; a < n; a++) {
        int i = byLo[a];
        for (int c = a + 1; c < n && b.lo[byLo[c]] < b.hi[i]; c++) {
          int j = byLo[c];
          nb[i][fill[i]++] = j;
          nb[j][fill[j]++] = i;
        }
      }
      ovl = new long[n];
      rnd = new SplittableRandom(seed);
      long ms = 0;
      for (long x : s) {
        ms = Math.max(ms, x);
      }
      maxS = ms;
    }

    long height() {
      long h = 0;
      for (int i = 0; i < n; i++) {
        h = Math.max(h, y[i] + s[i]);
      }
      return h;
    }

    static long ov(long a, long sa, long c, long sc) {
      long x = Math.min(a + sa, c + sc) - Math.max(a, c);
      return x > 0 ? x : 0;
    }

    /**
     * Removes the row below every buffer reaching the height whose removal makes the fewest
     * touching pairs overlap (ties at random): the buffers above it move down one unit. False when
     * a buffer reaching the height sits at 0 (nothing removed).
     */
    boolean removeRow() {
      long h = height();
      long lim = h;
      for (int i = 0; i < n; i++) {
        if (y[i] + s[i] == h) {
          lim = Math.min(lim, y[i]);
        }
      }
      if (lim <= 0) {
        return false;
      }
      long[] d = new long[(int) h + 1];
      for (int i = 0; i < n; i++) {
        long top = y[i] + s[i];
        for (int j : nb[i]) {
          if (y[j] == top) {
            d[(int) y[i]]++;
            d[(int) top]--;
          }
        }
      }
      long run = 0;
      long fewest = Long.MAX_VALUE;
      int ties = 0;
      long pick = 0;
      for (int r = 0; r < lim; r++) {
        run += d[r];
        if (run < fewest) {
          fewest = run;
          ties = 0;
        }
        if (run == fewest && rnd.nextInt(++ties) == 0) {
          pick = r;
        }
      }
      for (int i = 0; i < n; i++) {
        if (y[i] > pick) {
          y[i]--;
        }
      }
      return true;
    }

    /** Pushes every buffer above the target down to it. */
    void clip() {
      for (int i = 0; i < n; i++) {
        if (y[i] + s[i] > target) {
          y[i] = Math.max(0, target - s[i]);
        }
      }
    }

    /** Removes every overlap at the target; false when the deadline or a stop came first. */
    boolean repair(long deadline, StopToken stop) {
      total = 0;
      for (int i = 0; i < n; i++) {
        long o = 0;
        for (int j : nb[i]) {
          o += ov(y[i], s[i], y[j], s[j]);
        }
        ovl[i] = o;
        total += o;
      }
      int[] list = new int[n];
      while (total > 0) {
        int k = 0;
        for (int i = 0; i < n; i++) {
          if (ovl[i] > 0) {
            list[k++] = i;
          }
        }
        for (int a = k - 1; a > 0; a--) {
          int c = rnd.nextInt(a + 1);
          int t = list[a];
          list[a] = list[c];
          list[c] = t;
        }
        boolean improved = false;
        for (int a = 0; a < k && total > 0; a++) {
          if ((moves & 15) == 0 && stop.over(deadline)) {
            return false;
          }
          int i = list[a];
          if (ovl[i] > 0) {
            moves++;
            improved |= moveBest(i);
          }
        }
        if (!improved && total > 0) {
          breakouts++;
          for (int i = 0; i < n; i++) {
            if (ovl[i] == 0) {
              continue;
            }
            for (int q = 0; q < nb[i].length; q++) {
              if (ov(y[i], s[i], y[nb[i][q]], s[nb[i][q]]) > 0) {
                wt[i][q]++; // each pair is seen from both ends: both weights rise
              }
            }
          }
        }
      }
      return true;
    }

    /**
     * Moves buffer i to an offset of least weighted overlap in [0, target - s_i] if it is strictly
     * less than at its offset; the weighted overlap with buffer j at offset a is 0 up to a - s_i,
     * rises with slope w to a - s_i + m (m the smaller size), is flat to a + s_j - m and falls with
     * slope w to 0 at a + s_j: four breakpoints per buffer alive with i.
     */
    boolean moveBest(int i) {
      if (target + 2 * maxS + 2 <= SCAN_LIMIT) {
        return moveBestScan(i);
      }
      int k = nb[i].length;
      int e = 4 * k + 2;
      if (keys.length < e) {
        keys = new long[e];
      }
      long si = s[i];
      long top = target - si;
      long base = si + 1; // keeps the positions of the breakpoints non-negative
      long cur = 0;
      int m = 0;
      for (int q = 0; q < k; q++) {
        int j = nb[i][q];
        long a = y[j];
        long sj = s[j];
        long mm = Math.min(si, sj);
        cur += wt[i][q] * ov(y[i], si, a, sj);
        keys[m++] = key(a - si + base, q, 0);
        keys[m++] = key(a - si + mm + base, q, 1);
        keys[m++] = key(a + sj - mm + base, q, 1);
        keys[m++] = key(a + sj + base, q, 0);
      }
      Arrays.sort(keys, 0, m);
      // sweep: f at each breakpoint inside [0, top], and at 0 and top
      long slope = 0;
      long f = 0;
      long x = Long.MIN_VALUE;
      long least = Long.MAX_VALUE;
      int nc = 0;
      boolean didZero = false;
      boolean didTop = false;
      for (int p = 0; p <= m; p++) {
        long pos = p < m ? (keys[p] >>> 22) - base : Long.MAX_VALUE;
        // evaluate 0 and top when the sweep passes them
        if (!didZero && pos >= 0) {
          long fz = x == Long.MIN_VALUE ? 0 : f + slope * (0 - x);
          if (fz < least) {
            least = fz;
            nc = 0;
          }
          if (fz == least) {
            nc = push(nc, 0);
          }
          didZero = true;
        }
        if (!didTop && pos >= top) {
          long ft = x == Long.MIN_VALUE ? 0 : f + slope * (top - x);
          if (ft < least) {
            least = ft;
            nc = 0;
          }
          if (ft == least) {
            nc = push(nc, top);
          }
          didTop = true;
        }
        if (p == m) {
          break;
        }
        if (x != Long.MIN_VALUE) {
          f += slope * (pos - x);
        }
        x = pos;
        int q = (int) ((keys[p] >>> 1) & ((1 << 21) - 1));
        boolean inner = (keys[p] & 1) == 1;
        long w = wt[i][q];
        // outer breakpoints (first and last) raise the slope by w, inner ones lower it
        slope += inner ? -w : w;
        if (pos > 0 && pos < top) {
          if (f < least) {
            least = f;
            nc = 0;
          }
          if (f == least) {
            nc = push(nc, pos);
          }
        }
      }
      if (least >= cur) {
        return false;
      }
      place(i, cand[rnd.nextInt(nc)]);
      return true;
    }

    /**
     * As {@link #moveBest}, by the second differences of the overlap function on every offset from
     * -max size to target + max size (heights of at most {@link #SCAN_LIMIT} units; on MiniMalloc's
     * J about ten times faster than sorting the breakpoints).
     */
    private boolean moveBestScan(int i) {
      int off = (int) maxS + 1;
      int len = (int) target + 2 * off + 2;
      if (d2.length < len) {
        d2 = new long[len];
      }
      Arrays.fill(d2, 0, len, 0);
      long si = s[i];
      long cur = 0;
      for (int q = 0; q < nb[i].length; q++) {
        int j = nb[i][q];
        int a = (int) y[j];
        int sj = (int) s[j];
        int mm = (int) Math.min(si, sj);
        long w = wt[i][q];
        d2[a - (int) si + off] += w;
        d2[a - (int) si + mm + off] -= w;
        d2[a + sj - mm + off] -= w;
        d2[a + sj + off] += w;
        cur += w * ov(y[i], si, a, sj);
      }
      long slope = 0;
      long f = 0;
      long least = Long.MAX_VALUE;
      int nc = 0;
      long top = target - si;
      for (int t = 0; t < len; t++) {
        long yy = t - off;
        if (yy > top) {
          break;
        }
        if (yy >= 0) {
          if (f < least) {
            least = f;
            nc = 0;
          }
          if (f == least) {
            nc = push(nc, yy);
          }
        }
        slope += d2[t];
        f += slope;
      }
      if (least >= cur) {
        return false;
      }
      place(i, cand[rnd.nextInt(nc)]);
      return true;
    }

    private static long key(long pos, int q, int inner) {
      return (pos << 22) | ((long) q << 1) | inner;
    }

    private int push(int nc, long pos) {
      if (nc == cand.length) {
        cand = Arrays.copyOf(cand, 2 * nc);
      }
      cand[nc] = pos;
      return nc + 1;
    }

    void place(int i, long ny) {
      long oy = y[i];
      for (int j : nb[i]) {
        long dlt = ov(ny, s[i], y[j], s[j]) - ov(oy, s[i], y[j], s[j]);
        if (dlt != 0) {
          ovl[j] += dlt;
          ovl[i] += dlt;
          total += dlt;
        }
      }
      y[i] = ny;
    }
  }
}
