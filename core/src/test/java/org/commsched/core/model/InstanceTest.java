package org.commsched.core.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.util.List;
import org.commsched.core.time.TimeScale;
import org.junit.jupiter.api.Test;

class InstanceTest {
  private static final CommModel ALL = new CommModel.Bufferless(CommModel.BufferlessPorts.ALL);
  private static final CommModel SAF =
      new CommModel.StoreAndForward(
          new BigDecimal("272"),
          new BigDecimal("0.4"),
          CommModel.Ports.ALL,
          CommModel.Duplex.FULL,
          null);

  @Test
  void duplicateIds_areRejectedAtTheSecond() {
    assertThatThrownBy(
            () ->
                new Instance(
                    "x",
                    new Problem.Chatting(
                        List.of(new Message("a", 0, 1, 1), new Message("a", 1, 2, 1))),
                    ALL,
                    Network.of(new Topology.Ula(3))))
        .isInstanceOf(ModelException.class)
        .satisfies(e -> assertThat(((ModelException) e).pointer()).isEqualTo("/messages/1/id"));
  }

  @Test
  void zeroLength_isRejectedForChattingButAllowedForScatter() {
    Network net = Network.of(new Topology.Ula(3));
    assertThatThrownBy(
            () ->
                new Instance(
                    "x", new Problem.Chatting(List.of(new Message("a", 0, 1, 0))), ALL, net))
        .isInstanceOf(ModelException.class)
        .hasMessageContaining("length 0");
    Instance s =
        new Instance("x", new Problem.Scatter(0, List.of(new Message("a", 0, 1, 0))), ALL, net);
    assertThat(s.messages()).hasSize(1);
  }

  @Test
  void theTypedModelViews_giveTheModelTheyHold_andNameTheInstanceWhenAskedForTheOther() {
    Network net = Network.of(new Topology.Ring(5));
    Instance g = new Instance("g", new Problem.Gossip(7), SAF, net);
    Instance c =
        new Instance(
            "c",
            new Problem.Chatting(List.of(new Message("a", 0, 2, 1))),
            new CommModel.Bufferless(CommModel.BufferlessPorts.SINGLE),
            net);
    assertThat(g.storeAndForward()).isSameAs(SAF);
    assertThat(c.bufferlessPorts()).isEqualTo(CommModel.BufferlessPorts.SINGLE);
    assertThatThrownBy(g::bufferlessPorts)
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("g is a store-and-forward gossip instance, not a bufferless one");
    assertThatThrownBy(c::storeAndForward)
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("c is a bufferless chatting instance, not a store-and-forward one");
  }

  @Test
  void
      eachScheduleKind_namesItsFileField_andOnlySlotsAreVirtual_andOnlyDeparturesCarryControlFlits() {
    Schedule.ControlTransfer wake = new Schedule.ControlTransfer(0, 1, 0, "wakeup", List.of());
    Schedule.Departures trace = new Schedule.Departures(java.util.Map.of("a", 1L), List.of(wake));
    Schedule.Slots slots = new Schedule.Slots(java.util.Map.of("a", 0L));
    Schedule.Transmissions t = new Schedule.Transmissions(TimeScale.UNIT, List.of());
    assertThat(List.of(trace.wireName(), slots.wireName(), t.wireName()))
        .containsExactly("departures", "slots", "transmissions");
    assertThat(List.of(trace.virtual(), slots.virtual(), t.virtual()))
        .containsExactly(false, true, false);
    assertThat(trace.control()).containsExactly(wake);
    assertThat(slots.control()).isEmpty();
    assertThat(t.control()).isEmpty();
  }

  @Test
  void negativeLength_isRejected() {
    assertThatThrownBy(() -> new Message("a", 0, 1, -3))
        .isInstanceOf(ModelException.class)
        .hasMessageContaining("negative");
  }

  @Test
  void nodeOutOfRange_namesTheField() {
    assertThatThrownBy(
            () ->
                new Instance(
                    "x",
                    new Problem.Chatting(List.of(new Message("a", 0, 7, 1))),
                    ALL,
                    Network.of(new Topology.Ula(3))))
        .isInstanceOf(ModelException.class)
        .satisfies(e -> assertThat(((ModelException) e).pointer()).isEqualTo("/messages/0/to"));
  }

  @Test
  void gossip_hasOneOriginPerNode() {
    Instance g = new Instance("g", new Problem.Gossip(7), SAF, Network.of(new Topology.Ring(5)));
    assertThat(g.origins()).hasSize(5);
    assertThat(g.origins().get(3)).isEqualTo(new Origin("m3", 3, 7));
    assertThat(g.messages()).isEmpty();
  }

  @Test
  void aGossipOriginIdIsFoundByItsNodeAndNoOtherSpellingIs() {
    Instance g = new Instance("g", new Problem.Gossip(7), SAF, Network.of(new Topology.Ring(12)));
    for (int v = 0; v < 12; v++) {
      assertThat(g.originIndexOf(g.origins().get(v).message())).isEqualTo(v);
    }
    assertThat(g.originIndexOf("m11")).isEqualTo(11);
    for (String id :
        List.of(
            "m12",
            "m00",
            "m01",
            "m-1",
            "m+1",
            "m",
            "",
            "x3",
            "M3",
            "m 3",
            "m3 ",
            "m1x",
            "m4294967296",
            "m99999999999",
            "m\u0663")) {
      assertThat(g.originIndexOf(id)).as(id).isEqualTo(-1);
    }
    assertThat(g.origins().stream().map(Origin::message))
        .doesNotHaveDuplicates()
        .contains("m0", "m11");
  }

  @Test
  void aBroadcastsOneOriginIsFoundByItsId() {
    Instance b =
        new Instance("b", new Problem.Broadcast(2, 7), SAF, Network.of(new Topology.Ring(5)));
    assertThat(b.originIndexOf("m0")).isEqualTo(0);
    assertThat(b.originIndexOf("m2")).isEqualTo(-1);
    assertThat(b.originIndexOf("m1")).isEqualTo(-1);
  }

  @Test
  void send_isOneRoutedMessage() {
    Instance s =
        new Instance("s", new Problem.Send(0, 5, 19, null), SAF, Network.of(new Topology.Bla(6)));
    assertThat(s.messages()).hasSize(1);
    assertThat(s.atlas().hops(0)).isEqualTo(5);
    assertThat(s.timeScale()).isEqualTo(new TimeScale(1));
  }

  @Test
  void modelMustFitTheProblem() {
    assertThatThrownBy(
            () -> new Instance("x", new Problem.Gossip(3), ALL, Network.of(new Topology.Ring(4))))
        .isInstanceOf(ModelException.class)
        .hasMessageContaining("store-and-forward");
    assertThatThrownBy(
            () ->
                new Instance(
                    "x",
                    new Problem.Chatting(List.of(new Message("a", 0, 1, 1))),
                    SAF,
                    Network.of(new Topology.Ula(3))))
        .isInstanceOf(ModelException.class)
        .hasMessageContaining("bufferless");
  }

  @Test
  void scatter_messagesMustStartAtTheRoot_oneMessagePerNode() {
    Network net = Network.of(new Topology.Star(4));
    assertThatThrownBy(
            () ->
                new Instance(
                    "x", new Problem.Scatter(0, List.of(new Message("a", 1, 2, 1))), ALL, net))
        .isInstanceOf(ModelException.class)
        .hasMessageContaining("start at the root");
    assertThatThrownBy(
            () ->
                new Instance(
                    "x",
                    new Problem.Scatter(
                        0, List.of(new Message("a", 0, 2, 1), new Message("b", 0, 2, 1))),
                    ALL,
                    net))
        .isInstanceOf(ModelException.class)
        .hasMessageContaining("two");
  }

  @Test
  void storeAndForward_bothZero_isRejected_andPacketTimeIsExact() {
    assertThatThrownBy(
            () ->
                new CommModel.StoreAndForward(
                    BigDecimal.ZERO,
                    BigDecimal.ZERO,
                    CommModel.Ports.ALL,
                    CommModel.Duplex.FULL,
                    null))
        .isInstanceOf(ModelException.class);
    CommModel.StoreAndForward m = (CommModel.StoreAndForward) SAF;
    TimeScale s = m.timeScale();
    // 272 + 1023 * 0.4 = 681.2 exactly (docs/models/linear-cost.md#sending-tables, Table 2c, m = 1)
    assertThat(s.format(m.packetTicks(1023, s))).isEqualTo("681.2");
  }

  @Test
  void timeScale_isExactBothWays() {
    TimeScale s = TimeScale.finest(new BigDecimal("0.25"), new BigDecimal("3"));
    assertThat(s.decimals()).isEqualTo(2);
    assertThat(s.toTicks(new BigDecimal("13.6"))).isEqualTo(1360);
    assertThat(s.format(1360)).isEqualTo("13.6");
    assertThat(s.format(1300)).isEqualTo("13");
    assertThatThrownBy(() -> s.toTicks(new BigDecimal("0.001")))
        .isInstanceOf(ArithmeticException.class);
  }
}
