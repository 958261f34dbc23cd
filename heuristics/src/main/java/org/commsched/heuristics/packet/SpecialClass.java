package org.commsched.heuristics.packet;

import java.util.Arrays;
import java.util.List;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Family;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.MethodFacts;
import org.commsched.core.solve.Scope;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.time.TimeScale;

/**
 * {@code packet-special}: the closed-form optimum of the thesis's special class and its block
 * extension, scatter and gather (docs/models/packet.md#packet-special).
 *
 * <p><b>Source.</b> J.-P. Tsai, "On the Furthest-Distance-First Principle in Scattering and
 * Gathering" (thesis, National Taiwan University), Chapter 6 (Lemma 15, Corollary 16, Theorem 17,
 * Theorem 18) and §7.4 (Lemma 23, Theorems 25 and 26). The class: every non-null message has the
 * same length {@code m}, and their routes all lie on one path leaving the root (a path rooted at an
 * end, as far as the messages go), one message per distance. The distances form blocks of
 * consecutive values {@code [s_j, t_j]}, {@code n_j = t_j - s_j + 1}, nearest block first.
 *
 * <p><b>Closed form.</b> By Theorem 2 the order can be FDF and by Lemma 13 the sizes even, so only
 * the counts {@code r} remain; some optimum gives every message of a block the same count (Theorems
 * 17, 18) and farther blocks at least as many (Lemma 15), and with such counts nothing waits for
 * another message (Corollary 16), so
 *
 * <pre>
 *   T(r_1..r_k) = max over j of  W_j + (s_j - 1)(beta + ceil(m / r_j) tau),
 *   W_j = sum over j' >= j of n_j' (r_j' beta + m tau)       (the root's work up to block j's last message)
 * </pre>
 *
 * (F11). For one block it is {@code T(r) = (t - s + 1)(r beta + m tau) + (s - 1)(beta + ceil(m / r)
 * tau)} (F9), and {@code T* = C + min A x + B y} over integers with {@code x y >= m}, {@code A = (t
 * - s + 1) beta}, {@code B = (s - 1) tau}, {@code C = (t - s + 1) m tau + (s - 1) beta}, solved
 * exactly by {@link Packetization#minimise}.
 *
 * <p><b>Corrections.</b> Chapter 6 prints {@code B = (s - 1) floor(m / r)} and lets the last packet
 * travel at {@code beta + floor(m / r)} per hop; it is the smaller packet and is held back {@code
 * ceil - floor} at every hop (Corollary 4(b)), so the term is {@code (s - 1)(beta + ceil(m / r))}
 * (docs/models/packet.md#special-class-formula; on {@code pk-special-scatter-m5-s3-t4} the printed
 * form promises 20 where 22 is optimal). §7.4 prints the gathering time as {@code 2B + C +
 * lambda(beta + 1) + s(beta + ceil(m / r)) + (t - s)(r beta + m)}, counting one packet of the
 * nearest message where there are {@code r} (m = 2, s = t = 1, beta = 0 gives 1 for two units over
 * one link) and adding the protocol's overhead; offline, time reversal makes the gathering optimum
 * the scattering one, F10 = F9 (docs/models/packet.md#gathering-special-class). Theorem 18's block
 * range reads {@code s_j <= i <= t_j}.
 *
 * <p><b>Several blocks.</b> The thesis gives no algorithm for {@code k > 1}. We search the
 * non-decreasing block-constant counts exactly: binary search on the makespan {@code T}, and for
 * each {@code T} a dynamic programme from the farthest block inward keeping, for every count {@code
 * r} of the current block, the least root work {@code W_j} of a feasible suffix with {@code r_j =
 * r} (a suffix minimum enforces {@code r_j <= r_{j+1}}): {@code O(k m log T)}. It runs when {@code
 * k m <= } {@value #BLOCK_LIMIT}; above, the method refuses.
 *
 * <p><b>Guarantee.</b> The returned schedule (FDF order, even sizes, FCFS greedy; a gather by time
 * reversal) takes exactly the closed form, reported as {@code closedForm}; by the theorems above it
 * is optimal among FCFS schedules (and it met the exhaustive optimum over packetizations and
 * per-node orders on the catalogue's {@code pk-special-*} instances). Statistics: {@code
 * closedForm}, {@code m}, {@code blocks} ({@code s..t} nearest first), {@code r} (the count per
 * block).
 *
 * @implNote Stateless.
 */
public final class SpecialClass implements Method {
  /** The facts of {@code packet-special}: see the class javadoc for the source. */
  static final MethodFacts FACTS =
      new MethodFacts(
          "packet-special",
          "Closed-form optimum of the special class (equal messages to contiguous blocks of a path rooted at an end,"
              + " F9, F11): one even-size count per block, FDF; gather by time reversal (F10)",
          "optimal among FCFS schedules on its class (Theorems 2, 17, 18, Lemma 13; corrected F9, F10); the "
              + "makespan equals the closed form closedForm",
          "J.-P. Tsai, \"On the Furthest-Distance-First Principle in Scattering and Gathering\" (thesis), Lemma 15, "
              + "Corollary 16, Theorems 17, 18, 25, 26 (corrected completion time)",
          Scope.of(ProblemKind.SCATTER, ProblemKind.GATHER)
              .in(Family.PACKET)
              .duplex(CommModel.Duplex.FULL)
              .note(
                  "single port means send-and-receive; only its class: equal messages, one per node, on one path from "
                      + "the root; gather by time reversal"),
          false);

  @Override
  public MethodFacts facts() {
    return FACTS;
  }

  /** The largest blocks times message length for which several blocks are searched. */
  public static final long BLOCK_LIMIT = 2_000_000L;

  /**
   * The class of an instance: message length, block starts and sizes (nearest first), or the
   * refusal.
   */
  record Shape(long m, int[] s, int[] n, String why) {}

  static Shape shape(Instance instance) {
    String me = "packet-special";
    List<Message> msgs = instance.messages();
    boolean gather = instance.kind() == ProblemKind.GATHER;
    long m = -1;
    int far = -1; // the non-null message with the longest route
    int[] depths = new int[msgs.size()];
    int count = 0;
    for (int i = 0; i < msgs.size(); i++) {
      Message msg = msgs.get(i);
      if (msg.length() == 0) {
        continue;
      }
      if (m >= 0 && msg.length() != m) {
        return refusal(
            me
                + " needs every non-null message of one length (the special class), and messages have "
                + m
                + " and "
                + msg.length()
                + " units; use packet-fdf-even");
      }
      m = msg.length();
      if (far < 0 || instance.atlas().hops(i) > instance.atlas().hops(far)) {
        far = i;
      }
      depths[count++] = instance.atlas().hops(i);
    }
    if (m < 0) {
      return refusal(me + " needs at least one non-null message; use packet-fdf");
    }
    int[] longest = fromRoot(instance, far, gather);
    for (int i = 0; i < msgs.size(); i++) {
      if (msgs.get(i).length() == 0) {
        continue;
      }
      int h = instance.atlas().hops(i);
      boolean onPath;
      if (!instance.atlas().isExplicit(i) && !instance.atlas().isExplicit(far)) {
        // default routes follow one tree, where a route is a prefix of another iff it ends on it
        onPath = longest[h] == (gather ? msgs.get(i).from() : msgs.get(i).to());
      } else {
        int[] p = fromRoot(instance, i, gather);
        onPath = Arrays.equals(p, 0, p.length, longest, 0, p.length);
      }
      if (!onPath) {
        return refusal(
            me
                + " needs the routes of all non-null messages on one path from the root (a path rooted at "
                + "an end), and the route of message "
                + msgs.get(i).id()
                + " leaves the route to node "
                + longest[longest.length - 1]
                + "; use packet-fdf-even");
      }
    }
    int[] d = Arrays.copyOf(depths, count);
    Arrays.sort(d);
    for (int i = 1; i < d.length; i++) {
      if (d[i] == d[i - 1]) {
        return refusal(
            me
                + " needs one message per node of the path, and two non-null messages are "
                + d[i]
                + " hops from the root; use packet-fdf-even");
      }
    }
    int k = 1;
    for (int i = 1; i < d.length; i++) {
      if (d[i] != d[i - 1] + 1) {
        k++;
      }
    }
    int[] s = new int[k];
    int[] n = new int[k];
    int j = 0;
    s[0] = d[0];
    for (int i = 0; i < d.length; i++) {
      if (i > 0 && d[i] != d[i - 1] + 1) {
        s[++j] = d[i];
      }
      n[j]++;
    }
    if (k > 1 && (double) k * m > BLOCK_LIMIT) {
      return refusal(
          me
              + " searches the counts of "
              + k
              + " blocks of "
              + m
              + " units in time k m log T, and k m "
              + "exceeds "
              + BLOCK_LIMIT
              + "; use packet-fdf-even (counts=monotone)");
    }
    return new Shape(m, s, n, null);
  }

  private static Shape refusal(String why) {
    return new Shape(0, null, null, why);
  }

  /** The route of message i from the root outward. */
  private static int[] fromRoot(Instance instance, int i, boolean gather) {
    int[] p = instance.atlas().nodes(i);
    if (gather) {
      for (int a = 0, b = p.length - 1; a < b; a++, b--) {
        int x = p[a];
        p[a] = p[b];
        p[b] = x;
      }
    }
    return p;
  }

  @Override
  public String whyNotFurther(Instance instance) {
    String rule = FdfRuns.whyNotRule(name(), instance);
    return rule != null ? rule : shape(instance).why();
  }

  /**
   * An optimum of the block formula.
   *
   * @param value the least {@code T(r_1..r_k)} in ticks
   * @param counts the count of each block, nearest first, non-decreasing
   */
  public record Plan(long value, int[] counts) {}

  /**
   * F11: {@code T(r_1..r_k)} in ticks for blocks starting {@code s[j]} hops from the root with
   * {@code n[j]} messages of {@code m} units each, nearest block first (for one block, F9).
   */
  public static long blockTime(long beta, long tau, long m, int[] s, int[] n, int[] r) {
    long best = 0;
    long work = 0;
    for (int j = s.length - 1; j >= 0; j--) {
      work =
          Math.addExact(
              work,
              Math.multiplyExact(
                  n[j], Math.addExact(Math.multiplyExact(r[j], beta), Math.multiplyExact(m, tau))));
      long tail =
          Math.multiplyExact(
              s[j] - 1L,
              Math.addExact(beta, Math.multiplyExact(Packetization.ceilDiv(m, r[j]), tau)));
      best = Math.max(best, Math.addExact(work, tail));
    }
    return best;
  }

  /**
   * The least {@code T(r_1..r_k)} over non-decreasing block counts in {@code 1..m} (Theorem 18,
   * Lemma 15): for one block the two-variable minimisation (the fewest packets among the optima),
   * for several the search above.
   */
  public static Plan optimum(long beta, long tau, long m, int[] s, int[] n) {
    if (s.length == 1) {
      Packetization.Optimum o =
          Packetization.minimise(
              Math.multiplyExact(n[0], beta), Math.multiplyExact(s[0] - 1L, tau), m);
      int r = Math.toIntExact(o.x());
      return new Plan(blockTime(beta, tau, m, s, n, new int[] {r}), new int[] {r});
    }
    int[] ones = new int[s.length];
    Arrays.fill(ones, 1);
    long hi = blockTime(beta, tau, m, s, n, ones); // feasible
    long lo = -1; // infeasible
    while (hi - lo > 1) {
      long mid = lo + (hi - lo) / 2;
      if (feasible(beta, tau, m, s, n, mid) != null) {
        hi = mid;
      } else {
        lo = mid;
      }
    }
    int[] r = feasible(beta, tau, m, s, n, hi);
    return new Plan(blockTime(beta, tau, m, s, n, r), r);
  }

  /** Non-decreasing block counts with {@code T(r) <= limit}, or null if there are none. */
  private static int[] feasible(long beta, long tau, long m, int[] s, int[] n, long limit) {
    int k = s.length;
    int mm = Math.toIntExact(m);
    long inf = Long.MAX_VALUE;
    long[] next =
        null; // suffix minimum over r' >= r of the least work of blocks j+1..k-1 with r_{j+1} = r'
    int[][] arg = new int[k][]; // per block: the r' >= r attaining the suffix minimum of block j+1
    long[] g = new long[mm + 2];
    for (int j = k - 1; j >= 0; j--) {
      Arrays.fill(g, inf);
      for (int r = 1; r <= mm; r++) {
        long before = next == null ? 0 : next[r];
        if (before == inf) {
          continue;
        }
        long w = before + n[j] * (r * beta + m * tau);
        long t = w + (s[j] - 1L) * (beta + Packetization.ceilDiv(m, r) * tau);
        if (t <= limit) {
          g[r] = w;
        }
      }
      long[] suffix = new long[mm + 2];
      int[] at = new int[mm + 2];
      suffix[mm + 1] = inf;
      for (int r = mm; r >= 1; r--) {
        if (g[r] <= suffix[r + 1]) {
          suffix[r] = g[r];
          at[r] = r;
        } else {
          suffix[r] = suffix[r + 1];
          at[r] = at[r + 1];
        }
      }
      arg[j] = at;
      next = suffix;
    }
    if (next[1] == inf) {
      return null;
    }
    int[] r = new int[k];
    r[0] = arg[0][1];
    for (int j = 1; j < k; j++) {
      r[j] = arg[j][r[j - 1]];
    }
    return r;
  }

  @Override
  public SolveResult solve(Instance instance, SolveLimits limits) {
    requireApplies(instance);
    Shape shape = shape(instance);
    CommModel.StoreAndForward model = instance.storeAndForward();
    TimeScale scale = instance.timeScale();
    long beta = model.betaTicks(scale);
    long tau = model.tauTicks(scale);
    Plan plan = optimum(beta, tau, shape.m(), shape.s(), shape.n());
    int[] order = FdfRuns.order(instance);
    int[] counts = new int[order.length];
    for (int k = 0; k < order.length; k++) {
      int depth = instance.atlas().hops(order[k]);
      int j = shape.s().length - 1;
      while (shape.s()[j] > depth) {
        j--;
      }
      counts[k] = plan.counts()[j];
    }
    StringBuilder blocks = new StringBuilder();
    StringBuilder rs = new StringBuilder();
    for (int j = 0; j < shape.s().length; j++) {
      blocks
          .append(j == 0 ? "" : ",")
          .append(shape.s()[j])
          .append("..")
          .append(shape.s()[j] + shape.n()[j] - 1);
      rs.append(j == 0 ? "" : ",").append(plan.counts()[j]);
    }
    return FdfRuns.result(name(), FdfRuns.run(instance, order, counts))
        .withStat("closedForm", scale.format(plan.value()))
        .withStat("m", shape.m())
        .withStat("blocks", blocks.toString())
        .withStat("r", rs.toString());
  }
}
