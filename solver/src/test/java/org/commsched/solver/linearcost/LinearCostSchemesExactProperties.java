package org.commsched.solver.linearcost;

import static org.assertj.core.api.Assertions.assertThat;
import static org.commsched.instances.testing.ScheduleAssertions.assertValid;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.commsched.core.bounds.LowerBounds;
import org.commsched.core.check.CheckReport;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveStatus;
import org.commsched.core.testing.Seeds;
import org.commsched.heuristics.linearcost.LinearCostMethods;
import org.commsched.solver.MethodRegistry;
import org.commsched.solver.cpsat.CpSatTaskModel;
import org.commsched.solver.model.TaskModel;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every linear-cost scheme against the exact optimum and every lower bound
 * (docs/models/linear-cost.md#exact-model, "Schemes against the optimum"): on the small grids of
 * Peters' thesis ("Bounds for Communication Problems in Interconnection Networks under a Linear
 * Cost Model", the optima of Theorems 2.3.1 to 4.2.5 reproduced on small cases) -- sends along a
 * path of at most 4 links with at most 8 units; broadcasts on rings and one-way rings of 3 to 7
 * nodes with at most 4 units, on {@code K_3} to {@code K_5} with at most 4, on {@code Q_2}, {@code
 * Q_3}, {@code Q_2^+}, {@code Q_3^+} with at most 3; gossip on rings and one-way rings of 3 to 6
 * nodes with at most 3 units each -- under F*, H*, F1 and H1, with (beta, tau) = (5, 1), (0, 1),
 * (1, 0.4), (2, 1):
 *
 * <ul>
 *   <li>every {@code lc-*} method, {@code merge-flood} and {@code step-matching} the registry finds
 *       applicable returns a schedule the checker accepts under the instance's model, of the
 *       makespan it reports;
 *   <li>its makespan is at least the optimum CP-SAT proves on the exact model ({@link
 *       LinearCostCp}, posted without the lower-bound floor, hinted only by the baselines, so the
 *       optimum owes nothing to the schemes or the bounds), and at least every lower bound of
 *       {@link LowerBounds};
 *   <li>every lower bound is at most that optimum;
 *   <li>a scheme that claims OPTIMAL (its status, or {@link LinearCostMethods#provenOptimal}) meets
 *       the optimum (unproven: is no longer than CP-SAT's best schedule).
 * </ul>
 *
 * <p>When CP-SAT does not prove the optimum within {@link #LIMITS} only the proven side is used:
 * every scheme is at least the solver's proven bound, every lower bound at most its best schedule,
 * or the baseline hint the model checked when it found none (such cases say "unproven" in their
 * messages). Cases: {@code commsched.cases / 10} (20 by default), drawn in turn from each group of
 * the grid in a seeded order; the whole grid (1,920 cases, most proven in under a second) with
 * {@code -Dcommsched.cases=20000 -Dtest=LinearCostSchemesExactProperties}.
 */
class LinearCostSchemesExactProperties {
  static final SolveLimits LIMITS = new SolveLimits(Duration.ofSeconds(8), 1, 13L);
  static final MethodRegistry REG = MethodRegistry.standard();
  static final String[][] COSTS = {{"5", "1"}, {"0", "1"}, {"1", "0.4"}, {"2", "1"}};

  /**
   * The grid, one list per group (sends, ring broadcasts, ...), every model and cost pair in each.
   */
  static List<List<Instance>> grid() {
    List<List<Instance>> groups = new ArrayList<>();
    for (int g = 0; g < 7; g++) {
      groups.add(new ArrayList<>());
    }
    for (String label : LinearCostExactTest.MODELS) {
      for (String[] c : COSTS) {
        CommModel.StoreAndForward m = LinearCostExactTest.model(label, c[0], c[1]);
        String tail = " " + label + " beta=" + c[0] + " tau=" + c[1];
        for (int links = 1; links <= 4; links++) {
          for (long n = 1; n <= 8; n++) {
            groups
                .get(0)
                .add(
                    named(
                        LinearCostExactTest.send(new Topology.Bla(links + 1), links, n, m),
                        "send bla" + (links + 1) + " n=" + n + tail));
          }
        }
        for (int p = 3; p <= 7; p++) {
          for (long n = 1; n <= 4; n++) {
            groups
                .get(1)
                .add(
                    named(
                        LinearCostExactTest.broadcast(new Topology.Ring(p), n, m),
                        "broadcast ring" + p + " n=" + n + tail));
            groups
                .get(2)
                .add(
                    named(
                        LinearCostExactTest.broadcast(new Topology.URing(p), n, m),
                        "broadcast uring" + p + " n=" + n + tail));
          }
        }
        for (int p = 3; p <= 5; p++) {
          for (long n = 1; n <= 4; n++) {
            groups
                .get(3)
                .add(
                    named(
                        LinearCostExactTest.broadcast(new Topology.Complete(p), n, m),
                        "broadcast K" + p + " n=" + n + tail));
          }
        }
        for (int d = 2; d <= 3; d++) {
          for (long n = 1; n <= 3; n++) {
            groups
                .get(4)
                .add(
                    named(
                        LinearCostExactTest.broadcast(new Topology.Hypercube(d), n, m),
                        "broadcast Q" + d + " n=" + n + tail));
            groups
                .get(4)
                .add(
                    named(
                        LinearCostExactTest.broadcast(new Topology.FoldedHypercube(d), n, m),
                        "broadcast Q" + d + "+ n=" + n + tail));
          }
        }
        for (int p = 3; p <= 6; p++) {
          for (long n = 1; n <= 3; n++) {
            groups
                .get(5)
                .add(
                    named(
                        LinearCostExactTest.gossip(new Topology.Ring(p), n, m),
                        "gossip ring" + p + " n=" + n + tail));
            groups
                .get(6)
                .add(
                    named(
                        LinearCostExactTest.gossip(new Topology.URing(p), n, m),
                        "gossip uring" + p + " n=" + n + tail));
          }
        }
      }
    }
    return groups;
  }

  private static Instance named(Instance i, String name) {
    return LinearCostExactTest.named(i, name);
  }

  /**
   * {@code count} cases, taken in turn from each group shuffled by the suite's seed (the whole grid
   * if more).
   */
  static List<Instance> cases(int count) {
    List<List<Instance>> groups = grid();
    Random r = new Random(Seeds.mix(0x1c5eL));
    for (List<Instance> g : groups) {
      Collections.shuffle(g, r);
    }
    List<Instance> out = new ArrayList<>();
    for (int i = 0; out.size() < count; i++) {
      boolean any = false;
      for (List<Instance> g : groups) {
        if (i < g.size() && out.size() < count) {
          out.add(g.get(i));
          any = true;
        }
      }
      if (!any) {
        break;
      }
    }
    return out;
  }

  @TestFactory
  Stream<DynamicTest> everyScheme_atLeastTheOptimum_atLeastEveryBound() {
    return cases(Seeds.cases(10, 20)).stream()
        .map(inst -> DynamicTest.dynamicTest(inst.name(), () -> check(inst)));
  }

  /**
   * The lc-* methods, merge-flood, step-matching, tree-packing-broadcast and merged-tree-pipeline
   * (any network, issue 22) the registry offers for the instance.
   */
  static List<Method> schemes(Instance inst) {
    return REG.applicable(inst).stream()
        .filter(
            m ->
                m.name().startsWith("lc-")
                    || m.name().equals("merge-flood")
                    || m.name().equals("step-matching")
                    || m.name().equals("tree-packing-broadcast")
                    || m.name().equals("merged-tree-pipeline"))
        .toList();
  }

  static void check(Instance inst) {
    LinearCostCp cp = new LinearCostCp(inst);
    TaskModel.Solution s = CpSatTaskModel.INSTANCE.solve(cp.modelWithoutFloor(), LIMITS);
    long best =
        cp.horizon; // the reduced baseline hint, checked by the model, if CP-SAT finds nothing in
    // time
    if (s.values() != null) {
      best =
          assertValid("CP-SAT on " + inst.name(), inst, cp.schedule(s.values(), s.present()))
              .makespan();
    }
    boolean proven = s.answer().optimal();
    long floor = proven ? best : s.answer().bound();
    String what =
        (proven ? "optimum " : "unproven: bound " + floor + ", best ")
            + best
            + " on "
            + inst.name();
    List<LowerBound> bounds = LowerBounds.all(inst);
    for (LowerBound b : bounds) {
      assertThat(b.value())
          .as("lower bound " + b + " vs the exact " + what)
          .isLessThanOrEqualTo(best);
    }
    Method claimed = LinearCostMethods.provenOptimal(inst);
    for (Method m : schemes(inst)) {
      SolveResult r = m.solve(inst, LIMITS);
      CheckReport rep = assertValid(m.name() + " on " + inst.name(), inst, r);
      assertThat(rep.makespan()).as(m.name() + " reports its makespan").isEqualTo(r.makespan());
      assertThat(r.makespan()).as(m.name() + " vs the exact " + what).isGreaterThanOrEqualTo(floor);
      for (LowerBound b : bounds) {
        assertThat(r.makespan())
            .as(m.name() + " vs " + b + " on " + inst.name())
            .isGreaterThanOrEqualTo(b.value());
      }
      if (r.status() == SolveStatus.OPTIMAL
          || (claimed != null && claimed.name().equals(m.name()))) {
        assertThat(r.makespan())
            .as(m.name() + " claims OPTIMAL; CP-SAT's schedule, " + what)
            .isLessThanOrEqualTo(best);
        if (proven) {
          assertThat(r.makespan())
              .as(m.name() + " claims OPTIMAL; the exact " + what)
              .isEqualTo(best);
        }
      }
    }
  }
}
