package org.commsched.core.check;

import static org.assertj.core.api.Assertions.assertThat;
import static org.commsched.core.check.Fixtures.ALL;
import static org.commsched.core.check.Fixtures.chatting;
import static org.commsched.core.check.Fixtures.instance;
import static org.commsched.core.check.Fixtures.msg;
import static org.commsched.core.check.Fixtures.only;
import static org.commsched.core.check.Fixtures.times;
import static org.commsched.core.check.Fixtures.valid;

import java.util.List;
import java.util.Map;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Schedule;
import org.commsched.core.model.Topology;
import org.junit.jupiter.api.Test;

/**
 * Virtual schedules (docs/models/bufferless-chatting.md#validity-rules (3.1)-(3.2)) and DSA: one
 * broken schedule per violation kind.
 */
class VirtualCheckerTest {

  private static CheckReport check(Instance inst, Map<String, Long> slots) {
    return ScheduleChecker.check(inst, new Schedule.Slots(slots));
  }

  /**
   * DSA as virtual chatting on a ULA (DESIGN "Problems"): buffers a [0,3) of size 2, b [2,4) of
   * size 1 and c [4,5) of size 3; a and b are both alive at time point 2, i.e. both use arc 2->3.
   */
  private static final Instance DSA =
      instance(
          new Problem.Dsa(List.of(msg("a", 0, 3, 2), msg("b", 2, 4, 1), msg("c", 4, 5, 3))),
          ALL,
          new Topology.Ula(6));

  @Test
  void dsaBuffersAliveTogetherAtOneOffset_isArcConflict() {
    Violation v = only(check(DSA, times("a", 0, "b", 1, "c", 0)), Kind.ARC_CONFLICT);
    assertThat(v.messages()).containsExactly("a", "b");
    assertThat(v.place()).isEqualTo("2->3");
    assertThat(v.time()).isEqualTo(1L);
    valid(check(DSA, times("a", 0, "b", 2, "c", 0)), 3);
  }

  /** Reservations conflict only on a shared arc: a (0->1) and b (1->2) may take the same slot. */
  @Test
  void reservationsOnDisjointArcs_doNotConflictEvenInOneSlot() {
    Instance inst = chatting(new Topology.Ula(3), ALL, msg("a", 0, 1, 1), msg("b", 1, 2, 1));
    valid(check(inst, times("a", 0, "b", 0)), 1);
  }

  @Test
  void messageWithoutSlot_isMissingSlot() {
    Violation v = only(check(DSA, times("a", 0, "b", 2)), Kind.MISSING_SLOT);
    assertThat(v.messages()).containsExactly("c");
    assertThat(v.time()).isNull();
  }

  @Test
  void slotBelowZero_isNegativeTime() {
    Violation v = only(check(DSA, times("a", 1, "b", 3, "c", -3)), Kind.NEGATIVE_TIME);
    assertThat(v.messages()).containsExactly("c");
    assertThat(v.time()).isEqualTo(-3L);
  }

  @Test
  void slotForAnUnknownId_isUnknownMessage() {
    Violation v = only(check(DSA, times("a", 0, "b", 2, "c", 0, "d", 9)), Kind.UNKNOWN_MESSAGE);
    assertThat(v.messages()).containsExactly("d");
  }
}
