package org.commsched.solver.bufferless;

import java.util.ArrayDeque;
import java.util.Arrays;

/**
 * A forward leveling of the arcs a set of routes uses, level per <i>arc</i>: along every route the
 * level of hop k + 1 is the level of hop k plus one. This is what the one-disjunction-per-pair
 * reduction of docs/models/bufferless-chatting.md#exact-models needs (Bhatt, Bilardi, Pucci,
 * Ranade, Rosenberg, Schwabe, "On Bufferless Routing of Variable Length Messages in Leveled
 * Networks", §2.3: {@code k_M(e) = level(e) - level(e_0(M))}). It is weaker than a leveling of the
 * nodes ({@code org.commsched.heuristics.bufferless.chatting.Leveling}): a bidirectional array has
 * none of the nodes once messages go both ways, but its rightward arcs {@code x -> x+1} level at
 * {@code x} and its leftward arcs {@code x+1 -> x} at {@code -x}, in separate components.
 *
 * <p>Built by a breadth-first propagation over the "next hop" relation between used arcs (both
 * directions); a contradiction (two routes that need different level differences between the same
 * two arcs) means there is none. Each connected component is levelled on its own; the levels are
 * shifted so the smallest is 0.
 *
 * <p>Complexity: O(total hops + arcs).
 *
 * @implNote Immutable; the arrays passed in are not kept.
 */
public final class ArcLevels {
  private final long[] firstLevel;
  private final long maxFirstLevel;

  private ArcLevels(long[] firstLevel) {
    this.firstLevel = firstLevel;
    long max = 0;
    for (long x : firstLevel) {
      max = Math.max(max, x);
    }
    this.maxFirstLevel = max;
  }

  /**
   * The arc leveling of these routes, or null if there is none.
   *
   * @param routes the arcs of each route, in order (an empty route crosses nothing and gets level
   *     0)
   * @param arcCount the number of arcs of the network (arc ids are below it)
   */
  public static ArcLevels of(int[][] routes, int arcCount) {
    // adjacency between used arcs: (a, b, +1) when b follows a on some route
    int[] degree = new int[arcCount];
    for (int[] r : routes) {
      for (int k = 0; k + 1 < r.length; k++) {
        degree[r[k]]++;
        degree[r[k + 1]]++;
      }
    }
    int[] start = new int[arcCount + 1];
    for (int a = 0; a < arcCount; a++) {
      start[a + 1] = start[a] + degree[a];
    }
    int[] other = new int[start[arcCount]];
    int[] diff = new int[start[arcCount]];
    int[] fill = Arrays.copyOf(start, arcCount);
    for (int[] r : routes) {
      for (int k = 0; k + 1 < r.length; k++) {
        int a = r[k];
        int b = r[k + 1];
        other[fill[a]] = b;
        diff[fill[a]++] = 1;
        other[fill[b]] = a;
        diff[fill[b]++] = -1;
      }
    }
    long[] level = new long[arcCount];
    boolean[] seen = new boolean[arcCount];
    ArrayDeque<Integer> queue = new ArrayDeque<>();
    for (int[] r : routes) {
      if (r.length == 0) {
        continue;
      }
      int s = r[0];
      if (seen[s]) {
        continue;
      }
      seen[s] = true;
      queue.add(s);
      while (!queue.isEmpty()) {
        int a = queue.poll();
        for (int e = start[a]; e < start[a + 1]; e++) {
          int b = other[e];
          long want = level[a] + diff[e];
          if (seen[b]) {
            if (level[b] != want) {
              return null;
            }
          } else {
            seen[b] = true;
            level[b] = want;
            queue.add(b);
          }
        }
      }
    }
    long lo = Long.MAX_VALUE;
    for (int[] r : routes) {
      if (r.length > 0) {
        lo = Math.min(lo, level[r[0]]);
      }
    }
    long[] first = new long[routes.length];
    for (int i = 0; i < routes.length; i++) {
      first[i] = routes[i].length == 0 ? 0 : level[routes[i][0]] - lo;
    }
    return new ArcLevels(first);
  }

  /** The level of route {@code i}'s first arc, at least 0. */
  public long firstLevel(int i) {
    return firstLevel[i];
  }

  /** The largest first-arc level. */
  public long maxFirstLevel() {
    return maxFirstLevel;
  }
}
