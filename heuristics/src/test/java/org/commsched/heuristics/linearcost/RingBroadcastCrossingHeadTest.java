package org.commsched.heuristics.linearcost;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.commsched.core.bounds.LowerBounds;
import org.commsched.core.bounds.PathSending;
import org.commsched.core.check.CheckReport;
import org.commsched.core.check.ScheduleChecker;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveStatus;
import org.commsched.core.testing.Seeds;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code lc-ring-broadcast-h1} on odd rings, where it takes the better of Fraigniaud and Lazard's
 * cut and the crossing-head family ({@link RingBroadcastCrossingHead};
 * docs/models/linear-cost.md#the-crossing-head-h1-odd-ring). The expected optima come from the
 * catalogue's CP-SAT certificates and the exact model's runs recorded on that page, not from this
 * code; the property holds every schedule to the checker, the cut and the lower bounds.
 */
class RingBroadcastCrossingHeadTest {
  private static final RingBroadcastHalfOnePort METHOD = new RingBroadcastHalfOnePort();

  private static Instance ring(int p, int source, long n, String beta, String tau) {
    return BroadcastFixtures.broadcast(
        new Topology.Ring(p),
        source,
        n,
        BroadcastFixtures.model(beta, tau, CommModel.Ports.ONE, CommModel.Duplex.HALF));
  }

  /**
   * Solves, asserts the independent checker accepts the schedule and its makespan, returns the
   * result.
   */
  private static SolveResult checked(Instance inst) {
    SolveResult r = METHOD.solve(inst, SolveLimits.defaults());
    CheckReport report = ScheduleChecker.checkResult(inst, r);
    assertThat(report.violations()).as("%s", inst.network().topology()).isEmpty();
    assertThat(report.makespan()).isEqualTo(r.makespan());
    return r;
  }

  /**
   * The optima CP-SAT proves (catalogue rows {@code lc-ring-h1-broadcast-ring5-n3-beta1}, {@code
   * -ring7-n2-beta1}, {@code -ring7-n3-beta1}: OPTIMAL 11, 11, 14, where the cut takes 12, 12, 16),
   * and the other odd-ring cases with {@code tau = 1}, {@code n <= 4} and {@code beta <= 2} that
   * the exact model proved and the cut misses, on {@code C_5}, {@code C_7} and {@code C_9}
   * (docs/models/linear-cost.md#the-crossing-head-h1-odd-ring): the method reaches each optimum.
   */
  @ParameterizedTest(name = "C_{0}, n = {1}, beta = {2}: optimum {3}, cut {4}")
  @CsvSource({
    "5, 3, 1, 11, 12",
    "7, 2, 1, 11, 12",
    "7, 3, 1, 14, 16",
    "5, 4, 2, 17, 18",
    "7, 3, 0, 7, 8",
    "7, 3, 2, 19, 20",
    "7, 4, 0, 9, 10",
    "9, 3, 0, 8, 9",
    "9, 3, 1, 16, 18",
    "9, 3, 2, 23, 25"
  })
  void reachesTheProvenOptima(int p, long n, int beta, long optimum, long cut) {
    Instance inst = ring(p, 0, n, Integer.toString(beta), "1");
    PathSending f = PathSending.of((CommModel.StoreAndForward) inst.model(), inst.timeScale());
    assertThat(f.sOne(n, (p + 1) / 2)).isEqualTo(cut);
    SolveResult r = checked(inst);
    assertThat(r.makespan()).isEqualTo(optimum);
    assertThat(r.stats().get("plan").toString()).startsWith("crossing head");
  }

  /** The same optimum from any source: the family is written relative to the source. */
  @Test
  void catalogueOptimum_fromEverySource() {
    for (int source = 0; source < 7; source++) {
      assertThat(checked(ring(7, source, 3, "1", "1")).makespan()).isEqualTo(14);
    }
  }

  static LongStream seeds() {
    return Seeds.seeds(Seeds.cases(4, 50));
  }

  private static final String[][] COSTS = {
    {"1", "1"}, {"272", "0.4"}, {"0", "1"}, {"1", "0"}, {"2", "0.4"}, {"5", "1"}, {"0.4", "1"}
  };

  /**
   * Over rings of 3 to 11 nodes, messages of 1 to 30 units and the costs above: the schedule is
   * valid, never later than the cut's {@code S_1(n, ceil(p/2))}, never below the best lower bound,
   * and equal to the cut on even rings.
   */
  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void validNeverWorseThanTheCut_aboveTheBounds(long seed) {
    SplittableRandom rnd = new SplittableRandom(seed);
    int p = 3 + rnd.nextInt(9);
    long n = 1 + rnd.nextInt(30);
    String[] cost = COSTS[rnd.nextInt(COSTS.length)];
    Instance inst = ring(p, rnd.nextInt(p), n, cost[0], cost[1]);
    PathSending f = PathSending.of((CommModel.StoreAndForward) inst.model(), inst.timeScale());
    SolveResult r = checked(inst);
    long cut = f.sOne(n, (p + 1) / 2);
    assertThat(r.makespan()).isLessThanOrEqualTo(cut);
    assertThat(r.makespan()).isGreaterThanOrEqualTo(LowerBounds.best(inst).value());
    if (p % 2 == 0) {
      assertThat(r.makespan()).isEqualTo(cut);
    }
  }

  /**
   * Table 5.2's H1 {@code C_9} cell (n = 1023, beta = 272, tau = 0.4; D. B. Peters, "Bounds for
   * Communication Problems in Interconnection Networks under a Linear Cost Model", thesis, 1995)
   * prints {@code S_1(n, 4) = 2724.8}. The cut takes {@code S_1(n, 5) = 3336.8}; the crossing head
   * improves it (one head packet crossing the antipodal edge, each side's body in one packet) but
   * stays above the printed value, so the cell remains unreached
   * (docs/models/linear-cost.md#the-crossing-head-h1-odd-ring).
   */
  @Test
  void table52_h1C9_improvesTheCutButNotThePrintedValue() {
    Instance inst = ring(9, 0, 1023, "272", "0.4");
    PathSending f = PathSending.of((CommModel.StoreAndForward) inst.model(), inst.timeScale());
    SolveResult r = checked(inst);
    long printed = inst.timeScale().toTicks(new BigDecimal("2724.8"));
    assertThat(f.sOne(1023, 4)).isEqualTo(printed);
    assertThat(f.sOne(1023, 5)).isEqualTo(inst.timeScale().toTicks(new BigDecimal("3336.8")));
    assertThat(r.makespan()).isGreaterThan(printed).isLessThan(f.sOne(1023, 5));
  }

  /**
   * OPTIMAL exactly when a proven lower bound meets the makespan: {@code C_3} with one unit (the
   * volume bound {@code 2(beta + tau)} is met) against the catalogue's {@code C_7}, {@code n = 3}
   * (optimum 14, no bound reaches it).
   */
  @Test
  void status_optimalExactlyWhenABoundMeetsTheMakespan() {
    Instance tight = ring(3, 0, 1, "1", "1");
    SolveResult r = checked(tight);
    assertThat(r.makespan()).isEqualTo(LowerBounds.best(tight).value());
    assertThat(r.status()).isEqualTo(SolveStatus.OPTIMAL);
    Instance open = ring(7, 0, 3, "1", "1");
    SolveResult s = checked(open);
    assertThat(LowerBounds.best(open).value()).isLessThan(s.makespan());
    assertThat(s.status()).isEqualTo(SolveStatus.FEASIBLE);
  }
}
