package org.commsched.heuristics.linearcost;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Schedule;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveRun;
import org.commsched.core.testing.Deep;
import org.junit.jupiter.api.Test;

/**
 * Proposition 3.3.2 of D. B. Peters, "Bounds for Communication Problems in Interconnection Networks
 * under a Linear Cost Model" (H* broadcast in {@code K_p};
 * docs/models/linear-cost.md#broadcast-schemes, "Proposition 3.3.2"): the suspected per-k optimism
 * of {@code (2r + 1) beta + (2 ceil((n - k - rB)/p) + k) tau} settled. At {@code p = 3}, {@code n =
 * 36}, {@code k = 1}, {@code beta = 5}, {@code tau = 1} the proof's lock-step phases take 51, one
 * tau above the formula's 50, because the padded chunk outlasts the nodes' two sends; the scheme
 * run as soon as possible takes the formula's 50, and on the grid {@code p <= 8}, {@code n < 90},
 * five (beta, tau) no packet size exceeds the formula, so neither does the minimum over k.
 */
class Proposition332Test {
  private static final String[][] COSTS = {
    {"5", "1"}, {"1", "1"}, {"272", "0.4"}, {"2", "3"}, {"7.5", "0.4"}
  };

  private static Instance kp(int p, long n, String beta, String tau) {
    return BroadcastFixtures.broadcast(
        new Topology.Complete(p),
        0,
        n,
        BroadcastFixtures.model(beta, tau, CommModel.Ports.ALL, CommModel.Duplex.HALF));
  }

  /**
   * By hand: B = 5; r = 3 is the smallest r with 3((2^r - 1) + (2^r - r - 1) 5) + 1 + 5r >= 36 (r =
   * 2 gives 35); s = ceil((36 - 1 - 15)/3) = 7, formula 7 x 5 + (14 + 1) = 50. The reserve holds s
   * + k + rB = 23 units, the other 13 go to the two nodes as 6 and 7, chunked 1 + 5 + 0 and 1 + 6 +
   * 0 (nominal 1, 7, 19). Lock step: phase 1 the source sends 1 unit (6); phase 2 it sends 6 (11)
   * while each node sends its 1 unit twice (12); phase 3 it sends the empty third chunk padded to
   * 19 (24) while each node sends its 5 or 6 units twice (22); phase 4 the last 4 reserve units
   * (9): 6 + 12 + 24 + 9 = 51.
   */
  @Test
  void p3n36k1_lockStepIsATauOver_theScheduleIsNot() {
    Instance inst = kp(3, 36, "5", "1");
    CompleteGraphBroadcastHalf scheme = new CompleteGraphBroadcastHalf();
    assertThat(scheme.formula(inst, 1)).isEqualTo(7 * 5 + (2 * 7 + 1));
    long lockStep =
        (5 + 1) + Math.max(5 + 6, 2 * (5 + 1)) + Math.max(5 + 19, 2 * (5 + 6)) + (5 + 4);
    assertThat(lockStep).isEqualTo(51);
    BroadcastScheme.Built b = scheme.schedule(inst, 1);
    assertThat(BroadcastFixtures.checkedMakespan(scheme, inst, 1)).isEqualTo(50);
    // the source's packets to node 1 are the ones counted above: 1, 5 (its sub-message of 6 has 1 +
    // 5), 19, 4 units
    List<Long> toNode1 =
        b.schedule().transmissions().stream()
            .filter(t -> t.from() == 0 && t.to() == 1)
            .collect(
                java.util.stream.Collectors.groupingBy(
                    Schedule.Transmission::start,
                    java.util.TreeMap::new,
                    java.util.stream.Collectors.summingLong(Schedule.Transmission::size)))
            .values()
            .stream()
            .toList();
    assertThat(toNode1).containsExactly(1L, 5L, 19L, 4L);
  }

  /**
   * Every k for n < 30 (all n ran outside the tests), and the minimum over k on all of it, stay
   * within the formula: everyday at the first (beta, tau), the costs of the counterexample above.
   */
  @Test
  void grid_noPacketSizeExceedsTheFormula() {
    assertThat(grid(Arrays.copyOfRange(COSTS, 0, 1))).isEqualTo(7 * 89);
  }

  /** The same at the four other (beta, tau), deep (four fifths of the grid's time). */
  @Deep
  @Test
  void grid_atTheOtherCosts_noPacketSizeExceedsTheFormula() {
    assertThat(grid(Arrays.copyOfRange(COSTS, 1, COSTS.length))).isEqualTo(4 * 7 * 89);
  }

  /**
   * Default limits in a run of {@code inst} that is handed an empty list of lower bounds: {@link
   * BroadcastScheme#solve} builds its schedule without them (they only set the result's status and
   * bound, which this suite does not read), and computing every bound of the family ({@code
   * MULTI-FEED} on {@code K_3} to {@code K_5} above all) on each of the grid's 3,115 instances was
   * 99 % of the suite's time. The bounds are held against exact optima and schedules elsewhere
   * (docs/TESTS.md, "Linear cost": P15b and after).
   */
  private static SolveLimits noBounds(Instance inst) {
    return new SolveRun(inst, SolveLimits.defaults(), List.of()).limits();
  }

  /** Runs the grid at the given (beta, tau) and returns how many instances it took. */
  private static int grid(String[][] costs) {
    CompleteGraphBroadcastHalf scheme = new CompleteGraphBroadcastHalf();
    int instances = 0;
    for (String[] c : costs) {
      for (int p = 2; p <= 8; p++) {
        for (long n = 1; n < 90; n++) {
          Instance inst = kp(p, n, c[0], c[1]);
          long formulaMin = Long.MAX_VALUE;
          long argMin = -1;
          for (long k = 1; k <= n; k++) {
            long f = scheme.formula(inst, k);
            if (f < 0) {
              continue;
            }
            if (f < formulaMin) {
              formulaMin = f;
              argMin = k;
            }
            if (n < 30) {
              assertThat(scheme.schedule(inst, k).makespan())
                  .as("p %d n %d k %d %s/%s", p, n, k, c[0], c[1])
                  .isLessThanOrEqualTo(f);
            }
          }
          assertThat(BroadcastFixtures.checkedMakespan(scheme, inst, argMin))
              .as("p %d n %d", p, n)
              .isLessThanOrEqualTo(formulaMin);
          assertThat(scheme.solve(inst, noBounds(inst)).makespan()).isLessThanOrEqualTo(formulaMin);
          instances++;
        }
      }
    }
    return instances;
  }
}
