package org.commsched.core.bounds;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.LongFunction;
import org.commsched.core.model.Network;
import org.commsched.core.solve.LowerBound;

/**
 * The one-port doubling bound and the cut bounds of broadcast and gossip under the linear cost
 * model, on any network (docs/models/linear-cost.md#doubling-and-cut-bounds, where both are
 * derived).
 *
 * <p>DOUBLING (one port): take the unit {@code j} of a source whose first departure from it ends
 * last, at {@code f >= beta + n tau} (the source sends one packet at a time and its packets up to
 * that one carry all {@code n} units). Until {@code f + h} at most two nodes hold {@code j}, and
 * since every holder starts at most one packet at a time and a packet lasts at least {@code h =
 * beta + tau}, the holders at most double per {@code h}: after {@code f + k h} at most {@code
 * 2^(k+1)} nodes hold {@code j}, all within {@code k + 1} hops of the source. So the makespan is at
 * least {@code beta + n tau + (max(ceil(log2 p), ecc) - 1) h}; for gossip every node is a source,
 * so {@code ecc} becomes the diameter.
 *
 * <p>CUT: for a node set {@code S} that needs {@code U} units from outside it (broadcast: the
 * source outside, {@code U = n}; gossip: {@code U = (p - |S|) n}), each unit's first entry into
 * {@code S} (the earliest-ending packet that brings it in) goes over one of the arcs into {@code
 * S}; at most {@code c} of them work at once (the arcs into {@code S}; under one port also at most
 * one per head inside and one per tail outside). Some arc (head, tail) therefore carries the first
 * entries of {@code ceil(U / c)} units one packet after another, not before its tail holds a unit
 * ({@code lead}: the tails' least distance from the broadcast source, times {@code h}), and the
 * last of those units still has to reach every node of {@code S} from the heads ({@code depth}: the
 * largest distance from the heads to a node of {@code S}): {@code lead + beta + ceil(U / c) tau +
 * depth h}. It is exact (maximised over every {@code S}) when the subsets are few, else maximised
 * over heuristic sets: the distance levels of the broadcast source and the balls round far nodes
 * and their complements. With {@code S} one node it is RECV-PORT; with all but the source, the
 * all-port form of DOUBLING.
 */
final class SpreadBounds {
  private SpreadBounds() {}

  /**
   * Subsets times nodes up to which every subset is tried (bit-mask work per subset is about the
   * nodes).
   */
  static final long EXACT_WORK = 5_000_000L;

  /** Node and arc visits the heuristic sets may take in all. */
  static final long HEURISTIC_WORK = 2_000_000L;

  /** The exact enumeration works on bit masks of this many nodes at most. */
  static final int EXACT_MAX_NODES = 24;

  /** The cut bound of one set, with what it was computed from. */
  record Cut(long value, String set, long units, long capacity, long lead, long depth) {}

  /**
   * DOUBLING for one port: {@code beta + n tau + (max(ceil(log2 p), reach) - 1) h}, {@code reach}
   * the eccentricity of the source (broadcast) or the diameter found (gossip, where {@code who}
   * names the node whose units travel farthest).
   */
  static void doubling(
      long beta,
      long tau,
      int p,
      long n,
      int reach,
      String who,
      LongFunction<String> fmt,
      List<LowerBound> out) {
    if (p < 2) {
      return;
    }
    int log = 64 - Long.numberOfLeadingZeros(p - 1L); // ceil(log2 p)
    int k = Math.max(log, reach);
    long hop = Math.addExact(beta, tau);
    long first = Math.addExact(beta, Math.multiplyExact(n, tau));
    long v = Math.addExact(first, Math.multiplyExact(k - 1L, hop));
    out.add(
        new LowerBound(
            v,
            "DOUBLING",
            "one port: "
                + who
                + " sends one packet at a time, so the unit of its "
                + "message that first leaves it last does so at beta + "
                + n
                + " tau = "
                + fmt.apply(first)
                + " or later; "
                + "from then on the nodes holding that unit at most double every beta + tau = "
                + fmt.apply(hop)
                + " (each starts one packet at a time)"
                + (reach > log ? " and reach one hop further" : "")
                + ", and all "
                + p
                + " nodes need it: "
                + (reach > log
                    ? reach + " hops (eccentricity)"
                    : "ceil(log2 " + p + ") = " + log + " doublings")
                + ", the first inside that packet: "
                + fmt.apply(first)
                + " + "
                + (k - 1)
                + " x "
                + fmt.apply(hop)
                + " = "
                + fmt.apply(v)));
  }

  /**
   * IDLE-DOUBLING for a one-port broadcast in rounds (one unit, or {@code tau = 0}: every call
   * lasts one {@code h}, and rounding starts down to multiples of {@code h} loses nothing,
   * docs/models/linear-cost.md#step-model). Let {@code N_r} be the informed nodes after round
   * {@code r} and {@code idle_r} those informed before round {@code r} that inform no new node in
   * it: {@code N_r = 2 N_(r-1) - idle_r}, so {@code p = N_T <= 2^T - sum_r idle_r 2^(T - r)}: the
   * losses {@code sum idle_r 2^(T - r)} are at most the slack {@code 2^T - p}. Two losses need no
   * schedule: the source informs at most {@code d} nodes in all ({@code d} its distinct
   * out-neighbours), so it is idle in at least {@code T - d} rounds, a loss of at least {@code 2^(T
   * - d) - 1} (idle last); and a node whose only neighbour is {@code w} (in-neighbours {@code {w}},
   * out-neighbours within {@code {w}}) informs nobody after {@code w} informs it, so {@code k} such
   * nodes of one {@code w}, informed in distinct rounds, lose at least {@code sum_(i < k) (2^i - 1)
   * = 2^k - 1 - k}. The least {@code T >= ceil(log2 p)} whose losses fit in its slack bounds the
   * rounds. Reported only above {@code ceil(log2 p)} (else DOUBLING says as much).
   *
   * @param hop the length of a call, {@code beta + tau} (one unit) or {@code beta} ({@code tau =
   *     0})
   */
  static void idleDoubling(
      Network net, int source, long hop, LongFunction<String> fmt, List<LowerBound> out) {
    int p = net.nodes();
    if (p < 2) {
      return;
    }
    int[] mark = new int[p];
    Arrays.fill(mark, -1);
    int d = 0;
    for (int i = 0; i < net.outDegree(source); i++) {
      int y = net.head(net.outArc(source, i));
      if (y != source && mark[y] != source) {
        mark[y] = source;
        d++;
      }
    }
    if (d == 0) {
      return;
    }
    // the single neighbour of each node whose only neighbour is one node (else -1), and their count
    // per neighbour
    int[] only = new int[p];
    Arrays.fill(only, -1);
    int[] pendants = new int[p];
    for (int x = 0; x < p; x++) {
      if (x == source) {
        continue;
      }
      int w = -1;
      boolean single = true;
      for (int i = 0; i < net.inDegree(x) && single; i++) {
        int u = net.tail(net.inArc(x, i));
        single = u == x || w < 0 || u == w;
        w = u == x ? w : u;
      }
      for (int i = 0; i < net.outDegree(x) && single; i++) {
        int y = net.head(net.outArc(x, i));
        single = y == x || y == w;
      }
      if (single && w >= 0) {
        only[x] = w;
        pendants[w]++;
      }
    }
    long pendantLoss = 0;
    int worst = -1;
    for (int w = 0; w < p; w++) {
      int k = pendants[w];
      if (k >= 2) {
        pendantLoss = satAdd(pendantLoss, k >= 62 ? Long.MAX_VALUE : (1L << k) - 1 - k);
        worst = worst < 0 || pendants[w] > pendants[worst] ? w : worst;
      }
    }
    int log = 64 - Long.numberOfLeadingZeros(p - 1L);
    int t = log;
    for (; t < 62; t++) {
      long sourceLoss = t <= d ? 0 : t - d >= 62 ? Long.MAX_VALUE : (1L << (t - d)) - 1;
      if (satAdd(sourceLoss, pendantLoss) <= (1L << t) - p) {
        break;
      }
    }
    if (t == log || t >= 62) {
      return;
    }
    long v = Math.multiplyExact(t, hop);
    int s1 = t - 1;
    long srcLoss1 = s1 <= d ? 0 : (1L << (s1 - d)) - 1;
    out.add(
        new LowerBound(
            v,
            "IDLE-DOUBLING",
            "one port, in rounds of "
                + fmt.apply(hop)
                + ": the informed nodes "
                + "at most double per round, each informed node that informs nobody new in a round costing the final count "
                + "2^(rounds left); in "
                + s1
                + " rounds the slack is 2^"
                + s1
                + " - "
                + p
                + " = "
                + ((1L << s1) - p)
                + " but source "
                + source
                + " has "
                + Witness.count(d, "neighbour")
                + " and so loses at least "
                + srcLoss1
                + (pendantLoss > 0
                    ? ", and nodes whose only neighbour is the same node ("
                        + pendants[worst]
                        + " on node "
                        + worst
                        + ") are informed in distinct rounds and then idle, losing at least "
                        + pendantLoss
                    : "")
                + ": at least "
                + t
                + " rounds, "
                + t
                + " x "
                + fmt.apply(hop)
                + " = "
                + fmt.apply(v)));
  }

  private static long satAdd(long a, long b) {
    long r = a + b;
    return ((a ^ r) & (b ^ r)) < 0 ? Long.MAX_VALUE : r;
  }

  /**
   * CUT for a broadcast from {@code source} of {@code n} units ({@code source < 0}: gossip of
   * {@code n} units per node), maximised over every set when they are few, else over heuristic
   * sets; nothing when no set has an arc into it.
   */
  static void cut(
      Network net,
      int source,
      long n,
      boolean onePort,
      long beta,
      long tau,
      LongFunction<String> fmt,
      String portRule,
      List<LowerBound> out) {
    int p = net.nodes();
    if (p < 2) {
      return;
    }
    boolean exact = exactFits(net, source);
    if (!exact && HEURISTIC_WORK / (p + (long) net.arcs()) < 2) {
      return; // too large for the heuristic sets (see Evaluator#heuristic)
    }
    Cut best = best(net, source, n, onePort, beta, tau, exact);
    if (best == null) {
      return;
    }
    boolean bcast = source >= 0;
    long each = ceilDiv(best.units(), best.capacity());
    out.add(
        new LowerBound(
            best.value(),
            "CUT",
            "S = "
                + best.set()
                + " ("
                + portRule
                + ") needs "
                + Witness.count(best.units(), "unit")
                + (bcast ? " from source " + source : " from the nodes outside it")
                + "; each first enters S over one of "
                + Witness.count(best.capacity(), "arc")
                + " that can work at once, "
                + "so one of them carries "
                + each
                + " of them one packet after another"
                + (best.lead() > 0
                    ? ", not before its tail holds a unit "
                        + Witness.count(best.lead(), "hop")
                        + " from the source"
                    : "")
                + (best.depth() > 0
                    ? ", and the last of them still has to travel "
                        + Witness.count(best.depth(), "hop")
                        + " to the farthest node of S"
                    : "")
                + ": "
                + (best.lead() > 0 ? best.lead() + " (beta + tau) + " : "")
                + "beta + "
                + each
                + " tau"
                + (best.depth() > 0 ? " + " + best.depth() + " (beta + tau)" : "")
                + " = "
                + fmt.apply(best.value())
                + (exact
                    ? " (the largest over every set)"
                    : " (the largest over the sets tried)")));
  }

  /**
   * Arc and node visits {@link #feed} may take in all (a breadth-first search per sender it looks
   * at).
   */
  static final long FEED_WORK = 4_000_000L;

  /**
   * FEED for a broadcast from {@code source} of {@code n} units ({@code source < 0}: gossip of
   * {@code n} units per node): at a node whose incoming packets never overlap (one incoming arc, or
   * one port under either rule), the units it needs arrive in packets one after another, each unit
   * not before some sender of the node can hold it (the {@code j}-th unit of an origin at distance
   * {@code d >= 1} from the nearest sender: {@code (d - 1) h + beta + ceil(j / width) tau}, {@link
   * #release}); the least makespan of that one receiver, found by batching the units in order of
   * those release times (docs/models/linear-cost.md#doubling-and-cut-bounds), maximised over the
   * nodes; nothing when no node qualifies or the network is too large for the work budget. Past
   * {@code cutoff}'s deadline ({@link Cutoff#none()}: none) the nodes not yet looked at are left
   * out.
   */
  static void feed(
      Network net,
      int source,
      long n,
      boolean onePort,
      long beta,
      long tau,
      LongFunction<String> fmt,
      String portRule,
      List<LowerBound> out,
      Cutoff cutoff) {
    int p = net.nodes();
    if (p < 2 || n < 1) {
      return;
    }
    // the work of the loop below, counted first: beyond the budget it reports nothing, so it is
    // not begun
    long total = 0;
    for (int v = 0; v < p; v++) {
      int in = net.inDegree(v);
      if (v != source && in != 0 && (onePort || in == 1)) {
        total += (long) in * (p + (long) net.arcs());
        if (total > FEED_WORK) {
          return;
        }
      }
    }
    long hop = Math.addExact(beta, tau);
    long best = -1;
    String witness = null;
    long work = 0;
    int cutAt = -1;
    for (int v = 0; v < p; v++) {
      int in = net.inDegree(v);
      if (v == source || in == 0 || (!onePort && in != 1)) {
        continue;
      }
      if (cutoff.passed()) {
        cutoff.cut("FEED");
        cutAt = v;
        break;
      }
      work += (long) in * (p + (long) net.arcs());
      if (work > FEED_WORK) {
        return;
      }
      // near[o]: the least distance from origin o to a sender of v (-1: none can get o's units)
      int[] near = new int[p];
      Arrays.fill(near, -1);
      for (int i = 0; i < in; i++) {
        int w = net.tail(net.inArc(v, i));
        int[] d = net.distancesTo(w);
        for (int o = 0; o < p; o++) {
          if (d[o] >= 0 && (near[o] < 0 || d[o] < near[o])) {
            near[o] = d[o];
          }
        }
      }
      int origins = source >= 0 ? 1 : p - 1;
      int levels = (int) Math.max(1, Math.min(FEED_LEVELS, FEED_GROUPS / origins));
      // the groups of units v needs, by release time
      java.util.TreeMap<Long, Long> groups = new java.util.TreeMap<>();
      for (int o = 0; o < p; o++) {
        if (o == v || (source >= 0 && o != source)) {
          continue;
        }
        if (near[o] < 0) {
          return; // v cannot get o's units at all: not a valid instance for this bound
        }
        release(groups, near[o], n, onePort ? 1 : net.outDegree(o), levels, beta, tau);
      }
      long value = batches(groups, beta, tau);
      if (value > best) {
        best = value;
        String g = releaseList(groups, "release times", fmt);
        witness =
            "node "
                + v
                + " ("
                + portRule
                + (onePort ? "" : ", 1 incoming arc")
                + ") receives one packet at a "
                + "time; the units it needs can be at its sender"
                + (in == 1 ? "" : "s")
                + " no earlier than their "
                + "origin's distance less one times beta + tau, plus beta + tau per unit its origin sends before them "
                + "over each of its arcs ("
                + g
                + "), and the best packets over those release times, "
                + "each beta + its units tau, end at "
                + fmt.apply(value);
      }
    }
    if (best > 0) {
      out.add(
          new LowerBound(
              best, "FEED", witness + (cutAt >= 0 ? Cutoff.note(cutAt, p, "nodes") : "")));
    }
  }

  /**
   * Release levels per origin {@link #feed} keeps at most, and groups of one node's units in all
   * (both cap its work).
   */
  static final int FEED_LEVELS = 64;

  static final int FEED_GROUPS = 1_000;

  /** Release times a FEED witness lists before it says how many there are. */
  private static final int FEED_LISTED = 12;

  /**
   * A witness's list of release groups, "COUNT from TIME" in order of time, the first {@link
   * #FEED_LISTED} of them and then how many there are in all ({@code what} names them, e.g.
   * "release times").
   */
  static String releaseList(Map<Long, Long> groups, String what, LongFunction<String> fmt) {
    StringBuilder g = new StringBuilder();
    int listed = 0;
    for (var e : groups.entrySet()) {
      if (listed++ == FEED_LISTED) {
        g.append(", ... (").append(groups.size()).append(" ").append(what).append(" in all)");
        break;
      }
      g.append(g.length() == 0 ? "" : ", ")
          .append(e.getValue())
          .append(" from ")
          .append(fmt.apply(e.getKey()));
    }
    return g.toString();
  }

  /**
   * Adds the release times of the {@code n} units of one origin at distance {@code d} from the
   * nearest sender of the receiver to {@code groups}. At {@code d = 0} all are there at 0. Else the
   * origin's packets leave it over at most {@code width} arcs at once (its out-degree; 1 under one
   * port), one after another on each, each {@code beta} plus {@code tau} per unit, so the {@code
   * j}-th of its units to complete its first hop does so at {@code beta + ceil(j / width) tau} or
   * later, and reaches a sender {@code d - 1} hops of at least {@code h} further on: release {@code
   * (d - 1) h + beta + ceil(j / width) tau}. Above {@code levels} distinct ranks the ranks are
   * taken in blocks, each released at its first rank's time (earlier releases only weaken the
   * bound).
   */
  static void release(
      java.util.SortedMap<Long, Long> groups,
      int d,
      long n,
      int width,
      int levels,
      long beta,
      long tau) {
    if (d == 0) {
      groups.merge(0L, n, Math::addExact);
      return;
    }
    long base = Math.addExact(Math.multiplyExact((long) d - 1, Math.addExact(beta, tau)), beta);
    long ranks =
        ceilDiv(n, width); // rank k (1..ranks) holds units (k - 1) width + 1 .. min(k width, n)
    long block = ceilDiv(ranks, levels);
    for (long first = 1; first <= ranks; first += block) {
      long last = Math.min(ranks, first + block - 1);
      long units =
          Math.min(n, Math.multiplyExact(last, width)) - Math.multiplyExact(first - 1, width);
      groups.merge(Math.addExact(base, Math.multiplyExact(first, tau)), units, Math::addExact);
    }
  }

  /**
   * The least makespan of one machine that processes units with release times (a map release ->
   * count) in batches of {@code beta + size tau}, a batch starting once all its units are released
   * and the previous batch has ended. Some optimal batching takes the units in release order and
   * never splits a group of equal release (moving a split group's later part into the earlier batch
   * delays nothing), so a dynamic program over the group boundaries is exact: {@code f(j) = min
   * over i < j of max(r_(j-1), f(i)) + beta + (C_j - C_i) tau}.
   */
  static long batches(java.util.SortedMap<Long, Long> groups, long beta, long tau) {
    int g = groups.size();
    long[] r = new long[g];
    long[] cum = new long[g + 1];
    int k = 0;
    for (var e : groups.entrySet()) {
      r[k] = e.getKey();
      cum[k + 1] = Math.addExact(cum[k], e.getValue());
      k++;
    }
    long[] f = new long[g + 1];
    for (int j = 1; j <= g; j++) {
      long m = Long.MAX_VALUE;
      for (int i = 0; i < j; i++) {
        long end =
            Math.addExact(
                Math.addExact(Math.max(r[j - 1], f[i]), beta),
                Math.multiplyExact(cum[j] - cum[i], tau));
        m = Math.min(m, end);
      }
      f[j] = m;
    }
    return f[g];
  }

  /**
   * The best cut over every set ({@code exact}) or over the heuristic sets; null if no set counts.
   */
  static Cut best(
      Network net, int source, long n, boolean onePort, long beta, long tau, boolean exact) {
    Evaluator ev = new Evaluator(net, source, n, onePort, beta, tau);
    return exact ? ev.exact() : ev.heuristic();
  }

  /** True when every subset is tried. */
  static boolean exactFits(Network net, int source) {
    int p = net.nodes();
    if (p > EXACT_MAX_NODES) {
      return false;
    }
    long sets = 1L << (source >= 0 ? p - 1 : p);
    return sets * p <= EXACT_WORK;
  }

  private static long ceilDiv(long a, long b) {
    return PathSending.ceilDiv(a, b);
  }

  /** Computes the cut bound of node sets of one instance. */
  private static final class Evaluator {
    final Network net;
    final int p;
    final int source;
    final long n;
    final boolean onePort;
    final long beta;
    final long tau;
    final long hop;
    final int[] distSource;

    /**
     * In-neighbours (tails of in-arcs) and out-neighbours of every node, as offsets into flat
     * arrays.
     */
    private int[] inStart;

    private int[] inFrom;
    private int[] outStart;
    private int[] outTo;

    Evaluator(Network net, int source, long n, boolean onePort, long beta, long tau) {
      this.net = net;
      this.p = net.nodes();
      this.source = source;
      this.n = n;
      this.onePort = onePort;
      this.beta = beta;
      this.tau = tau;
      this.hop = Math.addExact(beta, tau);
      this.distSource = source >= 0 ? net.distancesFrom(source) : null;
    }

    long value(long units, long cap, long lead, long depth) {
      return Math.addExact(
          Math.addExact(
              Math.multiplyExact(lead, hop),
              Math.addExact(beta, Math.multiplyExact(ceilDiv(units, cap), tau))),
          Math.multiplyExact(depth, hop));
    }

    /** Every set (not holding the source, for a broadcast), on bit masks. */
    Cut exact() {
      long[] in = new long[p];
      long[] outM = new long[p];
      for (int a = 0; a < net.arcs(); a++) {
        int u = net.tail(a);
        int w = net.head(a);
        in[w] |= 1L << u;
        outM[u] |= 1L << w;
      }
      long all = (1L << p) - 1;
      long bestVal = -1;
      long bestMask = 0;
      long[] bestParts = null;
      for (long s = 1; s < all; s++) {
        if (source >= 0 && (s >>> source & 1) != 0) {
          continue;
        }
        long arcsIn = 0;
        long heads = 0;
        long headMask = 0;
        long tailMask = 0;
        for (long r = s; r != 0; r &= r - 1) {
          int w = Long.numberOfTrailingZeros(r);
          long from = in[w] & ~s;
          if (from != 0) {
            arcsIn += Long.bitCount(from);
            heads++;
            headMask |= 1L << w;
            tailMask |= from;
          }
        }
        if (arcsIn == 0) {
          continue;
        }
        long cap = onePort ? Math.min(arcsIn, Math.min(heads, Long.bitCount(tailMask))) : arcsIn;
        long units = source >= 0 ? n : Math.multiplyExact(p - (long) Long.bitCount(s), n);
        long lead = 0;
        if (source >= 0) {
          lead = Long.MAX_VALUE;
          for (long r = tailMask; r != 0; r &= r - 1) {
            int d = distSource[Long.numberOfTrailingZeros(r)];
            if (d >= 0) {
              lead = Math.min(lead, d);
            }
          }
          if (lead == Long.MAX_VALUE) {
            continue; // no tail the source reaches: no valid schedule, leave the set out
          }
        }
        long depth = 0;
        long reached = headMask;
        long frontier = headMask;
        while ((s & ~reached) != 0 && frontier != 0) {
          long next = 0;
          for (long r = frontier; r != 0; r &= r - 1) {
            next |= outM[Long.numberOfTrailingZeros(r)];
          }
          frontier = next & ~reached;
          reached |= next;
          depth++;
        }
        if ((s & ~reached) != 0) {
          continue; // a node of S the heads do not reach: no valid schedule, leave the set out
        }
        long v = value(units, cap, lead, depth);
        if (v > bestVal) {
          bestVal = v;
          bestMask = s;
          bestParts = new long[] {units, cap, lead, depth};
        }
      }
      if (bestParts == null) {
        return null;
      }
      StringBuilder sb = new StringBuilder("the set {");
      for (long r = bestMask; r != 0; r &= r - 1) {
        sb.append(Long.numberOfTrailingZeros(r));
        if ((r & (r - 1)) != 0) {
          sb.append(", ");
        }
      }
      sb.append('}');
      return new Cut(
          bestVal, sb.toString(), bestParts[0], bestParts[1], bestParts[2], bestParts[3]);
    }

    /**
     * Heuristic sets within {@link #HEURISTIC_WORK}: for a broadcast the nodes at least r hops from
     * the source, for every r; then, for nodes in order of their distance from the source (gossip:
     * from node 0), farthest first, the balls round them of every radius, and (gossip) their
     * complements.
     */
    Cut heuristic() {
      long per = p + (long) net.arcs();
      long budget = HEURISTIC_WORK / Math.max(1, per);
      if (budget < 2) {
        return null; // too large for even one set beyond the ones RECV-PORT and ECCENTRICITY
        // already cover
      }
      Cut best = null;
      int[] base = source >= 0 ? distSource : net.distancesFrom(0);
      if (source >= 0) {
        int ecc = NetworkFacts.maxFinite(base);
        for (int r = 1; r <= ecc && budget > 0; r++, budget--) {
          boolean[] set = new boolean[p];
          for (int v = 0; v < p; v++) {
            set[v] = base[v] >= r;
          }
          best =
              better(
                  best,
                  eval(
                      set,
                      "the " + count(set) + " nodes " + r + " or more hops from source " + source));
        }
      }
      // centres farthest first, by a count per distance: no sort of every node when only a few are
      // tried
      int maxDist = NetworkFacts.maxFinite(base);
      int[] start = new int[maxDist + 2];
      for (int v = 0; v < p; v++) {
        if (base[v] >= 0) {
          start[maxDist - base[v] + 1]++;
        }
      }
      for (int i = 1; i < start.length; i++) {
        start[i] += start[i - 1];
      }
      int[] order = new int[start[start.length - 1]];
      for (int v = 0; v < p; v++) {
        if (base[v] >= 0) {
          order[start[maxDist - base[v]]++] = v;
        }
      }
      for (int i = 0; i < order.length && budget > 0; i++) {
        int centre = order[i];
        if (centre == source) {
          continue;
        }
        int[] d = net.distancesFrom(centre);
        budget--;
        int ecc = NetworkFacts.maxFinite(d);
        for (int r = 0; r < ecc && budget > 0; r++) {
          boolean[] ball = new boolean[p];
          boolean[] rest = new boolean[p];
          for (int v = 0; v < p; v++) {
            ball[v] = d[v] >= 0 && d[v] <= r;
            rest[v] = !ball[v];
          }
          if (source < 0 || !ball[source]) {
            best =
                better(
                    best,
                    eval(
                        ball,
                        "the "
                            + count(ball)
                            + " nodes within "
                            + Witness.count(r, "hop")
                            + " of node "
                            + centre));
            budget--;
          }
          if (source < 0 && budget > 0) {
            best =
                better(
                    best,
                    eval(
                        rest,
                        "the "
                            + count(rest)
                            + " nodes more than "
                            + Witness.count(r, "hop")
                            + " from node "
                            + centre));
            budget--;
          }
        }
      }
      return best;
    }

    private static int count(boolean[] set) {
      int c = 0;
      for (boolean b : set) {
        c += b ? 1 : 0;
      }
      return c;
    }

    private static Cut better(Cut a, Cut b) {
      return b != null && (a == null || b.value() > a.value()) ? b : a;
    }

    /**
     * Reads the arcs once: the layouts of the regular families answer degree and arc queries by
     * formula.
     */
    private void adjacency() {
      if (inStart != null) {
        return;
      }
      int m = net.arcs();
      inStart = new int[p + 1];
      outStart = new int[p + 1];
      for (int v = 0; v < p; v++) {
        inStart[v + 1] = inStart[v] + net.inDegree(v);
        outStart[v + 1] = outStart[v] + net.outDegree(v);
      }
      inFrom = new int[m];
      outTo = new int[m];
      for (int v = 0; v < p; v++) {
        for (int i = 0, k = inStart[v], deg = inStart[v + 1] - k; i < deg; i++) {
          inFrom[k + i] = net.tail(net.inArc(v, i));
        }
        for (int i = 0, k = outStart[v], deg = outStart[v + 1] - k; i < deg; i++) {
          outTo[k + i] = net.head(net.outArc(v, i));
        }
      }
    }

    /** The cut bound of one set, null if no arc enters it or the heads do not reach all of it. */
    Cut eval(boolean[] set, String name) {
      adjacency();
      int size = 0;
      long arcsIn = 0;
      long heads = 0;
      boolean[] tail = new boolean[p];
      long tails = 0;
      long lead = Long.MAX_VALUE;
      int[] depth = new int[p];
      Arrays.fill(depth, -1);
      int[] queue = new int[p];
      int tailOfQueue = 0;
      for (int w = 0; w < p; w++) {
        if (!set[w]) {
          continue;
        }
        size++;
        boolean head = false;
        for (int k = inStart[w]; k < inStart[w + 1]; k++) {
          int u = inFrom[k];
          if (!set[u]) {
            arcsIn++;
            head = true;
            if (!tail[u]) {
              tail[u] = true;
              tails++;
              if (distSource != null && distSource[u] >= 0) {
                lead = Math.min(lead, distSource[u]);
              }
            }
          }
        }
        if (head) {
          heads++;
          depth[w] = 0;
          queue[tailOfQueue++] = w;
        }
      }
      if (arcsIn == 0 || size == 0 || size == p || (distSource != null && lead == Long.MAX_VALUE)) {
        return null;
      }
      int far = 0;
      int seen = 0;
      for (int q = 0; q < tailOfQueue; q++) {
        int v = queue[q];
        if (set[v]) {
          seen++;
          far = Math.max(far, depth[v]);
        }
        for (int k = outStart[v]; k < outStart[v + 1]; k++) {
          int w = outTo[k];
          if (depth[w] < 0) {
            depth[w] = depth[v] + 1;
            queue[tailOfQueue++] = w;
          }
        }
      }
      if (seen < size) {
        return null;
      }
      long cap = onePort ? Math.min(arcsIn, Math.min(heads, tails)) : arcsIn;
      long units = source >= 0 ? n : Math.multiplyExact(p - (long) size, n);
      long ld = source >= 0 ? lead : 0;
      return new Cut(value(units, cap, ld, far), name, units, cap, ld, far);
    }
  }
}
