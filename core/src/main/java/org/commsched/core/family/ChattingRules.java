package org.commsched.core.family;

import org.commsched.core.bounds.FamilyBounds;
import org.commsched.core.check.FamilyChecker;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Family;
import org.commsched.core.model.Instance;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.model.Schedule;

/**
 * The rules of bufferless chatting and dsa (docs/models/bufferless-chatting.md): departures for
 * chatting, slots (a virtual schedule) for chatting and dsa under all ports.
 *
 * @implNote Immutable singleton.
 */
final class ChattingRules extends BaseRules {
  static final ChattingRules RULES = new ChattingRules();

  private ChattingRules() {
    super(Family.BUFFERLESS_CHATTING, FamilyChecker.BUFFERLESS, FamilyBounds.BUFFERLESS_CHATTING);
  }

  @Override
  public String misfit(Instance instance, Schedule schedule) {
    ProblemKind kind = instance.kind();
    if (kind == ProblemKind.DSA
        && !(schedule instanceof Schedule.Slots)) { // departures or transmissions
      return "a dsa problem takes slots (buffer offsets), not " + schedule.wireName();
    }
    if (schedule instanceof Schedule.Departures) {
      return null;
    }
    if (schedule instanceof Schedule.Slots) {
      return instance.model() instanceof CommModel.Bufferless b
              && b.ports() == CommModel.BufferlessPorts.ALL
          ? null
          : "slots (a virtual schedule) are defined under all ports only; this model has single ports";
    }
    return bufferlessTransmissions(kind, kind == ProblemKind.CHATTING);
  }

  @Override
  public String fallback(ProblemKind kind) {
    return kind == ProblemKind.DSA ? "first-fit" : "greedy";
  }

  @Override
  public String instead(ProblemKind kind) {
    return kind == ProblemKind.DSA
        ? fallback(kind) + ", interval-coloring or kierstead"
        : fallback(kind)
            + ", priority-greedy or lns (commsched methods lists the paper methods for each network)";
  }

  @Override
  public ExactModel exactModel(Instance instance) {
    return instance.kind() == ProblemKind.DSA ? ExactModel.VIRTUAL : ExactModel.REAL;
  }
}
