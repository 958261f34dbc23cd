package org.commsched.core.check;

/**
 * Proves groups of half-open intervals free of overlaps in one pass, so that {@link Overlaps} only
 * has to sort and sweep the groups it cannot clear.
 *
 * <p>A group is cleared when each of its intervals, taken in the order they come, starts no earlier
 * than every earlier one of the group ends. Then every interval lies after all earlier ones, so no
 * two intervals of the group overlap, and the sweep of {@link Overlaps} would report no pair there.
 * The intervals may come in any order: the order only decides how many groups are cleared (every
 * group of a valid schedule, when each group's intervals come in order of start). Empty intervals
 * ({@code end <= start}) overlap nothing and are skipped, as {@link Overlaps#add} drops them.
 *
 * @implNote Mutable; one thread at a time. One long per group (the largest end so far), so that on
 *     a million groups a streamed interval costs one cache miss at most.
 */
final class Screen {
  /**
   * The state of a group that may hold an overlap (a true end of {@code Long.MAX_VALUE} counts as
   * one).
   */
  private static final long OPEN = Long.MAX_VALUE;

  /** Per group: the largest end so far, MIN_VALUE if none, OPEN if not cleared. */
  private final long[] end;

  Screen(int groups) {
    end = new long[groups];
    java.util.Arrays.fill(end, Long.MIN_VALUE);
  }

  /** Takes the next interval of group g. */
  void stream(int g, long from, long to) {
    if (to > from && end[g] != OPEN) {
      end[g] = from < end[g] ? OPEN : to;
    }
  }

  /** True if no two intervals of group g taken so far overlap (proved); false if they may. */
  boolean cleared(int g) {
    return end[g] != OPEN;
  }

  /** The number of groups not cleared. */
  int open() {
    int open = 0;
    for (long e : end) {
      open += e == OPEN ? 1 : 0;
    }
    return open;
  }
}
