package org.commsched.solver.linearcost;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.commsched.core.bounds.FanChainBound;
import org.commsched.core.bounds.LowerBounds;
import org.commsched.core.check.ScheduleChecker;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.testing.Seeds;
import org.commsched.solver.cpsat.CpSatTaskModel;
import org.commsched.solver.model.TaskModel;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * FAN-CHAIN (docs/models/linear-cost.md#fan-chain) against the CP-SAT optimum on seeded tiny
 * networks with several arcs at both ends: a source {@code 0} linked to 2 or 3 nodes {@code x}, a
 * target linked to 2 senders {@code L} (one of them sometimes an {@code x} itself), each {@code x}
 * joined to a sender directly or through a middle node of its own, sometimes a link between two
 * {@code x} or between the two senders; broadcast of 2 or 3 units (2 under one port) from the
 * source, beta 0 to 5, tau 0 to 2 (not both 0), under F*, H*, F1, H1 and one port as
 * send-and-receive. The search's least makespan, searched from 0 (so it is held whether or not
 * another bound is higher), is at most the optimum the slot model proves with no floor posted, and
 * so is every bound {@code bounds} reports.
 */
class FanChainExactProperties {
  static Instance instance(long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    int a = 2 + (r.nextInt(3) == 0 ? 1 : 0);
    List<Topology.Pair> links = new ArrayList<>();
    for (int x = 1; x <= a; x++) {
      links.add(new Topology.Pair(0, x));
    }
    int p = a + 1;
    int l1 = p++;
    int l2 = r.nextInt(3) == 0 ? 1 + r.nextInt(a) : p++;
    int[] senders = {l1, l2};
    boolean[] fed = new boolean[2];
    for (int x = 1; x <= a; x++) {
      if (x == l2) {
        continue;
      }
      int k = x == a && !fed[0] ? 0 : r.nextInt(2);
      if (x == a && !fed[1] && l2 > a) {
        k = 1;
      }
      if (senders[k] == x) {
        k = 1 - k;
      }
      fed[k] = true;
      if (r.nextBoolean()) {
        links.add(new Topology.Pair(x, senders[k]));
      } else {
        links.add(new Topology.Pair(x, p));
        links.add(new Topology.Pair(p, senders[k]));
        p++;
      }
    }
    if (l2 <= a) {
      fed[1] = true;
    }
    if (!fed[0] || !fed[1]) {
      links.add(new Topology.Pair(l1, l2 > a ? l2 : 1 + (l2 % a)));
    }
    if (r.nextInt(3) == 0 && l2 > a) {
      links.add(new Topology.Pair(l1, l2));
    } else if (r.nextInt(3) == 0) {
      links.add(new Topology.Pair(1, 2));
    }
    int v = p++;
    links.add(new Topology.Pair(l1, v));
    links.add(new Topology.Pair(l2, v));
    List<Topology.Pair> simple = new ArrayList<>();
    for (Topology.Pair e : links) {
      Topology.Pair back = new Topology.Pair(e.v(), e.u());
      if (!simple.contains(e) && !simple.contains(back)) {
        simple.add(e);
      }
    }
    Network net = Network.of(new Topology.Explicit(p, simple, true));
    int rule = r.nextInt(5);
    int beta = r.nextInt(6);
    int tau = beta == 0 ? 1 + r.nextInt(2) : r.nextInt(3);
    long units =
        2 + (rule <= 1 ? r.nextInt(2) : 0); // 3 units under one port: beyond CP-SAT in 30 s
    CommModel.StoreAndForward m =
        new CommModel.StoreAndForward(
            new BigDecimal(beta),
            new BigDecimal(tau),
            rule >= 2 ? CommModel.Ports.ONE : CommModel.Ports.ALL,
            rule == 1 || rule == 3 ? CommModel.Duplex.HALF : CommModel.Duplex.FULL,
            rule == 4 ? CommModel.OnePortRule.SEND_AND_RECEIVE : CommModel.OnePortRule.EXCHANGE);
    String label = List.of("F*", "H*", "F1", "H1", "send-and-receive").get(rule);
    return new Instance(
        "broadcast "
            + units
            + " "
            + simple
            + " "
            + label
            + " beta="
            + beta
            + " tau="
            + tau
            + " seed "
            + seed,
        new Problem.Broadcast(0, units),
        m,
        net);
  }

  /** The CP-SAT optimum with no floor posted (its schedule checked). */
  static long optimum(Instance inst) {
    LinearCostCp cp = new LinearCostCp(inst);
    TaskModel.Solution s =
        CpSatTaskModel.INSTANCE.solve(cp.modelWithoutFloor(), LinearCostExactTest.ONE_WORKER);
    assertThat(s.answer().optimal()).as("CP-SAT proves it").isTrue();
    var report = ScheduleChecker.check(inst, cp.schedule(s.values(), s.present()));
    assertThat(report.valid()).as(report.violations().toString()).isTrue();
    return report.makespan();
  }

  @TestFactory
  Stream<DynamicTest> fanChain_neverExceedsTheOptimum() {
    return Seeds.seeds(Seeds.cases(12, 40))
        .mapToObj(
            seed -> {
              Instance inst = instance(seed);
              return DynamicTest.dynamicTest(
                  inst.name(),
                  () -> {
                    long fan = FanChainBound.least(inst, 0);
                    assertThat(fan).as("the bound applies").isPositive();
                    long optimum = optimum(inst);
                    assertThat(fan).as("FAN-CHAIN").isLessThanOrEqualTo(optimum);
                    for (LowerBound b : LowerBounds.all(inst)) {
                      assertThat(b.value()).as("bound " + b).isLessThanOrEqualTo(optimum);
                    }
                  });
            });
  }

  /**
   * The suite can fail: on the first fixed seeds, the deliberately wrong variant whose delays are
   * one tick longer (a hop charged more than it takes) exceeds the CP-SAT optimum on some instance
   * where the right one meets it.
   */
  @Test
  void aWrongVariant_exceedsTheOptimum_somewhere() {
    int met = 0;
    int caught = 0;
    for (long seed = 0; seed < 12; seed++) {
      Instance inst = instance(seed);
      long optimum = optimum(inst);
      if (FanChainBound.least(inst, 0) == optimum) {
        met++;
      }
      if (FanChainBound.least(inst, 0, 1) > optimum) {
        caught++;
      }
    }
    assertThat(met).as("instances where FAN-CHAIN is the optimum").isPositive();
    assertThat(caught).as("instances where the wrong variant exceeds the optimum").isPositive();
  }
}
