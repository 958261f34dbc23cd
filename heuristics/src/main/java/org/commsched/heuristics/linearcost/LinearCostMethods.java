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
    // send (linear-cost send section): split over disjoint paths, then the two path pipelines
    all.add(new SplitPathsSend());
    all.add(new LinkPipelineSend());
    all.add(new ProcessorPipelineSend());
    return List.copyOf(all);
  }
}
