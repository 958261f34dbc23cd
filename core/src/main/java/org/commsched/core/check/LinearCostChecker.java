package org.commsched.core.check;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Network;
import org.commsched.core.model.Origin;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Schedule;
import org.commsched.core.time.TimeScale;

/**
 * Send, broadcast and gossip under the linear cost model (Peters' thesis; docs/models/linear-cost.md#validity-rules
 * V1-V11). Units are (message, index) pairs; a node may repackage what it knows. Records on the same arc with the same
 * start are one packet: its content is the union of theirs and it lasts {@code beta + units * tau}. A record carries
 * units {@code first..first+size-1}, or, without {@code first}, the next {@code size} units of its message in
 * packet-number order. V12 (lower-bound sanity) belongs to the bounds module.
 */
final class LinearCostChecker {
  private LinearCostChecker() {
  }

  /** Units {@code [lo, hi)} of origin message {@code msg}, from record {@code record}. */
  private record Piece(int record, int msg, long lo, long hi) {
  }

  /** What makes records one packet: their arc and their start. */
  private record PacketKey(int arc, long start) {
  }

  /** One packet: the records sharing an arc and a start. */
  private static final class Packet {
    final int arc;
    final long start;
    final List<Piece> pieces = new ArrayList<>();
    long units;
    long end;

    Packet(int arc, long start) {
      this.arc = arc;
      this.start = start;
    }
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

    // records without `first`: a message's packets cover its units in packet-number order
    List<TreeMap<Integer, Long>> sizes = new ArrayList<>();
    for (int i = 0; i < origins.size(); i++) {
      sizes.add(new TreeMap<>());
    }
    for (Schedule.Transmission x : records) {
      Integer i = originIndex.get(x.message());
      if (i != null && x.first() == null && x.size() >= 1) {
        Long known = sizes.get(i).putIfAbsent(x.packet(), x.size());
        if (known != null && known != x.size()) {
          out.add(Kind.SIZE_MISMATCH, List.of(x.message()), Places.arc(x.from(), x.to()), null, "packet "
              + x.packet() + " of " + x.message() + " has size " + known + " in one record and " + x.size()
              + " in another; without \"first\" a packet number stands for one run of units");
        }
      }
    }
    List<Map<Integer, Long>> offsets = new ArrayList<>();
    for (TreeMap<Integer, Long> s : sizes) {
      Map<Integer, Long> off = new HashMap<>();
      long next = 0;
      for (Map.Entry<Integer, Long> e : s.entrySet()) {
        off.put(e.getKey(), next);
        next = Math.addExact(next, e.getValue());
      }
      offsets.add(off);
    }

    Map<PacketKey, Packet> packets = new LinkedHashMap<>();
    for (int r = 0; r < records.size(); r++) {
      Schedule.Transmission x = records.get(r);
      String arcName = Places.arc(x.from(), x.to());
      Integer i = originIndex.get(x.message());
      if (i == null) {
        out.add(Kind.UNKNOWN_MESSAGE, List.of(x.message()), arcName, null, "transmission " + r + " carries "
            + x.message() + ", which is not a message of instance " + inst.name());
        continue;
      }
      if (x.size() < 1) {
        out.add(Kind.BAD_SIZE, List.of(x.message()), arcName, null, "transmission " + r + " of " + x.message()
            + " has size " + x.size() + "; a packet carries at least 1 unit");
        continue;
      }
      int arc = Places.arcOf(net, x.from(), x.to());
      if (arc < 0) {
        out.add(Kind.NOT_AN_ARC, List.of(x.message()), arcName, null, "transmission " + r + " of "
            + x.message() + " goes from " + x.from() + " to " + x.to() + ", which are not joined by an arc");
        continue;
      }
      long lo = x.first() != null ? x.first() : offsets.get(i).get(x.packet());
      long length = origins.get(i).length();
      if (lo < 0 || lo > length - x.size()) {
        out.add(Kind.UNIT_RANGE, List.of(x.message()), arcName, null, "transmission " + r + " carries units "
            + lo + ".." + (lo + x.size() - 1) + " of " + x.message() + ", which has units 0.." + (length - 1));
        continue;
      }
      long start = schedule.scale().rescale(x.start(), scale);
      if (start < 0) {
        out.add(Kind.NEGATIVE_TIME, List.of(x.message()), arcName, start, "transmission " + r + " of "
            + x.message() + " starts at " + scale.format(start) + "; time starts at 0");
      }
      Packet p = packets.computeIfAbsent(new PacketKey(arc, start), k -> new Packet(arc, start));
      p.pieces.add(new Piece(r, i, lo, lo + x.size()));
      p.units = Math.addExact(p.units, x.size());
    }

    List<Transfer> transfers = new ArrayList<>();
    long makespan = 0;
    for (Packet p : packets.values()) {
      p.end = Math.addExact(p.start, model.packetTicks(p.units, scale));
      makespan = Math.max(makespan, p.end);
      List<String> ids = new ArrayList<>();
      for (Piece c : p.pieces) {
        String id = origins.get(c.msg()).message();
        if (!ids.contains(id)) {
          ids.add(id);
        }
      }
      transfers.add(new Transfer(p.arc, p.start, p.end, ids));
    }
    PortRules.check(net, model, transfers, scale, out);

    // knowledge: the earliest end of a packet bringing each unit to each node
    Knowledge known = new Knowledge(origins.size());
    for (Packet p : packets.values()) {
      for (Piece c : p.pieces) {
        known.at(net.head(p.arc), c.msg()).add(c.lo(), c.hi(), p.end);
      }
    }
    for (Packet p : packets.values()) {
      int sender = net.tail(p.arc);
      for (Piece c : p.pieces) {
        Origin o = origins.get(c.msg());
        if (o.node() == sender) {
          continue;
        }
        UnitArrivals at = known.peek(sender, c.msg());
        UnitArrivals.Late lack = at == null ? new UnitArrivals.Late(c.hi() - c.lo(), c.lo(), Long.MAX_VALUE)
            : at.lateAt(c.lo(), c.hi(), p.start);
        if (lack != null) {
          long late = lack.count();
          long firstLate = lack.first();
          long when = lack.firstArrives();
          out.add(Kind.SENDER_LACKS_UNIT, List.of(o.message()), net.arcName(p.arc), p.start, "node " + sender
              + " sends " + late + " unit(s) of " + o.message() + " it does not hold at " + scale.format(p.start)
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

  /** Earliest arrival of every unit of every message at every node, per (node, message) as runs of units. */
  private static final class Knowledge {
    private final int messages;
    private final Map<Long, UnitArrivals> arrivals = new HashMap<>();

    Knowledge(int messages) {
      this.messages = messages;
    }

    UnitArrivals at(int node, int msg) {
      return arrivals.computeIfAbsent((long) node * messages + msg, k -> new UnitArrivals());
    }

    UnitArrivals peek(int node, int msg) {
      return arrivals.get((long) node * messages + msg);
    }
  }
}
