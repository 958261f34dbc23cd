package org.commsched.core.check;

import static org.assertj.core.api.Assertions.assertThat;
import static org.commsched.core.check.Fixtures.instance;
import static org.commsched.core.check.Fixtures.msg;
import static org.commsched.core.check.Fixtures.only;
import static org.commsched.core.check.Fixtures.sf;
import static org.commsched.core.check.Fixtures.tx;
import static org.commsched.core.check.Fixtures.valid;

import java.util.ArrayList;
import java.util.List;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Schedule;
import org.commsched.core.model.Topology;
import org.commsched.core.time.TimeScale;
import org.junit.jupiter.api.Test;

/**
 * Store-and-forward scatter and gather (docs/models/packet.md#validity-rules,
 * #gathering-and-time-reversal) on the TV-1 tree of §4.1: a root with two branches, P = node 3 at
 * depth 3 and Q = node 7 at depth 4; L_P = 3, L_Q = 1; single port.
 */
class PacketCheckerTest {

  private static final Topology TV1 = new Topology.Tree(List.of(-1, 0, 1, 2, 0, 4, 5, 6));

  private static CommModel.StoreAndForward onePort(String beta) {
    return sf(
        beta,
        "1",
        CommModel.Ports.ONE,
        CommModel.Duplex.FULL,
        CommModel.OnePortRule.SEND_AND_RECEIVE);
  }

  private static Instance scatter(CommModel model, Message... extra) {
    List<Message> ms = new ArrayList<>(List.of(msg("P", 0, 3, 3), msg("Q", 0, 7, 1)));
    ms.addAll(List.of(extra));
    return instance(new Problem.Scatter(0, ms), model, TV1);
  }

  private static CheckReport check(Instance inst, List<Schedule.Transmission> records) {
    return ScheduleChecker.check(inst, new Schedule.Transmissions(TimeScale.UNIT, records));
  }

  /** ρ* = (P3, Q1) at β = 2, FCFS greedy (§4.1): P arrives at 3β+9 = 15, Q at 5β+7 = 17. */
  private static List<Schedule.Transmission> rhoStar() {
    return new ArrayList<>(
        List.of(
            tx("P", 0, 3, 0, 1, 0),
            tx("P", 0, 3, 1, 2, 5),
            tx("P", 0, 3, 2, 3, 10),
            tx("Q", 0, 1, 0, 4, 5),
            tx("Q", 0, 1, 4, 5, 8),
            tx("Q", 0, 1, 5, 6, 11),
            tx("Q", 0, 1, 6, 7, 14)));
  }

  // --- the test vectors of docs/models/packet.md#tv-1-and-tv-2
  // ---------------------------------------------------

  /** §4.1 TV-1 at β = 2: ρ* takes max(3β+9, 5β+7) = 17. */
  @Test
  void tv1RhoStar_isValidWithMakespan17() {
    valid(check(scatter(onePort("2")), rhoStar()), 17);
  }

  /** §4.1 TV-1, FDF (iv) = (Q1, P3) at β = 2: 4β+10 = 18. */
  @Test
  void tv1FdfOnePacket_isValidWithMakespan18() {
    valid(
        check(
            scatter(onePort("2")),
            List.of(
                tx("Q", 0, 1, 0, 4, 0),
                tx("Q", 0, 1, 4, 5, 3),
                tx("Q", 0, 1, 5, 6, 6),
                tx("Q", 0, 1, 6, 7, 9),
                tx("P", 0, 3, 0, 1, 3),
                tx("P", 0, 3, 1, 2, 8),
                tx("P", 0, 3, 2, 3, 13))),
        18);
  }

  /** §4.1 TV-1, FDF (i) = (Q1, P1, P1, P1) at β = 2, FCFS greedy: 6β+6 = 18. */
  @Test
  void tv1FdfSingleFlits_isValidWithMakespan18() {
    List<Schedule.Transmission> rs =
        new ArrayList<>(
            List.of(
                tx("Q", 0, 1, 0, 4, 0),
                tx("Q", 0, 1, 4, 5, 3),
                tx("Q", 0, 1, 5, 6, 6),
                tx("Q", 0, 1, 6, 7, 9)));
    for (int p = 0; p < 3; p++) {
      for (int hop = 0; hop < 3; hop++) {
        rs.add(tx("P", p, 1, hop, hop + 1, 3 + 3L * p + 3L * hop));
      }
    }
    valid(check(scatter(onePort("2")), rs), 18);
  }

  /**
   * §4.1 ρ** = (P2, Q1, P1) at β = 3/2: max(5β+6, 4β+7) = 27/2 = OPT(3/2). The schedule is written
   * in hundredths, finer than the model's tenths, so the report keeps hundredths: 13.5 = 1350
   * ticks.
   */
  @Test
  void tv1RhoStarStarAtBetaThreeHalves_isExactlyTwentySevenHalves() {
    List<Schedule.Transmission> rs =
        List.of(
            tx("P", 0, 2, 0, 1, 0),
            tx("P", 0, 2, 1, 2, 350),
            tx("P", 0, 2, 2, 3, 700),
            tx("Q", 0, 1, 0, 4, 350),
            tx("Q", 0, 1, 4, 5, 600),
            tx("Q", 0, 1, 5, 6, 850),
            tx("Q", 0, 1, 6, 7, 1100),
            tx("P", 1, 1, 0, 1, 600),
            tx("P", 1, 1, 1, 2, 850),
            tx("P", 1, 1, 2, 3, 1100));
    CheckReport r =
        ScheduleChecker.check(
            scatter(onePort("1.5")), new Schedule.Transmissions(new TimeScale(2), rs));
    valid(r, 1350);
    assertThat(r.scale()).isEqualTo(new TimeScale(2));
    assertThat(r.scale().format(r.makespan())).isEqualTo("13.5");
    // starting P's second packet at 5.99 instead of 6 overlaps Q at the root's single send port
    List<Schedule.Transmission> early = new ArrayList<>(rs);
    early.set(7, tx("P", 1, 1, 0, 1, 599));
    Violation v =
        only(
            ScheduleChecker.check(
                scatter(onePort("1.5")), new Schedule.Transmissions(new TimeScale(2), early)),
            Kind.SEND_PORT);
    assertThat(v.time()).isEqualTo(599L);
    assertThat(v.place()).isEqualTo("node 0");
  }

  /**
   * §4.7 TV-2 (gather on the TV-1 tree), receive order ρ* = (Q1, P3) at β = 2: max(3β+9, 5β+7) =
   * 17, built as the time reversal (§1.10) of the scatter ρ*. Moving Q's last hop into P's arrival
   * breaks the root's receive port.
   */
  @Test
  void tv2GatherRhoStar_isValidWithMakespan17_andOverlappingArrivalsBreakTheReceivePort() {
    Instance gather =
        instance(
            new Problem.Gather(0, List.of(msg("P", 3, 0, 3), msg("Q", 7, 0, 1))),
            onePort("2"),
            TV1);
    List<Schedule.Transmission> rs =
        new ArrayList<>(
            List.of(
                tx("P", 0, 3, 3, 2, 2),
                tx("P", 0, 3, 2, 1, 7),
                tx("P", 0, 3, 1, 0, 12),
                tx("Q", 0, 1, 7, 6, 0),
                tx("Q", 0, 1, 6, 5, 3),
                tx("Q", 0, 1, 5, 4, 6),
                tx("Q", 0, 1, 4, 0, 9)));
    valid(check(gather, rs), 17);
    rs.set(6, tx("Q", 0, 1, 4, 0, 13));
    Violation v = only(check(gather, rs), Kind.RECEIVE_PORT);
    assertThat(v.messages()).containsExactly("P", "Q");
    assertThat(v.place()).isEqualTo("node 0");
    assertThat(v.time()).isEqualTo(13L);
  }

  // --- one example per violation kind
  // -------------------------------------------------------------------------

  @Test
  void rootSendingTwoPacketsAtOnce_isSendPort_butFineWithAllPorts() {
    List<Schedule.Transmission> rs =
        List.of(
            tx("P", 0, 3, 0, 1, 0),
            tx("P", 0, 3, 1, 2, 5),
            tx("P", 0, 3, 2, 3, 10),
            tx("Q", 0, 1, 0, 4, 3),
            tx("Q", 0, 1, 4, 5, 6),
            tx("Q", 0, 1, 5, 6, 9),
            tx("Q", 0, 1, 6, 7, 12));
    Violation v = only(check(scatter(onePort("2")), rs), Kind.SEND_PORT);
    assertThat(v.messages()).containsExactly("P", "Q");
    assertThat(v.place()).isEqualTo("node 0");
    assertThat(v.time()).isEqualTo(3L);
    valid(check(scatter(sf("2", "1", CommModel.Ports.ALL, CommModel.Duplex.FULL, null)), rs), 15);
  }

  @Test
  void twoPacketsOnOneArcAtOnce_isArcConflictEvenWithAllPorts() {
    CommModel.StoreAndForward all = sf("2", "1", CommModel.Ports.ALL, CommModel.Duplex.FULL, null);
    List<Schedule.Transmission> rs =
        List.of(
            tx("P", 0, 2, 0, 1, 0),
            tx("P", 0, 2, 1, 2, 4),
            tx("P", 0, 2, 2, 3, 8),
            tx("P", 1, 1, 0, 1, 0),
            tx("P", 1, 1, 1, 2, 8),
            tx("P", 1, 1, 2, 3, 12),
            tx("Q", 0, 1, 0, 4, 0),
            tx("Q", 0, 1, 4, 5, 3),
            tx("Q", 0, 1, 5, 6, 6),
            tx("Q", 0, 1, 6, 7, 9));
    Violation v = only(check(scatter(all), rs), Kind.ARC_CONFLICT);
    assertThat(v.messages()).containsExactly("P");
    assertThat(v.place()).isEqualTo("0->1");
    assertThat(v.time()).isEqualTo(0L);
  }

  @Test
  void packetOfNoFlits_isBadSize() {
    List<Schedule.Transmission> rs = rhoStar();
    rs.add(tx("Q", 1, 0, 0, 4, 20));
    Violation v = only(check(scatter(onePort("2")), rs), Kind.BAD_SIZE);
    assertThat(v.messages()).containsExactly("Q");
    assertThat(v.place()).isEqualTo("0->4");
  }

  @Test
  void packetChangingSizeOnTheWay_isSizeMismatch() {
    List<Schedule.Transmission> rs = rhoStar();
    rs.set(1, tx("P", 0, 2, 1, 2, 5));
    Violation v = only(check(scatter(onePort("2")), rs), Kind.SIZE_MISMATCH);
    assertThat(v.messages()).containsExactly("P");
    assertThat(v.place()).isEqualTo("1->2");
    assertThat(v.time()).isEqualTo(5L);
  }

  @Test
  void packetOfALengthZeroMessage_isNullMessageSent() {
    Instance inst = scatter(onePort("2"), msg("R", 0, 5, 0));
    List<Schedule.Transmission> rs = rhoStar();
    valid(check(inst, rs), 17);
    rs.add(tx("R", 0, 1, 0, 4, 20));
    Violation v = only(check(inst, rs), Kind.NULL_MESSAGE_SENT);
    assertThat(v.messages()).containsExactly("R");
    assertThat(v.place()).isEqualTo("0->4");
    assertThat(v.time()).isEqualTo(20L);
  }

  @Test
  void hopOffTheRoute_isOffRoute() {
    List<Schedule.Transmission> rs = rhoStar();
    rs.add(tx("Q", 0, 1, 0, 1, 20));
    Violation v = only(check(scatter(onePort("2")), rs), Kind.OFF_ROUTE);
    assertThat(v.messages()).containsExactly("Q");
    assertThat(v.place()).isEqualTo("0->1");
    assertThat(v.time()).isEqualTo(20L);
  }

  @Test
  void packetStoppingShort_isMissingHop() {
    List<Schedule.Transmission> rs = rhoStar();
    rs.remove(6);
    CheckReport r = check(scatter(onePort("2")), rs);
    Violation v = only(r, Kind.MISSING_HOP);
    assertThat(v.messages()).containsExactly("Q");
    assertThat(v.place()).isEqualTo("6->7");
    assertThat(r.makespan()).isEqualTo(15L);
  }

  @Test
  void hopCrossedTwice_isDuplicateHop() {
    List<Schedule.Transmission> rs = rhoStar();
    rs.add(tx("Q", 0, 1, 6, 7, 20));
    Violation v = only(check(scatter(onePort("2")), rs), Kind.DUPLICATE_HOP);
    assertThat(v.place()).isEqualTo("6->7");
    assertThat(v.time()).isEqualTo(20L);
  }

  /** V4: Q reaches node 4 at 8 (5 + β + 1) but leaves it at 7. */
  @Test
  void forwardingBeforeFullyReceived_isStoreAndForward() {
    List<Schedule.Transmission> rs = rhoStar();
    rs.set(4, tx("Q", 0, 1, 4, 5, 7));
    Violation v = only(check(scatter(onePort("2")), rs), Kind.STORE_AND_FORWARD);
    assertThat(v.messages()).containsExactly("Q");
    assertThat(v.place()).isEqualTo("4->5");
    assertThat(v.time()).isEqualTo(7L);
  }

  @Test
  void packetsShortOfTheMessage_isLengthMismatch() {
    List<Schedule.Transmission> rs = rhoStar();
    for (int i = 0; i < 3; i++) {
      Schedule.Transmission x = rs.get(i);
      rs.set(i, tx("P", 0, 2, x.from(), x.to(), x.start()));
    }
    Violation v = only(check(scatter(onePort("2")), rs), Kind.LENGTH_MISMATCH);
    assertThat(v.messages()).containsExactly("P");
  }

  @Test
  void packetOfAnUnknownMessage_isUnknownMessage() {
    List<Schedule.Transmission> rs = rhoStar();
    rs.add(tx("Z", 0, 1, 0, 4, 20));
    Violation v = only(check(scatter(onePort("2")), rs), Kind.UNKNOWN_MESSAGE);
    assertThat(v.messages()).containsExactly("Z");
  }

  @Test
  void packetJumpingBetweenNonNeighbours_isNotAnArc() {
    List<Schedule.Transmission> rs = rhoStar();
    rs.add(tx("P", 1, 1, 0, 3, 20));
    Violation v = only(check(scatter(onePort("2")), rs), Kind.NOT_AN_ARC);
    assertThat(v.place()).isEqualTo("0->3");
  }

  @Test
  void startBeforeZero_isNegativeTime() {
    List<Schedule.Transmission> rs = new ArrayList<>();
    for (Schedule.Transmission x : rhoStar()) {
      rs.add(tx(x.message(), x.packet(), x.size(), x.from(), x.to(), x.start() - 1));
    }
    Violation v = only(check(scatter(onePort("2")), rs), Kind.NEGATIVE_TIME);
    assertThat(v.place()).isEqualTo("0->1");
    assertThat(v.time()).isEqualTo(-1L);
  }
}
