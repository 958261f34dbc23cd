package org.commsched.heuristics.bufferless.dsa;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.commsched.core.model.Instance;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.MethodFacts;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.StopToken;

/**
 * Best-fit buffer layout (dynamic storage allocation) under several orders, then local improvement
 * of the top.
 *
 * <p><b>Model.</b> A dsa instance (or chatting on a ula read as buffers): buffer {@code [lower,
 * upper)} of size s takes the offsets {@code [x, x + s)} while alive; buffers alive together get
 * disjoint offsets; the height is {@code max (x + s)}
 * (docs/models/bufferless-chatting.md#virtual-schedules-and-dsa). The result is a virtual schedule
 * (slots = offsets).
 *
 * <p><b>Algorithm.</b> Five orders, each under two rules: size decreasing, lifespan decreasing,
 * area (size times lifespan) decreasing, lower ascending (size decreasing on ties) and size class
 * decreasing (classes {@code [sqrt2^c, sqrt2^(c+1))}), lower ascending within a class, each buffer
 * placed among the buffers placed before it in the smallest gap between them that holds it (best
 * fit; the "greedy by size" rule of memory planners) or the lowest such gap (first fit), else on
 * top of them (above {@value #EARLY_CLASSES} buffers the size-class order first); the lowest layout
 * is kept. Then (up to {@value #LARGE} buffers) {@link SqueakyWheel} passes from the lowest
 * layout's order: up to {@value #WHEEL_PASSES} more passes, at most {@value #WHEEL_PLACEMENTS}
 * placements in all (a fixed budget, also cut by the time limit), each in an order where the
 * buffers that ended above the load in the previous pass moved forward; on the 20 generated perfect
 * packings of README "Memory planning" they lowered the mean height from 1.160 to 1.040 x the load.
 * Then ruin and recreate on the top: take out the buffers that reach the height together with the
 * buffers overlapping them in time and ending in the top band (as high as the largest of them), put
 * them back largest first (in a random order of near-equal sizes after the first try), keep the
 * result if the height fell or as many fewer buffers reach it, else restore. It stops after 200
 * moves without progress (at most min(20 n + 2000, 4000) moves), at the lower bound (LOAD) or at
 * the time limit; it is reproducible for a seed unless the time limit stops it.
 *
 * <p><b>Many buffers</b> (above {@value #LARGE}): first fit under three orders, then best fit under
 * the second, while the time limit allows (the first always runs): the contention orders, size
 * classes {@code [2^c, 2^(c+1))} (then {@code [sqrt2^c, sqrt2^(c+1))}) decreasing and within a
 * class the highest load the buffer meets over its lifespan decreasing, so that the buffers that
 * meet the peaks of the load go in first (the "contention" idea of memory planners such as
 * TelaMalloc, Maas et al. 2022, here as a sort key), then the size-class order by start. On 100,000
 * random buffers (README "Speed and quality") the first contention order alone gave 1.010 to 1.027
 * x the load where the size-class order by start gave 1.022 to 1.054. On IOPDDL's S_1 (28,526
 * buffers) best fit in the finer contention order is the lowest pass (1.0129 x the load, first fit
 * 1.0167), so it runs fourth.
 *
 * <p><b>Time limit.</b> The improvement (squeaky wheel, ruin and recreate) stops at the caller's
 * deadline; the passes of every order and rule only at the run's own limit (or a stop request),
 * checked every {@value #POLL} placements, so that a caller that shares the run's time among
 * several phases ({@code dsa-search}) never ends with fewer first passes than {@code best-fit}
 * alone, whose lowest may be any of them (on MindSpore's pangu_2.6B trace, 18,692 buffers: 1.152 x
 * the load by size, 1.008 x by size class). A later pass stopped there is dropped (the lowest
 * finished pass is the answer); the first pass, stopped, is finished: the buffers it has not
 * reached are placed by {@link StartSweep} (first fit in order of start among the offsets free over
 * each one's lifespan, one sweep, O(n log n)), or every buffer is, whichever is lower, so that a
 * valid layout is there at once (if it placed nothing: the lowest of the sweep alone and the
 * layered sweeps, large buffers first, of {@link StartSweep#fresh}); the stat {@code firstPass}
 * says how many the pass placed.
 *
 * <p><b>Guarantee.</b> A valid layout, never above first fit in decreasing size order (that layout
 * is the first pass up to {@value #EARLY_CLASSES} buffers, the second above, and every pass runs to
 * its end unless the run's limit stops it; above {@value #LARGE} buffers the first pass is first
 * fit in the first contention order instead); no approximation guarantee is claimed (first fit in
 * decreasing order is within a constant factor of the load only for special size classes; Garey and
 * Johnson's survey of storage allocation; Kierstead's algorithm, method {@code kierstead}, is the
 * one with a factor). The squeaky-wheel passes keep this: they start from the lowest of the ten
 * passes and keep a layout only if it is lower.
 *
 * <p><b>Complexity.</b> Per placement O(log P + k + k') (see {@link Packer}): k buffers overlapping
 * it in time, k' of them placed; ten passes (four above {@value #LARGE} buffers), the squeaky-wheel
 * passes and the improvement moves; memory O(n log P) for n buffers and P distinct times.
 *
 * @implNote Stateless.
 */
public final class BestFit implements Method {
  private static final int PATIENCE = 200;
  private static final long MAX_MOVES = 4000;

  /** Most squeaky-wheel passes, and most placements they make together. */
  static final int WHEEL_PASSES = 1000;

  static final long WHEEL_PLACEMENTS = 1_000_000;

  /**
   * Placements between two polls of the time limit in a pass, and in a move of the improvement (a
   * power of two). On ML traces where a buffer overlaps thousands of others in time (IOPDDL's Y_1:
   * 62,185 buffers) 1024 placements took 70 ms of CPU and far more wall time on a loaded machine; a
   * poll costs one read of the clock.
   */
  static final int POLL = 64;

  /**
   * Above this many buffers the size-class order is the first pass instead of the last: on
   * MindSpore's pangu_2.6B trace (18,692 buffers) it is 1.008 x the load where the size, lifespan,
   * area and start orders are 1.06 to 1.19 x; on a loaded machine a limit stopped the passes after
   * the lifespan order (1.064 x), or cut the size order's first pass (1.122 x by the sweep). Below
   * it every pass takes milliseconds and the order only breaks ties.
   */
  static final int EARLY_CLASSES = 2000;

  /** Above this many buffers only first fit under the contention and size-class orders runs. */
  static final int LARGE = 20_000;

  /** The facts of {@code best-fit}: see the class javadoc for the source. */
  static final MethodFacts FACTS =
      new MethodFacts(
          "best-fit",
          "dsa layout: best fit and first fit under five orders (size, lifespan, area, start, size class then "
              + "start), squeaky-wheel passes, then re-placing the buffers at the top",
          "valid layout, never above first fit by decreasing size (above "
              + LARGE
              + " buffers: by size "
              + "class, then the highest load met); no approximation guarantee",
          "this project; best fit / first fit for dynamic storage allocation (Garey and Johnson's survey of "
              + "storage allocation); squeaky wheel optimisation (Joslin and Clements 1999)",
          Buffers.SCOPE,
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
    long deadline = started + Math.max(1, limits.timeLimit().toNanos());
    int[] passes = new int[2];
    long[] off =
        layout(b, bound.value(), limits.seed(), deadline, deadline, limits.run().stop(), passes);
    SolveResult r = b.result(name(), off, bound).withStat("passes", passes[0]);
    return passes[1] < b.n ? r.withStat("firstPass", firstPassCut(passes[1], b.n)) : r;
  }

  /**
   * The statistic {@code firstPass} of a first pass given up at the time limit after {@code placed}
   * buffers.
   */
  static String firstPassCut(int placed, int n) {
    return "stopped at the time limit after "
        + placed
        + " of "
        + n
        + " buffers; finished by first fit in order of "
        + "start (the lower of: the rest around those, or every buffer)";
  }

  /**
   * The best layout of the buffers (see the class comment), stopping at {@code floor} or the
   * deadline (no stop token of a run: for tests and callers outside one).
   */
  static long[] layout(Buffers b, long floor, long seed, long deadline) {
    return layout(b, floor, seed, deadline, deadline, new StopToken(), null);
  }

  /**
   * The best layout of the buffers (see the class comment), stopping at {@code floor}. The
   * improvement after the passes is given up at {@code deadline}; every pass only at {@code stop}
   * (the run's own deadline) or a stop of the run's token {@code token} (a later pass stopped so is
   * dropped); the first pass stopped so is finished: the buffers it has not placed yet are placed
   * by {@link StartSweep} (first fit in order of start, O(n log n); or all of them, whichever is
   * lower), so that a valid layout is there soon after any stop. When {@code stop} has passed
   * before the first placement (the run's time went to reading the file), the first pass places
   * nothing and the sweeps lay out every buffer at once ({@link StartSweep#fresh}: the sweep alone
   * or a layered one, whichever is lower), without the first pass's order and tables (on 10^5
   * buffers the contention order's sort alone took about 0.3 s). {@code passes[0]}, if given,
   * receives the number of placement passes made, and {@code passes[1]} (if the array has two
   * entries) how many buffers the first pass placed by the fit rule (n when it ended).
   */
  static long[] layout(
      Buffers b, long floor, long seed, long deadline, long stop, StopToken token, int[] passes) {
    int n = b.n;
    if (passes != null && passes.length > 1) {
      passes[1] = n;
    }
    if (n == 0) {
      return new long[0];
    }
    if (token.over(stop)) {
      return cutFirstPass(b, new long[n], new boolean[n], 0, passes);
    }
    Packer p = new Packer(b.lo, b.hi, b.size, b.points);
    long[] best = null;
    int[] bestOrder = null;
    long bestH = Long.MAX_VALUE;
    List<java.util.function.Supplier<int[]>> orders = new ArrayList<>();
    boolean[] rules;
    boolean[] onlyBest = {true};
    List<boolean[]> ruleOf = new ArrayList<>();
    if (n > LARGE) {
      // many buffers: first fit (best fit was lower on none of the large random files measured)
      // under the contention orders, then size class by start, then best fit in the finer
      // contention order (the lowest pass on IOPDDL's S_1: 1.0129 x the load against 1.0167);
      // each order is made only when its turn comes
      int[][] finer = new int[1][];
      java.util.function.Supplier<int[]> fine =
          () -> finer[0] != null ? finer[0] : (finer[0] = contention(b, 2));
      orders.add(() -> contention(b, 1));
      orders.add(fine);
      orders.add(() -> orders(b).get(4));
      orders.add(fine);
      rules = new boolean[] {false};
      ruleOf.add(rules);
      ruleOf.add(rules);
      ruleOf.add(rules);
      ruleOf.add(onlyBest);
    } else {
      // above EARLY_CLASSES buffers the size-class order comes first: on ML traces it is the lowest
      // by far, and a
      // limit that stops the passes early (or cuts the first) should have had it
      List<int[]> five = orders(b);
      for (int k : n > EARLY_CLASSES ? new int[] {4, 0, 1, 2, 3} : new int[] {0, 1, 2, 3, 4}) {
        int[] o = five.get(k);
        orders.add(() -> o);
      }
      rules = new boolean[] {false, true};
    }
    int made = 0;
    try {
      for (int o = 0; o < orders.size(); o++) {
        int[] order = orders.get(o).get();
        if (made == 0 && token.over(stop)) {
          made = 1;
          return cutFirstPass(
              b, new long[n], new boolean[n], 0, passes); // the limit passed meanwhile
        }
        for (boolean rule : o < ruleOf.size() ? ruleOf.get(o) : rules) { // first fit first
          p.clear();
          boolean stopped = false;
          int q = 0;
          for (; q < n && !stopped; q++) {
            p.place(order[q], p.fit(order[q], rule));
            // every first pass (one per order and rule) is given up only at the run's stop: a
            // caller's shorter
            // deadline is for the improvement that follows, never for a pass that may be the lowest
            stopped = (q & (POLL - 1)) == POLL - 1 && token.over(stop);
          }
          if (stopped && made > 0) {
            return best;
          }
          if (stopped) {
            made = 1;
            return cutFirstPass(b, p.off, p.placed, q, passes);
          }
          made++;
          long h = b.height(p.off);
          if (h < bestH) {
            bestH = h;
            best = p.off.clone();
            bestOrder = order;
          }
          if (bestH <= floor || token.over(stop)) {
            return best;
          }
        }
      }
    } finally {
      if (passes != null && passes.length > 0) {
        passes[0] = made;
      }
    }
    if (n <= LARGE) {
      int[] swp = new int[1];
      best =
          SqueakyWheel.improve(
              b, p, best, bestOrder, floor, seed, deadline, token, wheelPasses(n), swp);
      if (passes != null && passes.length > 0) {
        passes[0] += swp[0];
      }
    }
    return improve(b, p, best, floor, seed, deadline, token);
  }

  /**
   * The answer of a first pass stopped after {@code placed} placements (its layout in {@code off}
   * and {@code isPlaced}, a valid partial layout): the rest by first fit in order of start around
   * the placed ones, or every buffer so, whichever is lower ({@link StartSweep#lower}: valid
   * whatever the placed part looks like, O(n log n)); {@code passes}, if given, receives one pass
   * made and {@code placed}.
   */
  static long[] cutFirstPass(Buffers b, long[] off, boolean[] isPlaced, int placed, int[] passes) {
    if (passes != null && passes.length > 1) {
      passes[1] = placed;
    }
    if (passes != null && passes.length > 0) {
      passes[0] =
          1; // the first pass, finished by the sweep (the caller's count, if any, is set to the
      // same)
    }
    return StartSweep.lower(b.lo, b.hi, b.size, b.points, off, isPlaced);
  }

  /**
   * The squeaky-wheel pass budget for n buffers: {@value #WHEEL_PASSES}, fewer above 1,000 buffers.
   */
  static int wheelPasses(int n) {
    return (int) Math.min(WHEEL_PASSES, Math.max(20, WHEEL_PLACEMENTS / Math.max(1, n)));
  }

  /**
   * The contention order: size classes {@code [r^c, r^(c+1))} decreasing for {@code r =
   * 2^(1/perDoubling)}, then within a class the highest load met over the lifespan decreasing (the
   * buffers that meet the peak first), then lower ascending, then index.
   */
  static int[] contention(Buffers b, int perDoubling) {
    int n = b.n;
    int points = Math.max(1, b.points);
    long[] load = new long[points + 1];
    for (int i = 0; i < n; i++) {
      load[b.lo[i]] += b.size[i];
      load[b.hi[i]] -= b.size[i];
    }
    for (int t = 1; t <= points; t++) {
      load[t] += load[t - 1];
    }
    long[] peak = RangeMax.of(load, points).max(b.lo, b.hi);
    long[] cls = new long[n];
    for (int i = 0; i < n; i++) {
      cls[i] = sizeClass(b.size[i], perDoubling);
    }
    return sorted(
        n,
        (x, y) ->
            cls[x] != cls[y]
                ? Long.compare(cls[y], cls[x])
                : cmp(peak[y], peak[x], b.lo[x], b.lo[y], x, y));
  }

  /**
   * The class c of a size s with {@code 2^(c / perDoubling) <= s < 2^((c + 1) / perDoubling)} (0
   * for s <= 1).
   */
  static long sizeClass(long s, int perDoubling) {
    return s <= 1 ? 0 : (long) Math.floor(perDoubling * Math.log(s) / Math.log(2));
  }

  /**
   * Ruin and recreate on the top of a layout (see the class comment); returns the improved offsets.
   */
  static long[] improve(
      Buffers b, Packer p, long[] start, long floor, long seed, long deadline, StopToken stop) {
    int n = b.n;
    p.placeAll(start);
    long h = b.height(p.off);
    int atTop = countTop(b, p.off, h);
    SplittableRandom rnd = new SplittableRandom(seed);
    long maxMoves = Math.min(20L * n + 2000, MAX_MOVES);
    int idle = 0;
    long[] saved = new long[n];
    for (long move = 0; move < maxMoves && idle < PATIENCE && h > floor; move++) {
      if (stop.over(deadline)) {
        break;
      }
      List<Integer> top = new ArrayList<>();
      long band = 0;
      for (int i = 0; i < n; i++) {
        if (p.off[i] + b.size[i] == h) {
          top.add(i);
          band = Math.max(band, b.size[i]);
        }
      }
      // widen the band on later tries so that the move reaches deeper
      band = band * (1 + idle / 20);
      p.newMarks();
      List<Integer> out = new ArrayList<>();
      for (int i : top) {
        if (p.mark(i)) {
          out.add(i);
        }
        int k = p.overlapping(i, true);
        for (int q = 0; q < k; q++) {
          int j = p.hit(q);
          if (p.off[j] + b.size[j] > h - band && p.mark(j)) {
            out.add(j);
          }
        }
      }
      for (int i : out) {
        saved[i] = p.off[i];
        p.remove(i);
      }
      Integer[] order = out.toArray(new Integer[0]);
      if (idle == 0) {
        Arrays.sort(
            order,
            (x, y) ->
                b.size[x] != b.size[y]
                    ? Long.compare(b.size[y], b.size[x])
                    : Integer.compare(x, y));
      } else {
        double[] noise = new double[order.length];
        for (int q = 0; q < order.length; q++) {
          noise[q] = b.size[order[q]] * (0.75 + 0.5 * rnd.nextDouble());
        }
        Integer[] pos = new Integer[order.length];
        for (int q = 0; q < pos.length; q++) {
          pos[q] = q;
        }
        Arrays.sort(pos, (x, y) -> Double.compare(noise[y], noise[x]));
        Integer[] o2 = new Integer[order.length];
        for (int q = 0; q < pos.length; q++) {
          o2[q] = order[pos[q]];
        }
        order = o2;
      }
      boolean rule = idle % 2 == 0;
      if (!replace(p, order, rule, saved, deadline, stop)) {
        break; // the deadline came during the move: the layout before it is back in place
      }
      long h2 = b.height(p.off);
      int top2 = countTop(b, p.off, h2);
      if (h2 < h || (h2 == h && top2 < atTop)) {
        idle = h2 < h ? 0 : idle;
        h = h2;
        atTop = top2;
      } else {
        for (int i : out) {
          p.remove(i);
        }
        for (int i : out) {
          p.place(i, saved[i]);
        }
        idle++;
      }
    }
    return p.off.clone();
  }

  /**
   * Places the taken-out buffers {@code order} again by the rule, polling the deadline every
   * {@value #POLL} placements (a move that takes out thousands of buffers of a long trace must not
   * run far past it); when it has passed, the ones placed so far are removed, every one goes back
   * to its {@code saved} offset and the answer is false.
   */
  static boolean replace(
      Packer p, Integer[] order, boolean rule, long[] saved, long deadline, StopToken stop) {
    for (int q = 0; q < order.length; q++) {
      int i = order[q];
      p.place(i, p.fit(i, rule));
      if ((q & (POLL - 1)) == POLL - 1 && q + 1 < order.length && stop.over(deadline)) {
        for (int r = 0; r <= q; r++) {
          p.remove(order[r]);
        }
        for (int j : order) {
          p.place(j, saved[j]);
        }
        return false;
      }
    }
    return true;
  }

  private static int countTop(Buffers b, long[] off, long h) {
    int c = 0;
    for (int i = 0; i < b.n; i++) {
      if (off[i] + b.size[i] == h) {
        c++;
      }
    }
    return c;
  }

  /**
   * The five orders: size decreasing (ties by id, as first-fit); lifespan, area decreasing and
   * lower ascending, ties by size decreasing, then index; size class decreasing, then lower
   * ascending, then index.
   */
  static List<int[]> orders(Buffers b) {
    int n = b.n;
    long[] span = new long[n];
    for (int i = 0; i < n; i++) {
      span[i] = b.hi[i] - b.lo[i];
    }
    List<int[]> out = new ArrayList<>();
    List<org.commsched.core.model.Message> ms = b.instance.messages();
    // first-fit's order (FirstFitSlots): size decreasing, then id, then index
    out.add(
        sorted(
            n,
            (x, y) ->
                b.size[x] != b.size[y]
                    ? Long.compare(b.size[y], b.size[x])
                    : ms.get(x).id().compareTo(ms.get(y).id()) != 0
                        ? ms.get(x).id().compareTo(ms.get(y).id())
                        : Integer.compare(x, y)));
    out.add(sorted(n, (x, y) -> cmp(span[y], span[x], b.size[y], b.size[x], x, y)));
    out.add(
        sorted(
            n,
            (x, y) -> {
              long ax = span[x] * b.size[x];
              long ay = span[y] * b.size[y];
              return cmp(ay, ax, b.size[y], b.size[x], x, y);
            }));
    out.add(sorted(n, (x, y) -> cmp(b.lo[x], b.lo[y], b.size[y], b.size[x], x, y)));
    // size classes [sqrt2^c, sqrt2^(c+1)) decreasing, then lower ascending
    long[] cls = new long[n];
    for (int i = 0; i < n; i++) {
      cls[i] = sizeClass(b.size[i], 2);
    }
    out.add(sorted(n, (x, y) -> cmp(cls[y], cls[x], b.lo[x], b.lo[y], x, y)));
    return out;
  }

  private static int cmp(long a1, long b1, long a2, long b2, int x, int y) {
    int c = Long.compare(a1, b1);
    if (c == 0) {
      c = Long.compare(a2, b2);
    }
    return c != 0 ? c : Integer.compare(x, y);
  }

  static int[] sorted(int n, java.util.Comparator<Integer> c) {
    Integer[] o = new Integer[n];
    for (int i = 0; i < n; i++) {
      o[i] = i;
    }
    Arrays.sort(o, c);
    int[] out = new int[n];
    for (int i = 0; i < n; i++) {
      out[i] = o[i];
    }
    return out;
  }
}
