package org.commsched.core.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Schedule;
import org.commsched.core.model.Topology;
import org.commsched.core.testing.Seeds;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The checker's overlap sweep against the plain definition. {@link Overlaps} sorts each group by a
 * radix sort (large groups) or by packed primitive keys (when they fit), and sorts the groups of a
 * large set in parallel; these properties hold it to the merge sort that compares starts, and both
 * to the definition "two intervals of one group overlap iff each starts before the other ends", on
 * random interval sets with starts near 0, far apart (the packed keys do not fit) and negative. The
 * last property runs the whole checker on random ULA schedules large enough for the parallel path,
 * full of conflicts, against a flit-by-flit expansion. Cases: {@code -Dcommsched.cases=N} (default
 * 200; the large ones a fortieth of it).
 */
class OverlapsProperties {

  static LongStream seeds() {
    return Seeds.seeds();
  }

  static LongStream largeSeeds() {
    return Seeds.seeds(Seeds.cases(40, 1));
  }

  /** Random intervals {group, start, end, owner}; {@code spread} says how far apart starts lie. */
  private static List<long[]> randomIntervals(
      SplittableRandom r, int groups, int count, long spread) {
    List<long[]> out = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      long s = r.nextLong(-spread / 2, spread / 2 + 1);
      long len =
          r.nextInt(4) == 0 ? 0 : 1 + r.nextLong(r.nextBoolean() ? 4 : Math.max(1, spread / 16));
      out.add(new long[] {r.nextInt(groups), s, s + len, i});
    }
    return out;
  }

  private static Overlaps build(int groups, List<long[]> intervals) {
    Overlaps o = new Overlaps(groups, 16);
    for (long[] x : intervals) {
      o.add((int) x[0], x[1], x[2], (int) x[3], -1);
    }
    return o;
  }

  /** Every reported pair as {group, first owner, second owner}, in report order. */
  private static List<List<Long>> pairs(Overlaps o) {
    List<List<Long>> out = new ArrayList<>();
    o.sweep(
        (g, a, b) -> {
          assertThat(o.start(a)).isLessThanOrEqualTo(o.start(b));
          out.add(List.of((long) g, (long) o.owner(a), (long) o.owner(b)));
          return true;
        });
    return out;
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void packedSortReportsWhatTheMergeSortAndTheDefinitionDo(long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    int groups = 1 + r.nextInt(12);
    int count = r.nextInt(200);
    long spread =
        switch (r.nextInt(3)) {
          case 0 -> 16;
          case 1 -> 1L << 20;
          default ->
              Long.MAX_VALUE / 2; // the spread needs all 63 bits: the packed keys cannot hold it
        };
    List<long[]> added = randomIntervals(r, groups, count, spread);
    List<List<Long>> fast = pairs(build(groups, added));
    List<List<Long>> merge = pairs(build(groups, added).comparingStarts());
    String what =
        "seed "
            + seed
            + ", intervals (group, start, end, owner) "
            + added.stream().map(java.util.Arrays::toString).toList();
    assertThat(fast).as(what).isEqualTo(merge);
    Set<List<Long>> definition = new HashSet<>();
    for (long[] x : added) {
      for (long[] y : added) {
        if (x[3] < y[3]
            && x[0] == y[0]
            && x[1] < x[2]
            && y[1] < y[2]
            && x[1] < y[2]
            && y[1] < x[2]) {
          definition.add(List.of(x[0], x[3], y[3]));
        }
      }
    }
    Set<List<Long>> reported = new HashSet<>();
    for (List<Long> p : fast) {
      reported.add(List.of(p.get(0), Math.min(p.get(1), p.get(2)), Math.max(p.get(1), p.get(2))));
    }
    assertThat(fast).as(what).hasSameSizeAs(reported);
    assertThat(reported).as(what).isEqualTo(definition);
  }

  /**
   * Groups far more numerous than the intervals (as the arcs of a large complete graph): the same
   * pairs, in the same order, as when the group ids used are renumbered densely by the caller.
   */
  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void sparseGroupsReportWhatDenseGroupsDo(long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    int used = 1 + r.nextInt(12);
    int[] ids = r.ints(0, 1_000_000_000).distinct().limit(used).sorted().toArray();
    List<long[]> dense = randomIntervals(r, used, r.nextInt(200), r.nextBoolean() ? 16 : 1L << 20);
    List<long[]> sparse = new ArrayList<>();
    for (long[] x : dense) {
      sparse.add(new long[] {ids[(int) x[0]], x[1], x[2], x[3]});
    }
    List<List<Long>> expected = new ArrayList<>();
    for (List<Long> p : pairs(build(used, dense))) {
      expected.add(List.of((long) ids[(int) (long) p.get(0)], p.get(1), p.get(2)));
    }
    assertThat(pairs(build(1_000_000_000, sparse))).as("seed %d", seed).isEqualTo(expected);
  }

  /**
   * Groups large enough for the radix sort, with starts spread over 1 to 4 digits: the merge sort's
   * pairs.
   */
  @ParameterizedTest(name = "seed {0}")
  @MethodSource("largeSeeds")
  void radixSortReportsWhatTheMergeSortDoes(long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    int groups = 1 + r.nextInt(3);
    int count = Overlaps.RADIX * groups + r.nextInt(2 * Overlaps.RADIX);
    long spread = 4L * count << (11 * r.nextInt(4));
    List<long[]> added = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      long s = r.nextLong(spread) - spread / 3;
      added.add(new long[] {r.nextInt(groups), s, s + 1 + r.nextInt(r.nextBoolean() ? 3 : 40), i});
    }
    assertThat(pairs(build(groups, added)))
        .as("seed %d", seed)
        .isEqualTo(pairs(build(groups, added).comparingStarts()));
  }

  /**
   * Random departures of many messages on a ULA (more intervals than the parallel threshold): the
   * ARC_CONFLICT violations name exactly the message pairs whose flits meet on an arc, at the first
   * step they meet there.
   */
  @ParameterizedTest(name = "seed {0}")
  @MethodSource("largeSeeds")
  void largeSchedulesReportEveryClashOfTheFlitExpansion(long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    int nodes = 200 + r.nextInt(200);
    List<Message> ms = new ArrayList<>();
    Map<String, Long> departures = new LinkedHashMap<>();
    long hops = 0;
    for (int i = 0; hops < 80_000; i++) {
      int u = r.nextInt(nodes - 1);
      int v = Math.min(nodes - 1, u + 1 + r.nextInt(r.nextBoolean() ? 8 : nodes));
      ms.add(new Message("m" + i, u, v, 1 + r.nextInt(3)));
      departures.put("m" + i, (long) r.nextInt(40_000));
      hops += v - u;
    }
    Instance inst =
        new Instance(
            "large", new Problem.Chatting(ms), Fixtures.ALL, Network.of(new Topology.Ula(nodes)));
    Map<String, Integer> first = new HashMap<>(); // "arc|a|b" -> first step the two meet there
    Map<Long, List<Integer>> cells = new HashMap<>();
    for (int i = 0; i < ms.size(); i++) {
      int[] route = inst.atlas().arcs(i);
      long t = departures.get(ms.get(i).id());
      for (int k = 0; k < route.length; k++) {
        for (long h = 0; h < ms.get(i).length(); h++) {
          cells
              .computeIfAbsent(((long) route[k] << 32) | (t + h + k), c -> new ArrayList<>())
              .add(i);
        }
      }
    }
    cells.forEach(
        (cell, who) -> {
          for (int x = 0; x < who.size(); x++) {
            for (int y = x + 1; y < who.size(); y++) {
              int a = Math.min(who.get(x), who.get(y));
              int b = Math.max(who.get(x), who.get(y));
              first.merge(
                  inst.network().arcName((int) (cell >>> 32)) + "|m" + a + "|m" + b,
                  (int) (cell & 0xffffffffL),
                  Math::min);
            }
          }
        });
    CheckReport report = ScheduleChecker.check(inst, new Schedule.Departures(departures));
    Map<String, Integer> reported = new HashMap<>();
    for (Violation v : report.violations()) {
      assertThat(v.kind()).as("seed %d", seed).isEqualTo(Kind.ARC_CONFLICT);
      List<String> two =
          v.messages().stream()
              .sorted(
                  (p, q) ->
                      Integer.compare(
                          Integer.parseInt(p.substring(1)), Integer.parseInt(q.substring(1))))
              .toList();
      assertThat(reported.put(v.place() + "|" + two.get(0) + "|" + two.get(1), v.time().intValue()))
          .as("seed %d: one violation per pair and arc", seed)
          .isNull();
    }
    assertThat(first)
        .as("seed %d: fewer clashes than the report limit", seed)
        .hasSizeLessThan(Findings.LIMIT);
    assertThat(reported).as("seed %d", seed).isEqualTo(first);
  }
}
