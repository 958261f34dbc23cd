package org.commsched.heuristics.linearcost;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;
import org.commsched.core.model.ArcCosts;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Family;
import org.commsched.core.model.Footprint;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Network;
import org.commsched.core.model.Origin;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.solve.Interrupt;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.MethodFacts;
import org.commsched.core.solve.Scope;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveStatus;

/**
 * Broadcast and gossip under the linear cost model (beta + L tau per packet; all ports, either
 * duplex) on any network by flooding with <em>merged</em> packets: a packet carries units of any
 * origins, so a node pays {@code beta} once for everything its sender has for it, where {@code
 * greedy-saf} ({@link PipelinedFlood}) sends each origin's units down their own tree in packets of
 * their own and pays {@code beta} per origin on every arc. On issue 22's leaf-spine a host receives
 * 36 units over its one link: in three or four merged packets that is about {@code 4 beta + 36
 * tau}, against one packet per origin and hop for the tree flood
 * (docs/models/linear-cost.md#merged-flood).
 *
 * <p><b>Rule.</b> A list schedule in time order: every arc {@code x -> y} is ready at the later of
 * its (link's) free time and the first time {@code x} holds a unit that {@code y} neither holds nor
 * has on its way; the ready arc with the earliest time sends at once a packet of the units {@code
 * x} holds then and {@code y} lacks (and nobody is bringing it), limited two ways: a packet cap (so
 * a long message is pipelined over many hops, as in Peters' path pipeline) and, optionally, a
 * <em>share</em>: the units that another in-neighbour {@code z} of {@code y} also holds (and could
 * start sending within the packet's own duration) are split between the arcs into {@code y}, the
 * units only {@code x} has going first; or, the <em>alone-first</em> share, the units only {@code
 * x} has go alone when there are any and the shared ones wait for the other arcs or a later packet
 * (on issue 22's leaf-spine a leaf then sends a spine its hosts' units without the other spine's,
 * and the lone host's gossip ends at RELAY-FEED's bound). Units are taken rarest first (fewest
 * nodes holding or receiving them), then in the order {@code x} got them. Optionally an arc
 * <em>waits</em>: its start moves to the last already planned arrival at {@code x}, no more than
 * {@code beta} after its ready time, of a unit {@code y} lacks (sending {@code m} units now and
 * {@code k} more after they arrive at {@code t' <= t + beta} ends no earlier than sending {@code m
 * + k} at {@code t'}: {@code t' + beta + (m + k) tau <= max(t + beta + m tau, t') + beta + k tau}).
 * Each packet starts at or after its sender holds its units and after the arc's (link's) last
 * packet ended, so the schedule is valid by construction (the checker judges it anyway).
 *
 * <p><b>Links with channels and their own costs</b>
 * (docs/FORMATS.md#links-with-channels-and-costs). A packet on arc {@code a} lasts {@code beta(a) +
 * L tau(a)} and the wait is up to {@code beta(a)}; an arc of {@code k} channels carries up to
 * {@code k} packets at once (under half duplex its link up to its count in both directions
 * together): the arc is ready when one of its channels is, so while one packet is on its way the
 * next units already leave on another channel, and with the <em>split</em> the candidate units are
 * spread over the channels free at the start (each packet takes at most {@code ceil(m / free)} of
 * the {@code m}), side by side as SCCL's algorithms put chunks on the two NVLinks of a DGX-1 pair.
 * Packets that start together on one arc are written on channels of their own.
 *
 * <p><b>Variants.</b> The rule runs with no cap and each packet cap {@code ceil(n / q)} for {@code
 * q = 1 .. 8}, each with no share, the split share or alone-first, with and without the wait, and
 * where some arc has several channels with and without the split (at most 54 runs, 108 with
 * channels, until the time limit or a schedule at the best lower bound; within {@link #SURE_WORK}
 * whatever the time limit); the shortest schedule is returned. This is this project's heuristic: a
 * time-ordered list schedule (Graham 1966) with packet merging; it states no ratio.
 *
 * @implNote Stateless; each run works on its own arrays. Work per variant is about packets times
 *     (units times the arcs at the packet's two ends), packets at most nodes times units.
 */
public final class MergeFlood implements Method {
  /** The facts of {@code merge-flood}: see the class javadoc. */
  static final MethodFacts FACTS =
      new MethodFacts(
          "merge-flood",
          "flooding in merged packets: each arc, as soon as it is free, sends every unit its tail holds and its head "
              + "lacks (rarest first), capped for pipelining, optionally shared among the head's in-arcs and held back "
              + "up to beta to merge units about to arrive; the best of up to 54 variants (108 with channels)",
          "valid; no ratio",
          "this project's list schedule (time-ordered, Graham 1966) with packets merged across origins",
          Scope.of(ProblemKind.BROADCAST, ProblemKind.GOSSIP)
              .in(Family.LINEAR_COST)
              .ports(CommModel.Ports.ALL)
              .duplex(CommModel.Duplex.FULL, CommModel.Duplex.HALF),
          false);

  /**
   * The most units times arcs taken (the arrays of one run, and the work of one packet's rescans).
   */
  static final long MAX_UNIT_ARCS = 4_000_000L;

  /**
   * Up to this much estimated work over all variants (a few hundredths of a second on an idle
   * machine; a variant's work is estimated as {@link #variantWork}) the variants run whatever the
   * time limit, stopping only on Ctrl-C or the run's stop: the default portfolio gives each
   * heuristic a share of the limit that start-up on a loaded machine can shrink to milliseconds,
   * and the answer should not depend on that for schedules this cheap.
   */
  static final long SURE_WORK = 20_000_000L;

  /** How many packet counts the caps are derived from ({@code ceil(n / q)}, {@code q = 1 ..}). */
  private static final int CAPS = 8;

  /**
   * The share rules: none, split (shared units split over the head's in-arcs), alone-first (shared
   * units wait).
   */
  private static final int SHARES = 3;

  /** The share rules as the {@code share} statistic names them. */
  private static final String[] SHARE_NAMES = {"no", "yes", "alone-first"};

  /**
   * Share rule: units only the tail has go alone when there are any; shared units wait for a later
   * packet.
   */
  private static final int ALONE_FIRST = 2;

  @Override
  public MethodFacts facts() {
    return FACTS;
  }

  /** Reads each link's channels and own beta and tau (the class javadoc). */
  @Override
  public boolean readsLinkCosts() {
    return true;
  }

  @Override
  public String whyNotFurther(Instance instance) {
    return whyNotFlood(name(), instance, MAX_UNIT_ARCS);
  }

  /**
   * Why a flood of unit arrays (this one and {@link StepMatchingFlood}) does not take {@code
   * instance}, or null: the gossip's explicit deliveries, at most {@code maxUnitArcs} units times
   * arcs (and units times nodes), and every node reachable from every origin.
   */
  static String whyNotFlood(String method, Instance instance, long maxUnitArcs) {
    String explicit = Footprint.whyNotExplicitGossip(method, instance);
    if (explicit != null) {
      return explicit;
    }
    long units = 0;
    for (Origin o : instance.origins()) {
      units = Math.min(maxUnitArcs + 1, units + o.length());
    }
    Network net = instance.network();
    if (units * Math.max(1, net.arcs()) > maxUnitArcs || units * net.nodes() > maxUnitArcs) {
      return method
          + " takes at most "
          + maxUnitArcs
          + " units times arcs (here "
          + units
          + " units on "
          + net.arcs()
          + " arcs): use greedy-saf";
    }
    return LinearCostMethods.whyNotReachable(method, instance);
  }

  @Override
  public SolveResult solve(Instance instance, SolveLimits limits) {
    requireApplies(instance);
    LowerBound bound = limits.run().bestBound(instance);
    long deadline = System.nanoTime() + limits.timeLimit().toNanos();
    long n = 0;
    for (Origin o : instance.origins()) {
      n = Math.max(n, o.length());
    }
    List<Long> caps = new ArrayList<>();
    for (int q = 1; q <= CAPS; q++) {
      long cap = (n + q - 1) / q;
      if (!caps.contains(cap)) {
        caps.add(cap);
      }
    }
    caps.add(0, Long.MAX_VALUE); // no cap first: the answer when the clock allows one variant only
    // each share rule with and without the wait; the split over free channels only where there are
    // some
    int kinds = SHARES * (multiChannel(instance.network()) ? 4 : 2);
    Run best = null;
    int tried = 0;
    long sure = SURE_WORK / Math.max(1, variantWork(instance));
    outer:
    for (long cap : caps) {
      for (int v = 0; v < kinds; v++) {
        int share = v % SHARES;
        boolean wait = ((v / SHARES) & 1) != 0;
        boolean split = ((v / SHARES) & 2) != 0;
        if (best != null
            && (stopped(limits) || tried >= sure && System.nanoTime() - deadline >= 0)) {
          break outer;
        }
        Run r = new Run(instance, cap, share, wait, split);
        if (!r.run(limits)) {
          break outer;
        }
        tried++;
        if (best == null || r.makespan < best.makespan) {
          best = r;
        }
        if (best.makespan <= bound.value()) {
          break outer;
        }
      }
    }
    if (best == null) {
      return new SolveResult(
          name(),
          SolveStatus.UNKNOWN,
          null,
          null,
          bound,
          instance.timeScale(),
          java.util.Map.of("stopped", "stopped before the first variant ended"));
    }
    LcSchedule schedule = best.write(instance);
    return SolveResult.feasible(name(), schedule.schedule(), schedule.makespan(), bound)
        .withStat("variants", tried)
        .withStat("cap", best.cap == Long.MAX_VALUE ? "none" : Long.toString(best.cap))
        .withStat("share", SHARE_NAMES[best.share])
        .withStat("wait", best.wait ? "beta" : "0")
        .withStat("split", best.split ? "yes" : "no");
  }

  /** True if some arc of {@code net} has several channels. */
  private static boolean multiChannel(Network net) {
    for (int a = 0; net.hasChannels() && a < net.arcs(); a++) {
      if (net.channels(a) > 1) {
        return true;
      }
    }
    return false;
  }

  /**
   * The work of one variant, from above: at most one packet per node and unit it delivers ({@code
   * p} times the units), each followed by rescans of the arcs at its head (twice the largest
   * in-degree, plus its own two arcs), each over all units.
   */
  static long variantWork(Instance instance) {
    Network net = instance.network();
    long units = 0;
    for (Origin o : instance.origins()) {
      units += o.length();
    }
    int deg = 0;
    for (int v = 0; v < net.nodes(); v++) {
      deg = Math.max(deg, Math.max(net.inDegree(v), net.outDegree(v)));
    }
    return net.nodes() * units * units * (2L * deg + 2);
  }

  private static boolean stopped(SolveLimits limits) {
    return Interrupt.requested() || limits.run().stop().stopped();
  }

  /** One variant's list schedule. */
  private static final class Run {
    private static final long NEVER = Long.MAX_VALUE;
    private final Network net;
    private final ArcCosts costs;
    private final boolean half;
    private final long cap;
    private final int share;
    private final boolean wait;
    private final boolean split;
    private final int p;
    private final int units;

    /**
     * {@code at[v][u]}: when node v holds unit u (end of the packet bringing it), {@link #NEVER} if
     * not planned.
     */
    private final long[][] at;

    /** Nodes holding or receiving each unit. */
    private final int[] holders;

    /** Per arc, when each of its channels is free again. */
    private final long[][] channelFree;

    /**
     * Under half duplex, per link, when each of its channels (both directions together) is free
     * again.
     */
    private final long[][] linkFree;

    /** Per arc its ready time, as last computed ({@link #NEVER}: nothing to send). */
    private final long[] ready;

    /** Packets placed: {tail, head, start, channel, unit...}. */
    private final List<long[]> packets = new ArrayList<>();

    private long makespan;

    Run(Instance instance, long cap, int share, boolean wait, boolean split) {
      this.net = instance.network();
      this.costs = instance.arcCosts();
      this.half = instance.storeAndForward().duplex() == CommModel.Duplex.HALF;
      this.cap = cap;
      this.share = share;
      this.wait = wait;
      this.split = split;
      this.p = net.nodes();
      int u0 = 0;
      for (Origin o : instance.origins()) {
        u0 += (int) o.length();
      }
      this.units = u0;
      this.at = new long[p][units];
      for (long[] row : at) {
        Arrays.fill(row, NEVER);
      }
      this.holders = new int[units];
      int u = 0;
      for (Origin o : instance.origins()) {
        for (long k = 0; k < o.length(); k++, u++) {
          at[o.node()][u] = 0;
          holders[u] = 1;
        }
      }
      this.channelFree = new long[net.arcs()][];
      for (int a = 0; a < net.arcs(); a++) {
        channelFree[a] = new long[net.channels(a)];
      }
      this.linkFree = new long[half ? net.edges() : 0][];
      for (int a = 0; half && a < net.arcs(); a++) {
        int r = net.reverse(a);
        int k = r < 0 ? net.channels(a) : Math.max(net.channels(a), net.channels(r));
        linkFree[net.edge(a)] = new long[k];
      }
      this.ready = new long[net.arcs()];
    }

    /**
     * The earliest start of a packet on arc {@code a}: its link free and its tail holding a unit
     * its head lacks.
     */
    private long readyTime(int a) {
      long[] x = at[net.tail(a)];
      long[] y = at[net.head(a)];
      long first = NEVER;
      for (int u = 0; u < units; u++) {
        if (y[u] == NEVER && x[u] < first) {
          first = x[u];
        }
      }
      if (first == NEVER) {
        return NEVER;
      }
      long base = Math.max(first, free(a));
      if (!wait) {
        return base;
      }
      long until = base; // the last planned arrival at x, within beta of base, of a unit y lacks
      for (int u = 0; u < units; u++) {
        if (y[u] == NEVER && x[u] > until && x[u] != NEVER && x[u] - base <= costs.beta(a)) {
          until = x[u];
        }
      }
      return until;
    }

    /** The earliest time arc {@code a} has a free channel (under half duplex, its link too). */
    private long free(int a) {
      long f = channelFree[a][first(channelFree[a])];
      if (half) {
        long[] link = linkFree[net.edge(a)];
        f = Math.max(f, link[first(link)]);
      }
      return f;
    }

    /** The channel free first (the lowest such index). */
    private static int first(long[] free) {
      int k = 0;
      for (int i = 1; i < free.length; i++) {
        if (free[i] < free[k]) {
          k = i;
        }
      }
      return k;
    }

    /**
     * How many channels of arc {@code a} (and, under half duplex, of its link) are free at {@code
     * t}.
     */
    private int freeAt(int a, long t) {
      int n = count(channelFree[a], t);
      return half ? Math.min(n, count(linkFree[net.edge(a)], t)) : n;
    }

    private static int count(long[] free, long t) {
      int n = 0;
      for (long f : free) {
        n += f <= t ? 1 : 0;
      }
      return n;
    }

    /** Runs the list schedule to the end; false if stopped (Ctrl-C or the run's stop) first. */
    boolean run(SolveLimits limits) {
      TreeSet<long[]> queue =
          new TreeSet<>(
              (s, t) -> s[0] != t[0] ? Long.compare(s[0], t[0]) : Long.compare(s[1], t[1]));
      for (int a = 0; a < net.arcs(); a++) {
        ready[a] = readyTime(a);
        if (ready[a] != NEVER) {
          queue.add(new long[] {ready[a], a});
        }
      }
      int[] pick = new int[units];
      long[] key = new long[units];
      int placed = 0;
      while (!queue.isEmpty()) {
        if ((++placed & 255) == 0 && stopped(limits)) {
          return false;
        }
        long[] head = queue.pollFirst();
        int a = (int) head[1];
        long t = head[0];
        int x = net.tail(a);
        int y = net.head(a);
        int m = 0;
        for (int u = 0; u < units; u++) {
          if (at[y][u] == NEVER && at[x][u] <= t) {
            pick[m++] = u;
          }
        }
        int size = m;
        if (share != 0 && m > 1) {
          size = shareOf(a, t, pick, m, key);
        } else {
          for (int i = 0; i < m; i++) {
            key[i] = ((long) holders[pick[i]] << 40) | (Math.min(at[x][pick[i]], (1L << 40) - 1));
          }
        }
        size = (int) Math.min(size, cap);
        if (split) { // the candidates spread over the channels free now: shorter packets side by
          // side
          int k = freeAt(a, t);
          size = Math.min(size, (m + k - 1) / Math.max(1, k));
        }
        // rarest first (key), then the order x got them; the selection sorts (key, unit) pairs
        long[][] order = new long[m][];
        for (int i = 0; i < m; i++) {
          order[i] = new long[] {key[i], pick[i]};
        }
        Arrays.sort(
            order, (s, r) -> s[0] != r[0] ? Long.compare(s[0], r[0]) : Long.compare(s[1], r[1]));
        long end = t + costs.ticks(a, size);
        int channel = first(channelFree[a]); // free by t: the ready time waited for it
        long[] packet = new long[4 + size];
        packet[0] = x;
        packet[1] = y;
        packet[2] = t;
        packet[3] = channel;
        for (int i = 0; i < size; i++) {
          int u = (int) order[i][1];
          packet[4 + i] = u;
          at[y][u] = end;
          holders[u]++;
        }
        packets.add(packet);
        channelFree[a][channel] = end;
        if (half) {
          long[] link = linkFree[net.edge(a)];
          link[first(link)] = end;
        }
        makespan = Math.max(makespan, end);
        // rescan the arcs whose ready time may have changed: out of y (new units), into y (fewer
        // wanted), a's link
        requeue(queue, a);
        int r = net.reverse(a);
        if (r >= 0) {
          requeue(queue, r);
        }
        for (int i = 0; i < net.outDegree(y); i++) {
          requeue(queue, net.outArc(y, i));
        }
        for (int i = 0; i < net.inDegree(y); i++) {
          requeue(queue, net.inArc(y, i));
        }
      }
      return true;
    }

    private void requeue(TreeSet<long[]> queue, int a) {
      if (ready[a] != NEVER) {
        queue.remove(new long[] {ready[a], a});
      }
      ready[a] = readyTime(a);
      if (ready[a] != NEVER) {
        queue.add(new long[] {ready[a], a});
      }
    }

    /**
     * The share of arc {@code a} (from x to y, starting at t) of the {@code m} candidate units:
     * those no other in-neighbour of y could start sending before this packet would end (all of
     * them sent at once) go here, first; the others are split evenly over the arcs that could send
     * them, or, under {@link #ALONE_FIRST} when there are units only x has, left to a later packet
     * (x's link then carries what nobody else can bring, and the shared units come over the other
     * arcs or after it). Fills {@code key} with the order.
     */
    private int shareOf(int a, long t, int[] pick, int m, long[] key) {
      int x = net.tail(a);
      int y = net.head(a);
      long horizon = t + costs.ticks(a, m);
      int only = 0;
      int helpers = 0;
      boolean[] helping = new boolean[net.inDegree(y)];
      for (int i = 0; i < m; i++) {
        int u = pick[i];
        boolean alone = true;
        for (int k = 0; k < net.inDegree(y); k++) {
          int b = net.inArc(y, k);
          int z = net.tail(b);
          if (z != x && Math.max(at[z][u], free(b)) < horizon) {
            alone = false;
            helping[k] = true;
          }
        }
        long rank = Math.min(at[x][u], (1L << 40) - 1);
        key[i] = alone ? rank : ((1L << 62) | ((long) holders[u] << 40) | rank);
        if (alone) {
          only++;
        }
      }
      for (boolean h : helping) {
        helpers += h ? 1 : 0;
      }
      int shared = m - only;
      if (share == ALONE_FIRST && only > 0) {
        return only;
      }
      return only + (shared + helpers) / (helpers + 1);
    }

    /** The schedule of this run. */
    LcSchedule write(Instance instance) {
      return writePackets(instance, units, packets);
    }
  }

  /**
   * The schedule of {@code packets}, each {@code {tail, head, start, channel, unit...}} with the
   * units numbered over the instance's origins in order ({@code units} in all), each packet written
   * as runs of consecutive units of one message.
   */
  static LcSchedule writePackets(Instance instance, int units, List<long[]> packets) {
    LcSchedule s = new LcSchedule(instance);
    List<Origin> origins = instance.origins();
    int[] originOf = new int[units];
    long[] indexOf = new long[units];
    int u = 0;
    for (int i = 0; i < origins.size(); i++) {
      for (long k = 0; k < origins.get(i).length(); k++, u++) {
        originOf[u] = i;
        indexOf[u] = k;
      }
    }
    for (long[] packet : packets) {
      long[] us = Arrays.copyOfRange(packet, 4, packet.length);
      Arrays.sort(us);
      List<LcSchedule.Run> runs = new ArrayList<>();
      int i = 0;
      while (i < us.length) {
        int j = i + 1;
        while (j < us.length
            && us[j] == us[j - 1] + 1
            && originOf[(int) us[j]] == originOf[(int) us[i]]) {
          j++;
        }
        Origin o = origins.get(originOf[(int) us[i]]);
        runs.add(new LcSchedule.Run(o.message(), indexOf[(int) us[i]], j - i));
        i = j;
      }
      s.packet((int) packet[0], (int) packet[1], packet[2], runs, (int) packet[3]);
    }
    return s;
  }
}
