package org.commsched.heuristics.bufferless.scattergather;

import static org.assertj.core.api.Assertions.assertThat;
import static org.commsched.instances.testing.ScheduleAssertions.assertValid;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.commsched.core.bounds.LowerBounds;
import org.commsched.core.check.ScheduleChecker;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Schedule;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.testing.Seeds;
import org.commsched.instances.testing.GatherCases;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Claims 13-20 of docs/models/bufferless-scatter-gather.md#properties about
 * Transmission-Certification (Bhatt, Pucci, Ranade, Rosenberg, "Scattering and Gathering Messages
 * in Networks of Processors", §3.2, Theorem 3, with the corrections of
 * docs/models/bufferless-scatter-gather.md#transmission-certification, #corrections), for every
 * preset of docs/models/bufferless-scatter-gather.md#transmission-certification and the multiport
 * variant of docs/models/bufferless-scatter-gather.md#tc-multiport, over seeded random trees of
 * 2-14 nodes gathered to a random node (recursive trees, stars, caterpillars, binary trees, paths)
 * and, one case in four, random connected networks through their breadth-first tree. Lengths 0..5,
 * about 35% null. Every figure the claims use (children, depths, D*, B_opt, t_0, root rows) is
 * recomputed here from the instance's routes. A failure names the seed, the preset and the
 * instance.
 */
class TransmissionCertificationProperties {
  static final SolveLimits LIMITS = SolveLimits.defaults();

  static final List<TcOptions> PRESETS =
      List.of(TcOptions.RECOMMENDED, TcOptions.PAPER_LITERAL, TcOptions.IMPROVED);

  static LongStream seeds() {
    return Seeds.seeds();
  }

  static Instance instance(long seed, boolean multiport) {
    SplittableRandom r = new SplittableRandom(seed);
    return r.nextInt(4) == 0
        ? GatherCases.randomNetwork(r, multiport ? GatherCases.ALL : GatherCases.SINGLE)
        : GatherCases.randomTree(r, 14, multiport ? GatherCases.ALL : GatherCases.SINGLE);
  }

  /** The presets plus, for this seed, RECOMMENDED with a computation cost kappa in 1..2. */
  static List<TcOptions> variants(long seed) {
    List<TcOptions> out = new ArrayList<>(PRESETS);
    out.add(TcOptions.RECOMMENDED.withKappa(1 + new SplittableRandom(~seed).nextInt(2)));
    return out;
  }

  static String ctx(long seed, TcOptions o, Instance inst) {
    return "seed " + seed + ", " + o + ": " + GatherCases.describe(inst);
  }

  static long lengthOf(Instance inst, int v) {
    int i = inst.indexOf("M" + v);
    return i < 0 ? 0 : inst.messages().get(i).length();
  }

  /** The subtree flit counts n_v, recomputed from the routes. */
  static long[] subtreeFlits(Instance inst, List<List<Integer>> kids) {
    long[] n = new long[inst.network().nodes()];
    fill(inst, kids, inst.root(), n);
    return n;
  }

  private static long fill(Instance inst, List<List<Integer>> kids, int v, long[] n) {
    long sum = v == inst.root() ? 0 : lengthOf(inst, v);
    for (int k : kids.get(v)) {
      sum += fill(inst, kids, k, n);
    }
    n[v] = sum;
    return sum;
  }

  /**
   * D* (docs/models/bufferless-scatter-gather.md#transmission-certification) recomputed: max over
   * root-to-leaf paths of the inner nodes' degrees plus the edges.
   */
  static long dStar(List<List<Integer>> kids, int v) {
    if (kids.get(v).isEmpty()) {
      return 0;
    }
    long best = 0;
    for (int k : kids.get(v)) {
      best = Math.max(best, 1 + dStar(kids, k));
    }
    return kids.get(v).size() + best;
  }

  @ParameterizedTest
  @MethodSource("seeds")
  void claim13_everyPresetsTrace_passesTheChecker_onTreesAndNetworks(long seed) {
    Instance inst = instance(seed, false);
    for (TcOptions o : variants(seed)) {
      SolveResult r = new TransmissionCertification("tc", o).solve(inst, LIMITS);
      assertThat(ScheduleChecker.checkResult(inst, r).violations())
          .as(ctx(seed, o, inst))
          .isEmpty();
      assertThat(((Schedule.Departures) r.schedule()).control())
          .as(ctx(seed, o, inst))
          .hasSize(3 * (inst.messages().size()));
    }
    // the protocol's tree is the routes' tree
    GatherTree tree = GatherTree.of(inst);
    int[] parents = GatherOracles.parents(inst);
    for (int v = 0; v < parents.length; v++) {
      if (v != inst.root()) {
        assertThat(tree.parent[v]).as("seed " + seed + " parent of " + v).isEqualTo(parents[v]);
      }
    }
  }

  @ParameterizedTest
  @MethodSource("seeds")
  void claim14_certificatesAndOrders_haveThePapersShape(long seed) {
    Instance inst = instance(seed, false);
    List<List<Integer>> kids = GatherOracles.children(inst);
    long[] n = subtreeFlits(inst, kids);
    for (TcOptions o : variants(seed)) {
      TcRun run = new TransmissionCertification("tc", o).run(inst);
      for (int v = 0; v < kids.size(); v++) {
        if (v == inst.root()) {
          continue;
        }
        String at = ctx(seed, o, inst) + " node " + v;
        assertThat(run.stream(v)).as(at + " n_v").isEqualTo(n[v]);
        int d = kids.get(v).size();
        if (d == 0) {
          assertThat(run.lag(v)).as(at + " leaf c").isEqualTo(1);
        } else {
          assertThat(run.lag(v)).as(at + " inner c >= d + 1").isGreaterThanOrEqualTo(d + 1);
        }
        assertThat(run.orderValue(v)).as(at + " s >= c").isGreaterThanOrEqualTo(run.lag(v));
      }
    }
  }

  @ParameterizedTest
  @MethodSource("seeds")
  void claims15And16_theRootReceivesMFlitsGapFree_fromT0PlusC0_withT0Of2nPlusComputation(
      long seed) {
    Instance inst = instance(seed, false);
    List<List<Integer>> kids = GatherOracles.children(inst);
    int n = inst.messages().size(); // every non-root node holds a (possibly null) message
    for (TcOptions o : variants(seed)) {
      String at = ctx(seed, o, inst);
      TransmissionCertification m = new TransmissionCertification("tc", o);
      SolveResult r = m.solve(inst, LIMITS);
      TcRun run = m.run(inst);
      long compute = 0;
      long computeBelowRoot = 0;
      for (int v = 0; v < kids.size(); v++) {
        compute += o.computeSteps(kids.get(v).size());
        computeBelowRoot += v == inst.root() ? 0 : o.computeSteps(kids.get(v).size());
      }
      assertThat(run.t0()).as(at + " t_0").isEqualTo(2L * n + compute);
      long lastCertificate = 0;
      for (Schedule.ControlTransfer c : ((Schedule.Departures) r.schedule()).control()) {
        if (c.kind().equals(TcRun.CERTIFICATE) && c.to() == inst.root()) {
          lastCertificate = Math.max(lastCertificate, c.step() + 1);
        }
      }
      assertThat(lastCertificate)
          .as(at + " last certificate row")
          .isEqualTo(2L * n + computeBelowRoot);
      long total = inst.messages().stream().mapToLong(x -> x.length()).sum();
      long[] rows = GatherOracles.rootRows(inst, (Schedule.Departures) r.schedule());
      assertThat(rows).as(at).hasSize((int) total);
      for (int k = 0; k < rows.length; k++) {
        assertThat(rows[k])
            .as(at + " root row of flit " + k)
            .isEqualTo(run.t0() + run.rootLag() + k);
      }
      if (total > 0) {
        assertThat(r.makespan() + 1)
            .as(at + " T = t_0 + C_0 + M")
            .isEqualTo(run.t0() + run.rootLag() + total);
      }
    }
  }

  @ParameterizedTest
  @MethodSource("seeds")
  void claim17_correctedTheorem3_andEveryLowerBound(long seed) {
    Instance inst = instance(seed, false);
    long total = inst.messages().stream().mapToLong(x -> x.length()).sum();
    if (total == 0) {
      return;
    }
    List<List<Integer>> kids = GatherOracles.children(inst);
    long dStar = dStar(kids, inst.root());
    long bOpt = GatherOracles.broadcastRows(inst);
    List<LowerBound> bounds = new ArrayList<>(LowerBounds.all(inst));
    bounds.addAll(LowerBounds.protocolBounds(inst)); // LB-SYNC, LB-PAPER on tree networks
    for (TcOptions o : variants(seed)) {
      String at = ctx(seed, o, inst);
      TransmissionCertification m = new TransmissionCertification("tc", o);
      SolveResult r = m.solve(inst, LIMITS);
      TcRun run = m.run(inst);
      long paperT = r.makespan() + 1;
      assertThat(run.dStar()).as(at + " D*").isEqualTo(dStar);
      assertThat(paperT)
          .as(at + " T <= t_0 + D* + M")
          .isLessThanOrEqualTo(run.t0() + dStar + total);
      assertThat(paperT)
          .as(at + " T >= max(B_opt, M)")
          .isGreaterThanOrEqualTo(Math.max(bOpt, total));
      long sync = GatherTree.of(inst).syncBound();
      assertThat(r.makespan()).as(at + " >= LB-SYNC").isGreaterThanOrEqualTo(sync);
      assertThat(sync).as(at + " LB-SYNC >= LB-OFF").isGreaterThanOrEqualTo(r.lowerBound().value());
      for (LowerBound b : bounds) {
        assertThat(r.makespan()).as(at + " vs " + b).isGreaterThanOrEqualTo(b.value());
      }
    }
  }

  @ParameterizedTest
  @MethodSource("seeds")
  void claim18_geometricLagIsTheLeftmostStartOverEveryChildOrder_closedFormNeverBelow(long seed) {
    Instance inst = instance(seed, false);
    List<List<Integer>> kids = GatherOracles.children(inst);
    for (TcOptions o :
        List.of(
            TcOptions.RECOMMENDED,
            TcOptions.IMPROVED,
            TcOptions.RECOMMENDED.withEmpty(TcOptions.EmptySegments.INCLUDE))) {
      TcRun run = new TransmissionCertification("tc", o).run(inst);
      for (int v = 0; v < kids.size(); v++) {
        List<long[]> segs = segments(inst, kids, run, o, v);
        if (v == inst.root() || kids.get(v).isEmpty() || segs.size() > 7) {
          continue;
        }
        assertThat(run.lag(v)).as(ctx(seed, o, inst) + " node " + v).isEqualTo(bestStart(segs));
      }
    }
    // the printed closed form, with the same rules otherwise, is never below GEOMETRIC for the same
    // child lags, and
    // equal with at most one nonempty child segment
    TcOptions cf = TcOptions.RECOMMENDED.withLag(TcOptions.Lag.PAPER_CLOSED_FORM);
    TcRun run = new TransmissionCertification("tc", cf).run(inst);
    for (int v = 0; v < kids.size(); v++) {
      if (v == inst.root() || kids.get(v).isEmpty()) {
        continue;
      }
      List<long[]> segs = segments(inst, kids, run, cf, v);
      long geometric = segs.size() > 7 ? Long.MIN_VALUE : bestStart(segs);
      String at = ctx(seed, cf, inst) + " node " + v;
      if (segs.size() <= 2) {
        assertThat(run.lag(v)).as(at).isEqualTo(geometric);
      } else {
        assertThat(run.lag(v)).as(at).isGreaterThanOrEqualTo(geometric);
      }
    }
  }

  /**
   * Node v's segments {bound, length}: its own message, then its children as the options take them.
   */
  static List<long[]> segments(
      Instance inst, List<List<Integer>> kids, TcRun run, TcOptions o, int v) {
    List<long[]> segs = new ArrayList<>();
    int d = kids.get(v).size();
    segs.add(new long[] {d + 1, lengthOf(inst, v)});
    for (int j = 0; j < d; j++) {
      int k = kids.get(v).get(j);
      if (run.stream(k) > 0 || o.empty() == TcOptions.EmptySegments.INCLUDE) {
        long index = o.childBound() == TcOptions.ChildBound.CONSERVATIVE ? d : j + 1;
        segs.add(new long[] {index + 1 + run.lag(k), run.stream(k)});
      }
    }
    return segs;
  }

  /**
   * The smallest start s with s + (flits before segment k) >= bound_k for every k, over every order
   * of the child segments (brute force); the own segment stays first, since its bound d + 1 is also
   * the earliest any relay can start (the node sends orders until then).
   */
  static long bestStart(List<long[]> segs) {
    long[] best = {Long.MAX_VALUE};
    permute(segs, 1, best);
    return best[0];
  }

  private static void permute(List<long[]> segs, int k, long[] best) {
    if (k == segs.size()) {
      long s = 0;
      while (true) { // scan upward: the first start at which every segment meets its bound
        long at = s;
        boolean ok = true;
        for (long[] seg : segs) {
          if (at < seg[0]) {
            ok = false;
            break;
          }
          at += seg[1];
        }
        if (ok) {
          break;
        }
        s++;
      }
      best[0] = Math.min(best[0], s);
      return;
    }
    for (int i = k; i < segs.size(); i++) {
      java.util.Collections.swap(segs, k, i);
      permute(segs, k + 1, best);
      java.util.Collections.swap(segs, k, i);
    }
  }

  @ParameterizedTest
  @MethodSource("seeds")
  void claim19_monotonicityChainOfThePresetsAndOfEachFlag(long seed) {
    Instance inst = instance(seed, false);
    String at = "seed " + seed + ": " + GatherCases.describe(inst);
    long improved = makespan(inst, TcOptions.IMPROVED);
    long recommended = makespan(inst, TcOptions.RECOMMENDED);
    long literal = makespan(inst, TcOptions.PAPER_LITERAL);
    assertThat(improved).as(at + " IMPROVED <= RECOMMENDED").isLessThanOrEqualTo(recommended);
    assertThat(recommended).as(at + " RECOMMENDED <= PAPER_LITERAL").isLessThanOrEqualTo(literal);
    for (TcOptions.ChildBound b : TcOptions.ChildBound.values()) {
      for (TcOptions.EmptySegments e : TcOptions.EmptySegments.values()) {
        TcOptions g = TcOptions.RECOMMENDED.withChildBound(b).withEmpty(e);
        assertThat(makespan(inst, g))
            .as(at + " GEOMETRIC <= CLOSED_FORM, " + b + ", " + e)
            .isLessThanOrEqualTo(makespan(inst, g.withLag(TcOptions.Lag.PAPER_CLOSED_FORM)));
      }
    }
    // SKIP <= INCLUDE and EXACT_INDEX <= CONSERVATIVE hold with GEOMETRIC lags (the leftmost start
    // is monotone in
    // every bound, and both flags only add or raise bounds); with the printed closed form neither
    // does
    // (GatherOraclesTest.closedForm_isNotMonotone_*)
    for (TcOptions.ChildBound b : TcOptions.ChildBound.values()) {
      TcOptions s = TcOptions.RECOMMENDED.withChildBound(b);
      assertThat(makespan(inst, s))
          .as(at + " SKIP <= INCLUDE, GEOMETRIC, " + b)
          .isLessThanOrEqualTo(makespan(inst, s.withEmpty(TcOptions.EmptySegments.INCLUDE)));
    }
    for (TcOptions.EmptySegments e : TcOptions.EmptySegments.values()) {
      TcOptions x = TcOptions.RECOMMENDED.withEmpty(e);
      assertThat(makespan(inst, x.withChildBound(TcOptions.ChildBound.EXACT_INDEX)))
          .as(at + " EXACT_INDEX <= CONSERVATIVE, GEOMETRIC, " + e)
          .isLessThanOrEqualTo(makespan(inst, x));
    }
  }

  static long makespan(Instance inst, TcOptions o) {
    return new TransmissionCertification("tc", o).run(inst).makespan();
  }

  @ParameterizedTest
  @MethodSource("seeds")
  void claim20_onPaths_tcIsNeverFasterThanShoulderTap(long seed) {
    Instance inst = GatherCases.randomPath(new SplittableRandom(seed), 12);
    long st = new ShoulderTap().solve(inst, LIMITS).makespan();
    for (TcOptions o : PRESETS) {
      assertThat(makespan(inst, o)).as(ctx(seed, o, inst)).isGreaterThanOrEqualTo(st);
    }
  }

  @ParameterizedTest
  @MethodSource("seeds")
  void multiport_traceIsValid_t0Is2Height_andTheDerivedTimingAndBoundHold(long seed) {
    Instance inst = instance(seed, true);
    TcOptions o = TcOptions.MULTIPORT;
    String at = ctx(seed, o, inst);
    TransmissionCertification m = new TransmissionCertification("tc-multiport", o);
    SolveResult r = m.solve(inst, LIMITS);
    assertValid(at, inst, r);
    TcRun run = m.run(inst);
    int[] depth = GatherOracles.depths(inst);
    int height = 0;
    for (int d : depth) {
      height = Math.max(height, d);
    }
    assertThat(run.t0()).as(at + " t_0 = 2 height").isEqualTo(2L * height);
    List<List<Integer>> kids = GatherOracles.children(inst);
    long best = -1;
    long widest = 0;
    for (int k : kids.get(inst.root())) {
      if (run.stream(k) > 0) {
        best = Math.max(best, run.lag(k) + run.stream(k));
        widest = Math.max(widest, run.stream(k));
      }
    }
    if (best < 0) {
      assertThat(r.makespan()).as(at).isZero();
      return;
    }
    assertThat(r.makespan() + 1)
        .as(at + " T = t_0 + 1 + max(c + n)")
        .isEqualTo(run.t0() + 1 + best);
    assertThat(r.makespan())
        .as(at + " <= 4h + max n - 1")
        .isLessThanOrEqualTo(4L * height + widest - 1);
    for (LowerBound b : LowerBounds.all(inst)) {
      assertThat(r.makespan()).as(at + " vs " + b).isGreaterThanOrEqualTo(b.value());
    }
  }
}
