package org.commsched.solver;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.SplittableRandom;
import java.util.function.LongFunction;
import org.commsched.core.bounds.LowerBounds;
import org.commsched.core.model.Family;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Schedule;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveRun;
import org.commsched.heuristics.baseline.GreedyStoreAndForward;
import org.commsched.instances.testing.RandomInstances;
import org.junit.jupiter.api.Test;

/**
 * Issue 21: one solve is one {@link SolveRun}, and the run counts what happened in it. The default
 * {@code solve} (the portfolio) on an instance that no heuristic settles runs each heuristic once,
 * hands the best schedule to the search ({@code lns} for chatting, {@code cpsat} for packet and
 * linear cost) instead of letting the search run the heuristics again for its start or hint, and
 * checks the final schedule once (the report of the check made when the schedule was accepted
 * travels with it to the final verdict).
 */
class SolveRunCountsTest {
  private static final SolveLimits LIMITS = new SolveLimits(Duration.ofSeconds(3), 1, 0L);
  private static final MethodRegistry REGISTRY = MethodRegistry.standard();

  @Test
  void solveOnAnUnsettledChattingInstanceRunsEachHeuristicOnceAndChecksTheFinalScheduleOnce() {
    Instance inst =
        unsettled(
            Family.BUFFERLESS_CHATTING,
            seed -> RandomInstances.chatting(new SplittableRandom(seed), 7, 8, 3, false),
            "lns");
    assertCounted(inst, "lns");
  }

  @Test
  void
      solveOnAnUnsettledPacketInstanceRunsEachHeuristicOnceBeforeCpsatAndChecksTheFinalScheduleOnce() {
    Instance inst =
        unsettled(
            Family.PACKET,
            seed -> {
              SplittableRandom r = new SplittableRandom(seed);
              return RandomInstances.scatterGather(
                  r, 6, 3, seed % 2 == 0, RandomInstances.storeAndForward(r), false);
            },
            "cpsat");
    assertCounted(inst, "cpsat");
  }

  @Test
  void
      solveOnAnUnsettledLinearCostInstanceRunsEachHeuristicOnceBeforeCpsatAndChecksTheFinalScheduleOnce() {
    Instance inst =
        unsettled(
            Family.LINEAR_COST,
            seed ->
                RandomInstances.linearCost(
                    new SplittableRandom(seed),
                    6,
                    6,
                    (int) Math.floorMod(seed, 3),
                    i -> new GreedyStoreAndForward().whyNot(i) == null),
            "cpsat");
    assertCounted(inst, "cpsat");
  }

  @Test
  void timeIndexedOnAPacketInstanceTakesTheRunsBoundsAndHeuristicsAndChecksOnlyItsFinalSchedule() {
    Instance inst =
        timeIndexedTakes(
            Family.PACKET,
            seed -> {
              SplittableRandom r = new SplittableRandom(seed);
              return RandomInstances.scatterGather(
                  r, 5, 3, seed % 2 == 0, RandomInstances.storeAndForward(r), false);
            });
    assertCountedTimeIndexed(inst);
  }

  @Test
  void
      timeIndexedOnALinearCostInstanceTakesTheRunsBoundsAndHeuristicsAndChecksOnlyItsFinalSchedule() {
    Instance inst =
        timeIndexedTakes(
            Family.LINEAR_COST,
            seed ->
                RandomInstances.linearCost(
                    new SplittableRandom(seed),
                    4,
                    2,
                    (int) Math.floorMod(seed, 3),
                    i -> new GreedyStoreAndForward().whyNot(i) == null));
    assertCountedTimeIndexed(inst);
  }

  @Test
  void timeIndexedOnAChattingInstanceRunsGreedyOnceThroughTheRunForItsSizeCheckAndItsGrid() {
    Instance inst =
        timeIndexedTakes(
            Family.BUFFERLESS_CHATTING,
            seed -> RandomInstances.chatting(new SplittableRandom(seed), 5, 4, 3, false));
    SolveRun run = SolveRunner.start(inst, LIMITS);
    run.solve(REGISTRY.byName("time-indexed"), run.instance(), run.limits());
    assertThat(run.solves("greedy"))
        .as("greedy: the size check's horizon and the grid's start, one run")
        .isEqualTo(1);
    assertRunsEachHeuristicAtMostOnce(run);
  }

  @Test
  void timeIndexedVirtualRunsTheVirtualHeuristicsOnceThroughTheRunForItsSizeCheckAndItsGrid() {
    Instance inst = null;
    for (long seed = 0; seed < 500 && inst == null; seed++) {
      Instance d = RandomInstances.dsa(new SplittableRandom(seed), 6, 5, 4);
      if (!d.messages().isEmpty() && REGISTRY.byName("time-indexed-virtual").whyNot(d) == null) {
        inst = d;
      }
    }
    assertThat(inst).as("a dsa instance time-indexed-virtual takes").isNotNull();
    SolveRun run = SolveRunner.start(inst, LIMITS);
    run.solve(REGISTRY.byName("time-indexed-virtual"), run.instance(), run.limits());
    assertThat(run.solves("first-fit"))
        .as("first-fit: the size check's horizon and the grid's start")
        .isEqualTo(1);
    assertRunsEachHeuristicAtMostOnce(run);
  }

  /**
   * {@code time-indexed} on its own: the method asks the run for the bounds (a run that has not
   * computed them yet computes them once, for the method) and takes its start (the heuristic
   * schedule its size check and its grid both read) from the run, running its heuristics through
   * the run once per run: not again for its size check, nor for a second solve in the same run.
   * Through the solve runner the bounds are computed once for the method and the final verdict
   * together, and the checker runs once, on the final schedule (the method checks no schedule of
   * its own: none it derives from an unchecked one).
   */
  private static void assertCountedTimeIndexed(Instance inst) {
    Method m = REGISTRY.byName("time-indexed");
    SolveRun alone = SolveRunner.start(inst, LIMITS);
    alone.solve(m, alone.instance(), alone.limits());
    alone.solve(m, alone.instance(), alone.limits());
    assertThat(alone.boundComputations(alone.instance()))
        .as("bounds the method asked the run for")
        .isEqualTo(1);
    assertThat(assertRunsEachHeuristicAtMostOnce(alone))
        .as("heuristics run through the run for the hint")
        .isPositive();
    assertThat(alone.checks()).as("checks by the method itself").isZero();

    SolveRunner.Outcome o = SolveRunner.run(m, inst, LIMITS);
    assertThat(o.valid()).as(inst.name() + " " + o.result().stats()).isTrue();
    assertThat(o.run().boundComputations(o.instance()))
        .as("bound computations in the run")
        .isEqualTo(1);
    assertThat(o.run().checks(o.result().schedule()))
        .as("checks of the final schedule")
        .isEqualTo(1);
    assertThat(o.run().checks()).as("checks in the run").isEqualTo(1);
  }

  /** Asserts that the run ran each heuristic at most once; returns how many it ran. */
  private static int assertRunsEachHeuristicAtMostOnce(SolveRun run) {
    int heuristics = 0;
    for (Method h : REGISTRY.all()) {
      if (heuristic(h)) {
        assertThat(run.solves(h.name())).as(h.name()).isLessThanOrEqualTo(1);
        heuristics += run.solves(h.name());
      }
    }
    return heuristics;
  }

  /**
   * The first seeded instance of the family that {@code time-indexed} takes, with at least one
   * message.
   */
  private static Instance timeIndexedTakes(Family family, LongFunction<Instance> draw) {
    Method m = REGISTRY.byName("time-indexed");
    for (long seed = 0; seed < 500; seed++) {
      Instance inst;
      try {
        inst = draw.apply(seed);
      } catch (RuntimeException e) {
        continue; // no instance from this seed
      }
      if (inst != null
          && inst.family() == family
          && !inst.messages().isEmpty()
          && m.whyNot(inst) == null) {
        return inst;
      }
    }
    throw new AssertionError("no " + family + " instance that time-indexed takes in 500 seeds");
  }

  @Test
  void cpsatOnALinearCostInstanceWhoseHintMeetsTheBoundChecksTheHintOnceThoughItIsTheAnswer() {
    Method cpsat = REGISTRY.byName("cpsat");
    for (long seed = 0; seed < 200; seed++) {
      Instance inst;
      try {
        inst =
            RandomInstances.linearCost(
                new SplittableRandom(seed),
                5,
                3,
                (int) Math.floorMod(seed, 3),
                i -> new GreedyStoreAndForward().whyNot(i) == null);
      } catch (RuntimeException e) {
        continue;
      }
      if (inst == null
          || inst.family() != Family.LINEAR_COST
          || cpsat.whyNot(inst) != null
          || !settled(inst)) {
        continue;
      }
      SolveRunner.Outcome o = SolveRunner.run(cpsat, inst, LIMITS);
      assertThat(o.valid()).as(inst.name() + " " + o.result().stats()).isTrue();
      assertThat(String.valueOf(o.result().stats().get("search")))
          .as("the hint is the answer")
          .startsWith("none");
      // the exact model checked the hint it derived; the final verdict reuses that report
      assertThat(o.run().checks(o.result().schedule()))
          .as("checks of the answer, the hint")
          .isEqualTo(1);
      assertThat(o.run().checks()).as("checks in the run: the hint's only").isEqualTo(1);
      return;
    }
    throw new AssertionError("no linear-cost instance settled by a heuristic in 200 seeds");
  }

  /**
   * True if an applicable heuristic's transmission schedule in the instance's ticks meets the best
   * lower bound.
   */
  private static boolean settled(Instance inst) {
    long bound = LowerBounds.best(inst).value();
    for (Method h : REGISTRY.applicable(inst)) {
      if (heuristic(h)) {
        SolveResult hr = h.solve(inst, LIMITS);
        if (hr.schedule() instanceof Schedule.Transmissions
            && hr.scale().equals(inst.timeScale())
            && hr.makespan() <= bound) {
          return true;
        }
      }
    }
    return false;
  }

  /** Runs the default method in a run of its own and reads the counts from the run. */
  private static void assertCounted(Instance inst, String search) {
    Method m = Portfolio.choose(REGISTRY, inst);
    assertThat(m).isInstanceOf(Portfolio.class);
    SolveRunner.Outcome o = SolveRunner.run(m, inst, LIMITS);
    SolveRun run = o.run();
    SolveResult r = o.result();
    assertThat(o.valid()).as(inst.name() + " " + r.stats()).isTrue();
    assertThat(r.stats().get("tried").toString()).as("the search ran").contains(search + " ");
    assertThat(run.solves(search)).as(search).isEqualTo(1);
    int heuristics = 0;
    for (Method h : REGISTRY.applicable(inst)) {
      if (heuristic(h)) {
        assertThat(run.solves(h.name()))
            .as(h.name() + " on " + inst.name() + " " + r.stats())
            .isLessThanOrEqualTo(1);
        heuristics += run.solves(h.name());
      }
    }
    assertThat(heuristics).as("the heuristics ran").isPositive();
    assertThat(run.checks(r.schedule())).as("checks of the final schedule").isEqualTo(1);
    assertThat(run.boundComputations(o.instance()))
        .as("bound computations in the run")
        .isEqualTo(1);
  }

  /**
   * The first seeded instance of the family whose default is the portfolio and where no applicable
   * heuristic meets the best lower bound (nor its own), so that the portfolio's search runs, and
   * that search is {@code search}.
   */
  private static Instance unsettled(Family family, LongFunction<Instance> draw, String search) {
    for (long seed = 0; seed < 500; seed++) {
      Instance inst;
      try {
        inst = draw.apply(seed);
      } catch (RuntimeException e) {
        continue; // no instance from this seed
      }
      if (inst == null
          || inst.family() != family
          || inst.messages().isEmpty()
          || !(Portfolio.choose(REGISTRY, inst) instanceof Portfolio)
          || !firstSearch(inst).equals(search)) {
        continue;
      }
      long bound = LowerBounds.best(inst).value();
      boolean settled = false;
      boolean any = false;
      for (Method h : REGISTRY.applicable(inst)) {
        if (!heuristic(h)) {
          continue;
        }
        SolveResult hr = h.solve(inst, LIMITS);
        if (hr.hasSchedule() && !(hr.schedule() instanceof Schedule.Slots)) {
          any = true;
          settled |=
              !hr.scale().equals(inst.timeScale())
                  || hr.makespan() <= Math.max(bound, hr.lowerBound().value());
        }
      }
      if (any && !settled) {
        return inst;
      }
    }
    throw new AssertionError("no unsettled " + family + " instance in 500 seeds");
  }

  /** A method the portfolio runs as a heuristic: not exact, not its search {@code lns}. */
  private static boolean heuristic(Method h) {
    return !h.exact() && !h.name().equals("lns");
  }

  /**
   * The portfolio's search on the instance: lns where it applies, else the first applicable exact
   * method.
   */
  private static String firstSearch(Instance inst) {
    String first = "";
    for (Method h : REGISTRY.applicable(inst)) {
      if (h.name().equals("lns")) {
        return "lns";
      }
      if (h.exact() && first.isEmpty()) {
        first = h.name();
      }
    }
    return first;
  }
}
