package org.commsched.solver.lns;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The neighbourhoods of {@code lns}: which k messages one repair may move. The set always starts
 * with (as many as fit of) the messages ending at the makespan, then grows by one rule drawn at
 * random:
 *
 * <ol start="0">
 *   <li>messages nearest in time on the arcs of members (a random walk over conflicts);
 *   <li>the messages active in the narrowest time window, ending at the makespan or at a random
 *       step, that holds the rest;
 *   <li>a run of consecutive messages on an arc drawn with probability proportional to its squared
 *       load;
 *   <li>the messages blocking a member from departing a few steps earlier, breadth first;
 *   <li>a random sample (which also fills up whatever the other rules leave).
 * </ol>
 *
 * The rules are this project's, in the spirit of the related-removal neighbourhoods of P. Shaw,
 * "Using Constraint Programming and Local Search Methods to Solve Vehicle Routing Problems" (CP
 * 1998).
 *
 * @implNote Not thread-safe: it reads the search's incumbent departures (shared, updated in place
 *     by the search) and draws from the search's random stream, in the same order as the search has
 *     always drawn.
 */
final class LnsNeighbourhoods {
  private final LnsData data;
  private final long[] dep;
  private final SplittableRandom rnd;
  private int k;
  private int lastRule;

  /**
   * Neighbourhoods of the incumbent {@code dep} (read at every {@link #choose}), drawing from
   * {@code rnd}.
   */
  LnsNeighbourhoods(LnsData data, long[] dep, SplittableRandom rnd) {
    this.data = data;
    this.dep = dep;
    this.rnd = rnd;
  }

  /** The rule the last {@link #choose} drew (0 to 4, see the class comment). */
  int lastRule() {
    return lastRule;
  }

  /**
   * The indices (increasing) of at most {@code k} messages to free: every message when {@code k}
   * reaches their number.
   */

  /** k messages (sorted): the late ones first, grown by one of four rules. */
  int[] choose(int k) {
    this.k = k;
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

  /**
   * Grows the set by messages close in time on the arcs of its members (a random walk over
   * conflicts).
   */
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
   * Adds the messages active in a time window ending at the makespan or at a random step, the
   * window just wide enough to hold the rest of the neighbourhood (latest ends first when it holds
   * more).
   */
  private int timeWindow(int[] pick, int n, boolean[] in, long t) {
    long b = rnd.nextBoolean() ? t : 1 + rnd.nextLong(Math.max(1, t));
    long lo = 1;
    long hi = Math.max(1, b);
    while (lo
        < hi) { // the narrowest window [b - w, b) with at least k - n active messages outside the
      // set
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
   * Adds, breadth first from the set's members, the messages that block a member from departing a
   * few steps earlier: those it would meet on some arc there.
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

  /**
   * Adds a run of consecutive messages (by time) on an arc drawn with probability growing with its
   * load.
   */
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
    Arrays.sort(
        order, (x, y) -> Long.compare(dep[us[x]] + data.hops[a][x], dep[us[y]] + data.hops[a][y]));
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
}
