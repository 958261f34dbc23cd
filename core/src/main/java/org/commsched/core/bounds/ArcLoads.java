package org.commsched.core.bounds;

import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;
import org.commsched.core.model.Atlas;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.Topology;

/**
 * Per-arc flit loads of a bufferless instance, with the head and tail of every use (see {@link ResourceTable}):
 * message M crossing its k-th arc (0-based) of d has head k, work l(M), tail d - 1 - k.
 *
 * <p>Messages of length 0 (null scatter/gather messages) are skipped: they are absent from every schedule.
 */
final class ArcLoads {
  private ArcLoads() {
  }

  /** The sum of route hops over non-null messages. */
  static long items(Instance inst) {
    long s = 0;
    List<Message> ms = inst.messages();
    for (int i = 0; i < ms.size(); i++) {
      if (ms.get(i).length() > 0) {
        s += inst.atlas().hops(i);
      }
    }
    return s;
  }

  /** True if every message takes the straight default route of a ula or bla. */
  static boolean linear(Instance inst) {
    Topology t = inst.network().topology();
    if (!(t instanceof Topology.Ula || t instanceof Topology.Bla)) {
      return false;
    }
    for (Message m : inst.messages()) {
      if (m.hasRoute()) {
        return false;
      }
    }
    return true;
  }

  /**
   * Arc table (and, if asked, send- and receive-port tables by node) built message by message.
   *
   * @param keep keep items for threshold subsets
   * @param ports also build port tables
   * @param skipSendAt node whose send port is left out (-1 for none)
   * @param skipRecvAt node whose receive port is left out (-1 for none)
   * @return arc table, send table, receive table (the last two null without ports)
   */
  static ResourceTable[] byMessage(Instance inst, boolean keep, boolean ports, int skipSendAt, int skipRecvAt) {
    Network net = inst.network();
    Atlas atlas = inst.atlas();
    ResourceTable arcs = new ResourceTable(net.arcs(), keep);
    ResourceTable send = ports ? new ResourceTable(net.nodes(), keep) : null;
    ResourceTable recv = ports ? new ResourceTable(net.nodes(), keep) : null;
    List<Message> ms = inst.messages();
    for (int i = 0; i < ms.size(); i++) {
      long l = ms.get(i).length();
      if (l == 0) {
        continue;
      }
      int[] route = atlas.arcs(i);
      int d = route.length;
      for (int k = 0; k < d; k++) {
        int a = route[k];
        arcs.add(a, k, l, d - 1 - k);
        if (ports) {
          if (net.tail(a) != skipSendAt) {
            send.add(net.tail(a), k, l, d - 1 - k);
          }
          if (net.head(a) != skipRecvAt) {
            recv.add(net.head(a), k, l, d - 1 - k);
          }
        }
      }
    }
    return new ResourceTable[] {arcs, send, recv};
  }

  /**
   * Arc table for straight routes on a ula or bla in {@code O(|M| log |M| + n)}, whatever the route lengths:
   * loads by difference arrays, the least head and tail of each arc by a sweep. Only the streaming statistics
   * (no threshold subsets) are available.
   */
  static ResourceTable linearSweep(Instance inst) {
    Network net = inst.network();
    int n = net.nodes();
    ResourceTable arcs = new ResourceTable(net.arcs(), false);
    List<long[]> right = new ArrayList<>();
    List<long[]> left = new ArrayList<>();
    for (Message m : inst.messages()) {
      if (m.length() == 0) {
        continue;
      }
      if (m.from() < m.to()) {
        right.add(new long[] {m.from(), m.to(), m.length()});
      } else {
        // mirror y = n - 1 - x: the leftward message becomes a rightward one
        left.add(new long[] {n - 1 - m.from(), n - 1 - m.to(), m.length()});
      }
    }
    sweep(arcs, right, n, net, false);
    sweep(arcs, left, n, net, true);
    return arcs;
  }

  private static void sweep(ResourceTable arcs, List<long[]> msgs, int n, Network net, boolean mirrored) {
    if (msgs.isEmpty()) {
      return;
    }
    long[] diffSum = new long[n + 1];
    long[] diffCount = new long[n + 1];
    for (long[] m : msgs) {
      diffSum[(int) m[0]] += m[2];
      diffSum[(int) m[1]] -= m[2];
      diffCount[(int) m[0]]++;
      diffCount[(int) m[1]]--;
    }
    msgs.sort((a, b) -> Long.compare(a[0], b[0]));
    PriorityQueue<long[]> maxU = new PriorityQueue<>((a, b) -> Long.compare(b[0], a[0]));
    PriorityQueue<Long> minV = new PriorityQueue<>();
    int next = 0;
    long sum = 0;
    long count = 0;
    for (int x = 0; x + 1 < n; x++) {
      sum += diffSum[x];
      count += diffCount[x];
      while (next < msgs.size() && msgs.get(next)[0] == x) {
        maxU.add(msgs.get(next));
        minV.add(msgs.get(next)[1]);
        next++;
      }
      while (!maxU.isEmpty() && maxU.peek()[1] <= x) {
        maxU.poll();
      }
      while (!minV.isEmpty() && minV.peek() <= x) {
        minV.poll();
      }
      if (count == 0) {
        continue;
      }
      int arc = mirrored ? net.arc(n - 1 - x, n - 2 - x) : net.arc(x, x + 1);
      arcs.setStats(arc, sum, x - maxU.peek()[0], minV.peek() - 1 - x, count);
    }
  }
}
