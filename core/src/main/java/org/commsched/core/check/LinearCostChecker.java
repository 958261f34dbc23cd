package org.commsched.core.check;

import java.util.ArrayList;
import java.util.Comparator;
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
 * The definition of a valid send, broadcast or gossip under the linear cost model (Peters' thesis;
 * docs/models/linear-cost.md#validity-rules V1-V11). Units are (message, index) pairs; a node may
 * repackage what it knows. Records on the same arc with the same start are one packet: its content
 * is the union of theirs and it lasts {@code beta + units * tau}. A record carries units {@code
 * first..first+size-1}, or, without {@code first}, the next {@code size} units of its message in
 * packet-number order. V12 (lower-bound sanity) belongs to the bounds module.
 *
 * <p>This class is read as the model: one labelled block per rule, plain lists and maps over the
 * records, what a node holds read from the packets that reach it. The sentences are {@link
 * StoreAndForwardRules}', the port rules {@link PortRules}'. {@link LinearCostFastPath} reports the
 * same (held to this class by {@code LinearCostFastPathProperties}) on schedules of a million
 * records, and {@link ScheduleChecker} picks it from {@link LinearCostFastPath#FROM} records on.
 */
final class LinearCostChecker {
  private LinearCostChecker() {}

  /** Units {@code [lo, hi)} of origin {@code message}, carried by one record. */
  private record Piece(int message, long lo, long hi) {}

  /**
   * The records on one arc with one start: one packet; its end is set once all its records are in.
   */
  private static final class Packet {
    final int arc;
    final long start;
    final List<Piece> pieces = new ArrayList<>();
    long end;

    Packet(int arc, long start) {
      this.arc = arc;
      this.start = start;
    }
  }

  /** Units {@code [lo, hi)} reaching a node at time {@code at}. */
  private record Arrival(long lo, long hi, long at) {}

  /** A node and a message (an index of the origins), what it may hold. */
  private record Holding(int node, int message) {}

  /**
   * Checks the schedule, adds what is wrong to {@code out}, returns the makespan in ticks of {@code
   * scale}.
   */
  static long check(Instance inst, Schedule.Transmissions schedule, TimeScale scale, Findings out) {
    Network net = inst.network();
    CommModel.StoreAndForward model = (CommModel.StoreAndForward) inst.model();
    List<Origin> origins = inst.origins();
    List<Schedule.Transmission> records = schedule.transmissions();

    // packet numbers: without `first`, one packet number is one run of units (one size), and a
    // message's numbered
    // runs cover its units in number order (by origin index, for the messages that have such
    // records)
    Map<Integer, TreeMap<Integer, Long>> sizes = new HashMap<>();
    for (Schedule.Transmission x : records) {
      int i = inst.originIndexOf(x.message());
      if (i >= 0 && x.first() == null && x.size() >= 1) {
        Long known =
            sizes.computeIfAbsent(i, k -> new TreeMap<>()).putIfAbsent(x.packet(), x.size());
        if (known != null && known != x.size()) {
          StoreAndForwardRules.runSizeMismatch(out, x, known);
        }
      }
    }
    Map<Integer, Map<Integer, Long>> firstUnit = new HashMap<>();
    for (Map.Entry<Integer, TreeMap<Integer, Long>> message : sizes.entrySet()) {
      Map<Integer, Long> at = new HashMap<>();
      long next = 0;
      for (Map.Entry<Integer, Long> run : message.getValue().entrySet()) {
        at.put(run.getKey(), next);
        next = Math.addExact(next, run.getValue());
      }
      firstUnit.put(message.getKey(), at);
    }

    // each record on its own, in file order; those that pass join the packet of their arc and start
    Map<List<Long>, Packet> packets =
        new LinkedHashMap<>(); // by (arc, start, channel), in the order first met
    for (int r = 0; r < records.size(); r++) {
      Schedule.Transmission x = records.get(r);
      int i = inst.originIndexOf(x.message());
      if (i < 0) {
        StoreAndForwardRules.unknownMessage(out, inst, r, x);
        continue;
      }
      // V2: a packet carries at least one unit
      if (x.size() < 1) {
        StoreAndForwardRules.unitsEmpty(out, r, x);
        continue;
      }
      // V1: a packet goes along an arc of the network
      int arc = Places.arcOf(net, x.from(), x.to());
      if (arc < 0) {
        StoreAndForwardRules.unitsNotAnArc(out, r, x);
        continue;
      }
      // units: a record's units lie in 0 .. length - 1 of its message
      long lo = x.first() != null ? x.first() : firstUnit.get(i).get(x.packet());
      long length = origins.get(i).length();
      if (lo < 0 || lo > length - x.size()) {
        StoreAndForwardRules.unitRange(out, r, x, lo, length);
        continue;
      }
      // V11: time from 0
      long start = schedule.scale().rescale(x.start(), scale);
      if (start < 0) {
        StoreAndForwardRules.unitsNegative(out, r, x, start, scale);
      }
      // channels: an arc of k channels numbers them 0 .. k - 1; records on one arc, channel and
      // start are one packet
      if (x.channelIndex() >= net.channels(arc)) {
        StoreAndForwardRules.noSuchChannel(out, r, x, net.channels(arc));
        continue;
      }
      packets
          .computeIfAbsent(
              List.of((long) arc, start, (long) x.channelIndex()), k -> new Packet(arc, start))
          .pieces
          .add(new Piece(i, lo, lo + x.size()));
    }

    // V3: a packet lasts beta + u tau, u its units (over all its records); V11: the makespan is the
    // latest end
    long makespan = 0;
    org.commsched.core.model.ArcCosts costs =
        org.commsched.core.model.ArcCosts.of(model, net, scale);
    for (Packet p : packets.values()) {
      long units =
          p.pieces.stream().mapToLong(piece -> piece.hi() - piece.lo()).reduce(0, Math::addExact);
      p.end =
          Math.addExact(
              p.start, costs.ticks(p.arc, units)); // the arc's own beta and tau, if it has them
      makespan = Math.max(makespan, p.end);
    }

    // V5-V9: the port and duplex rules of every packet
    List<Transfer> transfers = new ArrayList<>();
    for (Packet p : packets.values()) {
      List<String> ids =
          p.pieces.stream()
              .map(piece -> origins.get(piece.message()).message())
              .distinct()
              .toList();
      transfers.add(
          new Transfer(
              p.arc, p.start, p.end, ids)); // its messages, each once, in the order first carried
    }
    PortRules.check(net, model, transfers, scale, out);

    // what reaches each node: every piece at the end of its packet
    Map<Holding, List<Arrival>> arrivals = new HashMap<>();
    for (Packet p : packets.values()) {
      for (Piece piece : p.pieces) {
        arrivals
            .computeIfAbsent(new Holding(net.head(p.arc), piece.message()), k -> new ArrayList<>())
            .add(new Arrival(piece.lo(), piece.hi(), p.end));
      }
    }

    // V4: a node sends only units it originated or received in a packet that ended by the start
    for (Packet p : packets.values()) {
      int sender = net.tail(p.arc);
      for (Piece piece : p.pieces) {
        Origin o = origins.get(piece.message());
        UnitArrivals.Late late =
            o.node() == sender
                ? null
                : late(
                    arrivals.get(new Holding(sender, piece.message())),
                    piece.lo(),
                    piece.hi(),
                    p.start);
        if (late != null) {
          StoreAndForwardRules.senderLacksUnit(
              out,
              net,
              sender,
              o,
              p.arc,
              p.start,
              late.count(),
              late.first(),
              late.firstArrives(),
              scale);
        }
      }
    }

    // V10: at the end the target (send) or every node (broadcast, gossip) holds every unit it
    // needs; by message,
    // then node. Once the report is full the rest are only counted: a pair that nothing reaches
    // lacks every unit, so
    // they are the pairs still needed less those that hold everything (a gossip of p nodes needs p
    // (p - 1))
    for (int i = 0; i < origins.size(); i++) {
      Origin o = origins.get(i);
      for (int v = 0; v < net.nodes(); v++) {
        if (out.full()) {
          out.countMore(incompleteFrom(inst, arrivals, i, v));
          return makespan;
        }
        UnitArrivals.Late missing =
            needs(inst, v, o)
                ? late(arrivals.get(new Holding(v, i)), 0, o.length(), Long.MAX_VALUE)
                : null;
        if (missing != null) {
          StoreAndForwardRules.incomplete(out, v, o, missing.count(), missing.first());
        }
      }
    }
    return makespan;
  }

  /**
   * V10: whether node v must end up with the units of o (the target of a send; every other node
   * otherwise).
   */
  private static boolean needs(Instance inst, int v, Origin o) {
    return v != o.node() && (!(inst.problem() instanceof Problem.Send s) || v == s.target());
  }

  /**
   * The (message, node) pairs from (i, v) on, in V10's order, that lack a unit at the end: those
   * needed (every message has a unit, {@link StoreAndForwardRules#neededFrom}, counted without a
   * pass over the messages), less those that hold every unit (only the holdings that arrived are
   * visited).
   */
  private static long incompleteFrom(
      Instance inst, Map<Holding, List<Arrival>> arrivals, int i, int v) {
    List<Origin> origins = inst.origins();
    int n = inst.network().nodes();
    long needed =
        StoreAndForwardRules.neededFrom(
            origins, n, inst.problem() instanceof Problem.Send s ? s.target() : -1, i, v);
    for (Map.Entry<Holding, List<Arrival>> e : arrivals.entrySet()) {
      Holding h = e.getKey();
      Origin o = origins.get(h.message());
      boolean after = h.message() > i || h.message() == i && h.node() >= v;
      if (after
          && needs(inst, h.node(), o)
          && late(e.getValue(), 0, o.length(), Long.MAX_VALUE) == null) {
        needed--;
      }
    }
    return needed;
  }

  /**
   * The units of {@code [lo, hi)} that no arrival brings by time {@code t}: how many, the first,
   * and the earliest arrival of that first one ({@link Long#MAX_VALUE}: never); null if every unit
   * is there by {@code t}.
   */
  private static UnitArrivals.Late late(List<Arrival> got, long lo, long hi, long t) {
    List<Arrival> all = got == null ? List.of() : got;
    List<Arrival> byT =
        all.stream()
            .filter(a -> a.at() <= t)
            .sorted(Comparator.comparingLong(Arrival::lo))
            .toList();
    long count = 0;
    long first = -1;
    long u = lo; // the units below u are accounted for
    for (Arrival a : byT) {
      long gapEnd = Math.min(a.lo(), hi);
      if (u < gapEnd) {
        count += gapEnd - u;
        first = first < 0 ? u : first;
      }
      u = Math.max(u, a.hi());
    }
    if (u < hi) {
      count += hi - u;
      first = first < 0 ? u : first;
    }
    if (count == 0) {
      return null;
    }
    long firstArrives = Long.MAX_VALUE;
    for (Arrival a : all) {
      if (a.lo() <= first && first < a.hi()) {
        firstArrives = Math.min(firstArrives, a.at());
      }
    }
    return new UnitArrivals.Late(count, first, firstArrives);
  }
}
