package org.commsched.solver.linearcost;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.Stream;
import org.commsched.core.bounds.LinearCostFormulas;
import org.commsched.core.bounds.PathSending;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Topology;
import org.commsched.solver.cpsat.CpSatTaskModel;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The half-duplex ring gossip lower bounds of Fraigniaud and Lazard, as quoted by D. B. Peters,
 * "Bounds for Communication Problems in Interconnection Networks under a Linear Cost Model"
 * (docs/models/linear-cost.md#lower-bounds, {@code RING-GOSSIP-HALF}, {@code RING-GOSSIP-H1-LIT}),
 * against the exact optimum of the CP-SAT model on tiny rings under H* and H1: the optimum is at
 * least both, and below the quoted {@code 2(p - 1) ceil(n/2) tau} for odd n on the cases marked.
 */
class HalfDuplexGossipExactTest {
  /** {label, beta, tau, p, n, 1 if the optimum is below the quoted H* bound}. */
  private static final Object[][] CASES = {
    {"H*", "0", "1", 3, 1, 1},
    {"H*", "0", "1", 3, 2, 0},
    {"H1", "0", "1", 3, 1, 0},
    {"H*", "1", "1", 3, 1, 0},
    {"H1", "1", "1", 3, 1, 0},
    {"H*", "0", "1", 4, 1, 1},
    {"H1", "0", "1", 4, 1, 0}
  };

  @TestFactory
  Stream<DynamicTest> optimum_isAtLeastTheBounds() {
    return Stream.of(CASES)
        .map(
            c ->
                DynamicTest.dynamicTest(
                    c[0] + " beta " + c[1] + " C_" + c[3] + " n " + c[4],
                    () -> {
                      CommModel.StoreAndForward m =
                          LinearCostExactTest.model((String) c[0], (String) c[1], (String) c[2]);
                      int p = (int) c[3];
                      long n = (int) c[4];
                      Instance inst = LinearCostExactTest.gossip(new Topology.Ring(p), n, m);
                      LinearCostFormulas f =
                          new LinearCostFormulas(PathSending.of(m, inst.timeScale()));
                      long opt = LinearCostExactTest.optimum(inst, CpSatTaskModel.INSTANCE);
                      assertThat(opt)
                          .isGreaterThanOrEqualTo(f.ringGossipHalfLower(n, p))
                          .isGreaterThanOrEqualTo(f.ringGossipH1LiteratureLower(n, p));
                      if ((int) c[5] == 1) {
                        assertThat(opt).isLessThan(f.ringGossipHalfLiteratureClaimed(n, p));
                      } else {
                        assertThat(opt)
                            .isGreaterThanOrEqualTo(f.ringGossipHalfLiteratureClaimed(n, p));
                      }
                    }));
  }
}
