package org.commsched.instances.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.commsched.core.model.Instance;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Bad input gives one line naming the file, the place and the fix (FORMATS.md, "Command line"). */
class BadInputTest {
  static final String GOOD =
      "{\"format\": \"commsched-instance/1\", \"name\": \"ula-example\", \"problem\": \"chatting\","
          + " \"model\": {\"kind\": \"bufferless\", \"ports\": \"all\"}, \"network\": {\"family\": \"ula\", \"nodes\": 4},"
          + " \"messages\": [{\"id\": \"m0\", \"from\": 0, \"to\": 3, \"length\": 3},"
          + " {\"id\": \"m1\", \"from\": 1, \"to\": 2, \"length\": 2}]}";

  static final String SF =
      "{\"format\": \"commsched-instance/1\", \"name\": \"b\", \"problem\": \"broadcast\","
          + " \"model\": {\"kind\": \"store-and-forward\", \"beta\": \"5\", \"tau\": \"1\", \"ports\": \"one\","
          + " \"duplex\": \"full\"}, \"network\": {\"family\": \"ring\", \"nodes\": 5}, \"source\": 0, \"length\": 4}";

  static final String EXPLICIT =
      "{\"format\": \"commsched-instance/1\", \"name\": \"e\", \"problem\": \"chatting\","
          + " \"model\": {\"kind\": \"bufferless\", \"ports\": \"all\"}, \"network\": {\"nodes\": 3, \"arcs\": [[0, 1], [1, 2]]},"
          + " \"messages\": [{\"id\": \"m0\", \"from\": 0, \"to\": 2, \"length\": 1}]}";

  /** name, document, expected place, a fragment the message must contain. */
  static Stream<Arguments> badInstances() {
    return Stream.of(
        Arguments.of(
            "wrong type (string for integer)",
            GOOD.replace("\"length\": 3", "\"length\": \"3\""),
            "/messages/0/length",
            "without quotes"),
        Arguments.of(
            "wrong type (object for array)",
            GOOD.replaceFirst("\"messages\": \\[.*\\]\\}$", "\"messages\": {}}"),
            "/messages",
            "expected an array"),
        Arguments.of(
            "missing field",
            GOOD.replace("\"to\": 3, ", ""),
            "/messages/0/to",
            "missing field \"to\""),
        Arguments.of(
            "missing network",
            GOOD.replace("\"network\": {\"family\": \"ula\", \"nodes\": 4},", ""),
            "/network",
            "missing field \"network\""),
        Arguments.of(
            "unknown field (typo)",
            GOOD.replace("\"from\": 0", "\"fom\": 0"),
            "/messages/0/fom",
            "did you mean \"from\""),
        Arguments.of(
            "unknown top-level field",
            GOOD.replace("\"problem\"", "\"colour\": 1, \"problem\""),
            "/colour",
            "unknown field"),
        Arguments.of(
            "field of another family",
            GOOD.replace("\"nodes\": 4", "\"nodes\": 4, \"rows\": 2"),
            "/network/rows",
            "unknown field"),
        Arguments.of(
            "field of another problem",
            GOOD.replace("\"problem\": \"chatting\",", "\"problem\": \"chatting\", \"root\": 0,"),
            "/root",
            "does not belong"),
        Arguments.of(
            "node out of range",
            GOOD.replace("\"to\": 3", "\"to\": 7"),
            "/messages/0/to",
            "out of range"),
        Arguments.of(
            "route node out of range",
            GOOD.replace("\"length\": 3}", "\"length\": 3, \"route\": [0, 1, 9]}"),
            "/messages/0/route/2",
            "out of range"),
        Arguments.of(
            "non-adjacent route",
            GOOD.replace("\"length\": 3}", "\"length\": 3, \"route\": [0, 2, 3]}"),
            "/messages/0/route/1",
            "not joined by an arc"),
        Arguments.of(
            "duplicate message id",
            GOOD.replace("\"id\": \"m1\"", "\"id\": \"m0\""),
            "/messages/1/id",
            "used twice"),
        Arguments.of(
            "zero length (chatting)",
            GOOD.replace("\"length\": 3", "\"length\": 0"),
            "/messages/0/length",
            "length 0"),
        Arguments.of(
            "negative length",
            GOOD.replace("\"length\": 3", "\"length\": -3"),
            "/messages/0/length",
            "negative"),
        Arguments.of(
            "fractional length",
            GOOD.replace("\"length\": 3", "\"length\": 2.5"),
            "/messages/0/length",
            "not a whole number"),
        Arguments.of(
            "number past 2^63",
            GOOD.replace("\"length\": 3", "\"length\": 9223372036854775808"),
            "/messages/0/length",
            "2^63-1"),
        Arguments.of(
            "huge number",
            GOOD.replace("\"length\": 3", "\"length\": 1e400"),
            "/messages/0/length",
            "2^63-1"),
        Arguments.of(
            "node id past int",
            GOOD.replace("\"to\": 3", "\"to\": 4294967296"),
            "/messages/0/to",
            "too large"),
        Arguments.of(
            "bad format version",
            GOOD.replace("commsched-instance/1", "commsched-instance/2"),
            "/format",
            "unsupported format version"),
        Arguments.of(
            "schedule given as instance",
            GOOD.replace("commsched-instance/1", "commsched-schedule/1"),
            "/format",
            "schedule file"),
        Arguments.of(
            "missing format",
            GOOD.replace("\"format\": \"commsched-instance/1\", ", ""),
            "/format",
            "missing field \"format\""),
        Arguments.of(
            "beta as a number",
            SF.replace("\"beta\": \"5\"", "\"beta\": 5"),
            "/model/beta",
            "\"beta\": \"5\""),
        Arguments.of(
            "beta not a decimal",
            SF.replace("\"beta\": \"5\"", "\"beta\": \"5e3\""),
            "/model/beta",
            "not an exact decimal"),
        Arguments.of(
            "unknown problem",
            GOOD.replace("\"chatting\"", "\"chating\""),
            "/problem",
            "did you mean \"chatting\""),
        Arguments.of(
            "unknown family",
            GOOD.replace("\"ula\"", "\"rnig\""),
            "/network/family",
            "unknown network family"),
        Arguments.of(
            "unknown model kind",
            GOOD.replace("\"bufferless\"", "\"wormhole\""),
            "/model/kind",
            "unknown model kind"),
        Arguments.of(
            "bad ports for the model",
            SF.replace("\"ports\": \"one\"", "\"ports\": \"single\""),
            "/model/ports",
            "one, all"),
        Arguments.of(
            "model does not fit the problem",
            SF.replace(
                "{\"kind\": \"store-and-forward\", \"beta\": \"5\","
                    + " \"tau\": \"1\", \"ports\": \"one\", \"duplex\": \"full\"}",
                "{\"kind\": \"bufferless\", \"ports\": \"all\"}"),
            "/model",
            "store-and-forward"),
        Arguments.of(
            "explicit without arcs",
            EXPLICIT.replace(", \"arcs\": [[0, 1], [1, 2]]", ""),
            "/network",
            "\"arcs\" (directed) or \"links\""),
        Arguments.of(
            "explicit with both",
            EXPLICIT.replace(
                "\"arcs\": [[0, 1], [1, 2]]", "\"arcs\": [[0, 1]], \"links\": [[1, 2]]"),
            "/network",
            "not both"),
        Arguments.of(
            "arc of three nodes",
            EXPLICIT.replace("[1, 2]]", "[1, 2, 0]]"),
            "/network/arcs/1",
            "pair"),
        Arguments.of(
            "arc node out of range",
            EXPLICIT.replace("[1, 2]]", "[1, 5]]"),
            "/network/arcs/1/1",
            "out of range"),
        Arguments.of(
            "duplicate arc",
            EXPLICIT.replace("[1, 2]]", "[1, 2], [0, 1]]"),
            "/network/arcs/2",
            "duplicate arc"),
        Arguments.of(
            "explicit network too large",
            EXPLICIT.replace("\"nodes\": 3", "\"nodes\": 60000000"),
            "/network/nodes",
            "too large"),
        Arguments.of(
            "hypercube too large",
            GOOD.replace(
                "{\"family\": \"ula\", \"nodes\": 4}",
                "{\"family\": \"hypercube\", \"dimension\": 30}"),
            "/network/dimension",
            "1..24"),
        Arguments.of(
            "no path",
            EXPLICIT.replace("\"from\": 0, \"to\": 2", "\"from\": 2, \"to\": 0"),
            "/messages/0",
            "no path"),
        Arguments.of(
            "tree with two roots",
            GOOD.replace(
                "{\"family\": \"ula\", \"nodes\": 4}",
                "{\"family\": \"tree\", \"parents\": [null, null, 0, 1]}"),
            "/network/parents/1",
            "second root"),
        Arguments.of(
            "negative node",
            GOOD.replace("\"from\": 1", "\"from\": -1"),
            "/messages/1/from",
            "negative"),
        Arguments.of(
            "empty name",
            GOOD.replace("\"name\": \"ula-example\"", "\"name\": \"\""),
            "/name",
            "must not be empty"),
        Arguments.of(
            "scatter without root",
            GOOD.replace("\"chatting\"", "\"scatter\""),
            "/root",
            "missing field \"root\""),
        Arguments.of(
            "truncated JSON",
            GOOD.substring(0, GOOD.length() - 30),
            "line 1, column",
            "ends too early"),
        Arguments.of(
            "duplicate key",
            GOOD.replace(
                "\"name\": \"ula-example\",", "\"name\": \"ula-example\", \"name\": \"again\","),
            "line 1, column",
            "duplicate key \"name\""),
        Arguments.of("trailing content", GOOD + " {}", "line 1, column", "more content"),
        Arguments.of(
            "syntax error",
            GOOD.replace("\"to\": 3,", "\"to\": 3"),
            "line 1, column",
            "invalid JSON"),
        Arguments.of("not an object", "[1, 2, 3]", "", "JSON object"),
        Arguments.of("blank", "  \n ", "", "empty"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("badInstances")
  void badInstance_oneLineWithFileAndPlace(
      String name, String json, String place, String fragment) {
    InstanceFormatException e =
        catchThrowableOfType(
            InstanceFormatException.class, () -> InstanceReader.parse(json, "bad.json"));
    assertThat(e).as(name).isNotNull();
    assertOneLine(e, "bad.json");
    assertThat(e.place()).as(e.oneLine()).startsWith(place);
    if (place.isEmpty()) {
      assertThat(e.place()).as(e.oneLine()).isEmpty();
    }
    assertThat(e.oneLine()).as(name).contains(fragment);
  }

  static void assertOneLine(InstanceFormatException e, String file) {
    assertThat(e.oneLine())
        .doesNotContain("\n")
        .doesNotContain("\r")
        .doesNotContain("Exception")
        .doesNotContain("\tat ")
        .startsWith(file + ": ");
    assertThat(e.file()).isEqualTo(file);
    assertThat(e.getMessage()).isEqualTo(e.oneLine());
  }

  @Test
  void emptyFile(@TempDir Path dir) throws Exception {
    Path f = dir.resolve("empty.json");
    Files.writeString(f, "");
    InstanceFormatException e =
        catchThrowableOfType(InstanceFormatException.class, () -> InstanceReader.read(f));
    assertOneLine(e, f.toString());
    assertThat(e.oneLine()).contains("empty");
  }

  @Test
  void directoryInsteadOfFile(@TempDir Path dir) {
    InstanceFormatException e =
        catchThrowableOfType(InstanceFormatException.class, () -> InstanceReader.read(dir));
    assertOneLine(e, dir.toString());
    assertThat(e.oneLine()).contains("is a directory");
    Path csvDir = dir.resolve("looks.csv");
    assertThatThrownBy(
            () -> {
              Files.createDirectory(csvDir);
              InstanceReader.read(csvDir);
            })
        .isInstanceOf(InstanceFormatException.class)
        .hasMessageContaining("is a directory");
  }

  @Test
  void missingFile(@TempDir Path dir) {
    Path f = dir.resolve("nope.json");
    InstanceFormatException e =
        catchThrowableOfType(InstanceFormatException.class, () -> InstanceReader.read(f));
    assertOneLine(e, f.toString());
    assertThat(e.oneLine()).contains("no such file");
  }

  @Test
  void notUtf8(@TempDir Path dir) throws Exception {
    Path f = dir.resolve("latin1.json");
    Files.write(f, new byte[] {'{', '"', (byte) 0xE9, '"', '}'});
    InstanceFormatException e =
        catchThrowableOfType(InstanceFormatException.class, () -> InstanceReader.read(f));
    assertOneLine(e, f.toString());
    assertThat(e.oneLine()).contains("UTF-8");
  }

  @Test
  void truncatedFileOnDisk_namesLineAndColumn(@TempDir Path dir) throws Exception {
    Path f = dir.resolve("cut.json");
    String text = InstanceWriter.toJson(InstanceReader.parse(GOOD, "good.json"));
    Files.writeString(f, text.substring(0, text.indexOf("\"m1\"")));
    InstanceFormatException e =
        catchThrowableOfType(InstanceFormatException.class, () -> InstanceReader.read(f));
    assertOneLine(e, f.toString());
    assertThat(e.place()).startsWith("line 9, column");
  }

  // ---------------------------------------------------------------- schedules

  static final Instance CHAT = InstanceReader.parse(GOOD, "ula-example.json");
  static final String SCHEDULE =
      "{\"format\": \"commsched-schedule/1\", \"instance\": \"ula-example\","
          + " \"method\": \"kierstead\", \"status\": \"FEASIBLE\", \"makespan\": 10, \"lowerBound\": 7,"
          + " \"lowerBoundWitness\": \"arc 2->3 carries 7 flits\", \"departures\": {\"m0\": 0, \"m1\": 4}}";

  static Stream<Arguments> badSchedules() {
    return Stream.of(
        Arguments.of(
            "schedule for another instance",
            SCHEDULE.replace("\"instance\": \"ula-example\"", "\"instance\": \"other\""),
            "/instance",
            "for instance \"other\""),
        Arguments.of(
            "unknown message",
            SCHEDULE.replace("\"m1\": 4", "\"m7\": 4"),
            "/departures/m7",
            "unknown message"),
        Arguments.of(
            "negative departure",
            SCHEDULE.replace("\"m1\": 4", "\"m1\": -4"),
            "/departures/m1",
            "negative"),
        Arguments.of(
            "decimal makespan on bufferless",
            SCHEDULE.replace("\"makespan\": 10", "\"makespan\": \"10.5\""),
            "/makespan",
            "whole steps"),
        Arguments.of(
            "fractional number as time",
            SCHEDULE.replace("\"makespan\": 10", "\"makespan\": 10.5"),
            "/makespan",
            "\"makespan\": \"10.5\""),
        Arguments.of(
            "feasible without schedule",
            SCHEDULE.replace(", \"departures\": {\"m0\": 0, \"m1\": 4}", ""),
            "",
            "needs its schedule"),
        Arguments.of(
            "two schedules",
            SCHEDULE.replace("}}", "}, \"slots\": {\"m0\": 0}}"),
            "",
            "exactly one"),
        Arguments.of(
            "unknown with schedule",
            SCHEDULE
                .replace("FEASIBLE", "UNKNOWN")
                .replace("\"makespan\": 10", "\"makespan\": null"),
            "/departures",
            "does not belong"),
        Arguments.of(
            // Without a status the schema's "else" branch forbids the schedule itself: the missing
            // field is the error to name, not the schedule.
            "schedule without status",
            SCHEDULE.replace(" \"status\": \"FEASIBLE\",", ""),
            "/status",
            "missing field \"status\""),
        Arguments.of(
            "transmissions for bufferless",
            SCHEDULE.replace(
                "\"departures\": {\"m0\": 0, \"m1\": 4}",
                "\"transmissions\": [{\"message\": \"m0\", \"packet\": 0, \"size\": 1, \"from\": 0, \"to\": 1, "
                    + "\"start\": 0}]"),
            "/transmissions",
            "bufferless"),
        Arguments.of(
            "makespan without schedule",
            SCHEDULE
                .replace("FEASIBLE", "UNKNOWN")
                .replace(", \"departures\": {\"m0\": 0, \"m1\": 4}", ""),
            "/makespan",
            "must be null here"),
        Arguments.of(
            "null makespan with schedule",
            SCHEDULE.replace("\"makespan\": 10", "\"makespan\": null"),
            "/makespan",
            "needs a value"),
        Arguments.of(
            "control node out of range",
            SCHEDULE.replace(
                "}}",
                "}, \"control\": [{\"from\": 0, "
                    + "\"to\": 9, \"step\": 0, \"kind\": \"token\"}]}"),
            "/control/0/to",
            "out of range"),
        Arguments.of(
            "unknown status", SCHEDULE.replace("FEASIBLE", "FEASABLE"), "/status", "did you mean"),
        Arguments.of("instance given as schedule", GOOD, "/format", "instance file"),
        Arguments.of(
            "duplicate key",
            SCHEDULE.replace("\"m1\": 4", "\"m1\": 4, \"m1\": 5"),
            "line 1, column",
            "duplicate key"),
        Arguments.of(
            "typo",
            SCHEDULE.replace("lowerBoundWitness", "lowerBoundWitnes"),
            "/lowerBoundWitnes",
            "did you mean \"lowerBoundWitness\""),
        Arguments.of(
            "step past 2^63",
            SCHEDULE.replace("\"m1\": 4", "\"m1\": 99999999999999999999"),
            "/departures/m1",
            "2^63-1"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("badSchedules")
  void badSchedule_oneLineWithFileAndPlace(
      String name, String json, String place, String fragment) {
    InstanceFormatException e =
        catchThrowableOfType(
            InstanceFormatException.class,
            () -> ScheduleReader.parse(json, "bad.schedule.json", CHAT));
    assertThat(e).as(name).isNotNull();
    assertOneLine(e, "bad.schedule.json");
    assertThat(e.place()).as(e.oneLine()).startsWith(place);
    if (place.isEmpty()) {
      assertThat(e.place()).as(e.oneLine()).isEmpty();
    }
    assertThat(e.oneLine()).as(name).contains(fragment);
  }

  @Test
  void goodDocuments_areAccepted() {
    assertThat(InstanceReader.parse(GOOD, "g.json").messages()).hasSize(2);
    assertThat(InstanceReader.parse(SF, "s.json").origins()).hasSize(1);
    assertThat(InstanceReader.parse(EXPLICIT, "e.json").network().arcs()).isEqualTo(2);
    assertThat(ScheduleReader.parse(SCHEDULE, "s.json", CHAT).makespan()).isEqualTo(10L);
  }
}
