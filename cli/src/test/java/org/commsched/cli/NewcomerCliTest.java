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
 * The rough edges a newcomer met on a first hour with the tool (issue 26, item 5), each as the
 * newcomer typed it. The launcher's own edge (a symbolic link to it) is held by {@code
 * scripts/launcher-test.sh}, which CI runs once the jar is built.
 */
class NewcomerCliTest {
  @TempDir Path tmp;

  @Test
  void aMistypedCommandIsAnsweredWithTheNearestCommand() {
    CliTest.Run r = run("slove", cat("chat-oracle-b-ula4.json"));
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err().strip())
        .doesNotContain("\n")
        .contains("'slove'")
        .contains("did you mean 'solve'?");
  }

  @Test
  void onlyTheNearestCommandsAreSuggestedNotEveryNamePicocliFindsAlike() {
    for (String[] typo :
        new String[][] {
          {"improt", "'import'"},
          {"exprot", "'export'"},
          {"wrost", "'worst'"},
          {"bounsd", "'bounds'"}
        }) {
      CliTest.Run r = run(typo[0]);
      assertThat(r.code()).isEqualTo(2);
      assertThat(r.err()).as(typo[0]).contains("did you mean " + typo[1] + "?");
    }
  }

  @Test
  void aMistypedOptionIsAnsweredWithTheNearestOptionOfThatCommand() {
    CliTest.Run r = run("solve", cat("chat-oracle-b-ula4.json"), "--metod", "greedy");
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err().strip())
        .doesNotContain("\n")
        .contains("did you mean '--method'?")
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
      assertThat(r.err().strip())
          .doesNotContain("\n")
          .contains("--size must be at least 1 (here " + n + ")")
          .endsWith("give a positive N");
    }
    CliTest.Run missing = run("generate", "--problem", "chatting", "--family", "ula");
    assertThat(missing.err()).contains("give --family F and --size N");
  }

  @Test
  void drawToAPngIsRefusedAndWritesNothingWhileSvgAndTextStillFollowTheExtension()
      throws IOException {
    Path schedule = tmp.resolve("b.json");
    Files.writeString(
        schedule,
        """
        {"format": "commsched-schedule/1", "instance": "chat-oracle-b-ula4", "method": "hand", "status": "FEASIBLE",
         "makespan": 7, "departures": {"M0": 2, "M1": 0, "M2": 0, "M3": 0}}""");
    String instance = cat("chat-oracle-b-ula4.json");
    for (String name : new String[] {"x.png", "x.PDF", "x.html"}) {
      Path out = tmp.resolve(name);
      CliTest.Run r = run("draw", instance, schedule.toString(), "--out", out.toString());
      assertThat(r.code()).as(name).isEqualTo(2);
      assertThat(r.err().strip())
          .doesNotContain("\n")
          .contains("draw does not write")
          .endsWith("give --format text");
      assertThat(out).doesNotExist();
    }
    Path svg = tmp.resolve("x.svg");
    assertThat(run("draw", instance, schedule.toString(), "--out", svg.toString()).code()).isZero();
    assertThat(Files.readString(svg)).startsWith("<?xml");
    Path text = tmp.resolve("x.txt");
    assertThat(run("draw", instance, schedule.toString(), "--out", text.toString()).code())
        .isZero();
    assertThat(Files.readString(text)).doesNotContain("<svg");
    Path forced = tmp.resolve("y.png");
    assertThat(
            run(
                    "draw",
                    instance,
                    schedule.toString(),
                    "--out",
                    forced.toString(),
                    "--format",
                    "text")
                .code())
        .as("an explicit --format is obeyed whatever the name")
        .isZero();
  }

  /**
   * The README's K_8 gather written to {@code k8} and solved along the broadcast spanning tree into
   * {@code s}.
   */
  private static void solveK8AlongTheBroadcastTree(Path k8, Path s) {
    assertThat(
            run(
                    "generate",
                    "--problem",
                    "gather",
                    "--family",
                    "complete",
                    "--size",
                    "8",
                    "--model",
                    "bufferless:single",
                    "--seed",
                    "7",
                    "--out",
                    k8.toString())
                .code())
        .isZero();
    CliTest.Run solved =
        run(
            "solve",
            k8.toString(),
            "--method",
            "transmission-certification",
            "--spanning-tree",
            "broadcast",
            "--out",
            s.toString());
    assertThat(solved.code()).as(solved.err()).isZero();
  }

  /**
   * The README's any-network line: a gather on K_8 solved along the broadcast spanning tree. Its
   * schedule is made for the tree's routes, not the file's default (direct) routes; checked against
   * the file it was INVALID with 14 violations and no hint. The schedule now names its tree, and
   * check and draw judge it on those routes.
   */
  @Test
  void aScheduleSolvedAlongASpanningTreeChecksAgainstTheFileItWasSolvedFrom() throws IOException {
    Path k8 = tmp.resolve("k8.json");
    Path s = tmp.resolve("k8.schedule.json");
    solveK8AlongTheBroadcastTree(k8, s);
    CliTest.Run checked = run("check", k8.toString(), s.toString());
    assertThat(checked.code()).as(checked.out()).isZero();
    assertThat(checked.out())
        .contains("routes along the broadcast spanning tree")
        .contains("valid: ");
    CliTest.Run json = run("check", k8.toString(), s.toString(), "--json");
    assertThat(json.json().get("valid").asBoolean()).isTrue();
    assertThat(json.json().get("spanningTree").stringValue()).isEqualTo("broadcast");
    // the same schedule without its tree's name is judged on the file's direct routes, and fails
    // there
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

  /**
   * The SVG of a run, as a string (the draw tests parse it; here its texts and attributes are
   * enough).
   */
  private static String svg(String... args) {
    CliTest.Run r = run(args);
    assertThat(r.code()).as(r.err()).isIn(0);
    return r.out();
  }

  private static java.util.List<String> texts(String svg, String cls) {
    java.util.List<String> out = new java.util.ArrayList<>();
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile("<text class=\"" + cls + "\"[^>]*>([^<]*)</text>")
            .matcher(svg);
    while (m.find()) {
      out.add(m.group(1));
    }
    return out;
  }

  /**
   * A memory layout is drawn as memory users read one: the file's times across (lane names are time
   * spans), the offset down, the height named as such; the text grid says "Offset".
   */
  @Test
  void aMemoryLayoutIsDrawnWithTimesAcrossAndOffsetsDown() throws IOException {
    Path layout = tmp.resolve("layout.csv");
    assertThat(
            run("solve", cat("dsa-small.csv"), "--method", "best-fit", "--out", layout.toString())
                .code())
        .isZero();
    String svg = svg("draw", cat("dsa-small.csv"), layout.toString(), "--format", "svg");
    assertThat(texts(svg, "lane")).first().isEqualTo("[0,1)");
    assertThat(texts(svg, "lane")).noneMatch(n -> n.contains("->"));
    assertThat(svg).contains(">offset</text>").doesNotContain(">step</text>");
    assertThat(texts(svg, "caption"))
        .singleElement()
        .asString()
        .contains("times across")
        .contains("offset");
    assertThat(svg)
        .contains("layout by csv, height "); // a CSV layout does not name the method that made it
    String grid = run("draw", cat("dsa-small.csv"), layout.toString(), "--format", "text").out();
    assertThat(grid.lines().skip(1).findFirst().orElseThrow())
        .startsWith("Offset")
        .contains("[0,1)");
  }

  /**
   * Red marks violations only: no message is filled with a red hue, however many messages are
   * drawn.
   */
  @Test
  void noMessageIsFilledRed() throws IOException {
    Path inst = tmp.resolve("c.json");
    assertThat(
            run(
                    "generate",
                    "--problem",
                    "chatting",
                    "--family",
                    "ula",
                    "--size",
                    "12",
                    "--messages",
                    "40",
                    "--seed",
                    "3",
                    "--out",
                    inst.toString())
                .code())
        .isZero();
    Path s = tmp.resolve("c.schedule.json");
    assertThat(run("solve", inst.toString(), "--method", "greedy", "--out", s.toString()).code())
        .isZero();
    String svg = svg("draw", inst.toString(), s.toString(), "--format", "svg");
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile("fill=\"hsl\\((\\d+),").matcher(svg);
    int fills = 0;
    while (m.find()) {
      fills++;
      assertThat(Integer.parseInt(m.group(1))).as("hue").isBetween(40, 320);
    }
    assertThat(fills).isEqualTo(40);
  }

  /**
   * Violation notes wrap inside the drawing instead of running off its right edge, and a drawing of
   * slanted flits says why its shapes reach one step past the makespan line.
   */
  @Test
  void violationNotesWrapInsideTheDrawingAndTheSlantIsExplained() throws IOException {
    Path k8 = tmp.resolve("k8.json");
    Path s = tmp.resolve("k8.schedule.json");
    solveK8AlongTheBroadcastTree(k8, s);
    Path bare =
        tmp.resolve("bare.json"); // judged on the direct routes: 14 violations with long sentences
    Files.writeString(bare, Files.readString(s).replaceAll("\"spanningTree\"\\s*:", "\"tree\":"));
    CliTest.Run r = run("draw", k8.toString(), bare.toString(), "--format", "svg");
    assertThat(r.code()).isZero();
    String svg = r.out();
    java.util.regex.Matcher w =
        java.util.regex.Pattern.compile("<svg [^>]*width=\"(\\d+)\"").matcher(svg);
    assertThat(w.find()).isTrue();
    int width = Integer.parseInt(w.group(1));
    java.util.regex.Matcher n =
        java.util.regex.Pattern.compile("<text class=\"note\" x=\"(\\d+)\"[^>]*>([^<]*)<")
            .matcher(svg);
    int lines = 0;
    while (n.find()) {
      lines++;
      String line =
          n.group(2)
              .replace("&gt;", ">")
              .replace("&lt;", "<")
              .replace("&quot;", "\"")
              .replace("&amp;", "&");
      assertThat(Integer.parseInt(n.group(1)) + line.length() * 6)
          .as(line)
          .isLessThanOrEqualTo(width);
    }
    assertThat(lines).as("14 violations, some on two lines").isGreaterThan(14);
    assertThat(texts(svg, "caption"))
        .singleElement()
        .asString()
        .contains("one step past the dashed makespan line");
  }

  /**
   * Node labels wherever nodes are named: bounds' witnesses and check's claim lines, as solve
   * already did.
   */
  @Test
  void boundsAndCheckClaimsNameTheRootByItsLabel() throws IOException {
    Path dot = tmp.resolve("net.dot");
    Files.writeString(
        dot,
        "graph g { paris -- lyon; lyon -- nice; nice -- rome; rome -- paris; lyon -- rome; }\n");
    Path inst = tmp.resolve("net.json");
    assertThat(
            run(
                    "generate",
                    "--network",
                    dot.toString(),
                    "--problem",
                    "gather",
                    "--model",
                    "bufferless:single",
                    "--seed",
                    "1",
                    "--out",
                    inst.toString())
                .code())
        .isZero();
    Path s = tmp.resolve("net.schedule.json");
    CliTest.Run solved = run("solve", inst.toString(), "--out", s.toString());
    java.util.regex.Matcher root =
        java.util.regex.Pattern.compile("root ([a-z]+ \\(#\\d\\))").matcher(solved.out());
    assertThat(root.find()).as(solved.out()).isTrue();
    String named = "root " + root.group(1);
    CliTest.Run bounds = run("bounds", inst.toString());
    assertThat(bounds.out().lines().filter(l -> l.startsWith("best")))
        .singleElement()
        .asString()
        .contains(named);
    CliTest.Run check = run("check", inst.toString(), s.toString());
    assertThat(check.out().lines().filter(l -> l.startsWith("  claim lowerBound")))
        .singleElement()
        .asString()
        .contains(named);
    assertThat(run("bounds", inst.toString(), "--json").out())
        .as("JSON keeps node numbers (FORMATS)")
        .doesNotContain("(#");
  }
}
