package org.commsched.core.check;

import java.util.List;

/**
 * One broken rule of a schedule.
 *
 * @param kind stable code of the rule, e.g. {@code ARC_CONFLICT}, {@code SEND_PORT}, {@code MISSING_DEPARTURE}
 * @param messages the messages involved (ids), possibly empty
 * @param place the arc ({@code "2->3"}), node ({@code "node 4"}) or link involved, or ""
 * @param time the step or time (in ticks) where it happens, or null
 * @param detail one human-readable sentence
 * @implNote Immutable.
 */
public record Violation(String kind, List<String> messages, String place, Long time, String detail) {
  public Violation {
    messages = List.copyOf(messages);
    place = place == null ? "" : place;
  }
}
