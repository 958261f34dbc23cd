package org.commsched.core.family;

import org.commsched.core.bounds.FamilyBounds;
import org.commsched.core.check.FamilyChecker;
import org.commsched.core.model.Family;
import org.commsched.core.model.Instance;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.model.Schedule;

/**
 * The rules of linear-cost send, broadcast and gossip (docs/models/linear-cost.md): transmissions, records on one
 * arc with one start forming one packet.
 *
 * @implNote Immutable singleton.
 */
final class LinearCostRules implements FamilyRules {
  static final LinearCostRules RULES = new LinearCostRules();

  private LinearCostRules() {
  }

  @Override
  public Family family() {
    return Family.LINEAR_COST;
  }

  @Override
  public String misfit(Instance instance, Schedule schedule) {
    return Misfits.storeAndForward(instance.kind(), schedule);
  }

  @Override
  public FamilyChecker checker() {
    return FamilyChecker.LINEAR_COST;
  }

  @Override
  public FamilyBounds bounds() {
    return FamilyBounds.LINEAR_COST;
  }

  @Override
  public String fallback(ProblemKind kind) {
    return "greedy-saf";
  }

  @Override
  public String instead(ProblemKind kind) {
    return fallback(kind);
  }

  @Override
  public ExactModel exactModel(Instance instance) {
    return ExactModel.LINEAR_COST;
  }
}
