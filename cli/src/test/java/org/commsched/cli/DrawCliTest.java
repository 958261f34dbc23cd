package org.commsched.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import org.commsched.cli.draw.SvgDrawing;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import tools.jackson.databind.JsonNode;

/**
 * {@code commsched draw} (docs/models/README.md#space-time-diagrams) on one small catalogue example
 * per schedule kind: the SVG parses as XML and has one shape per message, transmission or control
 * flit at the corners the drawing rule gives (worked out below from the model's definition: a
 * bufferless flit crosses hop k of its route during step departure + k + h; a slot holds every arc
 * of the route for [slot, slot + length); a packet of s units holds its arc for beta + s * tau),
 * the text grid reproduces the paper's tables, the trace export has one slice per transfer at the
 * right ticks, and the checker's violations are red.
 */
class DrawCliTest {
  @TempDir Path tmp;

  /**
   * Lane x, tick t to the pixel string "x y" for px pixels per tick (SvgDrawing's documented
   * geometry).
   */
  private static String corner(double x, double t, double px) {
    return SvgDrawing.num(SvgDrawing.LEFT + x * SvgDrawing.LANE)
        + " "
        + SvgDrawing.num(SvgDrawing.TOP + t * px);
  }

  /** The path of one polygon with corners (x, t), clockwise from the top left. */
  private static String poly(double px, double... xt) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < xt.length; i += 2) {
      sb.append(i == 0 ? "M " : " L ").append(corner(xt[i], xt[i + 1], px));
    }
    return sb.append(" Z").toString();
  }

  private Path file(String name, String json) throws IOException {
    Path p = tmp.resolve(name);
    Files.writeString(p, json);
    return p;
  }

  private static Document svg(String... args) throws Exception {
    CliTest.Run r = CliTest.run(args);
    assertThat(r.code()).as(r.err()).isZero();
    DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
    f.setNamespaceAware(true);
    return f.newDocumentBuilder()
        .parse(new ByteArrayInputStream(r.out().getBytes(StandardCharsets.UTF_8)));
  }

  /** Every drawn piece: its data-id (and packet) to its path, in document order. */
  private static Map<String, Element> pieces(Document doc) {
    Map<String, Element> out = new LinkedHashMap<>();
    NodeList paths = doc.getElementsByTagName("path");
    for (int i = 0; i < paths.getLength(); i++) {
      Element e = (Element) paths.item(i);
      if (!e.getAttribute("class").startsWith("piece")) {
        continue;
      }
      String key =
          e.getAttribute("data-id")
              + (e.hasAttribute("data-packet") ? "." + e.getAttribute("data-packet") : "");
      while (out.containsKey(key)) {
        key = key + "'";
      }
      out.put(key, e);
    }
    return out;
  }

  private static final String ORACLE_B_DEPARTURES =
      """
      {"format": "commsched-schedule/1", "instance": "chat-oracle-b-ula4", "method": "hand", "status": "FEASIBLE",
       "makespan": 7, "departures": {"M0": 2, "M1": 0, "M2": 0, "M3": 0}}""";

  /**
   * Real schedule: chatting oracle B on a 4-node ULA (docs/models/bufferless-chatting.md#examples),
   * makespan 7.
   */
  @Test
  void realSchedule_oneParallelogramPerMessage_slantingOneStepPerArc() throws Exception {
    Path s = file("b.json", ORACLE_B_DEPARTURES);
    Document doc =
        svg("draw", CliTest.cat("chat-oracle-b-ula4.json"), s.toString(), "--format", "svg");
    Map<String, Element> p = pieces(doc);
    assertThat(p.keySet()).containsExactlyInAnyOrder("M0", "M1", "M2", "M3");
    // lanes 0->1, 1->2, 2->3 are 0, 1, 2; the last slant reaches step 4 + 3 + 1 = 8, so 1600 / 8 >
    // 16 px per step
    double px = 16;
    // M0: arcs 0..2, departure 2, length 3: lane x held from step 2 + x for 3 steps
    assertThat(p.get("M0").getAttribute("d")).isEqualTo(poly(px, 0, 2, 3, 5, 3, 8, 0, 5));
    assertThat(p.get("M1").getAttribute("d")).isEqualTo(poly(px, 1, 0, 2, 1, 2, 3, 1, 2));
    assertThat(p.get("M2").getAttribute("d")).isEqualTo(poly(px, 0, 0, 1, 1, 1, 2, 0, 1));
    assertThat(p.get("M3").getAttribute("d")).isEqualTo(poly(px, 2, 0, 3, 1, 3, 5, 2, 4));
    assertThat(p.values())
        .allSatisfy(e -> assertThat(e.getAttribute("stroke")).isNotEqualTo("red"));
    assertThat(doc.getElementsByTagName("circle").getLength()).isZero();
  }

  /** Virtual schedule: the same instance with slots; M0 reserves its whole route for [4, 7). */
  @Test
  void virtualSchedule_oneRectanglePerMessage_overItsWholeRoute() throws Exception {
    Path s =
        file(
            "v.json",
            """
        {"format": "commsched-schedule/1", "instance": "chat-oracle-b-ula4", "method": "hand", "status": "FEASIBLE",
         "makespan": 7, "slots": {"M0": 4, "M1": 0, "M2": 0, "M3": 0}}""");
    assertThat(CliTest.run("check", CliTest.cat("chat-oracle-b-ula4.json"), s.toString()).code())
        .isZero();
    Map<String, Element> p =
        pieces(
            svg("draw", CliTest.cat("chat-oracle-b-ula4.json"), s.toString(), "--format", "svg"));
    assertThat(p).hasSize(4);
    double px = 16;
    assertThat(p.get("M0").getAttribute("d")).isEqualTo(poly(px, 0, 4, 3, 4, 3, 7, 0, 7));
    assertThat(p.get("M1").getAttribute("d")).isEqualTo(poly(px, 1, 0, 2, 0, 2, 2, 1, 2));
    assertThat(p.get("M3").getAttribute("d")).isEqualTo(poly(px, 2, 0, 3, 0, 3, 4, 2, 4));
    assertThat(p.get("M0").getAttribute("class")).contains("slot");
  }

  /**
   * A route whose arcs are not neighbouring lanes (3x3 Eastward-Southward mesh, explicit routes):
   * one path per message whose parallelograms break where the lanes do. Used arcs in lane order:
   * 0->1, 1->4, 3->4, 4->5.
   */
  @Test
  void realSchedule_onAMesh_oneShapePerMessage_brokenWhereItsLanesAreApart() throws Exception {
    Path inst =
        file(
            "esm.json",
            """
        {"format": "commsched-instance/1", "name": "esm-two", "problem": "chatting",
         "model": {"kind": "bufferless", "ports": "all"}, "network": {"family": "esm", "rows": 3, "cols": 3},
         "messages": [{"id": "A", "from": 0, "to": 5, "length": 2, "route": [0, 1, 4, 5]},
                      {"id": "B", "from": 3, "to": 5, "length": 1, "route": [3, 4, 5]}]}""");
    // A holds 0->1 in [0, 2), 1->4 in [1, 3), 4->5 in [2, 4); B holds 3->4 in [3, 4), 4->5 in [4,
    // 5)
    Path s =
        file(
            "esm.schedule.json",
            """
        {"format": "commsched-schedule/1", "instance": "esm-two", "method": "hand", "status": "FEASIBLE",
         "makespan": 5, "departures": {"A": 0, "B": 3}}""");
    assertThat(CliTest.run("check", inst.toString(), s.toString()).code()).isZero();
    Map<String, Element> p = pieces(svg("draw", inst.toString(), s.toString(), "--format", "svg"));
    assertThat(p).hasSize(2);
    double px = 16; // B's last slab ends at 4 + 1 + 1 = 6
    assertThat(p.get("A").getAttribute("d"))
        .isEqualTo(poly(px, 0, 0, 2, 2, 2, 4, 0, 2) + " " + poly(px, 3, 2, 4, 3, 4, 5, 3, 4));
    assertThat(p.get("B").getAttribute("d")).isEqualTo(poly(px, 2, 3, 4, 5, 4, 6, 2, 4));
  }

  private static final String FIGURE_2_TRACE =
      """
      {"format": "commsched-schedule/1", "instance": "sg-fig2-gather-path6", "method": "hand", "status": "FEASIBLE",
       "makespan": 11, "departures": {"M1": 2, "M2": 3, "M4": 5, "M5": 6},
       "control": [
         {"from": 0, "to": 1, "step": 0, "kind": "wakeup", "values": [1]},
         {"from": 1, "to": 2, "step": 1, "kind": "wakeup", "values": [2]},
         {"from": 2, "to": 3, "step": 2, "kind": "wakeup", "values": [3]},
         {"from": 3, "to": 4, "step": 3, "kind": "wakeup", "values": [1]},
         {"from": 4, "to": 5, "step": 4, "kind": "wakeup", "values": [2]}]}""";

  /**
   * Protocol trace: Figure 2 of Bhatt, Pucci, Ranade, Rosenberg, "Scattering and Gathering Messages
   * in Networks of Processors" (Shoulder-Tap gathering on the 6-PE path, L = (2, 3, 0, 2, 1)); its
   * wake-up flits carry the paper's TRANSMIT AFTER values. Forward arcs 0->1 .. 4->5 are lanes
   * 0..4, the gather's arcs 1->0 .. 5->4 lanes 5..9.
   */
  @Test
  void protocolTrace_parallelogramsSlantTowardTheRoot_andOneBoxPerControlFlit() throws Exception {
    Path s = file("f2.json", FIGURE_2_TRACE);
    assertThat(CliTest.run("check", CliTest.cat("sg-fig2-gather-path6.json"), s.toString()).code())
        .isZero();
    Document doc =
        svg("draw", CliTest.cat("sg-fig2-gather-path6.json"), s.toString(), "--format", "svg");
    Map<String, Element> p = pieces(doc);
    // M3 has length 0: no flit, no shape; five control flits, all of kind wakeup
    assertThat(p.keySet())
        .containsExactly(
            "M1", "M2", "M4", "M5", "wakeup", "wakeup'", "wakeup''", "wakeup'''", "wakeup''''");
    double px = 16; // horizon: M5's last hop starts at 6 + 4, lasts 1 step, slants 1 more: 12 steps
    // M5 from P5: arcs 5->4 .. 1->0 are lanes 9 down to 5, one step later each, so the slab runs
    // right to left
    assertThat(p.get("M5").getAttribute("d")).isEqualTo(poly(px, 10, 6, 5, 11, 5, 12, 10, 7));
    // M1 from P1: arc 1->0 alone (lane 5), departure 2, two flits
    assertThat(p.get("M1").getAttribute("d")).isEqualTo(poly(px, 5, 2, 6, 3, 6, 5, 5, 4));
    // the wake-up over 2->3 (lane 2) in step 2: one step of one lane
    assertThat(p.get("wakeup''").getAttribute("d")).isEqualTo(poly(px, 2, 2, 3, 2, 3, 3, 2, 3));
    assertThat(p.get("wakeup''").getAttribute("class")).contains("control");
    List<String> labels = new ArrayList<>();
    NodeList texts = doc.getElementsByTagName("text");
    for (int i = 0; i < texts.getLength(); i++) {
      if (((Element) texts.item(i)).getAttribute("class").equals("label")) {
        labels.add(texts.item(i).getTextContent());
      }
    }
    assertThat(labels).contains("(1)", "(2)", "(3)", "M5");
  }

  /**
   * The text grid reproduces Figure 2 of the scatter/gather paper row by row with nodes across (the
   * paper's row t is our step t; its m_{i,j} is our "Mi,j"; a wake-up carrying s is "(s)" at the
   * receiving PE from the next row).
   */
  @Test
  void textGrid_withNodesAcross_isTheScatterGatherPapersFigure2() throws IOException {
    Path s = file("f2.json", FIGURE_2_TRACE);
    CliTest.Run r =
        CliTest.run(
            "draw", CliTest.cat("sg-fig2-gather-path6.json"), s.toString(), "--lanes", "nodes");
    assertThat(r.code()).as(r.err()).isZero();
    String[][] figure2 = {
      {"1", "", "(1)", "", "", "", ""},
      {"2", "", "M1,1", "(2)", "", "", ""},
      {"3", "M1,1", "M1,2", "M2,1", "(3)", "", ""},
      {"4", "M1,2", "M2,1", "M2,2", "", "(1)", ""},
      {"5", "M2,1", "M2,2", "M2,3", "", "M4,1", "(2)"},
      {"6", "M2,2", "M2,3", "", "M4,1", "M4,2", "M5,1"},
      {"7", "M2,3", "", "M4,1", "M4,2", "M5,1", ""},
      {"8", "", "M4,1", "M4,2", "M5,1", "", ""},
      {"9", "M4,1", "M4,2", "M5,1", "", "", ""},
      {"10", "M4,2", "M5,1", "", "", "", ""},
      {"11", "M5,1", "", "", "", "", ""}
    };
    Map<String, String[]> grid = grid(r.out());
    assertThat(grid.get("0")).containsOnly("");
    for (String[] row : figure2) {
      assertThat(grid.get(row[0]))
          .as("row " + row[0])
          .containsExactly(java.util.Arrays.copyOfRange(row, 1, 7));
    }
    assertThat(grid).hasSize(12);
  }

  /**
   * Figure 1(a) of the same paper: scattering on the 6-PE path with M5 (3 flits) sent before M4 (4
   * flits).
   */
  @Test
  void textGrid_withNodesAcross_isTheScatterGatherPapersFigure1a() throws IOException {
    Path s =
        file(
            "f1.json",
            """
        {"format": "commsched-schedule/1", "instance": "sg-fig1-scatter-path6", "method": "hand",
         "status": "FEASIBLE", "makespan": 10, "departures": {"M4": 3, "M5": 0}}""");
    CliTest.Run r =
        CliTest.run(
            "draw",
            CliTest.cat("sg-fig1-scatter-path6.json"),
            s.toString(),
            "--lanes",
            "nodes",
            "--format",
            "text");
    assertThat(r.code()).as(r.err()).isZero();
    String[][] figure1a = {
      {"0", "M5,1", "", "", "", "", ""},
      {"1", "M5,2", "M5,1", "", "", "", ""},
      {"2", "M5,3", "M5,2", "M5,1", "", "", ""},
      {"3", "M4,1", "M5,3", "M5,2", "M5,1", "", ""},
      {"4", "M4,2", "M4,1", "M5,3", "M5,2", "M5,1", ""},
      {"5", "M4,3", "M4,2", "M4,1", "M5,3", "M5,2", "M5,1"},
      {"6", "M4,4", "M4,3", "M4,2", "M4,1", "M5,3", "M5,2"},
      {"7", "", "M4,4", "M4,3", "M4,2", "M4,1", "M5,3"},
      {"8", "", "", "M4,4", "M4,3", "M4,2", ""},
      {"9", "", "", "", "M4,4", "M4,3", ""},
      {"10", "", "", "", "", "M4,4", ""}
    };
    Map<String, String[]> grid = grid(r.out());
    for (String[] row : figure1a) {
      assertThat(grid.get(row[0]))
          .as("row " + row[0])
          .containsExactly(java.util.Arrays.copyOfRange(row, 1, 7));
    }
    assertThat(grid).hasSize(11);
  }

  /** The grid's rows by their first column, cells cut at the header's column starts. */
  private static Map<String, String[]> grid(String text) {
    String[] lines = text.split("\n");
    int h = 0;
    while (!lines[h].startsWith("Step") && !lines[h].startsWith("Time")) {
      h++;
    }
    String header = lines[h];
    List<Integer> cols = new ArrayList<>();
    for (int i = 0; i < header.length(); i++) {
      if (header.charAt(i) != ' ' && (i == 0 || header.charAt(i - 1) == ' ')) {
        cols.add(i);
      }
    }
    Map<String, String[]> out = new LinkedHashMap<>();
    for (int l = h + 1; l < lines.length && !lines[l].contains("violation"); l++) {
      String line = lines[l];
      String[] cells = new String[cols.size() - 1];
      for (int c = 1; c < cols.size(); c++) {
        int from = Math.min(cols.get(c), line.length());
        int to = c + 1 < cols.size() ? Math.min(cols.get(c + 1), line.length()) : line.length();
        cells[c - 1] = line.substring(from, to).trim();
      }
      out.put(line.substring(0, Math.min(cols.get(1), line.length())).trim(), cells);
    }
    return out;
  }

  /**
   * Packet family (Tsai's store-and-forward packets): gathering on the 3-node path with beta = 2,
   * tau = 1; each packet of 3 units holds its arc for 2 + 3 = 5. Lanes: 1->0 is 0, 2->1 is 1;
   * makespan 15.
   */
  @Test
  void packetSchedule_oneRectanglePerTransmission() throws Exception {
    Path s =
        file(
            "pk.json",
            """
        {"format": "commsched-schedule/1", "instance": "pk-buffer-gather-path3", "method": "hand",
         "status": "FEASIBLE", "makespan": 15, "transmissions": [
          {"message": "M2", "packet": 1, "size": 3, "from": 2, "to": 1, "start": 0},
          {"message": "M1", "packet": 0, "size": 3, "from": 1, "to": 0, "start": 0},
          {"message": "M2", "packet": 0, "size": 3, "from": 2, "to": 1, "start": 5},
          {"message": "M2", "packet": 1, "size": 3, "from": 1, "to": 0, "start": 5},
          {"message": "M2", "packet": 0, "size": 3, "from": 1, "to": 0, "start": 10}]}""");
    assertThat(
            CliTest.run("check", CliTest.cat("pk-buffer-gather-path3.json"), s.toString()).code())
        .isZero();
    Map<String, Element> p =
        pieces(
            svg(
                "draw",
                CliTest.cat("pk-buffer-gather-path3.json"),
                s.toString(),
                "--format",
                "svg"));
    assertThat(p).hasSize(5);
    double px = 16; // 1600 / 15 > 16
    assertThat(p.get("M1.0").getAttribute("d")).isEqualTo(poly(px, 0, 0, 1, 0, 1, 5, 0, 5));
    assertThat(p.get("M2.1").getAttribute("d")).isEqualTo(poly(px, 1, 0, 2, 0, 2, 5, 1, 5));
    assertThat(p.get("M2.1'").getAttribute("d")).isEqualTo(poly(px, 0, 5, 1, 5, 1, 10, 0, 10));
    assertThat(p.get("M2.0'").getAttribute("d")).isEqualTo(poly(px, 0, 10, 1, 10, 1, 15, 0, 15));
    assertThat(p.get("M2.0").getAttribute("class")).contains("packet");
  }

  /**
   * Linear-cost family (Peters): a send of 19 units over the 5 links of a path with beta = 5, tau =
   * 1, as one packet forwarded hop by hop, 24 per hop, makespan 120; the drawing fits 120 into 1600
   * px, 40/3 px per unit.
   */
  @Test
  void linearCostSend_onePacketPerHop_scaledToTheMaximumHeight() throws Exception {
    StringBuilder t = new StringBuilder();
    for (int k = 0; k < 5; k++) {
      t.append(k == 0 ? "" : ",")
          .append("{\"message\": \"m0\", \"packet\": 0, \"size\": 19, \"from\": ")
          .append(k)
          .append(", \"to\": ")
          .append(k + 1)
          .append(", \"start\": ")
          .append(24 * k)
          .append('}');
    }
    Path s =
        file(
            "lc.json",
            "{\"format\": \"commsched-schedule/1\", \"instance\": \"lc-e1-send-path5-all\", "
                + "\"method\": \"hand\", \"status\": \"FEASIBLE\", \"makespan\": 120, \"transmissions\": ["
                + t
                + "]}");
    assertThat(CliTest.run("check", CliTest.cat("lc-e1-send-path5-all.json"), s.toString()).code())
        .isZero();
    Map<String, Element> p =
        pieces(
            svg("draw", CliTest.cat("lc-e1-send-path5-all.json"), s.toString(), "--format", "svg"));
    assertThat(p).hasSize(5);
    double px = 1600.0 / 120;
    assertThat(SvgDrawing.pxPerTick(1, 120)).isEqualTo(px);
    String key = "m0.0";
    for (int k = 0; k < 5; k++) {
      assertThat(p.get(key).getAttribute("d"))
          .as("hop " + k)
          .isEqualTo(poly(px, k, 24 * k, k + 1, 24 * k, k + 1, 24 * k + 24, k, 24 * k + 24));
      key = key + "'";
    }
  }

  /**
   * The trace export: one slice per message per arc at departure + hop for length steps, on the
   * arc's track.
   */
  @Test
  void perfetto_oneSlicePerTransferOnItsArcsTrack_ticksAsMicroseconds() throws IOException {
    Path s = file("b.json", ORACLE_B_DEPARTURES);
    Path out = tmp.resolve("b.trace.json");
    CliTest.Run r =
        CliTest.run(
            "draw", CliTest.cat("chat-oracle-b-ula4.json"), s.toString(), "--out", out.toString());
    assertThat(r.code()).as(r.err()).isZero();
    JsonNode doc = CliTest.MAPPER.readTree(Files.readString(out));
    Map<Integer, String> tracks = new HashMap<>();
    List<JsonNode> slices = new ArrayList<>();
    for (JsonNode e : doc.get("traceEvents")) {
      if (e.get("ph").stringValue().equals("M")
          && e.get("name").stringValue().equals("thread_name")) {
        tracks.put(e.get("tid").asInt(), e.get("args").get("name").stringValue());
      } else if (e.get("ph").stringValue().equals("X")) {
        slices.add(e);
      }
    }
    // hops: M0 3, M1 1, M2 1, M3 1
    assertThat(slices).hasSize(6);
    List<String> m0 = new ArrayList<>();
    for (JsonNode e : slices) {
      if (e.get("name").stringValue().equals("M0")) {
        m0.add(
            tracks.get(e.get("tid").asInt())
                + "@"
                + e.get("ts").asLong()
                + "+"
                + e.get("dur").asLong());
      }
    }
    assertThat(m0).containsExactly("arc 0->1@2+3", "arc 1->2@3+3", "arc 2->3@4+3");
    assertThat(doc.get("otherData").get("ticksPerUnit").asLong()).isEqualTo(1);
  }

  /**
   * Decimal times: Tsai's Table 1 instance with beta = 0.5 (pk-tv1-scatter-beta0p5) has ten ticks
   * per unit, so a packet of 3 units (0.5 + 3 = 3.5) is a 35 us slice.
   */
  @Test
  void perfetto_decimalTimes_areTicksOfTheFinestScale() throws IOException {
    Path s =
        file(
            "tv.json",
            """
        {"format": "commsched-schedule/1", "instance": "pk-tv1-scatter-beta0p5", "method": "hand",
         "status": "FEASIBLE", "makespan": "10.5", "transmissions": [
          {"message": "MP", "packet": 0, "size": 3, "from": 0, "to": 1, "start": 0},
          {"message": "MP", "packet": 0, "size": 3, "from": 1, "to": 2, "start": "3.5"},
          {"message": "MP", "packet": 0, "size": 3, "from": 2, "to": 3, "start": 7},
          {"message": "MQ", "packet": 0, "size": 1, "from": 0, "to": 4, "start": "3.5"},
          {"message": "MQ", "packet": 0, "size": 1, "from": 4, "to": 5, "start": 5},
          {"message": "MQ", "packet": 0, "size": 1, "from": 5, "to": 6, "start": "6.5"},
          {"message": "MQ", "packet": 0, "size": 1, "from": 6, "to": 7, "start": 8}]}""");
    CliTest.Run c = CliTest.run("check", CliTest.cat("pk-tv1-scatter-beta0p5.json"), s.toString());
    assertThat(c.code()).as(c.out()).isZero();
    CliTest.Run r =
        CliTest.run(
            "draw",
            CliTest.cat("pk-tv1-scatter-beta0p5.json"),
            s.toString(),
            "--format",
            "perfetto");
    assertThat(r.code()).as(r.err()).isZero();
    JsonNode doc = CliTest.MAPPER.readTree(r.out());
    assertThat(doc.get("otherData").get("ticksPerUnit").asLong()).isEqualTo(10);
    List<String> got = new ArrayList<>();
    for (JsonNode e : doc.get("traceEvents")) {
      if (e.get("ph").stringValue().equals("X")) {
        got.add(
            e.get("name").stringValue()
                + " "
                + e.get("args").get("place").stringValue()
                + " "
                + e.get("ts").asLong()
                + "+"
                + e.get("dur").asLong());
      }
    }
    assertThat(got)
        .containsExactlyInAnyOrder(
            "MP.0 0->1 0+35",
            "MP.0 1->2 35+35",
            "MP.0 2->3 70+35",
            "MQ.0 0->4 35+15",
            "MQ.0 4->5 50+15",
            "MQ.0 5->6 65+15",
            "MQ.0 6->7 80+15");
  }

  /**
   * A violating schedule: M0 leaves one step early, so it meets M3 on arc 2->3 in step 3. Both
   * shapes get a red outline and a red circle marks the place; M1 and M2 stay black; the grid marks
   * the cells and the trace the slices.
   */
  @Test
  void violations_areMarkedRed_inEveryFormat() throws Exception {
    Path s = file("bad.json", ORACLE_B_DEPARTURES.replace("\"M0\": 2", "\"M0\": 1"));
    CliTest.Run check = CliTest.run("check", CliTest.cat("chat-oracle-b-ula4.json"), s.toString());
    assertThat(check.code()).isEqualTo(1);
    Document doc =
        svg("draw", CliTest.cat("chat-oracle-b-ula4.json"), s.toString(), "--format", "svg");
    Map<String, Element> p = pieces(doc);
    assertThat(p.get("M0").getAttribute("stroke")).isEqualTo("red");
    assertThat(p.get("M3").getAttribute("stroke")).isEqualTo("red");
    assertThat(p.get("M1").getAttribute("stroke")).isNotEqualTo("red");
    assertThat(p.get("M2").getAttribute("stroke")).isNotEqualTo("red");
    NodeList circles = doc.getElementsByTagName("circle");
    assertThat(circles.getLength()).isPositive();
    Element c = (Element) circles.item(0);
    assertThat(c.getAttribute("stroke")).isEqualTo("red");
    // arc 2->3 is lane 2: its centre is LEFT + 2.5 lanes
    assertThat(c.getAttribute("cx"))
        .isEqualTo(SvgDrawing.num(SvgDrawing.LEFT + 2.5 * SvgDrawing.LANE));
    CliTest.Run text = CliTest.run("draw", CliTest.cat("chat-oracle-b-ula4.json"), s.toString());
    assertThat(text.code()).isZero();
    assertThat(text.err()).contains("marked in red");
    assertThat(grid(text.out()).get("3")[2]).contains("M0,1!").contains("M3,4!");
    CliTest.Run trace =
        CliTest.run(
            "draw", CliTest.cat("chat-oracle-b-ula4.json"), s.toString(), "--format", "perfetto");
    int red = 0;
    for (JsonNode e : CliTest.MAPPER.readTree(trace.out()).get("traceEvents")) {
      if (e.get("ph").stringValue().equals("X") && e.has("cname")) {
        assertThat(e.get("name").stringValue()).isIn("M0", "M3");
        red++;
      }
    }
    assertThat(red).isEqualTo(4); // M0 on three arcs, M3 on one
  }

  /** Beyond the text grid's size it refuses in one line (exit 2) and names the formats that can. */
  @Test
  void tooLargeForText_refusesInOneLine() throws IOException {
    Path inst =
        file(
            "long.json",
            """
        {"format": "commsched-instance/1", "name": "long", "problem": "chatting",
         "model": {"kind": "bufferless", "ports": "all"}, "network": {"family": "ula", "nodes": 2},
         "messages": [{"id": "m", "from": 0, "to": 1, "length": 600}]}""");
    Path s =
        file(
            "long.schedule.json",
            """
        {"format": "commsched-schedule/1", "instance": "long", "method": "hand", "status": "FEASIBLE",
         "makespan": 600, "departures": {"m": 0}}""");
    CliTest.Run r = CliTest.run("draw", inst.toString(), s.toString(), "--format", "text");
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err().strip().lines().count()).isEqualTo(1);
    assertThat(r.err()).contains("too large").contains("--format svg");
    assertThat(CliTest.run("draw", inst.toString(), s.toString(), "--format", "svg").code())
        .isZero();
  }
}
