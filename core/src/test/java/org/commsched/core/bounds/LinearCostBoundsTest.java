package org.commsched.core.bounds;

import static org.assertj.core.api.Assertions.assertThat;
import static org.commsched.core.bounds.ChattingBoundsTest.value;

import java.math.BigDecimal;
import java.util.List;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.LowerBound;
import org.junit.jupiter.api.Test;

/**
 * Send, broadcast and gossip against Peters' thesis (docs/models/linear-cost.md): proven optima are
 * met exactly, and the thesis's constructive upper bounds (schedules that exist) are never beaten.
 */
class LinearCostBoundsTest {

  private static CommModel.StoreAndForward model(
      String beta,
      String tau,
      CommModel.Ports ports,
      CommModel.Duplex duplex,
      CommModel.OnePortRule rule) {
    return new CommModel.StoreAndForward(
        new BigDecimal(beta), new BigDecimal(tau), ports, duplex, rule);
  }

  private static final CommModel.StoreAndForward F_STAR =
      model("5", "1", CommModel.Ports.ALL, CommModel.Duplex.FULL, null);
  private static final CommModel.StoreAndForward F_ONE =
      model("5", "1", CommModel.Ports.ONE, CommModel.Duplex.FULL, CommModel.OnePortRule.EXCHANGE);
  private static final CommModel.StoreAndForward H_STAR =
      model("5", "1", CommModel.Ports.ALL, CommModel.Duplex.HALF, null);

  private static long best(Problem p, CommModel m, Topology t) {
    return LowerBounds.best(new Instance("lc", p, m, Network.of(t))).value();
  }

  private static List<LowerBound> all(Problem p, CommModel m, Topology t) {
    return LowerBounds.all(new Instance("lc", p, m, Network.of(t)));
  }

  /** §3.2 Thm 3.2.1 / 3.2.2 [OPT]: E5 b_F*(C_6, 33) = 54, E6 b_F*(C_7, 33) = 59: met exactly. */
  @Test
  void ringBroadcast_optimaMet() {
    assertThat(best(new Problem.Broadcast(0, 33), F_STAR, new Topology.Ring(6))).isEqualTo(54);
    assertThat(best(new Problem.Broadcast(0, 33), F_STAR, new Topology.Ring(7))).isEqualTo(59);
    assertThat(all(new Problem.Broadcast(2, 33), F_STAR, new Topology.Ring(6)).get(0).kind())
        .isEqualTo("RING-BCAST");
  }

  /**
   * Obs 3.2.1 [OPT]: b_*(uring_10, 1023) = S_*(1023, 9) = 4492.4; b_1 = S_1(1023, 9) = 5244.0
   * (Table 5.2).
   */
  @Test
  void uringBroadcast_table52() {
    CommModel.StoreAndForward fs =
        model("272", "0.4", CommModel.Ports.ALL, CommModel.Duplex.FULL, null);
    CommModel.StoreAndForward f1 =
        model(
            "272",
            "0.4",
            CommModel.Ports.ONE,
            CommModel.Duplex.FULL,
            CommModel.OnePortRule.EXCHANGE);
    Instance a =
        new Instance("u", new Problem.Broadcast(0, 1023), fs, Network.of(new Topology.URing(10)));
    Instance b =
        new Instance("u", new Problem.Broadcast(3, 1023), f1, Network.of(new Topology.URing(10)));
    assertThat(a.timeScale().format(LowerBounds.best(a).value())).isEqualTo("4492.4");
    assertThat(b.timeScale().format(LowerBounds.best(b).value())).isEqualTo("5244");
  }

  /**
   * §4 [OPT]: E17 g_F*(C_6, 7) = 3 beta + 18 tau = 33; E18 g_F1(C_8, 10) = 4 beta + 70 tau = 90.
   */
  @Test
  void ringGossip_optimaMet() {
    assertThat(best(new Problem.Gossip(7), F_STAR, new Topology.Ring(6))).isEqualTo(33);
    assertThat(best(new Problem.Gossip(10), F_ONE, new Topology.Ring(8))).isEqualTo(90);
  }

  /**
   * §4.1-4.2 [OPT]: E16 g_1(uring_7, 10) = 8 beta + 140 tau = 180; g_*(uring_p) = (p - 1)(beta + n
   * tau); Table 5.4 with beta = 272, tau = 0.4: uring_10 F* 6130.8, uring_9 F* 5449.6, uring_10 F1
   * 10085.6, C_9 F* 2724.8.
   */
  @Test
  void uringGossip_optimaAndTable54() {
    assertThat(best(new Problem.Gossip(10), F_ONE, new Topology.URing(7))).isEqualTo(180);
    assertThat(best(new Problem.Gossip(10), F_STAR, new Topology.URing(7))).isEqualTo(6 * (5 + 10));
    CommModel.StoreAndForward fs =
        model("272", "0.4", CommModel.Ports.ALL, CommModel.Duplex.FULL, null);
    CommModel.StoreAndForward f1 =
        model(
            "272",
            "0.4",
            CommModel.Ports.ONE,
            CommModel.Duplex.FULL,
            CommModel.OnePortRule.EXCHANGE);
    assertThat(fmt(new Problem.Gossip(1023), fs, new Topology.URing(10))).isEqualTo("6130.8");
    assertThat(fmt(new Problem.Gossip(1023), fs, new Topology.URing(9))).isEqualTo("5449.6");
    assertThat(fmt(new Problem.Gossip(1023), f1, new Topology.URing(10))).isEqualTo("10085.6");
    assertThat(fmt(new Problem.Gossip(1023), fs, new Topology.Ring(9))).isEqualTo("2724.8");
    // C_10 F*: recomputed 3201.6 (the printed 3473.6 is an erratum,
    // docs/models/linear-cost.md#thesis-tables)
    assertThat(fmt(new Problem.Gossip(1023), fs, new Topology.Ring(10))).isEqualTo("3201.6");
  }

  private static String fmt(Problem p, CommModel.StoreAndForward m, Topology t) {
    Instance inst = new Instance("lc", p, m, Network.of(t));
    return inst.timeScale().format(LowerBounds.best(inst).value());
  }

  /**
   * Constructive upper bounds of the thesis (the schedules exist and were simulated,
   * docs/models/linear-cost.md#worked-examples): the best lower bound never exceeds them.
   */
  @Test
  void thesisSchedules_neverBeaten() {
    // E7 Prop 3.2.1: b_F1(C_6, 61) <= 122; E8 Prop 3.2.2: b_F1(C_7, 97) <= 206
    assertThat(best(new Problem.Broadcast(0, 61), F_ONE, new Topology.Ring(6)))
        .isLessThanOrEqualTo(122);
    assertThat(best(new Problem.Broadcast(0, 97), F_ONE, new Topology.Ring(7)))
        .isLessThanOrEqualTo(206);
    // E9 Prop 3.2.3: b_H*(C_6, 99) <= 149
    assertThat(best(new Problem.Broadcast(0, 99), H_STAR, new Topology.Ring(6)))
        .isLessThanOrEqualTo(149);
    // E13 Prop 3.3.1: b_F*(K_5, 83) <= 44; E14 Prop 3.3.2: b_H*(K_5, 180) <= 99; E15 Prop 3.3.3
    // b_F1(Q_4, 19) <= 69
    assertThat(best(new Problem.Broadcast(0, 83), F_STAR, new Topology.Complete(5)))
        .isLessThanOrEqualTo(44);
    assertThat(best(new Problem.Broadcast(0, 180), H_STAR, new Topology.Complete(5)))
        .isLessThanOrEqualTo(99);
    assertThat(best(new Problem.Broadcast(0, 19), F_ONE, new Topology.Hypercube(4)))
        .isLessThanOrEqualTo(69);
    // E19 Obs 4.2.2: g_F1(C_7, 10) <= 105; E20 even-p H* gossip: g_H*(C_8, 7) <= 5 beta + 49 tau +
    // tau = 75
    assertThat(best(new Problem.Gossip(10), F_ONE, new Topology.Ring(7))).isLessThanOrEqualTo(105);
    assertThat(best(new Problem.Gossip(7), H_STAR, new Topology.Ring(8))).isLessThanOrEqualTo(75);
    // Cor 4.2.2 lower bound g_F1(C_7, 10) >= 4 beta + 60 tau = 80
    assertThat(best(new Problem.Gossip(10), F_ONE, new Topology.Ring(7)))
        .isGreaterThanOrEqualTo(80);
  }

  /**
   * Literature bounds of §5 that our generic bounds reproduce: b_F*(K_p) >= beta + ceil(n/(p-1))
   * tau.
   */
  @Test
  void completeGraph_literatureBounds() {
    List<LowerBound> fs = all(new Problem.Broadcast(0, 83), F_STAR, new Topology.Complete(5));
    assertThat(value(fs, "RECV-PORT")).isEqualTo(5 + 21);
    List<LowerBound> f1 = all(new Problem.Broadcast(0, 83), F_ONE, new Topology.Complete(5));
    assertThat(value(f1, "RECV-PORT")).isEqualTo(5 + 83);
  }

  /**
   * Send along a unique path is the path optimum (Thm 2.3.1 / 2.4.1); on a ring Obs 2.5.1 applies.
   */
  @Test
  void send_pathAndRing() {
    assertThat(best(new Problem.Send(0, 5, 19, null), F_STAR, new Topology.Ula(6))).isEqualTo(79);
    assertThat(best(new Problem.Send(0, 5, 19, null), F_ONE, new Topology.Bla(6))).isEqualTo(103);
    List<Integer> parents = List.of(-1, 0, 1, 2, 3, 4, 0);
    assertThat(best(new Problem.Send(6, 5, 19, null), F_STAR, new Topology.Tree(parents)))
        .isEqualTo(new PathSending(5, 1).sStar(19, 6));
    // S_*(C_3, 8, 1) = 12 (Obs 2.5.1)
    List<LowerBound> ring = all(new Problem.Send(0, 1, 8, null), F_STAR, new Topology.Ring(3));
    assertThat(value(ring, "RING-SEND")).isEqualTo(12);
    assertThat(ring.get(0).value()).isEqualTo(12);
    // on a mesh only distance and port arguments are valid: no PATH bound
    List<LowerBound> mesh = all(new Problem.Send(0, 8, 19, null), F_STAR, new Topology.Mesh(3, 3));
    assertThat(mesh)
        .extracting(LowerBound::kind)
        .doesNotContain("PATH")
        .contains("FIRST-UNIT", "SOURCE-PORT", "TARGET-PORT");
    assertThat(value(mesh, "FIRST-UNIT")).isEqualTo(4 * 6);
  }

  /** Broadcast on a tree: the farthest node is fed along its unique path. */
  @Test
  void broadcast_treePath() {
    List<Integer> parents = List.of(-1, 0, 1, 2, 0);
    List<LowerBound> bs = all(new Problem.Broadcast(0, 19), F_STAR, new Topology.Tree(parents));
    assertThat(value(bs, "PATH")).isEqualTo(new PathSending(5, 1).sStar(19, 3));
    assertThat(value(bs, "ECCENTRICITY")).isEqualTo(18);
  }

  /** Gossip on a tree with half duplex: every link carries p n units, one direction at a time. */
  @Test
  void gossip_treeCutHalfDuplex() {
    List<LowerBound> bs = all(new Problem.Gossip(3), H_STAR, new Topology.Star(4));
    // link 0-1: 2 beta + 4 x 3 tau = 22; its last transfer needs min(0, 1) more hops: 22
    assertThat(value(bs, "TREE-CUT")).isEqualTo(22);
    List<LowerBound> full = all(new Problem.Gossip(3), F_STAR, new Topology.Star(4));
    // arc 1->0 carries 3 units, then they still need one hop to the other leaves: 5 + 3 + 6 = 14;
    // arc 0->1 carries the 9 units of the other three nodes: 5 + 9 = 14
    assertThat(value(full, "TREE-CUT")).isEqualTo(14);
  }
}
