package org.commsched.heuristics.linearcost;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Network;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveStatus;
import org.commsched.core.testing.Deep;
import org.commsched.core.testing.RandomNetworks;
import org.junit.jupiter.api.Test;

/**
 * Telephone broadcast (one unit, beta 1, tau 0, one port) on networks whose minimum broadcast time
 * is known from outside this code: classic trees, the grids of de Sousa et al. 2020 (Table 1) and
 * random graphs of 30 % density that contain a spanning binomial tree (optimum {@code ceil(log2
 * p)}: the doubling argument bounds it from below).
 */
class TelephoneBroadcastExamplesTest {
  private static final SolveLimits LIMITS = SolveLimits.defaults();

  private static Instance telephone(Topology t, int source) {
    return TelephoneBroadcastProperties.broadcast(
        t,
        source,
        1,
        "1",
        "0",
        CommModel.Ports.ONE,
        CommModel.Duplex.FULL,
        CommModel.OnePortRule.EXCHANGE);
  }

  private static long tree(Topology t, int source) {
    Instance inst = telephone(t, source);
    SolveResult r = new TreeBroadcast().solve(inst, LIMITS);
    assertThat(r.status()).isEqualTo(SolveStatus.OPTIMAL);
    return TelephoneBroadcastProperties.checked(inst, r);
  }

  @Test
  void classicTrees_takeTheirKnownBroadcastTimes() {
    // a star of 9 nodes from its centre: one call per leaf, 8; from a leaf: the centre, then the 7
    // other leaves, 8
    assertThat(tree(new Topology.Star(9), 0)).isEqualTo(8);
    assertThat(tree(new Topology.Star(9), 3)).isEqualTo(8);
    assertThat(tree(new Topology.Star(2), 1)).isEqualTo(1);
    // a path of 2m + 1 nodes from its middle: m + 1 (one side waits a round); from an end: 2m
    assertThat(tree(new Topology.Bla(11), 5)).isEqualTo(6);
    assertThat(tree(new Topology.Bla(11), 0)).isEqualTo(10);
    // the binomial tree B_k (node v > 0 hangs on v minus its highest bit) from its root: k rounds
    List<Integer> parents = new ArrayList<>();
    parents.add(-1);
    for (int v = 1; v < 64; v++) {
      parents.add(v - Integer.highestOneBit(v));
    }
    assertThat(tree(new Topology.Tree(parents), 0)).isEqualTo(6);
  }

  @Test
  void aLargeTreeIsSolvedExactly_andTheDefaultTakesTheTreeMethod() {
    SplittableRandom r = new SplittableRandom(22);
    Topology t = RandomNetworks.tree(100_000, r);
    Instance inst = telephone(t, 0);
    assertThat(LinearCostMethods.provenOptimal(inst, () -> 0L)).isInstanceOf(TreeBroadcast.class);
    SolveResult exact = new TreeBroadcast().solve(inst, LIMITS);
    assertThat(exact.status()).isEqualTo(SolveStatus.OPTIMAL);
    // the rounds are at least the source's eccentricity and at least log2 of the nodes
    int[] dist = inst.network().distancesFrom(0);
    int ecc = java.util.Arrays.stream(dist).max().orElseThrow();
    assertThat(TelephoneBroadcastProperties.checked(inst, exact))
        .isGreaterThanOrEqualTo(Math.max(ecc, 17));
  }

  /**
   * Rows, cols, source (r, c) 1-indexed, published minimum broadcast time: de Sousa et al. 2020,
   * Table 1.
   */
  static final int[][] TABLE_1 = {
    {7, 10, 1, 1, 15},
    {7, 10, 2, 3, 12},
    {7, 10, 4, 1, 13},
    {7, 10, 4, 5, 9},
    {9, 15, 1, 1, 22},
    {9, 15, 3, 4, 17},
    {9, 15, 5, 1, 19},
    {9, 15, 5, 8, 13},
    {11, 20, 1, 1, 29},
    {11, 20, 3, 5, 23},
    {11, 20, 6, 1, 25},
    {11, 20, 6, 10, 16},
    {13, 30, 1, 1, 41},
    {13, 30, 4, 8, 31},
    {13, 30, 7, 1, 36},
    {13, 30, 7, 15, 22}
  };

  /**
   * The everyday rows of Table 1 ({@code deep} false): one per grid size, each with another of its
   * four sources (the corner of 7 x 10, the second source of 9 x 15, and so on), so that every size
   * and every kind of source is met; the other twelve rows ({@code deep} true) run in the deep
   * build. Each row costs about the same.
   */
  static Stream<int[]> table1(boolean deep) {
    return IntStream.range(0, TABLE_1.length)
        .filter(i -> (i % 4 != i / 4) == deep)
        .mapToObj(i -> TABLE_1[i]);
  }

  @Test
  void oneGridOfEachSizeOfDeSousaEtAl2020_Table1_isReachedByTheRoundHeuristic() {
    table1(false).forEach(TelephoneBroadcastExamplesTest::reachedByTheRoundHeuristic);
  }

  @Deep
  @Test
  void theOtherGridsOfDeSousaEtAl2020_Table1_areReachedByTheRoundHeuristic() {
    table1(true).forEach(TelephoneBroadcastExamplesTest::reachedByTheRoundHeuristic);
  }

  private static void reachedByTheRoundHeuristic(int[] row) {
    Instance inst =
        telephone(
            new Topology.Mesh(row[0], row[1]), Network.gridNode(row[2] - 1, row[3] - 1, row[1]));
    SolveResult h = new MatchingBroadcast().solve(inst, LIMITS);
    assertThat(TelephoneBroadcastProperties.checked(inst, h))
        .as("grid %dx%d from (%d,%d)", row[0], row[1], row[2], row[3])
        .isEqualTo(row[4]);
  }

  @Test
  void randomGraphsWithASpanningBinomialTree_reachLog2OfTheirNodes() {
    for (int p : new int[] {32, 64, 128}) {
      for (long seed = 0; seed < 3; seed++) {
        SplittableRandom r = new SplittableRandom(seed);
        int[] id = new int[p];
        for (int v = 0; v < p; v++) {
          id[v] = v;
        }
        for (int v = p - 1; v > 1; v--) { // node 0 stays the source
          int w = 1 + r.nextInt(v);
          int t = id[v];
          id[v] = id[w];
          id[w] = t;
        }
        boolean[][] has = new boolean[p][p];
        List<Topology.Pair> links = new ArrayList<>();
        for (int k = 1; k < p; k *= 2) { // the binomial tree: i calls i + k in round log2 k
          for (int i = 0; i < k && i + k < p; i++) {
            has[id[i]][id[i + k]] = has[id[i + k]][id[i]] = true;
            links.add(new Topology.Pair(id[i], id[i + k]));
          }
        }
        for (int u = 0; u < p; u++) {
          for (int v = u + 1; v < p; v++) {
            if (!has[u][v] && r.nextDouble() < 0.3) {
              links.add(new Topology.Pair(u, v));
            }
          }
        }
        Instance inst = telephone(new Topology.Explicit(p, links, true), 0);
        SolveResult h = new MatchingBroadcast().solve(inst, LIMITS);
        assertThat(TelephoneBroadcastProperties.checked(inst, h))
            .as("p = %d, seed %d", p, seed)
            .isEqualTo(Integer.numberOfTrailingZeros(p));
      }
    }
  }
}
