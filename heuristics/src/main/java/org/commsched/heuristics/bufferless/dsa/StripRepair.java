package org.commsched.heuristics.bufferless.dsa;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.commsched.core.solve.StopToken;

/**
 * Strip repair: goal-directed local repair of the top of a buffer layout, for large dsa instances,
 * with every buffer not taken out fixed.
 *
 * <p><b>Literature.</b> Ruin and recreate (G. Schrimpf, J. Schneider, H. Stamm-Wilbrandt and G.
 * Dueck, "Record Breaking Optimization Results Using the Ruin and Recreate Principle", J. Comput.
 * Phys. 2000) with a ruin shaped by the layout: the move and the goal are this project's. Model:
 * docs/models/bufferless-chatting.md#virtual-schedules-and-dsa.
 *
 * <p><b>Algorithm.</b> From a layout of height H above the floor F (the load), a goal G = F + 3 (H
 * - F) / 4. First each buffer ending above G (largest first) is taken out and put back by best fit
 * if that ends at or below G. Then repeat a move: pick a buffer i ending above G (the first such
 * after a random index); take a time point t of its lifespan (the highest load of the lifespan, or
 * at random on odd idle moves); among the buffers alive at t, find the gaps where i would end at or
 * below G, and pick an offset x at random in a random one of them; take out every buffer
 * overlapping i in time whose offsets meet {@code [x, x + size_i)} (a horizontal strip over i's
 * lifespan), put i at x, and put the taken-out buffers back one at a time, largest first (sizes
 * jittered by up to 25 % after a move that did not help), each by best fit (first fit on some
 * jittered tries) among the buffers in place, else on top. Keep the result if no buffer ends above
 * H and fewer buffers end above G (or as many, with less total excess above G), else undo. When
 * none ends above G the height is at most G: the goal is set again from the new height. After every
 * {@value #RAISE} moves without progress the goal rises half way to the height; when kept moves
 * have lowered the height below the one the goal was set from and a rise leaves no buffer above the
 * goal, the goal is set again from the height (before issue 27's second stop the repair ended
 * there, long before its patience). It stops at the floor, the deadline, a stop of the run's token,
 * a budget of moves if given, or after {@value #PATIENCE} moves without progress. On IOPDDL's S_1
 * (28,526 buffers) the height is set by buffers with long lifespans and tiny sizes that find no gap
 * across the peak of the load, placed last by the size-class orders; a strip through a gap at their
 * peak moves the few buffers in their way elsewhere in time.
 *
 * <p><b>Guarantee.</b> A valid layout never above the start (every kept move keeps the layout valid
 * and leaves no buffer above the height); no approximation guarantee. Reproducible for a seed
 * unless the deadline stops it.
 *
 * <p><b>Complexity.</b> Per move O(n) to pick the buffer, plus the overlapping buffers of i (k,
 * sorted by offset in O(k log k)) and a placement per taken-out buffer as in {@link Packer}. Memory
 * O(n).
 *
 * @implNote Stateless (static methods); the {@link Packer} passed in is overwritten.
 */
final class StripRepair {
  /** Moves without progress before stopping. */
  static final int PATIENCE = 4000;

  /** Moves without progress before the goal rises half way to the height. */
  static final int RAISE = 300;

  private StripRepair() {}

  /**
   * The repaired layout (a new array) from {@code start}, stopping at {@code floor}, the deadline,
   * a stop of the run's token or after {@value #PATIENCE} idle moves; {@code moves[0]}, if given,
   * receives the number of moves made and {@code moves[1]} the number kept.
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
    return improve(b, p, start, floor, seed, deadline, stop, Long.MAX_VALUE, moves);
  }

  /**
   * As {@link #improve(Buffers, Packer, long[], long, long, long, StopToken, long[])}, also
   * stopping after {@code budget} moves (a work limit: the result is then the same on every
   * machine); {@code moves[2]}, if the array has three entries, receives the number of moves
   * without progress at the end ({@value #PATIENCE} when the repair ended by its patience).
   */
  static long[] improve(
      Buffers b,
      Packer p,
      long[] start,
      long floor,
      long seed,
      long deadline,
      StopToken stop,
      long budget,
      long[] moves) {
    int n = b.n;
    if (n == 0) {
      return start.clone();
    }
    p.placeAll(start);
    int points = Math.max(1, b.points);
    long[] load = new long[points + 1];
    for (int i = 0; i < n; i++) {
      load[b.lo[i]] += b.size[i];
      load[b.hi[i]] -= b.size[i];
    }
    for (int t = 1; t <= points; t++) {
      load[t] += load[t - 1];
    }
    int[] argmax = new int[n];
    Arrays.fill(argmax, -1);
    SplittableRandom rnd = new SplittableRandom(seed ^ 0x57a1L);
    long[] state = {b.height(p.off), 0, 0, 0};
    reset(b, p, floor, state, deadline, stop);
    long h = state[0];
    long goal = state[1];
    long[] met = {state[2], state[3]};
    int[] out = new int[n];
    long[] saved = new long[n];
    long[] gapOff = new long[n + 1];
    long[] alive = new long[n];
    double[] key = new double[n];
    int idle = 0;
    long made = 0;
    long kept = 0;
    while (h > floor && idle < PATIENCE && made < budget && !stop.over(deadline)) {
      if (met[0] == 0) {
        // the goal rose above the layout's height, which kept moves had lowered below h: the goal
        // again from the height (before, the repair ended here: on IOPDDL's S_1 after 3,767 moves
        // at 1.0078 x the load, about 7 s of CPU into a 60 s run)
        state[0] = b.height(p.off);
        reset(b, p, floor, state, deadline, stop);
        h = state[0];
        goal = state[1];
        met[0] = state[2];
        met[1] = state[3];
        continue;
      }
      made++;
      int i = -1;
      for (int q = 0, z = rnd.nextInt(n); q < n; q++) {
        int j = z + q < n ? z + q : z + q - n;
        if (p.off[j] + b.size[j] > goal) {
          i = j;
          break;
        }
      }
      long s = b.size[i];
      int tm;
      if (idle % 2 == 0) {
        if (argmax[i] < 0) {
          int bt = b.lo[i];
          for (int u = b.lo[i]; u < b.hi[i]; u++) {
            if (load[u] > load[bt]) {
              bt = u;
            }
          }
          argmax[i] = bt;
        }
        tm = argmax[i];
      } else {
        tm = b.lo[i] + rnd.nextInt(Math.max(1, b.hi[i] - b.lo[i]));
      }
      // the gaps at tm among the placed buffers alive there where i ends at or below the goal
      int m = p.overlapping(i, true);
      int k = 0;
      boolean packed = m < (1 << 20);
      for (int q = 0; q < m; q++) {
        int j = p.hit(q);
        if (b.lo[j] <= tm && tm < b.hi[j]) {
          alive[k++] = packed && p.off[j] < (1L << 43) ? (p.off[j] << 20) | q : -1;
        }
      }
      int g = 0;
      if (!hasNegative(alive, k)) {
        Arrays.sort(alive, 0, k);
        long cur = 0;
        for (int q = 0; q < k; q++) {
          int j = p.hit((int) (alive[q] & 0xFFFFF));
          long o = p.off[j];
          if (o - cur >= s && cur + s <= goal) {
            long room = Math.min(o, goal) - cur - s;
            gapOff[g++] = cur + (room <= 0 ? 0 : rnd.nextLong(room + 1));
          }
          cur = Math.max(cur, o + b.size[j]);
        }
        if (cur + s <= goal) {
          gapOff[g++] = cur + rnd.nextLong(goal - cur - s + 1);
        }
      }
      if (g == 0) {
        idle++;
        goal = raise(b, p, goal, h, idle, met);
        continue;
      }
      long x = gapOff[rnd.nextInt(g)];
      int r = 0;
      for (int q = 0; q < m; q++) {
        int j = p.hit(q);
        if (p.off[j] < x + s && p.off[j] + b.size[j] > x) {
          out[r++] = j;
        }
      }
      long savedI = p.off[i];
      for (int q = 0; q < r; q++) {
        saved[out[q]] = p.off[out[q]];
        p.remove(out[q]);
      }
      p.place(i, x);
      boolean jitter = idle > 0;
      for (int q = 0; q < r; q++) {
        int j = out[q];
        key[q] = -(jitter ? b.size[j] * (0.75 + 0.5 * rnd.nextDouble()) : b.size[j]) - 1e-9 * j;
      }
      Integer[] ord = new Integer[r];
      for (int q = 0; q < r; q++) {
        ord[q] = q;
      }
      Arrays.sort(ord, (u, v) -> Double.compare(key[u], key[v]));
      for (int q = 0; q < r; q++) {
        ord[q] = out[ord[q]];
      }
      boolean best = !jitter || (made & 3) != 0;
      if (!replace(p, ord, best, goal, saved, deadline, stop)) {
        p.place(i, savedI); // the deadline came during the move: the layout before it is back
        break;
      }
      long count = met[0];
      long over = met[1];
      boolean higher = x + s > h;
      long d = savedI + s - goal;
      if (d > 0) {
        count--;
        over -= d;
      }
      d = x + s - goal;
      if (d > 0) {
        count++;
        over += d;
      }
      for (int q = 0; q < r; q++) {
        int j = out[q];
        d = saved[j] + b.size[j] - goal;
        if (d > 0) {
          count--;
          over -= d;
        }
        long e = p.off[j] + b.size[j];
        d = e - goal;
        if (d > 0) {
          count++;
          over += d;
        }
        higher |= e > h;
      }
      if (!higher && (count < met[0] || (count == met[0] && over < met[1]))) {
        idle = 0;
        kept++;
        met[0] = count;
        met[1] = over;
        if (count == 0) {
          state[0] = b.height(p.off);
          reset(b, p, floor, state, deadline, stop);
          h = state[0];
          goal = state[1];
          met[0] = state[2];
          met[1] = state[3];
        }
      } else {
        for (int q = 0; q < r; q++) {
          p.remove(out[q]);
        }
        p.remove(i);
        for (int q = 0; q < r; q++) {
          p.place(out[q], saved[out[q]]);
        }
        p.place(i, savedI);
        idle++;
        goal = raise(b, p, goal, h, idle, met);
      }
    }
    if (moves != null && moves.length >= 2) {
      moves[0] = made;
      moves[1] = kept;
      if (moves.length >= 3) {
        moves[2] = idle;
      }
    }
    return p.off.clone();
  }

  /**
   * From the height {@code state[0]}: the goal, the buffers put back below it by {@link #refit},
   * again while that leaves none above it; into {@code state}: the height, the goal, the number of
   * buffers ending above the goal and their excess.
   */
  private static void reset(
      Buffers b, Packer p, long floor, long[] state, long deadline, StopToken stop) {
    long h = state[0];
    long goal;
    long[] e;
    do {
      goal = goal(floor, h);
      refit(b, p, goal, deadline, stop);
      h = b.height(p.off);
      e = excess(b, p.off, goal);
    } while (e[0] == 0 && h > floor && !stop.over(deadline));
    state[0] = h;
    state[1] = goal;
    state[2] = e[0];
    state[3] = e[1];
  }

  /** The goal below height h: three quarters of the way from the floor, at least the floor. */
  static long goal(long floor, long h) {
    return h <= floor ? h : floor + (h - floor) / 4 * 3 + ((h - floor) % 4) * 3 / 4;
  }

  /** After {@value #RAISE} idle moves the goal half way to the height, {@code met} recounted. */
  private static long raise(Buffers b, Packer p, long goal, long h, int idle, long[] met) {
    if (idle % RAISE != 0 || goal >= h - 1) {
      return goal;
    }
    long g = goal + (h - goal) / 2;
    long[] e = excess(b, p.off, g);
    met[0] = e[0];
    met[1] = e[1];
    return g;
  }

  private static boolean hasNegative(long[] a, int k) {
    for (int q = 0; q < k; q++) {
      if (a[q] < 0) {
        return true;
      }
    }
    return false;
  }

  /**
   * Each buffer ending above the goal, largest first, put back by best fit if it then ends at or
   * below the goal.
   */
  private static void refit(Buffers b, Packer p, long goal, long deadline, StopToken stop) {
    int n = b.n;
    int c = 0;
    long[] keys = new long[n];
    for (int i = 0; i < n; i++) {
      if (p.off[i] + b.size[i] > goal) {
        keys[c++] = i;
      }
    }
    Integer[] o = new Integer[c];
    for (int q = 0; q < c; q++) {
      o[q] = (int) keys[q];
    }
    Arrays.sort(o, (x, y) -> b.size[x] != b.size[y] ? Long.compare(b.size[y], b.size[x]) : x - y);
    for (int q = 0; q < c; q++) {
      if ((q & (BestFit.POLL - 1)) == BestFit.POLL - 1 && stop.over(deadline)) {
        return;
      }
      int i = o[q];
      long old = p.off[i];
      p.remove(i);
      long f = fitBelow(p, i, true, goal);
      p.place(i, f + b.size[i] <= goal ? f : old);
    }
  }

  /**
   * The offset for buffer i by the rule (best fit or first fit, as {@link Packer#fit}); if best fit
   * ends above the goal, first fit (the lowest gap), which may end at or below it.
   */
  private static long fitBelow(Packer p, int i, boolean best, long goal) {
    long f = p.fit(i, best);
    return best && f + p.size[i] > goal ? p.fit(i, false) : f;
  }

  /**
   * Places the taken-out buffers {@code order} again ({@link #fitBelow}), polling the deadline
   * every {@value BestFit#POLL} placements; when it has passed, the ones placed so far are removed,
   * every one goes back to its {@code saved} offset and the answer is false.
   */
  private static boolean replace(
      Packer p,
      Integer[] order,
      boolean rule,
      long goal,
      long[] saved,
      long deadline,
      StopToken stop) {
    for (int q = 0; q < order.length; q++) {
      int i = order[q];
      p.place(i, fitBelow(p, i, rule, goal));
      if ((q & (BestFit.POLL - 1)) == BestFit.POLL - 1
          && q + 1 < order.length
          && stop.over(deadline)) {
        for (int r = 0; r <= q; r++) {
          p.remove(order[r]);
        }
        for (int j : order) {
          p.place(j, saved[j]);
        }
        return false;
      }
    }
    return true;
  }

  /** The number of buffers ending above the goal and their total excess above it. */
  static long[] excess(Buffers b, long[] off, long goal) {
    long c = 0;
    long e = 0;
    for (int i = 0; i < b.n; i++) {
      long x = off[i] + b.size[i] - goal;
      if (x > 0) {
        c++;
        e += x;
      }
    }
    return new long[] {c, e};
  }
}
