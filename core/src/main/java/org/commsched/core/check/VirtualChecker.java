package org.commsched.core.check;

import java.util.List;
import java.util.Map;
import org.commsched.core.model.Atlas;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.Schedule;
import org.commsched.core.model.Topology;

/**
 * Virtual schedules (slots) of chatting and DSA, all ports: message M with slot σ and length l
 * reserves every arc of its route for {@code [σ, σ + l)}
 * (docs/models/bufferless-chatting.md#validity-rules, (3.1)-(3.2)); reservations on one arc must be
 * disjoint. Makespan {@code max (σ + l)} (DESIGN "Time"; the paper's S when the earliest slot is
 * 0).
 *
 * <p>On a ula (every dsa instance) a sweep along the array first decides whether any two
 * reservations meet ({@link UlaSweep}, O(m log m), no per-arc list); only when some do does the
 * per-arc check run to name them.
 */
final class VirtualChecker {
  private VirtualChecker() {}

  static long check(Instance inst, Schedule.Slots schedule, Findings out) {
    Network net = inst.network();
    Atlas atlas = inst.atlas();
    List<Message> msgs = inst.messages();
    Map<String, Long> slots = schedule.slots();
    for (Map.Entry<String, Long> e : slots.entrySet()) {
      if (inst.indexOf(e.getKey()) < 0) {
        out.add(
            Kind.UNKNOWN_MESSAGE,
            List.of(e.getKey()),
            "",
            e.getValue(),
            "the schedule gives a slot for "
                + e.getKey()
                + ", which is not a message of instance "
                + inst.name());
      }
    }
    long makespan = 0;
    long[] slot = new long[msgs.size()];
    boolean[] placed = new boolean[msgs.size()];
    for (int i = 0; i < msgs.size(); i++) {
      Message m = msgs.get(i);
      if (m.length() == 0) {
        continue;
      }
      Long s = slots.get(m.id());
      if (s == null) {
        out.add(
            Kind.MISSING_SLOT,
            List.of(m.id()),
            "",
            null,
            "message "
                + m.id()
                + " ("
                + m.from()
                + " to "
                + m.to()
                + ", "
                + m.length()
                + " flits) has no slot");
        continue;
      }
      if (s < 0) {
        out.add(
            Kind.NEGATIVE_TIME,
            List.of(m.id()),
            "",
            s,
            "message " + m.id() + " has slot " + s + "; slots start at 0");
      }
      makespan = Math.max(makespan, Math.addExact(s, m.length()));
      slot[i] = s;
      placed[i] = true;
    }
    if (net.topology() instanceof Topology.Ula && UlaSweep.disjoint(msgs, slot, placed)) {
      return makespan; // no two reservations meet: the per-arc check below would report nothing
    }
    long occupied = 0;
    for (int i = 0; i < msgs.size(); i++) {
      occupied += atlas.hops(i);
    }
    Overlaps arcs = new Overlaps(net.arcs(), occupied);
    for (int i = 0; i < msgs.size(); i++) {
      if (placed[i]) {
        long end = slot[i] + msgs.get(i).length();
        for (int a : atlas.arcs(i)) {
          arcs.add(a, slot[i], end, i, a);
        }
      }
    }
    arcs.sweep(
        (g, a, b) -> {
          Message x = msgs.get(arcs.owner(a));
          Message y = msgs.get(arcs.owner(b));
          long from = arcs.start(b);
          long to = Math.min(arcs.end(a), arcs.end(b));
          return out.add(
              Kind.ARC_CONFLICT,
              List.of(x.id(), y.id()),
              net.arcName(g),
              from,
              "messages "
                  + x.id()
                  + " and "
                  + y.id()
                  + " both reserve "
                  + net.arcName(g)
                  + " for slot"
                  + (to - from > 1 ? "s " + from + ".." + (to - 1) : " " + from)
                  + "; a virtual schedule reserves each arc for one message at a time");
        });
    return makespan;
  }
}
