package org.commsched.core.bounds;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.LongFunction;
import org.commsched.core.model.Network;
import org.commsched.core.solve.LowerBound;

/**
 * ARC-FEED: MULTI-FEED ({@link MultiFeedBound}) with a release list of its own on each incoming arc
 * (docs/models/linear-cost.md#arc-feed, where it is derived; this project's).
 *
 * <p>Take a node {@code v} under all ports and keep in each packet into {@code v} only the first
 * arrivals of units {@code v} needs; the arc {@code a -> v} then carries a set {@code X_a} of
 * units, and the sets of the arcs split the units. A unit of {@code X_a} was never at {@code v}
 * before that packet, so it reached {@code a} along arcs that avoid {@code v}: at {@code a} it is
 * no earlier than FEED's release with distances in the network without {@code v}, and, unless it is
 * {@code a}'s own, no earlier than its first arrival at {@code a} over an arc {@code y -> a} from a
 * node other than {@code v}, which the arcs into {@code a} bring one packet at a time (RELAY-FEED's
 * crossing lists, with distances avoiding {@code v} and {@code a}). Both lists bound the sorted
 * times at {@code a} of any subset of those units rank by rank, so {@code a -> v} carrying {@code
 * c} of them ends no earlier than {@code g_a(c)}, the best batching of the {@code c} earliest of
 * the later of the two lists. The makespan is at least the least {@code T} with {@code sum over a
 * of #{c : g_a(c) <= T} >= N} ({@code N} the units {@code v} needs), which is the {@code N}-th
 * smallest of all arcs' {@code g_a} merged. Where MULTI-FEED lets a unit near one in-neighbour be
 * near all of them, here each arc sees only what can reach its tail; what it loses is the split
 * (each arc may take the earliest units of its own list). On issue 22's 3 x 3 and 4 x 4 mesh
 * gossips of 16 units it gives 79 and 139 at a corner, where MULTI-FEED says 77 and 129.
 */
final class ArcFeedBound {
  private ArcFeedBound() {}

  /** Batching and scan steps the bound may take over all nodes, else it is not reported. */
  static final long WORK = 20_000_000L;

  /**
   * Adds ARC-FEED for a broadcast from {@code source} of {@code n} units ({@code source < 0}:
   * gossip of {@code n} units per node) under all ports when it exceeds every bound already in
   * {@code out}, at some node with at least two incoming arcs; nothing under one port. Past {@code
   * cutoff}'s deadline the nodes not yet looked at are left out ({@link Cutoff#none()}: no
   * deadline).
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
    if (onePort || p < 3 || n < 1) {
      return;
    }
    long floor = 0;
    for (LowerBound b : out) {
      floor = Math.max(floor, b.value());
    }
    int origins = source >= 0 ? 1 : p - 1;
    int levels =
        (int) Math.max(1, Math.min(SpreadBounds.FEED_LEVELS, SpreadBounds.FEED_GROUPS / origins));
    long need = Math.multiplyExact(n, origins);
    long[] work = {0};
    long best = floor;
    int bestV = -1;
    List<String> bestLists = null;
    int cutAt = -1;
    for (int v = 0; v < p; v++) {
      int in = net.inDegree(v);
      if (v == source || in < 2) {
        continue;
      }
      if (cutoff.passed()) {
        cutoff.cut("ARC-FEED");
        cutAt = v;
        break;
      }
      List<String> lists = new ArrayList<>();
      List<TreeMap<Long, Long>> ends = new ArrayList<>();
      boolean ok = true;
      for (int i = 0; i < in && ok; i++) {
        int a = net.tail(net.inArc(v, i));
        TreeMap<Long, Long> g = arc(net, v, a, source, n, levels, beta, tau, work);
        if (g == null) {
          ok = false;
        } else {
          ends.add(g);
          lists.add(
              "the arc from "
                  + a
                  + " can end its c-th unit no earlier than the c-th of these times ("
                  + SpreadBounds.releaseList(g, "times", fmt)
                  + ")");
        }
      }
      if (!ok) {
        if (work[0] > WORK) {
          return; // beyond the budget: not reported at all
        }
        continue;
      }
      long value = nth(ends, need);
      if (value > best) {
        best = value;
        bestV = v;
        bestLists = lists;
      }
    }
    if (bestV < 0) {
      return;
    }
    out.add(
        new LowerBound(
            best,
            "ARC-FEED",
            "node "
                + bestV
                + " (all ports, "
                + net.inDegree(bestV)
                + " incoming arcs) needs "
                + need
                + " units, each first brought by one arc, which carries one packet at a time; a "
                + "unit rides on the arc from u only once u holds it, no earlier than its origin's "
                + "distance to u avoiding the node (less one) times beta + tau plus beta + tau per "
                + "unit its origin sends before it over each of its arcs, and rank by rank no "
                + "earlier than the best packets over the other arcs into u can bring it there; so "
                + String.join("; ", bestLists)
                + "; the "
                + need
                + "-th earliest of these ends at "
                + fmt.apply(best)
                + (cutAt >= 0 ? Cutoff.note(cutAt, p, "nodes") : "")));
  }

  /**
   * The ends {@code g_a(c)} (time -> how many {@code c}) of the best batchings of the {@code c}
   * earliest units the arc {@code a -> v} can bring; null beyond the work budget, or when some unit
   * {@code v} needs cannot reach {@code v} at all.
   */
  static TreeMap<Long, Long> arc(
      Network net, int v, int a, int source, long n, int levels, long beta, long tau, long[] work) {
    int p = net.nodes();
    work[0] += 2L * (p + (long) net.arcs());
    // FEED's releases at a, with distances that avoid v
    int[] d = RelayFeedBound.distancesAvoiding(net, a, v);
    TreeMap<Long, Long> own = new TreeMap<>();
    for (int o = 0; o < p; o++) {
      if (o == v || (source >= 0 && o != source) || d[o] < 0) {
        continue;
      }
      SpreadBounds.release(own, d[o], n, net.outDegree(o), levels, beta, tau);
    }
    // the relay list: a's own units at 0, the others' first arrivals over the arcs y -> a, y != v
    boolean[] blocked = new boolean[p];
    blocked[v] = true;
    blocked[a] = true;
    TreeMap<Long, Long> relay = new TreeMap<>();
    if (source < 0 || a == source) {
      relay.merge(0L, n, Math::addExact);
    }
    for (int i = 0, in = net.inDegree(a); i < in; i++) {
      int y = net.tail(net.inArc(a, i));
      if (blocked[y]) {
        continue;
      }
      work[0] += p + (long) net.arcs();
      int[] dy = net.distancesTo(y, blocked);
      TreeMap<Long, Long> atY = new TreeMap<>();
      for (int o = 0; o < p; o++) {
        if (blocked[o] || (source >= 0 && o != source) || dy[o] < 0) {
          continue;
        }
        SpreadBounds.release(atY, dy[o], n, net.outDegree(o), levels, beta, tau);
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
      crossed.forEach((time, c) -> relay.merge(time, c, Math::addExact));
    }
    long units =
        Math.min(
            own.values().stream().mapToLong(Long::longValue).sum(),
            relay.values().stream().mapToLong(Long::longValue).sum());
    if (units == 0) {
      return new TreeMap<>();
    }
    TreeMap<Long, Long> later = RelayFeedBound.laterOf(own, relay, units);
    TreeMap<Long, Long> ends =
        RelayFeedBound.crossings(
            RelayFeedBound.coarsen(later, RelayFeedBound.GROUPS), beta, tau, work);
    return work[0] > WORK ? null : ends;
  }

  /**
   * The {@code need}-th smallest time over the merged lists (time -> count); {@code Long.MIN_VALUE}
   * (nothing to report) when they hold fewer, which happens only when some unit cannot reach the
   * node at all.
   */
  static long nth(List<TreeMap<Long, Long>> lists, long need) {
    TreeMap<Long, Long> all = new TreeMap<>();
    for (TreeMap<Long, Long> l : lists) {
      l.forEach((t, c) -> all.merge(t, c, Math::addExact));
    }
    long seen = 0;
    for (Map.Entry<Long, Long> e : all.entrySet()) {
      seen = Math.addExact(seen, e.getValue());
      if (seen >= need) {
        return e.getKey();
      }
    }
    return Long.MIN_VALUE;
  }
}
