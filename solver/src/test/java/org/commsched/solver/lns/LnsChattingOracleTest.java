package org.commsched.solver.lns;

import static org.assertj.core.api.Assertions.assertThat;
import static org.commsched.instances.testing.ScheduleAssertions.assertValid;

import java.io.IOException;
import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveStatus;
import org.commsched.instances.io.InstanceReader;
import org.commsched.solver.ExactChattingOracleTest;
import org.commsched.solver.MethodRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code lns} on the chatting oracles of docs/models/bufferless-chatting.md#examples
 * (instances/catalogue/chat-oracle-*.json, T_opt from exhaustive search, recorded in the
 * catalogue's manifest): it reaches T_opt and proves it, and it is registered before the exact
 * methods.
 */
class LnsChattingOracleTest {
  static final SolveLimits LIMITS = new SolveLimits(Duration.ofSeconds(20), 1, 0L);

  static Stream<Arguments> oracles() throws IOException {
    JsonNode root =
        JsonMapper.builder()
            .build()
            .readTree(
                Files.readString(ExactChattingOracleTest.catalogue().resolve("manifest.json")));
    Stream.Builder<Arguments> out = Stream.builder();
    for (JsonNode row : root) {
      String file = row.get("file").stringValue();
      if (file.startsWith("chat-oracle-") && row.get("optimumKind").stringValue().equals("exact")) {
        out.add(Arguments.of(file, row.get("optimum").longValue()));
      }
    }
    return out.build();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("oracles")
  void reachesAndProvesTheOracleOptimum(String file, long tOpt) {
    Instance instance = InstanceReader.read(ExactChattingOracleTest.catalogue().resolve(file));
    LnsChatting lns = new LnsChatting();
    assertThat(lns.whyNot(instance)).isNull();
    SolveResult r = lns.solve(instance, LIMITS);
    assertThat(r.status()).isEqualTo(SolveStatus.OPTIMAL);
    assertThat(r.makespan()).isEqualTo(tOpt);
    assertThat(r.lowerBound().value()).isEqualTo(tOpt);
    assertValid(instance, r);
  }

  @Test
  void whyNot_namesAnAlternative_andNoMessagesIsOptimalAtZero() {
    CommModel single = new CommModel.Bufferless(CommModel.BufferlessPorts.SINGLE);
    CommModel all = new CommModel.Bufferless(CommModel.BufferlessPorts.ALL);
    Network ula = Network.of(new Topology.Ula(3));
    List<Message> one = List.of(new Message("a", 0, 2, 1));
    LnsChatting lns = new LnsChatting();
    assertThat(lns.whyNot(new Instance("s", new Problem.Chatting(one), single, ula)))
        .contains("priority-greedy");
    assertThat(lns.whyNot(new Instance("g", new Problem.Scatter(0, one), all, ula)))
        .contains("greedy")
        .doesNotContain("priority-greedy");
    Instance empty = new Instance("e", new Problem.Chatting(List.of()), all, ula);
    SolveResult r = lns.solve(empty, LIMITS);
    assertThat(r.status()).isEqualTo(SolveStatus.OPTIMAL);
    assertThat(r.makespan()).isZero();
  }

  @Test
  void oracles_areAllThere() throws IOException {
    assertThat(oracles().count()).isEqualTo(8);
  }

  @Test
  void registry_listsPriorityGreedyAndLnsBeforeTheExactMethods() {
    java.util.List<String> names =
        MethodRegistry.standard().all().stream().map(m -> m.name()).toList();
    assertThat(names).contains("priority-greedy", "lns");
    assertThat(names.indexOf("lns")).isLessThan(names.indexOf("cpsat"));
    assertThat(MethodRegistry.standard().byName("lns").exact()).isFalse();
  }
}
