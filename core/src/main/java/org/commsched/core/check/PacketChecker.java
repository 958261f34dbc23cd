package org.commsched.core.check;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.Schedule;
import org.commsched.core.time.TimeScale;

/**
 * The definition of a valid store-and-forward scatter or gather with packetization and set-up time
 * (Tsai's model; docs/models/packet.md#validity-rules V1-V6, #gathering-and-time-reversal for
 * gather). A packet is identified by (message, packet number) and each of its records is one hop:
 * it is never merged or split, so every record of it has the same size, and it crosses exactly the
 * arcs of its message's route, each once, in order, starting each hop only after the previous one
 * has ended (store and forward). A record of s flits lasts {@code beta + s tau}. The makespan is
 * the latest end of any transfer.
 *
 * <p>This class is read as the model: one labelled block per rule, plain lists and maps over the
 * records. The sentences are {@link StoreAndForwardRules}', the port rules {@link PortRules}'.
 * {@link PacketFastPath} reports the same (held to this class by {@code PacketFastPathProperties})
 * on schedules of millions of records, and {@link ScheduleChecker} picks it from {@link
 * PacketFastPath#FROM} records on.
 */
final class PacketChecker {
  private PacketChecker() {}

  /**
   * A record that passed the rules of a record on its own: one hop of packet (message, x.packet()).
   */
  private record Hop(Schedule.Transmission x, int message, int arc, long start, long end) {}

  /**
   * Checks the schedule, adds what is wrong to {@code out}, returns the makespan in ticks of {@code
   * scale}.
   */
  static long check(Instance inst, Schedule.Transmissions schedule, TimeScale scale, Findings out) {
    Network net = inst.network();
    List<Message> msgs = inst.messages();
    CommModel.StoreAndForward model = (CommModel.StoreAndForward) inst.model();
    List<Schedule.Transmission> records = schedule.transmissions();
    long toScale =
        schedule.scale().rescale(1, scale); // ticks of the check's scale per tick of the schedule's

    // Each record on its own, in file order. Every transfer holds its arc (port rules below); the
    // makespan is the
    // latest end of any transfer; the hops of non-null messages go on to the packet rules.
    List<Transfer> transfers = new ArrayList<>();
    List<List<Hop>> hopsOf = new ArrayList<>(); // per message index, in file order
    for (int i = 0; i < msgs.size(); i++) {
      hopsOf.add(new ArrayList<>());
    }
    long makespan = 0;
    for (int r = 0; r < records.size(); r++) {
      Schedule.Transmission x = records.get(r);
      int i = inst.indexOf(x.message());
      // UNKNOWN_MESSAGE: a record carries a message of the instance
      if (i < 0) {
        StoreAndForwardRules.unknownMessage(out, inst, r, x);
        continue;
      }
      // V1: a packet carries at least one flit
      if (x.size() < 1) {
        StoreAndForwardRules.packetEmpty(out, x);
        continue;
      }
      // route: a record joins two nodes joined by an arc
      int arc = Places.arcOf(net, x.from(), x.to());
      if (arc < 0) {
        StoreAndForwardRules.packetNotAnArc(out, x);
        continue;
      }
      long start = Math.multiplyExact(x.start(), toScale);
      long end = Math.addExact(start, model.packetTicks(x.size(), scale));
      // V3: starts are not negative
      if (start < 0) {
        StoreAndForwardRules.packetNegative(out, x, start, scale);
      }
      Message m = msgs.get(i);
      transfers.add(new Transfer(arc, start, end, List.of(m.id())));
      makespan = Math.max(makespan, end);
      // V2: a message of length 0 sends no packet
      if (m.length() == 0) {
        StoreAndForwardRules.nullMessageSent(out, m, x, start);
        continue;
      }
      hopsOf.get(i).add(new Hop(x, i, arc, start, end));
    }

    // V5, V6, half duplex, exchange: the port rules of every transfer
    PortRules.check(net, model, transfers, scale, out);

    // Message by message: its records off the route first, then its packets by number
    long[] carried = new long[msgs.size()];
    for (int i = 0; i < msgs.size(); i++) {
      if (hopsOf.get(i).isEmpty()) {
        continue;
      }
      int[] route = inst.atlas().arcs(i);
      TreeMap<Integer, List<Hop>> packets = new TreeMap<>();
      for (Hop h : hopsOf.get(i)) {
        // route: a packet crosses only the arcs of its message's route
        if (hopOnRoute(route, h.arc()) < 0) {
          StoreAndForwardRules.offRoute(out, net, msgs.get(i), h.x(), h.arc(), h.start(), route);
        } else {
          packets.computeIfAbsent(h.x().packet(), p -> new ArrayList<>()).add(h);
        }
      }
      for (List<Hop> packet : packets.values()) {
        checkPacket(net, route, packet, scale, out);
        carried[i] += packet.get(0).x().size();
      }
    }

    // V2: a message's packets add up to its length
    for (int i = 0; i < msgs.size(); i++) {
      Message m = msgs.get(i);
      if (m.length() > 0 && carried[i] != m.length()) {
        StoreAndForwardRules.lengthMismatch(out, m, carried[i]);
      }
    }
    return makespan;
  }

  /** The rules of one packet, whose hops (all on the route) are given in file order. */
  private static void checkPacket(
      Network net, int[] route, List<Hop> packet, TimeScale scale, Findings out) {
    Hop first = packet.get(0);
    Hop[] byHop = new Hop[route.length];
    for (Hop h : packet) {
      // no split or merge: every record of a packet has the size of its first
      if (h.x().size() != first.x().size()) {
        StoreAndForwardRules.packetSizeMismatch(
            out, net, first.x(), first.arc(), h.x(), h.arc(), h.start());
      }
      // route: each arc of the route crossed once
      int k = hopOnRoute(route, h.arc());
      if (byHop[k] != null) {
        StoreAndForwardRules.duplicateHop(
            out, net, h.x(), h.arc(), byHop[k].start(), h.start(), scale);
      } else {
        byHop[k] = h;
      }
    }
    for (int k = 0; k < route.length; k++) {
      if (byHop[k] == null) {
        // route: every arc of the route crossed
        StoreAndForwardRules.missingHop(out, net, first.x(), route, k);
      } else if (k > 0 && byHop[k - 1] != null && byHop[k].start() < byHop[k - 1].end()) {
        // V4 store and forward: a hop starts no earlier than the end of the previous one
        StoreAndForwardRules.storeAndForward(
            out, net, first.x(), route, k, byHop[k].start(), byHop[k - 1].end(), scale);
      }
    }
  }

  /** The position of arc a on the route, -1 if it is not on it. */
  private static int hopOnRoute(int[] route, int a) {
    for (int k = 0; k < route.length; k++) {
      if (route[k] == a) {
        return k;
      }
    }
    return -1;
  }
}
