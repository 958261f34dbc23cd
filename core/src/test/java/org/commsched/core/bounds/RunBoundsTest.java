package org.commsched.core.bounds;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Schedule;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveRun;
import org.commsched.core.testing.Seeds;
import org.junit.jupiter.api.Test;

/**
 * The bounds a {@link SolveRun} keeps ({@link SolveRun#bounds}, computed once per run and instance,
 * and {@link SolveRun#prefetchBounds}): on seeded random instances of every family the answers
 * equal a fresh computation, whether prefetched, asked for once or again, and one instance never
 * gets another's bounds; the virtual bound of slots ({@link SolveRun#boundFor}) is likewise
 * computed once per run and instance.
 */
class RunBoundsTest {

  @Test
  void aRunGivesTheFreshBoundsOfEachInstanceItIsAskedAbout() {
    SolveRun run = new SolveRun(null, new SolveLimits(Duration.ofSeconds(1), 1, 0));
    Instance previous = null;
    for (long seed : Seeds.seeds(Seeds.cases(4, 30)).toArray()) {
      Instance inst = FastBoundsProperties.draw(seed);
      var fresh = LowerBounds.all(inst, BufferlessBounds.Limits.DEFAULT);
      if (seed % 2 == 0) {
        run.prefetchBounds(inst);
      }
      assertThat(run.bounds(inst)).as("seed %d", seed).isEqualTo(fresh);
      assertThat(run.bounds(inst)).as("seed %d, again", seed).isEqualTo(fresh);
      assertThat(run.bestBound(inst)).isEqualTo(fresh.isEmpty() ? LowerBound.zero() : fresh.get(0));
      if (previous != null) {
        // back to the previous instance: its own bounds
        assertThat(run.bounds(previous))
            .isEqualTo(LowerBounds.all(previous, BufferlessBounds.Limits.DEFAULT));
      }
      previous = inst;
    }
  }

  @Test
  void aRunComputesTheBoundsOfAnInstanceOnce() {
    SolveRun run = new SolveRun(null, new SolveLimits(Duration.ofSeconds(1), 1, 0));
    Instance inst = null;
    for (long seed : Seeds.seeds(Seeds.cases(4, 30)).toArray()) {
      inst = FastBoundsProperties.draw(seed);
      if (!LowerBounds.all(inst).isEmpty()) {
        break; // an instance with bounds (an empty list is one shared object)
      }
    }
    assertThat(run.bounds(inst)).isNotEmpty();
    // the same list object each time: the run's own, not a recomputation
    assertThat(run.bounds(inst)).isSameAs(run.bounds(inst));
    SolveRun other = new SolveRun(null, new SolveLimits(Duration.ofSeconds(1), 1, 0));
    assertThat(other.bounds(inst)).isNotSameAs(run.bounds(inst)).isEqualTo(run.bounds(inst));
  }

  @Test
  void aRunComputesTheVirtualBoundOfAnInstanceOnceAndGivesTheFreshValue() {
    // two messages of 5 and 3 flits over the arc 1 -> 2 of a 4-node ULA: the virtual bound C is 8
    Instance inst =
        new Instance(
            "two",
            new Problem.Chatting(List.of(new Message("a", 0, 2, 5), new Message("b", 1, 3, 3))),
            new CommModel.Bufferless(CommModel.BufferlessPorts.ALL),
            Network.of(new Topology.Ula(4)));
    Schedule slots = new Schedule.Slots(Map.of("a", 0L, "b", 5L));
    SolveRun run = new SolveRun(inst, new SolveLimits(Duration.ofSeconds(1), 1, 0));

    LowerBound first = run.boundFor(inst, slots);
    assertThat(first.value()).isEqualTo(8);
    assertThat(first).isEqualTo(LowerBounds.forSchedule(inst, slots));
    // the same object each time: the run's own, not a recomputation
    assertThat(run.boundFor(inst, slots)).isSameAs(first);
    assertThat(run.boundFor(inst, new Schedule.Slots(Map.of("a", 3L, "b", 0L)))).isSameAs(first);
    // a real schedule still gets the best real bound
    assertThat(run.boundFor(inst, new Schedule.Departures(Map.of("a", 0L, "b", 0L))))
        .isEqualTo(run.bestBound(inst));
  }
}
