package org.commsched.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.commsched.cli.CliTest.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code import} of TE-CCL schedules end to end: the format is recognised from the file, bad files
 * get one line.
 */
class TecclImportCliTest {
  @TempDir Path tmp;

  Path path3() throws IOException {
    Path f = tmp.resolve("path3.json");
    Files.writeString(
        f,
        "{\"format\": \"commsched-instance/1\", \"name\": \"p\", \"problem\": \"gossip\", \"length\": 1, "
            + "\"model\": {\"kind\": \"store-and-forward\", \"beta\": \"2\", \"tau\": \"1\", \"ports\": \"all\", "
            + "\"duplex\": \"full\"}, \"network\": {\"nodes\": 3, \"links\": [[0, 1], [1, 2]]}}");
    return f;
  }

  @Test
  void aTecclScheduleIsRecognisedByItsFlowsAndImportsWithItsMapping() throws IOException {
    Path s = tmp.resolve("s.json");
    Files.writeString(
        s,
        "{\"1-Epoch_Duration\": 1.0, \"7-Flows\": [\"Chunk 0 from 0 traveled over 0->1 in epoch 0\", "
            + "\"Chunk 0 from 2 traveled over 2->1 in epoch 0\", \"Chunk 0 from 1 traveled over 1->0 in epoch 0\", "
            + "\"Chunk 0 from 1 traveled over 1->2 in epoch 0\", \"Chunk 0 from 0 traveled over 1->2 in epoch 1\", "
            + "\"Chunk 0 from 2 traveled over 1->0 in epoch 1\"]}");
    Path out = tmp.resolve("out.json");
    CliTest.Run r =
        run("import", path3().toString(), s.toString(), "--out", out.toString(), "--json");
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.json().get("mapping").asString())
        .startsWith("TE-CCL schedule read as linear-cost packets");
    assertThat(r.json().get("valid").asBoolean()).isTrue();
    assertThat(r.json().get("makespan").asLong()).isEqualTo(6); // two epochs of beta + tau = 3
    CliTest.Run c = run("check", path3().toString(), out.toString());
    assertThat(c.code()).as(c.out()).isZero();
  }

  @Test
  void aFlowThatIsNoArcOfTheInstanceExitsTwoWithOneLine() throws IOException {
    Path s = tmp.resolve("bad.json");
    Files.writeString(s, "{\"7-Flows\": [\"Chunk 0 from 0 traveled over 0->2 in epoch 0\"]}");
    Path out = tmp.resolve("no.json");
    CliTest.Run r =
        run(
            "import",
            path3().toString(),
            s.toString(),
            "--format",
            "teccl-json",
            "--out",
            out.toString());
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err().strip())
        .doesNotContain("\n")
        .startsWith(s.toString())
        .contains("/7-Flows/0")
        .contains("not an arc")
        .contains("; ");
    assertThat(Files.exists(out)).isFalse();
  }
}
