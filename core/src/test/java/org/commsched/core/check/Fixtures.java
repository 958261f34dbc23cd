package org.commsched.core.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Schedule;
import org.commsched.core.model.Topology;

/** Small builders for hand-made instances and schedules. */
final class Fixtures {
  private Fixtures() {}

  static final CommModel.Bufferless ALL = new CommModel.Bufferless(CommModel.BufferlessPorts.ALL);
  static final CommModel.Bufferless SINGLE =
      new CommModel.Bufferless(CommModel.BufferlessPorts.SINGLE);

  static Message msg(String id, int from, int to, long length) {
    return new Message(id, from, to, length);
  }

  static Instance instance(Problem problem, CommModel model, Topology topology) {
    return new Instance("test", problem, model, Network.of(topology));
  }

  static Instance chatting(Topology topology, CommModel.Bufferless model, Message... messages) {
    return instance(new Problem.Chatting(List.of(messages)), model, topology);
  }

  static CommModel.StoreAndForward sf(
      String beta,
      String tau,
      CommModel.Ports ports,
      CommModel.Duplex duplex,
      CommModel.OnePortRule rule) {
    return new CommModel.StoreAndForward(
        new BigDecimal(beta), new BigDecimal(tau), ports, duplex, rule);
  }

  /** Map from alternating id, time arguments: {@code times("m0", 0, "m1", 4)}. */
  static Map<String, Long> times(Object... idThenTime) {
    Map<String, Long> m = new LinkedHashMap<>();
    for (int i = 0; i < idThenTime.length; i += 2) {
      m.put((String) idThenTime[i], ((Number) idThenTime[i + 1]).longValue());
    }
    return m;
  }

  static Schedule.Transmission tx(
      String message, int packet, long size, int from, int to, long start) {
    return new Schedule.Transmission(message, packet, size, from, to, start);
  }

  static Schedule.ControlTransfer ctl(int from, int to, long step, String kind, long... values) {
    List<Long> v = new java.util.ArrayList<>();
    for (long x : values) {
      v.add(x);
    }
    return new Schedule.ControlTransfer(from, to, step, kind, v);
  }

  /** Asserts that the report lists exactly one violation, of the given kind, and returns it. */
  static Violation only(CheckReport report, Kind kind) {
    assertThat(report.violations()).as("violations").hasSize(1);
    Violation v = report.violations().get(0);
    assertThat(v.kind()).as("kind of %s", v).isEqualTo(kind);
    assertThat(v.detail()).isNotBlank();
    return v;
  }

  /** Asserts the report is valid, with the given makespan. */
  static void valid(CheckReport report, long makespan) {
    assertThat(report.violations()).as("violations").isEmpty();
    assertThat(report.valid()).isTrue();
    assertThat(report.makespan()).as("makespan").isEqualTo(makespan);
  }
}
