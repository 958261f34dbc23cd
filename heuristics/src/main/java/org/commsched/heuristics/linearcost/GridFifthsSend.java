package org.commsched.heuristics.linearcost;

import java.util.ArrayList;
import java.util.List;
import org.commsched.core.model.Family;
import org.commsched.core.model.Instance;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.MethodFacts;
import org.commsched.core.solve.Scope;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;

/**
 * {@code lc-grid-fifths}: the send across a 2x3 grid that splits the message 3/5 and 2/5
 * (docs/models/linear-cost.md#grid-sends).
 *
 * <p><b>Source.</b> D. B. Peters, "Bounds for Communication Problems in Interconnection Networks
 * under a Linear Cost Model" (PhD thesis, Simon Fraser University, 1995), §2.5, an illustration
 * with the time {@code min over 1 <= k <= ceil(n/5) of (ceil(n/(5k)) + 2) beta + (4k + ceil(3n/5))
 * tau}. Local nodes {@code (i, j)}, {@code i} = 0..2 toward the target, {@code j} = 0..1; source
 * (0, 0), target (2, 1). The source sends {@code ceil(3n/5)} units to (1, 0) in packets of {@code
 * 3k} and the other units to (0, 1) in packets of {@code 2k}; (1, 0) sends the first {@code 2k}
 * units of each packet down the border through (2, 0) and the rest ({@code k}) to the centre (1,
 * 1), which merges them with the {@code 2k} units from (0, 1), arriving {@code 2 beta + 4k tau}
 * after their parent packets, into one packet of {@code 3k} to the target.
 *
 * <p><b>Time.</b> Every packet starts as soon as its units have arrived and its arc is free. For
 * {@code 1 <= k <= ceil(n/5)} the makespan is exactly the printed time (the border path through (2,
 * 0) ends last; the proof is in the model page), except for a single unit, which takes {@code 3
 * (beta + tau)}.
 *
 * <p><b>Guarantee.</b> A valid schedule with that makespan; no optimality claim. All ports (the
 * source and the centre use two links at once), either duplex (every link is used one way).
 *
 * @implNote Stateless.
 */
public final class GridFifthsSend implements Method, GridWidget.Scheme {
  /** The facts of {@code lc-grid-fifths}: see the class javadoc for the source. */
  static final MethodFacts FACTS =
      new MethodFacts(
          "lc-grid-fifths",
          "2x3 grid across: 3/5 of the message in packets of 3k split at the first hop, 2/5 in packets of 2k, "
              + "merged in the centre",
          "(ceil(n/(5k)) + 2) beta + (4k + ceil(3n/5)) tau at the best k <= ceil(n/5) (n >= 2)",
          "D. B. Peters, \"Bounds for Communication Problems in Interconnection Networks under a Linear Cost "
              + "Model\", §2.5 (2x3 grid)",
          Scope.of(ProblemKind.SEND)
              .in(Family.LINEAR_COST)
              .on(
                  new Scope.NetworkTest(
                      "mesh with source and "
                          + "target two rows and one column apart, or one row and two columns",
                      i ->
                          GridWidget.of(i, 2, 1) == null
                              ? "needs a mesh send whose source and target are two rows and one column apart, or one row and two "
                                  + "columns (corners of a 2x3 grid); use lc-split-paths"
                              : null))
              .note("all ports"),
          false);

  @Override
  public MethodFacts facts() {
    return FACTS;
  }

  @Override
  public String whyNotFurther(Instance instance) {
    return GridWidget.whyNotFurther(name(), instance, 7);
  }

  /**
   * The scheme's time with parameter {@code k}, {@code 1 <= k <= ceil(n/5)} (ticks): the printed
   * {@code (ceil(n/(5k)) + 2) beta + (4k + ceil(3n/5)) tau}, except {@code 3 (beta + tau)} for one
   * unit.
   */
  @Override
  public long time(long beta, long tau, long n, long k) {
    if (n == 1) {
      return 3 * (beta + tau);
    }
    return (PathPipeline.ceilDiv(n, 5 * k) + 2) * beta
        + (4 * k + PathPipeline.ceilDiv(3 * n, 5)) * tau;
  }

  /** {@code ceil(n/5)}, the thesis's range. */
  @Override
  public long maxK(long n) {
    return PathPipeline.ceilDiv(n, 5);
  }

  /** Builds the scheme with parameter {@code k} into {@code s}; returns the makespan. */
  @Override
  public long build(LcSchedule s, GridWidget g, String msg, long n, long k) {
    int src = g.node(0, 0);
    int down = g.node(1, 0);
    int right = g.node(0, 1);
    int centre = g.node(1, 1);
    int border = g.node(2, 0);
    int target = g.node(2, 1);
    long c = PathPipeline.ceilDiv(3 * n, 5);
    for (long x0 = 0, y0 = c; x0 < c || y0 < n; ) {
      long x = Math.min(3 * k, c - x0);
      long y = Math.min(2 * k, n - y0);
      List<LcSchedule.Run> merged = new ArrayList<>();
      long ready = 0;
      if (x > 0) {
        long endX = s.packet(src, down, s.linkFree(src, down), msg, x0, x);
        long w = Math.min(2 * k, x);
        long endW = s.packet(down, border, Math.max(endX, s.linkFree(down, border)), msg, x0, w);
        s.packet(border, target, Math.max(endW, s.linkFree(border, target)), msg, x0, w);
        if (x > w) {
          ready =
              s.packet(down, centre, Math.max(endX, s.linkFree(down, centre)), msg, x0 + w, x - w);
          merged.add(new LcSchedule.Run(msg, x0 + w, x - w));
        }
      }
      if (y > 0) {
        long endY = s.packet(src, right, s.linkFree(src, right), msg, y0, y);
        ready =
            Math.max(
                ready,
                s.packet(right, centre, Math.max(endY, s.linkFree(right, centre)), msg, y0, y));
        merged.add(new LcSchedule.Run(msg, y0, y));
      }
      if (!merged.isEmpty()) {
        s.packet(centre, target, Math.max(ready, s.linkFree(centre, target)), merged);
      }
      x0 += x;
      y0 += y;
    }
    return s.makespan();
  }

  @Override
  public SolveResult solve(Instance instance, SolveLimits limits) {
    requireApplies(instance);
    return GridWidget.solve(name(), instance, GridWidget.of(instance, 2, 1), this, 3, limits);
  }
}
