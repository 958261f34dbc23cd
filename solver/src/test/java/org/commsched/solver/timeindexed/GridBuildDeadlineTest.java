package org.commsched.solver.timeindexed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.commsched.instances.testing.ScheduleAssertions.assertValid;

import java.time.Duration;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveRun;
import org.commsched.core.solve.SolveStatus;
import org.commsched.instances.testing.RandomInstances;
import org.junit.jupiter.api.Test;

/**
 * The grids of {@code time-indexed} (bufferless, {@link BufferlessTimeIndexed}), {@code
 * time-indexed-virtual} ({@link VirtualTimeIndexed}) and {@code time-indexed-packet} ({@link
 * PacketTimeIndexed}) watch the run's deadline and stop token while they are built (issue 28:
 * within what is accepted the time limit holds and a stop is honoured in every phase, building
 * included). A run whose limit has passed, or whose token was tripped, before the grid is built
 * returns its heuristic's schedule (OPTIMAL only when it meets the bound), with the stat {@code
 * search} saying the grid was not finished, and never starts the solver (no {@code solverSeconds});
 * before, each built its whole grid and then started CP-SAT. The searches are forced ({@code
 * alwaysSearch}), so that no heuristic meeting its bound skips the grid.
 */
class GridBuildDeadlineTest {
  private static final long SEED = 0x28B0_11D5L;

  /** A chatting instance of the bufferless family, as the grid-size properties draw them. */
  static Instance bufferless() {
    return RandomInstances.chatting(new SplittableRandom(SEED), 7, 6, 4, true);
  }

  /** A dsa instance. */
  static Instance dsa() {
    return RandomInstances.dsa(new SplittableRandom(SEED), 8, 6, 5);
  }

  /** A packet scatter or gather (full duplex) the packet grid accepts. */
  static Instance packet() {
    return GridSizeProperties.drawAccepted(
        new SplittableRandom(SEED),
        PacketTimeIndexed::size,
        PacketTimeIndexed.MAX_BINARIES,
        x -> {
          CommModel.StoreAndForward any = RandomInstances.storeAndForward(x);
          CommModel.StoreAndForward model =
              new CommModel.StoreAndForward(
                  any.beta(),
                  any.tau(),
                  any.ports(),
                  CommModel.Duplex.FULL,
                  CommModel.OnePortRule.SEND_AND_RECEIVE); // the packet grid's scope
          return RandomInstances.scatterGather(x, 5, 3, x.nextBoolean(), model, true);
        });
  }

  /**
   * Runs {@code method} on {@code inst} in a run of its own with {@code limit}, {@code before}
   * applied to the run.
   */
  static SolveResult run(
      TimeIndexedMethod method, Instance inst, Duration limit, Consumer<SolveRun> before) {
    SolveRun run = new SolveRun(inst, new SolveLimits(limit, 1, 0L));
    before.accept(run);
    return method.solve(inst, run.limits(), true);
  }

  static void builtNoGrid(TimeIndexedMethod method, Instance inst, SolveResult r) {
    assertValid(method.name(), inst, r);
    if (r.status() == SolveStatus.OPTIMAL) { // only when the heuristic's schedule meets the bound
      assertThat(r.makespan()).as(method.name()).isEqualTo(r.lowerBound().value());
    }
    assertThat(r.stats())
        .as(method.name())
        .doesNotContainKey("solverSeconds")
        .containsKey("fallback");
    assertThat(String.valueOf(r.stats().get("search")))
        .as(method.name())
        .contains("time limit passed while the grid");
  }

  @Test
  void aLimitThatPassedBeforeTheBuildEndsEachGridWithoutASearch() {
    Duration gone = Duration.ofNanos(1);
    builtNoGrid(
        new TimeIndexed(), bufferless(), run(new TimeIndexed(), bufferless(), gone, x -> {}));
    builtNoGrid(
        new TimeIndexedVirtual(), dsa(), run(new TimeIndexedVirtual(), dsa(), gone, x -> {}));
    Instance p = packet();
    builtNoGrid(new TimeIndexedPacket(), p, run(new TimeIndexedPacket(), p, gone, x -> {}));
  }

  @Test
  void aRunStoppedBeforeTheBuildEndsEachGridWithoutASearchWhateverItsLimit() {
    Duration hour = Duration.ofHours(1);
    Consumer<SolveRun> stop = x -> x.stop().stop();
    builtNoGrid(new TimeIndexed(), bufferless(), run(new TimeIndexed(), bufferless(), hour, stop));
    builtNoGrid(new TimeIndexedVirtual(), dsa(), run(new TimeIndexedVirtual(), dsa(), hour, stop));
    Instance p = packet();
    builtNoGrid(new TimeIndexedPacket(), p, run(new TimeIndexedPacket(), p, hour, stop));
  }

  @Test
  void withTimeToSpareTheSameRunsSearchTheirGrids() {
    Duration minute = Duration.ofMinutes(1);
    for (TimeIndexedMethod m :
        new TimeIndexedMethod[] {
          new TimeIndexed(), new TimeIndexedVirtual(), new TimeIndexedPacket()
        }) {
      Instance inst =
          m instanceof TimeIndexed
              ? bufferless()
              : m instanceof TimeIndexedVirtual ? dsa() : packet();
      SolveResult r = run(m, inst, minute, x -> {});
      assertValid(m.name(), inst, r);
      assertThat(r.stats()).as(m.name()).containsKey("solverSeconds").doesNotContainKey("search");
    }
  }
}
