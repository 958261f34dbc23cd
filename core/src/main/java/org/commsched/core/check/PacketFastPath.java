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
 * The fast path of {@link PacketChecker}: the same rules (docs/models/packet.md#validity-rules),
 * the same violations in the same order and the same makespan, on schedules of millions of records.
 * {@link ScheduleChecker} takes it from {@link #FROM} records on; below that the definition runs.
 * {@code PacketFastPathProperties} holds the two equal on seeded valid and mutated schedules,
 * calling both on the same input.
 *
 * @implNote Records are addressed by their index in the schedule and packets by (message index,
 *     packet number), in plain arrays, instead of the definition's maps of lists: the records of
 *     each message are gathered by a counting sort on the message index (file order kept), then
 *     sorted by packet number as primitive keys (packet number in the high half of a long, the
 *     record's offset among its message's records in the low half, so one {@code Arrays.sort}
 *     orders by packet and keeps file order within a packet), and each record is placed on its
 *     route through an arc-to-position array filled per message; the check takes time about linear
 *     in the records and the routes of the messages that have any. The sentences are {@link
 *     StoreAndForwardRules}'.
 */
final class PacketFastPath {
  /** Records from which {@link ScheduleChecker} takes this path instead of the definition. */
  static final int FROM = 1 << 14;

  private PacketFastPath() {}

  static long check(Instance inst, Schedule.Transmissions schedule, TimeScale scale, Findings out) {
    Network net = inst.network();
    Atlas atlas = inst.atlas();
    List<Message> msgs = inst.messages();
    CommModel.StoreAndForward model = (CommModel.StoreAndForward) inst.model();
    List<Schedule.Transmission> records = schedule.transmissions();
    int n = records.size();

    // Every record on its own: its message (by index), size, arc and interval. A record that passes
    // these rules
    // belongs to packet (message, packet number) and is kept for the packet rules (message[r] >=
    // 0).
    List<Transfer> transfers = new ArrayList<>(n);
    int[] message = new int[n];
    int[] arcOf = new int[n];
    long[] start = new long[n];
    long[] end = new long[n];
    long makespan = 0;
    long toScale =
        schedule.scale().rescale(1, scale); // ticks of the check's scale per tick of the schedule's
    for (int r = 0; r < n; r++) {
      message[r] = -1;
      Schedule.Transmission x = records.get(r);
      int i = inst.indexOf(x.message());
      if (i < 0) {
        StoreAndForwardRules.unknownMessage(out, inst, r, x);
        continue;
      }
      if (x.size() < 1) {
        StoreAndForwardRules.packetEmpty(out, x);
        continue;
      }
      int arc = Places.arcOf(net, x.from(), x.to());
      if (arc < 0) {
        StoreAndForwardRules.packetNotAnArc(out, x);
        continue;
      }
      start[r] = Math.multiplyExact(x.start(), toScale);
      end[r] = Math.addExact(start[r], model.packetTicks(x.size(), scale));
      if (start[r] < 0) {
        StoreAndForwardRules.packetNegative(out, x, start[r], scale);
      }
      transfers.add(new Transfer(arc, start[r], end[r], List.of(msgs.get(i).id())));
      makespan = Math.max(makespan, end[r]);
      Message m = msgs.get(i);
      if (m.length() == 0) {
        StoreAndForwardRules.nullMessageSent(out, m, x, start[r]);
        continue;
      }
      message[r] = i;
      arcOf[r] = arc;
    }

    PortRules.check(net, model, transfers, scale, out);

    // The records of each message together (a counting sort by message index, file order kept
    // within a message).
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

    // Per message: each record's hop on the route (posOnRoute: arc -> its position, set for this
    // message only),
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
      long[] keys =
          new long[to - from]; // packet number (high half) and offset in the message's records (low
      // half)
      int kept = 0;
      for (int q = from; q < to; q++) {
        int r = byMessage[q];
        hopOf[r] = posOnRoute[arcOf[r]];
        if (hopOf[r] < 0) {
          StoreAndForwardRules.offRoute(out, net, m, records.get(r), arcOf[r], start[r], route);
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
        checkPacket(
            records, keys, a, b, from, byMessage, hopOf, start, end, route, byHop, net, scale, out);
        carried[i] += records.get(byMessage[from + (int) keys[a]]).size();
        a = b;
      }
    }
    for (int i = 0; i < msgs.size(); i++) {
      Message m = msgs.get(i);
      if (m.length() > 0 && carried[i] != m.length()) {
        StoreAndForwardRules.lengthMismatch(out, m, carried[i]);
      }
    }
    return makespan;
  }

  /**
   * The rules of one packet, whose records are {@code byMessage[from + (int) keys[k]]} for k in [a,
   * b), in file order: one size throughout, every hop of the route crossed once, each hop after the
   * previous one has ended.
   */
  private static void checkPacket(
      List<Schedule.Transmission> records,
      long[] keys,
      int a,
      int b,
      int from,
      int[] byMessage,
      int[] hopOf,
      long[] start,
      long[] end,
      int[] route,
      int[] byHop,
      Network net,
      TimeScale scale,
      Findings out) {
    Arrays.fill(byHop, -1);
    int r0 = byMessage[from + (int) keys[a]];
    Schedule.Transmission first = records.get(r0);
    for (int k = a; k < b; k++) {
      int r = byMessage[from + (int) keys[k]];
      Schedule.Transmission x = records.get(r);
      int hop = hopOf[r];
      if (x.size() != first.size()) {
        StoreAndForwardRules.packetSizeMismatch(
            out, net, first, route[hopOf[r0]], x, route[hop], start[r]);
      }
      if (byHop[hop] >= 0) {
        StoreAndForwardRules.duplicateHop(
            out, net, x, route[hop], start[byHop[hop]], start[r], scale);
      } else {
        byHop[hop] = r;
      }
    }
    for (int k = 0; k < route.length; k++) {
      if (byHop[k] < 0) {
        StoreAndForwardRules.missingHop(out, net, first, route, k);
      } else if (k > 0 && byHop[k - 1] >= 0 && start[byHop[k]] < end[byHop[k - 1]]) {
        StoreAndForwardRules.storeAndForward(
            out, net, first, route, k, start[byHop[k]], end[byHop[k - 1]], scale);
      }
    }
  }
}
