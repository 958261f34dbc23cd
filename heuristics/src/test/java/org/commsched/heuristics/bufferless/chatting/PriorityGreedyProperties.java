package org.commsched.heuristics.bufferless.chatting;

import static org.assertj.core.api.Assertions.assertThat;
import static org.commsched.instances.testing.ScheduleAssertions.assertValid;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.commsched.core.bounds.LowerBounds;
import org.commsched.core.check.CheckReport;
import org.commsched.core.check.ScheduleChecker;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.model.Schedule;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveStatus;
import org.commsched.core.testing.Seeds;
import org.commsched.heuristics.baseline.GreedyBufferless;
import org.commsched.instances.generate.GeneratorSpec;
import org.commsched.instances.generate.Generators;
import org.commsched.instances.generate.LengthDistribution;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code priority-greedy} on seeded random chatting instances of many families (default and
 * explicit random routes, all and single ports): every schedule passes the checker, its makespan
 * lies between the best lower bound and {@code greedy}'s (its stated guarantee), OPTIMAL exactly
 * when it meets the bound, the same seed gives the same schedule, and {@link
 * PriorityGreedy#improve} never lengthens a valid schedule.
 */
class PriorityGreedyProperties {
  static final String[] FAMILIES = {
    "ula", "bla", "esm", "mesh", "ring", "uring", "tree", "random", "hypercube", "star", "torus"
  };

  /**
   * Long enough that the move budget, not the clock, ends every run here (so runs are
   * reproducible).
   */
  static final Duration LIMIT = Duration.ofSeconds(60);

  static int beatGreedy;
  static int cases;

  static LongStream seeds() {
    return Seeds.seeds();
  }

  static Instance random(long seed) {
    SplittableRandom r = new SplittableRandom(seed * 31 + 7);
    String family = FAMILIES[r.nextInt(FAMILIES.length)];
    int size =
        family.equals("esm") || family.equals("mesh") || family.equals("torus")
            ? 2 + r.nextInt(4)
            : family.equals("hypercube") ? 2 + r.nextInt(3) : 3 + r.nextInt(12);
    CommModel model =
        new CommModel.Bufferless(
            r.nextInt(4) == 0 ? CommModel.BufferlessPorts.SINGLE : CommModel.BufferlessPorts.ALL);
    return Generators.instance(
        new GeneratorSpec(
            null,
            ProblemKind.CHATTING,
            family,
            size,
            1 + r.nextInt(30),
            new LengthDistribution.Uniform(1, 1 + r.nextInt(8)),
            model,
            seed,
            r.nextBoolean()));
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void valid_betweenTheBoundAndGreedy_andReproducible(long seed) {
    Instance inst = random(seed);
    SolveLimits limits = new SolveLimits(LIMIT, 1, seed);
    SolveResult r = new PriorityGreedy().solve(inst, limits);
    CheckReport report = ScheduleChecker.checkResult(inst, r);
    assertThat(report.valid()).as("seed %d: %s%n%s", seed, report, inst).isTrue();
    long greedy = new GreedyBufferless().solve(inst, limits).makespan();
    long bound = LowerBounds.best(inst).value();
    assertThat(r.makespan())
        .as("seed %d vs greedy: %s", seed, inst)
        .isLessThanOrEqualTo(greedy)
        .isGreaterThanOrEqualTo(bound);
    assertThat(r.status())
        .as("seed %d", seed)
        .isEqualTo(r.makespan() == bound ? SolveStatus.OPTIMAL : SolveStatus.FEASIBLE);
    SolveResult again = new PriorityGreedy().solve(inst, limits);
    assertThat(again.schedule())
        .as("seed %d: same seed, same schedule", seed)
        .isEqualTo(r.schedule());
    synchronized (PriorityGreedyProperties.class) {
      cases++;
      if (r.makespan() < greedy) {
        beatGreedy++;
      }
    }
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void improve_neverLengthensAValidSchedule(long seed) {
    Instance inst = random(seed);
    // a valid but poor start: each message in a random order at its earliest free departure after a
    // random delay
    DepartureBoard b = new DepartureBoard(inst);
    SplittableRandom r = new SplittableRandom(seed);
    int[] order = java.util.stream.IntStream.range(0, b.m).toArray();
    for (int i = order.length - 1; i > 0; i--) {
      int j = r.nextInt(i + 1);
      int x = order[i];
      order[i] = order[j];
      order[j] = x;
    }
    for (int j : order) {
      b.place(j, b.earliest(j, r.nextInt(10)));
    }
    Map<String, Long> start = new LinkedHashMap<>();
    for (int j = 0; j < b.m; j++) {
      start.put(inst.messages().get(b.index[j]).id(), b.dep[j]);
    }
    assertValid(inst, new Schedule.Departures(start));
    SolveResult out =
        PriorityGreedy.improve(inst, start, seed, 500, LIMIT, SolveLimits.defaults().run());
    assertValid(seed, inst, out);
    assertThat(out.makespan()).as("seed %d: %s", seed, inst).isLessThanOrEqualTo(b.makespan());
  }

  @AfterAll
  static void theSuiteExercisesTheSearch() {
    // with a few hundred cases the search must beat greedy somewhere, or it is not searching
    if (cases >= 50) {
      assertThat(beatGreedy)
          .as("cases where priority-greedy beats greedy, of %d", cases)
          .isPositive();
    }
  }
}
