package org.commsched.core.bounds;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.LongFunction;
import org.commsched.core.model.Network;
import org.commsched.core.solve.LowerBound;

/**
 * SOURCE-CHAIN (docs/models/linear-cost.md#source-chain; this project): a broadcast whose source
 * has one outgoing arc, read at a target with one incoming arc, as an exact search over a
 * relaxation in which every arc of the units' way is a machine shared by all units.
 *
 * <p>Source {@code s} with one outgoing arc, to {@code x}; a target {@code v} ({@code v != s, x})
 * with one incoming arc, from {@code L} ({@code L != s, x}, {@code x} not an in-neighbour of {@code
 * L}); {@code Y} the in-neighbours of {@code L} other than {@code v}; {@code W} the out-neighbours
 * of {@code x} other than {@code s}. Follow each unit back from its first arrival at {@code L}
 * along first arrivals (each node got it from a node that held it before): a simple path {@code s,
 * x, w, ..., y, L}, {@code w} in {@code W}, {@code y} in {@code Y}, whose nodes after {@code w} are
 * none of {@code s, x, L, v} ({@code v} gets units only from {@code L}). So each unit leaves {@code
 * s} first in one of {@code s}'s packets (sizes {@code a_1 + ... + a_q = n}, the {@code k}-th at
 * {@code x} from {@code C_k = k beta + (a_1 + ... + a_k) tau}, as SOURCE-FEED says), crosses an arc
 * {@code x -> w}, reaches {@code y} at least {@code d(w, y)} hops later ({@code d} the hop distance
 * avoiding {@code s, x, L, v}), crosses {@code y -> L}, then {@code L -> v}. Every one of those
 * arcs carries one packet at a time, each {@code beta} plus {@code tau} per unit (keeping in each
 * packet only the units whose way this is only shortens it), and the hops between {@code w} and
 * {@code y} take at least {@code beta + tau} each (their capacity is dropped). The least makespan
 * of that relaxed problem bounds the makespan.
 *
 * <p>It is found exactly by a search over counts, the units being alike but for their times: the
 * source's packets run back to back from 0; on the arcs {@code x -> w} the packets, in order of
 * start, take the units in order of arrival at {@code x} (an earlier packet holding a later unit
 * can swap it with a later packet's earlier one), each starting when its arc is free and its last
 * unit is at {@code x}; each group of units that reached {@code w} together is split among the
 * {@code y}; each arc {@code y -> L} and {@code L -> v} takes its units first in, first out (all go
 * on alike), so its packets are the runs of a composition of its arrival list, each as early as
 * possible. Searched as a decision per makespan from the best bound found up, with optimistic
 * completions (every unit not yet placed alone on each later arc, and {@code L -> v} batched
 * exactly over those arrivals) cutting the tree; within a work budget, else the last makespan ruled
 * out plus one is reported (still a bound) or nothing.
 */
public final class SourceChainBound {
  private SourceChainBound() {}

  /** Units per message above which it is not tried. */
  static final long UNITS = 24;

  /** Search nodes (and batchings) in all, over every target and makespan. */
  static final long WORK = 30_000_000L;

  /**
   * Targets read at most, the farthest from the source first (any subset of targets gives a valid
   * bound; this keeps the per-target distance searches off large networks).
   */
  static final int TARGETS = 8;

  private static final class OutOfWork extends RuntimeException {
    OutOfWork() {
      super(null, null, false, false);
    }
  }

  /** One target's relaxed network. */
  private record Chain(int v, int leaf, int[] ws, int[] ys, int[][] delay) {}

  /**
   * The bound's value on a broadcast instance with one channel per link, its search run from the
   * best of the other bounds whether or not it rises above it: that best when the search finds a
   * relaxed schedule there, else the least makespan it does not rule out (-1 where it does not
   * apply). Tests hold it against exact optima.
   */
  public static long least(org.commsched.core.model.Instance inst) {
    if (!(inst.problem() instanceof org.commsched.core.model.Problem.Broadcast b)
        || inst.network().hasChannels()) {
      return -1;
    }
    var m = inst.storeAndForward();
    var sc = inst.timeScale();
    List<LowerBound> out = new ArrayList<>();
    long floor = 0;
    for (LowerBound x : LowerBounds.all(inst)) {
      if (!x.kind().equals("SOURCE-CHAIN")) {
        out.add(x);
        floor = Math.max(floor, x.value());
      }
    }
    int before = out.size();
    add(inst.network(), b.source(), b.length(), m.betaTicks(sc), m.tauTicks(sc), x -> "" + x, out);
    if (out.size() > before) {
      return out.get(before).value();
    }
    return applies(inst.network(), b.source(), b.length()) ? floor : -1;
  }

  /** True if some target has a chain this bound reads. */
  static boolean applies(Network net, int source, long n) {
    return n >= 2
        && n <= UNITS
        && net.outDegree(source) == 1
        && !chains(net, source, net.head(net.outArc(source, 0))).isEmpty();
  }

  /**
   * Adds SOURCE-CHAIN for a broadcast from {@code source} of {@code n} units when it exceeds every
   * bound already in {@code out}.
   */
  static void add(
      Network net,
      int source,
      long n,
      long beta,
      long tau,
      LongFunction<String> fmt,
      List<LowerBound> out) {
    if (n < 2 || n > UNITS || net.outDegree(source) != 1 || beta < 0 || tau < 0) {
      return;
    }
    long floor = 0;
    for (LowerBound b : out) {
      floor = Math.max(floor, b.value());
    }
    int x = net.head(net.outArc(source, 0));
    List<Chain> chains = chains(net, source, x);
    if (chains.isEmpty()) {
      return;
    }
    Search s = new Search((int) n, beta, tau);
    long proven = -1; // the largest makespan ruled out at some target
    Chain at = null;
    try {
      for (Chain c : chains) {
        // feasibility is monotone in the makespan: gallop up from the best value so far, then halve
        long bad = Math.max(floor, proven + 1);
        if (s.feasible(c, bad) != null) {
          continue; // this target gives no more
        }
        long good = -1;
        for (long step = 1; good < 0; step *= 2) {
          long t = bad + step;
          if (s.feasible(c, t) != null) {
            good = t;
          } else {
            bad = t;
          }
        }
        while (good - bad > 1) {
          long mid = bad + (good - bad) / 2;
          if (s.feasible(c, mid) != null) {
            good = mid;
          } else {
            bad = mid;
          }
        }
        if (bad > proven) {
          proven = bad;
          at = c;
        }
      }
    } catch (OutOfWork e) {
      // the makespans ruled out so far stand
      if (s.lastRuledOut > proven) {
        proven = s.lastRuledOut;
        at = s.lastChain;
      }
    }
    if (proven + 1 <= floor || at == null) {
      return;
    }
    long value = proven + 1;
    out.add(
        new LowerBound(
            value,
            "SOURCE-CHAIN",
            "node "
                + source
                + " has one outgoing arc, to node "
                + x
                + ", and node "
                + at.v
                + " one incoming arc, from node "
                + at.leaf
                + "; every unit leaves node "
                + source
                + " first in one of its packets (back to back), crosses an arc from node "
                + x
                + " to "
                + nodes(at.ws)
                + ", reaches one of node "
                + at.leaf
                + "'s senders "
                + nodes(at.ys)
                + " (each hop at least beta + tau), crosses into node "
                + at.leaf
                + " and then into node "
                + at.v
                + ", each of those arcs one packet at a time; an exact search over packet sizes"
                + " and routes of that relaxation rules out every makespan below "
                + fmt.apply(value)));
  }

  private static String nodes(int[] vs) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < vs.length; i++) {
      b.append(i == 0 ? "" : i == vs.length - 1 ? " or " : ", ").append("node ").append(vs[i]);
    }
    return b.toString();
  }

  /** The targets this bound reads. */
  private static List<Chain> chains(Network net, int source, int x) {
    List<Chain> out = new ArrayList<>();
    int p = net.nodes();
    int[] far = net.distancesFrom(source);
    Integer[] order = new Integer[p];
    for (int v = 0; v < p; v++) {
      order[v] = v;
    }
    Arrays.sort(order, (a, b) -> far[b] != far[a] ? Integer.compare(far[b], far[a]) : a - b);
    for (int v : order) {
      if (out.size() == TARGETS) {
        break;
      }
      if (v == source || v == x || net.inDegree(v) != 1) {
        continue;
      }
      int leaf = net.tail(net.inArc(v, 0));
      if (leaf == source || leaf == x) {
        continue;
      }
      List<Integer> ys = new ArrayList<>();
      boolean xFeeds = false;
      for (int i = 0; i < net.inDegree(leaf); i++) {
        int y = net.tail(net.inArc(leaf, i));
        if (y == x) {
          xFeeds = true;
        } else if (y != v && !ys.contains(y)) {
          ys.add(y);
        }
      }
      if (xFeeds || ys.isEmpty()) {
        continue;
      }
      boolean[] banned = new boolean[p];
      banned[source] = true;
      banned[x] = true;
      banned[leaf] = true;
      banned[v] = true;
      List<int[]> rows = new ArrayList<>();
      List<Integer> ws = new ArrayList<>();
      for (int i = 0; i < net.outDegree(x); i++) {
        int w = net.head(net.outArc(x, i));
        if (banned[w] || ws.contains(w)) {
          continue;
        }
        int[] d = net.distancesFrom(w, banned);
        int[] row = new int[ys.size()];
        boolean any = false;
        for (int j = 0; j < row.length; j++) {
          row[j] = d[ys.get(j)];
          any |= row[j] >= 0;
        }
        if (any) {
          ws.add(w);
          rows.add(row);
        }
      }
      if (ws.isEmpty()) {
        continue; // no unit reaches v: not an instance this bound reads
      }
      out.add(
          new Chain(
              v,
              leaf,
              ws.stream().mapToInt(Integer::intValue).toArray(),
              ys.stream().mapToInt(Integer::intValue).toArray(),
              rows.toArray(new int[0][])));
    }
    return out;
  }

  /** The decision search over one chain and makespan. */
  private static final class Search {
    final int n;
    final long beta;
    final long tau;
    final long h;
    long work;
    long lastRuledOut = -1;
    Chain lastChain;

    // per decision
    Chain c;
    long limit;
    long[] rel; // arrival at x of the units, in order
    long minHops; // least hops from an arc x -> w's end to L's arrival, in ticks

    Search(int n, long beta, long tau) {
      this.n = n;
      this.beta = beta;
      this.tau = tau;
      this.h = beta + tau;
    }

    void tick() {
      if (++work > WORK) {
        throw new OutOfWork();
      }
    }

    /** Source sizes of a relaxed schedule ending by {@code t}, or null if none. */
    long[] feasible(Chain chain, long t) {
      c = chain;
      limit = t;
      long least = Long.MAX_VALUE;
      for (int[] row : c.delay) {
        for (int d : row) {
          if (d >= 0) {
            least = Math.min(least, d);
          }
        }
      }
      minHops = (least + 1) * h; // w to y, then y -> L
      long[] parts = new long[n];
      long[] found = compositions(parts, 0, 0);
      if (found == null && t > lastRuledOut) {
        lastRuledOut = t;
        lastChain = c;
      }
      return found;
    }

    private long[] compositions(long[] parts, int q, int used) {
      if (used == n) {
        tick();
        rel = new long[n];
        long end = 0;
        int i = 0;
        for (int k = 0; k < q; k++) {
          end += beta + parts[k] * tau;
          for (int j = 0; j < parts[k]; j++) {
            rel[i++] = end;
          }
        }
        long[] opt = new long[n];
        for (int k = 0; k < n; k++) {
          opt[k] = rel[k] + h + minHops;
        }
        if (batch(opt) > limit) {
          return null;
        }
        int m = c.ws.length;
        long[] free = new long[m];
        List<List<Long>> atW = new ArrayList<>();
        for (int k = 0; k < m; k++) {
          atW.add(new ArrayList<>());
        }
        return claim(free, 0, atW) ? Arrays.copyOf(parts, q) : null;
      }
      for (int a = 1; used + a <= n; a++) {
        parts[q] = a;
        long[] r = compositions(parts, q + 1, used + a);
        if (r != null) {
          return r;
        }
      }
      return null;
    }

    /** Units claimed at x in packet-start order over the arcs x -> w. */
    private boolean claim(long[] free, int claimed, List<List<Long>> atW) {
      tick();
      long minFree = Long.MAX_VALUE;
      for (long f : free) {
        minFree = Math.min(minFree, f);
      }
      long[] opt = new long[n];
      int i = 0;
      for (int k = 0; k < atW.size(); k++) {
        long hops = Long.MAX_VALUE;
        for (int d : c.delay[k]) {
          if (d >= 0) {
            hops = Math.min(hops, (d + 1) * h);
          }
        }
        for (long e : atW.get(k)) {
          opt[i++] = e + hops;
        }
      }
      for (int k = claimed; k < n; k++) {
        opt[i++] = Math.max(rel[k], minFree) + h + minHops;
      }
      if (batch(opt) > limit) {
        return false;
      }
      if (claimed == n) {
        return route(atW);
      }
      for (int w = 0; w < free.length; w++) {
        for (int size = 1; claimed + size <= n; size++) {
          long start = Math.max(free[w], rel[claimed + size - 1]);
          long end = start + beta + size * tau;
          long[] nf = free.clone();
          nf[w] = end;
          List<Long> mine = atW.get(w);
          for (int k = 0; k < size; k++) {
            mine.add(end);
          }
          boolean ok = claim(nf, claimed + size, atW);
          for (int k = 0; k < size; k++) {
            mine.remove(mine.size() - 1);
          }
          if (ok) {
            return true;
          }
        }
      }
      return false;
    }

    /** Each group of units at a w split among the senders y it reaches, then the arcs into L. */
    private boolean route(List<List<Long>> atW) {
      // groups: (w, time, count)
      List<long[]> groups = new ArrayList<>();
      for (int w = 0; w < atW.size(); w++) {
        List<Long> l = new ArrayList<>(atW.get(w));
        l.sort(null);
        for (int i = 0; i < l.size(); ) {
          int j = i;
          while (j < l.size() && l.get(j).equals(l.get(i))) {
            j++;
          }
          groups.add(new long[] {w, l.get(i), j - i});
          i = j;
        }
      }
      int ny = c.ys.length;
      List<List<Long>> atY = new ArrayList<>();
      for (int y = 0; y < ny; y++) {
        atY.add(new ArrayList<>());
      }
      return split(groups, 0, atY);
    }

    private boolean split(List<long[]> groups, int g, List<List<Long>> atY) {
      tick();
      if (g == groups.size()) {
        long[][] lists = new long[atY.size()][];
        for (int y = 0; y < lists.length; y++) {
          lists[y] = atY.get(y).stream().mapToLong(Long::longValue).sorted().toArray();
        }
        return intoLeaf(lists, 0, new long[0]);
      }
      long[] gr = groups.get(g);
      return share(groups, g, (int) gr[0], gr[1], (int) gr[2], 0, atY);
    }

    /** Share {@code left} units of a group among senders {@code y..}. */
    private boolean share(
        List<long[]> groups, int g, int w, long time, int left, int y, List<List<Long>> atY) {
      if (y == c.ys.length) {
        return left == 0 && split(groups, g + 1, atY);
      }
      int d = c.delay[w][y];
      int most = d < 0 || time + (d + 2) * h > limit ? 0 : left;
      for (int k = most; k >= 0; k--) {
        List<Long> mine = atY.get(y);
        for (int i = 0; i < k; i++) {
          mine.add(time + d * h);
        }
        boolean ok = share(groups, g, w, time, left - k, y + 1, atY);
        for (int i = 0; i < k; i++) {
          mine.remove(mine.size() - 1);
        }
        if (ok) {
          return true;
        }
      }
      return false;
    }

    /**
     * FIFO packets on the arcs y -> L, sender by sender; {@code done} the arrivals at L of the
     * senders before {@code y}.
     */
    private boolean intoLeaf(long[][] lists, int y, long[] done) {
      if (y == lists.length) {
        return batch(done.clone()) <= limit;
      }
      return runs(lists, y, 0, 0, new long[lists[y].length], done);
    }

    private boolean runs(long[][] lists, int y, int i, long free, long[] mine, long[] done) {
      tick();
      long[] arr = lists[y];
      // optimistic: this sender's rest alone, the later senders' units alone
      int total = done.length;
      for (int z = y; z < lists.length; z++) {
        total += lists[z].length;
      }
      long[] opt = new long[total];
      int k = 0;
      for (long e : done) {
        opt[k++] = e;
      }
      for (int j = 0; j < arr.length; j++) {
        opt[k++] = j < i ? mine[j] : Math.max(arr[j], free) + h;
      }
      for (int z = y + 1; z < lists.length; z++) {
        for (long e : lists[z]) {
          opt[k++] = e + h;
        }
      }
      if (batch(opt) > limit) {
        return false;
      }
      if (i == arr.length) {
        long[] next = Arrays.copyOf(done, done.length + arr.length);
        System.arraycopy(mine, 0, next, done.length, arr.length);
        return intoLeaf(lists, y + 1, next);
      }
      for (int size = 1; i + size <= arr.length; size++) {
        long start = Math.max(free, arr[i + size - 1]);
        long end = start + beta + size * tau;
        for (int j = i; j < i + size; j++) {
          mine[j] = end;
        }
        if (runs(lists, y, i + size, end, mine, done)) {
          return true;
        }
      }
      return false;
    }

    /**
     * The least makespan of batching units with these releases on one arc (sorts {@code rel}):
     * {@code f(j) = min over i < j of max(r_j, f(i)) + beta + (j - i) tau}, release order optimal
     * ({@link SpreadBounds#batches}).
     */
    long batch(long[] r) {
      Arrays.sort(r);
      int m = r.length;
      work += m;
      if (work > WORK) {
        throw new OutOfWork();
      }
      long[] f = new long[m + 1];
      for (int j = 1; j <= m; j++) {
        long best = Long.MAX_VALUE;
        for (int i = 0; i < j; i++) {
          best = Math.min(best, Math.max(r[j - 1], f[i]) + beta + (j - i) * tau);
        }
        f[j] = best;
      }
      return f[m];
    }
  }
}
