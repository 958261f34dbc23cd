package org.commsched.core.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.List;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Schedule;
import org.commsched.core.model.Topology;
import org.commsched.core.time.TimeScale;
import org.junit.jupiter.api.Test;

/**
 * The checker on links with channels and their own costs
 * (docs/FORMATS.md#links-with-channels-and-costs): a packet lasts its arc's {@code beta + L tau};
 * an arc of k channels carries k packets at once under all ports (a half-duplex link of k channels
 * k in both directions together), one under one port; records name their channel, and records on
 * one arc, channel and start are one packet.
 */
class LinkChannelsCheckerTest {
  /**
   * Broadcast of 3 units from 0 over 0-1 (2 channels, beta 1, tau 1) and 1-2 (the model's beta 2,
   * tau 3).
   */
  static Instance path(CommModel.Ports ports, CommModel.Duplex duplex) {
    CommModel.StoreAndForward m =
        new CommModel.StoreAndForward(
            new BigDecimal("2"),
            new BigDecimal("3"),
            ports,
            duplex,
            CommModel.OnePortRule.EXCHANGE);
    return new Instance(
        "path",
        new Problem.Broadcast(0, 3),
        m,
        Network.of(
            new Topology.Explicit(
                3,
                List.of(new Topology.Pair(0, 1), new Topology.Pair(1, 2)),
                true,
                List.of(
                    new Topology.Channel(2, BigDecimal.ONE, BigDecimal.ONE),
                    Topology.Channel.PLAIN))));
  }

  static Schedule.Transmission t(
      long first, long size, int from, int to, long start, Integer channel) {
    return new Schedule.Transmission("m0", (int) first, size, from, to, start, first, channel);
  }

  static CheckReport check(Instance i, Schedule.Transmission... ts) {
    return ScheduleChecker.check(i, new Schedule.Transmissions(TimeScale.UNIT, List.of(ts)));
  }

  static List<Kind> kinds(CheckReport r) {
    return r.violations().stream().map(Violation::kind).distinct().toList();
  }

  @Test
  void twoChannels_carryTwoPacketsAtOnce_eachAtTheLinksOwnCost() {
    Instance i = path(CommModel.Ports.ALL, CommModel.Duplex.FULL);
    // units 0-1 on channel 0 and unit 2 on channel 1, both from 0: ends 1 + 2 = 3 and 1 + 1 = 2;
    // then 1 -> 2 in one
    // packet of 3 units at the model's 2 + 3 x 3 = 11, from 3 to 14
    CheckReport r = check(i, t(0, 2, 0, 1, 0, null), t(2, 1, 0, 1, 0, 1), t(0, 3, 1, 2, 3, null));
    assertThat(r.violations()).isEmpty();
    assertThat(r.makespan()).isEqualTo(14);
  }

  @Test
  void aThirdPacketAtOnce_onTwoChannels_isAnArcConflict() {
    Instance i = path(CommModel.Ports.ALL, CommModel.Duplex.FULL);
    CheckReport r =
        check(
            i,
            t(0, 1, 0, 1, 0, 0),
            t(1, 1, 0, 1, 0, 1),
            t(2, 1, 0, 1, 1, 0),
            t(0, 3, 1, 2, 4, null));
    assertThat(kinds(r)).containsExactly(Kind.ARC_CONFLICT);
  }

  @Test
  void recordsOnOneChannelAndStart_areOnePacket_andLastTheirSum() {
    Instance i = path(CommModel.Ports.ALL, CommModel.Duplex.FULL);
    // the same two records on one channel: one packet of 3 units, 1 + 3 = 4, so 1 -> 2 may start
    // only at 4
    assertThat(
            kinds(check(i, t(0, 2, 0, 1, 0, null), t(2, 1, 0, 1, 0, null), t(0, 3, 1, 2, 3, null))))
        .contains(Kind.SENDER_LACKS_UNIT);
    CheckReport ok =
        check(i, t(0, 2, 0, 1, 0, null), t(2, 1, 0, 1, 0, null), t(0, 3, 1, 2, 4, null));
    assertThat(ok.violations()).isEmpty();
    assertThat(ok.makespan()).isEqualTo(15);
  }

  @Test
  void aChannelTheArcDoesNotHave_isRefused() {
    Instance i = path(CommModel.Ports.ALL, CommModel.Duplex.FULL);
    CheckReport r = check(i, t(0, 3, 0, 1, 0, 2), t(0, 3, 1, 2, 4, null));
    assertThat(kinds(r)).contains(Kind.NOT_AN_ARC);
    assertThat(r.violations().get(0).detail()).contains("channel 2").contains("0..1");
    assertThat(kinds(check(i, t(0, 3, 0, 1, 0, null), t(0, 3, 1, 2, 4, 1))))
        .contains(Kind.NOT_AN_ARC);
  }

  @Test
  void underOnePort_aNodeStillSendsOnePacketAtATime() {
    Instance i = path(CommModel.Ports.ONE, CommModel.Duplex.FULL);
    CheckReport r = check(i, t(0, 2, 0, 1, 0, null), t(2, 1, 0, 1, 0, 1), t(0, 3, 1, 2, 3, null));
    assertThat(kinds(r)).containsExactly(Kind.EXCHANGE_PORT);
  }

  @Test
  void halfDuplex_twoChannelsCarryBothDirectionsAtOnce_oneDoesNot() {
    CommModel.StoreAndForward m =
        new CommModel.StoreAndForward(
            BigDecimal.ONE,
            BigDecimal.ONE,
            CommModel.Ports.ALL,
            CommModel.Duplex.HALF,
            CommModel.OnePortRule.EXCHANGE);
    for (int count : new int[] {1, 2}) {
      Instance i =
          new Instance(
              "pair",
              new Problem.Gossip(1),
              m,
              Network.of(
                  new Topology.Explicit(
                      2,
                      List.of(new Topology.Pair(0, 1)),
                      true,
                      List.of(new Topology.Channel(count, null, new BigDecimal("2"))))));
      CheckReport r =
          ScheduleChecker.check(
              i,
              new Schedule.Transmissions(
                  TimeScale.UNIT,
                  List.of(
                      new Schedule.Transmission("m0", 0, 1, 0, 1, 0),
                      new Schedule.Transmission("m1", 0, 1, 1, 0, 0))));
      if (count == 2) {
        assertThat(r.violations()).isEmpty();
        assertThat(r.makespan()).isEqualTo(3); // beta 1 + tau 2
      } else {
        assertThat(kinds(r)).containsExactly(Kind.LINK_CONFLICT);
      }
    }
  }
}
