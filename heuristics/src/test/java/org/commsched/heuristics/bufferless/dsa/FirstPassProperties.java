package org.commsched.heuristics.bufferless.dsa;

import static org.assertj.core.api.Assertions.assertThat;

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
import org.commsched.core.solve.StopToken;
import org.commsched.core.testing.Seeds;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * best-fit's placement passes after the gap search was made branch-free ({@link Packer#fit}): whole
 * passes of first fit and best fit, and then removals and re-placements as the improvement moves
 * make them, put every buffer where the implementation before the change ({@link PackerBefore},
 * kept as it was) puts it, also with the radix sort of the hits from a few hits on (even seeds). A
 * first pass stopped at the run's limit still gives a valid layout: the buffers it placed where
 * first fit put them, and the rest placed by {@link StartSweep} (checked against its definition in
 * {@link StartSweepProperties}); {@code dsa-search} answers with that layout (UNKNOWN under a
 * capacity below its height). Seeded instances with sizes of every spread (1 to 9 with many ties,
 * log-uniform up to 2^20, mostly one size), equal lifespans and lifespans of every length.
 */
class FirstPassProperties {
  static LongStream seeds() {
    return Seeds.seeds(Seeds.cases(4, 30));
  }

  /** Fewer cases for the stopped passes: each checks its layout against every pair of buffers. */
  static LongStream fewerSeeds() {
    return Seeds.seeds(Seeds.cases(10, 10));
  }

  /** A seeded buffer set: lifespans over {@code points} points, sizes of one of four kinds. */
  record Case(int[] lo, int[] hi, long[] size, int points) {}

  static Case draw(SplittableRandom r, int n) {
    int points = 2 + r.nextInt(Math.max(2, n / (1 + r.nextInt(8))));
    int kind = r.nextInt(4);
    int[] lo = new int[n];
    int[] hi = new int[n];
    long[] size = new long[n];
    int groups = 1 + r.nextInt(6); // equal lifespans: buffers share one of a few lifespans
    int[] glo = new int[groups];
    int[] ghi = new int[groups];
    for (int g = 0; g < groups; g++) {
      glo[g] = r.nextInt(points - 1);
      ghi[g] = glo[g] + 1 + r.nextInt(points - 1 - glo[g]);
    }
    int maxLife = 1 + r.nextInt(points - 1);
    for (int i = 0; i < n; i++) {
      if (r.nextInt(3) == 0) {
        int g = r.nextInt(groups);
        lo[i] = glo[g];
        hi[i] = ghi[g];
      } else {
        lo[i] = r.nextInt(points - 1);
        hi[i] = Math.min(points - 1, lo[i] + 1 + r.nextInt(maxLife));
      }
      size[i] =
          switch (kind) {
            case 0 -> 1 + r.nextInt(9);
            case 1 -> Math.max(1, (long) Math.exp(r.nextDouble() * Math.log(1 << 20)));
            case 2 -> r.nextInt(4) == 0 ? 1 + r.nextInt(1000) : 64;
            default -> 1 + r.nextInt(1 << 12);
          };
    }
    return new Case(lo, hi, size, points);
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void everyPlacementIsTheOneOfTheImplementationBefore(long seed) {
    SplittableRandom r = new SplittableRandom(seed * 104_729 + 17);
    int n = 50 + r.nextInt(r.nextInt(4) == 0 ? 3000 : 400);
    Case c = draw(r, n);
    Packer now = new Packer(c.lo(), c.hi(), c.size(), c.points());
    if (seed % 2 == 0) {
      now.radixMin =
          1 + (int) Math.floorMod(seed, 64L); // the radix sort of the hits on small cases
    }
    PackerBefore before = new PackerBefore(c.lo(), c.hi(), c.size(), c.points());
    for (boolean best : new boolean[] {false, true}) {
      now.clear();
      before.clear();
      int[] order = Seeds.permutation(n, r);
      for (int q = 0; q < n; q++) {
        int i = order[q];
        long expected = before.fit(i, best);
        assertThat(now.fit(i, best))
            .as("seed %d best %b placement %d (buffer %d)", seed, best, q, i)
            .isEqualTo(expected);
        now.place(i, expected);
        before.place(i, expected);
      }
      // improvement moves: take a few buffers out, put them back by either rule
      for (int move = 0; move < 40; move++) {
        int k = 1 + r.nextInt(Math.min(n, 30));
        int[] out = new int[k];
        for (int q = 0; q < k; q++) {
          out[q] = r.nextInt(n);
          now.remove(out[q]);
          before.remove(out[q]);
        }
        for (int i : out) {
          boolean rule = r.nextBoolean();
          long expected = before.fit(i, rule);
          assertThat(now.fit(i, rule))
              .as("seed %d move %d buffer %d best %b", seed, move, i, rule)
              .isEqualTo(expected);
          now.place(i, expected);
          before.place(i, expected);
        }
      }
    }
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("fewerSeeds")
  void aFirstPassWhoseStopHasPassedPlacesNothingAndTheSweepLaysOutEveryBuffer(long seed) {
    SplittableRandom r = new SplittableRandom(seed * 7_919 + 3);
    int n = 1100 + r.nextInt(400);
    Case c = draw(r, n);
    Buffers b = new Buffers(instance(c));
    int[] passes = new int[2];
    long past = System.nanoTime() - 1;
    long[] off = BestFit.layout(b, 0, seed, past, past, new StopToken(), passes);
    assertThat(passes[1]).as("placed by first fit before the stop").isZero();
    assertThat(passes[0]).isEqualTo(1);
    // every buffer by the sweep alone or a layered sweep (their definitions in
    // StartSweepProperties), nothing kept
    // from a pass; which one depends on the fallback's grace (StartSweep.FRESH_GRACE), never above
    // the sweep alone
    assertValid(b, off);
    assertFresh(c, b, off);
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("fewerSeeds")
  void aFirstPassStoppedByTheRunsTokenKeepsItsFirstFitPlacementsAndTheWholeLayoutIsValid(long seed)
      throws InterruptedException {
    SplittableRandom r = new SplittableRandom(seed * 7_919 + 5);
    int n = 1100 + r.nextInt(1500);
    Case c = draw(r, n);
    Buffers b = new Buffers(instance(c));
    int[] passes = new int[2];
    StopToken token = new StopToken();
    // the token trips while the pass runs, or before or after it: whatever the timing, the layout
    // is the pass's
    // first placements (a multiple of BestFit.POLL, or all of them) and the sweep's for the rest
    Thread stopper =
        new Thread(
            () -> {
              try {
                Thread.sleep(seed % 3);
              } catch (InterruptedException e) {
                // stop now
              }
              token.stop();
            });
    stopper.start();
    long far = System.nanoTime() + 60_000_000_000L;
    long[] off = BestFit.layout(b, 0, seed, far, far, token, passes);
    stopper.join();
    assertValid(b, off);
    int placed = passes[1];
    assertThat(placed % BestFit.POLL == 0 || placed == n).as("placed %d of %d", placed, n).isTrue();
    if (placed == n) {
      return; // the pass ended before the stop: a whole layout (later passes are BestFit's own
      // business)
    }
    // the first pass's order: size decreasing, or above EARLY_CLASSES buffers the size-class order
    int[] order = BestFit.orders(b).get(n > BestFit.EARLY_CLASSES ? 4 : 0);
    PackerBefore ff = new PackerBefore(b.lo, b.hi, b.size, b.points);
    boolean[] isPlaced = new boolean[n];
    long[] pre = new long[n];
    for (int q = 0; q < placed; q++) {
      int i = order[q];
      ff.place(i, ff.fit(i, false));
      isPlaced[i] = true;
      pre[i] = ff.off[i];
    }
    if (placed == 0) {
      assertFresh(c, b, off); // nothing placed: StartSweep.fresh
      return;
    }
    long[] kept = StartSweepProperties.reference(c, pre, isPlaced);
    long[] alone = StartSweepProperties.reference(c, new long[n], new boolean[n]);
    assertThat(off)
        .as("placed %d", placed)
        .isEqualTo(b.height(alone) < b.height(kept) ? alone : kept);
  }

  /**
   * A layout from nothing ({@link StartSweep#fresh}, whose layered sweeps may be given up at its
   * grace): one of its candidates by their definitions, and no higher than the sweep alone.
   */
  static void assertFresh(Case c, Buffers b, long[] off) {
    // the layers' areas count the time points of b (Buffers compresses c's times once more)
    List<long[]> candidates =
        StartSweepProperties.freshCandidates(new Case(b.lo, b.hi, b.size, b.points));
    assertThat(candidates)
        .as("the fallback's layout is one of its candidates")
        .anySatisfy(o -> assertThat(o).isEqualTo(off));
    assertThat(b.height(off)).isLessThanOrEqualTo(b.height(candidates.get(0)));
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("fewerSeeds")
  void dsaSearchAtItsLimitDuringTheFirstPassAnswersWithThatLayout(long seed) {
    SplittableRandom r = new SplittableRandom(seed * 31 + 11);
    Case c = draw(r, 1100 + r.nextInt(400));
    Instance inst = instance(c);
    SolveLimits tiny = SolveLimits.defaults().withTimeLimit(java.time.Duration.ofNanos(1));
    SolveResult free = new DsaSearch().solve(inst, tiny);
    assertThat(free.stats().get("firstPass").toString())
        .startsWith("stopped at the time limit after 0 of ");
    assertThat(free.status()).isIn(SolveStatus.FEASIBLE, SolveStatus.OPTIMAL);
    Buffers b = new Buffers(inst);
    long[] off = new long[b.n];
    var slots = ((org.commsched.core.model.Schedule.Slots) free.schedule()).slots();
    for (int i = 0; i < b.n; i++) {
      off[i] = slots.get(inst.messages().get(i).id());
    }
    assertValid(b, off);
    assertThat(free.makespan()).isEqualTo(b.height(off));
    // a capacity below that height: no layout within it is known, so UNKNOWN without a schedule
    long cap = Math.max(1, b.height(off) - 1);
    if (cap >= b.bound().value()) {
      SolveResult capped = new DsaSearch().solve(inst, tiny.withOption(DsaSearch.CAPACITY, cap));
      assertThat(capped.status()).isEqualTo(SolveStatus.UNKNOWN);
      assertThat(capped.hasSchedule()).isFalse();
    }
  }

  /** Buffers alive together (lifespans overlap) get disjoint offsets, every offset at least 0. */
  static void assertValid(Buffers b, long[] off) {
    Integer[] byOff = new Integer[b.n];
    for (int i = 0; i < b.n; i++) {
      byOff[i] = i;
      assertThat(off[i]).isNotNegative();
    }
    for (int i = 0; i < b.n; i++) {
      for (int j = i + 1; j < b.n; j++) {
        boolean together = b.lo[i] < b.hi[j] && b.lo[j] < b.hi[i];
        boolean apart = off[i] + b.size[i] <= off[j] || off[j] + b.size[j] <= off[i];
        assertThat(!together || apart).as("buffers %d and %d overlap", i, j).isTrue();
      }
    }
  }

  static Instance instance(Case c) {
    List<Message> ms = new ArrayList<>();
    for (int i = 0; i < c.lo().length; i++) {
      ms.add(new Message("b" + i, c.lo()[i], c.hi()[i], c.size()[i]));
    }
    return new Instance(
        "first-pass",
        new Problem.Dsa(ms),
        new CommModel.Bufferless(CommModel.BufferlessPorts.ALL),
        Network.of(new Topology.Ula(c.points())));
  }
}
