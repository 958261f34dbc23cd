package org.commsched.core.bounds;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import org.commsched.core.model.CommModel;
import org.commsched.core.time.TimeScale;
import org.junit.jupiter.api.Test;

/**
 * Oracle values of Peters' thesis and Tsai's thesis (docs/models/linear-cost.md and
 * docs/models/packet.md, cited per test).
 */
class PathSendingTest {

  /**
   * docs/models/linear-cost.md#sending-tables, Table 2a: S_*(n,m) for n = 1..12, m = 1..6, beta =
   * 5, tau = 1.
   */
  private static final long[][] TABLE_2A = {
    {6, 12, 18, 24, 30, 36},
    {7, 14, 21, 28, 35, 42},
    {8, 16, 24, 32, 40, 48},
    {9, 18, 27, 35, 42, 49},
    {10, 20, 30, 39, 47, 55},
    {11, 22, 32, 40, 48, 56},
    {12, 24, 35, 44, 53, 62},
    {13, 26, 36, 45, 54, 63},
    {14, 28, 39, 48, 56, 64},
    {15, 30, 40, 50, 60, 70},
    {16, 32, 43, 53, 62, 71},
    {17, 33, 44, 54, 63, 72}
  };

  /** docs/models/linear-cost.md#sending-tables, Table 2b: S_1(n,m), beta = 5, tau = 1. */
  private static final long[][] TABLE_2B = {
    {6, 12, 18, 24, 30, 36},
    {7, 14, 21, 28, 35, 42},
    {8, 16, 24, 32, 40, 48},
    {9, 18, 27, 36, 45, 54},
    {10, 20, 30, 40, 50, 60},
    {11, 22, 33, 44, 55, 64},
    {12, 24, 36, 48, 60, 70},
    {13, 26, 39, 52, 63, 72},
    {14, 28, 42, 56, 68, 78},
    {15, 30, 45, 60, 70, 80},
    {16, 32, 48, 64, 75, 86},
    {17, 34, 51, 66, 77, 88}
  };

  /**
   * docs/models/linear-cost.md#sending-tables, Table 2c (beta = 272, tau = 0.4): per m = 1..12,
   * S_*(1023,m), S_1(1023,m), S_*(32767,m), S_1(32767,m), as exact decimals.
   */
  private static final String[][] TABLE_2C = {
    {"681.2", "681.2", "13378.8", "13378.8"},
    {"1362.4", "1362.4", "17155.2", "26757.6"},
    {"1906.8", "2043.6", "18992.4", "31827.2"},
    {"2383.6", "2724.8", "20464.0", "34310.4"},
    {"2858.8", "3336.8", "21748.4", "36294.8"},
    {"3267.2", "3813.6", "22914.8", "37984.8"},
    {"3675.6", "4290.4", "23990.0", "39515.6"},
    {"4084.0", "4767.2", "25005.6", "40928.0"},
    {"4492.4", "5244.0", "25967.6", "42248.4"},
    {"4866.8", "5717.6", "26886.4", "43496.8"},
    {"5241.2", "6126.0", "27770.8", "44687.6"},
    {"5615.6", "6534.4", "28624.8", "45829.6"}
  };

  @Test
  void table2a_sStarMatchesEveryCell() {
    PathSending ps = new PathSending(5, 1);
    for (int n = 1; n <= 12; n++) {
      for (int m = 1; m <= 6; m++) {
        assertThat(ps.sStar(n, m)).as("S_*(%d,%d)", n, m).isEqualTo(TABLE_2A[n - 1][m - 1]);
      }
    }
  }

  @Test
  void table2b_sOneMatchesEveryCell() {
    PathSending ps = new PathSending(5, 1);
    for (int n = 1; n <= 12; n++) {
      for (int m = 1; m <= 6; m++) {
        assertThat(ps.sOne(n, m)).as("S_1(%d,%d)", n, m).isEqualTo(TABLE_2B[n - 1][m - 1]);
      }
    }
  }

  @Test
  void table2c_ipsc860ParametersExactDecimals() {
    CommModel.StoreAndForward model =
        new CommModel.StoreAndForward(
            new BigDecimal("272"),
            new BigDecimal("0.4"),
            CommModel.Ports.ALL,
            CommModel.Duplex.FULL,
            null);
    TimeScale sc = model.timeScale();
    PathSending ps = PathSending.of(model, sc);
    assertThat(ps.beta()).isEqualTo(2720);
    assertThat(ps.tau()).isEqualTo(4);
    for (int m = 1; m <= 12; m++) {
      String[] row = TABLE_2C[m - 1];
      assertThat(sc.toUnits(ps.sStar(1023, m))).as("S_*(1023,%d)", m).isEqualByComparingTo(row[0]);
      assertThat(sc.toUnits(ps.sOne(1023, m))).as("S_1(1023,%d)", m).isEqualByComparingTo(row[1]);
      assertThat(sc.toUnits(ps.sStar(32767, m)))
          .as("S_*(32767,%d)", m)
          .isEqualByComparingTo(row[2]);
      assertThat(sc.toUnits(ps.sOne(32767, m))).as("S_1(32767,%d)", m).isEqualByComparingTo(row[3]);
    }
  }

  /** docs/models/linear-cost.md#sending-tables worked examples E1 and E3 (Fig. 2.2, Fig. 2.14). */
  @Test
  void workedExamples_fig22AndFig214() {
    PathSending ps = new PathSending(5, 1);
    assertThat(ps.tStar(19, 5, 5)).isEqualTo(79);
    assertThat(ps.sStar(19, 5)).isEqualTo(79);
    assertThat(ps.tOne(19, 5, 5)).isEqualTo(108);
    assertThat(ps.sOne(19, 5)).isEqualTo(103);
    assertThat(ps.tOne(19, 5, 10)).isEqualTo(103);
  }

  /**
   * docs/models/linear-cost.md#pipeline-formulas conventions: T_*(0,m,k) by the formula, T_1(0,..)
   * = 0, S(0,m) = 0.
   */
  @Test
  void zeroUnitConventions() {
    PathSending ps = new PathSending(5, 1);
    assertThat(ps.tStar(0, 3, 4)).isEqualTo(2 * (5 + 4)).isEqualTo(ps.tStar(4, 2, 4));
    assertThat(ps.tOne(0, 3, 4)).isZero();
    assertThat(ps.sStar(0, 3)).isZero();
    assertThat(ps.sOne(0, 3)).isZero();
  }

  /** docs/models/linear-cost.md#pipeline-formulas degenerate cases (P2). */
  @Test
  void degenerateCases() {
    PathSending unitCost = new PathSending(7, 0);
    assertThat(unitCost.sStar(10, 4)).isEqualTo(4 * 7);
    PathSending round = new PathSending(0, 3);
    assertThat(round.sStar(10, 4)).isEqualTo((4 + 10 - 1) * 3);
    PathSending ps = new PathSending(5, 2);
    assertThat(ps.sStar(1, 6)).isEqualTo(6 * (5 + 2));
    assertThat(ps.sOne(9, 1)).isEqualTo(5 + 9 * 2);
    assertThat(ps.sOne(9, 2)).isEqualTo(2 * 5 + 2 * 9 * 2);
  }

  /**
   * docs/models/packet.md#one-message-alone, alpha*_l(m) (tau = 1) equals S_*(m, l); rows (l, m,
   * beta, alpha*) with beta as an exact decimal.
   */
  @Test
  void tsaiAlphaStarTable() {
    Object[][] rows = {
      {1, 5, "1", "6"},
      {2, 4, "1", "9"},
      {3, 3, "2", "15"},
      {3, 3, "0", "5"},
      {4, 6, "1", "18"},
      {5, 10, "1", "27"},
      {5, 10, "0.5", "21"},
      {3, 7, "1.5", "20"},
      {6, 12, "2", "44"},
      {10, 25, "9", "196"},
      {10, 1000, "0.5", "1139"}
    };
    for (Object[] r : rows) {
      BigDecimal beta = new BigDecimal((String) r[2]);
      TimeScale sc = TimeScale.finest(beta);
      PathSending ps = new PathSending(sc.toTicks(beta), sc.toTicks(BigDecimal.ONE));
      long v = ps.sStar((Integer) r[1], (Integer) r[0]);
      assertThat(sc.toUnits(v))
          .as("alpha*_%s(%s), beta %s", r[0], r[1], r[2])
          .isEqualByComparingTo((String) r[3]);
    }
  }

  /**
   * Figure 1.1 of Tsai (docs/models/packet.md#one-message-alone): L = 1000, l = 10, beta = 0.5:
   * 1139 at r in {125, 143}.
   */
  @Test
  void tsaiFigure11() {
    PathSending ps = new PathSending(5, 10); // ticks of 0.1
    assertThat(ps.sStar(1000, 10)).isEqualTo(11390);
    assertThat(ps.tStar(1000, 10, 8)).isEqualTo(11390); // 125 packets of 8
    assertThat(ps.tStar(1000, 10, 7)).isEqualTo(11390); // 143 packets of at most 7
    assertThat(ps.tStar(1000, 10, 1000)).isEqualTo(100050); // no split: 10 (beta + L)
  }

  /**
   * Observation 2.5.1 (docs/models/linear-cost.md#ring-send-lower-bound): S_*(C_3, 8, 1) = 12 with
   * beta = 5, tau = 1.
   */
  @Test
  void ringSend_erratumCounterexampleValue() {
    PathSending ps = new PathSending(5, 1);
    assertThat(ps.ringSend(8, 1, 3)).isEqualTo(12);
  }

  /**
   * Theorems 3.2.1 and 3.2.2, examples E5 (C_6, n = 33: 54) and E6 (C_7, n = 33: 59), beta = 5, tau
   * = 1.
   */
  @Test
  void ringBroadcast_examplesE5E6() {
    PathSending ps = new PathSending(5, 1);
    assertThat(ps.ringBroadcast(33, 6)).isEqualTo(54);
    assertThat(ps.ringBroadcast(33, 7)).isEqualTo(59);
  }

  /**
   * Table 5.2 recomputed (docs/models/linear-cost.md#thesis-tables), beta = 272, tau = 0.4: F* on
   * C_10 is S_*(ceil(n/2), 5): 2246.4 and 12984.0; F* on C_9 by Thm 3.2.2 is 2042.0 and 12504.4
   * (the printed 2041.6 / 12504.0 are errata).
   */
  @Test
  void ringBroadcast_table52Recomputed() {
    PathSending ps = new PathSending(2720, 4);
    TimeScale sc = new TimeScale(1);
    assertThat(sc.format(ps.ringBroadcast(1023, 10))).isEqualTo("2246.4");
    assertThat(sc.format(ps.ringBroadcast(32767, 10))).isEqualTo("12984");
    assertThat(sc.format(ps.ringBroadcast(1023, 9))).isEqualTo("2042");
    assertThat(sc.format(ps.ringBroadcast(32767, 9))).isEqualTo("12504.4");
  }

  @Test
  void invalidArguments_areRejected() {
    PathSending ps = new PathSending(1, 1);
    assertThatThrownBy(() -> ps.tStar(3, 0, 1)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> ps.sStar(-1, 2)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new PathSending(-1, 1)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> ps.ringSend(3, 3, 3)).isInstanceOf(IllegalArgumentException.class);
  }
}
