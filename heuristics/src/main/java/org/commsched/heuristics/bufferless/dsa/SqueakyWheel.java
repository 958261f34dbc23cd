package org.commsched.heuristics.bufferless.dsa;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.commsched.core.solve.StopToken;

/**
 * Squeaky-wheel iterated greedy for buffer layouts: many fast best-fit / first-fit passes, each in
 * an order where the buffers that ended highest in the previous pass move forward.
 *
 * <p><b>Literature.</b> Squeaky wheel optimisation (Joslin and Clements, "Squeaky Wheel"
 * Optimization, JAIR 1999): construct a solution greedily from a priority order, analyse it to
 * blame the elements that do badly, raise their priority in proportion to the blame, and construct
 * again; the "contention" view of TelaMalloc (Maas et al., 2022) names the blamed buffers here:
 * those that end above the target, i.e. meet the peak. Model:
 * docs/models/bufferless-chatting.md#virtual-schedules-and-dsa.
 *
 * <p><b>Algorithm.</b> Priorities start from a given order (position q of n gets n - q). Each pass
 * sorts the buffers by priority (decreasing, ties by index), places them one at a time with best
 * fit (first fit on odd passes) in a {@link Packer}, and keeps the layout if it is the lowest so
 * far. Blame: a buffer ending at e above the target T (the lower bound) gains {@code n * f * (e -
 * T) / T} priority, f drawn from [0.5, 2) by a seeded random number generator; every buffer also
 * gains a random amount below 1 (a small shuffle of near-equal priorities). After {@value #RESTART}
 * passes without a lower layout the priorities restart from those of the lowest layout's order with
 * fresh noise. It stops at the target, after {@code passes} passes, or at the deadline.
 *
 * <p><b>Guarantee.</b> A valid layout never above the start (the start is kept unless a pass is
 * lower); no approximation guarantee. Reproducible for a seed when the pass budget, not the
 * deadline, ends it.
 *
 * <p><b>Complexity.</b> Per pass O(n log n) for the sort plus a placement per buffer as in {@link
 * Packer}; memory O(n).
 *
 * @implNote Stateless (static methods); the {@link Packer} passed in is overwritten.
 */
final class SqueakyWheel {
  /** Passes without a lower layout before the priorities restart from the lowest layout's. */
  static final int RESTART = 150;

  private SqueakyWheel() {}

  /**
   * The lowest layout (a new array) of {@code start} (a valid layout made in the order {@code
   * startOrder}) and up to {@code passes} squeaky-wheel passes, stopping at {@code floor}, the
   * deadline or a stop of the run's token; {@code made[0]}, if given, receives the number of passes
   * made.
   */
  static long[] improve(
      Buffers b,
      Packer p,
      long[] start,
      int[] startOrder,
      long floor,
      long seed,
      long deadline,
      StopToken stop,
      int passes,
      int[] made) {
    int n = b.n;
    long[] best = start.clone();
    long bestH = b.height(best);
    if (n == 0 || bestH <= floor) {
      return best;
    }
    SplittableRandom rnd = new SplittableRandom(seed ^ 0x5c0eaL);
    double[] prio = new double[n];
    for (int q = 0; q < n; q++) {
      prio[startOrder[q]] = n - q;
    }
    int[] bestOrder = startOrder.clone();
    Integer[] ord = new Integer[n];
    int idle = 0;
    int pass = 0;
    double target = Math.max(1, floor);
    for (; pass < passes && bestH > floor; pass++) {
      if (stop.over(deadline)) {
        break;
      }
      for (int i = 0; i < n; i++) {
        ord[i] = i;
      }
      Arrays.sort(
          ord,
          (x, y) -> prio[x] != prio[y] ? Double.compare(prio[y], prio[x]) : Integer.compare(x, y));
      p.clear();
      boolean rule = (pass & 1) == 0;
      boolean stopped = false;
      for (int q = 0; q < n && !stopped; q++) {
        p.place(ord[q], p.fit(ord[q], rule));
        stopped = (q & (BestFit.POLL - 1)) == BestFit.POLL - 1 && stop.over(deadline);
      }
      if (stopped) {
        break; // a pass cut short at the deadline is dropped: its layout is partial
      }
      long h = b.height(p.off);
      if (h < bestH) {
        bestH = h;
        best = p.off.clone();
        for (int q = 0; q < n; q++) {
          bestOrder[q] = ord[q];
        }
        idle = 0;
      } else if (++idle >= SqueakyWheel.RESTART) {
        idle = 0;
        for (int q = 0; q < n; q++) {
          prio[bestOrder[q]] = n - q + 2 * rnd.nextDouble();
        }
        continue;
      }
      for (int i = 0; i < n; i++) {
        long e = p.off[i] + b.size[i];
        if (e > floor) {
          prio[i] += n * (0.5 + 1.5 * rnd.nextDouble()) * (e - floor) / target;
        }
        prio[i] += rnd.nextDouble();
      }
    }
    if (made != null && made.length > 0) {
      made[0] = pass;
    }
    return best;
  }
}
