package org.commsched.heuristics.bufferless.chatting;

import java.util.List;

/**
 * The unit-length procedures {@link LengthClasses} may use, first applicable first.
 *
 * @implNote Immutable.
 */
public final class UnitProcedures {
  private UnitProcedures() {}

  /**
   * Every unit-length procedure of this build: A1 on a ula, A4's north-east scan on an esm. A
   * procedure for another network is added here.
   */
  public static List<UnitProcedure> all() {
    return List.of(new UlaUnitColoring(), new EsmUnitScan());
  }
}
