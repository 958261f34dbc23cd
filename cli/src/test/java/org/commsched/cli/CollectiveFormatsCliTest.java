package org.commsched.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.commsched.cli.CliTest.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code export} and {@code import} end to end: the MSCCL XML round trip, the CSV, and one-line
 * refusals.
 */
class CollectiveFormatsCliTest {
  @TempDir Path tmp;

  Path instance(String name, String network, String ports, String duplex) throws IOException {
    Path f = tmp.resolve(name + ".json");
    Files.writeString(
        f,
        "{\"format\": \"commsched-instance/1\", \"name\": \""
            + name
            + "\", \"problem\": \"gossip\", "
            + "\"length\": 2, \"model\": {\"kind\": \"store-and-forward\", \"beta\": \"3\", \"tau\": \"1\", \"ports\": \""
            + ports
            + "\", \"duplex\": \""
            + duplex
            + "\"}, \"network\": "
            + network
            + "}");
    return f;
  }

  Path solved(Path instance) {
    Path s = tmp.resolve(instance.getFileName().toString().replace(".json", ".schedule.json"));
    CliTest.Run r = run("solve", instance.toString(), "--out", s.toString(), "--time-limit", "5");
    assertThat(r.code()).as(r.err()).isZero();
    return s;
  }

  @Test
  void aSolvedRingGossipExportsToMscclXmlThatImportsBackValidWithTheSameMakespan()
      throws IOException {
    Path inst = instance("ring6", "{\"family\": \"ring\", \"nodes\": 6}", "all", "full");
    Path schedule = solved(inst);
    Path xml = tmp.resolve("ring6.xml");
    CliTest.Run e = run("export", inst.toString(), schedule.toString(), "--out", xml.toString());
    assertThat(e.code()).as(e.err()).isZero();
    assertThat(e.err()).contains("read back: the same schedule");
    assertThat(Files.readString(xml))
        .startsWith("<algo ")
        .contains("coll=\"allgather\"")
        .contains("ngpus=\"6\"");
    Path back = tmp.resolve("back.schedule.json");
    CliTest.Run i = run("import", inst.toString(), xml.toString(), "--out", back.toString());
    assertThat(i.code()).as(i.err()).isZero();
    assertThat(i.err()).contains("the checker finds it valid");
    CliTest.Run j =
        run("import", inst.toString(), xml.toString(), "--out", back.toString(), "--json");
    assertThat(j.code()).as(j.err()).isZero();
    assertThat(j.json().get("valid").asBoolean()).isTrue();
    assertThat(j.json().get("mapping").asString())
        .startsWith("MSCCL XML read as linear-cost packets");
    CliTest.Run c = run("check", inst.toString(), back.toString(), "--json");
    assertThat(c.code()).as(c.out()).isZero();
    CliTest.Run original = run("check", inst.toString(), schedule.toString(), "--json");
    assertThat(c.json().get("makespan")).isEqualTo(original.json().get("makespan"));
    assertThat(j.json().get("makespan")).isEqualTo(original.json().get("makespan"));
  }

  /**
   * The DGX-1-like allgather with its doubled NVLinks as links of two channels, beta = tau = L = 1:
   * the optimum is two hops, 2 (beta + L tau) = 4 (the diameter is 2), and needs two packets side
   * by side on some doubled link; exported, they go on MSCCL channels 0 and 1 and import back side
   * by side, valid at 4 (on one MSCCL channel they would follow each other and end at 6).
   */
  @Test
  void aDgx1LikeGossipOnDoubledNvlinksExportsItsChannelsAndImportsBackAtTheSameMakespan()
      throws IOException {
    Path inst = tmp.resolve("dgx1x2.json");
    Files.writeString(
        inst,
        "{\"format\": \"commsched-instance/1\", \"name\": \"dgx1x2\", \"problem\": \"gossip\", "
            + "\"length\": 1, \"model\": {\"kind\": \"store-and-forward\", \"beta\": \"1\", \"tau\": \"1\", "
            + "\"ports\": \"all\", \"duplex\": \"full\"}, \"network\": {\"nodes\": 8, \"links\": ["
            + "{\"between\": [0, 1], \"count\": 2}, [0, 2], [0, 3], {\"between\": [0, 4], \"count\": 2}, "
            + "[1, 2], {\"between\": [1, 3], \"count\": 2}, [1, 5], {\"between\": [2, 3], \"count\": 2}, "
            + "{\"between\": [2, 6], \"count\": 2}, [3, 7], {\"between\": [4, 5], \"count\": 2}, [4, 6], "
            + "[4, 7], [5, 6], {\"between\": [5, 7], \"count\": 2}, {\"between\": [6, 7], \"count\": 2}]}}");
    Path schedule = solved(inst);
    CliTest.Run original = run("check", inst.toString(), schedule.toString(), "--json");
    assertThat(original.json().get("makespan").asLong()).isEqualTo(4);
    Path xml = tmp.resolve("dgx1x2.xml");
    CliTest.Run e = run("export", inst.toString(), schedule.toString(), "--out", xml.toString());
    assertThat(e.code()).as(e.err()).isZero();
    assertThat(e.err()).contains("read back: the same schedule, makespan 4");
    assertThat(Files.readString(xml)).contains("nchannels=\"2\"").contains("chan=\"1\"");
    Path back = tmp.resolve("dgx1x2.back.json");
    CliTest.Run j =
        run("import", inst.toString(), xml.toString(), "--out", back.toString(), "--json");
    assertThat(j.code()).as(j.err()).isZero();
    assertThat(j.json().get("valid").asBoolean()).isTrue();
    assertThat(j.json().get("makespan")).isEqualTo(original.json().get("makespan"));
    assertThat(Files.readString(back)).contains("\"channel\"");
    CliTest.Run c = run("check", inst.toString(), back.toString(), "--json");
    assertThat(c.code()).as(c.out()).isZero();
    assertThat(c.json().get("makespan")).isEqualTo(original.json().get("makespan"));
  }

  @Test
  void theCsvHasOneRowPerRecordUnderTheDocumentedHeader() throws IOException {
    Path inst = instance("ring5", "{\"family\": \"ring\", \"nodes\": 5}", "all", "full");
    Path schedule = solved(inst);
    CliTest.Run e = run("export", inst.toString(), schedule.toString(), "--format", "csv");
    assertThat(e.code()).as(e.err()).isZero();
    List<String> lines = e.out().lines().toList();
    assertThat(lines.get(0)).isEqualTo("message,packet,first,size,from,to,start,end,channel");
    int records = CliTest.MAPPER.readTree(Files.readString(schedule)).get("transmissions").size();
    assertThat(lines).hasSize(records + 1);
  }

  @Test
  void theCsvNamesEachRecordsChannelAndEndsEachPacketOnItsOwnChannel() throws IOException {
    // Two packets of one unit leave node 0 together on the two channels of one link: each is a
    // packet of its own (beta 3 + tau 1 = 4), so both end at 4 and the CSV keeps them apart.
    Path inst = tmp.resolve("two-channels.json");
    Files.writeString(
        inst,
        "{\"format\": \"commsched-instance/1\", \"name\": \"two-channels\", \"problem\": \"broadcast\","
            + " \"source\": 0, \"length\": 2, \"model\": {\"kind\": \"store-and-forward\", \"beta\": \"3\","
            + " \"tau\": \"1\", \"ports\": \"all\", \"duplex\": \"full\"}, \"network\": {\"nodes\": 2,"
            + " \"links\": [{\"between\": [0, 1], \"count\": 2}]}}");
    Path schedule = tmp.resolve("two-channels.schedule.json");
    Files.writeString(
        schedule,
        "{\"format\": \"commsched-schedule/1\", \"instance\": \"two-channels\", \"method\": \"by-hand\","
            + " \"status\": \"FEASIBLE\", \"makespan\": 4, \"transmissions\": ["
            + "{\"message\": \"m0\", \"packet\": 0, \"size\": 1, \"from\": 0, \"to\": 1, \"start\": 0},"
            + "{\"message\": \"m0\", \"packet\": 1, \"size\": 1, \"from\": 0, \"to\": 1, \"start\": 0,"
            + " \"channel\": 1}]}");
    CliTest.Run c = run("check", inst.toString(), schedule.toString());
    assertThat(c.code()).as(c.out() + c.err()).isZero();
    CliTest.Run e = run("export", inst.toString(), schedule.toString(), "--format", "csv");
    assertThat(e.code()).as(e.err()).isZero();
    assertThat(e.out().lines().toList())
        .containsExactly(
            "message,packet,first,size,from,to,start,end,channel",
            "m0,0,0,1,0,1,0,4,0",
            "m0,1,1,1,0,1,0,4,1");
  }

  @Test
  void aOnePortScheduleIsRefusedForMscclXmlWithOneLineAndNoFile() throws IOException {
    Path inst = instance("ring4", "{\"family\": \"ring\", \"nodes\": 4}", "one", "full");
    Path schedule = solved(inst);
    Path xml = tmp.resolve("no.xml");
    CliTest.Run e = run("export", inst.toString(), schedule.toString(), "--out", xml.toString());
    assertThat(e.code()).isEqualTo(2);
    assertThat(e.err().strip())
        .doesNotContain("\n")
        .contains("all-port full-duplex")
        .contains("; ");
    assertThat(Files.exists(xml)).isFalse();
  }

  @Test
  void aForeignFileThatIsNotAnAlgorithmIsRefusedWithOneLineNamingIt() throws IOException {
    Path inst = instance("ring4b", "{\"family\": \"ring\", \"nodes\": 4}", "all", "full");
    Path bad = tmp.resolve("bad.xml");
    Files.writeString(
        bad,
        "<algo name=\"x\" proto=\"Simple\" nchannels=\"1\" nchunksperloop=\"4\" ngpus=\"4\" "
            + "coll=\"allreduce\" inplace=\"1\"></algo>\n");
    CliTest.Run i = run("import", inst.toString(), bad.toString());
    assertThat(i.code()).isEqualTo(2);
    assertThat(i.err().strip())
        .doesNotContain("\n")
        .startsWith(bad.toString())
        .contains("line 1")
        .contains("allreduce");
  }
}
