package org.commsched.instances.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.commsched.instances.io.Fixtures.ALL_PORTS;
import static org.commsched.instances.io.Fixtures.SINGLE_PORT;
import static org.commsched.instances.io.Fixtures.instance;
import static org.commsched.instances.io.Fixtures.sf;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.commsched.core.model.CommModel.Duplex;
import org.commsched.core.model.CommModel.OnePortRule;
import org.commsched.core.model.CommModel.Ports;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Schedule;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveStatus;
import org.commsched.core.time.TimeScale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ScheduleRoundTripTest {
  private static final Instance CHAT =
      instance(
          "ula-example",
          new Problem.Chatting(List.of(new Message("m0", 0, 3, 3), new Message("m1", 1, 2, 2))),
          ALL_PORTS,
          new Topology.Ula(4));
  private static final Instance GATHER =
      instance(
          "gather",
          new Problem.Gather(
              0,
              List.of(
                  new Message("g1", 1, 0, 1),
                  new Message("g2", 2, 0, 1),
                  new Message("g3", 3, 0, 1))),
          SINGLE_PORT,
          new Topology.Tree(List.of(-1, 0, 0, 1)));
  private static final Instance SCATTER_SF =
      instance(
          "scatter-sf",
          new Problem.Scatter(
              0, List.of(new Message("m1", 0, 1, 1023), new Message("m2", 0, 2, 5))),
          sf("272", "0.4", Ports.ONE, Duplex.FULL, OnePortRule.SEND_AND_RECEIVE),
          new Topology.Star(3));
  private static final Instance GOSSIP =
      instance(
          "gossip",
          new Problem.Gossip(2),
          sf("1", "0.5", Ports.ALL, Duplex.FULL, OnePortRule.EXCHANGE),
          new Topology.Complete(3));

  private static SolveResult roundTrip(SolveResult r, Instance inst) {
    String json = ScheduleWriter.toJson(r, inst);
    SolveResult back = ScheduleReader.parse(json, "s.schedule.json", inst);
    assertThat(ScheduleWriter.toJson(back, inst)).isEqualTo(json);
    return back;
  }

  @Test
  void departures_readBackEqual() {
    Map<String, Long> d = new LinkedHashMap<>();
    d.put("m0", 0L);
    d.put("m1", 4L);
    SolveResult r =
        new SolveResult(
            "kierstead",
            SolveStatus.FEASIBLE,
            new Schedule.Departures(d),
            10L,
            new LowerBound(7, "C", "arc 2->3 carries 7 flits"),
            TimeScale.UNIT,
            Map.of());
    assertThat(roundTrip(r, CHAT)).isEqualTo(r);
  }

  @Test
  void departuresWithControl_andStats_readBackEqual() {
    Map<String, Long> d = new LinkedHashMap<>();
    d.put("g3", 0L);
    d.put("g1", 2L);
    d.put("g2", 3L);
    List<Schedule.ControlTransfer> control =
        List.of(
            new Schedule.ControlTransfer(0, 1, 0, "wakeup", List.of()),
            new Schedule.ControlTransfer(1, 3, 1, "token", List.of(5L, -1L, Long.MAX_VALUE)));
    Map<String, Object> stats = new LinkedHashMap<>();
    stats.put("seconds", 0.125);
    stats.put("nodesExplored", 1234L);
    stats.put("note", "protocol run");
    stats.put("proved", true);
    SolveResult r =
        new SolveResult(
            "gather-protocol",
            SolveStatus.OPTIMAL,
            new Schedule.Departures(d, control),
            5L,
            new LowerBound(5, "LB-GATH", "root receives 3 flits"),
            TimeScale.UNIT,
            stats);
    SolveResult back = roundTrip(r, GATHER);
    assertThat(back).isEqualTo(r);
    assertThat(((Schedule.Departures) back.schedule()).control()).isEqualTo(control);
  }

  @Test
  void slots_readBackEqual() {
    Map<String, Long> s = new LinkedHashMap<>();
    s.put("m1", 0L);
    s.put("m0", 2L);
    SolveResult r =
        new SolveResult(
            "first-fit",
            SolveStatus.FEASIBLE,
            new Schedule.Slots(s),
            5L,
            new LowerBound(5, "load", "arc 1->2 carries 5"),
            TimeScale.UNIT,
            Map.of());
    assertThat(roundTrip(r, CHAT)).isEqualTo(r);
  }

  @Test
  void transmissionsWithDecimalStarts_readBackEqual_andWrittenAsDecimalStrings() {
    TimeScale one = new TimeScale(1);
    // beta 272 + 1023 * 0.4 = 681.2 per hop; all times in tenths
    List<Schedule.Transmission> ts =
        List.of(
            new Schedule.Transmission("m1", 0, 1023, 0, 1, 0),
            new Schedule.Transmission("m2", 0, 5, 0, 2, 6812, 0L));
    SolveResult r =
        new SolveResult(
            "fdf",
            SolveStatus.FEASIBLE,
            new Schedule.Transmissions(one, ts),
            9552L,
            new LowerBound(6812, "LB", "root sends 1023 units"),
            one,
            Map.of());
    String json = ScheduleWriter.toJson(r, SCATTER_SF);
    assertThat(json)
        .contains("\"makespan\": \"955.2\"")
        .contains("\"lowerBound\": \"681.2\"")
        .contains("\"start\": 0")
        .contains("\"start\": \"681.2\"");
    assertThat(roundTrip(r, SCATTER_SF)).isEqualTo(r);
  }

  @Test
  void transmissions_scaleIsTheFinestOfModelAndFile() {
    // model decimals: 1 (tau 0.5); a start with two decimals refines the scale to hundredths
    String json =
        "{\"format\":\"commsched-schedule/1\",\"instance\":\"gossip\",\"method\":\"x\","
            + "\"status\":\"FEASIBLE\",\"makespan\":\"3.25\",\"lowerBound\":2,\"transmissions\":["
            + "{\"message\":\"m0\",\"packet\":0,\"size\":2,\"from\":0,\"to\":1,\"start\":\"1.25\"},"
            + "{\"message\":\"m2\",\"packet\":0,\"size\":2,\"from\":2,\"to\":0,\"start\":0}]}";
    SolveResult r = ScheduleReader.parse(json, "g.json", GOSSIP);
    Schedule.Transmissions t = (Schedule.Transmissions) r.schedule();
    assertThat(t.scale()).isEqualTo(new TimeScale(2));
    assertThat(r.makespan()).isEqualTo(325L);
    assertThat(r.scale())
        .as("makespan and bound share the result's scale")
        .isEqualTo(new TimeScale(2));
    assertThat(r.lowerBound().value()).as("the bound in the result's hundredths").isEqualTo(200L);
    // a bound finer than the result's scale is rounded down, which keeps it a bound
    SolveResult finer =
        ScheduleReader.parse(
            json.replace("\"lowerBound\":2", "\"lowerBound\":\"2.129\""), "g.json", GOSSIP);
    assertThat(finer.lowerBound().value()).isEqualTo(212L);
    assertThat(t.transmissions().get(0).start()).isEqualTo(125L);
    // without a finer time in the file, the model's scale (tenths) is used
    SolveResult coarse =
        ScheduleReader.parse(json.replace("1.25", "1.5").replace("3.25", "3.5"), "g.json", GOSSIP);
    assertThat(((Schedule.Transmissions) coarse.schedule()).scale()).isEqualTo(new TimeScale(1));
    assertThat(coarse.makespan()).isEqualTo(35L);
  }

  @Test
  void integralDecimalString_acceptedForBufferless() {
    String json =
        "{\"format\":\"commsched-schedule/1\",\"instance\":\"ula-example\",\"method\":\"x\","
            + "\"status\":\"FEASIBLE\",\"makespan\":\"10\",\"lowerBound\":\"7.0\",\"departures\":{\"m0\":0,\"m1\":4}}";
    SolveResult r = ScheduleReader.parse(json, "s.json", CHAT);
    assertThat(r.makespan()).isEqualTo(10L);
    assertThat(r.lowerBound().value()).isEqualTo(7L);
  }

  @Test
  void unknownAndInfeasible_haveNoScheduleAndNullMakespan() {
    for (SolveStatus st : List.of(SolveStatus.UNKNOWN, SolveStatus.INFEASIBLE)) {
      SolveResult r =
          new SolveResult(
              "cpsat", st, null, null, new LowerBound(3, "C", "w"), TimeScale.UNIT, Map.of());
      String json = ScheduleWriter.toJson(r, CHAT);
      assertThat(json).contains("\"makespan\": null").doesNotContain("departures");
      assertThat(roundTrip(r, CHAT)).isEqualTo(r);
    }
    // a file may also leave makespan out altogether
    String json =
        "{\"format\":\"commsched-schedule/1\",\"instance\":\"ula-example\",\"method\":\"x\","
            + "\"status\":\"UNKNOWN\"}";
    SolveResult r = ScheduleReader.parse(json, "u.json", CHAT);
    assertThat(r.makespan()).isNull();
    assertThat(r.schedule()).isNull();
    assertThat(r.lowerBound().value()).isZero();
  }

  @Test
  void formatsExample_readsAgainstFormatsInstance() throws Exception {
    // FORMATS.md, "Schedule file": the example schedule for the example instance
    String json =
        new String(
            getClass().getResourceAsStream("/io/formats-schedule-example.json").readAllBytes(),
            StandardCharsets.UTF_8);
    SolveResult r = ScheduleReader.parse(json, "ula-example.schedule.json", CHAT);
    assertThat(r.method()).isEqualTo("kierstead");
    assertThat(r.status()).isEqualTo(SolveStatus.FEASIBLE);
    assertThat(r.makespan()).isEqualTo(10L);
    assertThat(r.lowerBound().value()).isEqualTo(7L);
    assertThat(r.lowerBound().witness()).isEqualTo("arc 2->3 carries 7 flits");
    assertThat(((Schedule.Departures) r.schedule()).departures())
        .containsExactly(Map.entry("m0", 0L), Map.entry("m1", 4L));
  }

  @Test
  void write_isAtomic(@TempDir Path dir) throws Exception {
    SolveResult r =
        new SolveResult("x", SolveStatus.UNKNOWN, null, null, null, TimeScale.UNIT, Map.of());
    Path out = dir.resolve("out.schedule.json");
    ScheduleWriter.write(r, CHAT, out);
    assertThat(ScheduleReader.read(out, CHAT)).isEqualTo(r);
    try (var files = Files.list(dir)) {
      assertThat(files).containsExactly(out);
    }
  }
}
