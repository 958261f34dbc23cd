package org.commsched.core.bounds;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
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
import org.commsched.core.solve.LowerBound;
import org.commsched.core.testing.Seeds;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The fast computations of the lower bounds give what the plain ones give: the streaming arc
 * statistics of {@link ArcLoads#streaming} (line sweeps, subtree sums, tree climbs) and the port
 * tables built from them equal a walk over every hop ({@link ArcLoads#byMessage}); every bound list
 * computed the fast way equals the plain one ({@code Limits.walkRoutes}), witnesses included; and
 * the pruned threshold scans of {@link ResourceTable#best()} equal a scan of every resource. Seeded
 * random instances of every network family, chatting (more messages than {@link RandomInstances}
 * draws, on larger networks), scatter and gather (bufferless and store-and-forward, null messages
 * and explicit routes included) and dsa.
 */
class FastBoundsProperties {
  private static final int CASES = Seeds.cases();
  private static final BufferlessBounds.Limits STREAM =
      new BufferlessBounds.Limits(0, Long.MAX_VALUE);
  private static final BufferlessBounds.Limits STREAM_WALK =
      new BufferlessBounds.Limits(0, Long.MAX_VALUE, true);
  private static final BufferlessBounds.Limits LINEAR_CUT = new BufferlessBounds.Limits(0, 0);
  private static final BufferlessBounds.Limits LINEAR_CUT_WALK =
      new BufferlessBounds.Limits(0, 0, true);

  /** A random instance: the seed picks the family (all of them in turn) and the problem. */
  static Instance draw(long seed) {
    SplittableRandom rnd = new SplittableRandom(seed);
    String family = RandomInstances.FAMILIES[(int) (seed % RandomInstances.FAMILIES.length)];
    for (int attempt = 0; ; attempt++) {
      int pick = rnd.nextInt(5);
      Instance inst;
      if (pick == 4 && family.equals("ula")) {
        inst = dsa(rnd);
      } else if (pick <= 1 || pick == 4) {
        inst = chatting(family, RandomInstances.bufferless(rnd), rnd);
      } else {
        ProblemKind kind = rnd.nextBoolean() ? ProblemKind.SCATTER : ProblemKind.GATHER;
        CommModel model =
            pick == 2 ? RandomInstances.storeAndForward(rnd) : RandomInstances.bufferless(rnd);
        inst = RandomInstances.of(kind, family, model, 9, rnd);
      }
      if (inst != null) {
        return inst;
      }
    }
  }

  /**
   * Chatting with up to 40 messages on a network of the family, larger than RandomInstances' for
   * the lines.
   */
  private static Instance chatting(String family, CommModel model, SplittableRandom rnd) {
    Topology t;
    switch (family) {
      case "ula":
        t = new Topology.Ula(rnd.nextInt(2, 16));
        break;
      case "bla":
        t = new Topology.Bla(rnd.nextInt(2, 16));
        break;
      case "esm":
        t = new Topology.Esm(rnd.nextInt(1, 7), rnd.nextInt(2, 7));
        break;
      case "star":
        t = new Topology.Star(rnd.nextInt(2, 10));
        break;
      case "tree":
        {
          List<Integer> parents = new ArrayList<>();
          parents.add(-1);
          for (int v = 1, n = rnd.nextInt(2, 16); v < n; v++) {
            parents.add(rnd.nextInt(v));
          }
          t = new Topology.Tree(parents);
          break;
        }
      default:
        t = RandomInstances.topology(family, rnd);
        break;
    }
    Network net = Network.of(t);
    int n = net.nodes();
    int[][] dist = new int[n][];
    for (int v = 0; v < n; v++) {
      dist[v] = NetworkFacts.distFrom(net, v);
    }
    boolean explicitOk = !(t instanceof Topology.Ula) && !(t instanceof Topology.Esm);
    List<Message> ms = new ArrayList<>();
    int count = rnd.nextInt(1, 41);
    for (int i = 0; i < count * 4 && ms.size() < count; i++) {
      int u = rnd.nextInt(n);
      int v = rnd.nextInt(n);
      if (u == v || dist[u][v] < 0 || !routable(t, u, v)) {
        continue;
      }
      List<Integer> route =
          explicitOk && rnd.nextInt(4) == 0 ? RandomInstances.randomPath(net, u, v, rnd) : null;
      ms.add(new Message("m" + ms.size(), u, v, rnd.nextInt(1, 7), route));
    }
    if (ms.isEmpty()) {
      return null;
    }
    return new Instance("chatting-" + family, new Problem.Chatting(ms), model, net);
  }

  private static boolean routable(Topology t, int u, int v) {
    if (t instanceof Topology.Ula) {
      return u < v;
    }
    if (t instanceof Topology.Esm) {
      int cols = ((Topology.Esm) t).cols();
      return u / cols <= v / cols && u % cols <= v % cols;
    }
    return true;
  }

  private static Instance dsa(SplittableRandom rnd) {
    int n = rnd.nextInt(2, 16);
    List<Message> ms = new ArrayList<>();
    for (int i = rnd.nextInt(1, 30); i > 0; i--) {
      int lo = rnd.nextInt(n - 1);
      ms.add(new Message("b" + ms.size(), lo, rnd.nextInt(lo + 1, n), rnd.nextInt(1, 9)));
    }
    return new Instance(
        "dsa",
        new Problem.Dsa(ms),
        new CommModel.Bufferless(CommModel.BufferlessPorts.ALL),
        Network.of(new Topology.Ula(n)));
  }

  private static String show(Instance inst) {
    StringBuilder s =
        new StringBuilder(inst.kind() + " on " + inst.network().topology() + " " + inst.model());
    for (Message m : inst.messages()) {
      s.append("\n  ").append(m);
    }
    return s.toString();
  }

  static void sameStatistics(ResourceTable fast, ResourceTable plain, String what, String shown) {
    assertThat(fast.size()).isEqualTo(plain.size());
    for (int r = 0; r < plain.size(); r++) {
      assertThat(fast.count(r)).as("%s %d count\n%s", what, r, shown).isEqualTo(plain.count(r));
      assertThat(fast.sum(r)).as("%s %d load\n%s", what, r, shown).isEqualTo(plain.sum(r));
      if (plain.count(r) > 0) {
        assertThat(fast.minHead(r))
            .as("%s %d least head\n%s", what, r, shown)
            .isEqualTo(plain.minHead(r));
        assertThat(fast.minTail(r))
            .as("%s %d least tail\n%s", what, r, shown)
            .isEqualTo(plain.minTail(r));
      }
    }
  }

  @TestFactory
  Stream<DynamicTest> streamingStatistics_equalRouteWalk() {
    return Seeds.seeds(CASES)
        .mapToObj(
            seed ->
                DynamicTest.dynamicTest(
                    "seed " + seed,
                    () -> {
                      Instance inst = draw(31000L + seed);
                      String shown = "seed " + seed + ": " + show(inst);
                      boolean scatter = inst.kind() == ProblemKind.SCATTER;
                      boolean gather = inst.kind() == ProblemKind.GATHER;
                      int skipSend = scatter ? inst.root() : -1;
                      int skipRecv = gather ? inst.root() : -1;
                      ResourceTable[] plain =
                          ArcLoads.byMessage(inst, false, true, skipSend, skipRecv);
                      ResourceTable fast = ArcLoads.streaming(inst, ArcLoads.lengths(inst));
                      sameStatistics(fast, plain[0], "arc", shown);
                      ResourceTable[] ports =
                          ArcLoads.ports(inst.network(), fast, skipSend, skipRecv);
                      sameStatistics(ports[0], plain[1], "send port", shown);
                      sameStatistics(ports[1], plain[2], "receive port", shown);
                      // any work per message (store-and-forward puts beta + L tau on each arc)
                      SplittableRandom rnd = new SplittableRandom(seed);
                      long[] work = new long[inst.messages().size()];
                      ResourceTable walked = new ResourceTable(inst.network().arcs(), false);
                      for (int i = 0; i < work.length; i++) {
                        work[i] = rnd.nextLong(0, 1000);
                        if (inst.messages().get(i).length() > 0) {
                          int[] route = inst.atlas().arcs(i);
                          for (int k = 0; k < route.length; k++) {
                            walked.add(route[k], k, work[i], route.length - 1 - k);
                          }
                        }
                      }
                      sameStatistics(ArcLoads.streaming(inst, work), walked, "weighted arc", shown);
                    }));
  }

  @TestFactory
  Stream<DynamicTest> boundLists_fastEqualPlain() {
    return Seeds.seeds(CASES)
        .mapToObj(
            seed ->
                DynamicTest.dynamicTest(
                    "seed " + seed,
                    () -> {
                      Instance inst = draw(37000L + seed);
                      String shown = "seed " + seed + ": " + show(inst);
                      assertThat(LowerBounds.all(inst, STREAM))
                          .as(shown)
                          .isEqualTo(LowerBounds.all(inst, STREAM_WALK));
                      assertThat(LowerBounds.all(inst, LINEAR_CUT))
                          .as(shown)
                          .isEqualTo(LowerBounds.all(inst, LINEAR_CUT_WALK));
                      if (inst.kind() == ProblemKind.CHATTING) {
                        List<LowerBound> fast = new ArrayList<>();
                        List<LowerBound> plain = new ArrayList<>();
                        BufferlessBounds.virtualBounds(inst, fast, STREAM);
                        BufferlessBounds.virtualBounds(inst, plain, STREAM_WALK);
                        assertThat(fast).as(shown).isEqualTo(plain);
                      }
                    }));
  }

  /**
   * On the kept items of real instances: pruned scans find the same best subset as scanning every
   * resource.
   */
  @TestFactory
  Stream<DynamicTest> prunedScans_equalFullScans_onInstances() {
    return Seeds.seeds(CASES)
        .mapToObj(
            seed ->
                DynamicTest.dynamicTest(
                    "seed " + seed,
                    () -> {
                      Instance inst = draw(41000L + seed);
                      String shown = "seed " + seed + ": " + show(inst);
                      boolean scatter = inst.kind() == ProblemKind.SCATTER;
                      boolean gather = inst.kind() == ProblemKind.GATHER;
                      ResourceTable[] kept =
                          ArcLoads.byMessage(
                              inst,
                              true,
                              true,
                              scatter ? inst.root() : -1,
                              gather ? inst.root() : -1);
                      for (ResourceTable t : kept) {
                        assertThat(t.best(true)).as(shown).isEqualTo(t.best(false));
                      }
                    }));
  }

  /**
   * On random tables (a few resources, many items, keys up to 2^62 so that both sorts run): the
   * pruned scans equal the full ones, and the value is the largest {@code min head + work + min
   * tail} over all items of a resource and over every subset {tail >= x} and {head >= x}, evaluated
   * from the definition.
   */
  @TestFactory
  Stream<DynamicTest> prunedScans_equalDefinition_onRandomTables() {
    return Seeds.seeds(CASES)
        .mapToObj(
            seed ->
                DynamicTest.dynamicTest(
                    "seed " + seed,
                    () -> {
                      SplittableRandom rnd = new SplittableRandom(43000L + seed);
                      int resources = rnd.nextInt(1, 6);
                      long range = rnd.nextBoolean() ? 20 : 1L << rnd.nextInt(20, 62);
                      ResourceTable t = new ResourceTable(resources, true);
                      List<long[]> items = new ArrayList<>();
                      StringBuilder shown =
                          new StringBuilder(
                              "seed " + seed + ", items (resource, head, work, tail):");
                      for (int i = rnd.nextInt(1, 40); i > 0; i--) {
                        long[] item = {
                          rnd.nextInt(resources),
                          rnd.nextLong(range),
                          rnd.nextLong(1, 30),
                          rnd.nextLong(range)
                        };
                        items.add(item);
                        shown.append(' ').append(Arrays.toString(item));
                        t.add((int) item[0], item[1], item[2], item[3]);
                      }
                      ResourceTable.Best pruned = t.best(true);
                      assertThat(pruned).as(shown.toString()).isEqualTo(t.best(false));
                      long best = Long.MIN_VALUE;
                      for (int r = 0; r < resources; r++) {
                        for (int mode = 0; mode < 3; mode++) {
                          for (long[] pivot : items) {
                            long work = 0;
                            long head = Long.MAX_VALUE;
                            long tail = Long.MAX_VALUE;
                            for (long[] it : items) {
                              boolean in =
                                  it[0] == r
                                      && (mode == 0
                                          || (mode == 1 ? it[3] >= pivot[3] : it[1] >= pivot[1]));
                              if (in) {
                                work += it[2];
                                head = Math.min(head, it[1]);
                                tail = Math.min(tail, it[3]);
                              }
                            }
                            if (work > 0) {
                              best = Math.max(best, head + work + tail);
                            }
                          }
                        }
                      }
                      assertThat(pruned.value()).as(shown.toString()).isEqualTo(best);
                    }));
  }
}
