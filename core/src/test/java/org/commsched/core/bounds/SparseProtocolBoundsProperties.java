package org.commsched.core.bounds;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.testing.Seeds;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The protocol bounds LB-SYNC and LB-PAPER of a single-port bufferless gather on a bla or a star
 * say the same, value and words, whether the tree is held in arrays over every node or only the
 * nodes on the messages' paths are kept in maps with the whole tree's broadcast rows from the
 * family's formula ({@link BufferlessBounds#sparseProtocolTree}, which a gather on 5 x 10^7 nodes
 * needs); and that formula ({@link BufferlessBounds#wholeRows}) is the broadcast over every node.
 */
class SparseProtocolBoundsProperties {
  private static final int CASES = Seeds.cases();
  private static final CommModel SINGLE =
      new CommModel.Bufferless(CommModel.BufferlessPorts.SINGLE);

  @TestFactory
  Stream<DynamicTest> protocolBoundsOnABlaOrAStar_areTheSame_fromMapsAsFromArrays() {
    return Seeds.seeds(CASES)
        .mapToObj(
            seed ->
                DynamicTest.dynamicTest(
                    "seed " + seed,
                    () -> {
                      SplittableRandom rnd = new SplittableRandom(seed);
                      int n = rnd.nextInt(2, 60);
                      Topology t = rnd.nextBoolean() ? new Topology.Bla(n) : new Topology.Star(n);
                      int root = rnd.nextInt(3) == 0 ? 0 : rnd.nextInt(n);
                      int every =
                          rnd.nextInt(
                              1, 6); // one node in `every` has a message: few, or nearly all
                      List<Message> ms = new ArrayList<>();
                      for (int v = 0; v < n; v++) {
                        if (v != root && rnd.nextInt(every) == 0) {
                          ms.add(
                              new Message(
                                  "m" + v,
                                  v,
                                  root,
                                  rnd.nextInt(4) == 0 ? 0 : rnd.nextInt(1, 5),
                                  null));
                        }
                      }
                      Instance inst =
                          new Instance("g", new Problem.Gather(root, ms), SINGLE, Network.of(t));
                      List<LowerBound> sparse = new ArrayList<>();
                      List<LowerBound> dense = new ArrayList<>();
                      BufferlessBounds.protocol(inst, sparse, true);
                      BufferlessBounds.protocol(inst, dense, false);
                      assertThat(BufferlessBounds.sparseProtocolTree(inst))
                          .as("the maps are used on a bla or a star")
                          .isNotNull();
                      assertThat(sparse).isEqualTo(dense);
                      for (int r = 0;
                          r < n;
                          r++) { // every root of this network, the middle of a path included
                        int[][] tree = NetworkFacts.rootedTree(inst.network(), r);
                        assertThat(BufferlessBounds.wholeRows(t, n, r))
                            .as("%s rooted at %d", t, r)
                            .isEqualTo(BufferlessBounds.broadcastRows(tree[0], tree[1], null));
                      }
                    }));
  }
}
