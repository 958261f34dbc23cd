package org.commsched.core.bounds;

import java.util.Arrays;
import org.commsched.core.model.Network;

/**
 * The one-port far-split bound of broadcast (docs/models/linear-cost.md#far-split): the
 * first-arrival tree of one unit must reach a few far nodes, and wherever the tree's paths to them
 * part, the node there serves them one after another, so all but one branch waits at least one more
 * hop time. Counted in steps of {@code h = beta + tau} from the source's first departure of that
 * unit, the least number of steps to reach a target set {@code W} from a node {@code y} in any such
 * tree is at least {@code D(y, W)}, computed by the recursion (children need not be distinct and
 * subtrees may overlap: a relaxation of every real tree)
 *
 * <pre>
 *   D(y, {w}) = dist(y, w)
 *   D(y, S)   = min( min over z of base(z, S) + dist(y, z),  1 + min over out-neighbours c of D(c, S) )
 *   base(z, S) = H(z, S \ {z})                      if z is in S (H(z, {}) = 0)
 *              = H2(z, S)                           otherwise (at least two groups)
 *   H(y, A)   = 1 + min over nonempty G of A of max(M(y, G), H(y, A \ G)),   M(y, G) = min over c of D(c, G)
 * </pre>
 *
 * where {@code H(y, A)} is the fewest steps in which {@code y} hands the groups of {@code A} to
 * children called in rounds 1, 2, ... (the group of the largest remaining need first). {@code D(s,
 * W)} steps are needed, the first ending at the source's first departure of the unit, so the
 * makespan is at least {@code beta + n tau + (D - 1) h} (the same start as DOUBLING). On a grid
 * from a side's middle, the two corners at the eccentricity make it the eccentricity + 1. {@code W}
 * is chosen greedily among the farthest nodes, spread apart, as many as {@link #WORK} allows
 * ({@code 3^|W|} splits per node).
 */
final class FarSplitBound {
  private FarSplitBound() {}

  /** Node visits (3^|W| per node for the splits, 2^|W| breadth-first passes) the bound may take. */
  static final long WORK = 20_000_000L;

  /** The largest target set. */
  static final int MAX_TARGETS = 12;

  private static final int INF = Integer.MAX_VALUE / 4;

  /**
   * The bound in steps and the target nodes it was computed for; {@code chosen} the targets chosen
   * (more than {@code targets} when the deadline cut the recursion after the subsets of the first
   * ones).
   */
  record Result(int steps, int[] targets, int chosen) {
    Result(int steps, int[] targets) {
      this(steps, targets, targets.length);
    }

    /** True when the deadline cut the recursion. */
    boolean cut() {
      return chosen > targets.length;
    }
  }

  /**
   * The number of targets the work budget allows on this network, at most {@code far} (0: too
   * large).
   */
  static int targets(Network net, int far) {
    long per = (long) net.nodes() + net.arcs();
    int k = 0;
    long pow3 = 1;
    while (k < Math.min(far, MAX_TARGETS)) {
      long next3 = pow3 * 3;
      if (next3 * net.nodes() + (1L << (k + 1)) * per > WORK) {
        break;
      }
      pow3 = next3;
      k++;
    }
    return k;
  }

  /**
   * {@code D(s, W)} for a greedily chosen far set {@code W} ({@code dist}: the hop distances from
   * {@code s}), or null when fewer than two targets fit the budget.
   */
  static Result compute(Network net, int s, int[] dist) {
    return compute(net, s, dist, Cutoff.none());
  }

  /**
   * As {@link #compute(Network, int, int[])}; past {@code cutoff}'s deadline, {@code D(s, W')} for
   * the first targets {@code W'} whose subsets were all done ({@code D} over fewer targets is a
   * weaker bound of the same kind), or null when fewer than two.
   */
  static Result compute(Network net, int s, int[] dist, Cutoff cutoff) {
    int p = net.nodes();
    int reachable = 0;
    for (int v = 0; v < p; v++) {
      if (v != s && dist[v] > 0) {
        reachable++;
      }
    }
    int k = targets(net, reachable);
    if (k < 2) {
      return null;
    }
    int[] w = choose(net, s, dist, k);
    int[] r = steps(net, s, w, cutoff);
    if (r[1] < 2) {
      return null;
    }
    return new Result(r[0], Arrays.copyOf(w, r[1]), k);
  }

  /**
   * The targets: repeatedly the node farthest from the source, ties broken by the largest distance
   * to the targets already chosen (so the set spreads over the far corners), then by the lowest id.
   */
  static int[] choose(Network net, int s, int[] dist, int k) {
    int p = net.nodes();
    int[] apart = new int[p];
    Arrays.fill(apart, INF);
    boolean[] taken = new boolean[p];
    int[] w = new int[k];
    for (int i = 0; i < k; i++) {
      int best = -1;
      for (int v = 0; v < p; v++) {
        if (v == s || taken[v] || dist[v] <= 0) {
          continue;
        }
        if (best < 0 || dist[v] > dist[best] || (dist[v] == dist[best] && apart[v] > apart[best])) {
          best = v;
        }
      }
      w[i] = best;
      taken[best] = true;
      int[] d = net.distancesFrom(best);
      for (int v = 0; v < p; v++) {
        if (d[v] >= 0) {
          apart[v] = Math.min(apart[v], d[v]);
        }
      }
    }
    return w;
  }

  /**
   * {@code D(s, W)} by the recursion of the class comment, subsets of {@code W} in increasing
   * order.
   */
  static int steps(Network net, int s, int[] w) {
    return steps(net, s, w, Cutoff.none())[0];
  }

  /**
   * {@code {D(s, W'), |W'|}} for the longest prefix {@code W'} of {@code w} whose subsets were all
   * done by {@code cutoff}'s deadline (the subsets of the first {@code j} targets are the sets
   * below {@code 2^j}, done first): all of {@code w} unless cut; {@code {0, 0}} when cut before the
   * first.
   */
  static int[] steps(Network net, int s, int[] w, Cutoff cutoff) {
    int p = net.nodes();
    int prefixSteps = 0;
    int prefix = 0;
    int k = w.length;
    int full = (1 << k) - 1;
    int[] bit = new int[p];
    Arrays.fill(bit, -1);
    for (int i = 0; i < k; i++) {
      bit[w[i]] = i;
    }
    int[][] h = new int[full + 1][];
    int[][] m = new int[full + 1][];
    int[] base = new int[p];
    int[] split = new int[p];
    int[] delta = new int[p];
    // the neighbours once: on an implicit network (a grid) each degree and arc is computed again
    // per call, and the loops below ask for them 2^k times
    int[][] heads = new int[p][];
    int[][] tails = new int[p][];
    for (int v = 0; v < p; v++) {
      heads[v] = new int[net.outDegree(v)];
      for (int i = 0; i < heads[v].length; i++) {
        heads[v][i] = net.head(net.outArc(v, i));
      }
      tails[v] = new int[net.inDegree(v)];
      for (int i = 0; i < tails[v].length; i++) {
        tails[v][i] = net.tail(net.inArc(v, i));
      }
    }
    for (int set = 1; set <= full; set++) {
      if (cutoff.passed()) {
        cutoff.cut("FAR-SPLIT");
        return new int[] {prefixSteps, prefix};
      }
      Arrays.fill(split, INF);
      for (int g = (set - 1) & set;
          g > 0;
          g = (g - 1) & set) { // node-inner: both rows are read in order
        int[] mg = m[g];
        int[] hr = h[set ^ g];
        for (int y = 0; y < p; y++) {
          split[y] = Math.min(split[y], Math.max(mg[y], hr[y]));
        }
      }
      for (int y = 0; y < p; y++) {
        split[y] = split[y] >= INF ? INF : split[y] + 1;
        if (bit[y] >= 0 && (set >> bit[y] & 1) == 1) {
          int rest = set & ~(1 << bit[y]);
          base[y] = rest == 0 ? 0 : h[rest][y];
        } else {
          base[y] = split[y];
        }
      }
      spread(tails, base, delta);
      int[] ms = new int[p];
      int[] hs = new int[p];
      for (int y = 0; y < p; y++) {
        int best = INF;
        for (int z : heads[y]) {
          best = Math.min(best, delta[z]);
        }
        ms[y] = best;
        hs[y] = Math.min(split[y], best >= INF ? INF : best + 1);
      }
      m[set] = ms;
      h[set] = hs;
      if ((set & (set + 1)) == 0) { // set = 2^j - 1: all subsets of the first j targets done
        prefixSteps = delta[s];
        prefix = Integer.bitCount(set);
      }
      if (set == full) {
        return new int[] {delta[s], k};
      }
    }
    throw new IllegalStateException("unreachable");
  }

  /**
   * {@code out[y] = min over z of base[z] + dist(y, z)}: a breadth-first pass against the arcs,
   * many sources; {@code tails[v]} are the tails of the arcs into v.
   */
  private static void spread(int[][] tails, int[] base, int[] out) {
    int p = tails.length;
    long[] order = new long[p];
    int count = 0;
    for (int v = 0; v < p; v++) {
      out[v] = base[v];
      if (base[v] < INF) {
        order[count++] = ((long) base[v] << 32) | v;
      }
    }
    Arrays.sort(order, 0, count);
    int[] queue = new int[p];
    boolean[] done = new boolean[p];
    int head = 0;
    int tail = 0;
    int idx = 0;
    while (idx < count || head < tail) {
      int v;
      if (head < tail && (idx == count || out[queue[head]] <= (int) (order[idx] >>> 32))) {
        v = queue[head++];
      } else {
        v = (int) order[idx++];
      }
      if (done[v]) {
        continue;
      }
      done[v] = true;
      for (int u : tails[v]) {
        if (!done[u] && out[v] + 1 < out[u]) {
          out[u] = out[v] + 1;
          queue[tail++] = u;
        }
      }
    }
  }
}
