package org.commsched.core.check;

import static org.assertj.core.api.Assertions.assertThat;
import static org.commsched.core.check.Fixtures.ALL;
import static org.commsched.core.check.Fixtures.SINGLE;
import static org.commsched.core.check.Fixtures.chatting;
import static org.commsched.core.check.Fixtures.ctl;
import static org.commsched.core.check.Fixtures.instance;
import static org.commsched.core.check.Fixtures.msg;
import static org.commsched.core.check.Fixtures.only;
import static org.commsched.core.check.Fixtures.times;
import static org.commsched.core.check.Fixtures.valid;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Schedule;
import org.commsched.core.model.Topology;
import org.junit.jupiter.api.Test;

/**
 * Bufferless real schedules: one hand-made broken schedule per violation kind, and the papers'
 * traces.
 */
class BufferlessCheckerTest {

  private static CheckReport check(Instance inst, Map<String, Long> departures) {
    return ScheduleChecker.check(inst, new Schedule.Departures(departures));
  }

  private static CheckReport check(
      Instance inst, Map<String, Long> departures, List<Schedule.ControlTransfer> control) {
    return ScheduleChecker.check(inst, new Schedule.Departures(departures, control));
  }

  // --- one example per violation kind
  // -------------------------------------------------------------------------

  /**
   * docs/models/bufferless-chatting.md#validity-rules (2.1): a holds 1->2 in steps 1..2, so b
   * crossing it in step 2 collides.
   */
  @Test
  void sharedArcInOneStep_isArcConflictOnThatArc() {
    Instance inst = chatting(new Topology.Ula(4), ALL, msg("a", 0, 2, 2), msg("b", 1, 3, 1));
    Violation v = only(check(inst, times("a", 0, "b", 2)), Kind.ARC_CONFLICT);
    assertThat(v.messages()).containsExactly("a", "b");
    assertThat(v.place()).isEqualTo("1->2");
    assertThat(v.time()).isEqualTo(2L);
    valid(check(inst, times("a", 0, "b", 3)), 5);
  }

  @Test
  void departureForAnUnknownId_isUnknownMessage() {
    Instance inst = chatting(new Topology.Ula(3), ALL, msg("m0", 0, 2, 1));
    Violation v = only(check(inst, times("m0", 0, "ghost", 7)), Kind.UNKNOWN_MESSAGE);
    assertThat(v.messages()).containsExactly("ghost");
    assertThat(v.time()).isEqualTo(7L);
    valid(check(inst, times("m0", 0)), 2);
  }

  @Test
  void messageWithoutDeparture_isMissingDeparture() {
    Instance inst = chatting(new Topology.Ula(3), ALL, msg("m0", 0, 2, 1), msg("m1", 0, 1, 2));
    Violation v = only(check(inst, times("m0", 0)), Kind.MISSING_DEPARTURE);
    assertThat(v.messages()).containsExactly("m1");
    valid(check(inst, times("m0", 0, "m1", 1)), 3);
  }

  @Test
  void departureBeforeStepZero_isNegativeTime() {
    Instance inst = chatting(new Topology.Ula(3), ALL, msg("m0", 0, 2, 1));
    Violation v = only(check(inst, times("m0", -1)), Kind.NEGATIVE_TIME);
    assertThat(v.messages()).containsExactly("m0");
    assertThat(v.time()).isEqualTo(-1L);
    valid(check(inst, times("m0", 0)), 2);
  }

  /**
   * docs/models/bufferless-scatter-gather.md#validity-rules V4: the root of a star sends two flits
   * in step 0.
   */
  @Test
  void rootSendingToTwoLeavesAtOnce_isSendPort() {
    Instance inst =
        instance(
            new Problem.Scatter(0, List.of(msg("a", 0, 1, 1), msg("b", 0, 2, 1))),
            SINGLE,
            new Topology.Star(3));
    Violation v = only(check(inst, times("a", 0, "b", 0)), Kind.SEND_PORT);
    assertThat(v.messages()).containsExactly("a", "b");
    assertThat(v.place()).isEqualTo("node 0");
    assertThat(v.time()).isEqualTo(0L);
    valid(check(inst, times("a", 0, "b", 1)), 2);
    // the same schedule is fine with all ports
    valid(
        check(
            instance(
                new Problem.Scatter(0, List.of(msg("a", 0, 1, 1), msg("b", 0, 2, 1))),
                ALL,
                new Topology.Star(3)),
            times("a", 0, "b", 0)),
        1);
  }

  /**
   * docs/models/bufferless-scatter-gather.md#validity-rules V5: the root of a star receives from
   * two leaves in step 0.
   */
  @Test
  void rootReceivingFromTwoLeavesAtOnce_isReceivePort() {
    Instance inst =
        instance(
            new Problem.Gather(0, List.of(msg("a", 1, 0, 2), msg("b", 2, 0, 1))),
            SINGLE,
            new Topology.Star(3));
    Violation v = only(check(inst, times("a", 0, "b", 1)), Kind.RECEIVE_PORT);
    assertThat(v.messages()).containsExactly("a", "b");
    assertThat(v.place()).isEqualTo("node 0");
    assertThat(v.time()).isEqualTo(1L);
    valid(check(inst, times("a", 0, "b", 2)), 3);
  }

  /**
   * A gather on the path 0-1-2 with a wake-up chain; the extra control flit 0->2 jumps over node 1.
   */
  @Test
  void controlFlitBetweenNonNeighbours_isNotAnArc() {
    Instance inst =
        instance(new Problem.Gather(0, List.of(msg("g2", 2, 0, 1))), SINGLE, new Topology.Bla(3));
    List<Schedule.ControlTransfer> chain = List.of(ctl(0, 1, 0, "wakeup"), ctl(1, 2, 1, "wakeup"));
    List<Schedule.ControlTransfer> broken = new ArrayList<>(chain);
    broken.add(ctl(0, 2, 5, "order"));
    Violation v = only(check(inst, times("g2", 2), broken), Kind.NOT_AN_ARC);
    assertThat(v.place()).isEqualTo("0->2");
    assertThat(v.time()).isEqualTo(5L);
    valid(check(inst, times("g2", 2), chain), 4);
  }

  @Test
  void controlFlitBeforeStepZero_isNegativeTime() {
    Instance inst =
        instance(new Problem.Gather(0, List.of(msg("g1", 1, 0, 1))), SINGLE, new Topology.Bla(2));
    Violation v =
        only(check(inst, times("g1", 1), List.of(ctl(0, 1, -1, "wakeup"))), Kind.NEGATIVE_TIME);
    assertThat(v.place()).isEqualTo("0->1");
    assertThat(v.time()).isEqualTo(-1L);
    valid(check(inst, times("g1", 1), List.of(ctl(0, 1, 0, "wakeup"))), 2);
  }

  /**
   * docs/models/bufferless-scatter-gather.md#protocol-rules V6: node 2 is woken in row 2 but
   * dispatches in step 1.
   */
  @Test
  void dispatchBeforeWakeup_isCausality() {
    Instance inst =
        instance(new Problem.Gather(0, List.of(msg("g2", 2, 0, 1))), SINGLE, new Topology.Bla(3));
    List<Schedule.ControlTransfer> chain = List.of(ctl(0, 1, 0, "wakeup"), ctl(1, 2, 1, "wakeup"));
    Violation v = only(check(inst, times("g2", 1), chain), Kind.CAUSALITY);
    assertThat(v.messages()).containsExactly("g2");
    assertThat(v.place()).isEqualTo("node 2");
    assertThat(v.time()).isEqualTo(1L);
    valid(check(inst, times("g2", 2), chain), 4);
  }

  /** V6 for control flits: node 1 forwards the wake-up in step 0, before it has one (row 1). */
  @Test
  void controlForwardedBeforeItArrives_isCausality() {
    Instance inst =
        instance(new Problem.Gather(0, List.of(msg("g2", 2, 0, 1))), SINGLE, new Topology.Bla(3));
    Violation v =
        only(
            check(inst, times("g2", 2), List.of(ctl(0, 1, 0, "wakeup"), ctl(1, 2, 0, "wakeup"))),
            Kind.CAUSALITY);
    assertThat(v.messages()).isEmpty();
    assertThat(v.place()).isEqualTo("node 1");
    assertThat(v.time()).isEqualTo(0L);
  }

  /** Under all ports a control flit and a data flit still share the arc capacity (V4'). */
  @Test
  void controlAndDataOnOneArcInOneStep_isArcConflict() {
    Instance inst =
        instance(new Problem.Gather(0, List.of(msg("g1", 1, 0, 2))), ALL, new Topology.Bla(2));
    Violation v =
        only(
            check(inst, times("g1", 1), List.of(ctl(0, 1, 0, "wakeup"), ctl(1, 0, 2, "ack"))),
            Kind.ARC_CONFLICT);
    assertThat(v.messages()).containsExactly("g1");
    assertThat(v.place()).isEqualTo("1->0");
    assertThat(v.time()).isEqualTo(2L);
  }

  @Test
  void hugeDeparture_isTimeOverflowWithoutMakespan() {
    Instance inst = chatting(new Topology.Ula(3), ALL, msg("m0", 0, 2, 3));
    CheckReport r = check(inst, times("m0", Long.MAX_VALUE - 1));
    only(r, Kind.TIME_OVERFLOW);
    assertThat(r.makespan()).isNull();
  }

  @Test
  void moreThanTheLimit_isCutWithTooManyViolations() {
    List<Message> ms = new ArrayList<>();
    Map<String, Long> deps = new LinkedHashMap<>();
    for (int i = 0; i < 200; i++) { // 200 * 199 / 2 = 19,900 colliding pairs on the one arc
      ms.add(msg("m" + i, 0, 1, 1));
      deps.put("m" + i, 0L);
    }
    Instance inst = chatting(new Topology.Ula(2), ALL, ms.toArray(new Message[0]));
    CheckReport r = check(inst, deps);
    assertThat(r.violations()).hasSize(Findings.LIMIT + 1);
    assertThat(r.violations().subList(0, Findings.LIMIT))
        .allMatch(v -> v.kind() == Kind.ARC_CONFLICT);
    assertThat(r.violations().get(Findings.LIMIT).kind()).isEqualTo(Kind.TOO_MANY_VIOLATIONS);
    assertThat(r.makespan()).isEqualTo(1L);
  }

  @Test
  void zeroLengthMessages_needNoDepartureAndIgnoreOne() {
    Instance inst =
        instance(
            new Problem.Scatter(0, List.of(msg("a", 0, 1, 0), msg("b", 0, 2, 0))),
            SINGLE,
            new Topology.Bla(3));
    valid(check(inst, times("a", -5)), 0);
  }

  // --- paper traces
  // -------------------------------------------------------------------------------------------

  private static Instance figurePath(boolean scatter, long... lengths) {
    List<Message> ms = new ArrayList<>();
    for (int i = 1; i < lengths.length + 1; i++) {
      ms.add(scatter ? msg("m" + i, 0, i, lengths[i - 1]) : msg("m" + i, i, 0, lengths[i - 1]));
    }
    Problem p = scatter ? new Problem.Scatter(0, ms) : new Problem.Gather(0, ms);
    return instance(p, SINGLE, new Topology.Bla(lengths.length + 1));
  }

  /**
   * docs/models/bufferless-scatter-gather.md#figures-1-to-4, Figure 1 (6-PE path, L4 = 4, L5 = 3):
   * (a) FDF departs M5 at 0 and M4 at 3, T = 11; (b) M4 at 0 and M5 at 4, T = 12. Our makespan is
   * the paper's T - 1.
   */
  @Test
  void figure1Scatter_fdfAndNonFdf_haveThePapersTimeMinusOne() {
    Instance inst = figurePath(true, 0, 0, 0, 4, 3);
    valid(check(inst, times("m5", 0, "m4", 3)), 11 - 1);
    valid(check(inst, times("m4", 0, "m5", 4)), 12 - 1);
    // sending M4 one step earlier puts its first flit on 0->1 with M5's last one, and so on down
    // the path
    List<Violation> vs = check(inst, times("m5", 0, "m4", 2)).violations();
    assertThat(vs).extracting(Violation::kind).containsOnly(Kind.ARC_CONFLICT);
    assertThat(vs)
        .extracting(Violation::place)
        .containsExactlyInAnyOrder("0->1", "1->2", "2->3", "3->4");
    assertThat(vs).allMatch(v -> v.messages().equals(List.of("m5", "m4")));
  }

  /**
   * docs/models/bufferless-scatter-gather.md#figures-1-to-4, Figure 2 (Shoulder-Tap, L =
   * (2,3,0,2,1), T = 12) as a full protocol trace: P_i forwards the wake-up (s_i) during step i - 1
   * and its message's first flit reaches P_{i-1} in row f_i
   * (docs/models/bufferless-scatter-gather.md#figures-1-to-4: f = 3, 4, 6, 7), i.e. it departs in
   * step f_i - 1.
   */
  @Test
  void figure2ShoulderTap_fullTraceWithWakeups_isValidWithMakespan11() {
    Instance inst = figurePath(false, 2, 3, 0, 2, 1);
    long[] s = {1, 2, 3, 1, 2};
    List<Schedule.ControlTransfer> wakeups = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      wakeups.add(ctl(i, i + 1, i, "wakeup", s[i]));
    }
    valid(check(inst, times("m1", 2, "m2", 3, "m4", 5, "m5", 6), wakeups), 12 - 1);
    // if P4 forwarded the wake-up only in step 8, P5 would dispatch in step 6 before being woken
    // (row 9)
    List<Schedule.ControlTransfer> late = new ArrayList<>(wakeups.subList(0, 4));
    late.add(ctl(4, 5, 8, "wakeup", s[4]));
    Violation v =
        only(check(inst, times("m1", 2, "m2", 3, "m4", 5, "m5", 6), late), Kind.CAUSALITY);
    assertThat(v.place()).isEqualTo("node 5");
    assertThat(v.time()).isEqualTo(6L);
    assertThat(v.messages()).containsExactly("m5");
  }

  /**
   * Figure 3 (Shoulder-Tap, L = (9,0,1,0,1), f = 3, 10, 9 for M1, M3, M5, T = 14): non-monotone
   * dispatch.
   */
  @Test
  void figure3ShoulderTap_fullTrace_isValidWithMakespan13() {
    Instance inst = figurePath(false, 9, 0, 1, 0, 1);
    long[] s = {1, 9, 7, 6, 4};
    List<Schedule.ControlTransfer> wakeups = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      wakeups.add(ctl(i, i + 1, i, "wakeup", s[i]));
    }
    valid(check(inst, times("m1", 2, "m3", 9, "m5", 8), wakeups), 14 - 1);
  }

  /**
   * Figure 4 (Transmission-Certification, L = (2,3,0,2,1), T = 22),
   * docs/models/bufferless-scatter-gather.md#figures-1-to-4: tokens reach P1..P5 in rows 1..5,
   * certificates reach the parents in rows 6..10, orders reach P1..P5 in rows 11..15, and the root
   * receives M1 from row 14, M2 from 16, M4 from 19 and M5 in row 21 (departure = first root row -
   * distance). Certificates carry [c, n].
   */
  @Test
  void figure4TransmissionCertification_fullTrace_isValidWithMakespan21() {
    Instance inst = figurePath(false, 2, 3, 0, 2, 1);
    long[] cert = {3, 3, 4, 2, 1}; // c_1..c_5
    long[] stream = {8, 6, 3, 3, 1}; // n_1..n_5 (§6.7: "the n values, not drawn")
    long[] order = {3, 3, 4, 2, 2}; // s_1..s_5
    List<Schedule.ControlTransfer> trace = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      trace.add(ctl(i, i + 1, i, "token"));
    }
    for (int i = 5; i >= 1; i--) {
      trace.add(ctl(i, i - 1, 10 - i, "certificate", cert[i - 1], stream[i - 1]));
    }
    for (int i = 0; i < 5; i++) {
      trace.add(ctl(i, i + 1, 10 + i, "order", order[i]));
    }
    valid(
        check(inst, times("m1", 14 - 1, "m2", 16 - 2, "m4", 19 - 4, "m5", 21 - 5), trace), 22 - 1);
  }
}
