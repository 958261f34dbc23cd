package org.commsched.heuristics.bufferless.chatting;

import java.util.List;
import org.commsched.core.solve.Method;

/**
 * Chatting heuristics beyond the paper
 * (docs/models/bufferless-chatting.md#search-and-exact-methods): search methods for any network and
 * routes.
 *
 * @implNote Immutable.
 */
public final class SearchMethods {
  private SearchMethods() {}

  /** {@code priority-greedy}. */
  public static List<Method> all() {
    return List.of(new PriorityGreedy());
  }
}
