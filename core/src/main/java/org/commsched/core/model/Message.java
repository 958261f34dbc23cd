package org.commsched.core.model;

import java.util.List;

/**
 * An addressed message: {@code length} flits (or units) from node {@code from} to node {@code to},
 * with an optional explicit route (node list from {@code from} to {@code to}); without one the
 * instance's default routing applies.
 *
 * @param id unique message id
 * @param from source node
 * @param to destination node
 * @param length flits, at least 1 (0 allowed for scatter and gather: a null message)
 * @param route explicit node list, or null for the default route
 * @implNote Immutable.
 */
public record Message(String id, int from, int to, long length, List<Integer> route) {
  public Message {
    if (id == null || id.isEmpty()) {
      throw new ModelException("", "a message needs a non-empty id");
    }
    if (length < 0) {
      throw new ModelException(
          "",
          "message "
              + id
              + " has length "
              + length
              + "; a length counts flits and cannot be negative");
    }
    route = route == null ? null : List.copyOf(route);
  }

  /** A message on the default route. */
  public Message(String id, int from, int to, long length) {
    this(id, from, to, length, null);
  }

  /** True if the message carries an explicit route. */
  public boolean hasRoute() {
    return route != null;
  }
}
