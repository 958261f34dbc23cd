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
 * The fast path of {@link LinearCostChecker}: the same rules
 * (docs/models/linear-cost.md#validity-rules), the same violations in the same order and the same
 * makespan, on schedules of a million records (a broadcast on K_10000). {@link ScheduleChecker}
 * takes it from {@link #FROM} records on; below that the definition runs. {@code
 * LinearCostFastPathProperties} holds the two equal on seeded valid and mutated schedules, calling
 * both on the same input.
 *
 * @implNote Records are grouped into packets by sorting them by (arc, start) in primitive arrays (a
 *     counting sort by arc, then by start within an arc) and scanning the runs of equal keys,
 *     numbered in the order of their first records; what each node knows is an array over (node,
 *     message), or a primitive hash of the pairs met ({@link PairIndex}) when they are many. A
 *     schedule of 10^6 records costs no boxed keys and no random probe per record, and the findings
 *     come in record order. What a node knows of a message is kept as runs of units ({@link
 *     UnitArrivals}), not unit by unit. The sentences are {@link StoreAndForwardRules}'.
 */
final class LinearCostFastPath {
  /** Records from which {@link ScheduleChecker} takes this path instead of the definition. */
  static final int FROM = 1 << 14;

  private LinearCostFastPath() {}

  static long check(Instance inst, Schedule.Transmissions schedule, TimeScale scale, Findings out) {
    return check(inst, schedule, scale, out, false);
  }

  /**
   * {@link #check(Instance, Schedule.Transmissions, TimeScale, Findings)}, the pairs (node,
   * message) numbered through their hash even where one slot per pair would be taken ({@code
   * hashedPairs}; {@code LinearCostFastPathProperties} holds both layouts to the definition).
   */
  static long check(
      Instance inst,
      Schedule.Transmissions schedule,
      TimeScale scale,
      Findings out,
      boolean hashedPairs) {
    Network net = inst.network();
    CommModel.StoreAndForward model = (CommModel.StoreAndForward) inst.model();
    List<Origin> origins = inst.origins();
    OriginCache origin = new OriginCache(origins);
    List<Schedule.Transmission> records = schedule.transmissions();
    int count = records.size();

    // the origin of every record (-1: none). Schedules list the records of one message together, so
    // the instance is
    // asked once per run of equal ids; String.equals answers at once when the reader shared one
    // string for the run
    int[] recMsg = new int[count];
    String lastId = null;
    int lastIndex = -1;
    for (int r = 0; r < count; r++) {
      String id = records.get(r).message();
      if (!Objects.equals(id, lastId)) {
        lastId = id;
        lastIndex = inst.originIndexOf(id);
      }
      recMsg[r] = lastIndex;
    }

    // records without `first`: a message's packets cover its units in packet-number order
    Map<Integer, TreeMap<Integer, Long>> sizes =
        new HashMap<>(); // by origin, for the origins with such records
    for (int r = 0; r < count; r++) {
      Schedule.Transmission x = records.get(r);
      int i = recMsg[r];
      if (i >= 0 && x.first() == null && x.size() >= 1) {
        Long known =
            sizes.computeIfAbsent(i, k -> new TreeMap<>()).putIfAbsent(x.packet(), x.size());
        if (known != null && known != x.size()) {
          StoreAndForwardRules.runSizeMismatch(out, x, known);
        }
      }
    }
    Map<Integer, Map<Integer, Long>> offsets = new HashMap<>();
    for (Map.Entry<Integer, TreeMap<Integer, Long>> sz : sizes.entrySet()) {
      Map<Integer, Long> off = new HashMap<>();
      long next = 0;
      for (Map.Entry<Integer, Long> e : sz.getValue().entrySet()) {
        off.put(e.getKey(), next);
        next = Math.addExact(next, e.getValue());
      }
      offsets.put(sz.getKey(), off);
    }

    // each record on its own, in record order (the findings come in that order); arc -1: not in any
    // packet
    int[] recArc = new int[count];
    long[] recStart = new long[count];
    long[] recLo = new long[count];
    long[] recHi = new long[count];
    int pieces = 0;
    long factor =
        factor(
            schedule.scale(),
            scale); // the same as rescaling each start, without a power per record
    for (int r = 0; r < count; r++) {
      recArc[r] = -1;
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
      long length = origin.get(i).length();
      if (lo < 0 || lo > length - x.size()) {
        StoreAndForwardRules.unitRange(out, r, x, lo, length);
        continue;
      }
      long start =
          factor > 0
              ? Math.multiplyExact(x.start(), factor)
              : schedule.scale().rescale(x.start(), scale);
      if (start < 0) {
        StoreAndForwardRules.unitsNegative(out, r, x, start, scale);
      }
      recArc[r] = arc;
      recStart[r] = start;
      recLo[r] = lo;
      recHi[r] = lo + x.size();
      pieces++;
    }

    // records on one arc with one start are one packet: the records sorted by (arc, start, record),
    // a packet is a
    // run of equal (arc, start), and the packets are numbered in the order of their first records
    int[] order = byArcThenStart(net.arcs(), recArc, recStart, pieces);
    int runs = 0;
    int[] runStart = new int[16]; // per run of order (a packet): where it starts
    for (int k = 0; k < pieces; k++) {
      if (k == 0
          || recArc[order[k]] != recArc[order[k - 1]]
          || recStart[order[k]] != recStart[order[k - 1]]) {
        if (runs + 1 >= runStart.length) {
          runStart = Arrays.copyOf(runStart, 2 * runStart.length);
        }
        runStart[runs++] = k;
      }
    }
    runStart[runs] = pieces;
    int packets = runs;
    // a run's first record is its least (the sort is stable in record order): number the runs by it
    int[] runOfLeader = new int[count];
    Arrays.fill(runOfLeader, -1);
    for (int g = 0; g < packets; g++) {
      runOfLeader[order[runStart[g]]] = g;
    }
    int[] runOfPacket = new int[packets];
    int numbered = 0;
    for (int r = 0; r < count; r++) {
      if (runOfLeader[r] >= 0) {
        runOfPacket[numbered++] = runOfLeader[r];
      }
    }
    // each packet's records, in record order
    int[] firstPiece = new int[packets + 1];
    int[] piece = new int[pieces];
    int[] pArc = new int[packets];
    long[] pStart = new long[packets];
    long[] pUnits = new long[packets];
    for (int p = 0; p < packets; p++) {
      int g = runOfPacket[p];
      int size = runStart[g + 1] - runStart[g];
      System.arraycopy(order, runStart[g], piece, firstPiece[p], size);
      firstPiece[p + 1] = firstPiece[p] + size;
      pArc[p] = recArc[order[runStart[g]]];
      pStart[p] = recStart[order[runStart[g]]];
      for (int k = firstPiece[p]; k < firstPiece[p + 1]; k++) {
        pUnits[p] = Math.addExact(pUnits[p], recHi[piece[k]] - recLo[piece[k]]);
      }
    }

    long[] pEnd = new long[packets];
    long makespan = 0;
    long lastUnits = -1;
    long lastTicks = 0;
    for (int p = 0; p < packets; p++) {
      if (pUnits[p]
          != lastUnits) { // packets mostly share a size; the model's duration is worked out in
        // decimals
        lastTicks = model.packetTicks(pUnits[p], scale);
        lastUnits = pUnits[p];
      }
      pEnd[p] = Math.addExact(pStart[p], lastTicks);
      makespan = Math.max(makespan, pEnd[p]);
    }
    int[] arcs = pArc;
    long[] starts = pStart;
    PortRules.check(
        net,
        model,
        new PortRules.Transfers() {
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
              String id = origin.get(recMsg[piece[k]]).message();
              if (!ids.contains(id)) {
                ids.add(id);
              }
            }
            return ids;
          }
        },
        scale,
        out);

    // knowledge: the earliest end of a packet bringing each unit to each node
    Knowledge known = new Knowledge(net.nodes(), origins.size(), hashedPairs ? -1 : pieces);
    for (int p = 0; p < packets; p++) {
      for (int k = firstPiece[p]; k < firstPiece[p + 1]; k++) {
        int r = piece[k];
        known.add(net.head(pArc[p]), recMsg[r], recLo[r], recHi[r], pEnd[p]);
      }
    }
    for (int p = 0; p < packets; p++) {
      int sender = net.tail(pArc[p]);
      for (int k = firstPiece[p]; k < firstPiece[p + 1]; k++) {
        int r = piece[k];
        Origin o = origin.get(recMsg[r]);
        if (o.node() == sender) {
          continue;
        }
        UnitArrivals.Late lack =
            known.lateAt(known.slot(sender, recMsg[r]), recLo[r], recHi[r], pStart[p]);
        if (lack != null) {
          StoreAndForwardRules.senderLacksUnit(
              out,
              net,
              sender,
              o,
              pArc[p],
              pStart[p],
              lack.count(),
              lack.first(),
              lack.firstArrives(),
              scale);
        }
      }
    }
    checkCompletion(inst, origins, known, out);
    return makespan;
  }

  /**
   * Ticks of {@code finer} per tick of {@code from}, or 0 when that power of ten does not fit in a
   * long.
   */
  private static long factor(TimeScale from, TimeScale finer) {
    try {
      return from.rescale(1, finer);
    } catch (ArithmeticException e) {
      return 0; // each start is rescaled on its own, and overflows there as the definition's does
    }
  }

  /**
   * The records with an arc ({@code arc[r] >= 0}; {@code valid} of them) sorted by (arc, start,
   * record): a stable counting sort by arc (over the arcs in use when the arcs far outnumber the
   * records, as on a large complete graph), then each arc's records sorted stably by start ({@link
   * Overlaps#mergeSort}, which returns at once on records already in start order, as a scheme
   * writes them). Linear in the records but for arcs carrying packets out of order; no hash, so the
   * memory is read in order.
   */
  private static int[] byArcThenStart(int arcs, int[] arc, long[] start, int valid) {
    int count = arc.length;
    int[] key = arc;
    int groups = arcs;
    if (arcs > 2L * valid + 1024) {
      int[] names = new int[valid];
      int n = 0;
      for (int r = 0; r < count; r++) {
        if (arc[r] >= 0) {
          names[n++] = arc[r];
        }
      }
      Arrays.sort(names);
      int used = 0;
      for (int k = 0; k < n; k++) {
        if (used == 0 || names[used - 1] != names[k]) {
          names[used++] = names[k];
        }
      }
      key = new int[count];
      for (int r = 0; r < count; r++) {
        key[r] = arc[r] < 0 ? -1 : Arrays.binarySearch(names, 0, used, arc[r]);
      }
      groups = used;
    }
    int[] offset = new int[groups + 1];
    for (int r = 0; r < count; r++) {
      if (key[r] >= 0) {
        offset[key[r] + 1]++;
      }
    }
    for (int g = 0; g < groups; g++) {
      offset[g + 1] += offset[g];
    }
    int[] order = new int[valid];
    int[] fill = Arrays.copyOf(offset, groups);
    for (int r = 0; r < count; r++) {
      if (key[r] >= 0) {
        order[fill[key[r]]++] = r;
      }
    }
    int[] tmp = new int[valid];
    for (int g = 0; g < groups; g++) {
      if (offset[g + 1] - offset[g] > 1) {
        Overlaps.mergeSort(order, tmp, start, 0, offset[g], offset[g + 1]);
      }
    }
    return order;
  }

  /**
   * V10: the target (send) or every node (broadcast, gossip) ends up with every unit it needs; by
   * message, then node, until the report is full, then only counted (the pairs still needed, less
   * the pairs met that hold every unit), so a gossip schedule lacking nearly all of its p (p - 1)
   * deliveries costs what its records cost.
   */
  private static void checkCompletion(
      Instance inst, List<Origin> origins, Knowledge known, Findings out) {
    int n = inst.network().nodes();
    int target = inst.problem() instanceof Problem.Send s ? s.target() : -1;
    for (int i = 0; i < origins.size(); i++) {
      Origin o = origins.get(i);
      int v = target >= 0 ? target : 0;
      int end = target >= 0 ? target + 1 : n;
      for (; v < end; v++) {
        if (v == o.node()) {
          continue;
        }
        if (out.full()) {
          out.countMore(incompleteFrom(origins, n, target, known, i, v));
          return;
        }
        UnitArrivals.Late lack = known.missing(known.slot(v, i), o.length());
        if (lack != null) {
          StoreAndForwardRules.incomplete(out, v, o, lack.count(), lack.first());
        }
      }
    }
  }

  /** The pairs from message i, node v on (v needs message i) that lack a unit at the end. */
  private static long incompleteFrom(
      List<Origin> origins, int n, int target, Knowledge known, int i, int v) {
    long needed = StoreAndForwardRules.neededFrom(origins, n, target, i, v);
    for (int k = 0; k < known.slots(); k++) {
      if (!known.reached(k)) {
        continue;
      }
      int node = known.node(k);
      int msg = known.message(k);
      Origin o = origins.get(msg);
      if (node != o.node()
          && (target < 0 || node == target)
          && (msg > i || msg == i && node >= v)
          && known.missing(k, o.length()) == null) {
        needed--;
      }
    }
    return needed;
  }

  /**
   * Earliest arrival of every unit of every message at every node, per (node, message) as runs of
   * units, in slots: one slot per pair ({@code node * messages + message}) when nodes times
   * messages are at most {@link #DENSE} and at most {@link #DIRECT_PER_RECORD} times the records
   * the caller counts (the valid ones; at least 1,024 records are assumed, so small schedules are
   * direct) (a broadcast on 10^6 nodes, a gossip on 10^3: a node's pairs lie together, so the
   * checks of one sender's packets read one stretch of memory), else one slot per pair met,
   * numbered through a hash of the pairs ({@link PairIndex}). A slot reached by one packet (a node
   * receives each unit once, as in every schedule of the family's schemes) keeps that packet's
   * triple (lo, hi, at) in one flat array, which is its one run ({@link UnitArrivals} keeps it as
   * it is too); only a slot reached twice or more gets a {@link UnitArrivals}, which folds them. A
   * gossip of 10^6 deliveries so costs three longs per pair and no object.
   */
  private static final class Knowledge {
    static final long DENSE = 1L << 22;
    static final long DIRECT_PER_RECORD = 4;
    private final int messages;
    private final PairIndex index; // null: direct slots
    private int slots; // hashed: the pairs met; direct: every pair
    private long[] triple; // per slot: lo, hi, at of its first packet
    private int[] count; // per slot: the packets that reached it
    private UnitArrivals[] more; // per slot reached twice or more; null until one is
    private int[] pairNode; // hashed: the pair of each slot
    private int[] pairMessage;

    /** Slots for {@code records} records; {@code records < 0}: hashed whatever the size. */
    Knowledge(int nodes, int messages, int records) {
      this.messages = messages;
      long pairs = (long) nodes * messages;
      boolean direct =
          records >= 0 && pairs <= DENSE && pairs <= DIRECT_PER_RECORD * Math.max(records, 1024);
      index = direct ? null : new PairIndex();
      int size = direct ? (int) pairs : 16;
      slots = direct ? size : 0;
      triple = new long[3 * size];
      count = new int[size];
      pairNode = direct ? null : new int[size];
      pairMessage = direct ? null : new int[size];
    }

    /**
     * A packet brings units {@code [lo, hi)}, {@code lo < hi}, of message {@code msg} to {@code
     * node} at {@code at}.
     */
    void add(int node, int msg, long lo, long hi, long at) {
      int k;
      if (index == null) {
        k = node * messages + msg;
      } else {
        k = index.add(node, msg);
        if (k == slots) { // a new pair
          if (k == count.length) {
            triple = Arrays.copyOf(triple, 6 * k);
            count = Arrays.copyOf(count, 2 * k);
            pairNode = Arrays.copyOf(pairNode, 2 * k);
            pairMessage = Arrays.copyOf(pairMessage, 2 * k);
          }
          pairNode[k] = node;
          pairMessage[k] = msg;
          slots++;
        }
      }
      if (count[k] == 0) {
        triple[3 * k] = lo;
        triple[3 * k + 1] = hi;
        triple[3 * k + 2] = at;
      } else {
        if (more == null || more.length <= k) {
          more = Arrays.copyOf(more == null ? new UnitArrivals[0] : more, count.length);
        }
        if (count[k] == 1) {
          more[k] = new UnitArrivals();
          more[k].add(triple[3 * k], triple[3 * k + 1], triple[3 * k + 2]);
        }
        more[k].add(lo, hi, at);
      }
      count[k]++;
    }

    /** The slot of a pair, or -1 if nothing reached it. */
    int slot(int node, int msg) {
      if (index == null) {
        int k = node * messages + msg;
        return count[k] == 0 ? -1 : k;
      }
      return index.get(node, msg);
    }

    /**
     * {@link UnitArrivals#lateAt} for the pair of slot {@code k}, or, for {@code k < 0} (nothing
     * reached the pair), every unit of {@code [lo, hi)} missing.
     */
    UnitArrivals.Late lateAt(int k, long lo, long hi, long t) {
      if (k < 0) {
        return new UnitArrivals.Late(hi - lo, lo, Long.MAX_VALUE);
      }
      return count[k] > 1
          ? more[k].lateAt(lo, hi, t)
          : UnitArrivals.lateAt(triple, 3 * k, 1, lo, hi, t);
    }

    /** {@link UnitArrivals#missing} for the pair of slot {@code k} (-1: nothing reached it). */
    UnitArrivals.Late missing(int k, long length) {
      if (k < 0) {
        return length == 0 ? null : new UnitArrivals.Late(length, 0, Long.MAX_VALUE);
      }
      return lateAt(k, 0, length, Long.MAX_VALUE);
    }

    /** Slots 0 .. slots() - 1; those a packet reached ({@link #reached}) hold the pairs met. */
    int slots() {
      return slots;
    }

    boolean reached(int k) {
      return count[k] > 0;
    }

    int node(int k) {
      return index == null ? k / messages : pairNode[k];
    }

    int message(int k) {
      return index == null ? k % messages : pairMessage[k];
    }
  }

  /**
   * The origins of the records, by index: {@link Instance#origins()} builds a gossip's origin (and
   * its id) on every call, so the ones asked for are kept, in a table of at most 2^16 entries by
   * index (a broadcast has one origin, a gossip of 10^3 nodes 10^3).
   */
  private static final class OriginCache {
    private final List<Origin> origins;
    private final Origin[] kept;
    private final int[] keptIndex;
    private final int mask;

    OriginCache(List<Origin> origins) {
      this.origins = origins;
      int size = 1;
      while (size < origins.size() && size < (1 << 16)) {
        size *= 2;
      }
      this.kept = new Origin[size];
      this.keptIndex = new int[size];
      this.mask = size - 1;
    }

    Origin get(int i) {
      int at = i & mask;
      Origin o = kept[at];
      if (o == null || keptIndex[at] != i) {
        o = origins.get(i);
        kept[at] = o;
        keptIndex[at] = i;
      }
      return o;
    }
  }
}
