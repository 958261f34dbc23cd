package org.commsched.heuristics.baseline;

import java.util.Arrays;
import org.commsched.core.model.Atlas;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.LowerBound;
import org.commsched.heuristics.common.LineCalendar;

/**
 * Simple valid lower bounds for bufferless real and virtual schedules, cheap enough to attach to
 * every baseline result. The project's bounds module has the full set; these only let a baseline
 * report OPTIMAL when it visibly is.
 *
 * <ul>
 *   <li>transit: a message of length l over d arcs leaves at step 0 or later, so makespan {@code >=
 *       l + d - 1};
 *   <li>load: the flits crossing one arc (all ports) or leaving or entering one node (single port)
 *       cross in distinct steps, so makespan {@code >= } that flit count (for slots: the total
 *       length reserved on an arc);
 *   <li>root stream (scatter, gather): the flits of messages at distance {@code >= D} cross the
 *       root's port (single port) or their first/last arc (all ports) in distinct steps, and need
 *       {@code D - 1} more hops after or before it, so makespan {@code >= count + D - 1} (the FDF
 *       bound of Bhatt, Pucci, Ranade and Rosenberg, "Scattering and gathering messages in networks
 *       of processors", shifted to our step convention).
 * </ul>
 */
public final class BaselineBounds {
  private BaselineBounds() {}

  /**
   * The best of the transit, load and (for scatter and gather) root-stream bounds of a real
   * schedule.
   */
  public static LowerBound real(Instance inst, boolean singlePort) {
    LowerBound best = transit(inst);
    if (!GreedyBufferless.treeShortcutApplies(inst)) {
      // on default scatter/gather routes every flit crossing an arc or port also crosses the root's
      // port (or the
      // root arc above it), so the root-stream bound already dominates every load
      best = best.max(load(inst, singlePort, false));
    }
    if (inst.kind() == ProblemKind.SCATTER || inst.kind() == ProblemKind.GATHER) {
      best = best.max(rootStream(inst, singlePort));
    }
    return best;
  }

  /** The best of the longest-message and arc-load bounds of a virtual (slot) schedule. */
  public static LowerBound virtual(Instance inst) {
    LowerBound best = LowerBound.zero();
    for (Message m : inst.messages()) {
      if (m.length() > best.value()) {
        best =
            new LowerBound(
                m.length(), "length", "message " + m.id() + " reserves " + m.length() + " slots");
      }
    }
    return best.max(load(inst, false, true));
  }

  private static LowerBound transit(Instance inst) {
    LowerBound best = LowerBound.zero();
    Atlas atlas = inst.atlas();
    for (int i = 0; i < inst.messages().size(); i++) {
      Message m = inst.messages().get(i);
      if (m.length() == 0) {
        continue;
      }
      long v = m.length() + atlas.hops(i) - 1;
      if (v > best.value()) {
        best =
            new LowerBound(
                v,
                "transit",
                "message "
                    + m.id()
                    + " has "
                    + m.length()
                    + " flits over "
                    + atlas.hops(i)
                    + " arcs");
      }
    }
    return best;
  }

  private static LowerBound load(Instance inst, boolean singlePort, boolean virtual) {
    Network net = inst.network();
    int coords = LineCalendar.coordinates(net);
    if (coords > 0 && (!singlePort || net.topology() instanceof Topology.Ula)) {
      return lineLoad(inst, coords, virtual);
    }
    return routeLoad(inst, singlePort, virtual);
  }

  /** Arc (all ports) or port (single port) loads by walking every route. */
  public static LowerBound routeLoad(Instance inst, boolean singlePort, boolean virtual) {
    Atlas atlas = inst.atlas();
    int n = inst.network().nodes();
    long[] load = new long[singlePort ? 2 * n : inst.network().arcs()];
    for (int i = 0; i < inst.messages().size(); i++) {
      long l = inst.messages().get(i).length();
      if (l == 0) {
        continue;
      }
      if (singlePort) {
        int[] p = atlas.nodes(i);
        for (int k = 0; k + 1 < p.length; k++) {
          load[p[k]] += l;
          load[n + p[k + 1]] += l;
        }
      } else {
        for (int a : atlas.arcs(i)) {
          load[a] += l;
        }
      }
    }
    int arg = -1;
    for (int r = 0; r < load.length; r++) {
      if (arg < 0 || load[r] > load[arg]) {
        arg = r;
      }
    }
    if (arg < 0 || load[arg] == 0) {
      return LowerBound.zero();
    }
    String what;
    if (singlePort) {
      what = "node " + (arg % n) + (arg < n ? " sends " : " receives ") + load[arg] + " flits";
    } else {
      what =
          "arc "
              + inst.network().arcName(arg)
              + (virtual ? " is reserved for " : " carries ")
              + load[arg]
              + (virtual ? " slots" : " flits");
    }
    return new LowerBound(load[arg], "load", what);
  }

  /**
   * Arc loads on a ULA or BLA by a difference array over arc coordinates, in time linear in
   * messages plus nodes (routes there are straight). On a ULA each send and receive port has one
   * arc, so the arc load is also a port load and the bound holds under single port too.
   */
  public static LowerBound lineLoad(Instance inst, int coords, boolean virtual) {
    Network net = inst.network();
    long[] diff = new long[coords + 1];
    for (Message m : inst.messages()) {
      diff[LineCalendar.first(net, m)] += m.length();
      diff[LineCalendar.end(net, m)] -= m.length();
    }
    long run = 0;
    long best = 0;
    int arg = -1;
    for (int c = 0; c < coords; c++) {
      run += diff[c];
      if (run > best) {
        best = run;
        arg = c;
      }
    }
    if (arg < 0) {
      return LowerBound.zero();
    }
    int n = net.nodes();
    String arc =
        arg < n - 1 ? arg + "->" + (arg + 1) : (2 * n - 2 - arg) + "->" + (2 * n - 3 - arg);
    return new LowerBound(
        best,
        "load",
        "arc "
            + arc
            + (virtual ? " is reserved for " : " carries ")
            + best
            + (virtual ? " slots" : " flits"));
  }

  private static LowerBound rootStream(Instance inst, boolean singlePort) {
    Atlas atlas = inst.atlas();
    boolean scatter = inst.kind() == ProblemKind.SCATTER;
    int count = inst.messages().size();
    long[] keys = new long[count];
    int[] resource = new int[count];
    int k = 0;
    for (int i = 0; i < count; i++) {
      if (inst.messages().get(i).length() == 0) {
        continue;
      }
      keys[k++] = ((long) atlas.hops(i) << 32) | i;
      if (singlePort) {
        resource[i] = 0;
      } else {
        int[] p = atlas.nodes(i);
        resource[i] =
            scatter
                ? inst.network().arc(p[0], p[1])
                : inst.network().arc(p[p.length - 2], p[p.length - 1]);
      }
    }
    long[] sorted = Arrays.copyOf(keys, k);
    Arrays.sort(sorted);
    long[] stream = new long[singlePort ? 1 : inst.network().arcs()];
    LowerBound best = LowerBound.zero();
    for (int j = k - 1; j >= 0; j--) { // farthest first
      int i = (int) (sorted[j] & 0xffffffffL);
      int d = (int) (sorted[j] >>> 32);
      stream[resource[i]] += inst.messages().get(i).length();
      long v = stream[resource[i]] + d - 1;
      if (v > best.value()) {
        String port =
            singlePort
                ? "the root's " + (scatter ? "send" : "receive") + " port"
                : "arc " + inst.network().arcName(resource[i]);
        best =
            new LowerBound(
                v,
                "root-stream",
                stream[resource[i]]
                    + " flits of messages at distance >= "
                    + d
                    + " cross "
                    + port
                    + " in distinct steps");
      }
    }
    return best;
  }
}
