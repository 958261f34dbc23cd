package org.commsched.core.check;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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
 * Send, broadcast and gossip under the linear cost model (Peters' thesis; docs/models/linear-cost.md#validity-rules
 * V1-V11). Units are (message, index) pairs; a node may repackage what it knows. Records on the same arc with the same
 * start are one packet: its content is the union of theirs and it lasts {@code beta + units * tau}. A record carries
 * units {@code first..first+size-1}, or, without {@code first}, the next {@code size} units of its message in
 * packet-number order. V12 (lower-bound sanity) belongs to the bounds module.
 *
 * @implNote Records are grouped into packets, and packets into what each node knows, by primitive hashes
 *     ({@link PairIndex}) and index arrays, in the order they are first met, so a schedule of 10^6 records costs no
 *     boxed keys and the findings come in record order.
 */
final class LinearCostChecker {
  private LinearCostChecker() {
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

    // the origin of every record (-1: none), looked up once per run of records with the same id string
    int[] recMsg = new int[count];
    String lastId = null;
    int lastIndex = -1;
    for (int r = 0; r < count; r++) {
      String id = records.get(r).message();
      if (id != lastId) {
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
          out.add(Kind.SIZE_MISMATCH, List.of(x.message()), Places.arc(x.from(), x.to()), null, "packet "
              + x.packet() + " of " + x.message() + " has size " + known + " in one record and " + x.size()
              + " in another; without \"first\" a packet number stands for one run of units");
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
        out.add(Kind.UNKNOWN_MESSAGE, List.of(x.message()), Places.arc(x.from(), x.to()), null, "transmission " + r
            + " carries " + x.message() + ", which is not a message of instance " + inst.name());
        continue;
      }
      if (x.size() < 1) {
        out.add(Kind.BAD_SIZE, List.of(x.message()), Places.arc(x.from(), x.to()), null, "transmission " + r
            + " of " + x.message() + " has size " + x.size() + "; a packet carries at least 1 unit");
        continue;
      }
      int arc = Places.arcOf(net, x.from(), x.to());
      if (arc < 0) {
        out.add(Kind.NOT_AN_ARC, List.of(x.message()), Places.arc(x.from(), x.to()), null, "transmission " + r
            + " of " + x.message() + " goes from " + x.from() + " to " + x.to()
            + ", which are not joined by an arc");
        continue;
      }
      long lo = x.first() != null ? x.first() : offsets.get(i).get(x.packet());
      long length = origins.get(i).length();
      if (lo < 0 || lo > length - x.size()) {
        out.add(Kind.UNIT_RANGE, List.of(x.message()), Places.arc(x.from(), x.to()), null, "transmission " + r
            + " carries units " + lo + ".." + (lo + x.size() - 1) + " of " + x.message() + ", which has units 0.."
            + (length - 1));
        continue;
      }
      long start = schedule.scale().rescale(x.start(), scale);
      if (start < 0) {
        out.add(Kind.NEGATIVE_TIME, List.of(x.message()), Places.arc(x.from(), x.to()), start, "transmission " + r
            + " of " + x.message() + " starts at " + scale.format(start) + "; time starts at 0");
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
          long late = lack.count();
          long firstLate = lack.first();
          long when = lack.firstArrives();
          out.add(Kind.SENDER_LACKS_UNIT, List.of(o.message()), net.arcName(pArc[p]), pStart[p], "node " + sender
              + " sends " + late + " unit(s) of " + o.message() + " it does not hold at " + scale.format(pStart[p])
              + " (unit " + firstLate + (when == Long.MAX_VALUE ? " never reaches it" : " arrives only at "
              + scale.format(when)) + ")");
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
          long missing = lack.count();
          long firstMissing = lack.first();
          out.add(Kind.INCOMPLETE, List.of(o.message()), Places.node(v), null, "node " + v + " never receives "
              + missing + " of the " + o.length() + " units of " + o.message() + " (the first is unit "
              + firstMissing + ")");
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
