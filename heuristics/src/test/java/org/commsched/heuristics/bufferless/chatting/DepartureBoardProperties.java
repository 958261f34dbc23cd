package org.commsched.heuristics.bufferless.chatting;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.stream.LongStream;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.testing.Seeds;
import org.commsched.instances.generate.GeneratorSpec;
import org.commsched.instances.generate.Generators;
import org.commsched.instances.generate.LengthDistribution;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link DepartureBoard}'s earliest and latest free departures and its conflict lists, against a
 * brute-force scan over departures that recomputes every occupancy from the instance's routes (arcs
 * under all ports; the send port of the tail and the receive port of the head under single port),
 * on seeded random boards.
 */
class DepartureBoardProperties {
  static final String[] FAMILIES = {
    "ula", "bla", "esm", "mesh", "ring", "tree", "random", "hypercube"
  };

  static LongStream seeds() {
    return Seeds.seeds();
  }

  static Instance random(long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    String family = FAMILIES[r.nextInt(FAMILIES.length)];
    int size =
        family.equals("esm") || family.equals("mesh")
            ? 2 + r.nextInt(3)
            : family.equals("hypercube") ? 2 + r.nextInt(2) : 3 + r.nextInt(8);
    CommModel model =
        new CommModel.Bufferless(
            r.nextInt(4) == 0 ? CommModel.BufferlessPorts.SINGLE : CommModel.BufferlessPorts.ALL);
    return Generators.instance(
        new GeneratorSpec(
            null,
            ProblemKind.CHATTING,
            family,
            size,
            1 + r.nextInt(14),
            new LengthDistribution.Uniform(1, 1 + r.nextInt(6)),
            model,
            seed,
            r.nextBoolean()));
  }

  /**
   * The busy resources of message i at departure t, as (resource, step) codes, recomputed from the
   * route.
   */
  static TreeSet<Long> cells(Instance inst, int i, long t) {
    boolean single =
        ((CommModel.Bufferless) inst.model()).ports() == CommModel.BufferlessPorts.SINGLE;
    int[] p = inst.atlas().nodes(i);
    int n = inst.network().nodes();
    long len = inst.messages().get(i).length();
    TreeSet<Long> out = new TreeSet<>();
    for (int k = 0; k + 1 < p.length; k++) {
      for (long h = 0; h < len; h++) {
        long step = t + k + h + 1_000_000L;
        if (single) {
          out.add(p[k] * 10_000_000L + step);
          out.add((n + p[k + 1]) * 10_000_000L + step);
        } else {
          out.add(inst.network().arc(p[k], p[k + 1]) * 10_000_000L + step);
        }
      }
    }
    return out;
  }

  static boolean meets(Instance inst, int i, long ti, int j, long tj) {
    TreeSet<Long> a = cells(inst, i, ti);
    a.retainAll(cells(inst, j, tj));
    return !a.isEmpty();
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void earliestLatestAndConflicts_matchBruteForce(long seed) {
    Instance inst = random(seed);
    DepartureBoard b = new DepartureBoard(inst);
    SplittableRandom r = new SplittableRandom(seed ^ 0x5DEECE66DL);
    int m = b.m;
    boolean[] placed = new boolean[m];
    for (int j = 0; j < m; j++) {
      if (r.nextInt(3) > 0) {
        b.place(j, b.earliest(j, r.nextInt(12)));
        placed[j] = true;
      }
    }
    // the board holds a valid partial schedule
    for (int i = 0; i < m; i++) {
      for (int j = i + 1; j < m; j++) {
        if (placed[i] && placed[j]) {
          assertThat(meets(inst, b.index[i], b.dep[i], b.index[j], b.dep[j]))
              .as("seed %d: %s", seed, inst)
              .isFalse();
        }
      }
    }
    for (int jj = 0; jj < m; jj++) {
      final int j = jj;
      if (placed[j]) {
        continue;
      }
      long t0 = r.nextInt(15) - 3;
      long e = t0;
      while (!freeAt(inst, b, placed, j, e)) {
        e++;
      }
      assertThat(b.earliest(j, t0))
          .as("earliest, seed %d, job %d from %d: %s", seed, j, t0, inst)
          .isEqualTo(e);
      long t1 = r.nextInt(30);
      long l = t1;
      while (!freeAt(inst, b, placed, j, l)) {
        l--;
      }
      assertThat(b.latest(j, t1))
          .as("latest, seed %d, job %d up to %d: %s", seed, j, t1, inst)
          .isEqualTo(l);
      long t = r.nextInt(20);
      int[] out = new int[m];
      int n = b.conflicts(j, t, out, 0, new boolean[m]);
      int[] got = Arrays.copyOf(out, n);
      Arrays.sort(got);
      int[] want =
          java.util.stream.IntStream.range(0, m)
              .filter(i -> placed[i] && meets(inst, b.index[i], b.dep[i], b.index[j], t))
              .toArray();
      assertThat(got)
          .as("conflicts, seed %d, job %d at %d: %s", seed, j, t, inst)
          .containsExactly(want);
    }
    // removing and re-adding keeps the board consistent
    for (int j = 0; j < m; j++) {
      if (placed[j]) {
        long d = b.dep[j];
        b.unplace(j);
        assertThat(b.earliest(j, d)).isEqualTo(d);
        b.place(j, d);
      }
    }
  }

  private static boolean freeAt(Instance inst, DepartureBoard b, boolean[] placed, int j, long t) {
    for (int i = 0; i < b.m; i++) {
      if (placed[i] && meets(inst, b.index[i], b.dep[i], b.index[j], t)) {
        return false;
      }
    }
    return true;
  }
}
