package org.commsched.core.family;

import org.commsched.core.model.ProblemKind;
import org.commsched.core.model.Schedule;

/** The sentences that say a schedule's kind does not fit, shared by the families' {@link FamilyRules#misfit}. */
final class Misfits {
  private Misfits() {
  }

  /** The store-and-forward families' test: transmissions only. */
  static String storeAndForward(ProblemKind kind, Schedule schedule) {
    return schedule instanceof Schedule.Transmissions ? null
        : "a store-and-forward " + kind.wireName() + " problem takes transmissions, not "
        + (schedule instanceof Schedule.Slots ? "slots" : "departures");
  }

  /** Transmissions handed to a bufferless problem, which takes departures ({@code orSlots}: or slots). */
  static String bufferlessTransmissions(ProblemKind kind, boolean orSlots) {
    return "a bufferless " + kind.wireName() + " problem takes departures" + (orSlots ? " or slots" : "")
        + ", not transmissions";
  }
}
