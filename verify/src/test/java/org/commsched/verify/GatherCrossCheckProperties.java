package org.commsched.verify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.commsched.instances.testing.ScheduleAssertions.assertValid;

import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.commsched.core.check.CheckReport;
import org.commsched.core.check.ScheduleChecker;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.model.Schedule;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveStatus;
import org.commsched.core.testing.Seeds;
import org.commsched.instances.generate.GeneratorSpec;
import org.commsched.instances.generate.Generators;
import org.commsched.instances.generate.LengthDistribution;
import org.commsched.instances.testing.Cases;
import org.commsched.solver.ForcedSearch;
import org.commsched.solver.MethodRegistry;
import org.commsched.solver.SolveRunner;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The gathering protocols (heuristics, package {@code gather}) against the exact wake-up model and
 * the offline model (solver) and the checker (core): Bhatt, Pucci, Ranade, Rosenberg, "Scattering
 * and Gathering Messages in Networks of Processors", §3.1 Theorem 2 (Shoulder-Tap is optimal on a
 * path) and §3.2 Theorem 3 (Transmission-Certification), with
 * docs/models/bufferless-scatter-gather.md#shoulder-tap, #transmission-certification,
 * #tc-multiport, #exact-models M4, #properties claims 10, 13, 17, 21.
 *
 * <ul>
 *   <li>Random paths (1-7 edges; a tree rooted at one end or a bla rooted at either end; lengths
 *       0-4, 30% null; single port): {@code shoulder-tap}'s makespan equals the optimum of {@code
 *       cpsat-sync} and {@code choco-sync} (the exhaustive half of claim 10), as the registry runs
 *       them and with the bare model forced to search; it is at least the offline optimum of {@code
 *       cpsat}.
 *   <li>Random small trees (random, binary, star, caterpillar, path; 3-7 nodes, random root; one
 *       case in four a random graph through its breadth-first tree): every preset ({@code
 *       transmission-certification}, {@code tc-improved}, {@code tc-paper-literal} under single
 *       port, {@code tc-multiport} under all ports) is at least the wake-up optimum under the same
 *       ports, which is at least the offline optimum, and at most its guarantee recomputed here
 *       from the tree: single port {@code 2n + D* + M - 1} (corrected Theorem 3,
 *       docs/models/bufferless-scatter-gather.md#transmission-certification), all ports {@code 4h +
 *       max_j n_j - 1} (docs/models/bufferless-scatter-gather.md#tc-multiport). {@code
 *       shoulder-tap}, where it applies, equals the wake-up optimum.
 * </ul>
 *
 * Every trace (data and control flits) passes the checker. Also
 * docs/models/bufferless-scatter-gather.md#properties claim 21 for gathering (lemma L2): on tree
 * routes a data-only gather is valid iff the root's receive windows are disjoint (per root link
 * under all ports). Cases: {@code -Dcommsched.cases=N} gives N / 5 cases to each property (default
 * N = 200: 40). A failure prints the seed and the instance JSON.
 */
class GatherCrossCheckProperties {
  private static final MethodRegistry REGISTRY = MethodRegistry.standard();
  private static final SolveLimits LIMITS = new SolveLimits(Duration.ofSeconds(10), 1, 3L);
  private static final List<String> TREES =
      List.of("tree", "tree-binary", "star", "tree-caterpillar", "tree-path");
  private static final List<String> SINGLE =
      List.of("transmission-certification", "tc-improved", "tc-paper-literal");

  static LongStream seeds() {
    return Seeds.seeds(Seeds.cases(5, 1));
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void shoulderTap_equalsTheWakeupOptimum_onPaths(long seed) {
    SplittableRandom r = new SplittableRandom(seed * 31337 + 3);
    int n = 1 + r.nextInt(7);
    long[] lengths = new long[n + 1];
    for (int i = 1; i <= n; i++) {
      lengths[i] = r.nextInt(10) < 3 ? 0 : 1 + r.nextInt(4);
    }
    int shape = r.nextInt(3);
    Instance inst =
        shape == 0
            ? Cases.gatherPath("st-path-" + seed, lengths, CommModel.BufferlessPorts.SINGLE)
            : Cases.gatherBla(
                "st-bla-" + seed, lengths, shape == 1, CommModel.BufferlessPorts.SINGLE);
    String what = Cases.describe(seed, inst) + " L=" + Arrays.toString(lengths);
    Method st = REGISTRY.byName("shoulder-tap");
    assertThat(st.whyNot(inst)).as("shoulder-tap applies to " + what).isNull();
    SolveResult tap = runValid(st, inst, what);
    assertThat(tap.stats().get("syncStatus")).as(what).isEqualTo("OPTIMAL");
    long sync = syncOptimum(inst, what);
    assertThat(tap.makespan()).as("shoulder-tap vs the wake-up optimum on " + what).isEqualTo(sync);
    assertThat(tap.makespan())
        .as("shoulder-tap vs the offline optimum on " + what)
        .isGreaterThanOrEqualTo(offlineOptimum(inst, what));
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void transmissionCertification_isBetweenTheOptimaAndItsGuarantee_onTrees(long seed) {
    SplittableRandom r = new SplittableRandom(seed * 65537 + 11);
    boolean graph = r.nextInt(4) == 0;
    String family = graph ? "random" : TREES.get(r.nextInt(TREES.size()));
    CommModel.BufferlessPorts ports =
        r.nextBoolean() ? CommModel.BufferlessPorts.SINGLE : CommModel.BufferlessPorts.ALL;
    GeneratorSpec spec =
        new GeneratorSpec(
            null,
            ProblemKind.GATHER,
            family,
            3 + r.nextInt(5),
            0,
            LengthDistribution.parse("zeros:30:uniform:1..4"),
            new CommModel.Bufferless(ports),
            r.nextLong(),
            false);
    Instance inst = Generators.instance(spec);
    String what = Cases.describe(seed, inst);
    long offline = offlineOptimum(inst, what);
    long sync = syncOptimum(inst, what);
    assertThat(sync)
        .as("wake-up optimum vs offline optimum on " + what)
        .isGreaterThanOrEqualTo(offline);

    // the protocol tree, recomputed: every node on its smallest-id neighbour one hop closer to the
    // root
    int root = inst.root();
    int[] parent = Cases.bfsParents(inst.network(), root, true);
    int[] depth = Cases.depths(parent, root);
    List<List<Integer>> kids = Cases.children(parent);
    long[] own = new long[parent.length];
    long total = 0;
    for (Message m : inst.messages()) {
      own[m.from()] += m.length();
      total += m.length();
    }
    int nonRoot = 0;
    int height = 0;
    for (int v = 0; v < parent.length; v++) {
      if (v != root && depth[v] >= 0) {
        nonRoot++;
        height = Math.max(height, depth[v]);
      }
    }
    boolean multi = ports == CommModel.BufferlessPorts.ALL;
    long guarantee;
    if (multi) {
      long maxStream = 0;
      for (int c : kids.get(root)) {
        maxStream = Math.max(maxStream, subtreeFlits(c, kids, own));
      }
      guarantee = 4L * height + maxStream - 1;
    } else {
      guarantee = 2L * nonRoot + dStar(root, kids) + total - 1;
    }
    for (String name : multi ? List.of("tc-multiport") : SINGLE) {
      Method tc = REGISTRY.byName(name);
      assertThat(tc.whyNot(inst)).as(name + " applies to " + what).isNull();
      SolveResult res = runValid(tc, inst, what);
      assertThat(res.makespan())
          .as(name + " vs the wake-up optimum on " + what)
          .isGreaterThanOrEqualTo(sync);
      if (total > 0) {
        assertThat(res.makespan())
            .as(name + " vs its guarantee on " + what)
            .isLessThanOrEqualTo(guarantee);
      }
    }
    Method st = REGISTRY.byName("shoulder-tap");
    if (st.whyNot(inst) == null) {
      assertThat(runValid(st, inst, what).makespan())
          .as("shoulder-tap vs the wake-up optimum on " + what)
          .isEqualTo(sync);
    }
  }

  /**
   * docs/models/bufferless-scatter-gather.md#properties claim 21, gather half (lemma L2; the
   * scatter half, L1, is in FdfScatterProperties): on tree routes, a data-only gather schedule is
   * valid if and only if the root receives the messages in disjoint intervals, per root link under
   * all ports. Departures are built from random disjoint root windows (random order and gaps); then
   * one message is moved so that its window starts inside another one of the same stream, which the
   * checker must reject. Random trees and, one case in four, random graphs through their
   * breadth-first tree; 2-10 nodes.
   */
  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void claim21_gatherIsValidIffTheRootWindowsAreDisjoint(long seed) {
    SplittableRandom r = new SplittableRandom(seed * 4099 + 7);
    boolean graph = r.nextInt(4) == 0;
    String family = graph ? "random" : TREES.get(r.nextInt(TREES.size()));
    CommModel.BufferlessPorts ports =
        r.nextBoolean() ? CommModel.BufferlessPorts.SINGLE : CommModel.BufferlessPorts.ALL;
    Instance inst =
        Generators.instance(
            new GeneratorSpec(
                null,
                ProblemKind.GATHER,
                family,
                2 + r.nextInt(9),
                0,
                LengthDistribution.parse("zeros:30:uniform:1..5"),
                new CommModel.Bufferless(ports),
                r.nextLong(),
                false));
    String what = Cases.describe(seed, inst);
    boolean multi = ports == CommModel.BufferlessPorts.ALL;
    List<Message> ms = inst.messages();
    int m = ms.size();
    long[] len = new long[m];
    int[] hops = new int[m];
    int[] stream = new int[m];
    Integer[] order = new Integer[m];
    for (int i = 0; i < m; i++) {
      int[] route = inst.atlas().nodes(i);
      len[i] = ms.get(i).length();
      hops[i] = route.length - 1;
      stream[i] = multi ? route[route.length - 2] : 0; // the root's child on the route
      order[i] = i;
    }
    for (int i = m - 1; i > 0; i--) {
      int j = r.nextInt(i + 1);
      Integer tmp = order[i];
      order[i] = order[j];
      order[j] = tmp;
    }
    // root window of message i: its flits cross the last arc during [t_i + d_i - 1, t_i + d_i - 1 +
    // L_i)
    long[] start = new long[m];
    Map<Integer, Long> busy = new HashMap<>();
    Map<String, Long> dep = new LinkedHashMap<>();
    for (int i : order) {
      if (len[i] == 0) {
        continue;
      }
      long w = Math.max(busy.getOrDefault(stream[i], 0L) + r.nextInt(3), hops[i] - 1);
      start[i] = w;
      busy.put(stream[i], w + len[i]);
      dep.put(ms.get(i).id(), w - hops[i] + 1);
    }
    CheckReport rep = ScheduleChecker.check(inst, new Schedule.Departures(dep));
    assertThat(rep.violations()).as("disjoint root windows " + dep + " on " + what).isEmpty();
    for (int i = 0; i < m; i++) {
      for (int j = 0; j < m; j++) {
        if (i == j || len[i] == 0 || len[j] == 0 || stream[i] != stream[j]) {
          continue;
        }
        long w = start[i] + r.nextLong(len[i]); // j's window now starts inside i's
        if (w - hops[j] + 1 < 0) {
          continue;
        }
        Map<String, Long> bad = new LinkedHashMap<>(dep);
        bad.put(ms.get(j).id(), w - hops[j] + 1);
        assertThat(ScheduleChecker.check(inst, new Schedule.Departures(bad)).valid())
            .as("overlapping root windows " + bad + " on " + what)
            .isFalse();
        return;
      }
    }
  }

  /**
   * D* of docs/models/bufferless-scatter-gather.md#transmission-certification: max over
   * root-to-leaf paths of (children of the path's inner nodes + the path's edges).
   */
  private static long dStar(int v, List<List<Integer>> kids) {
    List<Integer> ch = kids.get(v);
    long best = 0;
    for (int c : ch) {
      best = Math.max(best, 1 + dStar(c, kids));
    }
    return ch.isEmpty() ? 0 : ch.size() + best;
  }

  private static long subtreeFlits(int v, List<List<Integer>> kids, long[] own) {
    long sum = own[v];
    for (int c : kids.get(v)) {
      sum += subtreeFlits(c, kids, own);
    }
    return sum;
  }

  /**
   * The optimum of gathering under wake-ups (model M4): {@code cpsat-sync} and {@code choco-sync}
   * forced to search agree and prove it; the registry's {@code cpsat-sync} finds it too. Every
   * trace passes the checker.
   */
  private static long syncOptimum(Instance inst, String what) {
    SolveResult cp = ForcedSearch.cpsatSync(inst, LIMITS);
    SolveResult ch = ForcedSearch.chocoSync(inst, LIMITS);
    for (SolveResult s : List.of(cp, ch)) {
      assertThat(s.stats().get("syncStatus"))
          .as(s.method() + " (forced search) on " + what)
          .isEqualTo("OPTIMAL");
      assertValid(s.method() + " (forced search) on " + what, inst, s);
    }
    assertThat(ch.makespan()).as("choco-sync vs cpsat-sync on " + what).isEqualTo(cp.makespan());
    for (String name : List.of("cpsat-sync", "choco-sync")) {
      SolveResult reg = runValid(REGISTRY.byName(name), inst, what);
      assertThat(reg.stats().get("syncStatus")).as(name + " on " + what).isEqualTo("OPTIMAL");
      assertThat(reg.makespan()).as(name + " vs forced search on " + what).isEqualTo(cp.makespan());
    }
    return cp.makespan();
  }

  /** The offline optimum: {@code cpsat} through the runner, OPTIMAL. */
  private static long offlineOptimum(Instance inst, String what) {
    SolveResult off = runValid(REGISTRY.byName("cpsat"), inst, what);
    assertThat(off.status()).as("cpsat on " + what).isEqualTo(SolveStatus.OPTIMAL);
    return off.makespan();
  }

  private static SolveResult runValid(Method m, Instance inst, String what) {
    SolveRunner.Outcome run = SolveRunner.run(m, inst, LIMITS);
    assertThat(run.result().hasSchedule()).as(m.name() + " on " + what).isTrue();
    assertThat(run.valid())
        .as(m.name() + " on " + what + ": " + run.report().violations())
        .isTrue();
    return run.result();
  }
}
