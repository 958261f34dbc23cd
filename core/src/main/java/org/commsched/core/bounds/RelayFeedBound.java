package org.commsched.core.bounds;

import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.LongFunction;
import org.commsched.core.model.Network;
import org.commsched.core.solve.LowerBound;

/**
 * RELAY-FEED: FEED ({@link SpreadBounds#feed}) with the set-up of the hop before the last charged
 * per packet (docs/models/linear-cost.md#relay-feed, where it is derived).
 *
 * <p>Take a node {@code v} with one incoming arc, from {@code L}. FEED releases each unit {@code v}
 * needs at {@code L} as if it had travelled alone; but every unit {@code v} needs that is not
 * {@code L}'s own first reaches {@code L} over one of {@code L}'s other incoming arcs {@code y ->
 * L}, and each such arc carries one packet at a time, each {@code beta} plus {@code tau} per unit.
 * Before that first arrival the unit has not been at {@code L}, so it reached {@code y} along arcs
 * that avoid {@code L}: its release at {@code y} is FEED's, with distances in the network without
 * {@code L}. The first {@code k} units to cross {@code y -> L} therefore end their crossing no
 * earlier than the least makespan of batching the {@code k} earliest of those releases, and by any
 * time {@code t} at most {@code n_L + sum over the arcs of (units crossed by t)} of the units
 * {@code v} needs are at {@code L} (a unit counted on two arcs only loosens this). So the {@code
 * k}-th unit {@code v} needs is at {@code L} no earlier than the {@code k}-th smallest of those
 * crossing ends, nor than FEED's {@code k}-th release; batching the units over those releases on
 * {@code v}'s one arc bounds the makespan. It lifts FEED where {@code L} is fed over few arcs: on
 * issue 22's leaf-spine the lone host behind leaf 4 gets 32 of its 36 units over the two spine
 * arcs, each of which must start a packet for the far units after its own: 56 against FEED's 51
 * (gossip of 4 units).
 */
final class RelayFeedBound {
  private RelayFeedBound() {}

  /**
   * Node and arc visits plus batching steps the bound may take in all; above it nothing is
   * reported.
   */
  static final long WORK = 20_000_000L;

  /**
   * Arrival groups one arc (and the merged list of one node) keeps at most; coarser groups only
   * weaken the bound.
   */
  static final int GROUPS = 1_000;

  /** Arrival times a witness lists before it says how many there are. */

  /**
   * Adds RELAY-FEED for a broadcast from {@code source} of {@code n} units ({@code source < 0}:
   * gossip of {@code n} units per node) when it exceeds FEED's value at some node with one incoming
   * arc; nothing when no node qualifies, no value rises above FEED, or the work budget is exceeded.
   */
  static void add(
      Network net,
      int source,
      long n,
      boolean onePort,
      long beta,
      long tau,
      LongFunction<String> fmt,
      List<LowerBound> out) {
    int p = net.nodes();
    if (p < 3 || n < 1) {
      return;
    }
    long best = -1;
    long bestFeed = -1;
    String witness = null;
    long[] work = {0};
    for (int v = 0; v < p; v++) {
      if (v == source || net.inDegree(v) != 1) {
        continue;
      }
      int leaf = net.tail(net.inArc(v, 0));
      int origins = source >= 0 ? 1 : p - 1;
      int levels =
          (int) Math.max(1, Math.min(SpreadBounds.FEED_LEVELS, SpreadBounds.FEED_GROUPS / origins));
      // FEED's releases at leaf: origin distances to leaf in the whole network
      work[0] += p + (long) net.arcs();
      int[] toLeaf = net.distancesTo(leaf);
      TreeMap<Long, Long> plain = new TreeMap<>();
      long needed = 0;
      for (int o = 0; o < p; o++) {
        if (o == v || (source >= 0 && o != source)) {
          continue;
        }
        if (toLeaf[o] < 0) {
          return; // v cannot get o's units: not a valid instance for this bound
        }
        SpreadBounds.release(
            plain, toLeaf[o], n, onePort ? 1 : net.outDegree(o), levels, beta, tau);
        needed += n;
      }
      // arrivals at leaf: its own units at 0, then what its other incoming arcs can carry, one
      // packet at a time
      TreeMap<Long, Long> relay = new TreeMap<>();
      if (source < 0 || source == leaf) {
        relay.merge(0L, n, Math::addExact);
      }
      String[] arcs = new String[net.inDegree(leaf)];
      int used = 0;
      for (int i = 0, deg = net.inDegree(leaf); i < deg; i++) {
        int y = net.tail(net.inArc(leaf, i));
        if (y == v) {
          continue;
        }
        work[0] += p + (long) net.arcs();
        if (work[0] > WORK) {
          return;
        }
        int[] toY = distancesAvoiding(net, y, leaf);
        TreeMap<Long, Long> atY = new TreeMap<>();
        for (int o = 0; o < p; o++) {
          if (o == v || o == leaf || (source >= 0 && o != source) || toY[o] < 0) {
            continue;
          }
          SpreadBounds.release(atY, toY[o], n, onePort ? 1 : net.outDegree(o), levels, beta, tau);
        }
        if (atY.isEmpty()) {
          continue;
        }
        TreeMap<Long, Long> crossed = crossings(coarsen(atY, GROUPS), beta, tau, work);
        if (crossed == null) {
          return;
        }
        arcs[used++] = "node " + y;
        crossed.forEach((t, c) -> relay.merge(t, c, Math::addExact));
      }
      long relayCount = relay.values().stream().mapToLong(Long::longValue).sum();
      if (relayCount < needed) {
        continue; // some needed unit reaches leaf only through v: not a valid instance for this
        // bound
      }
      TreeMap<Long, Long> releases = coarsen(laterOf(plain, relay, needed), GROUPS);
      long g = releases.size();
      work[0] += g * g;
      if (work[0] > WORK) {
        return;
      }
      long value = SpreadBounds.batches(releases, beta, tau);
      long feedValue = SpreadBounds.batches(plain, beta, tau);
      if (value > feedValue && value > best) {
        best = value;
        bestFeed = feedValue;
        String list = SpreadBounds.releaseList(releases, "arrival times", fmt);
        witness =
            "node "
                + v
                + " has one incoming arc, from node "
                + leaf
                + ", and receives one packet at a time; "
                + "the units it needs that are not node "
                + leaf
                + "'s own first reach node "
                + leaf
                + " over its arcs from "
                + String.join(", ", java.util.Arrays.copyOf(arcs, used))
                + ", each of which carries one packet at a "
                + "time, beta + its units tau, of units its tail can hold by then (FEED's releases, with paths that "
                + "avoid node "
                + leaf
                + "), so the k-th of them is at node "
                + leaf
                + " no earlier than the k-th "
                + "earliest end of those arcs' best packets ("
                + list
                + "), and the best packets over those arrival "
                + "times end at "
                + fmt.apply(value)
                + " (FEED at that node: "
                + fmt.apply(feedValue)
                + ")";
      }
    }
    if (best > 0 && best > bestFeed) {
      out.add(new LowerBound(best, "RELAY-FEED", witness));
    }
  }

  /**
   * Lower bounds on the crossing ends of the units released at the tail of one arc (release groups
   * {@code atTail}), the arc carrying one packet at a time: the {@code k}-th unit to cross ends its
   * crossing no earlier than the least makespan of batching the {@code k} earliest releases. Within
   * the {@code j}-th group that least makespan is {@code A_j + k tau}, {@code A_j = min over i < j
   * of max(r_j, f(C_i)) + beta - C_i tau} (the last batch takes whole groups {@code i + 1 .. j - 1}
   * and part of group {@code j}, {@link SpreadBounds#batches}); a group's units are given in at
   * most {@code GROUPS / groups} blocks, each at its first unit's time. Null when the work budget
   * is exceeded.
   */
  static TreeMap<Long, Long> crossings(
      SortedMap<Long, Long> atTail, long beta, long tau, long[] work) {
    int g = atTail.size();
    work[0] += (long) g * g;
    if (work[0] > WORK) {
      return null;
    }
    long[] r = new long[g];
    long[] cum = new long[g + 1];
    int k = 0;
    for (var e : atTail.entrySet()) {
      r[k] = e.getKey();
      cum[k + 1] = Math.addExact(cum[k], e.getValue());
      k++;
    }
    long[] f = new long[g + 1];
    long blocks = Math.max(1, GROUPS / Math.max(1, g));
    TreeMap<Long, Long> out = new TreeMap<>();
    for (int j = 1; j <= g; j++) {
      long a = Long.MAX_VALUE;
      for (int i = 0; i < j; i++) {
        a =
            Math.min(
                a, Math.addExact(Math.max(r[j - 1], f[i]), beta) - Math.multiplyExact(cum[i], tau));
      }
      f[j] = Math.addExact(a, Math.multiplyExact(cum[j], tau));
      long size = cum[j] - cum[j - 1];
      long block = PathSending.ceilDiv(size, blocks);
      for (long first = cum[j - 1] + 1; first <= cum[j]; first += block) {
        long units = Math.min(block, cum[j] - first + 1);
        out.merge(Math.addExact(a, Math.multiplyExact(first, tau)), units, Math::addExact);
      }
    }
    return out;
  }

  /**
   * The unit-by-unit later of two sorted release lists (groups time -> count), over the first
   * {@code units} units: the {@code k}-th unit released at the later of the two lists' {@code k}-th
   * times. Both lists must hold at least {@code units} units.
   */
  static TreeMap<Long, Long> laterOf(SortedMap<Long, Long> a, SortedMap<Long, Long> b, long units) {
    TreeMap<Long, Long> out = new TreeMap<>();
    var ia = a.entrySet().iterator();
    var ib = b.entrySet().iterator();
    Map.Entry<Long, Long> ea = ia.next();
    Map.Entry<Long, Long> eb = ib.next();
    long leftA = ea.getValue();
    long leftB = eb.getValue();
    long done = 0;
    while (done < units) {
      long take = Math.min(units - done, Math.min(leftA, leftB));
      out.merge(Math.max(ea.getKey(), eb.getKey()), take, Math::addExact);
      done += take;
      leftA -= take;
      leftB -= take;
      if (done < units) {
        if (leftA == 0) {
          ea = ia.next();
          leftA = ea.getValue();
        }
        if (leftB == 0) {
          eb = ib.next();
          leftB = eb.getValue();
        }
      }
    }
    return out;
  }

  /**
   * At most {@code max} groups: consecutive groups merged into blocks, each released at its first
   * group's time (earlier releases only weaken the bound).
   */
  static TreeMap<Long, Long> coarsen(TreeMap<Long, Long> groups, int max) {
    if (groups.size() <= max) {
      return groups;
    }
    int per = (groups.size() + max - 1) / max;
    TreeMap<Long, Long> out = new TreeMap<>();
    long first = 0;
    int in = 0;
    for (var e : groups.entrySet()) {
      if (in == 0) {
        first = e.getKey();
      }
      out.merge(first, e.getValue(), Math::addExact);
      in = (in + 1) % per;
    }
    return out;
  }

  /**
   * Hop distances to {@code t} along arcs that avoid node {@code avoid}; -1 for nodes that do not
   * reach it so.
   */
  static int[] distancesAvoiding(Network net, int t, int avoid) {
    int p = net.nodes();
    int[] d = new int[p];
    java.util.Arrays.fill(d, -1);
    d[t] = 0;
    int[] queue = new int[p];
    int head = 0;
    int tail = 0;
    queue[tail++] = t;
    while (head < tail) {
      int x = queue[head++];
      for (int i = 0, deg = net.inDegree(x); i < deg; i++) {
        int y = net.tail(net.inArc(x, i));
        if (y != avoid && d[y] < 0) {
          d[y] = d[x] + 1;
          queue[tail++] = y;
        }
      }
    }
    return d;
  }
}
