package org.commsched.heuristics.chatting;

import java.util.List;
import org.commsched.core.solve.Method;

/**
 * The chatting paper's algorithms on linear arrays, Eastward-Southward meshes and bidirectional trees (Bhatt,
 * Bilardi, Pucci, Ranade, Rosenberg, Schwabe, "On Bufferless Routing of Variable Length Messages in Leveled
 * Networks").
 *
 * @implNote Immutable.
 */
public final class ChattingMethods {
  private ChattingMethods() {
  }

  /**
   * {@code interval-coloring} (A1), {@code kierstead} (A2), {@code esm-ne} and {@code esm-paper} (A4),
   * {@code tree-cuts-simultaneous} and {@code tree-cuts} (A6); within a family the stronger guarantee first.
   */
  public static List<Method> all() {
    return List.of(new IntervalColoring(), new Kierstead(), new EsmNe(), new EsmPaper(), TreeCuts.simultaneous(),
        TreeCuts.sequential());
  }
}
