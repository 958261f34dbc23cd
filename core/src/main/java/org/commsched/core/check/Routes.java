package org.commsched.core.check;

import java.util.stream.IntStream;
import org.commsched.core.model.Atlas;

/**
 * The route arcs of the messages a check reads, in one array: message i's arcs, in route order, are
 * {@code arcs[first[i] .. first[i + 1])}; the others have none here.
 *
 * @implNote Immutable after construction; one array instead of one per message, so that a million
 *     routes are not a million objects for the garbage collector to trace. Large sets of routes are
 *     read from the atlas in parallel chunks of messages.
 */
final class Routes {
  /** Route hops from which the routes are read by parallel tasks. */
  private static final int PARALLEL = 1 << 16;

  /** Per message and one more: where its arcs start in {@link #arcs}. */
  final int[] first;

  /** The route arcs, message after message. */
  final int[] arcs;

  /**
   * The routes of the messages with {@code read[i]}, {@code hops} arcs in all.
   *
   * @throws IllegalArgumentException if the routes have more arcs than an array holds
   */
  Routes(Atlas atlas, boolean[] read, long hops) {
    if (hops > Integer.MAX_VALUE - 8) {
      throw new IllegalArgumentException(hops + " route hops do not fit in one array");
    }
    int n = read.length;
    first = new int[n + 1];
    arcs = new int[(int) hops];
    for (int i = 0; i < n; i++) {
      first[i + 1] = first[i] + (read[i] ? atlas.hops(i) : 0);
    }
    int chunks = hops < PARALLEL ? 1 : 64;
    IntStream each = IntStream.range(0, chunks);
    (chunks > 1 ? each.parallel() : each)
        .forEach(
            c -> {
              for (int i = (int) ((long) n * c / chunks), end = (int) ((long) n * (c + 1) / chunks);
                  i < end;
                  i++) {
                if (read[i]) {
                  System.arraycopy(atlas.arcs(i), 0, arcs, first[i], first[i + 1] - first[i]);
                }
              }
            });
  }

  private Routes(int[] first, int[] arcs) {
    this.first = first;
    this.arcs = arcs;
  }

  /**
   * The routes of the messages {@code order[0], order[1], ...} as messages 0, 1, ..., laid out in
   * that order.
   */
  Routes reordered(int[] order) {
    int[] start = new int[order.length + 1];
    for (int x = 0; x < order.length; x++) {
      start[x + 1] = start[x] + hops(order[x]);
    }
    int[] laid = new int[start[order.length]];
    for (int x = 0; x < order.length; x++) {
      System.arraycopy(arcs, first[order[x]], laid, start[x], start[x + 1] - start[x]);
    }
    return new Routes(start, laid);
  }

  /** The number of arcs of message i's route (0 if not read). */
  int hops(int i) {
    return first[i + 1] - first[i];
  }
}
