package org.commsched.heuristics.bufferless.dsa;

import java.util.Arrays;
import org.commsched.core.model.Instance;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.Scope;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.heuristics.baseline.FirstFitSlots;

/**
 * Exact dynamic storage allocation by depth-first search over canonical layouts, with section inference: the
 * minimum height of a buffer layout, or the best layout found and a proven bound at the time limit.
 *
 * <p><b>Model.</b> A dsa instance (or chatting on a ula read as buffers): buffer {@code [lower, upper)} of size s
 * takes the offsets {@code [x, x + s)} while alive; buffers alive together get disjoint offsets; the height is
 * {@code max (x + s)} (docs/models/bufferless-chatting.md#virtual-schedules-and-dsa). The result is a virtual
 * schedule (slots = offsets); rectangle compaction, NP-hard (Theorem 4.5(a) of the chatting paper).
 *
 * <p><b>Literature.</b> The ideas are those of MiniMalloc (M. D. Moffitt, "MiniMalloc: A Lightweight Memory
 * Allocator for Hardware-Accelerated Machine Learning", ASPLOS 2023): place buffers one at a time at canonical
 * offsets so that the partial layout is a skyline, infer per time section, prune dominated placements, and decide
 * "fits within capacity C?" for a sequence of C. This class is written from those ideas in this project's terms;
 * the proofs below are ours.
 *
 * <p><b>Canonical layouts.</b> Call a layout <i>settled</i> when no buffer can move to any lower offset where it
 * fits. Moving a buffer lower never raises the height and lowers the sum of the offsets, so some optimal layout is
 * settled; each of its offsets is 0 or the end of a buffer overlapping it in time, hence a sum of sizes and a
 * multiple of g = gcd of the sizes (the search works in units of g). List a settled layout by offset, ties in a
 * fixed order of the buffers (earliest lower, longest lifespan, largest size, index). Each buffer's offset is then
 * its <i>candidate</i> c(b) = the largest end among the buffers before it that overlap it in time (they all end at
 * or below it, and one ends at it): it sits on the skyline the earlier ones leave over its lifespan. So the search
 * places, at a node whose last offset is L, some unplaced buffer b with c(b) &gt;= L (after the last one in the
 * fixed order if c(b) = L) at c(b), and builds every settled layout once. Buffers equal in lifespan and size go in
 * index order (swapping them changes nothing). Dominance: an unplaced buffer c could move down to
 * [c(c), c(c) + s(c)) if every later buffer started at or above c(c) + s(c), so the next offset stays below
 * min c(c) + s(c) over the other unplaced buffers. A buffer with c(b) &lt; L waits: it will sit on a buffer placed
 * later that overlaps it, so at L + (the smallest such size) or above, and with none left it is dead.
 *
 * <p><b>Section inference.</b> Cut time into sections at the distinct lower and upper values. For every section t
 * keep R(t), the total size of the unplaced buffers alive in t. No later buffer goes below L, and an unplaced buffer
 * b goes at or above max(c(b), L) (a waiting one as above), so the unplaced buffers alive in t all lie in
 * [F(t), C) with F(t) = the smallest of those lower ends; the node is pruned when F(t) + R(t) &gt; C in some
 * section, which counts every gap no remaining buffer can use, or when a buffer cannot fit below C.
 *
 * <p><b>Search.</b> Depth first, children tried lowest candidate first, then in the fixed order (MiniMalloc's
 * order: earliest lower, longest lifespan, largest size). A decision runs as restarts: the k-th may expand
 * {@value Search#RESTART_BASE} * 2^k nodes, from the second on with the children's order perturbed (each buffer's
 * place shifted by a random 0..7); a run that ends within its node limit is complete.
 *
 * <p><b>Optimisation.</b> The upper bound is the best of {@code best-fit} (given a tenth of the time limit) and
 * {@code first-fit}; the lower bound the instance's (LOAD, L, LB2). The search first asks for a layout within the
 * lower bound (two fifths of the time left), then bisects the capacity between the proven bound and the best height
 * minus one (a third of the time left each); a layout found lowers the best height to its own height, a search that
 * ends without one proves the capacity infeasible and raises the bound, and a search stopped by its share of the
 * time leaves the capacity open (the bisection goes on above it); when the range is used up with time left, another
 * round bisects again between the proven bound and the best height, with other random child orders. It keeps the
 * best layout throughout; the stat {@code capacities} lists each capacity tried, its outcome and the deepest level
 * reached.
 *
 * <p><b>Guarantee.</b> OPTIMAL when the best height meets the proven bound (the search proved it, or a heuristic
 * met the load); otherwise FEASIBLE with the best layout found and the proven bound (the lower bound or one more
 * than a capacity proven infeasible). The layout is always valid and never above {@code first-fit}'s or that of
 * the {@code best-fit} run it starts from.
 *
 * <p><b>Complexity.</b> Exponential in the worst case (DSA is strongly NP-hard); one search node costs
 * O(n + sum of the unplaced lifespans in sections + the overlaps of the placed buffer), n buffers. Above
 * {@value #SEARCH_LIMIT} buffers no search runs and the result is {@code best-fit}'s.
 *
 * @implNote Stateless; one search object per solve. Results depend on the time limit and the machine's speed.
 */
public final class DsaSearch implements Method {
  /** Largest number of buffers searched; above it the result is the heuristic's. */
  public static final int SEARCH_LIMIT = 2000;

  @Override
  public String name() {
    return "dsa-search";
  }

  @Override
  public String summary() {
    return "exact dsa layout: depth-first search over canonical (skyline) placements with section inference, "
        + "capacity bisected between the load and the best heuristic height";
  }

  @Override
  public String guarantee() {
    return "optimal when status OPTIMAL; best found and a proven bound at the time limit";
  }

  @Override
  public String citation() {
    return "Moffitt, \"MiniMalloc: A Lightweight Memory Allocator for Hardware-Accelerated Machine Learning\", "
        + "ASPLOS 2023 (ideas); search: this project";
  }

  @Override
  public boolean exact() {
    return true;
  }

  @Override
  public Scope scope() {
    return Buffers.SCOPE;
  }

  @Override
  public SolveResult solve(Instance instance, SolveLimits limits) {
    long started = System.nanoTime();
    requireApplies(instance);
    long deadline = started + Math.max(1, limits.timeLimit().toNanos());
    Buffers b = new Buffers(instance);
    LowerBound bound = b.bound();
    // the heuristics get at most a tenth of the time
    long heuristicDeadline = started + Math.max(1, limits.timeLimit().toNanos() / 10);
    long[] best = BestFit.layout(b, bound.value(), limits.seed(), heuristicDeadline);
    String start = "best-fit";
    long[] ff = firstFit(instance, b);
    if (b.height(ff) < b.height(best)) {
      best = ff;
      start = "first-fit";
    }
    long hintHeight = b.height(best);
    if (b.n == 0 || hintHeight <= bound.value()) {
      return b.result(name(), best, bound).withStat("start", start).withStat("startHeight", hintHeight)
          .withStat("search", "none: the heuristic meets the lower bound");
    }
    if (b.n > SEARCH_LIMIT) {
      return b.result(name(), best, bound).withStat("start", start).withStat("startHeight", hintHeight)
          .withStat("search", "none: more than " + SEARCH_LIMIT + " buffers");
    }
    long g = b.unit();
    long[] s = new long[b.n];
    for (int i = 0; i < b.n; i++) {
      s[i] = b.size[i] / g;
    }
    Search search = new Search(b.lo, b.hi, s, b.points);
    long proven = Math.floorDiv(bound.value() + g - 1, g); // no layout below this many units
    long[] bestOff = best;
    long tryLo = proven;
    long tryHi = Math.floorDiv(hintHeight + g - 1, g) - 1; // look for height (in units) at most this
    long nodes = 0;
    StringBuilder trace = new StringBuilder();
    int decisions = 0;
    boolean first = true;
    // rounds: when a bisection has tried every capacity in range and time is left, the open capacities are tried
    // again (with another random order of the children) between the proven bound and the best height
    for (int round = 0; proven < bestHeightUnits(b, bestOff, g) && System.nanoTime() < deadline; round++) {
      if (round > 0) {
        tryLo = proven;
        tryHi = bestHeightUnits(b, bestOff, g) - 1;
        first = false;
      }
      while (tryLo <= tryHi) {
        long now = System.nanoTime();
        if (now >= deadline) {
          break;
        }
        long c = first ? tryLo : tryLo + (tryHi - tryLo) / 2;
        long share = first ? (deadline - now) * 2 / 5 : (deadline - now) / 3;
        first = false;
        int verdict = search.decide(c, now + Math.max(1_000_000L, share), deadline, round);
        nodes += search.nodes;
        trace.append(trace.length() == 0 ? "" : " ").append(c * g).append(verdict == Search.FOUND ? ":found"
            : verdict == Search.INFEASIBLE ? ":infeasible" : ":open").append("@").append(search.deepest);
        decisions++;
        if (verdict == Search.FOUND) {
          long[] off = new long[b.n];
          for (int i = 0; i < b.n; i++) {
            off[i] = search.found[i] * g;
          }
          long h = b.height(off) / g;
          if (b.height(off) < b.height(bestOff)) {
            bestOff = off;
          }
          tryHi = h - 1;
        } else if (verdict == Search.INFEASIBLE) {
          proven = Math.max(proven, c + 1);
          tryLo = c + 1;
        } else {
          tryLo = c + 1; // stopped: c stays open
        }
      }
    }
    LowerBound lb = bound;
    if (proven * g > bound.value()) {
      lb = new LowerBound(proven * g, "search", "dsa-search proved that no layout has height "
          + (proven * g - 1) + " or less");
    }
    SolveResult r = b.result(name(), bestOff, lb).withStat("start", start).withStat("startHeight", hintHeight)
        .withStat("decisions", decisions).withStat("nodes", nodes).withStat("capacities", trace.toString());
    if (g > 1) {
      r = r.withStat("unit", g);
    }
    return r;
  }

  /** The height of a layout in units, rounded up. */
  private static long bestHeightUnits(Buffers b, long[] off, long g) {
    return Math.floorDiv(b.height(off) + g - 1, g);
  }

  private static long[] firstFit(Instance instance, Buffers b) {
    var slots = ((org.commsched.core.model.Schedule.Slots) new FirstFitSlots().solve(instance, SolveLimits.defaults())
        .schedule()).slots();
    long[] off = new long[b.n];
    for (int i = 0; i < b.n; i++) {
      off[i] = slots.get(instance.messages().get(i).id());
    }
    return off;
  }

  /** One decision search "fits within capacity C?" over canonical layouts (see the class comment), in units. */
  static final class Search {
    static final int FOUND = 0;
    static final int INFEASIBLE = 1;
    static final int STOPPED = 2;
    static final long RESTART_BASE = 100_000;

    private final int n;
    private final int[] lo;
    private final int[] hi;
    private final long[] s;
    private final int sections;
    /** Overlapping buffers of each buffer (CSR). */
    private final int[] ovStart;
    private final int[] ov;
    /** The previous buffer with the same lifespan and size, or -1. */
    private final int[] twin;
    /** Static order keys: lower, then longer lifespan, then larger size, then index. */
    private final int[] rank;

    private final long[] rem;
    private final long[] cand;
    private final boolean[] placed;
    private final long[] off;
    private final long[] floor;
    private final long[] minF;
    private final int[] tryRank;
    private final int[] byTry;
    private long nodeLimit;
    private boolean limitHit;
    private boolean timeUp;
    private final int[] byRank;
    private final long[][] keysAt;
    private final long[][] candAt;
    private final long[][] floorAt;
    private final int maxOv;
    private final int maxSpan;
    private long cap;
    private long stopAt;
    private boolean stopped;
    long nodes;
    int deepest;
    long[] found;

    Search(int[] lo, int[] hi, long[] s, int points) {
      this.n = lo.length;
      this.lo = lo;
      this.hi = hi;
      this.s = s;
      this.sections = Math.max(1, points - 1);
      int[] count = new int[n + 1];
      Integer[] byLo = new Integer[n];
      for (int i = 0; i < n; i++) {
        byLo[i] = i;
      }
      Arrays.sort(byLo, (a, b) -> lo[a] != lo[b] ? Integer.compare(lo[a], lo[b])
          : hi[a] != hi[b] ? Integer.compare(hi[b], hi[a]) : s[a] != s[b] ? Long.compare(s[b], s[a])
          : Integer.compare(a, b));
      rank = new int[n];
      for (int r = 0; r < n; r++) {
        rank[byLo[r]] = r;
      }
      for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++) {
          if (i != j && lo[i] < hi[j] && lo[j] < hi[i]) {
            count[i + 1]++;
          }
        }
      }
      for (int i = 0; i < n; i++) {
        count[i + 1] += count[i];
      }
      ovStart = count;
      ov = new int[count[n]];
      int[] pos = Arrays.copyOf(count, n);
      for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++) {
          if (i != j && lo[i] < hi[j] && lo[j] < hi[i]) {
            ov[pos[i]++] = j;
          }
        }
      }
      twin = new int[n];
      Arrays.fill(twin, -1);
      for (int r = 1; r < n; r++) {
        int a = byLo[r - 1];
        int b = byLo[r];
        if (lo[a] == lo[b] && hi[a] == hi[b] && s[a] == s[b]) {
          twin[b] = a;
        }
      }
      rem = new long[sections];
      cand = new long[n];
      placed = new boolean[n];
      off = new long[n];
      floor = new long[sections];
      minF = new long[sections];
      tryRank = new int[n];
      byTry = new int[n];
      byRank = new int[n];
      for (int i = 0; i < n; i++) {
        byRank[rank[i]] = i;
      }
      int maxOv = 0;
      for (int i = 0; i < n; i++) {
        maxOv = Math.max(maxOv, ovStart[i + 1] - ovStart[i]);
      }
      int maxSpan = 0;
      for (int i = 0; i < n; i++) {
        maxSpan = Math.max(maxSpan, hi[i] - lo[i]);
      }
      this.maxOv = maxOv;
      this.maxSpan = maxSpan;
      // per-depth scratch, allocated when the search first reaches a depth
      keysAt = new long[n][];
      candAt = new long[n][];
      floorAt = new long[n][];
    }

    /**
     * FOUND (the layout in {@link #found}), INFEASIBLE (no layout of height at most {@code c}, proven) or STOPPED
     * (at {@code stopAt} or {@code hardStop}, System.nanoTime).
     */
    int decide(long c, long stopAt, long hardStop, int round) {
      if (c >= (1L << 42)) {
        return STOPPED; // offsets would not fit the search's packed keys: leave such capacities open
      }
      this.cap = c;
      this.stopAt = Math.min(stopAt, hardStop);
      this.stopped = false;
      this.timeUp = false;
      this.nodes = 0;
      this.deepest = 0;
      this.found = null;
      Arrays.fill(rem, 0);
      Arrays.fill(floor, 0);
      Arrays.fill(cand, 0);
      Arrays.fill(placed, false);
      for (int i = 0; i < n; i++) {
        for (int t = lo[i]; t < hi[i]; t++) {
          rem[t] += s[i];
        }
      }
      if (!feasible(0)) {
        return INFEASIBLE;
      }
      // restarts: the k-th search may expand RESTART_BASE * 2^k nodes; from the second on, the children are
      // tried in a perturbed order (the pruning rules keep the fixed order); a search that ends within its limit
      // is complete
      java.util.SplittableRandom rnd = new java.util.SplittableRandom(c * 1_000_003L + round);
      double limit = RESTART_BASE;
      for (int k = 0; ; k++) {
        order(k == 0 && round == 0 ? null : rnd);
        nodeLimit = nodes + (long) limit;
        limitHit = false;
        boolean ok = dfs(0, 0, -1);
        if (ok) {
          return FOUND;
        }
        if (timeUp) {
          return STOPPED;
        }
        if (!limitHit) {
          return INFEASIBLE;
        }
        stopped = false;
        limit *= 2;
      }
    }

    /** The order of trying children: the fixed order, or (with rnd) each rank shifted by a random 0..7 places. */
    private void order(java.util.SplittableRandom rnd) {
      Integer[] idx = new Integer[n];
      long[] key = new long[n];
      for (int i = 0; i < n; i++) {
        idx[i] = i;
        key[i] = rank[i] * 8L + (rnd == null ? 0 : rnd.nextInt(64));
      }
      Arrays.sort(idx, (a, b) -> key[a] != key[b] ? Long.compare(key[a], key[b]) : Integer.compare(a, b));
      for (int r = 0; r < n; r++) {
        tryRank[idx[r]] = r;
        byTry[r] = idx[r];
      }
    }

    /** The section and buffer tests of the class comment at last offset {@code last}, from scratch. */
    private boolean feasible(long last) {
      long maxRem = 0;
      for (int t = 0; t < sections; t++) {
        if (rem[t] > 0 && floor[t] + rem[t] > cap) {
          return false;
        }
        maxRem = Math.max(maxRem, rem[t]);
      }
      return last + maxRem <= cap;
    }

    private boolean dfs(int depth, long last, int lastRank) {
      if (depth == n) {
        found = off.clone();
        return true;
      }
      if (depth > deepest) {
        deepest = depth;
      }
      if (++nodes > nodeLimit) {
        limitHit = true;
        stopped = true;
      }
      if ((nodes & 1023) == 0) {
        long now = System.nanoTime();
        if (now >= stopAt) {
          stopped = true;
          timeUp = true;
        }
      }
      if (stopped) {
        return false;
      }
      if (keysAt[depth] == null) {
        keysAt[depth] = new long[n - depth];
        candAt[depth] = new long[maxOv];
        floorAt[depth] = new long[maxSpan];
      }
      // dominance: a buffer c left unplaced could drop to [cand(c), cand(c) + s(c)) if the next offset reached
      // cand(c) + s(c), so the next offset stays below the smallest such end (the second smallest for c itself)
      long m1 = Long.MAX_VALUE;
      long m2 = Long.MAX_VALUE;
      int arg1 = -1;
      for (int i = 0; i < n; i++) {
        if (!placed[i]) {
          long e = cand[i] + s[i];
          if (e < m1) {
            m2 = m1;
            m1 = e;
            arg1 = i;
          } else if (e < m2) {
            m2 = e;
          }
        }
      }
      if (m1 <= last) {
        return false; // a buffer that can no longer be placed where it could not drop
      }
      int k = 0;
      long[] keys = keysAt[depth];
      for (int i = 0; i < n; i++) {
        if (placed[i] || cand[i] < last || (cand[i] == last && rank[i] < lastRank)
            || (twin[i] >= 0 && !placed[twin[i]]) || cand[i] >= (i == arg1 ? m2 : m1)) {
          continue;
        }
        // candidate (below 2^42 units: the capacity is checked in decide) then static rank
        keys[k++] = (cand[i] << 20) | tryRank[i];
      }
      if (k == 0) {
        return false;
      }
      Arrays.sort(keys, 0, k);
      long[] savedCand = candAt[depth];
      long[] savedFloor = floorAt[depth];
      for (int q = 0; q < k; q++) {
        int b = byTry[(int) (keys[q] & ((1 << 20) - 1))];
        long x = cand[b];
        long end = x + s[b];
        placed[b] = true;
        off[b] = x;
        // sections of b: floor rises to its end (from at most x), the remaining size drops by s(b)
        boolean ok = true;
        for (int t = lo[b]; t < hi[b]; t++) {
          savedFloor[t - lo[b]] = floor[t];
          floor[t] = end;
          rem[t] -= s[b];
          if (rem[t] > 0 && end + rem[t] > cap) {
            ok = false;
          }
        }
        int from = ovStart[b];
        int to = ovStart[b + 1];
        for (int p = from; p < to; p++) {
          int j = ov[p];
          savedCand[p - from] = cand[j];
          if (!placed[j] && cand[j] < end) {
            cand[j] = end;
            if (end + s[j] > cap) {
              ok = false;
            }
          }
        }
        if (ok && x > last) {
          // every section now starts at x at least
          ok = x + maxRem() <= cap;
        }
        ok = ok && sectionsFit(x) && dfs(depth + 1, x, rank[b]);
        for (int p = from; p < to; p++) {
          cand[ov[p]] = savedCand[p - from];
        }
        for (int t = lo[b]; t < hi[b]; t++) {
          rem[t] += s[b];
          floor[t] = savedFloor[t - lo[b]];
        }
        placed[b] = false;
        if (ok) {
          return true;
        }
        if (stopped) {
          return false;
        }
      }
      return false;
    }

    /**
     * The section test with the reach of the unplaced buffers: in section t they all lie in [F(t), C), F(t) = the
     * smallest max(cand(b), x) among the unplaced buffers b alive in t; and a waiting buffer (cand(b) &lt; x) can
     * only be placed on a buffer placed later, which starts at x or above, so F(t) uses x + the smallest size of the
     * unplaced buffers overlapping it for it.
     */
    private boolean sectionsFit(long x) {
      Arrays.fill(minF, Long.MAX_VALUE);
      for (int i = 0; i < n; i++) {
        if (placed[i]) {
          continue;
        }
        long e = cand[i];
        if (e < x) {
          long lift = Long.MAX_VALUE;
          for (int p = ovStart[i], end = ovStart[i + 1]; p < end; p++) {
            int j = ov[p];
            if (!placed[j] && s[j] < lift) {
              lift = s[j];
            }
          }
          if (lift == Long.MAX_VALUE) {
            return false; // nothing left to lift it: it would stay droppable
          }
          e = x + lift;
        }
        if (e + s[i] > cap) {
          return false;
        }
        for (int t = lo[i]; t < hi[i]; t++) {
          if (e < minF[t]) {
            minF[t] = e;
          }
        }
      }
      for (int t = 0; t < sections; t++) {
        if (rem[t] > 0 && minF[t] + rem[t] > cap) {
          return false;
        }
      }
      return true;
    }

    private long maxRem() {
      long m = 0;
      for (int t = 0; t < sections; t++) {
        if (rem[t] > m) {
          m = rem[t];
        }
      }
      return m;
    }

  }
}
