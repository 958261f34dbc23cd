package org.commsched.heuristics.linearcost;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Network;
import org.commsched.core.model.Schedule;
import org.commsched.core.time.ResourceClock;
import org.commsched.core.time.TimeScale;

/**
 * A broadcast scheme written as rounds of packets (docs/models/linear-cost.md#units-and-packets, "Rounds"), run as
 * soon as data and resources allow: every packet starts when the units it carries have reached its sender (in a
 * packet of an earlier round) and when every resource it holds is free of the packets of earlier rounds. The
 * resources follow the port and duplex model: the arc under F*, the link under H*, both nodes under one port with
 * the exchange rule (a node's packets of one round go to and come from one partner, F1; or a single packet, H1), the
 * sender's output and the receiver's input (plus the arc or link) under the send-and-receive rule. A packet may
 * carry several runs of units: {@link #send} on the same arc in the same round adds to its packet.
 *
 * <p>Running the rounds as soon as possible is never slower than running them in lock step, where every round
 * costs {@code beta + tau} times its largest packet; the schemes' formulas count lock-step rounds.
 *
 * <p>The unit ranges each node holds are kept per node as disjoint runs with their arrival time, so a scheme that
 * makes a node forward a unit it does not hold fails here ({@link IllegalStateException}), before any checker.
 *
 * @implNote Mutable builder, single use: {@link #send} then {@link #run()}.
 */
final class RoundSchedule {
  private final Network net;
  private final CommModel.StoreAndForward model;
  private final TimeScale scale;
  private final String message;
  private final int source;
  /** Rounds in order; each maps an arc to its packet's runs {first, size, first, size, ...}. */
  private final List<Map<Integer, long[]>> rounds = new ArrayList<>();
  private final List<Map<Integer, Integer>> runCounts = new ArrayList<>();

  RoundSchedule(Network net, CommModel.StoreAndForward model, TimeScale scale, String message, int source) {
    this.net = net;
    this.model = model;
    this.scale = scale;
    this.message = message;
    this.source = source;
  }

  /**
   * Adds units {@code first .. first + size - 1} to the packet from {@code from} to {@code to} in round {@code
   * round} (from 0; rounds are run in index order, empty ones skipped); nothing when {@code size <= 0}.
   */
  void send(int round, int from, int to, long first, long size) {
    if (size <= 0) {
      return;
    }
    while (rounds.size() <= round) {
      rounds.add(new LinkedHashMap<>());
      runCounts.add(new LinkedHashMap<>());
    }
    int arc = net.arc(from, to);
    if (arc < 0) {
      throw new IllegalStateException("no arc " + from + "->" + to);
    }
    Map<Integer, long[]> r = rounds.get(round);
    Map<Integer, Integer> c = runCounts.get(round);
    long[] runs = r.get(arc);
    int used = c.getOrDefault(arc, 0);
    if (runs == null) {
      runs = new long[4];
    } else if (2 * used + 2 > runs.length) {
      runs = java.util.Arrays.copyOf(runs, runs.length * 2);
    }
    runs[2 * used] = first;
    runs[2 * used + 1] = size;
    r.put(arc, runs);
    c.put(arc, used + 1);
  }

  /** The packets placed: transmissions (one record per run, sorted by start) and the makespan in ticks. */
  record Result(List<Schedule.Transmission> transmissions, long makespan, int rounds) {
    Schedule.Transmissions schedule(TimeScale scale) {
      return new Schedule.Transmissions(scale, transmissions);
    }
  }

  /** Places every packet as soon as possible, round by round. */
  Result run() {
    int arcs = net.arcs();
    int edges = net.edges();
    int nodes = net.nodes();
    ResourceClock free = new ResourceClock((long) arcs + edges + 2L * nodes);
    List<TreeMap<Long, long[]>> held = new ArrayList<>(nodes);
    for (int v = 0; v < nodes; v++) {
      held.add(null);
    }
    List<Schedule.Transmission> out = new ArrayList<>();
    long makespan = 0;
    int packetNo = 0;
    int used = 0;
    long[] res = new long[4];
    for (int ri = 0; ri < rounds.size(); ri++) {
      Map<Integer, long[]> r = rounds.get(ri);
      if (r.isEmpty()) {
        continue;
      }
      used++;
      Map<Integer, Integer> counts = runCounts.get(ri);
      int np = r.size();
      int[] pArc = new int[np];
      long[] pStart = new long[np];
      long[] pEnd = new long[np];
      int i = 0;
      for (Map.Entry<Integer, long[]> e : r.entrySet()) {
        int arc = e.getKey();
        long[] runs = e.getValue();
        int cnt = counts.get(arc);
        int from = net.tail(arc);
        long ready = 0;
        long units = 0;
        for (int x = 0; x < cnt; x++) {
          ready = Math.max(ready, readyAt(held, from, runs[2 * x], runs[2 * x] + runs[2 * x + 1]));
          units += runs[2 * x + 1];
        }
        int nr = resources(arc, res);
        for (int x = 0; x < nr; x++) {
          ready = Math.max(ready, free.get(res[x]));
        }
        pArc[i] = arc;
        pStart[i] = ready;
        pEnd[i] = ready + model.packetTicks(units, scale);
        i++;
      }
      i = 0;
      for (Map.Entry<Integer, long[]> e : r.entrySet()) {
        int arc = pArc[i];
        long[] runs = e.getValue();
        int cnt = counts.get(arc);
        int nr = resources(arc, res);
        for (int x = 0; x < nr; x++) {
          free.holdUntil(res[x], pEnd[i]);
        }
        int to = net.head(arc);
        for (int x = 0; x < cnt; x++) {
          if (to != source) {
            receive(held, to, runs[2 * x], runs[2 * x] + runs[2 * x + 1], pEnd[i]);
          }
          out.add(new Schedule.Transmission(message, packetNo, runs[2 * x + 1], net.tail(arc), to, pStart[i],
              runs[2 * x]));
        }
        packetNo++;
        makespan = Math.max(makespan, pEnd[i]);
        i++;
      }
    }
    out.sort(Comparator.comparingLong(Schedule.Transmission::start));
    return new Result(out, makespan, used);
  }

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
  private long readyAt(List<TreeMap<Long, long[]>> held, int v, long lo, long hi) {
    if (v == source) {
      return 0;
    }
    TreeMap<Long, long[]> runs = held.get(v);
    long at = lo;
    long t = 0;
    if (runs != null) {
      Map.Entry<Long, long[]> e = runs.floorEntry(lo);
      if (e == null || e.getValue()[0] <= lo) {
        e = runs.higherEntry(lo);
      }
      while (e != null && e.getKey() <= at && at < hi) {
        t = Math.max(t, e.getValue()[1]);
        at = Math.max(at, e.getValue()[0]);
        e = runs.higherEntry(e.getKey());
      }
    }
    if (at < hi) {
      throw new IllegalStateException("node " + v + " forwards unit " + at + " before holding it");
    }
    return t;
  }

  /** Node v receives [lo, hi) at time t; units it already holds keep their earlier arrival. */
  private static void receive(List<TreeMap<Long, long[]>> held, int v, long lo, long hi, long t) {
    TreeMap<Long, long[]> runs = held.get(v);
    if (runs == null) {
      runs = new TreeMap<>();
      held.set(v, runs);
    }
    Map.Entry<Long, long[]> last = runs.lastEntry();
    if (last == null || last.getValue()[0] <= lo) { // after every run held (the usual order): no gaps to find
      runs.put(lo, new long[] {hi, t});
      return;
    }
    long at = lo;
    Map.Entry<Long, long[]> e = runs.floorEntry(lo);
    if (e != null && e.getValue()[0] > lo) {
      at = e.getValue()[0];
    }
    while (at < hi) {
      Map.Entry<Long, long[]> next = runs.ceilingEntry(at);
      long gapEnd = next == null ? hi : Math.min(hi, next.getKey());
      if (gapEnd > at) {
        runs.put(at, new long[] {gapEnd, t});
        at = gapEnd;
      } else {
        at = Math.max(at, next.getValue()[0]);
      }
    }
  }
}
