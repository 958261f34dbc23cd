package org.commsched.core.family;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.commsched.core.check.CheckReport;
import org.commsched.core.check.Kind;
import org.commsched.core.check.ScheduleChecker;
import org.commsched.core.check.Violation;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Schedule;
import org.commsched.core.model.Topology;
import org.commsched.core.time.TimeScale;
import org.junit.jupiter.api.Test;

/**
 * The sentence the checker gives for a schedule of the wrong kind names the kind the instance
 * takes: a dsa instance takes slots only, whatever it was given; a chatting instance takes
 * departures or slots.
 */
class MisfitWordsTest {
  private static final Network ULA = Network.of(new Topology.Ula(3));
  private static final Instance DSA =
      new Instance(
          "dsa",
          new Problem.Dsa(List.of(new Message("b0", 0, 2, 1))),
          new CommModel.Bufferless(CommModel.BufferlessPorts.ALL),
          ULA);
  private static final Instance CHATTING =
      new Instance(
          "chat",
          new Problem.Chatting(List.of(new Message("m0", 0, 2, 1))),
          new CommModel.Bufferless(CommModel.BufferlessPorts.ALL),
          ULA);
  private static final Schedule TRANSMISSIONS =
      new Schedule.Transmissions(
          TimeScale.UNIT, List.of(new Schedule.Transmission("b0", 0, 1, 0, 1, 0)));

  @Test
  void aDsaInstanceGivenTransmissionsIsToldItTakesSlotsNotTransmissions() {
    assertThat(misfit(DSA, TRANSMISSIONS))
        .isEqualTo("a dsa problem takes slots (buffer offsets), not transmissions")
        .doesNotContain("departures");
  }

  @Test
  void aDsaInstanceGivenDeparturesIsToldItTakesSlotsNotDepartures() {
    assertThat(misfit(DSA, new Schedule.Departures(Map.of("b0", 0L))))
        .isEqualTo("a dsa problem takes slots (buffer offsets), not departures");
  }

  @Test
  void aChattingInstanceGivenTransmissionsIsStillToldItTakesDeparturesOrSlots() {
    assertThat(
            misfit(
                CHATTING,
                new Schedule.Transmissions(
                    TimeScale.UNIT, List.of(new Schedule.Transmission("m0", 0, 1, 0, 1, 0)))))
        .isEqualTo("a bufferless chatting problem takes departures or slots, not transmissions");
  }

  /** The detail of the checker's one wrong-kind violation. */
  private static String misfit(Instance inst, Schedule schedule) {
    CheckReport report = ScheduleChecker.check(inst, schedule);
    List<Violation> wrong =
        report.violations().stream().filter(v -> v.kind() == Kind.WRONG_SCHEDULE_KIND).toList();
    assertThat(wrong).hasSize(1);
    return wrong.get(0).detail();
  }
}
