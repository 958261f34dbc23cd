package org.commsched.heuristics.linearcost;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.commsched.core.model.Schedule;

/**
 * The units each transmission of a linear-cost schedule carries, resolved from the explicit first
 * unit or else from the packet order (docs/models/linear-cost.md#units-and-packets), for the tests
 * that look inside schedules.
 */
final class UnitRuns {
  private UnitRuns() {}

  /** One transmission with its units {@code lo .. hi - 1} (0-based: unit b_1 is 0). */
  record Run(String message, int packet, int from, int to, long start, long lo, long hi) {
    long size() {
      return hi - lo;
    }
  }

  static List<Run> of(Schedule schedule) {
    Schedule.Transmissions ts = (Schedule.Transmissions) schedule;
    Map<String, TreeMap<Integer, Long>> sizes = new HashMap<>();
    for (Schedule.Transmission x : ts.transmissions()) {
      if (x.first() == null) {
        sizes.computeIfAbsent(x.message(), m -> new TreeMap<>()).put(x.packet(), x.size());
      }
    }
    Map<String, Map<Integer, Long>> offset = new HashMap<>();
    sizes.forEach(
        (m, bySize) -> {
          Map<Integer, Long> off = new HashMap<>();
          long at = 0;
          for (Map.Entry<Integer, Long> e : bySize.entrySet()) {
            off.put(e.getKey(), at);
            at += e.getValue();
          }
          offset.put(m, off);
        });
    List<Run> out = new ArrayList<>();
    for (Schedule.Transmission x : ts.transmissions()) {
      long lo = x.first() != null ? x.first() : offset.get(x.message()).get(x.packet());
      out.add(new Run(x.message(), x.packet(), x.from(), x.to(), x.start(), lo, lo + x.size()));
    }
    return out;
  }

  /** The units node {@code to} receives from node {@code from}, over the whole schedule. */
  static TreeSet<Long> units(List<Run> runs, int from, int to) {
    TreeSet<Long> out = new TreeSet<>();
    for (Run r : runs) {
      if (r.from() == from && r.to() == to) {
        for (long u = r.lo(); u < r.hi(); u++) {
          out.add(u);
        }
      }
    }
    return out;
  }

  /** P19: each node other than the source gets every one of the n units, and none twice. */
  static void assertEachUnitOnce(String what, List<Run> runs, int p, int source, long n) {
    for (int v = 0; v < p; v++) {
      if (v == source) {
        continue;
      }
      long count = 0;
      TreeSet<Long> got = new TreeSet<>();
      for (Run r : runs) {
        if (r.to() == v) {
          count += r.size();
          got.addAll(range(r.lo(), r.hi()));
        }
      }
      org.assertj.core.api.Assertions.assertThat(got)
          .as("%s: node %d gets every unit", what, v)
          .isEqualTo(range(0, n));
      org.assertj.core.api.Assertions.assertThat(count)
          .as("%s: node %d gets no unit twice", what, v)
          .isEqualTo(n);
    }
  }

  /** {@code lo .. hi - 1} as a set. */
  static TreeSet<Long> range(long lo, long hi) {
    TreeSet<Long> out = new TreeSet<>();
    for (long u = lo; u < hi; u++) {
      out.add(u);
    }
    return out;
  }
}
