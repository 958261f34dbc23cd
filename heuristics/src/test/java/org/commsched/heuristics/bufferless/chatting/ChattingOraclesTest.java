package org.commsched.heuristics.bufferless.chatting;

import static org.assertj.core.api.Assertions.assertThat;
import static org.commsched.instances.testing.ScheduleAssertions.assertValid;

import java.util.List;
import org.commsched.core.check.CheckReport;
import org.commsched.core.check.ScheduleChecker;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Schedule;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.junit.jupiter.api.Test;

/**
 * The test oracles A-D of docs/models/bufferless-chatting.md#examples (derived for the project, not
 * in the paper). They were first written with sigma and t from 1; here every expected value is that
 * minus 1 (docs/DESIGN.md).
 */
class ChattingOraclesTest {
  private static final CommModel ALL = new CommModel.Bufferless(CommModel.BufferlessPorts.ALL);

  static Instance ula(int n, int[][] msgs) {
    Message[] m = new Message[msgs.length];
    for (int i = 0; i < msgs.length; i++) {
      m[i] = new Message("M" + i, msgs[i][0], msgs[i][1], msgs[i][2]);
    }
    return new Instance(
        "oracle", new Problem.Chatting(List.of(m)), ALL, Network.of(new Topology.Ula(n)));
  }

  static long[][] arrays(Instance inst) {
    int n = inst.messages().size();
    long[][] out = new long[4][n];
    for (int i = 0; i < n; i++) {
      Message m = inst.messages().get(i);
      out[0][i] = m.from();
      out[1][i] = m.to();
      out[2][i] = m.length();
      out[3][i] = m.to() - m.from();
    }
    return out;
  }

  static long[] slots(UlaVirtualMethod method, Instance inst) {
    long[][] a = arrays(inst);
    int n = a[0].length;
    int[] from = new int[n];
    int[] to = new int[n];
    for (int i = 0; i < n; i++) {
      from[i] = (int) a[0][i];
      to[i] = (int) a[1][i];
    }
    return Transforms.normalise(method.slots(from, to, a[2]));
  }

  static long[] minusOne(long... spec) {
    long[] out = new long[spec.length];
    for (int i = 0; i < spec.length; i++) {
      out[i] = spec[i] - 1;
    }
    return out;
  }

  static Schedule.Departures departures(Instance inst, long[] t) {
    java.util.Map<String, Long> m = new java.util.LinkedHashMap<>();
    for (int i = 0; i < t.length; i++) {
      m.put(inst.messages().get(i).id(), t[i]);
    }
    return new Schedule.Departures(m);
  }

  static Schedule.Slots slotsOf(Instance inst, long[] s) {
    java.util.Map<String, Long> m = new java.util.LinkedHashMap<>();
    for (int i = 0; i < s.length; i++) {
      m.put(inst.messages().get(i).id(), s[i]);
    }
    return new Schedule.Slots(m);
  }

  /** Oracle A (docs/models/bufferless-chatting.md#examples): ULA N=5, unit lengths. */
  private final Instance a =
      ula(5, new int[][] {{0, 2, 1}, {1, 3, 1}, {2, 4, 1}, {0, 4, 1}, {3, 4, 1}, {1, 2, 1}});

  @Test
  void oracleA_intervalColoring_sigmaVoAndLs() {
    long[] sigma = slots(new IntervalColoring(), a);
    assertThat(sigma).containsExactly(minusOne(1, 4, 1, 2, 3, 3));
    long[][] arr = arrays(a);
    assertThat(Transforms.virtualDuration(sigma, arr[2])).isEqualTo(4);
    assertValid(a, slotsOf(a, sigma));
    long[] level = arr[0];
    long[] vo = Transforms.vo(sigma, level, 4);
    assertThat(vo).containsExactly(minusOne(1, 1, 3, 2, 2, 4));
    assertThat(Transforms.realDuration(vo, arr[2], arr[3])).isEqualTo(5);
    long[] ls = Transforms.ls(sigma, level);
    assertThat(ls).containsExactly(minusOne(1, 5, 3, 2, 6, 4));
    assertThat(Transforms.realDuration(ls, arr[2], arr[3])).isEqualTo(6);
    assertValid(a, departures(a, vo));
    assertValid(a, departures(a, ls));
  }

  @Test
  void oracleA_kiersteadGivesTheSigmaOfA1() {
    assertThat(slots(new Kierstead(), a)).containsExactly(minusOne(1, 4, 1, 2, 3, 3));
  }

  @Test
  void oracleA_methodsReturnTheVoScheduleWithItsVirtualDuration() {
    for (UlaVirtualMethod m : List.of(new IntervalColoring(), new Kierstead())) {
      SolveResult r = m.solve(a, SolveLimits.defaults());
      assertThat(((Schedule.Departures) r.schedule()).departures().values())
          .containsExactly(0L, 0L, 2L, 1L, 1L, 3L);
      assertThat(r.makespan()).isEqualTo(5);
      assertThat(r.stats()).containsEntry("virtualDuration", 4L);
      CheckReport rep = ScheduleChecker.checkResult(a, r);
      assertThat(rep.violations()).isEmpty();
    }
  }

  /** Oracle B (docs/models/bufferless-chatting.md#examples): ULA N=4, variable lengths. */
  @Test
  void oracleB_kierstead() {
    Instance b = ula(4, new int[][] {{0, 3, 3}, {1, 2, 2}, {0, 1, 1}, {2, 3, 4}});
    long[] sigma = slots(new Kierstead(), b);
    assertThat(sigma).containsExactly(minusOne(1, 5, 5, 5));
    long[][] arr = arrays(b);
    assertThat(Transforms.virtualDuration(sigma, arr[2])).isEqualTo(8);
    long[] vo = Transforms.vo(sigma, arr[0], 8);
    assertThat(vo).containsExactly(minusOne(1, 6, 5, 7));
    assertThat(Transforms.realDuration(vo, arr[2], arr[3])).isEqualTo(10);
    SolveResult r = new Kierstead().solve(b, SolveLimits.defaults());
    assertThat(r.makespan()).isEqualTo(10);
    assertValid(b, r);
  }

  /** Oracle C (docs/models/bufferless-chatting.md#examples): ULA N=5, variable lengths. */
  @Test
  void oracleC_kierstead() {
    Instance c = ula(5, new int[][] {{0, 2, 2}, {1, 3, 3}, {2, 4, 1}, {0, 1, 5}, {3, 4, 2}});
    long[] sigma = slots(new Kierstead(), c);
    assertThat(sigma).containsExactly(minusOne(9, 1, 5, 1, 1));
    long[][] arr = arrays(c);
    assertThat(Transforms.virtualDuration(sigma, arr[2])).isEqualTo(10);
    long[] vo = Transforms.vo(sigma, arr[0], 10);
    assertThat(vo).containsExactly(minusOne(9, 2, 7, 1, 4));
    assertThat(Transforms.realDuration(vo, arr[2], arr[3])).isEqualTo(11);
    assertValid(c, departures(c, vo));
  }

  /**
   * Oracle D (docs/models/bufferless-chatting.md#examples): A2 needs a second colour; then VO and
   * OV.
   */
  @Test
  void oracleD_kiersteadSecondColour_thenVoAndOv() {
    Instance d = ula(4, new int[][] {{1, 3, 1}, {0, 2, 4}, {2, 3, 4}, {0, 1, 4}});
    long[] sigma = slots(new Kierstead(), d);
    assertThat(sigma).containsExactly(minusOne(13, 5, 1, 1));
    long[][] arr = arrays(d);
    assertThat(Transforms.virtualDuration(sigma, arr[2])).isEqualTo(13);
    assertValid(d, slotsOf(d, sigma));
    long[] vo = Transforms.vo(sigma, arr[0], 13);
    assertThat(vo).containsExactly(minusOne(1, 5, 3, 1));
    assertThat(Transforms.realDuration(vo, arr[2], arr[3])).isEqualTo(9);
    long[] ov = Transforms.ov(vo, arr[0], 9);
    assertThat(ov).containsExactly(minusOne(9, 5, 1, 1));
    assertThat(Transforms.virtualDuration(ov, arr[2])).isEqualTo(9);
    assertValid(d, slotsOf(d, ov));
  }

  @Test
  void mapForms_agreeWithArrayForms_onOracleD() {
    Instance d = ula(4, new int[][] {{1, 3, 1}, {0, 2, 4}, {2, 3, 4}, {0, 1, 4}});
    java.util.Map<String, Long> level = java.util.Map.of("M0", 1L, "M1", 0L, "M2", 2L, "M3", 0L);
    java.util.Map<String, Long> sigma = slotsOf(d, minusOne(13, 5, 1, 1)).slots();
    assertThat(Transforms.vo(sigma, level, 13))
        .containsExactly(
            java.util.Map.entry("M0", 0L),
            java.util.Map.entry("M1", 4L),
            java.util.Map.entry("M2", 2L),
            java.util.Map.entry("M3", 0L));
    assertThat(Transforms.ls(sigma, level).get("M0")).isEqualTo(13L);
    assertThat(Transforms.ov(Transforms.vo(sigma, level, 13), level, 9).get("M0")).isEqualTo(8L);
  }
}
