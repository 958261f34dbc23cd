package org.commsched.heuristics.bufferless.dsa;

import java.util.Map;
import org.commsched.core.model.Instance;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.MethodFacts;
import org.commsched.core.solve.MethodOption;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveStatus;
import org.commsched.core.solve.StopToken;
import org.commsched.core.time.TimeScale;
import org.commsched.heuristics.baseline.FirstFitSlots;

/**
 * Exact dynamic storage allocation by depth-first search over canonical layouts ({@link
 * CapacitySearch}): the minimum height of a buffer layout, or the best layout found and a proven
 * bound at the time limit; or, with a capacity, the answer to "is there a layout within C?".
 *
 * <p><b>Model.</b> A dsa instance (or chatting on a ula read as buffers): buffer {@code [lower,
 * upper)} of size s takes the offsets {@code [x, x + s)} while alive; buffers alive together get
 * disjoint offsets; the height is {@code max (x + s)}
 * (docs/models/bufferless-chatting.md#virtual-schedules-and-dsa). The result is a virtual schedule
 * (slots = offsets); rectangle compaction, NP-hard (Theorem 4.5(a) of the chatting paper).
 *
 * <p><b>Literature.</b> The ideas are those of MiniMalloc (M. D. Moffitt, "MiniMalloc: A
 * Lightweight Memory Allocator for Hardware-Accelerated Machine Learning", ASPLOS 2023, and its
 * public solver): canonical placements on the skyline in (offset, preorder) order; the dynamic
 * order (lowest candidate offset first, then the preorder); the preorders WAT, TAW, TWA (lifespan
 * width, area, section total) tried in round robin under a node limit that doubles; section
 * inference with the monotonic floor and the unplaced buffers' floor; the dominance rule that no
 * placement may leave a gap an unplaced buffer could drop into; hatless pruning; and the sweep that
 * splits the buffers into pieces that never overlap in time, repeated during search whenever a cut
 * between sections empties (dynamic decomposition, each piece preordered again by its remaining
 * section totals). Ours in addition: equal buffers in index order, the second-smallest end in the
 * dominance rule for the buffer that sets the smallest, and waiting buffers (below the last offset)
 * lifted in the section floors. This code and the proofs in {@link CapacitySearch} are this
 * project's.
 *
 * <p><b>Capacity</b> (option {@code capacity}, {@code solve --capacity C}). A layout within C when
 * one exists (the heuristic's if it fits, else the search's; OPTIMAL when its height meets the
 * lower bound, else FEASIBLE); INFEASIBLE without a schedule when C is below the lower bound or the
 * search proves that none exists (lower bound C + 1); UNKNOWN without a schedule when the time
 * limit stops the search.
 *
 * <p><b>Optimisation</b> (no capacity). The upper bound is the best of {@code best-fit} (every one
 * of its first passes, one per order and rule, up to the run's limit; its improvement given a tenth
 * of the time limit) and {@code first-fit}; the lower bound the instance's (LOAD, L, LB2). The
 * search decides capacities in units of g = gcd of the sizes: first the lower bound (half of the
 * time left), then one below the best height (a third of the time left; a layout found lowers the
 * best height to its own), then bisection between the proven bound and the best height minus one (a
 * third of the time left each): a layout found lowers the best height, a complete search without
 * one proves the capacity infeasible and raises the bound, and a search stopped by its share of the
 * time leaves the capacity open (the bisection goes on above it); with time left, rounds repeat
 * between the proven bound and the best height. The stat {@code capacities} lists each capacity
 * tried, its outcome and the most buffers placed at once; {@code widths} says whether the preorders
 * measured lifespans in the file's times or in ula points.
 *
 * <p><b>Times.</b> On an instance read with compressed times (a DSA CSV file: point i of the ula is
 * the i-th smallest time of the file, carried by the instance as {@link
 * org.commsched.core.model.Problem#pointTimes()}) the preorders' lifespan widths and areas are
 * measured in these original times, as MiniMalloc measures them. Compressed widths (the number of
 * sections a buffer spans) order the buffers differently, and on MiniMalloc's benchmark much worse
 * (5 of its 11 files not solved within the capacity in 60 s against 11 of 11 in seconds). Without
 * such times (JSON dsa instances, chatting on a ula) the point ids are the times.
 *
 * <p><b>Guarantee.</b> OPTIMAL when the best height meets the proven bound (the search proved it,
 * or a heuristic met the load); otherwise FEASIBLE with the best layout found and the proven bound
 * (the lower bound or one more than a capacity proven infeasible). The layout is always valid and
 * never above {@code first-fit}'s (up to {@value #SEARCH_LIMIT} buffers) or that of the {@code
 * best-fit} run it starts from, whose first passes all run unless the run's own limit stops them:
 * whatever the limit, the default never ends above the lowest of its heuristics' passes that the
 * limit let finish (issue 27; {@code FirstPassesProperties}).
 *
 * <p><b>Complexity.</b> Exponential in the worst case (DSA is strongly NP-hard); one search node
 * costs O(n + the sections of its piece + the unplaced lifespans in sections + the overlaps of the
 * placed buffer), n buffers; O(n^2) set-up. Above {@value #SEARCH_LIMIT} buffers no search runs:
 * {@code best-fit}'s passes run (up to the whole limit; its own improvement, squeaky wheel and ruin
 * and recreate, is skipped: on idealloc's three large files it never lowered the lowest pass;
 * stopped there, its layout finished by first fit in order of start is the answer, stat {@code
 * firstPass}, and under a capacity it is that layout if it fits, else UNKNOWN), {@code first-fit}
 * is skipped (best-fit's first pass is at least as low up to 20,000 buffers and its own
 * implementation is slow beyond), then {@link IteratedStripRepair} ({@link StripRepair} restarted
 * from the best with a new seed until two rounds in a row lower nothing) and, if it stops early,
 * {@link PeakRepack} run until the time limit less a fifth of it, at most {@value #REPAIR_RESERVE}
 * ns (until four fifths of the limit before issue 27: a 60 s run on IOPDDL's S_1 ended at 48 s);
 * the result is the lowest (stat {@code start}; {@code stripMoves}, {@code stripKept}, {@code
 * stripRounds}, {@code repackMoves}, {@code repackKept}) (with a capacity it fits within: that
 * layout; else UNKNOWN).
 *
 * @implNote Immutable. Results depend on the time limit and the machine's speed.
 */
public final class DsaSearch implements Method {
  /** The facts of {@code dsa-search}: see the class javadoc for the source. */
  static final MethodFacts FACTS =
      new MethodFacts(
          "dsa-search",
          "exact dsa layout: MiniMalloc-style depth-first search over canonical (skyline) placements with section "
              + "inference and dynamic decomposition; --capacity C decides whether a layout within C exists",
          "optimal when status OPTIMAL; best found and a proven bound at the time limit",
          "Moffitt, \"MiniMalloc: A Lightweight Memory Allocator for Hardware-Accelerated Machine Learning\", "
              + "ASPLOS 2023 (ideas); search: this project",
          Buffers.SCOPE,
          true);

  @Override
  public MethodFacts facts() {
    return FACTS;
  }

  /**
   * Above {@link #SEARCH_LIMIT} buffers the repairs stop this long before the limit (or a fifth of
   * it, if less): 2 s in nanoseconds.
   */
  static final long REPAIR_RESERVE = 2_000_000_000L;

  /** Largest number of buffers searched; above it the result is the heuristic's. */
  public static final int SEARCH_LIMIT = 2000;

  /**
   * The method; on a DSA CSV file's instance it measures lifespans in the file's times (see the
   * class comment).
   */
  public DsaSearch() {}

  /**
   * The option {@code capacity}: decide whether a layout of height at most this many units exists
   * (integer >= 1).
   */
  public static final MethodOption<Long> CAPACITY =
      MethodOption.integer(
          "capacity",
          c -> c >= 1,
          v -> "capacity " + v + ": give a positive integer, e.g. --capacity 1048576");

  @Override
  public java.util.List<MethodOption<?>> methodOptions() {
    return java.util.List.of(CAPACITY);
  }

  @Override
  public SolveResult solve(Instance instance, SolveLimits limits) {
    long started = System.nanoTime();
    requireApplies(instance);
    long deadline = started + Math.max(1, limits.timeLimit().toNanos());
    Long capacity = limits.options().get(CAPACITY);
    Buffers b = new Buffers(instance);
    LowerBound bound = b.bound();
    if (capacity != null && capacity < bound.value()) {
      return new SolveResult(
              name(), SolveStatus.INFEASIBLE, null, null, bound, TimeScale.UNIT, Map.of())
          .withStat("capacity", capacity)
          .withStat("search", "none: the lower bound exceeds the capacity");
    }
    // the heuristics' improvement gets at most a tenth of the time (their first passes run up to
    // the run's limit)
    long limit = limits.timeLimit().toNanos();
    boolean large = b.n > SEARCH_LIMIT;
    // above SEARCH_LIMIT buffers best-fit's own improvement is skipped (its passes still run to the
    // limit): on idealloc's three large files it never lowered the lowest pass, and StripRepair,
    // which follows, is what lowers IOPDDL's S_1
    long heuristicDeadline = large ? started : started + Math.max(1, limit / 10);
    int[] passes = new int[2];
    StopToken stop = limits.run().stop();
    long[] best =
        BestFit.layout(b, bound.value(), limits.seed(), heuristicDeadline, deadline, stop, passes);
    String start = "best-fit";
    if (passes[1] < b.n) {
      // best-fit's first pass reached the run's limit (or a stop): its layout, the rest stacked on
      // top, is the answer
      SolveResult r =
          b.result(name(), best, bound)
              .withStat("start", start)
              .withStat("startHeight", b.height(best))
              .withStat("firstPass", BestFit.firstPassCut(passes[1], b.n))
              .withStat("search", "none: the time limit was reached during the first pass");
      if (capacity == null) {
        return r;
      }
      return b.height(best) <= capacity
          ? r.withStat("capacity", capacity)
          : new SolveResult(
                  name(), SolveStatus.UNKNOWN, null, null, bound, TimeScale.UNIT, r.stats())
              .withStat("capacity", capacity);
    }
    // above SEARCH_LIMIT buffers first-fit is skipped: best-fit's first pass is the same layout
    // (first fit in
    // first-fit's order), and first-fit's own implementation is slow on such files
    long[] ff = large ? best : firstFit(instance, b, limits);
    if (b.height(ff) < b.height(best)) {
      best = ff;
      start = "first-fit";
    }
    long[] repackMoves = null;
    long[] stripMoves = null;
    if (large && b.height(best) > bound.value()) {
      // the repairs run to the limit less a fifth of it, at most REPAIR_RESERVE (the result, the
      // check and the writing follow; the limit here is already what the command has left)
      long end = started + Math.max(1, limit - Math.min(limit / 5, REPAIR_RESERVE));
      stripMoves = new long[3];
      Packer packer = new Packer(b.lo, b.hi, b.size, b.points);
      long[] sr =
          IteratedStripRepair.improve(
              b, packer, best, bound.value(), limits.seed(), end, stop, Long.MAX_VALUE, stripMoves);
      if (b.height(sr) < b.height(best)) {
        best = sr;
        start = "strip-repair";
      }
      if (b.height(best) > bound.value() && !stop.over(end)) {
        repackMoves = new long[2];
        long[] rp =
            PeakRepack.improve(
                b, packer, best, bound.value(), limits.seed(), end, stop, repackMoves);
        if (b.height(rp) < b.height(best)) {
          best = rp;
          start = "peak-repack";
        }
      }
    }
    long hintHeight = b.height(best);
    limits
        .run()
        .progress()
        .incumbent(hintHeight); // the progress line on stderr (heights in the file's units)
    limits.run().progress().bound(bound.value());
    if (capacity != null && hintHeight <= capacity) {
      return b.result(name(), best, bound)
          .withStat("capacity", capacity)
          .withStat("start", start)
          .withStat("startHeight", hintHeight)
          .withStat("search", "none: the heuristic fits within the capacity");
    }
    if (b.n == 0 || hintHeight <= bound.value()) {
      return b.result(name(), best, bound)
          .withStat("start", start)
          .withStat("startHeight", hintHeight)
          .withStat("search", "none: the heuristic meets the lower bound");
    }
    if (b.n > SEARCH_LIMIT) {
      SolveResult r =
          b.result(name(), best, bound)
              .withStat("start", start)
              .withStat("startHeight", hintHeight)
              .withStat("search", "none: more than " + SEARCH_LIMIT + " buffers");
      if (stripMoves != null) {
        r =
            r.withStat("stripMoves", stripMoves[0])
                .withStat("stripKept", stripMoves[1])
                .withStat("stripRounds", stripMoves[2]);
      }
      if (repackMoves != null) {
        r = r.withStat("repackMoves", repackMoves[0]).withStat("repackKept", repackMoves[1]);
      }
      return capacity == null
          ? r
          : new SolveResult(
                  name(), SolveStatus.UNKNOWN, null, null, bound, TimeScale.UNIT, r.stats())
              .withStat("capacity", capacity);
    }
    long g = b.unit();
    long[] s = new long[b.n];
    long[] width = new long[b.n];
    java.util.List<Long> times = instance.problem().pointTimes();
    boolean original = times.size() == instance.network().nodes();
    for (int i = 0; i < b.n; i++) {
      s[i] = b.size[i] / g;
      int from = instance.messages().get(i).from();
      int to = instance.messages().get(i).to();
      width[i] = original ? times.get(to) - times.get(from) : (long) to - from;
    }
    String widths = original ? "file times" : "ula points";
    CapacitySearch search = new CapacitySearch(b.lo, b.hi, s, width, b.points, stop);
    if (capacity != null) {
      long c = Math.floorDiv(capacity, g);
      int verdict = search.decide(c, deadline);
      String trace =
          c * g
              + (verdict == CapacitySearch.FOUND
                  ? ":found"
                  : verdict == CapacitySearch.INFEASIBLE ? ":infeasible" : ":open")
              + "@"
              + search.deepest;
      if (verdict == CapacitySearch.FOUND) {
        return b.result(name(), scaled(search.found, g), bound)
            .withStat("capacity", capacity)
            .withStat("start", start)
            .withStat("startHeight", hintHeight)
            .withStat("nodes", search.nodes)
            .withStat("capacities", trace)
            .withStat("widths", widths);
      }
      LowerBound lb =
          verdict == CapacitySearch.INFEASIBLE
              ? bound.max(
                  new LowerBound(
                      capacity + 1,
                      "search",
                      "dsa-search proved that no layout has height " + capacity + " or less"))
              : bound;
      return new SolveResult(
              name(),
              verdict == CapacitySearch.INFEASIBLE ? SolveStatus.INFEASIBLE : SolveStatus.UNKNOWN,
              null,
              null,
              lb,
              TimeScale.UNIT,
              Map.of())
          .withStat("capacity", capacity)
          .withStat("start", start)
          .withStat("startHeight", hintHeight)
          .withStat("nodes", search.nodes)
          .withStat("capacities", trace)
          .withStat("widths", widths);
    }
    long proven = Math.floorDiv(bound.value() + g - 1, g); // no layout below this many units
    long[] bestOff = best;
    long nodes = 0;
    StringBuilder trace = new StringBuilder();
    int decisions = 0;
    // the capacities to try: the proven bound first (half of the time: on MiniMalloc-style
    // instances the optimum
    // is often the load), then one below the best height (a layout found there tightens the best
    // height at once),
    // then bisection between the proven bound and the best
    // height; a capacity left open moves the bisection above it; rounds repeat while time is left
    int step = 0;
    for (int round = 0; proven < bestHeightUnits(b, bestOff, g) && !stop.over(deadline); round++) {
      long tryLo = proven;
      long tryHi = bestHeightUnits(b, bestOff, g) - 1;
      while (tryLo <= tryHi) {
        long now = System.nanoTime();
        if (stop.over(deadline)) {
          break;
        }
        long c;
        long share;
        if (step == 0) {
          c = tryLo;
          share = (deadline - now) / 2;
        } else if (step == 1) {
          c = tryHi;
          share = (deadline - now) / 3;
        } else {
          c = tryLo + (tryHi - tryLo) / 2;
          share = (deadline - now) / 3;
        }
        step++;
        int verdict = search.decide(c, Math.min(deadline, now + Math.max(1_000_000L, share)));
        nodes += search.nodes;
        trace
            .append(trace.length() == 0 ? "" : " ")
            .append(c * g)
            .append(
                verdict == CapacitySearch.FOUND
                    ? ":found"
                    : verdict == CapacitySearch.INFEASIBLE ? ":infeasible" : ":open")
            .append("@")
            .append(search.deepest);
        decisions++;
        if (verdict == CapacitySearch.FOUND) {
          long[] off = scaled(search.found, g);
          if (b.height(off) < b.height(bestOff)) {
            bestOff = off;
            limits.run().progress().incumbent(b.height(off));
          }
          tryHi = bestHeightUnits(b, bestOff, g) - 1;
        } else if (verdict == CapacitySearch.INFEASIBLE) {
          proven = Math.max(proven, c + 1);
          limits.run().progress().bound(proven * g);
          tryLo = c + 1;
        } else {
          tryLo = c + 1; // stopped: c stays open
        }
      }
    }
    LowerBound lb = bound;
    if (proven * g > bound.value()) {
      lb =
          new LowerBound(
              proven * g,
              "search",
              "dsa-search proved that no layout has height " + (proven * g - 1) + " or less");
    }
    SolveResult r =
        b.result(name(), bestOff, lb)
            .withStat("start", start)
            .withStat("startHeight", hintHeight)
            .withStat("decisions", decisions)
            .withStat("nodes", nodes)
            .withStat("capacities", trace.toString())
            .withStat("widths", widths);
    if (g > 1) {
      r = r.withStat("unit", g);
    }
    return r;
  }

  private static long[] scaled(long[] units, long g) {
    long[] off = new long[units.length];
    for (int i = 0; i < units.length; i++) {
      off[i] = units[i] * g;
    }
    return off;
  }

  /** The height of a layout in units, rounded up. */
  private static long bestHeightUnits(Buffers b, long[] off, long g) {
    return Math.floorDiv(b.height(off) + g - 1, g);
  }

  private static long[] firstFit(Instance instance, Buffers b, SolveLimits limits) {
    var slots =
        ((org.commsched.core.model.Schedule.Slots)
                new FirstFitSlots().solve(instance, limits).schedule())
            .slots();
    long[] off = new long[b.n];
    for (int i = 0; i < b.n; i++) {
      off[i] = slots.get(instance.messages().get(i).id());
    }
    return off;
  }
}
