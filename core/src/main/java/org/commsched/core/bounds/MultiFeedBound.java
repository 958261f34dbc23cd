package org.commsched.core.bounds;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeMap;
import java.util.function.LongFunction;
import org.commsched.core.model.Network;
import org.commsched.core.solve.LowerBound;

/**
 * MULTI-FEED: FEED ({@link SpreadBounds#feed}) at a node with {@code k >= 2} incoming arcs under
 * all ports (docs/models/linear-cost.md#multi-feed, where it is derived; this project's).
 *
 * <p>Keep in each packet into {@code v} only the first arrivals of units {@code v} needs. Each of
 * {@code v}'s {@code k} incoming arcs carries those packets one after another, each {@code beta}
 * plus {@code tau} per unit, and a unit rides in one only once the arc's tail holds it, which is no
 * earlier than FEED's release of it at the nearest sender (hop distances, the units of one origin
 * spaced over its out-degree). So the makespan is at least the least makespan of {@code k}
 * identical machines that process units with those releases in batches of {@code beta + size tau}.
 * That least makespan is found exactly ({@link #makespan}): some optimal schedule hands the units
 * in release order to its batches in order of their starts, and puts each batch on the machine free
 * first; a search over the batch sizes with a Pareto front of the machines' free times per number
 * of units handed out decides each candidate makespan, and a binary search finds the least. With
 * one arc it is FEED; with all units released at once it is {@code RECV-PORT}. The releases are
 * also raised, rank by rank, by a relay stage ({@link #relay}): the units first enter the set of
 * {@code v}'s in-neighbours over the arcs into it from other nodes, one packet at a time on each.
 * On a corner of the 3 x 3 mesh, gossip of 4 units with {@code beta = 5}, {@code tau = 1}: 29
 * without the relay stage, 31 with it, where {@code CUT} says 25.
 */
final class MultiFeedBound {
  private MultiFeedBound() {}

  /** Incoming arcs above which a node is not looked at (the fronts grow with them). */
  static final int MAX_ARCS = 4;

  /** Units one node may need at most for the search to run on it. */
  static final int MAX_UNITS = 2_048;

  /**
   * Search steps (batch choices plus front comparisons) the bound may take over all nodes; at the
   * budget the node being searched reports the least makespan its search has ruled in so far (every
   * smaller one was proven infeasible, or is below the suffix bound).
   */
  static final long WORK = 30_000_000L;

  /** The value at one node, how it was found and the releases it batched. */
  private record Value(long value, boolean exact, TreeMap<Long, Long> groups) {}

  /**
   * Adds MULTI-FEED for a broadcast from {@code source} of {@code n} units ({@code source < 0}:
   * gossip of {@code n} units per node) under all ports when it exceeds every bound already in
   * {@code out} at some node with 2 to {@link #MAX_ARCS} incoming arcs; nothing under one port
   * (FEED covers it) or when no node qualifies. Past {@code cutoff}'s deadline ({@link
   * Cutoff#none()}: none) the nodes not yet searched are left out and the node being searched
   * reports the least makespan its search has not ruled out, as at the work budget.
   */
  static void add(
      Network net,
      int source,
      long n,
      boolean onePort,
      long beta,
      long tau,
      LongFunction<String> fmt,
      List<LowerBound> out,
      Cutoff cutoff) {
    int p = net.nodes();
    if (onePort || p < 3 || n < 1 || n > MAX_UNITS) {
      return;
    }
    long floor = 0;
    for (LowerBound b : out) {
      floor = Math.max(floor, b.value());
    }
    int origins = source >= 0 ? 1 : p - 1;
    int levels =
        (int) Math.max(1, Math.min(SpreadBounds.FEED_LEVELS, SpreadBounds.FEED_GROUPS / origins));
    // nodes by fewest incoming arcs first (they batch over the fewest machines)
    List<Integer> nodes = new ArrayList<>();
    for (int v = 0; v < p; v++) {
      int in = net.inDegree(v);
      if (v != source && in >= 2 && in <= MAX_ARCS) {
        nodes.add(v);
      }
    }
    nodes.sort((a, b) -> Integer.compare(net.inDegree(a), net.inDegree(b)));
    long[] work = {0};
    long best = floor;
    int bestV = -1;
    Value bestVal = null;
    boolean bestRelayed = false;
    Fronts fronts = new Fronts(cutoff);
    int searched = 0;
    for (int v : nodes) {
      if (work[0] > WORK || fronts.timedOut) {
        break;
      }
      if (cutoff.passed()) {
        fronts.timedOut = true;
        break;
      }
      searched++;
      int in = net.inDegree(v);
      work[0] += (long) in * (p + (long) net.arcs());
      int[] near = new int[p];
      Arrays.fill(near, -1);
      for (int i = 0; i < in; i++) {
        int[] d = net.distancesTo(net.tail(net.inArc(v, i)));
        for (int o = 0; o < p; o++) {
          if (d[o] >= 0 && (near[o] < 0 || d[o] < near[o])) {
            near[o] = d[o];
          }
        }
      }
      TreeMap<Long, Long> groups = new TreeMap<>();
      boolean ok = true;
      for (int o = 0; o < p && ok; o++) {
        if (o == v || (source >= 0 && o != source)) {
          continue;
        }
        if (near[o] < 0) {
          ok = false;
        } else {
          SpreadBounds.release(groups, near[o], n, net.outDegree(o), levels, beta, tau);
        }
      }
      long units = groups.values().stream().mapToLong(Long::longValue).sum();
      if (!ok || units > MAX_UNITS) {
        continue;
      }
      TreeMap<Long, Long> relay = relay(net, v, source, n, levels, beta, tau, work);
      boolean relayed = false;
      if (relay != null && relay.values().stream().mapToLong(Long::longValue).sum() >= units) {
        TreeMap<Long, Long> later = RelayFeedBound.laterOf(groups, relay, units);
        relayed = !later.equals(groups);
        groups = later;
      }
      long[] r = new long[(int) units];
      int at = 0;
      for (var e : groups.entrySet()) {
        for (long u = 0; u < e.getValue(); u++) {
          r[at++] = e.getKey();
        }
      }
      Value val = makespan(r, in, beta, tau, best, work, groups, fronts);
      if (val != null && val.value > best) {
        best = val.value;
        bestV = v;
        bestVal = val;
        bestRelayed = relayed;
      }
    }
    if (fronts.timedOut) {
      cutoff.cut("MULTI-FEED");
    }
    if (bestVal == null) {
      return;
    }
    out.add(
        new LowerBound(
            best,
            "MULTI-FEED",
            "node "
                + bestV
                + " (all ports, "
                + net.inDegree(bestV)
                + " incoming arcs) receives at most one packet at a time on each arc; the units it "
                + "needs can be at a sender no earlier than their origin's distance to the nearest "
                + "sender less one times beta + tau, plus beta + tau per unit its origin sends before "
                + "them over each of its arcs"
                + (bestRelayed
                    ? ", and rank by rank no earlier than the best packets over the arcs into its "
                        + "in-neighbours from other nodes can bring them there"
                    : "")
                + " ("
                + SpreadBounds.releaseList(bestVal.groups, "release times", fmt)
                + "), and the best packets over "
                + net.inDegree(bestV)
                + " arcs at once over those release times, each beta + its units tau, end at "
                + fmt.apply(best)
                + (bestVal.exact ? "" : " or later (the search stopped at its work budget)")
                + (fronts.timedOut ? Cutoff.note(searched, nodes.size(), "nodes") : "")));
  }

  /**
   * The relay stage (docs/models/linear-cost.md#multi-feed): lower bounds, rank by rank, on the
   * times the units {@code v} needs first reach the set {@code N} of {@code v}'s in-neighbours. A
   * unit not originated in {@code N} first enters {@code N} over an arc {@code y -> w}, {@code w}
   * in {@code N}, {@code y} neither in {@code N} nor {@code v} ({@code v} holds no unit it needs
   * before some member of {@code N} has sent it), having travelled outside {@code N} and {@code v}
   * until then: at {@code y} it is released as FEED releases it with distances that avoid {@code N}
   * and {@code v}, and each such arc brings its units one packet at a time ({@link
   * RelayFeedBound#crossings}). The units of {@code N} are there from 0. Merged over the arcs (a
   * unit counted on two arcs only loosens the lists), the {@code k}-th smallest is a lower bound on
   * the {@code k}-th first arrival in {@code N}, hence at the sender of any packet into {@code v}.
   * Null beyond the work budget.
   */
  static TreeMap<Long, Long> relay(
      Network net, int v, int source, long n, int levels, long beta, long tau, long[] work) {
    int p = net.nodes();
    boolean[] blocked = new boolean[p];
    blocked[v] = true;
    for (int i = 0, in = net.inDegree(v); i < in; i++) {
      blocked[net.tail(net.inArc(v, i))] = true;
    }
    TreeMap<Long, Long> out = new TreeMap<>();
    for (int o = 0; o < p; o++) {
      if (blocked[o] && o != v && (source < 0 || o == source)) {
        out.merge(0L, n, Math::addExact);
      }
    }
    for (int w = 0; w < p; w++) {
      if (!blocked[w] || w == v) {
        continue;
      }
      for (int i = 0, in = net.inDegree(w); i < in; i++) {
        int y = net.tail(net.inArc(w, i));
        if (blocked[y]) {
          continue;
        }
        work[0] += p + (long) net.arcs();
        int[] d = net.distancesTo(y, blocked);
        TreeMap<Long, Long> atY = new TreeMap<>();
        for (int o = 0; o < p; o++) {
          if (blocked[o] || (source >= 0 && o != source) || d[o] < 0) {
            continue;
          }
          SpreadBounds.release(atY, d[o], n, net.outDegree(o), levels, beta, tau);
        }
        if (atY.isEmpty()) {
          continue;
        }
        TreeMap<Long, Long> crossed =
            RelayFeedBound.crossings(
                RelayFeedBound.coarsen(atY, RelayFeedBound.GROUPS), beta, tau, work);
        if (crossed == null || work[0] > WORK) {
          return null;
        }
        crossed.forEach((time, c) -> out.merge(time, c, Math::addExact));
      }
    }
    return out;
  }

  /**
   * The least makespan of {@code k} identical machines processing units with releases {@code r}
   * (ascending) in batches of {@code beta + size tau}; null when it is at most {@code atMost} (no
   * use to the caller). At the work budget the least makespan not yet ruled out (a lower bound).
   */
  private static Value makespan(
      long[] r,
      int k,
      long beta,
      long tau,
      long atMost,
      long[] work,
      TreeMap<Long, Long> groups,
      Fronts fronts) {
    int m = r.length;
    if (m == 0) {
      return null;
    }
    // the suffix bound: the units released at r[j] or later all start then, on k machines
    long lo = 0;
    for (int j = 0; j < m; j++) {
      lo =
          Math.max(
              lo,
              Math.addExact(
                  Math.addExact(r[j], beta),
                  Math.multiplyExact(PathSending.ceilDiv(m - j, k), tau)));
    }
    long hi = SpreadBounds.batches(groups, beta, tau); // one machine's best, feasible on k
    if (hi <= atMost) {
      return null;
    }
    if (atMost >= lo) {
      // this node beats atMost only if atMost is infeasible, which makes atMost + 1 proven
      Boolean f = fronts.feasible(r, k, atMost, beta, tau, work);
      if (f == null || f) {
        return null;
      }
      lo = atMost + 1;
    }
    // every makespan below lo is ruled out; hi is feasible. Probes gallop up from lo (lo, lo + 1,
    // lo + 3, ...) before halving: the least makespan is usually near the suffix bound, and a probe
    // near it is cheap (batches past it are cut), where one near hi keeps many states
    long step = 1;
    while (lo < hi) {
      long mid = Math.min(lo + (hi - lo) / 2, lo + step - 1);
      Boolean f = fronts.feasible(r, k, mid, beta, tau, work);
      if (f == null) {
        return lo > atMost ? new Value(lo, false, groups) : null;
      }
      if (f) {
        hi = mid;
      } else {
        lo = mid + 1;
        step = Math.multiplyExact(step, 2);
      }
    }
    return new Value(lo, true, groups);
  }

  /**
   * The least makespan of {@code k} identical machines processing units released at {@code r}
   * (ascending) in batches of {@code beta + size tau}, each batch starting once its units are
   * released and its machine is free (for tests; no work budget).
   */
  static long leastMakespan(long[] r, int k, long beta, long tau) {
    TreeMap<Long, Long> groups = new TreeMap<>();
    for (long x : r) {
      groups.merge(x, 1L, Long::sum);
    }
    long[] work = {Long.MIN_VALUE};
    Value v = makespan(r, k, beta, tau, -1, work, groups, new Fronts(Cutoff.none()));
    return v.value;
  }

  /**
   * Whether {@code k} machines can process the units by {@code t}; null beyond the work budget.
   * Batches are taken in order of their starts, each with the next units in release order (swapping
   * units between two batches to put the earlier release in the earlier-starting batch keeps both
   * valid), and each on the machine free first; the free times are raised to the batch's start
   * (later batches start no earlier), and a state whose sorted free times are all at least
   * another's at the same count is dropped.
   */
  static Boolean feasible(long[] r, int k, long t, long beta, long tau, long[] work) {
    return new Fronts(Cutoff.none()).feasible(r, k, t, beta, tau, work);
  }

  /**
   * The Pareto fronts of {@link #feasible}, one per number of units handed out, as flat arrays of
   * {@code k} sorted free times per state, kept from one probe and node to the next so that a probe
   * allocates nothing once they have grown. A front keeps its states in the order they were added
   * (a state dominated by a newer one is taken out, the others keep their order), and the work
   * counted per insertion is the front's size when it is read, as in a list.
   */
  static final class Fronts {
    private final Cutoff cutoff;
    private long[][] states = new long[0][];
    private int[] count = new int[0];
    private long[] next = new long[0];

    /** True once a probe was stopped by the cutoff's deadline. */
    boolean timedOut;

    Fronts(Cutoff cutoff) {
      this.cutoff = cutoff;
    }

    /** {@link MultiFeedBound#feasible}; null also past the cutoff's deadline. */
    Boolean feasible(long[] r, int k, long t, long beta, long tau, long[] work) {
      int m = r.length;
      if (states.length < m + 1) {
        states = Arrays.copyOf(states, m + 1);
        count = new int[m + 1];
      }
      if (next.length < k) {
        next = new long[k];
      }
      for (int i = 0; i <= m; i++) {
        if (states[i] == null || states[i].length < k) {
          states[i] = new long[Math.max(k, 4 * k)];
        }
        count[i] = 0;
      }
      Arrays.fill(states[0], 0, k, 0L);
      count[0] = 1;
      long[] g = next;
      int clock = 0;
      for (int i = 0; i < m; i++) {
        long[] here = states[i];
        for (int at = 0, size = count[i] * k; at < size; at += k) {
          for (int c = 1; i + c <= m; c++) {
            long s = Math.max(r[i + c - 1], here[at]);
            long e = s + beta + c * tau;
            if (e > t) {
              break;
            }
            // the other machines' free times raised to s stay sorted; e goes in by insertion
            int q = k - 1;
            while (q > 0 && Math.max(here[at + q], s) > e) {
              g[q] = Math.max(here[at + q], s);
              q--;
            }
            for (int x = 1; x <= q; x++) {
              g[x - 1] = Math.max(here[at + x], s);
            }
            g[q] = e;
            work[0] += 1 + insert(i + c, g, k);
            if (work[0] > WORK) {
              return null;
            }
            if ((++clock & 0xFFF) == 0 && cutoff.passed()) {
              timedOut = true;
              return null;
            }
          }
        }
        count[i] = 0;
      }
      return count[m] > 0;
    }

    /** Adds {@code g} to front {@code j} unless a member dominates it; returns the members read. */
    private int insert(int j, long[] g, int k) {
      long[] front = states[j];
      int size = count[j];
      for (int h = 0, end = size * k; h < end; h += k) {
        boolean dom = true;
        for (int q = 0; q < k && dom; q++) {
          dom = front[h + q] <= g[q];
        }
        if (dom) {
          return size;
        }
      }
      int kept = 0;
      for (int h = 0, end = size * k; h < end; h += k) {
        boolean dominated = true;
        for (int q = 0; q < k && dominated; q++) {
          dominated = g[q] <= front[h + q];
        }
        if (!dominated) {
          if (kept != h) {
            System.arraycopy(front, h, front, kept, k);
          }
          kept += k;
        }
      }
      if (kept + k > front.length) {
        front = Arrays.copyOf(front, Math.max(kept + k, 2 * front.length));
        states[j] = front;
      }
      System.arraycopy(g, 0, front, kept, k);
      count[j] = kept / k + 1;
      return size;
    }
  }
}
