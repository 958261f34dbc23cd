package org.commsched.heuristics.bufferless.scattergather;

import static org.assertj.core.api.Assertions.assertThat;
import static org.commsched.instances.testing.ScheduleAssertions.assertValid;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.commsched.core.check.CheckReport;
import org.commsched.core.check.Kind;
import org.commsched.core.check.ScheduleChecker;
import org.commsched.core.check.Violation;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Schedule;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.instances.testing.GatherCases;
import org.junit.jupiter.api.Test;

/**
 * The two invalid traces an audit found the checker accepting, when V6 only asked that a node send
 * nothing before some control flit reached it. Both start from the Transmission-Certification trace
 * of Figure 4 of Bhatt, Pucci, Ranade, Rosenberg, "Scattering and Gathering Messages in Networks of
 * Processors" (catalogue sg-fig4-gather-path6-tc;
 * docs/models/bufferless-scatter-gather.md#figures-1-to-4: orders reach P1..P5 in rows 11..15, the
 * root receives M1..M5 in rows 14..21).
 */
class CausalityCounterexamplesTest {
  private static final Instance FIG4 = GatherCases.catalogue("sg-fig4-gather-path6-tc.json");

  private static SolveResult tc() {
    SolveResult r = new TransmissionCertification().solve(FIG4, SolveLimits.defaults());
    assertValid(FIG4, r);
    return r;
  }

  private static SolveResult withSchedule(SolveResult r, Schedule.Departures d, long makespan) {
    return new SolveResult(
        r.method(), r.status(), d, makespan, r.lowerBound(), d.scale(), r.stats());
  }

  /**
   * (a) M5 departs in step 6, long before its order reaches P5 (row 15), with the makespan restated
   * (20): no collision, so only the protocol rules can reject it. M5 breaks causality at P5, P5's
   * order promised its stream from row 17, and every order above it promised a stream that M5 now
   * leaves early.
   */
  @Test
  void m5BeforeItsOrder_isCausality_andBreaksEveryOrderAboveIt() {
    SolveResult r = tc();
    Schedule.Departures d = (Schedule.Departures) r.schedule();
    assertThat(d.departures().get("M5")).isEqualTo(16L);
    Map<String, Long> dep = new LinkedHashMap<>(d.departures());
    dep.put("M5", 6L);
    Schedule.Departures early = new Schedule.Departures(dep, d.control());
    long makespan = ScheduleChecker.check(FIG4, early).makespan();
    assertThat(makespan).isEqualTo(20); // M4's last flit reaches the root in row 20
    CheckReport report = ScheduleChecker.checkResult(FIG4, withSchedule(r, early, makespan));
    List<String> found = new ArrayList<>();
    for (Violation v : report.violations()) {
      found.add(v.kind() + " " + v.place() + " " + v.time() + " " + v.messages());
    }
    assertThat(found)
        .containsExactlyInAnyOrder(
            "CAUSALITY node 5 6 [M5]",
            "CONTROL_VALUE 4->5 14 [M5]",
            "CONTROL_VALUE 3->4 13 [M5]",
            "CONTROL_VALUE 2->3 12 [M5]",
            "CONTROL_VALUE 1->2 11 [M5]",
            "CONTROL_VALUE 0->1 10 [M5]");
  }

  /**
   * (b) Only the tokens left: no node with data ever receives its order
   * (docs/models/bufferless-scatter-gather.md#transmission-certification phase 3).
   */
  @Test
  void tokensWithoutCertificatesAndOrders_leaveEveryDataNodeWithoutItsTrigger() {
    SolveResult r = tc();
    Schedule.Departures d = (Schedule.Departures) r.schedule();
    List<Schedule.ControlTransfer> tokens = new ArrayList<>();
    for (Schedule.ControlTransfer c : d.control()) {
      if (c.kind().equals(TcRun.TOKEN)) {
        tokens.add(c);
      }
    }
    assertThat(tokens).hasSize(5);
    Schedule.Departures bare = new Schedule.Departures(d.departures(), tokens);
    CheckReport report = ScheduleChecker.checkResult(FIG4, withSchedule(r, bare, r.makespan()));
    assertThat(report.violations()).extracting(Violation::kind).containsOnly(Kind.CAUSALITY);
    assertThat(report.violations())
        .extracting(Violation::messages)
        .containsExactlyInAnyOrder(List.of("M1"), List.of("M2"), List.of("M4"), List.of("M5"));
    assertThat(report.violations())
        .extracting(Violation::time)
        .containsExactlyInAnyOrder(13L, 14L, 15L, 16L);
  }
}
