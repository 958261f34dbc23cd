package org.commsched.core.bounds;

import java.util.Arrays;
import java.util.List;
import org.commsched.core.model.Atlas;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.model.Topology;

/**
 * Per-arc flit loads of a bufferless instance, with the head and tail of every use (see {@link
 * ResourceTable}): message M crossing its k-th arc (0-based) of d has head k, work l(M), tail d - 1
 * - k.
 *
 * <p>Messages of length 0 (null scatter/gather messages) are skipped: they are absent from every
 * schedule.
 */
final class ArcLoads {
  private ArcLoads() {}

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
  static ResourceTable[] byMessage(
      Instance inst, boolean keep, boolean ports, int skipSendAt, int skipRecvAt) {
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
   * Message indices grouped by destination (then by index): default shortest routes are computed
   * per destination, so consecutive messages to one destination reuse the atlas's cached distances.
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

  /**
   * The length of every message, in instance order (the work a bufferless message puts on each of
   * its arcs).
   */
  static long[] lengths(Instance inst) {
    List<Message> ms = inst.messages();
    long[] w = new long[ms.size()];
    for (int i = 0; i < w.length; i++) {
      w[i] = ms.get(i).length();
    }
    return w;
  }

  /**
   * The streaming statistics of every arc (load, least head, least tail, number of messages; no
   * threshold subsets) of the non-null messages: exactly those of {@link #byMessage} with {@code
   * keep} false, heads and tails in hops and message i putting {@code work[i]} on each of its arcs.
   * Default routes are not walked hop by hop where their shape allows: straight routes on a ula or
   * bla and one-turn routes on an ESM by {@link LineSweep} (time {@code O(|M| + arcs)} with many
   * messages, {@code O(|M| log |M|)} plus the arcs covered with few), the breadth-first tree routes
   * of scatter and gather by sums over subtrees ({@code O(|M| + n)}). The paths of a tree network
   * are climbed from both ends without building them; explicit routes and the default routes of
   * other networks are walked.
   *
   * @return the table, or null if the total work of the non-null messages exceeds a long (then walk
   *     the routes: each arc's load may still fit)
   */
  static ResourceTable streaming(Instance inst, long[] work) {
    List<Message> ms = inst.messages();
    Network net = inst.network();
    Atlas atlas = inst.atlas();
    try {
      long total = 0;
      for (int i = 0; i < work.length; i++) {
        if (ms.get(i).length() > 0) {
          total = Math.addExact(total, work[i]);
        }
      }
    } catch (ArithmeticException e) {
      return null;
    }
    ResourceTable arcs = new ResourceTable(net.arcs(), false);
    Topology t = net.topology();
    boolean[] walk = new boolean[ms.size()];
    if (atlas.hasRouteTree()) {
      treeRoutes(inst, work, arcs, walk);
    } else if (t instanceof Topology.Ula || t instanceof Topology.Bla) {
      straightRoutes(inst, work, arcs, walk);
    } else if (t instanceof Topology.Esm) {
      oneTurnRoutes(inst, (Topology.Esm) t, work, arcs, walk);
    } else if (net.isTree()) {
      treePaths(inst, work, arcs, walk);
    } else {
      Arrays.fill(walk, true);
    }
    for (int i :
        byDestination(ms)) { // default routes of other networks are computed per destination
      if (walk[i] && ms.get(i).length() > 0) {
        int[] route = atlas.arcs(i);
        int d = route.length;
        for (int k = 0; k < d; k++) {
          arcs.add(route[k], k, work[i], d - 1 - k);
        }
      }
    }
    return arcs;
  }

  /** True for a non-null message on its default route (the others are walked). */
  private static boolean defaultRouted(Instance inst, int i) {
    return inst.messages().get(i).length() > 0 && !inst.atlas().isExplicit(i);
  }

  /**
   * Straight default routes of a ula or bla: rightward arcs as one line, leftward ones mirrored as
   * another.
   */
  private static void straightRoutes(
      Instance inst, long[] work, ResourceTable arcs, boolean[] walk) {
    Network net = inst.network();
    int n = net.nodes();
    boolean bla = net.topology() instanceof Topology.Bla;
    // rightward arc x -> x + 1 at position x; leftward ones mirrored: y + 1 -> y at position 2n - 3
    // - y
    LineSweep lines =
        new LineSweep(
            bla ? 2 * (n - 1) : n - 1,
            p -> p < n - 1 ? net.arc(p, p + 1) : net.arc(2 * n - 2 - p, 2 * n - 3 - p));
    List<Message> ms = inst.messages();
    for (int i = 0; i < ms.size(); i++) {
      if (!defaultRouted(inst, i)) {
        walk[i] = ms.get(i).length() > 0;
        continue;
      }
      int u = ms.get(i).from();
      int v = ms.get(i).to();
      if (u < v) {
        lines.run(u, v, 0, 0, work[i]);
      } else {
        lines.run(2 * n - 2 - u, 2 * n - 2 - v, 0, 0, work[i]);
      }
    }
    lines.into(arcs);
  }

  /**
   * One-turn default routes of an ESM (east along the source row, then south): the rows' east arcs
   * and the columns' south arcs are the lines; a message runs on its source row, then on its
   * destination column.
   */
  private static void oneTurnRoutes(
      Instance inst, Topology.Esm esm, long[] work, ResourceTable arcs, boolean[] walk) {
    Network net = inst.network();
    int rows = esm.rows();
    int cols = esm.cols();
    int columnsAt = rows * (cols - 1);
    // east arc of row r, column c at position r (cols - 1) + c; south arc of column c, row r after
    // all of them
    LineSweep lines =
        new LineSweep(
            columnsAt + cols * (rows - 1),
            p -> {
              if (p < columnsAt) {
                int v = p / (cols - 1) * cols + p % (cols - 1);
                return net.arc(v, v + 1);
              }
              int c = (p - columnsAt) / (rows - 1);
              int v = (p - columnsAt) % (rows - 1) * cols + c;
              return net.arc(v, v + cols);
            });
    List<Message> ms = inst.messages();
    for (int i = 0; i < ms.size(); i++) {
      if (!defaultRouted(inst, i)) {
        walk[i] = ms.get(i).length() > 0;
        continue;
      }
      int sr = ms.get(i).from() / cols;
      int sc = ms.get(i).from() % cols;
      int dr = ms.get(i).to() / cols;
      int dc = ms.get(i).to() % cols;
      lines.run(sr * (cols - 1) + sc, sr * (cols - 1) + dc, 0, dr - sr, work[i]);
      lines.run(
          columnsAt + dc * (rows - 1) + sr, columnsAt + dc * (rows - 1) + dr, dc - sc, 0, work[i]);
    }
    lines.into(arcs);
  }

  /**
   * Breadth-first tree routes of scatter (root down to the destination) and gather (source up to
   * the root). The tree arc at node x (from its parent, or to it) carries the messages of x's
   * subtree: a scatter message to v crosses it as hop {@code depth(x) - 1} with {@code depth(v) -
   * depth(x)} hops left, a gather message from u after {@code depth(u) - depth(x)} hops with {@code
   * depth(x) - 1} left. So load, number and the least {@code depth} of the subtree's messages give
   * the arc's statistics.
   */
  private static void treeRoutes(Instance inst, long[] work, ResourceTable arcs, boolean[] walk) {
    Network net = inst.network();
    Atlas atlas = inst.atlas();
    boolean scatter = inst.kind() == ProblemKind.SCATTER;
    int n = net.nodes();
    long[] load = new long[n];
    long[] count = new long[n];
    long[] least = new long[n]; // least depth of a message's far end in the subtree
    Arrays.fill(least, Long.MAX_VALUE);
    List<Message> ms = inst.messages();
    for (int i = 0; i < ms.size(); i++) {
      if (!defaultRouted(inst, i)) {
        walk[i] = ms.get(i).length() > 0;
        continue;
      }
      int v = scatter ? ms.get(i).to() : ms.get(i).from();
      load[v] += work[i];
      count[v]++;
      least[v] = Math.min(least[v], atlas.routeTreeDepth(v));
    }
    int[] order = byDepth(atlas, n);
    for (int j = order.length - 1; j >= 0; j--) {
      int x = order[j];
      int parent = atlas.routeTreeNext(x);
      if (parent < 0 || count[x] == 0) {
        continue; // the root, or no message through x
      }
      load[parent] += load[x];
      count[parent] += count[x];
      least[parent] = Math.min(least[parent], least[x]);
      long depth = atlas.routeTreeDepth(x);
      if (scatter) {
        arcs.merge(net.arc(parent, x), load[x], depth - 1, least[x] - depth, count[x]);
      } else {
        arcs.merge(net.arc(x, parent), load[x], least[x] - depth, depth - 1, count[x]);
      }
    }
  }

  /**
   * Unique paths of a tree network (tree, star): from the source up to the lowest common ancestor,
   * then down to the destination. Both ends climb by parent pointers, so no node list is built: the
   * arc above node x is crossed as hop {@code depth(u) - depth(x)} on the way up from u, and as the
   * hop with {@code depth(v) - depth(x)} hops left on the way down to v.
   */
  private static void treePaths(Instance inst, long[] work, ResourceTable arcs, boolean[] walk) {
    Network net = inst.network();
    int n = net.nodes();
    int[] up = new int[n];
    int[] down = new int[n];
    for (int x = 0; x < n; x++) {
      int p = net.treeParent(x);
      up[x] = p < 0 ? -1 : net.arc(x, p);
      down[x] = p < 0 ? -1 : net.arc(p, x);
    }
    List<Message> ms = inst.messages();
    for (int i = 0; i < ms.size(); i++) {
      if (!defaultRouted(inst, i)) {
        walk[i] = ms.get(i).length() > 0;
        continue;
      }
      int u = ms.get(i).from();
      int v = ms.get(i).to();
      int d = inst.atlas().hops(i);
      int du = net.treeDepth(u);
      int dv = net.treeDepth(v);
      long w = work[i];
      int a = u;
      int b = v;
      while (a != b) {
        if (net.treeDepth(a) >= net.treeDepth(b)) {
          int k = du - net.treeDepth(a);
          arcs.add(up[a], k, w, d - 1 - k);
          a = net.treeParent(a);
        } else {
          int tail = dv - net.treeDepth(b);
          arcs.add(down[b], d - 1 - tail, w, tail);
          b = net.treeParent(b);
        }
      }
    }
  }

  /** The nodes the route tree reaches, by increasing depth (a counting sort). */
  static int[] byDepth(Atlas atlas, int n) {
    int maxDepth = 0;
    int reached = 0;
    for (int v = 0; v < n; v++) {
      int d = atlas.routeTreeDepth(v);
      maxDepth = Math.max(maxDepth, d);
      reached += d >= 0 ? 1 : 0;
    }
    int[] first = new int[maxDepth + 2];
    for (int v = 0; v < n; v++) {
      int d = atlas.routeTreeDepth(v);
      if (d >= 0) {
        first[d + 1]++;
      }
    }
    for (int d = 0; d <= maxDepth; d++) {
      first[d + 1] += first[d];
    }
    int[] order = new int[reached];
    for (int v = 0; v < n; v++) {
      int d = atlas.routeTreeDepth(v);
      if (d >= 0) {
        order[first[d]++] = v;
      }
    }
    return order;
  }

  /**
   * Send- and receive-port tables by node built from an arc table's streaming statistics: a route
   * visits a node once, so the flits a node sends (receives) are those of the arcs leaving
   * (entering) it, one item each.
   *
   * @param skipSendAt node whose send port is left out (-1 for none)
   * @param skipRecvAt node whose receive port is left out (-1 for none)
   * @return send table, receive table
   */
  static ResourceTable[] ports(Network net, ResourceTable arcs, int skipSendAt, int skipRecvAt) {
    ResourceTable send = new ResourceTable(net.nodes(), false);
    ResourceTable recv = new ResourceTable(net.nodes(), false);
    for (int a :
        arcs.used()) { // the arcs in use only: an implicit ring of 10^8 arcs may carry a few
      // messages
      if (net.tail(a) != skipSendAt) {
        send.merge(net.tail(a), arcs.sum(a), arcs.minHead(a), arcs.minTail(a), arcs.count(a));
      }
      if (net.head(a) != skipRecvAt) {
        recv.merge(net.head(a), arcs.sum(a), arcs.minHead(a), arcs.minTail(a), arcs.count(a));
      }
    }
    return new ResourceTable[] {send, recv};
  }
}
