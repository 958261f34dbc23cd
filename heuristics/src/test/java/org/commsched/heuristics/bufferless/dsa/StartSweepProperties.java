package org.commsched.heuristics.bufferless.dsa;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.commsched.core.model.Instance;
import org.commsched.core.testing.Seeds;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link StartSweep}, the finish of a first pass stopped at the run's limit, against its definition
 * computed pair by pair: on seeded buffer sets ({@link FirstPassProperties#draw}) with a random
 * part already placed by first fit in a random order (none, some or nearly all), every other
 * buffer, in order of start (ties: size decreasing, index), goes to the lowest offset at least the
 * highest end of the already-placed buffers starting strictly inside its lifespan, free of every
 * buffer alive with it that is already placed and starts no later or was placed before it; the
 * layout is valid pair by pair and the already-placed offsets are kept; and each buffer's end is at
 * most the skyline's in the same order (the highest end of the buffers alive with it that are
 * already placed or placed before it, plus its size), so with nothing placed the height is at most
 * the skyline's. A first pass stopped at the run's limit ends in the lower of that layout around
 * its placements and the one of the sweep alone ({@link StartSweep#lower}). The layered sweep
 * ({@link StartSweep#layered}) against its definition (layers of equal area by size decreasing,
 * each by the sweep's definition around the layers before it), and with nothing placed the lowest
 * of the sweep alone and the layered sweeps ({@link StartSweep#fresh}).
 */
class StartSweepProperties {
  static LongStream seeds() {
    return Seeds.seeds(Seeds.cases(4, 40));
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void theRestGoesByFirstFitInOrderOfStartValidAndNeverAboveTheSkyline(long seed) {
    SplittableRandom r = new SplittableRandom(seed * 6_007 + 5);
    int n = 2 + r.nextInt(r.nextInt(4) == 0 ? 1500 : 300);
    FirstPassProperties.Case c = FirstPassProperties.draw(r, n);
    int kind = r.nextInt(4); // none placed, a few, about half, nearly all
    double share = new double[] {0, 0.05, 0.5, 0.95}[kind];
    boolean[] placed = new boolean[n];
    long[] off = new long[n];
    Packer p = new Packer(c.lo(), c.hi(), c.size(), c.points());
    for (int i : Seeds.permutation(n, r)) {
      if (r.nextDouble() < share) {
        p.place(i, p.fit(i, false));
        placed[i] = true;
        off[i] = p.off[i];
      }
    }
    long[] before = off.clone();
    boolean[] placedBefore = placed.clone();
    StartSweep.finish(c.lo(), c.hi(), c.size(), c.points(), off, placed);
    assertThat(placed).isEqualTo(placedBefore);
    for (int i = 0; i < n; i++) {
      if (placed[i]) {
        assertThat(off[i]).as("already placed buffer %d", i).isEqualTo(before[i]);
      }
    }
    FirstPassProperties.assertValid(new Buffers(FirstPassProperties.instance(c)), off);
    long[] expected = reference(c, before, placed);
    long[] sky = skyline(c, before, placed);
    for (int i = 0; i < n; i++) {
      assertThat(off[i])
          .as("seed %d buffer %d (placed %b)", seed, i, placed[i])
          .isEqualTo(expected[i]);
      assertThat(off[i] + c.size()[i])
          .as("buffer %d against the skyline", i)
          .isLessThanOrEqualTo(sky[i]);
    }
    if (kind == 0) {
      long h = 0;
      long hs = 0;
      for (int i = 0; i < n; i++) {
        h = Math.max(h, off[i] + c.size()[i]);
        hs = Math.max(hs, sky[i]);
      }
      assertThat(h).as("height against the skyline's").isLessThanOrEqualTo(hs);
    }
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void aStoppedFirstPassEndsInTheLowerOfTheSweepAroundItsPlacementsAndTheSweepAlone(long seed) {
    SplittableRandom r = new SplittableRandom(seed * 131 + 7);
    FirstPassProperties.Case c = FirstPassProperties.draw(r, 1100 + r.nextInt(300));
    Instance inst = FirstPassProperties.instance(c);
    Buffers b = new Buffers(inst);
    // the first pass's first 1024 placements (first fit in its order), then stopped
    int[] order = BestFit.orders(b).get(0);
    Packer p = new Packer(b.lo, b.hi, b.size, b.points);
    p.clear();
    for (int q = 0; q < 1024; q++) {
      p.place(order[q], p.fit(order[q], false));
    }
    boolean[] placed = p.placed.clone();
    long[] pre = p.off.clone();
    int[] passes = new int[2];
    long[] off = BestFit.cutFirstPass(b, p.off, p.placed, 1024, passes);
    assertThat(passes).containsExactly(1, 1024);
    long[] kept = reference(c, pre, placed);
    long[] alone = reference(c, new long[b.n], new boolean[b.n]);
    long[] expected = b.height(alone) < b.height(kept) ? alone : kept;
    assertThat(off).isEqualTo(expected);
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void aLayeredSweepLaysOutLayersOfEqualAreaLargestFirstEachAroundTheOnesBefore(long seed) {
    SplittableRandom r = new SplittableRandom(seed * 3_001 + 17);
    FirstPassProperties.Case c =
        FirstPassProperties.draw(r, 2 + r.nextInt(r.nextInt(4) == 0 ? 1200 : 250));
    int k = 1 + r.nextInt(13);
    long[] off = StartSweep.layered(c.lo(), c.hi(), c.size(), c.points(), k);
    Buffers b = new Buffers(FirstPassProperties.instance(c));
    FirstPassProperties.assertValid(b, off);
    assertThat(off).as("seed %d, %d layers", seed, k).isEqualTo(layeredReference(c, k));
    if (k == 1) {
      assertThat(off).isEqualTo(reference(c, new long[b.n], new boolean[b.n]));
    }
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void withNothingPlacedTheAnswerIsTheLowestOfTheSweepAloneAndTheLayeredSweeps(long seed) {
    SplittableRandom r = new SplittableRandom(seed * 9_011 + 23);
    FirstPassProperties.Case c =
        FirstPassProperties.draw(r, 2 + r.nextInt(r.nextInt(4) == 0 ? 1200 : 250));
    Buffers b = new Buffers(FirstPassProperties.instance(c));
    long[] off = StartSweep.fresh(c.lo(), c.hi(), c.size(), c.points(), 600_000_000_000L);
    List<long[]> candidates = freshCandidates(c);
    long[] lowest = candidates.get(0);
    for (long[] o : candidates) {
      lowest = b.height(o) < b.height(lowest) ? o : lowest;
    }
    assertThat(off).as("seed %d", seed).isEqualTo(lowest);
    FirstPassProperties.assertValid(b, off);
    // no time left: the first layered sweep only, against the sweep alone
    long[] first = candidates.get(1);
    assertThat(StartSweep.fresh(c.lo(), c.hi(), c.size(), c.points(), 0))
        .isEqualTo(b.height(first) < b.height(candidates.get(0)) ? first : candidates.get(0));
  }

  /**
   * The layouts {@link StartSweep#fresh} chooses among, by their definitions: the sweep alone, then
   * the layered.
   */
  static List<long[]> freshCandidates(FirstPassProperties.Case c) {
    int n = c.lo().length;
    List<long[]> all = new ArrayList<>();
    all.add(reference(c, new long[n], new boolean[n]));
    for (int k : StartSweep.LAYERS) {
      all.add(layeredReference(c, k));
    }
    return all;
  }

  /**
   * The layered sweep of k layers by its definition: buffers by size decreasing (ties: index),
   * buffer i in layer min(k - 1, floor(k x (area of the buffers before it) / total area)), area =
   * size x points of its lifespan; each layer by the sweep's definition around the layers before
   * it, the later ones absent.
   */
  static long[] layeredReference(FirstPassProperties.Case c, int k) {
    int n = c.lo().length;
    List<Integer> bySize = new ArrayList<>();
    double total = 0;
    for (int i = 0; i < n; i++) {
      bySize.add(i);
      total += (double) c.size()[i] * (c.hi()[i] - c.lo()[i]);
    }
    bySize.sort(
        (x, y) -> c.size()[x] != c.size()[y] ? Long.compare(c.size()[y], c.size()[x]) : x - y);
    int[] layer = new int[n];
    double before = 0;
    for (int i : bySize) {
      layer[i] = total == 0 ? 0 : (int) Math.min(k - 1, Math.floor(k * before / total));
      before += (double) c.size()[i] * (c.hi()[i] - c.lo()[i]);
    }
    long[] off = new long[n];
    for (int g = 0; g < k; g++) {
      List<Integer> in = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        if (layer[i] <= g) {
          in.add(i);
        }
      }
      int m = in.size();
      FirstPassProperties.Case sub =
          new FirstPassProperties.Case(new int[m], new int[m], new long[m], c.points());
      long[] pre = new long[m];
      boolean[] placed = new boolean[m];
      for (int q = 0; q < m; q++) {
        int i = in.get(q);
        sub.lo()[q] = c.lo()[i];
        sub.hi()[q] = c.hi()[i];
        sub.size()[q] = c.size()[i];
        pre[q] = off[i];
        placed[q] = layer[i] < g;
      }
      long[] o = reference(sub, pre, placed);
      for (int q = 0; q < m; q++) {
        off[in.get(q)] = o[q];
      }
    }
    return off;
  }

  /**
   * The sweep's offsets by its definition (see the class comment), pair by pair; placed buffers
   * keep theirs.
   */
  static long[] reference(FirstPassProperties.Case c, long[] pre, boolean[] placed) {
    int n = c.lo().length;
    int[] lo = c.lo();
    int[] hi = c.hi();
    long[] size = c.size();
    long[] off = pre.clone();
    List<Integer> order = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      if (!placed[i]) {
        order.add(i);
      }
    }
    order.sort(
        (x, y) ->
            lo[x] != lo[y]
                ? Integer.compare(lo[x], lo[y])
                : size[x] != size[y] ? Long.compare(size[y], size[x]) : Integer.compare(x, y));
    boolean[] done = placed.clone();
    for (int i : order) {
      long floor = 0;
      List<long[]> busy = new ArrayList<>();
      for (int j = 0; j < n; j++) {
        if (j == i || !done[j] || !(lo[j] < hi[i] && lo[i] < hi[j])) {
          continue;
        }
        if (placed[j] && lo[j] > lo[i]) {
          floor = Math.max(floor, off[j] + size[j]);
        } else {
          busy.add(new long[] {off[j], off[j] + size[j]});
        }
      }
      busy.sort((u, v) -> Long.compare(u[0], v[0]));
      long x = floor;
      for (long[] u : busy) {
        if (u[1] <= x) {
          continue;
        }
        if (u[0] >= x + size[i]) {
          break;
        }
        x = u[1];
      }
      off[i] = x;
      done[i] = true;
    }
    return off;
  }

  /**
   * The end of each buffer on the skyline in the sweep's order: a placed buffer's own end; another
   * at the highest end of the buffers alive with it that are already placed or earlier in the
   * order, plus its size.
   */
  static long[] skyline(FirstPassProperties.Case c, long[] pre, boolean[] placed) {
    int n = c.lo().length;
    int[] lo = c.lo();
    int[] hi = c.hi();
    long[] size = c.size();
    long[] top = new long[n];
    List<Integer> order = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      if (placed[i]) {
        top[i] = pre[i] + size[i];
      } else {
        order.add(i);
      }
    }
    order.sort(
        (x, y) ->
            lo[x] != lo[y]
                ? Integer.compare(lo[x], lo[y])
                : size[x] != size[y] ? Long.compare(size[y], size[x]) : Integer.compare(x, y));
    boolean[] done = placed.clone();
    for (int i : order) {
      long base = 0;
      for (int j = 0; j < n; j++) {
        if (j != i && done[j] && lo[j] < hi[i] && lo[i] < hi[j]) {
          base = Math.max(base, top[j]);
        }
      }
      top[i] = base + size[i];
      done[i] = true;
    }
    return top;
  }
}
