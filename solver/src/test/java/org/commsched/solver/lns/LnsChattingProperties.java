package org.commsched.solver.lns;

import static org.assertj.core.api.Assertions.assertThat;
import static org.commsched.instances.testing.ScheduleAssertions.assertValid;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.commsched.core.bounds.LowerBounds;
import org.commsched.core.check.CheckReport;
import org.commsched.core.check.ScheduleChecker;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveStatus;
import org.commsched.core.testing.Seeds;
import org.commsched.heuristics.baseline.GreedyBufferless;
import org.commsched.instances.generate.GeneratorSpec;
import org.commsched.instances.generate.Generators;
import org.commsched.instances.generate.LengthDistribution;
import org.commsched.solver.ExactChattingProperties;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * {@code lns} on seeded random chatting instances (ULA, BLA, ESM, random graphs with explicit
 * routes): the schedule passes the checker; best lower bound &lt;= lns &lt;= every start it reports
 * &lt;= greedy; OPTIMAL exactly when the makespan meets the reported bound. On tiny instances it
 * must prove the optimum of an exhaustive search. Few cases with short limits: each run calls
 * CP-SAT repeatedly.
 */
class LnsChattingProperties {
  static final String[] FAMILIES = {"ula", "bla", "esm", "random"};

  private int improved;

  @TestFactory
  Stream<DynamicTest> midSize_validAndBetweenTheBoundAndItsStarts() {
    int cases = Seeds.cases(25, 4);
    SplittableRandom master = new SplittableRandom(Seeds.mix(4242L));
    List<DynamicTest> tests = new ArrayList<>();
    for (int c = 0; c < cases; c++) {
      String family = FAMILIES[c % FAMILIES.length];
      int size = family.equals("esm") ? 3 + master.nextInt(3) : 6 + master.nextInt(10);
      int messages = 15 + master.nextInt(30);
      long seed = master.nextLong();
      GeneratorSpec spec =
          new GeneratorSpec(
              null,
              ProblemKind.CHATTING,
              family,
              size,
              messages,
              new LengthDistribution.Uniform(1, 8),
              new CommModel.Bufferless(CommModel.BufferlessPorts.ALL),
              seed,
              family.equals("random") || c % 3 == 0);
      tests.add(
          DynamicTest.dynamicTest(
              spec.name() + " m=" + messages,
              () -> {
                Instance inst = Generators.instance(spec);
                SolveResult r =
                    new LnsChatting().solve(inst, new SolveLimits(Duration.ofSeconds(2), 1, seed));
                CheckReport report = ScheduleChecker.checkResult(inst, r);
                assertThat(report.valid()).as(spec + ": " + report + "\n" + inst).isTrue();
                long greedy = new GreedyBufferless().solve(inst, SolveLimits.defaults()).makespan();
                assertThat(r.makespan())
                    .as(spec.toString())
                    .isGreaterThanOrEqualTo(LowerBounds.best(inst).value())
                    .isGreaterThanOrEqualTo(r.lowerBound().value())
                    .isLessThanOrEqualTo(((Number) r.stats().get("startMakespan")).longValue())
                    .isLessThanOrEqualTo(greedy);
                for (Map.Entry<String, Object> e : r.stats().entrySet()) {
                  if (e.getKey().startsWith("start.") && e.getValue() instanceof Number) {
                    assertThat(r.makespan())
                        .as(spec + " vs " + e.getKey())
                        .isLessThanOrEqualTo(((Number) e.getValue()).longValue());
                  }
                }
                assertThat(r.stats())
                    .containsKey("start.greedy")
                    .containsKey("start.priority-greedy");
                assertThat(r.status())
                    .as(spec.toString())
                    .isEqualTo(
                        r.makespan() == r.lowerBound().value()
                            ? SolveStatus.OPTIMAL
                            : SolveStatus.FEASIBLE);
                if (r.makespan() < ((Number) r.stats().get("startMakespan")).longValue()) {
                  improved++;
                }
              }));
    }
    // the suite must exercise the search: somewhere the repairs beat the best start
    tests.add(
        DynamicTest.dynamicTest(
            "some case improves its start", () -> assertThat(improved).isPositive()));
    return tests.stream();
  }

  @TestFactory
  Stream<DynamicTest> tiny_provesTheExhaustiveOptimum() {
    int cases = Seeds.cases(20, 4);
    SplittableRandom master = new SplittableRandom(Seeds.mix(777L));
    List<DynamicTest> tests = new ArrayList<>();
    for (int c = 0; c < cases; c++) {
      String family = FAMILIES[c % FAMILIES.length];
      int size = family.equals("esm") ? 2 + master.nextInt(2) : 4 + master.nextInt(4);
      int messages = 3 + master.nextInt(5);
      long seed = master.nextLong();
      GeneratorSpec spec =
          new GeneratorSpec(
              null,
              ProblemKind.CHATTING,
              family,
              size,
              messages,
              new LengthDistribution.Uniform(1, 4),
              new CommModel.Bufferless(CommModel.BufferlessPorts.ALL),
              seed,
              family.equals("random"));
      tests.add(
          DynamicTest.dynamicTest(
              spec.name() + " m=" + messages,
              () -> {
                Instance inst = Generators.instance(spec);
                SolveResult r =
                    new LnsChatting().solve(inst, new SolveLimits(Duration.ofSeconds(20), 1, seed));
                assertValid(spec.toString(), inst, r);
                assertThat(r.status()).as(spec + "\n" + inst).isEqualTo(SolveStatus.OPTIMAL);
                assertThat(r.makespan())
                    .as(spec + "\n" + inst)
                    .isEqualTo(ExactChattingProperties.Exhaustive.optimum(inst));
              }));
    }
    return tests.stream();
  }
}
