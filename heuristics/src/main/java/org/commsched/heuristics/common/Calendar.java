package org.commsched.heuristics.common;

/**
 * Busy time of numbered resources (arcs, ports, links, nodes), and the earliest-fit search of list
 * scheduling.
 *
 * <p>A request is a list of (resource, offset) pairs and a duration: at base time {@code t} it
 * occupies every listed resource during {@code [t + offset, t + offset + duration)}. {@link
 * #earliest} finds the smallest {@code t >= t0} at which every pair is free, by sweeping the pairs
 * cyclically: each pair either fits at the current {@code t} or pushes {@code t} to the first gap
 * that fits it, until a whole round of pairs fits.
 *
 * @implNote Mutable, not thread-safe; one calendar per solve run. Interval sets are created on
 *     first use, so unused resources cost one null reference each.
 */
public final class Calendar {
  private final IntervalSet[] sets;

  /** A calendar of {@code resources} free resources, numbered from 0. */
  public Calendar(int resources) {
    sets = new IntervalSet[resources];
  }

  /**
   * The smallest {@code t >= t0} such that resource {@code res[k]} is free during {@code [t +
   * off[k], t + off[k] + len)} for every {@code k < count}.
   *
   * @param len a positive duration
   */
  public long earliest(int[] res, long[] off, int count, long t0, long len) {
    long t = t0;
    int fit = 0;
    int k = 0;
    while (fit < count) {
      long want = t + off[k];
      IntervalSet s = sets[res[k]];
      long got = s == null ? want : s.firstFit(want, len);
      if (got == want) {
        fit++;
      } else {
        t = got - off[k];
        fit = 1;
      }
      k = k + 1 == count ? 0 : k + 1;
    }
    return t;
  }

  /**
   * Marks resource {@code res[k]} busy during {@code [t + off[k], t + off[k] + len)} for every k.
   */
  public void reserve(int[] res, long[] off, int count, long t, long len) {
    for (int k = 0; k < count; k++) {
      IntervalSet s = sets[res[k]];
      if (s == null) {
        s = new IntervalSet();
        sets[res[k]] = s;
      }
      s.add(t + off[k], t + off[k] + len);
    }
  }

  /**
   * Adds {@code [t + off[k], t + off[k] + len)} to the busy time of {@code res[k]}, overlaps
   * allowed (union).
   */
  public void union(int[] res, long[] off, int count, long t, long len) {
    for (int k = 0; k < count; k++) {
      IntervalSet s = sets[res[k]];
      if (s == null) {
        s = new IntervalSet();
        sets[res[k]] = s;
      }
      s.union(t + off[k], t + off[k] + len);
    }
  }
}
