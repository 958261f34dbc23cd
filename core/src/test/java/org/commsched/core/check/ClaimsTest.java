package org.commsched.core.check;

import static org.assertj.core.api.Assertions.assertThat;
import static org.commsched.core.check.Fixtures.ALL;
import static org.commsched.core.check.Fixtures.chatting;
import static org.commsched.core.check.Fixtures.msg;
import static org.commsched.core.check.Fixtures.times;

import java.util.List;
import java.util.Map;
import org.commsched.core.check.Claims.Claim;
import org.commsched.core.check.Claims.Verdict;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Schedule;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveStatus;
import org.commsched.core.time.TimeScale;
import org.junit.jupiter.api.Test;

/**
 * The verdict table of docs/models/README.md#claims on a 4-node ula with a (0 to 2, 2 flits) and b
 * (1 to 3, 1 flit): the checker proves 3 (Q of a: 2 flits over 2 hops; C of arc 1->2: 3 flits),
 * which is also the optimum (a at 0, b at 0 do not meet).
 */
class ClaimsTest {
  private static final Instance CHAT =
      chatting(new Topology.Ula(4), ALL, msg("a", 0, 2, 2), msg("b", 1, 3, 1));
  private static final Schedule LATE = new Schedule.Departures(times("a", 0, "b", 3)); // makespan 5
  private static final Schedule BEST = new Schedule.Departures(times("a", 0, "b", 0)); // makespan 3

  private static SolveResult result(
      SolveStatus status, Schedule schedule, long makespan, long bound) {
    return new SolveResult(
        "test",
        status,
        schedule,
        makespan,
        new LowerBound(bound, "mine", "trust me"),
        TimeScale.UNIT,
        Map.of());
  }

  private static List<Claim> claims(
      SolveStatus status, Schedule schedule, long makespan, long bound) {
    return Claims.of(CHAT, result(status, schedule, makespan, bound), makespan, TimeScale.UNIT);
  }

  private static Claim only(List<Claim> claims, String what) {
    List<Claim> c = claims.stream().filter(x -> x.what().equals(what)).toList();
    assertThat(c).as("%s in %s", what, claims).hasSize(1);
    return c.get(0);
  }

  @Test
  void boundWithinWhatTheCheckerProves_isCertified() {
    Claim c = only(claims(SolveStatus.FEASIBLE, LATE, 5, 3), "lowerBound");
    assertThat(c.verdict()).isEqualTo(Verdict.CERTIFIED);
    assertThat(c.by().value()).isEqualTo(3);
    assertThat(claims(SolveStatus.FEASIBLE, LATE, 5, 3)).hasSize(1); // FEASIBLE claims nothing more
  }

  @Test
  void boundBeyondWhatTheCheckerProves_isUncertified() {
    Claim c = only(claims(SolveStatus.FEASIBLE, LATE, 5, 4), "lowerBound");
    assertThat(c.verdict()).isEqualTo(Verdict.UNCERTIFIED);
    assertThat(c.by().value()).isEqualTo(3);
    assertThat(c.reason()).contains("4 (mine)");
  }

  @Test
  void boundAboveTheMakespan_isRefuted() {
    assertThat(only(claims(SolveStatus.FEASIBLE, LATE, 5, 6), "lowerBound").verdict())
        .isEqualTo(Verdict.REFUTED);
  }

  @Test
  void optimalStatus_threeWays() {
    assertThat(only(claims(SolveStatus.OPTIMAL, BEST, 3, 3), "status").verdict())
        .isEqualTo(Verdict.CERTIFIED);
    assertThat(only(claims(SolveStatus.OPTIMAL, LATE, 5, 5), "status").verdict())
        .isEqualTo(Verdict.UNCERTIFIED);
    assertThat(only(claims(SolveStatus.OPTIMAL, LATE, 5, 4), "status").verdict())
        .isEqualTo(Verdict.REFUTED);
  }

  @Test
  void makespanBelowAProvenBound_isRefuted() {
    // a makespan of 2 is impossible here (a alone needs 3): the schedule or the bound is wrong
    Claim c = only(claims(SolveStatus.FEASIBLE, BEST, 2, 1), "makespan");
    assertThat(c.verdict()).isEqualTo(Verdict.REFUTED);
    assertThat(c.by().value()).isEqualTo(3);
  }

  @Test
  void noClaimBeyondTheSchedule_noVerdict() {
    assertThat(claims(SolveStatus.FEASIBLE, LATE, 5, 0)).isEmpty();
  }

  @Test
  void settle_shorterScheduleRefutes_provenBoundCertifies_otherwiseStaysUncertified() {
    List<Claim> open = claims(SolveStatus.OPTIMAL, LATE, 5, 5); // both uncertified
    assertThat(open).extracting(Claim::verdict).containsOnly(Verdict.UNCERTIFIED);

    List<Claim> refuted =
        Claims.settle(open, result(SolveStatus.FEASIBLE, BEST, 3, 3), TimeScale.UNIT);
    assertThat(refuted).extracting(Claim::verdict).containsOnly(Verdict.REFUTED);
    assertThat(refuted.get(0).reason()).contains("makespan 3");

    // an exact run that proves 5 (as if 5 were the optimum) certifies both
    List<Claim> certified =
        Claims.settle(open, result(SolveStatus.OPTIMAL, LATE, 5, 5), TimeScale.UNIT);
    assertThat(certified).extracting(Claim::verdict).containsOnly(Verdict.CERTIFIED);
    assertThat(certified.get(0).by().value()).isEqualTo(5);

    // a run that ends with neither a shorter schedule nor a bound that meets the claim decides
    // nothing
    SolveResult undecided =
        new SolveResult(
            "test",
            SolveStatus.UNKNOWN,
            null,
            null,
            new LowerBound(4, "LB", "w"),
            TimeScale.UNIT,
            Map.of());
    List<Claim> still = Claims.settle(open, undecided, TimeScale.UNIT);
    assertThat(still).extracting(Claim::verdict).containsOnly(Verdict.UNCERTIFIED);
    assertThat(still.get(0).reason()).contains("proved a bound of 4").contains("no schedule");
  }

  @Test
  void claimedMakespanOtherThanTheRecomputedOne_isRefuted() {
    // LATE's makespan is 5 (b departs at 3, 1 flit over 2 hops: 3 + 1 + 2 - 1); the file says 6
    SolveResult lie = result(SolveStatus.FEASIBLE, LATE, 6, 0);
    Claim c = only(Claims.of(CHAT, lie, 5L, TimeScale.UNIT), "makespan");
    assertThat(c.verdict()).isEqualTo(Verdict.REFUTED);
    assertThat(c.claimed()).isEqualTo("6");
    assertThat(c.reason()).contains("recomputed makespan is 5");
  }

  @Test
  void certify_givesValidityApartFromTheClaims_andTheCertificateOfAnOptimum() {
    Claims.Certification best = Claims.certify(CHAT, result(SolveStatus.OPTIMAL, BEST, 3, 3));
    assertThat(best.valid()).isTrue();
    assertThat(best.accepted(true)).isTrue();
    assertThat(best.certificate()).isNotNull();
    assertThat(best.certificate().value()).isEqualTo(3);

    // valid schedule, OPTIMAL claimed at 5 where the checker proves 3: accepted, but not under
    // --strict
    Claims.Certification unproven = Claims.certify(CHAT, result(SolveStatus.OPTIMAL, LATE, 5, 5));
    assertThat(unproven.valid()).isTrue();
    assertThat(unproven.uncertified()).isTrue();
    assertThat(unproven.accepted(false)).isTrue();
    assertThat(unproven.accepted(true)).isFalse();
    assertThat(unproven.certificate()).isNull();
    // an exact run that finds 3 refutes the optimum
    Claims.Certification settled = unproven.settled(result(SolveStatus.OPTIMAL, BEST, 3, 3));
    assertThat(settled.refuted()).isTrue();
    assertThat(settled.accepted(false)).isFalse();

    // a bound above the makespan: refuted (and BOUND_ABOVE_MAKESPAN makes the result invalid)
    Claims.Certification above = Claims.certify(CHAT, result(SolveStatus.FEASIBLE, LATE, 5, 6));
    assertThat(above.refuted()).isTrue();
    assertThat(above.accepted(false)).isFalse();
  }
}
