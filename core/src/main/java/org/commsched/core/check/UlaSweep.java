package org.commsched.core.check;

import java.util.List;
import org.commsched.core.model.Message;

/**
 * Whether the reservations of a virtual schedule on a ula are pairwise disjoint, without listing
 * them per arc: a message from {@code f} to {@code t} holds arcs {@code f .. t - 1} during {@code
 * [slot, slot + length)}, so two messages meet iff their arc ranges and their slot ranges both
 * intersect. Sweep the arcs in order, keeping the messages that hold the current arc by slot; a
 * message entering meets some held message iff it meets the one just below or just above it by slot
 * (the held ones are disjoint, or the sweep has already stopped). A message of length 0 holds
 * nothing and meets nothing.
 *
 * <p>The arcs are swept by counting sorts of the messages by first and last node. The held set is a
 * set of ranks: the placed messages are ranked by slot once (ties in any order), and the ranks held
 * are bits of a three-level 64-ary bit tree, which answers "the held rank just below" and "just
 * above" in a few word operations, with no boxing.
 *
 * @implNote O(m log m) time (the sorts), O(m) memory; stateless.
 */
final class UlaSweep {
  private UlaSweep() {}

  /** True iff no two placed messages share an arc and a slot. */
  static boolean disjoint(List<Message> msgs, long[] slot, boolean[] placed) {
    int m = msgs.size();
    int n = 0;
    for (int i = 0; i < m; i++) {
      if (placed[i] && msgs.get(i).length() > 0) {
        n++;
      }
    }
    int[] index = new int[n]; // swept message number k is message index[k]
    long[] end = new long[n];
    int[] from = new int[n];
    int[] to = new int[n];
    int top = 0;
    long maxSlot = Long.MIN_VALUE;
    long minSlot = Long.MAX_VALUE;
    for (int i = 0, k = 0; i < m; i++) {
      Message x = msgs.get(i);
      if (placed[i] && x.length() > 0) {
        index[k] = i;
        end[k] = slot[i] + x.length();
        from[k] = x.from();
        to[k] = x.to();
        top = Math.max(top, x.to());
        maxSlot = Math.max(maxSlot, slot[i]);
        minSlot = Math.min(minSlot, slot[i]);
        k++;
      }
    }
    int[] byFrom = byNode(from, top); // entries in order of node
    int[] byTo = byNode(to, top);
    int[] byRank = byRank(index, slot, minSlot, maxSlot);
    int[] rank = new int[n];
    long[] startAt = new long[n]; // slot and end of the message of each rank
    long[] endAt = new long[n];
    for (int r = 0; r < n; r++) {
      int k = byRank[r];
      rank[k] = r;
      startAt[r] = slot[index[k]];
      endAt[r] = end[k];
    }
    // the sweep's two streams laid out in their order (one gather each, then sequential reads): the
    // messages by
    // first node (that node and the rank), and by last node (that node and the rank)
    int[] inAt = new int[n];
    int[] inRank = new int[n];
    for (int j = 0; j < n; j++) {
      inAt[j] = from[byFrom[j]];
      inRank[j] = rank[byFrom[j]];
    }
    int[] outAt = new int[n];
    int[] outRank = new int[n];
    for (int j = 0; j < n; j++) {
      outAt[j] = to[byTo[j]];
      outRank[j] = rank[byTo[j]];
    }
    RankSet held = new RankSet(n);
    int out = 0;
    for (int j = 0; j < n; j++) {
      int at = inAt[j];
      while (out < n && outAt[out] <= at) { // released before arc `at`
        held.remove(outRank[out++]);
      }
      int r = inRank[j];
      int below = held.below(r);
      if (below >= 0 && endAt[below] > startAt[r]) {
        return false;
      }
      int above = held.above(r);
      if (above >= 0 && startAt[above] < endAt[r]) {
        return false;
      }
      held.add(r);
    }
    return true;
  }

  /**
   * The numbers {@code 0 .. key.length - 1} in order of key (a counting sort; keys in {@code [0,
   * top]}).
   */
  private static int[] byNode(int[] key, int top) {
    int[] start = new int[top + 2];
    for (int x : key) {
      start[x + 1]++;
    }
    for (int v = 0; v <= top; v++) {
      start[v + 1] += start[v];
    }
    int[] order = new int[key.length];
    for (int k = 0; k < key.length; k++) {
      order[start[key[k]]++] = k;
    }
    return order;
  }

  /** The swept numbers in order of slot, ties in any order. */
  private static int[] byRank(int[] index, long[] slot, long minSlot, long maxSlot) {
    int n = index.length;
    int[] order = new int[n];
    int bits = 32 - Integer.numberOfLeadingZeros(Math.max(1, n - 1));
    long range = n == 0 ? 0 : maxSlot - minSlot; // negative when it overflows
    if (range >= 0
        && range < 1L << (63 - bits)) { // slot and number packed in one long: one primitive sort
      long[] packed = new long[n];
      for (int k = 0; k < n; k++) {
        packed[k] = (slot[index[k]] - minSlot) << bits | k;
      }
      java.util.Arrays.sort(packed);
      for (int r = 0; r < n; r++) {
        order[r] = (int) (packed[r] & ((1L << bits) - 1));
      }
      return order;
    }
    long[] sorted = new long[n];
    for (int k = 0; k < n; k++) {
      sorted[k] = slot[index[k]];
    }
    java.util.Arrays.sort(sorted);
    int[] taken = new int[n];
    for (int k = 0; k < n; k++) {
      long key = slot[index[k]];
      int lo = 0;
      int hi = n;
      while (lo < hi) { // the first position of this slot
        int mid = (lo + hi) >>> 1;
        if (sorted[mid] < key) {
          lo = mid + 1;
        } else {
          hi = mid;
        }
      }
      order[lo + taken[lo]++] = k;
    }
    return order;
  }

  /**
   * A set of ints in {@code [0, n)}: bit {@code r} of level 0 is set iff r is in the set, and bit
   * {@code w} of level {@code j + 1} iff word {@code w} of level j is not zero.
   */
  static final class RankSet {
    private final long[][] level;

    RankSet(int n) {
      int depth = 1;
      for (long words = (n + 63L) >>> 6; words > 1; words = (words + 63) >>> 6) {
        depth++;
      }
      level = new long[depth][];
      long size = n;
      for (int j = 0; j < depth; j++) {
        size = (size + 63) >>> 6;
        level[j] = new long[(int) Math.max(1, size)];
      }
    }

    void add(int r) {
      for (long[] words : level) {
        boolean wasEmpty = words[r >>> 6] == 0;
        words[r >>> 6] |= 1L << r;
        if (!wasEmpty) {
          return;
        }
        r >>>= 6;
      }
    }

    void remove(int r) {
      for (long[] words : level) {
        words[r >>> 6] &= ~(1L << r);
        if (words[r >>> 6] != 0) {
          return;
        }
        r >>>= 6;
      }
    }

    /** The largest member below {@code r}, or -1. */
    int below(int r) {
      int j = 0;
      long x = r;
      // climb until a word holds a member below the position
      while (j < level.length) {
        int bit = (int) (x & 63);
        long masked = level[j][(int) (x >>> 6)] & ((1L << bit) - 1);
        if (masked != 0) {
          long pos = (x & ~63L) | (63 - Long.numberOfLeadingZeros(masked));
          // descend to the largest member under pos
          while (j > 0) {
            j--;
            pos = pos << 6 | (63 - Long.numberOfLeadingZeros(level[j][(int) pos]));
          }
          return (int) pos;
        }
        x >>>= 6;
        j++;
      }
      return -1;
    }

    /** The smallest member above {@code r}, or -1. */
    int above(int r) {
      int j = 0;
      long x = r;
      while (j < level.length) {
        int bit = (int) (x & 63);
        long masked = bit == 63 ? 0 : level[j][(int) (x >>> 6)] & (-1L << (bit + 1));
        if (masked != 0) {
          long pos = (x & ~63L) | Long.numberOfTrailingZeros(masked);
          while (j > 0) {
            j--;
            pos = pos << 6 | Long.numberOfTrailingZeros(level[j][(int) pos]);
          }
          return (int) pos;
        }
        x >>>= 6;
        j++;
      }
      return -1;
    }
  }
}
