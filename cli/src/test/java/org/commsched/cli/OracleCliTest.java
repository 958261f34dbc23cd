package org.commsched.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.commsched.cli.CliTest.run;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * {@code commsched oracle} writes only entries whose optimum is certified (docs/models/README.md#claims), and
 * {@code commsched check} accepts every entry with its makespan equal to the manifest's optimum.
 */
class OracleCliTest {
  @TempDir
  Path tmp;

  @Test
  void everyEntryIsCertifiedAndCheckAcceptsIt() throws Exception {
    Path dir = tmp.resolve("oracle");
    CliTest.Run r = run("oracle", "--problem", "chatting", "--family", "ula", "--size", "4", "--messages", "4",
        "--lengths", "uniform:1..3", "--count", "3", "--seed", "1", "--time-limit", "20", "--out", dir.toString());
    assertThat(r.code()).as(r.out() + r.err()).isZero();
    JsonNode manifest = CliTest.MAPPER.readTree(Files.readString(dir.resolve("manifest.json")));
    assertThat(manifest.size()).isEqualTo(3);
    for (JsonNode e : manifest) {
      Path inst = dir.resolve(e.get("file").asString());
      Path sched = dir.resolve(e.get("schedule").asString());
      assertThat(e.get("problem").asString()).isEqualTo("chatting");
      assertThat(e.get("optimumKind").asString()).isEqualTo("exact");
      CliTest.Run c = run("check", inst.toString(), sched.toString(), "--json");
      assertThat(c.code()).as(c.out() + c.err()).isZero();
      assertThat(c.json().get("valid").asBoolean()).isTrue();
      assertThat(c.json().get("makespan").asLong()).isEqualTo(e.get("optimum").asLong());
      JsonNode cert = e.get("certificate");
      if (cert.get("kind").asString().equals("lower-bound")) {
        assertThat(cert.get("value").asLong()).isEqualTo(e.get("optimum").asLong());
        // the checker proves the same bound, so even --strict accepts the OPTIMAL claim
        assertThat(run("check", inst.toString(), sched.toString(), "--strict").code()).isZero();
      } else {
        assertThat(cert.get("kind").asString()).isEqualTo("exact");
        for (JsonNode p : cert.get("proofs")) {
          assertThat(p.get("status").asString()).isEqualTo("OPTIMAL");
          assertThat(p.get("makespan").asLong()).isEqualTo(e.get("optimum").asLong());
        }
      }
    }
  }

  @Test
  void badProblem_exit2() {
    CliTest.Run r = run("oracle", "--problem", "juggling", "--count", "1", "--out", tmp.toString());
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err()).startsWith("commsched oracle: unknown problem");
  }
}
