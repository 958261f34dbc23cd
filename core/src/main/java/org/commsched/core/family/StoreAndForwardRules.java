package org.commsched.core.family;

import org.commsched.core.bounds.FamilyBounds;
import org.commsched.core.check.FamilyChecker;
import org.commsched.core.model.Family;
import org.commsched.core.model.Instance;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.model.Schedule;

/**
 * The rules of the two store-and-forward families, which differ only in data: both take
 * transmissions and fall back to {@code greedy-saf}. {@link #PACKET}: packet scatter and gather
 * (docs/models/packet.md), judged for validity and, on request, for the conformance rules V7 to
 * V11. {@link #LINEAR_COST}: linear-cost send, broadcast and gossip (docs/models/linear-cost.md),
 * records on one arc with one start forming one packet.
 *
 * @implNote Immutable singletons.
 */
final class StoreAndForwardRules extends BaseRules {
  static final StoreAndForwardRules PACKET =
      new StoreAndForwardRules(
          Family.PACKET, FamilyChecker.PACKET, FamilyBounds.PACKET, ExactModel.PACKET, true);
  static final StoreAndForwardRules LINEAR_COST =
      new StoreAndForwardRules(
          Family.LINEAR_COST,
          FamilyChecker.LINEAR_COST,
          FamilyBounds.LINEAR_COST,
          ExactModel.LINEAR_COST,
          false);

  private final ExactModel exact;
  private final boolean conformance;

  private StoreAndForwardRules(
      Family family,
      FamilyChecker checker,
      FamilyBounds bounds,
      ExactModel exact,
      boolean conformance) {
    super(family, checker, bounds);
    this.exact = exact;
    this.conformance = conformance;
  }

  @Override
  public String misfit(Instance instance, Schedule schedule) {
    return schedule instanceof Schedule.Transmissions
        ? null
        : "a store-and-forward "
            + instance.kind().wireName()
            + " problem takes transmissions, not "
            + (schedule instanceof Schedule.Slots ? "slots" : "departures");
  }

  @Override
  public String fallback(ProblemKind kind) {
    return "greedy-saf";
  }

  @Override
  public ExactModel exactModel(Instance instance) {
    return exact;
  }

  @Override
  public boolean conformance() {
    return conformance;
  }
}
