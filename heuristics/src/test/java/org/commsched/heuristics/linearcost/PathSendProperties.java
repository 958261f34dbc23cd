package org.commsched.heuristics.linearcost;

import static org.assertj.core.api.Assertions.assertThat;
import static org.commsched.instances.testing.ScheduleAssertions.assertValid;

import java.math.BigDecimal;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.commsched.core.bounds.LowerBounds;
import org.commsched.core.bounds.PathSending;
import org.commsched.core.check.CheckReport;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveStatus;
import org.commsched.core.testing.Seeds;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The send schemes of docs/models/linear-cost.md#path-send and #send-on-a-ring-and-in-grids over
 * seeded parameter grids (n <= 24, m <= 6 as in the thesis's checks): every schedule passes the
 * checker, its makespan is the formula computed independently by {@link PathSending}, and no lower
 * bound of the family exceeds it.
 */
class PathSendProperties {
  private static final String[] VALUES = {"0", "1", "5", "0.5", "2.25", "3", "272", "0.4"};

  static LongStream seeds() {
    return Seeds.seeds();
  }

  private static CommModel.StoreAndForward model(
      SplittableRandom r, CommModel.Ports ports, CommModel.OnePortRule rule) {
    String beta;
    String tau;
    do {
      beta = VALUES[r.nextInt(VALUES.length)];
      tau = VALUES[r.nextInt(VALUES.length)];
    } while (new BigDecimal(beta).signum() == 0 && new BigDecimal(tau).signum() == 0);
    return new CommModel.StoreAndForward(
        new BigDecimal(beta),
        new BigDecimal(tau),
        ports,
        r.nextBoolean() ? CommModel.Duplex.FULL : CommModel.Duplex.HALF,
        rule);
  }

  private static CommModel.OnePortRule rule(SplittableRandom r) {
    return r.nextBoolean()
        ? CommModel.OnePortRule.EXCHANGE
        : CommModel.OnePortRule.SEND_AND_RECEIVE;
  }

  private static PathSending formulas(Instance inst) {
    return PathSending.of((CommModel.StoreAndForward) inst.model(), inst.timeScale());
  }

  private static int[] path(int links) {
    int[] nodes = new int[links + 1];
    for (int i = 0; i <= links; i++) {
      nodes[i] = i;
    }
    return nodes;
  }

  /** No bound of the family is above a valid schedule (V12). */
  private static void boundsBelow(Instance inst, long makespan, String what) {
    for (LowerBound b : LowerBounds.all(inst)) {
      assertThat(b.value())
          .as(what + ": bound " + b.kind() + " " + b.witness())
          .isLessThanOrEqualTo(makespan);
    }
  }

  /**
   * P10: the lock-step pipeline with packets of k units is valid and ends at T_*(n, m, k), for
   * every k.
   */
  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void linkPipeline_everyK_takesTStar(long seed) {
    SplittableRandom r = new SplittableRandom(seed * 7919 + 3);
    int m = 1 + r.nextInt(6);
    long n = 1 + r.nextInt(24);
    long k = 1 + r.nextInt((int) n);
    CommModel.Ports ports = r.nextInt(3) == 0 ? CommModel.Ports.ONE : CommModel.Ports.ALL;
    Instance inst =
        new Instance(
            "link",
            new Problem.Send(0, m, n, null),
            model(r, ports, CommModel.OnePortRule.SEND_AND_RECEIVE),
            Network.of(new Topology.Bla(m + 1)));
    LcSchedule s = new LcSchedule(inst);
    long end = PathPipeline.link(s, path(m), "m0", 0, n, r.nextBoolean(), k, null, 0);
    CheckReport report = assertValid(seed, inst, s.schedule());
    assertThat(report.makespan()).isEqualTo(end).isEqualTo(formulas(inst).tStar(n, m, k));
    boundsBelow(inst, end, "seed " + seed);
  }

  /**
   * P10: the processor-bound pipeline is valid under every port and duplex rule and ends at T_1(n,
   * m, k), m >= 2.
   */
  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void procPipeline_everyK_takesTOne(long seed) {
    SplittableRandom r = new SplittableRandom(seed * 6007 + 11);
    int m = 1 + r.nextInt(6);
    long n = 1 + r.nextInt(24);
    long k = 1 + r.nextInt((int) n);
    CommModel.Ports ports = r.nextBoolean() ? CommModel.Ports.ONE : CommModel.Ports.ALL;
    Instance inst =
        new Instance(
            "proc",
            new Problem.Send(0, m, n, null),
            model(r, ports, rule(r)),
            Network.of(r.nextBoolean() ? new Topology.Bla(m + 1) : new Topology.Ula(m + 1)));
    LcSchedule s = new LcSchedule(inst);
    long end = PathPipeline.proc(s, path(m), "m0", 0, n, r.nextBoolean(), k, 0);
    CheckReport report = assertValid(seed, inst, s.schedule());
    PathSending ps = formulas(inst);
    // for one link the packets follow each other: ceil(n/k) beta + n tau (the T_1 formula
    // over-estimates, §2.1)
    long expected =
        m >= 2 ? ps.tOne(n, m, k) : PathPipeline.ceilDiv(n, k) * ps.beta() + n * ps.tau();
    assertThat(report.makespan()).isEqualTo(end).isEqualTo(expected);
    boundsBelow(inst, end, "seed " + seed);
  }

  /**
   * Theorems 2.3.1 and 2.4.1: on a path the methods reach S_* (all ports, or one port under
   * send-and-receive) and S_1 (one port, exchange) and prove it with the PATH bound.
   */
  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void pathMethods_reachTheOptimaAndProveThem(long seed) {
    SplittableRandom r = new SplittableRandom(seed * 104729 + 5);
    int m = 1 + r.nextInt(6);
    long n = 1 + r.nextInt(r.nextInt(4) == 0 ? 3000 : 40);
    CommModel.Ports ports = r.nextBoolean() ? CommModel.Ports.ONE : CommModel.Ports.ALL;
    CommModel.OnePortRule rule = rule(r);
    boolean reversed = r.nextBoolean();
    Instance inst =
        new Instance(
            "path",
            new Problem.Send(reversed ? m : 0, reversed ? 0 : m, n, null),
            model(r, ports, rule),
            Network.of(new Topology.Bla(m + 1)));
    PathSending ps = formulas(inst);
    boolean exchange = ports == CommModel.Ports.ONE && rule == CommModel.OnePortRule.EXCHANGE;
    SolveResult proc = new ProcessorPipelineSend().solve(inst, SolveLimits.defaults());
    assertValid(seed, inst, proc);
    assertThat(proc.makespan()).isEqualTo(ps.sOne(n, m));
    if (exchange) {
      assertThat(new LinkPipelineSend().whyNot(inst)).contains("lc-pipeline-proc");
      assertThat(proc.status()).isEqualTo(SolveStatus.OPTIMAL);
      assertThat(LinearCostMethods.provenOptimal(inst).name()).isEqualTo("lc-pipeline-proc");
    } else {
      SolveResult link = new LinkPipelineSend().solve(inst, SolveLimits.defaults());
      assertValid(seed, inst, link);
      assertThat(link.makespan()).isEqualTo(ps.sStar(n, m));
      assertThat(link.status()).isEqualTo(SolveStatus.OPTIMAL);
      assertThat(LinearCostMethods.provenOptimal(inst).name()).isEqualTo("lc-pipeline-link");
    }
  }

  /**
   * Lemma 3.2.3, the extended pipeline: link d carries {@code c + (L - d) k} units, so the node at
   * distance {@code L - i} holds {@code c + i k} units, all by {@code T_*(c, L, k)}. Checked as a
   * send to the first node, which gets every unit.
   */
  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void extendedPipeline_feedsNearerNodesMoreInTheSameTime(long seed) {
    SplittableRandom r = new SplittableRandom(seed * 31337 + 17);
    int links = 1 + r.nextInt(6);
    long k = 1 + r.nextInt(6);
    long c = 1 + r.nextInt(15);
    long total = c + (links - 1) * k;
    Instance inst =
        new Instance(
            "ext",
            new Problem.Send(0, 1, total, null),
            model(r, CommModel.Ports.ALL, CommModel.OnePortRule.EXCHANGE),
            Network.of(new Topology.Bla(links + 1)));
    long[] amounts = new long[links];
    for (int d = 0; d < links; d++) {
      amounts[d] = c + (links - 1 - d) * k;
    }
    LcSchedule s = new LcSchedule(inst);
    long end = PathPipeline.link(s, path(links), "m0", 0, total, false, k, amounts, 0);
    assertValid(seed, inst, s.schedule());
    assertThat(end).isEqualTo(formulas(inst).tStar(c, links, k));
  }

  /**
   * Observation 2.5.1: on a ring under all ports the split over the two paths is valid, takes
   * exactly {@code min over n0 of max(S_*(n0, m), S_*(n - n0, p - m))}, and the RING-SEND bound
   * proves it optimal.
   */
  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void ringSplit_isObservation251AndOptimal(long seed) {
    SplittableRandom r = new SplittableRandom(seed * 4099 + 23);
    int p = 3 + r.nextInt(8);
    int src = r.nextInt(p);
    int dst = (src + 1 + r.nextInt(p - 1)) % p;
    long n = 1 + r.nextInt(r.nextInt(4) == 0 ? 500 : 30);
    Instance inst =
        new Instance(
            "ring",
            new Problem.Send(src, dst, n, null),
            model(r, CommModel.Ports.ALL, CommModel.OnePortRule.EXCHANGE),
            Network.of(new Topology.Ring(p)));
    SolveResult res = new SplitPathsSend().solve(inst, SolveLimits.defaults());
    assertValid(seed, inst, res);
    long m = Math.floorMod(dst - src, p);
    assertThat(res.makespan()).isEqualTo(formulas(inst).ringSend(n, m, p));
    assertThat(res.status()).isEqualTo(SolveStatus.OPTIMAL);
    boundsBelow(inst, res.makespan(), "seed " + seed);
  }

  /**
   * §2.5: between hypercube nodes d >= 2 bits apart, the d disjoint paths take S_*(ceil(n/d), d).
   */
  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void hypercubeSplit_takesSStarOfAShare(long seed) {
    SplittableRandom r = new SplittableRandom(seed * 2027 + 29);
    int dim = 2 + r.nextInt(4);
    int src = r.nextInt(1 << dim);
    int dst;
    do {
      dst = r.nextInt(1 << dim);
    } while (Integer.bitCount(src ^ dst) < 2);
    int d = Integer.bitCount(src ^ dst);
    long n = 1 + r.nextInt(40);
    Instance inst =
        new Instance(
            "cube",
            new Problem.Send(src, dst, n, null),
            model(r, CommModel.Ports.ALL, CommModel.OnePortRule.EXCHANGE),
            Network.of(new Topology.Hypercube(dim)));
    SolveResult res = new SplitPathsSend().solve(inst, SolveLimits.defaults());
    assertValid(seed, inst, res);
    assertThat(res.makespan()).isEqualTo(formulas(inst).sStar(PathPipeline.ceilDiv(n, d), d));
    boundsBelow(inst, res.makespan(), "seed " + seed);
  }

  /**
   * §2.5: across a mesh, rows first and columns first, the best split of the two equal paths:
   * S_*(ceil(n/2), d).
   */
  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void meshSplit_takesSStarOfHalf(long seed) {
    SplittableRandom r = new SplittableRandom(seed * 3001 + 31);
    int rows = 2 + r.nextInt(3);
    int cols = 2 + r.nextInt(3);
    int src = r.nextInt(rows * cols);
    int dst;
    do {
      dst = r.nextInt(rows * cols);
    } while (dst / cols == src / cols || dst % cols == src % cols);
    int d = Math.abs(dst / cols - src / cols) + Math.abs(dst % cols - src % cols);
    long n = 1 + r.nextInt(40);
    Instance inst =
        new Instance(
            "mesh",
            new Problem.Send(src, dst, n, null),
            model(r, CommModel.Ports.ALL, CommModel.OnePortRule.EXCHANGE),
            Network.of(new Topology.Mesh(rows, cols)));
    SolveResult res = new SplitPathsSend().solve(inst, SolveLimits.defaults());
    assertValid(seed, inst, res);
    assertThat(res.makespan()).isEqualTo(formulas(inst).sStar(PathPipeline.ceilDiv(n, 2), d));
    boundsBelow(inst, res.makespan(), "seed " + seed);
  }
}
