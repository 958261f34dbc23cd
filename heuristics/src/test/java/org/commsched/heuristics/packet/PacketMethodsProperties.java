package org.commsched.heuristics.packet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.commsched.instances.testing.ScheduleAssertions.assertValid;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.SplittableRandom;
import org.commsched.core.check.Conformance;
import org.commsched.core.check.ConformanceReport;
import org.commsched.core.check.ScheduleChecker;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Schedule;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.testing.Seeds;
import org.commsched.instances.testing.RandomInstances;
import org.junit.jupiter.api.Test;

/**
 * Properties of the engine and of {@code packet-fdf} and {@code packet-fdf-even} over seeded
 * instances (docs/models/packet.md#algorithms, #conformance-rules, #gathering-and-time-reversal):
 * every schedule passes the checker; on tree routes the methods' schedules meet the conformance
 * rules they claim; time reversal keeps validity and the makespan; FCFS greedy scattering buffers
 * exactly the largest transit packet (Theorem 6, F14); the best packet count of one message is at
 * least as good as every other; the conformance rules catch a broken FCFS order and leave a kept
 * one alone.
 */
class PacketMethodsProperties {
  private static final String[] BETAS = {"0", "0.5", "1", "1.5", "2", "3"};
  private static final String[] TAUS = {"1", "1", "1", "0.5", "2"};
  private final FurthestDistanceFirst fdf = new FurthestDistanceFirst();
  private final FdfEvenSize even = new FdfEvenSize();

  private static CommModel.StoreAndForward model(SplittableRandom r) {
    return new CommModel.StoreAndForward(
        new BigDecimal(BETAS[r.nextInt(BETAS.length)]),
        new BigDecimal(TAUS[r.nextInt(TAUS.length)]),
        r.nextBoolean() ? CommModel.Ports.ONE : CommModel.Ports.ALL,
        CommModel.Duplex.FULL,
        CommModel.OnePortRule.SEND_AND_RECEIVE);
  }

  /** A random tree instance (scatter or gather) with lengths 0..7 and the given model. */
  private static Instance tree(SplittableRandom r, boolean scatter, CommModel model) {
    int n = 2 + r.nextInt(8);
    Topology.Tree t = RandomInstances.randomTree(r, n);
    int root = r.nextInt(n);
    List<Message> ms = new ArrayList<>();
    for (int v = 0; v < n; v++) {
      if (v != root) {
        long len = r.nextInt(8);
        ms.add(scatter ? new Message("m" + v, root, v, len) : new Message("m" + v, v, root, len));
      }
    }
    Problem p = scatter ? new Problem.Scatter(root, ms) : new Problem.Gather(root, ms);
    return new Instance(scatter ? "scatter" : "gather", p, model, Network.of(t));
  }

  /** The gather of the same messages on the same tree. */
  private static Instance mirror(Instance scatter) {
    List<Message> ms = new ArrayList<>();
    for (Message m : scatter.messages()) {
      ms.add(new Message(m.id(), m.to(), m.from(), m.length()));
    }
    return new Instance(
        "gather", new Problem.Gather(scatter.root(), ms), scatter.model(), scatter.network());
  }

  private static String met(Instance inst, Schedule s) {
    return ScheduleChecker.conform(inst, s, EnumSet.allOf(Conformance.class)).metNames();
  }

  @Test
  void everySchedule_isValid_onAnyNetworkAndRoutes() {
    for (long seed : Seeds.seeds().toArray()) {
      SplittableRandom r = new SplittableRandom(seed);
      boolean scatter = r.nextBoolean();
      Instance inst = RandomInstances.scatterGather(r, 9, 7, scatter, model(r), r.nextBoolean());
      for (SolveResult res :
          List.of(
              fdf.solve(inst, SolveLimits.defaults()), even.solve(inst, SolveLimits.defaults()))) {
        assertValid(seed, inst, res);
      }
    }
  }

  /**
   * On tree routes: scatter schedules meet all five rules; gathers (reversed, as late as possible)
   * need not be greedy, and under all ports not FCFS either (a node's per-arc queues of the scatter
   * become one queue toward the root).
   */
  @Test
  void treeSchedules_meetTheClaimedConformanceRules() {
    for (long seed : Seeds.seeds().toArray()) {
      SplittableRandom r = new SplittableRandom(seed);
      boolean scatter = r.nextBoolean();
      Instance inst = tree(r, scatter, model(r));
      for (SolveResult res :
          List.of(
              fdf.solve(inst, SolveLimits.defaults()), even.solve(inst, SolveLimits.defaults()))) {
        String rules = met(inst, res.schedule());
        boolean allPorts =
            ((CommModel.StoreAndForward) inst.model()).ports() == CommModel.Ports.ALL;
        List<String> expected =
            scatter
                ? List.of("fcfs,greedy,fdf,buffer,even-size")
                : allPorts
                    ? List.of(
                        "fdf,buffer,even-size",
                        "fcfs,fdf,buffer,even-size",
                        "greedy,fdf,buffer,even-size",
                        "fcfs,greedy,fdf,buffer,even-size")
                    : List.of("fcfs,fdf,buffer,even-size", "fcfs,greedy,fdf,buffer,even-size");
        assertThat(rules).as("seed %d, %s", seed, res.method()).isIn(expected);
      }
    }
  }

  /** Gather by time reversal has the scatter's makespan on the same tree, sizes and ports. */
  @Test
  void gather_hasTheMirroredScattersMakespan() {
    for (long seed : Seeds.seeds().toArray()) {
      SplittableRandom r = new SplittableRandom(seed);
      Instance s = tree(r, true, model(r));
      Instance g = mirror(s);
      assertThat(fdf.solve(g, SolveLimits.defaults()).makespan())
          .as("seed %d", seed)
          .isEqualTo(fdf.solve(s, SolveLimits.defaults()).makespan());
      assertThat(even.solve(g, SolveLimits.defaults()).makespan())
          .as("seed %d", seed)
          .isEqualTo(even.solve(s, SolveLimits.defaults()).makespan());
    }
  }

  /** Random packets of the non-null messages of an instance, in random order. */
  private static List<StoreForwardEngine.Packet> randomPackets(SplittableRandom r, Instance inst) {
    List<StoreForwardEngine.Packet> out = new ArrayList<>();
    for (int i = 0; i < inst.messages().size(); i++) {
      long left = inst.messages().get(i).length();
      int k = 0;
      while (left > 0) {
        long s = 1 + r.nextInt((int) left);
        out.add(new StoreForwardEngine.Packet(i, k++, s));
        left -= s;
      }
    }
    Collections.shuffle(out, new java.util.Random(r.nextLong()));
    return out;
  }

  /**
   * Time reversal (§4.11 of the thesis's model, docs/models/packet.md#gathering-and-time-reversal):
   * for any receive order, the eager gather and the reversed scatter of the reversed order take the
   * same time, and the reversed schedule is a valid gather within the buffer bound (Theorem 20,
   * which the eager one may break).
   */
  @Test
  void timeReversal_keepsValidityAndMakespan() {
    for (long seed : Seeds.seeds().toArray()) {
      SplittableRandom r = new SplittableRandom(seed);
      Instance g = tree(r, false, model(r));
      List<StoreForwardEngine.Packet> pi = randomPackets(r, g);
      StoreForwardEngine.Run eager = StoreForwardEngine.gatherEager(g, pi);
      StoreForwardEngine.Run reversed = StoreForwardEngine.gatherReversed(g, pi);
      assertThat(reversed.makespan()).as("seed %d", seed).isEqualTo(eager.makespan());
      assertValid(seed, g, eager.transmissions());
      assertValid(seed, g, reversed.transmissions());
      long largest = pi.stream().mapToLong(StoreForwardEngine.Packet::size).max().orElse(0);
      assertThat(reversed.bufferPeaks().atMost(largest)).as("seed %d", seed).isTrue();
      // the scatter of the reversed order on the mirrored instance takes as long
      Instance s = mirrorToScatter(g);
      List<StoreForwardEngine.Packet> rev = new ArrayList<>(pi);
      Collections.reverse(rev);
      assertThat(StoreForwardEngine.scatter(s, rev).makespan())
          .as("seed %d", seed)
          .isEqualTo(eager.makespan());
    }
  }

  private static Instance mirrorToScatter(Instance gather) {
    List<Message> ms = new ArrayList<>();
    for (Message m : gather.messages()) {
      ms.add(new Message(m.id(), m.to(), m.from(), m.length()));
    }
    return new Instance(
        "scatter", new Problem.Scatter(gather.root(), ms), gather.model(), gather.network());
  }

  /**
   * Theorem 6, in the stronger form of docs/models/packet.md#queueing-delays-and-buffers (F14):
   * under FCFS greedy single-port scattering a node's fluid buffer peaks at exactly the largest
   * packet passing it.
   */
  @Test
  void fcfsGreedyScatter_buffersTheLargestTransitPacket() {
    for (long seed : Seeds.seeds().toArray()) {
      SplittableRandom r = new SplittableRandom(seed);
      CommModel.StoreAndForward m =
          new CommModel.StoreAndForward(
              new BigDecimal(BETAS[r.nextInt(BETAS.length)]),
              BigDecimal.ONE,
              CommModel.Ports.ONE,
              CommModel.Duplex.FULL,
              CommModel.OnePortRule.SEND_AND_RECEIVE);
      Instance s = tree(r, true, m);
      StoreForwardEngine.Run run = StoreForwardEngine.scatter(s, randomPackets(r, s));
      long[] transit = new long[s.network().nodes()];
      for (int p = 0; p < run.packets().size(); p++) {
        for (int j = 1; j < run.hops(p); j++) {
          transit[run.node(p, j)] = Math.max(transit[run.node(p, j)], run.packets().get(p).size());
        }
      }
      StoreForwardEngine.BufferPeaks peaks = run.bufferPeaks();
      for (int v = 0; v < transit.length; v++) {
        assertThat(peaks.units(v))
            .as("seed %d node %d", seed, v)
            .isEqualTo(Long.toString(transit[v]));
      }
    }
  }

  /**
   * The engine's fluid buffer peaks and the checker's V10 (written apart) agree: on eager and
   * reversed gathers and on scatters of random packets and orders, V10 is met exactly when no peak
   * exceeds the largest packet, and the checker names the engine's largest peak.
   */
  @Test
  void bufferPeaks_agreeWithTheCheckersV10() {
    int broken = 0;
    for (long seed : Seeds.seeds().toArray()) {
      SplittableRandom r = new SplittableRandom(seed);
      boolean scatter = r.nextInt(3) == 0;
      Instance inst = tree(r, scatter, model(r));
      List<StoreForwardEngine.Packet> ps = randomPackets(r, inst);
      StoreForwardEngine.Run run =
          scatter
              ? StoreForwardEngine.scatter(inst, ps)
              : r.nextBoolean()
                  ? StoreForwardEngine.gatherEager(inst, ps)
                  : StoreForwardEngine.gatherReversed(inst, ps);
      long largest = ps.stream().mapToLong(StoreForwardEngine.Packet::size).max().orElse(0);
      StoreForwardEngine.BufferPeaks peaks = run.bufferPeaks();
      ConformanceReport.Result v10 =
          ScheduleChecker.conform(inst, run.transmissions(), EnumSet.of(Conformance.BUFFER))
              .results()
              .get(0);
      assertThat(v10.met()).as("seed %d", seed).isEqualTo(peaks.atMost(largest));
      if (v10.met()) {
        int worst = peaks.worstNode();
        assertThat(v10.witness()).as("seed %d", seed).contains("the peak is " + peaks.units(worst));
      } else {
        broken++;
      }
    }
    assertThat(broken).as("some eager gather breaks the bound").isPositive();
  }

  /**
   * The best packet count of one message (problem (5.1)) is at least as good as every other count,
   * simulated, on a path rooted at an end: packet-fdf-even takes alpha*_l(m) and no r does better.
   */
  @Test
  void bestCount_beatsEveryOtherCount() {
    for (long seed : Seeds.seeds(Seeds.cases(4, 25)).toArray()) {
      SplittableRandom r = new SplittableRandom(seed);
      int l = 1 + r.nextInt(6);
      long len = 1 + r.nextInt(12);
      CommModel.StoreAndForward m =
          new CommModel.StoreAndForward(
              new BigDecimal(BETAS[r.nextInt(BETAS.length)]),
              new BigDecimal(TAUS[r.nextInt(TAUS.length)]),
              CommModel.Ports.ONE,
              CommModel.Duplex.FULL,
              CommModel.OnePortRule.SEND_AND_RECEIVE);
      Instance inst =
          new Instance(
              "alone",
              new Problem.Scatter(0, List.of(new Message("m", 0, l, len))),
              m,
              Network.of(new Topology.Bla(l + 1)));
      long best = even.solve(inst, SolveLimits.defaults()).makespan();
      for (int count = 1; count <= len; count++) {
        long[] sizes = Packetization.evenSizes(len, count);
        List<StoreForwardEngine.Packet> ps = new ArrayList<>();
        for (int j = 0; j < count; j++) {
          ps.add(new StoreForwardEngine.Packet(0, j, sizes[j]));
        }
        assertThat(best)
            .as("seed %d, r = %d", seed, count)
            .isLessThanOrEqualTo(StoreForwardEngine.scatter(inst, ps).makespan());
      }
      long beta = m.betaTicks(inst.timeScale());
      long tau = m.tauTicks(inst.timeScale());
      assertThat(best).as("seed %d", seed).isEqualTo(Packetization.alphaStar(beta, tau, l, len));
    }
  }

  /**
   * The special class (docs/models/packet.md#special-class-values): m units to each of P_s..P_t on
   * a path rooted at an end; packet-fdf-even meets the corrected optimum T* (rows: m, s, t, beta in
   * tenths, T* in tenths).
   */
  @Test
  void specialClass_meetsTheCorrectedOptimum() {
    long[][] rows = {
      {3, 1, 3, 10, 120},
      {3, 3, 3, 0, 50},
      {5, 3, 4, 10, 220},
      {4, 2, 4, 5, 175},
      {4, 3, 5, 10, 240},
      {6, 4, 5, 10, 270},
      {6, 5, 6, 20, 400},
      {10, 5, 5, 10, 270},
      {2, 1, 1, 0, 20},
      {8, 6, 7, 10, 390},
      {12, 8, 10, 5, 625}
    };
    for (long[] x : rows) {
      List<Message> ms = new ArrayList<>();
      for (int i = (int) x[1]; i <= x[2]; i++) {
        ms.add(new Message("M" + i, 0, i, x[0]));
      }
      String beta = new BigDecimal(x[3]).movePointLeft(1).toPlainString();
      Instance inst =
          new Instance(
              "special",
              new Problem.Scatter(0, ms),
              StoreForwardEngineTest.onePort(beta),
              Network.of(new Topology.Bla((int) x[2] + 1)));
      SolveResult res = even.solve(inst, SolveLimits.defaults());
      assertValid("special " + java.util.Arrays.toString(x), inst, res);
      long tenths = res.makespan() * (inst.timeScale().decimals() == 0 ? 10 : 1);
      assertThat(tenths).as("m=%d s=%d t=%d beta=%s", x[0], x[1], x[2], beta).isEqualTo(x[4]);
    }
  }

  /**
   * Mutation property of V7: postponing one transit packet's remaining hops past the end of the
   * schedule keeps the schedule valid but breaks FCFS wherever a later packet left the same port
   * before it; shifting the whole schedule keeps FCFS (and breaks greedy).
   */
  @Test
  void fcfsMutations_areFlaggedExactlyWhenTheOrderBreaks() {
    int flagged = 0;
    for (long seed : Seeds.seeds().toArray()) {
      SplittableRandom r = new SplittableRandom(seed);
      CommModel.StoreAndForward m =
          new CommModel.StoreAndForward(
              new BigDecimal(BETAS[1 + r.nextInt(5)]),
              BigDecimal.ONE,
              CommModel.Ports.ONE,
              CommModel.Duplex.FULL,
              CommModel.OnePortRule.SEND_AND_RECEIVE);
      Instance s = tree(r, true, m);
      StoreForwardEngine.Run run = StoreForwardEngine.scatter(s, randomPackets(r, s));
      Schedule.Transmissions base = run.transmissions();
      if (base.transmissions().isEmpty()) {
        continue;
      }
      // keeps FCFS: every start shifted by the same amount
      List<Schedule.Transmission> shifted = new ArrayList<>();
      for (Schedule.Transmission x : base.transmissions()) {
        shifted.add(
            new Schedule.Transmission(
                x.message(), x.packet(), x.size(), x.from(), x.to(), x.start() + 7));
      }
      Schedule.Transmissions keep = new Schedule.Transmissions(base.scale(), shifted);
      assertValid(seed, s, keep);
      ConformanceReport kept =
          ScheduleChecker.conform(s, keep, EnumSet.of(Conformance.FCFS, Conformance.GREEDY));
      assertThat(kept.metNames()).as("seed %d", seed).isEqualTo("fcfs");
      // breaks FCFS: a transit packet (hop j >= 1 leaves node u) postponed from u on
      int victim = -1;
      int from = -1;
      for (int p = 0; p < run.packets().size() && victim < 0; p++) {
        if (run.hops(p) >= 2) {
          victim = p;
          from = 1 + r.nextInt(run.hops(p) - 1);
        }
      }
      if (victim < 0) {
        continue;
      }
      int u = run.node(victim, from);
      long arrival = run.start(victim, from - 1) + run.duration(victim);
      long leave = run.start(victim, from);
      // FCFS breaks iff some other transit packet arrived at u strictly later than the victim (it
      // now leaves first)
      boolean breaks = false;
      for (int q = 0; q < run.packets().size(); q++) {
        for (int j = 1; j < run.hops(q); j++) {
          if (q != victim
              && run.node(q, j) == u
              && run.start(q, j - 1) + run.duration(q) > arrival) {
            breaks = true;
          }
        }
      }
      long delay = run.makespan() + 1;
      List<Schedule.Transmission> moved = new ArrayList<>();
      StoreForwardEngine.Packet v = run.packets().get(victim);
      String id = s.messages().get(v.message()).id();
      for (Schedule.Transmission x : base.transmissions()) {
        boolean late = x.message().equals(id) && x.packet() == v.number() && x.start() >= leave;
        moved.add(
            late
                ? new Schedule.Transmission(
                    x.message(), x.packet(), x.size(), x.from(), x.to(), x.start() + delay)
                : x);
      }
      Schedule.Transmissions broken = new Schedule.Transmissions(base.scale(), moved);
      assertValid(seed, s, broken);
      boolean fcfs = ScheduleChecker.conform(s, broken, EnumSet.of(Conformance.FCFS)).allMet();
      assertThat(fcfs)
          .as("seed %d: FCFS kept iff no later packet passes u", seed)
          .isEqualTo(!breaks);
      if (breaks) {
        flagged++;
      }
    }
    assertThat(flagged).as("some mutation breaks FCFS").isPositive();
  }

  /** FDF order of a packet list: stable by destination depth, farthest first. */
  private static List<StoreForwardEngine.Packet> fdfOrder(
      Instance inst, List<StoreForwardEngine.Packet> ps) {
    List<StoreForwardEngine.Packet> out = new ArrayList<>(ps);
    out.sort(
        java.util.Comparator.comparingInt(
            (StoreForwardEngine.Packet p) -> -inst.atlas().hops(p.message())));
    return out;
  }

  /** A random path rooted at an end with up to 5 messages of 1..6 units to random nodes. */
  private static Instance array(SplittableRandom r, CommModel.StoreAndForward m) {
    int n = 2 + r.nextInt(6);
    List<Message> ms = new ArrayList<>();
    for (int v = 1; v < n; v++) {
      if (r.nextInt(3) > 0) {
        ms.add(new Message("m" + v, 0, v, 1 + r.nextInt(6)));
      }
    }
    if (ms.isEmpty()) {
      ms.add(new Message("m1", 0, 1, 1 + r.nextInt(6)));
    }
    return new Instance("array", new Problem.Scatter(0, ms), m, Network.of(new Topology.Bla(n)));
  }

  private static CommModel.StoreAndForward onePortTauOne(SplittableRandom r) {
    return new CommModel.StoreAndForward(
        new BigDecimal(BETAS[r.nextInt(BETAS.length)]),
        BigDecimal.ONE,
        CommModel.Ports.ONE,
        CommModel.Duplex.FULL,
        CommModel.OnePortRule.SEND_AND_RECEIVE);
  }

  /**
   * Lemma 12 (F6): a lone message cut into r packets of the even sizes, in any arrangement, arrives
   * at alpha_l(m, r).
   */
  @Test
  void loneEvenMessage_arrivesAtAlpha() {
    for (long seed : Seeds.seeds().toArray()) {
      SplittableRandom r = new SplittableRandom(seed);
      CommModel.StoreAndForward m = onePortTauOne(r);
      int l = 1 + r.nextInt(6);
      long len = 1 + r.nextInt(12);
      int count = 1 + r.nextInt((int) len);
      Instance inst =
          new Instance(
              "alone",
              new Problem.Scatter(0, List.of(new Message("m", 0, l, len))),
              m,
              Network.of(new Topology.Bla(l + 1)));
      List<StoreForwardEngine.Packet> ps = new ArrayList<>();
      long[] sizes = Packetization.evenSizes(len, count);
      for (int j = 0; j < count; j++) {
        ps.add(new StoreForwardEngine.Packet(0, j, sizes[j]));
      }
      Collections.shuffle(ps, new java.util.Random(r.nextLong()));
      long beta = m.betaTicks(inst.timeScale());
      long tau = m.tauTicks(inst.timeScale());
      assertThat(StoreForwardEngine.scatter(inst, ps).makespan())
          .as("seed %d", seed)
          .isEqualTo(Packetization.alpha(beta, tau, l, len, count));
    }
  }

  /**
   * Theorem 2 (PB3): on a path rooted at an end, the FDF order of any packets is never slower than
   * their order.
   */
  @Test
  void fdfOnArrays_neverLoses() {
    for (long seed : Seeds.seeds().toArray()) {
      SplittableRandom r = new SplittableRandom(seed);
      Instance inst = array(r, onePortTauOne(r));
      List<StoreForwardEngine.Packet> ps = randomPackets(r, inst);
      assertThat(StoreForwardEngine.scatter(inst, fdfOrder(inst, ps)).makespan())
          .as("seed %d", seed)
          .isLessThanOrEqualTo(StoreForwardEngine.scatter(inst, ps).makespan());
    }
  }

  /**
   * Lemma 13 and Remark 14 (PB13): in an FDF schedule on a tree, re-cutting every message into the
   * even sizes with as many packets never makes it slower.
   */
  @Test
  void evenSizes_neverLoseUnderFdf() {
    for (long seed : Seeds.seeds().toArray()) {
      SplittableRandom r = new SplittableRandom(seed);
      Instance inst = tree(r, true, onePortTauOne(r));
      List<StoreForwardEngine.Packet> ps = fdfOrder(inst, randomPackets(r, inst));
      // messages stay in the same places of the order; each one's sizes become its even sizes,
      // larger first
      java.util.Map<Integer, List<Integer>> slots = new java.util.HashMap<>();
      for (int k = 0; k < ps.size(); k++) {
        slots.computeIfAbsent(ps.get(k).message(), x -> new ArrayList<>()).add(k);
      }
      List<StoreForwardEngine.Packet> even = new ArrayList<>(ps);
      for (java.util.Map.Entry<Integer, List<Integer>> e : slots.entrySet()) {
        long[] sizes =
            Packetization.evenSizes(inst.messages().get(e.getKey()).length(), e.getValue().size());
        for (int j = 0; j < sizes.length; j++) {
          int k = e.getValue().get(j);
          even.set(k, new StoreForwardEngine.Packet(e.getKey(), ps.get(k).number(), sizes[j]));
        }
      }
      assertThat(StoreForwardEngine.scatter(inst, even).makespan())
          .as("seed %d", seed)
          .isLessThanOrEqualTo(StoreForwardEngine.scatter(inst, ps).makespan());
    }
  }

  @Test
  void options_areChecked() {
    assertThat(even.whyNotOption("counts", "monotone")).isNull();
    assertThat(even.whyNotOption("counts", "many"))
        .contains("counts=best, alone, joint or monotone");
    assertThat(
            even.solve(
                    tree(new SplittableRandom(3), true, StoreForwardEngineTest.onePort("2")),
                    SolveLimits.defaults().withOption(FdfEvenSize.COUNTS, CountRule.ALONE))
                .stats())
        .containsEntry("counts", "alone");
  }
}
