package org.commsched.heuristics.linearcost;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.List;
import org.commsched.core.bounds.LowerBounds;
import org.commsched.core.bounds.PathSending;
import org.commsched.core.check.CheckReport;
import org.commsched.core.check.Kind;
import org.commsched.core.check.ScheduleChecker;
import org.commsched.core.check.Violation;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.SolveLimits;
import org.junit.jupiter.api.Test;

/**
 * The folded hypercube and the H1 complete-graph claims of Peters' thesis ("Bounds for
 * Communication Problems in Interconnection Networks under a Linear Cost Model", Proposition 3.3.4,
 * Corollaries 3.3.4 and 3.3.5) and what replaces them
 * (docs/models/linear-cost.md#broadcast-schemes-implemented, #broadcast-schemes): the thesis's
 * folded-hypercube schedule breaks the one-port rule, its H1 figures fall below a proven lower
 * bound, and the valid schemes are checked against their formulas, written out here.
 */
class FoldedHypercubeBroadcastTest {
  private static CommModel.StoreAndForward model(
      String beta,
      String tau,
      CommModel.Ports ports,
      CommModel.Duplex duplex,
      CommModel.OnePortRule rule) {
    return new CommModel.StoreAndForward(
        new BigDecimal(beta), new BigDecimal(tau), ports, duplex, rule);
  }

  private static final CommModel.StoreAndForward H1 =
      model("5", "1", CommModel.Ports.ONE, CommModel.Duplex.HALF, CommModel.OnePortRule.EXCHANGE);
  private static final CommModel.StoreAndForward HALF_SEND_RECEIVE =
      model(
          "5",
          "1",
          CommModel.Ports.ONE,
          CommModel.Duplex.HALF,
          CommModel.OnePortRule.SEND_AND_RECEIVE);
  private static final CommModel.StoreAndForward H_STAR =
      model("5", "1", CommModel.Ports.ALL, CommModel.Duplex.HALF, CommModel.OnePortRule.EXCHANGE);

  /**
   * {@code T_1(n, m, k) = (2 ceil(n/k) + m - 2) beta + ((m - 2) k + 2n) tau}, beta = 5, tau = 1.
   */
  private static long tOne(long n, long m, long k) {
    return (2 * ((n + k - 1) / k) + m - 2) * 5 + (m - 2) * k + 2 * n;
  }

  @Test
  void e15Folded_proposition334_validWithSendAndReceiveOrAllPorts() {
    // §3.3.4: the Q_4 example (n = 19, k = 5, S_*(19, 4) = 69) on Q_4^+, the far side sending to
    // its antipodes;
    // every node sends one packet and receives one on another link, each link one way: valid under
    // H* and under
    // half duplex with send-and-receive, within the thesis's 69 (run as soon as possible it may end
    // earlier)
    for (CommModel.StoreAndForward m : List.of(H_STAR, HALF_SEND_RECEIVE)) {
      Instance inst = BroadcastFixtures.broadcast(new Topology.FoldedHypercube(4), 0, 19, m);
      assertThat(BroadcastFixtures.checkedMakespan(new FoldedHypercubeBroadcast(), inst, 5))
          .isLessThanOrEqualTo(69);
      assertThat(new FoldedHypercubeBroadcast().solve(inst, SolveLimits.defaults()).makespan())
          .isLessThanOrEqualTo(69);
    }
    Instance h1 = BroadcastFixtures.broadcast(new Topology.FoldedHypercube(4), 0, 19, H1);
    assertThat(new FoldedHypercubeBroadcast().whyNot(h1))
        .contains("exchange rule forbids")
        .contains("lc-hypercube-broadcast-h1");
  }

  @Test
  void thesisFoldedSchedule_breaksTheOnePortRule() {
    // Proposition 3.3.4 claims b_H1(Q_4^+, 19) <= 69 with this schedule: under H1 the checker
    // rejects it, a node
    // sending on one link while it receives on another (EXCHANGE_PORT)
    Instance relaxed =
        BroadcastFixtures.broadcast(new Topology.FoldedHypercube(4), 0, 19, HALF_SEND_RECEIVE);
    Instance h1 = BroadcastFixtures.broadcast(new Topology.FoldedHypercube(4), 0, 19, H1);
    BroadcastScheme.Built b = new FoldedHypercubeBroadcast().schedule(relaxed, 5);
    CheckReport strict = ScheduleChecker.check(h1, b.schedule());
    assertThat(strict.violations()).extracting(Violation::kind).contains(Kind.EXCHANGE_PORT);
  }

  @Test
  void thesisH1Figures_belowTheVolumeBound() {
    // beta = 0, tau = 1: Proposition 3.3.4 claims b_H1(Q_m^+, n) <= S_*(n, m) = n + m - 1 and
    // Corollary 3.3.4
    // b_H1(K_4, n) <= S_*(n, 2); under H1 at most p/2 packets run at once and (p - 1) n units must
    // arrive, so the
    // VOLUME bound ceil((p - 1) n / (p/2)) exceeds both: Q_4^+ with n = 19: 36 > 22; K_4 with n =
    // 4: 6 > 5
    CommModel.StoreAndForward unit =
        model("0", "1", CommModel.Ports.ONE, CommModel.Duplex.HALF, CommModel.OnePortRule.EXCHANGE);
    Instance cube = BroadcastFixtures.broadcast(new Topology.FoldedHypercube(4), 0, 19, unit);
    assertThat(LowerBounds.best(cube).value()).isEqualTo(36);
    Instance k4 = BroadcastFixtures.broadcast(new Topology.Complete(4), 0, 4, unit);
    assertThat(LowerBounds.best(k4).value()).isEqualTo(6);
    Instance q2 = BroadcastFixtures.broadcast(new Topology.FoldedHypercube(2), 0, 4, unit);
    assertThat(LowerBounds.best(q2).value()).isEqualTo(6);
  }

  @Test
  void e15Split_h1OnQ4AndQ4Folded() {
    // the valid H1 replacement: Proposition 3.3.3's rounds split, T_1(19, 4, k); best k = 10: (4 +
    // 2) 5 + 20 + 38
    // = 88 = S_1(19, 4); the thesis's k = 5 gives (8 + 2) 5 + 10 + 38 = 98
    for (Topology t : List.of(new Topology.Hypercube(4), new Topology.FoldedHypercube(4))) {
      Instance inst = BroadcastFixtures.broadcast(t, 0, 19, H1);
      assertThat(BroadcastFixtures.checkedMakespan(new HypercubeBroadcastHalfOnePort(), inst, 5))
          .isEqualTo(98)
          .isEqualTo(tOne(19, 4, 5));
      assertThat(BroadcastFixtures.checkedMakespan(new HypercubeBroadcastHalfOnePort(), inst, 10))
          .isEqualTo(88)
          .isEqualTo(tOne(19, 4, 10));
      assertThat(new HypercubeBroadcastHalfOnePort().solve(inst, SolveLimits.defaults()).makespan())
          .isEqualTo(88);
    }
  }

  @Test
  void completeGraphH1_powerOfTwoAndCycle() {
    // K_8 under H1, n = 19: the split cube on all 8 nodes, T_1(19, 3, k), best (4 + 1) 5 + 10 + 38
    // = 73 at k = 10,
    // against the ring cut T_1(19, 4, 10) = 88; K_5, n = 19: the ring cut T_1(19, 3, k), best 73 at
    // k = 10, against
    // the cube on 4 nodes plus a round, T_1(19, 2, 10) + 5 + 19 = 58 + 24 = 82
    Instance k8 = BroadcastFixtures.broadcast(new Topology.Complete(8), 0, 19, H1);
    assertThat(BroadcastFixtures.checkedMakespan(new CompleteGraphBroadcastHalfOnePort(), k8, 10))
        .isEqualTo(73)
        .isEqualTo(tOne(19, 3, 10));
    Instance k5 = BroadcastFixtures.broadcast(new Topology.Complete(5), 3, 19, H1);
    assertThat(BroadcastFixtures.checkedMakespan(new CompleteGraphBroadcastHalfOnePort(), k5, 10))
        .isEqualTo(73)
        .isEqualTo(tOne(19, 3, 10));
    assertThat(tOne(19, 2, 10) + 5 + 19).isEqualTo(82);
  }

  @Test
  void table53_completeGraphH1_corrected() {
    // Table 5.3's new H1 cells (beta 272, tau 0.4) print Corollary 3.3.5's S_*(n, 3) + beta + n
    // tau, 2588.0 and
    // 32371.2, which no one-port schedule is shown to reach; the valid scheme stays within
    // min(S_1(n, 3) + beta + n tau, S_1(n, 5)) on K_10 and K_9
    for (int p : new int[] {10, 9}) {
      for (long n : new long[] {1023, 32767}) {
        Instance inst =
            BroadcastFixtures.broadcast(
                new Topology.Complete(p),
                0,
                n,
                model(
                    "272",
                    "0.4",
                    CommModel.Ports.ONE,
                    CommModel.Duplex.HALF,
                    CommModel.OnePortRule.EXCHANGE));
        PathSending f = PathSending.of((CommModel.StoreAndForward) inst.model(), inst.timeScale());
        long bound = Math.min(f.sOne(n, 3) + f.tStar(n, 1, n), f.sOne(n, 5));
        long got =
            new CompleteGraphBroadcastHalfOnePort().solve(inst, SolveLimits.defaults()).makespan();
        assertThat(got).as("K_%d n=%d", p, n).isLessThanOrEqualTo(bound);
        assertThat(new CompleteGraphBroadcastHalfOnePort().bestFormula(inst)).isEqualTo(bound);
      }
    }
  }
}
