package org.commsched.verify;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveStatus;
import org.commsched.core.testing.Seeds;
import org.commsched.instances.generate.GeneratorSpec;
import org.commsched.instances.generate.Generators;
import org.commsched.instances.generate.LengthDistribution;
import org.commsched.instances.generate.Models;
import org.commsched.solver.MethodRegistry;
import org.commsched.solver.SolveRunner;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Scatter and gather through a chosen spanning tree (solve option {@code spanning-tree},
 * docs/DESIGN.md): the runner reroutes the instance, every applicable heuristic returns a schedule
 * the checker accepts on the routed instance, and fdf, where it applies, is proven OPTIMAL for
 * those routes (docs/models/bufferless-scatter-gather.md#fdf, #spanning-trees). Case count: {@code
 * -Dcommsched.cases} (default 200).
 */
class SpanningTreeProperties {
  private static final MethodRegistry REGISTRY = MethodRegistry.standard();
  private static final List<String> TREES = List.of("bfs", "balanced", "broadcast", "cover");

  static LongStream seeds() {
    return Seeds.seeds();
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void everyHeuristic_isValidOnTheRoutedInstance(long seed) {
    SplittableRandom r = new SplittableRandom(seed * 101 + 9);
    String tree = TREES.get(r.nextInt(TREES.size()));
    List<String> families =
        tree.equals("cover")
            ? List.of("mesh", "torus")
            : List.of("random", "mesh", "torus", "hypercube", "complete", "ring", "tree");
    String family = families.get(r.nextInt(families.size()));
    int size =
        family.equals("hypercube")
            ? 1 + r.nextInt(4)
            : family.equals("mesh") || family.equals("torus")
                ? 3 + r.nextInt(3)
                : 3 + r.nextInt(14);
    ProblemKind kind = r.nextBoolean() ? ProblemKind.SCATTER : ProblemKind.GATHER;
    String model = r.nextBoolean() ? "bufferless:single" : "bufferless:all";
    GeneratorSpec spec =
        new GeneratorSpec(
            null,
            kind,
            family,
            size,
            0,
            LengthDistribution.parse("zeros:30:uniform:1..5"),
            Models.parse(model, kind),
            r.nextLong(),
            false);
    Instance inst = Generators.instance(spec);
    SolveLimits limits =
        new SolveLimits(Duration.ofSeconds(2), 1, 0).withOption(SolveLimits.SPANNING_TREE, tree);
    Instance routed = SolveRunner.route(inst, limits);
    if (!tree.equals("bfs")) {
      assertThat(routed.messages()).allMatch(Message::hasRoute);
    }
    String what = "seed " + seed + ": " + spec + " along " + tree;
    for (Method m : REGISTRY.applicable(routed)) {
      if (m.exact()) {
        continue;
      }
      SolveRunner.Outcome run = SolveRunner.run(m, routed, limits);
      assertThat(run.instance()).isSameAs(routed);
      assertThat(run.valid())
          .as(
              what
                  + ", "
                  + m.name()
                  + ": "
                  + (run.report() == null ? "no schedule" : run.report().violations()))
          .isTrue();
      if (m.name().equals("fdf")) {
        assertThat(run.result().status()).as(what).isEqualTo(SolveStatus.OPTIMAL);
      }
    }
    boolean fdfApplies = REGISTRY.byName("fdf").whyNot(routed) == null;
    boolean singleCover = tree.equals("cover") && model.equals("bufferless:single");
    if (kind == ProblemKind.SCATTER && !singleCover) {
      assertThat(fdfApplies).as(what).isTrue();
    }
  }
}
