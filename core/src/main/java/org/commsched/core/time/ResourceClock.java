package org.commsched.core.time;

import java.util.Arrays;
import org.commsched.core.model.PairIndex;

/**
 * The time from which each resource (an arc, a link, a node's port: an id below a bound) is free, 0
 * until set. A plain array when the ids are few; an open-addressing hash of the ids actually used
 * when they are many, so that a complete graph of 10^4 nodes (10^8 arc ids,
 * docs/DESIGN.md#implicit-complete-graphs) costs what its packets touch.
 *
 * @implNote Mutable; not thread-safe.
 */
public final class ResourceClock {
  /** Ids up to which the times are one array (32 MB of longs). */
  static final long DENSE = 1L << 22;

  private final long[] dense;
  private final PairIndex sparse; // the ids in use, numbered; their times in `times`
  private long[] times;

  /** Resources {@code 0 .. ids - 1}. */
  public ResourceClock(long ids) {
    dense = ids <= DENSE ? new long[(int) ids] : null;
    sparse = dense == null ? new PairIndex() : null;
    times = dense == null ? new long[16] : null;
  }

  /** When resource {@code id} is free (0 if never held). */
  public long get(long id) {
    if (dense != null) {
      return dense[(int) id];
    }
    int i = sparse.get(id, 0);
    return i < 0 ? 0 : times[i];
  }

  /** Resource {@code id} is busy until at least {@code t}. */
  public void holdUntil(long id, long t) {
    if (dense != null) {
      dense[(int) id] = Math.max(dense[(int) id], t);
      return;
    }
    int i = sparse.add(id, 0);
    if (i == times.length) {
      times = Arrays.copyOf(times, 2 * i);
    }
    times[i] = Math.max(times[i], t);
  }
}
