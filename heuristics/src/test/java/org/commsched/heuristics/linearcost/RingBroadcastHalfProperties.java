package org.commsched.heuristics.linearcost;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.commsched.core.bounds.LowerBounds;
import org.commsched.core.bounds.PathSending;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.testing.Seeds;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The H* ring broadcast with its phase recursion ({@link RingBroadcastHalf},
 * docs/models/linear-cost.md#h-ring-phase-recursion; D. B. Peters, "Bounds for Communication
 * Problems in Interconnection Networks under a Linear Cost Model", Propositions 3.2.3 and 3.2.4)
 * over a grid of rings {@code C_3 .. C_12}, messages of 1 to 40 units and several costs: the
 * recursion is written out here a second time, by plain scans over every share (the method's own
 * form searches the crossings), and the schedules are checked.
 */
class RingBroadcastHalfProperties {
  /**
   * beta and tau pairs: the thesis's unit figures, the iPSC/860 figures, tau only, beta only, and
   * two others.
   */
  private static final String[][] COSTS = {
    {"5", "1"}, {"272", "0.4"}, {"0", "1"}, {"1", "0"}, {"2", "3"}, {"7.5", "0.4"}
  };

  static LongStream seeds() {
    return Seeds.seeds(Seeds.cases(4, 40));
  }

  private static Instance ring(int p, long n, String[] cost, int source) {
    CommModel.StoreAndForward model =
        new CommModel.StoreAndForward(
            new BigDecimal(cost[0]),
            new BigDecimal(cost[1]),
            CommModel.Ports.ALL,
            CommModel.Duplex.HALF,
            CommModel.OnePortRule.EXCHANGE);
    return BroadcastFixtures.broadcast(new Topology.Ring(p), source, n, model);
  }

  /**
   * The recursion by scans: phase 0 as in Propositions 3.2.3 (even) and 3.2.4 (odd, the largest
   * best n_0), then {@code t_j = min over 0 <= x <= n_(j-1) of max(T_*(n - x, m - j, k), t_(j-1) +
   * [x > 0](beta + x tau))}, the largest best x kept, until the pipeline alone is in time or a
   * phase sends nothing.
   */
  static long recursion(PathSending f, long n, int p, long k) {
    int m = p / 2;
    long share;
    long t;
    if (p % 2 == 0) {
      share = n / 2;
      t = f.tStar(n - n / 2, m, k);
    } else {
      share = 0;
      t = Long.MAX_VALUE;
      for (long n0 = 0; n0 <= n / 2; n0++) {
        long v = Math.max(f.tStar(n - n0, m, k), n0 == 0 ? 0 : f.tOne(n0, m + 2, k));
        if (v <= t) {
          t = v;
          share = n0;
        }
      }
    }
    for (int j = 1; j < m && f.tStar(n, m - j, k) > t; j++) {
      long best = Long.MAX_VALUE;
      long bestX = 0;
      for (long x = 0; x <= share; x++) {
        long v = Math.max(f.tStar(n - x, m - j, k), x == 0 ? t : t + f.beta() + x * f.tau());
        if (v <= best) {
          best = v;
          bestX = x;
        }
      }
      t = best;
      share = bestX;
      if (share == 0) {
        break;
      }
    }
    return t;
  }

  /** Proposition 3.2.3's and 3.2.4's first-phase forms (no phase after 0). */
  static long firstPhase(PathSending f, long n, int p, long k) {
    int m = p / 2;
    long inner = m >= 2 ? f.tStar(n, m - 1, k) : 0;
    if (p % 2 == 0) {
      return Math.max(f.tStar(n - n / 2, m, k), inner);
    }
    long t0 = Long.MAX_VALUE;
    for (long n0 = 0; n0 <= n / 2; n0++) {
      t0 = Math.min(t0, Math.max(f.tStar(n - n0, m, k), n0 == 0 ? 0 : f.tOne(n0, m + 2, k)));
    }
    return Math.max(inner, t0);
  }

  /**
   * Every ring of 3 to 12 nodes, every n in 1..40 and every cost: the method's schedule passes the
   * checker, its makespan is the minimum over k of the recursion (even p) or at most it (odd p), at
   * least every lower bound, at most the first-phase form and Fraigniaud and Lazard's {@code S_*(n,
   * floor(p/2))}.
   */
  @Test
  void grid_methodMeetsTheRecursion() {
    RingBroadcastHalf scheme = new RingBroadcastHalf();
    for (int p = 3; p <= 12; p++) {
      for (long n = 1; n <= 40; n++) {
        for (String[] cost : COSTS) {
          Instance inst = ring(p, n, cost, (int) (n % p));
          PathSending f =
              PathSending.of((CommModel.StoreAndForward) inst.model(), inst.timeScale());
          long best = Long.MAX_VALUE;
          long bestFirst = Long.MAX_VALUE;
          for (long k = 1; k <= n; k++) {
            long r = recursion(f, n, p, k);
            assertThat(scheme.formula(inst, k))
                .as("C_%d n=%d %s k=%d", p, n, cost[0] + "/" + cost[1], k)
                .isEqualTo(r);
            best = Math.min(best, r);
            bestFirst = Math.min(bestFirst, firstPhase(f, n, p, k));
          }
          String at = "C_" + p + " n=" + n + " beta/tau=" + cost[0] + "/" + cost[1];
          SolveResult res = scheme.solve(inst, SolveLimits.defaults());
          long k = ((Number) res.stats().get("packetSize")).longValue();
          assertThat(BroadcastFixtures.checkedMakespan(scheme, inst, k))
              .as(at)
              .isEqualTo(res.makespan());
          if (p % 2 == 0) {
            assertThat(res.makespan()).as(at).isEqualTo(best);
          } else {
            assertThat(res.makespan()).as(at).isLessThanOrEqualTo(best);
          }
          assertThat(best)
              .as(at)
              .isLessThanOrEqualTo(bestFirst)
              .isLessThanOrEqualTo(f.sStar(n, p / 2));
          for (LowerBound lb : LowerBounds.all(inst)) {
            assertThat(res.makespan())
                .as(at + " against " + lb.kind())
                .isGreaterThanOrEqualTo(lb.value());
          }
        }
      }
    }
  }

  /**
   * A random ring, message, cost, source and packet size k: the schedule at k passes the checker,
   * its makespan is the recursion's time at k (even p) or at most it (odd p).
   */
  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void everyPacketSize_meetsTheRecursion(long seed) {
    SplittableRandom rnd = new SplittableRandom(seed);
    int p = 3 + rnd.nextInt(10);
    long n = 1 + rnd.nextInt(60);
    String[] cost = COSTS[rnd.nextInt(COSTS.length)];
    Instance inst = ring(p, n, cost, rnd.nextInt(p));
    PathSending f = PathSending.of((CommModel.StoreAndForward) inst.model(), inst.timeScale());
    long k = 1 + rnd.nextLong(n);
    long made = BroadcastFixtures.checkedMakespan(new RingBroadcastHalf(), inst, k);
    long r = recursion(f, n, p, k);
    String at = "C_" + p + " n=" + n + " beta/tau=" + cost[0] + "/" + cost[1] + " k=" + k;
    if (p % 2 == 0) {
      assertThat(made).as(at).isEqualTo(r);
    } else {
      assertThat(made).as(at).isLessThanOrEqualTo(r);
    }
  }
}
