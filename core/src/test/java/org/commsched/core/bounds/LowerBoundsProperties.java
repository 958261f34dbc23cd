package org.commsched.core.bounds;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.testing.Seeds;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every bound is at most the makespan of some valid schedule: greedy schedules built straight from
 * the model definitions (GreedySchedules), and exhaustive optima on tiny bufferless instances.
 */
class LowerBoundsProperties {
  private static final int CASES = Seeds.cases();

  private static Instance draw(
      ProblemKind kind, boolean bufferless, int maxLength, SplittableRandom rnd) {
    for (int attempt = 0; ; attempt++) {
      String family = RandomInstances.FAMILIES[rnd.nextInt(RandomInstances.FAMILIES.length)];
      CommModel model =
          bufferless ? RandomInstances.bufferless(rnd) : RandomInstances.storeAndForward(rnd);
      Instance inst = RandomInstances.of(kind, family, model, maxLength, rnd);
      if (inst != null) {
        return inst;
      }
    }
  }

  private static void assertAllAtMost(
      Instance inst, List<LowerBound> bounds, long makespan, String what) {
    for (LowerBound b : bounds) {
      assertThat(b.value())
          .as(
              "%s %s <= %s %d on %s %s %s\nwitness: %s",
              b.kind(),
              b.value(),
              what,
              makespan,
              inst.kind(),
              inst.network().topology(),
              inst.model(),
              b.witness())
          .isLessThanOrEqualTo(makespan);
    }
  }

  private static void assertWellFormed(Instance inst, List<LowerBound> bounds) {
    for (int i = 0; i < bounds.size(); i++) {
      assertThat(bounds.get(i).witness()).isNotBlank();
      assertThat(bounds.get(i).value()).isPositive();
      if (i > 0) {
        assertThat(bounds.get(i).value()).isLessThanOrEqualTo(bounds.get(i - 1).value());
      }
    }
    LowerBound best = LowerBounds.best(inst);
    assertThat(best.value()).isEqualTo(bounds.isEmpty() ? 0 : bounds.get(0).value());
  }

  @TestFactory
  Stream<DynamicTest> bufferless_boundsAtMostGreedyAndOptimum() {
    ProblemKind[] kinds = {ProblemKind.CHATTING, ProblemKind.SCATTER, ProblemKind.GATHER};
    return Seeds.seeds(CASES)
        .mapToObj(
            seed ->
                DynamicTest.dynamicTest(
                    "seed " + seed,
                    () -> {
                      SplittableRandom rnd = new SplittableRandom(1000L + seed);
                      Instance inst = draw(kinds[(int) (seed % 3)], true, 4, rnd);
                      List<LowerBound> bounds = LowerBounds.all(inst);
                      assertWellFormed(inst, bounds);
                      long greedy = Long.MAX_VALUE;
                      for (int r = 0; r < 4; r++) {
                        greedy = Math.min(greedy, GreedySchedules.bufferless(inst, rnd));
                      }
                      assertAllAtMost(inst, bounds, greedy, "greedy");
                      // streaming statistics only (no threshold subsets): still valid and never
                      // stronger
                      List<LowerBound> plain =
                          LowerBounds.all(inst, new BufferlessBounds.Limits(0, Long.MAX_VALUE));
                      assertAllAtMost(inst, plain, greedy, "greedy");
                      assertThat(plain.isEmpty() ? 0 : plain.get(0).value())
                          .isLessThanOrEqualTo(bounds.isEmpty() ? 0 : bounds.get(0).value());
                      long work = 0;
                      int active = 0;
                      for (Message m : inst.messages()) {
                        if (m.length() > 0) {
                          work += m.length();
                          active++;
                        }
                      }
                      if (active <= 4 && work <= 10) {
                        long opt = GreedySchedules.bufferlessOptimum(inst, greedy + 1);
                        assertAllAtMost(inst, bounds, opt, "optimum");
                        for (LowerBound b : LowerBounds.protocolBounds(inst)) {
                          assertThat(b.value()).isPositive();
                        }
                      }
                    }));
  }

  @TestFactory
  Stream<DynamicTest> storeAndForward_boundsAtMostGreedyPackets() {
    ProblemKind[] kinds = {ProblemKind.SCATTER, ProblemKind.GATHER};
    return Seeds.seeds(CASES)
        .mapToObj(
            seed ->
                DynamicTest.dynamicTest(
                    "seed " + seed,
                    () -> {
                      SplittableRandom rnd = new SplittableRandom(5000L + seed);
                      Instance inst = draw(kinds[(int) (seed % 2)], false, 7, rnd);
                      List<LowerBound> bounds = LowerBounds.all(inst);
                      assertWellFormed(inst, bounds);
                      long greedy = Long.MAX_VALUE;
                      for (int r = 0; r < 6; r++) {
                        greedy = Math.min(greedy, GreedySchedules.packets(inst, rnd));
                      }
                      assertAllAtMost(inst, bounds, greedy, "greedy packets");
                    }));
  }

  @TestFactory
  Stream<DynamicTest> linearCost_boundsAtMostGreedyPipelines() {
    ProblemKind[] kinds = {ProblemKind.SEND, ProblemKind.BROADCAST, ProblemKind.GOSSIP};
    return Seeds.seeds(CASES)
        .mapToObj(
            seed ->
                DynamicTest.dynamicTest(
                    "seed " + seed,
                    () -> {
                      SplittableRandom rnd = new SplittableRandom(9000L + seed);
                      Instance inst = draw(kinds[(int) (seed % 3)], false, 9, rnd);
                      List<LowerBound> bounds = LowerBounds.all(inst);
                      assertWellFormed(inst, bounds);
                      long n =
                          inst.kind() == ProblemKind.SEND
                              ? inst.messages().get(0).length()
                              : inst.origins().get(0).length();
                      long greedy = Long.MAX_VALUE;
                      for (long k = 1; k <= n; k++) {
                        long g =
                            inst.kind() == ProblemKind.SEND
                                ? GreedySchedules.send(inst, k)
                                : GreedySchedules.spread(inst, k);
                        if (g >= 0) {
                          greedy = Math.min(greedy, g);
                        }
                      }
                      if (greedy == Long.MAX_VALUE) {
                        return; // some node unreachable: no schedule exists
                      }
                      assertAllAtMost(inst, bounds, greedy, "greedy pipeline");
                      // on a network with unique paths the path optimum is attained by the best
                      // pipeline (Peters Thm 2.3.1/2.4.1)
                      boolean path =
                          inst.kind() == ProblemKind.SEND
                              && NetworkFacts.uniquePaths(inst.network())
                              && ((Problem.Send) inst.problem()).route() == null;
                      if (path) {
                        assertThat(bounds).extracting(LowerBound::kind).contains("PATH");
                        assertThat(bounds.get(0).value())
                            .as("send on a unique path is tight: %s", bounds)
                            .isEqualTo(greedy);
                      }
                    }));
  }

  @TestFactory
  Stream<DynamicTest> virtual_boundsAtMostFirstFitSlots() {
    return Seeds.seeds(CASES)
        .mapToObj(
            seed ->
                DynamicTest.dynamicTest(
                    "seed " + seed,
                    () -> {
                      SplittableRandom rnd = new SplittableRandom(13000L + seed);
                      Instance inst;
                      if (seed % 2 == 0) {
                        int n = rnd.nextInt(3, 12);
                        List<Message> ms = new ArrayList<>();
                        for (int i = rnd.nextInt(1, 9); i > 0; i--) {
                          int lo = rnd.nextInt(n - 1);
                          int hi = rnd.nextInt(lo + 1, n);
                          ms.add(new Message("b" + ms.size(), lo, hi, rnd.nextInt(1, 6)));
                        }
                        inst =
                            new Instance(
                                "dsa",
                                new Problem.Dsa(ms),
                                new CommModel.Bufferless(CommModel.BufferlessPorts.ALL),
                                Network.of(new Topology.Ula(n)));
                      } else {
                        inst = draw(ProblemKind.CHATTING, true, 5, rnd);
                      }
                      List<LowerBound> bounds = LowerBounds.virtual(inst);
                      assertThat(bounds).isNotEmpty();
                      long slots = firstFitSlots(inst, rnd);
                      assertAllAtMost(inst, bounds, slots, "first-fit slots");
                      if (inst.kind() == ProblemKind.DSA) {
                        assertThat(LowerBounds.all(inst)).isEqualTo(bounds);
                      }
                    }));
  }

  /** The linear sweep gives the same per-arc statistics as walking every route. */
  @TestFactory
  Stream<DynamicTest> linearSweep_matchesRouteWalk() {
    return Seeds.seeds(CASES)
        .mapToObj(
            seed ->
                DynamicTest.dynamicTest(
                    "seed " + seed,
                    () -> {
                      SplittableRandom rnd = new SplittableRandom(17000L + seed);
                      int n = rnd.nextInt(2, 30);
                      boolean bla = rnd.nextBoolean();
                      List<Message> ms = new ArrayList<>();
                      for (int i = rnd.nextInt(1, 25); i > 0; i--) {
                        int u = rnd.nextInt(n);
                        int v = rnd.nextInt(n);
                        if (u == v || (!bla && u > v)) {
                          continue;
                        }
                        ms.add(new Message("m" + ms.size(), u, v, rnd.nextInt(1, 9)));
                      }
                      if (ms.isEmpty()) {
                        return;
                      }
                      Instance inst =
                          new Instance(
                              "lin",
                              new Problem.Chatting(ms),
                              new CommModel.Bufferless(CommModel.BufferlessPorts.ALL),
                              Network.of(bla ? new Topology.Bla(n) : new Topology.Ula(n)));
                      ResourceTable walk = ArcLoads.byMessage(inst, false, false, -1, -1)[0];
                      ResourceTable sweep = ArcLoads.streaming(inst, ArcLoads.lengths(inst));
                      for (int a = 0; a < inst.network().arcs(); a++) {
                        assertThat(sweep.count(a)).as("count arc %d", a).isEqualTo(walk.count(a));
                        assertThat(sweep.sum(a)).as("sum arc %d", a).isEqualTo(walk.sum(a));
                        if (walk.count(a) > 0) {
                          assertThat(sweep.minHead(a))
                              .as("head arc %d", a)
                              .isEqualTo(walk.minHead(a));
                          assertThat(sweep.minTail(a))
                              .as("tail arc %d", a)
                              .isEqualTo(walk.minTail(a));
                        }
                      }
                      List<LowerBound> fast =
                          LowerBounds.all(inst, new BufferlessBounds.Limits(0, 0));
                      long greedy = GreedySchedules.bufferless(inst, rnd);
                      assertAllAtMost(inst, fast, greedy, "greedy");
                    }));
  }

  /** Virtual first fit: each message takes the smallest slot free on all its arcs. */
  private static long firstFitSlots(Instance inst, SplittableRandom rnd) {
    Map<Integer, List<long[]>> byArc = new HashMap<>();
    List<Integer> order = new ArrayList<>();
    for (int i = 0; i < inst.messages().size(); i++) {
      order.add(i);
    }
    for (int i = order.size() - 1; i > 0; i--) {
      int j = rnd.nextInt(i + 1);
      Integer t = order.get(i);
      order.set(i, order.get(j));
      order.set(j, t);
    }
    long makespan = 0;
    for (int i : order) {
      long l = inst.messages().get(i).length();
      int[] arcs = inst.atlas().arcs(i);
      long s = 0;
      boolean moved = true;
      while (moved) {
        moved = false;
        for (int a : arcs) {
          for (long[] iv : byArc.getOrDefault(a, List.of())) {
            if (s < iv[1] && iv[0] < s + l) {
              s = iv[1];
              moved = true;
            }
          }
        }
      }
      for (int a : arcs) {
        byArc.computeIfAbsent(a, x -> new ArrayList<>()).add(new long[] {s, s + l});
      }
      makespan = Math.max(makespan, s + l);
    }
    return makespan;
  }
}
