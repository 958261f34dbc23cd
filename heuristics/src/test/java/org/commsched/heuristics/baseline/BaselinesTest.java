package org.commsched.heuristics.baseline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.commsched.instances.testing.ScheduleAssertions.assertValid;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Collectors;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.testing.Seeds;
import org.commsched.instances.testing.RandomInstances;
import org.junit.jupiter.api.Test;

class BaselinesTest {

  @Test
  void all_listsThreeDistinctInexactDescribedMethods() {
    List<Method> all = Baselines.all();
    assertThat(all.stream().map(Method::name).collect(Collectors.toSet()))
        .containsExactlyInAnyOrder("greedy", "first-fit", "greedy-saf");
    for (Method m : all) {
      assertThat(m.exact()).isFalse();
      assertThat(m.summary()).isNotBlank();
      assertThat(m.guarantee()).startsWith("valid schedule");
      assertThat(m.citation()).isNotBlank();
    }
  }

  /** One instance of every problem kind under every model it admits. */
  private static List<Instance> everyKindAndModel(SplittableRandom r) {
    List<Instance> out = new ArrayList<>();
    for (CommModel.BufferlessPorts p : CommModel.BufferlessPorts.values()) {
      CommModel.Bufferless b = new CommModel.Bufferless(p);
      Instance chat = RandomInstances.chatting(r, 8, 6, 4, true);
      out.add(new Instance("chat", chat.problem(), b, chat.network()));
      out.add(RandomInstances.scatterGather(r, 8, 4, true, b, true));
      out.add(RandomInstances.scatterGather(r, 8, 4, false, b, true));
    }
    out.add(RandomInstances.dsa(r, 8, 6, 4));
    for (int i = 0; i < 8; i++) {
      out.add(
          RandomInstances.scatterGather(
              r, 8, 4, i % 2 == 0, RandomInstances.storeAndForward(r), true));
      out.add(
          RandomInstances.linearCost(
              r, 6, 6, i % 3, inst -> new GreedyStoreAndForward().whyNot(inst) == null));
    }
    return out;
  }

  @Test
  void everyKindAndModel_hasAnApplicableBaselineAndEveryApplicableOneIsValid() {
    SplittableRandom r = new SplittableRandom(Seeds.mix(2024));
    java.util.Set<ProblemKind> kinds = java.util.EnumSet.noneOf(ProblemKind.class);
    for (Instance inst : everyKindAndModel(r)) {
      kinds.add(inst.kind());
      int applicable = 0;
      for (Method m : Baselines.all()) {
        if (m.whyNot(inst) != null) {
          assertThat(m.whyNot(inst)).isNotBlank().doesNotContain("\n");
          continue;
        }
        applicable++;
        SolveResult res = m.solve(inst, SolveLimits.defaults());
        assertValid(
            m.name() + " on " + inst.kind() + " " + inst.model() + ", " + Seeds.describe(),
            inst,
            res);
        assertThat(res.method()).isEqualTo(m.name());
      }
      assertThat(applicable).as("%s under %s", inst.kind(), inst.model()).isPositive();
    }
    assertThat(kinds).containsExactlyInAnyOrder(ProblemKind.values());
  }
}
