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
 * <p><b>Nodes of few links (this project).</b> A node with fewer in-arcs than trees would carry
 * several trees' small packets over one arc, each paying {@code beta}. For {@code k > 1} such nodes
 * are also left out of the trees and each is served over one in-arc in <em>merged</em> packets:
 * what reaches its in-neighbour is grouped by arrival time and cut into runs of groups by an exact
 * dynamic program ({@link #batches}); both packings, with and without them apart, are retimed.
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
 *     at the time limit (every run stops at its limit: on a busy machine fewer {@code k} run; all
 *     of them place about 3 x 10^6 transfers on 10^4 nodes), and the best so far is written. Ctrl-C
 *     stops it.
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
    long units = instance.origins().get(0).length();
    return LinearCostMethods.whyNotPipelined(
        name(), instance, () -> null, (long) instance.network().nodes() + units, 1);
  }

  @Override
  public SolveResult solve(Instance instance, SolveLimits limits) {
    requireApplies(instance);
    LowerBound bound = limits.run().bestBound(instance);
    // a later k runs while the run's time is not up (a portfolio gives this method a share of it;
    // the first k is what the share is for, the others are worth the rest)
    long deadline =
        Math.max(System.nanoTime() + limits.timeLimit().toNanos(), limits.run().deadline());
    Network net = instance.network();
    Origin o = instance.origins().get(0);
    CommModel.StoreAndForward model = instance.storeAndForward();
    long beta = model.betaTicks(instance.timeScale());
    long tau = model.tauTicks(instance.timeScale());
    int maxK = Math.min(MAX_TREES, net.outDegree(o.node()));
    PipelinedFlood.Run best = null;
    List<PipelinedFlood.Share> bestShares = null;
    StringBuilder tried = new StringBuilder(); // each k's retimed makespan and deepest tree
    Packing bestPacking = null;
    for (int k = 1; k <= Math.max(1, maxK); k++) {
      if (best != null
          && (limits.run().stop().stopped()
              || org.commsched.core.solve.Interrupt.requested()
              || limits.run().stop().over(deadline))) {
        break;
      }
      // the packing with the low nodes served apart, and (when there are any) the one without
      Packing apart = Packing.of(net, o.node(), o.message(), k);
      List<Packing> packings =
          apart.low.length == 0
              ? List.of(apart)
              : List.of(apart, new Packing(pack(net, o.node(), o.message(), k), new int[0]));
      boolean gaveUp = false;
      for (Packing packing : packings) {
        List<PipelinedFlood.Share> shares =
            split(packing.trees, o.length(), beta, tau, net.nodes());
        // the first run ends whatever the clock; a later one gives up at the time limit or a stop
        // (within the sure work it would end before the limit on an idle machine, so the answer
        // depends on the load only on a busy one)
        boolean sure = best == null;
        PipelinedFlood.Run r =
            packing.run(
                net,
                model,
                instance.timeScale(),
                shares,
                false,
                sure ? Long.MAX_VALUE : deadline,
                sure ? null : limits.run().stop());
        if (r == null) {
          gaveUp = true;
          break;
        }
        int deepest = 0;
        for (FloodTree t : packing.trees) {
          deepest = Math.max(deepest, t.height());
        }
        tried.append(tried.length() == 0 ? "" : ", ").append(k).append(": ").append(r.makespan);
        tried.append(" (height ").append(deepest);
        if (packing.low.length > 0) {
          tried.append(", ").append(packing.low.length).append(" served apart");
        }
        tried.append(')');
        if (best == null || r.makespan < best.makespan) {
          best = r;
          bestShares = shares;
          bestPacking = packing;
        }
      }
      if (gaveUp) {
        break;
      }
    }
    PipelinedFlood.Run run =
        bestPacking.run(net, model, instance.timeScale(), bestShares, true, Long.MAX_VALUE, null);
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
        .withStat("servedApart", bestPacking.low.length)
        .withStat("byTrees", tried.toString());
  }

  /**
   * The {@code k} trees of a packing and the nodes they leave out: a node other than the source
   * with fewer than {@code k} in-arcs ({@code low}) is a leaf of no tree when the trees can span
   * the other nodes without it, and receives the units in merged packets over one in-arc ({@link
   * #serveLow}).
   */
  static final class Packing {
    final List<FloodTree> trees;

    /** The nodes served apart, each with an in-neighbour outside them or earlier in this order. */
    final int[] low;

    private Packing(List<FloodTree> trees, int[] low) {
      this.trees = trees;
      this.low = low;
    }

    /**
     * The packing for {@code k} trees: the low nodes apart when the trees then span every other
     * node, else none apart ({@link #pack} on the whole network).
     */
    static Packing of(Network net, int source, String message, int k) {
      int[] low = lowNodes(net, source, k);
      if (low.length > 0 && low.length < net.nodes() - 1) { // the trees keep an arc
        boolean[] skip = new boolean[net.nodes()];
        for (int v : low) {
          skip[v] = true;
        }
        List<FloodTree> trees = pack(net, source, message, k, skip);
        boolean spans = true;
        for (FloodTree t : trees) {
          spans &= t.edges() == net.nodes() - 1 - low.length;
        }
        if (spans) {
          return new Packing(trees, low);
        }
      }
      return new Packing(pack(net, source, message, k), new int[0]);
    }

    /**
     * The trees' packets retimed ({@link PipelinedFlood#runShares}), then the low nodes served;
     * null when the retiming gave up at the deadline.
     */
    PipelinedFlood.Run run(
        Network net,
        CommModel.StoreAndForward model,
        org.commsched.core.time.TimeScale scale,
        List<PipelinedFlood.Share> shares,
        boolean record,
        long deadline,
        org.commsched.core.solve.StopToken stop) {
      if (low.length == 0) {
        return PipelinedFlood.runShares(net, model, scale, shares, record, deadline, stop);
      }
      // what reaches each in-neighbour of a low node: (end, first, size, packet) per packet
      int n = net.nodes();
      boolean[] isLow = new boolean[n];
      for (int v : low) {
        isLow[v] = true;
      }
      long[][] got = new long[n][];
      int[] gotLen = new int[n];
      for (int v : low) {
        for (int i = 0; i < net.inDegree(v); i++) {
          int u = net.tail(net.inArc(v, i));
          if (!isLow[u] && got[u] == null) {
            got[u] = new long[16];
          }
        }
      }
      int source = trees.get(0).origin;
      if (got[source] != null) { // the source holds every unit from the start
        long units = 0;
        for (PipelinedFlood.Share sh : shares) {
          units += sh.units();
        }
        got[source] = new long[] {0, 0, units, 0};
        gotLen[source] = 4;
      }
      PipelinedFlood.Run r =
          PipelinedFlood.runShares(
              net,
              model,
              scale,
              shares,
              record,
              deadline,
              stop,
              (node, end, first, size, packet) -> {
                if (got[node] != null) {
                  if (gotLen[node] + 4 > got[node].length) {
                    got[node] = Arrays.copyOf(got[node], got[node].length * 2);
                  }
                  long[] g = got[node];
                  int at = gotLen[node];
                  g[at] = end;
                  g[at + 1] = first;
                  g[at + 2] = size;
                  g[at + 3] = packet;
                  gotLen[node] += 4;
                }
              });
      if (r == null) {
        return null;
      }
      long beta = model.betaTicks(scale);
      long tau = model.tauTicks(scale);
      String message = shares.get(0).tree().message;
      List<Schedule.Transmission> out = record ? new ArrayList<>(r.transmissions) : null;
      long makespan = serveLow(net, low, isLow, got, gotLen, beta, tau, message, out);
      if (record) {
        out.sort(java.util.Comparator.comparingLong(Schedule.Transmission::start));
      }
      return new PipelinedFlood.Run(Math.max(r.makespan, makespan), out);
    }
  }

  /**
   * The nodes other than {@code source} with fewer than {@code k} in-arcs, in breadth-first order
   * from the other nodes (each has an in-neighbour that is not low or comes earlier); empty for
   * {@code k = 1}.
   */
  static int[] lowNodes(Network net, int source, int k) {
    int n = net.nodes();
    boolean[] low = new boolean[n];
    int count = 0;
    for (int v = 0; v < n; v++) {
      if (v != source && net.inDegree(v) < k) {
        low[v] = true;
        count++;
      }
    }
    int[] order = new int[count];
    if (count == 0) {
      return order;
    }
    boolean[] placed = new boolean[n];
    int len = 0;
    for (int v = 0; v < n; v++) {
      if (!low[v]) {
        continue;
      }
      for (int i = 0; i < net.inDegree(v); i++) {
        if (!low[net.tail(net.inArc(v, i))]) {
          order[len++] = v;
          placed[v] = true;
          break;
        }
      }
    }
    for (int head = 0; head < len; head++) {
      int x = order[head];
      for (int i = 0; i < net.outDegree(x); i++) {
        int y = net.head(net.outArc(x, i));
        if (low[y] && !placed[y]) {
          placed[y] = true;
          order[len++] = y;
        }
      }
    }
    // a low node no other node reaches (unreachable from the source) cannot occur: the method
    // refuses such networks; keep the order to the placed nodes regardless
    return Arrays.copyOf(order, len);
  }

  /** Packet arrival groups at most this many are batched exactly; beyond, greedily. */
  static final int EXACT_GROUPS = 1024;

  /**
   * Serves each low node in {@code low}'s order over one in-arc, from the in-neighbour that gets it
   * the units earliest: what reaches that neighbour (the trees' packets, or a low neighbour's
   * batches) is grouped by arrival time, and the arc carries consecutive groups as one merged
   * packet (records of one start), the batches chosen by {@link #batches}. Returns the last end;
   * adds the records to {@code out} if not null. {@code got[u]} holds (end, first, size, packet)
   * quadruples, {@code gotLen[u]} their length; the low nodes' own are added.
   */
  static long serveLow(
      Network net,
      int[] low,
      boolean[] isLow,
      long[][] got,
      int[] gotLen,
      long beta,
      long tau,
      String message,
      List<Schedule.Transmission> out) {
    boolean[] done = new boolean[net.nodes()];
    long makespan = 0;
    for (int v : low) {
      int bestU = -1;
      long bestEnd = Long.MAX_VALUE;
      long[] bestTimes = null;
      int[] bestCut = null;
      long[] bestStart = null;
      long[][] bestQuads = null;
      int[] bestGroupEnd = null;
      for (int i = 0; i < net.inDegree(v); i++) {
        int u = net.tail(net.inArc(v, i));
        if (got[u] == null || (isLow[u] && !done[u])) {
          continue;
        }
        long[] quads = Arrays.copyOf(got[u], gotLen[u]);
        // sort the packets by arrival time
        int m = quads.length / 4;
        Integer[] idx = new Integer[m];
        for (int j = 0; j < m; j++) {
          idx[j] = j;
        }
        Arrays.sort(idx, (a, b) -> Long.compare(quads[4 * a], quads[4 * b]));
        long[] sorted = new long[quads.length];
        for (int j = 0; j < m; j++) {
          System.arraycopy(quads, 4 * idx[j], sorted, 4 * j, 4);
        }
        // groups of one arrival time: times and cumulative units
        long[] times = new long[m];
        long[] cum = new long[m + 1];
        int[] groupEnd = new int[m]; // packets [groupEnd[g - 1], groupEnd[g]) form group g
        int groups = 0;
        for (int j = 0; j < m; j++) {
          if (groups == 0 || sorted[4 * j] != times[groups - 1]) {
            times[groups] = sorted[4 * j];
            cum[groups + 1] = cum[groups];
            groups++;
          }
          cum[groups] += sorted[4 * j + 2];
          groupEnd[groups - 1] = j + 1;
        }
        long[] start = new long[groups];
        int[] cut = batches(times, cum, groups, beta, tau, start);
        // the last batch's end
        int last = cut.length - 1;
        long end = start[last] + beta + (cum[groups] - cum[cut[last]]) * tau;
        if (end < bestEnd) {
          bestEnd = end;
          bestU = u;
          bestCut = cut;
          bestStart = start;
          bestTimes = Arrays.copyOf(times, groups);
          bestQuads = new long[][] {sorted, cum};
          bestGroupEnd = Arrays.copyOf(groupEnd, groups);
        }
      }
      if (bestU < 0) {
        continue; // cannot happen: lowNodes orders every low node after an in-neighbour
      }
      long[] sorted = bestQuads[0];
      int[] groupEndL = bestGroupEnd;
      long[] cum = bestQuads[1];
      int groups = bestTimes.length;
      got[v] = new long[sorted.length];
      gotLen[v] = 0;
      for (int b = 0; b < bestCut.length; b++) {
        int g0 = bestCut[b];
        int g1 = b + 1 < bestCut.length ? bestCut[b + 1] : groups;
        long s = bestStart[b];
        long e = s + beta + (cum[g1] - cum[g0]) * tau;
        int p0 = g0 == 0 ? 0 : groupEndL[g0 - 1];
        int p1 = groupEndL[g1 - 1];
        for (int j = p0; j < p1; j++) {
          long first = sorted[4 * j + 1];
          long size = sorted[4 * j + 2];
          int packet = (int) sorted[4 * j + 3];
          int at = gotLen[v];
          got[v][at] = e;
          got[v][at + 1] = first;
          got[v][at + 2] = size;
          got[v][at + 3] = packet;
          gotLen[v] += 4;
          if (out != null) {
            out.add(new Schedule.Transmission(message, packet, size, bestU, v, s, first));
          }
        }
        makespan = Math.max(makespan, e);
      }
      done[v] = true;
    }
    return makespan;
  }

  /**
   * The batches of one arc that carries groups {@code 0 .. groups - 1}, available at {@code times}
   * (ascending) with {@code cum[g + 1] - cum[g]} units each, to end the last batch soonest: a batch
   * of groups {@code i .. j - 1} starts at the later of the arc's free time and {@code times[j -
   * 1]} and takes {@code beta + units tau}. Exact by dynamic programming over the cut points up to
   * {@link #EXACT_GROUPS} groups (cutting within a group of one arrival time never ends sooner),
   * else greedy (each batch takes every group arrived by the time the arc is free, or the next
   * one). Returns the first group of each batch; {@code start[b]} is batch {@code b}'s start.
   */
  static int[] batches(long[] times, long[] cum, int groups, long beta, long tau, long[] start) {
    if (groups <= EXACT_GROUPS) {
      long[] f = new long[groups + 1]; // the least end of a batching of groups 0 .. j - 1
      int[] from = new int[groups + 1];
      for (int j = 1; j <= groups; j++) {
        f[j] = Long.MAX_VALUE;
        for (int i = 0; i < j; i++) {
          long e = Math.max(f[i], times[j - 1]) + beta + (cum[j] - cum[i]) * tau;
          if (e < f[j]) {
            f[j] = e;
            from[j] = i;
          }
        }
      }
      int count = 0;
      for (int j = groups; j > 0; j = from[j]) {
        count++;
      }
      int[] cut = new int[count];
      int b = count;
      for (int j = groups; j > 0; j = from[j]) {
        cut[--b] = from[j];
      }
      for (b = 0; b < count; b++) {
        int j = b + 1 < count ? cut[b + 1] : groups;
        start[b] = Math.max(f[cut[b]], times[j - 1]);
      }
      return cut;
    }
    List<Integer> cuts = new ArrayList<>();
    long free = 0;
    int g = 0;
    int b = 0;
    while (g < groups) {
      long s = Math.max(free, times[g]);
      int j = g;
      while (j < groups && times[j] <= s) {
        j++;
      }
      cuts.add(g);
      start[b++] = s;
      free = s + beta + (cum[j] - cum[g]) * tau;
      g = j;
    }
    int[] cut = new int[cuts.size()];
    for (int i = 0; i < cut.length; i++) {
      cut[i] = cuts.get(i);
    }
    return cut;
  }

  /**
   * {@code k} spanning arborescences of {@code net} rooted at {@code source}, grown together
   * breadth-first on arcs no other tree holds (the class javadoc); a tree that cannot span so
   * attaches its remaining nodes over any arc (shared arcs, which the retiming serializes).
   */
  static List<FloodTree> pack(Network net, int source, String message, int k) {
    return pack(net, source, message, k, new boolean[net.nodes()]);
  }

  /** {@link #pack(Network, int, String, int)} on the nodes not in {@code skip}. */
  static List<FloodTree> pack(Network net, int source, String message, int k, boolean[] skip) {
    int n = net.nodes();
    int target = n;
    for (boolean b : skip) {
      target -= b ? 1 : 0;
    }
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
        if (size[t] == target) {
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
            if ((!used[a] || shared[t]) && y != source && !skip[y] && parent[t][y] < 0) {
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
