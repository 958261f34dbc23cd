package org.commsched.heuristics.linearcost;

import java.util.ArrayList;
import java.util.List;
import org.commsched.core.bounds.PathSending;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Family;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.MethodFacts;
import org.commsched.core.solve.Scope;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;

/**
 * {@code lc-split-paths}: a send split over link-disjoint paths, each part a link-bound pipeline
 * (docs/models/linear-cost.md#send-on-a-ring-and-in-grids).
 *
 * <p><b>Source.</b> D. B. Peters, "Bounds for Communication Problems in Interconnection Networks
 * under a Linear Cost Model" (PhD thesis, Simon Fraser University, 1995), §2.5. Observation 2.5.1:
 * on a ring of p nodes with the target m hops one way, the optimal all-port send is {@code min over
 * n0 of max(S_*(n0, m), S_*(n - n0, p - m))}, the two paths used independently. The same section
 * sends between antipodes of the hypercube {@code Q_m} over its m disjoint paths in {@code
 * S_*(ceil(n/m), m)}, and across a grid over two disjoint paths.
 *
 * <p><b>Paths.</b> Ring: the two arcs of the ring between source and target. Hypercube, source and
 * target d >= 2 bits apart: d paths, path i flipping the differing bits in rotated order starting
 * from the i-th (internally node-disjoint). Mesh, source and target in different rows and columns:
 * rows first, and columns first. The split ({@link PathSending#split}) gives each path the units it
 * can deliver by the least common time, so the makespan is {@code min over splits of max_i S_*(n_i,
 * l_i)}: on a ring exactly Observation 2.5.1, on a hypercube between nodes d apart {@code
 * S_*(ceil(n/d), d)}; each path runs the pipeline of its own best packet size.
 *
 * <p><b>Guarantee.</b> Optimal on a ring (the {@code RING-SEND} bound meets it); a valid schedule
 * elsewhere. The source sends on several links at once, so all ports only; the paths share no link,
 * so either duplex.
 *
 * @implNote Stateless.
 */
public final class SplitPathsSend implements Method {
  /** The facts of {@code lc-split-paths}: see the class javadoc for the source. */
  static final MethodFacts FACTS =
      new MethodFacts(
          "lc-split-paths",
          "send split over disjoint paths (ring: both ways; hypercube: one path per differing bit; mesh: rows "
              + "first and columns first), each part pipelined at its own best packet size",
          "optimal on a ring (Observation 2.5.1); min over splits of max_i S_*(n_i, l_i) elsewhere",
          "D. B. Peters, \"Bounds for Communication Problems in Interconnection Networks under a Linear Cost "
              + "Model\", Observation 2.5.1 and §2.5",
          Scope.of(ProblemKind.SEND)
              .in(Family.LINEAR_COST)
              .on(
                  new Scope.NetworkTest(
                      "ring; hypercube with source "
                          + "and target 2 or more bits apart; mesh with source and target in different rows and columns",
                      SplitPathsSend::whyNotNetwork))
              .note("all ports"),
          false);

  @Override
  public MethodFacts facts() {
    return FACTS;
  }

  private static String whyNotNetwork(Instance instance) {
    return paths(instance) == null
        ? "needs at least two disjoint paths from the source to the target: a ring, a "
            + "hypercube with source and target two or more bits apart, or a mesh with them in different rows and "
            + "columns; use lc-pipeline-link"
        : null;
  }

  @Override
  public String whyNotFurther(Instance instance) {
    CommModel.StoreAndForward m = instance.storeAndForward();
    if (m.ports() != CommModel.Ports.ALL) {
      return name()
          + " has the source send on several links at once, which one port forbids; use lc-pipeline-proc";
    }
    List<int[]> paths = paths(instance);
    return paths == null
        ? null // the scope's rule (whyNotNetwork) refuses it
        : LinearCostMethods.tooLarge(
            name(), instance.messages().get(0).length(), false, records(instance, paths));
  }

  /**
   * The transmissions {@link #solve} writes: each path's pipeline at its own packet size, saturated
   * at {@link Long#MAX_VALUE} (a longer path takes smaller packets, so the shortest route's packet
   * size undercounts).
   */
  static long records(Instance instance, List<int[]> paths) {
    long n = instance.messages().get(0).length();
    PathSending ps = PathSending.of(instance.storeAndForward(), instance.timeScale());
    long[] links = links(paths);
    long[] share = ps.split(n, links);
    long records = 0;
    for (int i = 0; i < links.length; i++) {
      if (share[i] > 0) {
        long r =
            LinearCostMethods.pipelineRecords(share[i], ps.bestKStar(share[i], links[i]), links[i]);
        records = r > Long.MAX_VALUE - records ? Long.MAX_VALUE : records + r;
      }
    }
    return records;
  }

  /** The number of links of each path. */
  private static long[] links(List<int[]> paths) {
    long[] links = new long[paths.size()];
    for (int i = 0; i < links.length; i++) {
      links[i] = paths.get(i).length - 1;
    }
    return links;
  }

  /**
   * The disjoint paths of the send, source first, or null if the network is not one of ours or has
   * fewer than 2.
   */
  static List<int[]> paths(Instance instance) {
    Problem.Send send = (Problem.Send) instance.problem();
    int s = send.source();
    int t = send.target();
    Network net = instance.network();
    Topology top = net.topology();
    List<int[]> out = new ArrayList<>();
    if (s == t) {
      return null;
    }
    if (top instanceof Topology.Ring r) {
      int p = r.nodes();
      int m = Math.floorMod(t - s, p);
      int[] fwd = new int[m + 1];
      for (int i = 0; i <= m; i++) {
        fwd[i] = (s + i) % p;
      }
      int[] back = new int[p - m + 1];
      for (int i = 0; i <= p - m; i++) {
        back[i] = Math.floorMod(s - i, p);
      }
      out.add(fwd);
      out.add(back);
      return out;
    }
    if (top instanceof Topology.Hypercube) {
      int diff = s ^ t;
      int d = Integer.bitCount(diff);
      if (d < 2) {
        return null;
      }
      int[] bits = new int[d];
      for (int b = 0, i = 0; i < d; b++) {
        if ((diff >> b & 1) == 1) {
          bits[i++] = b;
        }
      }
      for (int i = 0; i < d; i++) {
        int[] path = new int[d + 1];
        path[0] = s;
        for (int h = 0; h < d; h++) {
          path[h + 1] = path[h] ^ (1 << bits[(i + h) % d]);
        }
        out.add(path);
      }
      return out;
    }
    if (top instanceof Topology.Mesh g) {
      int cols = g.cols();
      int r0 = s / cols;
      int c0 = s % cols;
      int r1 = t / cols;
      int c1 = t % cols;
      if (r0 == r1 || c0 == c1) {
        return null;
      }
      out.add(lPath(r0, c0, r1, c1, cols, true));
      out.add(lPath(r0, c0, r1, c1, cols, false));
      return out;
    }
    return null;
  }

  /** The shortest mesh path that walks the rows first (or the columns first). */
  private static int[] lPath(int r0, int c0, int r1, int c1, int cols, boolean rowsFirst) {
    int len = Math.abs(r1 - r0) + Math.abs(c1 - c0);
    int[] path = new int[len + 1];
    int r = r0;
    int c = c0;
    path[0] = r * cols + c;
    for (int h = 1; h <= len; h++) {
      boolean moveRow = rowsFirst ? r != r1 : c == c1;
      if (moveRow) {
        r += Integer.signum(r1 - r);
      } else {
        c += Integer.signum(c1 - c);
      }
      path[h] = r * cols + c;
    }
    return path;
  }

  @Override
  public SolveResult solve(Instance instance, SolveLimits limits) {
    requireApplies(instance);
    List<int[]> paths = paths(instance);
    long n = instance.messages().get(0).length();
    String msg = instance.messages().get(0).id();
    LcSchedule s = new LcSchedule(instance);
    PathSending ps = new PathSending(s.beta(), s.tau());
    long[] links = links(paths);
    long[] share = ps.split(n, links);
    long lo = 0;
    StringBuilder split = new StringBuilder();
    for (int i = 0; i < links.length; i++) {
      if (share[i] > 0) {
        PathPipeline.link(
            s, paths.get(i), msg, lo, share[i], false, ps.bestKStar(share[i], links[i]), null, 0);
      }
      lo += share[i];
      split.append(i == 0 ? "" : " + ").append(share[i]).append(" over ").append(links[i]);
    }
    return s.result(name(), limits.run().bestBound(instance))
        .withStat("split", split.toString())
        .withStat(
            "formula",
            "max_i S_*(n_i, l_i) = " + instance.timeScale().format(ps.splitTime(share, links)));
  }
}
