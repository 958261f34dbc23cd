package org.commsched.instances.io.collective;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.commsched.core.check.CheckReport;
import org.commsched.core.check.ScheduleChecker;
import org.commsched.core.check.Violation;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Schedule;
import org.commsched.instances.io.InstanceFormatException;
import org.commsched.instances.io.InstanceReader;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * TE-CCL's JSON schedules import with the stated mapping (epochs of one length, the chunks of one
 * epoch on one arc a packet per channel): its shipped 4 x 4 mesh allgather checks valid, flows the
 * file gets wrong are left for the checker, and malformed files are refused with one line naming
 * the flow.
 */
class TecclImportTest {
  static final JsonMapper MAPPER = JsonMapper.builder().build();

  /**
   * TE-CCL's Mesh topology (teccl/topologies/mesh.py): node i joined to i +- 1 and i +- side, rows
   * not wrapped.
   */
  static String mesh(int side) {
    int n = side * side;
    StringBuilder b = new StringBuilder("{\"nodes\": " + n + ", \"links\": [");
    String sep = "";
    for (int i = 0; i < n; i++) {
      for (int j : new int[] {i + 1, i + side}) {
        if (j < n) {
          b.append(sep).append("[").append(i).append(", ").append(j).append("]");
          sep = ", ";
        }
      }
    }
    return b.append("]}").toString();
  }

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

  static JsonNode doc(String json) {
    return MAPPER.readTree(json);
  }

  static JsonNode flows(String... flows) {
    var root = MAPPER.createObjectNode();
    var list = root.putArray("7-Flows");
    for (String f : flows) {
      list.add(f);
    }
    return root;
  }

  /** The epochs the file uses, read from its flow sentences here (not by the reader). */
  static int epochsOf(JsonNode doc) {
    Pattern epoch = Pattern.compile("in epoch (\\d+)");
    int last = -1;
    for (JsonNode f : doc.get("7-Flows")) {
      Matcher m = epoch.matcher(f.asString());
      assertThat(m.find()).isTrue();
      last = Math.max(last, Integer.parseInt(m.group(1)));
    }
    return last + 1;
  }

  @Test
  void teCclsShippedMeshAllgatherChecksValidAndTakesItsEpochsTimesTheLongestPacket()
      throws IOException {
    JsonNode doc = doc(CollectiveFormatsTest.resource("teccl-mesh4-allgather.json"));
    int epochs = epochsOf(doc);
    assertThat(epochs).isEqualTo(doc.get("3-Epochs_Required").asInt());
    // TE-CCL's mesh: no latency, one chunk per epoch per link: beta 0, tau 1, one unit per chunk
    Instance inst = gossip(mesh(4), 1, "0", "1");
    MscclXmlReader.Read read =
        TecclJsonReader.read(doc, "mesh_4.json", inst, ScclJsonReader.Timing.STEPS);
    CheckReport report = ScheduleChecker.check(inst, read.schedule());
    assertThat(report.valid()).as(report.violations().toString()).isTrue();
    assertThat(read.makespan()).isEqualTo(epochs).isEqualTo(report.makespan());
    assertThat(read.schedule().transmissions()).hasSize(doc.get("7-Flows").size());
    // beta 3, tau 1, messages of 2 units: every epoch lasts 3 + 2
    Instance slow = gossip(mesh(4), 2, "3", "1");
    MscclXmlReader.Read steps =
        TecclJsonReader.read(doc, "mesh_4.json", slow, ScclJsonReader.Timing.STEPS);
    CheckReport slowReport = ScheduleChecker.check(slow, steps.schedule());
    assertThat(slowReport.valid()).as(slowReport.violations().toString()).isTrue();
    assertThat(steps.makespan()).isEqualTo(epochs * 5L);
    MscclXmlReader.Read asap =
        TecclJsonReader.read(doc, "mesh_4.json", slow, ScclJsonReader.Timing.ASAP);
    CheckReport asapReport = ScheduleChecker.check(slow, asap.schedule());
    assertThat(asapReport.valid()).as(asapReport.violations().toString()).isTrue();
    assertThat(asap.makespan())
        .isLessThanOrEqualTo(steps.makespan())
        .isEqualTo(asapReport.makespan());
  }

  @Test
  void chunksCrossingOneArcInOneEpochAreOnePacketPerChannel() {
    String net =
        "{\"nodes\": 3, \"links\": [{\"between\": [0, 1], \"count\": %d}, [1, 2], [0, 2]]}";
    JsonNode doc =
        flows(
            "Chunk 0 from 0 traveled over 0->1 in epoch 0",
            "Chunk 1 from 0 traveled over 0->1 in epoch 0",
            "Chunk 0 from 2 traveled over 2->1 in epoch 0",
            "Chunk 1 from 2 traveled over 2->1 in epoch 0",
            "Chunk 0 from 1 traveled over 1->0 in epoch 0",
            "Chunk 1 from 1 traveled over 1->0 in epoch 0",
            "Chunk 0 from 0 traveled over 0->2 in epoch 0",
            "Chunk 1 from 0 traveled over 0->2 in epoch 0",
            "Chunk 0 from 1 traveled over 1->2 in epoch 0",
            "Chunk 1 from 1 traveled over 1->2 in epoch 0",
            "Chunk 0 from 2 traveled over 2->0 in epoch 0",
            "Chunk 1 from 2 traveled over 2->0 in epoch 0");
    // two channels on 0-1: the two chunks are two packets of 1 unit there, one packet of 2 units on
    // the other links
    Instance two = gossip(String.format(net, 2), 2, "1", "1");
    MscclXmlReader.Read read =
        TecclJsonReader.read(doc, "t.json", two, ScclJsonReader.Timing.STEPS);
    CheckReport report = ScheduleChecker.check(two, read.schedule());
    assertThat(report.valid()).as(report.violations().toString()).isTrue();
    assertThat(read.makespan()).isEqualTo(3); // beta + 2 tau on the one-channel links
    List<Schedule.Transmission> on01 = new ArrayList<>();
    for (Schedule.Transmission t : read.schedule().transmissions()) {
      if (t.from() == 0 && t.to() == 1) {
        on01.add(t);
      }
    }
    assertThat(on01).hasSize(2).allMatch(t -> t.size() == 1 && t.start() == 0);
    assertThat(on01.stream().map(Schedule.Transmission::channelIndex))
        .containsExactlyInAnyOrder(0, 1);
    // one channel: one packet of both chunks
    Instance one = gossip(String.format(net, 1), 2, "1", "1");
    MscclXmlReader.Read single =
        TecclJsonReader.read(doc, "t.json", one, ScclJsonReader.Timing.STEPS);
    assertThat(ScheduleChecker.check(one, single.schedule()).valid()).isTrue();
    assertThat(single.schedule().transmissions())
        .filteredOn(t -> t.from() == 0 && t.to() == 1)
        .singleElement()
        .satisfies(t -> assertThat(t.size()).isEqualTo(2));
    assertThat(single.notes()).anyMatch(n -> n.contains("several chunks cross one channel"));
  }

  @Test
  void aChunkForwardedInTheEpochItArrivesIsLeftForTheCheckerToReport() {
    Instance path = gossip("{\"nodes\": 3, \"links\": [[0, 1], [1, 2]]}", 1, "1", "1");
    JsonNode doc =
        flows(
            "Chunk 0 from 0 traveled over 0->1 in epoch 0",
            "Chunk 0 from 0 traveled over 1->2 in epoch 0",
            "Chunk 0 from 1 traveled over 1->0 in epoch 0",
            "Chunk 0 from 1 traveled over 1->2 in epoch 0",
            "Chunk 0 from 2 traveled over 2->1 in epoch 0",
            "Chunk 0 from 2 traveled over 1->0 in epoch 1");
    for (ScclJsonReader.Timing timing : ScclJsonReader.Timing.values()) {
      MscclXmlReader.Read read = TecclJsonReader.read(doc, "t.json", path, timing);
      CheckReport report = ScheduleChecker.check(path, read.schedule());
      assertThat(report.valid()).isFalse();
      assertThat(report.violations())
          .extracting(Violation::kind)
          .extracting(Enum::name)
          .contains("SENDER_LACKS_UNIT");
    }
  }

  @Test
  void malformedFilesAreRefusedWithOneLineNamingTheFlowAndTheFix() {
    Instance inst = gossip(mesh(2), 2, "1", "1");
    List<JsonNode> bad =
        List.of(
            doc("{\"msccl_type\": \"algorithm\"}"),
            flows("Chunk 0 from 0 went 0->1 in epoch 0"),
            flows("Chunk 0 from 0 traveled over 0->3 in epoch 0"),
            flows("Chunk 0 from 0 traveled over 0->9 in epoch 0"),
            flows("Chunk 2 from 0 traveled over 0->1 in epoch 0"),
            flows());
    List<String> places =
        List.of("/7-Flows", "/7-Flows/0", "/7-Flows/0", "/7-Flows/0", "/7-Flows", "/7-Flows");
    for (int i = 0; i < bad.size(); i++) {
      JsonNode d = bad.get(i);
      String place = places.get(i);
      assertThatThrownBy(() -> TecclJsonReader.read(d, "s.json", inst, ScclJsonReader.Timing.STEPS))
          .isInstanceOf(InstanceFormatException.class)
          .satisfies(
              e ->
                  assertThat(((InstanceFormatException) e).oneLine())
                      .startsWith("s.json: " + place + ": ")
                      .contains("; ")
                      .doesNotContain("\n"));
    }
  }
}
