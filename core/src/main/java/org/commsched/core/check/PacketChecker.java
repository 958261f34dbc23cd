package org.commsched.core.check;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.commsched.core.model.Atlas;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.Schedule;
import org.commsched.core.time.TimeScale;

/**
 * Store-and-forward scatter and gather with packetization and set-up time (Tsai's model;
 * docs/models/packet.md#validity-rules V1-V6, #gathering-and-time-reversal for gather). A packet is identified by
 * (message, packet number); it is never merged or split, so every record of it has the same size, and it crosses
 * exactly the arcs of its message's route, each once, in order, starting each hop only after the previous one has ended
 * (store and forward). Makespan: the latest end of any transfer.
 *
 * <p>Records are addressed by their index in the schedule and packets by (message index, packet number), in plain
 * arrays: the records of each message are gathered by a counting sort, then sorted by packet number, so the check
 * takes time about linear in the records and the routes of the messages that have any.
 */
final class PacketChecker {
  private PacketChecker() {
  }

  static long check(Instance inst, Schedule.Transmissions schedule, TimeScale scale, Findings out) {
    Network net = inst.network();
    Atlas atlas = inst.atlas();
    List<Message> msgs = inst.messages();
    CommModel.StoreAndForward model = (CommModel.StoreAndForward) inst.model();
    List<Schedule.Transmission> records = schedule.transmissions();
    int n = records.size();

    // Every record on its own: its message (by index), size, arc and interval. A record that passes these rules
    // belongs to packet (message, packet number) and is kept for the packet rules (message[r] >= 0).
    List<Transfer> transfers = new ArrayList<>(n);
    int[] message = new int[n];
    int[] arcOf = new int[n];
    long[] start = new long[n];
    long[] end = new long[n];
    long makespan = 0;
    long toScale = schedule.scale().rescale(1, scale); // ticks of the check's scale per tick of the schedule's
    for (int r = 0; r < n; r++) {
      message[r] = -1;
      Schedule.Transmission x = records.get(r);
      int i = inst.indexOf(x.message());
      String arcName = Places.arc(x.from(), x.to());
      if (i < 0) {
        out.add(Kind.UNKNOWN_MESSAGE, List.of(x.message()), arcName, null, "transmission " + r + " carries "
            + x.message() + ", which is not a message of instance " + inst.name());
        continue;
      }
      if (x.size() < 1) {
        out.add(Kind.BAD_SIZE, List.of(x.message()), arcName, null, "packet " + x.packet() + " of "
            + x.message() + " has size " + x.size() + "; a packet carries at least 1 flit");
        continue;
      }
      int arc = Places.arcOf(net, x.from(), x.to());
      if (arc < 0) {
        out.add(Kind.NOT_AN_ARC, List.of(x.message()), arcName, null, "packet " + x.packet() + " of "
            + x.message() + " goes from " + x.from() + " to " + x.to() + ", which are not joined by an arc");
        continue;
      }
      start[r] = Math.multiplyExact(x.start(), toScale);
      end[r] = Math.addExact(start[r], model.packetTicks(x.size(), scale));
      if (start[r] < 0) {
        out.add(Kind.NEGATIVE_TIME, List.of(x.message()), arcName, start[r], "packet " + x.packet() + " of "
            + x.message() + " starts at " + scale.format(start[r]) + " on " + arcName + "; time starts at 0");
      }
      transfers.add(new Transfer(arc, start[r], end[r], List.of(msgs.get(i).id())));
      makespan = Math.max(makespan, end[r]);
      Message m = msgs.get(i);
      if (m.length() == 0) {
        out.add(Kind.NULL_MESSAGE_SENT, List.of(m.id()), arcName, start[r], "message " + m.id() + " has length 0"
            + " but packet " + x.packet() + " of it crosses " + arcName + "; a null message sends no packet");
        continue;
      }
      message[r] = i;
      arcOf[r] = arc;
    }

    PortRules.check(net, model, transfers, scale, out);

    // The records of each message together (a counting sort by message index, file order kept within a message).
    int[] first = new int[msgs.size() + 1];
    for (int r = 0; r < n; r++) {
      if (message[r] >= 0) {
        first[message[r] + 1]++;
      }
    }
    for (int i = 0; i < msgs.size(); i++) {
      first[i + 1] += first[i];
    }
    int[] byMessage = new int[first[msgs.size()]];
    int[] fill = Arrays.copyOf(first, msgs.size());
    for (int r = 0; r < n; r++) {
      if (message[r] >= 0) {
        byMessage[fill[message[r]]++] = r;
      }
    }

    // Per message: each record's hop on the route (posOnRoute: arc -> its position, set for this message only),
    // then its records by (packet number, file order), and each packet's records placed by hop.
    int[] posOnRoute = new int[net.arcs()];
    Arrays.fill(posOnRoute, -1);
    int[] hopOf = new int[n];
    long[] carried = new long[msgs.size()];
    for (int i = 0; i < msgs.size(); i++) {
      int from = first[i];
      int to = first[i + 1];
      if (from == to) {
        continue;
      }
      Message m = msgs.get(i);
      int[] route = atlas.arcs(i);
      for (int k = 0; k < route.length; k++) {
        posOnRoute[route[k]] = k;
      }
      long[] keys = new long[to - from]; // packet number (high half) and offset in the message's records (low half)
      int kept = 0;
      for (int q = from; q < to; q++) {
        int r = byMessage[q];
        hopOf[r] = posOnRoute[arcOf[r]];
        if (hopOf[r] < 0) {
          Schedule.Transmission x = records.get(r);
          out.add(Kind.OFF_ROUTE, List.of(m.id()), net.arcName(arcOf[r]), start[r], "packet " + x.packet()
              + " of " + m.id() + " crosses " + net.arcName(arcOf[r]) + ", which is not on the route "
              + routeText(net, route));
          continue;
        }
        keys[kept++] = ((long) records.get(r).packet() << 32) | (q - from);
      }
      for (int a : route) {
        posOnRoute[a] = -1;
      }
      Arrays.sort(keys, 0, kept);
      int[] byHop = new int[route.length];
      for (int a = 0; a < kept; ) {
        int b = a;
        while (b < kept && keys[b] >>> 32 == keys[a] >>> 32) {
          b++;
        }
        checkPacket(records, keys, a, b, from, byMessage, hopOf, start, end, route, byHop, net, scale, out);
        carried[i] += records.get(byMessage[from + (int) keys[a]]).size();
        a = b;
      }
    }
    for (int i = 0; i < msgs.size(); i++) {
      Message m = msgs.get(i);
      if (m.length() > 0 && carried[i] != m.length()) {
        out.add(Kind.LENGTH_MISMATCH, List.of(m.id()), "", null, "the packets of " + m.id() + " carry "
            + carried[i] + " flits in all but the message has " + m.length());
      }
    }
    return makespan;
  }

  /**
   * The rules of one packet, whose records are {@code byMessage[from + (int) keys[k]]} for k in [a, b), in file
   * order: one size throughout, every hop of the route crossed once, each hop after the previous one has ended.
   */
  private static void checkPacket(List<Schedule.Transmission> records, long[] keys, int a, int b, int from,
      int[] byMessage, int[] hopOf, long[] start, long[] end, int[] route, int[] byHop, Network net,
      TimeScale scale, Findings out) {
    Arrays.fill(byHop, -1);
    int r0 = byMessage[from + (int) keys[a]];
    Schedule.Transmission first = records.get(r0);
    String what = "packet " + first.packet() + " of " + first.message();
    for (int k = a; k < b; k++) {
      int r = byMessage[from + (int) keys[k]];
      Schedule.Transmission x = records.get(r);
      int hop = hopOf[r];
      if (x.size() != first.size()) {
        out.add(Kind.SIZE_MISMATCH, List.of(x.message()), net.arcName(route[hop]), start[r], what
            + " has size " + first.size() + " on " + net.arcName(route[hopOf[r0]]) + " but " + x.size()
            + " on " + net.arcName(route[hop]) + "; packets are never split or merged on the way");
      }
      if (byHop[hop] >= 0) {
        out.add(Kind.DUPLICATE_HOP, List.of(x.message()), net.arcName(route[hop]), start[r], what
            + " crosses " + net.arcName(route[hop]) + " twice (from " + scale.format(start[byHop[hop]])
            + " and from " + scale.format(start[r]) + "); each hop of the route is crossed once");
      } else {
        byHop[hop] = r;
      }
    }
    for (int k = 0; k < route.length; k++) {
      if (byHop[k] < 0) {
        out.add(Kind.MISSING_HOP, List.of(first.message()), net.arcName(route[k]), null, what
            + " never crosses " + net.arcName(route[k]) + ", hop " + k + " of its route " + routeText(net, route));
      } else if (k > 0 && byHop[k - 1] >= 0 && start[byHop[k]] < end[byHop[k - 1]]) {
        out.add(Kind.STORE_AND_FORWARD, List.of(first.message()), net.arcName(route[k]), start[byHop[k]], what
            + " starts on " + net.arcName(route[k]) + " at " + scale.format(start[byHop[k]])
            + " but has been fully received over " + net.arcName(route[k - 1]) + " only at "
            + scale.format(end[byHop[k - 1]]));
      }
    }
  }

  private static String routeText(Network net, int[] route) {
    StringBuilder sb = new StringBuilder().append(net.tail(route[0]));
    for (int a : route) {
      sb.append("->").append(net.head(a));
    }
    return sb.toString();
  }
}
