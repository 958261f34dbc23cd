package org.commsched.core.check;

import static org.assertj.core.api.Assertions.assertThat;
import static org.commsched.core.check.Fixtures.ALL;
import static org.commsched.core.check.Fixtures.SINGLE;
import static org.commsched.core.check.Fixtures.chatting;
import static org.commsched.core.check.Fixtures.instance;
import static org.commsched.core.check.Fixtures.msg;
import static org.commsched.core.check.Fixtures.only;
import static org.commsched.core.check.Fixtures.sf;
import static org.commsched.core.check.Fixtures.times;
import static org.commsched.core.check.Fixtures.tx;
import static org.commsched.core.check.Fixtures.valid;

import java.util.List;
import java.util.Map;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Schedule;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveStatus;
import org.commsched.core.time.TimeScale;
import org.junit.jupiter.api.Test;

/** The entry points: which schedule kind fits which model, and the claims of a solve result. */
class ScheduleCheckerTest {

  private static final Instance CHAT =
      chatting(new Topology.Ula(4), ALL, msg("a", 0, 2, 2), msg("b", 1, 3, 1));
  private static final Schedule.Departures CHAT_OK =
      new Schedule.Departures(times("a", 0, "b", 3)); // makespan 5
  private static final Instance SEND =
      instance(
          new Problem.Send(0, 1, 2, null),
          sf("0.5", "1", CommModel.Ports.ALL, CommModel.Duplex.FULL, null),
          new Topology.Bla(2));
  private static final Schedule.Transmissions SEND_OK =
      new Schedule.Transmissions(
          TimeScale.UNIT, List.of(tx("m0", 0, 2, 0, 1, 0))); // 2.5 = 25 tenths

  private static void wrongKind(Instance inst, Schedule schedule) {
    CheckReport r = ScheduleChecker.check(inst, schedule);
    only(r, Kind.WRONG_SCHEDULE_KIND);
    assertThat(r.makespan()).isNull();
  }

  @Test
  void scheduleOfAKindTheModelDoesNotTake_isWrongScheduleKind() {
    Map<String, Long> t = times("m0", 0);
    wrongKind(SEND, new Schedule.Departures(t));
    wrongKind(SEND, new Schedule.Slots(t));
    wrongKind(CHAT, SEND_OK);
    wrongKind(CHAT, null);
    // slots only for chatting and dsa, and only under all ports
    Instance scatter =
        instance(new Problem.Scatter(0, List.of(msg("a", 0, 1, 1))), ALL, new Topology.Bla(2));
    wrongKind(scatter, new Schedule.Slots(times("a", 0)));
    wrongKind(
        chatting(new Topology.Ula(3), SINGLE, msg("a", 0, 2, 1)),
        new Schedule.Slots(times("a", 0)));
    // dsa is virtual only
    Instance dsa = instance(new Problem.Dsa(List.of(msg("a", 0, 2, 1))), ALL, new Topology.Ula(3));
    wrongKind(dsa, new Schedule.Departures(times("a", 0)));
    valid(ScheduleChecker.check(dsa, new Schedule.Slots(times("a", 0))), 1);
  }

  private static SolveResult result(
      SolveStatus status, Schedule schedule, Long makespan, long bound) {
    return new SolveResult(
        "test",
        status,
        schedule,
        makespan,
        new LowerBound(bound, "LB", "test"),
        schedule == null ? TimeScale.UNIT : schedule.scale(),
        Map.of());
  }

  @Test
  void honestResult_isValid() {
    valid(ScheduleChecker.checkResult(CHAT, result(SolveStatus.OPTIMAL, CHAT_OK, 5L, 5)), 5);
    valid(ScheduleChecker.checkResult(CHAT, result(SolveStatus.FEASIBLE, CHAT_OK, 5L, 4)), 5);
    CheckReport none =
        ScheduleChecker.checkResult(CHAT, result(SolveStatus.UNKNOWN, null, null, 3));
    assertThat(none.valid()).isTrue();
    assertThat(none.makespan()).isNull();
  }

  @Test
  void claimedMakespanOtherThanRecomputed_isMakespanMismatch() {
    Violation v =
        only(
            ScheduleChecker.checkResult(CHAT, result(SolveStatus.FEASIBLE, CHAT_OK, 4L, 4)),
            Kind.MAKESPAN_MISMATCH);
    assertThat(v.time()).isEqualTo(4L);
  }

  @Test
  void boundAboveTheMakespan_isBoundAboveMakespan() {
    Violation v =
        only(
            ScheduleChecker.checkResult(CHAT, result(SolveStatus.FEASIBLE, CHAT_OK, 5L, 6)),
            Kind.BOUND_ABOVE_MAKESPAN);
    assertThat(v.time()).isEqualTo(6L);
  }

  @Test
  void optimalWithALowerBoundBelow_isOptimalWithoutProof() {
    only(
        ScheduleChecker.checkResult(CHAT, result(SolveStatus.OPTIMAL, CHAT_OK, 5L, 4)),
        Kind.OPTIMAL_WITHOUT_PROOF);
  }

  @Test
  void unknownOrInfeasibleWithASchedule_isStatusMismatch() {
    only(
        ScheduleChecker.checkResult(CHAT, result(SolveStatus.UNKNOWN, CHAT_OK, 5L, 0)),
        Kind.STATUS_MISMATCH);
    only(
        ScheduleChecker.checkResult(CHAT, result(SolveStatus.INFEASIBLE, CHAT_OK, null, 0)),
        Kind.STATUS_MISMATCH);
  }

  @Test
  void resultWithABrokenSchedule_listsTheScheduleViolations() {
    Schedule.Departures clash = new Schedule.Departures(times("a", 0, "b", 2));
    CheckReport r = ScheduleChecker.checkResult(CHAT, result(SolveStatus.FEASIBLE, clash, 4L, 3));
    assertThat(r.violations()).extracting(Violation::kind).containsExactly(Kind.ARC_CONFLICT);
  }

  /**
   * Decimal claims: the claimed makespan and the bound are both read in the result's scale (its
   * schedule's: hundredths, then units here) and compared in the report's scale (the finer of that
   * and the instance's tenths, beta = 0.5).
   */
  @Test
  void decimalClaims_areComparedExactlyAcrossScales() {
    valid(
        ScheduleChecker.checkResult(
            SEND,
            result(
                SolveStatus.OPTIMAL,
                new Schedule.Transmissions(new TimeScale(2), List.of(tx("m0", 0, 2, 0, 1, 0))),
                250L,
                250)),
        250);
    CheckReport r = ScheduleChecker.checkResult(SEND, result(SolveStatus.FEASIBLE, SEND_OK, 3L, 2));
    assertThat(r.scale()).isEqualTo(new TimeScale(1));
    Violation v = only(r, Kind.MAKESPAN_MISMATCH);
    assertThat(v.time()).isEqualTo(30L);
    assertThat(v.detail()).contains("2.5");
    // a bound of 3 units is 30 tenths, above the schedule's 25
    CheckReport above =
        ScheduleChecker.checkResult(SEND, result(SolveStatus.FEASIBLE, SEND_OK, 3L, 3));
    assertThat(above.violations())
        .extracting(Violation::kind)
        .containsExactlyInAnyOrder(Kind.MAKESPAN_MISMATCH, Kind.BOUND_ABOVE_MAKESPAN);
    assertThat(above.violations())
        .filteredOn(x -> x.kind() == Kind.BOUND_ABOVE_MAKESPAN)
        .extracting(Violation::time)
        .containsExactly(30L);
  }
}
