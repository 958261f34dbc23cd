package org.commsched.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * {@code solve} without {@code --method} (the portfolio,
 * docs/models/README.md#the-default-portfolio) and the time budget {@link Deadline} gives the
 * method.
 */
class SolveDefaultCliTest {

  @Test
  void theDefaultNamesThePortfolioAndTheMethodThatFoundTheSchedule() {
    // lc-e18: Peters' F1 gossip on an 8-ring (docs/models/linear-cost.md), optimum 90 in the
    // manifest; the old
    // default (the first applicable heuristic, greedy-saf) gave 255
    CliTest.Run r =
        CliTest.run(
            "solve",
            CliTest.cat("lc-e18-gossip-ring8-f1.json"),
            "--json",
            "--quiet",
            "--time-limit",
            "20");
    assertThat(r.code()).isZero();
    JsonNode n = r.json();
    assertThat(n.get("method").stringValue()).isEqualTo("portfolio");
    assertThat(n.get("makespan").asLong()).isEqualTo(90);
    assertThat(n.get("foundBy").stringValue()).isNotEqualTo("greedy-saf");
    assertThat(n.get("stats").has("foundBy")).as("printed once, at the top").isFalse();
    assertThat(n.get("stats").get("tried").stringValue())
        .startsWith(n.get("foundBy").stringValue() + " 90");

    CliTest.Run text = CliTest.run("solve", CliTest.cat("lc-e18-gossip-ring8-f1.json"), "--quiet");
    assertThat(text.out())
        .contains("method     portfolio")
        .contains("found by   " + n.get("foundBy").stringValue());
  }

  @Test
  void anExplicitMethodHasNoFoundBy() {
    CliTest.Run r =
        CliTest.run(
            "solve",
            CliTest.cat("lc-e18-gossip-ring8-f1.json"),
            "--json",
            "--quiet",
            "--method",
            "greedy-saf");
    assertThat(r.json().has("foundBy")).isFalse();
  }

  @Test
  void theBudgetIsWhatIsLeftOfTheLimitLessTheReserve() {
    // 1 s limit, nothing gone: the reserve is the base margin, a tenth of the limit
    assertThat(Deadline.budget(Duration.ofSeconds(1), Duration.ZERO))
        .isEqualTo(Duration.ofMillis(900));
    // 10 s limit, 0.8 s gone (an idle start): 10 - 0.8 - 0.5
    assertThat(Deadline.budget(Duration.ofSeconds(10), Duration.ofMillis(800)))
        .isEqualTo(Duration.ofMillis(8700));
    // 10 s limit, 3 s gone: a start three times slower than idle reserves three base margins, 10 -
    // 3 - 1.5
    assertThat(Deadline.budget(Duration.ofSeconds(10), Duration.ofSeconds(3)))
        .isEqualTo(Duration.ofMillis(5500));
    // a start slower than the limit plus the grace leaves a millisecond: the method returns its
    // first heuristic
    assertThat(Deadline.budget(Duration.ofSeconds(5), Duration.ofSeconds(6)))
        .isEqualTo(Duration.ofMillis(1));
    assertThat(Deadline.budget(Duration.ofNanos(5), Duration.ofSeconds(1)))
        .isEqualTo(Duration.ofMillis(1));
  }

  /**
   * The measured slow start of issue 13 (2.9 to 5.4 s of JVM start and reading at load 16 on 2
   * cores, 5 s limit) and a sweep around it: the search's deadline plus the reserve for the end
   * phase stays within the limit plus the grace, the reserve grows with the start-up's slowness,
   * and the method keeps a quarter of the limit whenever the grace leaves room for it.
   */
  @Test
  void aSlowStartShrinksTheBudgetButNeverPastTheGrace() {
    Duration previousReserve = Duration.ZERO;
    for (long limitMs : new long[] {500, 1000, 5000, 10_000, 60_000}) {
      Duration limit = Duration.ofMillis(limitMs);
      previousReserve = Duration.ZERO;
      for (long gone = 0; gone <= limitMs * 2 + 3000; gone += 100) {
        Duration elapsed = Duration.ofMillis(gone);
        Duration reserve = Deadline.reserve(limit, elapsed);
        Duration budget = Deadline.budget(limit, elapsed);
        assertThat(reserve)
            .as("reserve at %d ms of %d", gone, limitMs)
            .isGreaterThanOrEqualTo(previousReserve)
            .isLessThanOrEqualTo(Deadline.GRACE);
        previousReserve = reserve;
        assertThat(budget).isGreaterThanOrEqualTo(Duration.ofMillis(1));
        if (budget.compareTo(Duration.ofMillis(1)) > 0) {
          assertThat(elapsed.plus(budget).plus(reserve))
              .as("return at %d ms of %d", gone, limitMs)
              .isLessThanOrEqualTo(limit.plus(Deadline.GRACE));
        }
        Duration room = limit.plus(Deadline.GRACE).minus(elapsed).minus(reserve);
        Duration quarter = limit.dividedBy(4);
        assertThat(budget)
            .as("guaranteed slice at %d ms of %d", gone, limitMs)
            .isGreaterThanOrEqualTo(room.compareTo(quarter) < 0 ? room : quarter);
      }
    }
    // the reserve scales with the slowness: a 4 s start of a 10 s limit keeps four base margins
    assertThat(Deadline.reserve(Duration.ofSeconds(10), Duration.ofSeconds(4)))
        .isEqualTo(Duration.ofSeconds(2));
    assertThat(Deadline.reserve(Duration.ofSeconds(10), Duration.ofMillis(500)))
        .isEqualTo(Duration.ofMillis(500));
  }

  @Test
  void inATestJvmTheBudgetCountsFromTheCommandsStart() {
    long started = System.nanoTime();
    Duration budget = Deadline.budget(Duration.ofSeconds(100), started);
    assertThat(budget)
        .isLessThanOrEqualTo(Duration.ofMillis(99_500))
        .isGreaterThan(Duration.ofSeconds(90));
  }
}
