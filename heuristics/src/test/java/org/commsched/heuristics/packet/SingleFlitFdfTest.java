package org.commsched.heuristics.packet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.commsched.instances.testing.ScheduleAssertions.assertValid;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.testing.Seeds;
import org.commsched.instances.testing.RandomInstances;
import org.junit.jupiter.api.Test;

/**
 * {@code packet-fdf-flit} (docs/models/packet.md#packet-fdf-flit) against J.-P. Tsai, "On the
 * Furthest-Distance-First Principle in Scattering and Gathering": the single-unit values of TV-1
 * (§4.1, F12, F13), F12 against the simulated makespan on seeded trees (scatter and, by Lemma 21,
 * gather), Fact 10 and Claim 11 with zero set-up against every packetization and root order of tiny
 * instances, Lemma 9 (no spanning tree beats a breadth-first one) against every spanning tree of
 * small graphs, and the proof's re-hanging step with the corrected choice of node.
 */
class SingleFlitFdfTest {
  private final SingleFlitFdf flit = new SingleFlitFdf();

  private SolveResult solve(Instance inst) {
    SolveResult r = flit.solve(inst, SolveLimits.defaults());
    assertValid(inst.name(), inst, r);
    return r;
  }

  /**
   * TV-1 and TV-2: unit depths 4, 3, 3, 3 give max_k (k + d_(k) - 1) = 6, so (beta + 1) 6; with
   * beta = 0, F13 = 6.
   */
  @Test
  void tv1_singleUnits_take6TimesBetaPlus1() {
    for (String beta : List.of("0", "1", "1.5", "2", "3")) {
      for (boolean scatter : new boolean[] {true, false}) {
        Instance inst = StoreForwardEngineTest.tv(scatter, beta);
        SolveResult r = solve(inst);
        long expected =
            inst.timeScale().toTicks(new java.math.BigDecimal(beta).add(java.math.BigDecimal.ONE))
                * 6;
        assertThat(r.makespan()).as("beta %s", beta).isEqualTo(expected);
        assertThat(r.stats())
            .containsEntry("f12", inst.timeScale().format(expected))
            .containsEntry("packets", 4L);
      }
    }
  }

  /**
   * F12, computed here from the sorted unit depths, equals the simulated makespan on trees under
   * one port.
   */
  @Test
  void randomTrees_makespanIsF12() {
    String[] betas = {"0", "0.5", "1", "2", "7"};
    for (long seed : Seeds.seeds(Seeds.cases(2, 60)).toArray()) {
      SplittableRandom r = new SplittableRandom(seed);
      int n = 2 + r.nextInt(9);
      List<Integer> parents =
          NearestReceivedFirstTest.rootAtZero(RandomInstances.randomTree(r, n).parents());
      String tau = r.nextInt(3) == 0 ? "2" : "1";
      String beta = betas[r.nextInt(betas.length)];
      Instance inst =
          PacketCases.tree(
              r.nextBoolean(),
              parents,
              NearestReceivedFirstTest.randomLengths(r, n - 1),
              PacketCases.model(beta, tau, true));
      List<Integer> depths = new ArrayList<>();
      for (int i = 0; i < inst.messages().size(); i++) {
        for (long u = 0; u < inst.messages().get(i).length(); u++) {
          depths.add(inst.atlas().hops(i));
        }
      }
      depths.sort(java.util.Comparator.reverseOrder());
      long steps = 0;
      for (int k = 1; k <= depths.size(); k++) {
        steps = Math.max(steps, k + depths.get(k - 1) - 1);
      }
      long unit =
          inst.timeScale()
              .toTicks(new java.math.BigDecimal(beta).add(new java.math.BigDecimal(tau)));
      SolveResult res = solve(inst);
      assertThat(res.makespan()).as("seed %d", seed).isEqualTo(unit * steps);
      assertThat(res.stats()).containsEntry("f12", inst.timeScale().format(unit * steps));
    }
  }

  /**
   * Fact 10 and Claim 11: with zero set-up, single units farthest first are at least as fast as
   * every packetization in every root order (FCFS greedy), on tiny trees; the value is F13, {@code
   * max_h (N_{>=h} + h - 1)}.
   */
  @Test
  void zeroSetup_singleUnitsAreOptimal() {
    for (long seed : Seeds.seeds(Seeds.cases(5, 40)).toArray()) {
      SplittableRandom r = new SplittableRandom(seed);
      int n = 2 + r.nextInt(4);
      List<Integer> parents =
          NearestReceivedFirstTest.rootAtZero(RandomInstances.randomTree(r, n).parents());
      long[] lengths = new long[n - 1];
      int left = 4;
      for (int i = 0; i < lengths.length && left > 0; i++) {
        lengths[i] = r.nextInt(Math.min(left, 3) + 1);
        left -= (int) lengths[i];
      }
      Instance inst = PacketCases.tree(true, parents, lengths, PacketCases.model("0", "1", true));
      long f13 = 0;
      for (int h = 1; h <= n; h++) {
        long atLeast = 0;
        for (int i = 0; i < inst.messages().size(); i++) {
          atLeast += inst.atlas().hops(i) >= h ? inst.messages().get(i).length() : 0;
        }
        if (atLeast > 0) {
          f13 = Math.max(f13, atLeast + h - 1);
        }
      }
      long best = bestOverEverything(inst);
      assertThat(solve(inst).makespan()).as("seed %d", seed).isEqualTo(best).isEqualTo(f13);
    }
  }

  /**
   * The least FCFS-greedy scatter makespan over every composition of every message and every root
   * order.
   */
  private static long bestOverEverything(Instance inst) {
    List<List<StoreForwardEngine.Packet>> packetizations = new ArrayList<>();
    packetizations.add(new ArrayList<>());
    for (int i = 0; i < inst.messages().size(); i++) {
      long m = inst.messages().get(i).length();
      if (m == 0) {
        continue;
      }
      List<List<StoreForwardEngine.Packet>> next = new ArrayList<>();
      for (List<StoreForwardEngine.Packet> base : packetizations) {
        for (int mask = 0; mask < 1 << (m - 1); mask++) {
          List<StoreForwardEngine.Packet> ps = new ArrayList<>(base);
          long run = 1;
          int k = 0;
          for (int b = 0; b < m - 1; b++) {
            if ((mask >> b & 1) == 1) {
              ps.add(new StoreForwardEngine.Packet(i, k++, run));
              run = 1;
            } else {
              run++;
            }
          }
          ps.add(new StoreForwardEngine.Packet(i, k, run));
          next.add(ps);
        }
      }
      packetizations = next;
    }
    long best = Long.MAX_VALUE;
    for (List<StoreForwardEngine.Packet> ps : packetizations) {
      for (List<StoreForwardEngine.Packet> order : Orders.permutations(ps)) {
        best = Math.min(best, StoreForwardEngine.scatter(inst, order).makespan());
      }
    }
    return best == Long.MAX_VALUE ? 0 : best;
  }

  /**
   * Lemma 9 (and Lemma 21 for gathering): on small connected graphs, single-unit FDF over the
   * default breadth-first routes is no slower than over any spanning tree (all of them enumerated),
   * and every breadth-first spanning tree (depth = graph distance) gives the same time.
   */
  @Test
  void lemma9_noSpanningTreeBeatsBreadthFirst() {
    String[] betas = {"0", "1", "2.5"};
    int trees = 0;
    int graphs = Seeds.cases(5, 40);
    for (long seed : Seeds.seeds(graphs).toArray()) {
      SplittableRandom r = new SplittableRandom(seed);
      int n = 3 + r.nextInt(4);
      List<Topology.Pair> edges = randomGraph(r, n);
      Network net = Network.of(new Topology.Explicit(n, edges, true));
      boolean scatter = r.nextBoolean();
      long[] lengths = NearestReceivedFirstTest.randomLengths(r, n - 1);
      CommModel model = PacketCases.model(betas[r.nextInt(betas.length)], "1", true);
      Instance bfs = routed(net, scatter, lengths, model, null);
      long bfsTime = solve(bfs).makespan();
      int[] dist = new int[n];
      for (int v = 1; v < n; v++) {
        dist[v] = bfs.atlas().hops(v - 1);
      }
      for (int[] parent : spanningTrees(n, edges)) {
        Instance inst = routed(net, scatter, lengths, model, parent);
        long t = solve(inst).makespan();
        trees++;
        assertThat(t)
            .as("seed %d, tree %s", seed, Arrays.toString(parent))
            .isGreaterThanOrEqualTo(bfsTime);
        boolean breadthFirst = true;
        for (int v = 1; v < n; v++) {
          breadthFirst &= inst.atlas().hops(v - 1) == dist[v];
        }
        if (breadthFirst) {
          assertThat(t)
              .as("seed %d, BFS tree %s", seed, Arrays.toString(parent))
              .isEqualTo(bfsTime);
        }
      }
    }
    assertThat(trees).as("more spanning trees than graphs").isGreaterThan(graphs);
  }

  /**
   * The proof of Lemma 9 re-hangs a misaligned node (tree depth above graph distance) on a
   * neighbour one hop closer to the root. Choosing the misaligned node of least tree depth, as
   * printed, can leave no such neighbour outside its subtree
   * (docs/models/packet.md#breadth-first-transformation): root 0, a = 1, u = 2, v = 3, x1..x3 =
   * 4..6, graph 0-a-u-v and 0-x1-x2-x3-v, tree 0-x1-x2-x3-v-u plus 0-a. With the least graph
   * distance instead, every step finds one, never slows single-unit FDF down, and ends on a
   * breadth-first tree (checked from every spanning tree of seeded small graphs).
   */
  @Test
  void lemma9_correctedTransformation_neverSlowsDown() {
    List<Topology.Pair> example =
        List.of(
            new Topology.Pair(0, 1),
            new Topology.Pair(1, 2),
            new Topology.Pair(2, 3),
            new Topology.Pair(0, 4),
            new Topology.Pair(4, 5),
            new Topology.Pair(5, 6),
            new Topology.Pair(6, 3));
    int[] tree = {-1, 0, 3, 6, 0, 4, 5};
    int[] dist = {0, 1, 2, 3, 1, 2, 3};
    int printedPick = -1; // least tree depth among misaligned nodes
    for (int v = 1; v < 7; v++) {
      if (depth(tree, v) > dist[v]
          && (printedPick < 0 || depth(tree, v) < depth(tree, printedPick))) {
        printedPick = v;
      }
    }
    assertThat(printedPick).isEqualTo(3);
    for (Topology.Pair e : example) {
      int w = e.u() == 3 ? e.v() : e.v() == 3 ? e.u() : -1;
      if (w >= 0 && dist[w] == dist[3] - 1) {
        assertThat(inSubtree(tree, w, 3)).as("v's closer neighbour %d", w).isTrue();
      }
    }
    String[] betas = {"0", "1", "3"};
    int steps = 0;
    int graphs = Seeds.cases(10, 20);
    for (long seed : Seeds.seeds(graphs).toArray()) {
      SplittableRandom r = new SplittableRandom(seed);
      int n = 3 + r.nextInt(4);
      List<Topology.Pair> edges = seed == Seeds.seed(0) ? example : randomGraph(r, n);
      n = seed == Seeds.seed(0) ? 7 : n;
      Network net = Network.of(new Topology.Explicit(n, edges, true));
      boolean scatter = r.nextBoolean();
      long[] lengths = NearestReceivedFirstTest.randomLengths(r, n - 1);
      CommModel model = PacketCases.model(betas[r.nextInt(betas.length)], "1", true);
      int[] g = new int[n];
      Instance bfs = routed(net, scatter, lengths, model, null);
      for (int v = 1; v < n; v++) {
        g[v] = bfs.atlas().hops(v - 1);
      }
      for (int[] start : spanningTrees(n, edges)) {
        int[] parent = start.clone();
        long before = solve(routed(net, scatter, lengths, model, parent)).makespan();
        while (true) {
          int pick = -1;
          for (int v = 1; v < n; v++) {
            if (depth(parent, v) > g[v] && (pick < 0 || g[v] < g[pick])) {
              pick = v;
            }
          }
          if (pick < 0) {
            break;
          }
          int to = -1;
          for (Topology.Pair e : edges) {
            int w = e.u() == pick ? e.v() : e.v() == pick ? e.u() : -1;
            if (w >= 0 && g[w] == g[pick] - 1 && !inSubtree(parent, w, pick)) {
              to = w;
              break;
            }
          }
          assertThat(to)
              .as("seed %d, tree %s, node %d", seed, Arrays.toString(parent), pick)
              .isGreaterThanOrEqualTo(0);
          parent[pick] = to;
          long after = solve(routed(net, scatter, lengths, model, parent)).makespan();
          assertThat(after).as("seed %d, step on %d", seed, pick).isLessThanOrEqualTo(before);
          before = after;
          steps++;
        }
        assertThat(before).as("seed %d", seed).isEqualTo(solve(bfs).makespan());
      }
    }
    assertThat(steps).as("more re-hanging steps than graphs").isGreaterThan(graphs);
  }

  private static int depth(int[] parent, int v) {
    int d = 0;
    for (int x = v; parent[x] >= 0; x = parent[x]) {
      d++;
    }
    return d;
  }

  /** True if x lies in the subtree of v (x = v included). */
  private static boolean inSubtree(int[] parent, int x, int v) {
    for (int y = x; y >= 0; y = parent[y]) {
      if (y == v) {
        return true;
      }
    }
    return false;
  }

  private static List<Topology.Pair> randomGraph(SplittableRandom r, int n) {
    List<Topology.Pair> edges = new ArrayList<>();
    java.util.Set<Long> seen = new java.util.HashSet<>();
    for (int v = 1; v < n; v++) {
      int u = r.nextInt(v);
      edges.add(new Topology.Pair(u, v));
      seen.add((long) u * n + v);
    }
    for (int e = r.nextInt(n + 1); e > 0; e--) {
      int u = r.nextInt(n);
      int v = r.nextInt(n);
      if (u < v && seen.add((long) u * n + v)) {
        edges.add(new Topology.Pair(u, v));
      }
    }
    return edges;
  }

  /**
   * Node v >= 1 holds lengths[v - 1]; routes along the tree of parents, or default (breadth-first)
   * when null.
   */
  private static Instance routed(
      Network net, boolean scatter, long[] lengths, CommModel model, int[] parent) {
    List<Message> ms = new ArrayList<>();
    for (int v = 1; v < net.nodes(); v++) {
      List<Integer> route = null;
      if (parent != null) {
        route = new ArrayList<>();
        for (int x = v; x != -1; x = parent[x]) {
          route.add(x);
        }
        if (scatter) {
          java.util.Collections.reverse(route);
        }
      }
      ms.add(
          scatter
              ? new Message("m" + v, 0, v, lengths[v - 1], route)
              : new Message("m" + v, v, 0, lengths[v - 1], route));
    }
    Problem p = scatter ? new Problem.Scatter(0, ms) : new Problem.Gather(0, ms);
    return new Instance("lemma9", p, model, net);
  }

  /**
   * Every spanning tree of the graph as parents toward node 0 (subsets of n - 1 edges that connect
   * everything).
   */
  private static List<int[]> spanningTrees(int n, List<Topology.Pair> edges) {
    List<int[]> out = new ArrayList<>();
    int e = edges.size();
    for (int mask = 0; mask < 1 << e; mask++) {
      if (Integer.bitCount(mask) != n - 1) {
        continue;
      }
      List<List<Integer>> adj = new ArrayList<>();
      for (int v = 0; v < n; v++) {
        adj.add(new ArrayList<>());
      }
      for (int i = 0; i < e; i++) {
        if ((mask >> i & 1) == 1) {
          adj.get(edges.get(i).u()).add(edges.get(i).v());
          adj.get(edges.get(i).v()).add(edges.get(i).u());
        }
      }
      int[] parent = new int[n];
      Arrays.fill(parent, -2);
      parent[0] = -1;
      java.util.ArrayDeque<Integer> q = new java.util.ArrayDeque<>(List.of(0));
      int reached = 1;
      while (!q.isEmpty()) {
        int u = q.poll();
        for (int w : adj.get(u)) {
          if (parent[w] == -2) {
            parent[w] = u;
            reached++;
            q.add(w);
          }
        }
      }
      if (reached == n) {
        out.add(parent);
      }
    }
    return out;
  }
}
