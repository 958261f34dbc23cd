package org.commsched.heuristics.bufferless.scattergather;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.commsched.core.bounds.LowerBounds;
import org.commsched.core.check.ScheduleChecker;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Schedule;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.testing.Seeds;
import org.commsched.heuristics.baseline.GreedyBufferless;
import org.commsched.instances.testing.GatherCases;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Claims 8-12 of docs/models/bufferless-scatter-gather.md#properties about Shoulder-Tap (Bhatt,
 * Pucci, Ranade, Rosenberg, "Scattering and Gathering Messages in Networks of Processors", §3.1,
 * Theorem 2), over seeded random paths of 1-12 edges with lengths 0..5 (about 35% null), as trees
 * rooted at 0 and as bidirectional arrays rooted at either end. A failure names the seed and the
 * instance.
 */
class ShoulderTapProperties {
  static final SolveLimits LIMITS = SolveLimits.defaults();

  static LongStream seeds() {
    return Seeds.seeds();
  }

  /** L_1..L_n along the path (P_i = the node at distance i). */
  static long[] lengths(ShoulderTap.Run run, Instance inst) {
    long[] l = new long[run.size()];
    for (int i = 1; i <= run.size(); i++) {
      int idx = inst.indexOf("M" + run.node(i));
      l[i - 1] = idx < 0 ? 0 : inst.messages().get(idx).length();
    }
    return l;
  }

  static String ctx(long seed, Instance inst) {
    return "seed " + seed + ": " + GatherCases.describe(inst);
  }

  @ParameterizedTest
  @MethodSource("seeds")
  void claim8_traceWithEveryWakeupPassesTheChecker_wakeupsArriveAtRowI(long seed) {
    Instance inst = GatherCases.randomPath(new SplittableRandom(seed), 12);
    SolveResult r = new ShoulderTap().solve(inst, LIMITS);
    assertThat(ScheduleChecker.checkResult(inst, r).violations()).as(ctx(seed, inst)).isEmpty();
    ShoulderTap.Run run = new ShoulderTap().run(inst);
    Schedule.Departures d = (Schedule.Departures) r.schedule();
    assertThat(d.control()).as(ctx(seed, inst)).hasSize(run.size());
    for (int i = 1; i <= run.size(); i++) {
      assertThat(run.wakeRow(i)).as(ctx(seed, inst)).isEqualTo(i);
      assertThat(run.wakeValue(i)).as(ctx(seed, inst)).isGreaterThanOrEqualTo(1);
      Schedule.ControlTransfer c = d.control().get(i - 1);
      assertThat(List.of(c.from(), c.to(), (int) c.step()))
          .as(ctx(seed, inst))
          .containsExactly(run.node(i - 1), run.node(i), i - 1);
    }
  }

  @ParameterizedTest
  @MethodSource("seeds")
  void claim9_closedFormEqualsTheSimulatedTrace_andTheReleaseForm(long seed) {
    Instance inst = GatherCases.randomPath(new SplittableRandom(seed), 12);
    ShoulderTap.Run run = new ShoulderTap().run(inst);
    long[] l = lengths(run, inst);
    long[] f = ShoulderTap.firstArrivalRows(l);
    for (int i = 1; i <= l.length; i++) {
      assertThat(run.firstRow(i))
          .as(ctx(seed, inst) + " f_" + i)
          .isEqualTo(l[i - 1] > 0 ? f[i - 1] : 0);
    }
    boolean any = LongStream.of(l).anyMatch(x -> x > 0);
    long paperT = any ? run.makespan() + 1 : 0;
    assertThat(ShoulderTap.paperTime(l)).as(ctx(seed, inst)).isEqualTo(paperT);
    // docs/models/bufferless-scatter-gather.md#shoulder-tap [D]: T_ST = max_r (r + sum_{E_i >= r}
    // L_i), E_i = 2i + 1 (i
    // < n), E_n = 2n
    int n = l.length;
    long best = 0;
    for (long r = 0; r <= 2L * n + 1; r++) {
      long sum = 0;
      for (int i = 1; i <= n; i++) {
        long e = i < n ? 2L * i + 1 : 2L * n;
        if (l[i - 1] > 0 && e >= r) {
          sum += l[i - 1];
        }
      }
      if (sum > 0) {
        best = Math.max(best, r + sum);
      }
    }
    assertThat(best).as(ctx(seed, inst)).isEqualTo(paperT);
  }

  @ParameterizedTest
  @MethodSource("seeds")
  void claim10_theorem2_makespanEqualsLbSync_theBoundOfEveryWakeupRespectingGather(long seed) {
    Instance inst = GatherCases.randomPath(new SplittableRandom(seed), 12);
    SolveResult r = new ShoulderTap().solve(inst, LIMITS);
    List<LowerBound> sync = LowerBounds.protocolBounds(inst);
    long lbSync =
        sync.stream()
            .filter(b -> b.kind().equals("LB-SYNC"))
            .mapToLong(LowerBound::value)
            .findFirst()
            .orElse(0);
    assertThat(r.makespan()).as(ctx(seed, inst)).isEqualTo(lbSync);
    assertThat(r.stats().get("syncStatus")).as(ctx(seed, inst)).isEqualTo("OPTIMAL");
    for (LowerBound b : sync) {
      assertThat(r.makespan()).as(ctx(seed, inst) + " vs " + b).isGreaterThanOrEqualTo(b.value());
    }
  }

  @ParameterizedTest
  @MethodSource("seeds")
  void claim11_withLengthsAtLeast2BeforeTheLastTwo_theRootReceivesGapFree(long seed) {
    // docs/models/bufferless-scatter-gather.md#shoulder-tap [P-fix]: all nonnull and L_i >= 2 for i
    // <= n - 2: rows 3 ..
    // 2 + sum L (n > 1), 2 .. 1 + L_1 (n = 1)
    SplittableRandom rnd = new SplittableRandom(seed);
    int n = 1 + rnd.nextInt(10);
    long[] l = new long[n];
    for (int i = 1; i <= n; i++) {
      l[i - 1] = i <= n - 2 ? 2 + rnd.nextInt(4) : 1 + rnd.nextInt(5);
    }
    Instance inst = GatherCases.path(l);
    SolveResult r = new ShoulderTap().solve(inst, LIMITS);
    long[] rows = GatherOracles.rootRows(inst, (Schedule.Departures) r.schedule());
    long first = n == 1 ? 2 : 3;
    for (int k = 0; k < rows.length; k++) {
      assertThat(rows[k]).as(ctx(seed, inst) + " flit " + k).isEqualTo(first + k);
    }
  }

  @ParameterizedTest
  @MethodSource("seeds")
  void claim12_neverFasterThanTheOfflineOptimum(long seed) {
    Instance inst = GatherCases.randomPath(new SplittableRandom(seed), 12);
    SolveResult r = new ShoulderTap().solve(inst, LIMITS);
    for (LowerBound b : LowerBounds.all(inst)) {
      assertThat(r.makespan()).as(ctx(seed, inst) + " vs " + b).isGreaterThanOrEqualTo(b.value());
    }
    // the offline optimum (greedy NRF = time-reversed FDF,
    // docs/models/bufferless-scatter-gather.md#structural-lemmas
    // L3) is at most the protocol's makespan
    SolveResult offline = new GreedyBufferless().solve(inst, LIMITS);
    assertThat(r.makespan()).as(ctx(seed, inst)).isGreaterThanOrEqualTo(offline.makespan());
    assertThat(r.lowerBound().value()).as(ctx(seed, inst)).isEqualTo(offline.makespan());
  }
}
