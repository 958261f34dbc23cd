package org.commsched.core.bounds;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.testing.Seeds;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The linear-cost upper bounds (the thesis's schemes, docs/models/linear-cost.md#master-table)
 * against the lower bounds (docs/models/linear-cost.md#lower-bounds) over seeded sends, broadcasts
 * and gossips on paths, rings, one-way rings, complete graphs, hypercubes and folded hypercubes
 * under every port and duplex rule: no lower bound exceeds any upper bound (P15), and where the
 * thesis proves an optimum the two meet.
 */
class UpperBoundsProperties {
  static LongStream seeds() {
    return Seeds.seeds();
  }

  private static Topology topology(SplittableRandom r) {
    return switch (r.nextInt(6)) {
      case 0 -> new Topology.Bla(2 + r.nextInt(7));
      case 1 -> new Topology.URing(3 + r.nextInt(8));
      case 2 -> new Topology.Ring(3 + r.nextInt(9));
      case 3 -> new Topology.Complete(2 + r.nextInt(9));
      case 4 -> new Topology.Hypercube(1 + r.nextInt(4));
      default -> new Topology.FoldedHypercube(2 + r.nextInt(3));
    };
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void lowerBoundsNeverExceedTheSchemes(long seed) {
    SplittableRandom r = new SplittableRandom(seed * 65537 + 41);
    Network net = Network.of(topology(r));
    long n = 1 + r.nextInt(r.nextInt(5) == 0 ? 400 : 30);
    int p = net.nodes();
    Problem problem =
        switch (r.nextInt(3)) {
          case 0 -> {
            int s = r.nextInt(p);
            yield new Problem.Send(s, (s + 1 + r.nextInt(p - 1)) % p, n, null);
          }
          case 1 -> new Problem.Broadcast(r.nextInt(p), n);
          default -> new Problem.Gossip(n);
        };
    Instance inst = new Instance("p15", problem, RandomInstances.storeAndForward(r), net);
    List<LowerBound> lower = LowerBounds.all(inst);
    List<UpperBound> upper = UpperBounds.all(inst);
    for (LowerBound lo : lower) {
      for (UpperBound up : upper) {
        assertThat(lo.value())
            .as(
                "seed %d, %s: lower %s (%s) vs upper %s (%s)",
                seed, inst.model(), lo.kind(), lo.witness(), up.kind(), up.witness())
            .isLessThanOrEqualTo(up.value());
      }
    }
    CommModel.StoreAndForward m = (CommModel.StoreAndForward) inst.model();
    boolean fStar = m.ports() == CommModel.Ports.ALL && m.duplex() == CommModel.Duplex.FULL;
    boolean exchange =
        m.ports() == CommModel.Ports.ONE && m.onePort() == CommModel.OnePortRule.EXCHANGE;
    long best = lower.isEmpty() ? 0 : lower.get(0).value();
    long top = upper.isEmpty() ? Long.MAX_VALUE : upper.get(0).value();
    Topology t = net.topology();
    // the thesis's optima: path sends (Thms 2.3.1, 2.4.1), one-way ring broadcast and gossip (Obs
    // 3.2.1, Thms
    // 4.2.1-4.2.3), F* ring broadcast and gossip (Thms 3.2.1, 3.2.2, 4.2.4), F1 even ring gossip
    // (Thm 4.2.5)
    boolean proven =
        (problem instanceof Problem.Send
                && (t instanceof Topology.Bla || t instanceof Topology.URing)
                && (m.ports() == CommModel.Ports.ALL || exchange))
            || (problem instanceof Problem.Broadcast
                && t instanceof Topology.URing
                && (m.ports() == CommModel.Ports.ALL || exchange))
            || (problem instanceof Problem.Gossip
                && t instanceof Topology.URing
                && (m.ports() == CommModel.Ports.ALL || exchange))
            || (t instanceof Topology.Ring && fStar)
            || (problem instanceof Problem.Gossip
                && t instanceof Topology.Ring
                && exchange
                && m.duplex() == CommModel.Duplex.FULL
                && p % 2 == 0);
    if (proven) {
      assertThat(top)
          .as("seed %d: %s on %s under %s: the optimum's bounds meet", seed, problem, t, m)
          .isEqualTo(best);
    }
  }
}
