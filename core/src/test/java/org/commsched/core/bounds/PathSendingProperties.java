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
    return Seeds.seeds(CASES).mapToObj(seed -> DynamicTest.dynamicTest("seed " + seed, () -> {
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
      assertThat(ps.sStar(n, m)).as("S_*(%d,%d) beta %d tau %d", n, m, beta, tau).isEqualTo(star);
      assertThat(ps.sOne(n, m)).as("S_1(%d,%d) beta %d tau %d", n, m, beta, tau).isEqualTo(one);
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
      assertThat(ps.ringBroadcast(nb, p)).as("ring broadcast p %d n %d", p, nb).isEqualTo(bcast);

      long dist = rnd.nextLong(1, p);
      long ring = Long.MAX_VALUE;
      for (long n0 = 0; n0 <= nb; n0++) {
        ring = Math.min(ring, Math.max(ps.sStar(n0, dist), ps.sStar(nb - n0, p - dist)));
      }
      assertThat(ps.ringSend(nb, dist, p)).as("ring send p %d m %d n %d", p, dist, nb).isEqualTo(ring);
    }));
  }
}
