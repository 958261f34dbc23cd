package org.commsched.core.model;

/**
 * Numbers pairs of longs {@code (a, b)} 0, 1, 2, ... in the order they are first met: an
 * open-addressing hash of primitives, for groupings over millions of records (the linear-cost
 * checker's records into packets by arc and start, what each node knows by node and message; the
 * resources a schedule builder holds) without boxed keys.
 *
 * @implNote Mutable; not thread-safe.
 */
public final class PairIndex {
  private long[] table; // per slot: x, y, number + 1 (0: empty), so a probe reads one line
  private int size;

  /** An empty index. */
  public PairIndex() {
    this(16);
  }

  /**
   * An empty index sized for {@code expected} pairs, so that adding that many never rehashes (a
   * rehash of millions of slots costs about what adding them did).
   */
  public PairIndex(int expected) {
    int slots = 32;
    while (slots < 2L * expected && slots < 1 << 29) {
      slots *= 2;
    }
    table = new long[3 * slots];
  }

  /** The number of distinct pairs met. */
  public int size() {
    return size;
  }

  /** The number of {@code (x, y)}, numbering it next if it is new. */
  public int add(long x, long y) {
    int s = slot(table, x, y);
    if (table[s + 2] != 0) {
      return (int) table[s + 2] - 1;
    }
    table[s] = x;
    table[s + 1] = y;
    table[s + 2] = ++size;
    if (2 * size > table.length / 3) {
      long[] old = table;
      table = new long[2 * old.length];
      for (int o = 0; o < old.length; o += 3) {
        if (old[o + 2] != 0) {
          int t = slot(table, old[o], old[o + 1]);
          System.arraycopy(old, o, table, t, 3);
        }
      }
    }
    return size - 1;
  }

  /** The number of {@code (x, y)}, or -1 if it was never added. */
  public int get(long x, long y) {
    return (int) table[slot(table, x, y) + 2] - 1;
  }

  /** The offset of the slot holding (x, y), or of the empty slot where it would go. */
  private static int slot(long[] table, long x, long y) {
    int slots = table.length / 3;
    long h = (x * 0x9E3779B97F4A7C15L + y) * 0xC2B2AE3D27D4EB4FL;
    int s = (int) ((h ^ (h >>> 32)) & (slots - 1));
    while (table[3 * s + 2] != 0 && (table[3 * s] != x || table[3 * s + 1] != y)) {
      s = (s + 1) & (slots - 1);
    }
    return 3 * s;
  }
}
