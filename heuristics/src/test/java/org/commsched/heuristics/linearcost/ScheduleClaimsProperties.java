package org.commsched.heuristics.linearcost;

import static org.assertj.core.api.Assertions.assertThat;
import static org.commsched.instances.testing.ScheduleAssertions.assertValid;

import java.math.BigDecimal;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.testing.Seeds;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Claims about what the ring schemes of D. B. Peters, "Bounds for Communication Problems in
 * Interconnection Networks under a Linear Cost Model" (PhD thesis, Simon Fraser University, 1995)
 * send, checked on their checked schedules over seeded ring sizes, lengths, packet sizes and costs
 * (docs/models/linear-cost.md#properties): P19 for the broadcast schemes of Theorems 3.2.1, 3.2.2
 * and Proposition 3.2.1 (every non-source node receives each unit exactly once); P22, the counting
 * facts behind the gossip lower bounds (§4.2: one-way ring volumes, the F* half-message argument of
 * Theorem 4.2.4, the colouring of Lemma 4.2.6); P23, Observation 4.2.1 (a processor-bound node of
 * the one-way ring never has sent more than its own n units plus what it has received).
 */
class ScheduleClaimsProperties {
  private static final String[][] COSTS = {
    {"5", "1"}, {"272", "0.4"}, {"0", "1"}, {"1", "0"}, {"3", "2"}
  };

  private static CommModel.StoreAndForward model(
      String[] cost, CommModel.Ports ports, CommModel.Duplex duplex, CommModel.OnePortRule rule) {
    return new CommModel.StoreAndForward(
        new BigDecimal(cost[0]),
        new BigDecimal(cost[1]),
        ports,
        duplex,
        ports == CommModel.Ports.ONE ? rule : null);
  }

  @TestFactory
  Stream<DynamicTest> ringBroadcasts_receiveEachUnitOnce() {
    return Seeds.seeds(Seeds.cases(2, 40))
        .mapToObj(
            seed ->
                DynamicTest.dynamicTest(
                    "seed " + seed,
                    () -> {
                      SplittableRandom r = new SplittableRandom(seed * 29 + 3);
                      int p = 3 + r.nextInt(11);
                      long n = 1 + r.nextInt(r.nextBoolean() ? 12 : 90);
                      long k = 1 + r.nextLong(n);
                      String[] cost = COSTS[r.nextInt(COSTS.length)];
                      // Theorems 3.2.1 / 3.2.2 (F*), any ring
                      Instance fStar =
                          BroadcastFixtures.broadcast(
                              new Topology.Ring(p),
                              0,
                              n,
                              model(cost, CommModel.Ports.ALL, CommModel.Duplex.FULL, null));
                      BroadcastFixtures.checkedMakespan(new RingBroadcastFull(), fStar, k);
                      UnitRuns.assertEachUnitOnce(
                          "F* C_" + p + " n " + n + " k " + k,
                          UnitRuns.of(new RingBroadcastFull().schedule(fStar, k).schedule()),
                          p,
                          0,
                          n);
                      // Proposition 3.2.1 (F1), even rings
                      if (p % 2 == 0) {
                        Instance f1 =
                            BroadcastFixtures.broadcast(
                                new Topology.Ring(p),
                                0,
                                n,
                                model(
                                    cost,
                                    CommModel.Ports.ONE,
                                    CommModel.Duplex.FULL,
                                    CommModel.OnePortRule.EXCHANGE));
                        BroadcastFixtures.checkedMakespan(new RingBroadcastFullOnePort(), f1, k);
                        UnitRuns.assertEachUnitOnce(
                            "F1 C_" + p + " n " + n + " k " + k,
                            UnitRuns.of(new RingBroadcastFullOnePort().schedule(f1, k).schedule()),
                            p,
                            0,
                            n);
                      }
                    }));
  }

  private static SolveResult gossip(Method method, Instance inst) {
    SolveResult res = method.solve(inst, SolveLimits.defaults());
    assertValid(inst.name() + " " + method.name(), inst, res);
    return res;
  }

  private static Instance gossipOn(Topology t, long n, CommModel.StoreAndForward model) {
    return new Instance(t + "-n" + n, new Problem.Gossip(n), model, Network.of(t));
  }

  /** Units node {@code to} receives from node {@code from} in all. */
  private static long volume(List<UnitRuns.Run> runs, int from, int to) {
    return runs.stream()
        .filter(x -> x.from() == from && x.to() == to)
        .mapToLong(UnitRuns.Run::size)
        .sum();
  }

  /**
   * P22: on the one-way ring every node sends and receives (p - 1) n units (Theorems 4.2.1-4.2.3);
   * under F* on the two-way ring some node receives at least ceil((p - 1) n / 2) units from one
   * neighbour (Theorem 4.2.4); under F1 (Lemma 4.2.6) for every adjacent pair v, v + 1 both nodes
   * receive at least ceil((p - 2) n / 2) units from their predecessor, or both from their
   * successor.
   */
  @TestFactory
  Stream<DynamicTest> gossipVolumes_section42() {
    return Seeds.seeds(Seeds.cases(2, 40))
        .mapToObj(
            seed ->
                DynamicTest.dynamicTest(
                    "seed " + seed,
                    () -> {
                      SplittableRandom r = new SplittableRandom(seed * 37 + 5);
                      int p = 3 + r.nextInt(10);
                      long n = 1 + r.nextInt(8);
                      String[] cost = COSTS[r.nextInt(COSTS.length)];
                      String at = "p " + p + " n " + n + " beta " + cost[0] + " tau " + cost[1];
                      CommModel.StoreAndForward all =
                          model(cost, CommModel.Ports.ALL, CommModel.Duplex.FULL, null);
                      CommModel.StoreAndForward f1 =
                          model(
                              cost,
                              CommModel.Ports.ONE,
                              CommModel.Duplex.FULL,
                              CommModel.OnePortRule.EXCHANGE);
                      for (Method m :
                          List.<Method>of(
                              new OneWayGossip(),
                              p % 2 == 0
                                  ? new OneWayGossipOnePortEven()
                                  : new OneWayGossipOnePortOdd())) {
                        Instance inst =
                            gossipOn(
                                new Topology.URing(p), n, m instanceof OneWayGossip ? all : f1);
                        List<UnitRuns.Run> runs = UnitRuns.of(gossip(m, inst).schedule());
                        for (int v = 0; v < p; v++) {
                          assertThat(volume(runs, v, (v + 1) % p))
                              .as("%s %s: node %d sends", at, m.name(), v)
                              .isEqualTo((p - 1) * n);
                          assertThat(volume(runs, (v + p - 1) % p, v))
                              .as("%s %s: node %d receives", at, m.name(), v)
                              .isEqualTo((p - 1) * n);
                        }
                      }
                      Instance ring = gossipOn(new Topology.Ring(p), n, all);
                      List<UnitRuns.Run> runs =
                          UnitRuns.of(gossip(new RingGossipFStar(), ring).schedule());
                      long most = 0;
                      for (int v = 0; v < p; v++) {
                        most =
                            Math.max(
                                most,
                                Math.max(
                                    volume(runs, (v + p - 1) % p, v),
                                    volume(runs, (v + 1) % p, v)));
                      }
                      assertThat(most)
                          .as("%s F*: the most one node receives from one side", at)
                          .isGreaterThanOrEqualTo(((p - 1) * n + 1) / 2);
                      Instance oneRing = gossipOn(new Topology.Ring(p), n, f1);
                      Method f1Scheme = p % 2 == 0 ? new RingGossipF1Even() : new RingGossipF1Odd();
                      List<UnitRuns.Run> f1Runs = UnitRuns.of(gossip(f1Scheme, oneRing).schedule());
                      long half = ((p - 2) * n + 1) / 2;
                      for (int v = 0; v < p; v++) {
                        int w = (v + 1) % p;
                        boolean forward =
                            volume(f1Runs, (v + p - 1) % p, v) >= half
                                && volume(f1Runs, v, w) >= half;
                        boolean backward =
                            volume(f1Runs, w, v) >= half && volume(f1Runs, (w + 1) % p, w) >= half;
                        assertThat(forward || backward)
                            .as(
                                "%s %s: Lemma 4.2.6 colours the pair %d, %d",
                                at, f1Scheme.name(), v, w)
                            .isTrue();
                      }
                    }));
  }

  /**
   * P23, Observation 4.2.1 (stated for the packet time digraph of a processor-bound gossip on the
   * one-way ring, §4.2): a node, at the start of each of its sends, has sent in all (that send
   * included) at most its own n units plus the units it has fully received; checked on the one-port
   * one-way ring schemes of Theorems 4.2.2 and 4.2.3 under each one-port rule and duplex. (On the
   * two-way ring a node sends its own units both ways, so the count there is per direction and the
   * observation is not claimed.)
   */
  @TestFactory
  Stream<DynamicTest> processorBoundGossip_observation421() {
    return Seeds.seeds(Seeds.cases(2, 40))
        .mapToObj(
            seed ->
                DynamicTest.dynamicTest(
                    "seed " + seed,
                    () -> {
                      SplittableRandom r = new SplittableRandom(seed * 41 + 9);
                      int p = 3 + r.nextInt(10);
                      long n = 1 + r.nextInt(8);
                      String[] cost = COSTS[r.nextInt(COSTS.length)];
                      CommModel.OnePortRule rule =
                          CommModel.OnePortRule.values()[
                              r.nextInt(CommModel.OnePortRule.values().length)];
                      CommModel.Duplex duplex =
                          r.nextBoolean() ? CommModel.Duplex.FULL : CommModel.Duplex.HALF;
                      CommModel.StoreAndForward one =
                          model(cost, CommModel.Ports.ONE, duplex, rule);
                      int checked = 0;
                      for (Method m :
                          List.<Method>of(
                              new OneWayGossipOnePortEven(), new OneWayGossipOnePortOdd())) {
                        for (Topology t : List.<Topology>of(new Topology.URing(p))) {
                          Instance inst = gossipOn(t, n, one);
                          if (m.whyNot(inst) != null) {
                            continue;
                          }
                          checked++;
                          List<UnitRuns.Run> runs = UnitRuns.of(gossip(m, inst).schedule());
                          CommModel.StoreAndForward sf = (CommModel.StoreAndForward) inst.model();
                          long beta = sf.betaTicks(inst.timeScale());
                          long tau = sf.tauTicks(inst.timeScale());
                          for (UnitRuns.Run send : runs) {
                            int v = send.from();
                            long sent =
                                runs.stream()
                                    .filter(x -> x.from() == v && x.start() <= send.start())
                                    .mapToLong(UnitRuns.Run::size)
                                    .sum();
                            long got =
                                runs.stream()
                                    .filter(
                                        x ->
                                            x.to() == v
                                                && x.start() + beta + x.size() * tau
                                                    <= send.start())
                                    .mapToLong(UnitRuns.Run::size)
                                    .sum();
                            assertThat(sent)
                                .as(
                                    "%s %s on %s %s: node %d at %d",
                                    m.name(), inst.name(), one, rule, v, send.start())
                                .isLessThanOrEqualTo(n + got);
                          }
                        }
                      }
                      assertThat(checked).as("p %d %s %s", p, duplex, rule).isPositive();
                    }));
  }
}
