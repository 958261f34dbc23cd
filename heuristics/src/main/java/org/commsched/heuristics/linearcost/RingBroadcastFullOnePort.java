package org.commsched.heuristics.linearcost;

import java.util.ArrayDeque;
import java.util.EnumSet;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.MethodFacts;
import org.commsched.core.solve.Scope;

/**
 * Broadcast on the two-way ring under full duplex and one port (F1), in rounds of neighbour
 * exchanges. The message is cut into sub-messages {@code g_1 .. g_q}, {@code q = ceil(n/k)}, all of
 * k units but the first (the short one).
 *
 * <p><b>Even ring</b> {@code p = 2m} (Proposition 3.2.1): odd rounds pair {@code (2i, 2i+1)}, even
 * rounds {@code (2i, 2i-1)}; the source injects {@code g_t} forward in round {@code 2t - 1} and
 * {@code g_(q+1-t)} backward in round {@code 2t}, and every sub-message moves one hop per round
 * until round {@code m - 1 + q}. Time {@code T_*(n, m, k)}, and {@code S_*(n, m)} at the best k
 * (conjectured optimal). Correction: the short sub-message must be the first one, the only packet
 * of round 1 (with the last one short Figure 3.7 takes 126, not 122).
 *
 * <p><b>Odd ring</b> {@code p = 2m + 1} (Proposition 3.2.2): in round j node {@code -j mod p} idles
 * and the others pair {@code (z + 2i - 1, z + 2i)}; in a pair the left node sends the head of its
 * forward queue, the right node the head of its backward queue, after dropping heads the partner
 * already holds. Queues are first in, first out: the source's forward queue is {@code g_1 .. g_q},
 * its backward queue {@code g_q .. g_1}, and every other node queues what comes from the left for
 * forwarding right and what comes from the right for forwarding left. The thesis gives no
 * forwarding rule; this one, with the short sub-message first, reproduces its round count {@code m
 * - 1 + q + ceil((k(m-1) + n)/(2mk))} and time {@code T_*(n + k ceil((k(m-1) + n)/(2mk)), m, k)}.
 *
 * <p>D. B. Peters, "Bounds for Communication Problems in Interconnection Networks under a Linear
 * Cost Model" (PhD thesis, Simon Fraser University, 1995), Propositions 3.2.1, 3.2.2 (upper
 * bounds); docs/models/linear-cost.md#broadcast-schemes-implemented and #broadcast-schemes
 * (corrections).
 *
 * @implNote Stateless; immutable.
 */
public final class RingBroadcastFullOnePort extends BroadcastScheme {
  /** The facts of {@code lc-ring-broadcast-f1}: see the class javadoc for the source. */
  static final MethodFacts FACTS =
      new MethodFacts(
          "lc-ring-broadcast-f1",
          "broadcast on a two-way ring, one port: neighbour exchanges carrying sub-messages both ways round the "
              + "ring (short one first)",
          "S_*(n, p/2) for even p (Proposition 3.2.1); min_k T_*(n + k ceil((k(m-1)+n)/(2mk)), m, k) for "
              + "p = 2m+1 (Proposition 3.2.2); upper bounds",
          "D. B. Peters, \"Bounds for Communication Problems in Interconnection Networks under a Linear Cost "
              + "Model\", Propositions 3.2.1 and 3.2.2 (short sub-message first; FIFO forwarding for odd rings)",
          under(
              broadcastOn(
                  new Scope.NetworkTest(
                      "two-way ring (ring)",
                      i -> needs(i, Topology.Ring.class, "the two-way ring", "greedy-saf"))),
              EnumSet.of(CommModel.Ports.ONE),
              EnumSet.of(CommModel.Duplex.FULL)),
          false);

  @Override
  public MethodFacts facts() {
    return FACTS;
  }

  @Override
  long formula(Setting s, long k) {
    return cycleFormula(s, s.p(), k);
  }

  /** The time of the scheme on a cycle of p nodes with packets of size k. */
  static long cycleFormula(Setting s, int p, long k) {
    long n = s.n();
    if (p % 2 == 0) {
      return s.f().tStar(n, p / 2, k);
    }
    long m = p / 2;
    return s.f().tStar(n + k * ceilDiv(k * (m - 1) + n, 2 * m * k), m, k);
  }

  @Override
  RoundSchedule build(Setting s, long k) {
    int p = s.p();
    int[] cycle = new int[p];
    for (int i = 0; i < p; i++) {
      cycle[i] = (s.source() + i) % p;
    }
    RoundSchedule rs = s.schedule();
    fill(rs, cycle, s.n(), k, 0);
    return rs;
  }

  /**
   * Adds the scheme's rounds, from round {@code offset}, on the cycle {@code cycle[0] -> cycle[1]
   * -> ...} (cycle[0] the source, at least 3 nodes); returns the number of rounds used.
   */
  static int fill(RoundSchedule rs, int[] cycle, long n, long k, int offset) {
    int p = cycle.length;
    long q = ceilDiv(n, k);
    long shortSize = n - (q - 1) * k;
    if (p % 2 == 0) {
      int m = p / 2;
      long r = m - 1 + q;
      for (long t = 1; t <= q; t++) {
        for (int d = 1; d < p && 2 * t + d - 2 <= r; d++) { // front stream: g_t
          send(rs, offset + (int) (2 * t + d - 3), cycle[d - 1], cycle[d], t, k, shortSize);
        }
        for (int d = 1; d < p && 2 * t + d - 1 <= r; d++) { // back stream: g_(q+1-t)
          send(
              rs,
              offset + (int) (2 * t + d - 2),
              cycle[(p - d + 1) % p],
              cycle[p - d],
              q + 1 - t,
              k,
              shortSize);
        }
      }
      return (int) r;
    }
    int m = p / 2;
    boolean[][] holds = new boolean[p][(int) q + 1];
    long[] missing = new long[p];
    java.util.Arrays.fill(missing, q);
    long incomplete = p - 1;
    missing[0] = 0;
    java.util.Arrays.fill(holds[0], true);
    @SuppressWarnings("unchecked")
    ArrayDeque<Integer>[] fwd = new ArrayDeque[p];
    @SuppressWarnings("unchecked")
    ArrayDeque<Integer>[] bwd = new ArrayDeque[p];
    for (int v = 0; v < p; v++) {
      fwd[v] = new ArrayDeque<>();
      bwd[v] = new ArrayDeque<>();
    }
    for (int t = 1; t <= q; t++) {
      fwd[0].addLast(t);
      bwd[0].addFirst(t);
    }
    int round = 0;
    long limit = 4L * (p + q) + 16;
    int[] got = new int[2 * m];
    int[] gotAt = new int[2 * m];
    boolean[] gotFwd = new boolean[2 * m];
    while (incomplete > 0) {
      round++;
      if (round > limit) {
        throw new IllegalStateException("odd-ring forwarding did not finish");
      }
      int z = Math.floorMod(-round, p);
      int cnt = 0;
      for (int i = 1; i <= m; i++) {
        int x = (z + 2 * i - 1) % p;
        int y = (x + 1) % p;
        Integer g = head(fwd[x], holds[y]);
        if (g != null) {
          send(rs, offset + round - 1, cycle[x], cycle[y], g, k, shortSize);
          got[cnt] = g;
          gotAt[cnt] = y;
          gotFwd[cnt++] = true;
        }
        Integer h = head(bwd[y], holds[x]);
        if (h != null) {
          send(rs, offset + round - 1, cycle[y], cycle[x], h, k, shortSize);
          got[cnt] = h;
          gotAt[cnt] = x;
          gotFwd[cnt++] = false;
        }
      }
      for (int c = 0; c < cnt; c++) {
        int v = gotAt[c];
        if (!holds[v][got[c]]) {
          holds[v][got[c]] = true;
          if (--missing[v] == 0) {
            incomplete--;
          }
        }
        (gotFwd[c] ? fwd[v] : bwd[v]).addLast(got[c]);
      }
    }
    return round;
  }

  /**
   * The queue's first sub-message the partner lacks (dropping the ones it holds), removed; null if
   * none.
   */
  private static Integer head(ArrayDeque<Integer> queue, boolean[] partnerHolds) {
    while (!queue.isEmpty()) {
      int g = queue.pollFirst();
      if (!partnerHolds[g]) {
        return g;
      }
    }
    return null;
  }

  /** Sub-message g_t (t from 1; g_1 the short one) from one node to another in a round. */
  private static void send(
      RoundSchedule rs, int round, int from, int to, long t, long k, long shortSize) {
    long first = t == 1 ? 0 : shortSize + (t - 2) * k;
    long size = t == 1 ? shortSize : k;
    rs.send(round, from, to, first, size);
  }
}
