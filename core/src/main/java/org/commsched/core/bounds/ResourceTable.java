package org.commsched.core.bounds;

import java.util.Arrays;
import java.util.Comparator;
import org.commsched.core.model.PairIndex;

/**
 * Head-body-tail bounds over exclusive resources (arcs, edges, ports).
 *
 * <p>Each item is one message's use of one resource: {@code head} is the earliest time its use can
 * begin, {@code work} the time the resource is busy with it, {@code tail} the time still needed
 * after its use ends. The uses of one resource never overlap, so for every subset X of its items
 * {@code makespan >= min_X head + sum_X work + min_X tail}: the last use in X ends no earlier than
 * the first possible start plus all the work, and its message still needs its tail. We evaluate X =
 * all items (streaming, in constant memory per resource) and, when items are kept, every subset
 * {@code {tail >= x}} and {@code {head >= h}}.
 *
 * <p>Every subset's value is at most the resource's total work plus the largest {@code head + tail}
 * of one of its items (the least head and least tail of X are at most those of any item of X). A
 * resource whose estimate cannot beat the best value found so far is not scanned: the result is the
 * one a scan of every resource gives.
 *
 * <p>Above {@link #DENSE_LIMIT} resources (the arcs of an implicit ring or linear array of 5 x 10^7
 * nodes, docs/DESIGN.md#implicit-networks) the table holds only the resources in use, numbered
 * through a {@link PairIndex} in the order they are first met, and visits them by resource id, so a
 * few messages cost a few entries and every answer is the one the dense table gives.
 *
 * <p>Bufferless models measure head, work and tail in steps (a flit crossing during step s is done
 * at s + 1); store-and-forward models in ticks.
 *
 * @implNote Mutable builder, confined to one thread.
 */
final class ResourceTable {
  /** The subset of items that proves a bound. */
  enum Mode {
    /** All items of the resource. */
    ALL,
    /** The items whose tail is at least the reported tail. */
    TAIL_AT_LEAST,
    /** The items whose head is at least the reported head. */
    HEAD_AT_LEAST
  }

  /**
   * The strongest subset found.
   *
   * @param resource resource index
   * @param value head + work + tail
   * @param head min head of the subset
   * @param work total work of the subset
   * @param tail min tail of the subset
   * @param items number of items in the subset
   * @param mode which subset
   */
  record Best(int resource, long value, long head, long work, long tail, long items, Mode mode) {}

  /** The most resources a table holds in dense arrays (indexed by resource id). */
  static final int DENSE_LIMIT = 1 << 22;

  private final int resources;
  private final PairIndex index; // resource id -> slot when sparse, else null (slot = resource id)
  private int[] resourceAt; // slot -> resource id when sparse
  private long[] sum;
  private long[] minHead;
  private long[] minTail;
  private long[] count;
  private long[] maxSpan;
  private final boolean keep;
  private int n;
  private int[] res;
  private long[] heads;
  private long[] works;
  private long[] tails;

  /**
   * @param resources number of resources
   * @param keepItems keep every item to evaluate the threshold subsets (memory: about 28 bytes per
   *     item)
   */
  ResourceTable(int resources, boolean keepItems) {
    this(resources, keepItems, resources > DENSE_LIMIT);
  }

  /** A table held sparse or dense as asked (the properties hold the two to the same answers). */
  ResourceTable(int resources, boolean keepItems, boolean sparse) {
    this.resources = resources;
    this.index = sparse ? new PairIndex() : null;
    int slots = index == null ? resources : 16;
    resourceAt = index == null ? null : new int[slots];
    sum = new long[slots];
    minHead = new long[slots];
    minTail = new long[slots];
    count = new long[slots];
    maxSpan = keepItems ? new long[slots] : null;
    Arrays.fill(minHead, Long.MAX_VALUE);
    Arrays.fill(minTail, Long.MAX_VALUE);
    keep = keepItems;
    if (keep) {
      res = new int[16];
      heads = new long[16];
      works = new long[16];
      tails = new long[16];
    }
  }

  /** The slot of resource r, made if new. */
  private int slot(int r) {
    if (index == null) {
      return r;
    }
    int s = index.add(r, 0);
    if (s == sum.length) {
      int cap = 2 * s;
      resourceAt = Arrays.copyOf(resourceAt, cap);
      sum = Arrays.copyOf(sum, cap);
      minHead = Arrays.copyOf(minHead, cap);
      minTail = Arrays.copyOf(minTail, cap);
      count = Arrays.copyOf(count, cap);
      maxSpan = maxSpan == null ? null : Arrays.copyOf(maxSpan, cap);
      Arrays.fill(minHead, s, cap, Long.MAX_VALUE);
      Arrays.fill(minTail, s, cap, Long.MAX_VALUE);
    }
    if (s == index.size() - 1) {
      resourceAt[s] = r;
    }
    return s;
  }

  /** The slot of resource r, or -1 when it has no item. */
  private int find(int r) {
    return index == null ? r : index.get(r, 0);
  }

  /** The number of slots in use. */
  private int slots() {
    return index == null ? resources : index.size();
  }

  /** The resource held in a slot. */
  private int resource(int slot) {
    return index == null ? slot : resourceAt[slot];
  }

  /** The slots in use by resource id ascending, or null when dense (slot j is resource j). */
  private int[] slotsByResource() {
    if (index == null) {
      return null;
    }
    int k = slots();
    int[] order = new int[k];
    long[] keys = new long[k];
    for (int i = 0; i < k; i++) {
      keys[i] = ((long) resourceAt[i] << 32) | i;
    }
    Arrays.sort(keys);
    for (int i = 0; i < k; i++) {
      order[i] = (int) keys[i];
    }
    return order;
  }

  /** The resources with at least one item, ascending. */
  int[] used() {
    int[] order = slotsByResource();
    int[] out = new int[slots()];
    int k = 0;
    for (int j = 0; j < out.length; j++) {
      int s = order == null ? j : order[j];
      if (count[s] > 0) {
        out[k++] = resource(s);
      }
    }
    return Arrays.copyOf(out, k);
  }

  void add(int resource, long head, long work, long tail) {
    int r = slot(resource);
    sum[r] = Math.addExact(sum[r], work);
    minHead[r] = Math.min(minHead[r], head);
    minTail[r] = Math.min(minTail[r], tail);
    count[r]++;
    if (keep) {
      maxSpan[r] =
          Math.max(maxSpan[r], tail > Long.MAX_VALUE - head ? Long.MAX_VALUE : head + tail);
      if (n == res.length) {
        int cap = n * 2;
        res = Arrays.copyOf(res, cap);
        heads = Arrays.copyOf(heads, cap);
        works = Arrays.copyOf(works, cap);
        tails = Arrays.copyOf(tails, cap);
      }
      res[n] = r;
      heads[n] = head;
      works[n] = work;
      tails[n] = tail;
      n++;
    }
  }

  /**
   * Merges the streaming statistics of some items of a resource (tables built without items): their
   * total work, least head, least tail and number.
   */
  void merge(int resource, long total, long head, long tail, long items) {
    if (keep) {
      throw new IllegalStateException("merge is for tables without items");
    }
    if (items == 0) {
      return;
    }
    int r = slot(resource);
    sum[r] = Math.addExact(sum[r], total);
    minHead[r] = Math.min(minHead[r], head);
    minTail[r] = Math.min(minTail[r], tail);
    count[r] += items;
  }

  int size() {
    return resources;
  }

  long sum(int resource) {
    int r = find(resource);
    return r < 0 ? 0 : sum[r];
  }

  long count(int resource) {
    int r = find(resource);
    return r < 0 ? 0 : count[r];
  }

  /** Min head over the resource's items (Long.MAX_VALUE if none). */
  long minHead(int resource) {
    int r = find(resource);
    return r < 0 ? Long.MAX_VALUE : minHead[r];
  }

  /** Min tail over the resource's items (Long.MAX_VALUE if none). */
  long minTail(int resource) {
    int r = find(resource);
    return r < 0 ? Long.MAX_VALUE : minTail[r];
  }

  /** The resource with the largest total work (the least such id), or -1 if none is used. */
  int busiest() {
    int best = -1;
    int[] byResource = slotsByResource();
    for (int j = 0; j < slots(); j++) {
      int r = byResource == null ? j : byResource[j];
      if (count[r] > 0 && (best < 0 || sum[r] > sum[best])) {
        best = r;
      }
    }
    return best < 0 ? -1 : resource(best);
  }

  /** The strongest head-body-tail bound over all resources, or null if no resource is used. */
  Best best() {
    return best(true);
  }

  /**
   * {@link #best()}, skipping the threshold scans of resources that cannot beat the best value
   * found so far if {@code prune} (the same result; false scans every resource, for the property
   * suites).
   */
  Best best(boolean prune) {
    Best best = null;
    int[] byResource = slotsByResource();
    int slots = slots();
    for (int j = 0; j < slots; j++) {
      int r = byResource == null ? j : byResource[j];
      if (count[r] > 0) {
        long v = Math.addExact(Math.addExact(minHead[r], sum[r]), minTail[r]);
        if (best == null || v > best.value()) {
          best = new Best(resource(r), v, minHead[r], sum[r], minTail[r], count[r], Mode.ALL);
        }
      }
    }
    if (!keep || best == null) {
      return best;
    }
    // group items by resource (counting sort), then scan thresholds
    int[] start = new int[slots + 1];
    for (int i = 0; i < n; i++) {
      start[res[i] + 1]++;
    }
    for (int r = 0; r < slots; r++) {
      start[r + 1] += start[r];
    }
    int[] order = new int[n];
    int[] fill = Arrays.copyOf(start, slots);
    for (int i = 0; i < n; i++) {
      order[fill[res[i]]++] = i;
    }
    for (int j = 0; j < slots; j++) {
      int r = byResource == null ? j : byResource[j];
      int from = start[r];
      int to = start[r + 1];
      if (to - from < 2 || (prune && cannotBeat(r, best.value()))) {
        continue;
      }
      best = scan(r, order, from, to, tails, heads, Mode.TAIL_AT_LEAST, best);
      if (!prune || !cannotBeat(r, best.value())) {
        best = scan(r, order, from, to, heads, tails, Mode.HEAD_AT_LEAST, best);
      }
    }
    return best;
  }

  /**
   * True if no subset of resource r's items is worth more than {@code value}: its total work plus
   * its largest {@code head + tail} is at most that (when the sum overflows, a scan decides, and
   * may overflow as well).
   */
  private boolean cannotBeat(int r, long value) {
    return maxSpan[r] <= Long.MAX_VALUE - sum[r] && sum[r] + maxSpan[r] <= value;
  }

  /**
   * Sorts the items by the threshold key (descending) and evaluates every subset {key >= x}: value
   * = x + work + min other.
   */
  private Best scan(
      int r, int[] order, int from, int to, long[] key, long[] other, Mode mode, Best best) {
    sortDescending(order, from, to, key);
    long work = 0;
    long minOther = Long.MAX_VALUE;
    for (int j = from; j < to; j++) {
      int i = order[j];
      work = Math.addExact(work, works[i]);
      minOther = Math.min(minOther, other[i]);
      boolean groupEnd = j + 1 == to || key[order[j + 1]] != key[i];
      if (groupEnd) {
        long v = Math.addExact(Math.addExact(key[i], work), minOther);
        if (v > best.value()) {
          long h = mode == Mode.TAIL_AT_LEAST ? minOther : key[i];
          long t = mode == Mode.TAIL_AT_LEAST ? key[i] : minOther;
          best = new Best(resource(r), v, h, work, t, j - from + 1, mode);
        }
      }
    }
    return best;
  }

  /**
   * Sorts the item indices order[from, to) by key, largest first. Items with equal keys may come in
   * any order: a scan only evaluates a subset once all items of a key are in. Packs (key, slot)
   * into one long when the keys are small enough, else sorts boxed indices.
   */
  private static void sortDescending(int[] order, int from, int to, long[] key) {
    int count = to - from;
    int bits = 64 - Long.numberOfLeadingZeros(count - 1L);
    long max = 0;
    boolean negative = false;
    for (int j = from; j < to; j++) {
      max = Math.max(max, key[order[j]]);
      negative |= key[order[j]] < 0;
    }
    if (!negative && (max >>> (63 - bits)) == 0) {
      long[] packed = new long[count];
      for (int j = 0; j < count; j++) {
        packed[j] = (key[order[from + j]] << bits) | j;
      }
      Arrays.sort(packed);
      int[] was = Arrays.copyOfRange(order, from, to);
      long mask = (1L << bits) - 1;
      for (int j = 0; j < count; j++) {
        order[to - 1 - j] = was[(int) (packed[j] & mask)];
      }
      return;
    }
    Integer[] boxed = new Integer[count];
    for (int j = 0; j < count; j++) {
      boxed[j] = order[from + j];
    }
    Arrays.sort(boxed, Comparator.comparingLong((Integer i) -> key[i]).reversed());
    for (int j = 0; j < count; j++) {
      order[from + j] = boxed[j];
    }
  }
}
