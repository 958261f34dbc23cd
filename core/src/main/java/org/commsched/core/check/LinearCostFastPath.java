package org.commsched.core.check;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Network;
import org.commsched.core.model.Origin;
import org.commsched.core.model.PairIndex;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Schedule;
import org.commsched.core.time.TimeScale;

/**
 * The fast path of {@link LinearCostChecker}: the same rules (docs/models/linear-cost.md#validity-rules), the same
 * violations in the same order and the same makespan, on schedules of a million records (a broadcast on K_10000).
 * {@link ScheduleChecker} takes it from {@link #FROM} records on; below that the definition runs.
 * {@code LinearCostFastPathProperties} holds the two equal on seeded valid and mutated schedules, calling both on the
 * same input.
 *
 * @implNote Records are grouped into packets, and packets into what each node knows, by primitive hashes
 *     ({@link PairIndex}) and index arrays, in the order they are first met, so a schedule of 10^6 records costs no
 *     boxed keys and the findings come in record order. What a node knows of a message is kept as runs of units
 *     ({@link UnitArrivals}), not unit by unit. The sentences are {@link StoreAndForwardRules}'.
 */
final class LinearCostFastPath {
  /** Records from which {@link ScheduleChecker} takes this path instead of the definition. */
  static final int FROM = 1 << 14;

  private LinearCostFastPath() {
  }

  static long check(Instance inst, Schedule.Transmissions schedule, TimeScale scale, Findings out) {
    Network net = inst.network();
    CommModel.StoreAndForward model = (CommModel.StoreAndForward) inst.model();
    List<Origin> origins = inst.origins();
    Map<String, Integer> originIndex = new HashMap<>();
    for (int i = 0; i < origins.size(); i++) {
      originIndex.put(origins.get(i).message(), i);
    }
    List<Schedule.Transmission> records = schedule.transmissions();
    int count = records.size();

    // the origin of every record (-1: none). Schedules list the records of one message together, so the map is
    // asked once per run of equal ids; String.equals answers at once when the reader shared one string for the run
    int[] recMsg = new int[count];
    String lastId = null;
    int lastIndex = -1;
    for (int r = 0; r < count; r++) {
      String id = records.get(r).message();
      if (!Objects.equals(id, lastId)) {
        Integer i = originIndex.get(id);
        lastId = id;
        lastIndex = i == null ? -1 : i;
      }
      recMsg[r] = lastIndex;
    }

    // records without `first`: a message's packets cover its units in packet-number order
    List<TreeMap<Integer, Long>> sizes = new ArrayList<>();
    for (int i = 0; i < origins.size(); i++) {
      sizes.add(new TreeMap<>());
    }
    for (int r = 0; r < count; r++) {
      Schedule.Transmission x = records.get(r);
      int i = recMsg[r];
      if (i >= 0 && x.first() == null && x.size() >= 1) {
        Long known = sizes.get(i).putIfAbsent(x.packet(), x.size());
        if (known != null && known != x.size()) {
          StoreAndForwardRules.runSizeMismatch(out, x, known);
        }
      }
    }
    List<Map<Integer, Long>> offsets = new ArrayList<>();
    for (TreeMap<Integer, Long> sz : sizes) {
      Map<Integer, Long> off = new HashMap<>();
      long next = 0;
      for (Map.Entry<Integer, Long> e : sz.entrySet()) {
        off.put(e.getKey(), next);
        next = Math.addExact(next, e.getValue());
      }
      offsets.add(off);
    }

    // records on one arc with one start are one packet; packets numbered in the order first met
    PairIndex packetOf = new PairIndex(count); // at most one packet per record
    int[] recPacket = new int[count];
    long[] recLo = new long[count];
    long[] recHi = new long[count];
    int[] pArc = new int[16];
    long[] pStart = new long[16];
    long[] pUnits = new long[16];
    int pieces = 0;
    for (int r = 0; r < count; r++) {
      recPacket[r] = -1;
      Schedule.Transmission x = records.get(r);
      int i = recMsg[r];
      if (i < 0) {
        StoreAndForwardRules.unknownMessage(out, inst, r, x);
        continue;
      }
      if (x.size() < 1) {
        StoreAndForwardRules.unitsEmpty(out, r, x);
        continue;
      }
      int arc = Places.arcOf(net, x.from(), x.to());
      if (arc < 0) {
        StoreAndForwardRules.unitsNotAnArc(out, r, x);
        continue;
      }
      long lo = x.first() != null ? x.first() : offsets.get(i).get(x.packet());
      long length = origins.get(i).length();
      if (lo < 0 || lo > length - x.size()) {
        StoreAndForwardRules.unitRange(out, r, x, lo, length);
        continue;
      }
      long start = schedule.scale().rescale(x.start(), scale);
      if (start < 0) {
        StoreAndForwardRules.unitsNegative(out, r, x, start, scale);
      }
      int p = packetOf.add(arc, start);
      if (p == pArc.length) {
        pArc = Arrays.copyOf(pArc, 2 * p);
        pStart = Arrays.copyOf(pStart, 2 * p);
        pUnits = Arrays.copyOf(pUnits, 2 * p);
      }
      if (pUnits[p] == 0) {
        pArc[p] = arc;
        pStart[p] = start;
      }
      pUnits[p] = Math.addExact(pUnits[p], x.size());
      recPacket[r] = p;
      recLo[r] = lo;
      recHi[r] = lo + x.size();
      pieces++;
    }
    int packets = packetOf.size();
    // each packet's records, in record order
    int[] firstPiece = new int[packets + 1];
    for (int r = 0; r < count; r++) {
      if (recPacket[r] >= 0) {
        firstPiece[recPacket[r] + 1]++;
      }
    }
    for (int p = 0; p < packets; p++) {
      firstPiece[p + 1] += firstPiece[p];
    }
    int[] piece = new int[pieces];
    int[] fill = Arrays.copyOf(firstPiece, packets);
    for (int r = 0; r < count; r++) {
      if (recPacket[r] >= 0) {
        piece[fill[recPacket[r]]++] = r;
      }
    }

    long[] pEnd = new long[packets];
    long makespan = 0;
    for (int p = 0; p < packets; p++) {
      pEnd[p] = Math.addExact(pStart[p], model.packetTicks(pUnits[p], scale));
      makespan = Math.max(makespan, pEnd[p]);
    }
    int[] arcs = pArc;
    long[] starts = pStart;
    PortRules.check(net, model, new PortRules.Transfers() {
      @Override
      public int size() {
        return packets;
      }

      @Override
      public int arc(int p) {
        return arcs[p];
      }

      @Override
      public long start(int p) {
        return starts[p];
      }

      @Override
      public long end(int p) {
        return pEnd[p];
      }

      @Override
      public List<String> messages(int p) {
        List<String> ids = new ArrayList<>();
        for (int k = firstPiece[p]; k < firstPiece[p + 1]; k++) {
          String id = origins.get(recMsg[piece[k]]).message();
          if (!ids.contains(id)) {
            ids.add(id);
          }
        }
        return ids;
      }
    }, scale, out);

    // knowledge: the earliest end of a packet bringing each unit to each node
    Knowledge known = new Knowledge(net.nodes(), origins.size());
    for (int p = 0; p < packets; p++) {
      for (int k = firstPiece[p]; k < firstPiece[p + 1]; k++) {
        int r = piece[k];
        known.at(net.head(pArc[p]), recMsg[r]).add(recLo[r], recHi[r], pEnd[p]);
      }
    }
    for (int p = 0; p < packets; p++) {
      int sender = net.tail(pArc[p]);
      for (int k = firstPiece[p]; k < firstPiece[p + 1]; k++) {
        int r = piece[k];
        Origin o = origins.get(recMsg[r]);
        if (o.node() == sender) {
          continue;
        }
        UnitArrivals at = known.peek(sender, recMsg[r]);
        UnitArrivals.Late lack = at == null ? new UnitArrivals.Late(recHi[r] - recLo[r], recLo[r], Long.MAX_VALUE)
            : at.lateAt(recLo[r], recHi[r], pStart[p]);
        if (lack != null) {
          StoreAndForwardRules.senderLacksUnit(out, net, sender, o, pArc[p], pStart[p], lack.count(), lack.first(),
              lack.firstArrives(), scale);
        }
      }
    }
    checkCompletion(inst, origins, known, out);
    return makespan;
  }

  /** V10: the target (send) or every node (broadcast, gossip) ends up with every unit it needs. */
  private static void checkCompletion(Instance inst, List<Origin> origins, Knowledge known, Findings out) {
    int n = inst.network().nodes();
    for (int i = 0; i < origins.size(); i++) {
      Origin o = origins.get(i);
      for (int v = 0; v < n; v++) {
        boolean needs = inst.problem() instanceof Problem.Send s ? v == s.target() : v != o.node();
        if (!needs || v == o.node()) {
          continue;
        }
        UnitArrivals.Late lack = UnitArrivals.missing(known.peek(v, i), o.length());
        if (lack != null) {
          StoreAndForwardRules.incomplete(out, v, o, lack.count(), lack.first());
        }
      }
    }
  }

  /**
   * Earliest arrival of every unit of every message at every node, per (node, message) as runs of units: one array
   * slot per pair when nodes times messages are at most {@link #DENSE} (a broadcast on 10^6 nodes), else a hash of
   * the pairs met.
   */
  private static final class Knowledge {
    static final long DENSE = 1L << 22;
    private final int messages;
    private final PairIndex index;
    private UnitArrivals[] arrivals;

    Knowledge(int nodes, int messages) {
      this.messages = messages;
      boolean dense = (long) nodes * messages <= DENSE;
      index = dense ? null : new PairIndex();
      arrivals = new UnitArrivals[dense ? nodes * messages : 16];
    }

    UnitArrivals at(int node, int msg) {
      int k = index == null ? node * messages + msg : index.add(node, msg);
      if (k == arrivals.length) {
        arrivals = Arrays.copyOf(arrivals, 2 * k);
      }
      if (arrivals[k] == null) {
        arrivals[k] = new UnitArrivals();
      }
      return arrivals[k];
    }

    UnitArrivals peek(int node, int msg) {
      int k = index == null ? node * messages + msg : index.get(node, msg);
      return k < 0 ? null : arrivals[k];
    }
  }
}
