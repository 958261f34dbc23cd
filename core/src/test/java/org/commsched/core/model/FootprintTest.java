package org.commsched.core.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.commsched.core.testing.Seeds;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The size estimate that refuses oversized instances before anything is built ({@link Footprint}):
 * its counts are the built network's, it refuses exactly above the bytes its documented per-item
 * costs add up to (the max memory is a parameter, so the decisions do not depend on the JVM running
 * the test), and the largest node count it names fits while one more does not.
 */
class FootprintTest {
  static Stream<Long> seeds() {
    return Seeds.seeds().boxed();
  }

  /** A random small topology of any family. */
  private static Topology topology(Random rnd) {
    int n = 3 + rnd.nextInt(30);
    int rows = 1 + rnd.nextInt(6);
    int cols = (rows == 1 ? 2 : 1) + rnd.nextInt(6);
    switch (rnd.nextInt(13)) {
      case 0:
        return new Topology.Ula(n);
      case 1:
        return new Topology.Bla(n);
      case 2:
        return new Topology.URing(2 + rnd.nextInt(30));
      case 3:
        return new Topology.Ring(n);
      case 4:
        return new Topology.Star(n);
      case 5:
        return new Topology.Complete(2 + rnd.nextInt(30));
      case 6:
        return new Topology.Esm(rows, cols);
      case 7:
        return new Topology.Mesh(rows, cols);
      case 8:
        return new Topology.Torus(rows, cols);
      case 9:
        return new Topology.Hypercube(1 + rnd.nextInt(6));
      case 10:
        return new Topology.FoldedHypercube(2 + rnd.nextInt(5));
      case 11:
        {
          List<Integer> parents = new ArrayList<>();
          parents.add(-1);
          for (int v = 1; v < n; v++) {
            parents.add(rnd.nextInt(v));
          }
          return new Topology.Tree(parents);
        }
      default:
        {
          List<Topology.Pair> pairs = new ArrayList<>();
          java.util.Set<Long> seen = new java.util.HashSet<>();
          boolean links = rnd.nextBoolean();
          for (int i = 0; i < 2 * n; i++) {
            int u = rnd.nextInt(n);
            int v = rnd.nextInt(n);
            if (u != v && seen.add((long) u * n + v) && (!links || seen.add((long) v * n + u))) {
              pairs.add(new Topology.Pair(u, v));
            }
          }
          return new Topology.Explicit(n, pairs, links);
        }
    }
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void theCountsAreThoseOfTheBuiltNetwork_beforeItIsBuilt(long seed) {
    Topology t = topology(new Random(seed));
    Network net = Network.of(t);
    Footprint f = Footprint.of(t, ProblemKind.CHATTING, 0);
    assertThat(f.nodes()).as(t.toString()).isEqualTo(net.nodes());
    assertThat(f.arcs()).as(t.toString()).isEqualTo(net.arcs());
    // only trees and explicit networks store their arcs (docs/DESIGN.md#implicit-networks)
    boolean stores = t instanceof Topology.Tree || t instanceof Topology.Explicit;
    assertThat(f.storedArcs()).as(t.toString()).isEqualTo(stores ? net.arcs() : 0);
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void itRefusesExactlyAboveTheBytesItsCostsAddUpTo(long seed) {
    Random rnd = new Random(seed);
    Topology t = topology(rnd);
    Network net = Network.of(t);
    ProblemKind kind = ProblemKind.values()[rnd.nextInt(ProblemKind.values().length)];
    long messages = rnd.nextInt(1000);
    long p = net.nodes();
    long records =
        switch (kind) {
          case GOSSIP -> p * (p - 1);
          case BROADCAST -> p - 1;
          case SEND -> 1;
          default -> messages;
        };
    long stored = t instanceof Topology.Tree || t instanceof Topology.Explicit ? net.arcs() : 0;
    // listed messages on ula, bla and ESM default routes: the bounds' line sweep, 48 bytes per arc
    // more (implicit arcs
    // included) when it sweeps arc by arc, with at most 8 arcs per run and up to two runs a
    // message, and 424 bytes per
    // listed message (a gossip's are implied) for its runs either way
    boolean runs =
        (t instanceof Topology.Ula || t instanceof Topology.Bla || t instanceof Topology.Esm)
            && messages > 0
            && kind != ProblemKind.SCATTER
            && kind != ProblemKind.GATHER;
    boolean sweep = runs && net.arcs() <= 16 * messages;
    // a gossip's implied messages cost nothing: computed from the node, no array of their lengths
    long read =
        24 * p
            + 32 * stored
            + 40L * net.arcs()
            + (kind == ProblemKind.GOSSIP ? 0 : 96L * messages)
            + (sweep ? 48L * net.arcs() : 0)
            + (runs && kind != ProblemKind.GOSSIP ? 424 * messages : 0);
    long solve = read + 64 * p + 64L * net.arcs() + 128 * records;
    Footprint f = Footprint.of(t, kind, messages);
    for (Footprint.Use use : Footprint.Use.values()) {
      long need = use == Footprint.Use.READ ? read : solve;
      assertThat(f.whyTooLarge(use, need)).as("exactly enough").isNull();
      assertThat(f.whyTooLarge(use, need - 1)).as("one byte short").isNotNull();
      assertThatThrownBy(() -> f.require(use, need - 1))
          .isInstanceOf(ModelException.class)
          .satisfies(e -> assertThat(((ModelException) e).pointer()).isEqualTo("/network"));
    }
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void theLargestRingItNamesFits_andOneNodeMoreDoesNot(long seed) {
    Random rnd = new Random(seed);
    ProblemKind kind =
        List.of(ProblemKind.GOSSIP, ProblemKind.BROADCAST, ProblemKind.SEND, ProblemKind.CHATTING)
            .get(rnd.nextInt(4));
    long messages = kind == ProblemKind.CHATTING ? 1 + rnd.nextInt(100) : 0;
    long maxMemory = 100_000 + (long) (rnd.nextDouble() * 50_000_000L);
    Footprint big = Footprint.of(new Topology.Ring(50_000_000), kind, messages);
    Footprint.Use use = rnd.nextBoolean() ? Footprint.Use.READ : Footprint.Use.SOLVE;
    long largest = big.largestNodes(use, maxMemory);
    assertThat(largest).isGreaterThanOrEqualTo(3);
    assertThat(
            Footprint.of(new Topology.Ring((int) largest), kind, messages)
                .whyTooLarge(use, maxMemory))
        .as("the named size fits")
        .isNull();
    assertThat(
            Footprint.of(new Topology.Ring((int) largest + 1), kind, messages)
                .whyTooLarge(use, maxMemory))
        .as("one node more does not")
        .isNotNull();
    assertThat(big.whyTooLarge(use, maxMemory)).contains("at most " + largest + " nodes");
  }

  @Test
  void aGossipOfTenToTheFiveNodesIsRefusedForItsDeliveries_andReadingItIsNot() {
    Footprint f = Footprint.of(new Topology.Ring(100_000), ProblemKind.GOSSIP, 0);
    long gigabyte = 1_000_000_000L;
    assertThat(f.whyTooLarge(Footprint.Use.READ, gigabyte)).as("the ring itself is small").isNull();
    String why = f.whyTooLarge(Footprint.Use.SOLVE, gigabyte);
    assertThat(why)
        .contains("100000 nodes", "9999900000 deliveries", "more than the 1.0 GB Java heap");
    // p (p - 1) 128-byte records plus 96 bytes a node (8 of them its implied message) and 104 an
    // arc (computed, none
    // stored, two a node): 128 p^2 + 176 p bytes, 999,715,552 for 2794 nodes, 1,000,431,120 for
    // 2795
    assertThat(why).contains("at most 2794 nodes of this shape fit (gossip methods take 1000)");
    String fix = why.substring(why.lastIndexOf("; ") + 2);
    assertThat(fix).matches("raise the heap with JAVA_OPTS=-Xmx\\d+g .*|use a smaller instance .*");
  }

  /**
   * Reading (to check) a gossip charges nothing for its implied messages, one a node: they are
   * computed from the node and their lengths are no longer read into an array (8 bytes each were
   * charged for it, 0.4 GB here). On a ring of 5 x 10^7 nodes (its 10^8 arcs computed, none stored)
   * both the broadcast and the gossip need 24 bytes a node and 40 an arc, 1.2 + 4.0 = 5.2 GB: read
   * with 5.2 GB, refused with a byte less, the line still counting the gossip's 5 x 10^7 messages.
   */
  @Test
  void readingAGossipChargesNothingForItsImpliedMessages() {
    long need = 24L * 50_000_000 + 40L * 100_000_000;
    Topology ring = new Topology.Ring(50_000_000);
    for (ProblemKind kind : List.of(ProblemKind.BROADCAST, ProblemKind.GOSSIP)) {
      assertThat(Footprint.of(ring, kind, 0).whyTooLarge(Footprint.Use.READ, need))
          .as(kind.toString())
          .isNull();
    }
    assertThat(Footprint.of(ring, ProblemKind.GOSSIP, 0).whyTooLarge(Footprint.Use.READ, need - 1))
        .contains("50000000 nodes", "and 50000000 messages need about 5.2 GB to read");
  }

  private static final CommModel ALL = new CommModel.Bufferless(CommModel.BufferlessPorts.ALL);
  private static final CommModel SINGLE =
      new CommModel.Bufferless(CommModel.BufferlessPorts.SINGLE);

  /**
   * The routes' hops, once counted ({@link Footprint#withHops}): a bufferless check holds per hop
   * two ints of route (8 bytes) and a hop task of at most 84 bytes on its arc, and under single
   * port two more on its node ports: 92 and 260 bytes a hop, for reading and solving alike. A
   * gather on a uring of 5 x 10^7 nodes from nodes 1 to 6 to the root 0 goes nearly all the way
   * round: (n - 1) + ... + (n - 6) = 6n - 21 = 299,999,979 hops, 27.6 GB of hop tasks on top of 24
   * bytes a node, 40 an arc (one a node) and 96 a message: 3,200,000,576 + 27,599,998,068 =
   * 30,799,998,644 bytes, refused well under it, with the hops in the line.
   */
  @Test
  void aBufferlessCheckIsChargedPerHop_ninetyTwoBytesOrTwoHundredSixtyUnderSinglePort() {
    Topology uring = new Topology.URing(50_000_000);
    long hops = 6L * 50_000_000 - 21;
    Footprint all = Footprint.of(uring, ProblemKind.GATHER, 6).withHops(hops, ALL);
    long need = 64L * 50_000_000 + 6 * 96 + 92 * hops;
    assertThat(all.bytes(Footprint.Use.READ)).isEqualTo((double) need);
    assertThat(all.whyTooLarge(Footprint.Use.READ, need)).isNull();
    assertThat(all.whyTooLarge(Footprint.Use.READ, 6_000_000_000L))
        .contains(
            "the uring network of 50000000 nodes (50000000 arcs, computed from the ids) and 6 messages over "
                + "299999979 route hops need about 30.8 GB to read, more than the 6.0 GB Java heap");
    Footprint single = Footprint.of(uring, ProblemKind.GATHER, 6).withHops(hops, SINGLE);
    assertThat(single.bytes(Footprint.Use.READ) - all.bytes(Footprint.Use.READ))
        .isEqualTo(2.0 * 84 * hops);
    // solving adds the methods' 64 bytes a node and an arc and one 128-byte record a bufferless
    // message (departures)
    assertThat(all.bytes(Footprint.Use.SOLVE) - all.bytes(Footprint.Use.READ))
        .isEqualTo(64.0 * 50_000_000 + 64.0 * 50_000_000 + 128 * 6);
  }

  /**
   * Under store-and-forward every hop of a route is at least one transmission record of the solved
   * schedule (128 bytes), so a chatting of 3 messages over 10^6 hops is charged 10^6 records to
   * solve, not 3; reading is not charged per hop (a check's records come from the schedule file).
   */
  @Test
  void aStoreAndForwardSolveCountsARecordPerHop_andItsReadNothingPerHop() {
    CommModel saf =
        new CommModel.StoreAndForward(
            java.math.BigDecimal.ONE,
            java.math.BigDecimal.ONE,
            CommModel.Ports.ALL,
            CommModel.Duplex.FULL,
            null);
    Topology ring = new Topology.Ring(2_000_000);
    Footprint plain = Footprint.of(ring, ProblemKind.CHATTING, 3);
    Footprint routed = plain.withHops(1_000_000, saf);
    assertThat(routed.records()).isEqualTo(1_000_000);
    assertThat(routed.bytes(Footprint.Use.READ)).isEqualTo(plain.bytes(Footprint.Use.READ));
    assertThat(routed.bytes(Footprint.Use.SOLVE) - plain.bytes(Footprint.Use.SOLVE))
        .isEqualTo(128.0 * (1_000_000 - 3));
    // fewer hops than messages: the messages' records stand
    assertThat(plain.withHops(2, saf).records()).isEqualTo(3);
  }

  /**
   * The largest size named for a routed instance scales the hops as the nodes less one (no route
   * has more than p - 1): a gather on a uring from node 1 to the root 0 has n - 1 hops, so reading
   * costs 24 n + 40 n + 96 + 92 (n - 1) = 156 n + 4 bytes; at 10^8 bytes 641,025 nodes fit
   * (99,999,904) and 641,026 do not (100,000,060).
   */
  @Test
  void theLargestRoutedGatherItNamesFits_andOneNodeMoreDoesNot() {
    Footprint big =
        Footprint.of(new Topology.URing(5_000_000), ProblemKind.GATHER, 1).withHops(4_999_999, ALL);
    assertThat(big.largestNodes(Footprint.Use.READ, 100_000_000L)).isEqualTo(641_025);
    assertThat(
            Footprint.of(new Topology.URing(641_025), ProblemKind.GATHER, 1)
                .withHops(641_024, ALL)
                .whyTooLarge(Footprint.Use.READ, 100_000_000L))
        .isNull();
    assertThat(
            Footprint.of(new Topology.URing(641_026), ProblemKind.GATHER, 1)
                .withHops(641_025, ALL)
                .whyTooLarge(Footprint.Use.READ, 100_000_000L))
        .contains("at most 641025 nodes of this shape fit");
  }

  @Test
  void aComplete46341IsSizedByItsArcs_thoughItStoresNone() {
    Footprint f = Footprint.of(new Topology.Complete(46_341), ProblemKind.CHATTING, 3);
    assertThat(f.arcs()).isEqualTo(46_341L * 46_340);
    assertThat(f.storedArcs()).isZero();
    assertThat(f.whyTooLarge(Footprint.Use.READ, 100_000_000_000L))
        .as("its bounds' tables fit 100 GB")
        .isNull();
    assertThat(f.whyTooLarge(Footprint.Use.READ, 50_000_000_000L)).as("not 50 GB").isNotNull();
    assertThat(f.whyTooLarge(Footprint.Use.SOLVE, 100_000_000_000L))
        .contains("2147441940 arcs, computed from the ids");
  }

  @Test
  void explicitGossipStopsAboveAThousandNodes() {
    Instance ok =
        new Instance(
            "g",
            new Problem.Gossip(1),
            new CommModel.StoreAndForward(
                java.math.BigDecimal.ONE,
                java.math.BigDecimal.ONE,
                CommModel.Ports.ALL,
                CommModel.Duplex.FULL,
                CommModel.OnePortRule.EXCHANGE),
            Network.of(new Topology.Ring(1000)));
    Instance over =
        new Instance("g", new Problem.Gossip(1), ok.model(), Network.of(new Topology.Ring(1001)));
    assertThat(Footprint.whyNotExplicitGossip("m", ok)).isNull();
    assertThat(Footprint.whyNotExplicitGossip("m", over))
        .startsWith("m writes every one")
        .contains("1001 (1001000");
  }

  @Test
  void chattingOnAnEsmCountsTheArcByArcLineSweepOfTheBoundsOnlyForManyMessagesAndScatterNever() {
    // the bounds of listed messages on one-turn ESM routes (ArcLoads.oneTurnRoutes) sweep every
    // arc, 48 bytes per
    // arc more than the per-arc tables, when there are at most 8 arcs per run (two runs a message);
    // with fewer
    // messages they sweep the messages' run ends and hold nothing per arc. Either way 424 bytes per
    // message. A 40 x 40 ESM has 2 x 40 x 39 = 3120
    // arcs: 195 messages (390 runs) or more sweep arc by arc, 194 do not.
    Topology esm = new Topology.Esm(40, 40);
    long arcs = 2L * 40 * 39;
    for (long m : new long[] {3, 194, 195, 1000}) {
      double chat = Footprint.of(esm, ProblemKind.CHATTING, m).bytes(Footprint.Use.READ);
      double scatter = Footprint.of(esm, ProblemKind.SCATTER, m).bytes(Footprint.Use.READ);
      assertThat(chat - scatter)
          .as("%d messages", m)
          .isEqualTo((m >= 195 ? 48.0 * arcs : 0) + 424.0 * m);
    }
    // three messages on 1500 x 1500: no per-arc sweep arrays, only the runs of the three
    Topology large = new Topology.Esm(1500, 1500);
    assertThat(
            Footprint.of(large, ProblemKind.CHATTING, 3).bytes(Footprint.Use.READ)
                - Footprint.of(large, ProblemKind.SCATTER, 3).bytes(Footprint.Use.READ))
        .isEqualTo(424.0 * 3);
  }
}
