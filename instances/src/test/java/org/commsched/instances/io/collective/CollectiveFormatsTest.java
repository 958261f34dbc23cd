package org.commsched.instances.io.collective;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.commsched.core.check.CheckReport;
import org.commsched.core.check.ScheduleChecker;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Schedule;
import org.commsched.core.model.UnitPackets;
import org.commsched.instances.io.InstanceFormatException;
import org.commsched.instances.io.InstanceReader;
import org.commsched.instances.io.SafeXml;
import org.junit.jupiter.api.Test;
import org.xml.sax.Attributes;
import org.xml.sax.helpers.DefaultHandler;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * MSCCL XML written from ring, hypercube and DGX-1-like allgathers reads back as the same schedule
 * and checks; the XML carries every attribute the MSCCL runtimes read; SCCL's JSON and msccl-tools'
 * XML import with the stated timings; bad files are refused with one line.
 */
class CollectiveFormatsTest {
  /** DGX-1's NVLink pairs (msccl-tools' topologies/nvidia.py, each doubled link as one link). */
  static final int[][] DGX1 = {
    {0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2}, {1, 3}, {1, 5}, {2, 3}, {2, 6}, {3, 7}, {4, 5}, {4, 6},
    {4, 7}, {5, 6}, {5, 7}, {6, 7}
  };

  /**
   * Attributes the runtimes read with a required getter: microsoft/msccl src/graph/topo.cc
   * (mscclGetAlgoFromXMLAndSetAlgo) and Azure/msccl-executor-nccl src/misc/msccl/msccl_parser.cc
   * (mscclGetAlgoFromXmlFile).
   */
  static final Map<String, List<String>> REQUIRED =
      Map.of(
          "algo",
              List.of(
                  "name",
                  "ngpus",
                  "nchunksperloop",
                  "nchannels",
                  "proto",
                  "coll",
                  "inplace",
                  "outofplace",
                  "minBytes",
                  "maxBytes"),
          "gpu", List.of("id", "i_chunks", "o_chunks", "s_chunks"),
          "tb", List.of("id", "send", "recv", "chan"),
          "step",
              List.of(
                  "s", "type", "srcbuf", "srcoff", "dstbuf", "dstoff", "cnt", "depid", "deps",
                  "hasdep"));

  static Instance gossip(String network, long length, String beta, String tau) {
    return InstanceReader.parse(
        "{\"format\": \"commsched-instance/1\", \"name\": \"t\", \"problem\": \"gossip\", "
            + "\"length\": "
            + length
            + ", \"model\": {\"kind\": \"store-and-forward\", \"beta\": \""
            + beta
            + "\", "
            + "\"tau\": \""
            + tau
            + "\", \"ports\": \"all\", \"duplex\": \"full\"}, \"network\": "
            + network
            + "}",
        "t");
  }

  /** The DGX-1's NVLink pairs that have two NVLinks (msccl-tools' DGX-1 matrix, entries 2). */
  static final Set<List<Integer>> DGX1_DOUBLED =
      Set.of(
          List.of(0, 1),
          List.of(0, 4),
          List.of(1, 3),
          List.of(2, 3),
          List.of(2, 6),
          List.of(4, 5),
          List.of(5, 7),
          List.of(6, 7));

  static String links(int[][] links) {
    return links(links, Set.of());
  }

  /** An explicit network of {@code links}, those in {@code doubled} as links of two channels. */
  static String links(int[][] links, Set<List<Integer>> doubled) {
    StringBuilder b = new StringBuilder("{\"nodes\": 8, \"links\": [");
    for (int i = 0; i < links.length; i++) {
      String pair = "[" + links[i][0] + ", " + links[i][1] + "]";
      b.append(i == 0 ? "" : ", ")
          .append(
              doubled.contains(List.of(links[i][0], links[i][1]))
                  ? "{\"between\": " + pair + ", \"count\": 2}"
                  : pair);
    }
    return b.append("]}").toString();
  }

  /**
   * The bidirectional ring allgather: round r, node v passes message v - r clockwise and v + r the
   * other way.
   */
  static Schedule.Transmissions ringGossip(int p, long length, long round) {
    List<Schedule.Transmission> t = new ArrayList<>();
    int clockwise = p / 2;
    int counter = p - 1 - clockwise;
    for (int v = 0; v < p; v++) {
      for (int r = 0; r < clockwise; r++) {
        int m = Math.floorMod(v - r, p);
        t.add(new Schedule.Transmission("m" + m, r, length, v, (v + 1) % p, r * round, 0L));
      }
      for (int r = 0; r < counter; r++) {
        int m = Math.floorMod(v + r, p);
        t.add(
            new Schedule.Transmission(
                "m" + m, 100 + r, length, v, Math.floorMod(v - 1, p), r * round, 0L));
      }
    }
    return new Schedule.Transmissions(org.commsched.core.time.TimeScale.UNIT, t);
  }

  /**
   * Recursive doubling on Q_d: in round k node v sends v's 2^k-block of messages to v XOR 2^k, as
   * one packet.
   */
  static Schedule.Transmissions hypercubeGossip(int d, long length, long beta, long tau) {
    List<Schedule.Transmission> t = new ArrayList<>();
    long start = 0;
    for (int k = 0; k < d; k++) {
      int block = 1 << k;
      for (int v = 0; v < (1 << d); v++) {
        for (int m = (v >> k) << k; m < ((v >> k) << k) + block; m++) {
          t.add(new Schedule.Transmission("m" + m, k, length, v, v ^ block, start, 0L));
        }
      }
      start += beta + block * length * tau;
    }
    return new Schedule.Transmissions(org.commsched.core.time.TimeScale.UNIT, t);
  }

  /**
   * Flooding on the DGX-1-like graph (diameter 2): every node sends its message to its neighbours
   * at 0; then each missing message goes over the link from the lowest-numbered neighbour that has
   * it, one message per packet, one after another on each link (each as soon as the link is free).
   */
  static Schedule.Transmissions dgx1Gossip(long length, long beta, long tau) {
    long hop = beta + length * tau;
    Set<Long> adjacent = new HashSet<>();
    for (int[] l : DGX1) {
      adjacent.add(l[0] * 8L + l[1]);
      adjacent.add(l[1] * 8L + l[0]);
    }
    List<Schedule.Transmission> t = new ArrayList<>();
    Map<Long, Long> free = new HashMap<>();
    for (int v = 0; v < 8; v++) {
      for (int w = 0; w < 8; w++) {
        if (adjacent.contains(v * 8L + w)) {
          t.add(new Schedule.Transmission("m" + v, 0, length, v, w, 0, 0L));
        }
      }
    }
    for (int w = 0; w < 8; w++) {
      for (int m = 0; m < 8; m++) {
        if (m == w || adjacent.contains(m * 8L + w)) {
          continue;
        }
        for (int x = 0; x < 8; x++) {
          if (adjacent.contains(x * 8L + w) && adjacent.contains(m * 8L + x)) {
            long start = free.getOrDefault(x * 8L + w, hop);
            t.add(new Schedule.Transmission("m" + m, 1 + w, length, x, w, start, 0L));
            free.put(x * 8L + w, start + hop);
            break;
          }
        }
      }
    }
    return new Schedule.Transmissions(org.commsched.core.time.TimeScale.UNIT, t);
  }

  /**
   * Flooding on the DGX-1-like graph with its doubled NVLinks (links of two channels): every node
   * sends its message to its neighbours at 0; at beta + length tau, each message a node still lacks
   * comes from a neighbour that has it, over a channel of their link that carries nothing else
   * then: first a second channel beside a packet already on that link (side by side), else any free
   * one. Every packet thus starts at 0 or at one hop and the makespan is two hops, the diameter
   * bound.
   *
   * @throws IllegalStateException if some node cannot get a missing message in the second round
   */
  static Schedule.Transmissions dgx1DoubledGossip(long length, long beta, long tau) {
    long hop = beta + length * tau;
    int[][] channels = new int[8][8];
    for (int[] l : DGX1) {
      int c = DGX1_DOUBLED.contains(List.of(l[0], l[1])) ? 2 : 1;
      channels[l[0]][l[1]] = c;
      channels[l[1]][l[0]] = c;
    }
    List<Schedule.Transmission> t = new ArrayList<>();
    for (int v = 0; v < 8; v++) {
      for (int w = 0; w < 8; w++) {
        if (channels[v][w] > 0) {
          t.add(new Schedule.Transmission("m" + v, 0, length, v, w, 0, 0L));
        }
      }
    }
    for (int w = 0; w < 8; w++) {
      int[] used = new int[8]; // channels of x -> w taken in the second round
      for (int m = 0; m < 8; m++) {
        if (m == w || channels[m][w] > 0) {
          continue;
        }
        int relay = -1;
        for (int x = 0; x < 8; x++) {
          boolean fits = channels[x][w] > 0 && channels[m][x] > 0 && used[x] < channels[x][w];
          if (fits && (relay < 0 || (used[x] > 0 && used[relay] == 0))) {
            relay = x;
          }
        }
        if (relay < 0) {
          throw new IllegalStateException("no free channel into " + w + " for m" + m);
        }
        int channel = used[relay]++;
        t.add(
            new Schedule.Transmission(
                "m" + m, 1 + w, length, relay, w, hop, 0L, channel == 0 ? null : channel));
      }
    }
    return new Schedule.Transmissions(org.commsched.core.time.TimeScale.UNIT, t);
  }

  /**
   * Every (from, to, channel, start, message, unit) the schedule moves, whatever its records and
   * packet numbers.
   */
  static Set<List<Object>> moves(Instance inst, Schedule.Transmissions s) {
    Set<List<Object>> out = new HashSet<>();
    for (UnitPackets.Record r : UnitPackets.records(inst, s)) {
      Schedule.Transmission x = r.transmission();
      for (long u = r.first(); u < r.first() + x.size(); u++) {
        out.add(List.of(x.from(), x.to(), x.channelIndex(), x.start(), x.message(), u));
      }
    }
    return out;
  }

  /** For each element name, the attribute sets of its occurrences. */
  static Map<String, List<Set<String>>> attributes(String xml) {
    Map<String, List<Set<String>>> seen = new HashMap<>();
    SafeXml.parse(
        xml,
        new DefaultHandler() {
          @Override
          public void startElement(String uri, String local, String q, Attributes a) {
            Set<String> names = new HashSet<>();
            for (int i = 0; i < a.getLength(); i++) {
              names.add(a.getQName(i));
            }
            seen.computeIfAbsent(q, k -> new ArrayList<>()).add(names);
          }
        },
        "test",
        "MSCCL XML");
    return seen;
  }

  MscclXmlWriter.Written roundTrip(Instance inst, Schedule.Transmissions schedule) {
    CheckReport original = ScheduleChecker.check(inst, schedule);
    assertThat(original.valid()).as(original.violations().toString()).isTrue();
    MscclXmlWriter.Written w = MscclXmlWriter.write(inst, schedule, "test");
    Map<String, List<Set<String>>> attrs = attributes(w.xml());
    REQUIRED.forEach(
        (element, names) -> {
          assertThat(attrs.get(element)).as(element).isNotEmpty();
          for (Set<String> present : attrs.get(element)) {
            assertThat(present).as(element).containsAll(names);
          }
        });
    MscclXmlReader.Read back = MscclXmlReader.read(w.xml(), "test.xml", inst);
    assertThat(moves(inst, back.schedule())).isEqualTo(moves(inst, schedule));
    CheckReport report = ScheduleChecker.check(inst, back.schedule());
    assertThat(report.valid()).as(report.violations().toString()).isTrue();
    assertThat(back.makespan()).isEqualTo(report.makespan());
    assertThat(report.makespan()).isEqualTo(original.makespan());
    assertThat(w.notes()).anyMatch(n -> n.startsWith("read back: the same schedule"));
    return w;
  }

  @Test
  void aRingAllgatherWrittenAsMscclXmlReadsBackAsTheSameScheduleAndChecks() {
    Instance inst = gossip("{\"family\": \"ring\", \"nodes\": 8}", 3, "5", "1");
    roundTrip(inst, ringGossip(8, 3, 5 + 3));
  }

  @Test
  void aHypercubeAllgatherWhosePacketsCarrySeveralMessagesReadsBackAsTheSameSchedule() {
    Instance inst = gossip("{\"family\": \"hypercube\", \"dimension\": 3}", 2, "4", "1");
    roundTrip(inst, hypercubeGossip(3, 2, 4, 1));
  }

  @Test
  void aDgx1LikeAllgatherReadsBackAsTheSameScheduleAndChecks() {
    Instance inst = gossip(links(DGX1), 4, "10", "1");
    roundTrip(inst, dgx1Gossip(4, 10, 1));
  }

  /**
   * With the doubled NVLinks, packets side by side on the two channels of a link go on MSCCL
   * channels 0 and 1, each in a thread block of its own, and read back side by side: the makespan
   * stays two hops, 2 (beta + L tau) = 4 at beta = tau = L = 1 (on one channel they would follow
   * each other, or merge into one packet of twice the units, and end later).
   */
  @Test
  void aDgx1LikeAllgatherOnDoubledNvlinksKeepsItsChannelsWhenWrittenAndReadBack() {
    Instance inst = gossip(links(DGX1, DGX1_DOUBLED), 1, "1", "1");
    Schedule.Transmissions schedule = dgx1DoubledGossip(1, 1, 1);
    assertThat(schedule.transmissions()).anyMatch(x -> x.channelIndex() == 1);
    assertThat(ScheduleChecker.check(inst, schedule).makespan()).isEqualTo(2 * (1 + 1 * 1));
    MscclXmlWriter.Written w = roundTrip(inst, schedule);
    assertThat(w.xml()).contains("nchannels=\"2\"").contains("chan=\"1\"");
    // the runtimes fix a thread block's peer and channel: no GPU has two on one (peer, channel)
    Set<String> blocks = new HashSet<>();
    int gpu = -1;
    for (String line : w.xml().lines().toList()) {
      java.util.regex.Matcher g =
          java.util.regex.Pattern.compile("<gpu id=\"(\\d+)\"").matcher(line);
      if (g.find()) {
        gpu = Integer.parseInt(g.group(1));
      }
      java.util.regex.Matcher tb =
          java.util.regex.Pattern.compile("send=\"(-?\\d+)\" recv=\"(-?\\d+)\" chan=\"(\\d+)\"")
              .matcher(line);
      if (tb.find() && !(tb.group(1).equals("-1") && tb.group(2).equals("-1"))) {
        assertThat(blocks.add(gpu + " " + tb.group(1) + " " + tb.group(2) + " " + tb.group(3)))
            .as(line)
            .isTrue();
      }
    }
    // the same at L = 3, beta = 2: two hops of 2 + 3
    Instance longer = gossip(links(DGX1, DGX1_DOUBLED), 3, "2", "1");
    MscclXmlWriter.Written w3 = roundTrip(longer, dgx1DoubledGossip(3, 2, 1));
    assertThat(MscclXmlReader.read(w3.xml(), "t.xml", longer).makespan()).isEqualTo(2 * (2 + 3));
  }

  @Test
  void aSendThatWaitsForNothingIsImportedAtItsThreadBlocksPaceAndTheCheckerFindsTheMissingData() {
    Instance inst =
        InstanceReader.parse(
            "{\"format\": \"commsched-instance/1\", \"name\": \"t\", \"problem\": "
                + "\"broadcast\", \"source\": 0, \"length\": 1, \"model\": {\"kind\": \"store-and-forward\", \"beta\": "
                + "\"3\", \"tau\": \"1\", \"ports\": \"all\", \"duplex\": \"full\"}, \"network\": {\"nodes\": 3, "
                + "\"links\": [[0, 1], [1, 2]]}}",
            "t");
    String step =
        "<step s=\"%d\" type=\"%s\" srcbuf=\"o\" srcoff=\"0\" dstbuf=\"o\" dstoff=\"0\" cnt=\"1\" "
            + "depid=\"%d\" deps=\"%d\" hasdep=\"%d\"/>";
    String xml =
        "<algo name=\"a\" proto=\"Simple\" nchannels=\"1\" nchunksperloop=\"1\" ngpus=\"3\" "
            + "coll=\"broadcast\" inplace=\"1\">\n"
            + "<gpu id=\"0\" i_chunks=\"1\" o_chunks=\"1\" s_chunks=\"0\"><tb id=\"0\" send=\"1\" recv=\"-1\" chan=\"0\">"
            + String.format(step, 0, "s", -1, -1, 0)
            + "</tb></gpu>\n"
            + "<gpu id=\"1\" i_chunks=\"1\" o_chunks=\"1\" s_chunks=\"0\"><tb id=\"0\" send=\"-1\" recv=\"0\" chan=\"0\">"
            + String.format(step, 0, "r", -1, -1, 1)
            + "</tb><tb id=\"1\" send=\"2\" recv=\"-1\" chan=\"0\">"
            + "FORWARD</tb></gpu>\n"
            + "<gpu id=\"2\" i_chunks=\"1\" o_chunks=\"1\" s_chunks=\"0\"><tb id=\"0\" send=\"-1\" recv=\"1\" chan=\"0\">"
            + String.format(step, 0, "r", -1, -1, 0)
            + "</tb></gpu>\n</algo>\n";
    // with its dependency on the receive, node 1 forwards at beta + tau = 4: two hops, valid
    MscclXmlReader.Read waits =
        MscclXmlReader.read(
            xml.replace("FORWARD", String.format(step, 0, "s", 0, 0, 0)), "w.xml", inst);
    assertThat(ScheduleChecker.check(inst, waits.schedule()).valid()).isTrue();
    assertThat(waits.makespan()).isEqualTo(8);
    // without it, the send runs at its thread block's pace (at 0), before the chunk is there
    MscclXmlReader.Read races =
        MscclXmlReader.read(
            xml.replace("FORWARD", String.format(step, 0, "s", -1, -1, 0)), "r.xml", inst);
    CheckReport report = ScheduleChecker.check(inst, races.schedule());
    assertThat(report.valid()).isFalse();
    assertThat(report.violations().toString()).contains("SENDER_LACKS_UNIT");
  }

  @Test
  void onlyAllPortFullDuplexBroadcastsAndGossipsAreWrittenAsMscclXml() {
    Instance half =
        InstanceReader.parse(
            "{\"format\": \"commsched-instance/1\", \"name\": \"t\", \"problem\": "
                + "\"gossip\", \"length\": 1, \"model\": {\"kind\": \"store-and-forward\", \"beta\": \"1\", \"tau\": \"1\", "
                + "\"ports\": \"one\", \"duplex\": \"half\"}, \"network\": {\"family\": \"ring\", \"nodes\": 4}}",
            "t");
    assertThatThrownBy(() -> MscclXmlWriter.write(half, ringGossip(4, 1, 2), "t"))
        .isInstanceOf(MscclXmlWriter.Refusal.class)
        .hasMessageContaining("all-port full-duplex");
  }

  static String resource(String name) throws IOException {
    try (InputStream in = CollectiveFormatsTest.class.getResourceAsStream("/collective/" + name)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  @Test
  void sccsSynchronousStepsLastTheirLongestPacketAndTheImportedDgx1AllgatherChecks()
      throws IOException {
    scclSteps("sccl-dgx1-allgather-steps2.json", 4, 1);
  }

  @Test
  void anSccAlgorithmWithTwoChunksPerMessageSplitsEachMessageInTwoAndChecks() throws IOException {
    scclSteps("sccl-dgx1-allgather-steps2-rounds3-chunks2.json", 6, 2);
  }

  /**
   * On the DGX-1 with its doubled NVLinks as links of two channels, the chunks a step sends over a
   * doubled link go as two packets side by side (SCCL's model sends two chunks a round there): each
   * step lasts beta + (most chunks on one link, halved up on a doubled one) * units per chunk *
   * tau, and the schedule checks.
   */
  @Test
  void onTheDoubledNvlinks_anSccStepSendsItsChunksOverBothChannels() throws IOException {
    scclSteps("sccl-dgx1-allgather-steps2.json", 4, 1, DGX1_DOUBLED);
    scclSteps("sccl-dgx1-allgather-steps2-rounds3-chunks2.json", 6, 2, DGX1_DOUBLED);
  }

  void scclSteps(String file, long length, int chunksPerMessage) throws IOException {
    scclSteps(file, length, chunksPerMessage, Set.of());
  }

  void scclSteps(String file, long length, int chunksPerMessage, Set<List<Integer>> doubled)
      throws IOException {
    long beta = 10;
    long tau = 1;
    Instance inst = gossip(links(DGX1, doubled), length, "10", "1");
    JsonNode doc = JsonMapper.builder().build().readTree(resource(file));
    MscclXmlReader.Read read =
        ScclJsonReader.read(doc, "a.json", inst, ScclJsonReader.Timing.STEPS);
    // expected from the file itself: each step lasts beta + (most chunks on one link) * units per
    // chunk * tau
    long expected = 0;
    for (JsonNode step : doc.get("steps")) {
      Map<List<Integer>, Integer> perLink = new HashMap<>();
      for (JsonNode send : step.get("sends")) {
        perLink.merge(List.of(send.get(1).asInt(), send.get(2).asInt()), 1, Integer::sum);
      }
      int most = 0;
      for (Map.Entry<List<Integer>, Integer> e : perLink.entrySet()) {
        List<Integer> k = e.getKey();
        boolean two = doubled.contains(k) || doubled.contains(List.of(k.get(1), k.get(0)));
        most = Math.max(most, two ? (e.getValue() + 1) / 2 : e.getValue());
      }
      expected += beta + most * (length / chunksPerMessage) * tau;
    }
    CheckReport report = ScheduleChecker.check(inst, read.schedule());
    assertThat(report.valid()).as(report.violations().toString()).isTrue();
    assertThat(read.makespan()).isEqualTo(expected);
    assertThat(report.makespan()).isEqualTo(expected);
    MscclXmlReader.Read asap = ScclJsonReader.read(doc, "a.json", inst, ScclJsonReader.Timing.ASAP);
    assertThat(ScheduleChecker.check(inst, asap.schedule()).valid()).isTrue();
    assertThat(asap.makespan()).isLessThanOrEqualTo(expected);
  }

  @Test
  void anMscclXmlFileWrittenByMscclToolsImportsAndItsSharedLinkSendsAreOnePacket()
      throws IOException {
    Instance inst = gossip(links(DGX1), 4, "10", "1");
    MscclXmlReader.Read read =
        MscclXmlReader.read(resource("msccl-tools-dgx1-allgather-steps2.xml"), "m.xml", inst);
    CheckReport report = ScheduleChecker.check(inst, read.schedule());
    assertThat(report.valid()).as(report.violations().toString()).isTrue();
    assertThat(read.makespan()).isEqualTo(report.makespan());
    assertThat(read.notes()).anyMatch(n -> n.contains("start together on one channel of an arc"));
  }

  /**
   * On the doubled NVLinks msccl-tools' two thread blocks per doubled pair (MSCCL channels 0 and 1)
   * are the link's two channels: nothing starts together on one channel, and the file reads as
   * SCCL's two steps of beta + one chunk's units tau each, 2 (10 + 4) = 28 (on one channel per pair
   * two chunks share a link: 10 + 8 for that step).
   */
  @Test
  void anMscclXmlFileWrittenByMscclToolsUsesBothChannelsOfADoubledNvlink() throws IOException {
    Instance inst = gossip(links(DGX1, DGX1_DOUBLED), 4, "10", "1");
    MscclXmlReader.Read read =
        MscclXmlReader.read(resource("msccl-tools-dgx1-allgather-steps2.xml"), "m.xml", inst);
    CheckReport report = ScheduleChecker.check(inst, read.schedule());
    assertThat(report.valid()).as(report.violations().toString()).isTrue();
    assertThat(read.makespan()).isEqualTo(report.makespan()).isEqualTo(2 * (10 + 4));
    assertThat(read.schedule().transmissions()).anyMatch(x -> x.channelIndex() == 1);
    assertThat(read.notes()).noneMatch(n -> n.contains("start together"));
  }

  @Test
  void aFileWithoutAnAttributeTheRuntimeRequiresIsRefusedWithItsLine() {
    Instance inst = gossip("{\"family\": \"ring\", \"nodes\": 4}", 1, "1", "1");
    String xml =
        "<algo name=\"a\" proto=\"Simple\" nchannels=\"1\" nchunksperloop=\"4\" ngpus=\"4\" coll=\"allgather\" "
            + "inplace=\"1\">\n  <gpu id=\"0\" i_chunks=\"1\" o_chunks=\"4\">\n  </gpu>\n</algo>\n";
    assertThatThrownBy(() -> MscclXmlReader.read(xml, "a.xml", inst))
        .isInstanceOf(InstanceFormatException.class)
        .satisfies(
            e -> {
              String line = ((InstanceFormatException) e).oneLine();
              assertThat(line)
                  .startsWith("a.xml")
                  .contains("line 2")
                  .contains("s_chunks")
                  .doesNotContain("\n");
            });
  }

  @Test
  void reductionsAndStepsThatWaitOnEachOtherAreRefused() {
    Instance inst = gossip("{\"nodes\": 2, \"links\": [[0, 1]]}", 1, "1", "1");
    String head =
        "<algo name=\"a\" proto=\"Simple\" nchannels=\"1\" nchunksperloop=\"2\" ngpus=\"2\" "
            + "coll=\"allgather\" inplace=\"1\">\n";
    String reduce =
        head
            + "<gpu id=\"0\" i_chunks=\"1\" o_chunks=\"2\" s_chunks=\"0\"><tb id=\"0\" send=\"1\" "
            + "recv=\"-1\" chan=\"0\"><step s=\"0\" type=\"rrs\" srcbuf=\"o\" srcoff=\"0\" dstbuf=\"o\" dstoff=\"0\" "
            + "cnt=\"1\" depid=\"-1\" deps=\"-1\" hasdep=\"0\"/></tb></gpu></algo>";
    assertThatThrownBy(() -> MscclXmlReader.read(reduce, "r.xml", inst))
        .hasMessageContaining("reduces");
    // GPU 0 receives before it sends, GPU 1 too: each receive waits for a send that waits for it
    String gpu =
        "<gpu id=\"%d\" i_chunks=\"1\" o_chunks=\"2\" s_chunks=\"0\"><tb id=\"0\" send=\"%d\" recv=\"%d\" "
            + "chan=\"0\"><step s=\"0\" type=\"r\" srcbuf=\"o\" srcoff=\"%d\" dstbuf=\"o\" dstoff=\"%d\" cnt=\"1\" "
            + "depid=\"-1\" deps=\"-1\" hasdep=\"0\"/><step s=\"1\" type=\"s\" srcbuf=\"o\" srcoff=\"%d\" dstbuf=\"o\" "
            + "dstoff=\"%d\" cnt=\"1\" depid=\"-1\" deps=\"-1\" hasdep=\"0\"/></tb></gpu>";
    String deadlock =
        head
            + String.format(gpu, 0, 1, 1, 1, 1, 0, 0)
            + String.format(gpu, 1, 0, 0, 0, 0, 1, 1)
            + "</algo>";
    assertThatThrownBy(() -> MscclXmlReader.read(deadlock, "d.xml", inst))
        .hasMessageContaining("deadlock");
  }
}
