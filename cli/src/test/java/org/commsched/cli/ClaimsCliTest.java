package org.commsched.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.commsched.cli.CliTest.cat;
import static org.commsched.cli.CliTest.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * {@code check} separates a file's claims from its validity (docs/models/README.md#claims): a
 * claimed lower bound or OPTIMAL status is certified by a bound the checker proves, uncertified
 * when it proves none that meets it ({@code --strict} fails then), refuted when contradicted;
 * {@code --prove} settles uncertified claims with an exact run.
 */
class ClaimsCliTest {
  @TempDir Path tmp;

  /**
   * Chatting oracle B (docs/models/bufferless-chatting.md#examples: T_opt = 7, arc 2->3 carries C =
   * 7 flits). A valid schedule of makespan 10 that claims OPTIMAL with a bound of 10 used to pass
   * as "valid". Its departures: each message once over the bottleneck arc, one after the other (M0
   * 0, M2 3, M1 4, M3 5 is greedy's makespan 9; one step later for all gives 10).
   */
  private Path lyingAboutB(String status, long bound) throws IOException {
    Path f = tmp.resolve("b-" + status + "-" + bound + ".json");
    Files.writeString(
        f,
        """
        {"format": "commsched-schedule/1", "instance": "chat-oracle-b-ula4", "method": "mine",
         "status": "%s", "makespan": 10, "lowerBound": %d, "lowerBoundKind": "mine", "lowerBoundWitness": "trust me",
         "departures": {"M0": 1, "M1": 5, "M2": 4, "M3": 6}}
        """
            .formatted(status, bound));
    return f;
  }

  @Test
  void optimalClaimBeyondEveryProvenBound_isUncertified_andStrictFails() throws IOException {
    Path lie = lyingAboutB("OPTIMAL", 10);
    CliTest.Run c = run("check", cat("chat-oracle-b-ula4.json"), lie.toString(), "--json");
    assertThat(c.code())
        .as(c.out() + c.err())
        .isZero(); // the schedule is valid; the claims are only unproven
    JsonNode claims = c.json().get("claims");
    assertThat(claims).hasSize(2);
    assertThat(claims.get(0).get("claim").stringValue()).isEqualTo("lowerBound");
    assertThat(claims.get(0).get("verdict").stringValue()).isEqualTo("uncertified");
    assertThat(claims.get(0).get("by").get("kind").stringValue()).isEqualTo("C");
    assertThat(claims.get(0).get("by").get("value").asLong()).isEqualTo(7);
    assertThat(claims.get(1).get("claim").stringValue()).isEqualTo("status");
    assertThat(claims.get(1).get("verdict").stringValue()).isEqualTo("uncertified");
    CliTest.Run strict = run("check", cat("chat-oracle-b-ula4.json"), lie.toString(), "--strict");
    assertThat(strict.code()).isEqualTo(1);
    assertThat(strict.out()).contains("claim status OPTIMAL: uncertified").contains("C = 7");
  }

  /** --prove runs the exact model, which finds the optimum 7 < 10: both claims refuted, exit 1. */
  @Test
  void prove_refutesAFalseOptimum() throws IOException {
    Path lie = lyingAboutB("OPTIMAL", 10);
    CliTest.Run c =
        run(
            "check",
            cat("chat-oracle-b-ula4.json"),
            lie.toString(),
            "--prove",
            "--time-limit",
            "20",
            "--json");
    assertThat(c.code()).as(c.out() + c.err()).isEqualTo(1);
    assertThat(c.json().get("valid").asBoolean()).isTrue();
    for (JsonNode claim : c.json().get("claims")) {
      assertThat(claim.get("verdict").stringValue()).as(claim.toString()).isEqualTo("refuted");
      assertThat(claim.get("reason").stringValue()).contains("makespan 7");
    }
  }

  /** A bound of 9 on a FEASIBLE file: the same verdicts for the bound alone; no status claim. */
  @Test
  void boundClaimAlone() throws IOException {
    CliTest.Run c =
        run(
            "check",
            cat("chat-oracle-b-ula4.json"),
            lyingAboutB("FEASIBLE", 9).toString(),
            "--json");
    assertThat(c.code()).isZero();
    assertThat(c.json().get("claims")).hasSize(1);
    assertThat(c.json().get("claims").get(0).get("verdict").stringValue()).isEqualTo("uncertified");
  }

  /** A bound above the schedule's own makespan is refuted, and the check fails. */
  @Test
  void boundAboveTheMakespan_isRefuted() throws IOException {
    CliTest.Run c =
        run(
            "check",
            cat("chat-oracle-b-ula4.json"),
            lyingAboutB("FEASIBLE", 11).toString(),
            "--json");
    assertThat(c.code()).isEqualTo(1);
    assertThat(c.json().get("claims").get(0).get("verdict").stringValue()).isEqualTo("refuted");
  }

  /** solve's own optimum on oracle B is certified by the congestion bound C = 7. */
  @Test
  void solvesOptimum_isCertifiedByTheCongestionBound() {
    Path s = tmp.resolve("b.json");
    assertThat(
            run("solve", cat("chat-oracle-b-ula4.json"), "--method", "cpsat", "--out", s.toString())
                .code())
        .isZero();
    CliTest.Run c =
        run("check", cat("chat-oracle-b-ula4.json"), s.toString(), "--strict", "--json");
    assertThat(c.code()).as(c.out() + c.err()).isZero();
    for (JsonNode claim : c.json().get("claims")) {
      assertThat(claim.get("verdict").stringValue()).as(claim.toString()).isEqualTo("certified");
      assertThat(claim.get("by").get("value").asLong()).isEqualTo(7);
    }
  }

  /**
   * dsa-small (catalogue: optimum 8, LOAD = 7): cpsat's OPTIMAL layout of height 8 is beyond every
   * bound the checker proves, so uncertified; --prove certifies it by the exact model's own proof.
   */
  @Test
  void prove_certifiesATrueOptimumBeyondTheBounds() {
    Path s = tmp.resolve("d.json");
    CliTest.Run solved =
        run("solve", cat("dsa-small.json"), "--method", "cpsat", "--out", s.toString(), "--json");
    assertThat(solved.code()).as(solved.err()).isZero();
    assertThat(solved.json().get("status").stringValue()).isEqualTo("OPTIMAL");
    assertThat(solved.json().get("makespan").asLong()).isEqualTo(8);
    CliTest.Run plain = run("check", cat("dsa-small.json"), s.toString(), "--strict");
    assertThat(plain.code()).isEqualTo(1);
    assertThat(plain.out()).contains("uncertified").contains("LOAD = 7");
    CliTest.Run proved =
        run("check", cat("dsa-small.json"), s.toString(), "--strict", "--prove", "--json");
    assertThat(proved.code()).as(proved.out() + proved.err()).isZero();
    for (JsonNode claim : proved.json().get("claims")) {
      assertThat(claim.get("verdict").stringValue()).as(claim.toString()).isEqualTo("certified");
      assertThat(claim.get("by").get("value").asLong()).isEqualTo(8);
    }
    assertThat(proved.json().get("prover").stringValue()).isEqualTo("cpsat");
  }

  /**
   * A claimed makespan other than the recomputed one (10) is a refuted claim as well as a
   * violation.
   */
  @Test
  void wrongMakespanClaim_isRefuted() throws IOException {
    Path f = tmp.resolve("b-makespan.json");
    Files.writeString(
        f,
        Files.readString(lyingAboutB("FEASIBLE", 0))
            .replace("\"makespan\": 10", "\"makespan\": 11"));
    CliTest.Run c = run("check", cat("chat-oracle-b-ula4.json"), f.toString(), "--json");
    assertThat(c.code()).as(c.out() + c.err()).isEqualTo(1);
    assertThat(c.json().get("violations").toString()).contains("MAKESPAN_MISMATCH");
    JsonNode claim = c.json().get("claims").get(0);
    assertThat(claim.get("claim").stringValue()).isEqualTo("makespan");
    assertThat(claim.get("value").stringValue()).isEqualTo("11");
    assertThat(claim.get("verdict").stringValue()).isEqualTo("refuted");
    assertThat(claim.get("reason").stringValue()).contains("recomputed makespan is 10");
    CliTest.Run human = run("check", cat("chat-oracle-b-ula4.json"), f.toString());
    assertThat(human.out()).contains("claim makespan 11: refuted");
  }
}
