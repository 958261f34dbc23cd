package org.commsched.solver.bufferless;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.commsched.core.model.Atlas;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.testing.Seeds;
import org.commsched.heuristics.bufferless.chatting.Leveling;
import org.commsched.instances.generate.GeneratorSpec;
import org.commsched.instances.generate.Generators;
import org.commsched.instances.generate.LengthDistribution;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * {@link ArcLevels}: the per-arc forward leveling of
 * docs/models/bufferless-chatting.md#exact-models, #forward-leveled-networks.
 */
class ArcLevelsTest {

  @Test
  void aTriangleOfRoutesHasNoLeveling() {
    // arcs 0 -> 1 -> 2 on one route and 0 -> 2 directly on another: arc 2 would be both 2 and 1
    // levels after 0
    int[][] routes = {{0, 1, 2}, {0, 2}};
    assertThat(ArcLevels.of(routes, 3)).isNull();
  }

  @Test
  void separateComponentsLevelOnTheirOwn() {
    int[][] routes = {{0, 1}, {1, 2}, {5, 4}, {4, 3}};
    ArcLevels lev = ArcLevels.of(routes, 6);
    assertThat(lev).isNotNull();
    assertThat(lev.firstLevel(1) - lev.firstLevel(0)).isEqualTo(1);
    assertThat(lev.firstLevel(3) - lev.firstLevel(2)).isEqualTo(1);
    for (int i = 0; i < routes.length; i++) {
      assertThat(lev.firstLevel(i)).isBetween(0L, lev.maxFirstLevel());
    }
  }

  /**
   * On every seeded instance: a node leveling implies an arc leveling with the same first-level
   * differences between messages that share an arc, and on a bla (messages both ways) the arc
   * leveling exists and makes every hop exactly one level after the previous one.
   */
  @TestFactory
  Stream<DynamicTest> arcLevelsAgreeWithNodeLevelsAndCoverBidirectionalArrays() {
    int cases = Seeds.cases(2, 10);
    SplittableRandom master = new SplittableRandom(Seeds.mix(424242L));
    List<DynamicTest> tests = new ArrayList<>();
    String[] families = {"ula", "esm", "bla", "tree", "random"};
    for (int c = 0; c < cases; c++) {
      String family = families[c % families.length];
      long seed = master.nextLong();
      int size = family.equals("esm") ? 3 + master.nextInt(3) : 4 + master.nextInt(10);
      GeneratorSpec spec =
          new GeneratorSpec(
              null,
              ProblemKind.CHATTING,
              family,
              size,
              3 + master.nextInt(20),
              new LengthDistribution.Uniform(1, 4),
              new CommModel.Bufferless(CommModel.BufferlessPorts.ALL),
              seed,
              c % 3 == 0);
      tests.add(
          DynamicTest.dynamicTest(
              spec.name(),
              () -> {
                Instance inst = Generators.instance(spec);
                Atlas atlas = inst.atlas();
                List<int[]> rs = new ArrayList<>();
                List<Integer> idx = new ArrayList<>();
                for (int i = 0; i < inst.messages().size(); i++) {
                  if (atlas.arcs(i).length > 0) {
                    rs.add(atlas.arcs(i));
                    idx.add(i);
                  }
                }
                int[][] routes = rs.toArray(new int[0][]);
                ArcLevels lev = ArcLevels.of(routes, inst.network().arcs());
                if (family.equals("bla") || family.equals("ula")) {
                  assertThat(lev).as("a linear array's straight routes level per arc").isNotNull();
                }
                if (Leveling.of(inst).isPresent() && routes.length > 0) {
                  assertThat(lev).as("node levels give arc levels").isNotNull();
                }
                if (lev == null) {
                  return;
                }
                // the defining property: every arc has one level, hop k of route i sits at
                // firstLevel(i) + k
                java.util.Map<Integer, Long> levelOf = new java.util.HashMap<>();
                for (int i = 0; i < routes.length; i++) {
                  for (int k = 0; k < routes[i].length; k++) {
                    Long prev = levelOf.putIfAbsent(routes[i][k], lev.firstLevel(i) + k);
                    if (prev != null) {
                      assertThat(prev)
                          .as("arc " + routes[i][k] + " in " + spec)
                          .isEqualTo(lev.firstLevel(i) + k);
                    }
                  }
                }
              }));
    }
    return tests.stream();
  }
}
