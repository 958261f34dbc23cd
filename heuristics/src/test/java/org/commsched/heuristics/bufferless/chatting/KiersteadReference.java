package org.commsched.heuristics.bufferless.chatting;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The first implementation of {@link Kierstead}'s slots, kept as the plain reading of
 * docs/models/bufferless-chatting.md#kierstead to hold the fast one to: for each message in order
 * it tries the aligned candidates p = 0, h, 2h, ... and sums the loads below each one arc by arc
 * (per-arc unit counters), then colours by first fit with a hash of the blocks. O(sum of |interval|
 * * (candidates + h)); fine for the small instances of the tests.
 */
final class KiersteadReference {
  private KiersteadReference() {}

  static long[] slots(int[] from, int[] to, long[] length) {
    int n = from.length;
    long[] h = new long[n];
    for (int i = 0; i < n; i++) {
      h[i] =
          Long.highestOneBit(length[i]) == length[i]
              ? length[i]
              : Long.highestOneBit(length[i]) << 1;
    }
    Integer[] order = new Integer[n];
    for (int i = 0; i < n; i++) {
      order[i] = i;
    }
    Arrays.sort(
        order,
        (a, b) ->
            h[a] != h[b]
                ? Long.compare(h[b], h[a])
                : from[a] != from[b]
                    ? Integer.compare(from[a], from[b])
                    : to[a] != to[b] ? Integer.compare(to[a], to[b]) : Integer.compare(a, b));
    int lo = Integer.MAX_VALUE;
    int hi = Integer.MIN_VALUE;
    for (int i = 0; i < n; i++) {
      lo = Math.min(lo, from[i]);
      hi = Math.max(hi, to[i] - 1);
    }
    UnitCounts counts = new UnitCounts(lo, hi);
    long[] p = new long[n];
    long lambda = 0;
    long[] loads = new long[hi - lo + 1];
    for (int i : order) {
      int a = from[i];
      int b = to[i] - 1;
      long hi0 = h[i];
      Arrays.fill(loads, 0, b - a + 1, 0L);
      long cand = 0;
      while (true) {
        // loads[x - a] = load below cand at x; the blocks at x covering unit cand cover all of
        // [cand, cand + h)
        long max = 0;
        for (int x = a; x <= b; x++) {
          long l = loads[x - a] + hi0 * counts.at(x, cand);
          loads[x - a] = l;
          max = Math.max(max, l);
        }
        if (max <= cand) {
          break;
        }
        cand += hi0;
      }
      p[i] = cand;
      counts.add(a, b, cand, hi0);
      lambda = Math.max(lambda, cand + hi0);
    }
    // 3-colouring by first fit (docs/models/bufferless-chatting.md#kierstead): the earlier blocks
    // meeting B(M) contain
    // it.
    Map<Long, List<Integer>> blocks = new HashMap<>();
    int[] colour = new int[n];
    long maxH = 0;
    for (int i = 0; i < n; i++) {
      maxH = Math.max(maxH, h[i]);
    }
    for (int i : order) {
      boolean[] taken = new boolean[3];
      for (long size = h[i]; size <= maxH && size > 0; size <<= 1) {
        List<Integer> same = blocks.get(key(p[i] - p[i] % size, size));
        if (same == null) {
          continue;
        }
        for (int w : same) {
          if (from[w] < to[i] && from[i] < to[w]) {
            taken[colour[w]] = true;
          }
        }
      }
      int c = 0;
      while (c < 3 && taken[c]) {
        c++;
      }
      if (c == 3) {
        throw new IllegalStateException(
            "kierstead: a message meets three earlier blocks of different colours, "
                + "which the proof of docs/models/bufferless-chatting.md#kierstead rules out");
      }
      colour[i] = c;
      blocks.computeIfAbsent(key(p[i], h[i]), k -> new ArrayList<>()).add(i);
    }
    long[] sigma = new long[n];
    for (int i = 0; i < n; i++) {
      sigma[i] = colour[i] * lambda + p[i];
    }
    return sigma;
  }

  private static long key(long start, long size) {
    return start * 64 + Long.numberOfTrailingZeros(size);
  }

  /** Per arc, the number of placed blocks covering each unit level (grown on demand). */
  private static final class UnitCounts {
    private final int lo;
    private final int[][] count;

    UnitCounts(int lo, int hi) {
      this.lo = lo;
      this.count = new int[Math.max(0, hi - lo + 1)][];
      for (int x = 0; x < count.length; x++) {
        count[x] = new int[8];
      }
    }

    int at(int x, long unit) {
      int[] c = count[x - lo];
      return unit < c.length ? c[(int) unit] : 0;
    }

    void add(int a, int b, long start, long size) {
      long end = start + size;
      if (end > Integer.MAX_VALUE - 8) {
        throw new ArithmeticException("kierstead: more than 2^31 unit levels");
      }
      for (int x = a; x <= b; x++) {
        int[] c = count[x - lo];
        if (c.length < end) {
          c =
              Arrays.copyOf(
                  c, (int) Math.max(end, Math.min(Integer.MAX_VALUE - 8L, 2L * c.length)));
          count[x - lo] = c;
        }
        for (long q = start; q < end; q++) {
          c[(int) q]++;
        }
      }
    }
  }
}
