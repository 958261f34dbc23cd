package org.commsched.heuristics.bufferless.dsa;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.solve.StopToken;

/**
 * The lower bound {@value #KIND} on the height of every layout of a dsa instance: the buffers alive
 * in a window of time (each with its whole lifespan) cannot be laid out within a height that {@link
 * CapacitySearch} refutes exhaustively.
 *
 * <p><b>Why it holds.</b> The buffers alive in some section of a window {@code [a, e)} are a subset
 * of the instance. Any layout of the whole instance, kept on that subset only, is a layout of the
 * subset no higher (two buffers of the subset alive together keep their disjoint offsets). So a
 * height the subset cannot reach, the whole instance cannot reach either: the least height of any
 * subset is a lower bound (the argument of any relaxation). Heights are counted in units of g, the
 * gcd of the subset's sizes: some lowest layout of the subset is settled (no buffer can move down),
 * the offsets of a settled layout are sums of sizes, so multiples of g, and a layout of height H
 * gives one of height {@code g floor(H / g)}; the refutation of {@code c} units therefore proves
 * that no layout has height below {@code (c + 1) g} (the search's own proofs: {@link
 * CapacitySearch}). The witness names the window; the subset is the file's rows alive in it, and
 * {@code solve} of those rows with {@code --capacity} (one less than the bound) re-checks it.
 *
 * <p><b>Which windows.</b> The load (LOAD) is the bound of one section; a subset alive in one
 * section packs to its load, but one spread over several sections need not: a buffer alive across a
 * cut keeps one offset on both sides, so the buffers alive on one side only must fit around it on
 * each side at once. Widths of 2, 3, 4, 6, 9, ... sections are tried in turn, the whole instance
 * last; windows of one width are slid over the instance with a step of a quarter of the width and
 * tried in decreasing order of their peak load, a subset already tried is skipped. On each subset
 * the capacity at the bound so far is refuted first, then larger ones in steps that double while
 * refuted (back to one unit above the last refuted after a failure); each decision gets an eighth
 * of the time left. A decision that finds a layout, or stops on its share, ends its subset. With
 * time left after the last width, the subsets whose decision stopped are tried once more, fewest
 * buffers first, each decision with half the time left.
 *
 * <p><b>Literature.</b> Lower bounds from sub-instances are the usual relaxation argument of exact
 * search. For DSA, Buchsbaum, Karloff, Kenyon, Reingold and Thorup ("OPT versus LOAD in dynamic
 * storage allocation", SIAM J. Comput. 33(3), 2004) show that the least height can exceed the load
 * by a constant factor, so LOAD alone cannot settle such instances. The windows and the schedule of
 * decisions are this project's.
 *
 * <p><b>Cost.</b> Exponential per decision (the search), cut by the deadline the caller gives; a
 * subset of more than {@link DsaSearch#SEARCH_LIMIT} buffers is skipped. On a tiny instance the
 * whole instance is searched to the end, and the bound is the optimum.
 *
 * @implNote Stateless; each call builds its own searches.
 */
public final class WindowBound {
  /** The bound's kind, as {@code bounds} prints it. */
  public static final String KIND = "WINDOW";

  private WindowBound() {}

  /**
   * The strongest {@value #KIND} bound above {@code known} found before {@code deadline}
   * (System.nanoTime), or null when no window refutes a height at or above {@code known}.
   *
   * @param instance a dsa instance (or chatting on a ula read as buffers)
   * @param known a proven lower bound (e.g. the load): only bounds above it are looked for
   * @param deadline when to stop (System.nanoTime)
   * @param stop the run's stop token, or a fresh one
   */
  public static LowerBound of(Instance instance, long known, long deadline, StopToken stop) {
    Buffers b = new Buffers(instance);
    if (b.n == 0 || b.points < 3 || stop.over(deadline)) {
      return null;
    }
    int sections = b.points - 1;
    long[] total = new long[sections];
    for (int i = 0; i < b.n; i++) {
      for (int t = b.lo[i]; t < b.hi[i]; t++) {
        total[t] += b.size[i];
      }
    }
    long[] time = pointTimes(instance, b);
    long bound = known;
    int[] best = null; // window [a, e), buffers, unit
    List<Integer> widths = new ArrayList<>();
    for (int w = 2; w < sections; w = w < 4 ? w + 1 : w + w / 2) {
      widths.add(w);
    }
    widths.add(sections); // the whole instance last
    java.util.Set<java.util.BitSet> tried = new java.util.HashSet<>();
    List<int[]> open = new ArrayList<>();
    for (int w : widths) {
      List<int[]> windows = new ArrayList<>();
      int step = Math.max(1, w / 4);
      for (int a = 0; a + w <= sections; a += step) {
        windows.add(new int[] {a, a + w});
      }
      if ((sections - w) % step != 0) {
        windows.add(new int[] {sections - w, sections});
      }
      windows.sort(
          Comparator.comparingLong((int[] x) -> -peak(total, x[0], x[1]))
              .thenComparingInt(x -> x[0]));
      for (int[] win : windows) {
        if (stop.over(deadline)) {
          break;
        }
        java.util.BitSet in = subset(b, win);
        if (!tried.add(in)) {
          continue;
        }
        long[] r = refute(b, time, in, bound, deadline, 8, stop);
        if (r[0] > bound) {
          bound = r[0];
          best = new int[] {win[0], win[1], in.cardinality()};
        }
        if (r[1] == 1) {
          open.add(new int[] {win[0], win[1]});
        }
      }
    }
    // time left: the windows whose decision stopped on its share again, fewest buffers first, with
    // half the time
    // left per decision, until none is open or the time is up
    open.sort(Comparator.comparingInt((int[] x) -> count(b, x)));
    while (!open.isEmpty() && !stop.over(deadline)) {
      int[] win = open.remove(0);
      long[] r = refute(b, time, subset(b, win), bound, deadline, 2, stop);
      if (r[0] > bound) {
        bound = r[0];
        best = new int[] {win[0], win[1], count(b, win)};
      }
    }
    if (best == null) {
      return null;
    }
    return new LowerBound(
        bound,
        KIND,
        "the "
            + best[2]
            + " buffers alive in the window from time "
            + time[best[0]]
            + " to time "
            + time[best[1]]
            + " (each with its whole lifespan) have no layout of height "
            + (bound - 1)
            + " or less (dsa-search refuted it exhaustively), and every layout of the whole instance lays them out no "
            + "higher");
  }

  /** The buffers alive in some section of the window {@code [win[0], win[1])}. */
  private static java.util.BitSet subset(Buffers b, int[] win) {
    java.util.BitSet in = new java.util.BitSet(b.n);
    for (int i = 0; i < b.n; i++) {
      if (b.lo[i] < win[1] && b.hi[i] > win[0]) {
        in.set(i);
      }
    }
    return in;
  }

  private static int count(Buffers b, int[] win) {
    return subset(b, win).cardinality();
  }

  private static long peak(long[] total, int a, int e) {
    long m = 0;
    for (int t = a; t < e; t++) {
      m = Math.max(m, total[t]);
    }
    return m;
  }

  /**
   * Refutes capacities of the subset from {@code known} up, each decision with {@code 1 / divisor}
   * of the time left: {bound, stopped}, bound one unit above the largest capacity refuted ({@code
   * known} if none), stopped 1 when the last decision stopped on its share (the subset is still
   * open), else 0.
   */
  static long[] refute(
      Buffers b,
      long[] time,
      java.util.BitSet subset,
      long known,
      long deadline,
      int divisor,
      StopToken stop) {
    List<Integer> in = new ArrayList<>();
    subset.stream().forEach(in::add);
    int m = in.size();
    if (m == 0 || m > DsaSearch.SEARCH_LIMIT) {
      return new long[] {known, 0};
    }
    int[] lo = new int[m];
    int[] hi = new int[m];
    long[] s = new long[m];
    long[] width = new long[m];
    long g = 0;
    int first =
        Integer
            .MAX_VALUE; // the subset's own time points: from its earliest start to its latest end
    int last = 0;
    for (int i : in) {
      first = Math.min(first, b.lo[i]);
      last = Math.max(last, b.hi[i]);
    }
    for (int k = 0; k < m; k++) {
      int i = in.get(k);
      lo[k] = Math.max(b.lo[i], first) - first;
      hi[k] = Math.min(b.hi[i], last) - first;
      g = Buffers.gcd(g, b.size[i]);
      width[k] = time[Math.min(b.hi[i], last)] - time[Math.max(b.lo[i], first)];
    }
    for (int k = 0; k < m; k++) {
      s[k] = b.size[in.get(k)] / g;
    }
    CapacitySearch search = new CapacitySearch(lo, hi, s, width, last - first + 1, stop);
    long refuted = -1; // largest capacity (units) refuted
    long open = Long.MAX_VALUE; // least capacity found or left open
    long c = Math.floorDiv(known, g); // (c + 1) g > known: refuting c raises the bound
    long step = 1;
    int verdict = CapacitySearch.STOPPED;
    while (c < open && c > refuted && !stop.over(deadline)) {
      long now = System.nanoTime();
      long share = Math.max(20_000_000L, (deadline - now) / divisor);
      verdict = search.decide(c, Math.min(deadline, now + share));
      if (verdict == CapacitySearch.INFEASIBLE) {
        refuted = c;
        step *= 2;
        c = Math.min(c + step / 2, open - 1);
      } else {
        open = c;
        step = 1;
        c = refuted < 0 ? open : refuted + 1;
      }
    }
    long bound = refuted < 0 ? known : Math.max(known, (refuted + 1) * g);
    return new long[] {bound, verdict == CapacitySearch.STOPPED ? 1 : 0};
  }

  /**
   * The time of each of the buffers' points: the file's times on a CSV file's instance, else the
   * ula node ids.
   */
  private static long[] pointTimes(Instance instance, Buffers b) {
    long[] node = new long[b.points];
    List<Message> ms = instance.messages();
    for (int i = 0; i < b.n; i++) {
      node[b.lo[i]] = ms.get(i).from();
      node[b.hi[i]] = ms.get(i).to();
    }
    List<Long> times = instance.problem().pointTimes();
    if (times.size() == instance.network().nodes()) {
      for (int k = 0; k < b.points; k++) {
        node[k] = times.get((int) node[k]);
      }
    }
    return node;
  }
}
