package org.commsched.heuristics.chatting;

import java.util.Arrays;
import java.util.List;
import java.util.PriorityQueue;
import java.util.TreeSet;
import org.commsched.core.model.Message;

/**
 * A1 of spec chatting.md §5: optimal virtual chatting of unit-length messages on a unidirectional linear array by
 * first-fit colouring of the interval graph in order of left endpoint; the real schedule comes from VO.
 *
 * <p>Source: Bhatt, Bilardi, Pucci, Ranade, Rosenberg, Schwabe, "On Bufferless Routing of Variable Length Messages
 * in Leveled Networks", Theorem 4.4 (exactly C tracks, so S = C) and Corollary 4.2 (after VO, T &lt;= C + Q - 1);
 * first-fit in left-endpoint order is optimal on interval graphs (H. A. Kierstead, "The linearity of first-fit
 * coloring of interval graphs", 1988).
 *
 * <p>On a bidirectional linear array the rightward and leftward messages are two ula instances on disjoint arcs,
 * solved at once ({@link BidirectionalSplit}); the guarantee holds per direction.
 *
 * <p>Order: (from, to, instance index) ascending. Each message takes the smallest track whose last interval
 * ends before its first arc. Free tracks are kept in a sorted set and busy ones in a heap by their last arc, so
 * the run takes O(n log n).
 *
 * @implNote Stateless.
 */
public final class IntervalColoring extends UlaVirtualMethod {

  @Override
  public String name() {
    return "interval-coloring";
  }

  @Override
  public String summary() {
    return "unit-length chatting on a ula: first-fit interval colouring by left endpoint (S = C), real schedule "
        + "through VO";
  }

  @Override
  public String guarantee() {
    return "virtual S = C (optimal); real T <= C + Q - 1 <= 2 T_opt - 1; on a bla the same per direction, "
        + "with that direction's C and Q (T = the larger of the two)";
  }

  @Override
  public String citation() {
    return "Bhatt, Bilardi, Pucci, Ranade, Rosenberg, Schwabe, \"On Bufferless Routing of Variable Length Messages "
        + "in Leveled Networks\", Theorem 4.4, Corollary 4.2";
  }

  @Override
  String refuse(List<Message> messages) {
    for (Message m : messages) {
      if (m.length() != 1) {
        return "interval-coloring takes unit-length messages only (message " + m.id() + " has length "
            + m.length() + "): use kierstead or greedy";
      }
    }
    return null;
  }

  @Override
  long[] slots(int[] from, int[] to, long[] length) {
    int n = from.length;
    Integer[] order = new Integer[n];
    for (int i = 0; i < n; i++) {
      order[i] = i;
    }
    Arrays.sort(order, (a, b) -> from[a] != from[b] ? Integer.compare(from[a], from[b])
        : to[a] != to[b] ? Integer.compare(to[a], to[b]) : Integer.compare(a, b));
    long[] sigma = new long[n];
    int[] lastArc = new int[Math.max(1, n)];
    int tracks = 0;
    TreeSet<Integer> free = new TreeSet<>();
    PriorityQueue<Integer> busy = new PriorityQueue<>((a, b) -> Integer.compare(lastArc[a], lastArc[b]));
    for (int i : order) {
      while (!busy.isEmpty() && lastArc[busy.peek()] < from[i]) {
        free.add(busy.poll());
      }
      int s = free.isEmpty() ? tracks++ : free.pollFirst();
      sigma[i] = s;
      lastArc[s] = to[i] - 1;
      busy.add(s);
    }
    return sigma;
  }
}
