package org.commsched.core.check;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.commsched.core.model.Atlas;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.Schedule;

/**
 * {@link BufferlessChecker} as it was before it screened groups and read the departures once: every hop is added to
 * {@link Overlaps} in message order, then the control flits, and routes are one array per message. Kept for
 * reference: {@code BufferlessFastPathProperties} holds the fast checker to it, report for report. The rules are
 * {@link BufferlessChecker}'s.
 */
final class PlainBufferlessChecker {
  private PlainBufferlessChecker() {
  }

  /** Checks the schedule, adds what is wrong to {@code out}, returns the makespan in steps. */
  static long check(Instance inst, Schedule.Departures schedule, Findings out) {
    return check(inst, schedule, out, false);
  }

  /**
   * {@link #check(Instance, Schedule.Departures, Findings)}; {@code everyPort} sweeps every node port, also those
   * that see one arc only (the same report; for the property suites).
   */
  static long check(Instance inst, Schedule.Departures schedule, Findings out, boolean everyPort) {
    Network net = inst.network();
    Atlas atlas = inst.atlas();
    List<Message> msgs = inst.messages();
    Map<String, Long> departures = schedule.departures();
    List<Schedule.ControlTransfer> control = schedule.control();
    boolean single = ((CommModel.Bufferless) inst.model()).ports() == CommModel.BufferlessPorts.SINGLE;

    for (Map.Entry<String, Long> e : departures.entrySet()) {
      if (inst.indexOf(e.getKey()) < 0) {
        out.add(Kind.UNKNOWN_MESSAGE, List.of(e.getKey()), "", e.getValue(), "the schedule gives a departure for "
            + e.getKey() + ", which is not a message of instance " + inst.name());
      }
    }

    // departures of the non-null messages; the makespan counts data flits only
    int n = msgs.size();
    long[] dep = new long[n];
    boolean[] sent = new boolean[n];
    long makespan = 0;
    long occupied = 0;
    int[][] routes = new int[n][]; // the arcs of each sent message's route
    for (int i = 0; i < n; i++) {
      Message m = msgs.get(i);
      if (m.length() == 0) {
        continue;
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
      makespan = Math.max(makespan, Math.addExact(t, m.length() + atlas.hops(i) - 1));
      occupied += atlas.hops(i);
      routes[i] = atlas.arcs(i);
    }

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

    // occupancy: arcs always (V4'), node ports under single port (V4, V5); one pass over the routes. Two flits of
    // one arc at one port are an arc conflict, not a port one, so only the ports that see two arcs or more are
    // swept (send port v, receive port n + v)
    PortArcs via = single ? new PortArcs(net, routes, controlArc, everyPort) : null;
    Overlaps arcs = new Overlaps(net.arcs(), occupied + control.size());
    Overlaps ports = single ? new Overlaps(2 * net.nodes(), via.shared) : null;
    for (int i = 0; i < n; i++) {
      if (!sent[i]) {
        continue;
      }
      long l = msgs.get(i).length();
      int[] route = routes[i];
      for (int k = 0; k < route.length; k++) {
        long from = Math.addExact(dep[i], k);
        long to = Math.addExact(from, l);
        arcs.add(route[k], from, to, i, route[k]);
        if (single) {
          via.add(ports, route[k], from, to, i);
        }
      }
    }
    for (int c = 0; c < control.size(); c++) {
      int a = controlArc[c];
      if (a >= 0) {
        long s = control.get(c).step();
        arcs.add(a, s, s + 1, -1 - c, a);
        if (single) {
          via.add(ports, a, s, s + 1, -1 - c);
        }
      }
    }
    Describe d = new Describe(msgs, control);
    arcs.sweep((g, a, b) -> {
      long from = arcs.start(b);
      long to = Math.min(arcs.end(a), arcs.end(b));
      return out.add(Kind.ARC_CONFLICT, d.ids(arcs.owner(a), arcs.owner(b)), net.arcName(g), from,
          d.who(arcs.owner(a)) + " and " + d.who(arcs.owner(b)) + " both cross " + net.arcName(g) + " in "
          + Places.steps(from, to) + "; an arc carries one flit per step");
    });
    if (single) {
      ports.sweep((g, a, b) -> {
        if (ports.arc(a) == ports.arc(b)) {
          return true; // the same arc: already an ARC_CONFLICT
        }
        boolean send = g < net.nodes();
        int v = send ? g : g - net.nodes();
        long from = ports.start(b);
        long to = Math.min(ports.end(a), ports.end(b));
        return out.add(send ? Kind.SEND_PORT : Kind.RECEIVE_PORT, d.ids(ports.owner(a), ports.owner(b)),
            Places.node(v), from, "node " + v + (send ? " sends " : " receives ") + d.who(ports.owner(a))
            + " (" + net.arcName(ports.arc(a)) + ") and " + d.who(ports.owner(b)) + " ("
            + net.arcName(ports.arc(b)) + ") in " + Places.steps(from, to) + "; a single port "
            + (send ? "sends" : "receives") + " one flit per step");
      });
    }

    if (!control.isEmpty()) {
      PlainCausality.check(inst, dep, sent, routes, control, controlArc, out);
    }
    return makespan;
  }

  /**
   * Which arcs each node port's flits use: the send port of v (group v) sees the arcs leaving v on the routes and
   * control transfers, the receive port (group n + v) those entering v. A port that sees one arc only has no pair
   * to report (two flits of one arc are an arc conflict), so its flits are left out of the port sweep.
   */
  private static final class PortArcs {
    private static final int NONE = -1;
    private static final int SEVERAL = -2;
    private final Network net;
    private final int[] arc; // per port: NONE, its one arc, or SEVERAL
    /** The number of flit intervals at ports that see several arcs. */
    private long shared;

    PortArcs(Network net, int[][] routes, int[] controlArc, boolean everyPort) {
      this.net = net;
      int n = net.nodes();
      arc = new int[2 * n];
      Arrays.fill(arc, NONE);
      long[] uses = new long[2 * n];
      for (int[] route : routes) {
        if (route != null) {
          for (int a : route) {
            note(net.tail(a), a, uses);
            note(n + net.head(a), a, uses);
          }
        }
      }
      for (int a : controlArc) {
        if (a >= 0) {
          note(net.tail(a), a, uses);
          note(n + net.head(a), a, uses);
        }
      }
      for (int p = 0; p < 2 * n; p++) {
        arc[p] = everyPort ? SEVERAL : arc[p];
        shared += arc[p] == SEVERAL ? uses[p] : 0;
      }
    }

    private void note(int port, int a, long[] uses) {
      uses[port]++;
      arc[port] = arc[port] == NONE || arc[port] == a ? a : SEVERAL;
    }

    /** Adds the interval of a flit on arc a to the ports at both its ends that see several arcs. */
    void add(Overlaps ports, int a, long from, long to, int owner) {
      int send = net.tail(a);
      int receive = net.nodes() + net.head(a);
      if (arc[send] == SEVERAL) {
        ports.add(send, from, to, owner, a);
      }
      if (arc[receive] == SEVERAL) {
        ports.add(receive, from, to, owner, a);
      }
    }
  }

  /** Names the owner of an interval: a message (index >= 0) or a control transfer (-1 - index). */
  private static final class Describe {
    private final List<Message> msgs;
    private final List<Schedule.ControlTransfer> control;

    Describe(List<Message> msgs, List<Schedule.ControlTransfer> control) {
      this.msgs = msgs;
      this.control = control;
    }

    String who(int owner) {
      if (owner >= 0) {
        return "message " + msgs.get(owner).id();
      }
      Schedule.ControlTransfer x = control.get(-1 - owner);
      return "control flit " + x.kind() + " " + Places.arc(x.from(), x.to());
    }

    List<String> ids(int a, int b) {
      List<String> one = a >= 0 ? List.of(msgs.get(a).id()) : List.of();
      List<String> two = b >= 0 ? List.of(msgs.get(b).id()) : List.of();
      return Places.union(one, two);
    }
  }
}
