package org.commsched.core.bounds;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.commsched.core.model.Atlas;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Network;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.time.TimeScale;

/**
 * CHAIN: the proportionate flow-shop bound of store-and-forward packets over a chain of ports
 * (docs/models/packet.md#lower-bounds).
 *
 * <p>A packet of s units takes {@code beta + s tau} on <i>every</i> hop, so the packets whose
 * routes cross the same exclusive resources M_1, ..., M_m in that order (consecutive hops) form a
 * proportionate flow shop. Let j* be the largest packet, a* = {@code beta + s_max tau}. Follow j*:
 * on M_1 it waits for the packets before it there; at every later M_k it waits for the packets that
 * were behind it on M_(k-1) and go ahead of it on M_k (they run on M_k after j* left M_(k-1));
 * every other packet runs on M_m after j*. Each packet is counted once, so the last of them leaves
 * M_m no earlier than the least head + the total work of all of them + (m - 1) a*, and still needs
 * its tail. The work is {@code L tau + r beta} for r packets, and with largest packet s a message
 * of L units has at least ceil(L / s) packets: the bound takes the least value over s (exactly for
 * small s, and over intervals of s with the packet count at the interval's top and a* at its bottom
 * beyond).
 *
 * <p>Resources: under one port a node's out-port (chains along the start of routes: the messages
 * whose first m hops are sent by the same m nodes) and its in-port (chains along the end of routes:
 * the last m hops received by the same m nodes); under all ports the arcs. Both hold under the
 * exchange rule and half duplex too, which only forbid more. The subsets "at least y hops after the
 * chain" (prefix chains) or "before it" (suffix chains) are evaluated like the threshold subsets of
 * {@link ResourceTable}. Chains of one hop are the port bounds already reported; on a scatter over
 * a tree the prefix chains from the root dominate the chains that start further down (extending a
 * chain by the hop before it trades a head of {@code beta + tau} for a* at least as large).
 *
 * <p>Example (issue 22's trees): the root's one port feeds node 3, whose port forwards 22 of its 23
 * messages (83 units): the two-port chain gives 83 + 22 + (beta + 6 tau) = 112 with one packet per
 * message, where the root's port alone gives 108; 112 is the optimum.
 */
final class ChainBounds {
  /**
   * Largest number of (message, chain) items times candidate sizes evaluated; beyond it no chain
   * bound.
   */
  static final long MAX_WORK = 40_000_000L;

  /**
   * Largest number of (message, chain) items, the sum of the hops: the chains are kept in a hash
   * table.
   */
  static final long MAX_ITEMS = 1L << 20;

  /** Sizes up to this are evaluated one by one; beyond it in intervals growing by a sixteenth. */
  private static final long EXACT_SIZES = 64;

  private ChainBounds() {}

  /**
   * Adds the strongest chain bound of {@code inst} (beta, tau and the hop in ticks), if it passes
   * every port bound.
   */
  static void add(Instance inst, long beta, long tau, boolean onePort, List<LowerBound> out) {
    Atlas atlas = inst.atlas();
    int n = inst.messages().size();
    long items = 0;
    long longest = 0;
    for (int i = 0; i < n; i++) {
      long l = inst.messages().get(i).length();
      if (l > 0) {
        items = Math.addExact(items, atlas.hops(i));
        longest = Math.max(longest, l);
      }
    }
    if (items == 0 || items > MAX_ITEMS) {
      return;
    }
    long[][] grid = intervals(longest);
    if (Math.multiplyExact(2 * items, grid.length) > MAX_WORK) {
      return;
    }
    Best best = null;
    long[] lastTwo = {-1, 0, 0, 0};
    for (boolean prefix : new boolean[] {true, false}) {
      long[] two = {-1, 0, 0};
      Best b = direction(inst, prefix, onePort, beta, tau, grid, (int) items, two);
      if (two[0] > lastTwo[0]) {
        lastTwo = new long[] {two[0], two[1], two[2], prefix ? 1 : 0};
      }
      if (b != null && (best == null || b.value > best.value)) {
        best = b;
      }
    }
    if (best != null) {
      out.add(new LowerBound(best.value, "CHAIN", witness(inst, best, onePort, beta, tau)));
    }
    if (lastTwo[0] > 0) {
      TimeScale sc = inst.timeScale();
      boolean prefix = lastTwo[3] == 1;
      String res =
          onePort
              ? (prefix ? "the out-port of node " : "the in-port of node ") + lastTwo[1]
              : "arc " + inst.network().arcName((int) lastTwo[1]);
      out.add(
          new LowerBound(
              lastTwo[0],
              "LAST-TWO",
              res
                  + " is the "
                  + (prefix ? "first" : "last")
                  + " hop of "
                  + Witness.count(lastTwo[2], "message")
                  + ", one transfer at a time: with a second packet of any of them its"
                  + " work grows by beta; with one packet each, the "
                  + (prefix ? "last" : "first")
                  + " transfer there and the"
                  + " one "
                  + (prefix ? "before" : "after")
                  + " it each still need their messages' other hops at beta + L*tau"
                  + " each (the "
                  + (prefix ? "one before ends" : "one after starts")
                  + " one transfer's work "
                  + (prefix ? "earlier" : "later")
                  + "): least over the pairs and the extra packet "
                  + sc.format(lastTwo[0])));
    }
  }

  /**
   * LAST-TWO on one resource used by the first hop (prefix) or the last hop of the messages in
   * {@code group}: either some message has two packets there, and the work is one-packet work S1 +
   * beta at least, plus the least remaining hops at beta + tau; or every message has one packet,
   * each of its other hops takes beta + L tau, and with x the last transfer on the resource and y
   * the one before it (y ends by S1 - a(x)) the makespan is at least max(S1 + tail(x), S1 - a(x) +
   * tail(y)), least over the pairs (mirrored for the last hop: heads, first two). Stores {value,
   * resource, messages} into {@code best} when larger.
   */
  private static void lastTwo(
      Instance inst,
      List<Integer> group,
      int[] message,
      int[] slack,
      long beta,
      long tau,
      boolean prefix,
      int resource,
      long[] best) {
    int k = group.size();
    long hop = Math.addExact(beta, tau);
    long s1 = 0;
    long least = Long.MAX_VALUE;
    long[] a = new long[k];
    long[] tail = new long[k];
    for (int g = 0; g < k; g++) {
      int j = group.get(g);
      a[g] = Math.addExact(beta, Math.multiplyExact(inst.messages().get(message[j]).length(), tau));
      tail[g] = Math.multiplyExact(slack[j], a[g]);
      s1 = Math.addExact(s1, a[g]);
      least = Math.min(least, Math.multiplyExact(slack[j], hop));
    }
    long multi = Math.addExact(Math.addExact(s1, beta), least);
    int first = -1;
    int second = -1;
    for (int g = 0; g < k; g++) {
      if (first < 0 || tail[g] < tail[first]) {
        second = first;
        first = g;
      } else if (second < 0 || tail[g] < tail[second]) {
        second = g;
      }
    }
    long single = Long.MAX_VALUE;
    for (int x = 0; x < k; x++) {
      long v = Math.addExact(s1, tail[x]);
      int y = x == first ? second : first;
      if (y >= 0) {
        v = Math.max(v, Math.addExact(s1 - a[x], tail[y]));
      }
      single = Math.min(single, v);
    }
    long value = Math.min(multi, single);
    if (value > best[0]) {
      best[0] = value;
      best[1] = resource;
      best[2] = k;
    }
  }

  /**
   * The strongest chain of one direction: of the starts of routes ({@code prefix}) or of their
   * ends.
   */
  private static Best direction(
      Instance inst,
      boolean prefix,
      boolean onePort,
      long beta,
      long tau,
      long[][] grid,
      int items,
      long[] lastTwo) {
    Network net = inst.network();
    Atlas atlas = inst.atlas();
    int resources = onePort ? net.nodes() : net.arcs();
    Map<Long, Integer> child = new HashMap<>();
    List<Integer> parentOf = new ArrayList<>();
    List<Integer> resOf = new ArrayList<>();
    int[] node = new int[items];
    int[] message = new int[items];
    int[] slack = new int[items];
    int k = 0;
    for (int i = 0; i < inst.messages().size(); i++) {
      if (inst.messages().get(i).length() == 0) {
        continue;
      }
      int[] route = atlas.arcs(i);
      int d = route.length;
      int id = -1;
      for (int m = 1; m <= d; m++) {
        int a = prefix ? route[m - 1] : route[d - m];
        int res = onePort ? (prefix ? net.tail(a) : net.head(a)) : a;
        long key = (id + 1L) * (resources + 1L) + res;
        Integer c = child.get(key);
        if (c == null) {
          c = parentOf.size();
          child.put(key, c);
          parentOf.add(id);
          resOf.add(res);
        }
        id = c;
        node[k] = id;
        message[k] = i;
        slack[k] = d - m;
        k++;
      }
    }
    int chains = parentOf.size();
    int[] depth = new int[chains];
    for (int c = 0; c < chains; c++) {
      depth[c] = parentOf.get(c) < 0 ? 1 : depth[parentOf.get(c)] + 1; // parents are created first
    }
    // group the items by chain, each group by slack, largest first
    int[] start = new int[chains + 1];
    for (int j = 0; j < items; j++) {
      start[node[j] + 1]++;
    }
    for (int c = 0; c < chains; c++) {
      start[c + 1] += start[c];
    }
    int[] fill = start.clone();
    int[] order = new int[items];
    for (int j = 0; j < items; j++) {
      order[fill[node[j]]++] = j;
    }
    long hop = Math.addExact(beta, tau);
    Best best = null;
    long[] count = new long[grid.length];
    List<Integer> group = new ArrayList<>();
    for (int c = 0; c < chains; c++) {
      int m = depth[c];
      group.clear();
      for (int j = start[c]; j < start[c + 1]; j++) {
        group.add(order[j]);
      }
      if (m < 2) {
        lastTwo(inst, group, message, slack, beta, tau, prefix, resOf.get(c), lastTwo);
        continue;
      }
      group.sort((x, y) -> Integer.compare(slack[y], slack[x]));
      java.util.Arrays.fill(count, 0);
      long units = 0;
      for (int g = 0; g < group.size(); g++) {
        int j = group.get(g);
        long l = inst.messages().get(message[j]).length();
        units = Math.addExact(units, l);
        for (int t = 0; t < grid.length; t++) {
          count[t] = Math.addExact(count[t], PathSending.ceilDiv(l, grid[t][1]));
        }
        if (g + 1 < group.size() && slack[group.get(g + 1)] == slack[j]) {
          continue; // evaluate each threshold subset once, with all its messages
        }
        long least = Long.MAX_VALUE;
        long at = 0;
        long packets = 0;
        for (int t = 0; t < grid.length; t++) {
          long v =
              Math.addExact(
                  Math.multiplyExact(beta, count[t]),
                  Math.multiplyExact(
                      m - 1L, Math.addExact(beta, Math.multiplyExact(grid[t][0], tau))));
          if (v < least) {
            least = v;
            at = t;
            packets = count[t];
          }
        }
        long value =
            Math.addExact(
                Math.addExact(Math.multiplyExact(slack[j], hop), Math.multiplyExact(units, tau)),
                least);
        if (best == null || value > best.value) {
          best =
              new Best(
                  value,
                  prefix,
                  chainResources(c, parentOf, resOf, prefix),
                  g + 1,
                  units,
                  slack[j],
                  grid[(int) at][0],
                  grid[(int) at][1],
                  packets,
                  longestOf(inst, group, message, g));
        }
      }
    }
    return best;
  }

  private static long longestOf(Instance inst, List<Integer> group, int[] message, int upTo) {
    long out = 0;
    for (int g = 0; g <= upTo; g++) {
      out = Math.max(out, inst.messages().get(message[group.get(g)]).length());
    }
    return out;
  }

  /** The chain's resources in travel order. */
  private static int[] chainResources(
      int c, List<Integer> parentOf, List<Integer> resOf, boolean prefix) {
    List<Integer> up = new ArrayList<>();
    for (int x = c; x >= 0; x = parentOf.get(x)) {
      up.add(resOf.get(x));
    }
    int[] out = new int[up.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = prefix ? up.get(out.length - 1 - i) : up.get(i);
    }
    return out;
  }

  /**
   * The candidate largest packet sizes 1..longest as intervals {lo, hi}: single sizes up to {@value
   * #EXACT_SIZES}, then intervals each about a sixteenth longer than the last value; a lower bound
   * over an interval takes the packet count at hi (counts only fall as the size grows) and a* at
   * lo.
   */
  static long[][] intervals(long longest) {
    List<long[]> out = new ArrayList<>();
    long lo = 1;
    while (lo <= longest) {
      long hi = lo <= EXACT_SIZES ? lo : Math.min(longest, lo + Math.max(1, lo / 16));
      out.add(new long[] {lo, hi});
      lo = hi + 1;
    }
    return out.toArray(new long[0][]);
  }

  private static String witness(Instance inst, Best b, boolean onePort, long beta, long tau) {
    TimeScale sc = inst.timeScale();
    Network net = inst.network();
    StringBuilder res = new StringBuilder();
    for (int i = 0; i < b.chain.length; i++) {
      res.append(i == 0 ? "" : ", ")
          .append(onePort ? String.valueOf(b.chain[i]) : net.arcName(b.chain[i]));
    }
    int m = b.chain.length;
    String ports =
        onePort ? (b.prefix ? "the out-ports of nodes " : "the in-ports of nodes ") : "the arcs ";
    String subset =
        b.slack == 0
            ? ""
            : (b.prefix ? ", of those still at least " : ", of those at least ")
                + Witness.count(b.slack, "hop")
                + (b.prefix ? " from their destination after it" : " past their source");
    String size = b.lo == b.hi ? String.valueOf(b.lo) : b.lo + ".." + b.hi;
    long hop = beta + tau;
    return "the "
        + Witness.count(b.messages, "message")
        + " ("
        + Witness.count(b.units, "unit")
        + ") whose routes "
        + (b.prefix ? "start" : "end")
        + " with hops through "
        + ports
        + res
        + subset
        + " cross these "
        + m
        + " exclusive resources in order, each packet taking beta + s*tau on every one (a proportionate flow shop): "
        + (b.prefix
            ? "the last leaves the chain no earlier than "
            : "the last leaves the chain no earlier than the " + "least time any reaches it + ")
        + "all their work + ("
        + m
        + " - 1) x the largest packet's beta + s*tau"
        + (b.prefix ? " and then still needs its hops to go" : "")
        + "; least over the largest size s at s = "
        + size
        + " (at least "
        + Witness.count(b.packets, "packet")
        + ", ceil(L / s) per message, the largest "
        + b.longest
        + " units): "
        + (b.prefix ? "" : sc.format(b.slack * hop) + " + ")
        + sc.format(b.units * tau)
        + " + "
        + b.packets
        + " x "
        + sc.format(beta)
        + " + "
        + (m - 1)
        + " x ("
        + sc.format(beta)
        + " + "
        + b.lo
        + " x "
        + sc.format(tau)
        + ")"
        + (b.prefix ? " + " + sc.format(b.slack * hop) : "")
        + " = "
        + sc.format(b.value);
  }

  /** The strongest chain found: its value and what the witness names. */
  private record Best(
      long value,
      boolean prefix,
      int[] chain,
      int messages,
      long units,
      int slack,
      long lo,
      long hi,
      long packets,
      long longest) {}
}
