package org.commsched.core.bounds;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.commsched.core.testing.Seeds;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * MULTI-FEED's feasibility probe on flat, reused fronts ({@link MultiFeedBound.Fronts}) against the
 * list-of-arrays probe it replaced (kept here as {@link #reference}, as it was at commit e43d7b28):
 * on seeded release lists, machine counts 1 to 4 and makespans around the least one, the same
 * answer and the same work counted, also when the work budget stops both, and with one {@code
 * Fronts} reused across probes of different sizes. The work count decides where the bound stops on
 * large networks, so equal counts mean equal bound values.
 */
class MultiFeedFrontsProperties {

  /** The probe as it was: a list of states per count, a new array per candidate state. */
  static Boolean reference(long[] r, int k, long t, long beta, long tau, long[] work) {
    int m = r.length;
    List<List<long[]>> fronts = new ArrayList<>(m + 1);
    for (int i = 0; i <= m; i++) {
      fronts.add(new ArrayList<>());
    }
    fronts.get(0).add(new long[k]);
    for (int i = 0; i < m; i++) {
      for (long[] f : fronts.get(i)) {
        for (int c = 1; i + c <= m; c++) {
          long s = Math.max(r[i + c - 1], f[0]);
          long e = s + beta + c * tau;
          if (e > t) {
            break;
          }
          long[] g = new long[k];
          for (int q = 1; q < k; q++) {
            g[q - 1] = Math.max(f[q], s);
          }
          g[k - 1] = e;
          Arrays.sort(g);
          work[0] += 1 + insert(fronts.get(i + c), g);
          if (work[0] > MultiFeedBound.WORK) {
            return null;
          }
        }
      }
      fronts.set(i, null);
    }
    return !fronts.get(m).isEmpty();
  }

  private static int insert(List<long[]> front, long[] g) {
    int k = g.length;
    for (long[] h : front) {
      boolean dom = true;
      for (int q = 0; q < k && dom; q++) {
        dom = h[q] <= g[q];
      }
      if (dom) {
        return front.size();
      }
    }
    int read = front.size();
    front.removeIf(
        h -> {
          for (int q = 0; q < k; q++) {
            if (g[q] > h[q]) {
              return false;
            }
          }
          return true;
        });
    front.add(g);
    return read;
  }

  @TestFactory
  Stream<DynamicTest> flatFronts_equalTheListFronts_inAnswerAndWork() {
    return Seeds.seeds(Seeds.cases(1, 40))
        .mapToObj(
            seed ->
                DynamicTest.dynamicTest(
                    "seed " + seed,
                    () -> {
                      SplittableRandom rnd = new SplittableRandom(seed);
                      MultiFeedBound.Fronts fronts = new MultiFeedBound.Fronts(Cutoff.none());
                      for (int probe = 0; probe < 12; probe++) {
                        int k = 1 + rnd.nextInt(4);
                        int units = 1 + rnd.nextInt(probe % 3 == 0 ? 60 : 24);
                        int levels = 1 + rnd.nextInt(8);
                        long beta = rnd.nextInt(6);
                        long tau = beta == 0 ? 1 + rnd.nextInt(3) : rnd.nextInt(4);
                        long[] r = new long[units];
                        for (int i = 0; i < units; i++) {
                          r[i] = rnd.nextInt(levels) * (long) rnd.nextInt(1, 9);
                        }
                        Arrays.sort(r);
                        // makespans from below the suffix bound to above one machine's
                        long top = r[units - 1] + beta + units * tau;
                        long t = rnd.nextLong(Math.max(1, top + 2));
                        // near the budget half the time, so that both stop at the same insertion
                        long start =
                            rnd.nextBoolean() ? 0 : MultiFeedBound.WORK - rnd.nextInt(1, 5_000);
                        long[] w0 = {start};
                        long[] w1 = {start};
                        Boolean old = reference(r, k, t, beta, tau, w0);
                        Boolean now = fronts.feasible(r, k, t, beta, tau, w1);
                        String what =
                            "k="
                                + k
                                + " t="
                                + t
                                + " beta="
                                + beta
                                + " tau="
                                + tau
                                + " r="
                                + Arrays.toString(r);
                        assertThat(now).as(what).isEqualTo(old);
                        assertThat(w1[0]).as(what).isEqualTo(w0[0]);
                      }
                    }));
  }
}
