package org.commsched.cli.draw;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.commsched.core.check.CheckReport;
import org.commsched.core.check.Violation;
import org.commsched.core.model.Atlas;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.Schedule;
import org.commsched.core.time.TimeScale;

/**
 * The space-time picture of a schedule, independent of the output format: lanes across (the arcs
 * the schedule uses, or the nodes), time down in ticks, and one {@link Piece} per message
 * (bufferless departures or slots), per transmission (store-and-forward) or per control flit
 * (protocol traces). Each piece knows whether a violation of the checker's report involves it. The
 * drawing rules are in docs/models/README.md#space-time-diagrams.
 *
 * <p>Pieces are produced on demand ({@link #forEach}), so a format that streams (the trace export)
 * never holds them all.
 *
 * @implNote Immutable after construction; the report's violations are indexed by message once.
 */
public final class Diagram {
  /** What the lanes are. */
  public enum Lanes {
    /**
     * One lane per arc the schedule uses: forward arcs (u &lt; v) first, then backward arcs, each
     * by smaller end.
     */
    ARCS,
    /**
     * One lane per node; a flit is drawn at the node it is at in each row (the scatter/gather
     * paper's tables).
     */
    NODES
  }

  /** What a piece shows. */
  public enum Kind {
    /**
     * A message of a real bufferless schedule: its flits move one hop per step (a parallelogram).
     */
    FLITS,
    /** A message of a virtual schedule: its whole route for slot..slot+length (a rectangle). */
    SLOT,
    /** One packet crossing one arc (store-and-forward). */
    PACKET,
    /** One control flit of a protocol trace. */
    CONTROL
  }

  /**
   * One drawn element.
   *
   * @param kind what it shows
   * @param id the message id, or for a control flit its kind (wakeup, token, certificate, order)
   * @param label the short text drawn on it (for a control flit the paper's notation: (s), [*],
   *     &lt;c&gt;)
   * @param index the message's index in the instance (its colour), or -1 for a control flit
   * @param packet the packet number of a transmission, else -1
   * @param lanes the lanes it occupies, in route order
   * @param starts the tick at which it starts on each lane
   * @param duration ticks it holds each lane
   * @param slanted true if it moves one tick per lane within its lane (bufferless flits)
   * @param red true if a violation of the checker involves it
   * @param place the route of a message as a node list ("0->1->2"), or the arc of a transmission or
   *     control flit
   */
  public record Piece(
      Kind kind,
      String id,
      String label,
      int index,
      int packet,
      int[] lanes,
      long[] starts,
      long duration,
      boolean slanted,
      boolean red,
      String place) {
    /** The tick after the last it covers. */
    public long end() {
      return Arrays.stream(starts).max().orElse(0) + duration;
    }
  }

  private final Instance instance;
  private final Schedule schedule;
  private final CheckReport report;
  private final Lanes mode;
  private final TimeScale scale;

  /**
   * Arcs across: the arcs the schedule uses, ascending, and the lane of each; nodes across: both
   * null.
   */
  private final int[] usedArcs;

  private final int[] laneOfUsed;
  private final List<String> laneNames = new ArrayList<>();
  private final Map<String, List<Violation>> byMessage = new HashMap<>();
  private final java.util.Set<String> placedAt = new java.util.HashSet<>();

  /**
   * A diagram of a schedule with the checker's report on it.
   *
   * @param instance the instance
   * @param schedule any schedule kind that fits the instance
   * @param report the checker's report on it (its violations are marked)
   * @param mode arcs or nodes across
   */
  public Diagram(Instance instance, Schedule schedule, CheckReport report, Lanes mode) {
    this.instance = instance;
    this.schedule = schedule;
    this.report = report;
    this.mode = mode;
    this.scale = report.scale();
    for (Violation v : report.violations()) {
      if (v.time() != null) {
        placedAt.add(v.place() + "@" + v.time());
      }
      for (String m : v.messages()) {
        byMessage.computeIfAbsent(m, k -> new ArrayList<>()).add(v);
      }
    }
    Network net = instance.network();
    if (mode == Lanes.NODES) {
      usedArcs = null;
      laneOfUsed = null;
      for (int v = 0; v < net.nodes(); v++) {
        laneNames.add(net.labels().isEmpty() ? "P" + v : net.labels().get(v));
      }
      return;
    }
    // only the arcs in use get lanes: no array over every arc (an implicit ring has 10^8 of them)
    int[][] seen = {new int[16]};
    int[] count = {0};
    forEachRaw(
        p -> {
          for (int l : p.lanes()) {
            if (count[0] == seen[0].length) {
              seen[0] = Arrays.copyOf(seen[0], 2 * count[0]);
            }
            seen[0][count[0]++] = l;
          }
        });
    int[] ids = Arrays.copyOf(seen[0], count[0]);
    Arrays.sort(ids);
    int distinct = 0;
    for (int k = 0; k < ids.length; k++) {
      if (k == 0 || ids[k] != ids[k - 1]) {
        ids[distinct++] = ids[k];
      }
    }
    usedArcs = Arrays.copyOf(ids, distinct);
    laneOfUsed = new int[distinct];
    Integer[] order = new Integer[distinct];
    for (int k = 0; k < distinct; k++) {
      order[k] = usedArcs[k];
    }
    Arrays.sort(
        order,
        (a, b) -> {
          int u1 = net.tail(a);
          int v1 = net.head(a);
          int u2 = net.tail(b);
          int v2 = net.head(b);
          int c = Boolean.compare(u1 > v1, u2 > v2);
          if (c == 0) {
            c = Integer.compare(Math.min(u1, v1), Math.min(u2, v2));
          }
          return c != 0 ? c : Integer.compare(Math.max(u1, v1), Math.max(u2, v2));
        });
    List<Long> times = instance.problem().pointTimes();
    for (int a : order) {
      laneOfUsed[Arrays.binarySearch(usedArcs, a)] = laneNames.size();
      if (memory()) { // a buffer layout: the arc u->u+1 of the virtual array is the file's time
        // span [t_u, t_u+1)
        int u = Math.min(net.tail(a), net.head(a));
        laneNames.add(
            "["
                + (times.isEmpty() ? u : times.get(u))
                + ","
                + (times.isEmpty() ? u + 1 : times.get(u + 1))
                + ")");
      } else {
        laneNames.add(
            net.labels().isEmpty()
                ? net.arcName(a)
                : net.labels().get(net.tail(a)) + "->" + net.labels().get(net.head(a)));
      }
    }
  }

  /**
   * True for a memory layout (a dsa instance): lanes are spans of the file's times, and the
   * vertical axis is the offset in memory, not a time.
   */
  public boolean memory() {
    return instance.kind() == org.commsched.core.model.ProblemKind.DSA;
  }

  /** True if some piece is drawn slanted (bufferless flits, which cross a lane within one step). */
  public boolean slanted() {
    boolean[] any = {false};
    forEach(p -> any[0] |= p.slanted());
    return any[0];
  }

  /**
   * The lane of an arc (arcs across) or node (nodes across) id, or -1 when the schedule does not
   * use that arc.
   */
  private int laneOf(int id) {
    if (usedArcs == null) {
      return id;
    }
    int k = Arrays.binarySearch(usedArcs, id);
    return k < 0 ? -1 : laneOfUsed[k];
  }

  /** The instance drawn. */
  public Instance instance() {
    return instance;
  }

  /** The checker's report. */
  public CheckReport report() {
    return report;
  }

  /** The time scale of every tick. */
  public TimeScale scale() {
    return scale;
  }

  /** Arcs or nodes. */
  public Lanes mode() {
    return mode;
  }

  /**
   * Lane names in lane order: {@code "0->1"} or {@code "P0"}; the network's labels when it has
   * them; for a memory layout the time span {@code "[0,10)"}.
   */
  public List<String> laneNames() {
    return List.copyOf(laneNames);
  }

  /** The lane of an arc "u->v" or node "node v" named in a violation, or -1. */
  public int laneOfPlace(String place) {
    Network net = instance.network();
    try {
      if (place.contains("->")) {
        String[] uv = place.replaceAll("[^0-9>-]", "").split("->");
        int u = Integer.parseInt(uv[0]);
        int v = Integer.parseInt(uv[1]);
        if (mode == Lanes.NODES) {
          return v >= 0 && v < net.nodes() ? v : -1;
        }
        int a = u >= 0 && v >= 0 && u < net.nodes() && v < net.nodes() ? net.arc(u, v) : -1;
        return a < 0 ? -1 : laneOf(a);
      }
      if (place.startsWith("node ")) {
        int v = Integer.parseInt(place.substring(5).trim());
        return mode == Lanes.NODES && v >= 0 && v < net.nodes() ? v : -1;
      }
    } catch (RuntimeException e) {
      return -1;
    }
    return -1;
  }

  /**
   * Calls {@code sink} with every piece, in message order then control order; holds none of them.
   */
  public void forEach(Consumer<Piece> sink) {
    forEachRaw(
        p -> {
          int[] lanes = new int[p.lanes().length];
          for (int i = 0; i < lanes.length; i++) {
            lanes[i] = laneOf(p.lanes()[i]);
          }
          sink.accept(
              new Piece(
                  p.kind(),
                  p.id(),
                  p.label(),
                  p.index(),
                  p.packet(),
                  lanes,
                  p.starts(),
                  p.duration(),
                  p.slanted(),
                  p.red(),
                  p.place()));
        });
  }

  /** The pieces with lanes given as arc or node ids, and their red flags. */
  private void forEachRaw(Consumer<Piece> sink) {
    Network net = instance.network();
    List<Message> messages = instance.messages();
    if (schedule instanceof Schedule.Departures d) {
      messages(d.departures(), true, sink);
      for (Schedule.ControlTransfer c : d.control()) {
        int a =
            net.nodes() > Math.max(c.from(), c.to()) && Math.min(c.from(), c.to()) >= 0
                ? net.arc(c.from(), c.to())
                : -1;
        if (a < 0) {
          continue;
        }
        int[] lanes = {mode == Lanes.ARCS ? a : c.to()};
        long start = mode == Lanes.ARCS ? c.step() : c.step() + 1;
        String arc = c.from() + "->" + c.to();
        sink.accept(
            new Piece(
                Kind.CONTROL,
                c.kind(),
                controlLabel(c),
                -1,
                -1,
                lanes,
                new long[] {start},
                1,
                false,
                controlRed(arc, c.step()),
                arc));
      }
    } else if (schedule instanceof Schedule.Slots s) {
      messages(s.slots(), false, sink);
    } else if (schedule instanceof Schedule.Transmissions t) {
      CommModel.StoreAndForward model = instance.storeAndForward();
      org.commsched.core.model.ArcCosts costs =
          org.commsched.core.model.ArcCosts.of(model, net, scale);
      Map<String, Integer> index = new HashMap<>();
      for (int i = 0; i < messages.size(); i++) {
        index.put(messages.get(i).id(), i);
      }
      for (Schedule.Transmission x : t.transmissions()) {
        boolean inRange =
            Math.min(x.from(), x.to()) >= 0 && Math.max(x.from(), x.to()) < net.nodes();
        int a = inRange ? net.arc(x.from(), x.to()) : -1;
        if (a < 0 || x.size() < 0) {
          continue;
        }
        long start;
        long dur;
        try {
          start = t.scale().rescale(x.start(), scale);
          dur = costs.ticks(a, x.size()); // the arc's own beta and tau, if it has them
        } catch (ArithmeticException | IllegalArgumentException e) {
          continue;
        }
        int[] places = {mode == Lanes.ARCS ? a : x.from()};
        String arc = x.from() + "->" + x.to();
        sink.accept(
            new Piece(
                Kind.PACKET,
                x.message(),
                x.message() + "." + x.packet(),
                index.getOrDefault(x.message(), -1),
                x.packet(),
                places,
                new long[] {start},
                dur,
                false,
                red(x.message(), new int[] {a}, true),
                arc));
      }
    }
  }

  /**
   * One piece per message that has a time and at least one flit and one hop: real (departure d, hop
   * k from d + k, slanted) or virtual (every hop from the slot).
   */
  private void messages(Map<String, Long> times, boolean real, Consumer<Piece> sink) {
    List<Message> messages = instance.messages();
    Atlas atlas = instance.atlas();
    for (int i = 0; i < messages.size(); i++) {
      Message m = messages.get(i);
      Long time = times.get(m.id());
      if (time == null || m.length() <= 0 || atlas.hops(i) == 0) {
        continue;
      }
      int[] places = mode == Lanes.ARCS ? atlas.arcs(i) : atlas.nodes(i);
      long[] starts = new long[places.length];
      for (int k = 0; k < places.length; k++) {
        starts[k] = real ? time + k : time;
      }
      sink.accept(
          new Piece(
              real ? Kind.FLITS : Kind.SLOT,
              m.id(),
              m.id(),
              i,
              -1,
              places,
              starts,
              m.length(),
              real,
              red(m.id(), places),
              routeName(atlas.nodes(i))));
    }
  }

  /**
   * The paper's notation for a control flit: (s) for wake-up and order, [*] for a token, &lt;c&gt;
   * certificates.
   */
  static String controlLabel(Schedule.ControlTransfer c) {
    String values = String.join(",", c.values().stream().map(String::valueOf).toList());
    return switch (c.kind()) {
      case "wakeup", "order" -> "(" + values + ")";
      case "token" -> "[*]";
      case "certificate" -> "<" + values + ">";
      default -> c.kind() + (values.isEmpty() ? "" : "(" + values + ")");
    };
  }

  private boolean red(String id, int[] places) {
    return red(id, places, mode == Lanes.ARCS);
  }

  /** True if a violation names this message and either no place or one of its arcs or nodes. */
  private boolean red(String id, int[] places, boolean arcs) {
    List<Violation> vs = byMessage.get(id);
    if (vs == null) {
      return false;
    }
    Network net = instance.network();
    for (Violation v : vs) {
      String p = v.place();
      if (p.isEmpty() || !(p.contains("->") || p.startsWith("node ") || p.startsWith("link "))) {
        return true;
      }
      for (int x : places) {
        int[] ends = arcs ? new int[] {net.tail(x), net.head(x)} : new int[] {x};
        if (arcs && p.equals(net.arcName(x))) {
          return true;
        }
        for (int e : ends) {
          if (p.equals("node " + e)) {
            return true;
          }
          if (!arcs && p.contains("->") && (p.startsWith(e + "->") || p.endsWith("->" + e))) {
            return true;
          }
        }
        if (arcs && p.startsWith("link ")) {
          int u = Math.min(net.tail(x), net.head(x));
          int w = Math.max(net.tail(x), net.head(x));
          if (p.equals("link " + u + "-" + w)) {
            return true;
          }
        }
      }
    }
    return false;
  }

  /** True if a violation is placed on this control flit's arc in its step. */
  private boolean controlRed(String arc, long step) {
    return placedAt.contains(arc + "@" + step);
  }

  private static String routeName(int[] nodes) {
    StringBuilder sb = new StringBuilder();
    for (int v : nodes) {
      sb.append(sb.length() == 0 ? "" : "->").append(v);
    }
    return sb.toString();
  }
}
