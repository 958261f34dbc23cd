package org.commsched.core.family;

import org.commsched.core.bounds.FamilyBounds;
import org.commsched.core.check.FamilyChecker;
import org.commsched.core.model.Family;
import org.commsched.core.model.Instance;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.model.Schedule;

/**
 * The rules of bufferless scatter and gather (docs/models/bufferless-scatter-gather.md):
 * departures, with the control flits of a protocol run.
 *
 * @implNote Immutable singleton.
 */
final class ScatterGatherRules extends BaseRules {
  static final ScatterGatherRules RULES = new ScatterGatherRules();

  private ScatterGatherRules() {
    super(
        Family.BUFFERLESS_SCATTER_GATHER,
        FamilyChecker.BUFFERLESS,
        FamilyBounds.BUFFERLESS_SCATTER_GATHER);
  }

  @Override
  public String misfit(Instance instance, Schedule schedule) {
    if (schedule instanceof Schedule.Departures) {
      return null;
    }
    if (schedule instanceof Schedule.Slots) {
      return "slots (a virtual schedule) are defined for chatting and dsa, not for "
          + instance.kind().wireName()
          + ": give departures";
    }
    return bufferlessTransmissions(instance.kind(), false);
  }

  @Override
  public String fallback(ProblemKind kind) {
    return "greedy";
  }

  @Override
  public String instead(ProblemKind kind) {
    return kind == ProblemKind.SCATTER
        ? fallback(kind) + " or fdf"
        : fallback(kind)
            + " (its nearest-first order is FDF run backwards, optimal offline) or a gathering protocol "
            + "(transmission-certification, shoulder-tap on a path)";
  }

  @Override
  public ExactModel exactModel(Instance instance) {
    return ExactModel.REAL;
  }
}
