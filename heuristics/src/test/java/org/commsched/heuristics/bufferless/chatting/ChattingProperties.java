package org.commsched.heuristics.bufferless.chatting;

import static org.assertj.core.api.Assertions.assertThat;
import static org.commsched.instances.testing.ScheduleAssertions.assertValid;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.commsched.core.check.CheckReport;
import org.commsched.core.check.ScheduleChecker;
import org.commsched.core.model.Atlas;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Problem;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.model.Schedule;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.testing.Seeds;
import org.commsched.heuristics.baseline.FirstFitSlots;
import org.commsched.heuristics.baseline.GreedyBufferless;
import org.commsched.instances.generate.GeneratorSpec;
import org.commsched.instances.generate.Generators;
import org.commsched.instances.generate.LengthDistribution;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Properties of docs/models/bufferless-chatting.md#properties: P3, P4, P5 (transforms, on random
 * ULA and ESM instances) and P7, P8 (A1 and A2 on random ULA instances). Every schedule is held to
 * the project's checker.
 */
class ChattingProperties {

  static LongStream seeds() {
    return Seeds.seeds();
  }

  /** Figures of an instance computed here from the routes: C, L, Q, and the rounded load L'. */
  record Figures(long c, long l, long q, long roundedLoad) {
    static Figures of(Instance inst) {
      Atlas atlas = inst.atlas();
      long[] load = new long[inst.network().arcs()];
      long[] rounded = new long[inst.network().arcs()];
      long l = 0;
      long q = 0;
      for (int i = 0; i < atlas.size(); i++) {
        long len = inst.messages().get(i).length();
        long h = 1;
        while (h < len) {
          h *= 2;
        }
        for (int a : atlas.arcs(i)) {
          load[a] += len;
          rounded[a] += h;
        }
        l = Math.max(l, len);
        q = Math.max(q, len + atlas.hops(i) - 1);
      }
      return new Figures(
          LongStream.of(load).max().orElse(0), l, q, LongStream.of(rounded).max().orElse(0));
    }
  }

  static Instance random(
      long seed,
      String family,
      int size,
      int messages,
      LengthDistribution lengths,
      boolean explicit) {
    return Generators.instance(
        new GeneratorSpec(
            null, ProblemKind.CHATTING, family, size, messages, lengths, null, seed, explicit));
  }

  static Instance ulaOrEsm(long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    boolean esm = r.nextBoolean();
    return esm
        ? random(
            seed,
            "esm",
            2 + r.nextInt(4),
            1 + r.nextInt(12),
            new LengthDistribution.Uniform(1, 1 + r.nextInt(5)),
            r.nextBoolean())
        : random(
            seed,
            "ula",
            2 + r.nextInt(10),
            1 + r.nextInt(15),
            new LengthDistribution.Uniform(1, 1 + r.nextInt(6)),
            false);
  }

  static Map<String, Long> byId(Instance inst, long[] v) {
    Map<String, Long> m = new LinkedHashMap<>();
    for (int i = 0; i < v.length; i++) {
      m.put(inst.messages().get(i).id(), v[i]);
    }
    return m;
  }

  static long[] of(Instance inst, Map<String, Long> m) {
    long[] v = new long[inst.messages().size()];
    for (int i = 0; i < v.length; i++) {
      v[i] = m.get(inst.messages().get(i).id());
    }
    return v;
  }

  static long[] lengths(Instance inst) {
    return inst.messages().stream().mapToLong(Message::length).toArray();
  }

  static long[] hops(Instance inst) {
    long[] d = new long[inst.messages().size()];
    for (int i = 0; i < d.length; i++) {
      d[i] = inst.atlas().hops(i);
    }
    return d;
  }

  /**
   * P3 (Thm 3.1): LS(sigma) is valid iff sigma is; |T - S| <= H - 1 (H - 1 = span of the used arc
   * levels).
   */
  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void p3_lsIsABijectionOfValidSchedules(long seed) {
    Instance inst = ulaOrEsm(seed);
    Leveling lev = Leveling.of(inst).orElseThrow();
    long[] level = lev.firstLevels();
    SplittableRandom r = new SplittableRandom(seed * 7 + 1);
    long[] sigma;
    if (r.nextBoolean()) {
      sigma =
          of(
              inst,
              ((Schedule.Slots) new FirstFitSlots().solve(inst, SolveLimits.defaults()).schedule())
                  .slots());
    } else {
      sigma = new long[inst.messages().size()];
      for (int i = 0; i < sigma.length; i++) {
        sigma[i] = r.nextInt(8);
      }
    }
    long[] t = Transforms.ls(sigma, level);
    boolean virtualValid =
        ScheduleChecker.check(inst, new Schedule.Slots(byId(inst, sigma))).valid();
    boolean realValid = ScheduleChecker.check(inst, new Schedule.Departures(byId(inst, t))).valid();
    assertThat(realValid).isEqualTo(virtualValid);
    assertThat(Transforms.lsInverse(t, level)).containsExactly(sigma);
    long s = Transforms.virtualDuration(sigma, lengths(inst));
    long tt = Transforms.realDuration(t, lengths(inst), hops(inst));
    assertThat(Math.abs(tt - s)).isLessThanOrEqualTo(lev.levelSpan());
  }

  /** P4 (Thm 3.2) and P5 (Thm 3.3): VO of a valid sigma, and OV of a valid real schedule. */
  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void p4p5_voAndOvKeepValidityWithinTheirBounds(long seed) {
    Instance inst = ulaOrEsm(seed);
    Figures f = Figures.of(inst);
    long[] level = Leveling.of(inst).orElseThrow().firstLevels();
    long[] sigma =
        Transforms.normalise(
            of(
                inst,
                ((Schedule.Slots)
                        new FirstFitSlots().solve(inst, SolveLimits.defaults()).schedule())
                    .slots()));
    long s = Transforms.virtualDuration(sigma, lengths(inst));
    long[] t = Transforms.vo(sigma, level, s);
    CheckReport real = ScheduleChecker.check(inst, new Schedule.Departures(byId(inst, t)));
    assertThat(real.violations()).isEmpty();
    assertThat(LongStream.of(t).allMatch(x -> x >= 0 && x < s)).isTrue();
    assertThat(Transforms.realDuration(t, lengths(inst), hops(inst)))
        .isLessThanOrEqualTo(s + f.q() - 1);

    SolveResult greedy = new GreedyBufferless().solve(inst, SolveLimits.defaults());
    long[] tau =
        Transforms.normalise(of(inst, ((Schedule.Departures) greedy.schedule()).departures()));
    long tt = Transforms.realDuration(tau, lengths(inst), hops(inst));
    long[] back = Transforms.ov(tau, level, tt);
    CheckReport virt = ScheduleChecker.check(inst, new Schedule.Slots(byId(inst, back)));
    assertThat(virt.violations()).isEmpty();
    assertThat(Transforms.virtualDuration(back, lengths(inst))).isLessThanOrEqualTo(tt + f.l() - 1);
  }

  /**
   * P7 (Thm 4.4, Cor 4.2): on a ULA with unit lengths A1 gives S = C and T <= C + Q - 1; dsa gets S
   * = C slots.
   */
  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void p7_intervalColoringIsOptimalVirtually(long seed) {
    SplittableRandom r = new SplittableRandom(seed * 31 + 5);
    Instance inst =
        random(
            seed,
            "ula",
            2 + r.nextInt(15),
            1 + r.nextInt(30),
            new LengthDistribution.Constant(1),
            false);
    Figures f = Figures.of(inst);
    IntervalColoring a1 = new IntervalColoring();
    assertThat(a1.whyNot(inst)).isNull();
    SolveResult res = a1.solve(inst, SolveLimits.defaults());
    assertValid(inst, res);
    assertThat(res.stats().get("virtualDuration")).isEqualTo(f.c());
    assertThat(res.makespan()).isLessThanOrEqualTo(f.c() + f.q() - 1);
    assertThat(a1.solve(inst, SolveLimits.defaults()).schedule()).isEqualTo(res.schedule());

    Instance dsa =
        new Instance("dsa", new Problem.Dsa(inst.messages()), inst.model(), inst.network());
    SolveResult slots = a1.solve(dsa, SolveLimits.defaults());
    assertValid(dsa, slots);
    assertThat(slots.makespan()).isEqualTo(f.c());
  }

  /**
   * The blocks of docs/models/bufferless-chatting.md#kierstead, placed here from the model's text:
   * lengths rounded up to powers of two {@code h}; in order ({@code h} descending, then from, to,
   * index) each message takes the lowest {@code p}, a multiple of {@code h}, such that at every arc
   * of its route the blocks already there cover at most {@code p} units below {@code p + h}.
   * Returns the block bottoms {@code p} and, last, {@code Λ}, the top of the highest block.
   */
  static long[] blocksAndLambda(Instance inst) {
    int n = inst.messages().size();
    long[] h = new long[n];
    Integer[] order = new Integer[n];
    for (int i = 0; i < n; i++) {
      long len = inst.messages().get(i).length();
      h[i] = 1;
      while (h[i] < len) {
        h[i] *= 2;
      }
      order[i] = i;
    }
    java.util.Arrays.sort(
        order,
        java.util.Comparator.<Integer>comparingLong(i -> -h[i])
            .thenComparingInt(i -> inst.messages().get(i).from())
            .thenComparingInt(i -> inst.messages().get(i).to())
            .thenComparingInt(i -> i));
    long[] out = new long[n + 1];
    boolean[] placed = new boolean[n];
    long lambda = 0;
    for (int i : order) {
      int[] arcs = inst.atlas().arcs(i);
      long p = 0;
      while (!fits(inst, placed, out, h, arcs, p, h[i])) {
        p += h[i];
      }
      out[i] = p;
      placed[i] = true;
      lambda = Math.max(lambda, p + h[i]);
    }
    out[n] = lambda;
    return out;
  }

  /** At every arc, the placed blocks cover at most {@code p} units of {@code [0, p + h)}. */
  private static boolean fits(
      Instance inst, boolean[] placed, long[] bottom, long[] h, int[] arcs, long p, long hi) {
    for (int a : arcs) {
      long covered = 0;
      for (int j = 0; j < placed.length; j++) {
        if (placed[j] && java.util.Arrays.stream(inst.atlas().arcs(j)).anyMatch(x -> x == a)) {
          covered += Math.max(0, Math.min(bottom[j] + h[j], p + hi) - bottom[j]);
        }
      }
      if (covered > p) {
        return false;
      }
    }
    return true;
  }

  /**
   * P8 (Thm 4.5(b), Cor 4.3; docs/models/bufferless-chatting.md#kierstead): S <= 3Λ <= 3 L' <= 6C -
   * 3 and T <= S + Q - 1 <= 6C + Q - 4, with Λ (the top of the highest block) from the blocks
   * placed in this test; each slot is {@code colour * Λ + p} with its own block's {@code p} and a
   * colour below 3.
   */
  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void p8_kiersteadWithinSixC(long seed) {
    SplittableRandom r = new SplittableRandom(seed * 17 + 11);
    Instance inst =
        random(
            seed,
            "ula",
            2 + r.nextInt(15),
            1 + r.nextInt(40),
            new LengthDistribution.Uniform(1, 1 + r.nextInt(r.nextBoolean() ? 4 : 40)),
            false);
    Figures f = Figures.of(inst);
    long[] blocks = blocksAndLambda(inst);
    long lambda = blocks[inst.messages().size()];
    Kierstead a2 = new Kierstead();
    SolveResult res = a2.solve(inst, SolveLimits.defaults());
    assertValid(inst, res);
    long s = (Long) res.stats().get("virtualDuration");
    assertThat(s).isLessThanOrEqualTo(3 * lambda);
    assertThat(lambda).isLessThanOrEqualTo(f.roundedLoad());
    assertThat(3 * f.roundedLoad()).isLessThanOrEqualTo(6 * f.c() - 3);
    assertThat(res.makespan())
        .isLessThanOrEqualTo(s + f.q() - 1)
        .isLessThanOrEqualTo(6 * f.c() + f.q() - 4);

    Instance dsa =
        new Instance("dsa", new Problem.Dsa(inst.messages()), inst.model(), inst.network());
    SolveResult slots = a2.solve(dsa, SolveLimits.defaults());
    assertValid(dsa, slots);
    assertThat(slots.makespan()).isEqualTo(s);
    Map<String, Long> sigma = ((Schedule.Slots) slots.schedule()).slots();
    for (int i = 0; i < inst.messages().size(); i++) {
      long slot = sigma.get(inst.messages().get(i).id());
      assertThat(slot % lambda)
          .as("slot of message " + i + " = colour * Λ + p, Λ = " + lambda)
          .isEqualTo(blocks[i]);
      assertThat(slot / lambda).as("colour of message " + i).isLessThan(3);
    }
  }

  /** The linear-array methods refuse other networks (a bla runs as two ulas), naming greedy. */
  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void whyNot_refusesNonLinearArraysAndNamesGreedy(long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    String family = List.of("esm", "ring", "tree", "mesh").get(r.nextInt(4));
    Instance inst =
        random(
            seed,
            family,
            3 + r.nextInt(3),
            1 + r.nextInt(5),
            new LengthDistribution.Constant(1),
            false);
    for (UlaVirtualMethod m : List.of(new IntervalColoring(), new Kierstead(), new UlaCuts())) {
      assertThat(m.whyNot(inst)).isNotNull().contains("greedy");
    }
    if (!family.equals("esm")) { // an esm unit procedure (A4) may be plugged into length-classes
      assertThat(new LengthClasses().whyNot(inst)).isNotNull().contains("greedy");
    }
  }
}
