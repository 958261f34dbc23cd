package org.commsched.core.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Network;
import org.commsched.core.model.Origin;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Schedule;
import org.commsched.core.model.Topology;
import org.commsched.core.testing.Seeds;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The fast path of the linear-cost checker ({@link LinearCostFastPath}: primitive hashes, index
 * arrays, runs of units) reports exactly what the definition ({@link LinearCostChecker}: maps and
 * lists, one block per rule) does: the same violations (kinds, places, messages, times, sentences)
 * in the same order, the same makespan, or the same overflow after the same violations. Both are
 * called directly on the same input. Seeded random sends, broadcasts and gossips on bus-like
 * arrays, rings, meshes, stars, complete graphs and random trees under random models; valid
 * schedules that forward every message along a random breadth-first tree (a send along the tree's
 * path to the target), each message cut into chunks, a packet carrying one chunk or several
 * (several records on one arc with one start), records with {@code first} or numbered without it,
 * placed by {@link TransmissionCases.ListScheduler}; checked valid, then mutated ({@link
 * TransmissionCases#mutate}). Cases: {@code -Dcommsched.cases=N} (default 200), five mutants each.
 */
class LinearCostFastPathProperties {

  static Stream<Long> seeds() {
    return Seeds.seeds().boxed();
  }

  private static Instance instance(SplittableRandom rnd) {
    Network net = Network.of(TransmissionCases.topology(rnd));
    int n = net.nodes();
    long length = 1 + rnd.nextInt(7);
    Problem p =
        switch (rnd.nextInt(3)) {
          case 0 -> {
            int source = rnd.nextInt(n);
            yield new Problem.Send(source, (source + 1 + rnd.nextInt(n - 1)) % n, length, null);
          }
          case 1 -> new Problem.Broadcast(rnd.nextInt(n), length);
          default -> new Problem.Gossip(length);
        };
    return new Instance("lc", p, TransmissionCases.model(rnd), net);
  }

  /**
   * A breadth-first tree from {@code root} with neighbours in random order: each node's parent (-1
   * at the root).
   */
  private static int[] bfsTree(Network net, int root, SplittableRandom rnd) {
    int[] parent = new int[net.nodes()];
    Arrays.fill(parent, -2);
    parent[root] = -1;
    ArrayDeque<Integer> queue = new ArrayDeque<>(List.of(root));
    List<Integer> order = new ArrayList<>();
    while (!queue.isEmpty()) {
      int u = queue.poll();
      order.add(u);
      List<Integer> out = new ArrayList<>();
      for (int k = 0; k < net.outDegree(u); k++) {
        out.add(net.head(net.outArc(u, k)));
      }
      for (int k = out.size() - 1; k > 0; k--) {
        int j = rnd.nextInt(k + 1);
        out.set(k, out.set(j, out.get(k)));
      }
      for (int v : out) {
        if (parent[v] == -2) {
          parent[v] = u;
          queue.add(v);
        }
      }
    }
    return parent;
  }

  /**
   * Every origin's units forwarded down a breadth-first tree (a send: only along the path to the
   * target), in chunks fixed per message; a packet carries one to three consecutive chunks as one
   * record each; records carry {@code first} or, per message, rely on the packet numbers.
   */
  static List<Schedule.Transmission> valid(Instance inst, SplittableRandom rnd) {
    Network net = inst.network();
    TransmissionCases.ListScheduler at = new TransmissionCases.ListScheduler(inst, rnd);
    List<Schedule.Transmission> out = new ArrayList<>();
    for (Origin o : inst.origins()) {
      int[] parent = bfsTree(net, o.node(), rnd);
      boolean[] on = new boolean[net.nodes()];
      if (inst.problem() instanceof Problem.Send s) {
        for (int v = s.target(); v >= 0; v = parent[v]) {
          on[v] = true;
        }
      } else {
        Arrays.fill(on, true);
      }
      List<Long> chunks = TransmissionCases.split(rnd, o.length(), 4);
      long[] first = new long[chunks.size()];
      for (int c = 1; c < chunks.size(); c++) {
        first[c] = first[c - 1] + chunks.get(c - 1);
      }
      boolean numbered = rnd.nextBoolean();
      long[][] holds = new long[net.nodes()][chunks.size()]; // when each node holds each chunk
      List<Integer> order = new ArrayList<>();
      for (int v = 0; v < net.nodes(); v++) {
        order.add(v);
      }
      order.sort((a, b) -> Integer.compare(depth(parent, a), depth(parent, b)));
      for (int v : order) {
        if (!on[v] || parent[v] < 0) {
          continue;
        }
        int a = net.arc(parent[v], v);
        for (int c = 0; c < chunks.size(); ) {
          int last = Math.min(chunks.size(), c + 1 + rnd.nextInt(3));
          long units = 0;
          long ready = 0;
          for (int d = c; d < last; d++) {
            units += chunks.get(d);
            ready = Math.max(ready, holds[parent[v]][d]);
          }
          long start = at.place(a, ready, units);
          for (int d = c; d < last; d++) {
            out.add(
                new Schedule.Transmission(
                    o.message(),
                    d,
                    chunks.get(d),
                    parent[v],
                    v,
                    start,
                    numbered ? null : first[d]));
            holds[v][d] = at.end(start, units);
          }
          c = last;
        }
      }
    }
    return TransmissionCases.shuffled(rnd, out);
  }

  private static int depth(int[] parent, int v) {
    int d = 0;
    for (int u = v; u >= 0 && parent[u] >= 0; u = parent[u]) {
      d++;
    }
    return d;
  }

  private static void assertSame(Instance inst, List<Schedule.Transmission> records, String what) {
    Schedule.Transmissions s = new Schedule.Transmissions(inst.timeScale(), records);
    List<Object> definition = TransmissionCases.report(LinearCostChecker::check, inst, s);
    assertThat(TransmissionCases.report(LinearCostFastPath::check, inst, s))
        .as("%s: the fast path against the " + "definition", what)
        .isEqualTo(definition);
    assertThat(TransmissionCases.report(LinearCostFastPropertiesHashed.RUN, inst, s))
        .as("%s: the fast path, pairs hashed, against the definition", what)
        .isEqualTo(definition);
  }

  /** The fast path with its (node, message) pairs numbered through their hash at every size. */
  private static final class LinearCostFastPropertiesHashed {
    static final TransmissionCases.Run RUN =
        (inst, s, scale, out) -> LinearCostFastPath.check(inst, s, scale, out, true);
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void validAndMutatedSchedules_fastPathReportsWhatTheDefinitionDoes(long seed) {
    SplittableRandom rnd = new SplittableRandom(seed);
    Instance inst = instance(rnd);
    List<Schedule.Transmission> valid = valid(inst, rnd);
    String what =
        "seed "
            + seed
            + ", "
            + inst.problem()
            + " on "
            + inst.network().topology()
            + ", "
            + inst.model();
    List<Object> definition =
        TransmissionCases.report(
            LinearCostChecker::check, inst, new Schedule.Transmissions(inst.timeScale(), valid));
    assertThat((List<?>) definition.get(0))
        .as("%s: the tree schedule %s is valid", what, valid)
        .isEmpty();
    assertSame(inst, valid, what + ", valid");
    for (int k = 0; k < 5; k++) {
      List<Schedule.Transmission> mutant =
          TransmissionCases.mutate(rnd, valid, inst.network().nodes());
      assertSame(inst, mutant, what + ", mutant " + mutant);
    }
  }

  /**
   * A unit whose packet ends exactly at {@link Long#MAX_VALUE} ticks is received (at the end of the
   * long range), on both paths: a send of one unit over one link, beta = tau = 1, starting at 2^63
   * - 3, ends at 2^63 - 1. (The fast path once took that end for "never" and reported the target
   * incomplete.)
   */
  @Test
  void aUnitArrivingAtTheEndOfTheLongRange_isReceived_onBothPaths() {
    Instance inst =
        new Instance(
            "edge",
            new Problem.Send(0, 1, 1, null),
            Fixtures.sf("1", "1", CommModel.Ports.ALL, CommModel.Duplex.FULL, null),
            Network.of(new Topology.Bla(2)));
    String id = inst.origins().get(0).message();
    Schedule.Transmissions s =
        new Schedule.Transmissions(
            inst.timeScale(),
            List.of(new Schedule.Transmission(id, 0, 1, 0, 1, Long.MAX_VALUE - 2, 0L)));
    List<Object> expected = List.of(List.of(), Long.MAX_VALUE);
    assertThat(TransmissionCases.report(LinearCostChecker::check, inst, s)).isEqualTo(expected);
    assertThat(TransmissionCases.report(LinearCostFastPath::check, inst, s)).isEqualTo(expected);
  }

  /**
   * The threshold: {@link ScheduleChecker} takes the fast path from {@link LinearCostFastPath#FROM}
   * records on and reports there what the definition does (a star's centre broadcasting one unit
   * per leaf; two packets at once).
   */
  @Test
  void scheduleCheckerTakesTheFastPathFromTheThresholdOn_withTheDefinitionsReport() {
    int leaves = LinearCostFastPath.FROM;
    CommModel.StoreAndForward onePort =
        Fixtures.sf(
            "1",
            "1",
            CommModel.Ports.ONE,
            CommModel.Duplex.FULL,
            CommModel.OnePortRule.SEND_AND_RECEIVE);
    Instance large =
        new Instance(
            "star",
            new Problem.Broadcast(0, 1),
            onePort,
            Network.of(new Topology.Star(leaves + 1)));
    String id = large.origins().get(0).message();
    List<Schedule.Transmission> records = new ArrayList<>();
    for (int v = 1; v <= leaves; v++) {
      records.add(new Schedule.Transmission(id, 0, 1, 0, v, 2L * (v - 1), 0L));
    }
    records.set(7, new Schedule.Transmission(id, 0, 1, 0, 8, 2L * 8, 0L));
    Schedule.Transmissions s = new Schedule.Transmissions(large.timeScale(), records);
    CheckReport r = ScheduleChecker.check(large, s);
    assertThat(r.violations())
        .extracting(Violation::kind)
        .as("the centre sends to 8 and 9 at once")
        .containsExactly(Kind.SEND_PORT);
    assertThat(List.of(r.violations(), r.makespan()))
        .isEqualTo(TransmissionCases.report(LinearCostChecker::check, large, s));
  }

  private static final CommModel.StoreAndForward ALL_PORTS =
      Fixtures.sf("5", "1", CommModel.Ports.ALL, CommModel.Duplex.FULL, null);

  /**
   * A gossip of 2,100 nodes that delivers 5 of its 4,407,900 (node, message) pairs, behind one
   * unknown record: both paths list the unknown record and the first 9,999 incomplete pairs
   * (message by message, node by node, skipping the delivered ones, on either side of the cut),
   * then count the rest instead of building them: 4,407,895 - 9,999 = 4,397,896 more. The pairs
   * outnumber the fast path's dense table, so it counts over its hash of the pairs met. (V10 once
   * enumerated every missing pair: 10^10 of them for a 10^5-node ring, far past the time limit.)
   */
  @Test
  void aGossipMissingNearlyAllDeliveries_listsTheFirstAndCountsTheRest_onBothPaths() {
    int p = 2100;
    Instance inst =
        new Instance("g", new Problem.Gossip(1), ALL_PORTS, Network.of(new Topology.Ring(p)));
    List<Schedule.Transmission> records = new ArrayList<>();
    records.add(new Schedule.Transmission("nobody", 0, 1, 0, 1, 0, 0L));
    int[] delivered = {0, 4, 5, 1000, 2099}; // message i from node i to node i + 1 (mod p)
    for (int i : delivered) {
      records.add(
          new Schedule.Transmission(inst.origins().get(i).message(), 0, 1, i, (i + 1) % p, 0, 0L));
    }
    Schedule.Transmissions s = new Schedule.Transmissions(inst.timeScale(), records);
    List<Object> definition = TransmissionCases.report(LinearCostChecker::check, inst, s);
    assertThat(TransmissionCases.report(LinearCostFastPath::check, inst, s)).isEqualTo(definition);

    @SuppressWarnings("unchecked")
    List<Violation> found = (List<Violation>) definition.get(0);
    assertThat(found).hasSize(Findings.LIMIT + 1);
    assertThat(found.get(0).kind()).isEqualTo(Kind.UNKNOWN_MESSAGE);
    List<String> expected = new ArrayList<>(); // the first incomplete pairs, worked out here
    for (int i = 0; i < p && expected.size() < Findings.LIMIT - 1; i++) {
      for (int v = 0; v < p && expected.size() < Findings.LIMIT - 1; v++) {
        int message = i;
        boolean got = v == (i + 1) % p && Arrays.stream(delivered).anyMatch(d -> d == message);
        if (v != i && !got) {
          expected.add(
              "node "
                  + v
                  + " never receives 1 of the 1 units of "
                  + inst.origins().get(i).message()
                  + " (the first is unit 0)");
        }
      }
    }
    assertThat(found.subList(1, Findings.LIMIT)).extracting(Violation::detail).isEqualTo(expected);
    long missing = (long) p * (p - 1) - delivered.length;
    Violation last = found.get(Findings.LIMIT);
    assertThat(last.kind()).isEqualTo(Kind.TOO_MANY_VIOLATIONS);
    assertThat(last.detail())
        .contains("at least " + (missing - (Findings.LIMIT - 1)) + " more were left out");
  }

  /**
   * A broadcast on a ring of 12,000 nodes with no record: 11,999 nodes lack the message; both paths
   * list 10,000 and count 1,999 more.
   */
  @Test
  void aBroadcastWithNoRecords_countsTheNodesPastTheLimit_onBothPaths() {
    Network ring = Network.of(new Topology.Ring(12_000));
    Instance inst = new Instance("b", new Problem.Broadcast(5, 3), ALL_PORTS, ring);
    Schedule.Transmissions none = new Schedule.Transmissions(inst.timeScale(), List.of());
    List<Object> definition = TransmissionCases.report(LinearCostChecker::check, inst, none);
    assertThat(TransmissionCases.report(LinearCostFastPath::check, inst, none))
        .isEqualTo(definition);
    @SuppressWarnings("unchecked")
    List<Violation> found = (List<Violation>) definition.get(0);
    assertThat(found).hasSize(Findings.LIMIT + 1);
    assertThat(found.get(Findings.LIMIT).detail())
        .contains("at least " + (11_999 - Findings.LIMIT) + " more were left out");
  }

  /**
   * A gossip on a ring of 10^7 nodes with one record: both paths list the first incomplete pairs
   * and count the rest of its 10^14 - 10^7 without a pass over the 10^7 messages (which once made
   * an object and an id string for each): message m0 reaches node 1, so of the p (p - 1) pairs one
   * is delivered and 10,000 listed.
   */
  @Test
  void aGossipOfTenMillionNodes_countsItsMissingPairs_withoutAPassOverTheMessages() {
    int p = 10_000_000;
    Instance inst =
        new Instance("g", new Problem.Gossip(1), ALL_PORTS, Network.of(new Topology.Ring(p)));
    Schedule.Transmissions one =
        new Schedule.Transmissions(
            inst.timeScale(), List.of(new Schedule.Transmission("m0", 0, 1, 0, 1, 0, 0L)));
    List<Object> definition = TransmissionCases.report(LinearCostChecker::check, inst, one);
    assertThat(TransmissionCases.report(LinearCostFastPath::check, inst, one))
        .isEqualTo(definition);
    @SuppressWarnings("unchecked")
    List<Violation> found = (List<Violation>) definition.get(0);
    assertThat(found).hasSize(Findings.LIMIT + 1);
    assertThat(found.get(0).detail()).startsWith("node 2 never receives 1 of the 1 units of m0");
    assertThat(found.get(Findings.LIMIT).detail())
        .contains("at least " + ((long) p * (p - 1) - 1 - Findings.LIMIT) + " more were left out");
  }

  /**
   * Grouping records into packets by (arc, start): many packets on one arc, records of one packet
   * far apart in the file, equal starts on other arcs, starts in falling and random order, and a
   * complete graph whose arcs far outnumber the records (the fast path then numbers only the arcs
   * in use). The packets' numbering shows in the order of the port conflicts and of the senders
   * lacking units, which both paths must report alike.
   */
  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void recordsSharingArcsAndStartsInAnyOrder_groupIntoThePacketsTheDefinitionFinds(long seed) {
    SplittableRandom rnd = new SplittableRandom(seed);
    boolean complete = rnd.nextBoolean();
    Network net =
        Network.of(
            complete
                ? new Topology.Complete(40 + rnd.nextInt(30))
                : new Topology.Ring(3 + rnd.nextInt(6)));
    int n = net.nodes();
    long length = 1 + rnd.nextInt(6);
    Instance inst =
        new Instance(
            "t",
            rnd.nextBoolean()
                ? new Problem.Broadcast(rnd.nextInt(n), length)
                : new Problem.Gossip(length),
            TransmissionCases.model(rnd),
            net);
    List<Origin> origins = inst.origins();
    int hot = rnd.nextInt(net.arcs()); // the arc carrying many packets
    int count = 20 + rnd.nextInt(200);
    int starts = 1 + rnd.nextInt(12); // few distinct starts: many ties
    List<Schedule.Transmission> records = new ArrayList<>();
    for (int k = 0; k < count; k++) {
      int arc = rnd.nextInt(3) == 0 ? rnd.nextInt(net.arcs()) : hot;
      Origin o = origins.get(rnd.nextInt(Math.min(origins.size(), 3)));
      long first = rnd.nextLong(length);
      long size = 1 + rnd.nextLong(length - first);
      long start = rnd.nextInt(3) == 0 ? (long) (count - k) * 7 : 7L * rnd.nextInt(starts);
      records.add(
          new Schedule.Transmission(
              o.message(), 0, size, net.tail(arc), net.head(arc), start, first));
    }
    Schedule.Transmissions s = new Schedule.Transmissions(inst.timeScale(), records);
    List<Object> definition = TransmissionCases.report(LinearCostChecker::check, inst, s);
    assertThat(TransmissionCases.report(LinearCostFastPath::check, inst, s))
        .as("seed %d, %s", seed, records)
        .isEqualTo(definition);
    assertThat(TransmissionCases.report(LinearCostFastPropertiesHashed.RUN, inst, s))
        .as("seed %d, pairs hashed, %s", seed, records)
        .isEqualTo(definition);
  }
}
