package org.commsched.heuristics.chatting;

import java.util.List;
import org.commsched.core.solve.Method;

/**
 * The chatting paper's virtual-schedule algorithms on linear arrays (Bhatt, Bilardi, Pucci, Ranade, Rosenberg,
 * Schwabe, "On Bufferless Routing of Variable Length Messages in Leveled Networks").
 *
 * @implNote Immutable.
 */
public final class ChattingMethods {
  private ChattingMethods() {
  }

  /** {@code interval-coloring} (A1) and {@code kierstead} (A2). */
  public static List<Method> all() {
    return List.of(new IntervalColoring(), new Kierstead());
  }
}
