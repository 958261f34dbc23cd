package org.commsched.heuristics.linearcost;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Family;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Network;
import org.commsched.core.model.Origin;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.model.Schedule;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.MethodFacts;
import org.commsched.core.solve.Scope;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;

/**
 * Broadcast of a long message on any network under all ports and full duplex by <em>packing
 * arc-disjoint spanning arborescences</em> rooted at the source, each carrying its own share of the
 * units in its own pipeline: a single pipelined tree ({@code greedy-saf}, {@link PipelinedFlood})
 * uses one link into each node, so its bandwidth term is {@code n tau} however many links a node
 * has; {@code k} arc-disjoint trees carry {@code n / k} units each at the same time
 * (docs/models/linear-cost.md#tree-packing-broadcast).
 *
 * <p><b>Trees.</b> By Edmonds' branching theorem (J. Edmonds, "Edge-disjoint branchings", in
 * Combinatorial Algorithms, 1973) a digraph has {@code k} arc-disjoint spanning arborescences
 * rooted at {@code s} exactly when every node set without {@code s} has {@code k} arcs entering it;
 * ForestColl (L. Zhao, S. Maleki, Z. Yang, H. Pourreza, A. Krishnamurthy, "ForestColl:
 * Throughput-Optimal Collective Communications on Heterogeneous Network Fabrics", 2024) builds
 * broadcasts from such packings. The packing here is a greedy one, not Gabow's exact algorithm: for
 * each {@code k = 1 .. K} ({@code K} the lesser of the source's out-degree and {@value #MAX_TREES})
 * the {@code k} trees grow together breadth-first, taking one unused arc each in turn from the
 * earliest node of their own queue, so that no tree takes all of a node's arcs and every tree stays
 * shallow; a tree that cannot span on unused arcs attaches its remaining nodes over arcs the others
 * hold, whose packets the retiming then serializes ({@link #pack}).
 *
 * <p><b>Units and packets.</b> A tree of height {@code h} that carries {@code u} units in {@code p}
 * packets of {@code q = ceil(u / p)} ends by Peters' lock-step pipeline (Theorem 2.3.1 of D. B.
 * Peters' thesis) at most at {@code (h + p - 1)(beta + q tau)}. The units are split so that the
 * largest of these is least: a binary search over the makespan {@code T} for the least one at which
 * the trees can carry all units together (each tree's most units by {@code T} over the packet
 * counts near the continuous optimum), then each tree's packet size is chosen for its share by the
 * same formula. The packets are then retimed together by {@link PipelinedFlood#runShares}, each
 * transfer as early as its arc and its packet's arrival at the sender allow; the best {@code k}
 * (the shortest retimed schedule) is returned. {@code k = 1} is {@code greedy-saf}'s breadth-first
 * pipeline with the formula's packet size.
 *
 * <p><b>Refuses</b> other problems; one port (the trees would share each node's port, and {@code
 * matching-broadcast} serves it); half duplex (two trees may use the two directions of one link,
 * which then carries one packet at a time, and the split assumes independent trees); links with
 * channels or their own costs (the formula assumes one cost); more than {@link
 * LinearCostMethods#MAX_UNITS} units or a pipeline time beyond 64-bit ticks; an unreachable node.
 *
 * @implNote Stateless. Work per {@code k}: {@code k} times the arcs to build the trees, and the
 *     transfers of the retimed schedule (at most {@link LinearCostMethods#MAX_RECORDS}: the packet
 *     counts are capped to fit). The first {@code k} always runs to its end; a later one gives up
 *     at the time limit or the run's stop, and the best so far is written.
 */
public final class TreePackingBroadcast implements Method {
  /** The most trees tried. */
  static final int MAX_TREES = 8;

  /** The facts of {@code tree-packing-broadcast}: see the class javadoc. */
  static final MethodFacts FACTS =
      new MethodFacts(
          "tree-packing-broadcast",
          "broadcast down k arc-disjoint spanning arborescences from the source (grown together "
              + "breadth-first), the units split so the pipelines end together, each tree pipelined in "
              + "packets of its own size, then retimed; the best k",
          "valid; no ratio (at k = 1 Peters' pipeline down a breadth-first tree)",
          "J. Edmonds, \"Edge-disjoint branchings\", 1973; L. Zhao et al., \"ForestColl\", 2024; "
              + "the pipeline of D. B. Peters' thesis, Theorem 2.3.1",
          Scope.of(ProblemKind.BROADCAST)
              .in(Family.LINEAR_COST)
              .ports(CommModel.Ports.ALL)
              .duplex(CommModel.Duplex.FULL),
          false);

  @Override
  public MethodFacts facts() {
    return FACTS;
  }

  @Override
  public String whyNotFurther(Instance instance) {
    Origin o = instance.origins().get(0);
    long units = o.length();
    String large = LinearCostMethods.tooLarge(name(), units, true, -1);
    if (large != null) {
      return large;
    }
    Network net = instance.network();
    int[] d = net.distancesFrom(o.node());
    for (int v = 0; v < d.length; v++) {
      if (d[v] < 0) {
        return name()
            + " needs every node reachable from the source, and node "
            + v
            + " is not reachable from node "
            + o.node()
            + ": no schedule exists";
      }
    }
    CommModel.StoreAndForward m = instance.storeAndForward();
    try {
      Math.multiplyExact(
          (long) net.nodes() + units,
          Math.addExact(
              m.betaTicks(instance.timeScale()),
              Math.multiplyExact(units, m.tauTicks(instance.timeScale()))));
    } catch (ArithmeticException e) {
      return name()
          + " times its pipelines in 64-bit ticks, which this message overflows; use greedy-saf";
    }
    return null;
  }

  @Override
  public SolveResult solve(Instance instance, SolveLimits limits) {
    requireApplies(instance);
    LowerBound bound = limits.run().bestBound(instance);
    long deadline = System.nanoTime() + limits.timeLimit().toNanos();
    Network net = instance.network();
    Origin o = instance.origins().get(0);
    CommModel.StoreAndForward model = instance.storeAndForward();
    long beta = model.betaTicks(instance.timeScale());
    long tau = model.tauTicks(instance.timeScale());
    int maxK = Math.min(MAX_TREES, net.outDegree(o.node()));
    PipelinedFlood.Run best = null;
    List<PipelinedFlood.Share> bestShares = null;
    StringBuilder tried = new StringBuilder(); // each k's retimed makespan and deepest tree
    for (int k = 1; k <= Math.max(1, maxK); k++) {
      if (best != null
          && (limits.run().stop().over(deadline)
              || org.commsched.core.solve.Interrupt.requested())) {
        break;
      }
      List<FloodTree> trees = pack(net, o.node(), o.message(), k);
      List<PipelinedFlood.Share> shares = split(trees, o.length(), beta, tau, net.nodes());
      // the first k always runs to its end; a later one gives up at the time limit or a stop
      PipelinedFlood.Run r =
          best == null
              ? PipelinedFlood.runShares(
                  net, model, instance.timeScale(), shares, false, Long.MAX_VALUE, null)
              : PipelinedFlood.runShares(
                  net, model, instance.timeScale(), shares, false, deadline, limits.run().stop());
      if (r == null) {
        break;
      }
      int deepest = 0;
      for (FloodTree t : trees) {
        deepest = Math.max(deepest, t.height());
      }
      tried.append(tried.length() == 0 ? "" : ", ").append(k).append(": ").append(r.makespan);
      tried.append(" (height ").append(deepest).append(')');
      if (best == null || r.makespan < best.makespan) {
        best = r;
        bestShares = shares;
      }
    }
    PipelinedFlood.Run run =
        PipelinedFlood.runShares(
            net, model, instance.timeScale(), bestShares, true, Long.MAX_VALUE, null);
    StringBuilder units = new StringBuilder();
    StringBuilder sizes = new StringBuilder();
    StringBuilder heights = new StringBuilder();
    for (PipelinedFlood.Share s : bestShares) {
      String sep = units.length() == 0 ? "" : " ";
      units.append(sep).append(s.units());
      sizes.append(sep).append(s.k());
      heights.append(sep).append(s.tree().height());
    }
    return SolveResult.feasible(
            name(),
            new Schedule.Transmissions(instance.timeScale(), run.transmissions),
            run.makespan,
            bound)
        .withStat("trees", bestShares.size())
        .withStat("treeUnits", units.toString())
        .withStat("packetUnits", sizes.toString())
        .withStat("treeHeights", heights.toString())
        .withStat("byTrees", tried.toString());
  }

  /**
   * {@code k} spanning arborescences of {@code net} rooted at {@code source}, grown together
   * breadth-first on arcs no other tree holds (the class javadoc); a tree that cannot span so
   * attaches its remaining nodes over any arc (shared arcs, which the retiming serializes).
   */
  static List<FloodTree> pack(Network net, int source, String message, int k) {
    int n = net.nodes();
    boolean[] used = new boolean[net.arcs()];
    int[][] parent = new int[k][n];
    int[][] queue = new int[k][n];
    int[] head = new int[k];
    int[] tail = new int[k];
    int[][] next = new int[k][n]; // the next out-arc of each node to look at, per tree
    int[] size = new int[k];
    boolean[] shared = new boolean[k]; // the tree now takes arcs other trees hold too
    for (int t = 0; t < k; t++) {
      Arrays.fill(parent[t], -1);
      queue[t][tail[t]++] = source;
      size[t] = 1;
    }
    boolean grew = true;
    while (grew) {
      grew = false;
      for (int t = 0; t < k; t++) {
        if (size[t] == n) {
          continue;
        }
        if (head[t] == tail[t] && !shared[t]) {
          // stuck on the unused arcs: attach the rest over any arc, again breadth-first
          shared[t] = true;
          head[t] = 0;
          Arrays.fill(next[t], 0);
        }
        // one unused arc from the earliest node of this tree's queue to a node outside the tree
        while (head[t] < tail[t]) {
          int x = queue[t][head[t]];
          int arc = -1;
          while (next[t][x] < net.outDegree(x)) {
            int a = net.outArc(x, next[t][x]++);
            int y = net.head(a);
            if ((!used[a] || shared[t]) && y != source && parent[t][y] < 0) {
              arc = a;
              break;
            }
          }
          if (arc < 0) {
            head[t]++;
            continue;
          }
          int y = net.head(arc);
          used[arc] = true;
          parent[t][y] = x;
          queue[t][tail[t]++] = y;
          size[t]++;
          grew = true;
          break;
        }
        if (head[t] == tail[t] && !shared[t]) {
          // stuck this turn on the unused arcs (both trees of a path's middle node): another
          // round, whose turn attaches the rest over any arc
          grew = true;
        }
      }
    }
    List<FloodTree> trees = new ArrayList<>();
    for (int t = 0; t < k; t++) {
      trees.add(FloodTree.of(source, message, parent[t]));
    }
    return trees;
  }

  /**
   * The units split over the trees so that the largest pipeline bound {@code (h + p - 1)(beta + q
   * tau)} is least, each tree's packet size chosen for its share (the class javadoc); the units go
   * to the trees in order, {@code first} counting on. Each tree's packets are at most {@link
   * LinearCostMethods#MAX_RECORDS} over the transfers of all trees' packets.
   */
  static List<PipelinedFlood.Share> split(
      List<FloodTree> trees, long units, long beta, long tau, int nodes) {
    int k = trees.size();
    long pCap = Math.max(1, LinearCostMethods.MAX_RECORDS / ((long) k * Math.max(1, nodes - 1)));
    long[] share = new long[k];
    if (k == 1) {
      share[0] = units;
    } else if (tau == 0) {
      // the units cost nothing: each tree's one packet ends at its height times beta, so the
      // shallowest tree takes them all
      int low = 0;
      for (int t = 1; t < k; t++) {
        low = trees.get(t).height() < trees.get(low).height() ? t : low;
      }
      share[low] = units;
    } else {
      long lo = 0;
      long hi = 0;
      for (FloodTree t : trees) {
        hi = Math.max(hi, pipeline(t.height(), units, units, beta, tau)); // all in one packet
      }
      // the least T at which the trees carry all units by T
      while (lo < hi) {
        long mid = lo + (hi - lo) / 2;
        long carried = 0;
        for (FloodTree t : trees) {
          carried = Math.min(units, carried + mostUnits(t.height(), mid, beta, tau, pCap, units));
        }
        if (carried >= units) {
          hi = mid;
        } else {
          lo = mid + 1;
        }
      }
      long left = units;
      for (int t = 0; t < k; t++) {
        share[t] = Math.min(left, mostUnits(trees.get(t).height(), lo, beta, tau, pCap, units));
        left -= share[t];
      }
    }
    List<PipelinedFlood.Share> shares = new ArrayList<>();
    long first = 0;
    int packetBase = 0;
    for (int t = 0; t < k; t++) {
      if (share[t] == 0) {
        continue;
      }
      long q = packetSize(trees.get(t).height(), share[t], beta, tau, pCap);
      shares.add(new PipelinedFlood.Share(trees.get(t), first, share[t], q, packetBase));
      first += share[t];
      packetBase += Math.toIntExact(PipelinedFlood.ceilDiv(share[t], q));
    }
    return shares;
  }

  /**
   * Peters' lock-step pipeline bound {@code (h + p - 1)(beta + q tau)}, {@code p = ceil(u / q)}.
   */
  static long pipeline(int h, long u, long q, long beta, long tau) {
    return (h + PipelinedFlood.ceilDiv(u, q) - 1) * (beta + q * tau);
  }

  /**
   * The packet counts worth trying for a tree of height {@code h}: 1, {@code cap}, and a few around
   * {@code center}.
   */
  private static long[] packetCounts(double center, long cap) {
    long c = (long) Math.max(1, Math.min((double) cap, Math.floor(center)));
    long[] ps = new long[9];
    ps[0] = 1;
    ps[1] = cap;
    for (int d = -3; d <= 3; d++) {
      ps[d + 5] = Math.max(1, Math.min(cap, c + d));
    }
    return ps;
  }

  /**
   * The most units (at most {@code units}) a tree of height {@code h} carries by time {@code T} in
   * at most {@code pCap} packets: the best of the packet counts near the continuous optimum {@code
   * p = sqrt(T (h - 1) / beta) - h + 1} (tau > 0).
   */
  static long mostUnits(int h, long time, long beta, long tau, long pCap, long units) {
    long cap = Math.min(pCap, Math.max(1, time / Math.max(1, beta + tau) - h + 1));
    double center = beta == 0 ? cap : Math.sqrt((double) time * (h - 1) / beta) - h + 1;
    long most = 0;
    for (long p : packetCounts(center, cap)) {
      long perHop = time / (h + p - 1);
      if (perHop < beta + tau) {
        continue;
      }
      long q = (perHop - beta) / tau;
      most = Math.max(most, Math.min(units, p * Math.min(units, q)));
    }
    return most;
  }

  /**
   * The packet size of a tree of height {@code h} carrying {@code u} units: the least pipeline
   * bound over the packet counts near the continuous optimum {@code p = sqrt((h - 1) u tau /
   * beta)}, at most {@code pCap} packets (ties: the larger packet).
   */
  static long packetSize(int h, long u, long beta, long tau, long pCap) {
    long cap = Math.min(pCap, u);
    double center = beta == 0 ? cap : Math.sqrt((double) (h - 1) * u * tau / beta);
    long bestQ = u;
    long bestT = pipeline(h, u, u, beta, tau);
    for (long p : packetCounts(center, cap)) {
      long q = PipelinedFlood.ceilDiv(u, p);
      long t = pipeline(h, u, q, beta, tau);
      if (t < bestT || (t == bestT && q > bestQ)) {
        bestT = t;
        bestQ = q;
      }
    }
    return bestQ;
  }
}
