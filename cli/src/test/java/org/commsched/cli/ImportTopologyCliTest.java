package org.commsched.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * {@code commsched import-topology} end to end (docs/FORMATS.md#gpu-topologies): the project's
 * DGX-1-like and two-host NCCL topology files become gossip and broadcast instances that {@code
 * solve} answers with schedules {@code check} accepts, whose bounds never exceed the makespan; a
 * bad file and a bad option are one line, exit 2.
 */
class ImportTopologyCliTest {
  @TempDir Path tmp;

  static String topology(String name) {
    return CliTest.catalogue()
        .getParent()
        .resolve("src/test/resources/topologies/" + name)
        .toString();
  }

  private Path imported(String file, String... options) {
    Path out =
        tmp.resolve(file.replace(".xml", "").replace(".json", "") + "-" + options.length + ".json");
    String[] args = new String[options.length + 4];
    args[0] = "import-topology";
    args[1] = topology(file);
    System.arraycopy(options, 0, args, 2, options.length);
    args[options.length + 2] = "--out";
    args[options.length + 3] = out.toString();
    CliTest.Run r = CliTest.run(args);
    assertThat(r.code()).as(r.err()).isZero();
    return out;
  }

  private void solvesAndChecks(Path instance, String method) {
    Path schedule = tmp.resolve(instance.getFileName() + "." + method + ".schedule.json");
    CliTest.Run s =
        CliTest.run(
            "solve",
            instance.toString(),
            "--method",
            method,
            "--time-limit",
            "20",
            "--json",
            "--out",
            schedule.toString());
    assertThat(s.code()).as(s.err()).isZero();
    JsonNode j = s.json();
    assertThat(j.get("valid").asBoolean()).isTrue();
    CliTest.Run c = CliTest.run("check", instance.toString(), schedule.toString(), "--json");
    assertThat(c.code()).as(c.out() + c.err()).isZero();
    CliTest.Run b = CliTest.run("bounds", instance.toString(), "--json");
    assertThat(b.code()).as(b.err()).isZero();
    java.math.BigDecimal makespan = new java.math.BigDecimal(j.get("makespan").asString());
    for (JsonNode bound : b.json().get("bounds")) {
      assertThat(new java.math.BigDecimal(bound.get("value").asString()))
          .as(bound.toString())
          .isLessThanOrEqualTo(makespan);
    }
    assertThat(b.json().get("best").get("kind").asString())
        .isIn("ECCENTRICITY", "DIAMETER", "RECV-PORT", "SOURCE-PORT");
  }

  @Test
  void dgx1_gossipAndBroadcast_solveCheckAndBound() throws Exception {
    Path gossip = imported("nccl-dgx1.xml", "--problem", "gossip", "--length", "4");
    String text = Files.readString(gossip);
    assertThat(text).contains("\"count\": 2").contains("\"tau\": \"47.663\"").contains("\"gpu7\"");
    solvesAndChecks(gossip, "greedy-saf");
    Path broadcast =
        imported("nccl-dgx1.xml", "--problem", "broadcast", "--length", "8", "--source", "3");
    solvesAndChecks(broadcast, "greedy-saf");
  }

  @Test
  void twoHosts_gossipAndBroadcast_solveCheckAndBound() {
    solvesAndChecks(
        imported("nccl-2node-16gpu.xml", "--problem", "gossip", "--length", "2"), "greedy-saf");
    solvesAndChecks(
        imported("nccl-2node-16gpu.xml", "--problem", "broadcast", "--length", "4"), "greedy-saf");
  }

  @Test
  void heuristicsNotTaughtTheCosts_refuseWithTheReason_andMatchingBroadcastTakesThem() {
    Path i =
        imported("msccl-dgx1.json", "--problem", "broadcast", "--length", "2", "--ports", "one");
    CliTest.Run r = CliTest.run("solve", i.toString(), "--method", "tree-broadcast");
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err().strip())
        .contains("assumes every link is one channel at the model's beta and tau")
        .doesNotContain("\n");
    solvesAndChecks(i, "matching-broadcast");
  }

  @Test
  void aRingOfDoubledLinks_isNotTakenForARing_andTheThesisSchemeRefusesIt() throws Exception {
    Path ring = tmp.resolve("ring4.json");
    Files.writeString(
        ring,
        "{\"msccl_type\": \"topology\", \"name\": \"ring4\", \"switches\": [], \"links\": "
            + "[[0, 2, 0, 2], [2, 0, 2, 0], [0, 2, 0, 2], [2, 0, 2, 0]]}");
    Path out = tmp.resolve("ring4-gossip.json");
    assertThat(CliTest.run("import-topology", ring.toString(), "--out", out.toString()).code())
        .isZero();
    CliTest.Run r = CliTest.run("solve", out.toString(), "--method", "lc-gossip-ring-fstar");
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err().strip())
        .contains("lc-gossip-ring-fstar assumes every link is one channel")
        .contains("greedy-saf")
        .doesNotContain("\n");
    CliTest.Run best = CliTest.run("solve", out.toString(), "--json");
    assertThat(best.code()).as(best.err()).isZero();
    assertThat(best.json().has("recognised")).isFalse();
  }

  @Test
  void badFile_andBadOption_areOneLine_exit2() throws Exception {
    Path bad = tmp.resolve("bad.xml");
    Files.writeString(bad, "<system>\n  <cpu>\n    <gpu dev=\"0\"/>\n  </cpu>\n</system>\n");
    CliTest.Run r = CliTest.run("import-topology", bad.toString());
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err().strip())
        .startsWith(bad.toString() + ": line 3")
        .contains("put the <gpu> inside its <pci>")
        .doesNotContain("\n")
        .doesNotContain("Exception");
    CliTest.Run o =
        CliTest.run("import-topology", topology("nccl-dgx1.xml"), "--unit-bytes", "lots");
    assertThat(o.code()).isEqualTo(2);
    assertThat(o.err().strip()).contains("--unit-bytes").doesNotContain("\n");
  }
}
