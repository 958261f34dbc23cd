package org.commsched.heuristics.chatting;

import java.util.List;

/**
 * The unit-length procedures {@link LengthClasses} may use, first applicable first.
 *
 * @implNote Immutable.
 */
public final class UnitProcedures {
  private UnitProcedures() {
  }

  /**
   * Every unit-length procedure of this build: A1 on a ula. A procedure for another network (the ESM procedure A4,
   * spec chatting.md §5) is added here.
   */
  public static List<UnitProcedure> all() {
    return List.of(new UlaUnitColoring());
  }
}
