package org.commsched.heuristics.linearcost;

import org.commsched.core.model.Family;
import org.commsched.core.model.Instance;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.MethodFacts;
import org.commsched.core.solve.Scope;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;

/**
 * {@code lc-grid-recursive}: the "recursive disjoint paths" send across a 3x3 grid, corner to
 * corner (docs/models/linear-cost.md#grid-sends).
 *
 * <p><b>Source.</b> D. B. Peters, "Bounds for Communication Problems in Interconnection Networks
 * under a Linear Cost Model" (PhD thesis, Simon Fraser University, 1995), §2.5, given there as an
 * illustration with the time {@code min over 1 <= k <= ceil(n/4) of (ceil(n/(4k)) + 3) beta + (4k +
 * ceil(n/2)) tau}. The source sends half the message to each of its two neighbours in packets of
 * {@code 2k}; each of them splits every packet, {@code k} units through the centre and the rest
 * along the border; the two nodes next to the target receive the two halves of a packet together
 * and send them on as one packet. All twelve links are used, each one way.
 *
 * <p><b>Time.</b> Every packet starts as soon as its units have arrived and its arc is free. For a
 * half of {@code h} units, {@code Q = ceil(h/(2k))} packets: {@code (Q + 3) beta + (h + 4k) tau}
 * when {@code Q >= 2}, else {@code 4 beta + (2h + 2 min(k, h)) tau}; the larger half {@code
 * ceil(n/2)} decides (the proof is in the model page). This is the printed time for {@code Q >= 2}
 * and below it for one packet.
 *
 * <p><b>Guarantee.</b> A valid schedule with that makespan; no optimality claim (the exact model
 * does better on small grids). All ports (the source and the centre use two links at once), either
 * duplex.
 *
 * @implNote Stateless.
 */
public final class GridRecursiveSend implements Method, GridWidget.Scheme {
  /** The facts of {@code lc-grid-recursive}: see the class javadoc for the source. */
  static final MethodFacts FACTS =
      new MethodFacts(
          "lc-grid-recursive",
          "3x3 grid corner to corner: halves in packets of 2k, each split through the centre and the border and "
              + "merged next to the target",
          "(Q + 3) beta + (ceil(n/2) + 4k) tau at the best k, Q = ceil(n/(4k)) >= 2 (one packet: less)",
          "D. B. Peters, \"Bounds for Communication Problems in Interconnection Networks under a Linear Cost "
              + "Model\", §2.5 (3x3 grid)",
          Scope.of(ProblemKind.SEND)
              .in(Family.LINEAR_COST)
              .on(
                  new Scope.NetworkTest(
                      "mesh with source and " + "target two rows and two columns apart",
                      i ->
                          GridWidget.of(i, 2, 2) == null
                              ? "needs a mesh send whose "
                                  + "source and target are two rows and two columns apart (corners of a 3x3 grid); use lc-split-paths"
                              : null))
              .note("all ports"),
          false);

  @Override
  public MethodFacts facts() {
    return FACTS;
  }

  @Override
  public String whyNotFurther(Instance instance) {
    return GridWidget.whyNotFurther(name(), instance, 12);
  }

  /**
   * The time of one half of {@code h} units with packets of {@code 2k} (ticks; 0 for an empty
   * half).
   */
  static long halfTime(long beta, long tau, long h, long k) {
    if (h == 0) {
      return 0;
    }
    long q = PathPipeline.ceilDiv(h, 2 * k);
    return q >= 2
        ? (q + 3) * beta + (h + 4 * k) * tau
        : 4 * beta + (2 * h + 2 * Math.min(k, h)) * tau;
  }

  /** The scheme's time with parameter k: the larger half's (ticks). */
  @Override
  public long time(long beta, long tau, long n, long k) {
    return Math.max(halfTime(beta, tau, (n + 1) / 2, k), halfTime(beta, tau, n / 2, k));
  }

  /** {@code ceil(ceil(n/2)/2)}: a larger k only lengthens the one packet of a half. */
  @Override
  public long maxK(long n) {
    return Math.max(1, PathPipeline.ceilDiv((n + 1) / 2, 2));
  }

  /** Builds the scheme with parameter {@code k} into {@code s}; returns the makespan. */
  @Override
  public long build(LcSchedule s, GridWidget g, String msg, long n, long k) {
    long a = (n + 1) / 2;
    half(s, g, msg, 0, a, k, false);
    half(s, g, msg, a, n - a, k, true);
    return s.makespan();
  }

  /**
   * One half, units {@code lo .. lo + h - 1}; {@code down}: through local (1, 0) instead of (0, 1).
   */
  private static void half(
      LcSchedule s, GridWidget g, String msg, long lo, long h, long k, boolean down) {
    int src = g.node(0, 0);
    int first = down ? g.node(1, 0) : g.node(0, 1);
    int side = down ? g.node(2, 0) : g.node(0, 2);
    int centre = g.node(1, 1);
    int merge = down ? g.node(2, 1) : g.node(1, 2);
    int target = g.node(2, 2);
    for (long c = lo; c < lo + h; c += 2 * k) {
      long size = Math.min(2 * k, lo + h - c);
      long mid = Math.min(k, size);
      long end1 = s.packet(src, first, s.linkFree(src, first), msg, c, size);
      long end2 = s.packet(first, centre, Math.max(end1, s.linkFree(first, centre)), msg, c, mid);
      long end3 = s.packet(centre, merge, Math.max(end2, s.linkFree(centre, merge)), msg, c, mid);
      if (size > mid) {
        long end2s =
            s.packet(
                first, side, Math.max(end1, s.linkFree(first, side)), msg, c + mid, size - mid);
        end3 =
            Math.max(
                end3,
                s.packet(
                    side,
                    merge,
                    Math.max(end2s, s.linkFree(side, merge)),
                    msg,
                    c + mid,
                    size - mid));
      }
      s.packet(merge, target, Math.max(end3, s.linkFree(merge, target)), msg, c, size);
    }
  }

  @Override
  public SolveResult solve(Instance instance, SolveLimits limits) {
    requireApplies(instance);
    return GridWidget.solve(name(), instance, GridWidget.of(instance, 2, 2), this, 2, limits);
  }
}
