package org.commsched.heuristics.linearcost;

import java.util.ArrayList;
import java.util.List;
import org.commsched.core.solve.Method;

/**
 * The linear-cost family's schemes after D. B. Peters, "Bounds for Communication Problems in Interconnection
 * Networks under a Linear Cost Model" (docs/models/linear-cost.md#algorithms), best first within each problem: the
 * registry offers them before the baselines, so the first that applies is the default for an instance too large for
 * an exact model.
 *
 * @implNote Immutable.
 */
public final class LinearCostMethods {
  private LinearCostMethods() {
  }

  /** The family's methods, best first. */
  public static List<Method> all() {
    List<Method> all = new ArrayList<>();
    // gossip on rings (docs/models/linear-cost.md#ring-gossip): per model the faster scheme first
    all.addAll(List.of(new RingGossipFStar(), new RingGossipF1Even(), new RingGossipF1Odd(), new RingGossipHStarEven(),
        new OneWayGossip(), new OneWayGossipOnePortEven(), new OneWayGossipOnePortOdd()));
    return List.copyOf(all);
  }
}
