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
 * The definition of a valid bufferless real schedule (departures, optionally with the control flits
 * of a protocol run): chatting and bufferless scatter and gather, all ports and single port. Bhatt,
 * Bilardi, Pucci, Ranade, Rosenberg, Schwabe, "On bufferless routing of variable length messages in
 * leveled networks"; Bhatt, Pucci, Ranade, Rosenberg, "Scattering and gathering messages in
 * networks of processors".
 *
 * <p>Occupancy (docs/models/bufferless-chatting.md#validity-rules (2.4); DESIGN "Time"): message M
 * with departure t, length l and route arcs e_0..e_{d-1} sends flit h over e_k during step t + h +
 * k, so it holds arc e_k during the steps {@code [t + k, t + k + l)}; the tail of e_k sends and its
 * head receives during that range. A control flit holds its arc for the one step {@code [step, step
 * + 1)}. The makespan is {@code max (t + l + d - 1)} over the non-null messages (data flits only),
 * 0 without data. Rule ids: "Chat" is docs/models/bufferless-chatting.md#validity-rules, "SGB"
 * docs/models/bufferless-scatter-gather.md#validity-rules; the package javadoc lists every code.
 *
 * <p>This class is read as the model; it is written plainly, every hop of every message is one
 * interval. {@link BufferlessFastPath} reports the same (held to this class by {@code
 * BufferlessFastPathProperties}) on schedules of a million messages, and {@link ScheduleChecker}
 * picks it above its threshold.
 */
final class BufferlessChecker {
  private BufferlessChecker() {}

  /** Checks the schedule, adds what is wrong to {@code out}, returns the makespan in steps. */
  static long check(Instance inst, Schedule.Departures schedule, Findings out) {
    Network net = inst.network();
    Atlas atlas = inst.atlas();
    List<Message> msgs = inst.messages();
    Map<String, Long> departures = schedule.departures();
    List<Schedule.ControlTransfer> control = schedule.control();
    boolean single =
        ((CommModel.Bufferless) inst.model()).ports() == CommModel.BufferlessPorts.SINGLE;
    int n = msgs.size();

    // UNKNOWN_MESSAGE: every departure names a message of the instance (in the schedule's order)
    for (Map.Entry<String, Long> e : departures.entrySet()) {
      if (inst.indexOf(e.getKey()) < 0) {
        BufferlessRules.unknownMessage(out, inst, e.getKey(), e.getValue());
      }
    }

    // SGB V7 completeness, docs/models/bufferless-chatting.md#validity-rules (2.4): one departure
    // per non-null message;
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
        BufferlessRules.missingDeparture(out, m);
        continue;
      }
      if (t < 0) {
        BufferlessRules.negativeDeparture(out, m, t);
      }
      sent[i] = true;
      dep[i] = t;
      routes[i] = atlas.arcs(i);
      makespan = Math.max(makespan, Math.addExact(t, m.length() + atlas.hops(i) - 1));
    }

    // docs/models/bufferless-scatter-gather.md#steps-rows-and-makespan: a control flit crosses an
    // arc of the network,
    // in a step from 0 on
    int[] controlArc = new int[control.size()];
    for (int c = 0; c < control.size(); c++) {
      Schedule.ControlTransfer x = control.get(c);
      controlArc[c] = Places.arcOf(net, x.from(), x.to());
      if (controlArc[c] < 0) {
        BufferlessRules.controlNotAnArc(out, x);
      }
      if (x.step() < 0) {
        BufferlessRules.controlNegative(out, x);
      }
    }

    // the intervals: every hop of every sent message in message order, then the control flits in
    // trace order; an
    // owner is a message index or -1 - c for control flit c. Groups: arc a; send port of v is v,
    // receive port n + v
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

    // V4' arc capacity (docs/models/bufferless-chatting.md#validity-rules (2.1), data and control
    // flits): one flit per
    // arc per step, all ports and single
    BufferlessRules.Owners who = new BufferlessRules.Owners(msgs, control);
    arcs.sweep(
        (g, a, b) ->
            BufferlessRules.arcConflict(
                out,
                net,
                who,
                g,
                arcs.owner(a),
                arcs.owner(b),
                arcs.start(b),
                Math.min(arcs.end(a), arcs.end(b))));
    // V4 send port, V5 receive port (single port only): a node sends, and receives, on one arc per
    // step; two flits
    // on one arc are the arc conflict above, not a port one
    if (single) {
      ports.sweep(
          (g, a, b) -> {
            if (ports.arc(a) == ports.arc(b)) {
              return true;
            }
            boolean send = g < net.nodes();
            return BufferlessRules.portConflict(
                out,
                net,
                who,
                send,
                send ? g : g - net.nodes(),
                ports.owner(a),
                ports.arc(a),
                ports.owner(b),
                ports.arc(b),
                ports.start(b),
                Math.min(ports.end(a), ports.end(b)));
          });
    }

    // V6 causality and the meaning of the control values: protocol runs only
    if (!control.isEmpty()) {
      Causality.check(inst, dep, sent, routes, control, controlArc, out);
    }
    return makespan;
  }

  /**
   * A flit interval on arc a: the arc, its tail's send port and its head's receive port hold it.
   */
  private static void hold(
      Network net, Overlaps arcs, Overlaps ports, int a, long from, long to, int owner) {
    arcs.add(a, from, to, owner, a);
    ports.add(net.tail(a), from, to, owner, a);
    ports.add(net.nodes() + net.head(a), from, to, owner, a);
  }
}
