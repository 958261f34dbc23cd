package org.commsched.core.check;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * When each unit of one message first reaches one node: the packets that bring units {@code [lo, hi)} at their
 * ends, folded into disjoint runs of units with the earliest arrival of each run. Kept as runs, not one entry per
 * unit, so a message of 10^12 units costs what its packets cost.
 *
 * @implNote Collect with {@link #add}, then read; the first read folds the arrivals (earliest first, each run
 *     keeping the units no earlier packet covered), in O(p log p) for p packets.
 */
final class UnitArrivals {
  /** A run of units {@code [lo, hi)} that first arrive at {@code at}. */
  record Run(long lo, long hi, long at) {
  }

  private final List<Run> added = new ArrayList<>();
  private TreeMap<Long, Run> runs;

  /** A packet brings units {@code [lo, hi)} at time {@code at}. */
  void add(long lo, long hi, long at) {
    if (lo < hi) {
      added.add(new Run(lo, hi, at));
      runs = null;
    }
  }

  /** The runs, by first unit: disjoint, each with the earliest arrival of its units. */
  private TreeMap<Long, Run> runs() {
    if (runs == null) {
      runs = new TreeMap<>();
      List<Run> byTime = new ArrayList<>(added);
      byTime.sort((a, b) -> Long.compare(a.at(), b.at()));
      for (Run r : byTime) {
        cover(r);
      }
    }
    return runs;
  }

  /** Adds the units of {@code r} that no run covers yet. */
  private void cover(Run r) {
    long u = r.lo();
    Map.Entry<Long, Run> before = runs.floorEntry(u);
    if (before != null && before.getValue().hi() > u) {
      u = before.getValue().hi();
    }
    while (u < r.hi()) {
      Map.Entry<Long, Run> next = runs.ceilingEntry(u);
      long gapEnd = next == null ? r.hi() : Math.min(r.hi(), next.getKey());
      if (u < gapEnd) {
        runs.put(u, new Run(u, gapEnd, r.at()));
      }
      if (next == null || next.getKey() >= r.hi()) {
        break;
      }
      u = next.getValue().hi();
    }
  }

  /** Units of {@code [lo, hi)} not arrived by time {@code t}: how many, the first, and when it arrives. */
  record Late(long count, long first, long firstArrives) {
  }

  /**
   * The units of {@code [lo, hi)} that have not arrived by {@code t} (arrival after {@code t}, or never:
   * {@code firstArrives} is then {@link Long#MAX_VALUE}); null if none.
   */
  Late lateAt(long lo, long hi, long t) {
    long count = 0;
    long first = -1;
    long firstAt = Long.MAX_VALUE;
    long u = lo;
    TreeMap<Long, Run> rs = runs();
    Map.Entry<Long, Run> e = rs.floorEntry(lo);
    if (e == null || e.getValue().hi() <= lo) {
      e = rs.higherEntry(lo);
    }
    while (u < hi) {
      Run r = e == null ? null : e.getValue();
      long segEnd = r == null ? hi : Math.min(hi, Math.max(u, r.lo()));
      if (u < segEnd) { // a gap: never arrives
        count += segEnd - u;
        if (first < 0) {
          first = u;
          firstAt = Long.MAX_VALUE;
        }
        u = segEnd;
        continue;
      }
      long runEnd = Math.min(hi, r.hi());
      if (r.at() > t) {
        count += runEnd - u;
        if (first < 0) {
          first = u;
          firstAt = r.at();
        }
      }
      u = runEnd;
      e = rs.higherEntry(r.lo());
    }
    return count == 0 ? null : new Late(count, first, firstAt);
  }

  /** The units of {@code [0, length)} that never arrive: how many and the first ({@code first} -1 if none). */
  static Late missing(UnitArrivals a, long length) {
    if (a == null) {
      return length == 0 ? null : new Late(length, 0, Long.MAX_VALUE);
    }
    return a.lateAt(0, length, Long.MAX_VALUE - 1);
  }
}
