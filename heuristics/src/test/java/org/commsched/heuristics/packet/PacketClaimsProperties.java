package org.commsched.heuristics.packet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.commsched.instances.testing.ScheduleAssertions.assertValid;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Schedule;
import org.commsched.core.model.Topology;
import org.commsched.core.testing.Seeds;
import org.commsched.instances.testing.RandomInstances;
import org.junit.jupiter.api.Test;

/**
 * Property claims PB1, PB2, PB6, PB8, PB9, PB11, PB17, PB20 and PB26 of the packet family (the
 * audit in docs/TESTS.md, the model in docs/models/packet.md#queueing-delays-and-buffers and
 * #planned-methods) over seeded instances, under the thesis's model (one port, send-and-receive,
 * full duplex, tau = 1), with the FCFS-greedy engine as the simulator. Source: J.-P. Tsai, "On the
 * Furthest-Distance-First Principle in Scattering and Gathering" (thesis, National Taiwan
 * University).
 */
class PacketClaimsProperties {
  private static final String[] BETAS = {"0", "0.5", "1", "1.5", "2", "3"};

  private static CommModel.StoreAndForward thesis(String beta) {
    return new CommModel.StoreAndForward(
        new BigDecimal(beta),
        BigDecimal.ONE,
        CommModel.Ports.ONE,
        CommModel.Duplex.FULL,
        CommModel.OnePortRule.SEND_AND_RECEIVE);
  }

  private static String beta(SplittableRandom r) {
    return BETAS[r.nextInt(BETAS.length)];
  }

  /** A scatter on a random tree (n <= 9, random root), lengths 0..maxLength. */
  private static Instance tree(SplittableRandom r, String beta, int maxLength) {
    return RandomInstances.treeScatter(r, 9, maxLength, thesis(beta), "tree");
  }

  /** Random packets (sizes 1..remaining) of every non-null message, in random order. */
  private static List<StoreForwardEngine.Packet> packets(SplittableRandom r, Instance inst) {
    List<StoreForwardEngine.Packet> out = new ArrayList<>();
    for (int i = 0; i < inst.messages().size(); i++) {
      long left = inst.messages().get(i).length();
      for (int k = 0; left > 0; k++) {
        long s = 1 + r.nextInt((int) left);
        out.add(new StoreForwardEngine.Packet(i, k, s));
        left -= s;
      }
    }
    Collections.shuffle(out, new java.util.Random(r.nextLong()));
    return out;
  }

  private static long makespan(Instance inst, List<StoreForwardEngine.Packet> order) {
    return StoreForwardEngine.scatter(inst, order).makespan();
  }

  /**
   * PB1: the root's i-th packet ends its first hop at the sum of beta + |S_j| over j <= i (F1);
   * every non-root node forwards its transit packets in the root's order.
   */
  @Test
  void pb1_rootDeparturesAreF1_andEveryNodeKeepsTheRootOrder() {
    for (long seed : Seeds.seeds().toArray()) {
      SplittableRandom r = new SplittableRandom(seed);
      Instance inst = tree(r, beta(r), 6);
      StoreForwardEngine.Run run = StoreForwardEngine.scatter(inst, packets(r, inst));
      long sum = 0;
      long[] lastStart = new long[inst.network().nodes()];
      java.util.Arrays.fill(lastStart, -1);
      for (int p = 0; p < run.packets().size(); p++) {
        sum += run.duration(p);
        assertThat(run.start(p, 0) + run.duration(p))
            .as("seed %d, packet %d", seed, p)
            .isEqualTo(sum);
        for (int j = 1; j < run.hops(p); j++) {
          int u = run.node(p, j);
          assertThat(run.start(p, j))
              .as("seed %d: node %d forwards in root order", seed, u)
              .isGreaterThan(lastStart[u]);
          lastStart[u] = run.start(p, j);
        }
      }
    }
  }

  /**
   * True if v is a proper ancestor of w on the scatter's routes (w's route passes v before its
   * end).
   */
  private static boolean properAncestor(Instance inst, int message, int other) {
    int v = inst.messages().get(message).to();
    int[] route = inst.atlas().nodes(other);
    for (int k = 0; k < route.length - 1; k++) {
      if (route[k] == v) {
        return true;
      }
    }
    return false;
  }

  /**
   * PB2 (Lemma 1): swapping adjacent packets S_i, S_{i+1} of the root order where S_i's destination
   * is a proper ancestor of S_{i+1}'s never increases the makespan, on trees.
   */
  @Test
  void pb2_swappingTowardFdfOnOneBranchNeverHurts() {
    int swaps = 0;
    for (long seed : Seeds.seeds().toArray()) {
      SplittableRandom r = new SplittableRandom(seed);
      Instance inst = tree(r, beta(r), 5);
      List<StoreForwardEngine.Packet> order = packets(r, inst);
      long before = makespan(inst, order);
      for (int i = 0; i + 1 < order.size(); i++) {
        if (properAncestor(inst, order.get(i).message(), order.get(i + 1).message())) {
          List<StoreForwardEngine.Packet> swapped = new ArrayList<>(order);
          Collections.swap(swapped, i, i + 1);
          assertThat(makespan(inst, swapped))
              .as("seed %d, swap at %d", seed, i)
              .isLessThanOrEqualTo(before);
          swaps++;
        }
      }
    }
    assertThat(swaps).isPositive();
  }

  /**
   * PB6 (Corollaries 4(a) and 5, strict delays): at every non-root node, in a delay sequence led by
   * a leader T_1 (a packet dispatched the moment it arrived) whose followers each leave right after
   * the previous one with a positive delay, follower T_j is delayed at most |T_1| - |T_j| (tau = 1)
   * and is strictly smaller than T_1.
   */
  @Test
  void pb6_delaySequencesAfterALeader() {
    int followers = 0;
    for (long seed : Seeds.seeds().toArray()) {
      SplittableRandom r = new SplittableRandom(seed);
      Instance inst = tree(r, beta(r), 6);
      StoreForwardEngine.Run run = StoreForwardEngine.scatter(inst, packets(r, inst));
      long unit = ((CommModel.StoreAndForward) inst.model()).tauTicks(inst.timeScale());
      // out-hops of each non-root node, in dispatch order (the root order under FCFS)
      List<List<int[]>> out = new ArrayList<>();
      for (int v = 0; v < inst.network().nodes(); v++) {
        out.add(new ArrayList<>());
      }
      for (int p = 0; p < run.packets().size(); p++) {
        for (int j = 1; j < run.hops(p); j++) {
          out.get(run.node(p, j)).add(new int[] {p, j});
        }
      }
      for (List<int[]> hops : out) {
        int leader = -1;
        long prevEnd = Long.MIN_VALUE;
        for (int[] h : hops) {
          int p = h[0];
          long start = run.start(p, h[1]);
          long delay = start - (run.start(p, h[1] - 1) + run.duration(p));
          if (delay == 0) {
            leader = p;
          } else if (delay > 0 && start == prevEnd && leader >= 0) {
            long lead = run.packets().get(leader).size();
            long size = run.packets().get(p).size();
            assertThat(delay)
                .as("seed %d: Corollary 4(a)", seed)
                .isLessThanOrEqualTo((lead - size) * unit);
            assertThat(size).as("seed %d: Corollary 5", seed).isLessThan(lead);
            followers++;
          } else {
            leader = -1; // the sequence is broken
          }
          prevEnd = start + run.duration(p);
        }
      }
    }
    assertThat(followers).isPositive();
  }

  /**
   * PB9 (F12): every message cut into one-unit packets and sent farthest first takes (beta + 1)
   * max_k (k + d_(k) - 1), whatever the order among equal depths.
   */
  @Test
  void pb9_singleUnitFdf_isF12_forEveryTieOrder() {
    for (long seed : Seeds.seeds().toArray()) {
      SplittableRandom r = new SplittableRandom(seed);
      String beta = beta(r);
      Instance inst = tree(r, beta, 4);
      List<StoreForwardEngine.Packet> units = new ArrayList<>();
      for (int i = 0; i < inst.messages().size(); i++) {
        for (int k = 0; k < inst.messages().get(i).length(); k++) {
          units.add(new StoreForwardEngine.Packet(i, k, 1));
        }
      }
      Collections.shuffle(units, new java.util.Random(r.nextLong()));
      units.sort(
          java.util.Comparator.comparingInt(
              p -> -inst.atlas().hops(p.message()))); // stable: random ties
      long best = 0;
      for (int k = 0; k < units.size(); k++) {
        best = Math.max(best, k + 1 + inst.atlas().hops(units.get(k).message()) - 1);
      }
      BigDecimal expected =
          new BigDecimal(beta).add(BigDecimal.ONE).multiply(BigDecimal.valueOf(best));
      assertThat(inst.timeScale().toUnits(makespan(inst, units)))
          .as("seed %d", seed)
          .isEqualByComparingTo(expected);
    }
  }

  /**
   * PB11 (Claim 11): with beta = 0, replacing a packet S of more than one unit by S'' of |S| - 1
   * units followed at once by S' of one unit never increases the makespan.
   */
  @Test
  void pb11_splittingOffOneUnitNeverHurts_withoutSetUp() {
    int splits = 0;
    for (long seed : Seeds.seeds().toArray()) {
      SplittableRandom r = new SplittableRandom(seed);
      Instance inst = tree(r, "0", 6);
      List<StoreForwardEngine.Packet> order = packets(r, inst);
      for (int k = 0; k < order.size(); k++) {
        StoreForwardEngine.Packet s = order.get(k);
        if (s.size() < 2) {
          continue;
        }
        List<StoreForwardEngine.Packet> split = new ArrayList<>(order);
        split.set(k, new StoreForwardEngine.Packet(s.message(), s.number(), s.size() - 1));
        split.add(k + 1, new StoreForwardEngine.Packet(s.message(), 1000 + s.number(), 1));
        assertThat(makespan(inst, split))
            .as("seed %d, packet %d", seed, k)
            .isLessThanOrEqualTo(makespan(inst, order));
        splits++;
      }
    }
    assertThat(splits).isPositive();
  }

  /**
   * PB17 (Corollary 16): on the special class (m units to each of P_s..P_t of a path rooted at an
   * end), FDF with even sizes and counts non-decreasing with the distance: M_s (the nearest) is
   * among the last to arrive.
   */
  @Test
  void pb17_nearestMessageArrivesLast_underNonDecreasingCounts() {
    for (long seed : Seeds.seeds().toArray()) {
      SplittableRandom r = new SplittableRandom(seed);
      int t = 1 + r.nextInt(6);
      int s = 1 + r.nextInt(t);
      long m = 1 + r.nextInt(8);
      List<Message> ms = new ArrayList<>();
      for (int i = s; i <= t; i++) {
        ms.add(new Message("M" + i, 0, i, m));
      }
      Instance inst =
          new Instance(
              "special",
              new Problem.Scatter(0, ms),
              thesis(beta(r)),
              Network.of(new Topology.Bla(t + 1)));
      // counts r_s <= ... <= r_t; FDF: M_t first, each message's even sizes together
      long[] counts = new long[ms.size()];
      for (int k = 0; k < counts.length; k++) {
        long lo = k == 0 ? 1 : counts[k - 1];
        counts[k] = lo + r.nextInt((int) (m - lo + 1));
      }
      List<StoreForwardEngine.Packet> order = new ArrayList<>();
      for (int k = ms.size() - 1; k >= 0; k--) {
        long[] sizes = Packetization.evenSizes(m, (int) counts[k]);
        for (int j = 0; j < sizes.length; j++) {
          order.add(new StoreForwardEngine.Packet(k, j, sizes[j]));
        }
      }
      StoreForwardEngine.Run run = StoreForwardEngine.scatter(inst, order);
      long nearest = 0;
      for (int p = 0; p < run.packets().size(); p++) {
        if (run.packets().get(p).message() == 0) {
          nearest = Math.max(nearest, run.start(p, run.hops(p) - 1) + run.duration(p));
        }
      }
      assertThat(nearest)
          .as("seed %d, counts %s", seed, java.util.Arrays.toString(counts))
          .isEqualTo(run.makespan());
    }
  }

  /**
   * PB20 (Theorem 19, NRF): on a path rooted at an end, receiving nearest source first (a stable
   * sort of any receive order by source distance) is never slower, for the eager greedy gather.
   */
  @Test
  void pb20_nrfOnArrays_neverLoses() {
    for (long seed : Seeds.seeds().toArray()) {
      SplittableRandom r = new SplittableRandom(seed);
      int n = 2 + r.nextInt(6);
      List<Message> ms = new ArrayList<>();
      for (int v = 1; v < n; v++) {
        if (r.nextInt(3) > 0) {
          ms.add(new Message("m" + v, v, 0, 1 + r.nextInt(6)));
        }
      }
      if (ms.isEmpty()) {
        ms.add(new Message("m1", 1, 0, 1 + r.nextInt(6)));
      }
      Instance inst =
          new Instance(
              "array", new Problem.Gather(0, ms), thesis(beta(r)), Network.of(new Topology.Bla(n)));
      List<StoreForwardEngine.Packet> pi = packets(r, inst);
      List<StoreForwardEngine.Packet> nrf = new ArrayList<>(pi);
      nrf.sort(java.util.Comparator.comparingInt(p -> inst.atlas().hops(p.message())));
      assertThat(StoreForwardEngine.gatherEager(inst, nrf).makespan())
          .as("seed %d", seed)
          .isLessThanOrEqualTo(StoreForwardEngine.gatherEager(inst, pi).makespan());
    }
  }

  /**
   * PB26 (greedy loses nothing): a schedule that keeps the root order on every port but lets each
   * hop wait a random extra time after it could start is valid and never faster than the greedy
   * simulation of that order.
   */
  @Test
  void pb26_waitingNeverHelps() {
    for (long seed : Seeds.seeds().toArray()) {
      SplittableRandom r = new SplittableRandom(seed);
      Instance inst = tree(r, beta(r), 5);
      List<StoreForwardEngine.Packet> order = packets(r, inst);
      StoreForwardEngine.Run greedy = StoreForwardEngine.scatter(inst, order);
      long[] free =
          new long
              [inst.network()
                  .nodes()]; // one port: a node's out-port (the only binding one on a tree)
      List<Schedule.Transmission> ts = new ArrayList<>();
      long makespan = 0;
      for (int p = 0; p < order.size(); p++) {
        StoreForwardEngine.Packet k = order.get(p);
        long ready = 0;
        for (int j = 0; j < greedy.hops(p); j++) {
          int u = greedy.node(p, j);
          long start = Math.max(ready, free[u]) + (r.nextInt(3) == 0 ? r.nextInt(4) : 0);
          ts.add(
              new Schedule.Transmission(
                  inst.messages().get(k.message()).id(),
                  k.number(),
                  k.size(),
                  u,
                  greedy.node(p, j + 1),
                  start));
          ready = start + greedy.duration(p);
          free[u] = ready;
        }
        makespan = Math.max(makespan, ready);
      }
      assertValid(seed, inst, new Schedule.Transmissions(inst.timeScale(), ts));
      assertThat(makespan).as("seed %d", seed).isGreaterThanOrEqualTo(greedy.makespan());
    }
  }

  /**
   * PB8 (Lemma 7, with its non-root reading): in an FDF schedule on a path rooted at an end, when
   * packet P waits T > 0 at a non-root node (so it leaves right after another packet: the schedule
   * is greedy) and R is the next packet of P's message, moving any x <= min(T / tau, |R|) units
   * from R to P (dropping R when it empties) never increases the makespan.
   */
  @Test
  void pb8_transferIntoADelayedPacketNeverHurts() {
    int transfers = 0;
    for (long seed : Seeds.seeds().toArray()) {
      SplittableRandom r = new SplittableRandom(seed);
      int n = 3 + r.nextInt(5);
      List<Message> ms = new ArrayList<>();
      for (int v = 1; v < n; v++) {
        if (r.nextInt(4) > 0) {
          ms.add(new Message("m" + v, 0, v, 1 + r.nextInt(7)));
        }
      }
      if (ms.isEmpty()) {
        continue;
      }
      Instance inst =
          new Instance(
              "array",
              new Problem.Scatter(0, ms),
              thesis(beta(r)),
              Network.of(new Topology.Bla(n)));
      List<StoreForwardEngine.Packet> order = packets(r, inst);
      order.sort(
          java.util.Comparator.comparingInt(p -> -inst.atlas().hops(p.message()))); // FDF, stable
      StoreForwardEngine.Run run = StoreForwardEngine.scatter(inst, order);
      long tau = ((CommModel.StoreAndForward) inst.model()).tauTicks(inst.timeScale());
      for (int p = 0; p < order.size(); p++) {
        long wait = 0;
        for (int j = 1; j < run.hops(p); j++) {
          wait = Math.max(wait, run.start(p, j) - (run.start(p, j - 1) + run.duration(p)));
        }
        int next = -1;
        for (int q = p + 1; q < order.size() && next < 0; q++) {
          if (order.get(q).message() == order.get(p).message()) {
            next = q;
          }
        }
        long most = Math.min(wait / tau, next < 0 ? 0 : order.get(next).size());
        if (most < 1) {
          continue;
        }
        long x = 1 + r.nextInt((int) most);
        List<StoreForwardEngine.Packet> moved = new ArrayList<>(order);
        StoreForwardEngine.Packet a = order.get(p);
        StoreForwardEngine.Packet b = order.get(next);
        moved.set(p, new StoreForwardEngine.Packet(a.message(), a.number(), a.size() + x));
        if (b.size() == x) {
          moved.remove(next);
        } else {
          moved.set(next, new StoreForwardEngine.Packet(b.message(), b.number(), b.size() - x));
        }
        assertThat(makespan(inst, moved))
            .as("seed %d, packet %d gets %d units", seed, p, x)
            .isLessThanOrEqualTo(run.makespan());
        transfers++;
      }
    }
    assertThat(transfers).isPositive();
  }
}
