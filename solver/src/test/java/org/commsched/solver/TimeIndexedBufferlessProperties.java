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
import org.commsched.instances.generate.GeneratorSpec;
import org.commsched.instances.generate.Generators;
import org.commsched.instances.generate.LengthDistribution;
import org.commsched.instances.testing.RandomInstances;
import org.commsched.solver.timeindexed.TimeIndexed;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The independent formulation against the interval model, on real bufferless schedules
 * (docs/models/bufferless-chatting.md#independent-formulation,
 * docs/models/bufferless-scatter-gather.md#independent-formulation): on seeded small chatting,
 * scatter and gather instances (the instances test-jar's {@link RandomInstances}, with random
 * topologies, random explicit routes and both port rules, and the project's generators on trees,
 * stars, arrays, rings and random graphs), {@code time-indexed}, {@code cpsat} and {@code choco},
 * all three forced to search with no posted floor, prove the same optimum, and {@link BruteForce}
 * finds it too on instances of at most four non-null messages; every schedule passes the checker,
 * and the unforced {@code time-indexed} run returns the same makespan.
 *
 * <p>Cases: {@code commsched.cases / 2} (100 by default, about 10 s of CPU); run more with {@code
 * -Dcommsched.cases=2000 -Dtest=TimeIndexedBufferlessProperties}.
 */
class TimeIndexedBufferlessProperties {
  static final SolveLimits LIMITS = new SolveLimits(Duration.ofSeconds(20), 1, 3L);
  static final String[] FAMILIES = {"tree", "star", "bla", "ring", "random", "ula"};

  private int searched;
  private int beaten;

  @TestFactory
  Stream<DynamicTest> timeIndexedCpSatAndChocoAgree() {
    int cases = Seeds.cases(2, 12);
    SplittableRandom master = new SplittableRandom(Seeds.mix(20261127L));
    List<DynamicTest> tests = new ArrayList<>();
    for (int c = 0; c < cases; c++) {
      long seed = master.nextLong();
      int form = c % 4;
      tests.add(
          DynamicTest.dynamicTest(
              "case " + c + " seed=" + seed, () -> check(instance(form, seed))));
    }
    // the suite must exercise the grid: the heuristic is beaten on some cases
    tests.add(
        DynamicTest.dynamicTest(
            "some case searched below the heuristic",
            () -> {
              assertThat(searched).isPositive();
              assertThat(beaten).isPositive();
            }));
    return tests.stream();
  }

  /**
   * Form 0: random chatting; 1: random scatter or gather; 2, 3: generated scatter/gather or
   * chatting.
   */
  static Instance instance(int form, long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    switch (form) {
      case 0:
        return RandomInstances.chatting(r, 6, 5, 3, true);
      case 1:
        return RandomInstances.scatterGather(
            r, 6, 3, r.nextBoolean(), RandomInstances.bufferless(r), true);
      default:
        String family = FAMILIES[r.nextInt(FAMILIES.length)];
        ProblemKind kind =
            form == 3
                ? ProblemKind.CHATTING
                : (r.nextBoolean() ? ProblemKind.SCATTER : ProblemKind.GATHER);
        CommModel.BufferlessPorts ports =
            r.nextBoolean() ? CommModel.BufferlessPorts.SINGLE : CommModel.BufferlessPorts.ALL;
        boolean explicit = family.equals("random") && r.nextBoolean();
        GeneratorSpec spec =
            new GeneratorSpec(
                null,
                kind,
                family,
                4 + r.nextInt(3),
                3 + r.nextInt(3),
                kind == ProblemKind.CHATTING
                    ? new LengthDistribution.Uniform(1, 3)
                    : new LengthDistribution.WithZeros(20, new LengthDistribution.Uniform(1, 3)),
                new CommModel.Bufferless(ports),
                r.nextLong(),
                explicit);
        return Generators.instance(spec);
    }
  }

  private void check(Instance inst) {
    String what = ExactScatterGatherProperties.describe(inst);
    TimeIndexed ti = new TimeIndexed();
    assertThat(ti.whyNot(inst)).as("time-indexed accepts the small " + what).isNull();
    SolveResult t = ti.solve(inst, LIMITS, true);
    SolveResult cp = new CpSatBufferless().solve(inst, LIMITS, true);
    SolveResult ch = new ChocoBufferless().solve(inst, LIMITS, true);
    for (SolveResult r : List.of(t, cp, ch)) {
      assertThat(r.status()).as(r.method() + " on " + what).isEqualTo(SolveStatus.OPTIMAL);
      assertValid(r.method() + " on " + what, inst, r);
    }
    assertThat(t.makespan()).as("time-indexed vs cpsat on " + what).isEqualTo(cp.makespan());
    assertThat(t.makespan()).as("time-indexed vs choco on " + what).isEqualTo(ch.makespan());
    assertThat(ti.solve(inst, LIMITS).makespan())
        .as("unforced time-indexed on " + what)
        .isEqualTo(t.makespan());
    long nonNull = inst.messages().stream().filter(m -> m.length() > 0).count();
    if (nonNull <= 4) {
      assertThat(BruteForce.offline(inst, t.makespan() + 1))
          .as("brute force on " + what)
          .isEqualTo(t.makespan());
    }
    if (t.stats().containsKey("binaries")) {
      searched++;
    }
    String hint = String.valueOf(t.stats().get("model"));
    long horizon = Long.parseLong(hint.substring(hint.lastIndexOf(' ') + 1));
    if (t.makespan() < horizon) {
      beaten++;
    }
  }
}
