package org.commsched.solver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.commsched.instances.testing.ScheduleAssertions.assertValid;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.commsched.core.model.Atlas;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveStatus;
import org.commsched.core.testing.Seeds;
import org.commsched.heuristics.baseline.GreedyBufferless;
import org.commsched.instances.generate.GeneratorSpec;
import org.commsched.instances.generate.Generators;
import org.commsched.instances.generate.LengthDistribution;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Seeded random small chatting instances (ULA, BLA, random graphs with explicit routes; 3-7
 * messages of length 1-4): CP-SAT and Choco both prove the same optimum, and it equals an
 * exhaustive search over departures in [0, H) written here (H = the greedy makespan: shifting an
 * optimal schedule to start at 0 puts every departure below H). Every schedule passes the checker.
 */
public class ExactChattingProperties {
  static final SolveLimits LIMITS = new SolveLimits(Duration.ofSeconds(20), 2, 7L);
  static final String[] FAMILIES = {"ula", "bla", "random"};

  @TestFactory
  Stream<DynamicTest> bothBackEndsMatchExhaustiveSearch() {
    int cases = Seeds.cases(5, 1);
    SplittableRandom master = new SplittableRandom(Seeds.mix(20240607L));
    List<DynamicTest> tests = new ArrayList<>();
    for (int c = 0; c < cases; c++) {
      String family = FAMILIES[c % FAMILIES.length];
      int size = 4 + master.nextInt(4);
      int messages = 3 + master.nextInt(5);
      long seed = master.nextLong();
      GeneratorSpec spec =
          new GeneratorSpec(
              null,
              ProblemKind.CHATTING,
              family,
              size,
              messages,
              new LengthDistribution.Uniform(1, 4),
              new CommModel.Bufferless(CommModel.BufferlessPorts.ALL),
              seed,
              family.equals("random"));
      tests.add(
          DynamicTest.dynamicTest(
              spec.name() + " m=" + messages, () -> check(Generators.instance(spec))));
    }
    // the suite must exercise the search: on some cases the optimum beats the greedy hint
    tests.add(
        DynamicTest.dynamicTest("some case beats greedy", () -> assertThat(beaten).isPositive()));
    return tests.stream();
  }

  private int beaten;

  private void check(Instance instance) {
    long exhaustive = Exhaustive.optimum(instance);
    if (exhaustive < new GreedyBufferless().solve(instance, SolveLimits.defaults()).makespan()) {
      beaten++;
    }
    SolveResult cp = new CpSatBufferless().solve(instance, LIMITS);
    SolveResult ch = new ChocoBufferless().solve(instance, LIMITS);
    for (SolveResult r : List.of(cp, ch)) {
      assertThat(r.status()).as(r.method()).isEqualTo(SolveStatus.OPTIMAL);
      assertThat(r.makespan()).as(r.method()).isEqualTo(exhaustive);
      assertValid(r.method(), instance, r);
    }
  }

  /** Branch and bound over every departure vector in [0, H)^m: the reference optimum. */
  public static final class Exhaustive {
    private final int m;
    private final long[] transit;
    private final long[] length;
    private final int[][] arcs;
    private final long[] t;
    private long best;

    private Exhaustive(Instance instance) {
      Atlas atlas = instance.atlas();
      List<Message> ms = instance.messages();
      m = ms.size();
      transit = new long[m];
      length = new long[m];
      arcs = new int[m][];
      for (int i = 0; i < m; i++) {
        arcs[i] = atlas.arcs(i);
        length[i] = ms.get(i).length();
        transit[i] = length[i] + arcs[i].length - 1;
      }
      t = new long[m];
      best = new GreedyBufferless().solve(instance, SolveLimits.defaults()).makespan();
    }

    public static long optimum(Instance instance) {
      Exhaustive e = new Exhaustive(instance);
      e.search(0, 0);
      return e.best;
    }

    /**
     * Finds schedules strictly shorter than {@code best}; {@code best} starts at a known schedule's
     * makespan.
     */
    private void search(int i, long makespan) {
      if (i == m) {
        best = makespan;
        return;
      }
      for (long ti = 0; ti + transit[i] < best; ti++) {
        t[i] = ti;
        if (fits(i)) {
          search(i + 1, Math.max(makespan, ti + transit[i]));
        }
      }
    }

    /**
     * True if message i's flits meet no flit of messages 0..i-1: on a common arc the step ranges
     * are disjoint.
     */
    private boolean fits(int i) {
      for (int j = 0; j < i; j++) {
        for (int ki = 0; ki < arcs[i].length; ki++) {
          for (int kj = 0; kj < arcs[j].length; kj++) {
            if (arcs[i][ki] == arcs[j][kj]) {
              long si = t[i] + ki;
              long sj = t[j] + kj;
              if (si < sj + length[j] && sj < si + length[i]) {
                return false;
              }
            }
          }
        }
      }
      return true;
    }
  }
}
