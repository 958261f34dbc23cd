package org.commsched.solver.packet;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.commsched.core.bounds.LowerBounds;
import org.commsched.core.check.ScheduleChecker;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Schedule;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveStatus;
import org.commsched.core.testing.Seeds;
import org.commsched.instances.testing.RandomInstances;
import org.commsched.solver.MethodRegistry;
import org.commsched.solver.choco.ChocoTaskModel;
import org.commsched.solver.cpsat.CpSatTaskModel;
import org.commsched.solver.model.TaskModel;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The exact packet model (docs/models/packet.md#exact-model) against an independent exhaustive
 * search ({@link PacketBruteForce}) on seeded tiny trees: scatter and gather, single port and all
 * ports, set-up times 0, 1/2, 1, 3/2, 2 and 3, tau 1, 1/2 or 2: the CP-SAT optimum, the Choco
 * optimum and the exhaustive optimum agree (both back ends run the model even when the heuristic
 * meets the bound, and prove it); their schedules pass the checker; every heuristic that applies
 * ({@code packet-fdf}, {@code packet-fdf-even}, {@code greedy-saf}) is no shorter, and the best
 * lower bound of {@code LowerBounds} is no larger. The generic {@code cpsat} and {@code choco}
 * methods answer the instance with the same optimum and status OPTIMAL.
 */
class PacketExactProperties {
  private static final String[] BETAS = {"0", "0.5", "1", "1.5", "2", "3"};
  private static final String[] TAUS = {"1", "1", "1", "0.5", "2"};
  private static final SolveLimits ONE_WORKER = new SolveLimits(Duration.ofSeconds(30), 1, 7L);
  private static final List<String> HEURISTICS =
      List.of("packet-fdf", "packet-fdf-even", "greedy-saf");

  /**
   * A tree of 2 to 5 nodes, a random root, at most 6 units in all, scatter or gather, one or all
   * ports.
   */
  static Instance tiny(long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    int n = 2 + r.nextInt(4);
    Topology.Tree t = RandomInstances.randomTree(r, n);
    int root = r.nextInt(n);
    boolean scatter = r.nextBoolean();
    CommModel model =
        new CommModel.StoreAndForward(
            new BigDecimal(BETAS[r.nextInt(BETAS.length)]),
            new BigDecimal(TAUS[r.nextInt(TAUS.length)]),
            r.nextBoolean() ? CommModel.Ports.ONE : CommModel.Ports.ALL,
            CommModel.Duplex.FULL,
            CommModel.OnePortRule.SEND_AND_RECEIVE);
    long budget = 2 + r.nextInt(5);
    List<Message> ms = new ArrayList<>();
    for (int v = 0; v < n; v++) {
      if (v != root) {
        long len = Math.min(budget, r.nextInt(4));
        budget -= len;
        ms.add(scatter ? new Message("m" + v, root, v, len) : new Message("m" + v, v, root, len));
      }
    }
    Problem p = scatter ? new Problem.Scatter(root, ms) : new Problem.Gather(root, ms);
    return new Instance((scatter ? "scatter" : "gather") + seed, p, model, Network.of(t));
  }

  @TestFactory
  Stream<DynamicTest> cpSat_choco_andExhaustiveSearch_agree_andBoundTheHeuristics() {
    MethodRegistry registry = MethodRegistry.standard();
    return Seeds.seeds(Seeds.cases(8, 12))
        .mapToObj(
            seed ->
                DynamicTest.dynamicTest(
                    "seed " + seed,
                    () -> {
                      Instance inst = tiny(seed);
                      long brute = PacketBruteForce.optimum(inst);
                      for (TaskModel.Backend backend :
                          List.of(CpSatTaskModel.INSTANCE, ChocoTaskModel.INSTANCE)) {
                        PacketCp cp = new PacketCp(inst);
                        TaskModel.Solution s = backend.solve(cp.model(), ONE_WORKER);
                        assertThat(s.answer().optimal())
                            .as(backend.name() + " proves " + inst.name())
                            .isTrue();
                        Schedule.Transmissions schedule = cp.schedule(s.values(), s.present());
                        assertThat(cp.makespan(schedule))
                            .as(backend.name() + " on " + inst.name())
                            .isEqualTo(brute);
                        assertThat(ScheduleChecker.check(inst, schedule).valid())
                            .as(backend.name() + " schedule valid")
                            .isTrue();
                      }
                      for (String name : List.of("cpsat", "choco")) {
                        SolveResult r = registry.byName(name).solve(inst, ONE_WORKER);
                        assertThat(r.status())
                            .as(name + " on " + inst.name())
                            .isEqualTo(SolveStatus.OPTIMAL);
                        assertThat(r.makespan()).as(name + " on " + inst.name()).isEqualTo(brute);
                        assertThat(r.method()).isEqualTo(name);
                        assertThat(ScheduleChecker.checkResult(inst, r).valid())
                            .as(name + " result valid")
                            .isTrue();
                      }
                      for (String h : HEURISTICS) {
                        Method m = registry.byName(h);
                        if (m.whyNot(inst) == null) {
                          assertThat(m.solve(inst, ONE_WORKER).makespan())
                              .as(h + " on " + inst.name())
                              .isGreaterThanOrEqualTo(brute);
                        }
                      }
                      assertThat(LowerBounds.best(inst).value())
                          .as("best bound on " + inst.name())
                          .isLessThanOrEqualTo(brute);
                    }));
  }

  /**
   * The port-slack slot bound (each message has at most {@code 1 + (H - W) / beta} packets on a
   * port of one-packet load {@code W}) binds on some tiny instances, and there the model still
   * finds the exhaustive optimum: the bound cuts off no schedule within the horizon. The chain
   * bound it tightens is worked out here from its definition.
   */
  @TestFactory
  Stream<DynamicTest> thePortSlackSlotBound_bindsOnSomeInstances_andKeepsTheOptimum() {
    List<Long> binding = new ArrayList<>();
    for (long seed : Seeds.seeds(Seeds.cases(200, 400)).toArray()) {
      Instance inst = tiny(seed);
      CommModel.StoreAndForward m = inst.storeAndForward();
      long beta = m.betaTicks(inst.timeScale());
      long tau = m.tauTicks(inst.timeScale());
      if (beta == 0 || inst.messages().stream().allMatch(x -> x.length() == 0)) {
        continue;
      }
      PacketCp cp = new PacketCp(inst);
      int[] slots = cp.slots();
      int v = 0;
      long tasks = 0;
      for (int i = 0; i < inst.messages().size(); i++) {
        long len = inst.messages().get(i).length();
        if (len == 0) {
          continue;
        }
        long hops = inst.atlas().hops(i);
        long chain =
            Math.max(1, Math.min(len, (cp.horizon - len * tau - (hops - 1) * (beta + tau)) / beta));
        assertThat((long) slots[v])
            .as("slots of " + inst.messages().get(i).id())
            .isBetween(1L, chain);
        if (slots[v] < chain && !binding.contains(seed)) {
          binding.add(seed);
        }
        tasks += slots[v] * hops;
        v++;
      }
      assertThat(cp.tasks()).isEqualTo(tasks);
    }
    assertThat(binding).as("seeds where the port slack binds").isNotEmpty();
    return binding.stream()
        .limit(12)
        .map(
            seed ->
                DynamicTest.dynamicTest(
                    "seed " + seed,
                    () -> {
                      Instance inst = tiny(seed);
                      PacketCp cp = new PacketCp(inst);
                      TaskModel.Solution s = CpSatTaskModel.INSTANCE.solve(cp.model(), ONE_WORKER);
                      assertThat(s.answer().optimal()).as("CP-SAT proves " + inst.name()).isTrue();
                      assertThat(cp.makespan(cp.schedule(s.values(), s.present())))
                          .as(inst.name())
                          .isEqualTo(PacketBruteForce.optimum(inst));
                    }));
  }
}
