package org.commsched.core.family;

import org.commsched.core.bounds.FamilyBounds;
import org.commsched.core.check.FamilyChecker;
import org.commsched.core.model.Family;
import org.commsched.core.model.Instance;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.model.Schedule;

/**
 * The rules of store-and-forward packet scatter and gather (docs/models/packet.md): transmissions, judged for
 * validity and, on request, for the conformance rules V7 to V11.
 *
 * @implNote Immutable singleton.
 */
final class PacketRules implements FamilyRules {
  static final PacketRules RULES = new PacketRules();

  private PacketRules() {
  }

  @Override
  public Family family() {
    return Family.PACKET;
  }

  @Override
  public String misfit(Instance instance, Schedule schedule) {
    return Misfits.storeAndForward(instance.kind(), schedule);
  }

  @Override
  public FamilyChecker checker() {
    return FamilyChecker.PACKET;
  }

  @Override
  public FamilyBounds bounds() {
    return FamilyBounds.PACKET;
  }

  @Override
  public boolean conformance() {
    return true;
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
    return ExactModel.PACKET;
  }
}
