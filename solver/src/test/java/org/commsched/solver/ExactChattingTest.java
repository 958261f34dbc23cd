package org.commsched.solver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.commsched.instances.testing.ScheduleAssertions.assertValid;

import java.time.Duration;
import java.util.List;
import org.commsched.core.check.ScheduleChecker;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveStatus;
import org.commsched.instances.generate.GeneratorSpec;
import org.commsched.instances.generate.Generators;
import org.commsched.instances.generate.LengthDistribution;
import org.commsched.solver.lns.LnsChatting;
import org.junit.jupiter.api.Test;

/** Applicability, registration and the time-limit path of the exact offline methods (cpsat, choco). */
class ExactChattingTest {
  private static final List<Method> EXACT = List.of(new CpSatBufferless(), new ChocoBufferless());

  private static Instance chatting(String family, int size, int messages, CommModel model, long seed) {
    return Generators.instance(new GeneratorSpec(null, ProblemKind.CHATTING, family, size, messages,
        new LengthDistribution.Uniform(1, 6), model, seed, false));
  }

  @Test
  void applyToBufferlessChattingScatterAndGather_withAnyPorts() {
    Instance all = chatting("ula", 6, 4, new CommModel.Bufferless(CommModel.BufferlessPorts.ALL), 1);
    Instance single = chatting("ula", 6, 4, new CommModel.Bufferless(CommModel.BufferlessPorts.SINGLE), 1);
    Instance scatter = Generators.instance(GeneratorSpec.of(ProblemKind.SCATTER, "star", 5,
        new LengthDistribution.Uniform(1, 3), 3));
    Instance dsa = Generators.instance(GeneratorSpec.of(ProblemKind.DSA, "ula", 6,
        new LengthDistribution.Uniform(1, 3), 3));
    Instance saf = Generators.instance(new GeneratorSpec(null, ProblemKind.SCATTER, "star", 5, 0,
        new LengthDistribution.Uniform(1, 3), new CommModel.StoreAndForward(java.math.BigDecimal.ONE,
        java.math.BigDecimal.ONE, CommModel.Ports.ONE, CommModel.Duplex.FULL, null), 3, false));
    for (Method m : EXACT) {
      assertThat(m.exact()).isTrue();
      assertThat(m.problems()).containsExactlyInAnyOrder(ProblemKind.CHATTING, ProblemKind.SCATTER,
          ProblemKind.GATHER);
      assertThat(m.whyNot(all)).isNull();
      assertThat(m.whyNot(single)).isNull();
      assertThat(m.whyNot(scatter)).isNull();
      assertThat(m.whyNot(dsa)).contains("first-fit");
      assertThat(m.whyNot(saf)).contains("greedy-saf");
    }
  }

  @Test
  void registeredAfterTheHeuristics_offlineBeforeSync_andChosenForSmallChatting() {
    MethodRegistry reg = MethodRegistry.standard();
    List<String> names = reg.all().stream().map(Method::name).toList();
    assertThat(names.subList(names.size() - 7, names.size()))
        .containsExactly("cpsat", "choco", "cpsat-virtual", "choco-virtual", "cpsat-sync", "choco-sync",
            "dsa-search");
    for (Method m : reg.all().subList(0, names.size() - 7)) {
      assertThat(m.exact()).as(m.name()).isFalse();
    }
    Instance small = chatting("bla", 5, 4, new CommModel.Bufferless(CommModel.BufferlessPorts.ALL), 2);
    assertThat(reg.defaultFor(small).name()).isEqualTo("cpsat");
    Instance gather = Generators.instance(GeneratorSpec.of(ProblemKind.GATHER, "tree", 6,
        new LengthDistribution.Uniform(1, 3), 4));
    assertThat(reg.defaultFor(gather).name()).isEqualTo("cpsat");
  }

  @Test
  void tinyTimeLimitOnALargerInstanceStillGivesAValidSchedule() {
    Instance big = chatting("mesh", 5, 60, new CommModel.Bufferless(CommModel.BufferlessPorts.ALL), 11);
    SolveLimits tiny = new SolveLimits(Duration.ofMillis(200), 1, 0L);
    for (Method m : EXACT) {
      SolveResult r = m.solve(big, tiny);
      assertThat(r.status()).as(m.name()).isIn(SolveStatus.FEASIBLE, SolveStatus.OPTIMAL);
      assertValid(m.name(), big, r);
      assertThat(r.lowerBound().value()).isLessThanOrEqualTo(r.makespan());
    }
  }

  /**
   * On an instance greedy does not settle, both back ends start from the best heuristic: the start methods run in
   * registry order (stats in that order), the hint is the best of them, and the answer is no worse than it.
   */
  @Test
  void hintIsTheBestHeuristic_andTheStartStatsComeInRunOrder() {
    Instance inst = Generators.instance(new GeneratorSpec(null, ProblemKind.CHATTING, "ula", 30, 90,
        new LengthDistribution.Uniform(1, 8), new CommModel.Bufferless(CommModel.BufferlessPorts.ALL), 1, false));
    long greedy = new org.commsched.heuristics.baseline.GreedyBufferless().solve(inst,
        org.commsched.core.solve.SolveLimits.defaults()).makespan();
    List<String> order = new java.util.ArrayList<>();
    for (Method m : LnsChatting.startMethods()) {
      if (m.whyNot(inst) == null && !m.name().equals("greedy")) {
        order.add("start." + m.name());
      }
    }
    for (Method m : EXACT) {
      org.commsched.core.solve.SolveResult r = m.solve(inst,
          new org.commsched.core.solve.SolveLimits(java.time.Duration.ofSeconds(3), 1, 1));
      assertThat(org.commsched.core.check.ScheduleChecker.checkResult(inst, r).valid()).isTrue();
      List<String> keys = r.stats().keySet().stream().filter(k -> k.startsWith("start.")).toList();
      assertThat(greedy).as("greedy must miss the bound here, or no start runs").isGreaterThan(
          org.commsched.core.bounds.LowerBounds.best(inst).value());
      // methods with slots only (first-fit) give no start; the others appear in run order
      assertThat(keys).as(m.name() + " " + r.stats()).contains("start.kierstead", "start.priority-greedy")
          .containsExactlyElementsOf(order.stream().filter(keys::contains).toList());
      assertThat(order.indexOf("start.kierstead")).isLessThan(order.indexOf("start.priority-greedy"));
      String hint = (String) r.stats().get("hint");
      long best = greedy;
      for (String k : keys) {
        Object v = r.stats().get(k);
        if (v instanceof Number) {
          best = Math.min(best, ((Number) v).longValue());
        }
      }
      long hinted = hint.equals("greedy") ? greedy : ((Number) r.stats().get("start." + hint)).longValue();
      assertThat(hinted).as(m.name() + " " + r.stats()).isEqualTo(best);
      assertThat(r.makespan()).isLessThanOrEqualTo(best);
    }
  }
}
