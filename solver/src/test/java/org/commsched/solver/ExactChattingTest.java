package org.commsched.solver;

import static org.assertj.core.api.Assertions.assertThat;

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
    assertThat(names.subList(names.size() - 6, names.size()))
        .containsExactly("cpsat", "choco", "cpsat-virtual", "choco-virtual", "cpsat-sync", "choco-sync");
    for (Method m : reg.all().subList(0, names.size() - 6)) {
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
      assertThat(ScheduleChecker.checkResult(big, r).valid())
          .as(m.name() + ": " + ScheduleChecker.checkResult(big, r)).isTrue();
      assertThat(r.lowerBound().value()).isLessThanOrEqualTo(r.makespan());
    }
  }
}
