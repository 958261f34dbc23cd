package org.commsched.heuristics.bufferless.chatting;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.commsched.core.model.Atlas;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.model.Schedule;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.MethodFacts;
import org.commsched.core.solve.Scope;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;

/**
 * A6 of docs/models/bufferless-chatting.md#tree-cuts-and-tree-cuts-simultaneous: chatting on a
 * bidirectional tree (BT) by recursive edge cuts; the messages crossing each cut arc get a virtual
 * schedule on that arc's forward-leveled subnetwork, VO turns it into a real schedule, and the real
 * schedules of the recursion levels are concatenated.
 *
 * <p>Source: Bhatt, Bilardi, Pucci, Ranade, Rosenberg, Schwabe, "On Bufferless Routing of Variable
 * Length Messages in Leveled Networks", §6.1 (decomposition by cutsets), §6.3, Proposition 6.1
 * (after Valiant: removing one tree edge, i.e. its two opposing arcs, leaves two trees of at least
 * floor(n/δ) and at most ceil((δ-1)n/δ) nodes, so the recursion has at most ceil(δ log2 n) levels)
 * and Theorem 6.1 (T &lt;= 2(C + Q) ceil(δ log2 n)).
 *
 * <p>Model: a tree whose links are two opposing arcs, every message on its unique path, any
 * lengths. A BT is not forward leveled, but the routes through one arc (x, y) are: level(w) =
 * -dist(w, x) on x's side and 1 + dist(w, y) on y's side, so a message whose route crosses (x, y)
 * at hop k has first-arc level -k. Virtual schedules of different arcs use different levelings and
 * cannot be concatenated; their VO images can
 * (docs/models/bufferless-chatting.md#forward-leveled-networks).
 *
 * <p>Per recursion level, in every component that still holds messages: root it at its smallest
 * node, take the edge (parent p, child c) that minimises max(size_c, n' - size_c), ties by (min(p,
 * c), max(p, c)) (a centroid edge, which meets Proposition 6.1). For each of the arcs p-&gt;c and
 * c-&gt;p, the messages of the component whose route uses it are concatenated in instance order on
 * that arc (virtual S = their total length &lt;= C), put through VO with the arc's leveling, and
 * shifted to start at 0, which takes T_arc &lt;= S + Q - 1 &lt;= C + Q - 1 steps (Theorem 3.2). The
 * other messages go to the side that holds their source. Components of one level use disjoint arcs
 * and share the level's window; levels follow one another.
 *
 * <ul>
 *   <li>{@code tree-cuts} (the paper): within a component the p-&gt;c group runs first, then the
 *       c-&gt;p group; the level's window is the largest T_pc + T_cp, at most 2(C + Q - 1), so T
 *       &lt;= 2(C + Q - 1) depth &lt;= 2(C + Q) ceil(δ log2 n) (Theorem 6.1; the paper's per-level
 *       2(C + Q) is slack by 2, docs/models/bufferless-chatting.md#log-bases-and-strict-bounds).
 *   <li>{@code tree-cuts-simultaneous} (an extension,
 *       docs/models/bufferless-chatting.md#tree-cuts-and-tree-cuts-simultaneous [X], not in the
 *       paper): the two groups use disjoint arcs (on p's side one group's arcs point towards p, the
 *       other's away from it), so both start with the level; the window is the largest max(T_pc,
 *       T_cp) and T &lt;= (C + Q - 1) depth.
 * </ul>
 *
 * Log bases are read as log2 (docs/models/bufferless-chatting.md#log-bases-and-strict-bounds); the
 * two-node tree (δ = 1) has one level.
 *
 * <p>Statistics: {@code depth} (recursion levels that cut an edge) and {@code virtualDuration}, the
 * largest virtual duration of a cut arc's schedule (each at most C); there is no single virtual
 * schedule of the whole tree.
 *
 * <p>Cost: per level O(n + total route length), so O(depth (n + Σ d)); depth can reach n - 1 (a
 * star with messages between all leaves peels one leaf per level).
 *
 * @implNote Stateless.
 */
public final class TreeCuts implements Method {
  private final boolean simultaneous;

  private TreeCuts(boolean simultaneous) {
    this.simultaneous = simultaneous;
  }

  /** {@code tree-cuts}: the paper's schedule, the two arcs of a cut one after the other. */
  public static TreeCuts sequential() {
    return new TreeCuts(false);
  }

  /**
   * {@code tree-cuts-simultaneous}: both arcs of a cut in the same window
   * (docs/models/bufferless-chatting.md#tree-cuts-and-tree-cuts-simultaneous extension).
   */
  public static TreeCuts simultaneous() {
    return new TreeCuts(true);
  }

  private static final Scope.NetworkTest BIDIRECTIONAL_TREE =
      new Scope.NetworkTest(
          "bidirectional trees (tree, star, bla, or explicit links forming a tree)",
          i ->
              isBidirectionalTree(i.network())
                  ? null
                  : "is the paper's algorithm for a bidirectional tree, and this "
                      + i.network().topology().family()
                      + " network is not one (every link two opposing arcs, connected, "
                      + "n - 1 links): use greedy");

  private static final Scope SCOPE =
      Scope.of(ProblemKind.CHATTING)
          .bufferlessPorts(CommModel.BufferlessPorts.ALL)
          .on(BIDIRECTIONAL_TREE)
          .note("any lengths");

  private static final String PAPER =
      "Bhatt, Bilardi, Pucci, Ranade, Rosenberg, Schwabe, \"On Bufferless Routing of "
          + "Variable Length Messages in Leveled Networks\", Proposition 6.1, Theorem 6.1";

  /** The facts of {@code tree-cuts}: the paper's schedule. */
  static final MethodFacts SEQUENTIAL =
      new MethodFacts(
          "tree-cuts",
          "chatting on a bidirectional tree: recursive centroid-edge cuts, per cut arc concatenation and VO, the "
              + "two arcs of a cut one after the other, levels concatenated",
          "T <= 2(C + Q - 1) depth <= 2(C + Q) ceil(δ log2 n)",
          PAPER,
          SCOPE,
          false);

  /** The facts of {@code tree-cuts-simultaneous}: this project's extension. */
  static final MethodFacts SIMULTANEOUS =
      new MethodFacts(
          "tree-cuts-simultaneous",
          "chatting on a bidirectional tree: recursive centroid-edge cuts, per cut arc concatenation and VO, both "
              + "arcs of a cut at once (extension of the paper's Theorem 6.1)",
          "T <= (C + Q - 1) depth, depth <= ceil(δ log2 n)",
          PAPER
              + "; simultaneous arcs: docs/models/bufferless-chatting.md#tree-cuts-and-tree-cuts-simultaneous extension",
          SCOPE,
          false);

  @Override
  public MethodFacts facts() {
    return simultaneous ? SIMULTANEOUS : SEQUENTIAL;
  }

  /** True if every arc has its opposing arc and the links form a spanning tree. */
  static boolean isBidirectionalTree(Network net) {
    int n = net.nodes();
    if (net.arcs() != 2 * (n - 1)) {
      return false;
    }
    for (int a = 0; a < net.arcs(); a++) {
      if (net.reverse(a) < 0) {
        return false;
      }
    }
    boolean[] seen = new boolean[n];
    ArrayDeque<Integer> queue = new ArrayDeque<>();
    seen[0] = true;
    queue.add(0);
    int count = 1;
    while (!queue.isEmpty()) {
      int x = queue.poll();
      for (int k = 0; k < net.outDegree(x); k++) {
        int y = net.head(net.outArc(x, k));
        if (!seen[y]) {
          seen[y] = true;
          count++;
          queue.add(y);
        }
      }
    }
    return count == n;
  }

  @Override
  public SolveResult solve(Instance instance, SolveLimits limits) {
    requireApplies(instance);
    Plan plan = plan(instance, simultaneous);
    List<Message> msgs = instance.messages();
    Map<String, Long> out = new LinkedHashMap<>();
    long makespan = 0;
    for (int i = 0; i < msgs.size(); i++) {
      out.put(msgs.get(i).id(), plan.departures[i]);
      makespan =
          Math.max(
              makespan, plan.departures[i] + msgs.get(i).length() + instance.atlas().hops(i) - 1);
    }
    return SolveResult.feasible(
            name(), new Schedule.Departures(out), makespan, limits.run().bestBound(instance))
        .withStat("virtualDuration", plan.maxCutVirtualDuration)
        .withStat("depth", (long) plan.depth);
  }

  /**
   * The outcome of the recursion.
   *
   * @param departures per message (instance order), 0-based
   * @param depth recursion levels that cut an edge
   * @param maxCutVirtualDuration the largest virtual duration of one cut arc's schedule
   * @param cutLevel per message, the recursion level (1-based) whose cut it crosses
   * @param cuts per cut edge, in order: {level, component nodes, nodes on the child's side, the
   *     component's largest degree}
   */
  record Plan(
      long[] departures, int depth, long maxCutVirtualDuration, int[] cutLevel, List<int[]> cuts) {}

  /** Runs the recursion (the instance must be a chatting instance on a bidirectional tree). */
  static Plan plan(Instance instance, boolean simultaneous) {
    Network net = instance.network();
    Atlas atlas = instance.atlas();
    List<Message> msgs = instance.messages();
    int n = net.nodes();
    int m = msgs.size();
    long[] departure = new long[m];
    int[] cutLevel = new int[m];
    boolean[] removed = new boolean[net.arcs()]; // by arc; both arcs of a cut edge are removed
    int[] comp = new int[n]; // component id per node
    int nextComp = 1;
    // components: node list and message list (instance order)
    List<int[]> compNodes = new ArrayList<>();
    List<List<Integer>> compMsgs = new ArrayList<>();
    int[] all = new int[n];
    for (int v = 0; v < n; v++) {
      all[v] = v;
    }
    List<Integer> allMsgs = new ArrayList<>();
    for (int i = 0; i < m; i++) {
      allMsgs.add(i);
    }
    if (n >= 2 && m > 0) {
      compNodes.add(all);
      compMsgs.add(allMsgs);
    }
    List<int[]> cuts = new ArrayList<>();
    long offset = 0;
    int depth = 0;
    long maxS = 0;
    // scratch arrays for subtree sizes
    int[] parent = new int[n];
    int[] size = new int[n];
    int[] pos = new int[n];
    while (!compNodes.isEmpty()) {
      depth++;
      long window = 0;
      List<int[]> nextNodes = new ArrayList<>();
      List<List<Integer>> nextMsgs = new ArrayList<>();
      for (int ci = 0; ci < compNodes.size(); ci++) {
        int[] nodes = compNodes.get(ci);
        List<Integer> ms = compMsgs.get(ci);
        // preorder from the smallest node over the arcs not removed
        int root = Integer.MAX_VALUE;
        for (int v : nodes) {
          root = Math.min(root, v);
        }
        int[] order = preorder(net, removed, root, parent, nodes.length);
        for (int k = 0; k < order.length; k++) {
          pos[order[k]] = k;
          size[order[k]] = 1;
        }
        for (int k = order.length - 1; k > 0; k--) {
          size[parent[order[k]]] += size[order[k]];
        }
        int bestC = -1;
        long bestVal = Long.MAX_VALUE;
        int bestLo = 0;
        int bestHi = 0;
        for (int k = 1; k < order.length; k++) {
          int c = order[k];
          int p = parent[c];
          long val = Math.max(size[c], order.length - size[c]);
          int lo = Math.min(p, c);
          int hi = Math.max(p, c);
          if (val < bestVal || (val == bestVal && (lo < bestLo || (lo == bestLo && hi < bestHi)))) {
            bestVal = val;
            bestC = c;
            bestLo = lo;
            bestHi = hi;
          }
        }
        int c = bestC;
        int p = parent[c];
        int degree = 0;
        for (int v : nodes) {
          int d = 0;
          for (int k = 0; k < net.outDegree(v); k++) {
            d += removed[net.outArc(v, k)] ? 0 : 1;
          }
          degree = Math.max(degree, d);
        }
        cuts.add(new int[] {depth, nodes.length, size[c], degree});
        int pc = net.arc(p, c);
        int cp = net.arc(c, p);
        // the two groups, instance order; the rest by the side of their source
        int cId = nextComp++;
        for (int k = pos[c]; k < pos[c] + size[c]; k++) {
          comp[order[k]] = cId;
        }
        int pId = comp[p];
        List<Integer> groupPc = new ArrayList<>();
        List<Integer> groupCp = new ArrayList<>();
        List<Integer> sideP = new ArrayList<>();
        List<Integer> sideC = new ArrayList<>();
        for (int i : ms) {
          int[] arcs = atlas.arcs(i);
          int hop = -1;
          boolean forward = false;
          for (int k = 0; k < arcs.length; k++) {
            if (arcs[k] == pc || arcs[k] == cp) {
              hop = k;
              forward = arcs[k] == pc;
              break;
            }
          }
          if (hop >= 0) {
            (forward ? groupPc : groupCp).add(i);
          } else {
            (comp[msgs.get(i).from()] == cId ? sideC : sideP).add(i);
          }
        }
        long[] tPc = group(groupPc, pc, atlas, msgs, departure);
        long[] tCp = group(groupCp, cp, atlas, msgs, departure);
        maxS = Math.max(maxS, Math.max(tPc[1], tCp[1]));
        long shiftCp = simultaneous ? 0 : tPc[0];
        for (int i : groupPc) {
          departure[i] += offset;
          cutLevel[i] = depth;
        }
        for (int i : groupCp) {
          departure[i] += offset + shiftCp;
          cutLevel[i] = depth;
        }
        window = Math.max(window, simultaneous ? Math.max(tPc[0], tCp[0]) : tPc[0] + tCp[0]);
        removed[pc] = true;
        removed[cp] = true;
        // children that still hold messages (a message needs two nodes)
        if (!sideP.isEmpty()) {
          int[] pn = new int[nodes.length - size[c]];
          int q = 0;
          for (int v : nodes) {
            if (comp[v] == pId) {
              pn[q++] = v;
            }
          }
          nextNodes.add(pn);
          nextMsgs.add(sideP);
        }
        if (!sideC.isEmpty()) {
          int[] cn = new int[size[c]];
          System.arraycopy(order, pos[c], cn, 0, size[c]);
          nextNodes.add(cn);
          nextMsgs.add(sideC);
        }
      }
      offset += window;
      compNodes = nextNodes;
      compMsgs = nextMsgs;
    }
    return new Plan(departure, depth, maxS, cutLevel, cuts);
  }

  /**
   * Schedules the messages crossing {@code arc} (instance order): concatenated slots on the arc, VO
   * with the arc's leveling (first-arc level = -hop of the arc on the route), shifted to start at
   * 0. Writes the departures and returns {T_arc, S_arc}; {0, 0} for no messages.
   */
  private static long[] group(
      List<Integer> group, int arc, Atlas atlas, List<Message> msgs, long[] departure) {
    int g = group.size();
    if (g == 0) {
      return new long[] {0, 0};
    }
    long[] sigma = new long[g];
    long[] level = new long[g];
    long s = 0;
    for (int q = 0; q < g; q++) {
      int i = group.get(q);
      sigma[q] = s;
      s = Math.addExact(s, msgs.get(i).length());
      int[] arcs = atlas.arcs(i);
      int hop = 0;
      while (arcs[hop] != arc) {
        hop++;
      }
      level[q] = -hop;
    }
    long[] t = Transforms.normalise(Transforms.vo(sigma, level, s));
    long span = 0;
    for (int q = 0; q < g; q++) {
      int i = group.get(q);
      departure[i] = t[q];
      span = Math.max(span, t[q] + msgs.get(i).length() + atlas.hops(i) - 1);
    }
    return new long[] {span, s};
  }

  /** Preorder of the component of {@code root} over arcs not removed; fills {@code parent}. */
  private static int[] preorder(Network net, boolean[] removed, int root, int[] parent, int count) {
    int[] order = new int[count];
    int q = 0;
    ArrayDeque<Integer> stack = new ArrayDeque<>();
    parent[root] = -1;
    stack.push(root);
    while (!stack.isEmpty()) {
      int x = stack.pop();
      order[q++] = x;
      for (int k = net.outDegree(x) - 1; k >= 0; k--) {
        int a = net.outArc(x, k);
        int y = net.head(a);
        if (!removed[a] && y != parent[x]) {
          parent[y] = x;
          stack.push(y);
        }
      }
    }
    if (q != count) {
      throw new IllegalStateException(
          "tree-cuts: component of node " + root + " has " + q + " nodes, expected " + count);
    }
    return order;
  }
}
