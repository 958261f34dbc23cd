package org.commsched.heuristics.bufferless.chatting;

import java.util.List;
import org.commsched.core.solve.Method;

/**
 * The chatting paper's algorithms (Bhatt, Bilardi, Pucci, Ranade, Rosenberg, Schwabe, "On
 * Bufferless Routing of Variable Length Messages in Leveled Networks"), best first: on linear
 * arrays A1 and A2 (§4), the length decomposition A3 (§5.1), the ESM scans A4 (§5.2), the cut
 * decompositions A5, A6 (trees) and A7 (§6). Every linear-array method also takes a bla, as two
 * ulas at once ({@link BidirectionalSplit}).
 *
 * @implNote Immutable.
 */
public final class ChattingMethods {
  private ChattingMethods() {}

  /**
   * {@code interval-coloring} (A1), {@code kierstead} (A2), {@code length-classes} (A3), {@code
   * ula-cuts} (A5), {@code esm-ne} and {@code esm-paper} (A4), {@code tree-cuts-simultaneous} and
   * {@code tree-cuts} (A6) and {@code cuts} (A7); within a family the stronger guarantee first.
   */
  public static List<Method> all() {
    return List.of(
        new IntervalColoring(),
        new Kierstead(),
        new LengthClasses(),
        new UlaCuts(),
        new EsmNe(),
        new EsmPaper(),
        TreeCuts.simultaneous(),
        TreeCuts.sequential(),
        new Cuts());
  }
}
