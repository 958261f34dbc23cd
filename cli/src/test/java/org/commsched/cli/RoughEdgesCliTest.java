package org.commsched.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.commsched.cli.CliTest.cat;
import static org.commsched.cli.CliTest.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The small things a new user met (issue 13): option values are checked with one readable line,
 * errors reach a {@code --json} reader on stdout, long values are cut, and {@code generate} writes
 * what its {@code --out} says.
 */
class RoughEdgesCliTest {
  @TempDir Path tmp;

  private static void oneLine(CliTest.Run r, String contains) {
    assertThat(r.code()).as(r.err()).isEqualTo(2);
    assertThat(r.err().strip()).doesNotContain("\n").doesNotContain("java.lang").contains(contains);
  }

  @Test
  void badNumbers_areOneReadableLine() {
    oneLine(
        run("solve", cat("chat-oracle-b-ula4.json"), "--time-limit", "abc"),
        "'abc' is not a decimal number");
    oneLine(
        run("solve", cat("chat-oracle-b-ula4.json"), "--seed", "1.5"),
        "'1.5' is not a whole number");
    oneLine(
        run("generate", "--problem", "chatting", "--family", "ula", "--size", "x5"),
        "'x5' is not a whole number");
  }

  @Test
  void workersBelowOne_areRefused() {
    oneLine(
        run("solve", cat("chat-oracle-b-ula4.json"), "--workers", "0"),
        "--workers must be at least 1");
    oneLine(
        run("solve", cat("chat-oracle-b-ula4.json"), "--workers", "-3"),
        "--workers must be at least 1");
  }

  @Test
  void jsonRunsGetTheErrorOnStdoutToo() throws IOException {
    CliTest.Run r = run("solve", tmp.resolve("missing.json").toString(), "--json");
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.json().get("error").stringValue())
        .contains("missing.json")
        .contains("no such file");
    assertThat(r.json().get("exitCode").asInt()).isEqualTo(2);
    assertThat(r.err()).contains("no such file");
    Path bad = tmp.resolve("bad.json");
    Files.writeString(bad, "{\"problem\": \"chatting\"}");
    CliTest.Run b = run("solve", bad.toString(), "--json");
    assertThat(b.code()).isEqualTo(2);
    assertThat(b.json().get("file").stringValue()).isEqualTo(bad.toString());
    assertThat(b.json().get("place").stringValue()).isEqualTo("/format");
    assertThat(b.json().get("fix").stringValue()).startsWith("add \"format\"");
    assertThat(b.err().strip()).isEqualTo(b.json().get("error").stringValue());
    CliTest.Run p = run("solve", cat("chat-oracle-b-ula4.json"), "--workers", "0", "--json");
    assertThat(p.json().get("exitCode").asInt()).isEqualTo(2);
    assertThat(p.json().get("place").stringValue()).isEqualTo("--workers");
    assertThat(p.json().get("fix").stringValue()).isEqualTo("leave it out to use every core");
    assertThat(p.json().get("file").isNull()).as("present, null: no file is at fault").isTrue();
  }

  /**
   * The four keys of issue 13 item 6 in every --json error: a missing file is named, an option
   * error names it.
   */
  @Test
  void jsonErrorsNameTheFileOrTheOption() {
    String missing = tmp.resolve("missing.json").toString();
    CliTest.Run r = run("solve", missing, "--json");
    assertThat(r.json().get("file").stringValue()).isEqualTo(missing);
    assertThat(r.json().get("fix").stringValue()).isEqualTo("check the path");
    CliTest.Run t = run("solve", cat("chat-oracle-b-ula4.json"), "--time-limit", "abc", "--json");
    assertThat(t.code()).isEqualTo(2);
    assertThat(t.json().get("place").stringValue()).isEqualTo("--time-limit");
    assertThat(t.json().get("fix").stringValue()).isEqualTo("see: commsched solve --help");
    for (String key : new String[] {"error", "exitCode", "file", "place", "fix"}) {
      assertThat(t.json().has(key)).as(key).isTrue();
    }
  }

  @Test
  void everySubcommandPrintsTheVersion() {
    String top = run("--version").out().strip();
    assertThat(top).startsWith("commsched ");
    for (String sub : new String[] {"solve", "check", "generate", "bounds", "methods"}) {
      assertThat(run(sub, "--version").out().strip()).as(sub).isEqualTo(top);
    }
  }

  @Test
  void aHugeBadValue_isCut() {
    String huge = "x".repeat(1_000_000);
    CliTest.Run r = run("solve", cat("chat-oracle-b-ula4.json"), "--method", huge);
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err().strip().length()).isLessThanOrEqualTo(Main.READABLE);
    assertThat(r.err()).contains("unknown method").contains("characters, cut");
  }

  @Test
  void generate_countCreatesTheDirectory_andCsvMeansTheMemoryPlannerForm() throws IOException {
    Path dir = tmp.resolve("new/deeper");
    CliTest.Run many =
        run(
            "generate",
            "--problem",
            "chatting",
            "--family",
            "ula",
            "--size",
            "5",
            "--messages",
            "3",
            "--count",
            "2",
            "--seed",
            "1",
            "--out",
            dir.toString());
    assertThat(many.code()).as(many.err()).isZero();
    try (var files = Files.list(dir)) {
      assertThat(files.count()).isEqualTo(2);
    }
    Path csv = tmp.resolve("p.csv");
    CliTest.Run dsa =
        run(
            "generate",
            "--problem",
            "dsa",
            "--packing",
            "perfect",
            "--size",
            "50",
            "--messages",
            "8",
            "--seed",
            "3",
            "--out",
            csv.toString());
    assertThat(dsa.code()).as(dsa.err()).isZero();
    assertThat(Files.readAllLines(csv).get(0)).isEqualTo("id,lower,upper,size");
    CliTest.Run solved = run("solve", csv.toString(), "--json");
    assertThat(solved.code()).as(solved.err()).isZero();
    assertThat(solved.json().get("makespan").asLong())
        .isEqualTo(1L << 20); // a perfect packing: optimum = load
    oneLine(
        run(
            "generate",
            "--problem",
            "chatting",
            "--family",
            "ula",
            "--size",
            "5",
            "--messages",
            "3",
            "--out",
            tmp.resolve("c.csv").toString()),
        "CSV is the memory-planner form of dsa instances");
    assertThat(tmp.resolve("c.csv")).doesNotExist();
  }

  /**
   * An instance path that names a network drawing points to the import instead of "invalid JSON".
   */
  @Test
  void solveOnANetworkDrawing_pointsToTheImport() throws IOException {
    Path dot = Files.writeString(tmp.resolve("net.dot"), "graph g { a -- b; b -- c; }");
    oneLine(run("solve", dot.toString()), "commsched generate --network " + dot);
  }

  /**
   * One label per fact (docs/FORMATS.md, Labels): no statistic repeats what a result field says
   * (lns had gapTicks beside gap and searchSeconds beside seconds; a spanning-tree run printed the
   * tree three times), and a virtual result says so in text and JSON.
   */
  @Test
  void labelsAreNotRepeated() {
    CliTest.Run lns =
        run(
            "solve",
            cat("chat-oracle-b-ula4.json"),
            "--method",
            "lns",
            "--time-limit",
            "2",
            "--json",
            "--quiet");
    assertThat(lns.code()).as(lns.err()).isZero();
    java.util.List<String> keys = new java.util.ArrayList<>();
    lns.json().get("stats").propertyNames().forEach(keys::add);
    assertThat(keys).doesNotContain("gapTicks", "searchSeconds", "gap", "seconds", "wallSeconds");
    assertThat(lns.json().get("virtual").asBoolean()).isFalse();

    CliTest.Run tree =
        run(
            "solve",
            cat("sg-ex5-scatter-bintree7.json"),
            "--method",
            "fdf",
            "--spanning-tree",
            "balanced",
            "--quiet");
    assertThat(tree.code()).as(tree.err()).isZero();
    assertThat(tree.out()).contains("routes along the balanced spanning tree");
    assertThat(tree.out().lines().filter(l -> l.contains("balanced") || l.startsWith("routes")))
        .hasSize(1);

    CliTest.Run slots =
        run("solve", cat("dsa-small.json"), "--method", "best-fit", "--json", "--quiet");
    assertThat(slots.json().get("virtual").asBoolean()).isTrue();
    assertThat(run("solve", cat("dsa-small.json"), "--method", "best-fit", "--quiet").out())
        .contains("(virtual: the span of the slots)");
  }

  /**
   * A message id longer than Jackson's default limit for property names (50,000) is a key of the
   * schedule that {@code solve} writes; {@code check} reads it back (it refused the file as invalid
   * JSON; found by the file fuzzer, docs/TESTS.md#file-fuzzing).
   */
  @Test
  void aScheduleKeyedByAMessageIdOf140000Characters_readsBack() throws java.io.IOException {
    String base = Files.readString(Path.of(cat("chat-oracle-b-ula4.json")));
    tools.jackson.databind.node.ObjectNode doc =
        (tools.jackson.databind.node.ObjectNode) CliTest.MAPPER.readTree(base);
    String id = "é\"\\,日🚀".repeat(20_001);
    ((tools.jackson.databind.node.ObjectNode) doc.get("messages").get(0)).put("id", id);
    Path in =
        Files.writeString(tmp.resolve("long-id.json"), CliTest.MAPPER.writeValueAsString(doc));
    Path out = tmp.resolve("long-id.schedule.json");
    CliTest.Run s =
        run("solve", in.toString(), "--method", "greedy", "--out", out.toString(), "--quiet");
    assertThat(s.code()).as(s.err()).isZero();
    CliTest.Run c = run("check", in.toString(), out.toString(), "--json");
    assertThat(c.code()).as(c.err()).isZero();
    assertThat(c.json().get("valid").asBoolean()).isTrue();
  }
}
