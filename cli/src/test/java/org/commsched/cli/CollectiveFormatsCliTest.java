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

  @Test
  void theCsvHasOneRowPerRecordUnderTheDocumentedHeader() throws IOException {
    Path inst = instance("ring5", "{\"family\": \"ring\", \"nodes\": 5}", "all", "full");
    Path schedule = solved(inst);
    CliTest.Run e = run("export", inst.toString(), schedule.toString(), "--format", "csv");
    assertThat(e.code()).as(e.err()).isZero();
    List<String> lines = e.out().lines().toList();
    assertThat(lines.get(0)).isEqualTo("message,packet,first,size,from,to,start,end");
    int records = CliTest.MAPPER.readTree(Files.readString(schedule)).get("transmissions").size();
    assertThat(lines).hasSize(records + 1);
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
