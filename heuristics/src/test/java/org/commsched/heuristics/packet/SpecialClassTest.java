package org.commsched.heuristics.packet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.commsched.instances.testing.ScheduleAssertions.assertValid;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.commsched.core.model.Instance;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.testing.Seeds;
import org.junit.jupiter.api.Test;

/**
 * {@code packet-special} (docs/models/packet.md#packet-special) against J.-P. Tsai, "On the
 * Furthest-Distance-First Principle in Scattering and Gathering", Chapter 6 and §7.4 with the
 * corrected completion time (docs/models/packet.md#special-class-formula,
 * #gathering-special-class): every row of docs/models/packet.md#special-class-values for scatter
 * and gather (F9, F10), the printed Chapter 6 and §7.4 forms kept with their counterexamples, and
 * over seeded members of the block class (F11, Theorem 18): closed form = simulated makespan, = the
 * least block formula over every non-decreasing block vector, = the exhaustive optimum over every
 * packetization in FDF order, and never above {@code packet-fdf-even}.
 */
class SpecialClassTest {
  private final SpecialClass special = new SpecialClass();

  private SolveResult solve(Instance inst) {
    SolveResult r = special.solve(inst, SolveLimits.defaults());
    assertValid(inst.name(), inst, r);
    return r;
  }

  /** Rows (m, s, t, beta, T* in tenths, r* set) of docs/models/packet.md#special-class-values. */
  private static final Object[][] ROWS = {
    {3, 1, 3, "1", 120, List.of(1)},
    {3, 3, 3, "0", 50, List.of(3)},
    {5, 3, 4, "1", 220, List.of(2, 3)},
    {4, 2, 4, "0.5", 175, List.of(2)},
    {4, 3, 5, "1", 240, List.of(2)},
    {6, 4, 5, "1", 270, List.of(3)},
    {6, 5, 6, "2", 400, List.of(2, 3)},
    {10, 5, 5, "1", 270, List.of(5)},
    {2, 1, 1, "0", 20, List.of(1, 2)},
    {8, 6, 7, "1", 390, List.of(4)},
    {12, 8, 10, "0.5", 625, List.of(6)},
  };

  @Test
  void everyTableRow_scatterAndGather() {
    for (Object[] row : ROWS) {
      int m = (Integer) row[0];
      int s = (Integer) row[1];
      int t = (Integer) row[2];
      String beta = (String) row[3];
      long tenths = (Integer) row[4];
      for (boolean scatter : new boolean[] {true, false}) {
        Instance inst = PacketCases.special(scatter, m, s, t, beta);
        SolveResult r = solve(inst);
        long expected = beta.contains(".") ? tenths : tenths / 10;
        String what = Arrays.toString(row) + (scatter ? " scatter" : " gather");
        assertThat(r.makespan()).as(what).isEqualTo(expected);
        assertThat(r.stats().get("closedForm"))
            .as(what)
            .isEqualTo(inst.timeScale().format(expected));
        assertThat(Integer.parseInt((String) r.stats().get("r"))).as(what).isIn((List<?>) row[5]);
        assertThat(r.stats()).containsEntry("blocks", s + ".." + t);
      }
    }
  }

  /**
   * The thesis's printed Chapter 6 time: {@code (t - s + 1)(r beta + m) + (s - 1)(beta + floor(m /
   * r))}.
   */
  private static long printedChapter6(long m, int s, int t, long beta, long r) {
    return (t - s + 1) * (r * beta + m) + (s - 1) * (beta + m / r);
  }

  /**
   * The printed Chapter 6 form is wrong whenever r does not divide m
   * (docs/models/packet.md#special-class-formula): m = 5, s = 3, t = 4, beta = 1 gives 24, 20, 20,
   * 22, 24 for r = 1..5, while the simulated common-r schedules take 24, 22, 22, 24, 24 (the
   * corrected F9) and the exhaustive optimum is 22; m = 3, s = t = 3, beta = 0, r = 2: printed 5,
   * true 7.
   */
  @Test
  void printedChapter6Formula_isRefuted() {
    Instance inst = PacketCases.special(true, 5, 3, 4, "1");
    long[] printed = {24, 20, 20, 22, 24};
    long[] truth = {24, 22, 22, 24, 24};
    for (int r = 1; r <= 5; r++) {
      assertThat(printedChapter6(5, 3, 4, 1, r)).isEqualTo(printed[r - 1]);
      assertThat(FdfRuns.run(inst, FdfRuns.order(inst), new int[] {r, r}).makespan())
          .as("r %d", r)
          .isEqualTo(truth[r - 1]);
      assertThat(SpecialClass.blockTime(1, 1, 5, new int[] {3}, new int[] {2}, new int[] {r}))
          .isEqualTo(truth[r - 1]);
    }
    assertThat(exhaustive(inst)).isEqualTo(22);
    assertThat(solve(inst).makespan()).isEqualTo(22);
    Instance small = PacketCases.special(true, 3, 3, 3, "0");
    assertThat(printedChapter6(3, 3, 3, 0, 2)).isEqualTo(5);
    assertThat(FdfRuns.run(small, FdfRuns.order(small), new int[] {2}).makespan()).isEqualTo(7);
  }

  /**
   * §7.4 prints the gathering data time {@code s (beta + ceil(m / r)) + (t - s)(r beta + m)}, one
   * packet of the nearest message where there are r
   * (docs/models/packet.md#gathering-special-class): m = 2, s = t = 1, beta = 0, r = 2 gives 1 for
   * two units over one link; the gather takes 2 at every r, which is F10 = F9.
   */
  @Test
  void printedSection74Formula_isRefuted() {
    Instance inst = PacketCases.special(false, 2, 1, 1, "0");
    long printedR2 = 1 * (0 + 1) + 0; // s (beta + ceil(2 / 2)) + (t - s)(r beta + m)
    assertThat(printedR2).isEqualTo(1);
    for (int r = 1; r <= 2; r++) {
      assertThat(FdfRuns.run(inst, FdfRuns.order(inst), new int[] {r}).makespan())
          .as("r %d", r)
          .isEqualTo(2);
    }
    assertThat(solve(inst).makespan()).isEqualTo(2);
  }

  /**
   * A random member of the block class: blocks of consecutive nodes with gaps between them on a
   * path.
   */
  private static Instance randomMember(SplittableRandom r, int maxM, int maxBlocks, int maxBlock) {
    long m = 1 + r.nextInt(maxM);
    List<Long> lengths = new ArrayList<>();
    int blocks = 1 + r.nextInt(maxBlocks);
    for (int b = 0; b < blocks; b++) {
      for (int gap = r.nextInt(b == 0 ? 4 : 3) + (b == 0 ? 0 : 1); gap > 0; gap--) {
        lengths.add(0L);
      }
      for (int i = 1 + r.nextInt(maxBlock); i > 0; i--) {
        lengths.add(m);
      }
    }
    String[] betas = {"0", "0.5", "1", "2", "3"};
    return PacketCases.path(
        r.nextBoolean(),
        lengths.stream().mapToLong(Long::longValue).toArray(),
        PacketCases.model(
            betas[r.nextInt(betas.length)], r.nextInt(4) == 0 ? "2" : "1", r.nextBoolean()));
  }

  /** Closed form = simulated makespan, and never above packet-fdf-even (F9, F11, Theorem 18). */
  @Test
  void randomMembers_closedFormIsTheMakespan_andBeatsFdfEven() {
    FdfEvenSize even = new FdfEvenSize();
    for (long seed : Seeds.seeds(Seeds.cases(2, 80)).toArray()) {
      SplittableRandom r = new SplittableRandom(seed);
      Instance inst = randomMember(r, 12, 3, 4);
      SolveResult res = solve(inst);
      assertThat(res.stats().get("closedForm"))
          .as("seed %d", seed)
          .isEqualTo(inst.timeScale().format(res.makespan()));
      assertThat(res.makespan())
          .as("seed %d", seed)
          .isLessThanOrEqualTo(even.solve(inst, SolveLimits.defaults()).makespan());
    }
  }

  /**
   * The block search against every non-decreasing block vector: its value is their least block
   * formula, and every such vector's formula equals the simulated makespan of its schedule
   * (Corollary 16: nothing waits).
   */
  @Test
  void blockSearch_matchesEveryMonotoneVector() {
    for (long seed : Seeds.seeds(Seeds.cases(4, 40)).toArray()) {
      SplittableRandom r = new SplittableRandom(seed);
      Instance inst = randomMember(r, 6, 3, 3);
      SpecialClass.Shape shape = SpecialClass.shape(inst);
      long beta =
          ((org.commsched.core.model.CommModel.StoreAndForward) inst.model())
              .betaTicks(inst.timeScale());
      long tau =
          ((org.commsched.core.model.CommModel.StoreAndForward) inst.model())
              .tauTicks(inst.timeScale());
      int k = shape.s().length;
      long best = Long.MAX_VALUE;
      int[] r0 = new int[k];
      Arrays.fill(r0, 1);
      for (int[] v = r0; v != null; v = nextMonotone(v, (int) shape.m())) {
        long formula = SpecialClass.blockTime(beta, tau, shape.m(), shape.s(), shape.n(), v);
        best = Math.min(best, formula);
        assertThat(FdfRuns.run(inst, FdfRuns.order(inst), perMessage(inst, shape, v)).makespan())
            .as("seed %d, r %s", seed, Arrays.toString(v))
            .isEqualTo(formula);
      }
      assertThat(SpecialClass.optimum(beta, tau, shape.m(), shape.s(), shape.n()).value())
          .as("seed %d", seed)
          .isEqualTo(best);
    }
  }

  /** The next non-decreasing vector over 1..m in lexicographic order, or null. */
  private static int[] nextMonotone(int[] v, int m) {
    int[] w = v.clone();
    int i = w.length - 1;
    while (i >= 0 && w[i] == m) {
      i--;
    }
    if (i < 0) {
      return null;
    }
    w[i]++;
    for (int j = i + 1; j < w.length; j++) {
      w[j] = w[i];
    }
    return w;
  }

  /** Block counts (nearest block first) spread over the FDF-ordered messages. */
  private static int[] perMessage(Instance inst, SpecialClass.Shape shape, int[] blockCounts) {
    int[] order = FdfRuns.order(inst);
    int[] counts = new int[order.length];
    for (int i = 0; i < order.length; i++) {
      int depth = inst.atlas().hops(order[i]);
      int j = shape.s().length - 1;
      while (shape.s()[j] > depth) {
        j--;
      }
      counts[i] = blockCounts[j];
    }
    return counts;
  }

  /**
   * The least FCFS-greedy makespan in FDF order over every composition of every message (scatter;
   * gathers mirror).
   */
  private static long exhaustive(Instance inst) {
    int[] order = FdfRuns.order(inst);
    List<List<long[]>> options = new ArrayList<>();
    for (int i : order) {
      options.add(compositions(inst.messages().get(i).length()));
    }
    long[] best = {Long.MAX_VALUE};
    search(inst, order, options, 0, new ArrayList<>(), best);
    return best[0];
  }

  private static void search(
      Instance inst,
      int[] order,
      List<List<long[]>> options,
      int k,
      List<StoreForwardEngine.Packet> prefix,
      long[] best) {
    if (k == order.length) {
      best[0] =
          Math.min(
              best[0],
              inst.kind() == org.commsched.core.model.ProblemKind.SCATTER
                  ? StoreForwardEngine.scatter(inst, prefix).makespan()
                  : StoreForwardEngine.gatherReversed(inst, reversed(prefix)).makespan());
      return;
    }
    for (long[] sizes : options.get(k)) {
      List<StoreForwardEngine.Packet> next = new ArrayList<>(prefix);
      for (int j = 0; j < sizes.length; j++) {
        next.add(new StoreForwardEngine.Packet(order[k], j, sizes[j]));
      }
      search(inst, order, options, k + 1, next, best);
    }
  }

  private static List<StoreForwardEngine.Packet> reversed(List<StoreForwardEngine.Packet> ps) {
    List<StoreForwardEngine.Packet> out = new ArrayList<>(ps);
    java.util.Collections.reverse(out);
    return out;
  }

  /** Every ordered composition of m into positive parts. */
  private static List<long[]> compositions(long m) {
    List<long[]> out = new ArrayList<>();
    for (int mask = 0; mask < 1 << (m - 1); mask++) {
      List<Long> parts = new ArrayList<>();
      long run = 1;
      for (int b = 0; b < m - 1; b++) {
        if ((mask >> b & 1) == 1) {
          parts.add(run);
          run = 1;
        } else {
          run++;
        }
      }
      parts.add(run);
      out.add(parts.stream().mapToLong(Long::longValue).toArray());
    }
    return out;
  }

  /**
   * Closed form = the exhaustive optimum over every packetization in FDF order (Theorems 2, 17, 18;
   * Lemma 13).
   */
  @Test
  void smallMembers_closedFormIsTheExhaustiveOptimum() {
    for (long seed : Seeds.seeds(Seeds.cases(5, 40)).toArray()) {
      SplittableRandom r = new SplittableRandom(seed);
      Instance inst = randomMember(r, 4, 2, 2);
      if (inst.messages().stream().filter(x -> x.length() > 0).count() > 3) {
        continue;
      }
      assertThat(solve(inst).makespan()).as("seed %d", seed).isEqualTo(exhaustive(inst));
    }
  }

  /** Outside the class the method refuses: unequal lengths (TV-1), routes that branch. */
  @Test
  void outsideTheClass_refuses() {
    assertThat(special.whyNot(StoreForwardEngineTest.tv(true, "2"))).contains("one length");
    Instance branching =
        PacketCases.tree(
            false, List.of(-1, 0, 0), new long[] {2, 2}, PacketCases.model("1", "1", true));
    assertThat(special.whyNot(branching)).contains("one path from the root");
    assertThat(special.whyNot(PacketCases.special(true, 4, 2, 5, "1"))).isNull();
  }
}
