package org.commsched.heuristics.bufferless.scattergather;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.commsched.instances.testing.ScheduleAssertions.assertValid;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.commsched.core.check.CheckReport;
import org.commsched.core.check.ScheduleChecker;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Schedule;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveStatus;
import org.commsched.instances.testing.ScatterCases;
import org.junit.jupiter.api.Test;

/**
 * Worked examples of FDF scattering: Figure 1 of Bhatt, Pucci, Ranade and Rosenberg, "Scattering
 * and Gathering Messages in Networks of Processors"
 * (docs/models/bufferless-scatter-gather.md#figures-1-to-4), EX5
 * (docs/models/bufferless-scatter-gather.md#tree-oracles-ex1-to-ex5), the set-up variant
 * (docs/models/bufferless-scatter-gather.md#fdf), and the readings of
 * docs/models/bufferless-scatter-gather.md#scattering-corrections that concern scattering.
 *
 * <p>Time mapping (docs/DESIGN.md): our departure is the paper's dispatch step τ (the row in which
 * the first flit is at the root); a flit of message i, number f (from 1), is at route node h in
 * paper row {@code τ + (f - 1) + h}; our makespan is the last arrival row, the paper's T minus 1.
 */
class FdfScatterTest {
  private static final CommModel SINGLE = ScatterCases.SINGLE;
  private static final CommModel ALL = ScatterCases.ALL;
  private final FdfScatter fdf = new FdfScatter();

  private static final String[] FIG1_A = {
    "0 | m5,1 |      |      |      |      |     ",
    "1 | m5,2 | m5,1 |      |      |      |     ",
    "2 | m5,3 | m5,2 | m5,1 |      |      |     ",
    "3 | m4,1 | m5,3 | m5,2 | m5,1 |      |     ",
    "4 | m4,2 | m4,1 | m5,3 | m5,2 | m5,1 |     ",
    "5 | m4,3 | m4,2 | m4,1 | m5,3 | m5,2 | m5,1",
    "6 | m4,4 | m4,3 | m4,2 | m4,1 | m5,3 | m5,2",
    "7 |      | m4,4 | m4,3 | m4,2 | m4,1 | m5,3",
    "8 |      |      | m4,4 | m4,3 | m4,2 |     ",
    "9 |      |      |      | m4,4 | m4,3 |     ",
    "10 |      |      |      |      | m4,4 |     "
  };

  private static final String[] FIG1_B = {
    "0 | m4,1 |      |      |      |      |     ",
    "1 | m4,2 | m4,1 |      |      |      |     ",
    "2 | m4,3 | m4,2 | m4,1 |      |      |     ",
    "3 | m4,4 | m4,3 | m4,2 | m4,1 |      |     ",
    "4 | m5,1 | m4,4 | m4,3 | m4,2 | m4,1 |     ",
    "5 | m5,2 | m5,1 | m4,4 | m4,3 | m4,2 |     ",
    "6 | m5,3 | m5,2 | m5,1 | m4,4 | m4,3 |     ",
    "7 |      | m5,3 | m5,2 | m5,1 | m4,4 |     ",
    "8 |      |      | m5,3 | m5,2 | m5,1 |     ",
    "9 |      |      |      | m5,3 | m5,2 | m5,1",
    "10 |      |      |      |      | m5,3 | m5,2",
    "11 |      |      |      |      |      | m5,3"
  };

  /** Figure 1's instance: the 6-PE path P0..P5, L = (0, 0, 0, 4, 3). */
  private static Instance figure1() {
    return ScatterCases.path(SINGLE, 0, 0, 0, 4, 3);
  }

  /**
   * Renders a departure schedule as the paper's table: one row per step from 0, one column per PE
   * on the path, each cell the flit at that PE in that row ("mI,F"; a flit shows at its origin in
   * its sending row, at every relay and at its destination in its arrival row).
   */
  private static String[] render(Instance inst, Map<String, Long> dep) {
    int n = inst.network().nodes();
    List<String[]> rows = new ArrayList<>();
    for (int i = 0; i < inst.messages().size(); i++) {
      Message m = inst.messages().get(i);
      if (m.length() == 0) {
        continue;
      }
      int[] route = inst.atlas().nodes(i);
      long tau = dep.get(m.id());
      for (int f = 1; f <= m.length(); f++) {
        for (int h = 0; h < route.length; h++) {
          int row = (int) (tau + (f - 1) + h);
          while (rows.size() <= row) {
            String[] empty = new String[n];
            java.util.Arrays.fill(empty, "    ");
            rows.add(empty);
          }
          assertThat(rows.get(row)[route[h]])
              .as("two flits at P%d in row %d", route[h], row)
              .isEqualTo("    ");
          rows.get(row)[route[h]] = "m" + m.id().substring(1) + "," + f;
        }
      }
    }
    String[] out = new String[rows.size()];
    for (int r = 0; r < out.length; r++) {
      out[r] = r + " | " + String.join(" | ", rows.get(r)).stripTrailing();
    }
    return out;
  }

  private static String[] normalise(String[] table) {
    String[] out = new String[table.length];
    for (int r = 0; r < table.length; r++) {
      out[r] = table[r].stripTrailing();
    }
    return out;
  }

  /**
   * Figure 1(a): FDF sends M5 (depth 5) before M4; T = 11 in the paper, our makespan 10 (last row
   * 10).
   */
  @Test
  void figure1a_fdfReproducesThePapersTableCellForCell() {
    Instance inst = figure1();
    SolveResult r = fdf.solve(inst, SolveLimits.defaults());
    Map<String, Long> dep = ((Schedule.Departures) r.schedule()).departures();
    assertThat(dep).containsExactly(Map.entry("M4", 3L), Map.entry("M5", 0L));
    assertThat(render(inst, dep)).containsExactly(normalise(FIG1_A));
    assertThat(r.makespan()).isEqualTo(FIG1_A.length - 1).isEqualTo(10);
    assertThat(r.stats()).containsEntry("paperT", 11L);
    assertThat(r.status()).isEqualTo(SolveStatus.OPTIMAL);
    assertThat(r.lowerBound().kind()).isEqualTo("LB-SCAT");
    assertThat(r.lowerBound().value()).isEqualTo(10);
    CheckReport rep = ScheduleChecker.checkResult(inst, r);
    assertThat(rep.violations()).isEmpty();
    assertThat(rep.makespan()).isEqualTo(10);
    // closed form of docs/models/bufferless-scatter-gather.md#fdf: max(5 + 3, 4 + 7) = 11 paper
    // units
    FdfScatter.ClosedForm c =
        FdfScatter.closedForm(ScatterCases.depths(inst), ScatterCases.lengths(inst), null, 0);
    assertThat(c.paperT()).isEqualTo(11);
    assertThat(c.delta()).isEqualTo(4);
    assertThat(c.flits()).isEqualTo(7);
  }

  /**
   * Figure 1(b): the other order, M4 before M5, takes T = 12 (paper), one more; the table as
   * rebuilt in docs/models/bufferless-scatter-gather.md#figures-1-to-4.
   */
  @Test
  void figure1b_theNonFdfOrderReproducesTheRebuiltTable() {
    Instance inst = figure1();
    long[] dep =
        FdfScatter.departuresInOrder(new int[] {3, 4}, ScatterCases.lengths(inst), null, 0);
    Map<String, Long> d = new LinkedHashMap<>();
    d.put("M4", dep[3]);
    d.put("M5", dep[4]);
    assertThat(d).containsExactly(Map.entry("M4", 0L), Map.entry("M5", 4L));
    assertThat(render(inst, d)).containsExactly(normalise(FIG1_B));
    CheckReport rep = ScheduleChecker.check(inst, new Schedule.Departures(d));
    assertThat(rep.violations()).isEmpty();
    assertThat(rep.makespan())
        .isEqualTo(11); // paper T = 12 = Prop. 1's upper bound sum L + max delta
  }

  /**
   * docs/models/bufferless-scatter-gather.md#figures-1-to-4: Proposition 1 on Figure 1, 7 <= T <=
   * 12 for both orders (paper units).
   */
  @Test
  void figure1_propositionOneBracketsBothOrders() {
    Instance inst = figure1();
    long[] l = ScatterCases.lengths(inst);
    int[] d = ScatterCases.depths(inst);
    for (int[] order : new int[][] {{3, 4}, {4, 3}}) {
      long[] dep = FdfScatter.departuresInOrder(order, l, null, 0);
      long t = Math.max(dep[3] + l[3] + d[3], dep[4] + l[4] + d[4]);
      assertThat(t).isBetween(7L, 12L);
    }
  }

  /**
   * docs/models/bufferless-scatter-gather.md#tree-oracles-ex1-to-ex5 EX5 scatter: order [3, 4, 6,
   * 1, 2], T = 10 (paper), closed form max(2 + 6, 1 + 9); worst order 11.
   */
  @Test
  void ex5_binaryTree() {
    Instance inst = ScatterCases.onTree(new int[] {-1, 0, 0, 1, 1, 2, 2}, SINGLE, 1, 2, 3, 1, 0, 2);
    int[] order =
        FdfScatter.order(ScatterCases.depths(inst), ScatterCases.lengths(inst), destinations(inst));
    assertThat(order).containsExactly(2, 3, 5, 0, 1); // message indices of P3, P4, P6, P1, P2
    SolveResult r = fdf.solve(inst, SolveLimits.defaults());
    assertThat(r.makespan()).isEqualTo(9);
    assertThat(r.status()).isEqualTo(SolveStatus.OPTIMAL);
    assertThat(
            FdfScatter.closedForm(ScatterCases.depths(inst), ScatterCases.lengths(inst), null, 0)
                .paperT())
        .isEqualTo(Math.max(2 + 6, 1 + 9));
    long worst = 0;
    for (int[] p : FdfScatterProperties.permutations(new int[] {0, 1, 2, 3, 5})) {
      worst = Math.max(worst, FdfScatterProperties.paperT(p, inst, null, 0));
    }
    assertThat(worst).isEqualTo(11);
  }

  /**
   * docs/models/bufferless-scatter-gather.md#fdf on EX5 under multiport: one stream per root arc;
   * LB-MP proves it.
   */
  @Test
  void ex5_multiportRunsOneStreamPerRootArc() {
    Instance inst = ScatterCases.onTree(new int[] {-1, 0, 0, 1, 1, 2, 2}, ALL, 1, 2, 3, 1, 0, 2);
    SolveResult r = fdf.solve(inst, SolveLimits.defaults());
    Map<String, Long> dep = ((Schedule.Departures) r.schedule()).departures();
    // subtree of P1: P3 (3), P4 (1), P1 (1) back to back; subtree of P2: P6 (2), P2 (2)
    assertThat(dep)
        .containsEntry("M3", 0L)
        .containsEntry("M4", 3L)
        .containsEntry("M1", 4L)
        .containsEntry("M6", 0L)
        .containsEntry("M2", 2L);
    assertThat(r.makespan()).isEqualTo(5); // max(4 + 1 + 1, 2 + 2 + 1) - 1 = 5
    assertThat(r.lowerBound().kind()).isEqualTo("LB-MP");
    assertThat(r.status()).isEqualTo(SolveStatus.OPTIMAL);
    assertValid(inst, r);
  }

  /**
   * docs/models/bufferless-scatter-gather.md#fdf set-up variant on Figure 1 with beta = 2: the root
   * spends 2 steps before each message, so M5 leaves at 2 and M4 at 2 + 3 + 2 = 7; T = max(5 + 5, 4
   * + 11) = 15 (paper units). Valid in the plain model, not optimal there.
   */
  @Test
  void setupVariant_figure1() {
    Instance inst = figure1();
    SolveResult r = fdf.solve(inst, SolveLimits.defaults().withOption(FdfScatter.SETUP, 2L));
    assertThat(((Schedule.Departures) r.schedule()).departures())
        .containsEntry("M5", 2L)
        .containsEntry("M4", 7L);
    assertThat(r.makespan()).isEqualTo(14);
    assertThat(r.stats()).containsEntry("setupOptimumPaperT", 15L).containsEntry("setup", 2L);
    assertThat(r.status()).isEqualTo(SolveStatus.FEASIBLE);
    assertThat(r.lowerBound().value()).isEqualTo(10);
    assertValid(inst, r);
  }

  /**
   * docs/models/bufferless-scatter-gather.md#scattering-corrections: Proposition 1's lower bound
   * max(sum L, max delta) is valid but not tight; every scatter takes at least sum L + 1 (paper
   * units). A star with three one-hop messages: Prop. 1 says 6, the optimum is 7.
   */
  @Test
  void propositionOne_lowerBoundIsNotTight() {
    Instance inst = ScatterCases.onTree(new int[] {-1, 0, 0, 0}, SINGLE, 1, 2, 3);
    long sum = 6;
    long maxDelta = 1;
    SolveResult r = fdf.solve(inst, SolveLimits.defaults());
    assertThat(r.makespan() + 1).isEqualTo(sum + 1).isGreaterThan(Math.max(sum, maxDelta));
  }

  /**
   * docs/models/bufferless-scatter-gather.md#scattering-corrections, Claim 1: swapping an adjacent
   * pair (j, i) with delta(i) &gt; delta(j) decreases T strictly only when M_i is the unique last
   * arrival. On the path with M_j at depth 1 (L 1), M_i at depth 3 (L 1) and M_k at depth 1 (L 2),
   * the order (j, i, k) has M_i and M_k both arriving last at T = 5; the swap to (i, j, k) keeps T
   * = 5.
   */
  @Test
  void claimOne_swapIsNotStrictWhenTheLastArrivalIsTied() {
    // path 0-1-2-3 plus a second branch 0-4: M1 depth 1 (j), M3 depth 3 (i), M4 depth 1 (k)
    Instance inst = ScatterCases.onTree(new int[] {-1, 0, 1, 2, 0}, SINGLE, 1, 0, 1, 2);
    int j = 0;
    int i = 2;
    int k = 3;
    long before = FdfScatterProperties.paperT(new int[] {j, i, k}, inst, null, 0);
    long after = FdfScatterProperties.paperT(new int[] {i, j, k}, inst, null, 0);
    assertThat(before).isEqualTo(5);
    assertThat(after).isEqualTo(5);
    assertThat(
            FdfScatter.closedForm(ScatterCases.depths(inst), ScatterCases.lengths(inst), null, 0)
                .paperT())
        .isEqualTo(5);
  }

  /**
   * The counterexamples of docs/models/bufferless-scatter-gather.md#small-counterexamples are
   * gathering ones; their scattering side (same lengths on the same path) shows gathering's
   * synchronization cost (docs/models/bufferless-scatter-gather.md#lower-bounds chain,
   * docs/models/bufferless-scatter-gather.md#properties claim 12): T_FDF is below each protocol
   * value. Paper units.
   */
  @Test
  void section11_4_scatterSideOfTheGatherCounterexamples() {
    // Shoulder-Tap gap L = (1,1,1): T_ST = LB-SYNC = 7; L = (1,1,1,1): T = 9
    assertThat(paperT(ScatterCases.path(SINGLE, 1, 1, 1))).isEqualTo(4).isLessThan(7);
    assertThat(paperT(ScatterCases.path(SINGLE, 1, 1, 1, 1))).isEqualTo(5).isLessThan(9);
    // leaf rule, n = 1, L = 3: gathering takes T = 5 (6 with the literal rule); scattering 4
    assertThat(paperT(ScatterCases.path(SINGLE, 3))).isEqualTo(4).isLessThan(5);
    // forward-first scope L = (3, 0): Shoulder-Tap 6, best without forward-first 5; scattering 4 =
    // LB-OFF
    assertThat(paperT(ScatterCases.path(SINGLE, 3, 0))).isEqualTo(4).isLessThan(5);
  }

  private long paperT(Instance inst) {
    SolveResult r = fdf.solve(inst, SolveLimits.defaults());
    assertValid(inst, r);
    return r.makespan() + 1;
  }

  @Test
  void noNonNullMessage_givesAnEmptyOptimalSchedule() {
    Instance inst = ScatterCases.path(SINGLE, 0, 0);
    SolveResult r = fdf.solve(inst, SolveLimits.defaults());
    assertThat(r.makespan()).isZero();
    assertThat(r.status()).isEqualTo(SolveStatus.OPTIMAL);
    assertThat(((Schedule.Departures) r.schedule()).departures()).isEmpty();
    assertValid(inst, r);
  }

  @Test
  void whyNot_namesTheProblemAndTheAlternative() {
    Instance gather =
        new Instance(
            "g",
            new Problem.Gather(0, List.of(new Message("a", 1, 0, 2))),
            SINGLE,
            Network.of(new Topology.Bla(3)));
    assertThat(fdf.whyNot(gather)).contains("greedy");
    Instance saf =
        new Instance(
            "s",
            new Problem.Scatter(0, List.of(new Message("a", 0, 1, 2))),
            new CommModel.StoreAndForward(
                java.math.BigDecimal.ONE,
                java.math.BigDecimal.ONE,
                CommModel.Ports.ONE,
                CommModel.Duplex.FULL,
                CommModel.OnePortRule.SEND_AND_RECEIVE),
            Network.of(new Topology.Bla(3)));
    assertThat(fdf.whyNot(saf)).contains("greedy-saf");
    // a chatting instance is not told to use a gather method
    Instance chat =
        new Instance(
            "c",
            new Problem.Chatting(List.of(new Message("a", 0, 2, 2))),
            SINGLE,
            Network.of(new Topology.Bla(3)));
    assertThat(fdf.whyNot(chat)).contains("for chatting use greedy").doesNotContain("gather");
    Instance dsa =
        new Instance(
            "d",
            new Problem.Dsa(List.of(new Message("a", 0, 2, 2))),
            ALL,
            Network.of(new Topology.Ula(3)));
    assertThat(fdf.whyNot(dsa)).contains("first-fit").doesNotContain("gather");
    // two explicit routes to neighbours of node 3 on a 4-ring that reach node 2 differently: not a
    // tree
    Instance ring =
        new Instance(
            "r",
            new Problem.Scatter(
                0,
                List.of(
                    new Message("a", 0, 2, 1, List.of(0, 1, 2)),
                    new Message("b", 0, 3, 1, List.of(0, 3)),
                    new Message("c", 0, 1, 1, List.of(0, 3, 2, 1)))),
            SINGLE,
            Network.of(new Topology.Ring(4)));
    assertThat(fdf.whyNot(ring)).contains("do not form one tree").contains("greedy");
    assertThatThrownBy(() -> fdf.solve(ring, SolveLimits.defaults()))
        .isInstanceOf(IllegalArgumentException.class);
    // under multiport the root arcs 0->1 and 0->3 are separate streams whose routes share no arc (a
    // uses 1->2, c
    // uses 3->2 and 2->1), and each stream's routes form a tree: FDF applies
    Instance ringAll = new Instance("r", ring.problem(), ALL, ring.network());
    assertThat(fdf.whyNot(ringAll)).isNull();
    SolveResult r = fdf.solve(ringAll, SolveLimits.defaults());
    assertValid(ringAll, r);
  }

  @Test
  void options_onlySetup_withItsValuesChecked() {
    assertThat(fdf.optionKeys()).containsExactly(FdfScatter.SETUP.key());
    assertThat(fdf.whyNotOption("setup", "3")).isNull();
    assertThat(fdf.whyNotOption("setup", "-3")).contains("negative");
    assertThat(fdf.whyNotOption("setup", "9223372036854775807")).contains("at most");
    assertThat(fdf.whyNotOption("kappa", "1")).contains("kappa");
  }

  @Test
  void badSetupOption_isRejected() {
    // a bad value cannot reach the method: the option refuses it when it is set or parsed
    assertThatThrownBy(() -> SolveLimits.defaults().withOption(FdfScatter.SETUP, -1L))
        .hasMessageContaining("negative");
    assertThatThrownBy(() -> FdfScatter.SETUP.parse("x")).hasMessageContaining("integer");
  }

  static int[] destinations(Instance inst) {
    int[] t = new int[inst.messages().size()];
    for (int i = 0; i < t.length; i++) {
      t[i] = inst.messages().get(i).to();
    }
    return t;
  }
}
