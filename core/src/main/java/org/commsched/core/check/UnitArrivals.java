package org.commsched.core.check;

import java.util.Arrays;
import java.util.PriorityQueue;

/**
 * When each unit of one message first reaches one node: the packets that bring units {@code [lo,
 * hi)} at their ends, folded into disjoint runs of units with the earliest arrival of each run.
 * Kept as runs, not one entry per unit, so a message of 10^12 units costs what its packets cost.
 *
 * @implNote Collect with {@link #add}, then read; the first read folds the arrivals: sorted by
 *     first unit, they are the runs themselves when disjoint (the usual case: a node receives each
 *     unit once); otherwise a sweep over the units keeps, between consecutive run ends, the
 *     earliest arrival among the packets covering them (a heap by arrival), in O(p log p) for p
 *     packets. Primitive arrays throughout (triples lo, hi, at).
 */
final class UnitArrivals {
  private long[] added = new long[3]; // lo, hi, at per packet
  private int count;
  private long[] runs; // lo, hi, at per run, by lo, disjoint; null until folded

  /** A packet brings units {@code [lo, hi)} at time {@code at}. */
  void add(long lo, long hi, long at) {
    if (lo < hi) {
      if (3 * count == added.length) {
        added = Arrays.copyOf(added, 6 * count);
      }
      added[3 * count] = lo;
      added[3 * count + 1] = hi;
      added[3 * count + 2] = at;
      count++;
      runs = null;
    }
  }

  /**
   * The runs (triples lo, hi, at), by first unit: disjoint, each with the earliest arrival of its
   * units.
   */
  private long[] runs() {
    if (runs != null) {
      return runs;
    }
    if (count <= 1) {
      // one packet (a node receives each message once, as in a gossip of one unit per node): its
      // triple is the one run; the array is shared, and a later add grows a new one
      runs = count == 0 ? new long[0] : added.length == 3 ? added : Arrays.copyOf(added, 3);
      return runs;
    }
    int[] byLo = new int[count];
    boolean sorted = true;
    for (int i = 0; i < count; i++) {
      byLo[i] = i;
      sorted &= i == 0 || added[3 * i - 3] <= added[3 * i];
    }
    if (!sorted) {
      long[] lo = new long[count];
      for (int i = 0; i < count; i++) {
        lo[i] = added[3 * i];
      }
      Overlaps.mergeSort(byLo, new int[count], lo, 0, 0, count);
    }
    boolean disjoint = true;
    for (int k = 1; k < count && disjoint; k++) {
      disjoint = added[3 * byLo[k - 1] + 1] <= added[3 * byLo[k]];
    }
    long[] out = new long[3 * count];
    int n = 0;
    if (disjoint) {
      for (int k = 0; k < count; k++) {
        System.arraycopy(added, 3 * byLo[k], out, 3 * n++, 3);
      }
    } else {
      // sweep the run ends in unit order; the heap holds the packets begun, earliest arrival on top
      long[] cuts = new long[2 * count];
      for (int i = 0; i < count; i++) {
        cuts[2 * i] = added[3 * i];
        cuts[2 * i + 1] = added[3 * i + 1];
      }
      Arrays.sort(cuts);
      PriorityQueue<Integer> open =
          new PriorityQueue<>((a, b) -> Long.compare(added[3 * a + 2], added[3 * b + 2]));
      int next = 0;
      for (int c = 0; c + 1 < cuts.length; c++) {
        long u = cuts[c];
        long v = cuts[c + 1];
        if (u == v) {
          continue;
        }
        while (next < count && added[3 * byLo[next]] <= u) {
          open.add(byLo[next++]);
        }
        while (!open.isEmpty() && added[3 * open.peek() + 1] <= u) {
          open.poll();
        }
        if (open.isEmpty()) {
          continue;
        }
        long at = added[3 * open.peek() + 2];
        if (n > 0 && out[3 * n - 2] == u && out[3 * n - 1] == at) {
          out[3 * n - 2] = v; // the same arrival continues
        } else {
          if (3 * n == out.length) {
            out = Arrays.copyOf(out, 2 * out.length);
          }
          out[3 * n] = u;
          out[3 * n + 1] = v;
          out[3 * n + 2] = at;
          n++;
        }
      }
    }
    runs = Arrays.copyOf(out, 3 * n);
    return runs;
  }

  /**
   * Units of {@code [lo, hi)} not arrived by time {@code t}: how many, the first, and when it
   * arrives.
   */
  record Late(long count, long first, long firstArrives) {}

  /**
   * The units of {@code [lo, hi)} that have not arrived by {@code t} (arrival after {@code t}, or
   * never: {@code firstArrives} is then {@link Long#MAX_VALUE}); null if none.
   */
  Late lateAt(long lo, long hi, long t) {
    long[] rs = runs();
    return lateAt(rs, 0, rs.length / 3, lo, hi, t);
  }

  /**
   * {@link #lateAt(long, long, long)} over {@code n} runs (triples lo, hi, at, by lo, disjoint)
   * stored in {@code rs} from index {@code from}: the folded runs of a node and message. A pair
   * reached by one packet is its one run as added, so a caller that keeps such triples in a flat
   * array of its own ({@code LinearCostFastPath}) reads them here with {@code n = 1}, exactly as
   * this class would read them.
   */
  static Late lateAt(long[] rs, int from, int n, long lo, long hi, long t) {
    // the first run that ends after lo
    int a = 0;
    int b = n;
    while (a < b) {
      int m = (a + b) >>> 1;
      if (rs[from + 3 * m + 1] <= lo) {
        a = m + 1;
      } else {
        b = m;
      }
    }
    long count = 0;
    long first = -1;
    long firstAt = Long.MAX_VALUE;
    long u = lo;
    for (int k = a; u < hi; k++) {
      long runLo = k < n ? Math.max(u, rs[from + 3 * k]) : hi;
      long gapEnd = Math.min(hi, runLo);
      if (u < gapEnd) { // a gap: never arrives
        count += gapEnd - u;
        if (first < 0) {
          first = u;
          firstAt = Long.MAX_VALUE;
        }
        u = gapEnd;
      }
      if (u >= hi) {
        break;
      }
      long runEnd = Math.min(hi, rs[from + 3 * k + 1]);
      if (rs[from + 3 * k + 2] > t) {
        count += runEnd - u;
        if (first < 0) {
          first = u;
          firstAt = rs[from + 3 * k + 2];
        }
      }
      u = runEnd;
    }
    return count == 0 ? null : new Late(count, first, firstAt);
  }

  /**
   * The units of {@code [0, length)} that never arrive: how many and the first; null if every unit
   * arrives. A unit whose packet ends at {@link Long#MAX_VALUE} ticks arrives (then, at the end of
   * the long range); only units that no packet brings are missing.
   */
  static Late missing(UnitArrivals a, long length) {
    if (a == null) {
      return length == 0 ? null : new Late(length, 0, Long.MAX_VALUE);
    }
    return a.lateAt(0, length, Long.MAX_VALUE);
  }
}
