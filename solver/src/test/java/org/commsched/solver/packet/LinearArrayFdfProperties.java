package org.commsched.solver.packet;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
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
import org.commsched.core.testing.Seeds;
import org.commsched.heuristics.packet.Packetization;
import org.commsched.heuristics.packet.StoreForwardEngine;
import org.commsched.solver.MethodRegistry;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Theorem 2 with Lemma 13 on linear arrays (docs/models/packet.md#planned-methods, "FDF on a linear
 * array"; J.-P. Tsai, "On the Furthest-Distance-First Principle in Scattering and Gathering", §2.2
 * and §5): on a path rooted at an end some optimal schedule sends farthest first with even-size
 * packets, so only the counts remain. Property over seeded paths of 2 to 5 nodes (scatter and
 * gather, single port and all ports, set-up times 0 to 3): the proven optimum of {@code cpsat}
 * (and, up to six units, of the exhaustive search) equals the best FCFS-greedy FDF schedule of
 * {@code ρ⟨L_v, r_v⟩} over every count vector (for a gather its time reversal, nearest first).
 */
class LinearArrayFdfProperties {
  private static final String[] BETAS = {"0", "0.5", "1", "1.5", "2", "3"};
  private static final SolveLimits LIMITS = new SolveLimits(Duration.ofSeconds(30), 1, 3L);

  static Instance path(long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    int n = 2 + r.nextInt(4);
    List<Integer> parents = new ArrayList<>();
    for (int v = 0; v < n; v++) {
      parents.add(v - 1);
    }
    boolean scatter = r.nextBoolean();
    CommModel model =
        new CommModel.StoreAndForward(
            new BigDecimal(BETAS[r.nextInt(BETAS.length)]),
            BigDecimal.ONE,
            r.nextBoolean() ? CommModel.Ports.ONE : CommModel.Ports.ALL,
            CommModel.Duplex.FULL,
            CommModel.OnePortRule.SEND_AND_RECEIVE);
    long budget = 3 + r.nextInt(5);
    List<Message> ms = new ArrayList<>();
    for (int v = 1; v < n; v++) {
      long len = Math.min(budget, r.nextInt(5));
      budget -= len;
      ms.add(scatter ? new Message("m" + v, 0, v, len) : new Message("m" + v, v, 0, len));
    }
    Problem p = scatter ? new Problem.Scatter(0, ms) : new Problem.Gather(0, ms);
    return new Instance(
        (scatter ? "scatter" : "gather") + seed, p, model, Network.of(new Topology.Tree(parents)));
  }

  /**
   * The best FDF (NRF for a gather) FCFS-greedy schedule with even sizes over every count vector.
   */
  static long bestFdfEven(Instance inst) {
    List<Integer> far = new ArrayList<>();
    for (int i = 0; i < inst.messages().size(); i++) {
      if (inst.messages().get(i).length() > 0) {
        far.add(i);
      }
    }
    far.sort((a, b) -> Integer.compare(inst.atlas().hops(b), inst.atlas().hops(a)));
    return best(inst, far, new int[far.size()], 0);
  }

  private static long best(Instance inst, List<Integer> far, int[] counts, int k) {
    if (k == far.size()) {
      List<StoreForwardEngine.Packet> order = new ArrayList<>();
      for (int a = 0; a < far.size(); a++) {
        long[] sizes = Packetization.evenSizes(inst.messages().get(far.get(a)).length(), counts[a]);
        for (int j = 0; j < sizes.length; j++) {
          order.add(new StoreForwardEngine.Packet(far.get(a), j, sizes[j]));
        }
      }
      if (inst.kind() == ProblemKind.SCATTER) {
        return StoreForwardEngine.scatter(inst, order).makespan();
      }
      Collections.reverse(order); // the root receives nearest first
      return StoreForwardEngine.gatherReversed(inst, order).makespan();
    }
    long out = Long.MAX_VALUE;
    for (int r = 1; r <= inst.messages().get(far.get(k)).length(); r++) {
      counts[k] = r;
      out = Math.min(out, best(inst, far, counts, k + 1));
    }
    return out;
  }

  @TestFactory
  Stream<DynamicTest> exactOptimum_isTheBestFdfEvenSchedule() {
    MethodRegistry registry = MethodRegistry.standard();
    return Seeds.seeds(Seeds.cases(8, 12))
        .mapToObj(
            seed ->
                DynamicTest.dynamicTest(
                    "seed " + seed,
                    () -> {
                      Instance inst = path(seed);
                      long fdfEven = bestFdfEven(inst);
                      SolveResult r = registry.byName("cpsat").solve(inst, LIMITS);
                      assertThat(r.status())
                          .as("cpsat on " + inst.name())
                          .isEqualTo(SolveStatus.OPTIMAL);
                      assertThat(r.makespan())
                          .as("cpsat optimum vs best FDF even-size on " + inst.name())
                          .isEqualTo(fdfEven);
                      long units = inst.messages().stream().mapToLong(Message::length).sum();
                      if (units <= 6) {
                        assertThat(PacketBruteForce.optimum(inst))
                            .as("exhaustive on " + inst.name())
                            .isEqualTo(fdfEven);
                      }
                    }));
  }
}
