package org.commsched.core.bounds;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.testing.Seeds;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The pipeline and bound claims of D. B. Peters, "Bounds for Communication Problems in
 * Interconnection Networks under a Linear Cost Model" (PhD thesis, Simon Fraser University, 1995)
 * that concern formulas only, over seeded parameter grids (docs/models/linear-cost.md#properties,
 * #pipeline-formulas, #master-table): the closed forms of Corollaries 2.3.1 and 2.4.1 (P3), strict
 * monotonicity (Lemma 3.2.2, P5), the identities of Lemma 3.2.1 and §3.2.3 (P6), the odd-ring
 * identity of Lemma 3.2.5 (P7), Saad and Schultz's bound and its closed form (Appendix A.1, P9),
 * model and topology monotonicity (P16) and the order of the F* ring optima (P17); and the worked
 * examples of Figures 3.11 and 3.12 (E11, E12). The pipeline times are written out here from §2.1
 * and §2.3 of the thesis (T_* and T_1); the expected values are the thesis's formulas or numbers,
 * never this code's output.
 */
class LinearCostClaimsProperties {
  private static final int CASES = Seeds.cases();

  private static long ceil(long a, long b) {
    return (a + b - 1) / b;
  }

  /**
   * T_*(n, m, k) = (ceil(n/k) + m - 1) beta + ((m - 1) k + n) tau, evaluated as printed also for n
   * = 0.
   */
  private static long tStar(long n, long m, long k, long beta, long tau) {
    return (ceil(n, k) + m - 1) * beta + ((m - 1) * k + n) * tau;
  }

  /** T_1(n, m, k) = (2 ceil(n/k) + m - 2) beta + ((m - 2) k + 2n) tau (thesis §2.4). */
  private static long tOne(long n, long m, long k, long beta, long tau) {
    return (2 * ceil(n, k) + m - 2) * beta + ((m - 2) * k + 2 * n) * tau;
  }

  /** Exact test of {@code s >= a + b + 2 sqrt(ab)}, i.e. {@code s >= (sqrt a + sqrt b)^2}. */
  private static boolean atLeastSquare(long s, long a, long b) {
    long d = s - a - b;
    return d >= 0
        && java.math.BigInteger.valueOf(d)
                .pow(2)
                .compareTo(
                    java.math.BigInteger.valueOf(4 * a).multiply(java.math.BigInteger.valueOf(b)))
            >= 0;
  }

  /** Exact test of {@code s < (sqrt a + sqrt b)^2 + c}. */
  private static boolean belowSquare(long s, long a, long b, long c) {
    long d = s - c - a - b;
    return d < 0
        || java.math.BigInteger.valueOf(d)
                .pow(2)
                .compareTo(
                    java.math.BigInteger.valueOf(4 * a).multiply(java.math.BigInteger.valueOf(b)))
            < 0;
  }

  /** Exact test of {@code s <= (sqrt a + sqrt b)^2 + c}. */
  private static boolean atMostSquare(long s, long a, long b, long c) {
    long d = s - c - a - b;
    return d <= 0
        || java.math.BigInteger.valueOf(d)
                .pow(2)
                .compareTo(
                    java.math.BigInteger.valueOf(4 * a).multiply(java.math.BigInteger.valueOf(b)))
            <= 0;
  }

  /**
   * P3, Corollaries 2.3.1 and 2.4.1 (Appendix A.2): {@code (sqrt((m-1) beta) + sqrt(n tau))^2 <=
   * S_*(n, m) < (sqrt((m-1) beta) + sqrt((n-1) tau))^2 + beta + m tau} and {@code (sqrt((m-2) beta)
   * + sqrt(2n tau))^2 <= S_1(n, m) < (sqrt((m-2) beta) + sqrt((2n-2) tau))^2 + 2 beta + m tau};
   * strict for n >= 2, m >= 2 (S_1: m >= 3), beta and tau positive, "<=" everywhere. And P9
   * (Appendix A.1): {@code S_*(n, m) <= U(n, m) = min_q (q + m - 1)(beta + ceil(n/q) tau) <
   * (sqrt((m-1)(beta + tau)) + sqrt((n-1) tau))^2 + beta + tau}.
   */
  @TestFactory
  Stream<DynamicTest> closedForms_corollaries231_241_andSaadSchultz() {
    return Seeds.seeds(CASES)
        .mapToObj(
            seed ->
                DynamicTest.dynamicTest(
                    "seed " + seed,
                    () -> {
                      SplittableRandom r = new SplittableRandom(seed * 31 + 7);
                      long beta = r.nextInt(6) == 0 ? 0 : r.nextInt(1, 300);
                      long tau = r.nextInt(6) == 0 ? 0 : r.nextInt(1, 20);
                      long n = 1 + r.nextInt(r.nextBoolean() ? 40 : 2000);
                      long m = 1 + r.nextInt(12);
                      PathSending ps = new PathSending(beta, tau);
                      String at = "n " + n + " m " + m + " beta " + beta + " tau " + tau;
                      long sStar = ps.sStar(n, m);
                      assertThat(atLeastSquare(sStar, (m - 1) * beta, n * tau))
                          .as("Cor 2.3.1 lower, %s", at)
                          .isTrue();
                      assertThat(atMostSquare(sStar, (m - 1) * beta, (n - 1) * tau, beta + m * tau))
                          .as("Cor 2.3.1 <=, %s", at)
                          .isTrue();
                      boolean positive = beta > 0 && tau > 0 && n >= 2;
                      if (positive && m >= 2) {
                        assertThat(
                                belowSquare(sStar, (m - 1) * beta, (n - 1) * tau, beta + m * tau))
                            .as("Cor 2.3.1 <, %s", at)
                            .isTrue();
                      }
                      if (m >= 2) {
                        long sOne = ps.sOne(n, m);
                        assertThat(atLeastSquare(sOne, (m - 2) * beta, 2 * n * tau))
                            .as("Cor 2.4.1 lower, %s", at)
                            .isTrue();
                        assertThat(
                                atMostSquare(
                                    sOne, (m - 2) * beta, (2 * n - 2) * tau, 2 * beta + m * tau))
                            .as("Cor 2.4.1 <=, %s", at)
                            .isTrue();
                        if (positive && m >= 3) {
                          assertThat(
                                  belowSquare(
                                      sOne, (m - 2) * beta, (2 * n - 2) * tau, 2 * beta + m * tau))
                              .as("Cor 2.4.1 <, %s", at)
                              .isTrue();
                        }
                      }
                      long u = Long.MAX_VALUE;
                      for (long q = 1; q <= n; q++) {
                        u = Math.min(u, (q + m - 1) * (beta + ceil(n, q) * tau));
                      }
                      assertThat(sStar).as("Saad-Schultz U, %s", at).isLessThanOrEqualTo(u);
                      assertThat(atMostSquare(u, (m - 1) * (beta + tau), (n - 1) * tau, beta + tau))
                          .as("A.1 <=, %s", at)
                          .isTrue();
                      if (positive && m >= 2) {
                        assertThat(
                                belowSquare(u, (m - 1) * (beta + tau), (n - 1) * tau, beta + tau))
                            .as("A.1 <, %s", at)
                            .isTrue();
                      }
                    }));
  }

  /**
   * P5 (Lemma 3.2.2), strict: with tau > 0, {@code S_*(n0, m) < S_*(n1, m)} exactly when {@code n0
   * < n1}; and {@code S_*(n, m) < S_*(n, m + 1)} when beta + tau > 0. P6 (Lemma 3.2.1 and §3.2.3):
   * {@code T_*(n, m, k) = T_*(n + k, m - 1, k)} (m >= 2), {@code = T_*(n - k, m + 1, k)} (k < n);
   * for n0, n1 >= k and tau > 0, {@code T_*(n0, m, k) < T_*(n1, m, k)} exactly when n0 < n1; {@code
   * 2 T_*(n, m, k) - m(beta + k tau) = T_1(n, m, k)}; {@code T_*(2n, m, k) - T_1(n, m, k) >= k
   * tau}.
   */
  @TestFactory
  Stream<DynamicTest> strictMonotonicity_andLemma321Identities() {
    return Seeds.seeds(CASES)
        .mapToObj(
            seed ->
                DynamicTest.dynamicTest(
                    "seed " + seed,
                    () -> {
                      SplittableRandom r = new SplittableRandom(seed * 17 + 3);
                      long beta = r.nextInt(4) == 0 ? 0 : r.nextInt(1, 100);
                      long tau = r.nextInt(1, 10);
                      long m = 1 + r.nextInt(10);
                      PathSending ps = new PathSending(beta, tau);
                      long n0 = 1 + r.nextInt(300);
                      long n1 = 1 + r.nextInt(300);
                      String at =
                          "n0 " + n0 + " n1 " + n1 + " m " + m + " beta " + beta + " tau " + tau;
                      assertThat(ps.sStar(n0, m) < ps.sStar(n1, m))
                          .as("P5 %s", at)
                          .isEqualTo(n0 < n1);
                      assertThat(ps.sStar(n0, m))
                          .as("P5 in m, %s", at)
                          .isLessThan(ps.sStar(n0, m + 1));
                      long n = n0;
                      for (long k = 1; k <= n; k += 1 + r.nextInt(4)) {
                        long t = tStar(n, m, k, beta, tau);
                        assertThat(ps.tStar(n, m, k)).as("T_* %s k %d", at, k).isEqualTo(t);
                        if (m >= 2) {
                          assertThat(t)
                              .as("Lemma 3.2.1(1) down, %s k %d", at, k)
                              .isEqualTo(tStar(n + k, m - 1, k, beta, tau));
                        }
                        if (k < n) {
                          assertThat(t)
                              .as("Lemma 3.2.1(1) up, %s k %d", at, k)
                              .isEqualTo(tStar(n - k, m + 1, k, beta, tau));
                        }
                        if (n0 >= k && n1 >= k) {
                          assertThat(tStar(n0, m, k, beta, tau) < tStar(n1, m, k, beta, tau))
                              .as("Lemma 3.2.1(2) %s k %d", at, k)
                              .isEqualTo(n0 < n1);
                        }
                        assertThat(2 * t - m * (beta + k * tau))
                            .as("§3.2.3, %s k %d", at, k)
                            .isEqualTo(tOne(n, m, k, beta, tau));
                        assertThat(ps.tOne(n, m, k))
                            .as("T_1 %s k %d", at, k)
                            .isEqualTo(tOne(n, m, k, beta, tau));
                        assertThat(tStar(2 * n, m, k, beta, tau) - tOne(n, m, k, beta, tau))
                            .as("§1.4.2, %s k %d", at, k)
                            .isGreaterThanOrEqualTo(k * tau);
                      }
                    }));
  }

  /**
   * P7, Lemma 3.2.5 (with the printed T_*(0, m, k) = (m - 1)(beta + k tau)): {@code min over 0 <=
   * n0 <= n of max(T_*(n0, m - 1, k), T_*(n - n0, m, k)) = T_*(n - floor((n + k)/2), m, k)}, m >=
   * 2; and Theorem 3.2.2's ring optimum built on it, {@code b_F*(C_{2m-1}, n) = min_k T_*(n -
   * floor((n + k)/2), m, k)}.
   */
  @TestFactory
  Stream<DynamicTest> lemma325_identity() {
    return Seeds.seeds(CASES)
        .mapToObj(
            seed ->
                DynamicTest.dynamicTest(
                    "seed " + seed,
                    () -> {
                      SplittableRandom r = new SplittableRandom(seed * 13 + 5);
                      long beta = r.nextInt(5) == 0 ? 0 : r.nextInt(1, 60);
                      long tau = r.nextInt(5) == 0 ? 0 : r.nextInt(1, 8);
                      long n = 1 + r.nextInt(60);
                      long m = 2 + r.nextInt(8);
                      long ringBest = Long.MAX_VALUE;
                      for (long k = 1; k <= n; k++) {
                        long best = Long.MAX_VALUE;
                        for (long n0 = 0; n0 <= n; n0++) {
                          best =
                              Math.min(
                                  best,
                                  Math.max(
                                      tStar(n0, m - 1, k, beta, tau),
                                      tStar(n - n0, m, k, beta, tau)));
                        }
                        long closed = tStar(n - (n + k) / 2, m, k, beta, tau);
                        assertThat(best)
                            .as("Lemma 3.2.5 n %d m %d k %d beta %d tau %d", n, m, k, beta, tau)
                            .isEqualTo(closed);
                        ringBest = Math.min(ringBest, closed);
                      }
                      assertThat(new PathSending(beta, tau).ringBroadcast(n, 2 * m - 1))
                          .as("Thm 3.2.2 C_%d n %d", 2 * m - 1, n)
                          .isEqualTo(ringBest);
                    }));
  }

  /**
   * P17: {@code b_F*(C_2m, n) <= b_F*(C_2m+1, n) <= b_F*(C_2m+2, n)} with the optima of Theorems
   * 3.2.1 and 3.2.2 (S_*(ceil(n/2), m) even, min_k T_*(n - floor((n + k)/2), m + 1, k) for C_2m+1),
   * both written out here.
   */
  @TestFactory
  Stream<DynamicTest> fStarRingOptima_inRingSizeOrder() {
    return Seeds.seeds(CASES)
        .mapToObj(
            seed ->
                DynamicTest.dynamicTest(
                    "seed " + seed,
                    () -> {
                      SplittableRandom r = new SplittableRandom(seed * 19 + 11);
                      long beta = r.nextInt(5) == 0 ? 0 : r.nextInt(1, 300);
                      long tau = r.nextInt(5) == 0 ? 0 : r.nextInt(1, 10);
                      long n = 1 + r.nextInt(r.nextBoolean() ? 50 : 1500);
                      long m = 2 + r.nextInt(10);
                      PathSending ps = new PathSending(beta, tau);
                      long even = Long.MAX_VALUE;
                      long odd = Long.MAX_VALUE;
                      long next = Long.MAX_VALUE;
                      for (long k = 1; k <= n; k++) {
                        even = Math.min(even, tStar(ceil(n, 2), m, k, beta, tau));
                        odd = Math.min(odd, tStar(n - (n + k) / 2, m + 1, k, beta, tau));
                        next = Math.min(next, tStar(ceil(n, 2), m + 1, k, beta, tau));
                      }
                      String at = "m " + m + " n " + n + " beta " + beta + " tau " + tau;
                      assertThat(ps.ringBroadcast(n, 2 * m)).as("C_2m %s", at).isEqualTo(even);
                      assertThat(ps.ringBroadcast(n, 2 * m + 1)).as("C_2m+1 %s", at).isEqualTo(odd);
                      assertThat(ps.ringBroadcast(n, 2 * m + 2))
                          .as("C_2m+2 %s", at)
                          .isEqualTo(next);
                      assertThat(even).as(at).isLessThanOrEqualTo(odd);
                      assertThat(odd).as(at).isLessThanOrEqualTo(next);
                    }));
  }

  private static CommModel.StoreAndForward model(
      long beta, long tau, CommModel.Ports ports, CommModel.Duplex d) {
    return new CommModel.StoreAndForward(
        BigDecimal.valueOf(beta),
        BigDecimal.valueOf(tau),
        ports,
        d,
        CommModel.OnePortRule.EXCHANGE);
  }

  private static long best(List<LowerBound> lower) {
    return lower.stream().mapToLong(LowerBound::value).max().orElse(0);
  }

  private static long best(Instance inst) {
    return UpperBounds.all(inst).stream().mapToLong(UpperBound::value).min().orElse(Long.MAX_VALUE);
  }

  /**
   * P16, model and topology monotonicity (thesis §1.3 and §5): every schedule of a stricter model
   * is one of a looser model, so {@code b_F* <= b_H* <= b_H1} and {@code b_F* <= b_F1 <= b_H1}; the
   * two-way ring contains the one-way ring and K_p contains the ring. Checked as: the best lower
   * bound of the looser model (or larger network) never exceeds the best upper bound (the thesis's
   * schemes) of the stricter model (or smaller network), and the F* ring optima of Theorems 3.2.1
   * and 3.2.2 never exceed the one-way optimum S_*(n, p - 1) of Observation 3.2.1.
   */
  @TestFactory
  Stream<DynamicTest> modelAndTopologyMonotonicity() {
    CommModel.Ports all = CommModel.Ports.ALL;
    CommModel.Ports one = CommModel.Ports.ONE;
    CommModel.Duplex full = CommModel.Duplex.FULL;
    CommModel.Duplex half = CommModel.Duplex.HALF;
    return Seeds.seeds(Seeds.cases(4, 20))
        .mapToObj(
            seed ->
                DynamicTest.dynamicTest(
                    "seed " + seed,
                    () -> {
                      SplittableRandom r = new SplittableRandom(seed * 23 + 1);
                      long beta = r.nextInt(5) == 0 ? 0 : r.nextInt(1, 300);
                      long tau = r.nextInt(5) == 0 && beta > 0 ? 0 : r.nextInt(1, 10);
                      int p = 3 + r.nextInt(10);
                      long n = 1 + r.nextInt(r.nextBoolean() ? 30 : 600);
                      Problem problem =
                          r.nextBoolean() ? new Problem.Broadcast(0, n) : new Problem.Gossip(n);
                      Topology[] nets = {
                        new Topology.URing(p), new Topology.Ring(p), new Topology.Complete(p)
                      };
                      CommModel.StoreAndForward[] models = {
                        model(beta, tau, all, full),
                        model(beta, tau, all, half),
                        model(beta, tau, one, full),
                        model(beta, tau, one, half)
                      };
                      // looser[i][j]: model i allows every schedule of model j (F* > H*, F1 > H1)
                      boolean[][] looser = {
                        {true, true, true, true},
                        {false, true, false, true},
                        {false, false, true, true},
                        {false, false, false, true}
                      };
                      long[][] lo = new long[3][4];
                      long[][] up = new long[3][4];
                      for (int t = 0; t < 3; t++) {
                        for (int i = 0; i < 4; i++) {
                          Instance inst =
                              new Instance("p16", problem, models[i], Network.of(nets[t]));
                          lo[t][i] = best(LowerBounds.all(inst));
                          up[t][i] = best(inst);
                        }
                      }
                      String at = problem + " p " + p + " beta " + beta + " tau " + tau;
                      for (int t = 0; t < 3; t++) {
                        for (int i = 0; i < 4; i++) {
                          for (int j = 0; j < 4; j++) {
                            if (looser[i][j]) {
                              assertThat(lo[t][i])
                                  .as(
                                      "%s %s: lower of model %d vs upper of model %d",
                                      at, nets[t], i, j)
                                  .isLessThanOrEqualTo(up[t][j]);
                            }
                            // the larger network (two-way ring over one-way ring, K_p over the
                            // ring) under the looser model
                            for (int s = 0; s < t; s++) {
                              if (looser[i][j]) {
                                assertThat(lo[t][i])
                                    .as(
                                        "%s: lower on %s model %d vs upper on %s model %d",
                                        at, nets[t], i, nets[s], j)
                                    .isLessThanOrEqualTo(up[s][j]);
                              }
                            }
                          }
                        }
                      }
                      if (problem instanceof Problem.Broadcast) {
                        PathSending ps = new PathSending(beta, tau);
                        assertThat(ps.ringBroadcast(n, p))
                            .as(at)
                            .isLessThanOrEqualTo(ps.sStar(n, p - 1));
                        assertThat(ps.sStar(n, p - 1))
                            .as(at)
                            .isLessThanOrEqualTo(ps.sOne(n, p - 1));
                      }
                    }));
  }

  /**
   * E11, Figure 3.11: Proposition 3.2.5's bound {@code max(T_*(n, m, k), T_1(n, m - 1, k))} for H1
   * on C_6 (m = 3) with n = 65, beta = 5, tau = 1 is 200 at k = 10 (max(130, 200)) and 180 at k =
   * 13 (max(126, 180)); its minimum 151 at k = 33 (max(151, 150)). The proposition itself is
   * refuted (docs/models/linear-cost.md#broadcast-schemes).
   */
  @Test
  void e11_figure311_proposition325Values() {
    assertThat(Math.max(tStar(65, 3, 10, 5, 1), tOne(65, 2, 10, 5, 1))).isEqualTo(200);
    assertThat(Math.max(tStar(65, 3, 13, 5, 1), tOne(65, 2, 13, 5, 1))).isEqualTo(180);
    assertThat(Math.max(tStar(65, 3, 33, 5, 1), tOne(65, 2, 33, 5, 1))).isEqualTo(151);
    LinearCostFormulas f = new LinearCostFormulas(new PathSending(5, 1));
    assertThat(f.ringBroadcastH1EvenClaimed(65, 6)).isEqualTo(151);
  }

  /**
   * E12, Figure 3.12: H1 on C_7 (m = 3) with n = 84; the formula of Proposition 3.2.6 is garbled,
   * its readable T_1(n, m - 1, k) = T_1(84, 2, k) term is 2 ceil(84/k) 5 + 168: 258 at k = 10 (9
   * packets) and 198 at k = 28 (3 packets), so k = 28 is faster as the figure says
   * (docs/models/linear-cost.md#broadcast-schemes).
   */
  @Test
  void e12_figure312_proposition326Term() {
    PathSending ps = new PathSending(5, 1);
    assertThat(ps.tOne(84, 2, 10)).isEqualTo(258);
    assertThat(ps.tOne(84, 2, 28)).isEqualTo(198);
    assertThat(tOne(84, 2, 10, 5, 1)).isEqualTo(258);
  }
}
