package org.commsched.solver.packet;

import java.util.ArrayList;
import java.util.List;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;

/**
 * An exhaustive search for the optimal store-and-forward packet schedule of a tiny scatter or
 * gather (docs/models/packet.md#packets-and-hops, #ports-and-duplex), written apart from the CP
 * model to check it.
 *
 * <p>Every packetization: each message's length split into positive parts in every way (as a
 * multiset: the parts' labels do not matter, so the partitions of {@code L_v} stand for all its
 * compositions). For each, every <b>semi-active</b> schedule: each transfer starts at the latest of
 * its packet's arrival and the ends of the transfers before it on its ports (single port: the
 * sender's out-port and the receiver's in-port; all ports: the arc). Any schedule can be shifted
 * left into the semi-active one with the same order on every port, never later, so some optimum is
 * semi-active; and a semi-active schedule is fixed by the order of transfers on every port, FCFS or
 * not. They are enumerated by inserting transfers in the order of their start times (ties by
 * transfer number): sorted by start, the transfers of any semi-active schedule form such an
 * insertion sequence (a transfer's packet predecessor and port predecessors start strictly earlier,
 * durations being positive), so none is missed. Interchangeable packets (same message, same size)
 * are taken in a fixed order at their first hop. Pruned by the best makespan so far. Exponential:
 * at most about six units on five nodes.
 *
 * <p>With {@code evenOnly} only the even-size packetizations (parts differing by at most one). With
 * {@code fdfRoot} (scatter) only schedules in which no packet leaves the root over a port before
 * one with a farther destination over the same port (the thesis's FDF at the root, any order
 * elsewhere).
 */
final class PacketBruteForce {
  private final long beta;
  private final long tau;
  private final boolean onePort;
  private final int nodes;
  private final boolean fdfRoot;
  private final boolean evenOnly;
  private final List<int[]> routes =
      new ArrayList<>(); // per non-null message: nodes in travel order
  private final List<Long> lengths = new ArrayList<>();

  // the packets of the packetization being searched
  private int[][] path;
  private long[] dur;
  private int[] twin; // the previous interchangeable packet, or -1
  private int[] firstPort;
  private long best;

  private PacketBruteForce(Instance instance, boolean fdfRoot, boolean evenOnly) {
    this.evenOnly = evenOnly;
    CommModel.StoreAndForward m = (CommModel.StoreAndForward) instance.model();
    beta = m.betaTicks(instance.timeScale());
    tau = m.tauTicks(instance.timeScale());
    onePort = m.ports() == CommModel.Ports.ONE;
    nodes = instance.network().nodes();
    this.fdfRoot = fdfRoot;
    List<Message> ms = instance.messages();
    for (int i = 0; i < ms.size(); i++) {
      if (ms.get(i).length() > 0) {
        routes.add(instance.atlas().nodes(i));
        lengths.add(ms.get(i).length());
      }
    }
  }

  /** The optimal makespan in ticks of the instance's scale. */
  static long optimum(Instance instance) {
    return new PacketBruteForce(instance, false, false).search();
  }

  /**
   * The best makespan of a schedule whose packets of each message differ by at most one unit (the
   * even-size distribution, docs/models/packet.md#packetization), any count and any order.
   */
  static long evenOptimum(Instance instance) {
    return new PacketBruteForce(instance, false, true).search();
  }

  /** The best makespan of an FDF schedule (scatter) with even-size packets. */
  static long fdfEvenOptimum(Instance instance) {
    return new PacketBruteForce(instance, true, true).search();
  }

  /** The best makespan of a schedule that sends farthest first at the root (scatter). */
  static long fdfOptimum(Instance instance) {
    return new PacketBruteForce(instance, true, false).search();
  }

  private long search() {
    best = Long.MAX_VALUE;
    if (routes.isEmpty()) {
      return 0;
    }
    partitions(0, new ArrayList<>());
    return best;
  }

  /** Every choice of a partition per message from {@code v} on. */
  private void partitions(int v, List<long[]> chosen) {
    if (v == routes.size()) {
      run(chosen);
      return;
    }
    List<long[]> parts = new ArrayList<>();
    partitionsOf(lengths.get(v), lengths.get(v), new ArrayList<>(), parts);
    for (long[] p : parts) {
      if (evenOnly && p[0] - p[p.length - 1] > 1) {
        continue;
      }
      chosen.add(p);
      partitions(v + 1, chosen);
      chosen.remove(chosen.size() - 1);
    }
  }

  /** The partitions of {@code rest} into non-increasing parts of at most {@code max}. */
  private static void partitionsOf(long rest, long max, List<Long> prefix, List<long[]> out) {
    if (rest == 0) {
      out.add(prefix.stream().mapToLong(Long::longValue).toArray());
      return;
    }
    for (long s = Math.min(rest, max); s >= 1; s--) {
      prefix.add(s);
      partitionsOf(rest - s, s, prefix, out);
      prefix.remove(prefix.size() - 1);
    }
  }

  private void run(List<long[]> sizes) {
    List<int[]> ps = new ArrayList<>();
    List<Long> ds = new ArrayList<>();
    List<Integer> tw = new ArrayList<>();
    for (int v = 0; v < sizes.size(); v++) {
      long[] parts = sizes.get(v);
      for (int j = 0; j < parts.length; j++) {
        tw.add(j > 0 && parts[j] == parts[j - 1] ? ps.size() - 1 : -1);
        ps.add(routes.get(v));
        ds.add(beta + parts[j] * tau);
      }
    }
    int n = ps.size();
    path = ps.toArray(new int[0][]);
    dur = ds.stream().mapToLong(Long::longValue).toArray();
    twin = tw.stream().mapToInt(Integer::intValue).toArray();
    firstPort = new int[n];
    for (int p = 0; p < n; p++) {
      firstPort[p] = out(path[p][0], path[p][1]);
    }
    long[] free = new long[onePort ? 2 * nodes : nodes * nodes];
    dfs(new int[n], new long[n], free, -1, -1, 0);
  }

  private int out(int u, int w) {
    return onePort ? u : u * nodes + w;
  }

  private int in(int u, int w) {
    return onePort ? nodes + w : u * nodes + w;
  }

  /**
   * Inserts one more transfer: {@code done[p]} hops of packet p are placed, the last ending at
   * {@code ready[p]}; {@code free} the end of the last transfer on each port; the last insertion
   * started at {@code lastStart} with number {@code lastOp}; {@code end} the makespan so far.
   */
  private void dfs(int[] done, long[] ready, long[] free, long lastStart, int lastOp, long end) {
    int n = done.length;
    boolean finished = true;
    for (int p = 0; p < n; p++) {
      int left = path[p].length - 1 - done[p];
      if (left > 0) {
        finished = false;
        if (Math.max(ready[p], Math.max(lastStart, 0)) + left * dur[p] >= best) {
          return; // this packet alone cannot finish before the best makespan
        }
      }
    }
    if (finished) {
      best = Math.min(best, end);
      return;
    }
    for (int p = 0; p < n; p++) {
      int k = done[p];
      if (k == path[p].length - 1) {
        continue;
      }
      if (k == 0 && twin[p] >= 0 && done[twin[p]] == 0) {
        continue; // interchangeable packets leave in a fixed order
      }
      if (k == 0 && fdfRoot && !farthestFirst(p, done)) {
        continue;
      }
      int u = path[p][k];
      int w = path[p][k + 1];
      int a = out(u, w);
      int b = in(u, w);
      long start = Math.max(ready[p], Math.max(free[a], free[b]));
      int op = p * nodes + k;
      if (start < lastStart || start == lastStart && op < lastOp) {
        continue; // every schedule is reached with its transfers sorted by start
      }
      long stop = start + dur[p];
      long fa = free[a];
      long fb = free[b];
      long r = ready[p];
      free[a] = stop;
      free[b] = stop;
      ready[p] = stop;
      done[p]++;
      dfs(done, ready, free, start, op, Math.max(end, stop));
      done[p]--;
      ready[p] = r;
      free[b] = fb;
      free[a] = fa;
    }
  }

  /** True if every packet farther than p over p's first port has left the root already. */
  private boolean farthestFirst(int p, int[] done) {
    for (int q = 0; q < done.length; q++) {
      if (done[q] == 0 && firstPort[q] == firstPort[p] && path[q].length > path[p].length) {
        return false;
      }
    }
    return true;
  }
}
