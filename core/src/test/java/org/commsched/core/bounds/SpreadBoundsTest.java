package org.commsched.core.bounds;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.commsched.core.check.CheckReport;
import org.commsched.core.check.ScheduleChecker;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Schedule;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.testing.Seeds;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * DOUBLING and CUT (docs/models/linear-cost.md#doubling-and-cut-bounds) on the cases of issue 22:
 * where a schedule built here meets the bound, the bound is the optimum. Values are worked out by
 * hand in each test's comment. The bounds are held against exact optima in {@code
 * SpreadBoundsExactProperties} [solver].
 */
class SpreadBoundsTest {
  private static final CommModel.StoreAndForward TELEPHONE =
      new CommModel.StoreAndForward(
          BigDecimal.ONE,
          BigDecimal.ZERO,
          CommModel.Ports.ONE,
          CommModel.Duplex.FULL,
          CommModel.OnePortRule.EXCHANGE);
  private static final CommModel.StoreAndForward UNIT_ALL =
      new CommModel.StoreAndForward(
          BigDecimal.ZERO, BigDecimal.ONE, CommModel.Ports.ALL, CommModel.Duplex.FULL, null);

  private static LowerBound kind(Instance inst, String kind) {
    return LowerBounds.all(inst).stream()
        .filter(b -> b.kind().equals(kind))
        .findFirst()
        .orElseThrow();
  }

  /**
   * A telephone broadcast along a spanning binomial tree: node order[i] is informed in round
   * floor(log2 i) by order[i - 2^floor(log2 i)]; ceil(log2 p) rounds of one tick each.
   */
  private static Schedule binomialBroadcast(Instance inst, int[] order) {
    String message = inst.origins().get(0).message();
    List<Schedule.Transmission> out = new ArrayList<>();
    for (int i = 1; i < order.length; i++) {
      int top = Integer.highestOneBit(i);
      out.add(
          new Schedule.Transmission(
              message, 0, 1, order[i - top], order[i], Integer.numberOfTrailingZeros(top), 0L));
    }
    return new Schedule.Transmissions(inst.timeScale(), out);
  }

  private static void assertSchedule(Instance inst, Schedule s, long makespan) {
    CheckReport r = ScheduleChecker.check(inst, s);
    assertThat(r.violations()).isEmpty();
    assertThat(r.makespan()).isEqualTo(makespan);
  }

  /**
   * Issue 22: a random graph of 128 nodes at 30 % edge density holding a spanning binomial tree;
   * telephone broadcast had the lower bound 2 (its eccentricity). Doubling gives log2 128 = 7, and
   * the tree's broadcast takes 7: the bound is the optimum.
   */
  @Test
  void telephoneBroadcast_onA128NodeRandomGraphWithABinomialTree_isBoundedAt7_theOptimum() {
    SplittableRandom r = new SplittableRandom(22);
    int p = 128;
    int[] order = new int[p];
    for (int i = 0; i < p; i++) {
      order[i] = i;
    }
    for (int i = p - 1; i > 0; i--) {
      int j = r.nextInt(i + 1);
      int t = order[i];
      order[i] = order[j];
      order[j] = t;
    }
    boolean[][] link = new boolean[p][p];
    for (int i = 1; i < p; i++) {
      int a = order[i];
      int b = order[i - Integer.highestOneBit(i)];
      link[a][b] = link[b][a] = true;
    }
    for (int u = 0; u < p; u++) {
      for (int v = u + 1; v < p; v++) {
        if (r.nextDouble() < 0.3) {
          link[u][v] = link[v][u] = true;
        }
      }
    }
    List<Topology.Pair> pairs = new ArrayList<>();
    for (int u = 0; u < p; u++) {
      for (int v = u + 1; v < p; v++) {
        if (link[u][v]) {
          pairs.add(new Topology.Pair(u, v));
        }
      }
    }
    Instance inst =
        new Instance(
            "r128",
            new Problem.Broadcast(order[0], 1),
            TELEPHONE,
            Network.of(new Topology.Explicit(p, pairs, true)));
    LowerBound best = LowerBounds.best(inst);
    assertThat(best.kind()).isEqualTo("DOUBLING");
    assertThat(best.value()).isEqualTo(7);
    assertThat(kind(inst, "ECCENTRICITY").value()).isLessThan(7);
    assertSchedule(inst, binomialBroadcast(inst, order), 7);
  }

  /**
   * Telephone broadcast on K_7: eccentricity 1, doubling ceil(log2 7) = 3, met by a binomial tree.
   */
  @Test
  void telephoneBroadcast_onK7_isBoundedAt3_theOptimum() {
    Instance inst =
        new Instance(
            "k7", new Problem.Broadcast(0, 1), TELEPHONE, Network.of(new Topology.Complete(7)));
    assertThat(LowerBounds.best(inst).value()).isEqualTo(3);
    assertThat(kind(inst, "DOUBLING").value()).isEqualTo(3);
    assertSchedule(inst, binomialBroadcast(inst, new int[] {0, 1, 2, 3, 4, 5, 6}), 3);
  }

  /**
   * Several units, one port (F1, beta 5, tau 1) on K_4: the source's last first-sent unit leaves it
   * at beta + 3 tau = 8 at the earliest and then needs ceil(log2 4) - 1 = 1 more hop of 6: 14.
   * Every scheme the thesis gives for K_4 takes at least that.
   */
  @Test
  void onePortBroadcastOfThreeUnits_onK4_addsTheDoublingsToTheSourcesSendingTime() {
    CommModel.StoreAndForward f1 =
        new CommModel.StoreAndForward(
            new BigDecimal(5),
            BigDecimal.ONE,
            CommModel.Ports.ONE,
            CommModel.Duplex.FULL,
            CommModel.OnePortRule.EXCHANGE);
    Instance inst =
        new Instance("k4", new Problem.Broadcast(0, 3), f1, Network.of(new Topology.Complete(4)));
    assertThat(kind(inst, "DOUBLING").value()).isEqualTo(14);
    assertThat(UpperBounds.all(inst))
        .isNotEmpty()
        .allSatisfy(u -> assertThat(u.value()).isGreaterThanOrEqualTo(14));
  }

  /**
   * Two triangles {0, 1, 2} and {3, 4, 5} joined by the link 2-3, gossip of one unit, beta 0, tau
   * 1, all ports: the three units of one side enter the other over one arc, one tick each, and the
   * last still needs a hop: CUT 3 + 1 = 4, above every other bound (RECV-PORT, VOLUME 3, DIAMETER
   * 3). The schedule below takes 4.
   */
  @Test
  void gossipAcrossABridge_isBoundedByTheCutAt4_theOptimum() {
    List<Topology.Pair> links =
        List.of(
            new Topology.Pair(0, 1),
            new Topology.Pair(0, 2),
            new Topology.Pair(1, 2),
            new Topology.Pair(2, 3),
            new Topology.Pair(3, 4),
            new Topology.Pair(3, 5),
            new Topology.Pair(4, 5));
    Instance inst =
        new Instance(
            "barbell",
            new Problem.Gossip(1),
            UNIT_ALL,
            Network.of(new Topology.Explicit(6, links, true)));
    LowerBound best = LowerBounds.best(inst);
    assertThat(best.kind()).isEqualTo("CUT");
    assertThat(best.value()).isEqualTo(4);
    assertThat(LowerBounds.all(inst).stream().filter(b -> !b.kind().equals("CUT")))
        .allSatisfy(b -> assertThat(b.value()).isLessThan(4));
    List<Schedule.Transmission> t = new ArrayList<>();
    int[][] sides = {{0, 1, 2, 3}, {5, 4, 3, 2}}; // two members, the bridge end, the far bridge end
    for (int[] s : sides) {
      int a = s[0];
      int b = s[1];
      int end = s[2];
      int other = s[3];
      // round 0: everyone inside the triangle exchanges; the bridge end sends its own unit across
      for (int[] arc : new int[][] {{a, b}, {a, end}, {b, a}, {b, end}, {end, a}, {end, b}}) {
        t.add(new Schedule.Transmission("m" + arc[0], 0, 1, arc[0], arc[1], 0, 0L));
      }
      t.add(new Schedule.Transmission("m" + end, 0, 1, end, other, 0, 0L));
      // rounds 1, 2: the two members' units cross; rounds 1 to 3: what crossed into this side is
      // forwarded
      t.add(new Schedule.Transmission("m" + a, 0, 1, end, other, 1, 0L));
      t.add(new Schedule.Transmission("m" + b, 0, 1, end, other, 2, 0L));
    }
    int[][] forward = {{3, 0, 1}, {3, 1, 1}, {5, 0, 2}, {5, 1, 2}, {4, 0, 3}, {4, 1, 3}};
    for (int[] f : forward) { // side {0, 1, 2} receives 3, 5, 4 at node 2 at 1, 2, 3
      t.add(new Schedule.Transmission("m" + f[0], 0, 1, 2, f[1], f[2], 0L));
    }
    int[][] back = {{2, 5, 1}, {2, 4, 1}, {0, 5, 2}, {0, 4, 2}, {1, 5, 3}, {1, 4, 3}};
    for (int[] f : back) { // side {3, 4, 5} receives 2, 0, 1 at node 3 at 1, 2, 3
      t.add(new Schedule.Transmission("m" + f[0], 0, 1, 3, f[1], f[2], 0L));
    }
    assertSchedule(inst, new Schedule.Transmissions(inst.timeScale(), t), 4);
  }

  /**
   * Issue 22: Q_3, beta 0, all ports, gossip of 3 units has optimum 7 (SCCL); the cut over one node
   * meets it.
   */
  @Test
  void allgatherOfThreeUnits_onQ3_isBoundedAt7_theOptimum() {
    Instance inst =
        new Instance("q3", new Problem.Gossip(3), UNIT_ALL, Network.of(new Topology.Hypercube(3)));
    assertThat(LowerBounds.best(inst).value()).isEqualTo(7);
    assertThat(kind(inst, "CUT").value()).isEqualTo(7);
  }

  /**
   * Hypercubes to Q_12: telephone broadcast is proven at d by the bounds (d doublings, eccentricity
   * d).
   */
  @Test
  void telephoneBroadcast_onQ12_isBoundedAt12() {
    Instance inst =
        new Instance(
            "q12", new Problem.Broadcast(0, 1), TELEPHONE, Network.of(new Topology.Hypercube(12)));
    assertThat(kind(inst, "DOUBLING").value()).isEqualTo(12);
  }

  /**
   * The heuristic sets are sets, so their best cut is never above the best over every set; on
   * seeded random networks of 6 to 12 nodes, broadcast and gossip, one port and all ports.
   */
  @TestFactory
  Stream<DynamicTest> heuristicCuts_neverExceedTheExactMaximum() {
    return Seeds.seeds(Seeds.cases(10, 20))
        .mapToObj(
            seed ->
                DynamicTest.dynamicTest(
                    "seed " + seed,
                    () -> {
                      SplittableRandom r = new SplittableRandom(seed);
                      int p = 6 + r.nextInt(7);
                      List<Topology.Pair> pairs = new ArrayList<>();
                      for (int v = 1; v < p; v++) {
                        pairs.add(new Topology.Pair(r.nextInt(v), v));
                      }
                      for (int k = 0; k < p / 2; k++) {
                        int u = r.nextInt(p);
                        int v = r.nextInt(p);
                        if (u != v
                            && !pairs.contains(new Topology.Pair(Math.min(u, v), Math.max(u, v)))) {
                          pairs.add(new Topology.Pair(Math.min(u, v), Math.max(u, v)));
                        }
                      }
                      Network net = Network.of(new Topology.Explicit(p, pairs, true));
                      int source = r.nextBoolean() ? r.nextInt(p) : -1;
                      boolean onePort = r.nextBoolean();
                      long n = 1 + r.nextInt(4);
                      SpreadBounds.Cut exact =
                          SpreadBounds.best(net, source, n, onePort, 2, 1, true);
                      SpreadBounds.Cut heur =
                          SpreadBounds.best(net, source, n, onePort, 2, 1, false);
                      assertThat(exact).isNotNull();
                      assertThat(heur).isNotNull();
                      assertThat(heur.value()).isLessThanOrEqualTo(exact.value());
                    }));
  }

  /**
   * Issue 22's leaf-spine (spines 0, 1; leaves 2, 3, 4 each linked to both spines; hosts 5, 6 on
   * leaf 2, 7, 8 on leaf 3, 9 on leaf 4), gossip of {@code units} units a node, beta 5, tau 1, all
   * ports, full duplex.
   */
  private static Instance leafSpineGossip(int units) {
    CommModel.StoreAndForward fstar =
        new CommModel.StoreAndForward(
            new BigDecimal(5), BigDecimal.ONE, CommModel.Ports.ALL, CommModel.Duplex.FULL, null);
    return new Instance(
        "leaf-spine",
        new Problem.Gossip(units),
        fstar,
        Network.of(org.commsched.core.testing.LeafSpine.network()));
  }

  /**
   * Issue 22's leaf-spine (spines 0, 1; leaves 2, 3, 4 each linked to both spines; hosts 5, 6 on
   * leaf 2, 7, 8 on leaf 3, 9 on leaf 4), gossip of 4 units, beta 5, tau 1, all ports. Host 5 has
   * one incoming arc, from leaf 2, and needs 36 units, which can be at leaf 2 no earlier than: its
   * own 4 at 0; those of host 6 and the spines (12) one hop away, at 6; those of leaves 3, 4 (8) at
   * 12; those of hosts 7, 8, 9 (12) at 18. Batched in release order (each packet beta + its units
   * tau): 4 at 0 end at 9; 12 from 9 end at 26; the last 20 from 26 end at 51, and no other
   * batching ends earlier (e.g. 16 from 6 then 20 from 27: 52; all 36 from 18: 59). RECV-PORT says
   * 41.
   */
  @Test
  void leafSpineGossip_ofFourUnits_isBoundedAt51_byTheHostsOneIncomingArc() {
    Instance inst = leafSpineGossip(4);
    LowerBound feed = kind(inst, "FEED");
    assertThat(feed.value()).isEqualTo(51);
    assertThat(feed.witness()).startsWith("node 5 ");
    assertThat(kind(inst, "RECV-PORT").value()).isEqualTo(41);
    // the best bound is RELAY-FEED's 56 at host 9 (RelayFeedBoundTest), which charges the spines'
    // set-ups too
    assertThat(LowerBounds.best(inst).value()).isEqualTo(56);
  }

  /**
   * The batching behind FEED against every batching: seeded sets of 1 to 5 units with release times
   * 0 to 12, each unit put in any of as many ordered batches (empty ones skipped), each batch
   * starting once its units are released and the previous batch has ended and lasting beta + its
   * units tau; the least makespan found so equals the dynamic program's.
   */
  @TestFactory
  Stream<DynamicTest> batchingOverReleaseTimes_equalsTheBestOfEveryBatching() {
    return Seeds.seeds(Seeds.cases(40, 200))
        .mapToObj(
            seed ->
                DynamicTest.dynamicTest(
                    "seed " + seed,
                    () -> {
                      SplittableRandom r = new SplittableRandom(seed);
                      int units = 1 + r.nextInt(5);
                      long beta = r.nextInt(6);
                      long tau = beta == 0 ? 1 + r.nextInt(3) : r.nextInt(3);
                      long[] release = new long[units];
                      java.util.TreeMap<Long, Long> groups = new java.util.TreeMap<>();
                      for (int u = 0; u < units; u++) {
                        release[u] = r.nextInt(13);
                        groups.merge(release[u], 1L, Long::sum);
                      }
                      long best = Long.MAX_VALUE;
                      int[] batch = new int[units];
                      while (true) {
                        long end = 0;
                        for (int b = 0; b < units; b++) {
                          long size = 0;
                          long ready = 0;
                          for (int u = 0; u < units; u++) {
                            if (batch[u] == b) {
                              size++;
                              ready = Math.max(ready, release[u]);
                            }
                          }
                          if (size > 0) {
                            end = Math.max(end, ready) + beta + size * tau;
                          }
                        }
                        best = Math.min(best, end);
                        int k = 0;
                        while (k < units && ++batch[k] == units) {
                          batch[k++] = 0;
                        }
                        if (k == units) {
                          break;
                        }
                      }
                      assertThat(SpreadBounds.batches(groups, beta, tau))
                          .as(
                              "releases "
                                  + java.util.Arrays.toString(release)
                                  + " beta "
                                  + beta
                                  + " tau "
                                  + tau)
                          .isEqualTo(best);
                    }));
  }

  /**
   * The leaf-spine of the test above with 16 units per node: host 5 needs 144 units; the j-th unit
   * of an origin at distance d >= 1 from leaf 2 is there no earlier than (d - 1) 6 + 5 + ceil(j /
   * width), width the origin's out-degree: leaf 2's own 16 at 0; host 6 (width 1) at 6..21; the
   * spines (width 3) at 6 (3 units), 7 (3), ..., 11 (1 unit) each; leaves 3 (width 4) and 4 (width
   * 3) from 12; hosts 7, 8, 9 (width 1) at 18..33. The best batching over those releases ends at
   * 159 (a dynamic program over the 144 units one by one, split groups allowed, run outside this
   * code base); with every unit released at its origin's distance times 6 (no spacing) it was 154.
   */
  @Test
  void leafSpineGossip_ofSixteenUnits_isBoundedAt159_byTheReleasesSpacedAtTheOrigins() {
    Instance inst = leafSpineGossip(16);
    LowerBound feed = kind(inst, "FEED");
    assertThat(feed.value()).isEqualTo(159);
    // 0 and every tick from 6 to 33: 29 release times, the witness lists the first 12 and says how
    // many there are
    assertThat(feed.witness())
        .startsWith("node 5 ")
        .contains("16 from 0, 7 from 6, 7 from 7")
        .contains(", ... (29 release times in all)");
  }

  /**
   * The release times of one origin's units ({@link SpreadBounds#release}) on seeded sizes: with as
   * many levels as ranks, exactly the units' times (d - 1) (beta + tau) + beta + ceil(j / width)
   * tau, j = 1..n (d = 0: all at 0), enumerated unit by unit here; with fewer levels, n units in
   * all, at most that many distinct times, and the i-th earliest unit never later than the i-th
   * earliest exact time (coarser releases only weaken the bound).
   */
  @TestFactory
  Stream<DynamicTest> releasesOfOneOrigin_areSpacedByItsWidth_andCoarserLevelsOnlyComeEarlier() {
    return Seeds.seeds(Seeds.cases(40, 200))
        .mapToObj(
            seed ->
                DynamicTest.dynamicTest(
                    "seed " + seed,
                    () -> {
                      SplittableRandom r = new SplittableRandom(seed);
                      int d = r.nextInt(4);
                      int n = 1 + r.nextInt(30);
                      int width = 1 + r.nextInt(4);
                      long beta = r.nextInt(6);
                      long tau = r.nextInt(4);
                      List<Long> exact = new ArrayList<>();
                      for (int j = 1; j <= n; j++) {
                        exact.add(
                            d == 0
                                ? 0
                                : (d - 1) * (beta + tau) + beta + ((j + width - 1) / width) * tau);
                      }
                      java.util.TreeMap<Long, Long> all = new java.util.TreeMap<>();
                      SpreadBounds.release(all, d, n, width, n, beta, tau);
                      assertThat(units(all)).as("d %d n %d width %d", d, n, width).isEqualTo(exact);
                      int levels = 1 + r.nextInt(5);
                      java.util.TreeMap<Long, Long> coarse = new java.util.TreeMap<>();
                      SpreadBounds.release(coarse, d, n, width, levels, beta, tau);
                      List<Long> c = units(coarse);
                      assertThat(c).hasSize(n);
                      assertThat(coarse.size()).isLessThanOrEqualTo(levels);
                      for (int i = 0; i < n; i++) {
                        assertThat(c.get(i))
                            .as("unit %d of d %d n %d width %d levels %d", i, d, n, width, levels)
                            .isLessThanOrEqualTo(exact.get(i));
                      }
                    }));
  }

  /** The release times of a release -> count map, one per unit, in increasing order. */
  private static List<Long> units(java.util.SortedMap<Long, Long> groups) {
    List<Long> out = new ArrayList<>();
    groups.forEach(
        (t, k) -> {
          for (long i = 0; i < k; i++) {
            out.add(t);
          }
        });
    return out;
  }
}
