package org.commsched.core.check;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.commsched.core.check.Fixtures.instance;
import static org.commsched.core.check.Fixtures.msg;
import static org.commsched.core.check.Fixtures.sf;
import static org.commsched.core.check.Fixtures.tx;
import static org.commsched.core.check.Fixtures.valid;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Schedule;
import org.commsched.core.model.Topology;
import org.commsched.core.time.TimeScale;
import org.junit.jupiter.api.Test;

/**
 * The conformance rules V7 to V11 (docs/models/packet.md#conformance-rules) on the thesis's
 * examples: the TV-1 schedules of docs/models/packet.md#tv-1-and-tv-2 and the eager and reversed
 * gathers of docs/models/packet.md#buffers-and-grouping. Expected values are the thesis's (and the
 * model page's), worked by hand.
 */
class PacketConformanceTest {
  private static final Topology TV1 = new Topology.Tree(List.of(-1, 0, 1, 2, 0, 4, 5, 6));
  private static final CommModel.StoreAndForward ONE_PORT_BETA2 =
      sf(
          "2",
          "1",
          CommModel.Ports.ONE,
          CommModel.Duplex.FULL,
          CommModel.OnePortRule.SEND_AND_RECEIVE);

  private static Instance tv1() {
    return instance(
        new Problem.Scatter(0, List.of(msg("P", 0, 3, 3), msg("Q", 0, 7, 1))), ONE_PORT_BETA2, TV1);
  }

  /** The buffer example: gather on P0 - P1 - P2, 3 units from P1 and 6 from P2, beta = 2. */
  private static Instance path3() {
    return instance(
        new Problem.Gather(0, List.of(msg("M1", 1, 0, 3), msg("M2", 2, 0, 6))),
        ONE_PORT_BETA2,
        new Topology.Bla(3));
  }

  private static ConformanceReport conform(Instance inst, List<Schedule.Transmission> records) {
    return ScheduleChecker.conform(
        inst,
        new Schedule.Transmissions(TimeScale.UNIT, records),
        EnumSet.allOf(Conformance.class));
  }

  private static ConformanceReport.Result rule(ConformanceReport r, Conformance c) {
    return r.results().stream().filter(x -> x.rule() == c).findFirst().orElseThrow();
  }

  /** TV-1 FDF (ii) = (Q1, P1, P2) at beta = 2, FCFS greedy: 5 beta + 8 = 18; every rule holds. */
  @Test
  void tv1FdfFcfsGreedy_meetsEveryRule() {
    List<Schedule.Transmission> rs =
        new ArrayList<>(
            List.of(
                tx("Q", 0, 1, 0, 4, 0),
                tx("Q", 0, 1, 4, 5, 3),
                tx("Q", 0, 1, 5, 6, 6),
                tx("Q", 0, 1, 6, 7, 9),
                // P1 (1 unit, 3 ticks) then P2 (2 units, 4 ticks) back to back at the root from 3;
                // P2 waits behind P1
                tx("P", 0, 1, 0, 1, 3),
                tx("P", 0, 1, 1, 2, 6),
                tx("P", 0, 1, 2, 3, 9),
                tx("P", 1, 2, 0, 1, 6),
                tx("P", 1, 2, 1, 2, 10),
                tx("P", 1, 2, 2, 3, 14)));
    valid(ScheduleChecker.check(tv1(), new Schedule.Transmissions(TimeScale.UNIT, rs)), 18);
    ConformanceReport r = conform(tv1(), rs);
    assertThat(r.metNames()).isEqualTo("fcfs,greedy,fdf,buffer,even-size");
    assertThat(rule(r, Conformance.BUFFER).witness()).contains("peak is 2");
  }

  /**
   * TV-1's rho* = (P3, Q1): valid, FCFS and greedy, but not FDF (Q goes farther and leaves later).
   */
  @Test
  void tv1RhoStar_isNotFdf() {
    List<Schedule.Transmission> rs =
        List.of(
            tx("P", 0, 3, 0, 1, 0),
            tx("P", 0, 3, 1, 2, 5),
            tx("P", 0, 3, 2, 3, 10),
            tx("Q", 0, 1, 0, 4, 5),
            tx("Q", 0, 1, 4, 5, 8),
            tx("Q", 0, 1, 5, 6, 11),
            tx("Q", 0, 1, 6, 7, 14));
    ConformanceReport r = conform(tv1(), rs);
    assertThat(r.metNames()).isEqualTo("fcfs,greedy,buffer,even-size");
    assertThat(rule(r, Conformance.FDF).failures()).isEqualTo(1);
    assertThat(rule(r, Conformance.FDF).witness()).contains("packet 0 of Q");
  }

  /**
   * A message of 4 units as packets of 3 and 1 (not even, docs/models/packet.md#packetization):
   * only V11 breaks.
   */
  @Test
  void unevenSizes_breakV11Only() {
    Instance inst =
        instance(new Problem.Scatter(0, List.of(msg("P", 0, 3, 4))), ONE_PORT_BETA2, TV1);
    // P as 3 + 1 units, back to back, FCFS greedy
    List<Schedule.Transmission> rs =
        List.of(
            tx("P", 0, 3, 0, 1, 0),
            tx("P", 0, 3, 1, 2, 5),
            tx("P", 0, 3, 2, 3, 10),
            tx("P", 1, 1, 0, 1, 5),
            tx("P", 1, 1, 1, 2, 10),
            tx("P", 1, 1, 2, 3, 15));
    ConformanceReport r = conform(inst, rs);
    assertThat(r.metNames()).isEqualTo("fcfs,greedy,fdf,buffer");
    assertThat(rule(r, Conformance.EVEN_SIZE).witness()).contains("from 1 to 3");
  }

  /**
   * The eager gather of receive order (P2, 1), (P1, 3), (P2, 4), (P2, 1): makespan 20, and at time
   * 12 P1 holds the 4-unit packet (received at 9, still in its set-up) and the 1-unit one: 5 units,
   * more than the largest packet.
   */
  @Test
  void eagerGather_breaksTheBufferBound() {
    List<Schedule.Transmission> rs =
        List.of(
            tx("M2", 0, 1, 2, 1, 0),
            tx("M2", 0, 1, 1, 0, 3),
            tx("M1", 0, 3, 1, 0, 6),
            tx("M2", 1, 4, 2, 1, 3),
            tx("M2", 1, 4, 1, 0, 11),
            tx("M2", 2, 1, 2, 1, 9),
            tx("M2", 2, 1, 1, 0, 17));
    valid(ScheduleChecker.check(path3(), new Schedule.Transmissions(TimeScale.UNIT, rs)), 20);
    ConformanceReport r = conform(path3(), rs);
    ConformanceReport.Result buffer = rule(r, Conformance.BUFFER);
    assertThat(buffer.met()).isFalse();
    assertThat(buffer.witness()).contains("node 1 holds 5 units at 12");
    assertThat(rule(r, Conformance.GREEDY).met()).isTrue();
    assertThat(rule(r, Conformance.FCFS).met()).isTrue();
  }

  /**
   * The same receive order by time reversal of the scatter of the reversed order: makespan 20
   * again, as late as possible, and within the bound (peak 4 at P1); not greedy (the last packet
   * waits at its source).
   */
  @Test
  void reversedGather_keepsTheBufferBound() {
    List<Schedule.Transmission> rs =
        List.of(
            tx("M2", 0, 1, 2, 1, 0),
            tx("M2", 0, 1, 1, 0, 3),
            tx("M1", 0, 3, 1, 0, 6),
            tx("M2", 1, 4, 2, 1, 5),
            tx("M2", 1, 4, 1, 0, 11),
            tx("M2", 2, 1, 2, 1, 14),
            tx("M2", 2, 1, 1, 0, 17));
    valid(ScheduleChecker.check(path3(), new Schedule.Transmissions(TimeScale.UNIT, rs)), 20);
    ConformanceReport r = conform(path3(), rs);
    assertThat(rule(r, Conformance.BUFFER).met()).isTrue();
    assertThat(rule(r, Conformance.BUFFER).witness()).contains("peak is 4 at node 1");
    assertThat(rule(r, Conformance.GREEDY).met()).isFalse();
    assertThat(rule(r, Conformance.FCFS).met()).isTrue();
    // NRF: M2's first packet (2 hops) reaches the root before M1's (1 hop)
    assertThat(rule(r, Conformance.FDF).met()).isFalse();
  }

  @Test
  void parse_acceptsNamesLabelsAndAll() {
    assertThat(Conformance.parse("fcfs, greedy"))
        .containsExactly(Conformance.FCFS, Conformance.GREEDY);
    assertThat(Conformance.parse("V10,even-size"))
        .containsExactly(Conformance.BUFFER, Conformance.EVEN_SIZE);
    assertThat(Conformance.parse("all")).hasSize(5);
    assertThatThrownBy(() -> Conformance.parse("lifo"))
        .hasMessageContaining("unknown conformance rule 'lifo'");
  }

  @Test
  void conform_refusesOtherFamilies() {
    Instance chat = Fixtures.chatting(new Topology.Ula(3), Fixtures.ALL, msg("a", 0, 2, 1));
    assertThatThrownBy(
            () ->
                ScheduleChecker.conform(
                    chat,
                    new Schedule.Departures(java.util.Map.of("a", 0L)),
                    EnumSet.allOf(Conformance.class)))
        .hasMessageContaining("packet family");
  }
}
