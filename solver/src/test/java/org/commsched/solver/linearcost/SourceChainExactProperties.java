package org.commsched.solver.linearcost;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.commsched.core.bounds.LowerBounds;
import org.commsched.core.bounds.SourceChainBound;
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
import org.junit.jupiter.api.TestFactory;

/**
 * SOURCE-CHAIN (docs/models/linear-cost.md#source-chain) against the CP-SAT optimum on seeded tiny
 * networks it reads: a source hung on a node {@code x}, one to three middle nodes each linked to
 * {@code x} or to another middle node and some to a node {@code L}, a target hung on {@code L},
 * sometimes a chord between middle nodes or an extra node hung on a middle one; broadcast of 2 to 4
 * units from the source, beta 0 to 5, tau 0 to 2 (not both 0), under F*, H*, F1, H1 and one port as
 * send-and-receive. The search's least makespan, searched from 0 (so it is held whether or not
 * another bound is higher), is at most the optimum the slot model proves with no floor posted, and
 * so is every bound {@code bounds} reports.
 */
class SourceChainExactProperties {
  static Instance instance(long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    int mids = 1 + r.nextInt(3);
    int x = 1;
    int leaf = 2 + mids;
    int v = 3 + mids;
    List<Topology.Pair> links = new ArrayList<>();
    links.add(new Topology.Pair(0, x));
    boolean anyToLeaf = false;
    for (int m = 2; m < 2 + mids; m++) {
      // each middle node hangs on x or on an earlier middle node; the first one on x
      int on = m == 2 || r.nextBoolean() ? x : 2 + r.nextInt(m - 2);
      links.add(new Topology.Pair(on, m));
      if (m == 1 + mids && !anyToLeaf || r.nextBoolean()) {
        links.add(new Topology.Pair(m, leaf));
        anyToLeaf = true;
      }
    }
    if (mids >= 3 && r.nextBoolean() && !links.contains(new Topology.Pair(2, 4))) {
      links.add(new Topology.Pair(2, 4)); // a chord, unless node 4 already hangs on node 2
    }
    links.add(new Topology.Pair(leaf, v));
    int p = v + 1;
    if (r.nextInt(3) == 0) {
      links.add(new Topology.Pair(2 + r.nextInt(mids), p));
      p++;
    }
    Network net = Network.of(new Topology.Explicit(p, links, true));
    int rule = r.nextInt(5);
    int beta = r.nextInt(6);
    int tau = beta == 0 ? 1 + r.nextInt(2) : r.nextInt(3);
    long units = 2 + r.nextInt(rule == 0 ? 3 : 2);
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
            + links
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

  @TestFactory
  Stream<DynamicTest> sourceChain_neverExceedsTheOptimum() {
    return Seeds.seeds(Seeds.cases(12, 40))
        .mapToObj(
            seed -> {
              Instance inst = instance(seed);
              return DynamicTest.dynamicTest(
                  inst.name(),
                  () -> {
                    long chain = SourceChainBound.least(inst);
                    assertThat(chain).as("the bound applies").isPositive();
                    LinearCostCp cp = new LinearCostCp(inst);
                    TaskModel.Solution s =
                        CpSatTaskModel.INSTANCE.solve(
                            cp.modelWithoutFloor(), LinearCostExactTest.ONE_WORKER);
                    assertThat(s.answer().optimal()).as("CP-SAT proves it").isTrue();
                    var report = ScheduleChecker.check(inst, cp.schedule(s.values(), s.present()));
                    assertThat(report.valid()).as(report.violations().toString()).isTrue();
                    long optimum = report.makespan();
                    assertThat(chain).as("SOURCE-CHAIN").isLessThanOrEqualTo(optimum);
                    for (LowerBound b : LowerBounds.all(inst)) {
                      assertThat(b.value()).as("bound " + b).isLessThanOrEqualTo(optimum);
                    }
                  });
            });
  }
}
