package org.commsched.core.bounds;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.LongFunction;
import org.commsched.core.model.Network;
import org.commsched.core.solve.LowerBound;

/**
 * FAN-CHAIN (docs/models/linear-cost.md#fan-chain; this project, issue 22): a broadcast read at a
 * target {@code v}, as an exact search over a relaxation in which the source's outgoing arcs and
 * {@code v}'s incoming arcs are machines shared by all units and every hop between them is a pure
 * delay of {@code beta + tau}. It generalises SOURCE-CHAIN ({@link SourceChainBound}) from one arc
 * at each end to several, at the price of the middle arcs' capacity.
 *
 * <p>Source {@code s}, target {@code v} ({@code v != s}, no arc {@code s -> v}). Follow a unit back
 * from its first arrival at {@code v}, each node to the node whose packet brought it there first:
 * the first-arrival ends fall strictly along the way ({@code beta + tau > 0}), so it is a simple
 * path {@code s, x, ..., L, v} with {@code s -> x} an arc out of {@code s}, {@code L -> v} an arc
 * into {@code v}, and the part from {@code x} to {@code L} avoiding {@code s} and {@code v}: at
 * least {@code D(x) = min over L of d(x, L)} hops ({@code d} in the network without {@code s} and
 * {@code v}; 0 when {@code x} is itself an in-neighbour of {@code v}), each a packet of at least
 * {@code beta + tau}, one after another. Keep in each packet on an arc {@code s -> x} and in each
 * packet into {@code v} only the units whose way it is (each unit is in exactly one of each): the
 * packets only shrink, so the schedule, restricted to those arcs, is a schedule of the relaxed
 * problem (machines {@code s -> x} and {@code L -> v}, each processing batches of {@code beta} plus
 * {@code tau} per unit one at a time; a unit may start on an {@code L -> v} machine {@code D(x)
 * (beta + tau)} after the end of its batch on {@code s -> x}) of no larger makespan. Under one port
 * the source sends and {@code v} receives one packet at a time: one machine at each end (the least
 * delay).
 *
 * <p>The relaxed optimum is found exactly: the source's batches run back to back from 0 on each
 * arc, so a schedule of the first stage is a composition of each arc's share of the units; the
 * units then reach the second stage at their batch's end plus the arc's delay, and the least
 * makespan of the identical machines {@code L -> v} over those releases is MULTI-FEED's ({@link
 * MultiFeedBound#feasible}). Searched as a decision per makespan (gallop up from the other bounds'
 * best, then halve), the compositions cut when the units not yet placed, each in the best packet it
 * could still have alone, and the placed ones already fail on the second stage.
 */
public final class FanChainBound {
  private FanChainBound() {}

  /** Units per message above which it is not tried. */
  static final long UNITS = 24;

  /** Most arcs out of the source and into a target (the second stage's fronts grow with them). */
  static final int FAN = 4;

  /** Targets read at most, the farthest from the source first. */
  static final int TARGETS = 8;

  /** Search nodes and second-stage steps in all, over every target and makespan. */
  static final long WORK = MultiFeedBound.WORK;

  private static final class OutOfWork extends RuntimeException {
    OutOfWork() {
      super(null, null, false, false);
    }
  }

  /**
   * One target's relaxed problem: the delays (in ticks) after each first-stage machine, ascending,
   * the first-stage arcs' heads in that order, and the number of second-stage machines.
   */
  record Fan(int v, int[] xs, long[] delay, int[] senders, int machines) {}

  /**
   * The bound's value on a broadcast instance with one channel per link, searched from {@code from}
   * (pass 0 to search from scratch): the least makespan of the relaxation not ruled out at some
   * target, at least {@code from}; -1 where it does not apply. Tests hold it against exact optima.
   */
  public static long least(org.commsched.core.model.Instance inst, long from) {
    return least(inst, from, 0);
  }

  /**
   * {@link #least(org.commsched.core.model.Instance, long)} with every delay raised by {@code
   * wrong} ticks: a deliberately invalid variant (for {@code wrong > 0}) that the exact-property
   * suites must catch.
   */
  public static long least(org.commsched.core.model.Instance inst, long from, long wrong) {
    if (!(inst.problem() instanceof org.commsched.core.model.Problem.Broadcast b)
        || inst.network().hasChannels()) {
      return -1;
    }
    var m = inst.storeAndForward();
    var sc = inst.timeScale();
    boolean one = m.ports() == org.commsched.core.model.CommModel.Ports.ONE;
    long beta = m.betaTicks(sc);
    long tau = m.tauTicks(sc);
    if (!applies(b.length(), beta, tau)) {
      return -1;
    }
    List<Fan> fans = fans(inst.network(), b.source(), one, beta + tau, wrong);
    if (fans.isEmpty()) {
      return -1;
    }
    long[] r = search(fans, (int) b.length(), beta, tau, from);
    return r == null ? from : r[0];
  }

  private static boolean applies(long n, long beta, long tau) {
    return n >= 1 && n <= UNITS && beta >= 0 && tau >= 0 && beta + tau > 0;
  }

  /**
   * Adds FAN-CHAIN for a broadcast from {@code source} of {@code n} units when it exceeds every
   * bound already in {@code out}.
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
    if (!applies(n, beta, tau) || net.outDegree(source) > FAN) {
      return;
    }
    long floor = 0;
    for (LowerBound b : out) {
      floor = Math.max(floor, b.value());
    }
    List<Fan> fans = fans(net, source, onePort, beta + tau, 0);
    if (fans.isEmpty()) {
      return;
    }
    // from the floor itself: the other bounds rule out every makespan below it, not the floor
    long[] r = search(fans, (int) n, beta, tau, floor);
    if (r == null || r[0] <= floor) {
      return;
    }
    Fan at = fans.get((int) r[1]);
    long value = r[0];
    StringBuilder d = new StringBuilder();
    for (int i = 0; i < at.xs.length; i++) {
      d.append(i == 0 ? "" : ", ")
          .append("node ")
          .append(at.xs[i])
          .append(" +")
          .append(fmt.apply(at.delay[i]));
    }
    out.add(
        new LowerBound(
            value,
            "FAN-CHAIN",
            "every unit first reaches node "
                + at.v
                + " along a path that leaves node "
                + source
                + " over one of its arcs, to "
                + d
                + " (the hops to node "
                + at.v
                + "'s senders "
                + nodes(at.senders)
                + " avoiding nodes "
                + source
                + " and "
                + at.v
                + ", beta + tau each), and enters node "
                + at.v
                + " over one of its arcs"
                + (onePort ? " (one port: one packet at a time at either end)" : "")
                + "; with those arcs as machines, one packet at a time each, an exact search over"
                + " packet sizes rules out every makespan below "
                + fmt.apply(value)
                + (r[2] != 0 ? " (at the work budget)" : "")));
  }

  private static String nodes(int[] vs) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < vs.length; i++) {
      b.append(i == 0 ? "" : i == vs.length - 1 ? " and " : ", ").append("node ").append(vs[i]);
    }
    return b.toString();
  }

  /**
   * The relaxed problems of the targets read: not the source, not an out-neighbour of it, at most
   * {@link #FAN} incoming arcs, the farthest from the source first, at most {@link #TARGETS}.
   */
  static List<Fan> fans(Network net, int source, boolean onePort, long h, long wrong) {
    List<Fan> out = new ArrayList<>();
    int p = net.nodes();
    int a = net.outDegree(source);
    if (a == 0 || a > FAN) {
      return out;
    }
    int[] far = net.distancesFrom(source);
    List<Integer> order = new ArrayList<>();
    for (int v = 0; v < p; v++) {
      if (v != source && far[v] >= 2 && net.inDegree(v) <= FAN) {
        order.add(v);
      }
    }
    order.sort((x, y) -> far[x] != far[y] ? Integer.compare(far[y], far[x]) : x - y);
    for (int v : order) {
      if (out.size() == TARGETS) {
        break;
      }
      int b = net.inDegree(v);
      boolean[] banned = new boolean[p];
      banned[source] = true;
      banned[v] = true;
      boolean[] sender = new boolean[p];
      List<Integer> senders = new ArrayList<>();
      for (int j = 0; j < b; j++) {
        int l = net.tail(net.inArc(v, j));
        if (!sender[l]) {
          sender[l] = true;
          senders.add(l);
        }
      }
      List<long[]> rows = new ArrayList<>(); // {delay, head}
      for (int i = 0; i < a; i++) {
        int x = net.head(net.outArc(source, i));
        int[] d = net.distancesFrom(x, banned);
        long best = -1;
        for (int l : senders) {
          if (d[l] >= 0 && (best < 0 || d[l] < best)) {
            best = d[l];
          }
        }
        if (best >= 0) {
          rows.add(new long[] {Math.multiplyExact(best, h) + wrong, x});
        }
      }
      if (rows.isEmpty()) {
        continue; // no unit reaches v: not an instance this bound reads
      }
      rows.sort((x, y) -> Long.compare(x[0], y[0]));
      if (onePort) {
        rows = rows.subList(0, 1);
      }
      out.add(
          new Fan(
              v,
              rows.stream().mapToInt(r -> (int) r[1]).toArray(),
              rows.stream().mapToLong(r -> r[0]).toArray(),
              senders.stream().mapToInt(Integer::intValue).toArray(),
              onePort ? 1 : b));
    }
    return out;
  }

  /**
   * The least makespan not ruled out, at least {@code from}, over the targets, with the index of
   * the target and 1 if the budget ran out (else 0); null when no target rules out {@code from}.
   */
  static long[] search(List<Fan> fans, int n, long beta, long tau, long from) {
    Search s = new Search(n, beta, tau);
    long proven = from - 1; // every makespan up to it is ruled out at target `at`
    int at = -1;
    boolean budget = false;
    try {
      for (int f = 0; f < fans.size(); f++) {
        Fan c = fans.get(f);
        s.fanIndex = f;
        long bad = proven + 1;
        if (s.feasible(c, bad)) {
          continue; // this target gives no more
        }
        long good = -1;
        for (long step = 1; good < 0; step *= 2) {
          long t = bad + step;
          if (s.feasible(c, t)) {
            good = t;
          } else {
            bad = t;
          }
        }
        while (good - bad > 1) {
          long mid = bad + (good - bad) / 2;
          if (s.feasible(c, mid)) {
            good = mid;
          } else {
            bad = mid;
          }
        }
        proven = bad;
        at = f;
      }
    } catch (OutOfWork e) {
      budget = true;
      if (s.lastRuledOut > proven) {
        proven = s.lastRuledOut;
        at = s.lastFan;
      }
    }
    return at < 0 ? null : new long[] {proven + 1, at, budget ? 1 : 0};
  }

  /** The decision search over one target and makespan. */
  private static final class Search {
    final int n;
    final long beta;
    final long tau;
    final long[] work = {0};
    long lastRuledOut = -1;
    int lastFan = -1;
    int fanIndex;

    // per decision
    Fan c;
    long limit;
    int[] count; // units per first-stage machine
    long[] rel; // second-stage releases placed so far
    int placed;

    Search(int n, long beta, long tau) {
      this.n = n;
      this.beta = beta;
      this.tau = tau;
    }

    boolean feasible(Fan fan, long t) {
      c = fan;
      limit = t;
      count = new int[c.delay.length];
      rel = new long[n];
      placed = 0;
      boolean ok = split(0, n);
      if (!ok && t > lastRuledOut) {
        lastRuledOut = t;
        lastFan = fanIndex;
      }
      return ok;
    }

    /** Shares of the units among the first-stage machines (equal delays: shares not increasing). */
    private boolean split(int i, int left) {
      int a = c.delay.length;
      if (i == a - 1) {
        if (i > 0 && c.delay[i] == c.delay[i - 1] && left > count[i - 1]) {
          return false;
        }
        count[i] = left;
        return compose(0, 0, 0);
      }
      int most = left;
      if (i > 0 && c.delay[i] == c.delay[i - 1]) {
        most = Math.min(most, count[i - 1]);
      }
      for (int k = most; k >= 0; k--) {
        count[i] = k;
        if (split(i + 1, left - k)) {
          return true;
        }
      }
      return false;
    }

    /**
     * Packets on machine {@code i}, {@code used} of its units placed, free from {@code free} (its
     * packets back to back from 0).
     */
    private boolean compose(int i, int used, long free) {
      if (++work[0] > WORK) {
        throw new OutOfWork();
      }
      if (!hopeful(i, used, free)) {
        return false;
      }
      if (i == count.length) {
        return true; // hopeful checked the complete list exactly
      }
      if (used == count[i]) {
        return compose(i + 1, 0, 0);
      }
      for (int size = count[i] - used; size >= 1; size--) {
        long end = free + beta + size * tau;
        long r = end + c.delay[i];
        for (int k = 0; k < size; k++) {
          rel[placed++] = r;
        }
        boolean ok = compose(i, used + size, end);
        placed -= size;
        if (ok) {
          return true;
        }
      }
      return false;
    }

    /**
     * Whether the second stage can still end by the limit: the placed releases and every unit not
     * yet placed released as early as it could be (the {@code j}-th next on a machine free at
     * {@code f} in a packet of its own that carries {@code j} units: {@code f + beta + j tau}, as
     * FEED spaces them; any real completion is at least that rank by rank).
     */
    private boolean hopeful(int i, int used, long free) {
      long[] r = new long[n];
      System.arraycopy(rel, 0, r, 0, placed);
      int k = placed;
      for (int m = i; m < count.length; m++) {
        long f = m == i ? free : 0;
        int left = count[m] - (m == i ? used : 0);
        for (int j = 1; j <= left; j++) {
          r[k++] = f + beta + j * tau + c.delay[m];
        }
      }
      Arrays.sort(r);
      int b = c.machines;
      for (int j = 0; j < n; j++) { // the units released at r[j] or later start no earlier
        if (r[j] + beta + PathSending.ceilDiv(n - j, b) * tau > limit) {
          return false;
        }
      }
      Boolean ok = MultiFeedBound.feasible(r, b, limit, beta, tau, work);
      if (ok == null) {
        throw new OutOfWork();
      }
      return ok;
    }
  }
}
