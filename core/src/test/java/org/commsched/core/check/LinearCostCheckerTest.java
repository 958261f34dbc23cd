package org.commsched.core.check;

import static org.assertj.core.api.Assertions.assertThat;
import static org.commsched.core.check.Fixtures.instance;
import static org.commsched.core.check.Fixtures.only;
import static org.commsched.core.check.Fixtures.sf;
import static org.commsched.core.check.Fixtures.tx;
import static org.commsched.core.check.Fixtures.valid;

import java.util.ArrayList;
import java.util.List;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.CommModel.Duplex;
import org.commsched.core.model.CommModel.OnePortRule;
import org.commsched.core.model.CommModel.Ports;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Schedule;
import org.commsched.core.model.Topology;
import org.commsched.core.time.TimeScale;
import org.junit.jupiter.api.Test;

/**
 * Send, broadcast and gossip under the linear cost model (docs/models/linear-cost.md#validity-rules
 * V1-V11).
 */
class LinearCostCheckerTest {

  private static final CommModel.StoreAndForward F_STAR =
      sf("5", "1", Ports.ALL, Duplex.FULL, null);
  private static final CommModel.StoreAndForward F_ONE =
      sf("5", "1", Ports.ONE, Duplex.FULL, OnePortRule.EXCHANGE);
  private static final CommModel.StoreAndForward H_ONE =
      sf("5", "1", Ports.ONE, Duplex.HALF, OnePortRule.EXCHANGE);

  private static CommModel.StoreAndForward unit(Ports ports, Duplex duplex, OnePortRule rule) {
    return sf("1", "1", ports, duplex, rule);
  }

  private static Instance send(int nodes, long length, CommModel model) {
    return instance(new Problem.Send(0, nodes - 1, length, null), model, new Topology.Bla(nodes));
  }

  private static CheckReport check(Instance inst, List<Schedule.Transmission> records) {
    return ScheduleChecker.check(inst, new Schedule.Transmissions(TimeScale.UNIT, records));
  }

  /**
   * The pipelines of docs/models/linear-cost.md#planned-methods along the path 0..links: packet j
   * (0-based) holds units [jk, min((j+1)k, n)). Link bound: start(d, j) = max(end(d, j-1), end(d-1,
   * j)). Processor bound adds end(d+1, j-1): the receiver must have finished sending the previous
   * packet on.
   */
  private static List<Schedule.Transmission> pipeline(
      int n, int links, int k, long beta, long tau, boolean processorBound, boolean withFirst) {
    int q = (n + k - 1) / k;
    long[][] end = new long[links + 2][q + 1];
    List<Schedule.Transmission> rs = new ArrayList<>();
    for (int j = 1; j <= q; j++) {
      for (int d = 1; d <= links; d++) {
        long size = Math.min((long) j * k, n) - (long) (j - 1) * k;
        long start = Math.max(end[d][j - 1], end[d - 1][j]);
        if (processorBound) {
          start = Math.max(start, end[d + 1][j - 1]);
        }
        end[d][j] = start + beta + size * tau;
        rs.add(
            new Schedule.Transmission(
                "m0",
                j - 1,
                size,
                d - 1,
                d,
                start,
                withFirst ? Long.valueOf((long) (j - 1) * k) : null));
      }
    }
    return rs;
  }

  // --- the worked examples of docs/models/linear-cost.md#worked-examples
  // ------------------------------------------

  /**
   * §2.3 E1 (Fig. 2.2): link-bound pipeline, n = 19, m = 5, k = 5, β = 5, τ = 1: 79 = S_*(19,5).
   */
  @Test
  void e1LinkBoundPipeline_isValidWithMakespan79() {
    valid(check(send(6, 19, F_STAR), pipeline(19, 5, 5, 5, 1, false, false)), 79);
    valid(check(send(6, 19, F_STAR), pipeline(19, 5, 5, 5, 1, false, true)), 79);
  }

  /**
   * The same pipeline breaks the one-port rule: a relay receives the next packet while it forwards
   * one.
   */
  @Test
  void e1PipelineUnderOnePort_breaksTheExchangeRule() {
    CheckReport r = check(send(6, 19, F_ONE), pipeline(19, 5, 5, 5, 1, false, false));
    assertThat(r.violations()).isNotEmpty();
    assertThat(r.violations()).extracting(Violation::kind).containsOnly(Kind.EXCHANGE_PORT);
    assertThat(r.violations()).extracting(Violation::place).doesNotContain("node 0", "node 5");
  }

  /**
   * §2.3 E3 (Fig. 2.14): processor-bound pipeline, n = 19, m = 5, k = 5: 108 = T_1(19,5,5), F1 and
   * H1.
   */
  @Test
  void e3ProcessorBoundPipeline_isValidWithMakespan108() {
    valid(check(send(6, 19, F_ONE), pipeline(19, 5, 5, 5, 1, true, false)), 108);
    valid(check(send(6, 19, H_ONE), pipeline(19, 5, 5, 5, 1, true, true)), 108);
  }

  /**
   * §2.3 Table 2c, β = 272, τ = 0.4 (iPSC/860): one packet of n = 1023 units takes S_*(1023,1) =
   * 681.2 per link, and over two links S_*(1023,2) = 1362.4. Exact decimals: tenths here,
   * hundredths if the schedule uses them.
   */
  @Test
  void decimalTauSend_isExactlyTheTableValue() {
    CommModel.StoreAndForward ipsc = sf("272", "0.4", Ports.ALL, Duplex.FULL, null);
    CheckReport one = check(send(2, 1023, ipsc), List.of(tx("m0", 0, 1023, 0, 1, 0)));
    valid(one, 6812);
    assertThat(one.scale().format(one.makespan())).isEqualTo("681.2");
    CheckReport two =
        ScheduleChecker.check(
            send(3, 1023, ipsc),
            new Schedule.Transmissions(
                new TimeScale(2),
                List.of(tx("m0", 0, 1023, 0, 1, 0), tx("m0", 0, 1023, 1, 2, 68120))));
    valid(two, 136240);
    assertThat(two.scale().format(two.makespan())).isEqualTo("1362.4");
    // forwarding one hundredth early: the relay does not hold the units yet (store and forward, V4)
    Violation v =
        only(
            ScheduleChecker.check(
                send(3, 1023, ipsc),
                new Schedule.Transmissions(
                    new TimeScale(2),
                    List.of(tx("m0", 0, 1023, 0, 1, 0), tx("m0", 0, 1023, 1, 2, 68119)))),
            Kind.SENDER_LACKS_UNIT);
    assertThat(v.time()).isEqualTo(68119L);
  }

  /**
   * β = 0.4, τ = 1 on integer start times: the schedule's coarser scale is refined to the model's
   * tenths.
   */
  @Test
  void decimalBetaWithIntegerStarts_isRescaledToTenths() {
    CommModel.StoreAndForward m = sf("0.4", "1", Ports.ALL, Duplex.FULL, null);
    CheckReport r = check(send(3, 2, m), List.of(tx("m0", 0, 2, 0, 1, 0), tx("m0", 0, 2, 1, 2, 3)));
    valid(r, 54); // second hop [3, 5.4)
    assertThat(r.scale()).isEqualTo(new TimeScale(1));
    assertThat(r.scale().format(r.makespan())).isEqualTo("5.4");
  }

  /**
   * DESIGN "Schedules": records on one arc with one start are one packet lasting β + (total
   * units)τ.
   */
  @Test
  void recordsSharingArcAndStart_areOnePacketOfTheirTotalSize() {
    Instance inst = send(2, 2, unit(Ports.ALL, Duplex.FULL, null));
    valid(check(inst, List.of(tx("m0", 0, 1, 0, 1, 0), tx("m0", 1, 1, 0, 1, 0))), 3);
  }

  // --- one example per violation kind
  // -------------------------------------------------------------------------

  /** V7: node 1 receives the second packet from 0 while it forwards the first to 2. */
  @Test
  void relayReceivingAndForwardingAtOnce_isExchangePort() {
    List<Schedule.Transmission> link = pipeline(2, 2, 1, 1, 1, false, false);
    Violation v =
        only(
            check(send(3, 2, unit(Ports.ONE, Duplex.FULL, OnePortRule.EXCHANGE)), link),
            Kind.EXCHANGE_PORT);
    assertThat(v.messages()).containsExactly("m0");
    assertThat(v.place()).isEqualTo("node 1");
    assertThat(v.time()).isEqualTo(2L);
    valid(check(send(3, 2, unit(Ports.ALL, Duplex.FULL, null)), link), 6);
    valid(check(send(3, 2, unit(Ports.ONE, Duplex.FULL, OnePortRule.SEND_AND_RECEIVE)), link), 6);
    valid(
        check(
            send(3, 2, unit(Ports.ONE, Duplex.FULL, OnePortRule.EXCHANGE)),
            pipeline(2, 2, 1, 1, 1, true, false)),
        8);
  }

  /**
   * V6: the two ends of the link 0-1 swap their gossip messages at once, which half duplex forbids.
   */
  @Test
  void swapOverAHalfDuplexLink_isLinkConflict() {
    List<Schedule.Transmission> swap = List.of(tx("m0", 0, 1, 0, 1, 0), tx("m1", 0, 1, 1, 0, 0));
    Violation v =
        only(check(gossip(2, unit(Ports.ALL, Duplex.HALF, null)), swap), Kind.LINK_CONFLICT);
    assertThat(v.messages()).containsExactly("m0", "m1");
    assertThat(v.place()).isEqualTo("link 0-1");
    assertThat(v.time()).isEqualTo(0L);
    // H1: still a link conflict, not an exchange-port one
    only(
        check(gossip(2, unit(Ports.ONE, Duplex.HALF, OnePortRule.EXCHANGE)), swap),
        Kind.LINK_CONFLICT);
    // full duplex allows it, also under the one-port exchange rule (F1)
    valid(check(gossip(2, unit(Ports.ALL, Duplex.FULL, null)), swap), 2);
    valid(check(gossip(2, unit(Ports.ONE, Duplex.FULL, OnePortRule.EXCHANGE)), swap), 2);
    valid(
        check(
            gossip(2, unit(Ports.ALL, Duplex.HALF, null)),
            List.of(tx("m0", 0, 1, 0, 1, 0), tx("m1", 0, 1, 1, 0, 2))),
        4);
  }

  private static Instance gossip(int nodes, CommModel model) {
    return instance(new Problem.Gossip(1), model, new Topology.Bla(nodes));
  }

  private static Instance broadcast(Topology t, long length, CommModel model) {
    return instance(new Problem.Broadcast(0, length), model, t);
  }

  @Test
  void sourceSendingToTwoLeavesAtOnce_isSendPortOrExchangePortByRule() {
    List<Schedule.Transmission> both = List.of(tx("m0", 0, 1, 0, 1, 0), tx("m0", 0, 1, 0, 2, 0));
    Violation v =
        only(
            check(
                broadcast(
                    new Topology.Star(3),
                    1,
                    unit(Ports.ONE, Duplex.FULL, OnePortRule.SEND_AND_RECEIVE)),
                both),
            Kind.SEND_PORT);
    assertThat(v.place()).isEqualTo("node 0");
    assertThat(v.time()).isEqualTo(0L);
    Violation w =
        only(
            check(
                broadcast(
                    new Topology.Star(3), 1, unit(Ports.ONE, Duplex.FULL, OnePortRule.EXCHANGE)),
                both),
            Kind.EXCHANGE_PORT);
    assertThat(w.place()).isEqualTo("node 0");
    valid(check(broadcast(new Topology.Star(3), 1, unit(Ports.ALL, Duplex.FULL, null)), both), 2);
  }

  @Test
  void nodeReceivingFromTwoNeighboursAtOnce_isReceivePort() {
    CommModel.StoreAndForward m = unit(Ports.ONE, Duplex.FULL, OnePortRule.SEND_AND_RECEIVE);
    List<Schedule.Transmission> rs =
        List.of(tx("m0", 0, 1, 0, 1, 0), tx("m0", 0, 1, 0, 2, 2), tx("m0", 0, 1, 1, 2, 2));
    Violation v = only(check(broadcast(new Topology.Complete(3), 1, m), rs), Kind.RECEIVE_PORT);
    assertThat(v.messages()).containsExactly("m0");
    assertThat(v.place()).isEqualTo("node 2");
    assertThat(v.time()).isEqualTo(2L);
    valid(check(broadcast(new Topology.Complete(3), 1, m), rs.subList(0, 2)), 4);
  }

  /** V4: node 1 forwards at 1 what it has fully received only at 2. */
  @Test
  void forwardingAUnitNotYetHeld_isSenderLacksUnit() {
    Instance inst = send(3, 1, unit(Ports.ALL, Duplex.FULL, null));
    Violation v =
        only(
            check(inst, List.of(tx("m0", 0, 1, 0, 1, 0), tx("m0", 0, 1, 1, 2, 1))),
            Kind.SENDER_LACKS_UNIT);
    assertThat(v.messages()).containsExactly("m0");
    assertThat(v.place()).isEqualTo("1->2");
    assertThat(v.time()).isEqualTo(1L);
    valid(check(inst, List.of(tx("m0", 0, 1, 0, 1, 0), tx("m0", 0, 1, 1, 2, 2))), 4);
  }

  /** V10: a broadcast on the path 0-1-2 that stops at node 1. */
  @Test
  void broadcastMissingANode_isIncomplete() {
    Instance inst = broadcast(new Topology.Bla(3), 2, unit(Ports.ALL, Duplex.FULL, null));
    Violation v = only(check(inst, List.of(tx("m0", 0, 2, 0, 1, 0))), Kind.INCOMPLETE);
    assertThat(v.messages()).containsExactly("m0");
    assertThat(v.place()).isEqualTo("node 2");
    valid(check(inst, List.of(tx("m0", 0, 2, 0, 1, 0), tx("m0", 0, 2, 1, 2, 3))), 6);
  }

  /** V10 for gossip: every node needs every other node's message. */
  @Test
  void gossipMissingOneMessage_isIncomplete() {
    Instance inst = gossip(3, unit(Ports.ALL, Duplex.FULL, null));
    List<Schedule.Transmission> rs =
        new ArrayList<>(
            List.of(
                tx("m0", 0, 1, 0, 1, 0),
                tx("m0", 0, 1, 1, 2, 2),
                tx("m2", 0, 1, 2, 1, 0),
                tx("m2", 0, 1, 1, 0, 2),
                tx("m1", 0, 1, 1, 0, 0)));
    Violation v = only(check(inst, rs), Kind.INCOMPLETE);
    assertThat(v.messages()).containsExactly("m1");
    assertThat(v.place()).isEqualTo("node 2");
    rs.add(tx("m1", 0, 1, 1, 2, 0));
    valid(check(inst, rs), 4);
  }

  @Test
  void unitsBeyondTheMessage_isUnitRange() {
    Instance inst = send(2, 2, unit(Ports.ALL, Duplex.FULL, null));
    List<Schedule.Transmission> rs = new ArrayList<>(List.of(tx("m0", 0, 2, 0, 1, 0)));
    valid(check(inst, rs), 3);
    rs.add(new Schedule.Transmission("m0", 1, 2, 0, 1, 4, 1L));
    Violation v = only(check(inst, rs), Kind.UNIT_RANGE);
    assertThat(v.messages()).containsExactly("m0");
    assertThat(v.place()).isEqualTo("0->1");
  }

  @Test
  void onePacketNumberWithTwoSizes_isSizeMismatch() {
    Instance inst = send(3, 2, unit(Ports.ALL, Duplex.FULL, null));
    List<Schedule.Transmission> rs =
        new ArrayList<>(List.of(tx("m0", 0, 2, 0, 1, 0), tx("m0", 0, 2, 1, 2, 4)));
    valid(check(inst, rs), 7);
    rs.add(tx("m0", 0, 1, 0, 1, 4));
    Violation v = only(check(inst, rs), Kind.SIZE_MISMATCH);
    assertThat(v.messages()).containsExactly("m0");
  }

  @Test
  void packetBetweenNonNeighbours_isNotAnArc() {
    Instance inst = send(3, 1, unit(Ports.ALL, Duplex.FULL, null));
    Violation v =
        only(
            check(
                inst,
                List.of(tx("m0", 0, 1, 0, 1, 0), tx("m0", 0, 1, 1, 2, 2), tx("m0", 0, 1, 0, 2, 0))),
            Kind.NOT_AN_ARC);
    assertThat(v.place()).isEqualTo("0->2");
  }

  @Test
  void emptyPacket_isBadSize() {
    Instance inst = send(2, 1, unit(Ports.ALL, Duplex.FULL, null));
    only(check(inst, List.of(tx("m0", 0, 1, 0, 1, 0), tx("m0", 1, 0, 0, 1, 5))), Kind.BAD_SIZE);
  }

  @Test
  void packetOfAnUnknownMessage_isUnknownMessage() {
    Instance inst = send(2, 1, unit(Ports.ALL, Duplex.FULL, null));
    Violation v =
        only(
            check(inst, List.of(tx("m0", 0, 1, 0, 1, 0), tx("m7", 0, 1, 0, 1, 5))),
            Kind.UNKNOWN_MESSAGE);
    assertThat(v.messages()).containsExactly("m7");
  }

  @Test
  void startBeforeZero_isNegativeTime() {
    Instance inst = send(2, 1, unit(Ports.ALL, Duplex.FULL, null));
    Violation v =
        only(
            check(inst, List.of(tx("m0", 0, 1, 0, 1, 0), tx("m0", 0, 1, 0, 1, -5))),
            Kind.NEGATIVE_TIME);
    assertThat(v.time()).isEqualTo(-5L);
  }

  @Test
  void twoPacketsOnOneArcAtOverlappingTimes_isArcConflict() {
    Instance inst = send(2, 2, unit(Ports.ALL, Duplex.FULL, null));
    Violation v =
        only(
            check(inst, List.of(tx("m0", 0, 1, 0, 1, 0), tx("m0", 1, 1, 0, 1, 1))),
            Kind.ARC_CONFLICT);
    assertThat(v.place()).isEqualTo("0->1");
    assertThat(v.time()).isEqualTo(1L);
  }
}
