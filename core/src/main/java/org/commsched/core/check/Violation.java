package org.commsched.core.check;

import java.util.List;

/**
 * One broken rule of a schedule.
 *
 * @param kind the rule broken, e.g. {@link Kind#ARC_CONFLICT}, {@link Kind#SEND_PORT}, {@link
 *     Kind#MISSING_DEPARTURE}; its {@link Kind#name()} is the stable code that reports print
 * @param messages the messages involved (ids), possibly empty
 * @param place the arc ({@code "2->3"}), node ({@code "node 4"}) or link involved, or ""
 * @param time the step or time (in ticks) where it happens, or null
 * @param detail one human-readable sentence
 * @implNote Immutable.
 */
public record Violation(Kind kind, List<String> messages, String place, Long time, String detail) {
  public Violation {
    messages = List.copyOf(messages);
    place = place == null ? "" : place;
  }
}
