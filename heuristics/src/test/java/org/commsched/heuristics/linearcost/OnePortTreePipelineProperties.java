package org.commsched.heuristics.linearcost;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.commsched.core.bounds.LowerBounds;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveRun;
import org.commsched.core.testing.RandomNetworks;
import org.commsched.core.testing.Seeds;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * {@link OnePortTreePipeline}: on a path broadcast from an end it meets Peters' processor-bound
 * optimum {@code S_1(n, m) = min_k (2 ceil(n/k) + m - 2) beta + ((m - 2) k + 2n) tau} (Theorem
 * 2.4.1 of the thesis; computed here from the formula); on a star, from the centre or from a leaf,
 * it meets {@code (p - 1)(beta + n tau)} (the centre takes part in every call, and each of its
 * {@code p - 1} calls carries {@code n} units one way: a hand count); on seeded random networks
 * under every one-port model its schedules pass the family's checker, never end below the best
 * lower bound, never above {@code (p - 1)(beta + n tau)} (one packet down any spanning tree, calls
 * back to back) and repeat exactly.
 */
class OnePortTreePipelineProperties {
  private static final SolveLimits LIMITS = new SolveLimits(Duration.ofSeconds(30), 1, 1);

  /**
   * {@code limits} in a run of {@code inst} of its own, with the bounds the case computed ({@link
   * LowerBounds#all}) handed over, as {@code ratios} hands them from one method's run to the next
   * on the same instance: a case that solves an instance more than once computes its bounds once
   * (they are a third to nine tenths of these cases' time), and every solve still starts a fresh
   * run.
   */
  private static SolveLimits in(Instance inst, List<LowerBound> known, SolveLimits limits) {
    return new SolveRun(inst, limits, known).limits();
  }

  private static long best(List<LowerBound> known) {
    return known.isEmpty() ? 0 : known.get(0).value();
  }

  private static Instance broadcast(
      Topology t,
      int source,
      long units,
      long beta,
      long tau,
      CommModel.Duplex duplex,
      CommModel.OnePortRule rule) {
    return new Instance(
        "op",
        new Problem.Broadcast(source, units),
        new CommModel.StoreAndForward(
            BigDecimal.valueOf(beta), BigDecimal.valueOf(tau), CommModel.Ports.ONE, duplex, rule),
        Network.of(t));
  }

  /** Peters' {@code S_1(n, m)} from its formula (m = 1: one packet, {@code beta + n tau}). */
  private static long sOne(long n, long m, long beta, long tau) {
    if (m == 1) {
      return beta + n * tau;
    }
    long best = Long.MAX_VALUE;
    for (long k = 1; k <= n; k++) {
      long q = (n + k - 1) / k;
      best = Math.min(best, (2 * q + m - 2) * beta + ((m - 2) * k + 2 * n) * tau);
    }
    return best;
  }

  @TestFactory
  Stream<DynamicTest> onAPathFromAnEnd_itMeetsPetersS1() {
    return Seeds.seeds(Seeds.cases(2, 60))
        .mapToObj(
            seed ->
                DynamicTest.dynamicTest(
                    "seed " + seed,
                    () -> {
                      SplittableRandom r = new SplittableRandom(seed);
                      int m = 1 + r.nextInt(9);
                      // (SOURCE-FEED, which the run's bounds compute, tries every composition up to
                      // 24 units: slow, so the long messages start above)
                      long n = r.nextBoolean() ? 2 + r.nextInt(11) : 25 + r.nextInt(40);
                      long beta = r.nextInt(7);
                      long tau = 1 + r.nextInt(3);
                      boolean fromEnd0 = r.nextBoolean();
                      Instance inst =
                          broadcast(
                              new Topology.Bla(m + 1),
                              fromEnd0 ? 0 : m,
                              n,
                              beta,
                              tau,
                              r.nextBoolean() ? CommModel.Duplex.FULL : CommModel.Duplex.HALF,
                              r.nextBoolean()
                                  ? CommModel.OnePortRule.EXCHANGE
                                  : CommModel.OnePortRule.SEND_AND_RECEIVE);
                      SolveResult res = new OnePortTreePipeline().solve(inst, LIMITS);
                      long span = TelephoneBroadcastProperties.checked(inst, res);
                      assertThat(span).as(res.stats().toString()).isEqualTo(sOne(n, m, beta, tau));
                    }));
  }

  @TestFactory
  Stream<DynamicTest> onAStar_itMeetsTheCentresCallCount() {
    return Seeds.seeds(Seeds.cases(4, 40))
        .mapToObj(
            seed ->
                DynamicTest.dynamicTest(
                    "seed " + seed,
                    () -> {
                      SplittableRandom r = new SplittableRandom(seed);
                      int p = 3 + r.nextInt(10);
                      long n = 2 + r.nextInt(20);
                      long beta = r.nextInt(7);
                      long tau = 1 + r.nextInt(3);
                      Instance inst =
                          broadcast(
                              new Topology.Star(p),
                              r.nextInt(p),
                              n,
                              beta,
                              tau,
                              CommModel.Duplex.FULL,
                              CommModel.OnePortRule.EXCHANGE);
                      SolveResult res = new OnePortTreePipeline().solve(inst, LIMITS);
                      long span = TelephoneBroadcastProperties.checked(inst, res);
                      assertThat(span).isEqualTo((p - 1) * (beta + n * tau));
                    }));
  }

  @TestFactory
  Stream<DynamicTest> onRandomNetworks_theSchedulesCheck_stayInTheirBounds_andRepeat() {
    return Seeds.seeds(Seeds.cases(2, 80))
        .mapToObj(
            seed ->
                DynamicTest.dynamicTest(
                    "seed " + seed,
                    () -> {
                      SplittableRandom r = new SplittableRandom(seed);
                      int p = 2 + r.nextInt(30);
                      Topology t =
                          r.nextInt(4) == 0
                              ? RandomNetworks.tree(p, r)
                              : RandomNetworks.graph(p, r.nextDouble(), r);
                      long beta = r.nextInt(8);
                      long tau = 1 + r.nextInt(3);
                      long n = 2 + r.nextInt(r.nextBoolean() ? 6 : 100);
                      Instance inst =
                          broadcast(
                              t,
                              r.nextInt(p),
                              n,
                              beta,
                              tau,
                              r.nextBoolean() ? CommModel.Duplex.FULL : CommModel.Duplex.HALF,
                              r.nextBoolean()
                                  ? CommModel.OnePortRule.EXCHANGE
                                  : CommModel.OnePortRule.SEND_AND_RECEIVE);
                      OnePortTreePipeline m = new OnePortTreePipeline();
                      assertThat(m.whyNot(inst)).isNull();
                      List<LowerBound> known = LowerBounds.all(inst);
                      SolveResult res = m.solve(inst, in(inst, known, LIMITS));
                      long span = TelephoneBroadcastProperties.checked(inst, res);
                      assertThat(span)
                          .as(res.stats().toString())
                          .isGreaterThanOrEqualTo(best(known))
                          .isLessThanOrEqualTo((p - 1) * (beta + n * tau));
                      SolveResult again = m.solve(inst, in(inst, known, LIMITS));
                      assertThat(again.makespan()).isEqualTo(span);
                      assertThat(again.schedule()).isEqualTo(res.schedule());
                    }));
  }

  /**
   * Larger seeded networks (200 to 600 nodes, a long message): the search leaves the exhaustive
   * range, and the schedules still check and repeat.
   */
  @TestFactory
  Stream<DynamicTest> onLargerNetworks_theSearchedSchedulesCheck() {
    return Seeds.seeds(Seeds.cases(10, 6))
        .mapToObj(
            seed ->
                DynamicTest.dynamicTest(
                    "seed " + seed,
                    () -> {
                      SplittableRandom r = new SplittableRandom(seed);
                      int p = 200 + r.nextInt(400);
                      Topology.Explicit t = RandomNetworks.graph(p, 8.0 / p, r);
                      java.util.Set<Topology.Pair> links = new java.util.LinkedHashSet<>();
                      for (Topology.Pair e : t.pairs()) {
                        links.add(
                            new Topology.Pair(Math.min(e.u(), e.v()), Math.max(e.u(), e.v())));
                      }
                      for (int v = 1; v < p; v++) { // connected: a path through all nodes
                        links.add(new Topology.Pair(v - 1, v));
                      }
                      Instance inst =
                          broadcast(
                              new Topology.Explicit(p, new ArrayList<>(links), true),
                              0,
                              100,
                              5,
                              1,
                              CommModel.Duplex.FULL,
                              CommModel.OnePortRule.EXCHANGE);
                      OnePortTreePipeline m = new OnePortTreePipeline();
                      List<LowerBound> known = LowerBounds.all(inst);
                      SolveResult res = m.solve(inst, in(inst, known, LIMITS));
                      long span = TelephoneBroadcastProperties.checked(inst, res);
                      assertThat(span)
                          .as(res.stats().toString())
                          .isGreaterThanOrEqualTo(best(known));
                      assertThat(m.solve(inst, in(inst, known, LIMITS)).makespan()).isEqualTo(span);
                    }));
  }

  /** A connected seeded random network of {@code p} nodes (a path through all, plus links). */
  private static Topology.Explicit connected(int p, SplittableRandom r) {
    Topology.Explicit t = RandomNetworks.graph(p, 8.0 / p, r);
    java.util.Set<Topology.Pair> links = new java.util.LinkedHashSet<>();
    for (Topology.Pair e : t.pairs()) {
      links.add(new Topology.Pair(Math.min(e.u(), e.v()), Math.max(e.u(), e.v())));
    }
    for (int v = 1; v < p; v++) {
      links.add(new Topology.Pair(v - 1, v));
    }
    return new Topology.Explicit(p, new ArrayList<>(links), true);
  }

  /**
   * A work budget of one transfer per shape leaves one simulation per shape, and a time limit that
   * is over before the search starts leaves one simulation in all (the first shape's, {@link
   * OnePortTreePipeline#SHAPES}[0]): both still return a schedule the checker accepts, and neither
   * is shorter than the default search's, which simulates every packet size they tried and more.
   */
  @TestFactory
  Stream<DynamicTest> aSmallBudgetOrAnExpiredLimit_stillGiveAValidSchedule() {
    return Seeds.seeds(Seeds.cases(4, 8))
        .mapToObj(
            seed ->
                DynamicTest.dynamicTest(
                    "seed " + seed,
                    () -> {
                      SplittableRandom r = new SplittableRandom(seed);
                      int p = 150 + r.nextInt(300);
                      Instance inst =
                          broadcast(
                              connected(p, r),
                              r.nextInt(p),
                              60 + r.nextInt(60),
                              1 + r.nextInt(6),
                              1,
                              CommModel.Duplex.FULL,
                              CommModel.OnePortRule.EXCHANGE);
                      List<LowerBound> known = LowerBounds.all(inst);
                      long full =
                          TelephoneBroadcastProperties.checked(
                              inst, new OnePortTreePipeline().solve(inst, in(inst, known, LIMITS)));
                      SolveResult small =
                          new OnePortTreePipeline(1).solve(inst, in(inst, known, LIMITS));
                      assertThat(TelephoneBroadcastProperties.checked(inst, small))
                          .as(small.stats().toString())
                          .isGreaterThanOrEqualTo(full);
                      SolveResult expired =
                          new OnePortTreePipeline()
                              .solve(
                                  inst,
                                  in(inst, known, new SolveLimits(Duration.ofNanos(1), 1, 1)));
                      assertThat(TelephoneBroadcastProperties.checked(inst, expired))
                          .as(expired.stats().toString())
                          .isGreaterThanOrEqualTo(full);
                      assertThat(expired.stats().get("search").toString())
                          .contains("time limit after 1 shape");
                      assertThat(expired.stats().get("trees"))
                          .isEqualTo(OnePortTreePipeline.SHAPES[0][0]);
                      assertThat(expired.stats().get("fanOut"))
                          .isEqualTo(OnePortTreePipeline.SHAPES[0][1]);
                    }));
  }

  @Test
  void refusesOneUnit_tauZero_andAllPorts() {
    Topology t = new Topology.Ring(6);
    OnePortTreePipeline m = new OnePortTreePipeline();
    assertThat(
            m.whyNot(
                broadcast(t, 0, 1, 1, 1, CommModel.Duplex.FULL, CommModel.OnePortRule.EXCHANGE)))
        .contains("matching-broadcast");
    assertThat(
            m.whyNot(
                broadcast(t, 0, 8, 1, 0, CommModel.Duplex.FULL, CommModel.OnePortRule.EXCHANGE)))
        .contains("matching-broadcast");
    Instance all =
        new Instance(
            "op",
            new Problem.Broadcast(0, 8),
            new CommModel.StoreAndForward(
                BigDecimal.ONE,
                BigDecimal.ONE,
                CommModel.Ports.ALL,
                CommModel.Duplex.FULL,
                CommModel.OnePortRule.EXCHANGE),
            Network.of(t));
    assertThat(m.whyNot(all)).isNotNull();
  }
}
