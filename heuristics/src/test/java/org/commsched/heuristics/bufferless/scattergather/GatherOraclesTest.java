package org.commsched.heuristics.bufferless.scattergather;

import static org.assertj.core.api.Assertions.assertThat;
import static org.commsched.instances.testing.ScheduleAssertions.assertValid;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.commsched.core.bounds.LowerBounds;
import org.commsched.core.check.CheckReport;
import org.commsched.core.check.ScheduleChecker;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Schedule;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.instances.testing.GatherCases;
import org.junit.jupiter.api.Test;

/**
 * The derived oracles of docs/models/bufferless-scatter-gather.md#tree-oracles-ex1-to-ex5 (TC on
 * non-path trees, EX1-EX5: not in the paper, derived for the project) and the small counterexamples
 * of docs/models/bufferless-scatter-gather.md#small-counterexamples (Shoulder-Tap's gap, leaf rule
 * and forward-first scope, docs/models/bufferless-scatter-gather.md#shoulder-tap-corrections), for
 * "Scattering and Gathering Messages in Networks of Processors" by Bhatt, Pucci, Ranade and
 * Rosenberg. Values are in the paper's units (T = our makespan + 1; rows are figure rows).
 */
class GatherOraclesTest {
  static final SolveLimits LIMITS = SolveLimits.defaults();

  static final int[] EX1 = {-1, 0, 1, 2, 1, 1};
  static final int[] EX2 = {-1, 0, 0, 1, 0};
  static final int[] EX3 = {-1, 0, 1, 0};
  static final int[] EX4 = {-1, 0, 0, 0};
  static final int[] EX5 = {-1, 0, 0, 1, 1, 2, 2};

  static TcRun tc(int[] parents, long[] lengths, TcOptions options) {
    Instance inst = GatherCases.tree(parents, lengths, GatherCases.SINGLE);
    TransmissionCertification m = new TransmissionCertification("tc", options);
    SolveResult r = m.solve(inst, LIMITS);
    CheckReport report = ScheduleChecker.checkResult(inst, r);
    assertThat(report.violations()).as("trace of " + options).isEmpty();
    TcRun run = m.run(inst);
    assertThat(r.makespan()).isEqualTo(run.makespan());
    return run;
  }

  static long paperT(TcRun run) {
    return run.makespan() + 1;
  }

  static long[][] certs(TcRun run) {
    long[][] out = new long[run.size()][];
    for (int v = 1; v <= run.size(); v++) {
      out[v - 1] = new long[] {run.lag(v), run.stream(v)};
    }
    return out;
  }

  static long[] orderValues(TcRun run) {
    long[] out = new long[run.size()];
    for (int v = 1; v <= run.size(); v++) {
      out[v - 1] = run.orderValue(v);
    }
    return out;
  }

  static long[] orderRows(TcRun run) {
    long[] out = new long[run.size()];
    for (int v = 1; v <= run.size(); v++) {
      out[v - 1] = run.orderRow(v);
    }
    return out;
  }

  @Test
  void ex1_internalNodeWhereGeometricBeatsThePrintedClosedForm() {
    long[] l = {0, 0, 1, 1, 1};
    TcRun g = tc(EX1, l, TcOptions.RECOMMENDED);
    assertThat(certs(g)).isDeepEqualTo(new long[][] {{5, 3}, {3, 1}, {1, 1}, {1, 1}, {1, 1}});
    assertThat(g.t0()).isEqualTo(10);
    assertThat(g.rootLag()).isEqualTo(6);
    assertThat(orderValues(g)).containsExactly(5, 5, 3, 2, 2);
    assertThat(orderRows(g)).containsExactly(11, 12, 13, 13, 14);
    assertThat(paperT(g)).isEqualTo(19); // root rows 16-18
    TcRun p = tc(EX1, l, TcOptions.RECOMMENDED.withLag(TcOptions.Lag.PAPER_CLOSED_FORM));
    assertThat(p.lag(1)).isEqualTo(6);
    assertThat(p.rootLag()).isEqualTo(7);
    assertThat(orderValues(p)).containsExactly(6, 6, 4, 3, 3);
    assertThat(paperT(p)).isEqualTo(20); // root rows 17-19
  }

  @Test
  void ex2_rootLevelDifference() {
    long[] l = {0, 1, 1, 1};
    TcRun g = tc(EX2, l, TcOptions.RECOMMENDED);
    assertThat(certs(g)).isDeepEqualTo(new long[][] {{3, 1}, {1, 1}, {1, 1}, {1, 1}});
    assertThat(g.t0()).isEqualTo(8);
    assertThat(g.rootLag()).isEqualTo(4);
    assertThat(orderValues(g)).containsExactly(5, 2, 3, 2);
    assertThat(orderRows(g)).containsExactly(9, 10, 10, 11);
    assertThat(paperT(g)).isEqualTo(15); // root rows 12-14
    TcRun p = tc(EX2, l, TcOptions.RECOMMENDED.withLag(TcOptions.Lag.PAPER_CLOSED_FORM));
    assertThat(p.rootLag()).isEqualTo(5); // 3 + 1 + max(0, 1-1-1) + max(0, 3-1-1)
    assertThat(paperT(p)).isEqualTo(16);
  }

  @Test
  void ex3_emptySubtrees_skippedByDefault_includedLiterally() {
    long[] l = {0, 0, 1};
    TcRun skip = tc(EX3, l, TcOptions.RECOMMENDED);
    assertThat(certs(skip)).isDeepEqualTo(new long[][] {{2, 0}, {1, 0}, {1, 1}});
    assertThat(skip.t0()).isEqualTo(6);
    assertThat(skip.rootLag()).isEqualTo(3);
    assertThat(paperT(skip)).isEqualTo(10);
    TcRun include = tc(EX3, l, TcOptions.RECOMMENDED.withEmpty(TcOptions.EmptySegments.INCLUDE));
    assertThat(include.lag(1)).isEqualTo(3);
    assertThat(include.rootLag()).isEqualTo(4);
    assertThat(paperT(include)).isEqualTo(11);
    // the literal preset includes them too (and its closed form equals GEOMETRIC here)
    assertThat(paperT(tc(EX3, l, TcOptions.PAPER_LITERAL))).isEqualTo(11);
  }

  @Test
  void ex4_starOfThreeLeaves_conservativeVersusExactIndex() {
    long[] l = {2, 1, 3};
    TcRun cons = tc(EX4, l, TcOptions.RECOMMENDED);
    assertThat(certs(cons)).isDeepEqualTo(new long[][] {{1, 2}, {1, 1}, {1, 3}});
    assertThat(cons.t0()).isEqualTo(6);
    assertThat(cons.rootLag()).isEqualTo(4);
    assertThat(orderValues(cons)).containsExactly(3, 4, 4);
    assertThat(orderRows(cons)).containsExactly(7, 8, 9);
    assertThat(paperT(cons)).isEqualTo(16); // root rows 10-15
    TcRun exact = tc(EX4, l, TcOptions.IMPROVED);
    assertThat(exact.rootLag()).isEqualTo(2);
    assertThat(orderValues(exact)).containsExactly(1, 2, 2);
    assertThat(paperT(exact)).isEqualTo(14);
  }

  @Test
  void ex5_binaryTree_withItsBounds() {
    Instance inst = GatherCases.catalogue("sg-ex5-gather-bintree7.json");
    TransmissionCertification m = new TransmissionCertification();
    TcRun run = m.run(inst);
    assertValid(inst, m.solve(inst, LIMITS));
    assertThat(certs(run))
        .isDeepEqualTo(new long[][] {{3, 5}, {3, 4}, {1, 3}, {1, 1}, {1, 0}, {1, 2}});
    assertThat(run.t0()).isEqualTo(12);
    assertThat(run.rootLag()).isEqualTo(5);
    assertThat(orderValues(run)).containsExactly(4, 8, 3, 5, 1, 7);
    assertThat(orderRows(run)).containsExactly(13, 14, 14, 15, 15, 16);
    assertThat(paperT(run)).isEqualTo(26); // root rows 17-25
    long[] rows =
        GatherOracles.rootRows(inst, (Schedule.Departures) m.solve(inst, LIMITS).schedule());
    assertThat(rows[0]).isEqualTo(17);
    assertThat(rows[rows.length - 1]).isEqualTo(25);
    // GEOMETRIC = PAPER here; bounds t_0 + D* + M = 27, LB-SYNC 12, LB-OFF 10, B_opt 4
    assertThat(paperT(new TransmissionCertification("p", TcOptions.PAPER_LITERAL).run(inst)))
        .isEqualTo(26);
    assertThat(run.t0() + run.dStar() + run.total()).isEqualTo(27);
    assertThat(GatherOracles.bound(LowerBounds.protocolBounds(inst), "LB-SYNC") + 1).isEqualTo(12);
    assertThat(GatherOracles.bound(LowerBounds.all(inst), "LB-OFF") + 1).isEqualTo(10);
    assertThat(GatherOracles.broadcastRows(inst)).isEqualTo(4);
  }

  @Test
  void closedForm_isNotMonotone_exactIndexCanBeSlowerThanConservative() {
    // A finding about docs/models/bufferless-scatter-gather.md#transmission-certification's
    // "EXACT_INDEX <=
    // CONSERVATIVE with the other flags held equal": it holds with GEOMETRIC lags (a property), not
    // with the printed
    // closed form, which compares each bound with the previous segment's bound instead of its
    // placed end
    // (docs/models/bufferless-scatter-gather.md#transmission-certification-corrections). Path P0 -
    // P1, P1 with children
    //   P2 (empty) and P3; L = (2, 0, 4), empty segments included. At P1 (d = 2, own bound 3,
    // length 2): CONSERVATIVE
    //   bounds 4 (P2, 0 flits), 4 (P3): 3 + max(0, 4-3-2) + max(0, 4-4-0) = 3; EXACT_INDEX bounds 3
    // (P2), 4 (P3): 3 +
    // max(0, 3-3-2) + max(0, 4-3-0) = 4, although every bound went down. GEOMETRIC gives 3 for both
    // (max(3, 4-2, 4-2)
    // and max(3, 3-2, 4-2)).
    int[] parents = {-1, 0, 1, 1};
    long[] l = {2, 0, 4};
    TcOptions cf = TcOptions.PAPER_LITERAL;
    TcRun cons = tc(parents, l, cf);
    TcRun exact = tc(parents, l, cf.withChildBound(TcOptions.ChildBound.EXACT_INDEX));
    assertThat(cons.lag(1)).isEqualTo(3);
    assertThat(exact.lag(1)).isEqualTo(4);
    assertThat(paperT(cons)).isEqualTo(16);
    assertThat(paperT(exact)).isEqualTo(17);
    TcOptions g = TcOptions.RECOMMENDED.withEmpty(TcOptions.EmptySegments.INCLUDE);
    assertThat(tc(parents, l, g).lag(1)).isEqualTo(3);
    assertThat(tc(parents, l, g.withChildBound(TcOptions.ChildBound.EXACT_INDEX)).lag(1))
        .isEqualTo(3);
  }

  @Test
  void closedForm_isNotMonotone_includingEmptySubtreesCanBeFaster() {
    // The same finding for docs/models/bufferless-scatter-gather.md#transmission-certification's
    // "SKIP <= INCLUDE":
    // with the printed closed form and the paper's own CONSERVATIVE bounds, including empty
    // subtrees can shorten the
    // run (found by the 1500-seed property run, the smallest of 2 million random trees of <= 8
    // nodes). Root 0 with
    // children 1, 2, 7; chains 1-4-6 and 2-3-5; L_1 = 1, L_3 = 2, L_7 = 4, all else 0. INCLUDE
    // raises c_1 from 2 to 4
    // (its empty chain 4-6 now certifies 3), which lifts P1's root bound from 5 to 7 = P2's and
    // removes the closed
    // form's positive gap max(0, 7 - 5 - 1): C_0 falls from 5 to 4.
    int[] parents = {-1, 0, 0, 2, 1, 3, 4, 0};
    long[] l = {1, 0, 2, 0, 0, 0, 4};
    TcOptions cf = TcOptions.RECOMMENDED.withLag(TcOptions.Lag.PAPER_CLOSED_FORM);
    TcRun skip = tc(parents, l, cf);
    TcRun include = tc(parents, l, cf.withEmpty(TcOptions.EmptySegments.INCLUDE));
    assertThat(new long[] {skip.lag(1), include.lag(1)}).containsExactly(2, 4);
    assertThat(new long[] {skip.rootLag(), include.rootLag()}).containsExactly(5, 4);
    assertThat(paperT(skip)).isEqualTo(26);
    assertThat(paperT(include)).isEqualTo(25);
    // with the leftmost (GEOMETRIC) lag SKIP is never slower than INCLUDE, as
    // docs/models/bufferless-scatter-gather.md#preset-order says
    TcRun g = tc(parents, l, TcOptions.RECOMMENDED);
    TcRun gi = tc(parents, l, TcOptions.RECOMMENDED.withEmpty(TcOptions.EmptySegments.INCLUDE));
    assertThat(paperT(g)).isLessThanOrEqualTo(paperT(gi));
  }

  @Test
  void shoulderTapGap_unitMessages_leaveGapsAtTheRoot_yetMeetLbSync() {
    // docs/models/bufferless-scatter-gather.md#small-counterexamples, #shoulder-tap-corrections: L
    // = (1,1,1) gives root
    // rows 3, 5, 6 and T = 7 (not "gap-free 3..5"), = LB-SYNC
    Instance three = GatherCases.catalogue("sg-stgap-gather-path4.json");
    SolveResult r = new ShoulderTap().solve(three, LIMITS);
    assertValid(three, r);
    assertThat(GatherOracles.rootRows(three, (Schedule.Departures) r.schedule()))
        .containsExactly(3, 5, 6);
    assertThat(r.makespan() + 1).isEqualTo(7);
    assertThat(GatherOracles.bound(LowerBounds.protocolBounds(three), "LB-SYNC"))
        .isEqualTo(r.makespan());
    Instance four = GatherCases.path(1, 1, 1, 1);
    SolveResult r4 = new ShoulderTap().solve(four, LIMITS);
    assertThat(GatherOracles.rootRows(four, (Schedule.Departures) r4.schedule()))
        .containsExactly(3, 5, 7, 8);
    assertThat(r4.makespan() + 1).isEqualTo(9);
  }

  @Test
  void leafRule_singleMessage_arrivesFromRow2() {
    // docs/models/bufferless-scatter-gather.md#small-counterexamples, #shoulder-tap-corrections: n
    // = 1, L_1 = 3: rows
    // 2-4, T = 5 ("from time-step 2 to time-step 1 + L_1"); the printed max(2, s) would give rows
    // 3-5, T = 6
    Instance inst = GatherCases.catalogue("sg-leafrule-gather-path2.json");
    SolveResult r = new ShoulderTap().solve(inst, LIMITS);
    assertValid(inst, r);
    assertThat(GatherOracles.rootRows(inst, (Schedule.Departures) r.schedule()))
        .containsExactly(2, 3, 4);
    assertThat(r.makespan() + 1).isEqualTo(5);
    assertThat(ShoulderTap.paperTime(new long[] {3})).isEqualTo(5);
  }

  @Test
  void forwardFirstScope_aNodeThatSendsBeforeForwarding_beatsShoulderTapAndLbSync() {
    // docs/models/bufferless-scatter-gather.md#small-counterexamples, #shoulder-tap-corrections: L
    // = (3, 0).
    // Shoulder-Tap (forward-first) takes T = 6. If P_1 sends its own message in steps 1-3 and
    // forwards the wake-up only
    // in step 4, the root has everything in rows 2-4 (T = 5), and the trace passes every check,
    // causality included:
    // Theorem 2 is optimal among forward-first schedules only.
    Instance inst = GatherCases.catalogue("sg-forwardfirst-gather-path3.json");
    SolveResult st = new ShoulderTap().solve(inst, LIMITS);
    assertThat(st.makespan() + 1).isEqualTo(6);
    Map<String, Long> dep = new LinkedHashMap<>();
    dep.put("M1", 1L);
    Schedule.Departures early =
        new Schedule.Departures(
            dep,
            List.of(
                new Schedule.ControlTransfer(0, 1, 0, ShoulderTap.WAKEUP, List.of(1L)),
                new Schedule.ControlTransfer(1, 2, 4, ShoulderTap.WAKEUP, List.of(1L))));
    CheckReport report = ScheduleChecker.check(inst, early);
    assertThat(report.violations()).isEmpty();
    assertThat(report.makespan() + 1).isEqualTo(5);
    long lbSync = GatherOracles.bound(LowerBounds.protocolBounds(inst), "LB-SYNC");
    assertThat(report.makespan()).isLessThan(lbSync);
  }

  @Test
  void everyGatherMethod_isRegisteredOnce_andExplainsWhereItDoesNotApply() {
    List<Method> all = GatherMethods.all();
    assertThat(all)
        .extracting(Method::name)
        .containsExactly(
            "shoulder-tap",
            "transmission-certification",
            "tc-improved",
            "tc-paper-literal",
            "tc-multiport");
    Instance tree = GatherCases.tree(EX5, new long[] {1, 2, 3, 1, 0, 2}, GatherCases.SINGLE);
    assertThat(new ShoulderTap().whyNot(tree)).contains("transmission-certification");
    Instance multi = GatherCases.tree(EX5, new long[] {1, 2, 3, 1, 0, 2}, GatherCases.ALL);
    assertThat(new TransmissionCertification().whyNot(multi)).contains("tc-multiport");
    assertThat(new TransmissionCertification("tc-multiport", TcOptions.MULTIPORT).whyNot(multi))
        .isNull();
    assertThat(new TransmissionCertification("tc-multiport", TcOptions.MULTIPORT).whyNot(tree))
        .contains("transmission-certification");
    Instance scatter = GatherCases.catalogue("sg-ex5-scatter-bintree7.json");
    for (Method m : all) {
      assertThat(m.whyNot(scatter)).as(m.name()).isNotNull();
    }
    // a gather whose tree links go one way only: the control flits cannot go down
    Instance ula =
        GatherCases.gather(
            "ula",
            new org.commsched.core.model.Topology.Ula(4),
            3,
            new long[] {1, 1, 1, 0},
            GatherCases.SINGLE);
    assertThat(new TransmissionCertification().whyNot(ula)).contains("control flits");
  }
}
