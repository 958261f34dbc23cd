package org.commsched.heuristics.bufferless.chatting;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.commsched.core.model.Atlas;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.Topology;

/**
 * A forward leveling (FL) of the sub-network made of the arcs an instance's messages use: every
 * used arc goes from level {@code i} to level {@code i + 1}, so along every route {@code level(e_k)
 * = level(e_0) + k}. The level of an arc is the level of its tail.
 *
 * <p>Source: Bhatt, Bilardi, Pucci, Ranade, Rosenberg, Schwabe, "On Bufferless Routing of Variable
 * Length Messages in Leveled Networks", §3.4
 * (docs/models/bufferless-chatting.md#forward-leveled-networks). On a ULA {@code level(x -> x+1) =
 * x}; on an ESM the level of node (row, col) is {@code row + col}; on any other network a
 * breadth-first consistency check over the used arcs finds a leveling or proves there is none.
 *
 * @implNote Immutable. Levels are shifted so that the smallest used arc level is 0.
 */
public final class Leveling {
  private final long[] firstLevel;
  private final long maxArcLevel;

  private Leveling(long[] firstLevel, long maxArcLevel) {
    this.firstLevel = firstLevel;
    this.maxArcLevel = maxArcLevel;
  }

  /**
   * The leveling of the used arcs, or empty if they are not forward leveled (or there are no
   * messages).
   */
  public static Optional<Leveling> of(Instance instance) {
    List<Message> msgs = instance.messages();
    if (msgs.isEmpty()) {
      return Optional.empty();
    }
    Topology t = instance.network().topology();
    long[] first = new long[msgs.size()];
    long lo = Long.MAX_VALUE;
    long hi = Long.MIN_VALUE;
    if (t instanceof Topology.Ula) {
      for (int i = 0; i < first.length; i++) {
        Message m = msgs.get(i);
        first[i] = m.from();
        lo = Math.min(lo, m.from());
        hi = Math.max(hi, m.to() - 1L);
      }
    } else if (t instanceof Topology.Esm) {
      int cols = ((Topology.Esm) t).cols();
      for (int i = 0; i < first.length; i++) {
        Message m = msgs.get(i);
        long a = m.from() / cols + m.from() % cols;
        long b = m.to() / cols + m.to() % cols;
        first[i] = a;
        lo = Math.min(lo, a);
        hi = Math.max(hi, b - 1);
      }
    } else {
      return generic(instance);
    }
    for (int i = 0; i < first.length; i++) {
      first[i] -= lo;
    }
    return Optional.of(new Leveling(first, hi - lo));
  }

  /**
   * Breadth-first levels over the used arcs; empty on a contradiction (the used arcs are not FL).
   */
  private static Optional<Leveling> generic(Instance instance) {
    Network net = instance.network();
    Atlas atlas = instance.atlas();
    int n = net.nodes();
    boolean[] used = new boolean[net.arcs()];
    for (int i = 0; i < atlas.size(); i++) {
      for (int a : atlas.arcs(i)) {
        used[a] = true;
      }
    }
    long[] level = new long[n];
    boolean[] seen = new boolean[n];
    ArrayDeque<Integer> queue = new ArrayDeque<>();
    for (int s = 0; s < n; s++) {
      if (seen[s]) {
        continue;
      }
      seen[s] = true;
      queue.add(s);
      while (!queue.isEmpty()) {
        int x = queue.poll();
        for (int k = 0; k < net.outDegree(x); k++) {
          int a = net.outArc(x, k);
          if (used[a] && !visit(net.head(a), level[x] + 1, level, seen, queue)) {
            return Optional.empty();
          }
        }
        for (int k = 0; k < net.inDegree(x); k++) {
          int a = net.inArc(x, k);
          if (used[a] && !visit(net.tail(a), level[x] - 1, level, seen, queue)) {
            return Optional.empty();
          }
        }
      }
    }
    long lo = Long.MAX_VALUE;
    long hi = Long.MIN_VALUE;
    for (int a = 0; a < used.length; a++) {
      if (used[a]) {
        lo = Math.min(lo, level[net.tail(a)]);
        hi = Math.max(hi, level[net.tail(a)]);
      }
    }
    long[] first = new long[atlas.size()];
    for (int i = 0; i < first.length; i++) {
      first[i] = level[atlas.nodes(i)[0]] - lo;
    }
    return Optional.of(new Leveling(first, hi - lo));
  }

  private static boolean visit(
      int y, long want, long[] level, boolean[] seen, ArrayDeque<Integer> queue) {
    if (seen[y]) {
      return level[y] == want;
    }
    seen[y] = true;
    level[y] = want;
    queue.add(y);
    return true;
  }

  /** The level of the first arc of message {@code i} (instance order), at least 0. */
  public long firstLevel(int i) {
    return firstLevel[i];
  }

  /** Levels of the first arcs, in instance order (a copy). */
  public long[] firstLevels() {
    return Arrays.copyOf(firstLevel, firstLevel.length);
  }

  /**
   * The largest difference between the levels of two used arcs (the paper's {@code H - 1} of Thm
   * 3.1(b), taken over the used arcs only).
   */
  public long levelSpan() {
    return maxArcLevel;
  }
}
