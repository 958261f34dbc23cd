package org.commsched.solver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.commsched.instances.testing.ScheduleAssertions.assertValid;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveStatus;
import org.commsched.instances.generate.GeneratorSpec;
import org.commsched.instances.generate.Generators;
import org.commsched.instances.generate.LengthDistribution;
import org.commsched.instances.generate.PerfectPackings;
import org.commsched.solver.lns.LnsChatting;
import org.junit.jupiter.api.Test;

/**
 * Applicability, registration and the time-limit path of the exact offline methods (cpsat, choco).
 */
class ExactChattingTest {
  private static final List<Method> EXACT = List.of(new CpSatBufferless(), new ChocoBufferless());

  private static Instance chatting(
      String family, int size, int messages, CommModel model, long seed) {
    return Generators.instance(
        new GeneratorSpec(
            null,
            ProblemKind.CHATTING,
            family,
            size,
            messages,
            new LengthDistribution.Uniform(1, 6),
            model,
            seed,
            false));
  }

  @Test
  void applyToBufferlessChattingScatterAndGather_withAnyPorts() {
    Instance all =
        chatting("ula", 6, 4, new CommModel.Bufferless(CommModel.BufferlessPorts.ALL), 1);
    Instance single =
        chatting("ula", 6, 4, new CommModel.Bufferless(CommModel.BufferlessPorts.SINGLE), 1);
    Instance scatter =
        Generators.instance(
            GeneratorSpec.of(
                ProblemKind.SCATTER, "star", 5, new LengthDistribution.Uniform(1, 3), 3));
    Instance dsa =
        Generators.instance(
            GeneratorSpec.of(ProblemKind.DSA, "ula", 6, new LengthDistribution.Uniform(1, 3), 3));
    Instance saf =
        Generators.instance(
            new GeneratorSpec(
                null,
                ProblemKind.SCATTER,
                "star",
                5,
                0,
                new LengthDistribution.Uniform(1, 3),
                new CommModel.StoreAndForward(
                    java.math.BigDecimal.ONE,
                    java.math.BigDecimal.ONE,
                    CommModel.Ports.ONE,
                    CommModel.Duplex.FULL,
                    null),
                3,
                false));
    for (Method m : EXACT) {
      assertThat(m.exact()).isTrue();
      assertThat(m.problems())
          .containsExactlyInAnyOrder(ProblemKind.CHATTING, ProblemKind.SCATTER, ProblemKind.GATHER);
      assertThat(m.whyNot(all)).isNull();
      assertThat(m.whyNot(single)).isNull();
      assertThat(m.whyNot(scatter)).isNull();
      assertThat(m.whyNot(dsa)).contains("first-fit");
      assertThat(m.whyNot(saf)).contains("greedy-saf");
    }
  }

  @Test
  void registeredAfterTheHeuristics_offlineBeforeSync_andTheDefaultProvesSmallInstancesOptimal() {
    MethodRegistry reg = MethodRegistry.standard();
    List<String> names = reg.all().stream().map(Method::name).toList();
    assertThat(names.subList(names.size() - 13, names.size()))
        .containsExactly(
            "cpsat",
            "choco",
            "cpsat-steps",
            "tree-broadcast",
            "cpsat-virtual",
            "choco-virtual",
            "cpsat-sync",
            "choco-sync",
            "dsa-search",
            "time-indexed",
            "time-indexed-virtual",
            "time-indexed-packet",
            "time-indexed-linear-cost");
    for (Method m : reg.all().subList(0, names.size() - 13)) {
      assertThat(m.exact()).as(m.name()).isFalse();
    }
    // what commsched solve runs without --method: the portfolio, whose search (lns, or the first
    // exact method)
    // proves the optimum of a small chatting or gather instance
    Instance small =
        chatting("bla", 5, 4, new CommModel.Bufferless(CommModel.BufferlessPorts.ALL), 2);
    Instance gather =
        Generators.instance(
            GeneratorSpec.of(
                ProblemKind.GATHER, "tree", 6, new LengthDistribution.Uniform(1, 3), 4));
    for (Instance inst : List.of(small, gather)) {
      Method byDefault = Portfolio.choose(reg, inst);
      assertThat(byDefault.name()).isEqualTo(Portfolio.NAME);
      SolveRunner.Outcome o = SolveRunner.run(byDefault, inst, SolveLimits.defaults());
      assertThat(o.valid()).isTrue();
      assertThat(o.result().status())
          .as(inst.name() + " " + o.result().stats())
          .isEqualTo(SolveStatus.OPTIMAL);
    }
  }

  /**
   * A dsa perfect packing ({@link PerfectPackings}: optimum height = load = 2^LOG2_CAPACITY,
   * docs/models/bufferless-chatting.md#virtual-schedules-and-dsa) as real chatting under {@code
   * ports: all}. Layers 0..h of nodes; a bus of h arcs (bus node x to bus node x + 1); buffer i
   * with lifespan [from, to) becomes a message of the same length whose route has one node per
   * layer and takes the bus arcs of layers from + 1 .. to (shifted by one so that no route starts
   * on the bus), private arcs (its own nodes) elsewhere. Every route starts at level 0 and has h
   * hops, so message i holds hop k during steps [t_i + k, t_i + k + L_i): two messages meet iff
   * their bus intervals overlap and [t_i, t_i + L_i) overlap, which is the dsa with offset t_i
   * (docs/models/ bufferless-chatting.md#transformations), and the makespan is max (t_i + L_i) + h
   * - 1. So the optimum is the packing's height + h - 1: reached by the packing, and no lower
   * because a bus arc carries load-many flits, none before step (its hop index) and each followed
   * by the remaining hops.
   */
  static Instance perfectPackingOnABus(int buffers, int log2Capacity, int horizon, long seed) {
    Instance dsa = PerfectPackings.of("pp", buffers, log2Capacity, horizon, seed);
    int h = horizon + 2;
    List<Topology.Pair> arcs = new ArrayList<>();
    for (int x = 0; x < h; x++) {
      arcs.add(new Topology.Pair(x, x + 1));
    }
    int next = h + 1;
    List<Message> ms = new ArrayList<>();
    for (Message b : dsa.messages()) {
      List<Integer> route = new ArrayList<>();
      for (int x = 0; x <= h; x++) {
        route.add(x >= b.from() + 1 && x <= b.to() + 1 ? x : next++);
      }
      for (int x = 0; x < h; x++) {
        if (route.get(x) != x || route.get(x + 1) != x + 1) {
          arcs.add(new Topology.Pair(route.get(x), route.get(x + 1)));
        }
      }
      ms.add(new Message(b.id(), route.get(0), route.get(h), b.length(), route));
    }
    return new Instance(
        "perfect-packing-on-a-bus",
        new Problem.Chatting(ms),
        new CommModel.Bufferless(CommModel.BufferlessPorts.ALL),
        Network.of(new Topology.Explicit(next, arcs, false)));
  }

  /**
   * The time-limit path: the perfect packing above (200 messages, optimum 2^12 + 51) is far too
   * hard to settle in 200 ms, so both back ends stop at the limit with FEASIBLE, a valid schedule
   * not below the optimum and a bound not above it. (How soon they return is not asserted: a loaded
   * machine would fail that for the wrong reason.)
   */
  @Test
  void tinyTimeLimitOnALargerInstanceStillGivesAValidSchedule() {
    int log2 = 12;
    int horizon = 50;
    Instance big = perfectPackingOnABus(200, log2, horizon, 7L);
    long hops = horizon + 2;
    long busLoad = 0;
    for (int x = 0; x < hops; x++) {
      long load = 0;
      for (Message m : big.messages()) {
        if (m.route().get(x) == x && m.route().get(x + 1) == x + 1) {
          load += m.length();
        }
      }
      busLoad = Math.max(busLoad, load);
    }
    assertThat(busLoad).as("the packing's load").isEqualTo(1L << log2);
    long optimum = busLoad + hops - 1;
    SolveLimits tiny = new SolveLimits(Duration.ofMillis(200), 1, 0L);
    for (Method m : EXACT) {
      SolveResult r = m.solve(big, tiny);
      assertValid(m.name(), big, r);
      assertThat(r.status()).as(m.name() + " " + r.stats()).isEqualTo(SolveStatus.FEASIBLE);
      assertThat(r.makespan()).as(m.name()).isGreaterThanOrEqualTo(optimum);
      assertThat(r.lowerBound().value()).as(m.name()).isLessThanOrEqualTo(optimum);
    }
  }

  /**
   * On an instance greedy does not settle, both back ends start from the best heuristic: the start
   * methods run in registry order (stats in that order), the hint is the best of them, and the
   * answer is no worse than it.
   */
  @Test
  void hintIsTheBestHeuristic_andTheStartStatsComeInRunOrder() {
    Instance inst =
        Generators.instance(
            new GeneratorSpec(
                null,
                ProblemKind.CHATTING,
                "ula",
                30,
                90,
                new LengthDistribution.Uniform(1, 8),
                new CommModel.Bufferless(CommModel.BufferlessPorts.ALL),
                1,
                false));
    long greedy =
        new org.commsched.heuristics.baseline.GreedyBufferless()
            .solve(inst, org.commsched.core.solve.SolveLimits.defaults())
            .makespan();
    List<String> order = new java.util.ArrayList<>();
    for (Method m : LnsChatting.startMethods()) {
      if (m.whyNot(inst) == null && !m.name().equals("greedy")) {
        order.add("start." + m.name());
      }
    }
    for (Method m : EXACT) {
      org.commsched.core.solve.SolveResult r =
          m.solve(
              inst,
              new org.commsched.core.solve.SolveLimits(java.time.Duration.ofSeconds(3), 1, 1));
      assertThat(org.commsched.core.check.ScheduleChecker.checkResult(inst, r).valid()).isTrue();
      List<String> keys = r.stats().keySet().stream().filter(k -> k.startsWith("start.")).toList();
      assertThat(greedy)
          .as("greedy must miss the bound here, or no start runs")
          .isGreaterThan(org.commsched.core.bounds.LowerBounds.best(inst).value());
      // methods with slots only (first-fit) give no start; the others appear in run order
      assertThat(keys)
          .as(m.name() + " " + r.stats())
          .contains("start.kierstead", "start.priority-greedy")
          .containsExactlyElementsOf(order.stream().filter(keys::contains).toList());
      assertThat(order.indexOf("start.kierstead"))
          .isLessThan(order.indexOf("start.priority-greedy"));
      String hint = (String) r.stats().get("hint");
      long best = greedy;
      for (String k : keys) {
        Object v = r.stats().get(k);
        if (v instanceof Number) {
          best = Math.min(best, ((Number) v).longValue());
        }
      }
      long hinted =
          hint.equals("greedy") ? greedy : ((Number) r.stats().get("start." + hint)).longValue();
      assertThat(hinted).as(m.name() + " " + r.stats()).isEqualTo(best);
      assertThat(r.makespan()).isLessThanOrEqualTo(best);
    }
  }
}
