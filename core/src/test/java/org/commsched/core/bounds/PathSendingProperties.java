package org.commsched.core.bounds;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.commsched.core.testing.Seeds;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The fast minima of {@link PathSending} equal brute force over every packet size
 * (docs/models/linear-cost.md#pipeline-formulas, P1).
 */
class PathSendingProperties {
  private static final int CASES = Seeds.cases();

  @TestFactory
  Stream<DynamicTest> minimaEqualBruteForce() {
    return Seeds.seeds(CASES)
        .mapToObj(
            seed ->
                DynamicTest.dynamicTest(
                    "seed " + seed,
                    () -> {
                      SplittableRandom rnd = new SplittableRandom(seed);
                      long beta = rnd.nextInt(0, 40);
                      long tau = rnd.nextInt(beta == 0 ? 1 : 0, 12);
                      PathSending ps = new PathSending(beta, tau);
                      long n = rnd.nextBoolean() ? rnd.nextInt(1, 60) : rnd.nextInt(1, 3000);
                      long m = rnd.nextInt(1, 12);
                      long star = Long.MAX_VALUE;
                      long one = Long.MAX_VALUE;
                      for (long k = 1; k <= n; k++) {
                        star = Math.min(star, ps.tStar(n, m, k));
                        one = Math.min(one, ps.tOne(n, m, k));
                      }
                      assertThat(ps.sStar(n, m))
                          .as("S_*(%d,%d) beta %d tau %d", n, m, beta, tau)
                          .isEqualTo(star);
                      assertThat(ps.sOne(n, m))
                          .as("S_1(%d,%d) beta %d tau %d", n, m, beta, tau)
                          .isEqualTo(one);
                      // P4: S_* <= S_1 <= 2 S_*
                      assertThat(ps.sStar(n, m)).isLessThanOrEqualTo(ps.sOne(n, m));
                      assertThat(ps.sOne(n, m)).isLessThanOrEqualTo(2 * ps.sStar(n, m));
                      // monotone in n and m
                      assertThat(ps.sStar(n + 1, m)).isGreaterThanOrEqualTo(ps.sStar(n, m));
                      assertThat(ps.sStar(n, m + 1)).isGreaterThanOrEqualTo(ps.sStar(n, m));

                      long p = rnd.nextInt(3, 14);
                      long nb = rnd.nextInt(1, 200);
                      long bcast;
                      if (p % 2 == 0) {
                        bcast = ps.sStar((nb + 1) / 2, p / 2);
                      } else {
                        bcast = Long.MAX_VALUE;
                        for (long k = 1; k <= nb; k++) {
                          bcast = Math.min(bcast, ps.tStar(nb - (nb + k) / 2, (p + 1) / 2, k));
                        }
                      }
                      assertThat(ps.ringBroadcast(nb, p))
                          .as("ring broadcast p %d n %d", p, nb)
                          .isEqualTo(bcast);

                      long dist = rnd.nextLong(1, p);
                      long ring = Long.MAX_VALUE;
                      for (long n0 = 0; n0 <= nb; n0++) {
                        ring =
                            Math.min(
                                ring, Math.max(ps.sStar(n0, dist), ps.sStar(nb - n0, p - dist)));
                      }
                      assertThat(ps.ringSend(nb, dist, p))
                          .as("ring send p %d m %d n %d", p, dist, nb)
                          .isEqualTo(ring);
                    }));
  }

  /**
   * The minima and minimisers (ties: the larger packet) equal brute force also when beta and tau
   * differ by orders of magnitude, where the near-optimal interval the fast search keeps is widest
   * relative to n.
   */
  @TestFactory
  Stream<DynamicTest> minimisersEqualBruteForceOverWideCostRatios() {
    return Seeds.seeds(CASES)
        .mapToObj(
            seed ->
                DynamicTest.dynamicTest(
                    "seed " + seed,
                    () -> {
                      SplittableRandom rnd = new SplittableRandom(seed);
                      long beta = rnd.nextBoolean() ? rnd.nextLong(0, 100_000) : rnd.nextLong(0, 5);
                      long tau =
                          rnd.nextBoolean()
                              ? rnd.nextLong(beta == 0 ? 1 : 0, 5)
                              : rnd.nextLong(1, 100_000);
                      PathSending ps = new PathSending(beta, tau);
                      long n = rnd.nextLong(1, 5000);
                      long m = rnd.nextLong(1, 40);
                      long starK = 0;
                      long oneK = 0;
                      long star = Long.MAX_VALUE;
                      long one = Long.MAX_VALUE;
                      long bcast = Long.MAX_VALUE;
                      long mb = (m + 2) / 2 + 1; // an odd ring of 2 mb - 1 nodes
                      for (long k = 1; k <= n; k++) {
                        if (ps.tStar(n, m, k) <= star) {
                          star = ps.tStar(n, m, k);
                          starK = k;
                        }
                        if (m >= 2 && ps.tOne(n, m, k) <= one) {
                          one = ps.tOne(n, m, k);
                          oneK = k;
                        }
                        bcast = Math.min(bcast, ps.tStar(n - (n + k) / 2, mb, k));
                      }
                      String what = String.format("n %d m %d beta %d tau %d", n, m, beta, tau);
                      assertThat(ps.sStar(n, m)).as("S_* " + what).isEqualTo(star);
                      assertThat(ps.bestKStar(n, m)).as("k of S_* " + what).isEqualTo(starK);
                      if (m >= 2) {
                        assertThat(ps.sOne(n, m)).as("S_1 " + what).isEqualTo(one);
                        assertThat(ps.bestKOne(n, m)).as("k of S_1 " + what).isEqualTo(oneK);
                      }
                      assertThat(ps.ringBroadcast(n, 2 * mb - 1))
                          .as("odd ring broadcast " + what)
                          .isEqualTo(bcast);
                    }));
  }

  /**
   * Sizes of 10^15 and 2^50 units: the fast minimum is a true minimum and beats its neighbours on
   * both sides.
   */
  @TestFactory
  Stream<DynamicTest> hugeSendsHaveALocallyOptimalPacketSize() {
    return Seeds.seeds(CASES)
        .mapToObj(
            seed ->
                DynamicTest.dynamicTest(
                    "seed " + seed,
                    () -> {
                      SplittableRandom rnd = new SplittableRandom(seed);
                      long beta = rnd.nextLong(0, 1000);
                      long tau = rnd.nextLong(beta == 0 ? 1 : 0, 1000);
                      PathSending ps = new PathSending(beta, tau);
                      long n =
                          rnd.nextBoolean()
                              ? 1_000_000_000_000_000L
                              : (1L << 50) - rnd.nextLong(0, 1000);
                      long m = rnd.nextLong(1, 8);
                      long k = ps.bestKStar(n, m);
                      long s = ps.sStar(n, m);
                      assertThat(ps.tStar(n, m, k)).isEqualTo(s);
                      for (long d = -50; d <= 50; d++) {
                        if (k + d >= 1 && k + d <= n) {
                          assertThat(ps.tStar(n, m, k + d))
                              .as("k %d vs %d", k + d, k)
                              .isGreaterThanOrEqualTo(s);
                        }
                      }
                      for (long q = Math.max(1, PathSending.ceilDiv(n, k) - 50);
                          q <= PathSending.ceilDiv(n, k) + 50;
                          q++) {
                        assertThat(ps.tStar(n, m, PathSending.ceilDiv(n, q)))
                            .isGreaterThanOrEqualTo(s);
                      }
                    }));
  }

  /**
   * The special-class packet count (Tsai, Theorem 17: {@code min_r a r + b ceil(m / r)}, the
   * smallest r on ties) shares the fast search: it equals brute force over every count.
   */
  @TestFactory
  Stream<DynamicTest> specialClassCountEqualsBruteForce() {
    return Seeds.seeds(CASES)
        .mapToObj(
            seed ->
                DynamicTest.dynamicTest(
                    "seed " + seed,
                    () -> {
                      SplittableRandom rnd = new SplittableRandom(seed);
                      long a = rnd.nextBoolean() ? rnd.nextLong(0, 100_000) : rnd.nextLong(0, 6);
                      long b = rnd.nextBoolean() ? rnd.nextLong(0, 100_000) : rnd.nextLong(0, 6);
                      long m = rnd.nextLong(1, 5000);
                      long best = Long.MAX_VALUE;
                      long arg = 0;
                      for (long r = 1; r <= m; r++) {
                        long v = a * r + b * PathSending.ceilDiv(m, r);
                        if (v < best) {
                          best = v;
                          arg = r;
                        }
                      }
                      assertThat(PacketClassBounds.minCount(a, b, m))
                          .as("a %d b %d m %d", a, b, m)
                          .containsExactly(best, arg);
                    }));
  }
}
