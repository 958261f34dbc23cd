package org.commsched.heuristics.baseline;

import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.commsched.core.model.Atlas;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Family;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.model.Schedule;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.MethodFacts;
import org.commsched.core.solve.Scope;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.heuristics.common.Calendar;
import org.commsched.heuristics.common.LineCalendar;

/**
 * Earliest-feasible list scheduling of bufferless messages (chatting, scatter, gather; all or
 * single ports).
 *
 * <p><b>Model.</b> A message of length l with departure t sends flit h over hop k during step t + h
 * + k, so it occupies arc e_k during the steps [t + k, t + k + l). Under single port the same
 * interval occupies the send port of route node k and the receive port of route node k + 1 instead
 * (docs/DESIGN.md).
 *
 * <p><b>Algorithm.</b> Messages are taken in a fixed priority order and each gets the smallest
 * departure t &gt;= 0 at which none of its flits meets a flit already placed. Priority (ties broken
 * by the next key):
 *
 * <ul>
 *   <li>chatting: longest transit l + d - 1 first, then longest l, then id;
 *   <li>scatter: farthest destination first (FDF), then longest l, then id;
 *   <li>gather: nearest source first (NRF), then longest l, then id.
 * </ul>
 *
 * Busy steps are kept per resource as merged sorted intervals; the earliest t is found by sweeping
 * the hops and pushing t to the first gap that fits each one until all fit ({@link Calendar}). Null
 * messages get no departure.
 *
 * <p><b>Scatter and gather on default routes.</b> Default routes follow one breadth-first tree,
 * where paths from the root only split (scatter) or paths to it only merge (gather). Two flits then
 * meet on some arc or port iff they cross the root's port (single port) or the same root arc (all
 * ports) in the same step (structural lemmas L1 and L2 of
 * docs/models/bufferless-scatter-gather.md#structural-lemmas), so only that one resource is
 * scheduled. The departures are the ones the full sweep would give (a property test checks this),
 * in time linear in the number of messages plus the routes' lengths: this handles million-node
 * trees.
 *
 * <p><b>Linear arrays.</b> On a ULA (any ports: every node has one out-arc and one in-arc, so its
 * ports are its arcs) and on a BLA under all ports, routes are runs of consecutive arcs; when they
 * are long on average the search runs on a segment tree of rectangles instead ({@link
 * LineCalendar}), with the same answers.
 *
 * <p><b>Guarantee.</b> Always a valid schedule. For scatter (FDF) and gather (NRF) on default
 * routes the result is optimal: it meets the root-stream bound (Bhatt, Pucci, Ranade and Rosenberg,
 * "Scattering and Gathering Messages in Networks of Processors", IEEE Trans. Computers, 1993,
 * Theorem 1 and its multiport and gathering analogues,
 * docs/models/bufferless-scatter-gather.md#fdf, #structural-lemmas L3). No ratio for chatting. The
 * paper's algorithm itself is {@code fdf} ({@code
 * org.commsched.heuristics.bufferless.scattergather.FdfScatter}): on tree routes the two give the
 * same scatter makespan (ties among equally distant messages may be ordered differently).
 *
 * <p><b>Complexity.</b> Per message, (hops + pushes) interval-set look-ups of O(log intervals)
 * each, where a push is a conflict that moves the candidate departure; O(m log m) plus the routes'
 * lengths for scatter and gather on default routes.
 *
 * @implNote Stateless and deterministic; immutable.
 */
public final class GreedyBufferless implements Method {
  /** The facts of {@code greedy}: see the class javadoc for the source. */
  static final MethodFacts FACTS =
      new MethodFacts(
          "greedy",
          "earliest-feasible list scheduling of bufferless messages (chatting by longest transit, scatter "
              + "farthest-first, gather nearest-first)",
          "valid schedule; no approximation guarantee for chatting; optimal for scatter and gather on default "
              + "routes (FDF/NRF)",
          "baseline (this project); list scheduling; FDF order of Bhatt, Pucci, Ranade, Rosenberg, "
              + "\"Scattering and gathering messages in networks of processors\", Theorem 1",
          Scope.of(ProblemKind.CHATTING, ProblemKind.SCATTER, ProblemKind.GATHER)
              .in(Family.BUFFERLESS_CHATTING, Family.BUFFERLESS_SCATTER_GATHER),
          false);

  @Override
  public MethodFacts facts() {
    return FACTS;
  }

  @Override
  public SolveResult solve(Instance instance, SolveLimits limits) {
    requireApplies(instance);
    boolean single = instance.bufferlessPorts() == CommModel.BufferlessPorts.SINGLE;
    long[] dep;
    if (treeShortcutApplies(instance)) {
      dep = departuresOnRootResource(instance, single);
    } else if (lineApplies(instance, single)
        && LineCalendar.worthIt(instance.network(), instance.messages())) {
      dep = departuresOnLine(instance);
    } else {
      dep = departuresFull(instance, single);
    }
    List<Message> msgs = instance.messages();
    Atlas atlas = instance.atlas();
    Map<String, Long> out = new LinkedHashMap<>();
    long makespan = 0;
    for (int i = 0; i < msgs.size(); i++) {
      Message m = msgs.get(i);
      if (m.length() == 0) {
        continue;
      }
      out.put(m.id(), dep[i]);
      makespan = Math.max(makespan, dep[i] + m.length() + atlas.hops(i) - 1);
    }
    LowerBound bound = BaselineBounds.real(instance, single);
    return SolveResult.feasible(name(), new Schedule.Departures(out), makespan, bound);
  }

  /**
   * True for scatter and gather whose messages all follow the default (breadth-first tree) routes.
   */
  static boolean treeShortcutApplies(Instance instance) {
    ProblemKind k = instance.kind();
    if (k != ProblemKind.SCATTER && k != ProblemKind.GATHER) {
      return false;
    }
    for (Message m : instance.messages()) {
      if (m.hasRoute()) {
        return false;
      }
    }
    return true;
  }

  /**
   * True on a ULA (where single port equals all ports: every node has one out-arc and one in-arc)
   * and on a BLA under all ports: messages there hold runs of consecutive arc coordinates ({@link
   * LineCalendar}).
   */
  static boolean lineApplies(Instance instance, boolean single) {
    Topology t = instance.network().topology();
    return t instanceof Topology.Ula || (t instanceof Topology.Bla && !single);
  }

  /**
   * Departures by rectangle first-fit in (arc coordinate, step - coordinate) space; same as the
   * full sweep.
   */
  static long[] departuresOnLine(Instance instance) {
    List<Message> msgs = instance.messages();
    Network net = instance.network();
    LineCalendar line = new LineCalendar(LineCalendar.coordinates(net));
    long[] dep = new long[msgs.size()];
    Arrays.fill(dep, -1);
    for (int i : order(instance)) {
      Message m = msgs.get(i);
      int c0 = LineCalendar.first(net, m);
      int c1 = LineCalendar.end(net, m);
      long u = line.earliest(c0, c1, -c0, m.length()); // departure t = u + c0 >= 0
      line.reserve(c0, c1, u, m.length());
      dep[i] = u + c0;
    }
    return dep;
  }

  /** The priority order of the non-null messages (indices into the message list). */
  static int[] order(Instance instance) {
    List<Message> msgs = instance.messages();
    Atlas atlas = instance.atlas();
    ProblemKind kind = instance.kind();
    Integer[] idx = new Integer[msgs.size()];
    int n = 0;
    for (int i = 0; i < msgs.size(); i++) {
      if (msgs.get(i).length() > 0) {
        idx[n++] = i;
      }
    }
    Comparator<Integer> first;
    if (kind == ProblemKind.SCATTER) {
      first = Comparator.comparingInt((Integer i) -> atlas.hops(i)).reversed();
    } else if (kind == ProblemKind.GATHER) {
      first = Comparator.comparingInt((Integer i) -> atlas.hops(i));
    } else {
      first =
          Comparator.comparingLong((Integer i) -> msgs.get(i).length() + atlas.hops(i)).reversed();
    }
    Comparator<Integer> cmp =
        first
            .thenComparing(Comparator.comparingLong((Integer i) -> msgs.get(i).length()).reversed())
            .thenComparing((Integer i) -> msgs.get(i).id())
            .thenComparingInt(i -> i);
    Integer[] sorted = Arrays.copyOf(idx, n);
    Arrays.sort(sorted, cmp);
    int[] out = new int[n];
    for (int j = 0; j < n; j++) {
      out[j] = sorted[j];
    }
    return out;
  }

  /** Departures by the full sweep over every hop of every route. */
  static long[] departuresFull(Instance instance, boolean single) {
    List<Message> msgs = instance.messages();
    Atlas atlas = instance.atlas();
    int nodes = instance.network().nodes();
    Network net = instance.network();
    int arcs = net.arcs();
    // single port: a node with one out-arc (in-arc) has a send (receive) port that is busy exactly
    // when that arc
    // is, so the arc stands for the port; this makes single port on a ULA cost the same as all
    // ports
    Calendar cal = new Calendar(single ? arcs + 2 * nodes : arcs);
    long[] dep = new long[msgs.size()];
    Arrays.fill(dep, -1);
    int[] res = new int[16];
    long[] off = new long[16];
    for (int i : order(instance)) {
      long len = msgs.get(i).length();
      int[] p = atlas.nodes(i);
      int d = p.length - 1;
      if (res.length < 2 * d) {
        res = new int[2 * d];
        off = new long[2 * d];
      }
      int count = 0;
      for (int k = 0; k < d; k++) {
        int a = net.arc(p[k], p[k + 1]);
        if (single) {
          int send = net.outDegree(p[k]) == 1 ? a : arcs + p[k];
          int receive = net.inDegree(p[k + 1]) == 1 ? a : arcs + nodes + p[k + 1];
          res[count] = send;
          off[count++] = k;
          if (receive != send) {
            res[count] = receive;
            off[count++] = k;
          }
        } else {
          res[count] = a;
          off[count++] = k;
        }
      }
      long t = cal.earliest(res, off, count, 0, len);
      cal.reserve(res, off, count, t, len);
      dep[i] = t;
    }
    return dep;
  }

  /**
   * Departures by scheduling only the resource where default-route flits can meet: the root's port
   * (single port) or the message's root arc (all ports), at the hop index where the message crosses
   * it.
   */
  static long[] departuresOnRootResource(Instance instance, boolean single) {
    List<Message> msgs = instance.messages();
    Atlas atlas = instance.atlas();
    boolean scatter = instance.kind() == ProblemKind.SCATTER;
    Calendar cal = new Calendar(single ? 1 : instance.network().arcs());
    long[] dep = new long[msgs.size()];
    Arrays.fill(dep, -1);
    int[] res = new int[1];
    long[] off = new long[1];
    for (int i : order(instance)) {
      long len = msgs.get(i).length();
      int d = atlas.hops(i);
      if (single) {
        res[0] = 0;
      } else {
        int[] p = atlas.nodes(i);
        res[0] =
            scatter ? instance.network().arc(p[0], p[1]) : instance.network().arc(p[d - 1], p[d]);
      }
      off[0] = scatter ? 0 : d - 1;
      long t = cal.earliest(res, off, 1, 0, len);
      cal.reserve(res, off, 1, t, len);
      dep[i] = t;
    }
    return dep;
  }
}
