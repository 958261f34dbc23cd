package org.commsched.heuristics.baseline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.commsched.instances.testing.ScheduleAssertions.assertValid;

import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Schedule;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.testing.Seeds;
import org.commsched.instances.testing.RandomInstances;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class FirstFitSlotsProperties {
  private static final CommModel.Bufferless ALL =
      new CommModel.Bufferless(CommModel.BufferlessPorts.ALL);
  private final FirstFitSlots ff = new FirstFitSlots();

  static LongStream seeds() {
    return Seeds.seeds();
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void firstFit_validDeterministicAboveBound(long seed) {
    SplittableRandom r = new SplittableRandom(seed * 101 + 3);
    Instance inst =
        r.nextBoolean()
            ? RandomInstances.dsa(r, 12, 15, 6)
            : RandomInstances.chatting(r, 10, 12, 5, false);
    SolveResult a = ff.solve(inst, SolveLimits.defaults());
    assertValid(seed, inst, a);
    assertThat(a.lowerBound().value()).isLessThanOrEqualTo(a.makespan());
    assertThat(ff.solve(inst, SolveLimits.defaults()).schedule()).isEqualTo(a.schedule());
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void lineCalendar_givesTheSlotsOfPerArcFirstFit(long seed) {
    SplittableRandom r = new SplittableRandom(seed * 29 + 7);
    Instance dsa = RandomInstances.dsa(r, 40, 50, 8);
    Integer[] order = FirstFitSlots.order(dsa);
    assertThat(FirstFitSlots.slotsOnLine(dsa, order))
        .containsExactly(FirstFitSlots.slotsFull(dsa, order));
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void ulaDepartures_turnValidSlotsIntoAValidRealSchedule(long seed) {
    SplittableRandom r = new SplittableRandom(seed * 13 + 1);
    Instance dsa = RandomInstances.dsa(r, 12, 15, 6);
    Instance chat = new Instance("chat", new Problem.Chatting(dsa.messages()), ALL, dsa.network());
    Schedule.Slots slots = (Schedule.Slots) ff.solve(chat, SolveLimits.defaults()).schedule();
    Schedule.Departures dep = FirstFitSlots.ulaDepartures(chat, slots);
    assertValid(seed, chat, dep);
    assertThat(dep.departures().values()).contains(0L);
  }
}
