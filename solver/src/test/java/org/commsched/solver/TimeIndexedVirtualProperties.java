package org.commsched.solver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.commsched.instances.testing.ScheduleAssertions.assertValid;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Problem;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.model.Schedule;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveStatus;
import org.commsched.core.testing.Seeds;
import org.commsched.instances.testing.RandomInstances;
import org.commsched.solver.bufferless.VirtualCp;
import org.commsched.solver.timeindexed.TimeIndexedVirtual;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The independent formulation against the interval model, on virtual schedules (slots) and dsa
 * buffer layouts (docs/models/bufferless-chatting.md#independent-formulation): on seeded small dsa
 * instances (the instances test-jar's {@link RandomInstances}, sizes 1-5, and the same sizes times
 * 3 so that the grid's unit is 3) and all-ports chatting instances on random topologies with random
 * explicit routes, {@code time-indexed-virtual} (and {@code time-indexed} on dsa, which the
 * registry answers with it), {@code cpsat-virtual} and {@code choco-virtual} prove the same
 * optimum, which equals the exhaustive slot search of {@link ExactVirtualProperties}; every
 * schedule passes the checker.
 *
 * <p>Cases: {@code commsched.cases / 2} (100 under {@code -Pdeep}, 25 in the everyday build), and
 * one drawn where the heuristic is not optimal ({@link #belowTheHeuristic}); run more with {@code
 * -Dcommsched.cases=2000 -Dtest=TimeIndexedVirtualProperties}.
 */
class TimeIndexedVirtualProperties {
  static final SolveLimits LIMITS = new SolveLimits(Duration.ofSeconds(20), 1, 5L);
  static final MethodRegistry REG = MethodRegistry.standard();

  private int searched;
  private int beaten;

  @TestFactory
  Stream<DynamicTest> timeIndexedCpSatAndChocoAgree() {
    int cases = Seeds.cases(2, 12);
    SplittableRandom master = new SplittableRandom(Seeds.mix(20261128L));
    List<DynamicTest> tests = new ArrayList<>();
    for (int c = 0; c < cases; c++) {
      long seed = master.nextLong();
      int form = c % 3;
      tests.add(
          DynamicTest.dynamicTest(
              "case " + c + " seed=" + seed, () -> check(instance(form, seed))));
    }
    tests.add(
        DynamicTest.dynamicTest(
            "a drawn case where the heuristic is not optimal", () -> check(belowTheHeuristic())));
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
   * A case in scope of "searched below the heuristic" whatever the case count (a quarter of the
   * cases, the everyday build's, may hold none): the first case of the suite's own sequence at the
   * deep count whose exhaustive optimum is below {@link VirtualCp#bestSlots} (the deep run asserts
   * that there is one).
   */
  static Instance belowTheHeuristic() {
    SplittableRandom master = new SplittableRandom(Seeds.mix(20261128L));
    int deep = Math.max(12, Seeds.DEFAULT_CASES / 2);
    for (int c = 0; c < deep; c++) {
      Instance inst = instance(c % 3, master.nextLong());
      long heuristic = VirtualCp.bestSlots(inst).makespan();
      if (ExactVirtualProperties.Exhaustive.below(inst, heuristic) < heuristic) {
        return inst;
      }
    }
    throw new AssertionError(
        "no case below the heuristic in the "
            + deep
            + " cases of the deep count, "
            + Seeds.describe());
  }

  /** Form 0: dsa; 1: dsa with sizes times 3; 2: all-ports chatting. */
  static Instance instance(int form, long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    if (form == 2) {
      return RandomInstances.chatting(r, 6, 6, 4, false);
    }
    Instance dsa = RandomInstances.dsa(r, 6, 8, 5);
    if (form == 0) {
      return dsa;
    }
    List<Message> scaled = new ArrayList<>();
    for (Message x : dsa.messages()) {
      scaled.add(new Message(x.id(), x.from(), x.to(), 3 * x.length()));
    }
    return new Instance("dsa-x3", new Problem.Dsa(scaled), dsa.model(), dsa.network());
  }

  private void check(Instance inst) {
    String what = inst.name() + " on " + inst.network().topology() + ": " + inst.messages();
    long exhaustive = ExactVirtualProperties.Exhaustive.optimum(inst);
    TimeIndexedVirtual ti = new TimeIndexedVirtual();
    assertThat(ti.whyNot(inst)).as("time-indexed-virtual accepts the small " + what).isNull();
    List<SolveResult> results = new ArrayList<>(List.of(ti.solve(inst, LIMITS, true)));
    for (Method m : List.<Method>of(new CpSatVirtual(), new ChocoVirtual())) {
      results.add(m.solve(inst, LIMITS));
    }
    if (inst.kind() == ProblemKind.DSA) {
      results.add(REG.byName("time-indexed").solve(inst, LIMITS));
    }
    for (SolveResult r : results) {
      assertThat(r.schedule()).as(r.method() + " on " + what).isInstanceOf(Schedule.Slots.class);
      assertThat(r.status()).as(r.method() + " on " + what).isEqualTo(SolveStatus.OPTIMAL);
      assertThat(r.makespan())
          .as(r.method() + " vs exhaustive search on " + what)
          .isEqualTo(exhaustive);
      assertValid(r.method() + " on " + what, inst, r);
    }
    if (results.get(0).stats().containsKey("binaries")) {
      searched++;
    }
    if (exhaustive < VirtualCp.bestSlots(inst).makespan()) {
      beaten++;
    }
  }
}
