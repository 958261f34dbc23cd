package org.commsched.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.commsched.cli.CliTest.run;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * {@code commsched oracle} writes only entries whose optimum is certified
 * (docs/models/README.md#claims), and {@code commsched check} accepts every entry with its makespan
 * equal to the manifest's optimum.
 */
class OracleCliTest {
  @TempDir Path tmp;

  @Test
  void chatting_everyEntryIsCertifiedAndCheckAcceptsIt() throws Exception {
    entriesAccepted(
        3,
        "--problem",
        "chatting",
        "--family",
        "ula",
        "--size",
        "4",
        "--messages",
        "4",
        "--lengths",
        "uniform:1..3");
  }

  /**
   * Store-and-forward gathering (packet family): the entry's certificate may be the exact methods'
   * proofs.
   */
  @Test
  void packetGather_everyEntryIsCertifiedAndCheckAcceptsIt() throws Exception {
    entriesAccepted(
        1,
        "--problem",
        "gather",
        "--family",
        "ula",
        "--size",
        "4",
        "--model",
        "saf:beta=1,tau=1,ports=one,duplex=full");
  }

  /** Issue 23: with --strict-only every entry is one check --strict certifies by itself. */
  @Test
  void strictOnly_keepsOnlyEntriesCheckStrictCertifies() throws Exception {
    strictOnly = true;
    entriesAccepted(
        2,
        "--problem",
        "chatting",
        "--family",
        "ula",
        "--size",
        "4",
        "--messages",
        "4",
        "--lengths",
        "uniform:1..3",
        "--strict-only");
  }

  private boolean strictOnly;

  private void entriesAccepted(int count, String... what) throws Exception {
    Path dir = tmp.resolve("oracle");
    java.util.List<String> args = new java.util.ArrayList<>(java.util.List.of("oracle"));
    args.addAll(java.util.List.of(what));
    args.addAll(
        java.util.List.of(
            "--count",
            Integer.toString(count),
            "--seed",
            "1",
            "--time-limit",
            "20",
            "--out",
            dir.toString()));
    CliTest.Run r = run(args.toArray(String[]::new));
    assertThat(r.code()).as(r.out() + r.err()).isZero();
    JsonNode manifest = CliTest.MAPPER.readTree(Files.readString(dir.resolve("manifest.json")));
    assertThat(manifest.size()).isEqualTo(count);
    for (JsonNode e : manifest) {
      Path inst = dir.resolve(e.get("file").asString());
      Path sched = dir.resolve(e.get("schedule").asString());
      assertThat(e.get("problem").asString()).isEqualTo(what[1]);
      assertThat(e.get("optimumKind").asString()).isEqualTo("exact");
      CliTest.Run c = run("check", inst.toString(), sched.toString(), "--json");
      assertThat(c.code()).as(c.out() + c.err()).isZero();
      assertThat(c.json().get("valid").asBoolean()).isTrue();
      assertThat(c.json().get("makespan").asLong()).isEqualTo(e.get("optimum").asLong());
      JsonNode cert = e.get("certificate");
      // issue 23: the entry says whether check --strict certifies it by itself, and it does exactly
      // then
      boolean strict = cert.get("kind").asString().equals("lower-bound");
      assertThat(e.get("strictCertifies").asBoolean()).isEqualTo(strict);
      assertThat(run("check", inst.toString(), sched.toString(), "--strict").code() == 0)
          .isEqualTo(strict);
      if (strictOnly) {
        assertThat(strict).isTrue();
      }
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
