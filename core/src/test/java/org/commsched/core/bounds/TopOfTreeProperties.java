package org.commsched.core.bounds;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.SplittableRandom;
import java.util.function.IntUnaryOperator;
import java.util.stream.Stream;
import org.commsched.core.model.Atlas;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.testing.Seeds;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * {@link BufferlessBounds#topOfTree}, the root's neighbour above each message's far end on the
 * default route tree, agrees with the route itself (its second node for a scatter, its last but one
 * for a gather, as {@link Atlas#nodes} lists it) whichever way it is computed: the root's only
 * child, walks up the tree per asked node, or the dense pass over every node. The bounds LB-MP and
 * the F-bounds read it for the root arc each message crosses.
 */
class TopOfTreeProperties {
  private static final int CASES = Seeds.cases();

  @TestFactory
  Stream<DynamicTest> theTopOfEveryMessagesEnd_isTheRootsNeighbourOnItsRoute_computedEveryWay() {
    return Seeds.seeds(CASES)
        .mapToObj(
            seed ->
                DynamicTest.dynamicTest(
                    "seed " + seed,
                    () -> {
                      SplittableRandom rnd = new SplittableRandom(seed);
                      ProblemKind kind =
                          rnd.nextBoolean() ? ProblemKind.SCATTER : ProblemKind.GATHER;
                      String family =
                          RandomInstances.FAMILIES[rnd.nextInt(RandomInstances.FAMILIES.length)];
                      Instance inst =
                          RandomInstances.of(kind, family, RandomInstances.bufferless(rnd), 3, rnd);
                      if (inst == null || !inst.atlas().hasRouteTree()) {
                        return;
                      }
                      Atlas atlas = inst.atlas();
                      List<IntUnaryOperator> ways =
                          List.of(
                              BufferlessBounds.topOfTree(inst),
                              BufferlessBounds.topOfTree(inst, true, Long.MAX_VALUE / 1024),
                              BufferlessBounds.topOfTree(inst, false, Long.MAX_VALUE / 1024),
                              BufferlessBounds.topOfTree(inst, false, -1));
                      List<Message> ms = inst.messages();
                      for (int i = 0; i < ms.size(); i++) {
                        if (atlas.isExplicit(i)) {
                          continue;
                        }
                        int[] nodes = atlas.nodes(i);
                        int end = kind == ProblemKind.SCATTER ? ms.get(i).to() : ms.get(i).from();
                        int expected =
                            kind == ProblemKind.SCATTER ? nodes[1] : nodes[nodes.length - 2];
                        for (int w = 0; w < ways.size(); w++) {
                          assertThat(ways.get(w).applyAsInt(end))
                              .as("way %d, %s, message %s", w, inst.name(), ms.get(i).id())
                              .isEqualTo(expected);
                        }
                      }
                      for (IntUnaryOperator way : ways) {
                        assertThat(way.applyAsInt(inst.root()))
                            .as("the root's own top")
                            .isEqualTo(-1);
                      }
                    }));
  }
}
