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
 * The rough edges a newcomer met on a first hour with the tool (issue 26, item 5), each as the newcomer typed it.
 * The launcher's own edge (a symbolic link to it) is held by {@code scripts/launcher-test.sh}, which CI runs once the
 * jar is built.
 */
class NewcomerCliTest {
  @TempDir
  Path tmp;

  @Test
  void aMistypedCommandIsAnsweredWithTheNearestCommand() {
    CliTest.Run r = run("slove", cat("chat-oracle-b-ula4.json"));
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err().strip()).doesNotContain("\n").contains("'slove'").contains("did you mean 'solve'?");
  }

  @Test
  void aMistypedOptionIsAnsweredWithTheNearestOptionOfThatCommand() {
    CliTest.Run r = run("solve", cat("chat-oracle-b-ula4.json"), "--metod", "greedy");
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err().strip()).doesNotContain("\n").contains("did you mean '--method'?")
        .endsWith("(see: commsched solve --help)");
  }

  @Test
  void aWordLikeNoCommandGetsNoGuess() {
    CliTest.Run r = run("zzzzzz");
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err()).contains("'zzzzzz'").doesNotContain("did you mean");
  }

  @Test
  void theJsonErrorOfAMistypeCarriesTheGuessAsItsFix() {
    CliTest.Run r = run("solve", cat("chat-oracle-b-ula4.json"), "--metod", "greedy", "--json");
    assertThat(r.json().get("fix").stringValue()).startsWith("did you mean '--method'?");
    assertThat(r.json().get("place").stringValue()).isEqualTo("--metod");
  }

  @Test
  void generateWithSizeZeroSaysTheSizeIsTooSmallRatherThanMissing() {
    for (String n : new String[] {"0", "-3"}) {
      CliTest.Run r = run("generate", "--problem", "chatting", "--family", "ula", "--size", n);
      assertThat(r.code()).isEqualTo(2);
      assertThat(r.err().strip()).doesNotContain("\n").contains("--size must be at least 1 (here " + n + ")")
          .endsWith("give a positive N");
    }
    CliTest.Run missing = run("generate", "--problem", "chatting", "--family", "ula");
    assertThat(missing.err()).contains("give --family F and --size N");
  }

  @Test
  void drawToAPngIsRefusedAndWritesNothingWhileSvgAndTextStillFollowTheExtension() throws IOException {
    Path schedule = tmp.resolve("b.json");
    Files.writeString(schedule, """
        {"format": "commsched-schedule/1", "instance": "chat-oracle-b-ula4", "method": "hand", "status": "FEASIBLE",
         "makespan": 7, "departures": {"M0": 2, "M1": 0, "M2": 0, "M3": 0}}""");
    String instance = cat("chat-oracle-b-ula4.json");
    for (String name : new String[] {"x.png", "x.PDF", "x.html"}) {
      Path out = tmp.resolve(name);
      CliTest.Run r = run("draw", instance, schedule.toString(), "--out", out.toString());
      assertThat(r.code()).as(name).isEqualTo(2);
      assertThat(r.err().strip()).doesNotContain("\n").contains("draw does not write").endsWith("give --format text");
      assertThat(out).doesNotExist();
    }
    Path svg = tmp.resolve("x.svg");
    assertThat(run("draw", instance, schedule.toString(), "--out", svg.toString()).code()).isZero();
    assertThat(Files.readString(svg)).startsWith("<?xml");
    Path text = tmp.resolve("x.txt");
    assertThat(run("draw", instance, schedule.toString(), "--out", text.toString()).code()).isZero();
    assertThat(Files.readString(text)).doesNotContain("<svg");
    Path forced = tmp.resolve("y.png");
    assertThat(run("draw", instance, schedule.toString(), "--out", forced.toString(), "--format", "text").code())
        .as("an explicit --format is obeyed whatever the name").isZero();
  }

  /**
   * The README's any-network line: a gather on K_8 solved along the broadcast spanning tree. Its schedule is made for
   * the tree's routes, not the file's default (direct) routes; checked against the file it was INVALID with 14
   * violations and no hint. The schedule now names its tree, and check and draw judge it on those routes.
   */
  @Test
  void aScheduleSolvedAlongASpanningTreeChecksAgainstTheFileItWasSolvedFrom() throws IOException {
    Path k8 = tmp.resolve("k8.json");
    assertThat(run("generate", "--problem", "gather", "--family", "complete", "--size", "8", "--model",
        "bufferless:single", "--seed", "7", "--out", k8.toString()).code()).isZero();
    Path s = tmp.resolve("k8.schedule.json");
    CliTest.Run solved = run("solve", k8.toString(), "--method", "transmission-certification", "--spanning-tree",
        "broadcast", "--out", s.toString());
    assertThat(solved.code()).as(solved.err()).isZero();
    CliTest.Run checked = run("check", k8.toString(), s.toString());
    assertThat(checked.code()).as(checked.out()).isZero();
    assertThat(checked.out()).contains("routes along the broadcast spanning tree").contains("valid: ");
    CliTest.Run json = run("check", k8.toString(), s.toString(), "--json");
    assertThat(json.json().get("valid").asBoolean()).isTrue();
    assertThat(json.json().get("spanningTree").stringValue()).isEqualTo("broadcast");
    // the same schedule without its tree's name is judged on the file's direct routes, and fails there
    String tree = "\"spanningTree\"\\s*:\\s*\"broadcast\"";
    String text = Files.readString(s).replaceAll(tree, "\"spanningTreeX\": \"broadcast\"");
    assertThat(text).doesNotContain("\"spanningTree\"");
    Path bare = tmp.resolve("bare.json");
    Files.writeString(bare, text);
    assertThat(run("check", k8.toString(), bare.toString()).code()).isEqualTo(1);
    // a tree commsched does not know is bad input in one line, naming the schedule and the place
    Path odd = tmp.resolve("odd.json");
    Files.writeString(odd, Files.readString(s).replaceAll(tree, "\"spanningTree\": \"oak\""));
    CliTest.Run bad = run("check", k8.toString(), odd.toString());
    assertThat(bad.code()).isEqualTo(2);
    assertThat(bad.err().strip()).doesNotContain("\n").startsWith(odd + ": /stats/spanningTree: ");
  }
}
