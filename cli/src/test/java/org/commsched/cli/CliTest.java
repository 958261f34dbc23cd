package org.commsched.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.commsched.core.testing.Deep;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/** The command line end to end, as FORMATS.md describes it: output fields, exit codes, files. */
class CliTest {
  static final Path CATALOGUE = catalogue();
  static final JsonMapper MAPPER = JsonMapper.builder().build();

  @TempDir Path tmp;

  record Run(int code, String out, String err) {
    JsonNode json() {
      return MAPPER.readTree(out);
    }
  }

  static Path catalogue() {
    Path p = Paths.get("").toAbsolutePath();
    while (p != null && !Files.isDirectory(p.resolve("instances/catalogue"))) {
      p = p.getParent();
    }
    return p.resolve("instances/catalogue");
  }

  static Run run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
    return new Run(code, out.toString(), err.toString());
  }

  static String cat(String file) {
    return CATALOGUE.resolve(file).toString();
  }

  @Test
  void solveJson_printsTheFormatsFields_andAValidSchedule() {
    Run r = run("solve", cat("chat-oracle-b-ula4.json"), "--json");
    assertThat(r.code()).as(r.err()).isZero();
    JsonNode j = r.json();
    for (String f :
        new String[] {
          "instance", "method", "status", "makespan", "lowerBound", "valid", "seconds"
        }) {
      assertThat(j.has(f)).as(f).isTrue();
    }
    assertThat(j.get("valid").asBoolean()).isTrue();
    assertThat(j.get("instance").stringValue()).isEqualTo("chat-oracle-b-ula4");
    // docs/models/bufferless-chatting.md#examples oracle B: C = 7 = T_opt, so no schedule can be
    // shorter than 7
    assertThat(j.get("lowerBound").asLong()).isEqualTo(7);
    assertThat(j.get("makespan").asLong()).isGreaterThanOrEqualTo(7);
  }

  @Test
  void solveOut_thenCheck_valid_thenOneDepartureMovedOntoAnOccupiedArc_isInvalidNamingBoth()
      throws IOException {
    Path sched = tmp.resolve("b.schedule.json");
    Run s = run("solve", cat("chat-oracle-b-ula4.json"), "--out", sched.toString());
    assertThat(s.code()).as(s.err()).isZero();
    assertThat(run("check", cat("chat-oracle-b-ula4.json"), sched.toString()).code()).isZero();
    // oracle B: M0 0->3 (3 flits) and M1 1->2 (2 flits) share arc 1->2; M0 crosses it at
    // departure+1.
    ObjectNode doc = (ObjectNode) MAPPER.readTree(Files.readString(sched));
    ObjectNode dep = (ObjectNode) doc.get("departures");
    long m0 = dep.get("M0").asLong();
    dep.put("M1", m0 + 1);
    Path broken = tmp.resolve("broken.schedule.json");
    Files.writeString(broken, MAPPER.writeValueAsString(doc));
    Run c = run("check", cat("chat-oracle-b-ula4.json"), broken.toString(), "--json");
    assertThat(c.code()).isEqualTo(1);
    JsonNode v = c.json().get("violations");
    boolean named = false;
    for (JsonNode x : v) {
      if (x.get("kind").stringValue().equals("ARC_CONFLICT")
          && x.get("place").stringValue().equals("1->2")
          && x.get("messages").toString().contains("M0")
          && x.get("messages").toString().contains("M1")) {
        named = true;
      }
    }
    assertThat(named).as(c.out()).isTrue();
  }

  @Test
  void chattingWithExplicitRoutesOnExplicitLinks_solvesAndChecks() throws IOException {
    Path inst = tmp.resolve("links.json");
    Files.writeString(
        inst,
        """
        {"format": "commsched-instance/1", "name": "links", "problem": "chatting",
         "model": {"kind": "bufferless", "ports": "all"},
         "network": {"nodes": 4, "links": [[0, 1], [1, 2], [2, 3], [3, 0]]},
         "messages": [
           {"id": "a", "from": 0, "to": 2, "length": 3, "route": [0, 1, 2]},
           {"id": "b", "from": 1, "to": 3, "length": 2, "route": [1, 2, 3]},
           {"id": "c", "from": 3, "to": 1, "length": 2, "route": [3, 0, 1]}]}
        """);
    Path sched = tmp.resolve("links.schedule.json");
    Run s = run("solve", inst.toString(), "--out", sched.toString(), "--json");
    assertThat(s.code()).as(s.err()).isZero();
    assertThat(s.json().get("valid").asBoolean()).isTrue();
    assertThat(run("check", inst.toString(), sched.toString()).code()).isZero();
  }

  /**
   * The catalogue's JSON instances in name order, split by the everyday build: {@code deep} false
   * gives the first instance of each family prefix ({@code chat-}, {@code dsa-}, {@code lc-},
   * {@code pk-}, {@code sg-}, {@code tb-}), {@code deep} true all the others (each solve may run to
   * its 2 s limit: all of them took most of the module's time).
   */
  static List<Path> catalogueInstances(boolean deep) throws IOException {
    Set<String> prefixes = new HashSet<>();
    List<Path> out = new ArrayList<>();
    try (var files = Files.list(CATALOGUE)) {
      for (Path f :
          files
              .filter(p -> p.toString().endsWith(".json") && !p.endsWith("manifest.json"))
              .sorted()
              .toList()) {
        boolean first = prefixes.add(f.getFileName().toString().split("-")[0]);
        if (first != deep) {
          out.add(f);
        }
      }
    }
    return out;
  }

  @Test
  void oneCatalogueInstanceOfEachFamily_solvesAndItsScheduleChecks() throws IOException {
    solvesAndChecks(catalogueInstances(false));
  }

  @Deep
  @Test
  void everyOtherCatalogueInstance_solvesAndItsScheduleChecks() throws IOException {
    solvesAndChecks(catalogueInstances(true));
  }

  private void solvesAndChecks(List<Path> instances) {
    assertThat(instances).isNotEmpty();
    for (Path f : instances) {
      Path sched = tmp.resolve(f.getFileName() + ".schedule.json");
      Run s = run("solve", f.toString(), "--out", sched.toString(), "--json", "--time-limit", "2");
      assertThat(s.code()).as(f + ": " + s.err()).isZero();
      assertThat(s.json().get("valid").asBoolean()).as(f.toString()).isTrue();
      Run c = run("check", f.toString(), sched.toString());
      assertThat(c.code()).as(f + ": " + c.out() + c.err()).isZero();
    }
  }

  @Test
  void dsaCsv_solvesToCsvOffsets() throws IOException {
    Path out = tmp.resolve("offsets.csv");
    Run r = run("solve", cat("dsa-small.csv"), "--out", out.toString(), "--json");
    assertThat(r.code()).as(r.err()).isZero();
    String csv = Files.readString(out);
    assertThat(csv.lines().findFirst().orElse("")).isEqualTo("id,lower,upper,size,offset");
    assertThat(r.json().get("makespan").asLong())
        .isGreaterThanOrEqualTo(r.json().get("lowerBound").asLong());
  }

  @Test
  void boundsJson_listsWitnesses() {
    Run r = run("bounds", cat("chat-oracle-b-ula4.json"), "--json");
    assertThat(r.code()).isZero();
    assertThat(r.json().get("best").get("value").asLong()).isEqualTo(7);
    assertThat(r.json().get("best").get("witness").stringValue()).isNotBlank();
  }

  @Test
  void methods_listsABaselineForEveryProblem() {
    for (String p :
        new String[] {"chatting", "scatter", "gather", "broadcast", "gossip", "send", "dsa"}) {
      Run r = run("methods", "--problem", p, "--json");
      assertThat(r.code()).isZero();
      assertThat(r.json().get("methods").size()).as(p).isPositive();
    }
  }

  @Test
  void generate_isDeterministic_andItsOutputSolves() throws IOException {
    Run a =
        run(
            "generate",
            "--problem",
            "chatting",
            "--family",
            "ula",
            "--size",
            "8",
            "--messages",
            "12",
            "--seed",
            "3");
    Run b =
        run(
            "generate",
            "--problem",
            "chatting",
            "--family",
            "ula",
            "--size",
            "8",
            "--messages",
            "12",
            "--seed",
            "3");
    assertThat(a.code()).as(a.err()).isZero();
    assertThat(a.out()).isEqualTo(b.out());
    Path f = tmp.resolve("g.json");
    Files.writeString(f, a.out());
    assertThat(run("solve", f.toString()).code()).isZero();
  }

  @Test
  void generate_onAnImportedDotNetwork_solvesAndChecks() throws IOException {
    Path dot = tmp.resolve("square.dot");
    Files.writeString(dot, "graph square { a -- b; b -- c; c -- d; d -- a; a -- c; }\n");
    Path inst = tmp.resolve("square.json");
    Run g =
        run(
            "generate",
            "--network",
            dot.toString(),
            "--problem",
            "chatting",
            "--messages",
            "6",
            "--seed",
            "2",
            "--out",
            inst.toString());
    assertThat(g.code()).as(g.err()).isZero();
    JsonNode doc = MAPPER.readTree(Files.readString(inst));
    assertThat(doc.get("network").get("links").size()).isEqualTo(5);
    assertThat(doc.get("name").stringValue()).isEqualTo("square-chatting-s2");
    Path sched = tmp.resolve("square.schedule.json");
    assertThat(run("solve", inst.toString(), "--out", sched.toString()).code()).isZero();
    assertThat(run("check", inst.toString(), sched.toString()).code()).isZero();
  }

  @Test
  void unknownMethod_isBadInput_inOneLine() {
    Run r = run("solve", cat("chat-oracle-b-ula4.json"), "--method", "nope");
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err().strip()).doesNotContain("\n").contains("nope");
  }

  @Test
  void methodThatDoesNotApply_isBadInput() {
    Run r = run("solve", cat("lc-e1-send-path5-all.json"), "--method", "first-fit");
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err().strip()).doesNotContain("\n").contains("does not apply");
  }

  @Test
  void failedRun_leavesNoOutputFile() {
    Path out = tmp.resolve("never.json");
    Run r = run("solve", tmp.resolve("missing.json").toString(), "--out", out.toString());
    assertThat(r.code()).isEqualTo(2);
    assertThat(out).doesNotExist();
  }

  @Test
  void noArguments_isBadInput() {
    assertThat(run().code()).isEqualTo(2);
    assertThat(run("solve").code()).isEqualTo(2);
    assertThat(run("frobnicate").code()).isEqualTo(2);
  }
}
