package org.commsched.heuristics.bufferless.dsa;

import java.util.Arrays;
import org.commsched.core.solve.StopToken;

/**
 * The decision "is there a layout of height at most C?" for {@link DsaSearch}: depth-first search
 * over canonical layouts with section inference, dominance and dynamic decomposition, in units
 * (sizes divided by their gcd).
 *
 * <p>The ideas are those of MiniMalloc (M. D. Moffitt, ASPLOS 2023; see {@link DsaSearch}); the
 * code and the proofs below are this project's.
 *
 * <p><b>Orders.</b> A <i>preorder</i> ranks the buffers once by a key string read left to right:
 * {@code T} larger section total first (the largest total size alive in a section the buffer
 * spans), {@code A} larger area (size x lifespan length) first, {@code W} longer lifespan first,
 * {@code Z} larger size first; ties by index. A preorder ranking the buffers exactly as an earlier
 * one did (WAT and TWA when all section totals are equal, as in a perfect packing) is replaced by
 * the first spare ({@link #SPARE_PREORDERS}) that ranks them differently, if any. At a node the
 * unplaced buffers are tried by candidate offset, then preorder rank (the <i>dynamic order</i>).
 *
 * <p><b>Canonical layouts.</b> A layout is <i>settled</i> when no buffer can move lower; some
 * optimal layout is settled. List a settled layout by (offset, preorder rank): every buffer's
 * offset is then its candidate c(b), the largest end among the earlier listed buffers overlapping
 * it in time (or 0). So a node whose last placement was at L with rank r places an unplaced buffer
 * b with c(b) &gt; L, or c(b) = L and rank &gt; r, at c(b). Buffers equal in lifespan and size go
 * in preorder (swapping two of them changes nothing).
 *
 * <p><b>Dominance.</b> If the next offset were at least c(u) + s(u) for an unplaced u, every later
 * buffer would lie at or above it and u could drop to c(u): not settled. So the next offset stays
 * below min c(u) + s(u) over the other unplaced buffers, and a node where that minimum is at most L
 * is dead. A buffer with c(b) &lt; L (it waits) will sit on a buffer placed later that overlaps it,
 * so at L + the smallest such size at least; with none left it is dead.
 *
 * <p><b>Section inference.</b> Sections are the intervals between consecutive distinct time points.
 * Per section t: R(t) the total size of the unplaced buffers alive in t, and F(t) the lowest place
 * they can take: at least the current offset (later buffers never go lower: the monotonic floor),
 * the top of the buffers placed in t, and the smallest floor of the unplaced buffers alive in t. A
 * buffer's floor is its candidate, unless it waits (its candidate is below the last offset, or
 * equal to it with a lower rank than the buffer placed last, so the canonical order no longer lets
 * it go there): then it sits on an unplaced buffer j overlapping it, placed at max(last offset,
 * c(j)) or higher, and its floor is the lowest such seat. A node with F(t) + R(t) &gt; C in some
 * section is pruned. <i>Tight runs</i>: a section with top(t) + R(t) = C (top at or above the last
 * offset) must be filled without a hole from top(t) up, so in a maximal run of consecutive tight
 * sections with the same top h the buffers placed at h cover every section, pairwise disjoint in
 * time: the lifespans (cut to the run) of the unplaced buffers with floor h must chain across the
 * run, or the node is pruned ({@link #tightRunsTile}).
 *
 * <p><b>Siblings.</b> The children of a node are tried in dynamic order; after a failed child the
 * next sibling at (offset y, rank r) is first checked with nothing placed: every buffer before it
 * in (candidate, rank) order, among them the failed siblings, waits in its subtree and in every
 * later sibling's. If the section test already fails there, no later sibling can succeed (a
 * placement only raises floors). A failed sibling whose lowest seat leaves no room for it within C
 * ends the node the same way.
 *
 * <p><b>Dynamic decomposition.</b> The cut between sections t and t + 1 counts the unplaced buffers
 * alive in both. When it drops to 0 the unplaced buffers on either side never overlap in time: with
 * the placed buffers fixed they are independent problems, each searched alone (from offset 0, its
 * own canonical order) and each solved once, so a failure on one side never re-searches the other.
 * Before the search the buffers are split the same way.
 *
 * <p><b>Restarts.</b> A decision runs the preorders {@link #PREORDERS} in turn with a node limit
 * that starts at 2n and doubles after each turn; the first run that ends within its limit decides
 * (a layout, or none exists).
 */
final class CapacitySearch {
  static final int FOUND = 0;
  static final int INFEASIBLE = 1;
  static final int STOPPED = 2;

  /** The preorders tried in turn (MiniMalloc's defaults). */
  static final String[] PREORDERS = {"WAT", "TAW", "TWA"};

  /**
   * Preorders that replace one of {@link #PREORDERS} ranking the buffers as an earlier one (Z:
   * larger size first).
   */
  static final String[] SPARE_PREORDERS = {"ZWA", "ZAW"};

  private final int n;
  private final int[] lo;
  private final int[] hi;
  private final long[] s;
  private final long[] width;
  private final int sections;
  private final int[] ovStart;
  private final int[] ov;

  /**
   * Per preorder: rank of each buffer, buffer of each rank, previous twin (same lifespan and size)
   * or -1.
   */
  private final int[][] rankOf;

  private final int[][] byRankOf;
  private final int[][] twinOf;

  /** Per preorder: its key on this instance. */
  private final String[] keyOf;

  private int[] rank;
  private int[] byRank;
  private int[] twin;

  /** The preorder in use. */
  private int cur;

  private final long[] rem;
  private final long[] top;
  private final long[] cand;
  private final boolean[] placed;
  private final long[] sol;
  private final int[] cuts;

  /** Per buffer: how many buffers overlapping it in time are unplaced. */
  private final int[] free;

  private final long[] minF;

  /**
   * Scratch for the section test: unplaced buffers keyed by floor, and the next unpainted section.
   */
  private final long[] byFloor;

  private final int[] next;

  /**
   * Scratch for the tiling test: runs of tight sections, tiles by first section, reachable
   * sections.
   */
  private final int[] runOf;

  private final int[] runEnd;
  private final int[] nextRun;
  private final int[] head;
  private int[] tileEnd;
  private int[] tileNext;
  private final boolean[] reach;
  private final int maxOv;
  private final int maxSpan;
  private final long[][] keysAt;

  /** Per depth: the unplaced buffers of the piece at that node. */
  private final int[][] liveAt;

  private final long[][] candAt;
  private final long[][] topAt;

  /**
   * The run's stop token ({@link org.commsched.core.solve.SolveRun#stop()}): a stop ends a decision
   * as its limit.
   */
  private final StopToken stop;

  private long cap;
  private long stopAt;
  private long nodeLimit;
  private boolean limitHit;
  private boolean timeUp;

  /** Nodes of the last decision. */
  long nodes;

  /** Most buffers placed at once in the last decision. */
  int deepest;

  /** The layout of the last FOUND decision (units). */
  long[] found;

  /**
   * @param lo first section of each buffer
   * @param hi one past its last section
   * @param s sizes in units
   * @param width lifespan lengths in the instance's time (for the preorders' areas and widths)
   * @param points number of time points (sections = points - 1)
   * @param stop the run's stop token, polled with the deadline of each decision
   */
  CapacitySearch(int[] lo, int[] hi, long[] s, long[] width, int points, StopToken stop) {
    this.stop = stop;
    this.n = lo.length;
    this.lo = lo;
    this.hi = hi;
    this.s = s;
    this.width = width;
    this.sections = Math.max(1, points - 1);
    int[] count = new int[n + 1];
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
    rem = new long[sections];
    top = new long[sections];
    cand = new long[n];
    placed = new boolean[n];
    sol = new long[n];
    cuts = new int[sections];
    free = new int[n];
    minF = new long[sections];
    byFloor = new long[n];
    next = new int[sections + 1];
    runOf = new int[sections];
    runEnd = new int[sections + 1];
    nextRun = new int[sections + 1];
    head = new int[sections];
    tileEnd = new int[Math.max(16, n)];
    tileNext = new int[Math.max(16, n)];
    reach = new boolean[sections + 1];
    // section totals, for the preorders' T
    long[] total = new long[sections];
    for (int i = 0; i < n; i++) {
      for (int t = lo[i]; t < hi[i]; t++) {
        total[t] += s[i];
      }
    }
    long[] tKey = new long[n];
    for (int i = 0; i < n; i++) {
      for (int t = lo[i]; t < hi[i]; t++) {
        tKey[i] = Math.max(tKey[i], total[t]);
      }
    }
    rankOf = new int[PREORDERS.length][];
    byRankOf = new int[PREORDERS.length][];
    twinOf = new int[PREORDERS.length][];
    keyOf = new String[PREORDERS.length];
    int spare = 0;
    for (int h = 0; h < PREORDERS.length; h++) {
      Integer[] idx = ranked(PREORDERS[h], tKey);
      keyOf[h] = PREORDERS[h];
      // a preorder that ranks the buffers as an earlier one did (e.g. WAT and TWA when every
      // section total is the
      // same) would repeat its search: the next spare preorder instead, while one differs
      while (spare < SPARE_PREORDERS.length && sameAsEarlier(idx, h)) {
        keyOf[h] = SPARE_PREORDERS[spare++];
        idx = ranked(keyOf[h], tKey);
      }
      int[] r = new int[n];
      int[] by = new int[n];
      int[] tw = new int[n];
      Arrays.fill(tw, -1);
      for (int q = 0; q < n; q++) {
        r[idx[q]] = q;
        by[q] = idx[q];
      }
      // twins: the latest earlier buffer in this preorder with the same lifespan and size
      java.util.Map<String, Integer> lastOf = new java.util.HashMap<>();
      for (int q = 0; q < n; q++) {
        int b = by[q];
        Integer prev = lastOf.put(lo[b] + ":" + hi[b] + ":" + s[b], b);
        if (prev != null) {
          tw[b] = prev;
        }
      }
      rankOf[h] = r;
      byRankOf[h] = by;
      twinOf[h] = tw;
    }
    int mo = 0;
    int ms = 0;
    for (int i = 0; i < n; i++) {
      mo = Math.max(mo, ovStart[i + 1] - ovStart[i]);
      ms = Math.max(ms, hi[i] - lo[i]);
    }
    maxOv = mo;
    maxSpan = ms;
    keysAt = new long[n + 1][];
    liveAt = new int[n + 1][];
    candAt = new long[n + 1][];
    topAt = new long[n + 1][];
  }

  /**
   * FOUND (the layout in {@link #found}), INFEASIBLE (proven: no layout of height at most {@code
   * c}) or STOPPED (at {@code stopAt}, System.nanoTime, or at a stop of the run's token).
   */
  int decide(long c, long stopAt) {
    return decide(c, stopAt, -1);
  }

  /**
   * As {@link #decide(long, long)}; with {@code only} in {@code 0..PREORDERS.length - 1}, one
   * complete search in that preorder (no node limit; for tests).
   */
  int decide(long c, long stopAt, int only) {
    if (c >= (1L << 42)) {
      return STOPPED; // offsets would not fit the packed keys: leave such capacities open
    }
    this.cap = c;
    this.stopAt = stopAt;
    this.timeUp = false;
    this.nodes = 0;
    this.deepest = 0;
    this.found = null;
    for (int i = 0; i < n; i++) {
      if (s[i] > c) {
        return INFEASIBLE;
      }
    }
    long limit = 2L * Math.max(1, n);
    while (true) {
      for (int h = 0; h < PREORDERS.length; h++) {
        if (only >= 0 && h != only) {
          continue;
        }
        cur = h;
        rank = rankOf[h];
        byRank = byRankOf[h];
        twin = twinOf[h];
        reset();
        nodeLimit = only >= 0 ? Long.MAX_VALUE : nodes + limit;
        limitHit = false;
        int[] all = byRank.clone();
        boolean ok = splitAndSolve(all, 0, sections, 0);
        if (ok) {
          found = sol.clone();
          return FOUND;
        }
        if (timeUp) {
          return STOPPED;
        }
        if (!limitHit) {
          return INFEASIBLE;
        }
      }
      limit = limit > Long.MAX_VALUE / 4 ? limit : limit * 2;
    }
  }

  private void reset() {
    Arrays.fill(rem, 0);
    Arrays.fill(top, 0);
    Arrays.fill(cand, 0);
    Arrays.fill(placed, false);
    Arrays.fill(cuts, 0);
    for (int i = 0; i < n; i++) {
      free[i] = ovStart[i + 1] - ovStart[i];
      for (int t = lo[i]; t < hi[i]; t++) {
        rem[t] += s[i];
      }
      for (int t = lo[i]; t < hi[i] - 1; t++) {
        cuts[t]++;
      }
    }
  }

  /**
   * Splits the unplaced buffers of {@code part} (in preorder) at the zero cuts inside sections
   * {@code [a, b)} and solves each piece alone; true when every piece has a layout (written to
   * {@code sol}).
   */
  private boolean splitAndSolve(int[] part, int a, int b, int depth) {
    int[] at = new int[b - a + 1];
    int k = 0;
    at[k++] = a;
    for (int t = a; t < b - 1; t++) {
      if (cuts[t] == 0) {
        at[k++] = t + 1;
      }
    }
    at[k] = b;
    if (k == 1) {
      return solvePiece(part, a, b, depth);
    }
    int[] sizeOf = new int[k];
    for (int i : part) {
      if (!placed[i]) {
        int p = Arrays.binarySearch(at, 0, k + 1, lo[i]);
        p = p >= 0 ? p : -p - 2;
        sizeOf[p]++;
      }
    }
    int[][] pieces = new int[k][];
    for (int p = 0; p < k; p++) {
      pieces[p] = new int[sizeOf[p]];
      sizeOf[p] = 0;
    }
    for (int i : part) {
      if (!placed[i]) {
        int p = Arrays.binarySearch(at, 0, k + 1, lo[i]);
        p = p >= 0 ? p : -p - 2;
        pieces[p][sizeOf[p]++] = i;
      }
    }
    for (int p = 0; p < k; p++) {
      if (pieces[p].length > 0 && !solveReordered(pieces[p], at[p], at[p + 1], depth)) {
        return false;
      }
    }
    return true;
  }

  /**
   * Solves a piece left by a zero cut in the preorder recomputed for it: the T key is now the
   * largest remaining (unplaced) total in the piece's sections. The piece's buffers swap their
   * ranks among themselves, so the ranks of the other buffers keep their meaning; restored
   * afterwards. Buffers equal in lifespan and size keep their order (index), so the twins stay as
   * they were.
   */
  private boolean solveReordered(int[] piece, int a, int b, int depth) {
    int m = piece.length;
    if (m == 1) {
      return solvePiece(piece, a, b, depth);
    }
    int[] oldRank = new int[m];
    int[] ranks = new int[m];
    long[] tk = new long[m];
    Integer[] idx = new Integer[m];
    for (int q = 0; q < m; q++) {
      int i = piece[q];
      oldRank[q] = rank[i];
      ranks[q] = rank[i];
      idx[q] = q;
      for (int t = lo[i]; t < hi[i]; t++) {
        tk[q] = Math.max(tk[q], rem[t]);
      }
    }
    Arrays.sort(ranks);
    String key = keyOf[cur];
    Arrays.sort(idx, (x, y) -> compare(key, piece[x], piece[y], tk[x], tk[y]));
    for (int q = 0; q < m; q++) {
      rank[piece[idx[q]]] = ranks[q];
      byRank[ranks[q]] = piece[idx[q]];
    }
    boolean ok = solvePiece(piece, a, b, depth);
    for (int q = 0; q < m; q++) {
      rank[piece[q]] = oldRank[q];
      byRank[oldRank[q]] = piece[q];
    }
    return ok;
  }

  /** The buffers in the preorder {@code key} (section totals {@code tKey}). */
  private Integer[] ranked(String key, long[] tKey) {
    Integer[] idx = new Integer[n];
    for (int i = 0; i < n; i++) {
      idx[i] = i;
    }
    Arrays.sort(idx, (a, b) -> compare(key, a, b, tKey[a], tKey[b]));
    return idx;
  }

  /** Whether the ranking {@code idx} equals that of one of the preorders before {@code h}. */
  private boolean sameAsEarlier(Integer[] idx, int h) {
    for (int e = 0; e < h; e++) {
      boolean same = true;
      for (int q = 0; q < n && same; q++) {
        same = byRankOf[e][q] == idx[q];
      }
      if (same) {
        return true;
      }
    }
    return false;
  }

  /**
   * The preorder key in use for preorder {@code h} on this instance ({@link #PREORDERS} or a
   * spare).
   */
  String preorder(int h) {
    return keyOf[h];
  }

  /**
   * The preorder {@code key} on buffers a and b with section totals ta and tb: negative when a
   * comes first.
   */
  private int compare(String key, int a, int b, long ta, long tb) {
    for (int c = 0; c < key.length(); c++) {
      int cmp =
          switch (key.charAt(c)) {
            case 'T' -> Long.compare(tb, ta);
            case 'A' -> Double.compare((double) s[b] * width[b], (double) s[a] * width[a]);
            case 'W' -> Long.compare(width[b], width[a]);
            case 'Z' -> Long.compare(s[b], s[a]);
            default -> throw new IllegalStateException(key);
          };
      if (cmp != 0) {
        return cmp;
      }
    }
    return Integer.compare(a, b);
  }

  private boolean solvePiece(int[] part, int a, int b, int depth) {
    return dfs(part, a, b, depth, 0, -1);
  }

  /**
   * One node: {@code depth} buffers placed, the last at {@code last} with preorder rank {@code
   * lastRank}.
   */
  private boolean dfs(int[] part, int a, int b, int depth, long last, int lastRank) {
    if (depth > deepest) {
      deepest = depth;
    }
    if (++nodes > nodeLimit) {
      limitHit = true;
      return false;
    }
    if ((nodes & 1023) == 1 && stop.over(stopAt)) {
      timeUp = true;
    }
    if (timeUp) {
      return false;
    }
    // dominance bound: the smallest and second smallest candidate end among the unplaced buffers of
    // the piece
    long m1 = Long.MAX_VALUE;
    long m2 = Long.MAX_VALUE;
    int arg1 = -1;
    if (keysAt[depth] == null) {
      keysAt[depth] = new long[n - depth];
      liveAt[depth] = new int[n - depth];
      candAt[depth] = new long[maxOv];
      topAt[depth] = new long[maxSpan];
    }
    int[] live = liveAt[depth];
    int left = 0;
    for (int i : part) {
      if (!placed[i]) {
        live[left++] = i;
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
    if (left == 0) {
      return true;
    }
    if (m1 <= last) {
      return false;
    }
    long[] keys = keysAt[depth];
    int k = 0;
    for (int q = 0; q < left; q++) {
      int i = live[q];
      if (cand[i] < last || (cand[i] == last && rank[i] < lastRank)) {
        if (free[i] == 0) {
          return false; // it waits for a buffer to sit on, and none is left
        }
        continue;
      }
      if ((twin[i] >= 0 && !placed[twin[i]]) || cand[i] >= (i == arg1 ? m2 : m1)) {
        continue;
      }
      keys[k++] = (cand[i] << 20) | rank[i];
    }
    if (k == 0) {
      return false;
    }
    Arrays.sort(keys, 0, k);
    long[] savedCand = candAt[depth];
    long[] savedTop = topAt[depth];
    for (int q = 0; q < k; q++) {
      int bf = byRank[(int) (keys[q] & ((1 << 20) - 1))];
      long x = cand[bf];
      if (q > 0 && !(floorsFit(a, b, x) && sectionsFit(live, left, a, b, x, rank[bf]))) {
        // the earlier siblings failed: below this sibling in (offset, rank) order, they wait in its
        // subtree and in
        // every later sibling's, and the section test already fails with nothing placed (placing
        // one only raises
        // floors), so no sibling from here on can succeed
        return false;
      }
      long end = x + s[bf];
      placed[bf] = true;
      sol[bf] = x;
      boolean hatless = free[bf] == 0;
      boolean ok = true;
      for (int t = lo[bf]; t < hi[bf]; t++) {
        savedTop[t - lo[bf]] = top[t];
        top[t] = end;
        rem[t] -= s[bf];
      }
      int from = ovStart[bf];
      int to = ovStart[bf + 1];
      for (int p = from; p < to; p++) {
        int j = ov[p];
        free[j]--;
        savedCand[p - from] = cand[j];
        if (!placed[j] && cand[j] < end) {
          cand[j] = end;
          if (end + s[j] > cap) {
            ok = false;
          }
        }
      }
      boolean zeroCut = false;
      for (int t = lo[bf]; t < hi[bf] - 1; t++) {
        if (--cuts[t] == 0) {
          zeroCut = true;
        }
      }
      if (ok) {
        ok = floorsFit(a, b, x) && sectionsFit(live, left, a, b, x, rank[bf]);
      }
      if (ok) {
        ok =
            zeroCut
                ? splitAndSolve(part, a, b, depth + 1)
                : dfs(part, a, b, depth + 1, x, rank[bf]);
      }
      for (int t = lo[bf]; t < hi[bf] - 1; t++) {
        cuts[t]++;
      }
      for (int p = from; p < to; p++) {
        cand[ov[p]] = savedCand[p - from];
        free[ov[p]]++;
      }
      for (int t = lo[bf]; t < hi[bf]; t++) {
        rem[t] += s[bf];
        top[t] = savedTop[t - lo[bf]];
      }
      placed[bf] = false;
      if (ok) {
        return true;
      }
      if (timeUp || limitHit || hatless) {
        // hatless: nothing unplaced overlaps b, so every later sibling would leave b waiting with
        // nothing to sit on
        return false;
      }
      // every later sibling leaves bf waiting (below it, or at x with a higher rank): bf will sit
      // on an unplaced
      // buffer j overlapping it, placed at max(x, c(j)) or higher; when even the lowest such seat
      // is too high for
      // bf, no later sibling can succeed
      long seat = Long.MAX_VALUE;
      for (int p = from; p < to && seat + s[bf] > cap; p++) {
        int j = ov[p];
        if (!placed[j]) {
          seat = Math.min(seat, Math.max(x, cand[j]) + s[j]);
        }
      }
      if (seat + s[bf] > cap) {
        return false;
      }
    }
    return false;
  }

  /**
   * The cheap part of the section test: max(x, top(t)) + R(t) &lt;= C in every section of the piece
   * (a necessary condition of {@link #sectionsFit}, tried first).
   */
  private boolean floorsFit(int a, int b, long x) {
    for (int t = a; t < b; t++) {
      if (rem[t] > 0 && Math.max(x, top[t]) + rem[t] > cap) {
        return false;
      }
    }
    return true;
  }

  /**
   * The first section at or after t not painted yet (sections past the piece's end count as
   * painted).
   */
  private int unpainted(int t) {
    while (next[t] != t) {
      next[t] = next[next[t]];
      t = next[t];
    }
    return t;
  }

  /**
   * The section test of the class comment over the piece's sections {@code [a, b)}, after a
   * placement at x of a buffer with preorder rank r.
   */
  private boolean sectionsFit(int[] live, int left, int a, int b, long x, int r) {
    for (int t = a; t < b; t++) {
      minF[t] = Long.MAX_VALUE;
    }
    // a waiting buffer sits on a later buffer of the piece: at x + (the smallest unplaced size) at
    // least
    long lift = Long.MAX_VALUE;
    for (int q = 0; q < left; q++) {
      int i = live[q];
      if (!placed[i] && s[i] < lift) {
        lift = s[i];
      }
    }
    long lowest = x + lift;
    int m = 0;
    long spans = 0;
    for (int q = 0; q < left; q++) {
      int i = live[q];
      if (placed[i]) {
        continue;
      }
      // below x, or at x but ranked before the buffer just placed there: it can no longer go at its
      // candidate
      boolean waits = cand[i] < x || (cand[i] == x && rank[i] < r);
      if (waits && free[i] == 0) {
        return false; // it waits for a buffer to sit on, and none is left
      }
      long e = cand[i];
      if (waits) {
        // it sits on an unplaced buffer j overlapping it, placed at max(x, c(j)) at least: above
        // its end
        long up = Long.MAX_VALUE;
        for (int p = ovStart[i], end = ovStart[i + 1]; p < end && up > lowest; p++) {
          int j = ov[p];
          if (!placed[j]) {
            long top = Math.max(x, cand[j]) + s[j];
            if (top < up) {
              up = top;
            }
          }
        }
        e = up;
      }
      if (e + s[i] > cap) {
        return false;
      }
      byFloor[m++] = (e << 20) | i;
      spans += hi[i] - lo[i];
    }
    // each section's lowest floor: with short lifespans directly, else paint the sections in
    // increasing floor
    // order, each once (the next unpainted section by path halving), O(m log m + sections)
    if (spans <= 16L * m) {
      for (int q = 0; q < m; q++) {
        int i = (int) (byFloor[q] & ((1 << 20) - 1));
        long e = byFloor[q] >>> 20;
        for (int t = lo[i]; t < hi[i]; t++) {
          if (e < minF[t]) {
            minF[t] = e;
          }
        }
      }
    } else {
      Arrays.sort(byFloor, 0, m);
      for (int t = a; t <= b; t++) {
        next[t] = t;
      }
      for (int q = 0; q < m; q++) {
        int i = (int) (byFloor[q] & ((1 << 20) - 1));
        long e = byFloor[q] >>> 20;
        for (int t = unpainted(lo[i]); t < hi[i]; t = unpainted(t)) {
          minF[t] = e;
          next[t] = t + 1;
        }
      }
    }
    for (int t = a; t < b; t++) {
      if (rem[t] > 0) {
        long f = Math.max(Math.max(x, top[t]), minF[t]);
        if (f + rem[t] > cap) {
          return false;
        }
      }
    }
    return tightRunsTile(a, b, x, m);
  }

  /**
   * The tiling test for tight sections, after {@link #sectionsFit} passed with its m unplaced
   * buffers and their floors in {@code byFloor}. A section t is <i>tight</i> when top(t) &gt;= x
   * and top(t) + R(t) = C: its free space [top(t), C) must be filled without a hole, so the offset
   * top(t) is taken in t by an unplaced buffer placed exactly there. Take a maximal run [u, v) of
   * consecutive tight sections with the same top h. The buffers at offset h that cross the run are
   * pairwise disjoint in time (they share the offset h) and cover every section of the run; each
   * has floor h (an unplaced buffer crossing the run has floor h or more). So the lifespans, cut to
   * [u, v), of the unplaced buffers with floor h crossing the run must chain from u to v; a run
   * where they do not is a dead node. O(m + sections + the runs the buffers cross).
   */
  private boolean tightRunsTile(int a, int b, long x, int m) {
    // runs: runEnd[u] for each run start u, runOf[t] the start of the run holding t (or -1),
    // nextRun[t] the first
    // run start at or after t (b if none)
    boolean any = false;
    for (int t = a; t < b; ) {
      long h = top[t];
      if (!(rem[t] > 0 && h >= x && h + rem[t] == cap)) {
        runOf[t] = -1;
        t++;
        continue;
      }
      int v = t + 1;
      while (v < b && rem[v] > 0 && top[v] == h && h + rem[v] == cap) {
        v++;
      }
      for (int q = t; q < v; q++) {
        runOf[q] = t;
      }
      runEnd[t] = v;
      any = true;
      t = v;
    }
    if (!any) {
      return true;
    }
    nextRun[b] = b;
    for (int t = b - 1; t >= a; t--) {
      nextRun[t] = runOf[t] == t ? t : nextRun[t + 1];
      head[t] = -1;
    }
    // tiles: per run, the buffers with floor h crossing it, from their first section in the run to
    // its end or
    // theirs; a tile is a transition of the chain from its first section
    int tiles = 0;
    for (int q = 0; q < m; q++) {
      int i = (int) (byFloor[q] & ((1 << 20) - 1));
      long e = byFloor[q] >>> 20;
      int t = lo[i];
      int u = runOf[t] >= 0 ? runOf[t] : nextRun[t];
      while (u < hi[i]) {
        int v = runEnd[u];
        if (top[u] == e) {
          if (tiles == tileEnd.length) {
            tileEnd = Arrays.copyOf(tileEnd, 2 * tiles);
            tileNext = Arrays.copyOf(tileNext, 2 * tiles);
          }
          int from = Math.max(t, u);
          tileEnd[tiles] = Math.min(hi[i], v);
          tileNext[tiles] = head[from];
          head[from] = tiles++;
        }
        u = nextRun[v];
      }
    }
    for (int u = nextRun[a]; u < b; u = nextRun[runEnd[u]]) {
      int v = runEnd[u];
      for (int p = u; p <= v; p++) {
        reach[p] = false;
      }
      reach[u] = true;
      for (int p = u; p < v; p++) {
        if (!reach[p]) {
          continue;
        }
        for (int k = head[p]; k >= 0; k = tileNext[k]) {
          reach[tileEnd[k]] = true;
        }
      }
      if (!reach[v]) {
        return false;
      }
      if (v == b) {
        break;
      }
    }
    return true;
  }
}
