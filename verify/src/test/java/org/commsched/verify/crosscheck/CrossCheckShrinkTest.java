package org.commsched.verify.crosscheck;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.commsched.core.model.Family;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Schedule;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.MethodFacts;
import org.commsched.core.solve.Scope;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.heuristics.baseline.GreedyBufferless;
import org.commsched.instances.io.InstanceReader;
import org.commsched.solver.MethodRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The cross-check catches a heuristic broken on purpose and shrinks the failing case to a small
 * instance (docs/TESTS.md#shrinking): one test-only method returns invalid schedules (every message
 * departs at 0), another claims optimality and returns greedy's schedule one step late.
 */
class CrossCheckShrinkTest {
  private static final MethodRegistry REGISTRY = MethodRegistry.standard();

  /** Greedy's schedule of a chatting instance, with every departure replaced. */
  private abstract static class Broken implements Method {
    private final GreedyBufferless greedy = new GreedyBufferless();

    private final MethodFacts facts;

    Broken(String name) {
      facts =
          new MethodFacts(
              name,
              "test only: greedy, broken on purpose",
              "none",
              "test only",
              Scope.of(org.commsched.core.model.ProblemKind.CHATTING)
                  .in(Family.BUFFERLESS_CHATTING),
              false);
    }

    @Override
    public MethodFacts facts() {
      return facts;
    }

    abstract long departure(long greedyDeparture);

    @Override
    public SolveResult solve(Instance instance, SolveLimits limits) {
      SolveResult g = greedy.solve(instance, limits);
      Map<String, Long> d = new LinkedHashMap<>();
      ((Schedule.Departures) g.schedule()).departures().forEach((k, v) -> d.put(k, departure(v)));
      Schedule s = new Schedule.Departures(d, List.of());
      long makespan = 0;
      for (int i = 0; i < instance.messages().size(); i++) {
        var m = instance.messages().get(i);
        makespan = Math.max(makespan, d.get(m.id()) + m.length() + instance.atlas().hops(i) - 1);
      }
      return SolveResult.feasible(name(), s, makespan, LowerBound.zero());
    }
  }

  private static List<CrossCheck.Failure> run(Method broken, Path out) {
    List<Method> methods = new ArrayList<>(REGISTRY.all());
    methods.add(broken);
    CrossCheck check = new CrossCheck(methods, Duration.ofSeconds(20));
    List<CrossCheck.Failure> failures = new ArrayList<>();
    check.run(Family.BUFFERLESS_CHATTING, 3L, 4, out, failures::add);
    return failures.stream().filter(f -> f.finding().method().equals(broken.name())).toList();
  }

  @Test
  void anInvalidHeuristic_isCaught_andShrunkToTwoShortMessages(@TempDir Path out) throws Exception {
    Method allAtZero =
        new Broken("broken-all-at-zero") {
          @Override
          long departure(long greedyDeparture) {
            return 0;
          }
        };
    List<CrossCheck.Failure> failures = run(allAtZero, out);
    assertThat(failures).isNotEmpty();
    for (CrossCheck.Failure f : failures) {
      assertThat(f.finding().check()).isEqualTo("invalid");
      assertThat(f.line()).contains("seed 3", "case " + f.index(), f.shrunk().toString());
      Instance small = InstanceReader.read(f.shrunk());
      // two messages sharing an arc are the least that collide when both depart at 0; one of them
      // needs a second
      // flit when they enter the shared arc at different hops (seed 3 shrinks to m2: 2->0->1,
      // length 1, and m3:
      // 0->1, length 2, on a 3-node star)
      assertThat(small.messages()).hasSize(2);
      assertThat(Shrinker.totalLength(small)).isLessThanOrEqualTo(3);
      assertThat(small.network().nodes()).isLessThanOrEqualTo(3);
      assertThat(Files.readString(f.shrunk())).contains("broken-all-at-zero invalid");
    }
  }

  @Test
  void aHeuristicBeyondItsGuarantee_isCaught_andShrunkToOneUnitMessage(@TempDir Path out)
      throws Exception {
    Method late =
        new Broken("broken-one-late") {
          @Override
          public Long guaranteedMakespan(Instance instance, long optimum) {
            return optimum; // claims optimality
          }

          @Override
          long departure(long greedyDeparture) {
            return greedyDeparture + 1;
          }
        };
    List<CrossCheck.Failure> failures = run(late, out);
    assertThat(failures).isNotEmpty().allMatch(f -> f.finding().check().equals("guarantee"));
    for (CrossCheck.Failure f : failures) {
      Instance small = InstanceReader.read(f.shrunk());
      assertThat(small.messages()).hasSize(1);
      assertThat(Shrinker.totalLength(small)).isEqualTo(1);
      assertThat(f.shrunkSize()).startsWith("1 messages");
    }
  }
}
