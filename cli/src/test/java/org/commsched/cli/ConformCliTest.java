package org.commsched.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.commsched.cli.CliTest.cat;
import static org.commsched.cli.CliTest.run;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * {@code check --conform} and the {@code conforms} statistic of {@code solve}
 * (docs/models/packet.md#conformance-rules) on the catalogue's packet instances.
 */
class ConformCliTest {
  @TempDir Path tmp;

  /**
   * The buffer example (docs/models/packet.md#buffers-and-grouping): packet-fdf-even's gather is
   * valid, FCFS, NRF, even and within the buffer bound; the reversed gather is not greedy, which
   * the check reports without failing.
   */
  @Test
  void checkConform_reportsEachRuleApartFromValidity() {
    Path sched = tmp.resolve("g.json");
    CliTest.Run s =
        run(
            "solve",
            cat("pk-buffer-gather-path3.json"),
            "--method",
            "packet-fdf-even",
            "--out",
            sched.toString(),
            "--json");
    assertThat(s.code()).as(s.err()).isZero();
    assertThat(s.json().get("stats").get("conforms").stringValue())
        .isEqualTo("fcfs,greedy,fdf,buffer,even-size");
    CliTest.Run c =
        run(
            "check",
            cat("pk-buffer-gather-path3.json"),
            sched.toString(),
            "--conform",
            "all",
            "--json");
    assertThat(c.code()).as(c.err()).isZero();
    JsonNode conf = c.json().get("conformance");
    assertThat(conf.get("fcfs").get("label").stringValue()).isEqualTo("V7");
    assertThat(conf.get("buffer").get("met").asBoolean()).isTrue();
    assertThat(conf.get("even-size").get("met").asBoolean()).isTrue();
  }

  /**
   * greedy-saf's TV-1 schedule is valid; asking for rules prints one line per rule, and the exit
   * code stays 0.
   */
  @Test
  void checkConform_textListsTheRulesAsked() {
    Path sched = tmp.resolve("t.json");
    assertThat(
            run(
                    "solve",
                    cat("pk-tv1-scatter-beta2.json"),
                    "--method",
                    "packet-fdf",
                    "--out",
                    sched.toString())
                .code())
        .isZero();
    CliTest.Run c =
        run("check", cat("pk-tv1-scatter-beta2.json"), sched.toString(), "--conform", "fcfs,V9");
    assertThat(c.code()).as(c.err()).isZero();
    assertThat(c.out()).contains("V7 fcfs: met").contains("V9 fdf: met").doesNotContain("V8");
  }

  @Test
  void checkConform_unknownRuleOrOtherFamily_isBadInput() {
    Path sched = tmp.resolve("t.json");
    assertThat(
            run(
                    "solve",
                    cat("pk-tv1-scatter-beta2.json"),
                    "--method",
                    "packet-fdf",
                    "--out",
                    sched.toString())
                .code())
        .isZero();
    CliTest.Run bad =
        run("check", cat("pk-tv1-scatter-beta2.json"), sched.toString(), "--conform", "lifo");
    assertThat(bad.code()).isEqualTo(2);
    assertThat(bad.err()).contains("unknown conformance rule 'lifo'");
    Path b = tmp.resolve("b.json");
    assertThat(run("solve", cat("chat-oracle-b-ula4.json"), "--out", b.toString()).code()).isZero();
    CliTest.Run other =
        run("check", cat("chat-oracle-b-ula4.json"), b.toString(), "--conform", "fcfs");
    assertThat(other.code()).isEqualTo(2);
    assertThat(other.err()).contains("packet family");
  }
}
