package org.commsched.heuristics.bufferless.dsa;

import static org.assertj.core.api.Assertions.assertThat;
import static org.commsched.instances.testing.ScheduleAssertions.assertValid;

import java.time.Duration;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Problem;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveStatus;
import org.commsched.core.testing.Seeds;
import org.commsched.instances.generate.PerfectPackings;
import org.commsched.instances.testing.RandomInstances;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code dsa-search} against exhaustive search on tiny instances, and its results' validity and
 * claims; {@code best-fit}'s validity and its bound. The exhaustive optimum is the lowest first-fit
 * layout over all orders: some optimal layout has no buffer that fits anywhere lower (moving one
 * lower never raises the height), and first fit in that layout's offset order rebuilds it (a hole
 * below a buffer among the earlier ones would be a lower place for it).
 */
class DsaSearchProperties {
  private static final CommModel.Bufferless ALL =
      new CommModel.Bufferless(CommModel.BufferlessPorts.ALL);
  private static final SolveLimits LIMITS =
      SolveLimits.defaults().withTimeLimit(Duration.ofSeconds(60));

  static LongStream seeds() {
    return Seeds.seeds();
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void search_isOptimalOnTinyInstances(long seed) {
    SplittableRandom r = new SplittableRandom(seed * 7919 + 11);
    Instance inst = RandomInstances.dsa(r, 8, 7, 6);
    if (r.nextBoolean()) {
      inst = new Instance("chat", new Problem.Chatting(inst.messages()), ALL, inst.network());
    }
    SolveResult res = new DsaSearch().solve(inst, LIMITS);
    assertValid(seed, inst, res);
    assertThat(res.status()).as("seed %d", seed).isEqualTo(SolveStatus.OPTIMAL);
    assertThat(res.makespan()).as("seed %d", seed).isEqualTo(bruteForce(inst.messages()));
    assertThat(res.lowerBound().value()).isEqualTo(res.makespan());
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void search_withTheFilesTimes_isOptimalOnTinyInstances_andScaledTimesChangeNothing(long seed) {
    SplittableRandom r = new SplittableRandom(seed * 6113 + 17);
    Instance inst = RandomInstances.dsa(r, 8, 7, 6);
    int points = inst.network().nodes();
    List<Long> times = new java.util.ArrayList<>();
    long t = r.nextLong(-50, 50);
    for (int i = 0; i < points; i++) {
      times.add(t);
      t += 1 + r.nextInt(40); // widths in these times order the buffers unlike their ula points
    }
    SolveResult res = new DsaSearch().solve(withTimes(inst, times), LIMITS);
    assertValid(seed, inst, res);
    assertThat(res.status()).as("seed %d", seed).isEqualTo(SolveStatus.OPTIMAL);
    assertThat(res.makespan()).as("seed %d", seed).isEqualTo(bruteForce(inst.messages()));
    if (res.stats().containsKey("widths")) {
      assertThat(res.stats().get("widths")).isEqualTo("file times");
    }
    // times 7 i + 3 scale every width by 7: the same preorders, so the same layout as on the ula
    // points
    List<Long> scaled = new java.util.ArrayList<>();
    for (int i = 0; i < points; i++) {
      scaled.add(7L * i + 3);
    }
    SolveResult plain = new DsaSearch().solve(inst, LIMITS);
    SolveResult same = new DsaSearch().solve(withTimes(inst, scaled), LIMITS);
    assertThat(same.schedule()).isEqualTo(plain.schedule());
    assertThat(same.stats().get("nodes")).isEqualTo(plain.stats().get("nodes"));
  }

  /**
   * The instance with the file times {@code times} for its ula points (as a DSA CSV file's instance
   * carries).
   */
  static Instance withTimes(Instance inst, List<Long> times) {
    return new Instance(
        inst.name(), new Problem.Dsa(inst.messages(), times), inst.model(), inst.network());
  }

  @org.junit.jupiter.api.Test
  void pointTimes_thatDoNotIncrease_areRefused() {
    org.assertj.core.api.Assertions.assertThatThrownBy(
            () -> new Problem.Dsa(List.of(), List.of(0L, 5L, 5L)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("increase");
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void bestFit_isValidAndNeverBelowTheLoad(long seed) {
    SplittableRandom r = new SplittableRandom(seed * 31 + 5);
    Instance inst = RandomInstances.dsa(r, 30, 40, 9);
    SolveResult res = new BestFit().solve(inst, SolveLimits.defaults());
    assertValid(seed, inst, res);
    long load = new Buffers(inst).load();
    assertThat(res.makespan())
        .isGreaterThanOrEqualTo(load)
        .isGreaterThanOrEqualTo(res.lowerBound().value());
    SolveResult ff =
        new org.commsched.heuristics.baseline.FirstFitSlots().solve(inst, SolveLimits.defaults());
    assertThat(res.makespan()).isLessThanOrEqualTo(ff.makespan());
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("fewSeeds")
  void search_reachesTheLoadOnPerfectPackings(long seed) {
    Instance inst = PerfectPackings.of("perfect", 8 + (int) Math.floorMod(seed, 13), 6, 40, seed);
    SolveResult res = new DsaSearch().solve(inst, LIMITS);
    assertValid(seed, inst, res);
    assertThat(res.makespan())
        .as("seed %d", seed)
        .isEqualTo(new Buffers(inst).load())
        .isEqualTo(64);
    assertThat(res.status()).isEqualTo(SolveStatus.OPTIMAL);
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("fewSeeds")
  void search_atATinyTimeLimitReturnsTheBestFoundAndAProvenBound(long seed) {
    Instance inst = RandomInstances.dsa(new SplittableRandom(seed * 17 + 3), 60, 300, 64);
    SolveResult res =
        new DsaSearch().solve(inst, SolveLimits.defaults().withTimeLimit(Duration.ofNanos(1)));
    assertValid(seed, inst, res);
    assertThat(res.lowerBound().value())
        .isLessThanOrEqualTo(res.makespan())
        .isGreaterThanOrEqualTo(new Buffers(inst).load());
    if (res.lowerBound().value() < res.makespan()) {
      assertThat(res.status()).isEqualTo(SolveStatus.FEASIBLE);
    }
  }

  static LongStream fewSeeds() {
    return Seeds.seeds(Seeds.cases(10, 5));
  }

  /** The lowest first-fit layout over all orders of at most 8 buffers. */
  static long bruteForce(List<Message> ms) {
    int n = ms.size();
    int[] perm = new int[n];
    for (int i = 0; i < n; i++) {
      perm[i] = i;
    }
    long best = Long.MAX_VALUE;
    do {
      best = Math.min(best, firstFit(ms, perm));
    } while (next(perm));
    return best;
  }

  private static long firstFit(List<Message> ms, int[] order) {
    int n = ms.size();
    long[] off = new long[n];
    boolean[] done = new boolean[n];
    long h = 0;
    for (int i : order) {
      Message a = ms.get(i);
      long x = 0;
      boolean moved = true;
      while (moved) {
        moved = false;
        for (int j = 0; j < n; j++) {
          Message b = ms.get(j);
          if (done[j]
              && a.from() < b.to()
              && b.from() < a.to()
              && x < off[j] + b.length()
              && off[j] < x + a.length()) {
            x = off[j] + b.length();
            moved = true;
          }
        }
      }
      off[i] = x;
      done[i] = true;
      h = Math.max(h, x + a.length());
    }
    return h;
  }

  private static boolean next(int[] p) {
    int i = p.length - 2;
    while (i >= 0 && p[i] >= p[i + 1]) {
      i--;
    }
    if (i < 0) {
      return false;
    }
    int j = p.length - 1;
    while (p[j] <= p[i]) {
      j--;
    }
    int t = p[i];
    p[i] = p[j];
    p[j] = t;
    for (int a = i + 1, b = p.length - 1; a < b; a++, b--) {
      t = p[a];
      p[a] = p[b];
      p[b] = t;
    }
    return true;
  }
}
