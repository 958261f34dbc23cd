package org.commsched.core.family;

import org.commsched.core.bounds.FamilyBounds;
import org.commsched.core.check.FamilyChecker;
import org.commsched.core.model.Family;
import org.commsched.core.model.ProblemKind;

/**
 * What every family's rules hold as plain data, given once to the constructor: the family, its
 * checker and its bounds. A family's rules class adds only what it decides: which schedule kinds
 * fit, its fallback, what to use instead (by default the fallback alone) and its exact model. The
 * two bufferless families also share the sentence for transmissions handed to them ({@link
 * #bufferlessTransmissions}).
 *
 * @implNote Immutable.
 */
abstract class BaseRules implements FamilyRules {
  private final Family family;
  private final FamilyChecker checker;
  private final FamilyBounds bounds;

  BaseRules(Family family, FamilyChecker checker, FamilyBounds bounds) {
    this.family = family;
    this.checker = checker;
    this.bounds = bounds;
  }

  @Override
  public final Family family() {
    return family;
  }

  @Override
  public final FamilyChecker checker() {
    return checker;
  }

  @Override
  public final FamilyBounds bounds() {
    return bounds;
  }

  @Override
  public String instead(ProblemKind kind) {
    return fallback(kind);
  }

  /**
   * Transmissions handed to a bufferless problem, which takes departures ({@code orSlots}: or
   * slots).
   */
  static String bufferlessTransmissions(ProblemKind kind, boolean orSlots) {
    return "a bufferless "
        + kind.wireName()
        + " problem takes departures"
        + (orSlots ? " or slots" : "")
        + ", not transmissions";
  }
}
