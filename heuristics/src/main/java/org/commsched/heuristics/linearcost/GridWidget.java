package org.commsched.heuristics.linearcost;

import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;

/**
 * The small grid between the source and the target of a mesh send, in the local coordinates of the
 * thesis's §2.5 illustrations (docs/models/linear-cost.md#grid-sends): local {@code (0, 0)} is the
 * source and local {@code (rows - 1, cols - 1)} the target, local row {@code i} going toward the
 * target's row (or column, when the widget is transposed) and local column {@code j} toward its
 * column. Every local node is a node of the mesh, since the widget is the box spanned by the two
 * nodes.
 *
 * @param cols the mesh's columns
 * @param r0 source row
 * @param c0 source column
 * @param dr step from local row i to row i + 1 in mesh rows (+1 or -1; in mesh columns when {@code
 *     swap})
 * @param dc step of a local column
 * @param swap local rows run along mesh columns (the widget transposed)
 */
record GridWidget(int cols, int r0, int c0, int dr, int dc, boolean swap) {
  /**
   * The widget of a mesh send whose source and target lie {@code a} rows and {@code b} columns
   * apart (either way round: also {@code b} rows and {@code a} columns, transposed), or null if the
   * instance is not such a send.
   */
  static GridWidget of(Instance instance, int a, int b) {
    if (!(instance.network().topology() instanceof Topology.Mesh g)
        || !(instance.problem() instanceof Problem.Send send)) {
      return null;
    }
    int cols = g.cols();
    int r0 = send.source() / cols;
    int c0 = send.source() % cols;
    int rowGap = send.target() / cols - r0;
    int colGap = send.target() % cols - c0;
    if (Math.abs(rowGap) == a && Math.abs(colGap) == b) {
      return new GridWidget(cols, r0, c0, Integer.signum(rowGap), Integer.signum(colGap), false);
    }
    if (Math.abs(rowGap) == b && Math.abs(colGap) == a) {
      return new GridWidget(cols, r0, c0, Integer.signum(colGap), Integer.signum(rowGap), true);
    }
    return null;
  }

  /** The mesh node at local row {@code i}, local column {@code j}. */
  int node(int i, int j) {
    return swap ? (r0 + dc * j) * cols + c0 + dr * i : (r0 + dr * i) * cols + c0 + dc * j;
  }

  /**
   * The refusal the grid schemes share beyond their network test, or null: one port (the source and
   * the centre use two links at once), or a schedule beyond the family's size limits ({@code links}
   * transmissions per unit at most).
   */
  static String whyNotFurther(String method, Instance instance, long links) {
    CommModel.StoreAndForward m = instance.storeAndForward();
    if (m.ports() != CommModel.Ports.ALL) {
      return method
          + " has the source and the centre use two links at once, which one port forbids; use "
          + "lc-pipeline-proc";
    }
    long n = instance.messages().get(0).length();
    return LinearCostMethods.tooLarge(
        method, n, true, LinearCostMethods.pipelineRecords(n, 1, links));
  }

  /** A grid scheme: its time with parameter k, the largest k worth trying, and its construction. */
  interface Scheme {
    long time(long beta, long tau, long n, long k);

    long maxK(long n);

    long build(LcSchedule s, GridWidget g, String msg, long n, long k);

    /** The k in {@code 1 .. maxK(n)} of least time (the smallest on ties). */
    default long bestK(long beta, long tau, long n) {
      long best = 1;
      for (long k = 2; k <= maxK(n); k++) {
        if (time(beta, tau, n, k) < time(beta, tau, n, best)) {
          best = k;
        }
      }
      return best;
    }
  }

  /**
   * Builds the scheme at its best k on the widget and returns the result with its statistics and
   * the run's bound.
   */
  static SolveResult solve(
      String method,
      Instance instance,
      GridWidget g,
      Scheme scheme,
      long packetsPerK,
      SolveLimits limits) {
    long n = instance.messages().get(0).length();
    LcSchedule s = new LcSchedule(instance);
    long k = scheme.bestK(s.beta(), s.tau(), n);
    scheme.build(s, g, instance.messages().get(0).id(), n, k);
    return s.result(method, limits.run().bestBound(instance))
        .withStat("packetSize", packetsPerK * k)
        .withStat("formula", instance.timeScale().format(scheme.time(s.beta(), s.tau(), n, k)));
  }
}
