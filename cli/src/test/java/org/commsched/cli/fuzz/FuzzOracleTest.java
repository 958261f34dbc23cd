package org.commsched.cli.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The file fuzzer's oracle and generator on their own: each rule of {@link FuzzOracle} fails the
 * outcome that breaks it (so the fuzz suite can fail), and {@link FuzzCases} gives the same case
 * for the same seed and reaches every format, family and command.
 */
class FuzzOracleTest {
  @TempDir Path tmp;

  private static FuzzCase solveCase(boolean mustRefuse, String secret) {
    Map<String, byte[]> files = new LinkedHashMap<>();
    files.put("in.json", "{}".getBytes(StandardCharsets.UTF_8));
    return new FuzzCase(
        7,
        "json/test",
        files,
        List.of("solve", "@in.json", "--time-limit", "1", "--out", "@out.schedule.json"),
        1,
        "out.schedule.json",
        mustRefuse,
        secret);
  }

  private static FuzzOracle.Outcome outcome(Integer code, String out, String err, double seconds) {
    return new FuzzOracle.Outcome(code, out, err, seconds, 1000, null, false, false);
  }

  private Set<String> kinds(FuzzCase c, FuzzOracle.Outcome o) throws IOException {
    Path dir = tmp.resolve("d" + System.nanoTime());
    c.writeTo(dir);
    return kinds(c, o, dir);
  }

  private static Set<String> kinds(FuzzCase c, FuzzOracle.Outcome o, Path dir) {
    return FuzzOracle.judge(c, o, dir, 2, 1 << 20).stream()
        .map(FuzzOracle.Failure::kind)
        .collect(Collectors.toCollection(TreeSet::new));
  }

  @Test
  void aCleanRefusal_passes_andEachBrokenRuleIsNamed() throws IOException {
    FuzzCase c = solveCase(false, null);
    assertThat(kinds(c, outcome(2, "", "in.json: /messages: missing; add it\n", 0.5))).isEmpty();
    assertThat(kinds(c, outcome(70, "", "commsched: internal error: x\n", 0.5)))
        .contains("exit-70");
    assertThat(kinds(c, outcome(2, "", "first\nsecond\n", 0.5))).containsExactly("not-one-line");
    assertThat(kinds(c, outcome(2, "", "in.json: java.lang.NullPointerException\n", 0.5)))
        .containsExactly("exception-text");
    assertThat(
            kinds(c, outcome(2, "", "Cannot invoke \"x.isValid()\" because \"y\" is null\n", 0.5)))
        .containsExactly("exception-text");
    assertThat(kinds(c, outcome(2, "", "bad id m\u001b[31m; rename it\n", 0.5)))
        .containsExactly("raw-control-chars");
    assertThat(kinds(c, outcome(0, "status FEASIBLE \u202e\n", "", 0.5)))
        .contains("raw-control-chars");
    assertThat(kinds(c, outcome(2, "", "late; fix\n", 3.5))).containsExactly("past-limit");
    assertThat(kinds(c, new FuzzOracle.Outcome(null, "", "", 9, 2 << 20, null, true, true)))
        .containsExactly("memory");
    assertThat(kinds(solveCase(true, null), outcome(0, "", "", 0.5)))
        .contains("accepted-bad-input");
  }

  @Test
  void outputFiles_partialMissingLeftoverOrLeaked_areFailures() throws IOException {
    FuzzCase c = solveCase(false, null);
    Path dir = tmp.resolve("files");
    c.writeTo(dir);
    assertThat(kinds(c, outcome(0, "", "", 0.5), dir)).containsExactly("missing-output");
    Files.writeString(
        dir.resolve("out.schedule.json"),
        "{\"format\": \"commsched-schedule/1\", \"departures\": {");
    assertThat(kinds(c, outcome(0, "", "", 0.5), dir)).containsExactly("partial-output");
    assertThat(kinds(c, outcome(2, "", "bad; fix\n", 0.5), dir)).containsExactly("partial-output");
    Files.writeString(dir.resolve("out.schedule.json"), "{}");
    assertThat(kinds(c, outcome(0, "", "", 0.5), dir)).isEmpty();
    Files.writeString(dir.resolve("out.schedule.json.tmp"), "{");
    assertThat(kinds(c, outcome(0, "", "", 0.5), dir)).containsExactly("leftover-file");

    FuzzCase s = solveCase(false, "FUZZSECRET1Z");
    assertThat(kinds(s, outcome(0, "nodes: FUZZSECRET1Z\n", "", 0.5))).contains("secret-leak");
  }

  @Test
  void theSameSeed_givesTheSameCase_andTheCasesReachEveryFormatFamilyAndCommand()
      throws IOException {
    FuzzCases a = new FuzzCases(Files.createDirectories(tmp.resolve("a")));
    FuzzCases b = new FuzzCases(Files.createDirectories(tmp.resolve("b")));
    Set<String> formats = new TreeSet<>();
    Set<String> commands = new TreeSet<>();
    for (long seed = 0; seed < 300; seed++) {
      FuzzCase x = a.draw(seed);
      if (seed < 40) { // a second generator of its own (no shared cache) draws the same case
        FuzzCase y = b.draw(seed);
        assertThat(y.args()).isEqualTo(x.args());
        assertThat(y.files().get(y.input())).isEqualTo(x.files().get(x.input()));
      }
      formats.add(x.mutation().substring(0, x.mutation().indexOf('/')));
      commands.add(
          x.args().get(0)
              + (x.args().contains("--method") ? " --method" : "")
              + (x.args().contains("svg") ? " svg" : x.args().contains("text") ? " text" : ""));
    }
    assertThat(formats).contains("json", "bytes", "size", "schedule", "csv", "graphml", "dot");
    assertThat(commands)
        .contains(
            "solve", "solve --method", "check", "bounds", "draw text", "draw svg", "generate");
  }
}
