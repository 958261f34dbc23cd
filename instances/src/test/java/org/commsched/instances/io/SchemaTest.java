package org.commsched.instances.io;

import static org.assertj.core.api.Assertions.assertThat;

import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

class SchemaTest {
  private static final String META = "https://json-schema.org/draft/2020-12/schema";

  @ParameterizedTest
  @MethodSource("schemaResources")
  void schema_isValidDraft202012(String resource) {
    JsonNode schema = Schemas.loadResource(resource);
    assertThat(schema.path("$schema").asString()).isEqualTo(META);
    Schema meta =
        SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
            .getSchema(SchemaLocation.of(META));
    assertThat(meta.validate(schema)).isEmpty();
  }

  static Stream<String> schemaResources() {
    return Stream.of(Schemas.INSTANCE_RESOURCE, Schemas.SCHEDULE_RESOURCE);
  }

  @Test
  void formatsExamples_validate() throws Exception {
    // FORMATS.md, "Instance file" and "Schedule file": the two examples as printed there
    assertThat(Schemas.instance().schema().validate(resource("/io/formats-instance-example.json")))
        .isEmpty();
    assertThat(Schemas.schedule().schema().validate(resource("/io/formats-schedule-example.json")))
        .isEmpty();
  }

  @Test
  void unknownFieldAnywhere_isRejected_inEveryWrittenFile() {
    List<JsonNode> instances = new ArrayList<>();
    InstanceRoundTripTest.everyProblemAndModel()
        .forEach(a -> instances.add(parse(InstanceWriter.toJson((Instance) a.get()[0]))));
    InstanceRoundTripTest.everyFamily()
        .forEach(a -> instances.add(parse(InstanceWriter.toJson((Instance) a.get()[0]))));
    instances.add(
        parse(
            InstanceWriter.toJson(
                Fixtures.instance(
                    "r",
                    new Problem.Chatting(List.of(new Message("m", 0, 2, 1, List.of(0, 1, 2)))),
                    Fixtures.ALL_PORTS,
                    new Topology.Ring(4)),
                "with text")));
    for (JsonNode doc : instances) {
      assertThat(Schemas.instance().schema().validate(doc)).as(doc.toString()).isEmpty();
      assertEveryObjectRejectsTypo(doc, Schemas.instance().schema());
    }
    for (JsonNode doc : schedules()) {
      assertThat(Schemas.schedule().schema().validate(doc)).as(doc.toString()).isEmpty();
      assertEveryObjectRejectsTypo(doc, Schemas.schedule().schema());
    }
  }

  private static List<JsonNode> schedules() {
    Instance chat =
        Fixtures.instance(
            "c",
            new Problem.Chatting(List.of(new Message("m0", 0, 1, 1))),
            Fixtures.ALL_PORTS,
            new Topology.Ula(2));
    Instance sf =
        Fixtures.instance(
            "s",
            new Problem.Broadcast(0, 3),
            Fixtures.sf(
                "1",
                "0.5",
                org.commsched.core.model.CommModel.Ports.ALL,
                org.commsched.core.model.CommModel.Duplex.FULL,
                org.commsched.core.model.CommModel.OnePortRule.EXCHANGE),
            new Topology.Bla(2));
    Map<String, Object> stats = new LinkedHashMap<>();
    stats.put("seconds", 1.5);
    List<JsonNode> out = new ArrayList<>();
    out.add(
        parse(
            ScheduleWriter.toJson(
                new SolveResult(
                    "a",
                    SolveStatus.OPTIMAL,
                    new Schedule.Departures(
                        Map.of("m0", 0L),
                        List.of(new Schedule.ControlTransfer(0, 1, 0, "token", List.of(1L)))),
                    1L,
                    new LowerBound(1, "C", "w"),
                    TimeScale.UNIT,
                    stats),
                chat)));
    out.add(
        parse(
            ScheduleWriter.toJson(
                new SolveResult(
                    "b",
                    SolveStatus.FEASIBLE,
                    new Schedule.Slots(Map.of("m0", 0L)),
                    1L,
                    null,
                    TimeScale.UNIT,
                    Map.of()),
                chat)));
    out.add(
        parse(
            ScheduleWriter.toJson(
                new SolveResult(
                    "c",
                    SolveStatus.FEASIBLE,
                    new Schedule.Transmissions(
                        new TimeScale(1),
                        List.of(new Schedule.Transmission("m0", 0, 3, 0, 1, 25, 0L))),
                    25L,
                    null,
                    new TimeScale(1),
                    Map.of()),
                sf)));
    out.add(
        parse(
            ScheduleWriter.toJson(
                new SolveResult(
                    "d", SolveStatus.UNKNOWN, null, null, null, sf.timeScale(), Map.of()),
                sf)));
    return out;
  }

  /**
   * Adds a misspelt field to each object of the document in turn; the schema must reject every
   * copy.
   */
  private static void assertEveryObjectRejectsTypo(JsonNode doc, Schema schema) {
    List<String> pointers = new ArrayList<>();
    collectObjects(doc, "", pointers);
    for (String p : pointers) {
      if (p.equals("/stats")) {
        continue; // stats is an open map of figures by design
      }
      JsonNode copy = doc.deepCopy();
      ((ObjectNode) copy.at(p)).put("zzTypo", 1);
      assertThat(schema.validate(copy)).as("typo at %s of %s", p, doc).isNotEmpty();
    }
  }

  private static void collectObjects(JsonNode n, String p, List<String> out) {
    if (n.isObject()) {
      if (!p.startsWith("/departures") && !p.startsWith("/slots")) {
        out.add(p);
      }
      for (Map.Entry<String, JsonNode> e : n.properties()) {
        collectObjects(e.getValue(), p + "/" + e.getKey(), out);
      }
    } else if (n.isArray()) {
      for (int i = 0; i < n.size(); i++) {
        collectObjects(n.get(i), p + "/" + i, out);
      }
    }
  }

  private static JsonNode parse(String json) {
    return Json.MAPPER.readTree(json);
  }

  private JsonNode resource(String name) throws Exception {
    try (InputStream in = getClass().getResourceAsStream(name)) {
      return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
    }
  }
}
