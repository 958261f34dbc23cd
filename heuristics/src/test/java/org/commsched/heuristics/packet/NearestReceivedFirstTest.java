package org.commsched.heuristics.packet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.commsched.instances.testing.ScheduleAssertions.assertValid;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.SplittableRandom;
import org.commsched.core.check.Conformance;
import org.commsched.core.check.ScheduleChecker;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveOptions;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.testing.Seeds;
import org.commsched.instances.testing.RandomInstances;
import org.junit.jupiter.api.Test;

/**
 * {@code packet-nrf} (docs/models/packet.md#packet-nrf) against J.-P. Tsai, "On the
 * Furthest-Distance-First Principle in Scattering and Gathering": §7.2's TV-2
 * (docs/models/packet.md#tv-1-and-tv-2), Theorem 19 on paths rooted at an end (nearest-first
 * reception optimal among one-packet schedules, against every receive order), the two timings'
 * equal makespans (time reversal, docs/models/packet.md#gathering-and-time-reversal) and Theorem
 * 20's buffer bound, which the eager timing breaks and the as-late-as-possible one keeps
 * (docs/models/packet.md#buffers-in-gathering).
 */
class NearestReceivedFirstTest {
  private final NearestReceivedFirst nrf = new NearestReceivedFirst();

  private SolveResult solve(Instance inst, String timing, String counts) {
    SolveResult r =
        nrf.solve(
            inst,
            SolveLimits.defaults()
                .withOptions(
                    SolveOptions.NONE
                        .parsed(NearestReceivedFirst.TIMING, timing)
                        .parsed(NearestReceivedFirst.COUNTS, counts)));
    assertValid(timing + " " + counts, inst, r);
    return r;
  }

  /**
   * TV-2 (§7.2): the NRF schedules take 6β+6, 5β+8, 5β+8, 4β+10 (all 18 at β = 2); at β = 3/2 the
   * best is 15 (single units) and one packet each 16, while the non-NRF reception Q1, P3 takes
   * max(3β+9, 5β+7) = 29/2: NRF loses on a tree. Ticks of 1/10 at β = 3/2.
   */
  @Test
  void tv2_nrfTakesTheThesisTimes_andLosesToRhoStar() {
    for (String timing : List.of("eager", "alap")) {
      assertThat(solve(StoreForwardEngineTest.tv(false, "2"), timing, "best").makespan())
          .isEqualTo(18);
      assertThat(solve(StoreForwardEngineTest.tv(false, "2"), timing, "one").makespan())
          .isEqualTo(18);
      assertThat(solve(StoreForwardEngineTest.tv(false, "1.5"), timing, "best").makespan())
          .isEqualTo(150);
      assertThat(solve(StoreForwardEngineTest.tv(false, "1.5"), timing, "one").makespan())
          .isEqualTo(160);
    }
    Instance tv2 = StoreForwardEngineTest.tv(false, "1.5");
    List<StoreForwardEngine.Packet> rhoStar =
        List.of(new StoreForwardEngine.Packet(1, 0, 1), new StoreForwardEngine.Packet(0, 0, 3));
    assertThat(StoreForwardEngine.gatherEager(tv2, rhoStar).makespan()).isEqualTo(145);
  }

  /**
   * Theorem 20 fails for the eager NRF gather (docs/models/packet.md#buffers-in-gathering): root 0
   * with children 1 and 4, node 1 with children 2 and 3; 7, 5, 5, 3 units at nodes 1 to 4, one
   * packet each, β = 3. Eager, by hand: m1 1→0 [0,10), m4 4→0 [10,16), m2 2→1 [0,8) then 1→0
   * [16,24), m3 3→1 [8,16) then 1→0 [24,32); over [16,19] node 1 holds all of m2 and m3, 10 units,
   * above the largest packet 7. As late as possible (the reversed scatter m3, m2, m4, m1): node 1
   * peaks at 5. Both take 32.
   */
  @Test
  void buffer_eagerBreaksTheorem20_alapKeepsIt() {
    Instance inst =
        PacketCases.tree(
            false,
            List.of(-1, 0, 1, 1, 0),
            new long[] {7, 5, 5, 3},
            PacketCases.model("3", "1", true));
    SolveResult eager = solve(inst, "eager", "one");
    SolveResult alap = solve(inst, "alap", "one");
    assertThat(eager.makespan()).isEqualTo(32);
    assertThat(alap.makespan()).isEqualTo(32);
    assertThat(eager.stats())
        .containsEntry("largestPacket", 7L)
        .containsEntry("maxBuffer", "10")
        .containsEntry("maxBufferNode", 1L);
    assertThat(alap.stats()).containsEntry("maxBuffer", "5").containsEntry("maxBufferNode", 1L);
  }

  /**
   * Theorem 19: on a path rooted at an end, receiving one packet per message nearest first is at
   * least as fast as every other receive order (all permutations, eager gather), under both
   * timings.
   */
  @Test
  void path_nrfOnePacket_beatsEveryReceiveOrder() {
    String[] betas = {"0", "0.5", "1", "2", "3"};
    for (long seed : Seeds.seeds(Seeds.cases(4, 40)).toArray()) {
      SplittableRandom r = new SplittableRandom(seed);
      long[] lengths = new long[1 + r.nextInt(5)];
      for (int i = 0; i < lengths.length; i++) {
        lengths[i] = r.nextInt(4) == 0 ? 0 : 1 + r.nextInt(6);
      }
      Instance inst =
          PacketCases.path(
              false,
              lengths,
              PacketCases.model(betas[r.nextInt(betas.length)], "1", r.nextBoolean()));
      long eager = solve(inst, "eager", "one").makespan();
      assertThat(solve(inst, "alap", "one").makespan()).as("seed %d", seed).isEqualTo(eager);
      List<StoreForwardEngine.Packet> packets = new ArrayList<>();
      for (int i = 0; i < lengths.length; i++) {
        if (lengths[i] > 0) {
          packets.add(new StoreForwardEngine.Packet(i, 0, lengths[i]));
        }
      }
      long best = Long.MAX_VALUE;
      for (List<StoreForwardEngine.Packet> order : Orders.permutations(packets)) {
        best = Math.min(best, StoreForwardEngine.gatherEager(inst, order).makespan());
      }
      assertThat(eager)
          .as("seed %d, lengths %s", seed, java.util.Arrays.toString(lengths))
          .isEqualTo(best);
    }
  }

  /**
   * On random trees: both timings are valid NRF schedules with the makespan of packet-fdf-even's
   * reversed gather (time reversal); the eager one is greedy, the late one within the
   * largest-packet buffer bound (Theorem 20 as corrected).
   */
  @Test
  void trees_timingsAgree_eagerGreedy_alapWithinBuffer() {
    String[] betas = {"0", "0.5", "1", "2", "5"};
    FdfEvenSize even = new FdfEvenSize();
    for (long seed : Seeds.seeds(Seeds.cases(2, 60)).toArray()) {
      SplittableRandom r = new SplittableRandom(seed);
      int n = 2 + r.nextInt(8);
      Topology.Tree t = RandomInstances.randomTree(r, n);
      List<Integer> parents = new ArrayList<>(t.parents());
      Instance inst =
          PacketCases.tree(
              false,
              rootAtZero(parents),
              randomLengths(r, n - 1),
              PacketCases.model(
                  betas[r.nextInt(betas.length)], r.nextInt(3) == 0 ? "2" : "1", r.nextBoolean()));
      SolveResult eager = solve(inst, "eager", "best");
      SolveResult alap = solve(inst, "alap", "best");
      assertThat(eager.makespan())
          .as("seed %d", seed)
          .isEqualTo(alap.makespan())
          .isEqualTo(even.solve(inst, SolveLimits.defaults()).makespan());
      String eagerRules =
          ScheduleChecker.conform(inst, eager.schedule(), EnumSet.allOf(Conformance.class))
              .metNames();
      String alapRules =
          ScheduleChecker.conform(inst, alap.schedule(), EnumSet.allOf(Conformance.class))
              .metNames();
      assertThat(eagerRules)
          .as("seed %d", seed)
          .contains("greedy")
          .contains("fdf")
          .contains("even-size");
      assertThat(alapRules)
          .as("seed %d", seed)
          .contains("fdf")
          .contains("buffer")
          .contains("even-size");
    }
  }

  /** A tree's parents re-rooted at node 0 (parents of a random tree may have another root). */
  static List<Integer> rootAtZero(List<Integer> parents) {
    int n = parents.size();
    List<List<Integer>> adj = new ArrayList<>();
    for (int v = 0; v < n; v++) {
      adj.add(new ArrayList<>());
    }
    for (int v = 0; v < n; v++) {
      if (parents.get(v) >= 0) {
        adj.get(v).add(parents.get(v));
        adj.get(parents.get(v)).add(v);
      }
    }
    Integer[] p = new Integer[n];
    p[0] = -1;
    java.util.ArrayDeque<Integer> q = new java.util.ArrayDeque<>(List.of(0));
    boolean[] seen = new boolean[n];
    seen[0] = true;
    while (!q.isEmpty()) {
      int u = q.poll();
      for (int w : adj.get(u)) {
        if (!seen[w]) {
          seen[w] = true;
          p[w] = u;
          q.add(w);
        }
      }
    }
    return List.of(p);
  }

  static long[] randomLengths(SplittableRandom r, int count) {
    long[] out = new long[count];
    for (int i = 0; i < count; i++) {
      out[i] = r.nextInt(4) == 0 ? 0 : 1 + r.nextInt(7);
    }
    return out;
  }

  @Test
  void options_areChecked() {
    assertThat(nrf.whyNotOption("timing", "alap")).isNull();
    assertThat(nrf.whyNotOption("timing", "late")).contains("timing=eager or timing=alap");
    assertThat(nrf.whyNotOption("counts", "one")).isNull();
    assertThat(nrf.whyNotOption("counts", "many"))
        .contains("counts=best, alone, joint, monotone or one");
    assertThat(nrf.whyNot(StoreForwardEngineTest.tv(true, "2"))).isNotNull();
  }
}
