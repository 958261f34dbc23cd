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

/** Applicability, registration and the time-limit path of the exact chatting methods. */
class ExactChattingTest {
  private static final List<Method> EXACT = List.of(new CpSatChatting(), new ChocoChatting());

  private static Instance chatting(String family, int size, int messages, CommModel model, long seed) {
    return Generators.instance(new GeneratorSpec(null, ProblemKind.CHATTING, family, size, messages,
        new LengthDistribution.Uniform(1, 6), model, seed, false));
  }

  @Test
  void applyOnlyToBufferlessAllPortsChatting() {
    Instance all = chatting("ula", 6, 4, new CommModel.Bufferless(CommModel.BufferlessPorts.ALL), 1);
    Instance single = chatting("ula", 6, 4, new CommModel.Bufferless(CommModel.BufferlessPorts.SINGLE), 1);
    Instance scatter = Generators.instance(GeneratorSpec.of(ProblemKind.SCATTER, "star", 5,
        new LengthDistribution.Uniform(1, 3), 3));
    for (Method m : EXACT) {
      assertThat(m.exact()).isTrue();
      assertThat(m.problems()).containsExactly(ProblemKind.CHATTING);
      assertThat(m.whyNot(all)).isNull();
      assertThat(m.whyNot(single)).contains("greedy");
      assertThat(m.whyNot(scatter)).contains("greedy");
    }
  }

  @Test
  void registeredLastAndChosenForSmallChatting() {
    MethodRegistry reg = MethodRegistry.standard();
    List<Method> all = reg.all();
    assertThat(all.subList(all.size() - 4, all.size())).extracting(Method::name)
        .containsExactly("cpsat", "choco", "cpsat-virtual", "choco-virtual");
    Instance small = chatting("bla", 5, 4, new CommModel.Bufferless(CommModel.BufferlessPorts.ALL), 2);
    assertThat(reg.defaultFor(small).name()).isEqualTo("cpsat");
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
