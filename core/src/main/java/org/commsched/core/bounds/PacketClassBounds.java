package org.commsched.core.bounds;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeMap;
import org.commsched.core.model.Atlas;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.time.TimeScale;

/**
 * The closed forms of Tsai's thesis that bound a store-and-forward scatter or gather only through
 * the instance's class (docs/models/packet.md#lower-bounds), in ticks ({@code beta}, {@code tau}
 * per unit):
 *
 * <ul>
 *   <li>{@code F13}, one port: {@code tau max over h of (N_{>=h} + h - 1)}, {@code N_{>=h}} the
 *       units whose route has at least h hops. Valid for every schedule under one port (any rule,
 *       any duplex, any routes): the units going at least h hops all cross the root's single port,
 *       one transfer at a time, at least {@code tau} each; the last of these crossings is followed
 *       by at least h - 1 more hops of at least {@code tau} (a hop takes {@code beta + s tau >=
 *       tau}). Exact (Fact 10 of Bhatt, Pucci, Ranade, Rosenberg and the thesis's Claim 11) when
 *       {@code beta = 0}, the routes form a tree and one port is send-and-receive: all-unit packets
 *       sent farthest first attain it.
 *   <li>{@code F12}, one port, every non-null message of one unit: {@code (beta + tau) max over h
 *       of (N_{>=h} + h - 1)}. Every packet is then one unit, so a hop takes exactly {@code beta +
 *       tau}: the same root-port argument with that hop. Exact (Lemma 9 and 21, Fact 10) on tree
 *       routes with send-and-receive.
 *   <li>{@code F9} (scatter), {@code F10} (gather), {@code F11} (several blocks): the special class
 *       of Chapter 6 and §7.4, in our corrected form. Every non-null message has the same length m
 *       and its route is a prefix (scatter) or suffix (gather) of one route from or to the root, at
 *       pairwise different distances: the traffic lives on a path rooted at an end. With one block
 *       of distances {@code s..t}: {@code T* = min over r of (t - s + 1)(r beta + m tau) + (s -
 *       1)(beta + ceil(m / r) tau)} (Theorem 17, the thesis's printed floor replaced by the
 *       ceiling); with blocks {@code [s_j, t_j]}, nearest first, the minimum over non-decreasing
 *       per-block counts of {@code max over j of (sum over j' >= j of n_j' (r_j' beta + m tau) +
 *       (s_j - 1)(beta + ceil(m / r_j) tau))} (Theorem 18). These are the optimum over every
 *       packetization and order of the thesis's model (Theorem 2, Lemma 13, Theorems 17 and 18; by
 *       time reversal the same for the gather, Theorems 25 and 26). On such a path every node has
 *       one incoming and one outgoing arc with traffic, so one port (send-and-receive), all ports
 *       and half duplex impose the same constraints: the value is exact there; under the exchange
 *       rule, which only forbids more, it is a lower bound.
 * </ul>
 *
 * <p>Source: J.-P. Tsai, "On the Furthest-Distance-First Principle in Scattering and Gathering"
 * (thesis, National Taiwan University); docs/models/packet.md#closed-forms, #special-class-formula,
 * #gathering-special-class.
 */
final class PacketClassBounds {
  /**
   * Candidate counts times blocks beyond which F11 is skipped (its search is linear in their
   * product).
   */
  static final long BLOCK_WORK_LIMIT = 2_000_000;

  private PacketClassBounds() {}

  static void add(Instance inst, List<LowerBound> out) {
    CommModel.StoreAndForward model = (CommModel.StoreAndForward) inst.model();
    TimeScale sc = inst.timeScale();
    long beta = model.betaTicks(sc);
    long tau = model.tauTicks(sc);
    boolean one = model.ports() == CommModel.Ports.ONE;
    boolean exchange = one && model.onePort() == CommModel.OnePortRule.EXCHANGE;
    List<Message> ms = inst.messages();
    Atlas atlas = inst.atlas();
    TreeMap<Integer, Long> unitsByDist = new TreeMap<>();
    boolean allUnit = true;
    for (int i = 0; i < ms.size(); i++) {
      long l = ms.get(i).length();
      if (l > 0) {
        unitsByDist.merge(atlas.hops(i), l, Math::addExact);
        allUnit &= l == 1;
      }
    }
    if (unitsByDist.isEmpty()) {
      return;
    }
    boolean scatter = inst.kind() == ProblemKind.SCATTER;
    if (one) {
      // max over h of N_{>=h} + h - 1: between two distances N_{>=h} is constant, so h = a distance
      // is enough
      long suffix = 0;
      long best = -1;
      int bestH = 0;
      long bestN = 0;
      for (var en : unitsByDist.descendingMap().entrySet()) {
        suffix = Math.addExact(suffix, en.getValue());
        long v = suffix + en.getKey() - 1;
        if (v > best) {
          best = v;
          bestH = en.getKey();
          bestN = suffix;
        }
      }
      boolean tree = routesFormTree(inst);
      boolean sendAndReceive = !exchange;
      String why =
          Witness.count(bestN, "unit")
              + " going at least "
              + Witness.count(bestH, "hop")
              + (scatter ? " leave" : " enter")
              + " root "
              + inst.root()
              + " through its single port, one after another, "
              + "and the "
              + (scatter ? "last still needs " : "first needed ")
              + (bestH - 1)
              + " more";
      long f13 = Math.multiplyExact(best, tau);
      boolean exact13 = beta == 0 && tree && sendAndReceive;
      out.add(
          new LowerBound(
              f13,
              "F13",
              (exact13
                      ? "exact (beta = 0: one-unit packets sent farthest first attain it;"
                          + " Fact 10, Claim 11): "
                      : "")
                  + "tau x max over h of (N_{>=h} + h - 1) = "
                  + sc.format(tau)
                  + " x ("
                  + bestN
                  + " + "
                  + (bestH - 1)
                  + ") = "
                  + sc.format(f13)
                  + ": "
                  + why
                  + " hops, each at least tau (Tsai, F13: the beta = 0 optimum; a"
                  + " set-up time only makes every hop longer)"));
      if (allUnit) {
        long hop = Math.addExact(beta, tau);
        long f12 = Math.multiplyExact(best, hop);
        boolean exact12 = tree && sendAndReceive;
        out.add(
            new LowerBound(
                f12,
                "F12",
                (exact12
                        ? "exact (single units sent farthest first attain it; Lemma 9,"
                            + " Lemma 21, Fact 10): "
                        : "")
                    + "every message has one unit, so every hop takes beta + tau = "
                    + sc.format(hop)
                    + "; (beta + tau) x max over h of (N_{>=h} + h - 1) = "
                    + sc.format(hop)
                    + " x ("
                    + bestN
                    + " + "
                    + (bestH - 1)
                    + ") = "
                    + sc.format(f12)
                    + ": "
                    + why
                    + " hops (Tsai, F12)"));
      }
    }
    specialClass(inst, beta, tau, exchange, out);
  }

  /**
   * True if the routes of the non-null messages form a tree at the root: every node is entered
   * (scatter) or left (gather) over one arc only.
   */
  static boolean routesFormTree(Instance inst) {
    Network net = inst.network();
    boolean scatter = inst.kind() == ProblemKind.SCATTER;
    if (defaultTreeRoutes(inst)) {
      return true; // paths of one tree: every node is entered from (left to) its tree parent only
    }
    int[] next = new int[net.nodes()];
    Arrays.fill(next, -1);
    List<Message> ms = inst.messages();
    for (int i = 0; i < ms.size(); i++) {
      if (ms.get(i).length() == 0) {
        continue;
      }
      for (int a : inst.atlas().arcs(i)) {
        int v = scatter ? net.head(a) : net.tail(a);
        int w = scatter ? net.tail(a) : net.head(a);
        if (next[v] >= 0 && next[v] != w) {
          return false;
        }
        next[v] = w;
      }
    }
    return true;
  }

  /**
   * True if every non-null message follows its default route on the default route tree ({@link
   * Atlas#hasRouteTree}), so the routes form a tree without an array over the nodes to show it (5 x
   * 10^7 nodes: 200 MB) or the routes' arcs listed (a gather on a uring of 5 x 10^7 nodes: that
   * many arcs per message).
   */
  private static boolean defaultTreeRoutes(Instance inst) {
    Atlas atlas = inst.atlas();
    if (!atlas.hasRouteTree()) {
      return false;
    }
    List<Message> ms = inst.messages();
    for (int i = 0; i < ms.size(); i++) {
      if (ms.get(i).length() != 0 && atlas.isExplicit(i)) {
        return false;
      }
    }
    return true;
  }

  /** F9, F10 or F11 when the instance is in the (block) special class. */
  private static void specialClass(
      Instance inst, long beta, long tau, boolean exchange, List<LowerBound> out) {
    List<Message> ms = inst.messages();
    Atlas atlas = inst.atlas();
    boolean scatter = inst.kind() == ProblemKind.SCATTER;
    long m = -1;
    int longest = -1;
    List<Integer> live = new ArrayList<>();
    for (int i = 0; i < ms.size(); i++) {
      long l = ms.get(i).length();
      if (l == 0) {
        continue;
      }
      if (m >= 0 && l != m) {
        return; // lengths differ
      }
      m = l;
      live.add(i);
      if (longest < 0 || atlas.hops(i) > atlas.hops(longest)) {
        longest = i;
      }
    }
    int depth = atlas.hops(longest);
    int[] path = atlas.arcs(longest);
    boolean[] used = new boolean[depth + 1];
    for (int i : live) {
      int d = atlas.hops(i);
      if (used[d]) {
        return; // two messages at one distance
      }
      used[d] = true;
      int[] r = atlas.arcs(i);
      for (int k = 0; k < d; k++) {
        if (r[k] != path[scatter ? k : depth - d + k]) {
          return; // not on the longest route
        }
      }
    }
    // blocks of consecutive distances, nearest first
    List<int[]> blocks = new ArrayList<>();
    for (int d = 1; d <= depth; d++) {
      if (used[d]) {
        if (!blocks.isEmpty() && blocks.get(blocks.size() - 1)[1] == d - 1) {
          blocks.get(blocks.size() - 1)[1] = d;
        } else {
          blocks.add(new int[] {d, d});
        }
      }
    }
    TimeScale sc = inst.timeScale();
    String exact =
        exchange
            ? ""
            : "exact (the optimum of this class; on a path every model but the exchange rule"
                + " imposes the same constraints): ";
    String on =
        Witness.count(live.size(), "message")
            + " of "
            + Witness.count(m, "unit")
            + " each, "
            + (scatter ? "to" : "from")
            + " the nodes at "
            + blockText(blocks)
            + " hops of one path "
            + (scatter ? "from" : "to")
            + " root "
            + inst.root();
    if (blocks.size() == 1) {
      int s = blocks.get(0)[0];
      int t = blocks.get(0)[1];
      long n = t - s + 1;
      long[] best = minCount(Math.multiplyExact(n, beta), Math.multiplyExact(s - 1L, tau), m);
      long c =
          Math.addExact(
              Math.multiplyExact(n, Math.multiplyExact(m, tau)), Math.multiplyExact(s - 1L, beta));
      long value = Math.addExact(best[0], c);
      String id = scatter ? "F9" : "F10";
      out.add(
          new LowerBound(
              value,
              id,
              exact
                  + on
                  + ": min over r of (t - s + 1)(r beta + m tau) + (s - 1)(beta + "
                  + "ceil(m / r) tau) with s = "
                  + s
                  + ", t = "
                  + t
                  + " is "
                  + sc.format(value)
                  + " at r = "
                  + best[1]
                  + " (Tsai, Theorem 17"
                  + (scatter ? "" : " and, by time reversal, Theorem 25")
                  + "; the ceiling corrects"
                  + " the printed floor)"));
      return;
    }
    long[] r = new long[blocks.size()];
    long value = blocks(blocks, m, beta, tau, r);
    if (value < 0) {
      return;
    }
    out.add(
        new LowerBound(
            value,
            "F11",
            exact
                + on
                + ": the best non-decreasing per-block counts r = "
                + Arrays.toString(r)
                + " (nearest block first) give max over blocks j of (sum over j' >= j of n_j' (r_j' "
                + "beta + m tau) + (s_j - 1)(beta + ceil(m / r_j) tau)) = "
                + sc.format(value)
                + " (Tsai, Theorem 18"
                + (scatter ? "" : " and, by time reversal, Theorem 26")
                + ")"));
  }

  private static String blockText(List<int[]> blocks) {
    StringBuilder sb = new StringBuilder();
    for (int j = 0; j < blocks.size(); j++) {
      int[] b = blocks.get(j);
      sb.append(j == 0 ? "" : j == blocks.size() - 1 ? " and " : ", ");
      sb.append(b[0] == b[1] ? Integer.toString(b[0]) : b[0] + ".." + b[1]);
    }
    return sb.toString();
  }

  /**
   * {@code min over 1 <= r <= m of a r + b ceil(m / r)} and the smallest r attaining it, exactly:
   * at an optimum r is the smallest count with its value of {@code ceil(m / r)}, and either r or
   * {@code ceil(m / r)} is at most {@code ceil(sqrt m)}; of those, {@link PathSending#argMin}
   * evaluates only the counts near the continuous optimum {@code sqrt(b m / a)} (10^15 units per
   * message held 6 x 10^7 boxed candidates here before).
   *
   * @return {value, r}
   */
  static long[] minCount(long a, long b, long m) {
    java.util.function.LongUnaryOperator cost =
        r -> Math.addExact(Math.multiplyExact(a, r), Math.multiplyExact(b, ceilDiv(m, r)));
    long r = PathSending.argMin(m, cost, a, b, java.math.BigInteger.ZERO, 1, false);
    return new long[] {cost.applyAsLong(r), r};
  }

  /**
   * The candidate packet counts of a message of m units, ascending: for every value of {@code
   * ceil(m / r)} the smallest r with it. Lowering a count to the candidate with the same {@code
   * ceil(m / r)} never makes any term larger and keeps counts non-decreasing, so the searches may
   * stay on them.
   */
  static long[] counts(long m) {
    long k = 1;
    while (k * k < m) {
      k++;
    }
    java.util.TreeSet<Long> set = new java.util.TreeSet<>();
    for (long r = 1; r <= Math.min(k, m); r++) {
      set.add(ceilDiv(m, ceilDiv(m, r)));
    }
    for (long y = 1; y <= Math.min(k, m); y++) {
      set.add(ceilDiv(m, y));
    }
    long[] out = new long[set.size()];
    int i = 0;
    for (long r : set) {
      out[i++] = r;
    }
    return out;
  }

  /**
   * The k-block optimum: the least T such that some non-decreasing counts r_1 <= ... <= r_k
   * (nearest block first) keep every block's term at most T, by a search over T; for a given T a
   * pass from the farthest block inward keeps, per count of the current block, the least root work
   * of the blocks so far. Fills {@code r} with a best vector.
   *
   * @return the optimum in ticks, or -1 if the search would be too large
   */
  static long blocks(List<int[]> blocks, long m, long beta, long tau, long[] r) {
    int k = blocks.size();
    // counts(m) has at least ceil(sqrt m) - 2 entries (ceil(m/y) differ for y(y+1) < m): refuse
    // before building it
    if ((PathSending.ceilSqrt(m) - 2) * k > BLOCK_WORK_LIMIT) {
      return -1;
    }
    long[] cand = counts(m);
    if ((long) cand.length * k > BLOCK_WORK_LIMIT) {
      return -1;
    }
    long lo = 0;
    long hi = evaluate(blocks, m, beta, tau, filled(k, 1));
    long[][] work = new long[k][cand.length];
    while (lo < hi) {
      long mid = lo + (hi - lo) / 2;
      if (feasible(blocks, m, beta, tau, cand, mid, work)) {
        hi = mid;
      } else {
        lo = mid + 1;
      }
    }
    if (!feasible(blocks, m, beta, tau, cand, hi, work)) {
      throw new IllegalStateException("the all-ones counts must be feasible");
    }
    // read a vector off the tables: block by block outward, the count (not below the previous one)
    // whose blocks so far
    // need the least root work, which is what the inner block's feasibility assumed
    int from = 0;
    for (int j = 0; j < k; j++) {
      int pick = from;
      for (int c = from; c < cand.length; c++) {
        if (work[j][c] < work[j][pick]) {
          pick = c;
        }
      }
      r[j] = cand[pick];
      from = pick;
    }
    long v = evaluate(blocks, m, beta, tau, r);
    if (v != hi) {
      throw new IllegalStateException(
          "block counts " + Arrays.toString(r) + " give " + v + ", not " + hi);
    }
    return hi;
  }

  private static long[] filled(int k, long v) {
    long[] a = new long[k];
    Arrays.fill(a, v);
    return a;
  }

  private static boolean feasible(
      List<int[]> blocks, long m, long beta, long tau, long[] cand, long limit, long[][] work) {
    int k = blocks.size();
    for (int j = k - 1; j >= 0; j--) {
      int s = blocks.get(j)[0];
      long n = blocks.get(j)[1] - s + 1L;
      long outer = Long.MAX_VALUE; // least work of blocks j+1.. with a count >= cand[c], scanning c
      // downwards
      for (int c = cand.length - 1; c >= 0; c--) {
        if (j < k - 1) {
          outer = Math.min(outer, work[j + 1][c]);
        }
        long before = j == k - 1 ? 0 : outer;
        long w = Long.MAX_VALUE;
        if (before != Long.MAX_VALUE) {
          long own =
              Math.multiplyExact(
                  n, Math.addExact(Math.multiplyExact(cand[c], beta), Math.multiplyExact(m, tau)));
          long total = Math.addExact(before, own);
          long term =
              Math.addExact(
                  total,
                  Math.multiplyExact(
                      s - 1L, Math.addExact(beta, Math.multiplyExact(ceilDiv(m, cand[c]), tau))));
          if (term <= limit) {
            w = total;
          }
        }
        work[j][c] = w;
      }
    }
    for (long w : work[0]) {
      if (w != Long.MAX_VALUE) {
        return true;
      }
    }
    return false;
  }

  /** The block formula for given counts (nearest block first). */
  static long evaluate(List<int[]> blocks, long m, long beta, long tau, long[] r) {
    long outer = 0;
    long best = 0;
    for (int j = blocks.size() - 1; j >= 0; j--) {
      int s = blocks.get(j)[0];
      long n = blocks.get(j)[1] - s + 1L;
      outer =
          Math.addExact(
              outer,
              Math.multiplyExact(
                  n, Math.addExact(Math.multiplyExact(r[j], beta), Math.multiplyExact(m, tau))));
      best =
          Math.max(
              best,
              Math.addExact(
                  outer,
                  Math.multiplyExact(
                      s - 1L, Math.addExact(beta, Math.multiplyExact(ceilDiv(m, r[j]), tau)))));
    }
    return best;
  }

  private static long ceilDiv(long a, long b) {
    return -Math.floorDiv(-a, b);
  }
}
