package org.commsched.core.check;

import java.util.List;
import java.util.Map;
import org.commsched.core.model.Atlas;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.Schedule;

/**
 * The definition of a valid bufferless real schedule (departures, optionally with the control flits of a protocol
 * run): chatting and bufferless scatter and gather, all ports and single port. Bhatt, Bilardi, Pucci, Ranade,
 * Rosenberg, Schwabe, "On bufferless routing of variable length messages in leveled networks"; Bhatt, Pucci,
 * Ranade, Rosenberg, "Scattering and gathering messages in networks of processors".
 *
 * <p>Occupancy (docs/models/bufferless-chatting.md#validity-rules (2.4); DESIGN "Time"): message M with departure t,
 * length l and route arcs e_0..e_{d-1} sends flit h over e_k during step t + h + k, so it holds arc e_k during the
 * steps {@code [t + k, t + k + l)}; the tail of e_k sends and its head receives during that range. A control flit holds
 * its arc for the one step {@code [step, step + 1)}. The makespan is {@code max (t + l + d - 1)} over the non-null
 * messages (data flits only), 0 without data. Rule ids: "Chat" is docs/models/bufferless-chatting.md#validity-rules,
 * "SGB" docs/models/bufferless-scatter-gather.md#validity-rules; the package javadoc lists every code.
 *
 * <p>This class is read as the model; it is written plainly, every hop of every message is one interval.
 * {@link BufferlessFastPath} reports the same (held to this class by {@code BufferlessFastPathProperties}) on
 * schedules of a million messages, and {@link ScheduleChecker} picks it above its threshold.
 */
final class BufferlessChecker {
  private BufferlessChecker() {
  }

  /** Checks the schedule, adds what is wrong to {@code out}, returns the makespan in steps. */
  static long check(Instance inst, Schedule.Departures schedule, Findings out) {
    Network net = inst.network();
    Atlas atlas = inst.atlas();
    List<Message> msgs = inst.messages();
    Map<String, Long> departures = schedule.departures();
    List<Schedule.ControlTransfer> control = schedule.control();
    boolean single = ((CommModel.Bufferless) inst.model()).ports() == CommModel.BufferlessPorts.SINGLE;
    int n = msgs.size();

    // UNKNOWN_MESSAGE: every departure names a message of the instance (in the schedule's order)
    for (Map.Entry<String, Long> e : departures.entrySet()) {
      if (inst.indexOf(e.getKey()) < 0) {
        out.add(Kind.UNKNOWN_MESSAGE, List.of(e.getKey()), "", e.getValue(), "the schedule gives a departure for "
            + e.getKey() + ", which is not a message of instance " + inst.name());
      }
    }

    // SGB V7 completeness, docs/models/bufferless-chatting.md#validity-rules (2.4): one departure per non-null message;
    // DESIGN "Time": steps start at 0
    long[] dep = new long[n];
    boolean[] sent = new boolean[n];
    int[][] routes = new int[n][];
    long makespan = 0;
    for (int i = 0; i < n; i++) {
      Message m = msgs.get(i);
      if (m.length() == 0) {
        continue; // a null message sends nothing
      }
      Long t = departures.get(m.id());
      if (t == null) {
        out.add(Kind.MISSING_DEPARTURE, List.of(m.id()), "", null, "message " + m.id() + " (" + m.from() + " to "
            + m.to() + ", " + m.length() + " flits) has no departure");
        continue;
      }
      if (t < 0) {
        out.add(Kind.NEGATIVE_TIME, List.of(m.id()), "", t, "message " + m.id() + " departs in step " + t
            + "; steps start at 0");
      }
      sent[i] = true;
      dep[i] = t;
      routes[i] = atlas.arcs(i);
      makespan = Math.max(makespan, Math.addExact(t, m.length() + atlas.hops(i) - 1));
    }

    // docs/models/bufferless-scatter-gather.md#steps-rows-and-makespan: a control flit crosses an arc of the network,
    // in a step from 0 on
    int[] controlArc = new int[control.size()];
    for (int c = 0; c < control.size(); c++) {
      Schedule.ControlTransfer x = control.get(c);
      controlArc[c] = Places.arcOf(net, x.from(), x.to());
      if (controlArc[c] < 0) {
        out.add(Kind.NOT_AN_ARC, List.of(), Places.arc(x.from(), x.to()), x.step(), "control flit " + x.kind()
            + " goes from " + x.from() + " to " + x.to() + ", which are not joined by an arc");
      }
      if (x.step() < 0) {
        out.add(Kind.NEGATIVE_TIME, List.of(), Places.arc(x.from(), x.to()), x.step(), "control flit "
            + x.kind() + " crosses in step " + x.step() + "; steps start at 0");
      }
    }

    // the intervals: every hop of every sent message in message order, then the control flits in trace order; an
    // owner is a message index or -1 - c for control flit c. Groups: arc a; send port of v is v, receive port n + v
    Overlaps arcs = new Overlaps(net.arcs(), 16);
    Overlaps ports = new Overlaps(2 * net.nodes(), 16);
    for (int i = 0; i < n; i++) {
      for (int k = 0; sent[i] && k < routes[i].length; k++) {
        long from = Math.addExact(dep[i], k);
        hold(net, arcs, ports, routes[i][k], from, Math.addExact(from, msgs.get(i).length()), i);
      }
    }
    for (int c = 0; c < control.size(); c++) {
      if (controlArc[c] >= 0) {
        long s = control.get(c).step();
        hold(net, arcs, ports, controlArc[c], s, s + 1, -1 - c);
      }
    }

    // V4' arc capacity (docs/models/bufferless-chatting.md#validity-rules (2.1), data and control flits): one flit per
    // arc per step, all ports and single
    arcs.sweep((g, a, b) -> {
      long from = arcs.start(b);
      long to = Math.min(arcs.end(a), arcs.end(b));
      return out.add(Kind.ARC_CONFLICT, ids(msgs, arcs.owner(a), arcs.owner(b)), net.arcName(g), from,
          who(msgs, control, arcs.owner(a)) + " and " + who(msgs, control, arcs.owner(b)) + " both cross "
          + net.arcName(g) + " in " + Places.steps(from, to) + "; an arc carries one flit per step");
    });
    // V4 send port, V5 receive port (single port only): a node sends, and receives, on one arc per step; two flits
    // on one arc are the arc conflict above, not a port one
    if (single) {
      ports.sweep((g, a, b) -> {
        if (ports.arc(a) == ports.arc(b)) {
          return true;
        }
        boolean send = g < net.nodes();
        int v = send ? g : g - net.nodes();
        long from = ports.start(b);
        long to = Math.min(ports.end(a), ports.end(b));
        return out.add(send ? Kind.SEND_PORT : Kind.RECEIVE_PORT, ids(msgs, ports.owner(a), ports.owner(b)),
            Places.node(v), from, "node " + v + (send ? " sends " : " receives ") + who(msgs, control,
            ports.owner(a)) + " (" + net.arcName(ports.arc(a)) + ") and " + who(msgs, control, ports.owner(b))
            + " (" + net.arcName(ports.arc(b)) + ") in " + Places.steps(from, to) + "; a single port "
            + (send ? "sends" : "receives") + " one flit per step");
      });
    }

    // V6 causality and the meaning of the control values: protocol runs only
    if (!control.isEmpty()) {
      Causality.check(inst, dep, sent, routes, control, controlArc, out);
    }
    return makespan;
  }

  /** A flit interval on arc a: the arc, its tail's send port and its head's receive port hold it. */
  private static void hold(Network net, Overlaps arcs, Overlaps ports, int a, long from, long to, int owner) {
    arcs.add(a, from, to, owner, a);
    ports.add(net.tail(a), from, to, owner, a);
    ports.add(net.nodes() + net.head(a), from, to, owner, a);
  }

  /** Names the owner of an interval: a message (index >= 0) or a control flit (-1 - index). */
  private static String who(List<Message> msgs, List<Schedule.ControlTransfer> control, int owner) {
    if (owner >= 0) {
      return "message " + msgs.get(owner).id();
    }
    Schedule.ControlTransfer x = control.get(-1 - owner);
    return "control flit " + x.kind() + " " + Places.arc(x.from(), x.to());
  }

  /** The ids of the messages among two owners (a control flit has none). */
  private static List<String> ids(List<Message> msgs, int a, int b) {
    List<String> one = a >= 0 ? List.of(msgs.get(a).id()) : List.of();
    List<String> two = b >= 0 ? List.of(msgs.get(b).id()) : List.of();
    return Places.union(one, two);
  }
}
