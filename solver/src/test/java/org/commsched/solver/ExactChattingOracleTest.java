package org.commsched.solver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.commsched.instances.testing.ScheduleAssertions.assertValid;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.stream.Stream;
import org.commsched.core.model.Instance;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveStatus;
import org.commsched.instances.io.InstanceReader;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The chatting oracles of the docs/models/bufferless-chatting.md#examples (T_opt found there by
 * exhaustive search): both exact back ends must reach T_opt and prove it.
 */
public class ExactChattingOracleTest {
  static final SolveLimits LIMITS = new SolveLimits(Duration.ofSeconds(20), 2, 0L);

  public static Path catalogue() {
    Path p = Path.of("").toAbsolutePath();
    while (p != null && !Files.isDirectory(p.resolve("instances/catalogue"))) {
      p = p.getParent();
    }
    return p.resolve("instances/catalogue");
  }

  static Stream<Arguments> oracles() {
    // file, T_opt (docs/models/bufferless-chatting.md#examples, oracles A, B, C, D, E, F, H, G)
    Object[][] rows = {
      {"chat-oracle-a-ula5.json", 4L},
      {"chat-oracle-b-ula4.json", 7L},
      {"chat-oracle-c-ula5.json", 7L},
      {"chat-oracle-d-ula4.json", 8L},
      {"chat-oracle-e-esm3.json", 2L},
      {"chat-oracle-f-esm3.json", 6L},
      {"chat-oracle-h-esm4.json", 5L},
      {"chat-oracle-g-star4.json", 6L},
    };
    Stream.Builder<Arguments> out = Stream.builder();
    for (Object[] r : rows) {
      out.add(Arguments.of(r[0], r[1], new CpSatBufferless()));
      out.add(Arguments.of(r[0], r[1], new ChocoBufferless()));
    }
    return out.build();
  }

  @ParameterizedTest(name = "{0} with {2}")
  @MethodSource("oracles")
  void reachesTheOracleOptimum(String file, long tOpt, Method method) {
    Instance instance = InstanceReader.read(catalogue().resolve(file));
    assertThat(method.whyNot(instance)).isNull();
    SolveResult r = method.solve(instance, LIMITS);
    assertThat(r.status()).isEqualTo(SolveStatus.OPTIMAL);
    assertThat(r.makespan()).isEqualTo(tOpt);
    assertThat(r.lowerBound().value()).isEqualTo(tOpt);
    assertValid(instance, r);
  }
}
