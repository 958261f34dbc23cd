package org.commsched.core.bounds;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.commsched.core.family.FamilyRules;
import org.commsched.core.model.Instance;

/**
 * Upper bounds on the optimal makespan from the papers' schemes, each with its formula and
 * conditions: what a ratio report can hold a schedule against, and what {@code commsched bounds}
 * lists next to the lower bounds. The family says which ({@link FamilyBounds#upper}): today the
 * linear-cost family (send, broadcast, gossip: docs/models/linear-cost.md#master-table); empty for
 * the others.
 */
public final class UpperBounds {
  private UpperBounds() {}

  /** Every upper bound that applies to the instance, in ticks of its time scale, least first. */
  public static List<UpperBound> all(Instance instance) {
    List<UpperBound> out = new ArrayList<>();
    try {
      FamilyRules.of(instance).bounds().upper(instance, out);
    } catch (ArithmeticException e) {
      // beyond the range of long: keep the ones computed so far
    }
    out.sort(Comparator.comparingLong(UpperBound::value));
    return List.copyOf(out);
  }
}
