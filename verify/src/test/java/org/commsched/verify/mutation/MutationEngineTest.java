package org.commsched.verify.mutation;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.commsched.core.check.Kind;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Schedule;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.solve.SolveResult;
import org.junit.jupiter.api.Test;

/**
 * The engine's own verdicts, on a 4-node ula with a (0 to 2, 2 flits) and b (1 to 3, 1 flit), valid
 * with a at 0 and b at 3 (a holds arc 1->2 in steps 1 and 2, b in step 4;
 * docs/models/README.md#time-conventions): a mutant that is another valid schedule is equivalent,
 * not injected; a fault reported under another code, or a harmless change passed off as a fault, is
 * a miss, so the score table cannot hide a checker that misses or misnames.
 */
class MutationEngineTest {
  private static final Instance ULA =
      new Instance(
          "ula",
          new Problem.Chatting(List.of(new Message("a", 0, 2, 2), new Message("b", 1, 3, 1))),
          new CommModel.Bufferless(CommModel.BufferlessPorts.ALL),
          Network.of(new Topology.Ula(4)));
  private static final SolveResult VALID =
      SolveResult.feasible("test", departures(0, 3), 5, LowerBound.zero());

  private static Schedule.Departures departures(long a, long b) {
    return new Schedule.Departures(Map.of("a", a, "b", b));
  }

  /** A mutator that returns the given mutants. */
  private static Mutator fixed(Mutant... mutants) {
    return new Mutator() {
      @Override
      public String kind() {
        return "departures";
      }

      @Override
      public boolean accepts(Instance instance, SolveResult valid) {
        return true;
      }

      @Override
      public List<Mutant> mutants(Instance instance, SolveResult valid, SplittableRandom r) {
        return List.of(mutants);
      }
    };
  }

  private static MutationEngine.Tally only(MutationEngine e) {
    assertThat(e.scores()).hasSize(1);
    return e.scores().values().iterator().next();
  }

  @Test
  void aFaultUnderItsCode_isCaught() {
    // b at 1: its flit crosses 1->2 in step 1, with a's first flit
    MutationEngine e =
        new MutationEngine(
            List.of(
                fixed(
                    Mutant.of(
                        "onto-used-arc",
                        Kind.ARC_CONFLICT,
                        Mutations.with(VALID, departures(0, 1)),
                        "b at 1"))));
    e.mutate(ULA, VALID, new SplittableRandom(1), "test");
    assertThat(e.missed()).isEmpty();
    assertThat(only(e).injected()).isEqualTo(1);
    assertThat(only(e).caught()).isEqualTo(1);
  }

  @Test
  void anotherValidSchedule_isEquivalent_notInjected() {
    // b at 4 is as valid as b at 3: the second reading of the definitions accepts it
    MutationEngine e =
        new MutationEngine(
            List.of(
                fixed(
                    Mutant.of(
                        "shift",
                        Kind.ARC_CONFLICT,
                        Mutations.with(VALID, departures(0, 4)),
                        "b at 4"))));
    e.mutate(ULA, VALID, new SplittableRandom(1), "test");
    assertThat(e.missed()).isEmpty();
    assertThat(only(e).equivalent()).isEqualTo(1);
    assertThat(only(e).injected()).isZero();
    assertThat(e.table()).contains("| departures").contains("-");
  }

  @Test
  void aFaultUnderAnotherCode_isMissed() {
    MutationEngine e =
        new MutationEngine(
            List.of(
                fixed(
                    Mutant.of(
                        "onto-used-arc",
                        Kind.SEND_PORT,
                        Mutations.with(VALID, departures(0, 1)),
                        "b at 1"))));
    e.mutate(ULA, VALID, new SplittableRandom(1), "test");
    assertThat(e.missed())
        .singleElement()
        .asString()
        .contains("expected one of [SEND_PORT]")
        .contains("ARC_CONFLICT");
    assertThat(only(e).caught()).isZero();
  }

  @Test
  void aFalseClaimThatClaimsDoesNotRefute_isMissed() {
    // a bound of 5 on a makespan of 5 is consistent (no violation): named as BOUND_ABOVE_MAKESPAN
    // it is a miss
    SolveResult claim =
        new SolveResult(
            "test",
            VALID.status(),
            VALID.schedule(),
            5L,
            new LowerBound(5, "x", ""),
            VALID.scale(),
            Map.of());
    MutationEngine e =
        new MutationEngine(
            List.of(
                fixed(
                    new Mutant(
                        "bound",
                        java.util.Set.of(Kind.BOUND_ABOVE_MAKESPAN),
                        claim,
                        "bound 5",
                        true,
                        "lowerBound"))));
    e.mutate(ULA, VALID, new SplittableRandom(1), "test");
    assertThat(e.missed()).hasSize(1);
  }
}
