package org.commsched.core.check;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ForkJoinTask;
import java.util.function.IntToLongFunction;
import java.util.stream.IntStream;
import org.commsched.core.model.Atlas;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.model.Schedule;
import org.commsched.core.model.TimeTable;
import org.commsched.core.model.Topology;

/**
 * The fast path of {@link BufferlessChecker}, the definition of the bufferless model: the same
 * violations (kinds, places, messages, times, sentences, order), the same makespan and the same
 * overflow, on schedules of a million messages. {@link ScheduleChecker} takes it from {@link #FROM}
 * hop tasks and control flits on; below that the definition runs. {@code
 * BufferlessFastPathProperties} holds the two equal on seeded random instances and mutated valid
 * schedules, forcing both on the same input.
 *
 * @implNote Every pair of overlapping tasks of an arc or port is found by the sweep of {@link
 *     Overlaps}. On a scatter or gather, {@link Screen}s first take every task once in an order in
 *     which a valid schedule's tasks come by start on every arc and port ({@code StreamOrder}), and
 *     clear the arcs and ports whose tasks never overlap; only the others are swept, so a valid
 *     schedule of a million messages is not sorted at all. Only the ports that see two arcs or more
 *     are swept (two flits of one arc at a port are an arc conflict). The departures are read once,
 *     the routes kept in one array ({@link Routes}), and large schedules read their routes, look up
 *     their control arcs and run their three screens (arcs, send ports, receive ports) in parallel.
 *     The protocol rules are checked by {@link CausalityFastPath}, the fast path of {@link
 *     Causality}.
 */
final class BufferlessFastPath {
  /**
   * Messages plus control flits from which {@link ScheduleChecker} takes this path: the catalogue's
   * and the tests' instances (up to thousands of messages) are checked by the definition, the
   * benchmarks' 10^6 messages here.
   */
  static final int FROM = 1 << 16;

  /** Hop tasks from which the arc and port screens run in parallel. */
  private static final int PARALLEL = 1 << 16;

  private BufferlessFastPath() {}

  /**
   * True if a check of this schedule takes the fast path: {@link #FROM} hop tasks (one per hop of
   * every message's route, the definition's unit of work) and control flits or more.
   */
  static boolean pays(Instance inst, Schedule.Departures schedule) {
    long tasks = schedule.control().size();
    for (int i = 0; i < inst.messages().size() && tasks < FROM; i++) {
      tasks += inst.atlas().hops(i);
    }
    return tasks >= FROM;
  }

  /**
   * On a ula (one arc out of and one into each node, so a port conflict is an arc conflict) a
   * message departing at t from node f holds arc f + k during [t + k, t + k + l): on every arc its
   * block sits at t - f shifted by the arc's index, so two messages meet iff their arc ranges meet
   * and their blocks [t - f, t - f + l) do. True iff no two sent messages meet, read by {@link
   * UlaSweep} in O(m log m) instead of one task per hop (10^8 on a 10^6-message array). Negative
   * departures (already reported) take the general path.
   */
  private static boolean ulaDisjoint(List<Message> msgs, long[] dep, boolean[] sent) {
    long[] block = new long[msgs.size()];
    for (int i = 0; i < block.length; i++) {
      if (sent[i]) {
        if (dep[i] < 0) {
          return false;
        }
        block[i] = dep[i] - msgs.get(i).from();
      }
    }
    return UlaSweep.disjoint(msgs, block, sent);
  }

  /** Checks the schedule, adds what is wrong to {@code out}, returns the makespan in steps. */
  static long check(Instance inst, Schedule.Departures schedule, Findings out) {
    return check(inst, schedule, out, false);
  }

  /**
   * {@link #check(Instance, Schedule.Departures, Findings)}; {@code everyPort} sweeps every node
   * port, also those that see one arc only (the same report; for the property suites).
   */
  static long check(Instance inst, Schedule.Departures schedule, Findings out, boolean everyPort) {
    Network net = inst.network();
    Atlas atlas = inst.atlas();
    List<Message> msgs = inst.messages();
    List<Schedule.ControlTransfer> control = schedule.control();
    boolean single =
        ((CommModel.Bufferless) inst.model()).ports() == CommModel.BufferlessPorts.SINGLE;
    int n = msgs.size();

    // the departures, read once into message order; the ids that name no message in the schedule's
    // order
    long[] dep = new long[n]; // read where sent
    boolean[] given = new boolean[n];
    if (schedule.departures() instanceof TimeTable table) {
      // compact form: no entry objects; an id that is the instance's own string at its place needs
      // no look-up
      for (int k = 0; k < table.size(); k++) {
        String id = table.key(k);
        int i = k < n && msgs.get(k).id() == id ? k : inst.indexOf(id);
        if (i < 0) {
          BufferlessRules.unknownMessage(out, inst, id, table.value(k));
        } else {
          dep[i] = table.value(k);
          given[i] = true;
        }
      }
    } else {
      for (Map.Entry<String, Long> e : schedule.departures().entrySet()) {
        int i = inst.indexOf(e.getKey());
        if (i < 0) {
          BufferlessRules.unknownMessage(out, inst, e.getKey(), e.getValue());
        } else if (e.getValue() != null) {
          dep[i] = e.getValue();
          given[i] = true;
        }
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
        BufferlessRules.missingDeparture(out, m);
        continue;
      }
      long t = dep[i];
      if (t < 0) {
        BufferlessRules.negativeDeparture(out, m, t);
      }
      sent[i] = true;
      length[i] = m.length();
      makespan = Math.max(makespan, Math.addExact(t, m.length() + atlas.hops(i) - 1));
      occupied += atlas.hops(i);
    }
    if (control.isEmpty()
        && net.topology() instanceof Topology.Ula
        && ulaDisjoint(msgs, dep, sent)) {
      return makespan; // no two hop tasks meet: every rule below would pass
    }
    Routes routes = new Routes(atlas, sent, occupied);

    int[] controlArc = new int[control.size()];
    long[] controlStep = new long[control.size()];
    IntStream each = IntStream.range(0, control.size());
    (control.size() >= PARALLEL ? each.parallel() : each)
        .forEach(
            c -> {
              controlArc[c] = Places.arcOf(net, control.get(c).from(), control.get(c).to());
              controlStep[c] = control.get(c).step();
            });
    for (int c = 0; c < control.size(); c++) {
      Schedule.ControlTransfer x = control.get(c);
      if (controlArc[c] < 0) {
        BufferlessRules.controlNotAnArc(out, x);
      }
      if (x.step() < 0) {
        BufferlessRules.controlNegative(out, x);
      }
    }

    // a message's hop intervals lie between its departure and the end of its last hop, so they fit
    // in a long once
    // that end does: this throws where adding the hops one by one with Math.addExact would, and
    // they need no check
    for (int i = 0; i < n; i++) {
      if (sent[i] && routes.hops(i) > 0) {
        Math.addExact(Math.addExact(dep[i], routes.hops(i) - 1L), length[i]);
      }
    }
    Hops hops = new Hops(routes, dep, length, sent, controlArc, controlStep);

    // occupancy: arcs always (V4'), node ports under single port (V4, V5). Two flits of one arc at
    // one port are an
    // arc conflict, not a port one, so only the ports that see two arcs or more are swept (send
    // port v, receive
    // port n + v). Screens first clear the arcs and ports whose tasks, taken in order of start,
    // never overlap; the
    // others get every hop task, in message order, and are swept pair by pair
    int nodes = net.nodes();
    PortArcs via = single ? new PortArcs(net, routes, controlArc, everyPort) : null;
    StreamOrder order = StreamOrder.of(inst, routes, dep, sent, hops);
    Screen arcScreen = order == null ? null : new Screen(net.arcs());
    Screen sendScreen = order == null || !single ? null : new Screen(nodes);
    Screen receiveScreen = order == null || !single ? null : new Screen(nodes);
    if (order != null) {
      List<Runnable> screens = new ArrayList<>();
      screens.add(() -> order.screen(hops, arcScreen, null, order::arcOffset));
      if (single) {
        screens.add(() -> order.screen(hops, sendScreen, via.sendNode, order::sendOffset));
        screens.add(() -> order.screen(hops, receiveScreen, via.receiveNode, order::receiveOffset));
      }
      if (occupied >= PARALLEL) {
        ForkJoinTask.invokeAll(screens.stream().map(ForkJoinTask::adapt).toList());
      } else {
        screens.forEach(Runnable::run);
      }
    }
    boolean arcsLeft = arcScreen == null || arcScreen.open() > 0;
    boolean portsLeft =
        single && (sendScreen == null || sendScreen.open() + receiveScreen.open() > 0);
    Overlaps arcs = new Overlaps(net.arcs(), arcScreen == null ? occupied + control.size() : 16);
    Overlaps ports = single ? new Overlaps(2 * nodes, sendScreen == null ? via.shared : 16) : null;
    if (arcsLeft || portsLeft) {
      Hops.Sink task =
          (owner, a, from, to) -> {
            if (arcsLeft && (arcScreen == null || !arcScreen.cleared(a))) {
              arcs.add(a, from, to, owner, a);
            }
            if (portsLeft) {
              int send = via.sendNode[a];
              int receive = via.receiveNode[a];
              if (send >= 0 && (sendScreen == null || !sendScreen.cleared(send))) {
                ports.add(send, from, to, owner, a);
              }
              if (receive >= 0 && (receiveScreen == null || !receiveScreen.cleared(receive))) {
                ports.add(nodes + receive, from, to, owner, a);
              }
            }
          };
      hops.messages(null, task);
      hops.controls(task);
    }
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
    if (single) {
      ports.sweep(
          (g, a, b) -> {
            if (ports.arc(a) == ports.arc(b)) {
              return true; // the same arc: already an ARC_CONFLICT
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

    if (!control.isEmpty()) {
      CausalityFastPath.check(inst, dep, sent, routes, control, controlArc, out);
    }
    return makespan;
  }

  /**
   * The order in which the screens take the hop tasks, chosen so that each arc's and port's tasks
   * come in order of start. Scatter and gather routes follow the route tree, so a hop on arc u->v
   * starts at its message's key plus an offset given by u's depth: on a scatter, whose routes leave
   * the root, the key is the departure and the offset the hop's index on its route, depth(u); on a
   * gather, whose routes end at the root, the key is the start of the last hop (departure + hops -
   * 1) and the offset 1 - depth(u). The data arcs at a node port have tails of one depth, so a
   * port's hops too start at key plus one offset. The messages go by key, and a control flit's task
   * on an arc or port goes before the first message whose key exceeds its start minus that group's
   * offset. Routes given explicitly may break this; the screens then clear fewer groups, and the
   * sweep checks the rest. The other problems are not screened: on a chatting, the hops on one arc
   * start in no order that one key per message gives.
   */
  private static final class StreamOrder {
    private final boolean gather;
    private final Atlas atlas;
    private final Network net;

    /** The hop tasks of the sent messages by key, as messages 0, 1, ...; their keys. */
    private final Hops keyed;

    private final long[] keys;

    private StreamOrder(Instance inst, Routes routes, long[] dep, boolean[] sent, Hops hops) {
      this.gather = inst.kind() == ProblemKind.GATHER;
      this.atlas = inst.atlas();
      this.net = inst.network();
      int count = 0;
      for (boolean s : sent) {
        count += s ? 1 : 0;
      }
      int[] index = new int[count];
      long[] key = new long[count];
      for (int i = 0, k = 0; i < sent.length; i++) {
        if (sent[i]) {
          index[k] = i;
          key[k++] =
              gather ? dep[i] + routes.hops(i) - 1 : dep[i]; // fits: the end of the last hop does
        }
      }
      int[] perm = byKey(key, count);
      int[] messages = new int[count];
      keys = new long[count];
      for (int k = 0; k < count; k++) {
        messages[k] = index[perm[k]];
        keys[k] = key[perm[k]];
      }
      keyed = hops.reordered(messages);
    }

    /** The order of a scatter or gather, null for the other problems. */
    static StreamOrder of(Instance inst, Routes routes, long[] dep, boolean[] sent, Hops hops) {
      ProblemKind kind = inst.kind();
      return kind == ProblemKind.SCATTER || kind == ProblemKind.GATHER
          ? new StreamOrder(inst, routes, dep, sent, hops)
          : null;
    }

    /** The offset of the hops on arcs whose tail is node u. */
    private long offset(int u) {
      int depth = atlas.routeTreeDepth(u);
      return gather ? 1L - depth : depth;
    }

    long arcOffset(int a) {
      return offset(net.tail(a));
    }

    /** The offset at v's send port: its data leave v. */
    long sendOffset(int v) {
      return offset(v);
    }

    /**
     * The offset at v's receive port: its data come from v's parent (scatter) or children (gather).
     */
    long receiveOffset(int v) {
      int depth = atlas.routeTreeDepth(v);
      return gather ? -depth : depth - 1L;
    }

    /**
     * Streams the hop tasks into a screen whose group for arc a is {@code groupOf[a]} ({@code a}
     * itself if {@code groupOf} is null; none if negative), control flits by their key among the
     * messages.
     */
    void screen(Hops hops, Screen screen, int[] groupOf, IntToLongFunction offset) {
      Feed feed = new Feed(screen, groupOf, hops.controlArc.length);
      hops.controls(feed::side);
      feed.sortSides(offset);
      keyed.messages(null, feed);
      feed.sidesLeft();
    }

    /** Feeds one screen: tasks of messages as they come, control flits in key order before them. */
    private final class Feed implements Hops.Sink {
      private final Screen screen;
      private final int[] groupOf;
      private int[] sideGroup;
      private long[] sideFrom;
      private long[] sideTo;
      private long[] sideKey;
      private int[] sideOrder;
      private int sides;
      private int next;
      private int last = -1;

      Feed(Screen screen, int[] groupOf, int controls) {
        this.screen = screen;
        this.groupOf = groupOf;
        sideGroup = new int[controls]; // a control flit is on at most one group of a screen
        sideFrom = new long[controls];
        sideTo = new long[controls];
      }

      void side(int owner, int a, long from, long to) {
        int g = groupOf == null ? a : groupOf[a];
        if (g < 0) {
          return;
        }
        sideGroup[sides] = g;
        sideFrom[sides] = from;
        sideTo[sides] = to;
        sides++;
      }

      void sortSides(IntToLongFunction offset) {
        sideKey = new long[sides];
        for (int k = 0; k < sides; k++) {
          sideKey[k] =
              sideFrom[k]
                  - offset.applyAsLong(sideGroup[k]); // may wrap: then only the order suffers
        }
        sideOrder = byKey(sideKey, sides);
      }

      @Override
      public void task(int owner, int a, long from, long to) {
        if (owner != last) {
          last = owner;
          sidesBefore(keys[owner]);
        }
        int g = groupOf == null ? a : groupOf[a];
        if (g >= 0) {
          screen.stream(g, from, to);
        }
      }

      /** Streams the control flits whose key is below the given one. */
      void sidesBefore(long key) {
        while (next < sides && sideKey[sideOrder[next]] < key) {
          int k = sideOrder[next++];
          screen.stream(sideGroup[k], sideFrom[k], sideTo[k]);
        }
      }

      /** Streams the control flits not streamed yet. */
      void sidesLeft() {
        while (next < sides) {
          int k = sideOrder[next++];
          screen.stream(sideGroup[k], sideFrom[k], sideTo[k]);
        }
      }
    }
  }

  /**
   * The positions 0..count-1 stably sorted by {@code key} (signed): a least-significant-digit radix
   * sort on {@code key - min} as an unsigned number, 16 bits a pass.
   */
  private static int[] byKey(long[] key, int count) {
    long min = Long.MAX_VALUE;
    long max = Long.MIN_VALUE;
    for (int k = 0; k < count; k++) {
      min = Math.min(min, key[k]);
      max = Math.max(max, key[k]);
    }
    int[] perm = new int[count];
    long[] digits = new long[count];
    for (int k = 0; k < count; k++) {
      perm[k] = k;
      digits[k] = key[k] - min;
    }
    long spread = max - min; // unsigned
    int[] perm2 = new int[count];
    long[] digits2 = new long[count];
    int[] first = new int[(1 << 16) + 1];
    for (int shift = 0; count > 1 && shift < 64 && (spread >>> shift) != 0; shift += 16) {
      Arrays.fill(first, 0);
      for (int k = 0; k < count; k++) {
        first[(int) ((digits[k] >>> shift) & 0xFFFF) + 1]++;
      }
      for (int d = 0; d < 1 << 16; d++) {
        first[d + 1] += first[d];
      }
      for (int k = 0; k < count; k++) {
        int p = first[(int) ((digits[k] >>> shift) & 0xFFFF)]++;
        perm2[p] = perm[k];
        digits2[p] = digits[k];
      }
      int[] o = perm;
      perm = perm2;
      perm2 = o;
      long[] t = digits;
      digits = digits2;
      digits2 = t;
    }
    return perm;
  }

  /**
   * The hop tasks of a check, from the definitions: message i with departure t and length l holds
   * the k-th arc of its route during the steps {@code [t + k, t + k + l)}; control flit c holds its
   * arc for {@code [step, step + 1)}. A task's owner is the message index, or {@code -1 - c} for
   * control flit c.
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

    Hops(
        Routes routes,
        long[] dep,
        long[] length,
        boolean[] sent,
        int[] controlArc,
        long[] controlStep) {
      this.routes = routes;
      this.dep = dep;
      this.length = length;
      this.sent = sent;
      this.controlArc = controlArc;
      this.controlStep = controlStep;
    }

    /**
     * The hop tasks of the messages {@code order[0], order[1], ...} (all sent) as messages 0, 1,
     * ..., laid out in that order so that a pass over them in that order reads memory in order; the
     * same control flits.
     */
    Hops reordered(int[] order) {
      long[] t = new long[order.length];
      long[] l = new long[order.length];
      boolean[] all = new boolean[order.length];
      for (int x = 0; x < order.length; x++) {
        t[x] = dep[order[x]];
        l[x] = length[order[x]];
        all[x] = sent[order[x]];
      }
      return new Hops(routes.reordered(order), t, l, all, controlArc, controlStep);
    }

    /**
     * The tasks of the sent messages, message by message in the given order (null: message order).
     */
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
   * Which arcs each node port's flits use: the send port of v (group v) sees the arcs leaving v on
   * the routes and control transfers, the receive port (group n + v) those entering v. A port that
   * sees one arc only has no pair to report (two flits of one arc are an arc conflict), so its
   * flits are left out of the port sweep.
   */
  private static final class PortArcs {
    private static final int NONE = -1;
    private static final int SEVERAL = -2;

    /** Per arc: its tail if that node's send port is swept, else -1. */
    final int[] sendNode;

    /** Per arc: its head if that node's receive port is swept, else -1. */
    final int[] receiveNode;

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
      sendNode = new int[net.arcs()];
      receiveNode = new int[net.arcs()];
      for (int a = 0; a < net.arcs(); a++) {
        sendNode[a] = arc[net.tail(a)] == SEVERAL ? net.tail(a) : -1;
        receiveNode[a] = arc[n + net.head(a)] == SEVERAL ? net.head(a) : -1;
      }
    }

    private static void note(int[] arc, int port, int a) {
      arc[port] = arc[port] == NONE || arc[port] == a ? a : SEVERAL;
    }
  }
}
