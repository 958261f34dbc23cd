package org.commsched.core.check;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import org.commsched.core.model.Atlas;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.model.Schedule;

/**
 * Bufferless real schedules (departures, optionally with the control flits of a protocol run): chatting and
 * bufferless scatter and gather, all ports and single port.
 *
 * <p>Occupancy, from the definitions (chatting spec §1.4 (2.4); DESIGN "Time"): message M with departure t,
 * length l and route arcs e_0..e_{d-1} sends flit h over e_k during step t + h + k, so it holds arc e_k during
 * the steps {@code [t + k, t + k + l)}; its tail node sends and its head node receives during that range. A
 * control transfer holds its arc for the one step {@code [step, step + 1)}. The protocol rules of a trace with
 * control flits (causality V6 and the meaning of the control values) are {@link Causality}'s.
 */
final class BufferlessChecker {
  /** Hop tasks from which the arc and port screens run in parallel. */
  private static final int PARALLEL = 1 << 16;

  private BufferlessChecker() {
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
    long T0 = System.nanoTime();
    Network net = inst.network();
    Atlas atlas = inst.atlas();
    List<Message> msgs = inst.messages();
    List<Schedule.ControlTransfer> control = schedule.control();
    boolean single = ((CommModel.Bufferless) inst.model()).ports() == CommModel.BufferlessPorts.SINGLE;
    int n = msgs.size();

    // the departures, read once into message order; the ids that name no message in the schedule's order
    long[] dep = new long[n]; // read where sent
    boolean[] given = new boolean[n];
    for (Map.Entry<String, Long> e : schedule.departures().entrySet()) {
      int i = inst.indexOf(e.getKey());
      if (i < 0) {
        out.add(Kind.UNKNOWN_MESSAGE, List.of(e.getKey()), "", e.getValue(), "the schedule gives a departure for "
            + e.getKey() + ", which is not a message of instance " + inst.name());
      } else if (e.getValue() != null) {
        dep[i] = e.getValue();
        given[i] = true;
      }
    }

    // departures of the non-null messages; the makespan counts data flits only
    long[] length = new long[n];
    boolean[] sent = new boolean[n];
    long makespan = 0;
    long occupied = 0;
    for (int i = 0; i < n; i++) {
      Message m = msgs.get(i);
      if (m.length() == 0) {
        continue;
      }
      if (!given[i]) {
        out.add(Kind.MISSING_DEPARTURE, List.of(m.id()), "", null, "message " + m.id() + " (" + m.from() + " to "
            + m.to() + ", " + m.length() + " flits) has no departure");
        continue;
      }
      long t = dep[i];
      if (t < 0) {
        out.add(Kind.NEGATIVE_TIME, List.of(m.id()), "", t, "message " + m.id() + " departs in step " + t
            + "; steps start at 0");
      }
      sent[i] = true;
      length[i] = m.length();
      makespan = Math.max(makespan, Math.addExact(t, m.length() + atlas.hops(i) - 1));
      occupied += atlas.hops(i);
    }
    if (System.getProperty("dbg") != null) { System.out.print("deps " + (System.nanoTime() - T0) / 1000000 + " "); }
    Routes routes = new Routes(atlas, sent, occupied);

    int[] controlArc = new int[control.size()];
    long[] controlStep = new long[control.size()];
    for (int c = 0; c < control.size(); c++) {
      Schedule.ControlTransfer x = control.get(c);
      controlArc[c] = Places.arcOf(net, x.from(), x.to());
      controlStep[c] = x.step();
      if (controlArc[c] < 0) {
        out.add(Kind.NOT_AN_ARC, List.of(), Places.arc(x.from(), x.to()), x.step(), "control flit " + x.kind()
            + " goes from " + x.from() + " to " + x.to() + ", which are not joined by an arc");
      }
      if (x.step() < 0) {
        out.add(Kind.NEGATIVE_TIME, List.of(), Places.arc(x.from(), x.to()), x.step(), "control flit "
            + x.kind() + " crosses in step " + x.step() + "; steps start at 0");
      }
    }

    // a message's hop intervals lie between its departure and the end of its last hop, so they fit in a long once
    // that end does: this throws where adding the hops one by one with Math.addExact would, and they need no check
    for (int i = 0; i < n; i++) {
      if (sent[i] && routes.hops(i) > 0) {
        Math.addExact(Math.addExact(dep[i], routes.hops(i) - 1L), length[i]);
      }
    }
    if (System.getProperty("dbg") != null) { System.out.print("routes+ctl+precheck " + (System.nanoTime() - T0) / 1000000 + " "); }
    Hops hops = new Hops(routes, dep, length, sent, controlArc, controlStep);

    // occupancy: arcs always (V4'), node ports under single port (V4, V5). Two flits of one arc at one port are an
    // arc conflict, not a port one, so only the ports that see two arcs or more are swept (send port v, receive
    // port n + v). Screens first clear the arcs and ports whose hops, taken in order of start, never overlap; the
    // others get every hop task, in message order, and are swept pair by pair
    PortArcs via = single ? new PortArcs(net, routes, controlArc, everyPort) : null;
    if (System.getProperty("dbg") != null) { System.out.print("portarcs " + (System.nanoTime() - T0) / 1000000 + " "); }
    int[] order = screenOrder(inst.kind(), routes, dep, sent);
    if (System.getProperty("dbg") != null) { System.out.print("order " + (System.nanoTime() - T0) / 1000000 + " "); }
    Screen arcScreen = order == null ? null : new Screen(net.arcs());
    Screen portScreen = order == null || !single ? null : new Screen(2 * net.nodes());
    if (order != null) {
      Runnable arcTask = () -> {
        long q0 = System.nanoTime();
        hops.controls((c, a, from, to) -> arcScreen.side(a, from, to));
        long q1 = System.nanoTime();
        arcScreen.stream(0, 0, 0);
        long q2 = System.nanoTime();
        hops.messages(order, (i, a, from, to) -> arcScreen.stream(a, from, to));
        long q3 = System.nanoTime();
        arcScreen.finish();
        long q4 = System.nanoTime();
        if (System.getProperty("dbg") != null) { System.out.print("[arcs side " + (q1 - q0) / 1000000 + " start " + (q2 - q1) / 1000000 + " stream " + (q3 - q2) / 1000000 + " finish " + (q4 - q3) / 1000000 + "] "); }
      };
      if (single) {
        Runnable portTask = () -> {
          hops.controls((c, a, from, to) -> {
            if (via.send(a) >= 0) {
              portScreen.side(via.send(a), from, to);
            }
            if (via.receive(a) >= 0) {
              portScreen.side(via.receive(a), from, to);
            }
          });
          hops.messages(order, (i, a, from, to) -> {
            if (via.send(a) >= 0) {
              portScreen.stream(via.send(a), from, to);
            }
            if (via.receive(a) >= 0) {
              portScreen.stream(via.receive(a), from, to);
            }
          });
          portScreen.finish();
        };
        ForkJoinTask<?> ports = occupied >= PARALLEL && System.getProperty("seq") == null ? ForkJoinPool.commonPool().submit(portTask) : null;
        arcTask.run();
        if (ports == null) {
          portTask.run();
        } else {
          ports.join();
        }
      } else {
        arcTask.run();
      }
    }
    if (System.getProperty("dbg") != null) { System.out.print("screens " + (System.nanoTime() - T0) / 1000000 + " "); }
    if (System.getProperty("dbg") != null && arcScreen != null) {
      System.out.println("open arcs " + arcScreen.open() + " ports " + (portScreen == null ? -1 : portScreen.open())
          + " sides " + control.size());
    }
    boolean arcsLeft = arcScreen == null || arcScreen.open() > 0;
    boolean portsLeft = single && (portScreen == null || portScreen.open() > 0);
    Overlaps arcs = new Overlaps(net.arcs(), arcScreen == null ? occupied + control.size() : 16);
    Overlaps ports = single ? new Overlaps(2 * net.nodes(), portScreen == null ? via.shared : 16) : null;
    if (arcsLeft || portsLeft) {
      Hops.Sink task = (owner, a, from, to) -> {
        if (arcsLeft && (arcScreen == null || !arcScreen.cleared(a))) {
          arcs.add(a, from, to, owner, a);
        }
        if (portsLeft) {
          int send = via.send(a);
          int receive = via.receive(a);
          if (send >= 0 && (portScreen == null || !portScreen.cleared(send))) {
            ports.add(send, from, to, owner, a);
          }
          if (receive >= 0 && (portScreen == null || !portScreen.cleared(receive))) {
            ports.add(receive, from, to, owner, a);
          }
        }
      };
      hops.messages(null, task);
      hops.controls(task);
    }
    if (System.getProperty("dbg") != null) { System.out.print("pass2 " + (System.nanoTime() - T0) / 1000000 + " "); }
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

    if (System.getProperty("dbg") != null) { System.out.print("sweeps " + (System.nanoTime() - T0) / 1000000 + " "); }
    if (!control.isEmpty()) {
      Causality.check(inst, dep, sent, routes, control, controlArc, out);
    }
    if (System.getProperty("dbg") != null) { System.out.print("causality " + (System.nanoTime() - T0) / 1000000 + " "); }
    return makespan;
  }

  /**
   * The order in which the screens take the sent messages, chosen so that the hops on each arc come in order of
   * start: on a scatter every route leaves the root, so the hops on one arc share their index k on the route and
   * start in order of departure; on a gather every route ends at the root, so they share the number of hops after
   * them and start in order of departure plus route length. (Routes given explicitly may break this; the screens
   * then clear fewer arcs, and the sweep checks the rest.) Null, no screen, for the other problems, whose hops on an
   * arc start in no order that one key gives.
   */
  static int[] screenOrder(ProblemKind kind, Routes routes, long[] dep, boolean[] sent) {
    if (kind != ProblemKind.SCATTER && kind != ProblemKind.GATHER) {
      return null;
    }
    boolean gather = kind == ProblemKind.GATHER;
    int count = 0;
    for (boolean s : sent) {
      count += s ? 1 : 0;
    }
    int[] order = new int[count];
    long[] key = new long[count];
    long min = Long.MAX_VALUE;
    long max = Long.MIN_VALUE;
    for (int i = 0, k = 0; i < sent.length; i++) {
      if (sent[i]) {
        order[k] = i;
        key[k] = gather ? dep[i] + routes.hops(i) - 1 : dep[i]; // fits: the last hop's end does
        min = Math.min(min, key[k]);
        max = Math.max(max, key[k]);
        k++;
      }
    }
    // stable least-significant-digit radix sort on key - min (unsigned), 16 bits a pass
    long spread = max - min;
    int[] order2 = new int[count];
    long[] key2 = new long[count];
    int[] first = new int[(1 << 16) + 1];
    for (int k = 0; k < count; k++) {
      key[k] -= min;
    }
    for (int shift = 0; count > 1 && shift < 64 && (spread >>> shift) != 0; shift += 16) {
      Arrays.fill(first, 0);
      for (int k = 0; k < count; k++) {
        first[(int) ((key[k] >>> shift) & 0xFFFF) + 1]++;
      }
      for (int d = 0; d < 1 << 16; d++) {
        first[d + 1] += first[d];
      }
      for (int k = 0; k < count; k++) {
        int p = first[(int) ((key[k] >>> shift) & 0xFFFF)]++;
        order2[p] = order[k];
        key2[p] = key[k];
      }
      int[] o = order;
      order = order2;
      order2 = o;
      long[] t = key;
      key = key2;
      key2 = t;
    }
    return order;
  }

  /**
   * The hop tasks of a check, from the definitions: message i with departure t and length l holds the k-th arc of
   * its route during the steps {@code [t + k, t + k + l)}; control flit c holds its arc for {@code [step, step + 1)}.
   * A task's owner is the message index, or {@code -1 - c} for control flit c.
   */
  private static final class Hops {
    interface Sink {
      void task(int owner, int arc, long from, long to);
    }

    private final Routes routes;
    private final long[] dep;
    private final long[] length;
    private final boolean[] sent;
    private final int[] controlArc;
    private final long[] controlStep;

    Hops(Routes routes, long[] dep, long[] length, boolean[] sent, int[] controlArc, long[] controlStep) {
      this.routes = routes;
      this.dep = dep;
      this.length = length;
      this.sent = sent;
      this.controlArc = controlArc;
      this.controlStep = controlStep;
    }

    /** The tasks of the sent messages, message by message in the given order (null: message order). */
    void messages(int[] order, Sink sink) {
      int count = order == null ? sent.length : order.length;
      for (int x = 0; x < count; x++) {
        int i = order == null ? x : order[x];
        if (!sent[i]) {
          continue;
        }
        long t = dep[i];
        long l = length[i];
        for (int h = routes.first[i], end = routes.first[i + 1], k = 0; h < end; h++, k++) {
          sink.task(i, routes.arcs[h], t + k, t + k + l); // no overflow: checked before
        }
      }
    }

    /** The tasks of the control flits on an arc, in trace order. */
    void controls(Sink sink) {
      for (int c = 0; c < controlArc.length; c++) {
        int a = controlArc[c];
        if (a >= 0) {
          long s = controlStep[c];
          sink.task(-1 - c, a, s, s + 1);
        }
      }
    }
  }

  /**
   * Which arcs each node port's flits use: the send port of v (group v) sees the arcs leaving v on the routes and
   * control transfers, the receive port (group n + v) those entering v. A port that sees one arc only has no pair
   * to report (two flits of one arc are an arc conflict), so its flits are left out of the port sweep.
   */
  private static final class PortArcs {
    private static final int NONE = -1;
    private static final int SEVERAL = -2;
    /** Per arc a: [2a] its tail's send port, [2a + 1] its head's receive port, each -1 if not swept. */
    private final int[] ends;
    /** The number of flit intervals at ports that see several arcs. */
    private long shared;

    PortArcs(Network net, Routes routes, int[] controlArc, boolean everyPort) {
      int n = net.nodes();
      long[] uses = new long[net.arcs()];
      for (int a : routes.arcs) {
        uses[a]++;
      }
      for (int a : controlArc) {
        if (a >= 0) {
          uses[a]++;
        }
      }
      int[] arc = new int[2 * n]; // per port: NONE, its one arc, or SEVERAL
      long[] portUses = new long[2 * n];
      Arrays.fill(arc, NONE);
      for (int a = 0; a < uses.length; a++) {
        if (uses[a] > 0) {
          note(arc, net.tail(a), a);
          note(arc, n + net.head(a), a);
          portUses[net.tail(a)] += uses[a];
          portUses[n + net.head(a)] += uses[a];
        }
      }
      for (int p = 0; p < 2 * n; p++) {
        arc[p] = everyPort ? SEVERAL : arc[p];
        shared += arc[p] == SEVERAL ? portUses[p] : 0;
      }
      ends = new int[2 * net.arcs()];
      for (int a = 0; a < net.arcs(); a++) {
        ends[2 * a] = arc[net.tail(a)] == SEVERAL ? net.tail(a) : -1;
        ends[2 * a + 1] = arc[n + net.head(a)] == SEVERAL ? n + net.head(a) : -1;
      }
    }

    private static void note(int[] arc, int port, int a) {
      arc[port] = arc[port] == NONE || arc[port] == a ? a : SEVERAL;
    }

    /** The send port of arc a's tail if it sees several arcs, else -1. */
    int send(int a) {
      return ends[2 * a];
    }

    /** The receive port of arc a's head if it sees several arcs, else -1. */
    int receive(int a) {
      return ends[2 * a + 1];
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
