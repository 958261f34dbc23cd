package org.commsched.heuristics.common;

import java.util.Arrays;

/**
 * The busy time of one resource: disjoint, non-touching half-open intervals {@code [start, end)},
 * kept sorted in two parallel arrays. Touching intervals are merged on insertion, so every gap
 * between two stored intervals is a real gap of positive length.
 *
 * @implNote Mutable, not thread-safe; owned by one {@link Calendar}.
 */
public final class IntervalSet {
  private long[] starts = new long[4];
  private long[] ends = new long[4];
  private int size;

  /** Number of stored (merged) intervals. */
  int size() {
    return size;
  }

  /** Index of the last interval whose start is at most {@code x}, or -1. */
  private int floor(long x) {
    int lo = 0;
    int hi = size - 1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      if (starts[mid] <= x) {
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    return hi;
  }

  /**
   * The smallest {@code s >= from} such that {@code [s, s + len)} meets no busy interval.
   *
   * @param len a positive duration
   */
  long firstFit(long from, long len) {
    if (size == 0 || from >= ends[size - 1]) {
      return from; // past the last busy interval: the common case of a growing schedule
    }
    int i = floor(from);
    long s = from;
    if (i >= 0 && ends[i] > s) {
      s = ends[i];
    }
    int next = i + 1;
    while (next < size && starts[next] < s + len) {
      s = ends[next];
      next++;
    }
    return s;
  }

  /** True if {@code [start, end)} meets no busy interval. */
  boolean isFree(long start, long end) {
    int i = floor(start);
    if (i >= 0 && ends[i] > start) {
      return false;
    }
    return i + 1 >= size || starts[i + 1] >= end;
  }

  /**
   * Marks {@code [start, end)} busy.
   *
   * @throws IllegalStateException if it overlaps a busy interval (a bug of the caller)
   */
  void add(long start, long end) {
    if (end <= start) {
      throw new IllegalStateException("empty interval [" + start + ", " + end + ")");
    }
    int i = floor(start);
    if ((i >= 0 && ends[i] > start) || (i + 1 < size && starts[i + 1] < end)) {
      throw new IllegalStateException(
          "interval [" + start + ", " + end + ") overlaps a busy interval");
    }
    boolean joinPrev = i >= 0 && ends[i] == start;
    boolean joinNext = i + 1 < size && starts[i + 1] == end;
    if (joinPrev && joinNext) {
      ends[i] = ends[i + 1];
      System.arraycopy(starts, i + 2, starts, i + 1, size - i - 2);
      System.arraycopy(ends, i + 2, ends, i + 1, size - i - 2);
      size--;
    } else if (joinPrev) {
      ends[i] = end;
    } else if (joinNext) {
      starts[i + 1] = start;
    } else {
      if (size == starts.length) {
        starts = Arrays.copyOf(starts, size * 2);
        ends = Arrays.copyOf(ends, size * 2);
      }
      int at = i + 1;
      System.arraycopy(starts, at, starts, at + 1, size - at);
      System.arraycopy(ends, at, ends, at + 1, size - at);
      starts[at] = start;
      ends[at] = end;
      size++;
    }
  }

  /**
   * Marks {@code [start, end)} busy, merging with any busy interval it overlaps or touches (union).
   */
  void union(long start, long end) {
    if (end <= start) {
      throw new IllegalStateException("empty interval [" + start + ", " + end + ")");
    }
    int i = floor(start); // last start <= start
    if (i < 0 || ends[i] < start) {
      i++; // first interval that could overlap or touch
    }
    int j = floor(end); // last interval starting at or before end
    if (j < i) {
      add(start, end); // meets nothing
      return;
    }
    long s = Math.min(start, starts[i]);
    long e = Math.max(end, ends[j]);
    starts[i] = s;
    ends[i] = e;
    int removed = j - i;
    if (removed > 0) {
      System.arraycopy(starts, j + 1, starts, i + 1, size - j - 1);
      System.arraycopy(ends, j + 1, ends, i + 1, size - j - 1);
      size -= removed;
    }
  }
}
