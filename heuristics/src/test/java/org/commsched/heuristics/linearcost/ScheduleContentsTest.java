package org.commsched.heuristics.linearcost;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.SolveLimits;
import org.junit.jupiter.api.Test;

/**
 * What the broadcast schemes send, unit by unit, in the worked examples of D. B. Peters, "Bounds
 * for Communication Problems in Interconnection Networks under a Linear Cost Model" (PhD thesis,
 * Simon Fraser University, 1995): Figure 3.2 (E6), the chunk tables of §3.3.1 and §3.3.2 (E13, E14,
 * Appendix A of the thesis's examples with the padding correction of
 * docs/models/linear-cost.md#broadcast-schemes), §3.3.3 (E15, the overlap unit b_11), and Table
 * 5.3's corrected H1 cells as decimals (docs/models/linear-cost.md#thesis-tables-corrections). Unit
 * b_i of the thesis is unit i - 1 here. beta = 5, tau = 1 unless stated.
 */
class ScheduleContentsTest {
  private static final CommModel.Ports ONE = CommModel.Ports.ONE;
  private static final CommModel.Ports ALL = CommModel.Ports.ALL;
  private static final CommModel.Duplex FULL = CommModel.Duplex.FULL;
  private static final CommModel.Duplex HALF = CommModel.Duplex.HALF;

  private static List<UnitRuns.Run> runs(BroadcastScheme scheme, Instance inst, long k) {
    BroadcastFixtures.checkedMakespan(scheme, inst, k);
    return UnitRuns.of(scheme.schedule(inst, k).schedule());
  }

  /** The source's packets, grouped by start time (its rounds), each packet as its set of units. */
  private static TreeMap<Long, List<Set<Long>>> sourceRounds(List<UnitRuns.Run> runs) {
    TreeMap<Long, java.util.Map<Integer, Set<Long>>> byStart = new TreeMap<>();
    for (UnitRuns.Run r : runs) {
      if (r.from() == 0) {
        Set<Long> s =
            byStart
                .computeIfAbsent(r.start(), x -> new TreeMap<>())
                .computeIfAbsent(r.to(), x -> new TreeSet<>());
        s.addAll(UnitRuns.range(r.lo(), r.hi()));
      }
    }
    TreeMap<Long, List<Set<Long>>> out = new TreeMap<>();
    byStart.forEach((t, m) -> out.put(t, new ArrayList<>(m.values())));
    return out;
  }

  /**
   * E6, Figure 3.2: F* on C_7, n = 33, k = 7 (Theorem 3.2.2): n_0 = floor((n + k)/2) = 20, so the
   * antipodal pair P_3, P_4 each take 20 units from its own side and 13 across the middle link: P_3
   * gets b_1..b_20 from P_2 and b_21..b_33 from P_4; P_4 gets b_14..b_33 from P_5 and b_1..b_13
   * from P_3.
   */
  @Test
  void e6_figure32_twentyAndThirteen() {
    Instance inst = BroadcastFixtures.thesisExample(new Topology.Ring(7), 33, ALL, FULL);
    List<UnitRuns.Run> runs = runs(new RingBroadcastFull(), inst, 7);
    assertThat(UnitRuns.units(runs, 2, 3)).isEqualTo(UnitRuns.range(0, 20));
    assertThat(UnitRuns.units(runs, 4, 3)).isEqualTo(UnitRuns.range(20, 33));
    assertThat(UnitRuns.units(runs, 5, 4)).isEqualTo(UnitRuns.range(13, 33));
    assertThat(UnitRuns.units(runs, 3, 4)).isEqualTo(UnitRuns.range(0, 13));
    UnitRuns.assertEachUnitOnce("E6", runs, 7, 0, 33);
  }

  /**
   * E13, §3.3.1: F* on K_5, n = 83, k = 10 (Proposition 3.3.1). Reserve b_74..b_83; sub-messages
   * b_1..b_18, b_19..b_36, b_37..b_54, b_55..b_73; round 1 the source sends m(i, 1), the first 10
   * units of each; round 2 the rest of the sub-message (8, 8, 8, 9 units) padded to 10 from the
   * reserve (as corrected: the thesis pads with b_1, b_2 / b_3..b_10); round 3 the rest of the
   * reserve, at most 9 units; every node forwards its chunks to the three others one round later,
   * and receives each unit once.
   */
  @Test
  void e13_section331_chunks() {
    Instance inst = BroadcastFixtures.thesisExample(new Topology.Complete(5), 83, ALL, FULL);
    List<UnitRuns.Run> runs = runs(new CompleteGraphBroadcastFull(), inst, 10);
    TreeMap<Long, List<Set<Long>>> rounds = sourceRounds(runs);
    assertThat(rounds).hasSize(3);
    List<List<Set<Long>>> r = new ArrayList<>(rounds.values());
    assertThat(new HashSet<>(r.get(0)))
        .containsExactlyInAnyOrder(
            UnitRuns.range(0, 10),
            UnitRuns.range(18, 28),
            UnitRuns.range(36, 46),
            UnitRuns.range(54, 64));
    TreeSet<Long> reserve = UnitRuns.range(73, 83);
    Set<Set<Long>> rests =
        Set.of(
            UnitRuns.range(10, 18),
            UnitRuns.range(28, 36),
            UnitRuns.range(46, 54),
            UnitRuns.range(64, 73));
    Set<Set<Long>> seenRests = new HashSet<>();
    TreeSet<Long> reserveInRound2 = new TreeSet<>();
    for (Set<Long> packet : r.get(1)) {
      assertThat(packet).hasSize(10);
      TreeSet<Long> own = new TreeSet<>(packet);
      own.removeAll(reserve);
      assertThat(rests).contains(own);
      seenRests.add(own);
      TreeSet<Long> pad = new TreeSet<>(packet);
      pad.retainAll(reserve);
      reserveInRound2.addAll(pad);
    }
    assertThat(seenRests).isEqualTo(rests);
    for (Set<Long> packet : r.get(2)) {
      assertThat(packet).hasSizeLessThanOrEqualTo(9);
      assertThat(reserve).containsAll(packet);
      TreeSet<Long> all = new TreeSet<>(packet);
      all.addAll(reserveInRound2);
      assertThat(all).isEqualTo(reserve);
    }
    // relays forward only their own sub-message: never a reserve unit
    for (UnitRuns.Run run : runs) {
      if (run.from() != 0) {
        assertThat(run.lo()).isLessThan(73);
        assertThat(run.hi()).isLessThanOrEqualTo(73);
      }
    }
    UnitRuns.assertEachUnitOnce("E13", runs, 5, 0, 83);
  }

  /**
   * E14, §3.3.2 and Appendix A: H* on K_5, n = 180, k = 10, r = 2 (Proposition 3.3.2). Reserve
   * b_129..b_180 (52 units); sub-messages of 32; the source sends chunks of 10, then 25 (the 22
   * left of the sub-message and b_129, b_130, b_131: c_2 = 2k + floor(beta/tau) = 25), then 49
   * (b_132..b_180; the thesis's text says 22); the relays send 10-unit chunks to each other
   * (sub-phases (a), (b)) and then 22-unit ones.
   */
  @Test
  void e14_section332_chunks() {
    Instance inst = BroadcastFixtures.thesisExample(new Topology.Complete(5), 180, ALL, HALF);
    List<UnitRuns.Run> runs = runs(new CompleteGraphBroadcastHalf(), inst, 10);
    List<Long> sourceSizes = new ArrayList<>();
    TreeSet<Long> padded = new TreeSet<>();
    TreeSet<Long> last = UnitRuns.range(131, 180);
    for (List<Set<Long>> round : sourceRounds(runs).values()) {
      for (Set<Long> packet : round) {
        sourceSizes.add((long) packet.size());
        if (packet.size() == 25) {
          TreeSet<Long> pad = new TreeSet<>(packet);
          pad.retainAll(UnitRuns.range(128, 180));
          assertThat(pad).isEqualTo(UnitRuns.range(128, 131));
          padded.addAll(packet);
        } else if (packet.size() == 49) {
          assertThat(packet).isEqualTo(last);
        }
      }
    }
    assertThat(sourceSizes)
        .containsExactlyInAnyOrder(10L, 10L, 10L, 10L, 25L, 25L, 25L, 25L, 49L, 49L, 49L, 49L);
    List<Long> relaySizes = new ArrayList<>();
    for (UnitRuns.Run run : runs) {
      if (run.from() != 0) {
        relaySizes.add(run.size());
        assertThat(run.hi()).as("relays never forward the reserve").isLessThanOrEqualTo(128);
      }
    }
    List<Long> expected = new ArrayList<>();
    for (int i = 0; i < 12; i++) {
      expected.add(10L);
      expected.add(22L);
    }
    assertThat(relaySizes).containsExactlyInAnyOrderElementsOf(expected);
    UnitRuns.assertEachUnitOnce("E14", runs, 5, 0, 180);
  }

  /**
   * E15, §3.3.3: F1 on Q_4, n = 19, k = 5 (Proposition 3.3.3, P20): gamma(0..3) = b_1..b_5,
   * b_6..b_10, b_11..b_15, b_16..b_19; the short last piece is topped up with the overlap unit
   * b_11, mu(3) = b_16..b_19 b_11, and mu(4) = b_12..b_15; in the abbreviated last round the nodes
   * that lack the tail get gamma(3) = b_16..b_19 alone, since they already know b_11 (it is not
   * resent); 7 rounds; every packet the scheme sends is one of these six.
   */
  @Test
  void e15_section333_overlapUnit() {
    Instance inst = BroadcastFixtures.thesisExample(new Topology.Hypercube(4), 19, ONE, FULL);
    List<UnitRuns.Run> runs = runs(new HypercubeBroadcast(), inst, 5);
    java.util.Map<String, Set<Long>> packets = new java.util.HashMap<>();
    for (UnitRuns.Run run : runs) {
      packets
          .computeIfAbsent(run.from() + ">" + run.to() + "@" + run.start(), x -> new TreeSet<>())
          .addAll(UnitRuns.range(run.lo(), run.hi()));
    }
    TreeSet<Long> mu3 = UnitRuns.range(15, 19);
    mu3.add(10L);
    assertThat(new HashSet<>(packets.values()))
        .containsExactlyInAnyOrder(
            UnitRuns.range(0, 5),
            UnitRuns.range(5, 10),
            UnitRuns.range(10, 15),
            mu3,
            UnitRuns.range(11, 15),
            UnitRuns.range(15, 19));
    assertThat(new HypercubeBroadcast().schedule(inst, 5).rounds()).isEqualTo(7);
  }

  /**
   * Table 5.3, H1 in K_10 and K_9 (beta = 272, tau = 0.4), corrected: the printed 2588.0 and
   * 32371.2 (Corollary 3.3.5, S_*(n, 3) + beta + n tau) break the one-port rule; the valid scheme's
   * bound min(S_1(n, 3) + beta + n tau, S_1(n, 5)) is, worked by hand from T_1: n = 1023: S_1(1023,
   * 3) = 3 beta + 3069 tau = 2043.6 (one packet), plus beta + n tau = 681.2, gives 2724.8
   * (S_1(1023, 5) = 3336.8); n = 32767: S_1(32767, 5) at k = 3641 (9 packets) = 21 beta + 76457 tau
   * = 5712 + 30582.8 = 36294.8 (S_1(32767, 3) + beta + n tau = 31827.2 + 13378.8 = 45206.0).
   */
  @Test
  void table53_completeGraphH1_correctedCells() {
    for (int p : new int[] {10, 9}) {
      for (String[] cell : new String[][] {{"1023", "2724.8"}, {"32767", "36294.8"}}) {
        Instance inst =
            BroadcastFixtures.broadcast(
                new Topology.Complete(p),
                0,
                Long.parseLong(cell[0]),
                BroadcastFixtures.model("272", "0.4", ONE, HALF));
        long bound = inst.timeScale().toTicks(new BigDecimal(cell[1]));
        assertThat(new CompleteGraphBroadcastHalfOnePort().bestFormula(inst))
            .as("K_%d n %s", p, cell[0])
            .isEqualTo(bound);
        assertThat(
                new CompleteGraphBroadcastHalfOnePort()
                    .solve(inst, SolveLimits.defaults())
                    .makespan())
            .isLessThanOrEqualTo(bound);
      }
    }
  }
}
