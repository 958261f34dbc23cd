package org.commsched.verify;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.testing.Deep;
import org.commsched.core.testing.Seeds;
import org.commsched.instances.generate.GeneratorSpec;
import org.commsched.instances.generate.Generators;
import org.commsched.instances.generate.LengthDistribution;
import org.commsched.instances.generate.Models;
import org.commsched.solver.MethodRegistry;
import org.commsched.solver.SolveRunner;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every problem kind and model has a method, and every applicable method returns a schedule the
 * independent checker accepts, with a makespan no lower than the best lower bound (the runner's
 * checkResult enforces "bound &le; makespan"), on seeded random instances of every kind, model and
 * a spread of network families. A failure names the seed; {@code commsched generate} with the same
 * options rebuilds the instance.
 */
class BaselineProperties {
  private static final int CASES = Seeds.cases();

  record Combo(ProblemKind kind, String model, List<String> families, String lengths) {
    /**
     * The combo's own seed, the same in every JVM: from the kind's ordinal and the hashes of the
     * strings (a record's {@code hashCode} is not, since an enum's hash is its identity hash).
     */
    long seed() {
      return 31L * (31L * (31L * kind.ordinal() + model.hashCode()) + families.hashCode())
          + lengths.hashCode();
    }
  }

  static final List<Combo> COMBOS =
      List.of(
          new Combo(
              ProblemKind.CHATTING,
              "bufferless:all",
              List.of("ula", "bla", "esm", "mesh", "ring", "tree", "random", "hypercube"),
              "uniform:1..4"),
          new Combo(
              ProblemKind.CHATTING,
              "bufferless:single",
              List.of("ula", "bla", "tree", "random"),
              "uniform:1..4"),
          new Combo(
              ProblemKind.SCATTER,
              "bufferless:single",
              List.of("tree", "tree-path", "mesh", "random"),
              "zeros:20:uniform:1..5"),
          new Combo(
              ProblemKind.SCATTER,
              "bufferless:all",
              List.of("tree", "star", "random"),
              "uniform:0..5"),
          new Combo(
              ProblemKind.GATHER,
              "bufferless:single",
              List.of("tree", "tree-path", "torus", "random"),
              "zeros:20:uniform:1..5"),
          new Combo(
              ProblemKind.GATHER,
              "bufferless:all",
              List.of("tree-binary", "random"),
              "uniform:1..5"),
          new Combo(
              ProblemKind.SCATTER,
              "saf:beta=2,tau=1,ports=one,duplex=full,oneport=send-and-receive",
              List.of("tree", "tree-path", "random"),
              "uniform:0..6"),
          new Combo(
              ProblemKind.GATHER,
              "saf:beta=0.5,tau=1,ports=one,duplex=half",
              List.of("tree", "star", "random"),
              "uniform:1..6"),
          new Combo(
              ProblemKind.SCATTER,
              "saf:beta=1.5,tau=0.25,ports=all,duplex=full",
              List.of("tree", "mesh"),
              "uniform:1..4"),
          new Combo(
              ProblemKind.SEND,
              "saf:beta=5,tau=1,ports=all,duplex=full",
              List.of("bla", "ring", "mesh"),
              "uniform:1..30"),
          new Combo(
              ProblemKind.SEND,
              "saf:beta=5,tau=1,ports=one,duplex=full,oneport=exchange",
              List.of("bla", "hypercube"),
              "uniform:1..30"),
          new Combo(
              ProblemKind.BROADCAST,
              "saf:beta=3,tau=0.5,ports=all,duplex=full",
              List.of("ring", "complete", "hypercube", "tree"),
              "uniform:1..12"),
          new Combo(
              ProblemKind.BROADCAST,
              "saf:beta=3,tau=1,ports=one,duplex=half",
              List.of("ring", "mesh"),
              "uniform:1..12"),
          new Combo(
              ProblemKind.GOSSIP,
              "saf:beta=2,tau=1,ports=all,duplex=full",
              List.of("ring", "uring", "complete"),
              "uniform:1..5"),
          new Combo(
              ProblemKind.GOSSIP,
              "saf:beta=2,tau=1,ports=one,duplex=full,oneport=exchange",
              List.of("ring", "star"),
              "uniform:1..5"),
          new Combo(ProblemKind.DSA, "bufferless:all", List.of("ula"), "uniform:1..6"));

  /**
   * The i-th generator spec of a combination: its network families in turn, a seed and a size drawn
   * from rnd.
   */
  static GeneratorSpec spec(Combo c, int i, SplittableRandom rnd) {
    String family = c.families().get(i % c.families().size());
    long seed = rnd.nextLong(1_000_000);
    int size =
        family.equals("hypercube")
            ? 2 + rnd.nextInt(3)
            : family.equals("esm") || family.equals("mesh") || family.equals("torus")
                ? 2 + rnd.nextInt(3)
                : 3 + rnd.nextInt(8);
    CommModel model = Models.parse(c.model(), c.kind());
    return new GeneratorSpec(
        null,
        c.kind(),
        family,
        size,
        0,
        LengthDistribution.parse(c.lengths()),
        model,
        seed,
        c.kind() == ProblemKind.CHATTING && i % 3 == 2);
  }

  @Deep
  @TestFactory
  Stream<DynamicTest> everyMethod_returnsACheckedSchedule_onRandomInstancesOfEveryKind() {
    MethodRegistry registry = MethodRegistry.standard();
    SolveLimits limits = new SolveLimits(Duration.ofSeconds(2), 1, 0);
    List<DynamicTest> tests = new ArrayList<>();
    int perCombo = Math.max(4, CASES / COMBOS.size());
    for (Combo c : COMBOS) {
      tests.add(
          DynamicTest.dynamicTest(
              c.kind().wireName() + " " + c.model(),
              () -> {
                SplittableRandom rnd = new SplittableRandom(Seeds.mix(c.seed()));
                for (int i = 0; i < perCombo; i++) {
                  GeneratorSpec spec = spec(c, i, rnd);
                  Instance inst = Generators.instance(spec);
                  List<Method> methods = registry.applicable(inst);
                  assertThat(methods).as("no method for " + spec).isNotEmpty();
                  for (Method m : registry.all()) {
                    // what `commsched methods` lists must agree with what applies
                    if (m.whyNot(inst) == null) {
                      assertThat(m.problems())
                          .as(m.name() + " lists " + c.kind())
                          .contains(c.kind());
                    }
                  }
                  // the instance's bounds, from its first run, handed to the next methods' runs
                  // (as `ratios` and the cross-checks do): each run computed them again
                  List<LowerBound> known = null;
                  for (Method m : methods) {
                    SolveRunner.Outcome run =
                        known == null
                            ? SolveRunner.run(m, inst, limits)
                            : SolveRunner.run(m, SolveRunner.start(inst, limits, known));
                    if (known == null && run.instance() == inst) { // unrouted: inst's own bounds
                      known = run.run().bounds(inst);
                    }
                    assertThat(run.result().hasSchedule()).as(m.name() + " on " + spec).isTrue();
                    assertThat(run.valid())
                        .as(m.name() + " on " + spec + ": " + run.report().violations())
                        .isTrue();
                  }
                }
              }));
    }
    return tests.stream();
  }

  /**
   * The guarantee {@code greedy} states for scatter and gather: optimal on default (tree) routes.
   * The proof is the tight bound of the docs/models/bufferless-scatter-gather.md#lower-bounds
   * (LB-SCAT, LB-OFF, LB-MP): the makespan must meet it exactly, so the runner reports OPTIMAL.
   * Single and all ports, random trees and general networks (BFS-tree routes).
   */
  @TestFactory
  Stream<DynamicTest> greedy_isOptimalForBufferlessScatterAndGather() {
    MethodRegistry registry = MethodRegistry.standard();
    Method greedy = registry.byName("greedy");
    SolveLimits limits = new SolveLimits(Duration.ofSeconds(2), 1, 0);
    List<DynamicTest> tests = new ArrayList<>();
    for (ProblemKind kind : List.of(ProblemKind.SCATTER, ProblemKind.GATHER)) {
      for (String model : List.of("bufferless:single", "bufferless:all")) {
        tests.add(
            DynamicTest.dynamicTest(
                kind.wireName() + " " + model,
                () -> {
                  SplittableRandom rnd =
                      new SplittableRandom(Seeds.mix(kind.ordinal() * 31L + model.length()));
                  List<String> families =
                      List.of("tree", "tree-path", "tree-binary", "star", "mesh", "random");
                  for (int i = 0; i < Math.max(10, CASES / 4); i++) {
                    String family = families.get(i % families.size());
                    int size = family.equals("mesh") ? 2 + rnd.nextInt(4) : 2 + rnd.nextInt(30);
                    GeneratorSpec spec =
                        new GeneratorSpec(
                            null,
                            kind,
                            family,
                            size,
                            0,
                            LengthDistribution.parse("zeros:20:uniform:1..6"),
                            Models.parse(model, kind),
                            rnd.nextLong(1 << 30),
                            false);
                    Instance inst = Generators.instance(spec);
                    SolveRunner.Outcome run = SolveRunner.run(greedy, inst, limits);
                    assertThat(run.valid()).as(spec.toString()).isTrue();
                    assertThat(run.result().makespan())
                        .as("greedy vs the tight bound on " + spec)
                        .isEqualTo(run.result().lowerBound().value());
                  }
                }));
      }
    }
    return tests.stream();
  }
}
