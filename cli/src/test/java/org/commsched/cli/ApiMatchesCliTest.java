package org.commsched.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.time.Duration;
import org.commsched.api.Commsched;
import org.commsched.api.Solution;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

/**
 * The embedding API ({@code org.commsched.api.Commsched}) solves by default exactly as {@code
 * commsched solve} does: the same method (portfolio, dsa-search or a scheme proven optimal before
 * it runs), the same method behind the schedule, the same status, makespan and bound, on catalogue
 * instances of each family whose default answer does not depend on the clock (a heuristic meets the
 * best bound, or the chosen method is exact by its own proof).
 */
class ApiMatchesCliTest {

  @ParameterizedTest(name = "{0}")
  @ValueSource(
      strings = {
        "chat-oracle-a-ula5.json",
        "sg-fig1-scatter-path6.json",
        "dsa-small.json",
        "lc-e1-send-path5-all.json",
        "tb-tree8-root.json",
        "pk-special-scatter-m4-s2-t4-beta0p5.json"
      })
  void theApisDefaultIsTheCommandLinesDefault(String file) {
    CliTest.Run cli =
        CliTest.run("solve", CliTest.cat(file), "--json", "--quiet", "--time-limit", "10");
    assertThat(cli.code()).as(cli.err()).isZero();
    JsonNode n = cli.json();
    Solution api =
        Commsched.solve(Commsched.read(CliTest.CATALOGUE.resolve(file)), Duration.ofSeconds(10));
    assertThat(api.method()).isEqualTo(n.get("method").stringValue());
    assertThat(api.foundBy().orElse(null))
        .isEqualTo(n.has("foundBy") ? n.get("foundBy").stringValue() : null);
    assertThat(api.status().name()).isEqualTo(n.get("status").stringValue());
    assertThat(api.makespan().orElseThrow().units())
        .isEqualByComparingTo(new BigDecimal(n.get("makespan").asString()));
    assertThat(api.lowerBound().value().units())
        .isEqualByComparingTo(new BigDecimal(n.get("lowerBound").asString()));
    assertThat(api.lowerBound().kind()).isEqualTo(n.get("lowerBoundKind").stringValue());
    assertThat(api.valid()).isEqualTo(n.get("valid").booleanValue()).isTrue();
  }
}
