package org.commsched.heuristics.bufferless.dsa;

import static org.assertj.core.api.Assertions.assertThat;
import static org.commsched.instances.testing.ScheduleAssertions.assertValid;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveStatus;
import org.commsched.core.testing.Seeds;
import org.commsched.instances.generate.PerfectPackings;
import org.commsched.instances.testing.RandomInstances;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The decision search of {@code dsa-search} ({@link CapacitySearch}) against the exhaustive optimum
 * of tiny instances: in each preorder alone, searched to the end, it finds a layout within the
 * optimum and proves that none exists one below it, so no pruning rule (canonical order, twins,
 * dominance, waiting buffers, section inference, dynamic decomposition) cuts off every optimal
 * layout; and {@code dsa-search} with a capacity (the option {@value DsaSearch#CAPACITY}, {@code
 * solve --capacity C}): a layout within C, INFEASIBLE when proven, no schedule when stopped.
 */
class CapacitySearchProperties {
  private static final SolveLimits LIMITS =
      SolveLimits.defaults().withTimeLimit(Duration.ofSeconds(60));

  static LongStream seeds() {
    return Seeds.seeds();
  }

  static LongStream fewSeeds() {
    return Seeds.seeds(Seeds.cases(10, 5));
  }

  /**
   * Up to 7 buffers with mostly short lifespans on up to 12 time points, so that placing a long
   * buffer often leaves pieces that no longer overlap in time (dynamic decomposition), and some
   * equal buffers (twins).
   */
  static Instance shortLived(SplittableRandom r) {
    int points = 4 + r.nextInt(9);
    int count = 2 + r.nextInt(6);
    List<Message> ms = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      if (i > 0 && r.nextInt(6) == 0) {
        Message p = ms.get(r.nextInt(i));
        ms.add(new Message("b" + i, p.from(), p.to(), p.length()));
        continue;
      }
      int a = r.nextInt(points - 1);
      int len = r.nextInt(4) == 0 ? points : 1 + r.nextInt(3);
      int b = Math.min(points - 1, a + len);
      ms.add(new Message("b" + i, a, b, 1 + r.nextInt(6)));
    }
    return new Instance(
        "dsa",
        new Problem.Dsa(ms),
        new CommModel.Bufferless(CommModel.BufferlessPorts.ALL),
        Network.of(new Topology.Ula(points)));
  }

  static CapacitySearch searchOf(Buffers b) {
    long[] width = new long[b.n];
    for (int i = 0; i < b.n; i++) {
      Message m = b.instance.messages().get(i);
      width[i] = (long) m.to() - m.from();
    }
    return new CapacitySearch(
        b.lo, b.hi, b.size.clone(), width, b.points, new org.commsched.core.solve.StopToken());
  }

  /**
   * A packing within {@code cap}: buffers alive together take disjoint offsets, all within [0,
   * cap).
   */
  static void assertPacking(long seed, List<Message> ms, long[] off, long cap) {
    for (int i = 0; i < ms.size(); i++) {
      Message a = ms.get(i);
      assertThat(off[i]).as("seed %d buffer %d", seed, i).isGreaterThanOrEqualTo(0);
      assertThat(off[i] + a.length()).as("seed %d buffer %d", seed, i).isLessThanOrEqualTo(cap);
      for (int j = i + 1; j < ms.size(); j++) {
        Message b = ms.get(j);
        boolean together = a.from() < b.to() && b.from() < a.to();
        boolean apart = off[i] + a.length() <= off[j] || off[j] + b.length() <= off[i];
        assertThat(!together || apart).as("seed %d buffers %d, %d", seed, i, j).isTrue();
      }
    }
  }

  private static void decidesAroundTheOptimum(long seed, Instance inst) {
    long opt = DsaSearchProperties.bruteForce(inst.messages());
    Buffers b = new Buffers(inst);
    CapacitySearch search = searchOf(b);
    long far = System.nanoTime() + Duration.ofMinutes(10).toNanos();
    for (int h = 0; h < CapacitySearch.PREORDERS.length; h++) {
      assertThat(search.decide(opt, far, h))
          .as("seed %d preorder %s at the optimum %d", seed, CapacitySearch.PREORDERS[h], opt)
          .isEqualTo(CapacitySearch.FOUND);
      assertPacking(seed, inst.messages(), search.found, opt);
      assertThat(search.decide(opt - 1, far, h))
          .as("seed %d preorder %s below the optimum %d", seed, CapacitySearch.PREORDERS[h], opt)
          .isEqualTo(CapacitySearch.INFEASIBLE);
    }
    assertThat(search.decide(opt, far)).isEqualTo(CapacitySearch.FOUND);
    assertThat(search.decide(opt - 1, far)).isEqualTo(CapacitySearch.INFEASIBLE);
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void eachPreorder_findsTheOptimumAndProvesOneBelow_onRandomInstances(long seed) {
    decidesAroundTheOptimum(
        seed, RandomInstances.dsa(new SplittableRandom(seed * 104_729 + 7), 8, 7, 6));
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void eachPreorder_findsTheOptimumAndProvesOneBelow_onTinyPerfectPackings(long seed) {
    // every section tight at the optimum (the load): the tiling test of tight runs at work
    decidesAroundTheOptimum(
        seed, PerfectPackings.of("perfect", 4 + (int) Math.floorMod(seed, 5), 3, 7, seed));
  }

  @org.junit.jupiter.api.Test
  void aPreorderRankingAsAnEarlierOneIsReplacedByASpare() {
    // in a perfect packing every section total is the capacity, so TWA would rank the buffers as
    // WAT
    CapacitySearch search = searchOf(new Buffers(PerfectPackings.of("perfect", 40, 6, 30, 5)));
    assertThat(search.preorder(0)).isEqualTo("WAT");
    assertThat(search.preorder(1)).isEqualTo("TAW");
    assertThat(search.preorder(2)).isIn((Object[]) CapacitySearch.SPARE_PREORDERS);
    CapacitySearch random =
        searchOf(new Buffers(RandomInstances.dsa(new SplittableRandom(3), 30, 40, 9)));
    assertThat(random.preorder(2)).isEqualTo("TWA");
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void eachPreorder_findsTheOptimumAndProvesOneBelow_onShortLivedBuffers(long seed) {
    decidesAroundTheOptimum(seed, shortLived(new SplittableRandom(seed * 7_919 + 13)));
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("fewSeeds")
  void capacity_atTheOptimumGivesALayoutWithinIt_andOneBelowIsInfeasible(long seed) {
    Instance inst = shortLived(new SplittableRandom(seed * 31 + 1));
    long opt = DsaSearchProperties.bruteForce(inst.messages());
    SolveResult fits = new DsaSearch().solve(inst, LIMITS.withOption(DsaSearch.CAPACITY, opt));
    assertValid(seed, inst, fits);
    assertThat(fits.makespan()).as("seed %d", seed).isLessThanOrEqualTo(opt);
    assertThat(fits.stats()).containsEntry("capacity", opt);
    SolveResult below = new DsaSearch().solve(inst, LIMITS.withOption(DsaSearch.CAPACITY, opt - 1));
    assertThat(below.status()).as("seed %d", seed).isEqualTo(SolveStatus.INFEASIBLE);
    assertThat(below.hasSchedule()).isFalse();
    assertThat(below.lowerBound().value()).as("seed %d", seed).isEqualTo(opt);
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("fewSeeds")
  void capacity_atTheLoadOfAPerfectPackingIsFound(long seed) {
    Instance inst = PerfectPackings.of("perfect", 30 + (int) Math.floorMod(seed, 30), 8, 60, seed);
    SolveResult res = new DsaSearch().solve(inst, LIMITS.withOption(DsaSearch.CAPACITY, 256L));
    assertValid(seed, inst, res);
    assertThat(res.makespan()).as("seed %d", seed).isEqualTo(256);
    assertThat(res.status()).isEqualTo(SolveStatus.OPTIMAL);
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("fewSeeds")
  void capacity_stoppedByTheTimeLimitGivesNoScheduleOrALayoutWithinIt(long seed) {
    Instance inst = PerfectPackings.of("perfect", 300, 10, 200, seed);
    long cap = new Buffers(inst).load();
    SolveResult res =
        new DsaSearch()
            .solve(
                inst,
                SolveLimits.defaults()
                    .withTimeLimit(Duration.ofNanos(1))
                    .withOption(DsaSearch.CAPACITY, cap));
    if (res.hasSchedule()) {
      assertValid(seed, inst, res);
      assertThat(res.makespan()).isLessThanOrEqualTo(cap);
    } else {
      assertThat(res.status()).as("seed %d", seed).isEqualTo(SolveStatus.UNKNOWN);
      assertThat(res.lowerBound().value()).isLessThanOrEqualTo(cap);
    }
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("fewSeeds")
  void capacity_belowTheLoadIsInfeasibleAtOnce(long seed) {
    Instance inst = RandomInstances.dsa(new SplittableRandom(seed), 8, 7, 6);
    long load = new Buffers(inst).load();
    if (load < 2) {
      return;
    }
    SolveResult res = new DsaSearch().solve(inst, LIMITS.withOption(DsaSearch.CAPACITY, load - 1));
    assertThat(res.status()).isEqualTo(SolveStatus.INFEASIBLE);
    assertThat(res.lowerBound().value()).isGreaterThanOrEqualTo(load);
  }
}
