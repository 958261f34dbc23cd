package org.commsched.heuristics.bufferless.chatting;

import java.util.Arrays;
import java.util.List;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.solve.MethodFacts;

/**
 * A1 of docs/models/bufferless-chatting.md#interval-coloring: optimal virtual chatting of
 * unit-length messages on a unidirectional linear array by first-fit colouring of the interval
 * graph in order of left endpoint; the real schedule comes from VO.
 *
 * <p>Source: Bhatt, Bilardi, Pucci, Ranade, Rosenberg, Schwabe, "On Bufferless Routing of Variable
 * Length Messages in Leveled Networks", Theorem 4.4 (exactly C tracks, so S = C) and Corollary 4.2
 * (after VO, T &lt;= C + Q - 1); first-fit in left-endpoint order is optimal on interval graphs (H.
 * A. Kierstead, "The linearity of first-fit coloring of interval graphs", 1988).
 *
 * <p>On a bidirectional linear array the rightward and leftward messages are two ula instances on
 * disjoint arcs, solved at once ({@link BidirectionalSplit}); the guarantee holds per direction.
 *
 * <p>Order: (from, to, instance index) ascending (two stable counting sorts). Each message takes
 * the smallest track whose last interval ends before its first arc. Free track numbers are kept in
 * a min-heap; a busy track waits in a bucket of the last arc of its last interval and is freed when
 * the sweep passes that arc. The run takes O(n log C + N) for n messages, congestion C and N arcs.
 *
 * @implNote Stateless.
 */
public final class IntervalColoring extends UlaVirtualMethod {
  /** The facts of {@code interval-coloring}: see the class javadoc for the source. */
  static final MethodFacts FACTS =
      new MethodFacts(
          "interval-coloring",
          "unit-length chatting on a ula: first-fit interval colouring by left endpoint (S = C), real schedule "
              + "through VO",
          "virtual S = C (optimal); real T <= C + Q - 1 <= 2 T_opt - 1; on a bla the same per direction, "
              + "with that direction's C and Q (T = the larger of the two)",
          "Bhatt, Bilardi, Pucci, Ranade, Rosenberg, Schwabe, \"On Bufferless Routing of Variable Length Messages "
              + "in Leveled Networks\", Theorem 4.4, Corollary 4.2",
          SCOPE,
          false);

  @Override
  public MethodFacts facts() {
    return FACTS;
  }

  /** T &lt;= C + Q - 1 &lt;= 2 T_opt - 1 (Corollary 4.2; C and Q are lower bounds on T_opt). */
  @Override
  public Long guaranteedMakespan(Instance instance, long optimum) {
    return 2 * optimum - 1;
  }

  @Override
  String refuse(List<Message> messages) {
    for (Message m : messages) {
      if (m.length() != 1) {
        return "interval-coloring takes unit-length messages only (message "
            + m.id()
            + " has length "
            + m.length()
            + "): use kierstead or greedy";
      }
    }
    return null;
  }

  @Override
  long[] slots(int[] from, int[] to, long[] length) {
    int n = from.length;
    int lo = Integer.MAX_VALUE;
    int hi = Integer.MIN_VALUE;
    for (int i = 0; i < n; i++) {
      lo = Math.min(lo, from[i]);
      hi = Math.max(hi, to[i] - 1);
    }
    int[] order = byInterval(from, to, lo, hi);
    long[] sigma = new long[n];
    // busy tracks in buckets by the last arc of their last interval (a linked list per arc)
    int arcs = hi - lo + 1;
    int[] bucket = new int[arcs];
    Arrays.fill(bucket, -1);
    int[] next = new int[Math.max(1, n)];
    int[] free = new int[Math.max(1, n)]; // min-heap of free track numbers
    int freeCount = 0;
    int tracks = 0;
    int released = 0; // buckets of the arcs below this one are released
    for (int i : order) {
      int u = from[i] - lo;
      for (; released < u; released++) {
        for (int t = bucket[released]; t >= 0; t = next[t]) {
          freeCount = push(free, freeCount, t);
        }
        bucket[released] = -1;
      }
      int s;
      if (freeCount == 0) {
        s = tracks++;
      } else {
        s = free[0];
        freeCount = pop(free, freeCount);
      }
      sigma[i] = s;
      int last = to[i] - 1 - lo;
      next[s] = bucket[last];
      bucket[last] = s;
    }
    return sigma;
  }

  private static int push(int[] heap, int size, int value) {
    int k = size;
    while (k > 0 && heap[(k - 1) / 2] > value) {
      heap[k] = heap[(k - 1) / 2];
      k = (k - 1) / 2;
    }
    heap[k] = value;
    return size + 1;
  }

  private static int pop(int[] heap, int size) {
    int value = heap[--size];
    int k = 0;
    while (2 * k + 1 < size) {
      int c = 2 * k + 1;
      if (c + 1 < size && heap[c + 1] < heap[c]) {
        c++;
      }
      if (heap[c] >= value) {
        break;
      }
      heap[k] = heap[c];
      k = c;
    }
    heap[k] = value;
    return size;
  }
}
