package org.commsched.solver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.commsched.instances.testing.ScheduleAssertions.assertValid;

import java.time.Duration;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveStatus;
import org.commsched.instances.generate.GeneratorSpec;
import org.commsched.instances.generate.Generators;
import org.commsched.instances.generate.LengthDistribution;
import org.junit.jupiter.api.Test;

/**
 * The time-limit path of the scatter/gather models: with 200 ms on instances too large to prove, every method
 * returns a valid schedule with an honest status (OPTIMAL only with a matching bound) and a bound not above it.
 */
class ExactTimeLimitTest {
  static final SolveLimits TINY = new SolveLimits(Duration.ofMillis(200), 1, 0L);
  static final LengthDistribution LENGTHS = new LengthDistribution.Uniform(1, 6);

  private static void honest(Instance inst, SolveResult r) {
    assertThat(r.status()).as(r.method()).isIn(SolveStatus.FEASIBLE, SolveStatus.OPTIMAL);
    assertValid(r.method(), inst, r);
    assertThat(r.lowerBound().value()).as(r.method()).isLessThanOrEqualTo(r.makespan());
  }

  @Test
  void offlineScatterWithExplicitRoutesOnAMesh() {
    Instance inst = Generators.instance(new GeneratorSpec(null, ProblemKind.SCATTER, "mesh", 6, 0, LENGTHS,
        new CommModel.Bufferless(CommModel.BufferlessPorts.SINGLE), 3L, true));
    honest(inst, new CpSatBufferless().solve(inst, TINY, true));
    honest(inst, new ChocoBufferless().solve(inst, TINY, true));
  }

  @Test
  void syncGatherOnALargerTree() {
    Instance inst = Generators.instance(new GeneratorSpec(null, ProblemKind.GATHER, "tree", 40, 0, LENGTHS,
        new CommModel.Bufferless(CommModel.BufferlessPorts.SINGLE), 5L, false));
    for (SolveResult r : new SolveResult[] {new CpSatSyncGather().solve(inst, TINY, true),
        new ChocoSyncGather().solve(inst, TINY, true)}) {
      honest(inst, r);
      assertThat(r.stats().get("syncStatus")).as(r.method()).isIn("OPTIMAL", "FEASIBLE");
      assertThat((Long) r.stats().get("syncBound")).as(r.method()).isLessThanOrEqualTo(r.makespan());
    }
  }
}
