package org.commsched.heuristics.bufferless.chatting;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.PriorityQueue;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.stream.LongStream;
import org.commsched.core.testing.Seeds;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The array-based {@link IntervalColoring} (counting sorts, track buckets by last arc, an int heap
 * of free tracks) gives the same tracks as the plain reading of
 * docs/models/bufferless-chatting.md#interval-coloring kept here: sort by (from, to, index) with a
 * comparator, free tracks in a sorted set, busy tracks in a heap by last arc.
 */
class IntervalColoringProperties {

  static LongStream seeds() {
    return Seeds.seeds();
  }

  /** docs/models/bufferless-chatting.md#interval-coloring as first written (0-based tracks). */
  static long[] reference(int[] from, int[] to) {
    int n = from.length;
    Integer[] order = new Integer[n];
    for (int i = 0; i < n; i++) {
      order[i] = i;
    }
    Arrays.sort(
        order,
        (a, b) ->
            from[a] != from[b]
                ? Integer.compare(from[a], from[b])
                : to[a] != to[b] ? Integer.compare(to[a], to[b]) : Integer.compare(a, b));
    long[] sigma = new long[n];
    int[] lastArc = new int[Math.max(1, n)];
    int tracks = 0;
    TreeSet<Integer> free = new TreeSet<>();
    PriorityQueue<Integer> busy =
        new PriorityQueue<>((a, b) -> Integer.compare(lastArc[a], lastArc[b]));
    for (int i : order) {
      while (!busy.isEmpty() && lastArc[busy.peek()] < from[i]) {
        free.add(busy.poll());
      }
      int s = free.isEmpty() ? tracks++ : free.pollFirst();
      sigma[i] = s;
      lastArc[s] = to[i] - 1;
      busy.add(s);
    }
    return sigma;
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void fastTracksEqualTheReference(long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    int nodes = 2 + r.nextInt(r.nextBoolean() ? 6 : 200);
    int count = 1 + r.nextInt(r.nextBoolean() ? 20 : 500);
    int maxSpan = r.nextBoolean() ? nodes - 1 : 1 + r.nextInt(Math.min(5, nodes - 1));
    int offset = r.nextInt(3);
    int[] from = new int[count];
    int[] to = new int[count];
    long[] len = new long[count];
    for (int i = 0; i < count; i++) {
      from[i] = offset + r.nextInt(nodes - 1);
      to[i] = Math.min(offset + nodes - 1, from[i] + 1 + r.nextInt(maxSpan));
      len[i] = 1;
    }
    assertThat(new IntervalColoring().slots(from, to, len))
        .as("seed %d, from=%s to=%s", seed, Arrays.toString(from), Arrays.toString(to))
        .containsExactly(reference(from, to));
  }
}
