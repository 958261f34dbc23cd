package org.commsched.heuristics.packet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.commsched.instances.testing.ScheduleAssertions.assertValid;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Topology;
import org.junit.jupiter.api.Test;

/**
 * The engine on the thesis's worked examples (docs/models/packet.md#tv-1-and-tv-2,
 * #buffers-and-grouping, #gathering-and-time-reversal): Tsai, "On the Furthest-Distance-First
 * Principle in Scattering and Gathering", §4.1 and §7.2, with the model page's corrections (three
 * one-unit packets in TV-1 (i)). Expected makespans are the thesis's closed forms in beta,
 * evaluated in tenths.
 */
class StoreForwardEngineTest {
  static final Topology TV1 = new Topology.Tree(List.of(-1, 0, 1, 2, 0, 4, 5, 6));

  /** beta values in tenths: 1, 3/2, 2, 5/2, 3. */
  private static final int[] BETAS = {10, 15, 20, 25, 30};

  static CommModel.StoreAndForward onePort(String beta) {
    return new CommModel.StoreAndForward(
        new BigDecimal(beta),
        BigDecimal.ONE,
        CommModel.Ports.ONE,
        CommModel.Duplex.FULL,
        CommModel.OnePortRule.SEND_AND_RECEIVE);
  }

  private static String tenths(int b) {
    return new BigDecimal(b).movePointLeft(1).toPlainString();
  }

  /** TV-1 (P = node 3, 3 units, index 0; Q = node 7, 1 unit, index 1), or TV-2, its gather. */
  static Instance tv(boolean scatter, String beta) {
    List<Message> ms =
        scatter
            ? List.of(new Message("P", 0, 3, 3), new Message("Q", 0, 7, 1))
            : List.of(new Message("P", 3, 0, 3), new Message("Q", 7, 0, 1));
    Problem p = scatter ? new Problem.Scatter(0, ms) : new Problem.Gather(0, ms);
    return new Instance(scatter ? "tv1" : "tv2", p, onePort(beta), Network.of(TV1));
  }

  /** Packets from (message, size) pairs, numbered per message in order. */
  private static List<StoreForwardEngine.Packet> packets(int... messageThenSize) {
    List<StoreForwardEngine.Packet> out = new ArrayList<>();
    int[] next = new int[2];
    for (int i = 0; i < messageThenSize.length; i += 2) {
      int m = messageThenSize[i];
      out.add(new StoreForwardEngine.Packet(m, next[m]++, messageThenSize[i + 1]));
    }
    return out;
  }

  private static final int P = 0;
  private static final int Q = 1;

  /** The root orders of §4.1 and their makespans in tenths, {@code b} = beta in tenths. */
  private static Object[][] orders(int b) {
    return new Object[][] {
      {packets(Q, 1, P, 1, P, 1, P, 1), 6 * b + 60}, // FDF (i)
      {packets(Q, 1, P, 1, P, 2), 5 * b + 80}, // FDF (ii)
      {packets(Q, 1, P, 2, P, 1), 5 * b + 80}, // FDF (iii)
      {packets(Q, 1, P, 3), 4 * b + 100}, // FDF (iv)
      {packets(P, 3, Q, 1), Math.max(3 * b + 90, 5 * b + 70)}, // rho*
      {packets(P, 2, Q, 1, P, 1), Math.max(5 * b + 60, 4 * b + 70)}, // rho** (ours)
    };
  }

  @SuppressWarnings("unchecked")
  @Test
  void tv1_rootOrdersTakeTheThesisTimes() {
    for (int b : BETAS) {
      Instance inst = tv(true, tenths(b));
      for (Object[] row : orders(b)) {
        StoreForwardEngine.Run run =
            StoreForwardEngine.scatter(inst, (List<StoreForwardEngine.Packet>) row[0]);
        long expected = ((Integer) row[1]).longValue() / (b % 10 == 0 ? 10 : 1);
        assertThat(run.makespan()).as("beta %s, order %s", tenths(b), row[0]).isEqualTo(expected);
        assertValid("tv1 " + tenths(b), inst, run.transmissions());
      }
    }
  }

  /**
   * TV-2: the gather with the same receive orders takes the same times (the receive order P..., Q1
   * mirrors the root order Q1, P... of TV-1), both eagerly and by time reversal.
   */
  @SuppressWarnings("unchecked")
  @Test
  void tv2_receiveOrdersTakeTheThesisTimes() {
    for (int b : BETAS) {
      Instance inst = tv(false, tenths(b));
      for (Object[] row : orders(b)) {
        List<StoreForwardEngine.Packet> receive =
            new ArrayList<>((List<StoreForwardEngine.Packet>) row[0]);
        java.util.Collections.reverse(receive);
        long expected = ((Integer) row[1]).longValue() / (b % 10 == 0 ? 10 : 1);
        StoreForwardEngine.Run eager = StoreForwardEngine.gatherEager(inst, receive);
        StoreForwardEngine.Run reversed = StoreForwardEngine.gatherReversed(inst, receive);
        assertThat(eager.makespan())
            .as("eager, beta %s, order %s", tenths(b), receive)
            .isEqualTo(expected);
        assertThat(reversed.makespan())
            .as("reversed, beta %s, order %s", tenths(b), receive)
            .isEqualTo(expected);
        assertValid("tv2 eager", inst, eager.transmissions());
        assertValid("tv2 reversed", inst, reversed.transmissions());
      }
    }
  }

  /**
   * Single units in FDF order on TV-1: (beta + 1) max_k (k + d_(k) - 1) = 6 (beta + 1) (F12), the
   * same as (i).
   */
  @Test
  void tv1_singleUnitsFdf_isF12() {
    for (int beta = 0; beta <= 4; beta++) {
      StoreForwardEngine.Run run =
          StoreForwardEngine.scatter(
              tv(true, Integer.toString(beta)), packets(Q, 1, P, 1, P, 1, P, 1));
      assertThat(run.makespan()).isEqualTo(6L * (beta + 1));
    }
  }

  /** The root of a single-port scatter sends back to back from 0 (F1). */
  @Test
  void rootDepartures_areBackToBack() {
    StoreForwardEngine.Run run =
        StoreForwardEngine.scatter(tv(true, "2"), packets(P, 2, Q, 1, P, 1));
    assertThat(run.start(0, 0)).isZero();
    assertThat(run.start(1, 0)).isEqualTo(4); // beta + 2
    assertThat(run.start(2, 0)).isEqualTo(7); // + beta + 1
  }

  /**
   * docs/models/packet.md#buffers-and-grouping: the eager gather of receive order (P2, 1), (P1, 3),
   * (P2, 4), (P2, 1) on P0 - P1 - P2, beta = 2, takes 20 and holds 5 units at P1 at time 12; the
   * reversed gather of the same order takes 20 too and holds at most 4 (the largest packet).
   */
  @Test
  void bufferCounterexample_eagerBreaksReversedKeeps() {
    Instance inst =
        new Instance(
            "path3",
            new Problem.Gather(0, List.of(new Message("M1", 1, 0, 3), new Message("M2", 2, 0, 6))),
            onePort("2"),
            Network.of(new Topology.Bla(3)));
    List<StoreForwardEngine.Packet> order =
        List.of(
            new StoreForwardEngine.Packet(1, 0, 1),
            new StoreForwardEngine.Packet(0, 0, 3),
            new StoreForwardEngine.Packet(1, 1, 4),
            new StoreForwardEngine.Packet(1, 2, 1));
    StoreForwardEngine.Run eager = StoreForwardEngine.gatherEager(inst, order);
    assertThat(eager.makespan()).isEqualTo(20);
    assertThat(eager.start(2, 0)).isEqualTo(3); // (P2, 4) leaves P2 at 3, P1 at 11
    assertThat(eager.start(2, 1)).isEqualTo(11);
    assertThat(eager.bufferPeaks().units(1)).isEqualTo("5");
    StoreForwardEngine.Run reversed = StoreForwardEngine.gatherReversed(inst, order);
    assertThat(reversed.makespan()).isEqualTo(20);
    assertThat(reversed.bufferPeaks().units(1)).isEqualTo("4");
    assertValid("eager", inst, eager.transmissions());
    assertValid("reversed", inst, reversed.transmissions());
  }

  @Test
  void exact_printsDecimalsOrFractions() {
    assertThat(StoreForwardEngine.exact(15, 10)).isEqualTo("1.5");
    assertThat(StoreForwardEngine.exact(10, 3)).isEqualTo("10/3");
    assertThat(StoreForwardEngine.exact(0, 7)).isEqualTo("0");
  }
}
