package org.commsched.core.bounds;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.commsched.core.check.CheckReport;
import org.commsched.core.check.ScheduleChecker;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.CommModel.Duplex;
import org.commsched.core.model.CommModel.OnePortRule;
import org.commsched.core.model.CommModel.Ports;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Schedule;
import org.commsched.core.model.Topology;
import org.commsched.core.testing.Seeds;
import org.commsched.core.time.TimeScale;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * P11 and P12 of docs/models/linear-cost.md#properties over random valid sends along a path: every
 * link cuts the message into random runs and sends them in a random order, each packet as soon as
 * its units, its link (all ports) or its two end nodes (one port, {@code exchange}) allow; {@code
 * LinearCostChecker} confirms each transmission. The packet digraphs
 * (docs/models/linear-cost.md#packet-digraphs) then sit between the thesis's optimum and the
 * makespan: {@code S_*(n,m) <= t(D) <= makespan} (Theorem 2.3.1) and {@code S_1(n,m) <= t(G) <=
 * makespan} (Theorem 2.4.1), with Lemmas 2.3.1, 2.4.1, 2.4.2, 2.4.4 and identity (2.1) checked on
 * the way.
 */
class PacketDigraphsProperties {
  private static final int CASES = Seeds.cases();

  /** beta, tau pairs, among them the 0.4 of the thesis's tables. */
  private static final String[][] COSTS = {
    {"5", "1"}, {"3", "0.4"}, {"0", "1"}, {"7", "0"}, {"0.4", "2"}, {"12", "1"}
  };

  private record Send(
      List<PathPacket> packets, List<Schedule.Transmission> records, long makespan) {}

  private static CommModel.StoreAndForward model(String[] cost, boolean onePort) {
    return new CommModel.StoreAndForward(
        new BigDecimal(cost[0]),
        new BigDecimal(cost[1]),
        onePort ? Ports.ONE : Ports.ALL,
        Duplex.FULL,
        onePort ? OnePortRule.EXCHANGE : null);
  }

  private static Instance instance(int n, int m, CommModel model) {
    return new Instance(
        "digraph", new Problem.Send(0, m, n, null), model, Network.of(new Topology.Bla(m + 1)));
  }

  /** Random runs per link in a random order, each started as early as the rules allow. */
  static Send randomSend(SplittableRandom rnd, int n, int m, long beta, long tau, boolean onePort) {
    List<List<long[]>> queues = new ArrayList<>();
    for (int i = 0; i < m; i++) {
      List<long[]> runs = new ArrayList<>();
      double cut = rnd.nextDouble();
      long from = 0;
      for (long u = 1; u <= n; u++) {
        if (u == n || rnd.nextDouble() < cut) {
          runs.add(new long[] {from, u - from});
          from = u;
        }
      }
      if (rnd.nextInt(3) > 0) {
        Collections.shuffle(runs, new java.util.Random(rnd.nextLong()));
      }
      queues.add(runs);
    }
    long[][] arrival = new long[m + 1][n];
    for (long[] row : arrival) {
      Arrays.fill(row, -1);
    }
    Arrays.fill(arrival[0], 0);
    int[] head = new int[m];
    long[] linkFree = new long[m];
    long[] nodeFree = new long[m + 1];
    List<PathPacket> packets = new ArrayList<>();
    List<Schedule.Transmission> records = new ArrayList<>();
    long makespan = 0;
    while (true) {
      int pick = -1;
      long pickStart = Long.MAX_VALUE;
      for (int i = 0; i < m; i++) {
        if (head[i] == queues.get(i).size()) {
          continue;
        }
        long[] run = queues.get(i).get(head[i]);
        long ready = linkFree[i];
        for (long u = run[0]; u < run[0] + run[1] && ready >= 0; u++) {
          ready = arrival[i][(int) u] < 0 ? -1 : Math.max(ready, arrival[i][(int) u]);
        }
        if (ready < 0) {
          continue;
        }
        if (onePort) {
          ready = Math.max(ready, Math.max(nodeFree[i], nodeFree[i + 1]));
        }
        if (ready < pickStart) {
          pick = i;
          pickStart = ready;
        }
      }
      if (pick < 0) {
        break;
      }
      long[] run = queues.get(pick).get(head[pick]);
      PathPacket p = new PathPacket(pick, run[0], run[1], pickStart);
      long end = p.end(beta, tau);
      records.add(
          new Schedule.Transmission("m0", head[pick], run[1], pick, pick + 1, pickStart, run[0]));
      packets.add(p);
      head[pick]++;
      linkFree[pick] = end;
      nodeFree[pick] = Math.max(nodeFree[pick], end);
      nodeFree[pick + 1] = Math.max(nodeFree[pick + 1], end);
      for (long u = run[0]; u < run[0] + run[1]; u++) {
        arrival[pick + 1][(int) u] = end;
      }
      makespan = Math.max(makespan, end);
    }
    for (int i = 0; i < m; i++) {
      assertThat(head[i]).as("generator stalled on link %d", i).isEqualTo(queues.get(i).size());
    }
    return new Send(packets, records, makespan);
  }

  /** Lemma 2.2.1: the same packets and times, each link carrying the units in message order. */
  static List<Schedule.Transmission> inMessageOrder(List<Schedule.Transmission> records) {
    List<Schedule.Transmission> sorted = new ArrayList<>(records);
    sorted.sort(
        java.util.Comparator.comparingInt(Schedule.Transmission::from)
            .thenComparingLong(Schedule.Transmission::start));
    long[] next = new long[sorted.stream().mapToInt(Schedule.Transmission::to).max().orElse(0) + 1];
    int[] number = new int[next.length];
    List<Schedule.Transmission> out = new ArrayList<>();
    for (Schedule.Transmission t : sorted) {
      out.add(
          new Schedule.Transmission(
              t.message(),
              number[t.from()]++,
              t.size(),
              t.from(),
              t.to(),
              t.start(),
              next[t.from()]));
      next[t.from()] += t.size();
    }
    return out;
  }

  private static CheckReport check(
      Instance inst, TimeScale scale, List<Schedule.Transmission> records) {
    return ScheduleChecker.check(inst, new Schedule.Transmissions(scale, records));
  }

  private static void valid(CheckReport report, long makespan, String what) {
    assertThat(report.violations()).as("%s: violations", what).isEmpty();
    assertThat(report.makespan()).as("%s: makespan", what).isEqualTo(makespan);
  }

  private record Case(
      int n, int m, long beta, long tau, TimeScale scale, Instance inst, Send send, String what) {}

  /**
   * A random send (n 1..30, m 1..6, one of the cost pairs), checked valid under the ports it was
   * built for.
   */
  private static Case randomCase(SplittableRandom rnd, boolean onePort) {
    String[] cost = COSTS[rnd.nextInt(COSTS.length)];
    int n = rnd.nextInt(1, 31);
    int m = rnd.nextInt(1, 7);
    CommModel.StoreAndForward model = model(cost, onePort);
    TimeScale scale = model.timeScale();
    long beta = model.betaTicks(scale);
    long tau = model.tauTicks(scale);
    String what =
        String.format(
            "n %d m %d beta %s tau %s %s",
            n, m, cost[0], cost[1], onePort ? "one port" : "all ports");
    Send s = randomSend(rnd, n, m, beta, tau, onePort);
    Instance inst = instance(n, m, model);
    valid(check(inst, scale, s.records()), s.makespan(), what);
    return new Case(n, m, beta, tau, scale, inst, s, what);
  }

  @TestFactory
  Stream<DynamicTest> p11LinkBound() {
    return Seeds.seeds(CASES)
        .mapToObj(
            seed ->
                DynamicTest.dynamicTest(
                    "seed " + seed,
                    () -> {
                      Case c = randomCase(new SplittableRandom(seed), false);

                      PacketContentDigraph d =
                          new PacketContentDigraph(c.send().packets(), c.beta(), c.tau());
                      for (PacketContentDigraph.Edge e :
                          d.edges()) { // an edge joins packets that do not overlap in time
                        assertThat(d.packet(e.fromLink(), e.fromIndex()).end(c.beta(), c.tau()))
                            .as("%s: %s", c.what(), e)
                            .isLessThanOrEqualTo(d.packet(e.toLink(), e.toIndex()).start());
                      }
                      assertThat(d.time())
                          .as("%s: t(D) <= makespan", c.what())
                          .isLessThanOrEqualTo(c.send().makespan());
                      assertThat(d.time())
                          .as("%s: t(D) >= S_*(n,m)", c.what())
                          .isGreaterThanOrEqualTo(
                              new PathSending(c.beta(), c.tau()).sStar(c.n(), c.m()));

                      // P12 (Lemma 2.2.1): units in message order on every link, same times: still
                      // valid, same makespan
                      List<Schedule.Transmission> ordered = inMessageOrder(c.send().records());
                      valid(
                          check(c.inst(), c.scale(), ordered),
                          c.send().makespan(),
                          c.what() + " in message order");
                      // Lemma 2.3.1 (for a send in message order): lambda(i,j) -> (i,j) is a plane
                      // embedding
                      PacketContentDigraph dOrdered =
                          new PacketContentDigraph(PathPacket.of(ordered), c.beta(), c.tau());
                      List<int[]> between = new ArrayList<>();
                      for (PacketContentDigraph.Edge e : dOrdered.edges()) {
                        if (e.kind() == PacketContentDigraph.EdgeKind.OVERLAPPING) {
                          between.add(new int[] {e.fromLink(), e.fromIndex(), e.toIndex()});
                        }
                      }
                      assertNoCrossing(between, c.what());
                      assertThat(dOrdered.time())
                          .as("%s: ordered t(D)", c.what())
                          .isBetween(
                              new PathSending(c.beta(), c.tau()).sStar(c.n(), c.m()),
                              c.send().makespan());
                    }));
  }

  @TestFactory
  Stream<DynamicTest> p11ProcessorBound() {
    return Seeds.seeds(CASES)
        .mapToObj(
            seed ->
                DynamicTest.dynamicTest(
                    "seed " + seed,
                    () -> {
                      Case c = randomCase(new SplittableRandom(Seeds.mix(seed)), true);
                      List<Schedule.Transmission> ordered =
                          inMessageOrder(c.send().records()); // P12
                      valid(
                          check(c.inst(), c.scale(), ordered),
                          c.send().makespan(),
                          c.what() + " in message order");

                      PacketTimeDigraph g =
                          new PacketTimeDigraph(c.send().packets(), c.beta(), c.tau());
                      PathSending ps = new PathSending(c.beta(), c.tau());
                      if (c.m()
                          == 1) { // no relay: G is empty; the one link's packets alone give S_1(n,
                        // 1) = beta + n tau
                        assertThat(g.time()).isZero();
                        assertThat(
                                new PacketContentDigraph(c.send().packets(), c.beta(), c.tau())
                                    .time())
                            .isGreaterThanOrEqualTo(ps.sOne(c.n(), 1));
                        return;
                      }
                      assertThat(g.time())
                          .as("%s: t(G) <= makespan", c.what())
                          .isLessThanOrEqualTo(c.send().makespan());
                      assertThat(g.time())
                          .as("%s: t(G) >= S_1(n,m)", c.what())
                          .isGreaterThanOrEqualTo(ps.sOne(c.n(), c.m()));
                      List<int[]> between = new ArrayList<>();
                      for (PacketTimeDigraph.Edge e : g.edges()) {
                        PacketTimeDigraph.Node q = e.from();
                        PacketTimeDigraph.Node r = e.to();
                        assertThat(q.packet().end(c.beta(), c.tau()))
                            .as("%s: %s", c.what(), e)
                            .isLessThanOrEqualTo(r.packet().start());
                        long fq = g.receivedBefore(q) + g.sentBefore(q);
                        long fr = g.receivedBefore(r) + g.sentBefore(r);
                        switch (e.kind()) {
                          case ADJACENT ->
                              assertThat(fq + q.packet().size())
                                  .as("%s: Lemma 2.4.2(2) on %s", c.what(), e)
                                  .isEqualTo(fr);
                          case SUCCESSOR ->
                              assertThat(fq)
                                  .as("%s: Lemma 2.4.2(3) on %s", c.what(), e)
                                  .isGreaterThanOrEqualTo(fr);
                          case PREDECESSOR ->
                              assertThat(g.receivedAfter(r) + g.sentAfter(r))
                                  .as("%s: Lemma 2.4.4 on %s", c.what(), e)
                                  .isGreaterThanOrEqualTo(g.receivedAfter(q) + g.sentAfter(q));
                          default -> throw new AssertionError(e);
                        }
                        if (q.relay() != r.relay()) {
                          assertThat(r.relay())
                              .as("%s: %s joins neighbouring rows", c.what(), e)
                              .isEqualTo(q.relay() + 1);
                          between.add(new int[] {q.relay(), q.index(), r.index()});
                        }
                      }
                      assertNoCrossing(between, c.what()); // Lemma 2.4.1
                      for (int v = 1; v < c.m(); v++) {
                        for (PacketTimeDigraph.Node q : g.row(v)) {
                          assertThat(g.receivedBefore(q))
                              .as("%s: Lemma 2.4.2(1) at %s", c.what(), q)
                              .isGreaterThanOrEqualTo(g.sentBefore(q));
                          assertThat(g.receivedAfter(q))
                              .as("%s: Lemma 2.4.4 at %s", c.what(), q)
                              .isLessThanOrEqualTo(g.sentAfter(q));
                          assertThat(
                                  g.receivedBefore(q)
                                      + g.sentBefore(q)
                                      + q.packet().size()
                                      + g.receivedAfter(q)
                                      + g.sentAfter(q))
                              .as("%s: identity (2.1) at %s", c.what(), q)
                              .isEqualTo(2L * c.n());
                        }
                      }
                    }));
  }

  /**
   * Proposition 2.3.1: the link pipeline with packets of size k has the grid as D, and t(D) >=
   * T_*(n,m,k).
   */
  @TestFactory
  Stream<DynamicTest> proposition231PipelineGrid() {
    return Seeds.seeds(Seeds.cases(4, 20))
        .mapToObj(
            seed ->
                DynamicTest.dynamicTest(
                    "seed " + seed,
                    () -> {
                      SplittableRandom rnd = new SplittableRandom(seed);
                      long beta = rnd.nextInt(0, 20);
                      long tau = rnd.nextInt(beta == 0 ? 1 : 0, 6);
                      int n = rnd.nextInt(1, 31);
                      int m = rnd.nextInt(1, 7);
                      int k = rnd.nextInt(1, n + 1);
                      int q = (n + k - 1) / k;
                      List<PathPacket> packets = pipeline(n, m, k, beta, tau, false);
                      PacketContentDigraph d = new PacketContentDigraph(packets, beta, tau);
                      List<PacketContentDigraph.Edge> grid = new ArrayList<>();
                      for (int i = 0; i < m; i++) {
                        for (int j = 0; j < q; j++) {
                          if (j + 1 < q) {
                            grid.add(
                                new PacketContentDigraph.Edge(
                                    i, j, i, j + 1, PacketContentDigraph.EdgeKind.ADJACENT));
                          }
                          if (i + 1 < m) {
                            grid.add(
                                new PacketContentDigraph.Edge(
                                    i, j, i + 1, j, PacketContentDigraph.EdgeKind.OVERLAPPING));
                          }
                        }
                      }
                      String what =
                          String.format("n %d m %d k %d beta %d tau %d", n, m, k, beta, tau);
                      assertThat(d.edges()).as(what).containsExactlyInAnyOrderElementsOf(grid);
                      assertThat(d.time())
                          .as(what)
                          .isGreaterThanOrEqualTo(new PathSending(beta, tau).tStar(n, m, k));
                    }));
  }

  /**
   * Proposition 2.4.1: the processor pipeline with packets of size k (checked valid under one port)
   * has a packet time digraph with {@code 2 ceil(n/k)} nodes on each of its {@code m - 1} rows, and
   * {@code T_1(n,m,k) <= t(G) <= makespan}.
   */
  @TestFactory
  Stream<DynamicTest> proposition241PipelineGrid() {
    return Seeds.seeds(Seeds.cases(4, 20))
        .mapToObj(
            seed ->
                DynamicTest.dynamicTest(
                    "seed " + seed,
                    () -> {
                      SplittableRandom rnd = new SplittableRandom(Seeds.mix(seed));
                      String[] cost = COSTS[rnd.nextInt(COSTS.length)];
                      CommModel.StoreAndForward model = model(cost, true);
                      TimeScale scale = model.timeScale();
                      long beta = model.betaTicks(scale);
                      long tau = model.tauTicks(scale);
                      int n = rnd.nextInt(1, 31);
                      int m = rnd.nextInt(2, 7);
                      int k = rnd.nextInt(1, n + 1);
                      int q = (n + k - 1) / k;
                      List<PathPacket> packets = pipeline(n, m, k, beta, tau, true);
                      List<Schedule.Transmission> records = new ArrayList<>();
                      long makespan = 0;
                      for (PathPacket p :
                          packets) { // packet number = position on its link; the pipeline lists
                        // them in j order
                        records.add(
                            new Schedule.Transmission(
                                "m0",
                                (int) (p.first() / k),
                                p.size(),
                                p.link(),
                                p.link() + 1,
                                p.start(),
                                p.first()));
                        makespan = Math.max(makespan, p.end(beta, tau));
                      }
                      String what =
                          String.format("n %d m %d k %d beta %s tau %s", n, m, k, cost[0], cost[1]);
                      valid(check(instance(n, m, model), scale, records), makespan, what);
                      PacketTimeDigraph g = new PacketTimeDigraph(packets, beta, tau);
                      for (int v = 1; v < m; v++) {
                        assertThat(g.row(v)).as("%s: row %d", what, v).hasSize(2 * q);
                      }
                      assertThat(g.time())
                          .as(what)
                          .isBetween(new PathSending(beta, tau).tOne(n, m, k), makespan);
                    }));
  }

  /**
   * The pipelines of docs/models/linear-cost.md#pipeline-formulas: packet j (from 1) holds units
   * {@code (j-1)k .. min(jk, n) - 1}; link d starts it when link d - 1 has delivered it and link d
   * has sent packet j - 1, and under the processor bound also when link d + 1 has sent packet j - 1
   * on.
   */
  private static List<PathPacket> pipeline(
      int n, int m, int k, long beta, long tau, boolean processorBound) {
    int q = (n + k - 1) / k;
    long[][] end = new long[m + 2][q + 1];
    List<PathPacket> packets = new ArrayList<>();
    for (int j = 1; j <= q; j++) {
      for (int d = 1; d <= m; d++) {
        long size = Math.min((long) j * k, n) - (long) (j - 1) * k;
        long start = Math.max(end[d][j - 1], end[d - 1][j]);
        if (processorBound) {
          start = Math.max(start, end[d + 1][j - 1]);
        }
        PathPacket p = new PathPacket(d - 1, (long) (j - 1) * k, size, start);
        end[d][j] = p.end(beta, tau);
        packets.add(p);
      }
    }
    return packets;
  }

  /** No two edges between the same two rows cross in the embedding (row, index) -> (row, index). */
  private static void assertNoCrossing(List<int[]> edges, String what) {
    for (int[] a : edges) {
      for (int[] b : edges) {
        if (a[0] == b[0] && a[1] < b[1]) {
          assertThat(a[2])
              .as("%s: edges %s and %s cross", what, Arrays.toString(a), Arrays.toString(b))
              .isLessThanOrEqualTo(b[2]);
        }
      }
    }
  }
}
