package org.commsched.core.check;

import static org.assertj.core.api.Assertions.assertThat;
import static org.commsched.core.check.Fixtures.SINGLE;
import static org.commsched.core.check.Fixtures.ctl;
import static org.commsched.core.check.Fixtures.instance;
import static org.commsched.core.check.Fixtures.msg;
import static org.commsched.core.check.Fixtures.only;
import static org.commsched.core.check.Fixtures.times;
import static org.commsched.core.check.Fixtures.valid;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Schedule;
import org.commsched.core.model.Topology;
import org.junit.jupiter.api.Test;

/**
 * The protocol rules of {@link Causality}, one rule per test: each starts from a valid paper trace,
 * breaks that one rule and expects exactly the violations it causes. The traces are Figures 2 and 4
 * of Bhatt, Pucci, Ranade, Rosenberg, "Scattering and Gathering Messages in Networks of Processors"
 * (docs/models/bufferless-scatter-gather.md#figures-1-to-4), written out from the paper's figures:
 * Shoulder-Tap wake-ups (s) = (1, 2, 3, 1, 2) in rows 1..5, data from f = 3, 4, 6, 7;
 * Transmission-Certification tokens in rows 1..5, certificates [c, n] = [3, 8], [3, 6], [4, 3], [2,
 * 3], [1, 1] at the parents in rows 10..6, orders (s) = (3, 3, 4, 2, 2) in rows 11..15, root rows
 * 14..21.
 */
class CausalityTest {
  private static final long[] FIG4_C = {3, 3, 4, 2, 1};
  private static final long[] FIG4_N = {8, 6, 3, 3, 1};
  private static final long[] FIG4_S = {3, 3, 4, 2, 2};
  private static final long[] FIG2_S = {1, 2, 3, 1, 2};

  /** Gather on the path 0-1-...-5 (bla), m_i at P_i, L = (2, 3, 0, 2, 1). */
  private static Instance path() {
    long[] l = {2, 3, 0, 2, 1};
    List<Message> ms = new ArrayList<>();
    for (int i = 1; i <= 5; i++) {
      ms.add(msg("m" + i, i, 0, l[i - 1]));
    }
    return instance(new Problem.Gather(0, ms), SINGLE, new Topology.Bla(6));
  }

  private static Map<String, Long> fig4Departures() {
    return times("m1", 13, "m2", 14, "m4", 15, "m5", 16);
  }

  private static List<Schedule.ControlTransfer> fig4() {
    List<Schedule.ControlTransfer> t = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      t.add(ctl(i, i + 1, i, "token"));
    }
    for (int i = 5; i >= 1; i--) {
      t.add(ctl(i, i - 1, 10 - i, "certificate", FIG4_C[i - 1], FIG4_N[i - 1]));
    }
    for (int i = 0; i < 5; i++) {
      t.add(ctl(i, i + 1, 10 + i, "order", FIG4_S[i]));
    }
    return t;
  }

  private static Map<String, Long> fig2Departures() {
    return times("m1", 2, "m2", 3, "m4", 5, "m5", 6);
  }

  private static List<Schedule.ControlTransfer> fig2() {
    List<Schedule.ControlTransfer> t = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      t.add(ctl(i, i + 1, i, "wakeup", FIG2_S[i]));
    }
    return t;
  }

  /**
   * The trace with the flit of this kind from u to v replaced (or dropped, if {@code by} is null).
   */
  private static List<Schedule.ControlTransfer> with(
      List<Schedule.ControlTransfer> trace,
      String kind,
      int u,
      int v,
      Schedule.ControlTransfer by) {
    List<Schedule.ControlTransfer> out = new ArrayList<>();
    boolean found = false;
    for (Schedule.ControlTransfer c : trace) {
      if (c.kind().equals(kind) && c.from() == u && c.to() == v) {
        found = true;
        if (by != null) {
          out.add(by);
        }
      } else {
        out.add(c);
      }
    }
    assertThat(found).as(kind + " " + u + "->" + v).isTrue();
    return out;
  }

  private static List<Schedule.ControlTransfer> without(
      List<Schedule.ControlTransfer> trace, String kind, int u, int v) {
    return with(trace, kind, u, v, null);
  }

  private static CheckReport check(Map<String, Long> dep, List<Schedule.ControlTransfer> control) {
    return ScheduleChecker.check(path(), new Schedule.Departures(dep, control));
  }

  /** "KIND place time" of every violation. */
  private static List<String> summary(CheckReport r) {
    List<String> out = new ArrayList<>();
    for (Violation v : r.violations()) {
      out.add(v.kind() + " " + v.place() + " " + v.time());
    }
    return out;
  }

  private static void expectOnly(
      CheckReport r, Kind kind, String place, long time, String... messages) {
    Violation v = only(r, kind);
    assertThat(v.place()).isEqualTo(place);
    assertThat(v.time()).isEqualTo(time);
    assertThat(v.messages()).containsExactly(messages);
  }

  @Test
  void theSpecsTraces_areValid() {
    valid(check(fig4Departures(), fig4()), 21);
    valid(check(fig2Departures(), fig2()), 11);
  }

  // --- CAUSALITY
  // ----------------------------------------------------------------------------------------------

  /**
   * docs/models/bufferless-scatter-gather.md#protocol-rules phase 3: with tokens, certificates and
   * orders in the trace, P5's data needs P5's order.
   */
  @Test
  void dataWithoutItsOrder_inATcTrace_isCausality() {
    expectOnly(
        check(fig4Departures(), without(fig4(), "order", 4, 5)),
        Kind.CAUSALITY,
        "node 5",
        16,
        "m5");
  }

  /**
   * docs/models/bufferless-scatter-gather.md#protocol-rules: in a wake-up trace P5's data needs
   * P5's wake-up; none arrives.
   */
  @Test
  void dataWithoutItsWakeup_inAWakeupTrace_isCausality() {
    expectOnly(
        check(fig2Departures(), without(fig2(), "wakeup", 4, 5)),
        Kind.CAUSALITY,
        "node 5",
        6,
        "m5");
  }

  /**
   * The trigger comes from the next node of the message's route: on the ring 0-1-2, node 2 sends to
   * the root 0 directly, so a wake-up relayed through node 1 does not let it send (the old rule,
   * any control flit first, accepted this).
   */
  @Test
  void aWakeupFromAnotherNeighbour_doesNotTrigger() {
    Instance ring =
        instance(
            new Problem.Gather(0, List.of(msg("a", 1, 0, 1), msg("b", 2, 0, 1))),
            SINGLE,
            new Topology.Ring(3));
    List<Schedule.ControlTransfer> relayed =
        List.of(ctl(0, 1, 0, "wakeup"), ctl(1, 2, 1, "wakeup"));
    expectOnly(
        ScheduleChecker.check(ring, new Schedule.Departures(times("a", 2, "b", 3), relayed)),
        Kind.CAUSALITY,
        "node 2",
        3,
        "b");
    List<Schedule.ControlTransfer> direct = List.of(ctl(0, 1, 0, "wakeup"), ctl(0, 2, 1, "wakeup"));
    valid(ScheduleChecker.check(ring, new Schedule.Departures(times("a", 2, "b", 3), direct)), 4);
  }

  /**
   * docs/models/bufferless-scatter-gather.md#protocol-rules phase 1: P2 holds its token from row 2,
   * so it cannot pass one on in step 1.
   */
  @Test
  void tokenForwardedBeforeItArrives_isCausality() {
    expectOnly(
        check(fig4Departures(), with(fig4(), "token", 2, 3, ctl(2, 3, 1, "token"))),
        Kind.CAUSALITY,
        "node 2",
        1);
  }

  /**
   * docs/models/bufferless-scatter-gather.md#protocol-rules phase 2: P5's certificate answers the
   * token that reaches it in row 5.
   */
  @Test
  void certificateBeforeTheToken_isCausality() {
    expectOnly(
        check(
            fig4Departures(), with(fig4(), "certificate", 5, 4, ctl(5, 4, 4, "certificate", 1, 1))),
        Kind.CAUSALITY,
        "node 5",
        4);
  }

  /**
   * docs/models/bufferless-scatter-gather.md#protocol-rules: P4 certifies only after P5's
   * certificate, which reaches it in row 6.
   */
  @Test
  void certificateBeforeTheChildsCertificate_isCausality() {
    expectOnly(
        check(
            fig4Departures(), with(fig4(), "certificate", 4, 3, ctl(4, 3, 5, "certificate", 2, 3))),
        Kind.CAUSALITY,
        "node 4",
        5);
  }

  /**
   * P4 sent P5 a token but P5 never certifies: P4's certificate and its order to P5 both lack it.
   */
  @Test
  void certificateWhileAChildNeverCertifies_isCausality() {
    CheckReport r = check(fig4Departures(), without(fig4(), "certificate", 5, 4));
    assertThat(summary(r)).containsExactlyInAnyOrder("CAUSALITY node 4 6", "CAUSALITY node 4 14");
  }

  /**
   * docs/models/bufferless-scatter-gather.md#protocol-rules: P2 holds its order from row 12; it
   * cannot order P3 in step 11 (value kept consistent: s = 5).
   */
  @Test
  void orderBeforeTheOwnOrder_isCausality() {
    expectOnly(
        check(fig4Departures(), with(fig4(), "order", 2, 3, ctl(2, 3, 11, "order", 5))),
        Kind.CAUSALITY,
        "node 2",
        11);
  }

  /**
   * docs/models/bufferless-scatter-gather.md#protocol-rules: the root orders after the last
   * certificate (row 10), not in step 9 (s = 4 keeps the stream right).
   */
  @Test
  void rootOrdersBeforeTheLastCertificate_isCausality() {
    expectOnly(
        check(fig4Departures(), with(fig4(), "order", 0, 1, ctl(0, 1, 9, "order", 4))),
        Kind.CAUSALITY,
        "node 0",
        9);
  }

  @Test
  void rootOrdersWhileItsChildNeverCertified_isCausality() {
    expectOnly(
        check(fig4Departures(), without(fig4(), "certificate", 1, 0)),
        Kind.CAUSALITY,
        "node 0",
        10);
  }

  /**
   * docs/models/bufferless-scatter-gather.md#protocol-rules: an order's value comes from the
   * child's certificate; P5 got no token and sent no certificate.
   */
  @Test
  void orderToANodeThatNeverCertified_isCausality() {
    List<Schedule.ControlTransfer> t = without(without(fig4(), "token", 4, 5), "certificate", 5, 4);
    expectOnly(check(fig4Departures(), t), Kind.CAUSALITY, "node 4", 14);
  }

  /**
   * Other kinds keep the generic rule: node 1 answers in step 0, before anything reached it (row
   * 1).
   */
  @Test
  void otherKindBeforeAnyControl_isCausality() {
    Instance inst =
        instance(new Problem.Gather(0, List.of(msg("g1", 1, 0, 1))), SINGLE, new Topology.Bla(2));
    List<Schedule.ControlTransfer> early = List.of(ctl(0, 1, 0, "hello"), ctl(1, 0, 0, "ack"));
    expectOnly(
        ScheduleChecker.check(inst, new Schedule.Departures(times("g1", 1), early)),
        Kind.CAUSALITY,
        "node 1",
        0);
    List<Schedule.ControlTransfer> late = List.of(ctl(0, 1, 0, "hello"), ctl(1, 0, 2, "ack"));
    valid(ScheduleChecker.check(inst, new Schedule.Departures(times("g1", 1), late)), 2);
  }

  // --- CONTROL_VALUE
  // ------------------------------------------------------------------------------------------

  /** DESIGN "Protocol results": wakeup [] or [s], token [], certificate [c, n], order [s]. */
  @Test
  void wrongNumberOfValues_isControlValue() {
    expectOnly(
        check(fig4Departures(), with(fig4(), "order", 4, 5, ctl(4, 5, 14, "order", 2, 7))),
        Kind.CONTROL_VALUE,
        "4->5",
        14);
    expectOnly(
        check(fig4Departures(), with(fig4(), "token", 0, 1, ctl(0, 1, 0, "token", 1))),
        Kind.CONTROL_VALUE,
        "0->1",
        0);
    expectOnly(
        check(fig4Departures(), with(fig4(), "certificate", 5, 4, ctl(5, 4, 5, "certificate", 1))),
        Kind.CONTROL_VALUE,
        "5->4",
        5);
    expectOnly(
        check(fig2Departures(), with(fig2(), "wakeup", 4, 5, ctl(4, 5, 4, "wakeup", 2, 2))),
        Kind.CONTROL_VALUE,
        "4->5",
        4);
    // a wake-up without a value (the wake-up models' traces) only triggers
    valid(check(fig2Departures(), with(fig2(), "wakeup", 4, 5, ctl(4, 5, 4, "wakeup"))), 11);
  }

  /**
   * docs/models/bufferless-scatter-gather.md#protocol-rules: P5 holds (3) from row 5, so M5 may
   * reach P4 from row 8; departing in step 6 it arrives in row 7.
   */
  @Test
  void wakeupValueLaterThanTheFirstFlit_isControlValue() {
    expectOnly(
        check(fig2Departures(), with(fig2(), "wakeup", 4, 5, ctl(4, 5, 4, "wakeup", 3))),
        Kind.CONTROL_VALUE,
        "4->5",
        4,
        "m5");
    // "TRANSMIT AFTER >= s": a smaller s is a weaker promise and still holds
    valid(check(fig2Departures(), with(fig2(), "wakeup", 4, 5, ctl(4, 5, 4, "wakeup", 1))), 11);
  }

  /** docs/models/bufferless-scatter-gather.md#protocol-rules: the certified lag is positive. */
  @Test
  void certificateWithLagZero_isControlValue() {
    expectOnly(
        check(
            fig4Departures(), with(fig4(), "certificate", 5, 4, ctl(5, 4, 5, "certificate", 0, 1))),
        Kind.CONTROL_VALUE,
        "5->4",
        5);
  }

  /**
   * docs/models/bufferless-scatter-gather.md#protocol-rules: n_4 = L_4 + L_5 = 3 flits cross 4->3.
   */
  @Test
  void certificateWithTheWrongStreamLength_isControlValue() {
    expectOnly(
        check(
            fig4Departures(), with(fig4(), "certificate", 4, 3, ctl(4, 3, 6, "certificate", 2, 2))),
        Kind.CONTROL_VALUE,
        "4->3",
        6);
  }

  /**
   * docs/models/bufferless-scatter-gather.md#protocol-rules: orders keep s >= c; P5 now certifies c
   * = 3 but is ordered s = 2.
   */
  @Test
  void orderBelowTheCertifiedLag_isControlValue() {
    expectOnly(
        check(
            fig4Departures(), with(fig4(), "certificate", 5, 4, ctl(5, 4, 5, "certificate", 3, 1))),
        Kind.CONTROL_VALUE,
        "4->5",
        14);
  }

  /**
   * docs/models/bufferless-scatter-gather.md#protocol-rules: P5 holds (3) from row 15, so M5 must
   * reach P4 in row 18 exactly; it arrives in row 17.
   */
  @Test
  void orderWhoseStreamStartsElsewhere_isControlValue() {
    expectOnly(
        check(fig4Departures(), with(fig4(), "order", 4, 5, ctl(4, 5, 14, "order", 3))),
        Kind.CONTROL_VALUE,
        "4->5",
        14,
        "m5");
    // any long is a value: a huge one is a wrong promise, not an overflow
    Violation v =
        only(
            check(
                fig4Departures(),
                with(fig4(), "order", 4, 5, ctl(4, 5, 14, "order", Long.MAX_VALUE))),
            Kind.CONTROL_VALUE);
    assertThat(v.detail()).contains("15 + " + Long.MAX_VALUE);
  }

  /**
   * docs/models/bufferless-scatter-gather.md#protocol-rules: M5 one step late leaves a gap in every
   * stream that holds it (P4..P1): their first flits are on time, their last is a row late; P5's
   * own stream starts a row late.
   */
  @Test
  void streamWithAGap_isControlValue() {
    Map<String, Long> late = times("m1", 13, "m2", 14, "m4", 15, "m5", 17);
    CheckReport r = check(late, fig4());
    assertThat(summary(r))
        .containsExactlyInAnyOrder(
            "CONTROL_VALUE 4->5 14",
            "CONTROL_VALUE 3->4 13",
            "CONTROL_VALUE 2->3 12",
            "CONTROL_VALUE 1->2 11",
            "CONTROL_VALUE 0->1 10");
    assertThat(r.violations()).allMatch(v -> v.messages().equals(List.of("m5")));
  }

  /**
   * An order into a data-free subtree promises no rows
   * (docs/models/bufferless-scatter-gather.md#transmission-certification-corrections): any s >= c
   * is fine.
   */
  @Test
  void orderIntoAnEmptySubtree_onlyKeepsSAtLeastC() {
    Instance inst =
        instance(
            new Problem.Gather(0, List.of(msg("a", 1, 0, 0), msg("b", 2, 0, 1))),
            SINGLE,
            new Topology.Tree(List.of(-1, 0, 0)));
    // star 1 <- 0 -> 2: tokens 0->1 (row 1), certificate [1, 0] (row 2), token 0->2 (row 3),
    // certificate [1, 1]
    // (row 4); orders to 1 in step 4, to 2 in step 5 (s = 1: b reaches the root in row 7, departs
    // in step 6)
    List<Schedule.ControlTransfer> t =
        new ArrayList<>(
            List.of(
                ctl(0, 1, 0, "token"),
                ctl(1, 0, 1, "certificate", 1, 0),
                ctl(0, 2, 2, "token"),
                ctl(2, 0, 3, "certificate", 1, 1),
                ctl(0, 2, 5, "order", 1)));
    List<Schedule.ControlTransfer> s9 = new ArrayList<>(t);
    s9.add(ctl(0, 1, 4, "order", 9));
    valid(ScheduleChecker.check(inst, new Schedule.Departures(times("b", 6), s9)), 7);
    List<Schedule.ControlTransfer> s0 = new ArrayList<>(t);
    s0.add(ctl(0, 1, 4, "order", 0));
    expectOnly(
        ScheduleChecker.check(inst, new Schedule.Departures(times("b", 6), s0)),
        Kind.CONTROL_VALUE,
        "0->1",
        4);
  }
}
