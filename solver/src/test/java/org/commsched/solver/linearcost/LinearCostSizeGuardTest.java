package org.commsched.solver.linearcost;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Topology;
import org.commsched.heuristics.baseline.Baselines;
import org.commsched.solver.MethodRegistry;
import org.junit.jupiter.api.Test;

/**
 * The slot model's size guard (docs/models/linear-cost.md#size-limits): it counts the model's real
 * size, packet slots per arc bounded by a horizon times the units that may cross the arc, instead
 * of units times arcs, so a mesh broadcast the old guard refused (384 unit-arcs, above 300) is
 * taken and a gossip far beyond the budget is refused with its size and what runs instead.
 */
class LinearCostSizeGuardTest {
  static final MethodRegistry REG = MethodRegistry.standard();

  static CommModel.StoreAndForward fStar() {
    return new CommModel.StoreAndForward(
        new BigDecimal("5"),
        new BigDecimal("1"),
        CommModel.Ports.ALL,
        CommModel.Duplex.FULL,
        CommModel.OnePortRule.EXCHANGE);
  }

  /** The heuristics the registry's cpsat and choco take their hint from. */
  static java.util.List<org.commsched.core.solve.Method> heuristics() {
    var all = REG.all();
    return all.subList(0, all.indexOf(REG.byName("cpsat-ranges")));
  }

  static Instance mesh3x3(Problem problem, String name) {
    return new Instance(name, problem, fStar(), Network.of(new Topology.Mesh(3, 3)));
  }

  /**
   * bench/lincost/lc-mesh3x3-broadcast-n16.json: broadcast of 16 units from a corner of the 3 x 3
   * mesh, beta 5, tau 1 (a hop of one unit takes 6). By hand at horizon 45: the 24 arcs less the 2
   * into the source carry all 16 units; an arc whose tail is {@code d} hops from the source holds
   * {@code floor((45 - 6 d) / 6)} slots: 2 arcs at d = 0 (7 each), 4 at d = 1 (6), 8 at d = 2 (5),
   * 6 at d = 3 (4), 2 at d = 4 (3): 108 slots, 1,728 membership literals. At horizon 63 (10, 9, 8,
   * 7, 6 slots): 174 slots, 2,784 literals.
   */
  @Test
  void meshBroadcast_countedByHand_andTakenWhereTheOldGuardRefused() {
    Instance inst = mesh3x3(new Problem.Broadcast(0, 16), "lc-mesh3x3-broadcast-n16");
    assertThat(LinearCostCp.size(inst, 45)).isEqualTo(new LinearCostCp.Size(45, 108, 1_728));
    assertThat(LinearCostCp.size(inst, 63)).isEqualTo(new LinearCostCp.Size(63, 174, 2_784));
    // the old guard: 16 units times 24 arcs = 384 > 300, refused; the real size is taken
    assertThat(16L * 24).isGreaterThan(LinearCostCp.MAX_UNIT_ARCS);
    assertThat(LinearCostCp.whyNot("cpsat-linear-cost", inst)).isNull();
    assertThat(LinearCostCp.whyNot("choco-linear-cost", inst)).isNull();
    // cpsat prefers the exact slot model to the range model, which now declines
    assertThat(REG.byName("cpsat").whyNot(inst)).isNull();
    assertThat(REG.byName("choco").whyNot(inst)).isNull();
    assertThat(REG.byName("cpsat-ranges").whyNot(inst)).contains("use cpsat");
    // the guard's count bounds the model built from the baselines (their horizon is at most
    // greedy-saf's)
    LinearCostCp.Size counted = LinearCostCp.size(inst);
    LinearCostCp.Size built = new LinearCostCp(inst, Baselines.all()).size();
    assertThat(built.horizon()).isLessThanOrEqualTo(counted.horizon());
    assertThat(built.slots()).isLessThanOrEqualTo(counted.slots());
    assertThat(built.literals()).isLessThanOrEqualTo(counted.literals());
    assertThat(built).isEqualTo(LinearCostCp.size(inst, built.horizon()));
  }

  /**
   * bench/lincost/lc-mesh3x3-gossip-n16.json: gossip of 16 units per node on the 3 x 3 mesh. Every
   * arc may carry the 128 units not of its head, from time 0 on (its tail is an origin); any
   * schedule takes at least 74 (the run's bound, `MULTI-FEED`; a mesh corner receives 128 units
   * over two arcs, so even the trivial 64 + 5 would do), so at any horizon an arc has at least
   * {@code floor(69 / 6) = 11} slots: at least 24 x 11 x 128 = 33,792 literals, beyond the budget.
   */
  @Test
  void meshGossip_isRefused_withItsRealSize_andWhatRunsInstead() {
    Instance inst = mesh3x3(new Problem.Gossip(16), "lc-mesh3x3-gossip-n16");
    String why = LinearCostCp.whyNot("cpsat", inst, heuristics());
    assertThat(why)
        .startsWith(
            "cpsat builds the exact linear-cost model only up to " + LinearCostCp.MAX_LITERALS)
        .contains("membership literals")
        .contains("best heuristic makespan")
        .contains("use greedy-saf, or the default solve");
    assertThat(LinearCostCp.size(inst).literals()).isGreaterThanOrEqualTo(33_792L);
    // counted again at the best heuristic's makespan (merge-flood's, below greedy-saf's)
    long h = LinearCostCp.knownBest(inst, heuristics()).makespan();
    LinearCostCp.Size size = LinearCostCp.size(inst, h);
    assertThat(size.literals()).isGreaterThanOrEqualTo(33_792L);
    assertThat(why)
        .contains("makespan " + h + ",")
        .contains(size.literals() + " literals")
        .contains(size.slots() + " slots");
    assertThat(REG.byName("cpsat").whyNot(inst)).isEqualTo(why);
    assertThat(REG.byName("choco").whyNot(inst)).isEqualTo(why.replaceFirst("^cpsat", "choco"));
  }

  /**
   * bench/lincost/lc-mesh3x3-gossip-n4.json: gossip of 4 units per node on the 3 x 3 mesh. Every
   * arc may carry the 32 units not of its head, from time 0 on (its tail is an origin), so at
   * horizon {@code H} it has {@code min(32, floor(H / 6))} slots. At {@code greedy-saf}'s 54: 9
   * slots on each of the 24 arcs, 216 slots, 6,912 literals, beyond the budget; at 36 (what {@code
   * merge-flood} reaches): 6 slots each, 144 slots, 4,608 literals, within it. The guard counts at
   * the best heuristic makespan, so the model is taken, and built at most that size.
   */
  @Test
  void meshGossipOfFour_isTaken_atTheBestHeuristicsMakespan() {
    Instance inst = mesh3x3(new Problem.Gossip(4), "lc-mesh3x3-gossip-n4");
    assertThat(LinearCostCp.size(inst, 54)).isEqualTo(new LinearCostCp.Size(54, 216, 6_912));
    assertThat(LinearCostCp.size(inst, 36)).isEqualTo(new LinearCostCp.Size(36, 144, 4_608));
    assertThat(LinearCostCp.size(inst).literals()).isGreaterThan(LinearCostCp.MAX_LITERALS);
    var heuristics = heuristics();
    assertThat(LinearCostCp.whyNot("cpsat", inst, heuristics)).isNull();
    assertThat(LinearCostCp.whyNot("cpsat", inst, Baselines.all()))
        .contains("best heuristic makespan 54, greedy-saf's")
        .contains("6912 literals");
    LinearCostCp.Size built =
        new LinearCostCp(inst, heuristics, org.commsched.core.solve.SolveLimits.defaults().run())
            .size();
    assertThat(built.literals()).isLessThanOrEqualTo(LinearCostCp.MAX_LITERALS);
    assertThat(built).isEqualTo(LinearCostCp.size(inst, built.horizon()));
  }

  /**
   * bench/lincost/lc-mesh4x4-broadcast-n16.json by hand: the 48 arcs of the 4 x 4 mesh less the 2
   * into the corner source carry 16 units each; by the distance {@code d} of their tail from the
   * source there are 2, 4, 10, 12, 10, 6, 2 arcs for {@code d} = 0 to 6, each with {@code floor((H
   * - 6 d) / 6)} slots. At {@code greedy-saf}'s 81: 13, 12, ..., 7 slots, 456 slots, 7,296 literals
   * (refused before); at {@code merge-flood}'s 63: 10, 9, 8, 7, 6, 5, 4 slots, 318 slots, 5,088
   * literals, within the budget.
   */
  @Test
  void meshBroadcast4x4_countedByHand() {
    Instance inst =
        new Instance(
            "lc-mesh4x4-broadcast-n16",
            new Problem.Broadcast(0, 16),
            fStar(),
            Network.of(new Topology.Mesh(4, 4)));
    assertThat(LinearCostCp.size(inst, 81)).isEqualTo(new LinearCostCp.Size(81, 456, 7_296));
    assertThat(LinearCostCp.size(inst, 63)).isEqualTo(new LinearCostCp.Size(63, 318, 5_088));
  }
}
