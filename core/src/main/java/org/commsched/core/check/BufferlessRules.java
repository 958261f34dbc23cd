package org.commsched.core.check;

import java.util.List;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.Schedule;

/**
 * The vocabulary of the bufferless departure rules, shared by the definition {@link
 * BufferlessChecker} and its fast path {@link BufferlessFastPath}: every violation sentence of
 * departures, control flits and flit occupancy, one method per rule broken, and how an interval's
 * owner is named. Both report only through these methods, so their wording cannot drift apart
 * (docs/models/bufferless-chatting.md#validity-rules,
 * docs/models/bufferless-scatter-gather.md#validity-rules); the protocol rules have theirs in
 * {@link CausalityRules}.
 */
final class BufferlessRules {
  private BufferlessRules() {}

  /** The schedule gives departure {@code t} for {@code id}, which names no message. */
  static void unknownMessage(Findings out, Instance inst, String id, Long t) {
    out.add(
        Kind.UNKNOWN_MESSAGE,
        List.of(id),
        "",
        t,
        "the schedule gives a departure for "
            + id
            + ", which is not a message of instance "
            + inst.name());
  }

  /** A non-null message has no departure. */
  static void missingDeparture(Findings out, Message m) {
    out.add(
        Kind.MISSING_DEPARTURE,
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
            + " flits) has no departure");
  }

  /** A message departs in a negative step. */
  static void negativeDeparture(Findings out, Message m, long t) {
    out.add(
        Kind.NEGATIVE_TIME,
        List.of(m.id()),
        "",
        t,
        "message " + m.id() + " departs in step " + t + "; steps start at 0");
  }

  /** A control flit goes between two nodes that no arc joins. */
  static void controlNotAnArc(Findings out, Schedule.ControlTransfer x) {
    out.add(
        Kind.NOT_AN_ARC,
        List.of(),
        Places.arc(x.from(), x.to()),
        x.step(),
        "control flit "
            + x.kind()
            + " goes from "
            + x.from()
            + " to "
            + x.to()
            + ", which are not joined by an arc");
  }

  /** A control flit crosses in a negative step. */
  static void controlNegative(Findings out, Schedule.ControlTransfer x) {
    out.add(
        Kind.NEGATIVE_TIME,
        List.of(),
        Places.arc(x.from(), x.to()),
        x.step(),
        "control flit " + x.kind() + " crosses in step " + x.step() + "; steps start at 0");
  }

  /**
   * V4': owners {@code a} and {@code b} (see {@link Owners}) both hold arc {@code arc} in steps
   * {@code [from, to)}. Returns false once the findings are full.
   */
  static boolean arcConflict(
      Findings out, Network net, Owners who, int arc, int a, int b, long from, long to) {
    return out.add(
        Kind.ARC_CONFLICT,
        who.ids(a, b),
        net.arcName(arc),
        from,
        who.who(a)
            + " and "
            + who.who(b)
            + " both cross "
            + net.arcName(arc)
            + " in "
            + Places.steps(from, to)
            + "; an arc carries one flit per step");
  }

  /**
   * V4 (send) or V5 (receive), single port: node v sends or receives owner a over {@code arcA} and
   * owner b over {@code arcB} in steps {@code [from, to)}. Returns false once the findings are
   * full.
   */
  static boolean portConflict(
      Findings out,
      Network net,
      Owners who,
      boolean send,
      int v,
      int a,
      int arcA,
      int b,
      int arcB,
      long from,
      long to) {
    return out.add(
        send ? Kind.SEND_PORT : Kind.RECEIVE_PORT,
        who.ids(a, b),
        Places.node(v),
        from,
        "node "
            + v
            + (send ? " sends " : " receives ")
            + who.who(a)
            + " ("
            + net.arcName(arcA)
            + ") and "
            + who.who(b)
            + " ("
            + net.arcName(arcB)
            + ") in "
            + Places.steps(from, to)
            + "; a single port "
            + (send ? "sends" : "receives")
            + " one flit per step");
  }

  /**
   * The owners of flit intervals: a message (index >= 0) or a control flit ({@code -1 - index}).
   */
  record Owners(List<Message> msgs, List<Schedule.ControlTransfer> control) {
    /** Names an owner. */
    String who(int owner) {
      if (owner >= 0) {
        return "message " + msgs.get(owner).id();
      }
      Schedule.ControlTransfer x = control.get(-1 - owner);
      return "control flit " + x.kind() + " " + Places.arc(x.from(), x.to());
    }

    /** The ids of the messages among two owners (a control flit has none). */
    List<String> ids(int a, int b) {
      List<String> one = a >= 0 ? List.of(msgs.get(a).id()) : List.of();
      List<String> two = b >= 0 ? List.of(msgs.get(b).id()) : List.of();
      return Places.union(one, two);
    }
  }
}
