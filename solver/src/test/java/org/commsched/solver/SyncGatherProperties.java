package org.commsched.solver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.commsched.instances.testing.ScheduleAssertions.assertValid;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.commsched.core.bounds.LowerBounds;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.model.Schedule;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveStatus;
import org.commsched.core.testing.Seeds;
import org.commsched.instances.generate.GeneratorSpec;
import org.commsched.instances.generate.Generators;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The synchronization-aware gather ({@code cpsat-sync}, {@code choco-sync};
 * docs/models/bufferless-scatter-gather.md#exact-models M4 under wake-up constraint (5) of
 * docs/models/bufferless-scatter-gather.md#shoulder-tap) on seeded tiny trees, single port and all
 * ports, lengths 0-3 with about 30% nulls: both back ends, forced to search, prove the same
 * optimum, equal to {@link BruteForce#sync}; the trace (data and one wake-up per non-root node)
 * passes the checker, causality included; the optimum is at least the offline optimum and, under
 * single port, at least LB-SYNC and LB-PAPER
 * (docs/models/bufferless-scatter-gather.md#lower-bounds); the result's status and bound are the
 * offline problem's. On paths under single port the optimum equals Shoulder-Tap's closed form
 * (docs/models/bufferless-scatter-gather.md#shoulder-tap, eq. (7) with equality; Theorem 2 and
 * docs/models/bufferless-scatter-gather.md#properties claim 10), computed here from the recursion,
 * and LB-SYNC. Cases: commsched.cases / 8 random trees and commsched.cases / 10 paths.
 */
class SyncGatherProperties {
  static final SolveLimits LIMITS = new SolveLimits(Duration.ofSeconds(10), 1, 3L);
  static final String[] FAMILIES = {
    "tree", "tree-binary", "star", "bla", "tree-caterpillar", "tree"
  };

  @TestFactory
  Stream<DynamicTest> bothBackEndsMatchBruteForce_onTinyTrees() {
    int cases = Seeds.cases(8, 1);
    SplittableRandom master = new SplittableRandom(Seeds.mix(77031L));
    List<DynamicTest> tests = new ArrayList<>();
    for (int c = 0; c < cases; c++) {
      String family = FAMILIES[c % FAMILIES.length];
      CommModel.BufferlessPorts ports =
          (c / FAMILIES.length) % 2 == 0
              ? CommModel.BufferlessPorts.SINGLE
              : CommModel.BufferlessPorts.ALL;
      int size = 3 + master.nextInt(3);
      long seed = master.nextLong();
      GeneratorSpec spec =
          new GeneratorSpec(
              null,
              ProblemKind.GATHER,
              family,
              size,
              0,
              ExactScatterGatherProperties.LENGTHS,
              new CommModel.Bufferless(ports),
              seed,
              false);
      tests.add(
          DynamicTest.dynamicTest(
              spec.name() + " " + ports, () -> check(Generators.instance(spec))));
    }
    return tests.stream();
  }

  @TestFactory
  Stream<DynamicTest> onPathsTheOptimumIsShoulderTap() {
    int cases = Seeds.cases(10, 1);
    SplittableRandom master = new SplittableRandom(Seeds.mix(5150L));
    List<DynamicTest> tests = new ArrayList<>();
    for (int c = 0; c < cases; c++) {
      int n = 1 + master.nextInt(6);
      long[] lengths = new long[n + 1];
      for (int i = 1; i <= n; i++) {
        lengths[i] = master.nextInt(10) < 3 ? 0 : 1 + master.nextInt(4);
      }
      Instance inst = path("st-path-" + c, lengths, CommModel.BufferlessPorts.SINGLE);
      tests.add(
          DynamicTest.dynamicTest(
              inst.name() + " L=" + java.util.Arrays.toString(lengths),
              () -> {
                // paper T = makespan + 1 when there is data; without data both are 0
                // (docs/models/bufferless-scatter-gather.md#steps-rows-and-makespan: T = 0 if N(M)
                // is empty)
                long st = Math.max(0, shoulderTap(lengths) - 1);
                SolveResult r = check(inst);
                assertThat(r.makespan())
                    .as(
                        "Shoulder-Tap closed form on "
                            + ExactScatterGatherProperties.describe(inst))
                    .isEqualTo(st);
                LowerBound sync =
                    LowerBounds.protocolBounds(inst).stream()
                        .filter(b -> b.kind().equals("LB-SYNC"))
                        .findFirst()
                        .orElse(LowerBound.zero());
                assertThat(sync.value()).as("LB-SYNC is tight on a path").isEqualTo(st);
              }));
    }
    return tests.stream();
  }

  /**
   * Non-tree networks with default (breadth-first tree) routes: the wake-up tree is the routes'
   * tree, and both back ends agree; the trace passes the checker and is not faster than the offline
   * optimum.
   */
  @TestFactory
  Stream<DynamicTest> onGeneralGraphsBothBackEndsAgree() {
    String[] families = {"ring", "mesh", "random", "complete", "hypercube"};
    int cases = Seeds.cases(20, 1);
    SplittableRandom master = new SplittableRandom(Seeds.mix(4242L));
    List<DynamicTest> tests = new ArrayList<>();
    for (int c = 0; c < cases; c++) {
      String family = families[c % families.length];
      int size = family.equals("mesh") ? 2 : family.equals("hypercube") ? 2 : 4 + master.nextInt(2);
      CommModel.BufferlessPorts ports =
          c % 2 == 0 ? CommModel.BufferlessPorts.SINGLE : CommModel.BufferlessPorts.ALL;
      GeneratorSpec spec =
          new GeneratorSpec(
              null,
              ProblemKind.GATHER,
              family,
              size,
              3,
              ExactScatterGatherProperties.LENGTHS,
              new CommModel.Bufferless(ports),
              master.nextLong(),
              false);
      tests.add(
          DynamicTest.dynamicTest(
              spec.name() + " " + ports,
              () -> {
                Instance inst = Generators.instance(spec);
                String what = ExactScatterGatherProperties.describe(inst);
                SolveResult cp = new CpSatSyncGather().solve(inst, LIMITS, true);
                SolveResult ch = new ChocoSyncGather().solve(inst, LIMITS, true);
                long offline = new CpSatBufferless().solve(inst, LIMITS).makespan();
                for (SolveResult r : List.of(cp, ch)) {
                  assertThat(r.stats().get("syncStatus"))
                      .as(r.method() + " on " + what)
                      .isEqualTo("OPTIMAL");
                  assertValid(r.method() + " on " + what, inst, r);
                  assertThat(r.makespan()).as(what).isGreaterThanOrEqualTo(offline);
                }
                assertThat(ch.makespan())
                    .as("choco-sync vs cpsat-sync on " + what)
                    .isEqualTo(cp.makespan());
              }));
    }
    return tests.stream();
  }

  /**
   * The gather instance on the path P0 - P1 - ... - Pn rooted at P0, L_i at P_i (index 0 unused).
   */
  static Instance path(String name, long[] lengths, CommModel.BufferlessPorts ports) {
    List<Integer> parents = new ArrayList<>();
    parents.add(-1);
    List<Message> ms = new ArrayList<>();
    for (int i = 1; i < lengths.length; i++) {
      parents.add(i - 1);
      ms.add(new Message("M" + i, i, 0, lengths[i]));
    }
    return new Instance(
        name,
        new Problem.Gather(0, ms),
        new CommModel.Bufferless(ports),
        Network.of(new Topology.Tree(parents)));
  }

  /**
   * Shoulder-Tap's completion time in paper units (1 + last arrival row) on a path of n =
   * lengths.length - 1 edges, by the recursion of
   * docs/models/bufferless-scatter-gather.md#shoulder-tap: with t_i = i, f of the first non-null
   * message i_1 is base(i_1), and f(i_j) = max(base(i_j), f(i_(j-1)) + L_(i_(j-1)) + i_(j-1) -
   * i_j), base(i) = i + 2 for i &lt; n and n + 1 for i = n (the leaf rule,
   * docs/models/bufferless-scatter-gather.md#shoulder-tap-corrections); T = f(i_k) + i_k + L_(i_k)
   * - 1, and 0 without data.
   */
  static long shoulderTap(long[] lengths) {
    int n = lengths.length - 1;
    long f = 0;
    int prev = -1;
    for (int i = 1; i <= n; i++) {
      if (lengths[i] == 0) {
        continue;
      }
      long base = i < n ? i + 2 : n + 1;
      f = prev < 0 ? base : Math.max(base, f + lengths[prev] + prev - i);
      prev = i;
    }
    return prev < 0 ? 0 : f + prev + lengths[prev] - 1;
  }

  private static SolveResult check(Instance inst) {
    String what = ExactScatterGatherProperties.describe(inst);
    SolveResult cp = new CpSatSyncGather().solve(inst, LIMITS, true);
    SolveResult ch = new ChocoSyncGather().solve(inst, LIMITS, true);
    SolveResult offline = new CpSatBufferless().solve(inst, LIMITS);
    assertThat(offline.status()).isEqualTo(SolveStatus.OPTIMAL);
    boolean anyData = inst.messages().stream().anyMatch(m -> m.length() > 0);
    for (SolveResult r : List.of(cp, ch)) {
      assertThat(r.stats().get("syncStatus")).as(r.method() + " on " + what).isEqualTo("OPTIMAL");
      assertThat(r.stats().get("syncBound")).as(r.method() + " on " + what).isEqualTo(r.makespan());
      assertValid(r.method() + " on " + what, inst, r);
      List<Schedule.ControlTransfer> control = ((Schedule.Departures) r.schedule()).control();
      assertThat(control)
          .as("one wake-up per non-root node on " + what)
          .hasSize(anyData ? inst.network().nodes() - 1 : 0);
      assertThat(r.makespan())
          .as(r.method() + " vs the offline optimum on " + what)
          .isGreaterThanOrEqualTo(offline.makespan());
      for (LowerBound b : LowerBounds.protocolBounds(inst)) {
        assertThat(r.makespan())
            .as(r.method() + " vs " + b + " on " + what)
            .isGreaterThanOrEqualTo(b.value());
      }
      // status and bound are the offline problem's
      assertThat(r.lowerBound().value()).as(what).isLessThanOrEqualTo(offline.makespan());
      assertThat(r.status())
          .as(what)
          .isEqualTo(
              r.makespan() == r.lowerBound().value() ? SolveStatus.OPTIMAL : SolveStatus.FEASIBLE);
    }
    assertThat(ch.makespan()).as("choco-sync vs cpsat-sync on " + what).isEqualTo(cp.makespan());
    assertThat(BruteForce.sync(inst, cp.makespan() + 1))
        .as("brute force on " + what)
        .isEqualTo(cp.makespan());
    assertThat(new CpSatSyncGather().solve(inst, LIMITS).makespan())
        .as("unforced on " + what)
        .isEqualTo(cp.makespan());
    return cp;
  }
}
