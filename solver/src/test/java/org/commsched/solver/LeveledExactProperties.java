package org.commsched.solver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.commsched.instances.testing.ScheduleAssertions.assertValid;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveStatus;
import org.commsched.core.testing.Seeds;
import org.commsched.heuristics.bufferless.chatting.Leveling;
import org.commsched.instances.generate.GeneratorSpec;
import org.commsched.instances.generate.Generators;
import org.commsched.instances.generate.LengthDistribution;
import org.commsched.solver.bufferless.BufferlessCp;
import org.commsched.solver.choco.ChocoTaskModel;
import org.commsched.solver.cpsat.CpSatTaskModel;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The forward-leveled reduction inside {@code cpsat} and {@code choco}
 * (docs/models/bufferless-chatting.md#exact-models: one block per message, one resource per maximal
 * arc message set) against the same back ends on the plain model (one task per message and arc).
 * Over seeded ULA, ESM and bidirectional-array chatting (default and explicit routes; a bla levels
 * per arc, not per node, {@link ArcLevels}) and all-ports scatter and gather on trees (whose routes
 * level by depth), searched without the greedy shortcut or a posted bound: the four runs prove the
 * same optimum, and on up to 7 messages it is an exhaustive search's optimum. Fewer default cases:
 * four exact solves per case.
 */
class LeveledExactProperties {
  private int reduced;

  @TestFactory
  Stream<DynamicTest> leveledAndPlainModels_proveTheSameOptimum_inBothBackEnds() {
    int cases = Seeds.cases(5, 6);
    SplittableRandom master = new SplittableRandom(Seeds.mix(20261124L));
    List<DynamicTest> tests = new ArrayList<>();
    String[][] shapes = {
      {"chatting", "ula"},
      {"chatting", "esm"},
      {"chatting", "bla"},
      {"scatter", "tree"},
      {"gather", "tree"}
    };
    for (int c = 0; c < cases; c++) {
      String[] shape = shapes[c % shapes.length];
      ProblemKind kind = ProblemKind.valueOf(shape[0].toUpperCase(java.util.Locale.ROOT));
      boolean esm = shape[1].equals("esm");
      int size = esm ? 3 : 4 + master.nextInt(5);
      int messages = kind == ProblemKind.CHATTING ? 3 + master.nextInt(6) : size - 1;
      long seed = master.nextLong();
      GeneratorSpec spec =
          new GeneratorSpec(
              null,
              kind,
              shape[1],
              size,
              messages,
              new LengthDistribution.Uniform(1, 4),
              new CommModel.Bufferless(CommModel.BufferlessPorts.ALL),
              seed,
              kind == ProblemKind.CHATTING && c % 8 >= 4);
      tests.add(
          DynamicTest.dynamicTest(
              spec.name() + " m=" + messages,
              () -> {
                Instance inst = Generators.instance(spec);
                if (!shape[1].equals("bla")) {
                  assertThat(Leveling.of(inst))
                      .as("these routes are forward leveled by node")
                      .isPresent();
                }
                SolveLimits limits = new SolveLimits(Duration.ofSeconds(30), 1, seed);
                BufferlessCp leveled = BufferlessCp.offline(inst);
                BufferlessCp plain = BufferlessCp.offline(inst, false);
                assertThat(leveled.form).startsWith("leveled");
                assertThat(plain.form).isEqualTo("per arc");
                assertThat(leveled.resources.size()).isLessThanOrEqualTo(plain.resources.size());
                if (leveled.resources.size() < plain.resources.size()) {
                  reduced++;
                }
                List<SolveResult> runs = new ArrayList<>();
                for (BufferlessCp data : List.of(leveled, plain)) {
                  runs.add(BufferlessCp.run(data, "cpsat", CpSatTaskModel.INSTANCE, limits, true));
                  runs.add(BufferlessCp.run(data, "choco", ChocoTaskModel.INSTANCE, limits, true));
                }
                for (SolveResult r : runs) {
                  assertValid(String.valueOf(spec), inst, r);
                  assertThat(r.status())
                      .as(spec + " " + r.stats() + "\n" + inst)
                      .isEqualTo(SolveStatus.OPTIMAL);
                  assertThat(r.makespan())
                      .as(spec + " " + r.stats() + "\n" + inst)
                      .isEqualTo(runs.get(0).makespan());
                }
                if (inst.messages().size() <= 7) {
                  assertThat(runs.get(0).makespan())
                      .as(spec + "\n" + inst)
                      .isEqualTo(BruteForce.offline(inst, runs.get(0).makespan() + 1));
                }
              }));
    }
    // the reduction must do something somewhere, or this suite compares a model with itself
    tests.add(
        DynamicTest.dynamicTest(
            "some case drops dominated arcs", () -> assertThat(reduced).isPositive()));
    return tests.stream();
  }
}
