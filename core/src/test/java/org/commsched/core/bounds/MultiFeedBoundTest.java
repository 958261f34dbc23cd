package org.commsched.core.bounds;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.testing.Seeds;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * MULTI-FEED ({@link MultiFeedBound}; docs/models/linear-cost.md#multi-feed): its batching over
 * {@code k} arcs against brute force over every split of the units between the arcs (each arc's
 * batching by FEED's exact one-machine dynamic program), and its value on the 3 x 3 mesh, worked by
 * hand.
 */
class MultiFeedBoundTest {
  private static final CommModel.StoreAndForward FSTAR_5_1 =
      new CommModel.StoreAndForward(
          new BigDecimal(5), BigDecimal.ONE, CommModel.Ports.ALL, CommModel.Duplex.FULL, null);

  /**
   * The least makespan over every split of the release groups between {@code k} machines (how many
   * units of each group each machine takes: units of one group are alike), each machine's makespan
   * by {@link SpreadBounds#batches}.
   */
  static long bruteForce(long[] r, int k, long beta, long tau) {
    TreeMap<Long, Long> groups = new TreeMap<>();
    for (long x : r) {
      groups.merge(x, 1L, Long::sum);
    }
    long[] times = groups.keySet().stream().mapToLong(Long::longValue).toArray();
    long[] counts = groups.values().stream().mapToLong(Long::longValue).toArray();
    long[][] take = new long[k][times.length];
    return split(0, times, counts, take, beta, tau);
  }

  private static long split(
      int g, long[] times, long[] counts, long[][] take, long beta, long tau) {
    int k = take.length;
    if (g == times.length) {
      long worst = 0;
      for (long[] machine : take) {
        TreeMap<Long, Long> mine = new TreeMap<>();
        for (int i = 0; i < times.length; i++) {
          if (machine[i] > 0) {
            mine.put(times[i], machine[i]);
          }
        }
        worst = Math.max(worst, mine.isEmpty() ? 0 : SpreadBounds.batches(mine, beta, tau));
      }
      return worst;
    }
    // every way to write counts[g] as k non-negative parts
    return parts(g, 0, counts[g], times, counts, take, beta, tau);
  }

  private static long parts(
      int g,
      int machine,
      long left,
      long[] times,
      long[] counts,
      long[][] take,
      long beta,
      long tau) {
    int k = take.length;
    if (machine == k - 1) {
      take[machine][g] = left;
      return split(g + 1, times, counts, take, beta, tau);
    }
    long best = Long.MAX_VALUE;
    for (long x = 0; x <= left; x++) {
      take[machine][g] = x;
      best = Math.min(best, parts(g, machine + 1, left - x, times, counts, take, beta, tau));
    }
    return best;
  }

  /**
   * A corner of the 3 x 3 mesh, gossip of 4 units, beta 5, tau 1, all ports: it needs 32 units over
   * its two arcs. Releases at its neighbours (the nearest sender; origin out-degree 2 at the
   * corners, 3 on the sides, 4 in the middle): the neighbours' own 8 at 0; the two far corners of
   * the near side and the middle one hop away, at 5 + ceil(j / w): 8 at 6, 4 at 7; the two far side
   * nodes two hops away at 11 + ceil(j / 3): 6 at 12, 2 at 13; the far corner at 17 + ceil(j / 2):
   * 2 at 18, 2 at 19. Two arcs end at 29: one takes the 8 from 6 (6 to 19) and then the 5 from 13,
   * 18, 19 (19 to 29); the other the 8 from 0 (0 to 13) and then 11 from 7, 12, 13 (13 to 29). No
   * split does better (the brute force below, every split of the seven groups); the best cut says
   * 25.
   *
   * <p>The relay stage raises these releases. The corner's neighbours {@code (0, 1)}, {@code (1,
   * 0)} get the other units over four arcs from {@code (0, 2)}, the middle (two arcs) and {@code
   * (2, 0)}, one packet at a time on each: each tail holds its own 4 units at 0, so the first 4
   * crossings of an arc end no earlier than 6, 7, 8, 9; the fifth no earlier than 15 (the tail's
   * other units are at it from 6 on, and a packet of 5 from 6 ends at 16, a packet of 4 from 0 and
   * then one of 1 at 15). Merged: 8 at 0 (the neighbours' own), 4 each at 6, 7, 8, 9, then 15 and
   * later. Rank by rank the later of this and FEED's list: 8 at 0, 4 at 6, 4 at 7, 4 at 8, 4 at 12,
   * 4 at 15, 2 at 18, 2 at 19, and the best two arcs over those end at 31 (the brute force again).
   */
  @Test
  void meshCorner_gossipOfFourUnits_isBoundedAt31() {
    long[] r = releases(new long[][] {{0, 8}, {6, 8}, {7, 4}, {12, 6}, {13, 2}, {18, 2}, {19, 2}});
    assertThat(MultiFeedBound.leastMakespan(r, 2, 5, 1)).isEqualTo(29);
    assertThat(bruteForce(r, 2, 5, 1)).isEqualTo(29);
    long[] relayed =
        releases(new long[][] {{0, 8}, {6, 4}, {7, 4}, {8, 4}, {12, 4}, {15, 4}, {18, 2}, {19, 2}});
    assertThat(MultiFeedBound.leastMakespan(relayed, 2, 5, 1)).isEqualTo(31);
    assertThat(bruteForce(relayed, 2, 5, 1)).isEqualTo(31);
    Instance inst =
        new Instance(
            "mesh 3x3", new Problem.Gossip(4), FSTAR_5_1, Network.of(new Topology.Mesh(3, 3)));
    List<LowerBound> multi =
        LowerBounds.all(inst).stream().filter(b -> b.kind().equals("MULTI-FEED")).toList();
    assertThat(multi).hasSize(1);
    assertThat(multi.get(0).value()).isEqualTo(31);
    assertThat(multi.get(0).witness())
        .contains("2 incoming arcs")
        .contains("in-neighbours from other nodes")
        .contains("8 from 0, 4 from 6, 4 from 7, 4 from 8, 4 from 12, 4 from 15, 2 from 18");
  }

  private static long[] releases(long[][] groups) {
    return Arrays.stream(groups)
        .flatMapToLong(g -> java.util.stream.LongStream.generate(() -> g[0]).limit(g[1]))
        .toArray();
  }

  /**
   * On seeded release lists (up to 9 units in up to 5 groups, 2 or 3 machines, beta 0 to 5, tau 0
   * to 3, not both 0) the search equals the brute force over every split.
   */
  @TestFactory
  Stream<DynamicTest> search_equalsBruteForce_onSeededReleaseLists() {
    return Seeds.seeds(Seeds.cases(2, 60))
        .mapToObj(
            seed -> {
              SplittableRandom rnd = new SplittableRandom(seed);
              int k = 2 + rnd.nextInt(2);
              int units = 1 + rnd.nextInt(k == 2 ? 9 : 7);
              int levels = 1 + rnd.nextInt(5);
              long beta = rnd.nextInt(6);
              long tau = beta == 0 ? 1 + rnd.nextInt(3) : rnd.nextInt(4);
              long[] r = new long[units];
              for (int i = 0; i < units; i++) {
                r[i] = rnd.nextInt(levels) * (long) rnd.nextInt(1, 8);
              }
              Arrays.sort(r);
              return DynamicTest.dynamicTest(
                  "seed "
                      + seed
                      + " k="
                      + k
                      + " beta="
                      + beta
                      + " tau="
                      + tau
                      + " "
                      + Arrays.toString(r),
                  () ->
                      assertThat(MultiFeedBound.leastMakespan(r, k, beta, tau))
                          .isEqualTo(bruteForce(r, k, beta, tau)));
            });
  }
}
