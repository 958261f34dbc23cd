package org.commsched.core.check;

import java.util.List;

/**
 * One store-and-forward transfer as the port rules see it: an arc held during {@code [start, end)}
 * ticks by a packet carrying units of the listed messages.
 *
 * @param arc the arc id
 * @param start start in ticks
 * @param end end in ticks ({@code start + beta + units * tau})
 * @param messages the ids of the messages whose units it carries
 * @implNote Immutable.
 */
record Transfer(int arc, long start, long end, List<String> messages) {
  Transfer {
    messages = List.copyOf(messages);
  }
}
