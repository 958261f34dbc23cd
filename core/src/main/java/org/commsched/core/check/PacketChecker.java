package org.commsched.core.check;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
 */
final class PacketChecker {
  private PacketChecker() {
  }

  /** One record of a packet on one hop of its route. */
  private record Hop(int record, int hop, long start, long end) {
  }

  static long check(Instance inst, Schedule.Transmissions schedule, TimeScale scale, Findings out) {
    Network net = inst.network();
    Atlas atlas = inst.atlas();
    List<Message> msgs = inst.messages();
    CommModel.StoreAndForward model = (CommModel.StoreAndForward) inst.model();
    List<Schedule.Transmission> records = schedule.transmissions();

    List<Transfer> transfers = new ArrayList<>();
    Map<Integer, int[]> routes = new LinkedHashMap<>();
    Map<String, List<Hop>> packets = new LinkedHashMap<>(); // "message index:packet" -> its hops
    long makespan = 0;
    for (int r = 0; r < records.size(); r++) {
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
      long start = schedule.scale().rescale(x.start(), scale);
      long end = Math.addExact(start, model.packetTicks(x.size(), scale));
      if (start < 0) {
        out.add(Kind.NEGATIVE_TIME, List.of(x.message()), arcName, start, "packet " + x.packet() + " of "
            + x.message() + " starts at " + scale.format(start) + " on " + arcName + "; time starts at 0");
      }
      transfers.add(new Transfer(arc, start, end, List.of(x.message())));
      makespan = Math.max(makespan, end);
      Message m = msgs.get(i);
      if (m.length() == 0) {
        out.add(Kind.NULL_MESSAGE_SENT, List.of(m.id()), arcName, start, "message " + m.id() + " has length 0"
            + " but packet " + x.packet() + " of it crosses " + arcName + "; a null message sends no packet");
        continue;
      }
      int[] route = routes.computeIfAbsent(i, atlas::arcs);
      int hop = indexOf(route, arc);
      if (hop < 0) {
        out.add(Kind.OFF_ROUTE, List.of(m.id()), arcName, start, "packet " + x.packet() + " of " + m.id()
            + " crosses " + arcName + ", which is not on the route " + routeText(net, route));
        continue;
      }
      packets.computeIfAbsent(i + ":" + x.packet(), k -> new ArrayList<>()).add(new Hop(r, hop, start, end));
    }

    PortRules.check(net, model, transfers, scale, out);

    long[] carried = new long[msgs.size()];
    for (List<Hop> hops : packets.values()) {
      Schedule.Transmission first = records.get(hops.get(0).record());
      int i = inst.indexOf(first.message());
      int[] route = routes.get(i);
      String what = "packet " + first.packet() + " of " + first.message();
      Hop[] byHop = new Hop[route.length];
      for (Hop h : hops) {
        Schedule.Transmission x = records.get(h.record());
        if (x.size() != first.size()) {
          out.add(Kind.SIZE_MISMATCH, List.of(x.message()), net.arcName(route[h.hop()]), h.start(), what
              + " has size " + first.size() + " on " + net.arcName(route[hops.get(0).hop()]) + " but " + x.size()
              + " on " + net.arcName(route[h.hop()]) + "; packets are never split or merged on the way");
        }
        if (byHop[h.hop()] != null) {
          out.add(Kind.DUPLICATE_HOP, List.of(x.message()), net.arcName(route[h.hop()]), h.start(), what
              + " crosses " + net.arcName(route[h.hop()]) + " twice (from " + scale.format(byHop[h.hop()].start())
              + " and from " + scale.format(h.start()) + "); each hop of the route is crossed once");
        } else {
          byHop[h.hop()] = h;
        }
      }
      for (int k = 0; k < route.length; k++) {
        if (byHop[k] == null) {
          out.add(Kind.MISSING_HOP, List.of(first.message()), net.arcName(route[k]), null, what
              + " never crosses " + net.arcName(route[k]) + ", hop " + k + " of its route " + routeText(net, route));
        } else if (k > 0 && byHop[k - 1] != null && byHop[k].start() < byHop[k - 1].end()) {
          out.add(Kind.STORE_AND_FORWARD, List.of(first.message()), net.arcName(route[k]), byHop[k].start(), what
              + " starts on " + net.arcName(route[k]) + " at " + scale.format(byHop[k].start())
              + " but has been fully received over " + net.arcName(route[k - 1]) + " only at "
              + scale.format(byHop[k - 1].end()));
        }
      }
      carried[i] += first.size();
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

  private static int indexOf(int[] route, int arc) {
    for (int k = 0; k < route.length; k++) {
      if (route[k] == arc) {
        return k;
      }
    }
    return -1;
  }

  private static String routeText(Network net, int[] route) {
    StringBuilder sb = new StringBuilder().append(net.tail(route[0]));
    for (int a : route) {
      sb.append("->").append(net.head(a));
    }
    return sb.toString();
  }
}
