package org.commsched.heuristics.bufferless.scattergather;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.commsched.core.bounds.LowerBounds;
import org.commsched.core.check.CheckReport;
import org.commsched.core.check.ScheduleChecker;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Schedule;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveStatus;
import org.commsched.instances.testing.GatherCases;
import org.junit.jupiter.api.Test;

/**
 * Figures 2, 3 and 4 of Bhatt, Pucci, Ranade, Rosenberg, "Scattering and Gathering Messages in
 * Networks of Processors", reproduced cell for cell from our traces (tables as rebuilt in
 * docs/models/bufferless-scatter-gather.md#figures-1-to-4, which repairs the OCR column shifts,
 * docs/models/bufferless-scatter-gather.md#figures), plus the figures' numbers quoted in
 * docs/models/bufferless-scatter-gather.md#figures-1-to-4, #transmission-certification-corrections,
 * #figures-1-to-4, #tc-multiport and the reference table of
 * docs/models/bufferless-scatter-gather.md#ratios.
 *
 * <p>Time mapping ({@link FigureTable}): a flit crossing during our step s is drawn in row s + 1;
 * the paper's {@code T = 1 + last arrival row = our makespan + 1}.
 */
class GatherFiguresTest {
  static final SolveLimits LIMITS = SolveLimits.defaults();
  static final int[] PATH6 = {0, 1, 2, 3, 4, 5};

  /**
   * Figure 2: Shoulder-Tap on L = (2,3,0,2,1), T = 12
   * (docs/models/bufferless-scatter-gather.md#figures-1-to-4).
   */
  static final String FIGURE_2 =
      """
      | Step | P0 | P1 | P2 | P3 | P4 | P5 |
      |---|---|---|---|---|---|---|
      | 1 |  | (1) |  |  |  |  |
      | 2 |  | m1,1 | (2) |  |  |  |
      | 3 | m1,1 | m1,2 | m2,1 | (3) |  |  |
      | 4 | m1,2 | m2,1 | m2,2 |  | (1) |  |
      | 5 | m2,1 | m2,2 | m2,3 |  | m4,1 | (2) |
      | 6 | m2,2 | m2,3 |  | m4,1 | m4,2 | m5,1 |
      | 7 | m2,3 |  | m4,1 | m4,2 | m5,1 |  |
      | 8 |  | m4,1 | m4,2 | m5,1 |  |  |
      | 9 | m4,1 | m4,2 | m5,1 |  |  |  |
      | 10 | m4,2 | m5,1 |  |  |  |  |
      | 11 | m5,1 |  |  |  |  |  |
      """;

  /**
   * Figure 3: Shoulder-Tap on the "pathological" L = (9,0,1,0,1), T = 14
   * (docs/models/bufferless-scatter-gather.md#figures-1-to-4).
   */
  static final String FIGURE_3 =
      """
      | Step | P0 | P1 | P2 | P3 | P4 | P5 |
      |---|---|---|---|---|---|---|
      | 1 |  | (1) |  |  |  |  |
      | 2 |  | m1,1 | (9) |  |  |  |
      | 3 | m1,1 | m1,2 |  | (7) |  |  |
      | 4 | m1,2 | m1,3 |  |  | (6) |  |
      | 5 | m1,3 | m1,4 |  |  |  | (4) |
      | 6 | m1,4 | m1,5 |  |  |  |  |
      | 7 | m1,5 | m1,6 |  |  |  |  |
      | 8 | m1,6 | m1,7 |  |  |  | m5,1 |
      | 9 | m1,7 | m1,8 |  | m3,1 | m5,1 |  |
      | 10 | m1,8 | m1,9 | m3,1 | m5,1 |  |  |
      | 11 | m1,9 | m3,1 | m5,1 |  |  |  |
      | 12 | m3,1 | m5,1 |  |  |  |  |
      | 13 | m5,1 |  |  |  |  |  |
      """;

  /**
   * Figure 4: Transmission-Certification on L = (2,3,0,2,1), T = 22
   * (docs/models/bufferless-scatter-gather.md#figures-1-to-4).
   */
  static final String FIGURE_4 =
      """
      | Step | P0 | P1 | P2 | P3 | P4 | P5 |
      |---|---|---|---|---|---|---|
      | 1 |  | [*] |  |  |  |  |
      | 2 |  |  | [*] |  |  |  |
      | 3 |  |  |  | [*] |  |  |
      | 4 |  |  |  |  | [*] |  |
      | 5 |  |  |  |  |  | [*] |
      | 6 |  |  |  |  | <1> |  |
      | 7 |  |  |  | <2> |  |  |
      | 8 |  |  | <4> |  |  |  |
      | 9 |  | <3> |  |  |  |  |
      | 10 | <3> |  |  |  |  |  |
      | 11 |  | (3) |  |  |  |  |
      | 12 |  |  | (3) |  |  |  |
      | 13 |  | m1,1 |  | (4) |  |  |
      | 14 | m1,1 | m1,2 | m2,1 |  | (2) |  |
      | 15 | m1,2 | m2,1 | m2,2 |  | m4,1 | (2) |
      | 16 | m2,1 | m2,2 | m2,3 | m4,1 | m4,2 | m5,1 |
      | 17 | m2,2 | m2,3 | m4,1 | m4,2 | m5,1 |  |
      | 18 | m2,3 | m4,1 | m4,2 | m5,1 |  |  |
      | 19 | m4,1 | m4,2 | m5,1 |  |  |  |
      | 20 | m4,2 | m5,1 |  |  |  |  |
      | 21 | m5,1 |  |  |  |  |  |
      """;

  static SolveResult solveValid(org.commsched.core.solve.Method method, Instance inst) {
    SolveResult r = method.solve(inst, LIMITS);
    CheckReport report = ScheduleChecker.checkResult(inst, r);
    assertThat(report.violations()).as(method.name() + " on " + inst.name()).isEmpty();
    return r;
  }

  static void assertDrawn(Instance inst, SolveResult r, String figure) {
    List<List<String>> drawn = FigureTable.draw(inst, (Schedule.Departures) r.schedule(), PATH6);
    assertThat(FigureTable.lines(drawn))
        .containsExactlyElementsOf(FigureTable.lines(FigureTable.parse(figure)));
  }

  /**
   * Root arrival rows of message M<i> (first..last) in a trace on the path: departure + i .. + L -
   * 1.
   */
  static long[] rootRows(Instance inst, SolveResult r, int i) {
    long dep = ((Schedule.Departures) r.schedule()).departures().get("M" + i);
    long len = inst.messages().get(inst.indexOf("M" + i)).length();
    return new long[] {dep + i, dep + i + len - 1};
  }

  @Test
  void figure2_shoulderTap_isDrawnCellForCell_withTheGapAtRow8() {
    Instance inst = GatherCases.catalogue("sg-fig2-gather-path6.json");
    SolveResult r = solveValid(new ShoulderTap(), inst);
    assertDrawn(inst, r, FIGURE_2);
    assertThat(r.makespan() + 1).as("paper T").isEqualTo(12);
    ShoulderTap.Run run = new ShoulderTap().run(inst);
    // docs/models/bufferless-scatter-gather.md#figures-1-to-4: s = (1,2,3,1,2); f: M1 3, M2 4, M4
    // 6, M5 7
    long[] s = new long[5];
    for (int i = 1; i <= 5; i++) {
      s[i - 1] = run.wakeValue(i);
      assertThat(run.wakeRow(i)).as("t_%d", i).isEqualTo(i);
    }
    assertThat(s).containsExactly(1, 2, 3, 1, 2);
    assertThat(new long[] {run.firstRow(1), run.firstRow(2), run.firstRow(4), run.firstRow(5)})
        .containsExactly(3, 4, 6, 7);
    // root rows: M1 3-4, M2 5-7, nothing in row 8 ("such as that observed at Step 8 in Figure 2"),
    // M4 9-10, M5 11
    assertThat(rootRows(inst, r, 1)).containsExactly(3, 4);
    assertThat(rootRows(inst, r, 2)).containsExactly(5, 7);
    assertThat(rootRows(inst, r, 4)).containsExactly(9, 10);
    assertThat(rootRows(inst, r, 5)).containsExactly(11, 11);
  }

  @Test
  void figure3_shoulderTap_isDrawnCellForCell_withDispatchesNotMonotoneInTheIndex() {
    Instance inst = GatherCases.catalogue("sg-fig3-gather-path6.json");
    SolveResult r = solveValid(new ShoulderTap(), inst);
    assertDrawn(inst, r, FIGURE_3);
    assertThat(r.makespan() + 1).as("paper T").isEqualTo(14);
    ShoulderTap.Run run = new ShoulderTap().run(inst);
    long[] s = new long[5];
    for (int i = 1; i <= 5; i++) {
      s[i - 1] = run.wakeValue(i);
    }
    assertThat(s).containsExactly(1, 9, 7, 6, 4);
    assertThat(new long[] {run.firstRow(1), run.firstRow(3), run.firstRow(5)})
        .containsExactly(3, 10, 9);
    // docs/models/bufferless-scatter-gather.md#figures-1-to-4: M5 leaves P5 in step 8, M3 leaves P3
    // in step 9
    Schedule.Departures d = (Schedule.Departures) r.schedule();
    assertThat(d.departures().get("M5")).isEqualTo(8);
    assertThat(d.departures().get("M3")).isEqualTo(9);
  }

  @Test
  void figure4_transmissionCertification_isDrawnCellForCell_withItsCertificatesAndOrders() {
    Instance inst = GatherCases.catalogue("sg-fig4-gather-path6-tc.json");
    TransmissionCertification tc = new TransmissionCertification();
    SolveResult r = solveValid(tc, inst);
    assertDrawn(inst, r, FIGURE_4);
    assertThat(r.makespan() + 1).as("paper T").isEqualTo(22);
    TcRun run = tc.run(inst);
    // docs/models/bufferless-scatter-gather.md#figures-1-to-4: certificates c_1..c_5 = 3,3,4,2,1 at
    // rows 10,9,8,7,6; n
    // = 8,6,3,3,1; orders (3,3,4,2,2) at 11..15
    long[] c = new long[5];
    long[] n = new long[5];
    long[] s = new long[5];
    for (int v = 1; v <= 5; v++) {
      c[v - 1] = run.lag(v);
      n[v - 1] = run.stream(v);
      s[v - 1] = run.orderValue(v);
      assertThat(run.tokenRow(v)).as("token row of P%d", v).isEqualTo(v);
      assertThat(run.certificateRow(v)).as("certificate row of P%d", v).isEqualTo(11 - v);
      assertThat(run.orderRow(v)).as("order row of P%d", v).isEqualTo(10 + v);
    }
    assertThat(c).containsExactly(3, 3, 4, 2, 1);
    assertThat(n).containsExactly(8, 6, 3, 3, 1);
    assertThat(s).containsExactly(3, 3, 4, 2, 2);
    assertThat(run.t0()).isEqualTo(10);
    assertThat(run.rootLag()).isEqualTo(4);
    // the root receives data gap-free in rows 14..21: M1 14-15, M2 16-18, M4 19-20, M5 21
    assertThat(rootRows(inst, r, 1)).containsExactly(14, 15);
    assertThat(rootRows(inst, r, 2)).containsExactly(16, 18);
    assertThat(rootRows(inst, r, 4)).containsExactly(19, 20);
    assertThat(rootRows(inst, r, 5)).containsExactly(21, 21);
  }

  @Test
  void figure4_theorem3AsPrinted_fails_andTheCorrectedBoundHolds() {
    // docs/models/bufferless-scatter-gather.md#transmission-certification-corrections: the printed
    // 2B + C + M is 2*5 +
    // 0 + 8 = 18 (B = 5, broadcast down a 5-edge path; C = 0, every degree is 1 and 1 log 1 = 0),
    // but TC takes T = 22
    // on the paper's own Figure 4.
    Instance inst = GatherCases.catalogue("sg-fig4-gather-path6-tc.json");
    TransmissionCertification tc = new TransmissionCertification();
    SolveResult r = solveValid(tc, inst);
    TcRun run = tc.run(inst);
    long paperT = r.makespan() + 1;
    long b = 5;
    long m = run.total();
    assertThat(m).isEqualTo(8);
    assertThat(paperT).as("T vs the printed 2B + C + M").isGreaterThan(2 * b + 0 + m);
    // corrected (docs/models/bufferless-scatter-gather.md#transmission-certification): T = t_0 +
    // C_0 + M exactly, and T
    // <= t_0 + D* + M with D* = 10 here
    assertThat(paperT).isEqualTo(run.t0() + run.rootLag() + m);
    assertThat(run.dStar()).isEqualTo(10);
    assertThat(paperT).isLessThanOrEqualTo(run.t0() + run.dStar() + m);
    assertThat(r.stats().get("correctedTheorem3")).isEqualTo(run.t0() + run.dStar() + m - 1);
    // the lower half of Theorem 3, max(B, M), holds
    assertThat(paperT).isGreaterThanOrEqualTo(Math.max(b, m));
  }

  @Test
  void figures2And4_tcIsSlowerThanShoulderTapBy2n() {
    // docs/models/bufferless-scatter-gather.md#transmission-certification-corrections closing
    // remark: TC on a path is
    // slower by about 2n; on the Fig. 2/4 data exactly 22 - 12 = 10
    Instance inst = GatherCases.catalogue("sg-fig4-gather-path6-tc.json");
    long st = solveValid(new ShoulderTap(), inst).makespan();
    long tc = solveValid(new TransmissionCertification(), inst).makespan();
    assertThat(tc - st).isEqualTo(2 * 5);
  }

  @Test
  void figure2Data_multiportVariant_takes21_withT0Of10() {
    // docs/models/bufferless-scatter-gather.md#tc-multiport (derived): t_0 = 2 height = 10, T = 21
    // on the Fig. 2/4
    // data; valid under multiport rules (V4')
    Instance inst = GatherCases.catalogue("sg-fig2-gather-path6-multiport.json");
    TransmissionCertification mp =
        new TransmissionCertification("tc-multiport", TcOptions.MULTIPORT);
    SolveResult r = solveValid(mp, inst);
    assertThat(r.makespan() + 1).isEqualTo(21);
    assertThat(mp.run(inst).t0()).isEqualTo(10);
  }

  @Test
  void figure3Data_transmissionCertification_takes24() {
    // docs/models/bufferless-scatter-gather.md#figures-1-to-4: certificates P1..P5 = (2,11), (6,2),
    // (4,2), (3,1),
    // (1,1); t_0 = 10, C_0 = 3, T = 24
    Instance inst = GatherCases.catalogue("sg-fig3-gather-path6.json");
    TransmissionCertification tc = new TransmissionCertification();
    SolveResult r = solveValid(tc, inst);
    TcRun run = tc.run(inst);
    long[][] certs = new long[5][];
    for (int v = 1; v <= 5; v++) {
      certs[v - 1] = new long[] {run.lag(v), run.stream(v)};
    }
    assertThat(certs).isDeepEqualTo(new long[][] {{2, 11}, {6, 2}, {4, 2}, {3, 1}, {1, 1}});
    assertThat(run.t0()).isEqualTo(10);
    assertThat(run.rootLag()).isEqualTo(3);
    assertThat(r.makespan() + 1).isEqualTo(24);
  }

  @Test
  void protocolResults_areFeasibleAgainstTheOfflineBound_andRecordTheirProtocolBound() {
    // docs/DESIGN.md "Protocol results": the status is about the gather problem itself (offline
    // optimum 8 here,
    // LB-OFF 9 in paper units); Shoulder-Tap meets LB-SYNC (12, ours 11), which the statistics
    // record
    Instance inst = GatherCases.catalogue("sg-fig2-gather-path6.json");
    SolveResult st = solveValid(new ShoulderTap(), inst);
    assertThat(st.status()).isEqualTo(SolveStatus.FEASIBLE);
    assertThat(st.lowerBound().kind()).isEqualTo("LB-OFF");
    assertThat(st.lowerBound().value()).isEqualTo(8);
    assertThat(st.stats())
        .containsEntry("syncBound", 11L)
        .containsEntry("syncBoundKind", "LB-SYNC")
        .containsEntry("syncStatus", "OPTIMAL");
    SolveResult tc = solveValid(new TransmissionCertification(), inst);
    assertThat(tc.status()).isEqualTo(SolveStatus.FEASIBLE);
    assertThat(tc.lowerBound().value()).isEqualTo(8);
    assertThat(tc.stats()).containsEntry("syncBound", 11L).containsEntry("syncStatus", "FEASIBLE");
  }

  @Test
  void referenceTable_section9_3() {
    // docs/models/bufferless-scatter-gather.md#ratios, paper units: T_ST, T_TC (RECOMMENDED),
    // LB-OFF, LB-SYNC, B_opt,
    // D*; then the ratios T_TC / LB-SYNC, T_TC / LB-OFF and T_TC / max(B_opt, M) from those figures
    // (M = 8, 11, 9),
    // four decimals rounded half up
    check93(
        "sg-fig2-gather-path6.json",
        12,
        22,
        9,
        12,
        5,
        10,
        "1.8333",
        "2.4444",
        "2.75"); // 22/12, 22/9, 22/8
    check93(
        "sg-fig3-gather-path6.json",
        14,
        24,
        12,
        14,
        5,
        10,
        "1.7143",
        "2",
        "2.1818"); // 24/14, 24/12, 24/11
    check93(
        "sg-ex5-gather-bintree7.json",
        -1,
        26,
        10,
        12,
        4,
        6,
        "2.1667",
        "2.6",
        "2.8889"); // 26/12, 26/10, 26/9
  }

  private static void check93(
      String file,
      long st,
      long tc,
      long lbOff,
      long lbSync,
      long bOpt,
      long dStar,
      String ratioSync,
      String ratioOff,
      String ratioPaper) {
    Instance inst = GatherCases.catalogue(file);
    if (st >= 0) {
      SolveResult r = solveValid(new ShoulderTap(), inst);
      assertThat(r.makespan() + 1).as("T_ST " + file).isEqualTo(st);
      assertThat(r.stats().get("ratioLbSync")).as("Shoulder-Tap vs LB-SYNC " + file).isEqualTo("1");
    }
    TransmissionCertification method = new TransmissionCertification();
    SolveResult r = solveValid(method, inst);
    assertThat(r.makespan() + 1).as("T_TC " + file).isEqualTo(tc);
    assertThat(method.run(inst).dStar()).as("D* " + file).isEqualTo(dStar);
    assertThat(r.stats().get("Bopt")).as("B_opt stat " + file).isEqualTo(bOpt);
    assertThat(r.stats().get("ratioLbSync")).as("TC vs LB-SYNC " + file).isEqualTo(ratioSync);
    assertThat(r.stats().get("ratioLbOff")).as("TC vs LB-OFF " + file).isEqualTo(ratioOff);
    assertThat(r.stats().get("ratioMaxBoptM"))
        .as("TC vs max(B_opt, M) " + file)
        .isEqualTo(ratioPaper);
    // the bounds module's own LB-OFF and LB-SYNC, and this package's copies of them
    assertThat(GatherOracles.bound(LowerBounds.all(inst), "LB-OFF") + 1)
        .as("LB-OFF " + file)
        .isEqualTo(lbOff);
    assertThat(GatherOracles.bound(LowerBounds.protocolBounds(inst), "LB-SYNC") + 1)
        .as("LB-SYNC " + file)
        .isEqualTo(lbSync);
    GatherTree tree = GatherTree.of(inst);
    assertThat(tree.offlineBound(false).value() + 1)
        .as("LB-OFF (protocol code) " + file)
        .isEqualTo(lbOff);
    assertThat(tree.syncBound() + 1).as("LB-SYNC (protocol code) " + file).isEqualTo(lbSync);
    assertThat(GatherOracles.broadcastRows(inst)).as("B_opt " + file).isEqualTo(bOpt);
    assertThat(tree.broadcastRows()).as("B_opt (protocol code) " + file).isEqualTo(bOpt);
  }
}
