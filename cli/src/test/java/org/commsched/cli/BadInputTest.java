package org.commsched.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Corrupted instance and schedule files: every one exits 2 with exactly one line on stderr that
 * names the file, never a stack trace, never a partial output file (DEVELOPERS.md, FORMATS.md "Bad
 * input").
 */
class BadInputTest {
  @TempDir static Path tmp;

  static final String GOOD =
      """
      {"format": "commsched-instance/1", "name": "bad", "problem": "chatting",
       "model": {"kind": "bufferless", "ports": "all"},
       "network": {"nodes": 4, "links": [[0, 1], [1, 2], [2, 3]]},
       "messages": [
         {"id": "a", "from": 0, "to": 2, "length": 3, "route": [0, 1, 2]},
         {"id": "b", "from": 1, "to": 3, "length": 2}]}
      """;

  static Map<String, String> corruptInstances() {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("wrong-type-length", GOOD.replace("\"length\": 3", "\"length\": \"3\""));
    m.put("wrong-type-nodes", GOOD.replace("\"nodes\": 4", "\"nodes\": [4]"));
    m.put("missing-messages", GOOD.replace("\"messages\"", "\"messagez\""));
    m.put(
        "missing-model",
        GOOD.replace("\"model\": {\"kind\": \"bufferless\", \"ports\": \"all\"},", ""));
    m.put(
        "unknown-field",
        GOOD.replace("\"name\": \"bad\"", "\"name\": \"bad\", \"colour\": \"red\""));
    m.put(
        "unknown-nested-field",
        GOOD.replace("\"ports\": \"all\"", "\"ports\": \"all\", \"buffers\": 2"));
    m.put("node-out-of-range", GOOD.replace("\"to\": 3", "\"to\": 9"));
    m.put("link-out-of-range", GOOD.replace("[2, 3]]", "[2, 7]]"));
    m.put("non-adjacent-route", GOOD.replace("[0, 1, 2]", "[0, 2]"));
    m.put("route-wrong-end", GOOD.replace("[0, 1, 2]", "[0, 1]"));
    m.put("duplicate-id", GOOD.replace("\"id\": \"b\"", "\"id\": \"a\""));
    // half a character: Jackson would write it back as "?", a different id (issue 13, round trips)
    m.put("unpaired-surrogate-id", GOOD.replace("\"id\": \"a\"", "\"id\": \"a\\ud800\""));
    m.put("zero-length", GOOD.replace("\"length\": 3", "\"length\": 0"));
    m.put("negative-length", GOOD.replace("\"length\": 3", "\"length\": -3"));
    m.put("huge-length", GOOD.replace("\"length\": 3", "\"length\": 99999999999999999999"));
    m.put("fractional-length", GOOD.replace("\"length\": 3", "\"length\": 2.5"));
    // past the 2^62 ticks of serial work (Magnitudes): these overflowed inside the methods (exit
    // 70) before
    m.put("length-2^62", GOOD.replace("\"length\": 3", "\"length\": 4611686018427387904"));
    m.put("length-2^63-1", GOOD.replace("\"length\": 3", "\"length\": 9223372036854775807"));
    m.put(
        "send-length-2^62",
        """
        {"format": "commsched-instance/1", "name": "s", "problem": "send",
         "model": {"kind": "store-and-forward", "beta": "5", "tau": "1", "ports": "all", "duplex": "full"},
         "network": {"family": "bla", "nodes": 6}, "source": 0, "target": 5, "length": 4611686018427387904}
        """);
    m.put(
        "beta-of-40-digits",
        """
        {"format": "commsched-instance/1", "name": "s", "problem": "send",
         "model": {"kind": "store-and-forward", "beta": "9999999999999999999999999999999999999999", "tau": "1",
                   "ports": "all", "duplex": "full"},
         "network": {"family": "bla", "nodes": 6}, "source": 0, "target": 5, "length": 3}
        """);
    m.put("truncated", GOOD.substring(0, GOOD.length() / 2));
    m.put("empty", "");
    m.put("not-json", "this is not json");
    m.put("json-array", "[1, 2, 3]");
    m.put("bad-format-version", GOOD.replace("commsched-instance/1", "commsched-instance/9"));
    m.put("unknown-problem", GOOD.replace("\"chatting\"", "\"flooding\""));
    m.put(
        "unknown-family",
        GOOD.replace(
            "\"nodes\": 4, \"links\": [[0, 1], [1, 2], [2, 3]]",
            "\"family\": \"moebius\", \"nodes\": 4"));
    m.put("self-message", GOOD.replace("\"from\": 1, \"to\": 3", "\"from\": 3, \"to\": 3"));
    m.put(
        "duplicate-key",
        GOOD.replace("\"name\": \"bad\"", "\"name\": \"bad\", \"name\": \"worse\""));
    m.put(
        "beta-as-number",
        """
        {"format": "commsched-instance/1", "name": "s", "problem": "send",
         "model": {"kind": "store-and-forward", "beta": 5, "tau": "1", "ports": "all", "duplex": "full"},
         "network": {"family": "bla", "nodes": 4}, "source": 0, "target": 3, "length": 5}
        """);
    m.put(
        "ula-backwards",
        """
        {"format": "commsched-instance/1", "name": "u", "problem": "chatting",
         "model": {"kind": "bufferless", "ports": "all"}, "network": {"family": "ula", "nodes": 4},
         "messages": [{"id": "a", "from": 3, "to": 1, "length": 1}]}
        """);
    return m;
  }

  static void assertOneLineBadInput(CliTest.Run r, String file) {
    assertThat(r.code()).as(r.out() + r.err()).isEqualTo(2);
    String err = r.err().strip();
    assertThat(err).as("one line").doesNotContain("\n").isNotEmpty();
    assertThat(err).as("names the file").contains(file);
    assertThat(err).doesNotContain("Exception").doesNotContain("\tat ");
  }

  @TestFactory
  Stream<DynamicTest> corruptInstance_exits2WithOneLine_andWritesNothing() {
    return corruptInstances().entrySet().stream()
        .map(
            e ->
                DynamicTest.dynamicTest(
                    e.getKey(),
                    () -> {
                      Path f = tmp.resolve(e.getKey() + ".json");
                      Files.writeString(f, e.getValue());
                      Path out = tmp.resolve(e.getKey() + ".schedule.json");
                      for (String[] args :
                          new String[][] {
                            {"solve", f.toString(), "--out", out.toString()},
                            {"bounds", f.toString()},
                            {"solve", f.toString(), "--json"}
                          }) {
                        CliTest.Run r = CliTest.run(args);
                        assertOneLineBadInput(r, f.getFileName().toString());
                      }
                      assertThat(out).doesNotExist();
                    }));
  }

  @TestFactory
  Stream<DynamicTest> corruptSchedule_exits2WithOneLine() throws IOException {
    Path inst = tmp.resolve("good.json");
    Files.writeString(inst, GOOD);
    Path sched = tmp.resolve("good.schedule.json");
    assertThat(CliTest.run("solve", inst.toString(), "--out", sched.toString()).code()).isZero();
    String good = Files.readString(sched);
    Map<String, String> m = new LinkedHashMap<>();
    m.put("truncated", good.substring(0, good.length() / 2));
    m.put("empty", "");
    m.put("unknown-field", good.replaceFirst("\"method\"", "\"methd\": 1, \"method\""));
    m.put(
        "wrong-instance", good.replaceFirst("\"instance\" *: *\"bad\"", "\"instance\": \"other\""));
    m.put("departure-as-string", good.replaceFirst("\"a\" *: *(\\d+)", "\"a\": \"$1\""));
    m.put(
        "huge-departure", good.replaceFirst("\"a\" *: *(\\d+)", "\"a\": 123456789012345678901234"));
    m.put("bad-status", good.replaceFirst("\"status\" *: *\"[A-Z]+\"", "\"status\": \"GREAT\""));
    return m.entrySet().stream()
        .map(
            e ->
                DynamicTest.dynamicTest(
                    e.getKey(),
                    () -> {
                      assertThat(e.getValue()).as("mutation applied").isNotEqualTo(good);
                      Path f = tmp.resolve("s-" + e.getKey() + ".json");
                      Files.writeString(f, e.getValue());
                      assertOneLineBadInput(
                          CliTest.run("check", inst.toString(), f.toString()),
                          f.getFileName().toString());
                    }));
  }

  @TestFactory
  Stream<DynamicTest> missingFileAndDirectory_exit2() {
    return Stream.of(tmp.resolve("nope.json"), tmp)
        .map(
            p ->
                DynamicTest.dynamicTest(
                    p.getFileName().toString(),
                    () ->
                        assertOneLineBadInput(
                            CliTest.run("solve", p.toString()), p.getFileName().toString())));
  }

  /**
   * A time limit beyond a year is refused (it used to wrap around or overflow into an internal
   * error).
   */
  @TestFactory
  Stream<DynamicTest> hugeTimeLimit_exits2WithOneLine() {
    return Stream.of("1e10", "9223372036854775.808", "1e300")
        .map(
            t ->
                DynamicTest.dynamicTest(
                    t,
                    () -> {
                      CliTest.Run r =
                          CliTest.run(
                              "solve",
                              CliTest.cat("chat-oracle-a-ula5.json"),
                              "--method",
                              "cpsat",
                              "--time-limit",
                              t);
                      assertThat(r.code()).as(r.out() + r.err()).isEqualTo(2);
                      assertThat(r.err().strip())
                          .doesNotContain("\n")
                          .contains("--time-limit")
                          .contains("31536000")
                          .doesNotContain("Exception");
                    }));
  }
}
