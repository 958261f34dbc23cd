package org.commsched.heuristics.linearcost;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
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
 * {@link ArcQueueFlood}: on seeded random connected graphs, for broadcast and gossip under every
 * port model, duplex and one-port rule, its schedules check, never end below the best lower bound,
 * and last exactly the lock-step sum of their rounds; where the optimum is known from first
 * principles it meets it.
 */
class ArcQueueFloodProperties {
  private static final SolveLimits LIMITS = SolveLimits.defaults();

  private static CommModel.StoreAndForward model(
      String beta,
      String tau,
      CommModel.Ports ports,
      CommModel.Duplex duplex,
      CommModel.OnePortRule rule) {
    return new CommModel.StoreAndForward(
        new BigDecimal(beta), new BigDecimal(tau), ports, duplex, rule);
  }

  @TestFactory
  Stream<DynamicTest> onRandomGraphs_everyModel_theSchedulesCheck_andNeverEndBelowTheBound() {
    return Seeds.seeds(Seeds.cases(6, 80))
        .mapToObj(
            seed ->
                DynamicTest.dynamicTest(
                    "seed " + seed,
                    () -> {
                      SplittableRandom r = new SplittableRandom(seed);
                      int p = 2 + r.nextInt(14);
                      Topology t = RandomNetworks.graph(p, 0.5 * r.nextDouble(), r);
                      int beta = r.nextInt(4);
                      int tau = beta == 0 ? 1 + r.nextInt(2) : r.nextInt(3);
                      CommModel.StoreAndForward m =
                          model(
                              String.valueOf(beta),
                              String.valueOf(tau),
                              r.nextBoolean() ? CommModel.Ports.ALL : CommModel.Ports.ONE,
                              r.nextBoolean() ? CommModel.Duplex.FULL : CommModel.Duplex.HALF,
                              r.nextBoolean()
                                  ? CommModel.OnePortRule.EXCHANGE
                                  : CommModel.OnePortRule.SEND_AND_RECEIVE);
                      long n = 1 + r.nextInt(r.nextBoolean() ? 3 : 12);
                      Problem problem =
                          r.nextBoolean()
                              ? new Problem.Gossip(n)
                              : new Problem.Broadcast(r.nextInt(p), n);
                      Instance inst = new Instance("aqf", problem, m, Network.of(t));
                      ArcQueueFlood aqf = new ArcQueueFlood();
                      assertThat(aqf.whyNot(inst)).isNull();
                      SolveResult res = aqf.solve(inst, LIMITS);
                      long span = TelephoneBroadcastProperties.checked(inst, res);
                      assertThat(span)
                          .as(res.stats().toString())
                          .isGreaterThanOrEqualTo(LowerBounds.best(inst).value());
                      // lock-step rounds: at most rounds x (beta + k tau), at least rounds x (beta
                      // + tau)
                      long rounds = ((Number) res.stats().get("rounds")).longValue();
                      long k = ((Number) res.stats().get("packetUnits")).longValue();
                      assertThat(span)
                          .isBetween(
                              rounds * (beta + tau),
                              rounds * (beta + k * tau)); // whole ticks: the scale is 1
                    }));
  }

  @TestFactory
  Stream<DynamicTest> aOneUnitBroadcastUnderAllPorts_endsAtTheSourcesEccentricity() {
    // under all ports nothing waits: every arc out of a node that holds the unit carries it to a
    // head without it in
    // the next round, so the unit reaches a node at distance d in round d, which no schedule beats
    // (a hop takes
    // beta + tau); under half duplex too, as two holders never send to each other
    return Seeds.seeds(Seeds.cases(4, 40))
        .mapToObj(
            seed ->
                DynamicTest.dynamicTest(
                    "seed " + seed,
                    () -> {
                      SplittableRandom r = new SplittableRandom(seed);
                      int p = 2 + r.nextInt(40);
                      Network net = Network.of(RandomNetworks.graph(p, 0.3 * r.nextDouble(), r));
                      int source = r.nextInt(p);
                      int ecc = 0;
                      for (int d : net.distancesFrom(source)) {
                        ecc = Math.max(ecc, d);
                      }
                      CommModel.Duplex duplex =
                          r.nextBoolean() ? CommModel.Duplex.FULL : CommModel.Duplex.HALF;
                      Instance inst =
                          new Instance(
                              "b",
                              new Problem.Broadcast(source, 1),
                              model(
                                  "2",
                                  "1",
                                  CommModel.Ports.ALL,
                                  duplex,
                                  CommModel.OnePortRule.EXCHANGE),
                              net);
                      SolveResult res = new ArcQueueFlood().solve(inst, LIMITS);
                      assertThat(TelephoneBroadcastProperties.checked(inst, res))
                          .as(duplex.toString())
                          .isEqualTo(3L * ecc);
                    }));
  }

  @Test
  void aOneUnitGossipOnACompleteGraph_underAllPorts_takesOneRound() {
    // every node receives the other p - 1 units over its p - 1 incoming arcs at once: one round of
    // beta + tau
    Instance inst =
        new Instance(
            "k",
            new Problem.Gossip(1),
            model(
                "0",
                "1",
                CommModel.Ports.ALL,
                CommModel.Duplex.FULL,
                CommModel.OnePortRule.EXCHANGE),
            Network.of(new Topology.Complete(9)));
    assertThat(TelephoneBroadcastProperties.checked(inst, new ArcQueueFlood().solve(inst, LIMITS)))
        .isEqualTo(1);
  }

  @Test
  void aGossipOnTwoSeparateParts_isRefused_andSaysWhy() {
    Topology t =
        new Topology.Explicit(
            4, java.util.List.of(new Topology.Pair(0, 1), new Topology.Pair(2, 3)), true);
    Instance inst =
        new Instance(
            "two",
            new Problem.Gossip(1),
            model(
                "0",
                "1",
                CommModel.Ports.ALL,
                CommModel.Duplex.FULL,
                CommModel.OnePortRule.EXCHANGE),
            Network.of(t));
    assertThat(new ArcQueueFlood().whyNot(inst))
        .isEqualTo(
            "arc-queue-flood needs every node reachable from every origin, and node 2 is not"
                + " reachable from node 0: no schedule exists");
  }

  @Test
  void moreDeliveriesThanItWrites_isRefused_beforeRunning() {
    // a broadcast of 10^4 units on 500 nodes: 4,990,000 deliveries, over the 4,000,000 records the
    // schemes write
    Instance inst =
        new Instance(
            "big",
            new Problem.Broadcast(0, 10_000),
            model(
                "1",
                "1",
                CommModel.Ports.ALL,
                CommModel.Duplex.FULL,
                CommModel.OnePortRule.EXCHANGE),
            Network.of(new Topology.Ring(500)));
    assertThat(new ArcQueueFlood().whyNot(inst))
        .isEqualTo(
            "arc-queue-flood makes at most 4000000 unit deliveries "
                + "(units times receiving nodes), and this instance needs more: use greedy-saf");
  }

  /**
   * The run's pass deadline (set by the portfolio beyond its delivery limit): one already past
   * stops the first pass, and the method returns no schedule and says why; without one the same
   * call returns a schedule that checks. No clock is read by the test: the deadline is set one
   * nanosecond before the call.
   */
  @Test
  void aPassDeadlineAlreadyPast_stopsTheFirstPass_withNoSchedule_andNoneLetsItEnd() {
    java.util.SplittableRandom r = new java.util.SplittableRandom(7);
    Instance inst =
        new Instance(
            "aqf-deadline",
            new Problem.Gossip(2),
            model(
                "0",
                "1",
                CommModel.Ports.ONE,
                CommModel.Duplex.FULL,
                CommModel.OnePortRule.EXCHANGE),
            Network.of(RandomNetworks.graph(30, 0.2, r)));
    ArcQueueFlood aqf = new ArcQueueFlood();
    org.commsched.core.solve.SolveRun run = new org.commsched.core.solve.SolveRun(inst, LIMITS);
    run.cutPassesAt(System.nanoTime() - 1);
    SolveResult cut = aqf.solve(inst, run.limits());
    assertThat(cut.hasSchedule()).isFalse();
    assertThat(cut.status()).isEqualTo(org.commsched.core.solve.SolveStatus.UNKNOWN);
    assertThat(cut.stats().get("stopped").toString()).contains("pass deadline");

    org.commsched.core.solve.SolveRun free = new org.commsched.core.solve.SolveRun(inst, LIMITS);
    SolveResult whole = aqf.solve(inst, free.limits());
    assertThat(whole.hasSchedule()).isTrue();
    assertThat(TelephoneBroadcastProperties.checked(inst, whole))
        .isGreaterThanOrEqualTo(LowerBounds.best(inst).value());
  }
}
