package org.commsched.core.bounds;

import static org.assertj.core.api.Assertions.assertThat;
import static org.commsched.core.bounds.ChattingBoundsTest.value;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.time.TimeScale;
import org.junit.jupiter.api.Test;

/**
 * Store-and-forward scatter/gather oracles of docs/models/packet.md (Tsai's thesis; tau = 1, single
 * port = one send and one receive at a time).
 */
class StoreForwardBoundsTest {

  private static CommModel.StoreAndForward tsai(String beta) {
    return new CommModel.StoreAndForward(
        new BigDecimal(beta),
        BigDecimal.ONE,
        CommModel.Ports.ONE,
        CommModel.Duplex.FULL,
        CommModel.OnePortRule.SEND_AND_RECEIVE);
  }

  /** §4.1 TV-1: parent [-,0,1,2,0,4,5,6], L_3 = 3 (P), L_7 = 1 (Q). */
  private static Instance tv1(boolean scatter, CommModel model) {
    List<Integer> parents = List.of(-1, 0, 1, 2, 0, 4, 5, 6);
    List<Message> ms =
        scatter
            ? List.of(new Message("P", 0, 3, 3), new Message("Q", 0, 7, 1))
            : List.of(new Message("P", 3, 0, 3), new Message("Q", 7, 0, 1));
    Problem p = scatter ? new Problem.Scatter(0, ms) : new Problem.Gather(0, ms);
    return new Instance("tv1", p, model, Network.of(new Topology.Tree(parents)));
  }

  /**
   * §4.1 (scatter) and §4.7 (gather, TV-2): the true optimum OPT(beta) = min(6b+6, max(5b+6, 4b+7),
   * 4b+10); every bound stays below it, for every listed beta.
   */
  @Test
  void tv1_boundsBelowOptimumForEveryBeta() {
    String[] betas = {"0", "0.25", "0.5", "0.75", "1", "1.5", "2", "2.5", "3", "4", "4.5", "5"};
    String[] opts = {"6", "7.5", "9", "10", "11", "13.5", "16", "18.5", "21", "26", "28", "30"};
    for (int i = 0; i < betas.length; i++) {
      BigDecimal b = new BigDecimal(betas[i]);
      BigDecimal opt =
          b.multiply(BigDecimal.valueOf(6))
              .add(BigDecimal.valueOf(6))
              .min(
                  b.multiply(BigDecimal.valueOf(5))
                      .add(BigDecimal.valueOf(6))
                      .max(b.multiply(BigDecimal.valueOf(4)).add(BigDecimal.valueOf(7))))
              .min(b.multiply(BigDecimal.valueOf(4)).add(BigDecimal.TEN));
      assertThat(opt).isEqualByComparingTo(opts[i]);
      for (boolean scatter : new boolean[] {true, false}) {
        Instance inst = tv1(scatter, tsai(betas[i]));
        TimeScale sc = inst.timeScale();
        assertThat(sc.toUnits(LowerBounds.best(inst).value()))
            .as("beta %s", betas[i])
            .isLessThanOrEqualTo(opt);
      }
    }
  }

  /**
   * F16 on TV-1 with beta = 2: max(alpha*_3(3) = 15, alpha*_4(1) = 12, (2+3) + (2+1) + (3 - 1)(2 +
   * 1) = 14) = 15, below OPT(2) = 16.
   */
  @Test
  void tv1_f16Value() {
    List<LowerBound> all = LowerBounds.all(tv1(true, tsai("2")));
    assertThat(value(all, "F16")).isEqualTo(15);
    assertThat(value(all, "PIPELINE")).isEqualTo(15);
    // the root port, thresholded: messages with >= 4 hops: 3 + 3 x 3 = 12; all: 8 + 2 x 3 = 14
    assertThat(value(all, "ROOT-PORT")).isEqualTo(14);
  }

  /**
   * Endpoint-rooted array P_0..P_t with messages of m units to P_s..P_t (the special class, §2.9,
   * §4.4).
   */
  private static Instance special(int m, int s, int t, String beta, boolean scatter) {
    List<Message> ms = new ArrayList<>();
    for (int i = s; i <= t; i++) {
      ms.add(scatter ? new Message("m" + i, 0, i, m) : new Message("m" + i, i, 0, m));
    }
    Problem p = scatter ? new Problem.Scatter(0, ms) : new Problem.Gather(0, ms);
    return new Instance("special", p, tsai(beta), Network.of(new Topology.Bla(t + 1)));
  }

  /**
   * §4.4: the special-class optimum T* (confirmed by exhaustive search in the spec) bounds every
   * lower bound, for scatter and, by time reversal (F10), gather. Rows (m, s, t, beta, T*).
   */
  @Test
  void specialClass_boundsBelowOptimum() {
    Object[][] rows = {
      {3, 1, 3, "1", "12"}, {3, 3, 3, "0", "5"}, {5, 3, 4, "1", "22"}, {4, 2, 4, "0.5", "17.5"},
      {4, 3, 5, "1", "24"}, {6, 4, 5, "1", "27"}, {6, 5, 6, "2", "40"}, {10, 5, 5, "1", "27"},
      {2, 1, 1, "0", "2"}, {8, 6, 7, "1", "39"}, {12, 8, 10, "0.5", "62.5"}
    };
    for (Object[] r : rows) {
      for (boolean scatter : new boolean[] {true, false}) {
        Instance inst =
            special((Integer) r[0], (Integer) r[1], (Integer) r[2], (String) r[3], scatter);
        BigDecimal best = inst.timeScale().toUnits(LowerBounds.best(inst).value());
        assertThat(best)
            .as("row %s %s scatter=%s", r[0], r[1], scatter)
            .isLessThanOrEqualTo(new BigDecimal((String) r[4]));
      }
    }
  }

  /**
   * Tight rows of §4.4: where the root port or one message alone is the bottleneck the bound equals
   * T*.
   */
  @Test
  void specialClass_tightRows() {
    // s = 1: the root port: 3 messages x (beta + m) = 3 x 4 = 12 (sanity remark of §2.9)
    assertThat(LowerBounds.best(special(3, 1, 3, "1", true)).value()).isEqualTo(12);
    // a single message: T* = alpha*_5(10) = 27 and alpha*_3(3) with beta 0 = 5
    assertThat(LowerBounds.best(special(10, 5, 5, "1", true)).value()).isEqualTo(27);
    assertThat(LowerBounds.best(special(3, 3, 3, "0", false)).value()).isEqualTo(5);
    assertThat(LowerBounds.best(special(2, 1, 1, "0", true)).value()).isEqualTo(2);
  }

  /**
   * The processor-bound optimum S_1 applies only under the exchange rule: with send-and-receive a
   * relay may receive and send at once (Tsai's single port), so only S_* (= alpha*) is valid there.
   */
  @Test
  void pipeline_usesS1OnlyUnderExchange() {
    List<Message> ms = List.of(new Message("m", 0, 4, 19));
    Network net = Network.of(new Topology.Bla(5));
    CommModel.StoreAndForward sr =
        new CommModel.StoreAndForward(
            BigDecimal.valueOf(5),
            BigDecimal.ONE,
            CommModel.Ports.ONE,
            CommModel.Duplex.FULL,
            CommModel.OnePortRule.SEND_AND_RECEIVE);
    CommModel.StoreAndForward ex =
        new CommModel.StoreAndForward(
            BigDecimal.valueOf(5),
            BigDecimal.ONE,
            CommModel.Ports.ONE,
            CommModel.Duplex.FULL,
            CommModel.OnePortRule.EXCHANGE);
    Instance a = new Instance("sr", new Problem.Scatter(0, ms), sr, net);
    Instance b = new Instance("ex", new Problem.Scatter(0, ms), ex, net);
    // docs/models/linear-cost.md#sending-tables: S_*(19,4) = 69 with k = 5; S_1(19,4): T_1(19,4,10)
    // = 6*5 + 2*10 + 38 =
    // 88
    assertThat(value(LowerBounds.all(a), "PIPELINE")).isEqualTo(new PathSending(5, 1).sStar(19, 4));
    assertThat(value(LowerBounds.all(b), "PIPELINE")).isEqualTo(new PathSending(5, 1).sOne(19, 4));
    assertThat(LowerBounds.all(b)).extracting(LowerBound::kind).contains("NODE");
  }

  /** Half duplex adds the EDGE bound; all ports drop the port bounds. */
  @Test
  void halfDuplexAndAllPorts_resources() {
    List<Message> ms = List.of(new Message("a", 0, 2, 2), new Message("b", 0, 1, 2));
    Network net = Network.of(new Topology.Bla(3));
    CommModel.StoreAndForward half =
        new CommModel.StoreAndForward(
            BigDecimal.ONE, BigDecimal.ONE, CommModel.Ports.ALL, CommModel.Duplex.HALF, null);
    List<LowerBound> all =
        LowerBounds.all(new Instance("h", new Problem.Scatter(0, ms), half, net));
    assertThat(all)
        .extracting(LowerBound::kind)
        .contains("EDGE", "ARC", "PIPELINE")
        .doesNotContain("ROOT-PORT", "F16", "SEND-PORT");
    // arc 0->1 carries both messages: (1 + 2) + (1 + 2) = 6; b ends there, so the last use may need
    // no tail.
    // Sending a first attains it (a: 0->1 [0,3), 1->2 [3,6); b: 0->1 [3,6)).
    assertThat(value(all, "ARC")).isEqualTo(6);
    assertThat(LowerBounds.best(new Instance("h", new Problem.Scatter(0, ms), half, net)).value())
        .isEqualTo(6);
  }

  /** The bound of a kind, or null when it is not reported. */
  private static LowerBound bound(Instance inst, String kind) {
    return LowerBounds.all(inst).stream()
        .filter(b -> b.kind().equals(kind))
        .findFirst()
        .orElse(null);
  }

  /**
   * docs/models/packet.md#special-class-values (the implementation notes' test vectors, confirmed
   * there by exhaustive search): on the special class F9 (scatter) and F10 (gather, by time
   * reversal) are the corrected optimum T*, exactly. Rows (m, s, t, beta, T*).
   */
  @Test
  void specialClass_f9AndF10AreTheCorrectedOptimum() {
    Object[][] rows = {
      {3, 1, 3, "1", "12"}, {3, 3, 3, "0", "5"}, {5, 3, 4, "1", "22"}, {4, 2, 4, "0.5", "17.5"},
      {4, 3, 5, "1", "24"}, {6, 4, 5, "1", "27"}, {6, 5, 6, "2", "40"}, {10, 5, 5, "1", "27"},
      {2, 1, 1, "0", "2"}, {8, 6, 7, "1", "39"}, {12, 8, 10, "0.5", "62.5"}
    };
    for (Object[] r : rows) {
      for (boolean scatter : new boolean[] {true, false}) {
        Instance inst =
            special((Integer) r[0], (Integer) r[1], (Integer) r[2], (String) r[3], scatter);
        LowerBound b = bound(inst, scatter ? "F9" : "F10");
        assertThat(b).as("row %s", java.util.Arrays.toString(r)).isNotNull();
        assertThat(inst.timeScale().toUnits(b.value()))
            .as("row %s", java.util.Arrays.toString(r))
            .isEqualByComparingTo((String) r[4]);
        assertThat(b.witness()).startsWith("exact");
      }
    }
  }

  /**
   * docs/models/packet.md#special-class-formula: m = 5, s = 3, t = 4, beta = 1; the thesis's
   * printed floor form gives a minimum of 20 (at r = 2, 3), below the true 22, which our ceiling
   * form reports (at the fewest packets, r = 2).
   */
  @Test
  void specialClass_ceilingNotFloor() {
    LowerBound b = bound(special(5, 3, 4, "1", true), "F9");
    assertThat(b.value()).isEqualTo(22);
    assertThat(b.witness()).contains("at r = 2");
  }

  /**
   * docs/models/packet.md#buffers-and-grouping: without grouping, m = 3 to P_3 and P_4 with beta =
   * 1 takes 16 (F9), and m = 3 to P_2 and P_3 with beta = 1/2 takes 21/2 (the implementation notes'
   * grouping vectors).
   */
  @Test
  void groupingExamples_f9() {
    assertThat(bound(special(3, 3, 4, "1", true), "F9").value()).isEqualTo(16);
    Instance half = special(3, 2, 3, "0.5", true);
    assertThat(half.timeScale().toUnits(bound(half, "F9").value())).isEqualByComparingTo("10.5");
  }

  /**
   * F11 (Theorem 18, docs/models/packet.md#planned-methods, blocks), by hand: messages of 2 units
   * to P_1 and P_3 of an array, beta = 1. Blocks {1} and {3}; counts (1,1): max(3 + 3, 3 + 2 x 3) =
   * 9; (1,2): max(4 + 3, 4 + 2 x 2) = 8; (2,2): max(4 + 4, 8) = 8. Optimum 8 (P_3's two one-unit
   * packets end at 6 and 8, P_1's packet [4, 7)).
   */
  @Test
  void blocks_f11ByHand() {
    List<Message> ms = List.of(new Message("a", 0, 1, 2), new Message("b", 0, 3, 2));
    Instance inst =
        new Instance(
            "blocks", new Problem.Scatter(0, ms), tsai("1"), Network.of(new Topology.Bla(4)));
    LowerBound b = bound(inst, "F11");
    assertThat(b.value()).isEqualTo(8);
    assertThat(b.witness()).startsWith("exact").contains("r = [1, 2]");
    assertThat(bound(inst, "F9")).isNull();
  }

  /**
   * docs/models/packet.md#lower-bounds (F13) and #tv-1-and-tv-2: TV-1 gives F13 = 6 (N_{>=3} = 4: 4
   * + 3 - 1), whatever beta; with beta = 0 it is the optimum (Claim 11) and says so; with beta = 2
   * it is only a bound (OPT(2) = 16).
   */
  @Test
  void tv1_f13() {
    LowerBound zero = bound(tv1(true, tsai("0")), "F13");
    assertThat(zero.value()).isEqualTo(6);
    assertThat(zero.witness()).startsWith("exact");
    LowerBound two = bound(tv1(true, tsai("2")), "F13");
    assertThat(two.value()).isEqualTo(6);
    assertThat(two.witness()).doesNotStartWith("exact");
    assertThat(bound(tv1(false, tsai("0")), "F13").value()).isEqualTo(6);
    // TV-1 is not in the special class (two branches) and has a 3-unit message (no F12)
    assertThat(bound(tv1(true, tsai("2")), "F9")).isNull();
    assertThat(bound(tv1(true, tsai("2")), "F12")).isNull();
  }

  /**
   * docs/models/packet.md#planned-methods (single-flit FDF, F12) on TV-1's unit depths (4, 3, 3,
   * 3): (beta + 1) x 6. An instance whose messages are single units at exactly those depths: the
   * TV-1 branch of Q, and three leaves at depth 3 under one node at depth 2.
   */
  @Test
  void singleUnits_f12() {
    List<Integer> parents = List.of(-1, 0, 1, 2, 2, 2, 0, 6, 7, 8);
    for (String beta : new String[] {"0", "1", "1.5", "2"}) {
      List<Message> ms =
          List.of(
              new Message("p", 0, 3, 1),
              new Message("p2", 0, 4, 1),
              new Message("p3", 0, 5, 1),
              new Message("q", 0, 9, 1));
      Instance inst =
          new Instance(
              "f12",
              new Problem.Scatter(0, ms),
              tsai(beta),
              Network.of(new Topology.Tree(parents)));
      LowerBound b = bound(inst, "F12");
      assertThat(inst.timeScale().toUnits(b.value()))
          .as("beta %s", beta)
          .isEqualByComparingTo(
              new BigDecimal(beta).add(BigDecimal.ONE).multiply(BigDecimal.valueOf(6)));
      assertThat(b.witness()).startsWith("exact");
    }
  }

  /**
   * All ports: no F12 or F13 (the root may feed two branches at once); the exchange rule: F9 is a
   * bound only.
   */
  @Test
  void classBounds_followTheModel() {
    CommModel.StoreAndForward all =
        new CommModel.StoreAndForward(
            BigDecimal.ONE, BigDecimal.ONE, CommModel.Ports.ALL, CommModel.Duplex.FULL, null);
    Instance multi = tv1(true, all);
    assertThat(bound(multi, "F13")).isNull();
    List<Message> ms = List.of(new Message("a", 0, 2, 3), new Message("b", 0, 3, 3));
    CommModel.StoreAndForward ex =
        new CommModel.StoreAndForward(
            BigDecimal.ONE,
            BigDecimal.ONE,
            CommModel.Ports.ONE,
            CommModel.Duplex.FULL,
            CommModel.OnePortRule.EXCHANGE);
    Instance exchange =
        new Instance("ex", new Problem.Scatter(0, ms), ex, Network.of(new Topology.Bla(4)));
    LowerBound f9 = bound(exchange, "F9");
    assertThat(f9.witness()).doesNotStartWith("exact");
    assertThat(f9.value()).isEqualTo(bound(special(3, 2, 3, "1", true), "F9").value());
    // unequal lengths: not the special class
    List<Message> uneq = List.of(new Message("a", 0, 2, 3), new Message("b", 0, 3, 2));
    assertThat(
            bound(
                new Instance(
                    "u", new Problem.Scatter(0, uneq), tsai("1"), Network.of(new Topology.Bla(4))),
                "F9"))
        .isNull();
  }
}
