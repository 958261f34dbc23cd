package org.commsched.heuristics.baseline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.commsched.instances.testing.ScheduleAssertions.assertValid;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.testing.Seeds;
import org.commsched.heuristics.common.LineCalendar;
import org.commsched.instances.testing.RandomInstances;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class GreedyBufferlessProperties {
  private final GreedyBufferless greedy = new GreedyBufferless();

  static LongStream seeds() {
    return Seeds.seeds();
  }

  private static Instance draw(long seed, int maxNodes, int maxMessages, int maxLength) {
    SplittableRandom r = new SplittableRandom(seed * 7919 + 11);
    switch (r.nextInt(3)) {
      case 0:
        return RandomInstances.chatting(r, maxNodes, maxMessages, maxLength, true);
      case 1:
        return RandomInstances.scatterGather(
            r, maxNodes, maxLength, true, RandomInstances.bufferless(r), r.nextBoolean());
      default:
        return RandomInstances.scatterGather(
            r, maxNodes, maxLength, false, RandomInstances.bufferless(r), r.nextBoolean());
    }
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void greedy_isValidDeterministicAndAboveItsBound(long seed) {
    Instance inst = draw(seed, 12, 12, 5);
    SolveResult a = greedy.solve(inst, SolveLimits.defaults());
    assertValid(seed, inst, a);
    assertThat(a.lowerBound().value()).isLessThanOrEqualTo(a.makespan());
    SolveResult b = greedy.solve(inst, SolveLimits.defaults());
    assertThat(b.schedule()).isEqualTo(a.schedule());
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void treeShortcut_givesTheFullSweepsDepartures(long seed) {
    SplittableRandom r = new SplittableRandom(seed * 31 + 5);
    boolean single = r.nextBoolean();
    Instance inst =
        RandomInstances.scatterGather(
            r,
            14,
            5,
            r.nextBoolean(),
            new CommModel.Bufferless(
                single ? CommModel.BufferlessPorts.SINGLE : CommModel.BufferlessPorts.ALL),
            false);
    assertThat(GreedyBufferless.treeShortcutApplies(inst)).isTrue();
    assertThat(GreedyBufferless.departuresOnRootResource(inst, single))
        .containsExactly(GreedyBufferless.departuresFull(inst, single));
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void lineCalendar_givesTheFullSweepsDepartures(long seed) {
    SplittableRandom r = new SplittableRandom(seed * 17 + 3);
    boolean ula = r.nextBoolean();
    boolean single = ula && r.nextBoolean();
    int n = 2 + r.nextInt(30);
    List<Message> msgs = new java.util.ArrayList<>();
    for (int i = 0, count = 1 + r.nextInt(40); i < count; i++) {
      int a = r.nextInt(n);
      int b = r.nextInt(n);
      if (a == b || (ula && a > b)) {
        continue;
      }
      msgs.add(new Message("m" + i, a, b, 1 + r.nextInt(6)));
    }
    if (msgs.isEmpty()) {
      msgs.add(new Message("m", 0, n - 1, 2));
    }
    Instance inst =
        new Instance(
            "line",
            new org.commsched.core.model.Problem.Chatting(msgs),
            new CommModel.Bufferless(
                single ? CommModel.BufferlessPorts.SINGLE : CommModel.BufferlessPorts.ALL),
            org.commsched.core.model.Network.of(
                ula
                    ? new org.commsched.core.model.Topology.Ula(n)
                    : new org.commsched.core.model.Topology.Bla(n)));
    assertThat(GreedyBufferless.lineApplies(inst, single)).isTrue();
    assertThat(GreedyBufferless.departuresOnLine(inst))
        .containsExactly(GreedyBufferless.departuresFull(inst, single));
    int coords = LineCalendar.coordinates(inst.network());
    assertThat(BaselineBounds.lineLoad(inst, coords, false).value())
        .isEqualTo(BaselineBounds.routeLoad(inst, false, false).value());
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void bound_neverExceedsBruteForceOptimum_andScatterGatherAreOptimal(long seed) {
    Instance inst = draw(seed + 100_000, 6, 4, 3);
    SolveResult g = greedy.solve(inst, SolveLimits.defaults());
    long opt = BruteForce.optimum(inst, g.makespan());
    assertThat(g.lowerBound().value()).as("bound %s", g.lowerBound()).isLessThanOrEqualTo(opt);
    assertThat(opt).isLessThanOrEqualTo(g.makespan());
    if (inst.kind() != ProblemKind.CHATTING && GreedyBufferless.treeShortcutApplies(inst)) {
      assertThat(g.makespan()).as("FDF/NRF optimal on default routes").isEqualTo(opt);
    }
  }

  /** Exhaustive search of departures for tiny bufferless instances. */
  static final class BruteForce {
    private final Instance inst;
    private final boolean single;
    private final List<Message> msgs;
    private final int[][] routes;
    private long best;

    private BruteForce(Instance inst, long upper) {
      this.inst = inst;
      this.single =
          ((CommModel.Bufferless) inst.model()).ports() == CommModel.BufferlessPorts.SINGLE;
      this.msgs = inst.messages().stream().filter(m -> m.length() > 0).toList();
      this.routes = new int[msgs.size()][];
      for (int i = 0; i < msgs.size(); i++) {
        routes[i] = inst.atlas().nodes(inst.indexOf(msgs.get(i).id()));
      }
      this.best = upper;
    }

    static long optimum(Instance inst, long upper) {
      BruteForce b = new BruteForce(inst, upper);
      b.search(0, new HashSet<>(), 0);
      return b.best;
    }

    private void search(int i, Set<Long> used, long span) {
      if (span >= best) {
        return;
      }
      if (i == msgs.size()) {
        best = span;
        return;
      }
      long l = msgs.get(i).length();
      int[] p = routes[i];
      int n = inst.network().nodes();
      for (long t = 0; t + l + p.length - 2 < best; t++) {
        Set<Long> mine = new HashSet<>();
        boolean ok = true;
        for (long h = 0; h < l && ok; h++) {
          for (int k = 0; k + 1 < p.length && ok; k++) {
            long step = t + h + k;
            long[] keys =
                single
                    ? new long[] {
                      step * 2 * n + p[k], step * 2 * n + n + p[k + 1]
                    } // send port, receive port
                    : new long[] {step * n * (long) n + p[k] * (long) n + p[k + 1]}; // arc
            for (long key : keys) {
              if (used.contains(key) || !mine.add(key)) {
                ok = false;
              }
            }
          }
        }
        if (ok) {
          used.addAll(mine);
          search(i + 1, used, Math.max(span, t + l + p.length - 2));
          used.removeAll(mine);
        }
      }
    }
  }
}
