package org.commsched.core.bounds;

import java.util.ArrayList;
import java.util.List;
import java.util.Arrays;
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
    for (int i : byDestination(ms)) {
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
   * Message indices grouped by destination (then by index): default shortest routes are computed per destination,
   * so consecutive messages to one destination reuse the atlas's cached distances.
   */
  private static int[] byDestination(List<Message> ms) {
    long[] keys = new long[ms.size()];
    for (int i = 0; i < keys.length; i++) {
      keys[i] = ((long) ms.get(i).to() << 32) | i;
    }
    Arrays.sort(keys);
    int[] order = new int[keys.length];
    for (int i = 0; i < keys.length; i++) {
      order[i] = (int) keys[i];
    }
    return order;
  }

  /** Arc loads only (no heads or tails) for straight routes on a ula or bla, by difference arrays. */
  static ResourceTable linearLoads(Instance inst) {
    Network net = inst.network();
    int n = net.nodes();
    long[] right = new long[n + 1];
    long[] rightCount = new long[n + 1];
    long[] left = new long[n + 1];
    long[] leftCount = new long[n + 1];
    for (Message m : inst.messages()) {
      if (m.length() == 0) {
        continue;
      }
      int lo = Math.min(m.from(), m.to());
      int hi = Math.max(m.from(), m.to());
      long[] sum = m.from() < m.to() ? right : left;
      long[] cnt = m.from() < m.to() ? rightCount : leftCount;
      sum[lo] += m.length();
      sum[hi] -= m.length();
      cnt[lo]++;
      cnt[hi]--;
    }
    ResourceTable arcs = new ResourceTable(net.arcs(), false);
    long rs = 0;
    long rc = 0;
    long ls = 0;
    long lc = 0;
    for (int x = 0; x + 1 < n; x++) {
      rs += right[x];
      rc += rightCount[x];
      ls += left[x];
      lc += leftCount[x];
      if (rc > 0) {
        arcs.setStats(net.arc(x, x + 1), rs, 0, 0, rc);
      }
      if (lc > 0) {
        arcs.setStats(net.arc(x + 1, x), ls, 0, 0, lc);
      }
    }
    return arcs;
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

  /** The messages stably sorted by start (a counting sort over the nodes 0..n-1). */
  private static List<long[]> byStart(List<long[]> msgs, int n) {
    int[] first = new int[n + 1];
    for (long[] m : msgs) {
      first[(int) m[0] + 1]++;
    }
    for (int x = 0; x < n; x++) {
      first[x + 1] += first[x];
    }
    long[][] out = new long[msgs.size()][];
    for (long[] m : msgs) {
      out[first[(int) m[0]]++] = m;
    }
    return Arrays.asList(out);
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
    msgs = byStart(msgs, n);
    // maxU: a stack of starts (increasing) with the farthest end per start; the top, once expired ones are
    // popped, is the largest start of an interval still covering x. minV: a min-heap of ends, expired ones popped.
    long[] stackU = new long[msgs.size()];
    long[] stackV = new long[msgs.size()];
    int top = 0;
    LongHeap ends = new LongHeap(msgs.size());
    int next = 0;
    long sum = 0;
    long count = 0;
    for (int x = 0; x + 1 < n; x++) {
      sum += diffSum[x];
      count += diffCount[x];
      while (next < msgs.size() && msgs.get(next)[0] == x) {
        long[] m = msgs.get(next++);
        if (top > 0 && stackU[top - 1] == x) {
          stackV[top - 1] = Math.max(stackV[top - 1], m[1]);
        } else {
          stackU[top] = x;
          stackV[top] = m[1];
          top++;
        }
        ends.push(m[1]);
      }
      while (top > 0 && stackV[top - 1] <= x) {
        top--;
      }
      while (ends.size() > 0 && ends.peek() <= x) {
        ends.pop();
      }
      if (count == 0) {
        continue;
      }
      int arc = mirrored ? net.arc(n - 1 - x, n - 2 - x) : net.arc(x, x + 1);
      arcs.setStats(arc, sum, x - stackU[top - 1], ends.peek() - 1 - x, count);
    }
  }

  /** A binary min-heap of longs. */
  private static final class LongHeap {
    private final long[] a;
    private int size;

    LongHeap(int capacity) {
      a = new long[Math.max(1, capacity)];
    }

    int size() {
      return size;
    }

    long peek() {
      return a[0];
    }

    void push(long v) {
      int i = size++;
      a[i] = v;
      while (i > 0 && a[(i - 1) / 2] > a[i]) {
        long t = a[i];
        a[i] = a[(i - 1) / 2];
        a[(i - 1) / 2] = t;
        i = (i - 1) / 2;
      }
    }

    void pop() {
      a[0] = a[--size];
      int i = 0;
      while (true) {
        int l = 2 * i + 1;
        int r = l + 1;
        int m = i;
        if (l < size && a[l] < a[m]) {
          m = l;
        }
        if (r < size && a[r] < a[m]) {
          m = r;
        }
        if (m == i) {
          return;
        }
        long t = a[i];
        a[i] = a[m];
        a[m] = t;
        i = m;
      }
    }
  }
}
