package org.commsched.heuristics.bufferless.chatting;

import java.util.List;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.model.Schedule;
import org.commsched.core.model.TimeTable;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.Scope;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;

/**
 * The pipeline A0 of docs/models/bufferless-chatting.md#pipeline on a unidirectional linear array:
 * a virtual schedule (slots) from the subclass, then, for chatting, the VO transform
 * (docs/models/bufferless-chatting.md#transformations) to a real schedule, shifted so that the
 * earliest departure is 0. A dsa instance gets the slots themselves. A chatting instance on a
 * bidirectional linear array runs as two ulas at once ({@link BidirectionalSplit}), so every
 * guarantee holds per direction.
 *
 * @implNote Stateless.
 */
abstract class UlaVirtualMethod implements Method {

  /** Slots (0-based, smallest 0) for messages with arc intervals {@code [from[i], to[i] - 1]}. */
  abstract long[] slots(int[] from, int[] to, long[] length);

  /**
   * As {@link #slots(int[], int[], long[])}, on a ula of {@code nodes} nodes (for methods that cut
   * the array).
   */
  long[] slots(int nodes, int[] from, int[] to, long[] length) {
    return slots(from, to, length);
  }

  /** The result with the subclass's extra statistics (none by default). */
  SolveResult withStats(SolveResult result, int nodes, int[] from, int[] to, long[] length) {
    return result;
  }

  /**
   * Message indices ordered by (from, to, index) ascending, by two stable counting sorts over the
   * arcs {@code [lo, hi]} the intervals use: O(n + hi - lo).
   */
  static int[] byInterval(int[] from, int[] to, int lo, int hi) {
    int n = from.length;
    int[] order = new int[n];
    for (int i = 0; i < n; i++) {
      order[i] = i;
    }
    int[] key = new int[n];
    for (int i = 0; i < n; i++) {
      key[i] = to[i] - 1 - lo;
    }
    order = countingSort(order, key, hi - lo + 1);
    for (int i = 0; i < n; i++) {
      key[i] = from[i] - lo;
    }
    return countingSort(order, key, hi - lo + 1);
  }

  /** The order stably sorted by {@code key[order[k]]}, keys in {@code [0, range)}. */
  static int[] countingSort(int[] order, int[] key, int range) {
    int[] start = new int[range + 1];
    for (int i : order) {
      start[key[i] + 1]++;
    }
    for (int k = 0; k < range; k++) {
      start[k + 1] += start[k];
    }
    int[] out = new int[order.length];
    for (int i : order) {
      out[start[key[i]]++] = i;
    }
    return out;
  }

  /**
   * Null if the subclass takes these messages, else why not (one sentence naming an alternative).
   */
  String refuse(List<Message> messages) {
    return null;
  }

  /**
   * The scope of every method here: virtual chatting and dsa on a ula (or a bla as two ulas), then
   * VO.
   */
  static final Scope SCOPE = Transforms.VIRTUAL_THEN_VO.on(BidirectionalSplit.LINEAR_ARRAY);

  @Override
  public String whyNotFurther(Instance instance) {
    return BidirectionalSplit.applies(instance)
        ? BidirectionalSplit.whyNot(this, instance)
        : refuse(instance.messages());
  }

  @Override
  public SolveResult solve(Instance instance, SolveLimits limits) {
    requireApplies(instance);
    if (BidirectionalSplit.applies(instance)) {
      return BidirectionalSplit.solve(this, instance, limits);
    }
    int nodes = instance.network().nodes();
    List<Message> msgs = instance.messages();
    int n = msgs.size();
    int[] from = new int[n];
    int[] to = new int[n];
    long[] len = new long[n];
    for (int i = 0; i < n; i++) {
      Message m = msgs.get(i);
      from[i] = m.from();
      to[i] = m.to();
      len[i] = m.length();
    }
    long[] sigma = n == 0 ? new long[0] : Transforms.normalise(slots(nodes, from, to, len));
    long s = Transforms.virtualDuration(sigma, len);
    if (instance.kind() == ProblemKind.DSA) {
      return withStats(
          SolveResult.feasible(
                  name(),
                  new Schedule.Slots(TimeTable.ofMessages(msgs, sigma)),
                  s,
                  limits.run().bestBound(instance))
              .withStat("virtualDuration", s),
          nodes,
          from,
          to,
          len);
    }
    long[] level = new long[n];
    for (int i = 0; i < n; i++) {
      level[i] = from[i];
    }
    long[] t = n == 0 ? new long[0] : Transforms.normalise(Transforms.vo(sigma, level, s));
    long makespan = 0;
    for (int i = 0; i < n; i++) {
      makespan = Math.max(makespan, t[i] + len[i] + (to[i] - from[i]) - 1);
    }
    return withStats(
        SolveResult.feasible(
                name(),
                new Schedule.Departures(TimeTable.ofMessages(msgs, t)),
                makespan,
                limits.run().bestBound(instance))
            .withStat("virtualDuration", s),
        nodes,
        from,
        to,
        len);
  }
}
