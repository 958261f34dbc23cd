package org.commsched.heuristics.packet;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.commsched.core.testing.Seeds;
import org.junit.jupiter.api.Test;

/**
 * Even sizes, alpha and the best counts (docs/models/packet.md#packetization, #one-message-alone);
 * oracle values from Tsai's thesis "On the Furthest-Distance-First Principle in Scattering and
 * Gathering" (Lemma 12, (5.1), Figures 1.1 and 5.3) as the model page lists them. Times in ticks:
 * with beta = 1/2 the scale is 1/10 (beta 5, tau 10).
 */
class PacketizationTest {

  @Test
  void evenSizes_putTheLargerPacketsFirst() {
    assertThat(Packetization.evenSizes(7, 3)).containsExactly(3, 2, 2);
    assertThat(Packetization.evenSizes(6, 3)).containsExactly(2, 2, 2);
    assertThat(Packetization.evenSizes(5, 5)).containsExactly(1, 1, 1, 1, 1);
    assertThat(Packetization.evenSizes(1000, 143))
        .hasSize(143)
        .containsOnly(7L, 6L); // 142 of 7, one of 6
  }

  /**
   * TV-1's alpha values (docs/models/packet.md#packetization, Lemma 12): alpha_3(3, r) = 3b+9,
   * 4b+7, 5b+5.
   */
  @Test
  void alpha_tv1Values() {
    for (long beta = 0; beta <= 5; beta++) {
      assertThat(Packetization.alpha(beta, 1, 3, 3, 1)).isEqualTo(3 * beta + 9);
      assertThat(Packetization.alpha(beta, 1, 3, 3, 2)).isEqualTo(4 * beta + 7);
      assertThat(Packetization.alpha(beta, 1, 3, 3, 3)).isEqualTo(5 * beta + 5);
    }
  }

  /**
   * docs/models/packet.md#one-message-alone: alpha*_l(m) and the fewest packets reaching it (tau =
   * 1).
   */
  @Test
  void alphaStar_oneMessageAloneTable() {
    // {l, m, beta ticks, tau ticks, alpha* ticks, smallest optimal r}
    long[][] rows = {
      {2, 4, 1, 1, 9, 2},
      {3, 3, 2, 1, 15, 1}, // every r is optimal
      {4, 6, 1, 1, 18, 3}, // r = 3 or 6
      {10, 25, 9, 1, 196, 5}, // Figure 5.3's point (5, 5)
      {10, 1000, 5, 10, 11390, 125}, // Figure 1.1: 1139 at r = 125 or 143
    };
    for (long[] x : rows) {
      int l = (int) x[0];
      assertThat(Packetization.alphaStar(x[2], x[3], l, x[1]))
          .as("l=%d m=%d", l, x[1])
          .isEqualTo(x[4]);
      assertThat(Packetization.bestAlone(x[2], x[3], l, x[1]))
          .as("l=%d m=%d", l, x[1])
          .isEqualTo((int) x[5]);
    }
    assertThat(Packetization.alpha(5, 10, 10, 1000, 143)).isEqualTo(11390);
  }

  /**
   * Figure 1.1 (L = 1000, l = 10, beta = 1/2): one packet 10005, single units 1513.5, r = 100:
   * 1144.5.
   */
  @Test
  void alpha_figure11Values() {
    assertThat(Packetization.alpha(5, 10, 10, 1000, 1)).isEqualTo(100050);
    assertThat(Packetization.alpha(5, 10, 10, 1000, 1000)).isEqualTo(15135);
    assertThat(Packetization.alpha(5, 10, 10, 1000, 100)).isEqualTo(11445);
    assertThat(Packetization.alpha(5, 10, 10, 1000, 200)).isEqualTo(11495);
    assertThat(Packetization.alpha(5, 10, 10, 1000, 500)).isEqualTo(12725);
  }

  /**
   * Figure 5.3 (m = 25): at ratio 2 the optima are (3,9), (4,7), (5,5); at ratio 1/2 (5,5), (7,4),
   * (9,3).
   */
  @Test
  void minimise_figure53Ties_takeTheSmallestX() {
    assertThat(Packetization.minimise(2, 1, 25)).isEqualTo(new Packetization.Optimum(15, 3, 9));
    assertThat(Packetization.minimise(1, 2, 25)).isEqualTo(new Packetization.Optimum(15, 5, 5));
    assertThat(Packetization.minimise(1, 1, 25)).isEqualTo(new Packetization.Optimum(10, 5, 5));
    assertThat(Packetization.minimise(0, 3, 25)).isEqualTo(new Packetization.Optimum(3, 25, 1));
    assertThat(Packetization.minimise(3, 0, 25)).isEqualTo(new Packetization.Optimum(3, 1, 25));
  }

  /** The O(sqrt m) search equals brute force over every x, with the smallest-x tie-break. */
  @Test
  void minimise_equalsBruteForce() {
    SplittableRandom r = new SplittableRandom(Seeds.mix(0x5e1f));
    for (int c = 0; c < Seeds.cases(); c++) {
      long a = r.nextInt(30);
      long b = r.nextInt(30);
      long m = 1 + r.nextInt(400);
      long best = Long.MAX_VALUE;
      long bestX = 0;
      for (long x = 1; x <= m; x++) {
        long v = a * x + b * Packetization.ceilDiv(m, x);
        if (v < best) {
          best = v;
          bestX = x;
        }
      }
      assertThat(Packetization.minimise(a, b, m))
          .as("A=%d B=%d m=%d", a, b, m)
          .isEqualTo(new Packetization.Optimum(best, bestX, Packetization.ceilDiv(m, bestX)));
    }
  }

  /**
   * The joint counts minimise the planned makespan over every count vector, the monotone ones over
   * every non-increasing vector (brute force on small cases).
   */
  @Test
  void sharedCounts_beatEveryOtherCountVector() {
    SplittableRandom r = new SplittableRandom(Seeds.mix(0xc0de));
    for (int c = 0; c < Seeds.cases(); c++) {
      int n = 1 + r.nextInt(3);
      int[] hops = new int[n];
      long[] lengths = new long[n];
      for (int k = 0; k < n; k++) {
        hops[k] = 1 + r.nextInt(5);
        lengths[k] = 1 + r.nextInt(6);
      }
      java.util.Arrays.sort(hops); // FDF: farthest first
      for (int i = 0, j = n - 1; i < j; i++, j--) {
        int t = hops[i];
        hops[i] = hops[j];
        hops[j] = t;
      }
      long beta = r.nextInt(6);
      long tau = 1 + r.nextInt(2);
      long bestAll = Long.MAX_VALUE;
      long bestMono = Long.MAX_VALUE;
      int[] counts = new int[n];
      java.util.Arrays.fill(counts, 1);
      while (true) {
        long v = Packetization.planned(beta, tau, hops, lengths, counts);
        bestAll = Math.min(bestAll, v);
        boolean mono = true;
        for (int k = 1; k < n; k++) {
          mono &= counts[k] <= counts[k - 1];
        }
        if (mono) {
          bestMono = Math.min(bestMono, v);
        }
        int k = 0;
        while (k < n && counts[k] == lengths[k]) {
          counts[k++] = 1;
        }
        if (k == n) {
          break;
        }
        counts[k]++;
      }
      String what =
          "beta="
              + beta
              + " tau="
              + tau
              + " hops="
              + java.util.Arrays.toString(hops)
              + " lengths="
              + java.util.Arrays.toString(lengths);
      assertThat(
              Packetization.planned(
                  beta, tau, hops, lengths, Packetization.bestShared(beta, tau, hops, lengths)))
          .as(what)
          .isEqualTo(bestAll);
      int[] mono = Packetization.bestMonotone(beta, tau, hops, lengths);
      for (int k = 1; k < n; k++) {
        assertThat(mono[k]).as(what).isLessThanOrEqualTo(mono[k - 1]);
      }
      assertThat(Packetization.planned(beta, tau, hops, lengths, mono))
          .as(what)
          .isEqualTo(bestMono);
    }
  }

  @Test
  void cappedMinimum_equalsBruteForceOverTheAllowedCounts() {
    // docs/models/packet.md#packetization (packet cap): min A x + B ceil(m / x) over 1 <= x <= cap,
    // by brute force
    for (long a : new long[] {0, 1, 3, 7}) {
      for (long b : new long[] {1, 2, 50}) {
        for (long m : new long[] {1, 2, 17, 100, 1000}) {
          for (long cap : new long[] {1, 2, 5, 40, 5000}) {
            long best = Long.MAX_VALUE;
            long bestX = 0;
            for (long x = 1; x <= cap; x++) {
              long v = a * x + b * ((m + x - 1) / x);
              if (v < best) {
                best = v;
                bestX = x;
              }
            }
            Packetization.Optimum o = Packetization.minimise(a, b, m, cap);
            assertThat(o.value()).as("a=%d b=%d m=%d cap=%d", a, b, m, cap).isEqualTo(best);
            assertThat(o.x()).isLessThanOrEqualTo(cap);
            assertThat(a * o.x() + b * ((m + o.x() - 1) / o.x())).isEqualTo(best);
            if (a > 0) {
              assertThat(o.x()).as("fewest packets among the optima").isEqualTo(bestX);
            }
          }
        }
      }
    }
  }

  @Test
  void hugeMessage_isCutIntoAtMostTheCap() {
    // a fuzzed Lemma 13 instance: 2^53 - 1 units two hops away, beta 1, tau 4 (ticks); the uncapped
    // best count is
    // about sqrt(m (l - 1) tau / beta) = 1.9 x 10^8 packets; beta = 0 would ask for one packet per
    // unit
    long m = (1L << 53) - 1;
    assertThat(Packetization.bestAlone(1, 4, 3, m)).isEqualTo((int) Packetization.MAX_PACKETS);
    assertThat(Packetization.bestAlone(0, 4, 3, m)).isEqualTo((int) Packetization.MAX_PACKETS);
    assertThat(Packetization.bestShared(1, 4, new int[] {3, 2}, new long[] {m, 5})[0])
        .isEqualTo((int) Packetization.MAX_PACKETS);
    // below the cap nothing changes: 19 units over 5 hops, beta 5, tau 1 takes S_*(19, 5) = 79 with
    // 4 packets
    assertThat(Packetization.bestAlone(5, 1, 5, 19)).isEqualTo(4);
  }
}
