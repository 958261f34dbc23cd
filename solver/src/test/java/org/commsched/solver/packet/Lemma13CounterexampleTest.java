package org.commsched.solver.packet;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.commsched.core.check.ScheduleChecker;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveStatus;
import org.commsched.heuristics.packet.StoreForwardEngine;
import org.commsched.solver.MethodRegistry;
import org.junit.jupiter.api.Test;

/**
 * Lemma 13 of J.-P. Tsai, "On the Furthest-Distance-First Principle in Scattering and Gathering"
 * (§5: any FDF schedule on a tree can be replaced by one as efficient with every message in even
 * sizes) fails on a tree, found with the exact model and the exhaustive search
 * (docs/models/packet.md#lemma-13-on-trees; catalogue {@code pk-lemma13-scatter-beta0p25}). Root 0
 * with branches 0-1-2 and 0-3-4; A = 4 units to P2, B = 2 units to P4, C = 1 unit to P1; beta 1/4,
 * tau 1, single port. A and B are equally far, so an FDF root may interleave them.
 */
class Lemma13CounterexampleTest {
  private static final SolveLimits LIMITS = new SolveLimits(Duration.ofSeconds(30), 1, 1L);

  static Instance instance() {
    List<Message> ms =
        List.of(new Message("MA", 0, 2, 4), new Message("MB", 0, 4, 2), new Message("MC", 0, 1, 1));
    CommModel model =
        new CommModel.StoreAndForward(
            new BigDecimal("0.25"),
            BigDecimal.ONE,
            CommModel.Ports.ONE,
            CommModel.Duplex.FULL,
            CommModel.OnePortRule.SEND_AND_RECEIVE);
    return new Instance(
        "lemma13",
        new Problem.Scatter(0, ms),
        model,
        Network.of(new Topology.Tree(List.of(-1, 0, 1, 0, 3))));
  }

  /** The FCFS-greedy scatter of packets (message index, size) in this root order. */
  private static long scatter(Instance inst, long[][] order) {
    List<StoreForwardEngine.Packet> ps = new ArrayList<>();
    int[] next = new int[3];
    for (long[] p : order) {
      ps.add(new StoreForwardEngine.Packet((int) p[0], next[(int) p[0]]++, p[1]));
    }
    return StoreForwardEngine.scatter(inst, ps).makespan();
  }

  private static long ticks(Instance inst, String time) {
    return inst.timeScale().toTicks(new BigDecimal(time));
  }

  @Test
  void anUnevenFdfSchedule_beatsEveryEvenSizeSchedule() {
    Instance inst = instance();
    // by hand: root A3 [0, 3.25), B2 [3.25, 5.5), A1 [5.5, 6.75), C1 [6.75, 8); A3 on [3.25, 6.5),
    // B2 on
    // [5.5, 7.75), A1 on [6.75, 8): FDF (A, B two hops, C one), FCFS, greedy, 8
    assertThat(scatter(inst, new long[][] {{0, 3}, {1, 2}, {0, 1}, {2, 1}}))
        .isEqualTo(ticks(inst, "8"));
    // the same counts in even sizes: A2, A2, B2 in any FDF order, then C1, take 9 (by hand)
    assertThat(scatter(inst, new long[][] {{0, 2}, {0, 2}, {1, 2}, {2, 1}}))
        .isEqualTo(ticks(inst, "9"));
    assertThat(scatter(inst, new long[][] {{0, 2}, {1, 2}, {0, 2}, {2, 1}}))
        .isEqualTo(ticks(inst, "9"));
    assertThat(scatter(inst, new long[][] {{1, 2}, {0, 2}, {0, 2}, {2, 1}}))
        .isEqualTo(ticks(inst, "9"));
    // the best even-size schedule over every count and order (by hand: B1, A2, A2, B1, C1 ends at
    // 8.25)
    assertThat(scatter(inst, new long[][] {{1, 1}, {0, 2}, {0, 2}, {1, 1}, {2, 1}}))
        .isEqualTo(ticks(inst, "8.25"));
    assertThat(PacketBruteForce.evenOptimum(inst))
        .as("even sizes, any order")
        .isEqualTo(ticks(inst, "8.25"));
    assertThat(PacketBruteForce.fdfEvenOptimum(inst))
        .as("even sizes, FDF")
        .isEqualTo(ticks(inst, "8.25"));
    assertThat(PacketBruteForce.optimum(inst)).as("optimum").isEqualTo(ticks(inst, "8"));
    MethodRegistry registry = MethodRegistry.standard();
    for (String name : List.of("cpsat", "choco")) {
      SolveResult r = registry.byName(name).solve(inst, LIMITS);
      assertThat(r.status()).isEqualTo(SolveStatus.OPTIMAL);
      assertThat(r.makespan()).as(name).isEqualTo(ticks(inst, "8"));
      assertThat(ScheduleChecker.checkResult(inst, r).valid()).isTrue();
    }
  }
}
