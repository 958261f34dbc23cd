package org.commsched.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * {@code solve} without {@code --method} (the portfolio, docs/models/README.md#the-default-portfolio) and the time
 * budget {@link Deadline} gives the method.
 */
class SolveDefaultCliTest {

  @Test
  void theDefaultNamesThePortfolioAndTheMethodThatFoundTheSchedule() {
    // lc-e18: Peters' F1 gossip on an 8-ring (docs/models/linear-cost.md), optimum 90 in the manifest; the old
    // default (the first applicable heuristic, greedy-saf) gave 255
    CliTest.Run r = CliTest.run("solve", CliTest.cat("lc-e18-gossip-ring8-f1.json"), "--json", "--quiet",
        "--time-limit", "20");
    assertThat(r.code()).isZero();
    JsonNode n = r.json();
    assertThat(n.get("method").stringValue()).isEqualTo("portfolio");
    assertThat(n.get("makespan").asLong()).isEqualTo(90);
    assertThat(n.get("foundBy").stringValue()).isNotEqualTo("greedy-saf");
    assertThat(n.get("stats").has("foundBy")).as("printed once, at the top").isFalse();
    assertThat(n.get("stats").get("tried").stringValue()).startsWith(n.get("foundBy").stringValue() + " 90");

    CliTest.Run text = CliTest.run("solve", CliTest.cat("lc-e18-gossip-ring8-f1.json"), "--quiet");
    assertThat(text.out()).contains("method     portfolio").contains("found by   " + n.get("foundBy").stringValue());
  }

  @Test
  void anExplicitMethodHasNoFoundBy() {
    CliTest.Run r = CliTest.run("solve", CliTest.cat("lc-e18-gossip-ring8-f1.json"), "--json", "--quiet",
        "--method", "greedy-saf");
    assertThat(r.json().has("foundBy")).isFalse();
  }

  @Test
  void theBudgetIsWhatIsLeftOfTheLimitLessTheMargin() {
    // 10 s limit, 3 s gone: 10 - 3 - 0.5 (the margin, at most half a second)
    assertThat(Deadline.budget(Duration.ofSeconds(10), Duration.ofSeconds(3))).isEqualTo(Duration.ofMillis(6500));
    // 1 s limit, nothing gone: the margin is a tenth of the limit
    assertThat(Deadline.budget(Duration.ofSeconds(1), Duration.ZERO)).isEqualTo(Duration.ofMillis(900));
    // a start slower than the limit still leaves a tenth of it for the search
    assertThat(Deadline.budget(Duration.ofSeconds(5), Duration.ofSeconds(6))).isEqualTo(Duration.ofMillis(500));
    assertThat(Deadline.budget(Duration.ofNanos(5), Duration.ofSeconds(1))).isEqualTo(Duration.ofMillis(1));
  }

  @Test
  void inATestJvmTheBudgetCountsFromTheCommandsStart() {
    long started = System.nanoTime();
    Duration budget = Deadline.budget(Duration.ofSeconds(100), started);
    assertThat(budget).isLessThanOrEqualTo(Duration.ofMillis(99_500)).isGreaterThan(Duration.ofSeconds(90));
  }
}
