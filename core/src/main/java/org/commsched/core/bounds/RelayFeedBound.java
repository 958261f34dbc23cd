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
   * Adds the releases of origin {@code o}'s units at a node {@code d} hops from it ({@code d >= 0})
   * to a release list (time -> units).
   */
  @FunctionalInterface
  interface Origin {
    void release(TreeMap<Long, Long> out, int o, int d);
  }

  /**
   * A node {@code v} with one incoming arc, from {@code leaf}: the hop distances the bound reads
   * (origins to {@code leaf}; origins to each other in-neighbour {@code ys[i]} of {@code leaf} by
   * paths that avoid {@code leaf}).
   */
  private record Target(int v, int leaf, int[] toLeaf, int[] ys, int[][] toY) {}

  /** A value at one target, the arrival list it batched, the arcs it read and FEED's value. */
  private record Value(long value, TreeMap<Long, Long> releases, String arcs, long feed) {}

  /**
   * Adds RELAY-FEED for a broadcast from {@code source} of {@code n} units ({@code source < 0}:
   * gossip of {@code n} units per node) when it exceeds FEED's value at some node with one incoming
   * arc; nothing when no node qualifies, no value rises above FEED, or the work budget is exceeded.
   * For a broadcast whose source sends one packet at a time it then adds SOURCE-FEED ({@link
   * #addSourceStage}) when that is higher still. Past {@code cutoff}'s deadline ({@link
   * Cutoff#none()}: none) RELAY-FEED is the largest value over the targets done, and SOURCE-FEED (a
   * least value over the source's packet sizes) is not tried.
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
    if (p < 3 || n < 1) {
      return;
    }
    long[] work = {0};
    List<Target> targets = targets(net, source, work, cutoff);
    if (targets == null || targets.isEmpty()) {
      return;
    }
    int origins = source >= 0 ? 1 : p - 1;
    int levels =
        (int) Math.max(1, Math.min(SpreadBounds.FEED_LEVELS, SpreadBounds.FEED_GROUPS / origins));
    Origin feed =
        (rel, o, d) ->
            SpreadBounds.release(rel, d, n, onePort ? 1 : net.outDegree(o), levels, beta, tau);
    long best = -1;
    long bestFeed = -1;
    String witness = null;
    int done = 0;
    for (Target t : targets) {
      if (cutoff.passed()) {
        cutoff.cut("RELAY-FEED");
        break;
      }
      done++;
      Value val = value(net, t, source, n, feed, beta, tau, work);
      if (val == null) {
        return;
      }
      if (val.value > val.feed && val.value > best) {
        best = val.value;
        bestFeed = val.feed;
        witness =
            "node "
                + t.v
                + " has one incoming arc, from node "
                + t.leaf
                + ", and receives one packet at a time; "
                + "the units it needs that are not node "
                + t.leaf
                + "'s own first reach node "
                + t.leaf
                + " over its arcs from "
                + val.arcs
                + ", each of which carries one packet at a "
                + "time, beta + its units tau, of units its tail can hold by then (FEED's releases, with paths that "
                + "avoid node "
                + t.leaf
                + "), so the k-th of them is at node "
                + t.leaf
                + " no earlier than the k-th "
                + "earliest end of those arcs' best packets ("
                + SpreadBounds.releaseList(val.releases, "arrival times", fmt)
                + "), and the best packets over those arrival "
                + "times end at "
                + fmt.apply(val.value)
                + " (FEED at that node: "
                + fmt.apply(val.feed)
                + ")";
      }
    }
    if (best > 0 && best > bestFeed) {
      out.add(
          new LowerBound(
              best,
              "RELAY-FEED",
              witness
                  + (done < targets.size()
                      ? Cutoff.note(done, targets.size(), "nodes of one incoming arc")
                      : "")));
    }
    if (source >= 0 && (onePort || net.outDegree(source) == 1)) {
      if (cutoff.passed()) {
        cutoff.cut("SOURCE-FEED");
        return;
      }
      long floor = best;
      for (LowerBound b : out) {
        if (b.kind().equals("FEED")) {
          floor = Math.max(floor, b.value());
        }
      }
      addSourceStage(net, source, n, targets, floor, beta, tau, fmt, out);
    }
  }

  /**
   * The nodes other than {@code source} with one incoming arc, with their distances; null when some
   * origin cannot reach one of them (not an instance this bound reads) or the work budget is
   * exceeded.
   */
  private static List<Target> targets(Network net, int source, long[] work, Cutoff cutoff) {
    int p = net.nodes();
    // the work the distances below take, counted first: beyond the budget nothing is reported, so
    // none of them is computed (the same steps and tests as the loop below)
    long dry = work[0];
    for (int v = 0; v < p; v++) {
      if (v == source || net.inDegree(v) != 1) {
        continue;
      }
      int leaf = net.tail(net.inArc(v, 0));
      dry += p + (long) net.arcs();
      for (int i = 0, deg = net.inDegree(leaf); i < deg; i++) {
        if (net.tail(net.inArc(leaf, i)) != v) {
          dry += p + (long) net.arcs();
          if (dry > WORK) {
            return null;
          }
        }
      }
    }
    List<Target> out = new java.util.ArrayList<>();
    for (int v = 0; v < p; v++) {
      if (v == source || net.inDegree(v) != 1) {
        continue;
      }
      if (cutoff.passed()) {
        cutoff.cut("RELAY-FEED");
        return out; // the targets so far: the bound is a largest value over them
      }
      int leaf = net.tail(net.inArc(v, 0));
      work[0] += p + (long) net.arcs();
      int[] toLeaf = net.distancesTo(leaf);
      for (int o = 0; o < p; o++) {
        if (o != v && (source < 0 || o == source) && toLeaf[o] < 0) {
          return null; // v cannot get o's units: not a valid instance for this bound
        }
      }
      int deg = net.inDegree(leaf);
      int[] ys = new int[deg];
      int[][] toY = new int[deg][];
      int used = 0;
      for (int i = 0; i < deg; i++) {
        int y = net.tail(net.inArc(leaf, i));
        if (y == v) {
          continue;
        }
        work[0] += p + (long) net.arcs();
        if (work[0] > WORK) {
          return null;
        }
        ys[used] = y;
        toY[used++] = distancesAvoiding(net, y, leaf);
      }
      out.add(
          new Target(
              v,
              leaf,
              toLeaf,
              java.util.Arrays.copyOf(ys, used),
              java.util.Arrays.copyOf(toY, used)));
    }
    return out;
  }

  /**
   * RELAY-FEED's value at one target with the origins' releases given by {@code origin}: the best
   * batching on the arc {@code leaf -> v} over the later, rank by rank, of the releases at {@code
   * leaf} and the crossing ends of the arcs into it. Value -1 when some needed unit reaches {@code
   * leaf} only through {@code v}; null when the work budget is exceeded.
   */
  private static Value value(
      Network net, Target t, int source, long n, Origin origin, long beta, long tau, long[] work) {
    return value(net, t, source, n, origin, null, beta, tau, work);
  }

  /**
   * As {@link #value(Network, Target, int, long, Origin, long, long, long[])}, the arrivals at
   * {@code leaf} also no earlier, rank by rank, than {@code middle} (null: no such list; else it
   * holds at least the units {@code v} needs).
   */
  private static Value value(
      Network net,
      Target t,
      int source,
      long n,
      Origin origin,
      TreeMap<Long, Long> middle,
      long beta,
      long tau,
      long[] work) {
    int p = net.nodes();
    TreeMap<Long, Long> plain = new TreeMap<>();
    long needed = 0;
    for (int o = 0; o < p; o++) {
      if (o == t.v || (source >= 0 && o != source)) {
        continue;
      }
      origin.release(plain, o, t.toLeaf[o]);
      needed += n;
    }
    // arrivals at leaf: its own units at 0, then what its other incoming arcs can carry, one
    // packet at a time
    TreeMap<Long, Long> relay = new TreeMap<>();
    if (source < 0 || source == t.leaf) {
      relay.merge(0L, n, Math::addExact);
    }
    String[] arcs = new String[t.ys.length];
    int used = 0;
    for (int i = 0; i < t.ys.length; i++) {
      int[] toY = t.toY[i];
      TreeMap<Long, Long> atY = new TreeMap<>();
      for (int o = 0; o < p; o++) {
        if (o == t.v || o == t.leaf || (source >= 0 && o != source) || toY[o] < 0) {
          continue;
        }
        origin.release(atY, o, toY[o]);
      }
      if (atY.isEmpty()) {
        continue;
      }
      TreeMap<Long, Long> crossed = crossings(coarsen(atY, GROUPS), beta, tau, work);
      if (crossed == null) {
        return null;
      }
      arcs[used++] = "node " + t.ys[i];
      crossed.forEach((time, c) -> relay.merge(time, c, Math::addExact));
    }
    long relayCount = relay.values().stream().mapToLong(Long::longValue).sum();
    if (relayCount < needed) {
      return new Value(-1, relay, "", -1);
    }
    TreeMap<Long, Long> later = laterOf(plain, relay, needed);
    if (middle != null) {
      later = laterOf(later, middle, needed);
    }
    TreeMap<Long, Long> releases = coarsen(later, GROUPS);
    long g = releases.size();
    work[0] += g * g;
    if (work[0] > WORK) {
      return null;
    }
    return new Value(
        SpreadBounds.batches(releases, beta, tau),
        releases,
        String.join(", ", java.util.Arrays.copyOf(arcs, used)),
        SpreadBounds.batches(plain, beta, tau));
  }

  /** Units per message above which SOURCE-FEED is not tried (compositions grow as 2^(n - 1)). */
  static final long SOURCE_UNITS = 24;

  /**
   * SOURCE-FEED (docs/models/linear-cost.md#relay-feed): for a broadcast whose source sends one
   * packet at a time (one outgoing arc, or one port). Every unit's first departure from the source
   * is in one of those packets; keeping in each only the units that leave for the first time, they
   * have sizes {@code a_1, ..., a_q} ({@code a_1 + ... + a_q = n}) and the {@code k}-th ends no
   * earlier than {@code C_k = k beta + (a_1 + ... + a_k) tau}. So a unit of the {@code k}-th is at
   * a node {@code d >= 1} hops from the source no earlier than {@code C_k + (d - 1) h}: releases
   * that replace FEED's per-rank ones ({@code (d - 1) h + beta + j tau}, which every composition
   * meets or exceeds) in RELAY-FEED, every step of which only needs each unit released no earlier
   * than its release. The real schedule has some composition, so the least over all compositions of
   * the largest RELAY-FEED over the targets bounds the makespan. It couples the source's packets to
   * the last hop's: few large first packets delay the last unit, many small ones cost {@code beta}
   * each. Compositions with {@code q} packets are skipped once {@code C_q} plus the hops to the
   * farthest target alone reaches the best value found; nothing is reported when some composition
   * ends at or below {@code floor} (FEED and RELAY-FEED) or the work budget ({@link #WORK}, counted
   * afresh) is exceeded.
   */
  static void addSourceStage(
      Network net,
      int source,
      long n,
      List<Target> targets,
      long floor,
      long beta,
      long tau,
      LongFunction<String> fmt,
      List<LowerBound> out) {
    if (n < 2 || n > SOURCE_UNITS || targets.isEmpty()) {
      return;
    }
    long h = Math.addExact(beta, tau);
    int far = 0;
    for (Target t : targets) {
      far = Math.max(far, t.toLeaf[source] + 1);
    }
    long[] work = {0};
    // the origin loops of one composition's evaluation, which value() does not count
    long scans = 0;
    for (Target t : targets) {
      scans = Math.addExact(scans, Math.multiplyExact(net.nodes(), 1L + t.ys.length));
    }
    long perComposition = scans;
    // the source's one out-neighbour, where each packet's units start the middle stage (one port
    // with several neighbours: none)
    int x = net.outDegree(source) == 1 ? net.head(net.outArc(source, 0)) : -1;
    long[] best = {Long.MAX_VALUE};
    long[][] bestParts = {null};
    Target[] bestAt = {null};
    long[] parts = new long[(int) n];
    for (int q = 1; q <= n; q++) {
      long last = Math.addExact(Math.multiplyExact(q, beta), Math.multiplyExact(n, tau));
      if (Math.addExact(last, Math.multiplyExact(far - 1L, h)) >= best[0]) {
        break; // more packets only end the source's last one later
      }
      int count = q;
      if (!compositions(
          parts,
          0,
          q,
          n,
          () -> {
            work[0] += perComposition;
            if (work[0] > WORK) {
              return false;
            }
            long[] groups = java.util.Arrays.copyOf(parts, count);
            long[] ends = new long[count];
            long end = 0;
            for (int k = 0; k < count; k++) {
              end = Math.addExact(end, Math.addExact(beta, Math.multiplyExact(groups[k], tau)));
              ends[k] = end;
            }
            Origin stage =
                (rel, o, d) -> {
                  if (d == 0) {
                    rel.merge(0L, n, Math::addExact);
                    return;
                  }
                  long hops = Math.multiplyExact(d - 1L, h);
                  for (int k = 0; k < count; k++) {
                    rel.merge(Math.addExact(ends[k], hops), groups[k], Math::addExact);
                  }
                };
            long worst = -1;
            Target at = null;
            for (Target t : targets) {
              // no middle stage when the target's sender is the source itself: it holds every unit
              // from 0
              boolean staged = x >= 0 && t.leaf != source;
              TreeMap<Long, Long> middle =
                  staged ? middle(net, t, x, groups, ends, h, beta, tau, work) : null;
              if (staged && middle == null) {
                return false;
              }
              Value val = value(net, t, source, n, stage, middle, beta, tau, work);
              if (val == null) {
                return false;
              }
              if (val.value > worst) {
                worst = val.value;
                at = t;
              }
            }
            if (worst <= floor) {
              return false; // this composition ends no later than the bounds already reported
            }
            if (worst < best[0]) {
              best[0] = worst;
              bestParts[0] = groups;
              bestAt[0] = at;
            }
            return true;
          })) {
        return;
      }
    }
    if (bestParts[0] == null) {
      return;
    }
    StringBuilder sizes = new StringBuilder();
    for (long a : bestParts[0]) {
      sizes.append(sizes.length() == 0 ? "" : " + ").append(a);
    }
    out.add(
        new LowerBound(
            best[0],
            "SOURCE-FEED",
            "node "
                + source
                + " sends one packet at a time, so the units leave it for the first time in packets"
                + " of a_1 + ... + a_q = "
                + n
                + " units, the k-th ending no earlier than k beta + (a_1 + ... + a_k) tau, and a"
                + " unit of it is d hops on no earlier than that plus (d - 1)(beta + tau); the"
                + " units of one packet also cross the two arcs before their target's sender one"
                + " packet at a time from its end on; with those releases RELAY-FEED at the nodes"
                + " with one incoming arc ends at "
                + fmt.apply(best[0])
                + " or later whatever the sizes (least at "
                + sizes
                + ", node "
                + bestAt[0].v
                + "; FEED and RELAY-FEED: "
                + fmt.apply(floor)
                + ")"));
  }

  /**
   * The middle stage of SOURCE-FEED: lower bounds on the arrivals at {@code t.leaf} of the source's
   * units, packet by packet. The units of the {@code k}-th packet are at {@code x} (the source's
   * one out-neighbour) from {@code ends[k]} on and nowhere else but the source before; the {@code
   * m} first of them to reach the leaf each cross an arc {@code y -> leaf} ({@code y != v}) after
   * reaching {@code y} over an arc {@code z -> y} ({@code z != leaf}) or being at {@code y = x}; at
   * {@code z} they are no earlier than {@code ends[k]} plus the hops from {@code x} avoiding the
   * leaf. Each arc carries one packet at a time, so the {@code m}-th crossing ends no earlier than
   * the best batching of the {@code m} earliest ({@link #crossings}), on {@code z -> y} and again
   * on {@code y -> leaf}; the packet's {@code m}-th arrival at the leaf is no earlier than the
   * {@code m}-th smallest over the arcs. Each packet's units pay {@code beta} again on both hops
   * whatever the other packets do: on issue 22's leaf-spine 4 units from leaf 2 reach leaf 4 at 12,
   * 12, 14, 14 at the earliest (two per spine, {@code S_*(2, 2) = 14}), where RELAY-FEED's ranks
   * say 12, 12, 13, 13. The lists of all packets merged (a unit's rank in its own packet matches it
   * to one entry). Null when the work budget is exceeded.
   */
  private static TreeMap<Long, Long> middle(
      Network net,
      Target t,
      int x,
      long[] sizes,
      long[] ends,
      long h,
      long beta,
      long tau,
      long[] work) {
    int[] fromX = distancesFromAvoiding(net, x, t.leaf);
    work[0] += net.nodes() + (long) net.arcs();
    TreeMap<Long, Long> out = new TreeMap<>();
    for (int k = 0; k < sizes.length; k++) {
      long a = sizes[k];
      long at = ends[k];
      if (x == t.leaf) {
        out.merge(at, a, Math::addExact);
        continue;
      }
      TreeMap<Long, Long> atLeaf = new TreeMap<>();
      for (int y : t.ys) {
        if (y == t.v || fromX[y] < 0) {
          continue;
        }
        TreeMap<Long, Long> atY = new TreeMap<>();
        if (y == x) {
          atY.put(at, a);
        } else {
          TreeMap<Long, Long> over = new TreeMap<>();
          for (int i = 0, deg = net.inDegree(y); i < deg; i++) {
            int z = net.tail(net.inArc(y, i));
            if (z == t.leaf || fromX[z] < 0) {
              continue;
            }
            TreeMap<Long, Long> atZ = new TreeMap<>();
            atZ.put(Math.addExact(at, Math.multiplyExact(fromX[z], h)), a);
            TreeMap<Long, Long> crossed = crossings(atZ, beta, tau, work);
            if (crossed == null) {
              return null;
            }
            crossed.forEach((time, c) -> over.merge(time, c, Math::addExact));
          }
          if (over.isEmpty()) {
            continue;
          }
          TreeMap<Long, Long> alone = new TreeMap<>();
          alone.put(Math.addExact(at, Math.multiplyExact(fromX[y], h)), a);
          atY = laterOf(first(over, a), alone, a);
        }
        TreeMap<Long, Long> crossed = crossings(atY, beta, tau, work);
        if (crossed == null) {
          return null;
        }
        crossed.forEach((time, c) -> atLeaf.merge(time, c, Math::addExact));
      }
      if (atLeaf.values().stream().mapToLong(Long::longValue).sum() < a) {
        return new TreeMap<>(java.util.Map.of(at, Math.addExact(a, 0L))); // no middle bound
      }
      first(atLeaf, a).forEach((time, c) -> out.merge(time, c, Math::addExact));
    }
    return out;
  }

  /** The {@code units} earliest of a release list. */
  private static TreeMap<Long, Long> first(TreeMap<Long, Long> groups, long units) {
    TreeMap<Long, Long> out = new TreeMap<>();
    long left = units;
    for (var e : groups.entrySet()) {
      if (left == 0) {
        break;
      }
      long take = Math.min(left, e.getValue());
      out.put(e.getKey(), take);
      left -= take;
    }
    return out;
  }

  /** Hop distances from {@code s} along arcs that avoid {@code avoid}; -1 where not reached. */
  static int[] distancesFromAvoiding(Network net, int s, int avoid) {
    return net.distancesFrom(s, only(net, avoid));
  }

  /** A check run on each composition; false stops the enumeration. */
  @FunctionalInterface
  private interface Visit {
    boolean run();
  }

  /**
   * Every composition of {@code left} units into the parts {@code parts[at .. q - 1]}, each at
   * least 1, visited in turn; false as soon as a visit returns false.
   */
  private static boolean compositions(long[] parts, int at, int q, long left, Visit visit) {
    if (at == q - 1) {
      parts[at] = left;
      return visit.run();
    }
    for (long a = 1; a <= left - (q - 1 - at); a++) {
      parts[at] = a;
      if (!compositions(parts, at + 1, q, left - a, visit)) {
        return false;
      }
    }
    return true;
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
    return net.distancesTo(t, only(net, avoid));
  }

  /** A ban of node {@code v} alone (none when {@code v < 0}). */
  private static boolean[] only(Network net, int v) {
    boolean[] b = new boolean[net.nodes()];
    if (v >= 0) {
      b[v] = true;
    }
    return b;
  }
}
