package org.commsched.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.commsched.cli.CliTest.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Text that cannot drive a terminal (issue 28, docs/FORMATS.md#text-outputs): an instance whose
 * name, message ids and node labels hold ESC sequences (colour, window title, clear screen), BEL,
 * CR, LF, a C1 control, a bidi override and a noncharacter goes through every text output
 * in-process ({@code solve}, {@code check} valid and with violations, {@code bounds}, {@code draw
 * --format text}, a bad-input line, {@code generate}'s import note): no output holds a control or
 * bidi character other than the line ends the program writes, each string is shown in its escaped
 * form (written here by hand from the documented scheme), the JSON outputs keep the exact strings,
 * and the SVG drawing stays well-formed XML.
 */
class TerminalTextCliTest {
  /** The name: sets the window title, then reverses the rest of the line. */
  static final String NAME = "n\u001b]0;pwned\u0007\u202Eame";

  /**
   * Node labels: clear screen, bell, a CR and an LF that would forge a line, a right-to-left
   * override.
   */
  static final String[] LABELS = {"\u001b[2Jwipe", "bel\u0007l", "cr\rX\nFORGED", "\u202Egnp.exe"};

  /**
   * Message ids: red, window title, bell + CR + LF, bidi override + C1 CSI, a backslash and a
   * noncharacter.
   */
  static final String[] IDS = {
    "\u001b[31mred", "\u001b]0;title\u0007", "b\u0007c\rl\nFORGED", "\u202Eevil\u009b", "a\\b\uFFFE"
  };

  static final String NAME_SHOWN = "n\\e]0;pwned\\a\\u202Eame";
  static final String[] LABELS_SHOWN = {
    "\\e[2Jwipe", "bel\\al", "cr\\rX\\nFORGED", "\\u202Egnp.exe"
  };
  static final String[] IDS_SHOWN = {
    "\\e[31mred", "\\e]0;title\\a", "b\\ac\\rl\\nFORGED", "\\u202Eevil\\u009B", "a\\\\b\\uFFFE"
  };

  @TempDir Path tmp;

  Path instance;
  Path schedule;

  /**
   * A path 0-1-2-3 with the labels above; messages 0->2, 1->3, 0->3 (all three cross arc 1->2: C =
   * 5 there, the only arc with five flits), 3->0 and 2->1. The schedule is {@code solve --method
   * greedy}'s, its method renamed to a hostile string (a schedule file's method is read as given).
   */
  @BeforeEach
  void files() throws IOException {
    ObjectNode n = CliTest.MAPPER.createObjectNode();
    n.put("format", "commsched-instance/1");
    n.put("name", NAME);
    n.put("problem", "chatting");
    n.putObject("model").put("kind", "bufferless").put("ports", "all");
    ObjectNode net = n.putObject("network");
    net.put("nodes", 4);
    var links = net.putArray("links");
    links.addArray().add(0).add(1);
    links.addArray().add(1).add(2);
    links.addArray().add(2).add(3);
    var labels = net.putArray("labels");
    for (String l : LABELS) {
      labels.add(l);
    }
    int[][] ends = {{0, 2, 2}, {1, 3, 2}, {0, 3, 1}, {3, 0, 1}, {2, 1, 1}};
    var ms = n.putArray("messages");
    for (int i = 0; i < IDS.length; i++) {
      ms.addObject()
          .put("id", IDS[i])
          .put("from", ends[i][0])
          .put("to", ends[i][1])
          .put("length", ends[i][2]);
    }
    instance = tmp.resolve("hostile.json");
    Files.writeString(instance, CliTest.MAPPER.writeValueAsString(n));
    Path solved = tmp.resolve("solved.schedule.json");
    CliTest.Run s =
        run(
            "solve",
            instance.toString(),
            "--method",
            "greedy",
            "--quiet",
            "--out",
            solved.toString());
    assertThat(s.code()).as(s.err()).isZero();
    ObjectNode sched = (ObjectNode) CliTest.MAPPER.readTree(Files.readString(solved));
    sched.put("method", "\u001b[32mgreedy\u202E");
    schedule = tmp.resolve("hostile.schedule.json");
    Files.writeString(schedule, CliTest.MAPPER.writeValueAsString(sched));
  }

  @Test
  void solveText_showsTheNameAndTheLabelsEscaped() {
    CliTest.Run r = run("solve", instance.toString(), "--method", "greedy", "--quiet");
    assertThat(r.code()).as(r.err()).isZero();
    assertTerminalSafe(r.out());
    assertTerminalSafe(r.err());
    assertThat(r.out())
        .contains("instance   " + NAME_SHOWN + " (chatting, 5 messages)")
        .as("the C bound's witness names arc 1->2 by its labels")
        .contains(LABELS_SHOWN[1] + " (#1)->" + LABELS_SHOWN[2] + " (#2)");
  }

  @Test
  void solveJson_keepsTheExactName() {
    CliTest.Run r = run("solve", instance.toString(), "--method", "greedy", "--quiet", "--json");
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.json().get("instance").stringValue()).isEqualTo(NAME);
  }

  @Test
  void checkOfAValidSchedule_showsTheNameAndTheFilesMethodEscaped() {
    CliTest.Run r = run("check", instance.toString(), schedule.toString());
    assertThat(r.code()).as(r.out() + r.err()).isZero();
    assertTerminalSafe(r.out());
    assertTerminalSafe(r.err());
    assertThat(r.out())
        .startsWith("valid: " + NAME_SHOWN + ", makespan ")
        .contains("(\\e[32mgreedy\\u202E, ");
  }

  @Test
  void checkWithViolations_showsEveryIdAndLabelInItsSentencesEscaped() throws IOException {
    ObjectNode sched = (ObjectNode) CliTest.MAPPER.readTree(Files.readString(schedule));
    ObjectNode deps = (ObjectNode) sched.get("departures");
    for (String id : IDS) {
      deps.put(
          id,
          0); // all at once: m0 and m2 meet on 0->1 in step 0, m0, m1 and m2 on 1->2 in step 1, ...
    }
    Path bad = tmp.resolve("clash.schedule.json");
    Files.writeString(bad, CliTest.MAPPER.writeValueAsString(sched));
    CliTest.Run r = run("check", instance.toString(), bad.toString());
    assertThat(r.code()).isEqualTo(1);
    assertTerminalSafe(r.out());
    assertTerminalSafe(r.err());
    assertThat(r.out())
        .startsWith("INVALID: ")
        .contains(
            "ARC_CONFLICT at " + LABELS_SHOWN[0] + " (#0)->" + LABELS_SHOWN[1] + " (#1) time 0");
    for (int i = 0; i < 3; i++) {
      assertThat(r.out())
          .as("message %d", i)
          .contains("message " + IDS_SHOWN[i] + " ")
          .contains(LABELS_SHOWN[i] + " (#" + i + ")");
    }
    assertThat(r.out()).contains(LABELS_SHOWN[3] + " (#3)");

    CliTest.Run j = run("check", instance.toString(), bad.toString(), "--json");
    List<String> messages = new ArrayList<>();
    List<String> details = new ArrayList<>();
    for (JsonNode v : j.json().get("violations")) {
      v.get("messages").forEach(m -> messages.add(m.stringValue()));
      details.add(v.get("detail").stringValue());
    }
    assertThat(messages).as("the JSON keeps the exact ids").contains(IDS[0], IDS[1], IDS[2]);
    assertThat(details)
        .as("and the checker's exact sentences")
        .anyMatch(d -> d.contains("message " + IDS[0] + " "));
  }

  @Test
  void boundsText_showsTheNameAndTheIdsItsWitnessesQuoteEscaped() {
    CliTest.Run r = run("bounds", instance.toString());
    assertThat(r.code()).as(r.err()).isZero();
    assertTerminalSafe(r.out());
    assertThat(r.out()).startsWith("instance " + NAME_SHOWN + " (chatting)");
    // Q, D and L each quote one message (the longest route, the longest message): one of the first
    // four
    assertThat(List.of(IDS_SHOWN).subList(0, 4))
        .anyMatch(id -> r.out().contains("message " + id + " "));
  }

  @Test
  void drawText_showsTheTitleLanesAndCellsEscaped() {
    CliTest.Run r = run("draw", instance.toString(), schedule.toString(), "--format", "text");
    assertThat(r.code()).as(r.err()).isZero();
    assertTerminalSafe(r.out());
    assertThat(r.out()).startsWith(NAME_SHOWN + ": departures by \\e[32mgreedy\\u202E, makespan ");
    for (String id : IDS_SHOWN) {
      assertThat(r.out()).contains(id + ",1");
    }
    String header = r.out().lines().skip(1).findFirst().orElseThrow();
    assertThat(header)
        .startsWith("Step")
        .contains(LABELS_SHOWN[0] + "->" + LABELS_SHOWN[1])
        .contains(LABELS_SHOWN[2] + "->" + LABELS_SHOWN[3]);
  }

  @Test
  void drawSvg_isWellFormedXml_andShowsTheIdsAsTheTextGridDoes() throws Exception {
    Path svg = tmp.resolve("hostile.svg");
    CliTest.Run r = run("draw", instance.toString(), schedule.toString(), "--out", svg.toString());
    assertThat(r.code()).as(r.err()).isZero();
    // XML 1.0 cannot hold ESC or BEL even as a character reference, nor U+FFFE: the parser refuses
    // either
    Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(svg.toFile());
    NodeList paths = doc.getElementsByTagName("path");
    List<String> ids = new ArrayList<>();
    for (int i = 0; i < paths.getLength(); i++) {
      String id = ((Element) paths.item(i)).getAttribute("data-id");
      if (!id.isEmpty() && !ids.contains(id)) {
        ids.add(id);
      }
    }
    assertThat(ids).containsExactlyInAnyOrder(IDS_SHOWN);
    assertThat(doc.getElementsByTagName("title").item(0).getTextContent())
        .startsWith(NAME_SHOWN + ": ");
  }

  @Test
  void badInput_theErrorLineQuotesTheIdEscaped_andItsJsonKeepsItExact() throws IOException {
    String text =
        Files.readString(instance)
            .replace(
                CliTest.MAPPER.writeValueAsString(IDS[4]),
                CliTest.MAPPER.writeValueAsString(IDS[0])); // a duplicate id: the reader quotes it
    Path dup = tmp.resolve("dup.json");
    Files.writeString(dup, text);
    CliTest.Run r = run("solve", dup.toString(), "--quiet");
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.out()).isEmpty();
    assertTerminalSafe(r.err());
    assertThat(r.err().lines())
        .singleElement()
        .asString()
        .startsWith(dup + ": /messages/4/id: ")
        .contains("\"" + IDS_SHOWN[0] + "\"");

    CliTest.Run j = run("solve", dup.toString(), "--quiet", "--json");
    assertThat(j.code()).isEqualTo(2);
    assertTerminalSafe(j.err());
    assertThat(j.json().get("error").stringValue()).contains("\"" + IDS[0] + "\"");
  }

  @Test
  void generateFromADrawing_namesItsHostileNodeIdsEscaped() throws IOException {
    Path dot = tmp.resolve("hostile.dot");
    Files.writeString(
        dot,
        "graph g { \""
            + LABELS[0]
            + "\" -- \""
            + LABELS[1]
            + "\"; \""
            + LABELS[1]
            + "\" -- \""
            + LABELS[3]
            + "\"; }\n");
    Path out = tmp.resolve("g.json");
    CliTest.Run r =
        run(
            "generate",
            "--network",
            dot.toString(),
            "--problem",
            "chatting",
            "--messages",
            "2",
            "--out",
            out.toString());
    assertThat(r.code()).as(r.err()).isZero();
    assertTerminalSafe(r.err());
    assertThat(r.err())
        .contains(
            "nodes are numbered in file order: "
                + LABELS_SHOWN[0]
                + " = 0, "
                + LABELS_SHOWN[1]
                + " = 1, "
                + LABELS_SHOWN[3]
                + " = 2;");
  }

  /**
   * No character that could drive a terminal: no C0 control but the LF that ends each line the
   * program prints, no DEL or C1 control, no bidi embedding, override, isolate or mark, no line or
   * paragraph separator; and no line starts with FORGED (an LF from an id or label printed raw
   * would start one).
   */
  static void assertTerminalSafe(String text) {
    text.codePoints()
        .filter(c -> c != '\n')
        .forEach(
            c ->
                assertThat(
                        Character.isISOControl(c)
                            || (c >= 0x202A && c <= 0x202E)
                            || (c >= 0x2066 && c <= 0x2069)
                            || c == 0x200E
                            || c == 0x200F
                            || c == 0x061C
                            || c == 0x2028
                            || c == 0x2029)
                    .as("U+%04X in:%n%s", c, text)
                    .isFalse());
    assertThat(text.lines()).noneMatch(l -> l.startsWith("FORGED"));
  }
}
