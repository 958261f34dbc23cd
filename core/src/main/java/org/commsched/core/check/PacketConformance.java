package org.commsched.core.check;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.model.Schedule;
import org.commsched.core.time.TimeScale;

/**
 * The packet family's model-conformance rules V7 to V11 (docs/models/packet.md#conformance-rules),
 * the properties of the schedules J.-P. Tsai's thesis "On the Furthest-Distance-First Principle in
 * Scattering and Gathering" reasons about. They are not validity: {@link PacketChecker} decides
 * validity; these read a schedule's hops (the records that lie on their message's route) and say
 * whether it also has the property.
 *
 * <p>Ports: under one port a hop {@code u -> w} uses {@code u}'s out-port and {@code w}'s in-port;
 * under all ports both are the arc. A transit packet at a node is one whose route passes the node
 * without starting or ending there.
 *
 * <ul>
 *   <li>V7 FCFS: on every out-port, a transit packet that arrived strictly earlier never leaves
 *       later.
 *   <li>V8 greedy: every hop starts at the latest of its packet's arrival (0 at the source) and the
 *       ends of the hops just before it on its out-port and in-port; at the root of a scatter, back
 *       to back from 0.
 *   <li>V9 FDF: a scatter's root never dispatches on one port a packet strictly before a packet
 *       with a farther destination; a gather's root never receives on one port a packet strictly
 *       before one from a nearer source (NRF).
 *   <li>V10 buffer: every non-root node's fluid occupancy (units of transit packets received and
 *       not yet sent, each streaming at one unit per {@code tau} after the set-up {@code beta} of
 *       its hop) stays at most the largest packet of the schedule.
 *   <li>V11 even size: the packets of each message differ by at most one unit.
 * </ul>
 *
 * <p>The hops are kept in flat arrays ({@link Hops}), grouped per port or node by stable sorts on
 * primitive keys, so every rule takes time about {@code H log H} for H hops.
 */
final class PacketConformance {
  private PacketConformance() {}

  /**
   * The schedule's packets and their hops. Packet p (message {@code message[p]}, number {@code
   * number[p]}, size {@code size[p]}) has one slot per hop of its route, slots {@code base[p] ..
   * base[p + 1] - 1}; slot {@code h} holds the hop {@code from[h] -> to[h]} over {@code [start[h],
   * end[h])} if {@code present[h]}. Packets come by message index, then packet number.
   */
  private static final class Hops {
    int packets;
    int[] message;
    int[] number;
    long[] size;
    int[] base;
    int[] from;
    int[] to;
    long[] start;
    long[] end;
    boolean[] present;

    int hops(int p) {
      return base[p + 1] - base[p];
    }
  }

  static ConformanceReport check(
      Instance inst, Schedule.Transmissions schedule, Set<Conformance> rules) {
    TimeScale scale = inst.timeScale().max(schedule.scale());
    CommModel.StoreAndForward model = (CommModel.StoreAndForward) inst.model();
    Hops hops = hops(inst, schedule, scale, model);
    boolean onePort = model.ports() == CommModel.Ports.ONE;
    List<ConformanceReport.Result> out = new ArrayList<>();
    for (Conformance rule : Conformance.values()) {
      if (!rules.contains(rule)) {
        continue;
      }
      out.add(
          switch (rule) {
            case FCFS -> fcfs(inst, hops, onePort, scale);
            case GREEDY -> greedy(inst, hops, onePort, scale);
            case FDF -> fdf(inst, hops, onePort, scale);
            case BUFFER -> buffer(inst, hops, model, scale);
            case EVEN_SIZE -> evenSize(inst, hops);
          });
    }
    return new ConformanceReport(out);
  }

  /**
   * The hops of the records that lie on their message's route (the others are the checker's
   * business).
   */
  private static Hops hops(
      Instance inst,
      Schedule.Transmissions schedule,
      TimeScale scale,
      CommModel.StoreAndForward model) {
    Network net = inst.network();
    List<Schedule.Transmission> records = schedule.transmissions();
    int n = records.size();
    int messages = inst.messages().size();
    int[] message = new int[n];
    int[] arcOf = new int[n];
    int[] first =
        new int[messages + 1]; // records per message, then where each message's records begin
    for (int r = 0; r < n; r++) {
      Schedule.Transmission x = records.get(r);
      message[r] = inst.indexOf(x.message());
      arcOf[r] = Places.arcOf(net, x.from(), x.to());
      if (message[r] < 0 || arcOf[r] < 0 || x.size() < 1) {
        message[r] = -1;
      } else {
        first[message[r] + 1]++;
      }
    }
    for (int i = 0; i < messages; i++) {
      first[i + 1] += first[i];
    }
    int[] byMessage = new int[first[messages]];
    int[] fill = Arrays.copyOf(first, messages);
    for (int r = 0; r < n; r++) {
      if (message[r] >= 0) {
        byMessage[fill[message[r]]++] = r;
      }
    }
    Hops h = new Hops();
    int slots = 0;
    List<int[]> runs =
        new ArrayList<>(); // {message, first key index, last key index + 1} per packet, keys below
    long toScale = schedule.scale().rescale(1, scale);
    int[] posOnRoute = new int[net.arcs()];
    Arrays.fill(posOnRoute, -1);
    int[] hopOf = new int[n];
    long[][] keysOf = new long[messages][];
    for (int i = 0; i < messages; i++) {
      if (first[i] == first[i + 1]) {
        continue;
      }
      int[] route = inst.atlas().arcs(i);
      for (int k = 0; k < route.length; k++) {
        posOnRoute[route[k]] = k;
      }
      long[] keys =
          new long[first[i + 1] - first[i]]; // packet number, offset among the message's records
      int kept = 0;
      for (int q = first[i]; q < first[i + 1]; q++) {
        int r = byMessage[q];
        hopOf[r] = posOnRoute[arcOf[r]];
        if (hopOf[r] >= 0) {
          keys[kept++] = ((long) records.get(r).packet() << 32) | (q - first[i]);
        }
      }
      for (int a : route) {
        posOnRoute[a] = -1;
      }
      keys = Arrays.copyOf(keys, kept);
      Arrays.sort(keys);
      keysOf[i] = keys;
      for (int a = 0; a < kept; ) {
        int b = a;
        while (b < kept && keys[b] >>> 32 == keys[a] >>> 32) {
          b++;
        }
        runs.add(new int[] {i, a, b});
        slots = Math.addExact(slots, route.length);
        a = b;
      }
    }
    int packets = runs.size();
    h.packets = packets;
    h.message = new int[packets];
    h.number = new int[packets];
    h.size = new long[packets];
    h.base = new int[packets + 1];
    h.from = new int[slots];
    h.to = new int[slots];
    h.start = new long[slots];
    h.end = new long[slots];
    h.present = new boolean[slots];
    for (int p = 0; p < packets; p++) {
      int[] run = runs.get(p);
      int i = run[0];
      long[] keys = keysOf[i];
      Schedule.Transmission head = records.get(byMessage[first[i] + (int) keys[run[1]]]);
      h.message[p] = i;
      h.number[p] = head.packet();
      h.size[p] = head.size();
      h.base[p + 1] = h.base[p] + inst.atlas().hops(i);
      long ticks = model.packetTicks(head.size(), scale);
      for (int k = run[1]; k < run[2]; k++) { // in file order: a later record of the same hop wins
        int r = byMessage[first[i] + (int) keys[k]];
        Schedule.Transmission x = records.get(r);
        int slot = h.base[p] + hopOf[r];
        h.from[slot] = x.from();
        h.to[slot] = x.to();
        h.start[slot] = Math.multiplyExact(x.start(), toScale);
        h.end[slot] = h.start[slot] + ticks;
        h.present[slot] = true;
      }
    }
    return h;
  }

  private static String name(Instance inst, Hops h, int p) {
    return "packet " + h.number[p] + " of " + inst.messages().get(h.message[p]).id();
  }

  /**
   * Port ids: a node's out-port or in-port is the node (one port), an arc is nodes + arc (all
   * ports).
   */
  private static int outPort(Network net, Hops h, int slot, boolean onePort) {
    return onePort ? h.from[slot] : net.nodes() + net.arc(h.from[slot], h.to[slot]);
  }

  private static int inPort(Network net, Hops h, int slot, boolean onePort) {
    return onePort ? h.to[slot] : net.nodes() + net.arc(h.from[slot], h.to[slot]);
  }

  private static String port(Network net, long key, boolean out) {
    return key < net.nodes()
        ? "node " + key + "'s " + (out ? "out" : "in") + "-port"
        : "arc " + net.arcName((int) (key - net.nodes()));
  }

  /** V7: per out-port, transit packets leave in arrival order (equal arrivals in any order). */
  private static ConformanceReport.Result fcfs(
      Instance inst, Hops h, boolean onePort, TimeScale scale) {
    Network net = inst.network();
    // one item per forwarded hop: its port, arrival (end of the previous hop), departure and packet
    Items it = new Items();
    for (int p = 0; p < h.packets; p++) {
      for (int j = 1; j < h.hops(p); j++) {
        int slot = h.base[p] + j;
        if (h.present[slot] && h.present[slot - 1]) {
          it.add(outPort(net, h, slot, onePort), h.end[slot - 1], h.start[slot], p);
        }
      }
    }
    int[] order = it.order(true);
    long failures = 0;
    String witness = null;
    for (int a = 0; a < order.length; ) {
      int port = it.group[order[a]];
      int latest = -1; // the latest departure among strictly earlier arrivals
      int groupLatest = -1;
      for (int b = a; b < order.length && it.group[order[b]] == port; b++, a++) {
        int x = order[b];
        if (b > 0 && it.group[order[b - 1]] == port && it.time[order[b - 1]] != it.time[x]) {
          latest = later(it, latest, groupLatest);
          groupLatest = -1;
        }
        if (latest >= 0 && it.second[x] < it.second[latest]) {
          failures++;
          if (witness == null) {
            witness =
                "on "
                    + port(net, port, true)
                    + ", "
                    + name(inst, h, it.packet[latest])
                    + " arrived at "
                    + scale.format(it.time[latest])
                    + " and left at "
                    + scale.format(it.second[latest])
                    + ", after "
                    + name(inst, h, it.packet[x])
                    + ", which arrived later ("
                    + scale.format(it.time[x])
                    + ") but left at "
                    + scale.format(it.second[x]);
          }
        }
        groupLatest = later(it, groupLatest, x);
      }
    }
    return result(
        Conformance.FCFS,
        failures,
        witness,
        "every port forwards its transit packets in arrival order");
  }

  private static int later(Items it, int a, int b) {
    return a < 0 ? b : b < 0 ? a : it.second[b] > it.second[a] ? b : a;
  }

  /**
   * V8: each hop starts at max(arrival, end of the previous hop on its out-port, on its in-port).
   */
  private static ConformanceReport.Result greedy(
      Instance inst, Hops h, boolean onePort, TimeScale scale) {
    Network net = inst.network();
    long[] earliest = new long[h.start.length];
    for (boolean out : new boolean[] {true, false}) {
      Items it = new Items();
      for (int slot = 0; slot < h.start.length; slot++) {
        if (h.present[slot]) {
          it.add(
              out ? outPort(net, h, slot, onePort) : inPort(net, h, slot, onePort),
              h.start[slot],
              0,
              slot);
        }
      }
      int[] order = it.order(false);
      for (int a = 1; a < order.length; a++) {
        if (it.group[order[a]] == it.group[order[a - 1]]) {
          int slot = it.packet[order[a]];
          earliest[slot] = Math.max(earliest[slot], h.end[it.packet[order[a - 1]]]);
        }
      }
    }
    long failures = 0;
    String witness = null;
    for (int p = 0; p < h.packets; p++) {
      for (int j = 0; j < h.hops(p); j++) {
        int slot = h.base[p] + j;
        if (!h.present[slot] || j > 0 && !h.present[slot - 1]) {
          continue;
        }
        long ready = Math.max(j == 0 ? 0 : h.end[slot - 1], earliest[slot]);
        if (h.start[slot] != ready) {
          failures++;
          if (witness == null) {
            witness =
                name(inst, h, p)
                    + " starts "
                    + h.from[slot]
                    + "->"
                    + h.to[slot]
                    + " at "
                    + scale.format(h.start[slot])
                    + " but could start at "
                    + scale.format(ready)
                    + " (its arrival and the hops before it on both ports)";
          }
        }
      }
    }
    return result(
        Conformance.GREEDY,
        failures,
        witness,
        "every hop starts as soon as its packet and ports allow");
  }

  /** V9: FDF dispatch at a scatter's root, NRF reception at a gather's root, per root port. */
  private static ConformanceReport.Result fdf(
      Instance inst, Hops h, boolean onePort, TimeScale scale) {
    Network net = inst.network();
    boolean scatter = inst.kind() == ProblemKind.SCATTER;
    Items it = new Items(); // per root port: time, route length, packet
    for (int p = 0; p < h.packets; p++) {
      int slot = scatter ? h.base[p] : h.base[p + 1] - 1;
      if (h.present[slot]) {
        int key = scatter ? outPort(net, h, slot, onePort) : inPort(net, h, slot, onePort);
        it.add(key, scatter ? h.start[slot] : h.end[slot], h.hops(p), p);
      }
    }
    int[] order = it.order(false);
    long failures = 0;
    String witness = null;
    for (int a = 0; a < order.length; ) {
      int port = it.group[order[a]];
      int worst =
          -1; // scatter: the nearest so far; gather: the farthest so far (strictly earlier times)
      int groupWorst = -1;
      for (int b = a; b < order.length && it.group[order[b]] == port; b++, a++) {
        int x = order[b];
        if (b > 0 && it.group[order[b - 1]] == port && it.time[order[b - 1]] != it.time[x]) {
          worst = pick(it, worst, groupWorst, scatter);
          groupWorst = -1;
        }
        if (worst >= 0
            && (scatter ? it.second[x] > it.second[worst] : it.second[x] < it.second[worst])) {
          failures++;
          if (witness == null) {
            witness =
                "the root "
                    + (scatter ? "dispatches " : "receives ")
                    + name(inst, h, it.packet[worst])
                    + " ("
                    + it.second[worst]
                    + " hops) at "
                    + scale.format(it.time[worst])
                    + ", before "
                    + name(inst, h, it.packet[x])
                    + " ("
                    + it.second[x]
                    + " hops) at "
                    + scale.format(it.time[x])
                    + (scatter ? ", which goes farther" : ", which comes from nearer");
          }
        }
        groupWorst = pick(it, groupWorst, x, scatter);
      }
    }
    return result(
        Conformance.FDF,
        failures,
        witness,
        scatter
            ? "the root dispatches farthest destination first"
            : "the root receives nearest source first (NRF)");
  }

  private static int pick(Items it, int a, int b, boolean nearest) {
    if (a < 0 || b < 0) {
      return a < 0 ? b : a;
    }
    return nearest ? (it.second[b] < it.second[a] ? b : a) : (it.second[b] > it.second[a] ? b : a);
  }

  /**
   * V10: the fluid occupancy of every non-root node. Scaled by {@code tau} (in ticks) it is {@code
   * sum over transit packets of clamp(t - in - beta, 0, s tau) - clamp(t - out - beta, 0, s tau)},
   * piecewise linear, so its maximum is at a breakpoint; with {@code tau = 0} the units arrive and
   * leave at the end of the set-ups.
   */
  private static ConformanceReport.Result buffer(
      Instance inst, Hops h, CommModel.StoreAndForward model, TimeScale scale) {
    long beta = model.betaTicks(scale);
    long tau = model.tauTicks(scale);
    long unit = tau > 0 ? tau : 1;
    long largest = 0;
    Items ev = new Items(); // per node: time, slope change (tau > 0) or jump
    for (int p = 0; p < h.packets; p++) {
      largest = Math.max(largest, h.size[p]);
      for (int j = 1; j < h.hops(p); j++) {
        int slot = h.base[p] + j;
        if (!h.present[slot] || !h.present[slot - 1]) {
          continue;
        }
        int node = h.from[slot];
        long in = h.start[slot - 1] + beta;
        long out = h.start[slot] + beta;
        if (tau > 0) {
          long flow = h.size[p] * tau;
          ev.add(node, in, 1, p);
          ev.add(node, in + flow, -1, p);
          ev.add(node, out, -1, p);
          ev.add(node, out + flow, 1, p);
        } else {
          ev.add(node, in, h.size[p], p);
          ev.add(node, out, -h.size[p], p);
        }
      }
    }
    int[] order = ev.order(false);
    long failures = 0;
    String witness = null;
    long worst = 0;
    int worstNode = -1;
    for (int a = 0; a < order.length; ) {
      int v = ev.group[order[a]];
      long value = 0;
      long rate = 0;
      long last = ev.time[order[a]];
      long peak = 0;
      long peakAt = last;
      while (a < order.length && ev.group[order[a]] == v) {
        long t = ev.time[order[a]];
        value += rate * (t - last);
        last = t;
        while (a < order.length && ev.group[order[a]] == v && ev.time[order[a]] == t) {
          if (tau > 0) {
            rate += ev.second[order[a]];
          } else {
            value += ev.second[order[a]];
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
          witness =
              "node "
                  + v
                  + " holds "
                  + units(peak, unit)
                  + " units at "
                  + scale.format(peakAt)
                  + ", more than the largest packet ("
                  + largest
                  + ")";
        }
      }
    }
    return result(
        Conformance.BUFFER,
        failures,
        witness,
        "no node holds more than the largest packet ("
            + largest
            + "); the peak is "
            + units(worst, unit)
            + (worstNode >= 0 ? " at node " + worstNode : ""));
  }

  /**
   * {@code num / den} units exactly: a decimal when it terminates, else a fraction in lowest terms.
   */
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
    return new java.math.BigDecimal(num / g)
        .divide(java.math.BigDecimal.valueOf(q))
        .stripTrailingZeros()
        .toPlainString();
  }

  private static long gcd(long a, long b) {
    return b == 0 ? Math.max(a, 1) : gcd(b, a % b);
  }

  /** V11: each message's packets differ by at most one unit. */
  private static ConformanceReport.Result evenSize(Instance inst, Hops h) {
    long failures = 0;
    String witness = null;
    for (int p = 0; p < h.packets; ) {
      int i = h.message[p];
      long lo = h.size[p];
      long hi = h.size[p];
      for (; p < h.packets && h.message[p] == i; p++) {
        lo = Math.min(lo, h.size[p]);
        hi = Math.max(hi, h.size[p]);
      }
      if (hi - lo > 1) {
        failures++;
        if (witness == null) {
          Message m = inst.messages().get(i);
          witness = "the packets of " + m.id() + " range from " + lo + " to " + hi + " units";
        }
      }
    }
    return result(
        Conformance.EVEN_SIZE,
        failures,
        witness,
        "every message's packets differ by at most one unit");
  }

  private static ConformanceReport.Result result(
      Conformance rule, long failures, String witness, String holds) {
    return new ConformanceReport.Result(
        rule, failures == 0, failures, failures == 0 ? holds : witness);
  }

  /**
   * Items to be taken group by group (a port or a node), each group by time (then by the second
   * value when asked): item k has group {@code group[k]}, time {@code time[k]}, a second value
   * {@code second[k]} and an owner {@code packet[k]} (a packet or a hop slot).
   */
  private static final class Items {
    int size;
    int[] group = new int[16];
    long[] time = new long[16];
    long[] second = new long[16];
    int[] packet = new int[16];

    void add(int g, long t, long s, int p) {
      if (size == group.length) {
        int m = size + (size >> 1);
        group = Arrays.copyOf(group, m);
        time = Arrays.copyOf(time, m);
        second = Arrays.copyOf(second, m);
        packet = Arrays.copyOf(packet, m);
      }
      group[size] = g;
      time[size] = t;
      second[size] = s;
      packet[size++] = p;
    }

    /**
     * The items by group, then time, then (if asked) second value, then insertion; stable sorts on
     * arrays.
     */
    int[] order(boolean bySecond) {
      // by group: a stable counting sort
      int groups = 0;
      for (int k = 0; k < size; k++) {
        groups = Math.max(groups, group[k] + 1);
      }
      int[] at = new int[groups + 1];
      for (int k = 0; k < size; k++) {
        at[group[k] + 1]++;
      }
      for (int g = 0; g < groups; g++) {
        at[g + 1] += at[g];
      }
      int[] out = new int[size];
      int[] fill = Arrays.copyOf(at, groups);
      for (int k = 0; k < size; k++) {
        out[fill[group[k]]++] = k;
      }
      // each group by time, then second value (the less significant key first: both sorts are
      // stable)
      for (int g = 0; g < groups; g++) {
        if (bySecond) {
          sortBy(out, at[g], at[g + 1], second);
        }
        sortBy(out, at[g], at[g + 1], time);
      }
      return out;
    }

    /**
     * Reorders {@code idx[from .. to)} stably by {@code key[index]}: unless already in order, each
     * key is replaced by its rank among the sorted keys, packed above its position, and the packed
     * values sorted as primitives.
     */
    private static void sortBy(int[] idx, int from, int to, long[] key) {
      boolean ordered = true;
      for (int k = from + 1; k < to && ordered; k++) {
        ordered = key[idx[k - 1]] <= key[idx[k]];
      }
      if (ordered) {
        return;
      }
      int n = to - from;
      long[] sorted = new long[n];
      for (int k = 0; k < n; k++) {
        sorted[k] = key[idx[from + k]];
      }
      Arrays.sort(sorted);
      long[] packed = new long[n];
      for (int k = 0; k < n; k++) {
        long rank = Arrays.binarySearch(sorted, key[idx[from + k]]); // one position per key value
        packed[k] = (rank << 32) | k;
      }
      Arrays.sort(packed);
      int[] old = Arrays.copyOfRange(idx, from, to);
      for (int k = 0; k < n; k++) {
        idx[from + k] = old[(int) packed[k]];
      }
    }
  }
}
