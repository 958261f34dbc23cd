package org.commsched.heuristics.bufferless.chatting;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.commsched.instances.testing.ScheduleAssertions.assertValid;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.commsched.core.check.ScheduleChecker;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Schedule;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.instances.testing.ChatCases;
import org.junit.jupiter.api.Test;

/**
 * The ESM oracles E, F and H of docs/models/bufferless-chatting.md#examples (derived for the
 * project, optima by exhaustive search; the paper, Bhatt, Bilardi, Pucci, Ranade, Rosenberg,
 * Schwabe, "On Bufferless Routing of Variable Length Messages in Leveled Networks", has no worked
 * example for §5.2), the counterexamples behind fixes F1 and F2
 * (docs/models/bufferless-chatting.md#esm-paper-and-esm-ne, #esm-scan-fixes), the gap in the proof
 * of Theorem 5.3 (docs/models/bufferless-chatting.md#theorem-53-proof), and the refusals of {@code
 * esm-paper} and {@code esm-ne}. The oracles were first written with sigma and t from 1; every
 * expected value here is that minus 1 (docs/DESIGN.md).
 */
class EsmChattingTest {

  /** An ESM instance from (row, col) -> (row, col) unit messages named M0, M1, ... */
  static Instance esm(int rows, int cols, int[][] msgs) {
    List<Message> ms = new ArrayList<>();
    for (int m = 0; m < msgs.length; m++) {
      ms.add(
          new Message("M" + m, msgs[m][0] * cols + msgs[m][1], msgs[m][2] * cols + msgs[m][3], 1));
    }
    return new Instance(
        "esm", new Problem.Chatting(ms), ChatCases.ALL, Network.of(new Topology.Esm(rows, cols)));
  }

  static long[] minusOne(long... spec) {
    long[] out = new long[spec.length];
    for (int i = 0; i < spec.length; i++) {
      out[i] = spec[i] - 1;
    }
    return out;
  }

  static long[] departures(SolveResult r) {
    return ((Schedule.Departures) r.schedule())
        .departures().values().stream().mapToLong(Long::longValue).toArray();
  }

  static boolean virtuallyValid(Instance inst, long[] sigma) {
    Map<String, Long> m = new LinkedHashMap<>();
    for (int i = 0; i < sigma.length; i++) {
      m.put(inst.messages().get(i).id(), sigma[i]);
    }
    return ScheduleChecker.check(inst, new Schedule.Slots(m)).valid();
  }

  /**
   * Oracle E: M0 (1,1)->(1,2), M1 (0,1)->(2,1), M2 (0,2)->(2,2), M3 (0,0)->(0,2); every arc used
   * once.
   */
  private final Instance oracleE =
      esm(3, 3, new int[][] {{1, 1, 1, 2}, {0, 1, 2, 1}, {0, 2, 2, 2}, {0, 0, 0, 2}});

  @Test
  void oracleE_withoutF2_theLiteralScanNeedsThreeSlotsForC1() {
    long[] sigma = EsmScan.slots(oracleE, EsmScan.Variant.PAPER_WITHOUT_F2);
    assertThat(sigma).containsExactly(minusOne(1, 1, 2, 3));
    assertThat(Transforms.virtualDuration(sigma, new long[] {1, 1, 1, 1}))
        .isEqualTo(3)
        .isGreaterThan(2 * 1);
  }

  @Test
  void oracleE_withF1AndF2_bothScansUseOneSlot_andVoSendsEverythingAtOnce() {
    assertThat(EsmPaper.unitSlots(oracleE)).containsExactly(0, 0, 0, 0);
    assertThat(EsmNe.unitSlots(oracleE)).containsExactly(0, 0, 0, 0);
    for (Method m : List.of(new EsmPaper(), new EsmNe())) {
      SolveResult r = m.solve(oracleE, SolveLimits.defaults());
      assertThat(departures(r)).containsExactly(0, 0, 0, 0);
      assertThat(r.makespan()).isEqualTo(2);
      assertThat(r.stats()).containsEntry("virtualDuration", 1L);
      assertValid(oracleE, r);
    }
  }

  /** Oracle F: one source (0,0) to every other node of a 3x3 ESM, in row-major order. */
  private final Instance oracleF =
      esm(
          3,
          3,
          new int[][] {
            {0, 0, 0, 1},
            {0, 0, 0, 2},
            {0, 0, 1, 0},
            {0, 0, 1, 1},
            {0, 0, 1, 2},
            {0, 0, 2, 0},
            {0, 0, 2, 1},
            {0, 0, 2, 2}
          });

  @Test
  void oracleF_paperScan() {
    long[] sigma = EsmPaper.unitSlots(oracleF);
    assertThat(sigma).containsExactly(minusOne(1, 4, 1, 2, 5, 2, 3, 6));
    assertThat(virtuallyValid(oracleF, sigma)).isTrue();
    SolveResult r = new EsmPaper().solve(oracleF, SolveLimits.defaults());
    assertThat(departures(r)).containsExactly(sigma); // every level is 0, so VO keeps sigma
    assertThat(r.makespan()).isEqualTo(9);
    assertThat(r.stats()).containsEntry("virtualDuration", 6L);
    assertValid(oracleF, r);
  }

  @Test
  void oracleF_northEastScan() {
    long[] sigma = EsmNe.unitSlots(oracleF);
    assertThat(sigma).containsExactly(minusOne(4, 1, 1, 5, 2, 2, 6, 3));
    assertThat(virtuallyValid(oracleF, sigma)).isTrue();
    SolveResult r = new EsmNe().solve(oracleF, SolveLimits.defaults());
    assertThat(departures(r)).containsExactly(sigma);
    assertThat(r.makespan()).isEqualTo(8);
    assertValid(oracleF, r);
  }

  /**
   * Oracle H: the paper scan reaches S = 2C (C = 2); the north-east scan gets 2C - 1 and an optimal
   * T = 5.
   */
  private final Instance oracleH =
      esm(
          4,
          4,
          new int[][] {
            {2, 0, 3, 3},
            {0, 2, 0, 3},
            {0, 0, 1, 3},
            {0, 3, 3, 3},
            {1, 3, 2, 3},
            {2, 0, 3, 1},
            {0, 0, 3, 1}
          });

  @Test
  void oracleH_paperScanIsTightAtTwoC() {
    long[] sigma = EsmPaper.unitSlots(oracleH);
    assertThat(sigma).containsExactly(minusOne(2, 1, 3, 4, 1, 1, 2));
    assertThat(virtuallyValid(oracleH, sigma)).isTrue();
    SolveResult r = new EsmPaper().solve(oracleH, SolveLimits.defaults());
    assertThat(departures(r)).containsExactly(minusOne(4, 3, 3, 3, 1, 3, 2));
    assertThat(r.makespan()).isEqualTo(7);
    assertThat(r.stats()).containsEntry("virtualDuration", 4L);
  }

  @Test
  void oracleH_northEastScanGetsTwoCMinusOne_andTheOptimum() {
    long[] sigma = EsmNe.unitSlots(oracleH);
    assertThat(sigma).containsExactly(minusOne(2, 1, 2, 1, 2, 3, 1));
    SolveResult r = new EsmNe().solve(oracleH, SolveLimits.defaults());
    assertThat(departures(r)).containsExactly(minusOne(1, 3, 2, 1, 3, 2, 1));
    assertThat(r.makespan()).isEqualTo(5);
    assertThat(r.stats()).containsEntry("virtualDuration", 3L);
    assertValid(oracleH, r);
  }

  @Test
  void f1_theLiteralTestFindsNoSlotForADestinationInTheLastRow() {
    // oracle F's M5 (0,0)->(2,0) ends in row N-1 = 2: col_0[s] > 2 never holds on the paper's 2C =
    // 12 slots
    assertThatThrownBy(() -> EsmScan.slots(oracleF, EsmScan.Variant.PAPER_WITHOUT_F1))
        .isInstanceOf(EsmScan.NoSlot.class)
        .hasMessageContaining("12 slots");
  }

  @Test
  void f1_theLiteralTestBlocksALegThatEndsWhereTheEarlierOneTurns() {
    // A (2,1)->(3,1) turns at row 2 of column 1 and is scanned first; B (0,0)->(2,1) uses column 1
    // over rows 0..2
    // only, so they share no arc: F1 puts both in slot 0, the literal '>' pushes B to slot 1.
    Instance inst =
        esm(
            5,
            4,
            new int[][] {{2, 1, 3, 1}, {0, 0, 2, 1}}); // rows 0..4: no leg ends in the last row
    assertThat(EsmScan.slots(inst, EsmScan.Variant.PAPER)).containsExactly(0, 0);
    assertThat(EsmScan.slots(inst, EsmScan.Variant.PAPER_WITHOUT_F1)).containsExactly(0, 1);
    assertThat(virtuallyValid(inst, new long[] {0, 0})).isTrue();
  }

  @Test
  void theorem53ProofGap_aBlockerNeedNotUseTheFirstRowArcOrTheLastColumnArc() {
    // docs/models/bufferless-chatting.md#theorem-53-proof: A (0,1)->(0,2) turns at (0,2) and is
    // scanned before M
    // (0,0)->(1,3), which turns at (0,3). A blocks slot 0 for M, yet uses neither M's first row arc
    // (0,0)->(0,1) nor
    // its last column arc (0,3)->(1,3).
    Instance inst = esm(2, 4, new int[][] {{0, 1, 0, 2}, {0, 0, 1, 3}});
    assertThat(EsmPaper.unitSlots(inst)).containsExactly(0, 1);
    Network net = inst.network();
    int[] blocker = inst.atlas().arcs(0);
    assertThat(blocker).doesNotContain(net.arc(0, 1), net.arc(3, 7));
  }

  @Test
  void unitSlots_ignoreLengths_andPlugInAsAFunction() {
    // the unit-length procedure P of Theorem 5.2: the same slots for the one-flit copies of longer
    // messages
    List<Message> longer = new ArrayList<>();
    for (Message m : oracleH.messages()) {
      longer.add(new Message(m.id(), m.from(), m.to(), 5));
    }
    Instance inst =
        new Instance("h5", new Problem.Chatting(longer), ChatCases.ALL, oracleH.network());
    for (Function<Instance, long[]> p :
        List.<Function<Instance, long[]>>of(EsmPaper::unitSlots, EsmNe::unitSlots)) {
      assertThat(p.apply(inst)).containsExactly(p.apply(oracleH));
    }
    assertThatThrownBy(
            () ->
                EsmNe.unitSlots(
                    new Instance(
                        "u",
                        new Problem.Chatting(List.of(new Message("a", 0, 1, 1))),
                        ChatCases.ALL,
                        Network.of(new Topology.Ula(3)))))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void whyNot_longMessagesExplicitDetoursOtherNetworksAndModels() {
    Instance longMsg =
        new Instance(
            "l",
            new Problem.Chatting(List.of(new Message("a", 0, 5, 3))),
            ChatCases.ALL,
            Network.of(new Topology.Esm(3, 3)));
    // (0,0) -> (1,1) south first: a valid ESM route, but not the one-turn route
    Instance detour =
        new Instance(
            "d",
            new Problem.Chatting(List.of(new Message("a", 0, 4, 1, List.of(0, 3, 4)))),
            ChatCases.ALL,
            Network.of(new Topology.Esm(3, 3)));
    Instance oneTurn =
        new Instance(
            "o",
            new Problem.Chatting(List.of(new Message("a", 0, 4, 1, List.of(0, 1, 4)))),
            ChatCases.ALL,
            Network.of(new Topology.Esm(3, 3)));
    Instance mesh =
        new Instance(
            "m",
            new Problem.Chatting(List.of(new Message("a", 0, 4, 1))),
            ChatCases.ALL,
            Network.of(new Topology.Mesh(3, 3)));
    Instance single =
        new Instance(
            "s",
            new Problem.Chatting(List.of(new Message("a", 0, 4, 1))),
            new CommModel.Bufferless(CommModel.BufferlessPorts.SINGLE),
            Network.of(new Topology.Esm(3, 3)));
    for (Method m : List.of(new EsmPaper(), new EsmNe())) {
      assertThat(m.whyNot(longMsg))
          .contains("unit-length")
          .contains("length-classes")
          .contains("greedy");
      assertThat(m.whyNot(detour)).contains("one-turn").contains("greedy");
      assertThat(m.whyNot(oneTurn)).isNull();
      assertThat(m.whyNot(mesh)).contains("esm").contains("greedy");
      assertThat(m.whyNot(single)).contains("all-port").contains("greedy");
      assertThat(m.whyNot(oracleE)).isNull();
      assertThatThrownBy(() -> m.solve(longMsg, SolveLimits.defaults()))
          .isInstanceOf(IllegalArgumentException.class);
    }
  }

  @Test
  void emptyInstance_andOneRowEsm() {
    Instance none =
        new Instance(
            "n",
            new Problem.Chatting(List.of()),
            ChatCases.ALL,
            Network.of(new Topology.Esm(2, 2)));
    // a 1 x 4 ESM is a ULA: every message has an empty column leg, and the scans act as interval
    // first fit
    Instance row = esm(1, 4, new int[][] {{0, 0, 0, 2}, {0, 1, 0, 3}, {0, 2, 0, 3}, {0, 0, 0, 1}});
    for (Method m : List.of(new EsmPaper(), new EsmNe())) {
      SolveResult r = m.solve(none, SolveLimits.defaults());
      assertThat(r.makespan()).isZero();
      assertThat(r.stats()).containsEntry("virtualDuration", 0L);
      SolveResult rr = m.solve(row, SolveLimits.defaults());
      assertThat(rr.stats()).containsEntry("virtualDuration", 2L); // C = 2 on the arc (0,1)->(0,2)
      assertValid(row, rr);
    }
  }
}
