package org.commsched.solver;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.model.Schedule;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveStatus;
import org.commsched.instances.generate.GeneratorSpec;
import org.commsched.instances.generate.Generators;
import org.commsched.instances.generate.LengthDistribution;
import org.junit.jupiter.api.Test;

/**
 * Applicability and registration of the exact virtual methods, and {@code cpsat}/{@code choco} on
 * dsa.
 */
class ExactVirtualTest {
  static Instance generate(ProblemKind kind, String family, CommModel model, long seed) {
    return Generators.instance(
        new GeneratorSpec(
            null, kind, family, 6, 5, new LengthDistribution.Uniform(1, 6), model, seed, false));
  }

  @Test
  void applyToAllPortChattingOnAnyNetworkAndToDsa() {
    Instance ula = generate(ProblemKind.CHATTING, "ula", null, 1);
    Instance mesh = generate(ProblemKind.CHATTING, "mesh", null, 2);
    Instance dsa = generate(ProblemKind.DSA, "ula", null, 3);
    Instance single =
        generate(
            ProblemKind.CHATTING,
            "ula",
            new CommModel.Bufferless(CommModel.BufferlessPorts.SINGLE),
            4);
    Instance scatter =
        Generators.instance(
            GeneratorSpec.of(
                ProblemKind.SCATTER, "star", 5, new LengthDistribution.Uniform(1, 3), 3));
    for (Method m : List.<Method>of(new CpSatVirtual(), new ChocoVirtual())) {
      assertThat(m.exact()).isTrue();
      assertThat(m.problems()).containsExactlyInAnyOrder(ProblemKind.CHATTING, ProblemKind.DSA);
      assertThat(m.whyNot(ula)).isNull();
      assertThat(m.whyNot(mesh)).isNull();
      assertThat(m.whyNot(dsa)).isNull();
      assertThat(m.whyNot(single)).contains("single port");
      assertThat(m.whyNot(scatter))
          .contains("schedules bufferless chatting and dsa", "for scatter use");
    }
  }

  @Test
  void registered_andCpsatChocoTakeDsaWithTheVirtualModel() {
    MethodRegistry reg = MethodRegistry.standard();
    Instance dsa = generate(ProblemKind.DSA, "ula", null, 5);
    Instance chat = generate(ProblemKind.CHATTING, "bla", null, 6);
    for (String name : new String[] {"cpsat", "choco"}) {
      Method m = reg.byName(name);
      assertThat(m.problems()).contains(ProblemKind.CHATTING, ProblemKind.DSA);
      assertThat(m.whyNot(dsa)).isNull();
      SolveResult d = m.solve(dsa, SolveLimits.defaults());
      assertThat(d.method()).isEqualTo(name);
      assertThat(d.schedule()).isInstanceOf(Schedule.Slots.class);
      SolveResult c = m.solve(chat, SolveLimits.defaults());
      assertThat(c.schedule()).isInstanceOf(Schedule.Departures.class);
    }
    assertThat(reg.byName("cpsat-virtual").solve(chat, SolveLimits.defaults()).schedule())
        .isInstanceOf(Schedule.Slots.class);
    // by default (commsched solve without --method) a dsa instance goes to the exact layout search,
    // and a small
    // chatting one to the portfolio, whose search proves the real (not the virtual) optimum
    assertThat(Portfolio.choose(reg, dsa).name()).isEqualTo("dsa-search");
    Method byDefault = Portfolio.choose(reg, chat);
    assertThat(byDefault.name()).isEqualTo(Portfolio.NAME);
    SolveRunner.Outcome o = SolveRunner.run(byDefault, chat, SolveLimits.defaults());
    assertThat(o.valid()).isTrue();
    assertThat(o.result().schedule()).isInstanceOf(Schedule.Departures.class);
    assertThat(o.result().status())
        .as(o.result().stats().toString())
        .isEqualTo(SolveStatus.OPTIMAL);
  }
}
