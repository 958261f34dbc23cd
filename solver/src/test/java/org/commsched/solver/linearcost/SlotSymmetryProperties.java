package org.commsched.solver.linearcost;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.commsched.instances.testing.ScheduleAssertions.assertValid;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.testing.Seeds;
import org.commsched.heuristics.baseline.Baselines;
import org.commsched.solver.cpsat.CpSatTaskModel;
import org.commsched.solver.model.TaskModel;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The slot model's symmetry breaking (docs/models/linear-cost.md#symmetry-breaking): the groups and
 * chains of {@link NetworkSymmetry} against hand counts, and on seeded tiny rings and meshes the
 * optimum CP-SAT proves with the breaking equals the one it proves without it (both posted without
 * the lower-bound floor, hinted by the baselines only); a deliberately wrong breaking (the bare
 * network's automorphisms, which move a broadcast's source) loses the optimum.
 */
class SlotSymmetryProperties {
  static final SolveLimits LIMITS = new SolveLimits(Duration.ofSeconds(10), 1, 13L);

  static CommModel.StoreAndForward model(
      String beta, String tau, CommModel.Ports ports, CommModel.Duplex duplex) {
    return new CommModel.StoreAndForward(
        new BigDecimal(beta), new BigDecimal(tau), ports, duplex, CommModel.OnePortRule.EXCHANGE);
  }

  static Instance instance(String name, Topology t, Problem p, CommModel.StoreAndForward m) {
    return new Instance(name, p, m, Network.of(t));
  }

  static final CommModel.StoreAndForward F_STAR =
      model("5", "1", CommModel.Ports.ALL, CommModel.Duplex.FULL);

  static LinearCostCp cp(Instance inst, LinearCostCp.Symmetry mode) {
    return new LinearCostCp(inst, Baselines.all(), SolveLimits.defaults().run(), true, mode);
  }

  /**
   * By hand: the square's dihedral group has 8 elements; a corner's orbit is the 4 corners, and the
   * corner's stabiliser (the identity and the reflection in its diagonal) swaps its two neighbours.
   * A broadcast from the corner keeps only that stabiliser.
   */
  @Test
  void mesh3x3_groupsAndChains_byHand() {
    Instance gossip = instance("g", new Topology.Mesh(3, 3), new Problem.Gossip(1), F_STAR);
    NetworkSymmetry g = cp(gossip, LinearCostCp.Symmetry.AUTOMORPHISMS).symmetry();
    assertThat(g.group()).hasSize(8);
    assertThat(g.chain()).hasSize(2);
    assertThat(g.chain().get(0).node()).isZero();
    assertThat(g.chain().get(0).orbit()).containsExactly(0, 2, 6, 8);
    assertThat(g.chain().get(1).node()).isEqualTo(1);
    assertThat(g.chain().get(1).orbit()).containsExactly(1, 3);
    Instance bcast = instance("b", new Topology.Mesh(3, 3), new Problem.Broadcast(0, 2), F_STAR);
    NetworkSymmetry b = cp(bcast, LinearCostCp.Symmetry.AUTOMORPHISMS).symmetry();
    assertThat(b.group()).hasSize(2);
    assertThat(b.chain()).hasSize(1);
    assertThat(b.chain().get(0).node()).isEqualTo(1);
    assertThat(b.chain().get(0).orbit()).containsExactly(1, 3);
    // the ring C_6: 12 automorphisms (6 rotations, 6 reflections); from a source, its reflection
    Instance ring = instance("r", new Topology.Ring(6), new Problem.Gossip(1), F_STAR);
    assertThat(cp(ring, LinearCostCp.Symmetry.AUTOMORPHISMS).symmetry().group()).hasSize(12);
    Instance ringB = instance("rb", new Topology.Ring(6), new Problem.Broadcast(2, 1), F_STAR);
    assertThat(cp(ringB, LinearCostCp.Symmetry.AUTOMORPHISMS).symmetry().group()).hasSize(2);
    // the 3-node path from an end: nothing to break
    Instance path = instance("p", new Topology.Bla(3), new Problem.Broadcast(0, 2), F_STAR);
    assertThat(cp(path, LinearCostCp.Symmetry.AUTOMORPHISMS).symmetry()).isNull();
  }

  /**
   * The canonical map meets every level's inequality on random figures (the orbit argument of the
   * model doc, checked on the 3 x 3 mesh's group, whose chain has two levels).
   */
  @Test
  void canonical_meetsTheChain_onRandomFigures() {
    Instance gossip = instance("g", new Topology.Mesh(3, 3), new Problem.Gossip(1), F_STAR);
    NetworkSymmetry g = cp(gossip, LinearCostCp.Symmetry.AUTOMORPHISMS).symmetry();
    SplittableRandom r = new SplittableRandom(Seeds.mix(22_7_1));
    for (int c = 0; c < 500; c++) {
      long[] figure = new long[9];
      for (int v = 0; v < 9; v++) {
        figure[v] = r.nextInt(4);
      }
      int[] map = g.canonical(figure);
      assertThat(g.group()).anySatisfy(x -> assertThat(x).containsExactly(map));
      long[] mapped = new long[9];
      for (int v = 0; v < 9; v++) {
        mapped[map[v]] = figure[v];
      }
      for (NetworkSymmetry.Level level : g.chain()) {
        for (int w : level.orbit()) {
          assertThat(mapped[level.node()]).isLessThanOrEqualTo(mapped[w]);
        }
      }
    }
  }

  /** Seeded tiny rings and meshes: broadcast and gossip, all four port models, three cost pairs. */
  static List<Instance> cases() {
    List<Instance> out = new ArrayList<>();
    int count = Seeds.cases(10, 6);
    String[][] costs = {{"5", "1"}, {"1", "1"}, {"2", "1"}};
    for (long seed : Seeds.seeds(count).toArray()) {
      SplittableRandom r = new SplittableRandom(Seeds.mix(seed * 7919 + 22));
      Topology t =
          switch (r.nextInt(4)) {
            case 0 -> new Topology.Ring(3 + r.nextInt(2));
            case 1 -> new Topology.Mesh(2, 2);
            case 2 -> new Topology.Mesh(2, 3);
            default -> new Topology.Star(4);
          };
      int nodes = Network.of(t).nodes();
      String[] c = costs[r.nextInt(costs.length)];
      CommModel.Ports ports = r.nextBoolean() ? CommModel.Ports.ALL : CommModel.Ports.ONE;
      CommModel.Duplex duplex = r.nextBoolean() ? CommModel.Duplex.FULL : CommModel.Duplex.HALF;
      boolean gossip = nodes <= 4 && r.nextBoolean();
      Problem p =
          gossip
              ? new Problem.Gossip(1)
              : new Problem.Broadcast(r.nextInt(nodes), 1 + r.nextInt(2));
      out.add(
          instance(
              "seed " + seed + " " + t + " " + p + " " + ports + " " + duplex + " " + c[0] + "/"
                  + c[1],
              t,
              p,
              model(c[0], c[1], ports, duplex)));
    }
    return out;
  }

  /** The optimum CP-SAT proves without the floor, or null if it does not prove one in time. */
  static Long optimum(Instance inst, LinearCostCp.Symmetry mode) {
    LinearCostCp cp = cp(inst, mode);
    TaskModel.Solution s = CpSatTaskModel.INSTANCE.solve(cp.modelWithoutFloor(), LIMITS);
    if (!s.answer().optimal()) {
      return s.answer().status() == org.commsched.core.solve.SolveStatus.INFEASIBLE
          ? Long.MAX_VALUE
          : null;
    }
    return assertValid(mode + " on " + inst.name(), inst, cp.schedule(s.values(), s.present()))
        .makespan();
  }

  @TestFactory
  Stream<DynamicTest> breaking_keepsTheOptimum_onSeededTinyRingsAndMeshes() {
    return cases().stream()
        .map(
            inst ->
                DynamicTest.dynamicTest(
                    inst.name(),
                    () -> {
                      Long without = optimum(inst, LinearCostCp.Symmetry.NONE);
                      Long with = optimum(inst, LinearCostCp.Symmetry.AUTOMORPHISMS);
                      if (without != null && with != null) {
                        assertThat(with).as("with the breaking vs without").isEqualTo(without);
                      }
                    }));
  }

  /**
   * The deliberately wrong breaking cuts every optimum. On the path 0 - 1 - 2 - 3, broadcast from
   * node 3, the bare path's reversal swaps 0 and 3, so the wrong chain asks node 0 (three hops from
   * the source) for an arrival sum no larger than the source's, which has no arrivals (sum 0): no
   * schedule does. The real breaking fixes the source, so no automorphism but the identity is left
   * and the optimum stays {@code 3(beta + tau) = 18} for one unit at beta 5, tau 1.
   */
  @Test
  void wrongBreaking_losesTheOptimum() {
    Instance inst =
        instance("path4 from 3", new Topology.Bla(4), new Problem.Broadcast(3, 1), F_STAR);
    assertThat(optimum(inst, LinearCostCp.Symmetry.NONE)).isEqualTo(18L);
    assertThat(cp(inst, LinearCostCp.Symmetry.AUTOMORPHISMS).symmetry()).isNull();
    assertThat(optimum(inst, LinearCostCp.Symmetry.AUTOMORPHISMS)).isEqualTo(18L);
    assertThat(cp(inst, LinearCostCp.Symmetry.WRONG_BARE_NETWORK).symmetry().group()).hasSize(2);
    assertThat(optimum(inst, LinearCostCp.Symmetry.WRONG_BARE_NETWORK)).isNotEqualTo(18L);
  }

  /**
   * The switch {@code -Dcommsched.slotSymmetry}: {@code false} builds the model without the
   * breaking, {@code true} with it, on the 3 x 3 mesh gossip (whose group, by hand, has 8
   * elements); unset, none (the default, docs/models/linear-cost.md#symmetry-breaking); any other
   * value is refused naming the property.
   */
  @Test
  void property_switchesTheBreaking() {
    Instance gossip =
        instance("mesh3x3 gossip", new Topology.Mesh(3, 3), new Problem.Gossip(1), F_STAR);
    String before = System.getProperty(LinearCostCp.Symmetry.PROPERTY);
    try {
      System.setProperty(LinearCostCp.Symmetry.PROPERTY, "false");
      assertThat(LinearCostCp.Symmetry.configured()).isEqualTo(LinearCostCp.Symmetry.NONE);
      assertThat(configured(gossip).symmetry()).isNull();
      System.setProperty(LinearCostCp.Symmetry.PROPERTY, "true");
      assertThat(LinearCostCp.Symmetry.configured()).isEqualTo(LinearCostCp.Symmetry.AUTOMORPHISMS);
      assertThat(configured(gossip).symmetry().group()).hasSize(8);
      System.clearProperty(LinearCostCp.Symmetry.PROPERTY);
      assertThat(LinearCostCp.Symmetry.configured()).isEqualTo(LinearCostCp.Symmetry.NONE);
      assertThat(configured(gossip).symmetry()).isNull();
    } finally {
      if (before == null) {
        System.clearProperty(LinearCostCp.Symmetry.PROPERTY);
      } else {
        System.setProperty(LinearCostCp.Symmetry.PROPERTY, before);
      }
    }
    assertThatThrownBy(() -> LinearCostCp.Symmetry.of("yes"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("commsched.slotSymmetry");
  }

  /** The model as the methods build it: the breaking the system property chooses. */
  static LinearCostCp configured(Instance inst) {
    return new LinearCostCp(inst, Baselines.all(), SolveLimits.defaults().run(), true);
  }
}
