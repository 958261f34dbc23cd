package org.commsched.solver.timeindexed;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Function;
import java.util.stream.Stream;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Problem;
import org.commsched.core.testing.Seeds;
import org.commsched.instances.testing.RandomInstances;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The refusal checks of the time-indexed formulations decide from sizes instead of building the
 * grid: the horizon and the grid's size (capacity rows' nonzeros for {@code time-indexed} and
 * {@code time-indexed-virtual}, hop-start binaries for {@code time-indexed-packet}, unit-packet
 * binaries for {@code time-indexed-linear-cost}) counted from the instance and the heuristic's
 * horizon equal those of the grid the formulation actually builds, on seeded small instances of
 * each, so each check refuses exactly what it refused when it built the grid.
 */
class GridSizeProperties {
  static Stream<Long> seeds() {
    return Seeds.seeds(Seeds.cases(2, 20)).boxed();
  }

  static Stream<Long> fewSeeds() {
    return Seeds.seeds(Seeds.cases(8, 8)).boxed();
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void theCountedHorizonAndNonzerosAreThoseOfTheBuiltGrid(long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    Instance inst =
        r.nextBoolean()
            ? RandomInstances.chatting(r, 7, 6, 4, true)
            : RandomInstances.scatterGather(
                r, 7, 4, r.nextBoolean(), RandomInstances.bufferless(r), true);

    assertThat(BufferlessTimeIndexed.size(inst))
        .containsExactly(BufferlessTimeIndexed.builtSize(inst));
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void theCountedVirtualHorizonAndNonzerosAreThoseOfTheBuiltGrid(long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    long scale = 1 + r.nextInt(3); // a unit above 1 when every length is a multiple of it
    boolean dsa = r.nextBoolean();
    Instance drawn =
        dsa ? RandomInstances.dsa(r, 8, 6, 5) : RandomInstances.chatting(r, 7, 6, 4, false);
    List<Message> scaled =
        drawn.messages().stream()
            .map(m -> new Message(m.id(), m.from(), m.to(), m.length() * scale, m.route()))
            .toList();
    Instance inst =
        new Instance(
            drawn.name(),
            dsa ? new Problem.Dsa(scaled) : new Problem.Chatting(scaled),
            drawn.model(),
            drawn.network());

    assertThat(VirtualTimeIndexed.size(inst)).containsExactly(VirtualTimeIndexed.builtSize(inst));
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("fewSeeds")
  void theCountedPacketHorizonAndBinariesAreThoseOfTheBuiltGrid(long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    Instance inst =
        drawAccepted(
            r,
            PacketTimeIndexed::size,
            PacketTimeIndexed.MAX_BINARIES,
            x -> {
              CommModel.StoreAndForward any = RandomInstances.storeAndForward(x);
              CommModel.StoreAndForward model =
                  new CommModel.StoreAndForward(
                      any.beta(),
                      any.tau(),
                      any.ports(),
                      any.duplex(),
                      CommModel.OnePortRule.SEND_AND_RECEIVE);
              return RandomInstances.scatterGather(x, 5, 3, x.nextBoolean(), model, true);
            });

    assertThat(PacketTimeIndexed.size(inst)).containsExactly(PacketTimeIndexed.builtSize(inst));
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("fewSeeds")
  void theCountedLinearCostHorizonAndBinariesAreThoseOfTheBuiltGrid(long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    Instance inst =
        drawAccepted(
            r,
            LinearCostTimeIndexed::size,
            LinearCostTimeIndexed.MAX_BINARIES,
            x ->
                RandomInstances.linearCost(
                    x,
                    4,
                    3,
                    x.nextInt(3),
                    i ->
                        i.origins().stream().mapToLong(o -> o.length()).sum()
                            <= LinearCostTimeIndexed.MAX_UNITS));

    assertThat(LinearCostTimeIndexed.size(inst))
        .containsExactly(LinearCostTimeIndexed.builtSize(inst));
  }

  /**
   * Draws until the counted grid is at most {@code max} (a larger count saturates, and such a grid
   * is not worth building) and a heuristic gives the horizon.
   */
  static Instance drawAccepted(
      SplittableRandom r,
      Function<Instance, long[]> size,
      long max,
      Function<SplittableRandom, Instance> draw) {
    while (true) {
      Instance inst = draw.apply(r);
      try {
        if (size.apply(inst)[1] <= max) {
          return inst;
        }
      } catch (IllegalArgumentException e) {
        // no heuristic applies: draw again
      }
    }
  }
}
