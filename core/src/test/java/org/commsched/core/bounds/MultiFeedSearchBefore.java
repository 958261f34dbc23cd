package org.commsched.core.bounds;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * {@link MultiFeedBound#feasible} as it was before its fronts became flat arrays searched in one
 * pass (commit e43d7b28), kept word for word as the reference the new search must match: the same
 * answer and the same work count at every step, so the same value wherever the work budget stops
 * it.
 */
final class MultiFeedSearchBefore {
  private MultiFeedSearchBefore() {}

  static Boolean feasible(long[] r, int k, long t, long beta, long tau, long[] work) {
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
}
