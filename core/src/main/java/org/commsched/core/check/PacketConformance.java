package org.commsched.core.check;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.model.Schedule;
import org.commsched.core.time.TimeScale;

/**
 * The packet family's model-conformance rules V7 to V11 (docs/models/packet.md#conformance-rules), the properties of
 * the schedules J.-P. Tsai's thesis "On the Furthest-Distance-First Principle in Scattering and Gathering" reasons
 * about. They are not validity: {@link PacketChecker} decides validity; these read a schedule's hops (the records that
 * lie on their message's route) and say whether it also has the property.
 *
 * <p>Ports: under one port a hop {@code u -> w} uses {@code u}'s out-port and {@code w}'s in-port; under all ports
 * both are the arc. A transit packet at a node is one whose route passes the node without starting or ending there.
 * <ul>
 *   <li>V7 FCFS: on every out-port, a transit packet that arrived strictly earlier never leaves later.</li>
 *   <li>V8 greedy: every hop starts at the latest of its packet's arrival (0 at the source) and the ends of the hops
 *       just before it on its out-port and in-port; at the root of a scatter, back to back from 0.</li>
 *   <li>V9 FDF: a scatter's root never dispatches on one port a packet strictly before a packet with a farther
 *       destination; a gather's root never receives on one port a packet strictly before one from a nearer source
 *       (NRF).</li>
 *   <li>V10 buffer: every non-root node's fluid occupancy (units of transit packets received and not yet sent, each
 *       streaming at one unit per {@code tau} after the set-up {@code beta} of its hop) stays at most the largest
 *       packet of the schedule.</li>
 *   <li>V11 even size: the packets of each message differ by at most one unit.</li>
 * </ul>
 */
final class PacketConformance {
  private PacketConformance() {
  }

  /** One hop of one packet. */
  private record Hop(int packet, int hop, int from, int to, long start, long end) {
  }

  /** One packet: its message index, number, size and hops by route position (null where missing). */
  private record Packet(int message, int number, long size, Hop[] hops) {
  }

  static ConformanceReport check(Instance inst, Schedule.Transmissions schedule, Set<Conformance> rules) {
    TimeScale scale = inst.timeScale().max(schedule.scale());
    CommModel.StoreAndForward model = (CommModel.StoreAndForward) inst.model();
    List<Packet> packets = packets(inst, schedule, scale, model);
    boolean onePort = model.ports() == CommModel.Ports.ONE;
    List<ConformanceReport.Result> out = new ArrayList<>();
    for (Conformance rule : Conformance.values()) {
      if (!rules.contains(rule)) {
        continue;
      }
      out.add(switch (rule) {
        case FCFS -> fcfs(inst, packets, onePort, scale);
        case GREEDY -> greedy(inst, packets, onePort, scale);
        case FDF -> fdf(inst, packets, onePort, scale);
        case BUFFER -> buffer(inst, packets, model, scale);
        case EVEN_SIZE -> evenSize(inst, packets);
      });
    }
    return new ConformanceReport(out);
  }

  private static List<Packet> packets(Instance inst, Schedule.Transmissions schedule, TimeScale scale,
      CommModel.StoreAndForward model) {
    Network net = inst.network();
    Map<String, Packet> byKey = new LinkedHashMap<>();
    Map<Integer, int[]> routes = new HashMap<>();
    for (Schedule.Transmission x : schedule.transmissions()) {
      int i = inst.indexOf(x.message());
      int arc = Places.arcOf(net, x.from(), x.to());
      if (i < 0 || arc < 0 || x.size() < 1) {
        continue;
      }
      int[] route = routes.computeIfAbsent(i, inst.atlas()::arcs);
      int j = 0;
      while (j < route.length && route[j] != arc) {
        j++;
      }
      if (j == route.length) {
        continue;
      }
      Packet p = byKey.computeIfAbsent(i + ":" + x.packet(),
          k -> new Packet(i, x.packet(), x.size(), new Hop[route.length]));
      long start = schedule.scale().rescale(x.start(), scale);
      p.hops()[j] = new Hop(-1, j, x.from(), x.to(), start, start + model.packetTicks(p.size(), scale));
    }
    return new ArrayList<>(byKey.values());
  }

  private static String name(Instance inst, Packet p) {
    return "packet " + p.number() + " of " + inst.messages().get(p.message()).id();
  }

  private static long outKey(Network net, Hop h, boolean onePort) {
    return onePort ? h.from() : net.nodes() + (long) net.arc(h.from(), h.to());
  }

  private static long inKey(Network net, Hop h, boolean onePort) {
    return onePort ? h.to() : net.nodes() + (long) net.arc(h.from(), h.to());
  }

  private static String port(Network net, long key, boolean out) {
    return key < net.nodes() ? "node " + key + "'s " + (out ? "out" : "in") + "-port"
        : "arc " + net.arcName((int) (key - net.nodes()));
  }

  /** V7: per out-port, transit packets leave in arrival order (equal arrivals in any order). */
  private static ConformanceReport.Result fcfs(Instance inst, List<Packet> packets, boolean onePort,
      TimeScale scale) {
    Network net = inst.network();
    Map<Long, List<long[]>> ports = new HashMap<>(); // port -> {arrival, departure, packet index}
    for (int p = 0; p < packets.size(); p++) {
      Hop[] hs = packets.get(p).hops();
      for (int j = 1; j < hs.length; j++) {
        if (hs[j] != null && hs[j - 1] != null) {
          ports.computeIfAbsent(outKey(net, hs[j], onePort), k -> new ArrayList<>())
              .add(new long[] {hs[j - 1].end(), hs[j].start(), p});
        }
      }
    }
    long failures = 0;
    String witness = null;
    for (Map.Entry<Long, List<long[]>> e : sorted(ports)) {
      List<long[]> list = e.getValue();
      list.sort(Comparator.<long[]>comparingLong(x -> x[0]).thenComparingLong(x -> x[1]));
      long[] latest = null; // the latest departure among strictly earlier arrivals
      long[] groupLatest = null;
      for (int a = 0; a < list.size(); a++) {
        long[] x = list.get(a);
        if (a > 0 && list.get(a - 1)[0] != x[0]) {
          latest = max(latest, groupLatest);
          groupLatest = null;
        }
        if (latest != null && x[1] < latest[1]) {
          failures++;
          if (witness == null) {
            witness = "on " + port(net, e.getKey(), true) + ", " + name(inst, packets.get((int) latest[2]))
                + " arrived at " + scale.format(latest[0]) + " and left at " + scale.format(latest[1]) + ", after "
                + name(inst, packets.get((int) x[2])) + ", which arrived later (" + scale.format(x[0])
                + ") but left at " + scale.format(x[1]);
          }
        }
        groupLatest = max(groupLatest, x);
      }
    }
    return result(Conformance.FCFS, failures, witness, "every port forwards its transit packets in arrival order");
  }

  private static long[] max(long[] a, long[] b) {
    return a == null ? b : b == null ? a : b[1] > a[1] ? b : a;
  }

  /** V8: each hop starts at max(arrival, end of the previous hop on its out-port, on its in-port). */
  private static ConformanceReport.Result greedy(Instance inst, List<Packet> packets, boolean onePort,
      TimeScale scale) {
    Network net = inst.network();
    Map<Long, List<Hop>> outs = new HashMap<>();
    Map<Long, List<Hop>> ins = new HashMap<>();
    for (int p = 0; p < packets.size(); p++) {
      for (Hop h : packets.get(p).hops()) {
        if (h != null) {
          outs.computeIfAbsent(outKey(net, h, onePort), k -> new ArrayList<>()).add(h);
          ins.computeIfAbsent(inKey(net, h, onePort), k -> new ArrayList<>()).add(h);
        }
      }
    }
    Map<Hop, Long> earliest = new IdentityHashMap<>();
    for (Map<Long, List<Hop>> ports : List.of(outs, ins)) {
      for (List<Hop> list : ports.values()) {
        list.sort(Comparator.comparingLong(Hop::start));
        for (int a = 1; a < list.size(); a++) {
          earliest.merge(list.get(a), list.get(a - 1).end(), Math::max);
        }
      }
    }
    long failures = 0;
    String witness = null;
    for (int p = 0; p < packets.size(); p++) {
      Hop[] hs = packets.get(p).hops();
      for (int j = 0; j < hs.length; j++) {
        Hop h = hs[j];
        if (h == null || j > 0 && hs[j - 1] == null) {
          continue;
        }
        long ready = Math.max(j == 0 ? 0 : hs[j - 1].end(), earliest.getOrDefault(h, 0L));
        if (h.start() != ready) {
          failures++;
          if (witness == null) {
            witness = name(inst, packets.get(p)) + " starts " + h.from() + "->" + h.to() + " at "
                + scale.format(h.start()) + " but could start at " + scale.format(ready)
                + " (its arrival and the hops before it on both ports)";
          }
        }
      }
    }
    return result(Conformance.GREEDY, failures, witness, "every hop starts as soon as its packet and ports allow");
  }

  /** V9: FDF dispatch at a scatter's root, NRF reception at a gather's root, per root port. */
  private static ConformanceReport.Result fdf(Instance inst, List<Packet> packets, boolean onePort,
      TimeScale scale) {
    Network net = inst.network();
    boolean scatter = inst.kind() == ProblemKind.SCATTER;
    Map<Long, List<long[]>> ports = new HashMap<>(); // root port -> {time, route length, packet index}
    for (int p = 0; p < packets.size(); p++) {
      Hop[] hs = packets.get(p).hops();
      Hop h = scatter ? hs[0] : hs[hs.length - 1];
      if (h != null) {
        long key = scatter ? outKey(net, h, onePort) : inKey(net, h, onePort);
        ports.computeIfAbsent(key, k -> new ArrayList<>())
            .add(new long[] {scatter ? h.start() : h.end(), hs.length, p});
      }
    }
    long failures = 0;
    String witness = null;
    for (Map.Entry<Long, List<long[]>> e : sorted(ports)) {
      List<long[]> list = e.getValue();
      list.sort(Comparator.comparingLong(x -> x[0]));
      long[] worst = null; // scatter: the nearest so far; gather: the farthest so far (strictly earlier times)
      long[] groupWorst = null;
      for (int a = 0; a < list.size(); a++) {
        long[] x = list.get(a);
        if (a > 0 && list.get(a - 1)[0] != x[0]) {
          worst = pick(worst, groupWorst, scatter);
          groupWorst = null;
        }
        if (worst != null && (scatter ? x[1] > worst[1] : x[1] < worst[1])) {
          failures++;
          if (witness == null) {
            witness = "the root " + (scatter ? "dispatches " : "receives ") + name(inst, packets.get((int) worst[2]))
                + " (" + worst[1] + " hops) at " + scale.format(worst[0]) + ", before "
                + name(inst, packets.get((int) x[2])) + " (" + x[1] + " hops) at " + scale.format(x[0])
                + (scatter ? ", which goes farther" : ", which comes from nearer");
          }
        }
        groupWorst = pick(groupWorst, x, scatter);
      }
    }
    return result(Conformance.FDF, failures, witness, scatter ? "the root dispatches farthest destination first"
        : "the root receives nearest source first (NRF)");
  }

  private static long[] pick(long[] a, long[] b, boolean nearest) {
    if (a == null || b == null) {
      return a == null ? b : a;
    }
    return nearest ? (b[1] < a[1] ? b : a) : (b[1] > a[1] ? b : a);
  }

  /**
   * V10: the fluid occupancy of every non-root node. Scaled by {@code tau} (in ticks) it is
   * {@code sum over transit packets of clamp(t - in - beta, 0, s tau) - clamp(t - out - beta, 0, s tau)}, piecewise
   * linear, so its maximum is at a breakpoint; with {@code tau = 0} the units arrive and leave at the end of the
   * set-ups.
   */
  private static ConformanceReport.Result buffer(Instance inst, List<Packet> packets,
      CommModel.StoreAndForward model, TimeScale scale) {
    long beta = model.betaTicks(scale);
    long tau = model.tauTicks(scale);
    long unit = tau > 0 ? tau : 1;
    long largest = 0;
    Map<Integer, List<long[]>> events = new HashMap<>(); // node -> {time, slope change (tau > 0) or jump}
    for (Packet p : packets) {
      largest = Math.max(largest, p.size());
      Hop[] hs = p.hops();
      for (int j = 1; j < hs.length; j++) {
        if (hs[j] == null || hs[j - 1] == null) {
          continue;
        }
        List<long[]> ev = events.computeIfAbsent(hs[j].from(), k -> new ArrayList<>());
        long in = hs[j - 1].start() + beta;
        long out = hs[j].start() + beta;
        if (tau > 0) {
          long flow = p.size() * tau;
          ev.add(new long[] {in, 1});
          ev.add(new long[] {in + flow, -1});
          ev.add(new long[] {out, -1});
          ev.add(new long[] {out + flow, 1});
        } else {
          ev.add(new long[] {in, p.size()});
          ev.add(new long[] {out, -p.size()});
        }
      }
    }
    long failures = 0;
    String witness = null;
    long worst = 0;
    int worstNode = -1;
    for (int v = 0; v < inst.network().nodes(); v++) {
      List<long[]> ev = events.get(v);
      if (ev == null) {
        continue;
      }
      ev.sort(Comparator.comparingLong(x -> x[0]));
      long value = 0;
      long rate = 0;
      long last = ev.get(0)[0];
      long peak = 0;
      long peakAt = last;
      for (int a = 0; a < ev.size(); ) {
        long t = ev.get(a)[0];
        value += rate * (t - last);
        last = t;
        while (a < ev.size() && ev.get(a)[0] == t) {
          if (tau > 0) {
            rate += ev.get(a)[1];
          } else {
            value += ev.get(a)[1];
          }
          a++;
        }
        if (value > peak) {
          peak = value;
          peakAt = t;
        }
      }
      if (peak > worst) {
        worst = peak;
        worstNode = v;
      }
      if (peak > largest * unit) {
        failures++;
        if (witness == null) {
          witness = "node " + v + " holds " + units(peak, unit) + " units at " + scale.format(peakAt)
              + ", more than the largest packet (" + largest + ")";
        }
      }
    }
    return result(Conformance.BUFFER, failures, witness, "no node holds more than the largest packet (" + largest
        + "); the peak is " + units(worst, unit) + (worstNode >= 0 ? " at node " + worstNode : ""));
  }

  /** {@code num / den} units exactly: a decimal when it terminates, else a fraction in lowest terms. */
  private static String units(long num, long den) {
    long g = gcd(num, den);
    long q = den / g;
    long rest = q;
    while (rest % 2 == 0) {
      rest /= 2;
    }
    while (rest % 5 == 0) {
      rest /= 5;
    }
    if (rest != 1) {
      return (num / g) + "/" + q;
    }
    return new java.math.BigDecimal(num / g).divide(java.math.BigDecimal.valueOf(q)).stripTrailingZeros()
        .toPlainString();
  }

  private static long gcd(long a, long b) {
    return b == 0 ? Math.max(a, 1) : gcd(b, a % b);
  }

  /** V11: each message's packets differ by at most one unit. */
  private static ConformanceReport.Result evenSize(Instance inst, List<Packet> packets) {
    Map<Integer, long[]> range = new LinkedHashMap<>(); // message -> {min, max}
    for (Packet p : packets) {
      range.merge(p.message(), new long[] {p.size(), p.size()},
          (a, b) -> new long[] {Math.min(a[0], b[0]), Math.max(a[1], b[1])});
    }
    long failures = 0;
    String witness = null;
    for (Map.Entry<Integer, long[]> e : range.entrySet()) {
      long[] r = e.getValue();
      if (r[1] - r[0] > 1) {
        failures++;
        if (witness == null) {
          Message m = inst.messages().get(e.getKey());
          witness = "the packets of " + m.id() + " range from " + r[0] + " to " + r[1] + " units";
        }
      }
    }
    return result(Conformance.EVEN_SIZE, failures, witness, "every message's packets differ by at most one unit");
  }

  private static <K extends Comparable<K>, V> List<Map.Entry<K, V>> sorted(Map<K, V> map) {
    List<Map.Entry<K, V>> out = new ArrayList<>(map.entrySet());
    out.sort(Map.Entry.comparingByKey());
    return out;
  }

  private static ConformanceReport.Result result(Conformance rule, long failures, String witness, String holds) {
    return new ConformanceReport.Result(rule, failures == 0, failures, failures == 0 ? holds : witness);
  }
}
