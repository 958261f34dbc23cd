package org.commsched.heuristics.bufferless.dsa;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.commsched.core.solve.StopToken;

/**
 * Peak repacking: ruin and recreate on time windows around the top of a buffer layout, for large
 * dsa instances.
 *
 * <p><b>Algorithm.</b> From a layout (best fit's), repeat: pick a buffer that reaches the height H
 * (at random among them), widen its lifespan on each side by a random number of time points up to
 * the longest lifespan (a window), take out every buffer alive in the window whose top lies in the
 * top band (above H minus a random fraction 3 to 40 % of H), and put them back one at a time (the
 * deadline polled every {@value BestFit#POLL} placements; a move it cuts is undone), largest first
 * (sizes jittered by up to 25 % after a move that did not help), each into the smallest gap among
 * the buffers in place that holds it (best fit; first fit on odd tries), else on top. Keep the
 * result if the height fell, or stayed with no more buffers reaching it, else restore the taken-out
 * buffers. It stops at the lower bound, at the deadline, or after {@value #PATIENCE} moves without
 * the height or the number of buffers reaching it falling. Reproducible for a seed unless the
 * deadline stops it.
 *
 * <p><b>Guarantee.</b> A valid layout never above the start (every move keeps the layout valid, and
 * only moves that do not raise the height are kept); no approximation guarantee.
 *
 * <p><b>Complexity.</b> Per move O(n) to find the height and the window's buffers (lifespans sorted
 * by start, a binary search and a scan of the starts within the longest lifespan before the
 * window), plus a placement per taken-out buffer as in {@link Packer}: O(log P + k + k' log k') for
 * k buffers overlapping it in time, k' placed. Memory O(n log P).
 *
 * @implNote Stateless (static methods); the {@link Packer} passed in is overwritten.
 */
final class PeakRepack {
  /** Moves without progress before stopping. */
  static final int PATIENCE = 3000;

  private static final double[] BANDS = {0.01, 0.02, 0.04, 0.08};

  private PeakRepack() {}

  /**
   * The repacked layout of the buffers (a new array) from {@code start}, stopping at {@code floor},
   * the deadline, a stop of the run's token or after {@value #PATIENCE} idle moves; {@code
   * moves[0]} receives the number of moves made and {@code moves[1]} the number kept.
   */
  static long[] improve(
      Buffers b,
      Packer p,
      long[] start,
      long floor,
      long seed,
      long deadline,
      StopToken stop,
      long[] moves) {
    int n = b.n;
    if (n == 0) {
      return start.clone();
    }
    p.placeAll(start);
    // buffers sorted by lower time point, the lower points, and the longest lifespan
    int[] byLo = sortedByLo(b);
    int[] loSorted = new int[n];
    int maxLen = 1;
    for (int q = 0; q < n; q++) {
      loSorted[q] = b.lo[byLo[q]];
      maxLen = Math.max(maxLen, b.hi[byLo[q]] - b.lo[byLo[q]]);
    }
    SplittableRandom rnd = new SplittableRandom(seed ^ 0x5eedL);
    long h = b.height(p.off);
    int atTop = countTop(b, p.off, h);
    int[] out = new int[n];
    long[] saved = new long[n];
    int[] tops = new int[n];
    double[] key = new double[n];
    int idle = 0;
    long made = 0;
    long kept = 0;
    while (h > floor && idle < PATIENCE) {
      if (stop.over(deadline)) {
        break;
      }
      made++;
      // a buffer at the top, at random
      int t = 0;
      for (int i = 0; i < n; i++) {
        if (p.off[i] + b.size[i] == h) {
          tops[t++] = i;
        }
      }
      int peak = tops[rnd.nextInt(t)];
      int a = b.lo[peak] - rnd.nextInt(maxLen / 4 + 1);
      int z = b.hi[peak] + rnd.nextInt(maxLen / 4 + 1);
      long level = h - Math.max(1, (long) (h * BANDS[rnd.nextInt(BANDS.length)]));
      // buffers alive in [a, z) (lo < z and hi > a) with top above the level
      int from = lowerBound(loSorted, a - maxLen);
      int to = lowerBound(loSorted, z);
      int k = 0;
      for (int q = from; q < to; q++) {
        int j = byLo[q];
        if (b.hi[j] > a && p.off[j] + b.size[j] > level) {
          out[k++] = j;
        }
      }
      for (int q = 0; q < k; q++) {
        int j = out[q];
        saved[j] = p.off[j];
        p.remove(j);
      }
      // largest first, jittered after an idle move
      boolean jitter = idle > 0;
      for (int q = 0; q < k; q++) {
        int j = out[q];
        key[q] = -(jitter ? b.size[j] * (0.75 + 0.5 * rnd.nextDouble()) : b.size[j]) - 1e-9 * j;
      }
      Integer[] ord = new Integer[k];
      for (int q = 0; q < k; q++) {
        ord[q] = q;
      }
      Arrays.sort(ord, (x, y) -> Double.compare(key[x], key[y]));
      boolean best = (made & 1) == 1 || !jitter;
      for (int q = 0; q < k; q++) {
        ord[q] = out[ord[q]]; // the buffers themselves, in placement order
      }
      if (!BestFit.replace(p, ord, best, saved, deadline, stop)) {
        break; // the deadline came during the move: the layout before it is back in place
      }
      long h2 = b.height(p.off);
      int top2 = countTop(b, p.off, h2);
      if (h2 < h || (h2 == h && top2 <= atTop)) {
        idle = h2 < h || top2 < atTop ? 0 : idle + 1;
        h = h2;
        atTop = top2;
        kept++;
      } else {
        for (int q = 0; q < k; q++) {
          p.remove(out[q]);
        }
        for (int q = 0; q < k; q++) {
          p.place(out[q], saved[out[q]]);
        }
        idle++;
      }
    }
    if (moves != null && moves.length >= 2) {
      moves[0] = made;
      moves[1] = kept;
    }
    return p.off.clone();
  }

  private static int countTop(Buffers b, long[] off, long h) {
    int c = 0;
    for (int i = 0; i < b.n; i++) {
      if (off[i] + b.size[i] == h) {
        c++;
      }
    }
    return c;
  }

  private static int[] sortedByLo(Buffers b) {
    int n = b.n;
    long[] keys = new long[n];
    for (int i = 0; i < n; i++) {
      keys[i] = ((long) b.lo[i] << 32) | i;
    }
    Arrays.sort(keys);
    int[] out = new int[n];
    for (int q = 0; q < n; q++) {
      out[q] = (int) keys[q];
    }
    return out;
  }

  /** The first index q with {@code a[q] >= v}. */
  private static int lowerBound(int[] a, int v) {
    int l = 0;
    int r = a.length;
    while (l < r) {
      int m = (l + r) >>> 1;
      if (a[m] < v) {
        l = m + 1;
      } else {
        r = m;
      }
    }
    return l;
  }
}
