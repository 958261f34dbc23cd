package org.commsched.heuristics.bufferless.chatting;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.commsched.instances.testing.ScheduleAssertions.assertValid;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.commsched.core.model.Atlas;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.testing.Seeds;
import org.commsched.instances.generate.LengthDistribution;
import org.junit.jupiter.api.Test;

/**
 * The unit-procedure hook of {@code length-classes} (A3,
 * docs/models/bufferless-chatting.md#length-classes) and its refusals.
 */
class LengthClassesTest {

  /**
   * A stand-in unit procedure for an esm, as the ESM procedure A4 will be plugged: first-fit
   * colouring of the unit copies in instance order. Its bound (one track per other message on the
   * route, plus one) is only what first fit guarantees; it is here to show that the hook carries
   * any FL network through A3 and VO.
   */
  static final class EsmFirstFit implements UnitProcedure {
    @Override
    public String name() {
      return "first-fit (test)";
    }

    @Override
    public String scope() {
      return "esm";
    }

    @Override
    public String guarantee() {
      return "valid";
    }

    @Override
    public String citation() {
      return "test only";
    }

    @Override
    public String whyNot(Instance instance) {
      return instance.network().topology() instanceof Topology.Esm ? null : "esm only";
    }

    @Override
    public long[] slots(Instance instance, int[] members) {
      Atlas atlas = instance.atlas();
      long[] slot = new long[members.length];
      for (int k = 0; k < members.length; k++) {
        boolean[] taken = new boolean[members.length + 1];
        for (int j = 0; j < k; j++) {
          int[] x = atlas.arcs(members[k]);
          int[] y = atlas.arcs(members[j]);
          if (Arrays.stream(x).anyMatch(a -> Arrays.stream(y).anyMatch(b -> a == b))) {
            taken[(int) slot[j]] = true;
          }
        }
        int s = 0;
        while (taken[s]) {
          s++;
        }
        slot[k] = s;
      }
      return slot;
    }

    @Override
    public long trackBound(long congestion) {
      return Long.MAX_VALUE;
    }
  }

  @Test
  void whyNot_withoutAnEsmProcedure_namesWhatExistsAndWhatToUse() {
    Instance esm =
        ChattingProperties.random(3, "esm", 4, 6, new LengthDistribution.Uniform(1, 4), false);
    String why = new LengthClasses(List.of(new UlaUnitColoring())).whyNot(esm);
    assertThat(why)
        .contains("unit-length procedure")
        .contains("ula")
        .contains("esm")
        .contains("cuts")
        .contains("greedy");
  }

  @Test
  void pluggedProcedure_carriesAnEsmThroughTheClassesAndVo() {
    LengthClasses a3 = new LengthClasses(List.of(new UlaUnitColoring(), new EsmFirstFit()));
    assertThat(a3.scope().words()).contains("ula").contains("esm");
    assertThat(a3.citation()).contains("first-fit (test)");
    for (long seed : Seeds.seeds(50).toArray()) {
      SplittableRandom r = new SplittableRandom(seed);
      Instance esm =
          ChattingProperties.random(
              seed,
              "esm",
              2 + r.nextInt(5),
              1 + r.nextInt(20),
              new LengthDistribution.Uniform(1, 8),
              r.nextBoolean());
      assertThat(a3.whyNot(esm)).isNull();
      SolveResult res = a3.solve(esm, SolveLimits.defaults());
      assertValid(seed, esm, res);
      assertThat(res.stats()).containsEntry("unitProcedure", "first-fit (test)");
      long s = (Long) res.stats().get("virtualDuration");
      assertThat(s).isLessThanOrEqualTo((Long) res.stats().get("classSlots"));
      assertThat(res.makespan())
          .isLessThanOrEqualTo(s + ChattingProperties.Figures.of(esm).q() - 1);
    }
    Instance ula = ChattingOraclesTest.ula(4, new int[][] {{0, 3, 3}, {1, 2, 2}});
    assertThat(a3.solve(ula, SolveLimits.defaults()).stats())
        .containsEntry("unitProcedure", "interval-coloring (A1)");
  }

  @Test
  void constructor_needsAProcedure() {
    assertThatThrownBy(() -> new LengthClasses(List.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("UnitProcedures.all()");
  }

  @Test
  void classOf_isCeilLog2() {
    assertThat(
            new int[] {
              LengthClasses.classOf(1),
              LengthClasses.classOf(2),
              LengthClasses.classOf(3),
              LengthClasses.classOf(4),
              LengthClasses.classOf(5),
              LengthClasses.classOf(8),
              LengthClasses.classOf(9)
            })
        .containsExactly(0, 1, 2, 2, 3, 3, 4);
  }
}
