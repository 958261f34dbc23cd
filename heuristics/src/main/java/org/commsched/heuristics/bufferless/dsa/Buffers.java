package org.commsched.heuristics.bufferless.dsa;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.commsched.core.bounds.LowerBounds;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.model.Schedule;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.solve.Scope;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveStatus;
import org.commsched.core.time.TimeScale;
import org.commsched.heuristics.bufferless.chatting.Transforms;

/**
 * The buffers of a dsa instance, or of a chatting instance on a ula read as buffers (message {@code
 * from -> to} of length l = buffer {@code [from, to)} of size l;
 * docs/models/bufferless-chatting.md#virtual-schedules-and-dsa), as arrays: lifespans on time
 * points compressed once more to the distinct {@code from}/{@code to} values, and the sizes. A
 * layout (offsets) of these buffers is a virtual schedule (slots) of the instance, and its height
 * is the virtual makespan.
 *
 * @implNote Immutable after construction (the arrays are not copied out; callers must not write
 *     them).
 */
final class Buffers {
  /** The networks the dsa methods take: a ula (every dsa instance is on one). */
  static final Scope.NetworkTest ULA =
      new Scope.NetworkTest(
          "unidirectional linear array (ula; every dsa instance)",
          i ->
              i.network().topology() instanceof Topology.Ula
                  ? null
                  : "packs buffers, i.e. virtual schedules on a unidirectional linear array, and this network is a "
                      + i.network().topology().family()
                      + ": use first-fit or cpsat-virtual for a virtual schedule");

  /** The scope of the dsa methods. */
  static final Scope SCOPE =
      Scope.of(ProblemKind.DSA, ProblemKind.CHATTING)
          .bufferlessPorts(CommModel.BufferlessPorts.ALL)
          .on(ULA)
          .otherPorts("greedy")
          .note("virtual schedules (slots): a buffer layout");

  final Instance instance;

  /** Number of buffers (= messages). */
  final int n;

  /** First time point (compressed) of each buffer's lifespan. */
  final int[] lo;

  /** One past the last time point (compressed) of each buffer's lifespan. */
  final int[] hi;

  /** Size of each buffer. */
  final long[] size;

  /**
   * Number of distinct time points; sections are {@code [t, t + 1)} for t in {@code [0, points -
   * 1)}.
   */
  final int points;

  Buffers(Instance instance) {
    this.instance = instance;
    List<Message> ms = instance.messages();
    n = ms.size();
    lo = new int[n];
    hi = new int[n];
    size = new long[n];
    int[] all = new int[2 * n];
    for (int i = 0; i < n; i++) {
      Message m = ms.get(i);
      all[2 * i] = m.from();
      all[2 * i + 1] = m.to();
      size[i] = m.length();
    }
    Arrays.sort(all);
    int k = 0;
    for (int i = 0; i < all.length; i++) {
      if (i == 0 || all[i] != all[i - 1]) {
        all[k++] = all[i];
      }
    }
    points = k;
    for (int i = 0; i < n; i++) {
      lo[i] = Arrays.binarySearch(all, 0, k, ms.get(i).from());
      hi[i] = Arrays.binarySearch(all, 0, k, ms.get(i).to());
    }
  }

  /** The largest total size alive in one section (the load, LOAD of the bounds). */
  long load() {
    if (n == 0) {
      return 0;
    }
    long[] delta = new long[points + 1];
    for (int i = 0; i < n; i++) {
      delta[lo[i]] += size[i];
      delta[hi[i]] -= size[i];
    }
    long cur = 0;
    long best = 0;
    for (int t = 0; t < points; t++) {
      cur += delta[t];
      best = Math.max(best, cur);
    }
    return best;
  }

  /** The greatest common divisor of the sizes (1 without buffers). */
  long unit() {
    long g = 0;
    for (long s : size) {
      g = gcd(g, s);
    }
    return g == 0 ? 1 : g;
  }

  static long gcd(long a, long b) {
    while (b != 0) {
      long t = a % b;
      a = b;
      b = t;
    }
    return a;
  }

  /** The height of a layout. */
  long height(long[] offset) {
    long h = 0;
    for (int i = 0; i < n; i++) {
      h = Math.max(h, offset[i] + size[i]);
    }
    return h;
  }

  /**
   * The instance's best lower bound on the virtual makespan (LOAD, L, LB2;
   * docs/models/bufferless-chatting.md).
   */
  LowerBound bound() {
    return LowerBounds.virtual(instance).stream().reduce(LowerBound.zero(), LowerBound::max);
  }

  /**
   * The result of a layout: slots = offsets, makespan = height, the given bound (OPTIMAL iff it
   * meets the height), and for chatting the statistic {@code voMakespan} (the real makespan of the
   * VO image of the slots, docs/models/bufferless-chatting.md#transformations).
   */
  SolveResult result(String method, long[] offset, LowerBound bound) {
    Map<String, Long> out = new LinkedHashMap<>();
    List<Message> ms = instance.messages();
    for (int i = 0; i < n; i++) {
      out.put(ms.get(i).id(), offset[i]);
    }
    long h = height(offset);
    SolveStatus st = bound.value() >= h ? SolveStatus.OPTIMAL : SolveStatus.FEASIBLE;
    SolveResult r =
        new SolveResult(method, st, new Schedule.Slots(out), h, bound, TimeScale.UNIT, Map.of());
    if (instance.kind() == ProblemKind.CHATTING && n > 0) {
      long[] level = new long[n];
      for (int i = 0; i < n; i++) {
        level[i] = ms.get(i).from();
      }
      long[] t =
          Transforms.normalise(
              Transforms.vo(
                  Transforms.normalise(offset),
                  level,
                  Transforms.virtualDuration(Transforms.normalise(offset), size)));
      long real = 0;
      for (int i = 0; i < n; i++) {
        real = Math.max(real, t[i] + size[i] + (ms.get(i).to() - ms.get(i).from()) - 1);
      }
      r = r.withStat("voMakespan", real);
    }
    return r;
  }
}
