package org.commsched.heuristics.bufferless.chatting;

import static org.assertj.core.api.Assertions.assertThat;
import static org.commsched.instances.testing.ScheduleAssertions.assertValid;

import java.util.stream.LongStream;
import org.commsched.core.bounds.LowerBounds;
import org.commsched.core.model.Instance;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.testing.Seeds;
import org.commsched.instances.testing.ChatCases;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Properties of docs/models/bufferless-chatting.md#properties for A6 (tree-cuts,
 * tree-cuts-simultaneous) on seeded bidirectional trees of 2..40 nodes of every generator family
 * plus explicit link lists, lengths 1..8 ({@link ChatCases#tree}): P1 (checker), P2 (lower bounds
 * below), P14 (Proposition 6.1 and Theorem 6.1: depth &lt;= ceil(δ log2 n), T &lt;= 2(C + Q) ceil(δ
 * log2 n), with the per-level 2(C + Q - 1) of
 * docs/models/bufferless-chatting.md#log-bases-and-strict-bounds) and P16 (reordering and renaming
 * messages). Paper: Bhatt, Bilardi, Pucci, Ranade, Rosenberg, Schwabe, "On Bufferless Routing of
 * Variable Length Messages in Leveled Networks". A failure prints the seed and the instance.
 */
class TreeCutsProperties {

  static LongStream seeds() {
    return Seeds.seeds();
  }

  /**
   * P1, P2, P14: valid, above the lower bounds, within Theorem 6.1 (both variants, the same
   * decomposition).
   */
  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void p14_schedulesAreValidAndWithinTheorem61(long seed) {
    Instance inst = ChatCases.tree(seed);
    String why = ChatCases.describe(seed, inst);
    ChattingProperties.Figures f = ChattingProperties.Figures.of(inst);
    int n = inst.network().nodes();
    int delta = ChatCases.maxDegree(inst.network());
    int levels = ChatCases.ceilDeltaLog2(delta, n);
    long lb = LowerBounds.best(inst).value();
    SolveResult seq = TreeCuts.sequential().solve(inst, SolveLimits.defaults());
    SolveResult sim = TreeCuts.simultaneous().solve(inst, SolveLimits.defaults());
    for (SolveResult r : new SolveResult[] {seq, sim}) {
      assertValid(r.method() + " " + why, inst, r);
      long depth = (Long) r.stats().get("depth");
      assertThat(depth).as(why).isBetween(1L, (long) levels);
      assertThat((Long) r.stats().get("virtualDuration")).as(why).isLessThanOrEqualTo(f.c());
      assertThat(r.makespan())
          .as(r.method() + " " + why)
          .isGreaterThanOrEqualTo(Math.max(lb, Math.max(f.c(), f.q())))
          .isLessThanOrEqualTo(2 * (f.c() + f.q()) * levels);
    }
    long depth = (Long) seq.stats().get("depth");
    assertThat(sim.stats().get("depth")).isEqualTo(depth);
    assertThat(seq.makespan()).as(why).isLessThanOrEqualTo(2 * (f.c() + f.q() - 1) * depth);
    assertThat(sim.makespan())
        .as(why)
        .isLessThanOrEqualTo((f.c() + f.q() - 1) * depth)
        .isLessThanOrEqualTo(seq.makespan());
  }

  /**
   * Proposition 6.1 for every cut made: removing the chosen edge leaves two trees of at least
   * floor(n/δ) and at most ceil((δ - 1) n / δ) nodes (n, δ of the component cut, δ &gt; 1); every
   * message is cut exactly once, at a level within the depth.
   */
  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void prop61_everyCutIsBalanced(long seed) {
    Instance inst = ChatCases.tree(seed);
    String why = ChatCases.describe(seed, inst);
    TreeCuts.Plan plan = TreeCuts.plan(inst, false);
    assertThat(plan.cuts()).as(why).isNotEmpty();
    for (int[] cut : plan.cuts()) {
      int n = cut[1];
      int child = cut[2];
      int delta = cut[3];
      assertThat(child).as(why).isBetween(1, n - 1);
      if (delta > 1) {
        int small = Math.min(child, n - child);
        int large = Math.max(child, n - child);
        assertThat(small)
            .as(why + " cut " + java.util.Arrays.toString(cut))
            .isGreaterThanOrEqualTo(n / delta);
        assertThat(large)
            .as(why + " cut " + java.util.Arrays.toString(cut))
            .isLessThanOrEqualTo(((delta - 1) * n + delta - 1) / delta);
      }
    }
    assertThat(
            java.util.stream.IntStream.of(plan.cutLevel())
                .allMatch(k -> k >= 1 && k <= plan.depth()))
        .as(why)
        .isTrue();
  }

  /** P16: reordering and renaming the messages keeps the decomposition, validity and the bounds. */
  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void p16_permutedMessagesKeepTheDecompositionAndBounds(long seed) {
    Instance inst = ChatCases.tree(seed);
    Instance perm = ChatCases.permuted(inst, seed + 3);
    String why = ChatCases.describe(seed, perm);
    ChattingProperties.Figures f = ChattingProperties.Figures.of(perm);
    for (TreeCuts m : new TreeCuts[] {TreeCuts.sequential(), TreeCuts.simultaneous()}) {
      SolveResult a = m.solve(inst, SolveLimits.defaults());
      SolveResult b = m.solve(perm, SolveLimits.defaults());
      assertValid(why, perm, b);
      assertThat(b.stats()).as(why).isEqualTo(a.stats());
      long depth = (Long) b.stats().get("depth");
      long perLevel = (m.name().equals("tree-cuts") ? 2 : 1) * (f.c() + f.q() - 1);
      assertThat(b.makespan()).as(why).isLessThanOrEqualTo(perLevel * depth);
    }
  }
}
