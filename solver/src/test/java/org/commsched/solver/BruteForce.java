package org.commsched.solver;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.commsched.core.model.Atlas;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;

/**
 * The reference optimum of tiny bufferless instances by branch and bound over every integer
 * assignment, written from the definitions and sharing no code with the CP models: the offline
 * problem (departures only) and the wake-up-constrained gather (wake-up rows and departures,
 * docs/models/bufferless-scatter-gather.md#shoulder-tap, #exact-models M4).
 *
 * <p>Occupancy: at hop k a message of length l with departure t holds the steps [t + k, t + k + l)
 * of the arc (all ports) or of the tail's send port and the head's receive port (single port); a
 * wake-up received at row w holds step w - 1 the same way on the arc parent -&gt; node. Every step
 * of a resource holds one flit at most.
 *
 * <p>The wake-up search leaves out nodes whose subtree holds no data and that forward-first does
 * not tie to a parent's message (all ports: every data-free subtree): their wake-ups touch nothing
 * else and fit after the last data flit (steps from the makespan on are free everywhere), so they
 * never change the optimum.
 */
final class BruteForce {
  private final long[] length;
  private final long[] transit;
  private final int[][] res; // per message, per hop: one (all ports) or two (single port) resources
  private final int[] source;
  // wake-up part (sync only)
  private final int[] wakeNode; // nodes to wake, parents first
  private final int[][] wakeRes;
  private final int[] wakeOf; // node -> index in wakeNode, or -1
  private final int[] parentOf;
  private final int[] depth;
  private final List<List<Integer>>
      msgsBelow; // per wake index: messages whose source is in the node's subtree
  private final int[]
      parentMsg; // per wake index: message of the parent (single port forward-first), or -1
  private final boolean single;
  private final boolean sync;

  private final Map<Integer, BitSet> busy = new HashMap<>();
  private final long[] tau;
  private final long[] w;
  private long best;

  private BruteForce(Instance inst, boolean sync) {
    this.sync = sync;
    Network net = inst.network();
    Atlas atlas = inst.atlas();
    single = ((CommModel.Bufferless) inst.model()).ports() == CommModel.BufferlessPorts.SINGLE;
    int n = net.nodes();
    List<Integer> idx = new ArrayList<>();
    for (int i = 0; i < inst.messages().size(); i++) {
      if (inst.messages().get(i).length() > 0) {
        idx.add(i);
      }
    }
    int m = idx.size();
    length = new long[m];
    transit = new long[m];
    res = new int[m][];
    source = new int[m];
    for (int j = 0; j < m; j++) {
      Message msg = inst.messages().get(idx.get(j));
      int[] p = atlas.nodes(idx.get(j));
      length[j] = msg.length();
      transit[j] = msg.length() + p.length - 2;
      source[j] = msg.from();
      res[j] = new int[single ? 2 * (p.length - 1) : p.length - 1];
      for (int k = 0; k + 1 < p.length; k++) {
        if (single) {
          res[j][2 * k] = p[k];
          res[j][2 * k + 1] = n + p[k + 1];
        } else {
          res[j][k] = 2 * n + net.arc(p[k], p[k + 1]);
        }
      }
    }
    tau = new long[m];
    parentOf = new int[n];
    depth = new int[n];
    wakeOf = new int[n];
    Arrays.fill(wakeOf, -1);
    List<Integer> wake = new ArrayList<>();
    if (sync) {
      // the tree network rooted at the root, by breadth-first search
      Arrays.fill(parentOf, -2);
      int root = inst.root();
      parentOf[root] = -1;
      ArrayDeque<Integer> q = new ArrayDeque<>(List.of(root));
      List<Integer> bfs = new ArrayList<>();
      while (!q.isEmpty()) {
        int x = q.poll();
        bfs.add(x);
        for (int a = 0; a < net.outDegree(x); a++) {
          int y = net.head(net.outArc(x, a));
          if (parentOf[y] == -2) {
            parentOf[y] = x;
            depth[y] = depth[x] + 1;
            q.add(y);
          }
        }
      }
      boolean[] data = new boolean[n];
      int[] msgAt = new int[n];
      Arrays.fill(msgAt, -1);
      for (int j = 0; j < m; j++) {
        msgAt[source[j]] = j;
        for (int x = source[j]; x >= 0; x = parentOf[x]) {
          data[x] = true;
        }
      }
      for (int v : bfs) {
        if (v != root && (data[v] || (single && msgAt[parentOf[v]] >= 0))) {
          wakeOf[v] = wake.size();
          wake.add(v);
        }
      }
      msgsBelow = new ArrayList<>();
      parentMsg = new int[wake.size()];
      for (int k = 0; k < wake.size(); k++) {
        int v = wake.get(k);
        List<Integer> below = new ArrayList<>();
        for (int j = 0; j < m; j++) {
          for (int x = source[j]; x >= 0; x = parentOf[x]) {
            if (x == v) {
              below.add(j);
              break;
            }
          }
        }
        msgsBelow.add(below);
        parentMsg[k] = single ? msgAt[parentOf[v]] : -1;
      }
    } else {
      msgsBelow = List.of();
      parentMsg = new int[0];
    }
    wakeNode = wake.stream().mapToInt(Integer::intValue).toArray();
    wakeRes = new int[wakeNode.length][];
    for (int k = 0; k < wakeNode.length; k++) {
      int v = wakeNode[k];
      wakeRes[k] =
          single ? new int[] {parentOf[v], n + v} : new int[] {2 * n + net.arc(parentOf[v], v)};
    }
    w = new long[wakeNode.length];
  }

  /** The offline optimum if it is below {@code upper}, else {@code upper}. */
  static long offline(Instance inst, long upper) {
    BruteForce b = new BruteForce(inst, false);
    b.best = upper;
    b.messages(0, 0);
    return b.best;
  }

  /**
   * The wake-up-constrained gather optimum (tree networks) if it is below {@code upper}, else
   * {@code upper}.
   */
  static long sync(Instance inst, long upper) {
    BruteForce b = new BruteForce(inst, true);
    b.best = upper;
    b.wakeups(0);
    return b.best;
  }

  private void wakeups(int k) {
    if (k == wakeNode.length) {
      messages(0, 0);
      return;
    }
    int v = wakeNode[k];
    int p = parentOf[v];
    long lo = wakeOf[p] >= 0 ? w[wakeOf[p]] + 1 : depth[v]; // the root holds the wake-up at row 0
    long cap = Long.MAX_VALUE;
    for (int j : msgsBelow.get(k)) {
      cap = Math.min(cap, best - 1 - transit[j] - (depth[source[j]] - depth[v]));
    }
    if (parentMsg[k] >= 0) {
      cap = Math.min(cap, best - 1 - transit[parentMsg[k]]);
    }
    for (long x = lo; x <= cap; x++) {
      if (free(wakeRes[k], x - 1, 0, 1)) {
        take(wakeRes[k], x - 1, 0, 1, true);
        w[k] = x;
        wakeups(k + 1);
        take(wakeRes[k], x - 1, 0, 1, false);
      }
    }
  }

  private void messages(int j, long makespan) {
    if (j == length.length) {
      best = makespan; // strictly below the previous best by the caps
      return;
    }
    long lo = 0;
    if (sync) {
      lo = Math.max(lo, w[wakeOf[source[j]]]);
      if (single) {
        for (int c = 0; c < parentOf.length; c++) {
          if (parentOf[c] == source[j] && wakeOf[c] >= 0) {
            lo = Math.max(lo, w[wakeOf[c]]);
          }
        }
      }
    }
    for (long t = lo; t + transit[j] < best; t++) {
      if (fits(j, t)) {
        place(j, t, true);
        tau[j] = t;
        messages(j + 1, Math.max(makespan, t + transit[j]));
        place(j, t, false);
      }
    }
  }

  private boolean fits(int j, long t) {
    int per = single ? 2 : 1;
    for (int r = 0; r < res[j].length; r++) {
      if (!free(new int[] {res[j][r]}, t + r / per, 0, length[j])) {
        return false;
      }
    }
    return true;
  }

  private void place(int j, long t, boolean on) {
    int per = single ? 2 : 1;
    for (int r = 0; r < res[j].length; r++) {
      take(new int[] {res[j][r]}, t + r / per, 0, length[j], on);
    }
  }

  private boolean free(int[] rs, long start, long offset, long len) {
    for (int r : rs) {
      BitSet b = busy.get(r);
      if (b != null) {
        int from = (int) (start + offset);
        int next = b.nextSetBit(from);
        if (next >= 0 && next < from + len) {
          return false;
        }
      }
    }
    return true;
  }

  private void take(int[] rs, long start, long offset, long len, boolean on) {
    for (int r : rs) {
      BitSet b = busy.computeIfAbsent(r, x -> new BitSet());
      int from = (int) (start + offset);
      b.set(from, (int) (from + len), on);
    }
  }
}
