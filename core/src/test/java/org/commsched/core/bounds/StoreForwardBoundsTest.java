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
 * Store-and-forward scatter/gather oracles of docs/models/packet.md (Tsai's thesis; tau = 1, single port =
 * one send and one receive at a time).
 */
class StoreForwardBoundsTest {

  private static CommModel.StoreAndForward tsai(String beta) {
    return new CommModel.StoreAndForward(new BigDecimal(beta), BigDecimal.ONE, CommModel.Ports.ONE,
        CommModel.Duplex.FULL, CommModel.OnePortRule.SEND_AND_RECEIVE);
  }

  /** §4.1 TV-1: parent [-,0,1,2,0,4,5,6], L_3 = 3 (P), L_7 = 1 (Q). */
  private static Instance tv1(boolean scatter, CommModel model) {
    List<Integer> parents = List.of(-1, 0, 1, 2, 0, 4, 5, 6);
    List<Message> ms = scatter
        ? List.of(new Message("P", 0, 3, 3), new Message("Q", 0, 7, 1))
        : List.of(new Message("P", 3, 0, 3), new Message("Q", 7, 0, 1));
    Problem p = scatter ? new Problem.Scatter(0, ms) : new Problem.Gather(0, ms);
    return new Instance("tv1", p, model, Network.of(new Topology.Tree(parents)));
  }

  /**
   * §4.1 (scatter) and §4.7 (gather, TV-2): the true optimum OPT(beta) = min(6b+6, max(5b+6, 4b+7), 4b+10); every
   * bound stays below it, for every listed beta.
   */
  @Test
  void tv1_boundsBelowOptimumForEveryBeta() {
    String[] betas = {"0", "0.25", "0.5", "0.75", "1", "1.5", "2", "2.5", "3", "4", "4.5", "5"};
    String[] opts = {"6", "7.5", "9", "10", "11", "13.5", "16", "18.5", "21", "26", "28", "30"};
    for (int i = 0; i < betas.length; i++) {
      BigDecimal b = new BigDecimal(betas[i]);
      BigDecimal opt = b.multiply(BigDecimal.valueOf(6)).add(BigDecimal.valueOf(6))
          .min(b.multiply(BigDecimal.valueOf(5)).add(BigDecimal.valueOf(6))
              .max(b.multiply(BigDecimal.valueOf(4)).add(BigDecimal.valueOf(7))))
          .min(b.multiply(BigDecimal.valueOf(4)).add(BigDecimal.TEN));
      assertThat(opt).isEqualByComparingTo(opts[i]);
      for (boolean scatter : new boolean[] {true, false}) {
        Instance inst = tv1(scatter, tsai(betas[i]));
        TimeScale sc = inst.timeScale();
        assertThat(sc.toUnits(LowerBounds.best(inst).value())).as("beta %s", betas[i])
            .isLessThanOrEqualTo(opt);
      }
    }
  }

  /**
   * F16 on TV-1 with beta = 2: max(alpha*_3(3) = 15, alpha*_4(1) = 12, (2+3) + (2+1) + (3 - 1)(2 + 1) = 14) = 15,
   * below OPT(2) = 16.
   */
  @Test
  void tv1_f16Value() {
    List<LowerBound> all = LowerBounds.all(tv1(true, tsai("2")));
    assertThat(value(all, "F16")).isEqualTo(15);
    assertThat(value(all, "PIPELINE")).isEqualTo(15);
    // the root port, thresholded: messages with >= 4 hops: 3 + 3 x 3 = 12; all: 8 + 2 x 3 = 14
    assertThat(value(all, "ROOT-PORT")).isEqualTo(14);
  }

  /** Endpoint-rooted array P_0..P_t with messages of m units to P_s..P_t (the special class, §2.9, §4.4). */
  private static Instance special(int m, int s, int t, String beta, boolean scatter) {
    List<Message> ms = new ArrayList<>();
    for (int i = s; i <= t; i++) {
      ms.add(scatter ? new Message("m" + i, 0, i, m) : new Message("m" + i, i, 0, m));
    }
    Problem p = scatter ? new Problem.Scatter(0, ms) : new Problem.Gather(0, ms);
    return new Instance("special", p, tsai(beta), Network.of(new Topology.Bla(t + 1)));
  }

  /**
   * §4.4: the special-class optimum T* (confirmed by exhaustive search in the spec) bounds every lower bound, for
   * scatter and, by time reversal (F10), gather. Rows (m, s, t, beta, T*).
   */
  @Test
  void specialClass_boundsBelowOptimum() {
    Object[][] rows = {
        {3, 1, 3, "1", "12"}, {3, 3, 3, "0", "5"}, {5, 3, 4, "1", "22"}, {4, 2, 4, "0.5", "17.5"},
        {4, 3, 5, "1", "24"}, {6, 4, 5, "1", "27"}, {6, 5, 6, "2", "40"}, {10, 5, 5, "1", "27"},
        {2, 1, 1, "0", "2"}, {8, 6, 7, "1", "39"}, {12, 8, 10, "0.5", "62.5"}};
    for (Object[] r : rows) {
      for (boolean scatter : new boolean[] {true, false}) {
        Instance inst = special((Integer) r[0], (Integer) r[1], (Integer) r[2], (String) r[3], scatter);
        BigDecimal best = inst.timeScale().toUnits(LowerBounds.best(inst).value());
        assertThat(best).as("row %s %s scatter=%s", r[0], r[1], scatter).isLessThanOrEqualTo(
            new BigDecimal((String) r[4]));
      }
    }
  }

  /** Tight rows of §4.4: where the root port or one message alone is the bottleneck the bound equals T*. */
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
   * The processor-bound optimum S_1 applies only under the exchange rule: with send-and-receive a relay may
   * receive and send at once (Tsai's single port), so only S_* (= alpha*) is valid there.
   */
  @Test
  void pipeline_usesS1OnlyUnderExchange() {
    List<Message> ms = List.of(new Message("m", 0, 4, 19));
    Network net = Network.of(new Topology.Bla(5));
    CommModel.StoreAndForward sr = new CommModel.StoreAndForward(BigDecimal.valueOf(5), BigDecimal.ONE,
        CommModel.Ports.ONE, CommModel.Duplex.FULL, CommModel.OnePortRule.SEND_AND_RECEIVE);
    CommModel.StoreAndForward ex = new CommModel.StoreAndForward(BigDecimal.valueOf(5), BigDecimal.ONE,
        CommModel.Ports.ONE, CommModel.Duplex.FULL, CommModel.OnePortRule.EXCHANGE);
    Instance a = new Instance("sr", new Problem.Scatter(0, ms), sr, net);
    Instance b = new Instance("ex", new Problem.Scatter(0, ms), ex, net);
    // docs/models/linear-cost.md#sending-tables: S_*(19,4) = 69 with k = 5; S_1(19,4): T_1(19,4,10) = 6*5 + 2*10 + 38 =
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
    CommModel.StoreAndForward half = new CommModel.StoreAndForward(BigDecimal.ONE, BigDecimal.ONE,
        CommModel.Ports.ALL, CommModel.Duplex.HALF, null);
    List<LowerBound> all = LowerBounds.all(new Instance("h", new Problem.Scatter(0, ms), half, net));
    assertThat(all).extracting(LowerBound::kind).contains("EDGE", "ARC", "PIPELINE")
        .doesNotContain("ROOT-PORT", "F16", "SEND-PORT");
    // arc 0->1 carries both messages: (1 + 2) + (1 + 2) = 6; b ends there, so the last use may need no tail.
    // Sending a first attains it (a: 0->1 [0,3), 1->2 [3,6); b: 0->1 [3,6)).
    assertThat(value(all, "ARC")).isEqualTo(6);
    assertThat(LowerBounds.best(new Instance("h", new Problem.Scatter(0, ms), half, net)).value()).isEqualTo(6);
  }
}
