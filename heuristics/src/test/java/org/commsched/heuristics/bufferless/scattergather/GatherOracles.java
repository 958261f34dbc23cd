package org.commsched.heuristics.bufferless.scattergather;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Schedule;
import org.commsched.core.solve.LowerBound;

/**
 * Independent test-side computations over a gather instance, from the instance's own routes (every
 * non-root node of the test instances holds a message, possibly null, so its route names its
 * parent).
 */
final class GatherOracles {
  private GatherOracles() {}

  /** Parent of every node in the routes' tree, -1 for the root and for nodes without a message. */
  static int[] parents(Instance inst) {
    int[] p = new int[inst.network().nodes()];
    Arrays.fill(p, -1);
    for (int i = 0; i < inst.messages().size(); i++) {
      int[] route = inst.atlas().nodes(i);
      p[route[0]] = route[1];
    }
    return p;
  }

  /** Children lists of the routes' tree, in increasing id. */
  static List<List<Integer>> children(Instance inst) {
    int[] p = parents(inst);
    List<List<Integer>> kids = new ArrayList<>();
    for (int v = 0; v < p.length; v++) {
      kids.add(new ArrayList<>());
    }
    for (int v = 0; v < p.length; v++) {
      if (p[v] >= 0) {
        kids.get(p[v]).add(v);
      }
    }
    return kids;
  }

  /** Depth of every node (hops of its route; 0 for the root). */
  static int[] depths(Instance inst) {
    int[] d = new int[inst.network().nodes()];
    for (int i = 0; i < inst.messages().size(); i++) {
      d[inst.messages().get(i).from()] = inst.atlas().hops(i);
    }
    return d;
  }

  /**
   * B_opt: the optimal single-port broadcast time from the root over the whole tree, in rows
   * (docs/models/bufferless-scatter-gather.md#lower-bounds): {@code B(v) = max_k (k + B(child_k))},
   * children by decreasing B, a leaf 0.
   */
  static long broadcastRows(Instance inst) {
    return broadcast(children(inst), inst.root());
  }

  private static long broadcast(List<List<Integer>> kids, int v) {
    List<Long> bs = new ArrayList<>();
    for (int k : kids.get(v)) {
      bs.add(broadcast(kids, k));
    }
    bs.sort((x, y) -> Long.compare(y, x));
    long best = 0;
    for (int k = 0; k < bs.size(); k++) {
      best = Math.max(best, k + 1 + bs.get(k));
    }
    return best;
  }

  /** The value of the bound of that kind in the list; fails if absent. */
  static long bound(List<LowerBound> bounds, String kind) {
    for (LowerBound b : bounds) {
      if (b.kind().equals(kind)) {
        return b.value();
      }
    }
    throw new AssertionError("no bound " + kind + " in " + bounds);
  }

  /** The sorted root arrival rows of every data flit of a trace (departure + flit index + hops). */
  static long[] rootRows(Instance inst, Schedule.Departures d) {
    List<Long> rows = new ArrayList<>();
    for (int i = 0; i < inst.messages().size(); i++) {
      Message m = inst.messages().get(i);
      if (m.length() == 0) {
        continue;
      }
      long dep = d.departures().get(m.id());
      for (long k = 0; k < m.length(); k++) {
        rows.add(dep + k + inst.atlas().hops(i));
      }
    }
    long[] out = new long[rows.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = rows.get(i);
    }
    Arrays.sort(out);
    return out;
  }
}
