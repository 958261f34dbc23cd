package org.commsched.verify;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveStatus;
import org.commsched.core.testing.Seeds;
import org.commsched.heuristics.bufferless.scattergather.FdfScatter;
import org.commsched.heuristics.bufferless.scattergather.SpanningTrees;
import org.commsched.instances.generate.GeneratorSpec;
import org.commsched.instances.generate.Generators;
import org.commsched.instances.generate.LengthDistribution;
import org.commsched.instances.testing.Cases;
import org.commsched.solver.ForcedSearch;
import org.commsched.solver.MethodRegistry;
import org.commsched.solver.SolveRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 4's "done when" for bufferless scattering, across modules: {@code fdf} (heuristics) against
 * the exact models {@code cpsat} and {@code choco} (solver), the checker and the bounds (core).
 * Theorem 1 of Bhatt, Pucci, Ranade, Rosenberg, "Scattering and Gathering Messages in Networks of
 * Processors" (every FDF schedule is optimal on a tree), with the closed form of
 * docs/models/bufferless-scatter-gather.md#fdf, its multiport form
 * docs/models/bufferless-scatter-gather.md#fdf and the spanning-tree reading
 * docs/models/bufferless-scatter-gather.md#fdf.
 *
 * <ul>
 *   <li>Small random trees (random, binary, path, caterpillar, star; 3-8 nodes, 30% null lengths
 *       1-4), single port and all ports: fdf is OPTIMAL and its makespan equals the optimum {@code
 *       cpsat} and {@code choco} prove, both as the registry runs them and with the bare model
 *       forced to search ({@link ForcedSearch}), and equals the closed form recomputed here from
 *       breadth-first depths.
 *   <li>General graphs (random, mesh, torus, ring, hypercube, complete), the messages routed along
 *       a spanning tree (the default breadth-first tree written out as explicit routes, the {@code
 *       balanced} or the {@code broadcast} tree of {@link SpanningTrees}): fdf equals the forced
 *       {@code cpsat} optimum on that rerouted instance; on the breadth-first tree it also meets
 *       the network-wide bound of docs/models/bufferless-scatter-gather.md#fdf computed from
 *       network distances (single port).
 *   <li>Large random trees (10^4 to 10^5 nodes, a few cases): fdf's makespan, which the checker
 *       accepts, equals {@link FdfScatter#closedForm} on depths computed here and our own
 *       suffix-sum evaluation of the formula.
 * </ul>
 *
 * Cases: {@code -Dcommsched.cases=N} gives N / 5 small trees and N / 10 graphs (default N = 200: 40
 * and 20). A failure prints the seed and the instance JSON.
 */
class ScatterCrossCheckProperties {
  private static final MethodRegistry REGISTRY = MethodRegistry.standard();
  private static final SolveLimits LIMITS = new SolveLimits(Duration.ofSeconds(10), 1, 3L);
  private static final List<String> TREES =
      List.of("tree", "tree-binary", "tree-path", "tree-caterpillar", "star");
  private static final List<String> GRAPHS =
      List.of("random", "mesh", "torus", "ring", "hypercube", "complete");
  private static final LengthDistribution LENGTHS =
      LengthDistribution.parse("zeros:30:uniform:1..4");

  static LongStream treeSeeds() {
    return Seeds.seeds(Seeds.cases(5, 1));
  }

  static LongStream graphSeeds() {
    return Seeds.seeds(Seeds.cases(10, 1));
  }

  private static CommModel.BufferlessPorts ports(SplittableRandom r) {
    return r.nextBoolean() ? CommModel.BufferlessPorts.SINGLE : CommModel.BufferlessPorts.ALL;
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("treeSeeds")
  void fdf_equalsCpsatAndChoco_andTheClosedForm_onSmallTrees(long seed) {
    SplittableRandom r = new SplittableRandom(seed * 7919 + 1);
    String family = TREES.get(r.nextInt(TREES.size()));
    CommModel.BufferlessPorts ports = ports(r);
    GeneratorSpec spec =
        new GeneratorSpec(
            null,
            ProblemKind.SCATTER,
            family,
            3 + r.nextInt(6),
            0,
            LENGTHS,
            new CommModel.Bufferless(ports),
            r.nextLong(),
            false);
    Instance inst = Generators.instance(spec);
    String what = Cases.describe(seed, inst);
    long fdf = runFdf(inst, what);
    assertThat(fdf + 1)
        .as("fdf vs the closed form (paper T = makespan + 1) on " + what)
        .isEqualTo(Math.max(1, closedForm(inst, ports == CommModel.BufferlessPorts.ALL)));
    for (String name : List.of("cpsat", "choco")) {
      SolveResult exact = runValid(REGISTRY.byName(name), inst, what);
      assertThat(exact.status()).as(name + " on " + what).isEqualTo(SolveStatus.OPTIMAL);
      assertThat(exact.makespan()).as("fdf vs " + name + " on " + what).isEqualTo(fdf);
    }
    for (SolveResult forced :
        List.of(ForcedSearch.cpsat(inst, LIMITS), ForcedSearch.choco(inst, LIMITS))) {
      assertThat(forced.status())
          .as(forced.method() + " (forced search) on " + what)
          .isEqualTo(SolveStatus.OPTIMAL);
      assertThat(forced.makespan())
          .as("fdf vs " + forced.method() + " (forced search) on " + what)
          .isEqualTo(fdf);
    }
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("graphSeeds")
  void fdf_equalsCpsat_onGeneralGraphsThroughASpanningTree(long seed) {
    SplittableRandom r = new SplittableRandom(seed * 104729 + 5);
    String family = GRAPHS.get(r.nextInt(GRAPHS.size()));
    int size =
        family.equals("hypercube")
            ? 2 + r.nextInt(2)
            : family.equals("mesh") || family.equals("torus") ? 2 + r.nextInt(2) : 4 + r.nextInt(4);
    CommModel.BufferlessPorts ports = ports(r);
    GeneratorSpec spec =
        new GeneratorSpec(
            null,
            ProblemKind.SCATTER,
            family,
            size,
            3 + r.nextInt(4),
            LENGTHS,
            new CommModel.Bufferless(ports),
            r.nextLong(),
            false);
    Instance inst = Generators.instance(spec);
    String tree = List.of("bfs", "balanced", "broadcast").get(r.nextInt(3));
    Instance routed =
        tree.equals("bfs") ? Cases.withExplicitRoutes(inst) : SpanningTrees.reroute(inst, tree);
    String what = Cases.describe(seed, routed) + " (along the " + tree + " tree)";
    assertThat(routed.messages()).as(what).allMatch(Message::hasRoute);
    long fdf = runFdf(routed, what);
    SolveResult cp = ForcedSearch.cpsat(routed, LIMITS);
    assertThat(cp.status()).as("cpsat (forced search) on " + what).isEqualTo(SolveStatus.OPTIMAL);
    assertThat(cp.makespan()).as("fdf vs cpsat on " + what).isEqualTo(fdf);
    if (tree.equals("bfs")) {
      String plain = Cases.describe(seed, inst);
      assertThat(runFdf(inst, plain))
          .as("default routes vs the same tree written out, " + plain)
          .isEqualTo(fdf);
      SolveResult unforced = runValid(REGISTRY.byName("cpsat"), inst, plain);
      assertThat(unforced.status()).as(plain).isEqualTo(SolveStatus.OPTIMAL);
      assertThat(unforced.makespan()).as("fdf vs cpsat on " + plain).isEqualTo(fdf);
      if (ports == CommModel.BufferlessPorts.SINGLE) {
        // docs/models/bufferless-scatter-gather.md#fdf: the bound over network distances holds for
        // every route choice;
        // FDF on a BFS tree meets it
        int[] dist = Cases.distances(inst.network(), inst.root(), false);
        List<Message> ms = inst.messages();
        int[] depth = new int[ms.size()];
        long[] len = new long[ms.size()];
        for (int i = 0; i < ms.size(); i++) {
          depth[i] = dist[ms.get(i).to()];
          len[i] = ms.get(i).length();
        }
        assertThat(fdf + 1)
            .as("network-wide bound on " + plain)
            .isEqualTo(Math.max(1, Cases.closedFormPaperT(depth, len, null)));
      }
    }
  }

  /**
   * A few large random trees: fdf's makespan is the closed form, and the checker accepts the
   * schedule.
   */
  @Test
  void fdf_onLargeTrees_equalsTheClosedForm() {
    Object[][] cases = {
      {"tree", 10_000, CommModel.BufferlessPorts.SINGLE, 11L},
      {"tree", 100_000, CommModel.BufferlessPorts.ALL, 12L},
      {"tree-binary", 30_000, CommModel.BufferlessPorts.SINGLE, 13L},
      {"star", 10_000, CommModel.BufferlessPorts.ALL, 15L}
    };
    for (Object[] c : cases) {
      String family = (String) c[0];
      int size = (Integer) c[1];
      CommModel.BufferlessPorts ports = (CommModel.BufferlessPorts) c[2];
      long seed = (Long) c[3];
      GeneratorSpec spec =
          new GeneratorSpec(
              null,
              ProblemKind.SCATTER,
              family,
              size,
              0,
              LENGTHS,
              new CommModel.Bufferless(ports),
              seed,
              false);
      Instance inst = Generators.instance(spec);
      String what = "seed " + seed + ", " + spec; // the JSON of 10^5 messages is too long to print
      boolean multi = ports == CommModel.BufferlessPorts.ALL;
      long fdf = runFdf(inst, what);
      long ours = closedForm(inst, multi);
      assertThat(fdf + 1).as("fdf vs our closed form on " + what).isEqualTo(ours);

      int[] parent = Cases.bfsParents(inst.network(), inst.root(), false);
      int[] depthOf = Cases.depths(parent, inst.root());
      int[] rootChild = Cases.rootChild(parent, inst.root());
      List<Message> ms = inst.messages();
      int[] depth = new int[ms.size()];
      long[] len = new long[ms.size()];
      int[] stream = multi ? new int[ms.size()] : null;
      for (int i = 0; i < ms.size(); i++) {
        depth[i] = depthOf[ms.get(i).to()];
        len[i] = ms.get(i).length();
        if (multi) {
          stream[i] = rootChild[ms.get(i).to()];
        }
      }
      assertThat(FdfScatter.closedForm(depth, len, stream, 0).paperT())
          .as("FdfScatter.closedForm on " + what)
          .isEqualTo(ours);
    }
  }

  /**
   * The closed form over the instance's messages, depths by our own breadth-first search from the
   * root.
   */
  private static long closedForm(Instance inst, boolean multi) {
    int[] parent = Cases.bfsParents(inst.network(), inst.root(), false);
    for (Message m : inst.messages()) {
      if (m.hasRoute()) { // explicit tree routes: the tree they form
        List<Integer> route = m.route();
        for (int k = 1; k < route.size(); k++) {
          parent[route.get(k)] = route.get(k - 1);
        }
      }
    }
    int[] depthOf = Cases.depths(parent, inst.root());
    int[] rootChild = Cases.rootChild(parent, inst.root());
    List<Message> ms = inst.messages();
    int[] depth = new int[ms.size()];
    long[] len = new long[ms.size()];
    int[] stream = multi ? new int[ms.size()] : null;
    for (int i = 0; i < ms.size(); i++) {
      depth[i] = depthOf[ms.get(i).to()];
      len[i] = ms.get(i).length();
      if (multi) {
        stream[i] = rootChild[ms.get(i).to()];
      }
    }
    return Cases.closedFormPaperT(depth, len, stream);
  }

  /** fdf through the solve runner: applicable, checked, OPTIMAL; returns the makespan. */
  private static long runFdf(Instance inst, String what) {
    Method fdf = REGISTRY.byName("fdf");
    assertThat(fdf.whyNot(inst)).as("fdf applies to " + what).isNull();
    SolveResult r = runValid(fdf, inst, what);
    assertThat(r.status()).as("fdf on " + what).isEqualTo(SolveStatus.OPTIMAL);
    return r.makespan();
  }

  private static SolveResult runValid(Method m, Instance inst, String what) {
    SolveRunner.Outcome run = SolveRunner.run(m, inst, LIMITS);
    assertThat(run.result().hasSchedule()).as(m.name() + " on " + what).isTrue();
    assertThat(run.valid())
        .as(m.name() + " on " + what + ": " + run.report().violations())
        .isTrue();
    return run.result();
  }
}
