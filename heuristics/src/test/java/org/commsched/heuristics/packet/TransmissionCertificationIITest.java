package org.commsched.heuristics.packet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.commsched.instances.testing.ScheduleAssertions.assertValid;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.commsched.core.check.Conformance;
import org.commsched.core.check.ScheduleChecker;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Schedule;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.testing.Seeds;
import org.commsched.instances.testing.RandomInstances;
import org.junit.jupiter.api.Test;

/**
 * {@code packet-tc2} (docs/models/packet.md#packet-tc2) against J.-P. Tsai, "On the
 * Furthest-Distance-First Principle in Scattering and Gathering", §7.3, Lemma 22: the three worked
 * estimates of docs/models/packet.md#packet-tc2 in both readings of the computation term C, the
 * method's statistics on the two-leaf star, and on seeded trees valid NRF schedules in which no
 * packet waits at an intermediate node, within the buffer bound (Theorem 20 holds for no-wait
 * schedules), and under one port within {@code L + M}.
 */
class TransmissionCertificationIITest {
  private final TransmissionCertificationII tc2 = new TransmissionCertificationII();

  /**
   * Lemma 22 on the path P0-P1-P2-P3 (M_i = 4, r_i = 2, beta = 1): B 6, C 2 or 6, L 12, M 18; 44 or
   * 48.
   */
  @Test
  void lemma22_path() {
    TransmissionCertificationII.Estimate printed =
        TransmissionCertificationII.estimate(
            1, 1, 3, 1, new long[] {4, 4, 4}, new int[] {2, 2, 2}, false);
    assertThat(printed).isEqualTo(new TransmissionCertificationII.Estimate(6, 2, 12, 18));
    assertThat(printed.total()).isEqualTo(44);
    TransmissionCertificationII.Estimate level =
        TransmissionCertificationII.estimate(
            1, 1, 3, 1, new long[] {4, 4, 4}, new int[] {2, 2, 2}, true);
    assertThat(level.c()).isEqualTo(6);
    assertThat(level.total()).isEqualTo(48);
  }

  /**
   * Lemma 22 on a root with two leaf children (M_i = 2, r_i = 1, beta = 1): B 4, C 6 both ways, L
   * 6, M 6; 26.
   */
  @Test
  void lemma22_twoLeaves() {
    for (boolean perLevel : new boolean[] {false, true}) {
      TransmissionCertificationII.Estimate e =
          TransmissionCertificationII.estimate(
              1, 1, 1, 2, new long[] {2, 2}, new int[] {1, 1}, perLevel);
      assertThat(e).isEqualTo(new TransmissionCertificationII.Estimate(4, 6, 6, 6));
      assertThat(e.total()).isEqualTo(26);
    }
    // the method picks r = 1 here too ((5.1) at distance 1), so its statistics are the same; its
    // data phase takes
    // 2 (beta + 2) = 6: the two messages reach the root one after the other
    Instance star =
        PacketCases.tree(
            false, List.of(-1, 0, 0), new long[] {2, 2}, PacketCases.model("1", "1", true));
    for (String c : List.of("as-printed", "per-level")) {
      SolveResult r =
          tc2.solve(
              star,
              SolveLimits.defaults()
                  .withOption(
                      TransmissionCertificationII.C_READING,
                      TransmissionCertificationII.C_READING.parse(c)));
      assertValid(c, star, r);
      assertThat(r.makespan()).isEqualTo(6);
      assertThat(r.stats())
          .containsEntry("estimate", "26")
          .containsEntry("B", "4")
          .containsEntry("C", "6")
          .containsEntry("L", "6")
          .containsEntry("M", "6")
          .containsEntry("lambda", 1L)
          .containsEntry("d", 2L)
          .containsEntry("cReading", c);
    }
  }

  /**
   * Lemma 22 on TV-1's tree (beta = 2; M_P = 3 in 2 packets, M_Q = 1): B 24, C 14 or 32, L 32, M
   * 11; 105 or 123.
   */
  @Test
  void lemma22_tv1Tree() {
    long[] lengths = {0, 0, 3, 0, 0, 0, 1};
    int[] counts = {1, 1, 2, 1, 1, 1, 1};
    TransmissionCertificationII.Estimate printed =
        TransmissionCertificationII.estimate(2, 1, 4, 2, lengths, counts, false);
    assertThat(printed).isEqualTo(new TransmissionCertificationII.Estimate(24, 14, 32, 11));
    assertThat(printed.total()).isEqualTo(105);
    assertThat(TransmissionCertificationII.estimate(2, 1, 4, 2, lengths, counts, true).total())
        .isEqualTo(123);
    SolveResult r = tc2.solve(StoreForwardEngineTest.tv(false, "2"), SolveLimits.defaults());
    assertThat(r.stats()).containsEntry("lambda", 4L).containsEntry("d", 2L);
  }

  /**
   * Seeded trees: valid, packets never wait at an intermediate node, the root receives nearest
   * first, every node within the largest-packet buffer bound; under one port the data phase stays
   * within L + M (an observation on random trees, docs/models/packet.md#packet-tc2, not a theorem
   * of the thesis).
   */
  @Test
  void randomTrees_noWaitNrfWithinBuffer() {
    String[] betas = {"0", "0.5", "1", "2", "5"};
    for (long seed : Seeds.seeds(Seeds.cases(2, 60)).toArray()) {
      SplittableRandom r = new SplittableRandom(seed);
      int n = 2 + r.nextInt(9);
      List<Integer> parents =
          NearestReceivedFirstTest.rootAtZero(RandomInstances.randomTree(r, n).parents());
      boolean onePort = r.nextBoolean();
      String beta = betas[r.nextInt(betas.length)];
      String tau = r.nextInt(3) == 0 ? "2" : "1";
      Instance inst =
          PacketCases.tree(
              false,
              parents,
              NearestReceivedFirstTest.randomLengths(r, n - 1),
              PacketCases.model(beta, tau, onePort));
      SolveResult res =
          tc2.solve(
              inst,
              SolveLimits.defaults()
                  .withOption(
                      TransmissionCertificationII.COUNTS,
                      r.nextBoolean() ? CountRule.ALONE : CountRule.ONE));
      assertValid(seed, inst, res);
      CommModel.StoreAndForward model = (CommModel.StoreAndForward) inst.model();
      Map<String, List<Schedule.Transmission>> hops = new HashMap<>();
      for (Schedule.Transmission t : ((Schedule.Transmissions) res.schedule()).transmissions()) {
        hops.computeIfAbsent(t.message() + "#" + t.packet(), k -> new ArrayList<>()).add(t);
      }
      for (List<Schedule.Transmission> ts : hops.values()) {
        ts.sort(java.util.Comparator.comparingLong(Schedule.Transmission::start));
        for (int j = 1; j < ts.size(); j++) {
          long d = model.packetTicks(ts.get(j - 1).size(), inst.timeScale());
          assertThat(ts.get(j).start())
              .as("seed %d, %s", seed, ts.get(j))
              .isEqualTo(ts.get(j - 1).start() + d);
        }
      }
      String rules =
          ScheduleChecker.conform(inst, res.schedule(), EnumSet.allOf(Conformance.class))
              .metNames();
      assertThat(rules)
          .as("seed %d", seed)
          .contains("fdf")
          .contains("buffer")
          .contains("even-size");
      if (onePort) {
        BigDecimal lm = new BigDecimal((String) res.stats().get("lPlusM"));
        assertThat(inst.timeScale().toUnits(res.makespan()))
            .as("seed %d", seed)
            .isLessThanOrEqualTo(lm);
      }
    }
  }

  @Test
  void options_areChecked() {
    assertThat(tc2.whyNotOption("c", "per-level")).isNull();
    assertThat(tc2.whyNotOption("c", "literal")).contains("c=as-printed or c=per-level");
    assertThat(tc2.whyNotOption("counts", "best")).contains("counts=alone or counts=one");
    assertThat(tc2.whyNot(StoreForwardEngineTest.tv(true, "2"))).isNotNull();
  }
}
