package org.commsched.core.check;

import java.util.List;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.Origin;
import org.commsched.core.model.Schedule;
import org.commsched.core.time.TimeScale;

/**
 * The vocabulary of the store-and-forward record rules: every violation sentence of the packet
 * family (docs/models/packet.md#validity-rules) and of the linear-cost family
 * (docs/models/linear-cost.md#validity-rules), one method per rule broken, shared by each family's
 * definition ({@link PacketChecker}, {@link LinearCostChecker}) and its fast path ({@link
 * PacketFastPath}, {@link LinearCostFastPath}). All four report only through these methods (and the
 * port rules through {@link PortRules}), so that a definition and its fast path cannot word a rule
 * apart; the two families share the sentence of a record naming no message. Records are named by
 * their index {@code r} in the schedule; a packet record by its packet number and message.
 */
final class StoreAndForwardRules {
  private StoreAndForwardRules() {}

  // --- both families
  // --------------------------------------------------------------------------------------------

  /** Record r carries units of an id that names no message of the instance. */
  static void unknownMessage(Findings out, Instance inst, int r, Schedule.Transmission x) {
    out.add(
        Kind.UNKNOWN_MESSAGE,
        List.of(x.message()),
        arc(x),
        null,
        "transmission "
            + r
            + " carries "
            + x.message()
            + ", which is not a message of instance "
            + inst.name());
  }

  // --- packets (docs/models/packet.md#validity-rules)
  // -----------------------------------------------------------

  /** V1: a packet record carries no flit. */
  static void packetEmpty(Findings out, Schedule.Transmission x) {
    out.add(
        Kind.BAD_SIZE,
        List.of(x.message()),
        arc(x),
        null,
        packet(x) + " has size " + x.size() + "; a packet carries at least 1 flit");
  }

  /** Route: a packet record goes between two nodes that no arc joins. */
  static void packetNotAnArc(Findings out, Schedule.Transmission x) {
    out.add(
        Kind.NOT_AN_ARC,
        List.of(x.message()),
        arc(x),
        null,
        packet(x)
            + " goes from "
            + x.from()
            + " to "
            + x.to()
            + ", which are not joined by an arc");
  }

  /** V3: a packet record starts at {@code start} ticks, before 0. */
  static void packetNegative(Findings out, Schedule.Transmission x, long start, TimeScale scale) {
    out.add(
        Kind.NEGATIVE_TIME,
        List.of(x.message()),
        arc(x),
        start,
        packet(x) + " starts at " + scale.format(start) + " on " + arc(x) + "; time starts at 0");
  }

  /** V2: a packet of a message of length 0 crosses an arc. */
  static void nullMessageSent(Findings out, Message m, Schedule.Transmission x, long start) {
    out.add(
        Kind.NULL_MESSAGE_SENT,
        List.of(m.id()),
        arc(x),
        start,
        "message "
            + m.id()
            + " has length 0 but packet "
            + x.packet()
            + " of it crosses "
            + arc(x)
            + "; a null message sends no packet");
  }

  /** Route: a packet record crosses arc {@code a}, which is not on its message's route. */
  static void offRoute(
      Findings out,
      Network net,
      Message m,
      Schedule.Transmission x,
      int a,
      long start,
      int[] route) {
    out.add(
        Kind.OFF_ROUTE,
        List.of(m.id()),
        net.arcName(a),
        start,
        "packet "
            + x.packet()
            + " of "
            + m.id()
            + " crosses "
            + net.arcName(a)
            + ", which is not on the route "
            + routeText(net, route));
  }

  /**
   * No split or merge: record x of a packet has another size than the packet's first record {@code
   * first}, which crosses {@code firstArc}; x crosses {@code arc} from {@code start}.
   */
  static void packetSizeMismatch(
      Findings out,
      Network net,
      Schedule.Transmission first,
      int firstArc,
      Schedule.Transmission x,
      int arc,
      long start) {
    out.add(
        Kind.SIZE_MISMATCH,
        List.of(x.message()),
        net.arcName(arc),
        start,
        packet(first)
            + " has size "
            + first.size()
            + " on "
            + net.arcName(firstArc)
            + " but "
            + x.size()
            + " on "
            + net.arcName(arc)
            + "; packets are never split or merged on the way");
  }

  /**
   * Route: a packet crosses {@code arc} twice, from {@code before} and again from {@code start}.
   */
  static void duplicateHop(
      Findings out,
      Network net,
      Schedule.Transmission x,
      int arc,
      long before,
      long start,
      TimeScale scale) {
    out.add(
        Kind.DUPLICATE_HOP,
        List.of(x.message()),
        net.arcName(arc),
        start,
        packet(x)
            + " crosses "
            + net.arcName(arc)
            + " twice (from "
            + scale.format(before)
            + " and from "
            + scale.format(start)
            + "); each hop of the route is crossed once");
  }

  /** Route: a packet (named by its first record) never crosses hop k of its route. */
  static void missingHop(
      Findings out, Network net, Schedule.Transmission first, int[] route, int k) {
    out.add(
        Kind.MISSING_HOP,
        List.of(first.message()),
        net.arcName(route[k]),
        null,
        packet(first)
            + " never crosses "
            + net.arcName(route[k])
            + ", hop "
            + k
            + " of its route "
            + routeText(net, route));
  }

  /** V4: a packet starts hop k at {@code start}, before the end {@code received} of hop k - 1. */
  static void storeAndForward(
      Findings out,
      Network net,
      Schedule.Transmission first,
      int[] route,
      int k,
      long start,
      long received,
      TimeScale scale) {
    out.add(
        Kind.STORE_AND_FORWARD,
        List.of(first.message()),
        net.arcName(route[k]),
        start,
        packet(first)
            + " starts on "
            + net.arcName(route[k])
            + " at "
            + scale.format(start)
            + " but has been fully received over "
            + net.arcName(route[k - 1])
            + " only at "
            + scale.format(received));
  }

  /** V2: the packets of a non-null message carry {@code carried} flits in all, not its length. */
  static void lengthMismatch(Findings out, Message m, long carried) {
    out.add(
        Kind.LENGTH_MISMATCH,
        List.of(m.id()),
        "",
        null,
        "the packets of "
            + m.id()
            + " carry "
            + carried
            + " flits in all but the message has "
            + m.length());
  }

  // --- linear cost (docs/models/linear-cost.md#validity-rules)
  // --------------------------------------------------

  /** Packet numbers: two records without {@code first} give one packet number two sizes. */
  static void runSizeMismatch(Findings out, Schedule.Transmission x, long known) {
    out.add(
        Kind.SIZE_MISMATCH,
        List.of(x.message()),
        arc(x),
        null,
        "packet "
            + x.packet()
            + " of "
            + x.message()
            + " has size "
            + known
            + " in one record and "
            + x.size()
            + " in another; without \"first\" a packet number"
            + " stands for one run of units");
  }

  /** V2: record r carries no unit. */
  static void unitsEmpty(Findings out, int r, Schedule.Transmission x) {
    out.add(
        Kind.BAD_SIZE,
        List.of(x.message()),
        arc(x),
        null,
        "transmission "
            + r
            + " of "
            + x.message()
            + " has size "
            + x.size()
            + "; a packet carries at least 1 unit");
  }

  /** V1: record r goes between two nodes that no arc joins. */
  static void unitsNotAnArc(Findings out, int r, Schedule.Transmission x) {
    out.add(
        Kind.NOT_AN_ARC,
        List.of(x.message()),
        arc(x),
        null,
        "transmission "
            + r
            + " of "
            + x.message()
            + " goes from "
            + x.from()
            + " to "
            + x.to()
            + ", which are not joined by an arc");
  }

  /**
   * Channels: record r names a channel its arc does not have
   * (docs/FORMATS.md#links-with-channels-and-costs).
   */
  static void noSuchChannel(Findings out, int r, Schedule.Transmission x, int channels) {
    out.add(
        Kind.NOT_AN_ARC,
        List.of(x.message()),
        arc(x),
        null,
        "transmission "
            + r
            + " of "
            + x.message()
            + " uses channel "
            + x.channelIndex()
            + " of "
            + x.from()
            + "->"
            + x.to()
            + ", which has "
            + channels
            + " channel"
            + (channels == 1 ? " (0)" : "s (0.." + (channels - 1) + ")"));
  }

  /** Units: record r carries units {@code lo .. lo + size - 1}, outside {@code 0 .. length - 1}. */
  static void unitRange(Findings out, int r, Schedule.Transmission x, long lo, long length) {
    out.add(
        Kind.UNIT_RANGE,
        List.of(x.message()),
        arc(x),
        null,
        "transmission "
            + r
            + " carries units "
            + lo
            + ".."
            + (lo + x.size() - 1)
            + " of "
            + x.message()
            + ", which has units 0.."
            + (length - 1));
  }

  /** V11: record r starts at {@code start} ticks, before 0. */
  static void unitsNegative(
      Findings out, int r, Schedule.Transmission x, long start, TimeScale scale) {
    out.add(
        Kind.NEGATIVE_TIME,
        List.of(x.message()),
        arc(x),
        start,
        "transmission "
            + r
            + " of "
            + x.message()
            + " starts at "
            + scale.format(start)
            + "; time starts at 0");
  }

  /**
   * V4: node {@code sender} sends, in the packet on {@code arc} from {@code start}, {@code late}
   * units of o it does not hold by then; the first of them is unit {@code first}, arriving at
   * {@code when} ({@link Long#MAX_VALUE}: never).
   */
  static void senderLacksUnit(
      Findings out,
      Network net,
      int sender,
      Origin o,
      int arc,
      long start,
      long late,
      long first,
      long when,
      TimeScale scale) {
    out.add(
        Kind.SENDER_LACKS_UNIT,
        List.of(o.message()),
        net.arcName(arc),
        start,
        "node "
            + sender
            + " sends "
            + late
            + " unit(s) of "
            + o.message()
            + " it does not hold at "
            + scale.format(start)
            + " (unit "
            + first
            + (when == Long.MAX_VALUE
                ? " never reaches it"
                : " arrives only at " + scale.format(when))
            + ")");
  }

  /** V10: node v never receives {@code missing} units of o, the first being unit {@code first}. */
  static void incomplete(Findings out, int v, Origin o, long missing, long first) {
    out.add(
        Kind.INCOMPLETE,
        List.of(o.message()),
        Places.node(v),
        null,
        "node "
            + v
            + " never receives "
            + missing
            + " of the "
            + o.length()
            + " units of "
            + o.message()
            + " (the first is unit "
            + first
            + ")");
  }

  /**
   * V10's (message, node) pairs from message i, node v on, in its order (message by message, node
   * by node), that need a unit: a send's target ({@code target} >= 0) for each origin it is not,
   * else every node but the origin's own. Counted, not listed: for a broadcast or gossip, message i
   * needs the nodes from v on but its own and each later one n - 1 nodes, so a gossip of p nodes (p
   * origins) costs no pass over them. The checkers subtract the pairs that hold every unit, which
   * only the records can give.
   */
  static long neededFrom(List<Origin> origins, int n, int target, int i, int v) {
    if (target < 0) {
      return n - v - (origins.get(i).node() >= v ? 1L : 0L) + (origins.size() - i - 1L) * (n - 1L);
    }
    long needed = 0;
    for (int j = i; j < origins.size(); j++) {
      needed += (j > i || target >= v) && target != origins.get(j).node() ? 1 : 0;
    }
    return needed;
  }

  // --- the sentences' parts
  // -------------------------------------------------------------------------------------

  private static String arc(Schedule.Transmission x) {
    return Places.arc(x.from(), x.to());
  }

  private static String packet(Schedule.Transmission x) {
    return "packet " + x.packet() + " of " + x.message();
  }

  /** A route as its nodes, {@code "0->3->5"}. */
  static String routeText(Network net, int[] route) {
    StringBuilder sb = new StringBuilder().append(net.tail(route[0]));
    for (int a : route) {
      sb.append("->").append(net.head(a));
    }
    return sb.toString();
  }
}
