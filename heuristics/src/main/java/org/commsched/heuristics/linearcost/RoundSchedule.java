package org.commsched.heuristics.linearcost;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.commsched.core.model.ArcCosts;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Network;
import org.commsched.core.model.PairIndex;
import org.commsched.core.model.Schedule;
import org.commsched.core.time.ResourceClock;
import org.commsched.core.time.TimeScale;

/**
 * A broadcast scheme written as rounds of packets (docs/models/linear-cost.md#units-and-packets,
 * "Rounds"), run as soon as data and resources allow: every packet starts when the units it carries
 * have reached its sender (in a packet of an earlier round) and when every resource it holds is
 * free of the packets of earlier rounds. The resources follow the port and duplex model: the arc
 * under F*, the link under H*, both nodes under one port with the exchange rule (a node's packets
 * of one round go to and come from one partner, F1; or a single packet, H1), the sender's output
 * and the receiver's input (plus the arc or link) under the send-and-receive rule. A packet may
 * carry several runs of units: {@link #send} on the same arc in the same round adds to its packet.
 * On a network whose links have their own beta and tau
 * (docs/FORMATS.md#links-with-channels-and-costs) each packet lasts its arc's; an arc still carries
 * one packet at a time (valid whatever its channels).
 *
 * <p>Running the rounds as soon as possible is never slower than running them in lock step, where
 * every round costs {@code beta + tau} times its largest packet; the schemes' formulas count
 * lock-step rounds.
 *
 * <p>The unit ranges each node holds are kept per node as disjoint runs with their arrival time, so
 * a scheme that makes a node forward a unit it does not hold fails here ({@link
 * IllegalStateException}), before any checker.
 *
 * @implNote Mutable builder, single use: {@link #send} then {@link #run()}.
 */
final class RoundSchedule {
  private final Network net;
  private final CommModel.StoreAndForward model;
  private final TimeScale scale;
  private final String message;
  private final int source;

  /**
   * Each arc's own costs on a network with channels or costs (each arc then one packet at a time),
   * else null.
   */
  private final ArcCosts costs;

  /** The sends in call order, as columns: round, arc, first unit, units. */
  private int sends;

  private int[] sRound = new int[16];
  private int[] sArc = new int[16];
  private long[] sFirst = new long[16];
  private long[] sSize = new long[16];
  private int lastRound = -1;

  RoundSchedule(
      Network net, CommModel.StoreAndForward model, TimeScale scale, String message, int source) {
    this.net = net;
    this.model = model;
    this.scale = scale;
    this.message = message;
    this.source = source;
    this.costs = net.hasChannels() ? ArcCosts.of(model, net, scale) : null;
  }

  /**
   * Adds units {@code first .. first + size - 1} to the packet from {@code from} to {@code to} in
   * round {@code round} (from 0; rounds are run in index order, empty ones skipped); nothing when
   * {@code size <= 0}.
   */
  void send(int round, int from, int to, long first, long size) {
    if (size <= 0) {
      return;
    }
    int arc = net.arc(from, to);
    if (arc < 0) {
      throw new IllegalStateException("no arc " + from + "->" + to);
    }
    if (sends == sRound.length) {
      int grown = 2 * sends;
      sRound = Arrays.copyOf(sRound, grown);
      sArc = Arrays.copyOf(sArc, grown);
      sFirst = Arrays.copyOf(sFirst, grown);
      sSize = Arrays.copyOf(sSize, grown);
    }
    sRound[sends] = round;
    sArc[sends] = arc;
    sFirst[sends] = first;
    sSize[sends] = size;
    sends++;
    lastRound = Math.max(lastRound, round);
  }

  /**
   * The packets placed: transmissions (one record per run, sorted by start) and the makespan in
   * ticks.
   */
  record Result(List<Schedule.Transmission> transmissions, long makespan, int rounds) {
    Schedule.Transmissions schedule(TimeScale scale) {
      return new Schedule.Transmissions(scale, transmissions);
    }
  }

  /**
   * Places every packet as soon as possible, round by round. A round's packets are numbered in the
   * order their arcs are first sent on in it, and a packet's runs come in the order they were sent;
   * the sends are grouped by two stable counting sorts (by round, then by packet), so the work is
   * linear in the sends.
   */
  Result run() {
    return run(DENSE_ARCS);
  }

  /**
   * {@link #run()}, with packets found by an array over the arcs up to {@code denseArcs} arcs, else
   * by a hash.
   */
  Result run(int denseArcs) {
    int arcs = net.arcs();
    int edges = net.edges();
    int nodes = net.nodes();
    // sends by round, in call order within a round
    int rounds = lastRound + 1;
    int[] roundFirst = new int[rounds + 1];
    for (int s = 0; s < sends; s++) {
      roundFirst[sRound[s] + 1]++;
    }
    for (int r = 0; r < rounds; r++) {
      roundFirst[r + 1] += roundFirst[r];
    }
    int[] byRound = new int[sends];
    int[] fill = Arrays.copyOf(roundFirst, rounds);
    for (int s = 0; s < sends; s++) {
      byRound[fill[sRound[s]]++] = s;
    }
    // packets: one per round and arc, numbered by round, then by the arc's first send in the round
    PacketsOfRound packetOf = new PacketsOfRound(arcs, denseArcs);
    int[] sendPacket = new int[sends];
    int[] pArc = new int[16];
    int packets = 0;
    int[] roundPacket = new int[rounds + 1]; // the first packet of each round
    for (int r = 0; r < rounds; r++) {
      roundPacket[r] = packets;
      for (int x = roundFirst[r]; x < roundFirst[r + 1]; x++) {
        int s = byRound[x];
        int p = packetOf.find(r, sArc[s], roundPacket[r]);
        if (p < 0) {
          p = packets++;
          if (p == pArc.length) {
            pArc = Arrays.copyOf(pArc, 2 * p);
          }
          pArc[p] = sArc[s];
          packetOf.put(r, sArc[s], p);
        }
        sendPacket[s] = p;
      }
    }
    roundPacket[rounds] = packets;
    // each packet's sends, in call order
    int[] packetFirst = new int[packets + 1];
    for (int s = 0; s < sends; s++) {
      packetFirst[sendPacket[s] + 1]++;
    }
    for (int p = 0; p < packets; p++) {
      packetFirst[p + 1] += packetFirst[p];
    }
    int[] byPacket = new int[sends];
    int[] pFill = Arrays.copyOf(packetFirst, packets);
    for (int s = 0; s < sends; s++) {
      byPacket[pFill[sendPacket[s]]++] = s;
    }

    // resource ids as numbered by resources(): arcs, then links, then the nodes' output and input
    // ports; the clock is
    // sized by the ids the model uses, so an all-port full-duplex ring of 10^6 nodes keeps a plain
    // array
    long ids =
        model.ports() != CommModel.Ports.ALL
            ? (long) arcs + edges + 2L * nodes
            : model.duplex() == CommModel.Duplex.HALF ? (long) arcs + edges : arcs;
    ResourceClock free = new ResourceClock(ids);
    Held held = new Held(nodes);
    List<Schedule.Transmission> out = new ArrayList<>(sends);
    long makespan = 0;
    int used = 0;
    long[] res = new long[4];
    long[] pStart = new long[0];
    long[] pEnd = new long[0];
    long lastUnits = -1;
    long lastTicks = 0;
    for (int r = 0; r < rounds; r++) {
      int p0 = roundPacket[r];
      int np = roundPacket[r + 1] - p0;
      if (np == 0) {
        continue;
      }
      used++;
      if (pStart.length < np) {
        pStart = new long[Math.max(np, 2 * pStart.length)];
        pEnd = new long[pStart.length];
      }
      for (int i = 0; i < np; i++) {
        int p = p0 + i;
        int arc = pArc[p];
        int from = net.tail(arc);
        long ready = 0;
        long units = 0;
        for (int x = packetFirst[p]; x < packetFirst[p + 1]; x++) {
          int s = byPacket[x];
          ready = Math.max(ready, readyAt(held, from, sFirst[s], sFirst[s] + sSize[s]));
          units += sSize[s];
        }
        int nr = resources(arc, res);
        for (int x = 0; x < nr; x++) {
          ready = Math.max(ready, free.get(res[x]));
        }
        pStart[i] = ready;
        if (costs != null) { // a link of its own beta and tau
          pEnd[i] = ready + costs.ticks(arc, units);
          continue;
        }
        if (units
            != lastUnits) { // packets of a scheme mostly share a size; the model's duration is
          // worked out in decimals
          lastUnits = units;
          lastTicks = model.packetTicks(units, scale);
        }
        pEnd[i] = ready + lastTicks;
      }
      for (int i = 0; i < np; i++) {
        int p = p0 + i;
        int arc = pArc[p];
        int nr = resources(arc, res);
        for (int x = 0; x < nr; x++) {
          free.holdUntil(res[x], pEnd[i]);
        }
        int from = net.tail(arc);
        int to = net.head(arc);
        for (int x = packetFirst[p]; x < packetFirst[p + 1]; x++) {
          int s = byPacket[x];
          if (to != source) {
            receive(held, to, sFirst[s], sFirst[s] + sSize[s], pEnd[i]);
          }
          out.add(new Schedule.Transmission(message, p, sSize[s], from, to, pStart[i], sFirst[s]));
        }
        makespan = Math.max(makespan, pEnd[i]);
      }
    }
    out.sort(Comparator.comparingLong(Schedule.Transmission::start));
    return new Result(out, makespan, used);
  }

  /**
   * The packet of each (round, arc) while the rounds are numbered: an array over the arcs holding
   * each arc's latest packet (a packet numbered at or after the round's first is the round's), or,
   * when the arc ids are many (a complete graph's, docs/DESIGN.md#implicit-complete-graphs), a hash
   * of the pairs in use.
   */
  private static final class PacketsOfRound {
    private final int[] latest;
    private final PairIndex pairs;
    private int[] packetOfPair;

    PacketsOfRound(int arcs, int denseArcs) {
      latest = arcs <= denseArcs ? new int[arcs] : null;
      if (latest != null) {
        Arrays.fill(latest, -1);
      }
      pairs = latest == null ? new PairIndex() : null;
      packetOfPair = latest == null ? new int[16] : null;
    }

    /**
     * The packet of {@code arc} in round {@code round}, whose first packet is numbered {@code
     * roundFirst}; -1 if none.
     */
    int find(int round, int arc, int roundFirst) {
      if (latest != null) {
        return latest[arc] >= roundFirst ? latest[arc] : -1;
      }
      int k = pairs.get(round, arc);
      return k < 0 ? -1 : packetOfPair[k];
    }

    void put(int round, int arc, int packet) {
      if (latest != null) {
        latest[arc] = packet;
        return;
      }
      int k = pairs.add(round, arc);
      if (k == packetOfPair.length) {
        packetOfPair = Arrays.copyOf(packetOfPair, 2 * k);
      }
      packetOfPair[k] = packet;
    }
  }

  /** Arc ids up to which {@link PacketsOfRound} keeps one int per arc (16 MB). */
  private static final int DENSE_ARCS = 1 << 22;

  /** The resources a packet on this arc holds, into {@code res}; returns how many. */
  private int resources(int arc, long[] res) {
    long arcs = net.arcs();
    long edges = net.edges();
    long nodes = net.nodes();
    boolean half = model.duplex() == CommModel.Duplex.HALF;
    long linkRes = half ? arcs + net.edge(arc) : arc;
    if (model.ports() == CommModel.Ports.ALL) {
      res[0] = linkRes;
      return 1;
    }
    long base = arcs + edges;
    if (model.onePort() == CommModel.OnePortRule.EXCHANGE) {
      res[0] = base + net.tail(arc);
      res[1] = base + net.head(arc);
      return 2;
    }
    res[0] = linkRes;
    res[1] = base + net.tail(arc); // output port of the sender
    res[2] = base + nodes + net.head(arc); // input port of the receiver
    return 3;
  }

  /** When node v holds every unit of [lo, hi); 0 for the source. */
  private long readyAt(Held held, int v, long lo, long hi) {
    if (v == source) {
      return 0;
    }
    int n = held.size(v);
    long at = lo;
    long t = 0;
    int k = held.floor(v, lo);
    if (k < 0 || held.hi(v, k) <= lo) {
      k++; // the first run starting after lo
    }
    for (; k < n && held.lo(v, k) <= at && at < hi; k++) {
      t = Math.max(t, held.at(v, k));
      at = Math.max(at, held.hi(v, k));
    }
    if (at < hi) {
      throw new IllegalStateException("node " + v + " forwards unit " + at + " before holding it");
    }
    return t;
  }

  /** Node v receives [lo, hi) at time t; units it already holds keep their earlier arrival. */
  private static void receive(Held held, int v, long lo, long hi, long t) {
    int n = held.size(v);
    if (n == 0
        || held.lo(v, n - 1) <= lo) { // after every run held (the usual order): no gaps to find
      held.put(
          v,
          n > 0 && held.lo(v, n - 1) == lo ? n - 1 : n,
          lo,
          hi,
          t); // the same first unit: replaced
      return;
    }
    long at = lo;
    int e = held.floor(v, lo);
    if (e >= 0 && held.hi(v, e) > lo) {
      at = held.hi(v, e);
    }
    while (at < hi) {
      int next = held.ceiling(v, at);
      long gapEnd = next == held.size(v) ? hi : Math.min(hi, held.lo(v, next));
      if (gapEnd > at) {
        held.put(v, next, at, gapEnd, t);
        at = gapEnd;
      } else {
        at = Math.max(at, held.hi(v, next));
      }
    }
  }

  /**
   * The runs of units each node holds: per node, triples (first unit, end, arrival) in one {@code
   * long[]}, sorted by first unit, no two with the same first unit, read like a sorted map keyed by
   * the first unit (floor, ceiling, put). Primitive, so a broadcast on 10^6 nodes keeps one small
   * array per node rather than a tree of boxed entries; a run is found by binary search and the
   * usual receive (after every run held) appends.
   */
  private static final class Held {
    private final long[][] runs;
    private final int[] size;

    Held(int nodes) {
      runs = new long[nodes][];
      size = new int[nodes];
    }

    int size(int v) {
      return size[v];
    }

    long lo(int v, int k) {
      return runs[v][3 * k];
    }

    long hi(int v, int k) {
      return runs[v][3 * k + 1];
    }

    long at(int v, int k) {
      return runs[v][3 * k + 2];
    }

    /** The last run of v whose first unit is at most u; -1 if none. */
    int floor(int v, long u) {
      return ceiling(v, u + 1) - 1; // u + 1 > u: units are far below Long.MAX_VALUE
    }

    /** The first run of v whose first unit is at least u; {@code size(v)} if none. */
    int ceiling(int v, long u) {
      long[] r = runs[v];
      int a = 0;
      int b = size[v];
      while (a < b) {
        int m = (a + b) >>> 1;
        if (r[3 * m] < u) {
          a = m + 1;
        } else {
          b = m;
        }
      }
      return a;
    }

    /**
     * Run k of v becomes (lo, hi, at): replaces run k if it starts at lo, else is inserted before
     * it.
     */
    void put(int v, int k, long lo, long hi, long at) {
      long[] r = runs[v];
      int n = size[v];
      if (k < n && r[3 * k] == lo) {
        r[3 * k + 1] = hi;
        r[3 * k + 2] = at;
        return;
      }
      if (r == null) {
        r = new long[3];
      } else if (3 * n == r.length) {
        r = Arrays.copyOf(r, 6 * n);
      }
      System.arraycopy(r, 3 * k, r, 3 * k + 3, 3 * (n - k));
      r[3 * k] = lo;
      r[3 * k + 1] = hi;
      r[3 * k + 2] = at;
      runs[v] = r;
      size[v] = n + 1;
    }
  }
}
