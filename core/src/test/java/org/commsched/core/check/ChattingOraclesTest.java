package org.commsched.core.check;

import static org.assertj.core.api.Assertions.assertThat;
import static org.commsched.core.check.Fixtures.ALL;
import static org.commsched.core.check.Fixtures.chatting;
import static org.commsched.core.check.Fixtures.msg;
import static org.commsched.core.check.Fixtures.only;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Schedule;
import org.commsched.core.model.Topology;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The docs/models/bufferless-chatting.md#examples oracles A-F and H. They were first written with
 * departures t and slots σ from 1, measuring the durations T and S from the earliest one
 * (docs/models/bufferless-chatting.md#validity-rules (2.5), (3.5)); ours count from step 0, so we
 * shift every value by the earliest one: a real schedule departs at t - min t and has makespan T, a
 * virtual one has slots σ - min σ and makespan S. (Usually min = 1; in oracle C's "VO of A3" the
 * earliest departure is 2.)
 */
class ChattingOraclesTest {

  private static Instance ula(int n, Message... ms) {
    return chatting(new Topology.Ula(n), ALL, ms);
  }

  /** ESM N x N; each message as {row, col, row', col'}, node (r, c) = r * N + c. */
  private static Instance esm(int n, int[]... ends) {
    Message[] ms = new Message[ends.length];
    for (int i = 0; i < ends.length; i++) {
      int[] e = ends[i];
      ms[i] = msg("M" + i, e[0] * n + e[1], e[2] * n + e[3], 1);
    }
    return chatting(new Topology.Esm(n, n), ALL, ms);
  }

  private static final Instance A =
      ula(
          5,
          msg("M0", 0, 2, 1),
          msg("M1", 1, 3, 1),
          msg("M2", 2, 4, 1),
          msg("M3", 0, 4, 1),
          msg("M4", 3, 4, 1),
          msg("M5", 1, 2, 1));
  private static final Instance B =
      ula(4, msg("M0", 0, 3, 3), msg("M1", 1, 2, 2), msg("M2", 0, 1, 1), msg("M3", 2, 3, 4));
  private static final Instance C =
      ula(
          5,
          msg("M0", 0, 2, 2),
          msg("M1", 1, 3, 3),
          msg("M2", 2, 4, 1),
          msg("M3", 0, 1, 5),
          msg("M4", 3, 4, 2));
  private static final Instance D =
      ula(4, msg("M0", 1, 3, 1), msg("M1", 0, 2, 4), msg("M2", 2, 3, 4), msg("M3", 0, 1, 4));
  private static final Instance E =
      esm(
          3,
          new int[] {1, 1, 1, 2},
          new int[] {0, 1, 2, 1},
          new int[] {0, 2, 2, 2},
          new int[] {0, 0, 0, 2});
  private static final Instance F =
      esm(
          3,
          new int[] {0, 0, 0, 1},
          new int[] {0, 0, 0, 2},
          new int[] {0, 0, 1, 0},
          new int[] {0, 0, 1, 1},
          new int[] {0, 0, 1, 2},
          new int[] {0, 0, 2, 0},
          new int[] {0, 0, 2, 1},
          new int[] {0, 0, 2, 2});
  private static final Instance H =
      esm(
          4,
          new int[] {2, 0, 3, 3},
          new int[] {0, 2, 0, 3},
          new int[] {0, 0, 1, 3},
          new int[] {0, 3, 3, 3},
          new int[] {1, 3, 2, 3},
          new int[] {2, 0, 3, 1},
          new int[] {0, 0, 3, 1});

  /**
   * Real schedules: the oracle's departures t (from 1, message order M0, M1, ...) and its duration
   * T.
   */
  static Stream<Arguments> realOracles() {
    return Stream.of(
        Arguments.of("oracle A, VO of A1", A, new long[] {1, 1, 3, 2, 2, 4}, 5),
        Arguments.of("oracle A, LS of A1", A, new long[] {1, 5, 3, 2, 6, 4}, 6),
        Arguments.of("oracle B, VO of A2", B, new long[] {1, 6, 5, 7}, 10),
        Arguments.of("oracle B, VO of A3", B, new long[] {4, 3, 1, 10}, 13),
        Arguments.of("oracle B, VO of A5", B, new long[] {1, 5, 6, 8}, 11),
        Arguments.of("oracle C, VO of A2", C, new long[] {9, 2, 7, 1, 4}, 11),
        Arguments.of("oracle C, VO of A3", C, new long[] {2, 5, 3, 8, 5}, 11),
        Arguments.of("oracle C, VO of A5", C, new long[] {1, 4, 8, 6, 2}, 10),
        Arguments.of("oracle D, VO of A2 (S=13)", D, new long[] {1, 5, 3, 1}, 9),
        Arguments.of("oracle E, VO of A4", E, new long[] {1, 1, 1, 1}, 2),
        Arguments.of("oracle F, VO of A4-paper", F, new long[] {1, 4, 1, 2, 5, 2, 3, 6}, 9),
        Arguments.of("oracle F, VO of A4-rigorous", F, new long[] {4, 1, 1, 5, 2, 2, 6, 3}, 8),
        Arguments.of("oracle H, VO of A4-paper", H, new long[] {4, 3, 3, 3, 1, 3, 2}, 7),
        Arguments.of("oracle H, VO of A4-rigorous", H, new long[] {1, 3, 2, 1, 3, 2, 1}, 5));
  }

  /** Virtual schedules: the oracle's slots σ (from 1) and its duration S. */
  static Stream<Arguments> virtualOracles() {
    return Stream.of(
        Arguments.of("oracle A, A1", A, new long[] {1, 4, 1, 2, 3, 3}, 4),
        Arguments.of("oracle A, A5", A, new long[] {1, 2, 5, 3, 6, 4}, 6),
        Arguments.of("oracle B, A2", B, new long[] {1, 5, 5, 5}, 8),
        Arguments.of("oracle B, A3", B, new long[] {4, 2, 1, 8}, 11),
        Arguments.of("oracle B, A5", B, new long[] {1, 4, 6, 6}, 9),
        Arguments.of("oracle C, A2", C, new long[] {9, 1, 5, 1, 1}, 10),
        Arguments.of("oracle C, A3", C, new long[] {2, 4, 1, 8, 2}, 12),
        Arguments.of("oracle C, A5", C, new long[] {1, 3, 6, 6, 11}, 12),
        Arguments.of("oracle D, A2", D, new long[] {13, 5, 1, 1}, 13),
        Arguments.of("oracle D, OV of VO(A2)", D, new long[] {9, 5, 1, 1}, 9),
        Arguments.of("oracle E, A4 with F1 but without F2", E, new long[] {1, 1, 2, 3}, 3),
        Arguments.of("oracle E, A4-paper", E, new long[] {1, 1, 1, 1}, 1),
        Arguments.of("oracle F, A4-paper", F, new long[] {1, 4, 1, 2, 5, 2, 3, 6}, 6),
        Arguments.of("oracle F, A4-rigorous", F, new long[] {4, 1, 1, 5, 2, 2, 6, 3}, 6),
        Arguments.of("oracle H, A4-paper", H, new long[] {2, 1, 3, 4, 1, 1, 2}, 4),
        Arguments.of("oracle H, A4-rigorous", H, new long[] {2, 1, 2, 1, 2, 3, 1}, 3));
  }

  private static Map<String, Long> fromOne(Instance inst, long[] values) {
    long min = Arrays.stream(values).min().orElse(0);
    Map<String, Long> m = new LinkedHashMap<>();
    for (int i = 0; i < values.length; i++) {
      m.put(inst.messages().get(i).id(), values[i] - min);
    }
    return m;
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("realOracles")
  void realOracle_isValidWithTheSpecsDuration(
      String source, Instance inst, long[] t, long duration) {
    CheckReport r = ScheduleChecker.check(inst, new Schedule.Departures(fromOne(inst, t)));
    assertThat(r.violations()).as(source).isEmpty();
    assertThat(r.makespan()).as(source).isEqualTo(duration);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("virtualOracles")
  void virtualOracle_isValidWithTheSpecsDuration(
      String source, Instance inst, long[] sigma, long duration) {
    CheckReport r = ScheduleChecker.check(inst, new Schedule.Slots(fromOne(inst, sigma)));
    assertThat(r.violations()).as(source).isEmpty();
    assertThat(r.makespan()).as(source).isEqualTo(duration);
  }

  /**
   * The two views are different models: oracle A's virtual A1 slots, read as real departures, make
   * M3 (on 1->2 in step 2) meet M5 (departing in step 2); its real VO departures, read as slots,
   * give M0 and M1 the same slot on 1->2, and M3 and M4 the same slot on 3->4.
   */
  @Test
  void oracleA_slotsAsDeparturesAndDeparturesAsSlots_collide() {
    long[] a1 = {1, 4, 1, 2, 3, 3};
    Violation v =
        only(ScheduleChecker.check(A, new Schedule.Departures(fromOne(A, a1))), Kind.ARC_CONFLICT);
    assertThat(v.messages()).containsExactlyInAnyOrder("M3", "M5");
    assertThat(v.place()).isEqualTo("1->2");
    assertThat(v.time()).isEqualTo(2L);
    long[] vo = {1, 1, 3, 2, 2, 4};
    List<Violation> w = ScheduleChecker.check(A, new Schedule.Slots(fromOne(A, vo))).violations();
    assertThat(w).extracting(Violation::kind).containsExactly(Kind.ARC_CONFLICT, Kind.ARC_CONFLICT);
    assertThat(w)
        .extracting(Violation::messages)
        .containsExactly(List.of("M0", "M1"), List.of("M3", "M4"));
    assertThat(w).extracting(Violation::place).containsExactly("1->2", "3->4");
    assertThat(w).extracting(Violation::time).containsExactly(0L, 1L);
  }
}
