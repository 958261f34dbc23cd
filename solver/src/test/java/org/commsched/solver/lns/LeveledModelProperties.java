package org.commsched.solver.lns;

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
import org.commsched.solver.ExactChattingProperties;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The forward-leveled reduction of docs/models/bufferless-chatting.md#exact-models (one virtual
 * block per message, one NoOverlap per maximal arc message set; {@link ArcCliques}) against the
 * plain model (one interval per message and arc), both inside {@code lns}, whose first repair on at
 * most {@link LnsChatting#START_K} messages is the full exact model. On seeded random ULA and ESM
 * instances (default or explicit routes, 6-20 messages of length 1-6) both prove the same optimum,
 * and on up to 8 messages it is the optimum of an exhaustive search. Fewer default cases: two exact
 * solves per case.
 */
class LeveledModelProperties {
  private int searched;

  @TestFactory
  Stream<DynamicTest> leveledAndPlainModels_proveTheSameOptimum() {
    int cases = Seeds.cases(10, 4);
    SplittableRandom master = new SplittableRandom(Seeds.mix(19790101L));
    List<DynamicTest> tests = new ArrayList<>();
    for (int c = 0; c < cases; c++) {
      boolean esm = c % 2 == 1;
      int size = esm ? 3 + master.nextInt(2) : 4 + master.nextInt(8);
      int messages = 6 + master.nextInt(15);
      long seed = master.nextLong();
      GeneratorSpec spec =
          new GeneratorSpec(
              null,
              ProblemKind.CHATTING,
              esm ? "esm" : "ula",
              size,
              messages,
              new LengthDistribution.Uniform(1, 6),
              new CommModel.Bufferless(CommModel.BufferlessPorts.ALL),
              seed,
              c % 4 >= 2);
      tests.add(
          DynamicTest.dynamicTest(
              spec.name() + " m=" + messages,
              () -> {
                Instance inst = Generators.instance(spec);
                assertThat(Leveling.of(inst))
                    .as("ula and esm routes are forward leveled")
                    .isPresent();
                SolveLimits limits = new SolveLimits(Duration.ofSeconds(30), 1, seed);
                SolveResult leveled = new LnsChatting(true).solve(inst, limits);
                SolveResult plain = new LnsChatting(false).solve(inst, limits);
                for (SolveResult r : List.of(leveled, plain)) {
                  assertValid(String.valueOf(spec), inst, r);
                  assertThat(r.status()).as(spec + "\n" + inst).isEqualTo(SolveStatus.OPTIMAL);
                }
                assertThat(leveled.stats().get("model")).isEqualTo("leveled");
                assertThat(plain.stats().get("model")).isEqualTo("per arc");
                assertThat(leveled.makespan()).as(spec + "\n" + inst).isEqualTo(plain.makespan());
                if (messages <= 8) {
                  assertThat(leveled.makespan())
                      .as(spec + "\n" + inst)
                      .isEqualTo(ExactChattingProperties.Exhaustive.optimum(inst));
                }
                if (((Number) leveled.stats().get("rounds")).longValue() > 0
                    && ((Number) plain.stats().get("rounds")).longValue() > 0) {
                  searched++;
                }
              }));
    }
    // the suite must exercise the models: the starts do not meet the bound everywhere
    tests.add(
        DynamicTest.dynamicTest(
            "some case needs the solver", () -> assertThat(searched).isPositive()));
    return tests.stream();
  }
}
