package org.commsched.heuristics.linearcost;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.SplittableRandom;
import java.util.function.LongUnaryOperator;
import java.util.stream.LongStream;
import org.commsched.core.bounds.PathSending;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.testing.Seeds;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The broadcast schemes of Peters' thesis over seeded parameter grids
 * (docs/models/linear-cost.md#broadcast-schemes-implemented, claims P13, P14 of #properties): for a
 * random instance and a random packet size k the scheme's schedule passes the checker and its
 * makespan equals the thesis's formula as corrected (or stays within it where the thesis claims
 * only that), the formula written out here from the pipeline costs {@code T_*}, {@code T_1} ({@link
 * PathSending}); and the method's result equals the minimum of that formula over every k.
 */
class BroadcastSchemesProperties {
  /**
   * beta and tau pairs: the thesis's unit figures, the iPSC/860 figures, a pure round model and
   * unit cost.
   */
  private static final String[][] COSTS = {
    {"5", "1"}, {"272", "0.4"}, {"0", "1"}, {"1", "0"}, {"2", "3"}, {"7.5", "0.4"}
  };

  static LongStream seeds() {
    return Seeds.seeds(Seeds.cases(4, 50));
  }

  private record Case(Instance inst, PathSending f, long n, int p, long k) {}

  private static Case draw(
      long seed,
      Topology topology,
      int p,
      CommModel.Ports ports,
      CommModel.Duplex duplex,
      int maxN) {
    return draw(seed, topology, p, ports, duplex, CommModel.OnePortRule.EXCHANGE, maxN);
  }

  private static Case draw(
      long seed,
      Topology topology,
      int p,
      CommModel.Ports ports,
      CommModel.Duplex duplex,
      CommModel.OnePortRule rule,
      int maxN) {
    SplittableRandom rnd = new SplittableRandom(seed);
    String[] cost = COSTS[rnd.nextInt(COSTS.length)];
    CommModel.StoreAndForward model =
        new CommModel.StoreAndForward(
            new BigDecimal(cost[0]), new BigDecimal(cost[1]), ports, duplex, rule);
    long n = 1 + rnd.nextInt(maxN);
    Instance inst = BroadcastFixtures.broadcast(topology, rnd.nextInt(p), n, model);
    PathSending f = PathSending.of(model, inst.timeScale());
    return new Case(inst, f, n, p, 1 + rnd.nextLong(n));
  }

  /**
   * The scheme at the drawn k equals the formula, and the method reaches the formula's minimum over
   * k.
   */
  private static void holds(BroadcastScheme scheme, Case c, LongUnaryOperator formula) {
    assertThat(BroadcastFixtures.checkedMakespan(scheme, c.inst(), c.k()))
        .as("k = %d", c.k())
        .isEqualTo(formula.applyAsLong(c.k()));
    long best = Long.MAX_VALUE;
    for (long k = 1; k <= c.n(); k++) {
      best = Math.min(best, formula.applyAsLong(k));
    }
    SolveResult r = scheme.solve(c.inst(), SolveLimits.defaults());
    assertThat(r.makespan()).isEqualTo(best);
  }

  private static long ceilDiv(long a, long b) {
    return (a + b - 1) / b;
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void uringPipeline_equalsObservation321(long seed) {
    int p = 2 + new SplittableRandom(seed ^ 0x5eedL).nextInt(9);
    for (CommModel.Ports ports : CommModel.Ports.values()) {
      Case c = draw(seed, new Topology.URing(p), p, ports, CommModel.Duplex.FULL, 40);
      holds(
          new UringBroadcast(),
          c,
          k ->
              ports == CommModel.Ports.ONE && p >= 3
                  ? c.f().tOne(c.n(), p - 1, k)
                  : c.f().tStar(c.n(), p - 1, k));
    }
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void ringFullDuplexAllPorts_equalsTheorems321And322(long seed) {
    int p = 3 + new SplittableRandom(seed ^ 0x5eedL).nextInt(10);
    Case c = draw(seed, new Topology.Ring(p), p, CommModel.Ports.ALL, CommModel.Duplex.FULL, 60);
    long n = c.n();
    holds(
        new RingBroadcastFull(),
        c,
        k ->
            p % 2 == 0
                ? c.f().tStar(ceilDiv(n, 2), p / 2, k)
                : c.f().tStar(n - (n + k) / 2, (p + 1) / 2, k));
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void ringFullDuplexOnePort_equalsPropositions321And322(long seed) {
    int p = 3 + new SplittableRandom(seed ^ 0x5eedL).nextInt(10);
    Case c = draw(seed, new Topology.Ring(p), p, CommModel.Ports.ONE, CommModel.Duplex.FULL, 50);
    long n = c.n();
    long m = p / 2;
    holds(
        new RingBroadcastFullOnePort(),
        c,
        k ->
            p % 2 == 0
                ? c.f().tStar(n, m, k)
                : c.f().tStar(n + k * ceilDiv(k * (m - 1) + n, 2 * m * k), m, k));
    if (p % 2 == 1) { // Proposition 3.2.2's round count
      long q = ceilDiv(n, c.k());
      assertThat(new RingBroadcastFullOnePort().schedule(c.inst(), c.k()).rounds())
          .isEqualTo(m - 1 + q + ceilDiv(c.k() * (m - 1) + n, 2 * m * c.k()));
    }
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void ringHalfDuplexOnePort_equalsTheProcessorBoundCut(long seed) {
    int p = 3 + new SplittableRandom(seed ^ 0x5eedL).nextInt(10);
    Case c = draw(seed, new Topology.Ring(p), p, CommModel.Ports.ONE, CommModel.Duplex.HALF, 50);
    if (p % 2 == 0 || p == 3) {
      holds(new RingBroadcastHalfOnePort(), c, k -> c.f().tOne(c.n(), (p + 1) / 2, k));
      return;
    }
    // odd rings: the cut at k as above; the method may take the crossing-head family instead, never
    // later
    // (RingBroadcastCrossingHeadTest checks its schedules)
    assertThat(BroadcastFixtures.checkedMakespan(new RingBroadcastHalfOnePort(), c.inst(), c.k()))
        .isEqualTo(c.f().tOne(c.n(), (p + 1) / 2, c.k()));
    assertThat(new RingBroadcastHalfOnePort().solve(c.inst(), SolveLimits.defaults()).makespan())
        .isLessThanOrEqualTo(c.f().sOne(c.n(), (p + 1) / 2));
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void completeFullDuplexAllPorts_equalsProposition331(long seed) {
    int p = 2 + new SplittableRandom(seed ^ 0x5eedL).nextInt(7);
    Case c =
        draw(seed, new Topology.Complete(p), p, CommModel.Ports.ALL, CommModel.Duplex.FULL, 60);
    holds(new CompleteGraphBroadcastFull(), c, k -> c.f().tStar(ceilDiv(c.n() - k, p - 1), 2, k));
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void completeFullDuplexOnePort_equalsCorollaries331To333(long seed) {
    int p = 2 + new SplittableRandom(seed ^ 0x5eedL).nextInt(11);
    Case c =
        draw(seed, new Topology.Complete(p), p, CommModel.Ports.ONE, CommModel.Duplex.FULL, 40);
    holds(new CompleteGraphBroadcastOnePort(), c, k -> corollaries331To333(c, p, k));
  }

  /** The minimum of Corollaries 3.3.1-3.3.3 with packets of k on K_p. */
  private static long corollaries331To333(Case c, int p, long k) {
    long n = c.n();
    int d = 31 - Integer.numberOfLeadingZeros(p);
    long m = p / 2;
    long cube =
        c.f().tStar(n, d, k)
            + ((1 << d) == p ? 0 : c.f().tStar(n, 1, n)); // + beta + n tau (Cor 3.3.1)
    if (p < 3) {
      return cube;
    }
    long cycle =
        p % 2 == 0
            ? c.f().tStar(n, m, k)
            : c.f().tStar(n + k * ceilDiv(k * (m - 1) + n, 2 * m * k), m, k);
    return Math.min(cube, cycle);
  }

  /**
   * Under the send-and-receive one-port rule Fraigniaud and Lazard's Hamiltonian-path pipeline
   * {@code T_*(n, p - 1, k)} joins the minimum
   * (docs/models/linear-cost.md#broadcast-schemes-implemented, "Complete graph, F1").
   */
  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void completeSendAndReceive_addsTheHamiltonianPath(long seed) {
    int p = 2 + new SplittableRandom(seed ^ 0x5eedL).nextInt(8);
    Case c =
        draw(
            seed,
            new Topology.Complete(p),
            p,
            CommModel.Ports.ONE,
            CommModel.Duplex.FULL,
            CommModel.OnePortRule.SEND_AND_RECEIVE,
            50);
    holds(
        new CompleteGraphBroadcastOnePort(),
        c,
        k ->
            p < 3
                ? corollaries331To333(c, p, k)
                : Math.min(corollaries331To333(c, p, k), c.f().tStar(c.n(), p - 1, k)));
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void hypercubeOnePort_equalsProposition333(long seed) {
    int dim = 1 + new SplittableRandom(seed ^ 0x5eedL).nextInt(5);
    Case c =
        draw(
            seed,
            new Topology.Hypercube(dim),
            1 << dim,
            CommModel.Ports.ONE,
            CommModel.Duplex.FULL,
            40);
    holds(new HypercubeBroadcast(), c, k -> c.f().tStar(c.n(), dim, k));
  }

  /**
   * Proposition 3.3.2 claims only an upper bound, and per k the thesis's lock-step phases can
   * exceed it by about one tau (docs/models/linear-cost.md#broadcast-schemes); run as soon as
   * possible, every schedule here stays within the formula for its k, and the method's result
   * within the formula's minimum over k (P14).
   */
  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void completeHalfDuplexAllPorts_withinProposition332(long seed) {
    int p = 2 + new SplittableRandom(seed ^ 0x5eedL).nextInt(7);
    Case c =
        draw(seed, new Topology.Complete(p), p, CommModel.Ports.ALL, CommModel.Duplex.HALF, 90);
    long n = c.n();
    long beta = c.f().beta();
    long tau = c.f().tau();
    LongUnaryOperator formula =
        k -> {
          if (tau == 0) {
            return k == n ? beta : Long.MAX_VALUE;
          }
          long b = beta / tau;
          int r = 0;
          while (k < n && p * (((1L << r) - 1) * k + ((1L << r) - r - 1) * b) + k + r * b < n) {
            r++;
          }
          return n - k - r * b < 0
              ? Long.MAX_VALUE
              : (2L * r + 1) * beta + (2 * ceilDiv(n - k - r * b, p) + k) * tau;
        };
    long best = Long.MAX_VALUE;
    for (long k = 1; k <= n; k++) {
      long t = formula.applyAsLong(k);
      best = Math.min(best, t);
      if (t != Long.MAX_VALUE && (k == c.k() || k == n)) {
        assertThat(BroadcastFixtures.checkedMakespan(new CompleteGraphBroadcastHalf(), c.inst(), k))
            .as("k = %d", k)
            .isLessThanOrEqualTo(t);
      }
    }
    assertThat(new CompleteGraphBroadcastHalf().solve(c.inst(), SolveLimits.defaults()).makespan())
        .isLessThanOrEqualTo(best);
  }

  /**
   * Proposition 3.3.4's folded-hypercube scheme under every model that lets a node send on one link
   * while it receives on another: all ports (either duplex) and one port under send-and-receive
   * (either duplex). Its rounds in lock step take {@code T_*(n, m, k)} on {@code Q_m^+}; run as
   * soon as possible a node no longer waits for its round's partner, so the schedule ends at that
   * time or earlier (P13 as an upper bound), and the method's result is at most {@code S_*(n, m)}.
   */
  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void foldedHypercube_withinProposition334WhereValid(long seed) {
    int dim = 2 + new SplittableRandom(seed ^ 0x5eedL).nextInt(4);
    for (CommModel.Ports ports : CommModel.Ports.values()) {
      for (CommModel.Duplex duplex : CommModel.Duplex.values()) {
        Case c =
            draw(
                seed,
                new Topology.FoldedHypercube(dim),
                1 << dim,
                ports,
                duplex,
                CommModel.OnePortRule.SEND_AND_RECEIVE,
                40);
        assertThat(
                BroadcastFixtures.checkedMakespan(new FoldedHypercubeBroadcast(), c.inst(), c.k()))
            .as("%s %s k = %d", ports, duplex, c.k())
            .isLessThanOrEqualTo(c.f().tStar(c.n(), dim, c.k()));
        assertThat(
                new FoldedHypercubeBroadcast().solve(c.inst(), SolveLimits.defaults()).makespan())
            .isLessThanOrEqualTo(c.f().sStar(c.n(), dim));
      }
    }
  }

  /**
   * The hypercube scheme with its exchange rounds split (H1): {@code T_1(n, m, k)} on {@code Q_m}
   * and on {@code Q_m^+}; on {@code Q_1} one packet, {@code beta + n tau}.
   */
  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void hypercubeHalfOnePort_equalsT1(long seed) {
    SplittableRandom rnd = new SplittableRandom(seed ^ 0x5eedL);
    int dim = 1 + rnd.nextInt(5);
    Topology t =
        dim >= 2 && rnd.nextBoolean()
            ? new Topology.FoldedHypercube(dim)
            : new Topology.Hypercube(dim);
    Case drawn = draw(seed, t, 1 << dim, CommModel.Ports.ONE, CommModel.Duplex.HALF, 40);
    Case c = dim == 1 ? new Case(drawn.inst(), drawn.f(), drawn.n(), drawn.p(), drawn.n()) : drawn;
    holds(
        new HypercubeBroadcastHalfOnePort(),
        c,
        k -> dim == 1 && k != c.n() ? Long.MAX_VALUE : c.f().tOne(c.n(), dim, k));
  }

  /**
   * {@code K_p} under H1: the least, per k, of the split hypercube on {@code 2^d} nodes ({@code d =
   * floor(log2 p)}) plus one round of {@code beta + n tau} unless {@code p = 2^d}, and the ring cut
   * on a Hamiltonian cycle, {@code T_1(n, ceil(p/2), k)}. The pure embeddings end exactly at their
   * times; the extra round of the cube embedding starts as soon as its senders are done, so with it
   * the schedule ends at the formula or earlier.
   */
  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void completeHalfOnePort_equalsSplitCubeOrRingCut(long seed) {
    int p = 2 + new SplittableRandom(seed ^ 0x5eedL).nextInt(11);
    Case drawn =
        draw(seed, new Topology.Complete(p), p, CommModel.Ports.ONE, CommModel.Duplex.HALF, 40);
    Case c = p == 2 ? new Case(drawn.inst(), drawn.f(), drawn.n(), p, drawn.n()) : drawn;
    long n = c.n();
    int d = 31 - Integer.numberOfLeadingZeros(p);
    long hop = c.f().tStar(n, 1, n); // beta + n tau
    LongUnaryOperator cube =
        k -> d == 1 && k != n ? Long.MAX_VALUE : c.f().tOne(n, d, k) + ((1 << d) == p ? 0 : hop);
    LongUnaryOperator cycle = k -> p < 3 ? Long.MAX_VALUE : c.f().tOne(n, (p + 1) / 2, k);
    LongUnaryOperator formula = k -> Math.min(cube.applyAsLong(k), cycle.applyAsLong(k));
    if ((1 << d) == p || cycle.applyAsLong(c.k()) < cube.applyAsLong(c.k())) {
      holds(new CompleteGraphBroadcastHalfOnePort(), c, formula);
      return;
    }
    assertThat(
            BroadcastFixtures.checkedMakespan(
                new CompleteGraphBroadcastHalfOnePort(), c.inst(), c.k()))
        .isLessThanOrEqualTo(formula.applyAsLong(c.k()));
    long best = LongStream.rangeClosed(1, n).map(formula).min().getAsLong();
    assertThat(
            new CompleteGraphBroadcastHalfOnePort()
                .solve(c.inst(), SolveLimits.defaults())
                .makespan())
        .isLessThanOrEqualTo(best);
  }
}
