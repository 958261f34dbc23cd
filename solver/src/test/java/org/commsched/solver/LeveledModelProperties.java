package org.commsched.solver;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.commsched.core.check.ScheduleChecker;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveStatus;
import org.commsched.heuristics.chatting.Leveling;
import org.commsched.instances.generate.GeneratorSpec;
import org.commsched.instances.generate.Generators;
import org.commsched.instances.generate.LengthDistribution;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The forward-leveled reduction of chatting spec §1.5 (one virtual block per message, one NoOverlap per maximal arc
 * message set) against the plain model (one interval per message and arc): on seeded random ULA and ESM instances,
 * default or explicit routes, 8-17 messages of length 1-6, CP-SAT proves the same optimum with both, and the
 * leveled run really used the reduction. A smaller default case count: two exact solves per case.
 */
class LeveledModelProperties {
  static final SolveLimits LIMITS = new SolveLimits(Duration.ofSeconds(30), 2, 3L);

  private int solved;

  @TestFactory
  Stream<DynamicTest> leveledAndPlainModels_proveTheSameOptimum() {
    int cases = Math.max(4, Integer.getInteger("commsched.cases", 200) / 10);
    SplittableRandom master = new SplittableRandom(19790101L);
    List<DynamicTest> tests = new ArrayList<>();
    for (int c = 0; c < cases; c++) {
      boolean esm = c % 2 == 1;
      int size = esm ? 3 + master.nextInt(2) : 6 + master.nextInt(9);
      int messages = 8 + master.nextInt(10);
      long seed = master.nextLong();
      GeneratorSpec spec = new GeneratorSpec(null, ProblemKind.CHATTING, esm ? "esm" : "ula", size, messages,
          new LengthDistribution.Uniform(1, 6), new CommModel.Bufferless(CommModel.BufferlessPorts.ALL), seed,
          c % 4 >= 2);
      tests.add(DynamicTest.dynamicTest(spec.name() + " m=" + messages, () -> {
        Instance inst = Generators.instance(spec);
        assertThat(Leveling.of(inst)).as("ula and esm routes are forward leveled").isPresent();
        SolveResult leveled = new CpSatChatting(true).solve(inst, LIMITS);
        SolveResult plain = new CpSatChatting(false).solve(inst, LIMITS);
        for (SolveResult r : List.of(leveled, plain)) {
          assertThat(ScheduleChecker.checkResult(inst, r).valid()).as(spec + ": " + ScheduleChecker.checkResult(
              inst, r)).isTrue();
          assertThat(r.status()).as(spec.toString()).isEqualTo(SolveStatus.OPTIMAL);
        }
        assertThat(leveled.makespan()).as(spec + "\n" + inst).isEqualTo(plain.makespan());
        if (leveled.stats().containsKey("model")) { // absent when greedy already met the bound: nothing to solve
          assertThat((String) leveled.stats().get("model")).startsWith("leveled");
          assertThat((String) plain.stats().get("model")).isEqualTo("per arc");
          solved++;
        }
      }));
    }
    // the suite must exercise the models: greedy does not meet the bound everywhere
    tests.add(DynamicTest.dynamicTest("some case needs the solver", () -> assertThat(solved).isPositive()));
    return tests.stream();
  }
}
