package org.commsched.heuristics.linearcost;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.commsched.core.bounds.LowerBounds;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.testing.RandomNetworks;
import org.commsched.core.testing.Seeds;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * {@link RarestFirstGossip}: on seeded random connected graphs its schedules check, last a whole number of rounds and
 * never end below the best lower bound; on issue 22's beta = 0 collectives it ends at the optimum, worked out here
 * from the receive-port count (a node of degree {@code d} must receive {@code (p - 1) n} units, at most {@code d} a
 * step) or the diameter, both of which every schedule must respect.
 */
class RarestFirstGossipProperties {
  private static final SolveLimits LIMITS = SolveLimits.defaults();

  static Instance gossip(Topology t, long units, String beta, String tau) {
    return new Instance("g", new Problem.Gossip(units), new CommModel.StoreAndForward(new BigDecimal(beta),
        new BigDecimal(tau), CommModel.Ports.ALL, CommModel.Duplex.FULL, CommModel.OnePortRule.EXCHANGE),
        Network.of(t));
  }

  @TestFactory
  Stream<DynamicTest> onRandomGraphs_theSchedulesCheck_inWholeRounds_neverBelowTheBound() {
    return Seeds.seeds(Seeds.cases(4, 60)).mapToObj(seed -> DynamicTest.dynamicTest("seed " + seed, () -> {
      SplittableRandom r = new SplittableRandom(seed);
      int p = 2 + r.nextInt(10);
      Topology t = RandomNetworks.graph(p, 0.5 * r.nextDouble(), r);
      Instance inst = gossip(t, 1 + r.nextInt(3), String.valueOf(r.nextInt(3)), String.valueOf(1 + r.nextInt(2)));
      SolveResult res = new RarestFirstGossip().solve(inst, LIMITS);
      long span = TelephoneBroadcastProperties.checked(inst, res);
      long round = inst.storeAndForward().packetTicks(1, inst.timeScale());
      assertThat(span % round).isZero();
      assertThat(span / round).isEqualTo(((Number) res.stats().get("rounds")).longValue());
      assertThat(span).isGreaterThanOrEqualTo(LowerBounds.best(inst).value());
    }));
  }

  @Test
  void onTheMeshesToriRingAndCubeOfIssue22_itEndsAtTheOptimum() {
    // {topology, units, optimum in steps}: meshes and Q_3 by the receive-port count at the least degree
    // (ceil((p - 1) n / d)), the 4x4 torus with one unit by its diameter 4, the ring by Peters' Thm 4.2.4
    // (floor(p/2) beta + ceil((p - 1) n / 2) tau at beta 0)
    List<Object[]> cases = List.of(
        new Object[] {new Topology.Mesh(4, 4), 3, 23}, new Object[] {new Topology.Mesh(4, 4), 2, 15},
        new Object[] {new Topology.Mesh(3, 3), 3, 12}, new Object[] {new Topology.Torus(4, 4), 3, 12},
        new Object[] {new Topology.Torus(4, 4), 1, 4}, new Object[] {new Topology.Torus(3, 3), 3, 6},
        new Object[] {new Topology.Hypercube(3), 3, 7}, new Object[] {new Topology.Ring(8), 3, 11});
    for (Object[] c : cases) {
      Instance inst = gossip((Topology) c[0], (int) c[1], "0", "1");
      SolveResult res = new RarestFirstGossip().solve(inst, LIMITS);
      assertThat(TelephoneBroadcastProperties.checked(inst, res)).as(c[0] + ", " + c[1] + " units")
          .isEqualTo(((Integer) c[2]).longValue());
    }
  }

  @Test
  void underOnePort_itRefuses_andSaysWhy() {
    Instance inst = new Instance("g", new Problem.Gossip(2), new CommModel.StoreAndForward(BigDecimal.ZERO,
        BigDecimal.ONE, CommModel.Ports.ONE, CommModel.Duplex.FULL, CommModel.OnePortRule.EXCHANGE),
        Network.of(new Topology.Ring(4)));
    assertThat(new RarestFirstGossip().whyNot(inst)).startsWith("rarest-first").contains("all ports");
    assertThat(new RarestFirstGossip().whyNot(gossip(new Topology.Ring(4), 2, "0", "1"))).isNull();
  }
  /**
   * Issue 22: a construction within {@link RarestFirstGossip#SURE_WORK} is made whatever its time limit, so the
   * default portfolio's answer does not hang on the share a loaded machine leaves it; the Ctrl-C of the run still
   * ends it. The same schedule as under the default limit: the construction has no other input.
   */
  @Test
  void aSmallGossip_isMadeUnderAnyTimeLimit_andStopsOnlyWhenTheRunStops() {
    // the 4x4 mesh, 3 units a node: 48 units x 48 arcs x at least 23 rounds (45 units over 2 in-arcs) = 52,992
    Instance inst = gossip(new Topology.Mesh(4, 4), 3, "5", "1");
    assertThat(RarestFirstGossip.finishesRegardless(inst)).isTrue();
    SolveResult full = new RarestFirstGossip().solve(inst, LIMITS);
    SolveLimits tiny = new SolveLimits(Duration.ofNanos(1), 1, 0L);
    SolveResult quick = new RarestFirstGossip().solve(inst, tiny);
    assertThat(quick.hasSchedule()).as(quick.stats().toString()).isTrue();
    assertThat(quick.makespan()).isEqualTo(full.makespan());
    tiny.run().stop().stop();
    assertThat(new RarestFirstGossip().solve(inst, tiny).hasSchedule()).as("stopped by the run").isFalse();
    // a ring of 100 with 4 units (15,840,000, above the sure work) keeps its time limit
    assertThat(RarestFirstGossip.finishesRegardless(gossip(new Topology.Ring(100), 4, "0", "1"))).isFalse();
  }

  @Test
  void onLargeRings_itRefusesByItsWork_orByTheGossipRule_beforeRunning() {
    // ring of 1000, 4 units each: 4000 units, 2000 arcs, a node lacks 3996 units over 2 in-arcs, so at least 1998
    // rounds; 4000 x 2000 x 1998 is about 1.6 x 10^10, over the 10^9 of work taken
    assertThat(new RarestFirstGossip().whyNot(gossip(new Topology.Ring(1000), 4, "0", "1")))
        .isEqualTo("rarest-first takes at most 1000000000 units times arcs times rounds (here 4000 units on 2000 "
            + "arcs in at least 1998 rounds): use greedy-saf");
    // ring of 100, 4 units: 400 x 200 x 198 = 15,840,000, taken
    assertThat(new RarestFirstGossip().whyNot(gossip(new Topology.Ring(100), 4, "0", "1"))).isNull();
    // 1001 nodes: the gossip methods' shared limit of 1000 nodes comes first
    assertThat(new RarestFirstGossip().whyNot(gossip(new Topology.Ring(1001), 1, "0", "1")))
        .startsWith("rarest-first writes every one of the p (p - 1) deliveries");
  }
}
