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
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveStatus;
import org.commsched.instances.generate.GeneratorSpec;
import org.commsched.instances.generate.Generators;
import org.commsched.instances.generate.LengthDistribution;
import org.commsched.instances.generate.PerfectPackings;
import org.junit.jupiter.api.Test;

/**
 * The time-limit path of the scatter/gather models: with 200 ms on instances too large to prove,
 * every method returns a valid schedule with an honest status (OPTIMAL only with a matching bound)
 * and a bound not above it.
 */
class ExactTimeLimitTest {
  static final SolveLimits TINY = new SolveLimits(Duration.ofMillis(200), 1, 0L);
  static final LengthDistribution LENGTHS = new LengthDistribution.Uniform(1, 6);

  private static void honest(Instance inst, SolveResult r) {
    assertThat(r.status()).as(r.method()).isIn(SolveStatus.FEASIBLE, SolveStatus.OPTIMAL);
    assertValid(r.method(), inst, r);
    assertThat(r.lowerBound().value()).as(r.method()).isLessThanOrEqualTo(r.makespan());
  }

  static final int LOG2 = 12;
  static final int HORIZON = 50;
  static final int HOPS = HORIZON + 3;

  /**
   * A dsa perfect packing ({@link PerfectPackings}: optimum height = load = 2^LOG2,
   * docs/models/bufferless-chatting.md#virtual-schedules-and-dsa) as an offline scatter (or,
   * reversed, gather) with explicit routes under {@code ports: all}: layers 0..HOPS of nodes, the
   * root alone in layer 0; a bus (node x to node x + 1); buffer i with lifespan [from, to) becomes
   * the message of its own last node, of the same length, whose route takes the bus from layer from
   * + 2 to layer to + 2 and its own nodes elsewhere (so the root's arcs are private too). Every
   * route has HOPS hops and two routes share only bus arcs, at the same hop index, so message i
   * holds its hop k during [t_i + k, t_i + k + L_i) (gather: the same, with hops counted from the
   * leaf): a dsa with offset t_i, makespan max (t_i + L_i) + HOPS - 1. The optimum is 2^LOG2 + HOPS
   * - 1: the packing reaches it, and a bus arc carries 2^LOG2 flits, none before its hop index and
   * each followed by the remaining hops.
   */
  static Instance perfectPackingOnABus(boolean gather, int buffers, long seed) {
    Instance dsa = PerfectPackings.of("pp", buffers, LOG2, HORIZON, seed);
    List<Topology.Pair> arcs = new ArrayList<>();
    for (int x = 1; x < HOPS; x++) {
      arcs.add(gather ? new Topology.Pair(x + 1, x) : new Topology.Pair(x, x + 1));
    }
    int next = HOPS + 1;
    List<Message> ms = new ArrayList<>();
    for (Message b : dsa.messages()) {
      List<Integer> route = new ArrayList<>();
      for (int x = 0; x <= HOPS; x++) {
        route.add(x == 0 ? 0 : x >= b.from() + 2 && x <= b.to() + 2 ? x : next++);
      }
      for (int x = 0; x < HOPS; x++) {
        int u = route.get(x);
        int v = route.get(x + 1);
        if (u != x || v != x + 1 || x == 0) {
          arcs.add(gather ? new Topology.Pair(v, u) : new Topology.Pair(u, v));
        }
      }
      int leaf = route.get(HOPS);
      if (gather) {
        List<Integer> back = new ArrayList<>(route);
        java.util.Collections.reverse(back);
        ms.add(new Message(b.id(), leaf, 0, b.length(), back));
      } else {
        ms.add(new Message(b.id(), 0, leaf, b.length(), route));
      }
    }
    CommModel model = new CommModel.Bufferless(CommModel.BufferlessPorts.ALL);
    Network net = Network.of(new Topology.Explicit(next, arcs, false));
    return new Instance(
        "perfect-packing-on-a-bus",
        gather ? new Problem.Gather(0, ms) : new Problem.Scatter(0, ms),
        model,
        net);
  }

  /**
   * The largest bus load, counted here from the routes (bus arcs join consecutive node ids of the
   * bus).
   */
  static long busLoad(Instance inst) {
    long best = 0;
    for (int x = 1; x < HOPS; x++) {
      long load = 0;
      for (Message m : inst.messages()) {
        List<Integer> r = m.route();
        for (int k = 0; k + 1 < r.size(); k++) {
          int lo = Math.min(r.get(k), r.get(k + 1));
          int hi = Math.max(r.get(k), r.get(k + 1));
          if (lo == x && hi == x + 1 && lo != 0) {
            load += m.length();
          }
        }
      }
      best = Math.max(best, load);
    }
    return best;
  }

  /**
   * Both back ends, searching the bare model, on the perfect packing: too hard for 200 ms, so they
   * stop at the limit with FEASIBLE, a valid schedule not below the known optimum and a bound not
   * above it.
   */
  private static void stopsAtTheLimit(Instance inst) {
    assertThat(busLoad(inst)).as("the packing's load").isEqualTo(1L << LOG2);
    long optimum = (1L << LOG2) + HOPS - 1;
    for (SolveResult r :
        new SolveResult[] {
          new CpSatBufferless().solve(inst, TINY, true),
          new ChocoBufferless().solve(inst, TINY, true)
        }) {
      honest(inst, r);
      assertThat(r.status()).as(r.method() + " " + r.stats()).isEqualTo(SolveStatus.FEASIBLE);
      assertThat(r.makespan()).as(r.method()).isGreaterThanOrEqualTo(optimum);
      assertThat(r.lowerBound().value()).as(r.method()).isLessThanOrEqualTo(optimum);
    }
  }

  @Test
  void offlineScatterWithExplicitRoutes_stopsAtTheLimit() {
    stopsAtTheLimit(perfectPackingOnABus(false, 200, 7L));
  }

  @Test
  void offlineGatherWithExplicitRoutes_stopsAtTheLimit() {
    stopsAtTheLimit(perfectPackingOnABus(true, 200, 7L));
  }

  /**
   * The wake-up-constrained (sync) gather on a 400-node tree: too large for its model in 200 ms, so
   * both back ends stop at the limit: the model's own status (syncStatus) is FEASIBLE with its
   * bound not above the makespan, and the offline status and bound stay honest. Its bound on the
   * instance is at most the offline optimum, which on tree routes is the time-reversed FDF closed
   * form (docs/models/bufferless-scatter-gather.md#structural-lemmas L3, #fdf), computed here from
   * the depths and lengths.
   */
  @Test
  void syncGatherOnALargerTree() {
    Instance inst =
        Generators.instance(
            new GeneratorSpec(
                null,
                ProblemKind.GATHER,
                "tree",
                400,
                0,
                LENGTHS,
                new CommModel.Bufferless(CommModel.BufferlessPorts.SINGLE),
                5L,
                false));
    long offline =
        0; // max over messages i of delta(i) + sum of L_j with delta(j) >= delta(i), minus 1
    for (int i = 0; i < inst.messages().size(); i++) {
      if (inst.messages().get(i).length() == 0) {
        continue;
      }
      long sum = 0;
      for (int j = 0; j < inst.messages().size(); j++) {
        if (inst.atlas().hops(j) >= inst.atlas().hops(i)) {
          sum += inst.messages().get(j).length();
        }
      }
      offline = Math.max(offline, inst.atlas().hops(i) + sum - 1);
    }
    for (SolveResult r :
        new SolveResult[] {
          new CpSatSyncGather().solve(inst, TINY, true),
          new ChocoSyncGather().solve(inst, TINY, true)
        }) {
      honest(inst, r);
      assertThat(r.stats().get("syncStatus"))
          .as(r.method() + " " + r.stats())
          .isEqualTo("FEASIBLE");
      assertThat((Long) r.stats().get("syncBound"))
          .as(r.method())
          .isLessThanOrEqualTo(r.makespan());
      assertThat(r.lowerBound().value()).as(r.method()).isLessThanOrEqualTo(offline);
      assertThat(r.makespan()).as(r.method()).isGreaterThanOrEqualTo(offline);
    }
  }
}
