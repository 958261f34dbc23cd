package org.commsched.heuristics.bufferless.chatting;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.commsched.core.check.ScheduleChecker;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Schedule;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.testing.Seeds;
import org.commsched.heuristics.baseline.FirstFitSlots;
import org.commsched.instances.generate.LengthDistribution;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * P9 of docs/models/bufferless-chatting.md#properties: Theorem 5.1 of Bhatt, Bilardi, Pucci,
 * Ranade, Rosenberg, Schwabe, "On Bufferless Routing of Variable Length Messages in Leveled
 * Networks", on which A3 ({@code length-classes}) rests. For a related uniform family M_1, M_l
 * (same endpoints, lengths 1 and l) on an FL network (ula, esm with default or random east/south
 * routes):
 *
 * <ul>
 *   <li>(a) stretching a valid sigma_1 by l ({@code sigma_l = l sigma_1}, 0-based) is valid and
 *       {@code S(sigma_l) = l S(sigma_1)};
 *   <li>(b) shrinking a valid sigma_l ({@code sigma_1 = floor(sigma_l / l)}, 0-based; the 1-based
 *       {@code ceil(sigma_l / l)}) is valid. With the index range of
 *       docs/models/bufferless-chatting.md#length-stretching ({@code 0 <= j <= l - 1}), exactly one
 *       flit of each message falls on a slot {@code = l - 1 (mod l)}. The duration is {@code
 *       floor(S(sigma_l) / l)}: docs/models/bufferless-chatting.md#length-stretching weakens the
 *       paper's "=" to "&lt;=", but for a normalised schedule of a uniform problem equality holds,
 *       and this property asserts it;
 *   <li>(c) {@code S_opt(M_l) = l S_opt(M_1)}, by exhaustive search on tiny instances.
 * </ul>
 */
class LengthStretchProperties {

  static LongStream seeds() {
    return Seeds.seeds();
  }

  static Instance withLength(Instance inst, long l) {
    List<Message> out = new ArrayList<>();
    for (Message m : inst.messages()) {
      out.add(
          new Message(
              m.id(),
              m.from(),
              m.to(),
              l,
              inst.atlas().isExplicit(out.size()) ? toList(inst.atlas().nodes(out.size())) : null));
    }
    return new Instance(
        inst.name() + "-l" + l, new Problem.Chatting(out), inst.model(), inst.network());
  }

  private static List<Integer> toList(int[] nodes) {
    List<Integer> l = new ArrayList<>();
    for (int v : nodes) {
      l.add(v);
    }
    return l;
  }

  static Instance unitProblem(long seed, int maxMessages) {
    SplittableRandom r = new SplittableRandom(seed * 977 + 1);
    LengthDistribution one = new LengthDistribution.Constant(1);
    switch (r.nextInt(3)) {
      case 0:
        return ChattingProperties.random(
            seed, "ula", 2 + r.nextInt(8), 1 + r.nextInt(maxMessages), one, false);
      case 1:
        return ChattingProperties.random(
            seed, "esm", 2 + r.nextInt(3), 1 + r.nextInt(maxMessages), one, false);
      default:
        return ChattingProperties.random(
            seed, "esm", 2 + r.nextInt(3), 1 + r.nextInt(maxMessages), one, true);
    }
  }

  static long[] firstFit(Instance inst) {
    return Transforms.normalise(
        ChattingProperties.of(
            inst,
            ((Schedule.Slots) new FirstFitSlots().solve(inst, SolveLimits.defaults()).schedule())
                .slots()));
  }

  static boolean valid(Instance inst, long[] sigma) {
    return ScheduleChecker.check(inst, new Schedule.Slots(ChattingProperties.byId(inst, sigma)))
        .valid();
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void p9ab_stretchAndShrinkKeepValidityAndScaleTheDuration(long seed) {
    Instance m1 = unitProblem(seed, 20);
    long l = 2 + seed % 4;
    Instance ml = withLength(m1, l);
    String about = "seed " + seed + ", l = " + l + ", " + m1.messages();
    // (a)
    long[] s1 = firstFit(m1);
    long[] sl = new long[s1.length];
    for (int i = 0; i < sl.length; i++) {
      sl[i] = l * s1[i];
    }
    assertThat(valid(ml, sl)).as(about).isTrue();
    assertThat(Transforms.virtualDuration(sl, ChattingProperties.lengths(ml)))
        .isEqualTo(l * Transforms.virtualDuration(s1, ChattingProperties.lengths(m1)));
    // (b), from an independent schedule of M_l
    long[] fromL = firstFit(ml);
    long[] back = new long[fromL.length];
    for (int i = 0; i < back.length; i++) {
      long hits = 0;
      for (long j = 0; j < l; j++) {
        hits += (fromL[i] + j) % l == l - 1 ? 1 : 0;
      }
      assertThat(hits).as(about).isEqualTo(1);
      back[i] = fromL[i] / l;
    }
    assertThat(valid(m1, back)).as(about).isTrue();
    assertThat(Transforms.virtualDuration(back, ChattingProperties.lengths(m1)))
        .as(about)
        .isEqualTo(Transforms.virtualDuration(fromL, ChattingProperties.lengths(ml)) / l);
  }

  /** Messages i and j share an arc. */
  static boolean[][] conflicts(Instance inst) {
    int n = inst.messages().size();
    boolean[][] c = new boolean[n][n];
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        for (int a : inst.atlas().arcs(i)) {
          for (int b : inst.atlas().arcs(j)) {
            c[i][j] |= i != j && a == b;
          }
        }
      }
    }
    return c;
  }

  /** True if the uniform messages of length l fit in S slots (exhaustive). */
  static boolean fits(boolean[][] conflict, long l, long s, long[] sigma, int k) {
    if (k == sigma.length) {
      return true;
    }
    for (long v = 0; v + l <= s; v++) {
      boolean ok = true;
      for (int j = 0; j < k && ok; j++) {
        ok = !conflict[k][j] || v + l <= sigma[j] || sigma[j] + l <= v;
      }
      if (ok) {
        sigma[k] = v;
        if (fits(conflict, l, s, sigma, k + 1)) {
          return true;
        }
      }
    }
    return false;
  }

  static long optimum(boolean[][] conflict, long l) {
    long s = l;
    while (!fits(conflict, l, s, new long[conflict.length], 0)) {
      s++;
    }
    return s;
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void p9c_optimalDurationScalesWithTheLength(long seed) {
    Instance m1 = unitProblem(seed, 6);
    boolean[][] c = conflicts(m1);
    long opt1 = optimum(c, 1);
    for (long l = 2; l <= 3; l++) {
      String about = "seed " + seed + ", l = " + l + ", " + m1.messages();
      // S_opt(M_l) = l S_opt(M_1): l S_opt(M_1) slots suffice and one fewer does not
      assertThat(fits(c, l, l * opt1, new long[c.length], 0)).as(about).isTrue();
      assertThat(fits(c, l, l * opt1 - 1, new long[c.length], 0)).as(about).isFalse();
    }
  }
}
