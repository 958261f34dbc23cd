package org.commsched.heuristics.linearcost;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Family;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Network;
import org.commsched.core.model.Origin;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.MethodFacts;
import org.commsched.core.solve.Scope;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;

/**
 * Broadcast of a long message on a small network under all ports and full duplex down {@code k}
 * spanning arborescences whose packets are <em>merged</em> where the trees share an arc
 * (docs/models/linear-cost.md#merged-tree-pipeline; this project's).
 *
 * <p>The message is cut into {@code q} rounds of about {@code n / q} units, and each round's units
 * into {@code k} near-equal parts, part {@code i} travelling down tree {@code i}. On each arc the
 * packet of round {@code j} carries the parts of round {@code j} of every tree that uses the arc
 * (so an arc shared by two trees pays {@code beta} once per round, where {@code
 * tree-packing-broadcast} sends the two trees' packets one after another), the packets of an arc in
 * round order, each as early as its arc is free and its sender holds its units. Where the trees
 * part below a shared arc, a round's units cross the parallel arcs in halves (or smaller parts) and
 * merge again below them: on issue 22's leaf-spine, from a host with one link, two trees that leave
 * the source's leaf by different spines carry each round's two halves over the two spines at once,
 * and each far leaf sends its host the round whole (16 units in rounds of 8: 57, where one tree's
 * pipeline pays the whole round on each spine hop).
 *
 * <p><b>Trees.</b> Tree families are drawn by a seeded search ({@value #FAMILIES} families, {@code
 * k} from 1 to 4): each tree grows like Prim's, taking the arc out of the tree of least {@code
 * (trees already on the arc) + w (depth) + noise}, with the weight {@code w} and the noise drawn
 * per family, so that later trees avoid the arcs of earlier ones. Each family is timed for {@code q
 * = 1 .. 8} rounds and the shortest schedule is written.
 *
 * <p><b>Refuses</b> other problems, one port, half duplex, links with channels or costs of their
 * own, more than {@value #MAX_NODES} nodes or {@value #MAX_UNITS} units, an unreachable node.
 * Guarantee: valid (the timing is a fixed point of the arcs' and units' precedences, and a family
 * whose merged packets wait on each other in a cycle is skipped; {@code k = 1, q = 1} never does),
 * no ratio.
 *
 * @implNote Stateless; deterministic (seed 1). Work: at most {@value #FAMILIES} times 8 timings,
 *     each at most {@code rounds x arcs} packets times {@code nodes} passes.
 */
public final class MergedTreePipeline implements Method {
  /** The most nodes taken. */
  static final int MAX_NODES = 64;

  /** The most units taken. */
  static final int MAX_UNITS = 256;

  /** Tree families drawn. */
  static final int FAMILIES = 400;

  /** The most rounds tried. */
  static final int MAX_ROUNDS = 8;

  /** The facts of {@code merged-tree-pipeline}: see the class javadoc. */
  static final MethodFacts FACTS =
      new MethodFacts(
          "merged-tree-pipeline",
          "broadcast in rounds down k spanning arborescences (a seeded search over tree families), "
              + "each round's units split over the trees and merged into one packet per round on an "
              + "arc the trees share, retimed as a fixed point; the best family and round count",
          "valid; no ratio",
          "this project (after the pipeline of D. B. Peters' thesis, Theorem 2.3.1)",
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
    Network net = instance.network();
    Origin o = instance.origins().get(0);
    if (net.nodes() > MAX_NODES) {
      return name()
          + " takes at most "
          + MAX_NODES
          + " nodes (it searches tree families); this network has "
          + net.nodes()
          + ": use tree-packing-broadcast";
    }
    if (o.length() > MAX_UNITS) {
      return name()
          + " takes at most "
          + MAX_UNITS
          + " units; this message has "
          + o.length()
          + ": use tree-packing-broadcast";
    }
    return LinearCostMethods.whyNotReachable(name(), instance);
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
    int n = (int) o.length();
    int src = o.node();
    Random rng = new Random(1);
    double[] weights = {0.3, 0.5, 1, 2};
    double[] noises = {0, 0.5, 1, 2};
    int[] ks = {1, 2, 2, 3, 4};
    Timing best = null;
    int families = 0;
    int bestFamily = 0;
    for (int f = 0; f < FAMILIES; f++) {
      if (best != null
          && (limits.run().stop().over(deadline)
              || org.commsched.core.solve.Interrupt.requested()
              || (bound != null && best.makespan <= bound.value()))) {
        break;
      }
      families++;
      int k = f == 0 ? 1 : ks[rng.nextInt(ks.length)];
      double w = weights[rng.nextInt(weights.length)];
      double noise = f == 0 ? 0 : noises[rng.nextInt(noises.length)];
      int[] usage = new int[net.arcs()];
      int[][] trees = new int[k][];
      for (int t = 0; t < k; t++) {
        trees[t] = grow(net, src, usage, rng, w, noise);
        for (int v = 0; v < net.nodes(); v++) {
          if (v != src) {
            usage[trees[t][v]]++;
          }
        }
      }
      for (int q = 1; q <= Math.min(MAX_ROUNDS, n); q++) {
        Timing tm = time(net, src, n, trees, q, beta, tau);
        if (tm != null && (best == null || tm.makespan < best.makespan)) {
          best = tm;
          bestFamily = f;
        }
      }
    }
    if (best == null) {
      throw new IllegalStateException(name() + ": no tree family could be timed");
    }
    LcSchedule s = new LcSchedule(instance);
    for (int i = 0; i < best.arcOf.length; i++) {
      int a = best.arcOf[i];
      List<LcSchedule.Run> runs = new ArrayList<>();
      int[] us = best.units[i];
      int j = 0;
      while (j < us.length) {
        int e = j + 1;
        while (e < us.length && us[e] == us[e - 1] + 1) {
          e++;
        }
        runs.add(new LcSchedule.Run(o.message(), us[j], e - j));
        j = e;
      }
      s.packet(net.tail(a), net.head(a), best.start[i], runs);
    }
    return s.result(name(), bound)
        .withStat("trees", best.trees)
        .withStat("rounds", best.rounds)
        .withStat("families", families)
        .withStat("bestFamily", bestFamily);
  }

  /**
   * A spanning arborescence rooted at {@code src} as parent arcs ({@code -1} at the root), grown
   * like Prim's: the arc out of the tree of least {@code usage + w depth + noise}.
   */
  static int[] grow(Network net, int src, int[] usage, Random rng, double w, double noise) {
    int p = net.nodes();
    int[] parentArc = new int[p];
    Arrays.fill(parentArc, -1);
    int[] depth = new int[p];
    boolean[] in = new boolean[p];
    in[src] = true;
    for (int added = 1; added < p; added++) {
      int bestArc = -1;
      double bestKey = Double.MAX_VALUE;
      for (int x = 0; x < p; x++) {
        if (!in[x]) {
          continue;
        }
        for (int i = 0; i < net.outDegree(x); i++) {
          int a = net.outArc(x, i);
          if (in[net.head(a)]) {
            continue;
          }
          double key = usage[a] + w * (depth[x] + 1) + noise * rng.nextDouble();
          if (key < bestKey) {
            bestKey = key;
            bestArc = a;
          }
        }
      }
      int y = net.head(bestArc);
      in[y] = true;
      parentArc[y] = bestArc;
      depth[y] = depth[net.tail(bestArc)] + 1;
    }
    return parentArc;
  }

  /** A timed schedule: packet {@code i} on arc {@code arcOf[i]} from {@code start[i]}. */
  record Timing(int[] arcOf, int[][] units, long[] start, long makespan, int trees, int rounds) {}

  /**
   * The merged rounds of {@code trees} timed as a fixed point, or null when some packet waits on
   * itself through the others (a cycle of merged packets).
   */
  static Timing time(Network net, int src, int n, int[][] trees, int q, long beta, long tau) {
    int p = net.nodes();
    int k = trees.length;
    // units of round j, tree t
    List<int[]> arcs = new ArrayList<>();
    List<int[]> contents = new ArrayList<>();
    int next = 0;
    for (int j = 0; j < q; j++) {
      int size = n / q + (j < n % q ? 1 : 0);
      int[][] partOf = new int[k][];
      for (int t = 0; t < k; t++) {
        int c = size / k + (t < size % k ? 1 : 0);
        partOf[t] = new int[c];
        for (int u = 0; u < c; u++) {
          partOf[t][u] = next++;
        }
      }
      // per arc, the union of the parts of the trees that use it
      int[][] byArc = new int[net.arcs()][];
      for (int t = 0; t < k; t++) {
        if (partOf[t].length == 0) {
          continue;
        }
        for (int v = 0; v < p; v++) {
          if (v == src) {
            continue;
          }
          int a = trees[t][v];
          int[] old = byArc[a] == null ? new int[0] : byArc[a];
          int[] merged = Arrays.copyOf(old, old.length + partOf[t].length);
          System.arraycopy(partOf[t], 0, merged, old.length, partOf[t].length);
          byArc[a] = merged;
        }
      }
      for (int a = 0; a < net.arcs(); a++) {
        if (byArc[a] != null) {
          int[] us = byArc[a].clone();
          Arrays.sort(us);
          arcs.add(new int[] {a, j});
          contents.add(us);
        }
      }
    }
    int m = arcs.size();
    long inf = Long.MAX_VALUE / 4;
    long[] end = new long[m];
    Arrays.fill(end, inf);
    long[] start = new long[m];
    long[][] held = new long[p][n];
    // packets in round order (they were added so), so an arc's packets come in round order
    for (int pass = 0; pass <= m + 1; pass++) {
      for (long[] h : held) {
        Arrays.fill(h, inf);
      }
      Arrays.fill(held[src], 0);
      for (int i = 0; i < m; i++) {
        int head = net.head(arcs.get(i)[0]);
        if (head != src) {
          for (int u : contents.get(i)) {
            held[head][u] = Math.min(held[head][u], end[i]);
          }
        }
      }
      boolean changed = false;
      long[] free = new long[net.arcs()];
      for (int i = 0; i < m; i++) {
        int a = arcs.get(i)[0];
        int tail = net.tail(a);
        long s = free[a];
        for (int u : contents.get(i)) {
          s = Math.max(s, held[tail][u]);
        }
        long e = s >= inf ? inf : s + beta + contents.get(i).length * tau;
        free[a] = e;
        if (e != end[i]) {
          end[i] = e;
          start[i] = s;
          changed = true;
        }
      }
      if (!changed) {
        long makespan = 0;
        int[] arcOf = new int[m];
        int[][] units = new int[m][];
        for (int i = 0; i < m; i++) {
          if (end[i] >= inf) {
            return null;
          }
          makespan = Math.max(makespan, end[i]);
          arcOf[i] = arcs.get(i)[0];
          units[i] = contents.get(i);
        }
        return new Timing(arcOf, units, start, makespan, k, q);
      }
    }
    return null;
  }
}
