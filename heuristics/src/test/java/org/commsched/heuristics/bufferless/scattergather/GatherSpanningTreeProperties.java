package org.commsched.heuristics.bufferless.scattergather;

import static org.assertj.core.api.Assertions.assertThat;
import static org.commsched.instances.testing.ScheduleAssertions.assertValid;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.commsched.core.bounds.LowerBounds;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Schedule;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.testing.Seeds;
import org.commsched.instances.testing.GatherCases;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every gathering protocol on every spanning tree the project offers ({@link SpanningTrees#NAMES}:
 * the default breadth-first routes, {@code balanced}, {@code broadcast}, and {@code cover} on
 * meshes and tori), over seeded random connected networks and paths, single port and all ports: the
 * protocols run on the tree the routes form
 * (docs/models/bufferless-scatter-gather.md#spanning-trees), their traces pass the checker, and
 * each meets its exact timing on that tree (Bhatt, Pucci, Ranade, Rosenberg, "Scattering and
 * Gathering Messages in Networks of Processors", §3.1-§3.2;
 * docs/models/bufferless-scatter-gather.md#shoulder-tap for Shoulder-Tap,
 * docs/models/bufferless-scatter-gather.md#transmission-certification for TC: {@code t_0 = 2n + sum
 * kappa(d)}, {@code T = t_0 + C_0 + M} gap-free, {@code max(B_opt, M) <= T <= t_0 + D* + M};
 * docs/models/bufferless-scatter-gather.md#tc-multiport for the multiport variant). One case in
 * three drops the messages of some nodes, which then take part through the documented hanging rule
 * ({@link GatherTree}).
 *
 * <p>The tree is recomputed here: a routed node's parent is the next node of its route; every other
 * node's parent is read from the token it receives, and the test checks that these tokens form one
 * spanning tree over links. All figures (n, depths, D*, B_opt, LB-SYNC, height) are computed from
 * that tree, and the ratios of docs/models/bufferless-scatter-gather.md#ratios from them. Case
 * count: {@code -Dcommsched.cases} (default 200).
 */
class GatherSpanningTreeProperties {
  static LongStream seeds() {
    return Seeds.seeds();
  }

  /** A case: the routed instance, the tree's name, and a description for failures. */
  record Case(Instance inst, String tree, String what) {}

  static Case randomCase(long seed) {
    SplittableRandom r = new SplittableRandom(seed * 7919 + 13);
    boolean multiport = r.nextInt(3) == 0;
    CommModel model = multiport ? GatherCases.ALL : GatherCases.SINGLE;
    Instance inst =
        r.nextInt(5) == 0
            ? withModel(GatherCases.randomPath(r, 10), model)
            : GatherCases.randomNetwork(r, model);
    if (r.nextInt(3) == 0) { // drop some nodes' messages: those nodes are on no route
      List<Message> kept = new ArrayList<>();
      for (Message m : inst.messages()) {
        if (r.nextInt(3) != 0) {
          kept.add(m);
        }
      }
      inst =
          new Instance(inst.name(), new Problem.Gather(inst.root(), kept), model, inst.network());
    }
    String family = inst.network().topology().family();
    List<String> trees = new ArrayList<>(List.of("bfs", "balanced", "broadcast"));
    if (family.equals("mesh")
        || inst.network().topology() instanceof Topology.Torus t && t.rows() > 2 && t.cols() > 2) {
      trees.add("cover"); // a torus cover needs separate wrap links: at least 3 x 3
    }
    String tree = trees.get(r.nextInt(trees.size()));
    Instance routed = SpanningTrees.reroute(inst, tree);
    return new Case(
        routed,
        tree,
        "seed "
            + seed
            + ", "
            + tree
            + " tree, "
            + (multiport ? "all ports" : "single port")
            + ": "
            + GatherCases.describe(inst));
  }

  private static Instance withModel(Instance inst, CommModel model) {
    return new Instance(
        inst.name(), new Problem.Gather(inst.root(), inst.messages()), model, inst.network());
  }

  /**
   * The protocol tree: parents from the routes, the other nodes' from the tokens of a trace;
   * checked spanning.
   */
  static int[] treeParents(Case c, Schedule.Departures trace, String tokenKind) {
    Instance inst = c.inst();
    int n = inst.network().nodes();
    int[] parent = new int[n];
    Arrays.fill(parent, -2);
    parent[inst.root()] = -1;
    for (int i = 0; i < inst.messages().size(); i++) {
      if (inst.messages().get(i).length() > 0 || inst.atlas().isExplicit(i)) {
        int[] p = inst.atlas().nodes(i);
        for (int k = 0; k + 1 < p.length; k++) {
          parent[p[k]] = p[k + 1];
        }
      }
    }
    int[] tokens = new int[n];
    for (Schedule.ControlTransfer t : trace.control()) {
      if (!t.kind().equals(tokenKind)) {
        continue;
      }
      tokens[t.to()]++;
      if (parent[t.to()] == -2) {
        parent[t.to()] = t.from();
      }
      assertThat(t.from())
          .as(c.what() + ": the token to node " + t.to() + " comes from its tree parent")
          .isEqualTo(parent[t.to()]);
    }
    for (int v = 0; v < n; v++) {
      if (v
          != inst.root()) { // the networks are connected with links both ways: every PE takes part
        assertThat(tokens[v]).as(c.what() + ": tokens to node " + v).isEqualTo(1);
        assertThat(inst.network().arc(v, parent[v]))
            .as(c.what() + ": link " + v + "-" + parent[v])
            .isNotNegative();
      }
    }
    assertThat(depths(inst.root(), parent))
        .as(c.what() + ": the tree hangs from the root")
        .doesNotContain(-1);
    return parent;
  }

  static int[] depths(int root, int[] parent) {
    int[] d = new int[parent.length];
    for (int v = 0; v < parent.length; v++) {
      int k = 0;
      for (int x = v; x != root; x = parent[x]) {
        if (x < 0 || k > parent.length) {
          k = -1;
          break;
        }
        k++;
      }
      d[v] = k;
    }
    return d;
  }

  static List<List<Integer>> children(int[] parent) {
    List<List<Integer>> kids = new ArrayList<>();
    for (int v = 0; v < parent.length; v++) {
      kids.add(new ArrayList<>());
    }
    for (int v = 0; v < parent.length; v++) {
      if (parent[v] >= 0) {
        kids.get(parent[v]).add(v);
      }
    }
    return kids;
  }

  static long broadcastRows(List<List<Integer>> kids, int v) {
    List<Long> bs = new ArrayList<>();
    for (int k : kids.get(v)) {
      bs.add(broadcastRows(kids, k));
    }
    bs.sort((x, y) -> Long.compare(y, x));
    long best = 0;
    for (int k = 0; k < bs.size(); k++) {
      best = Math.max(best, k + 1 + bs.get(k));
    }
    return best;
  }

  static long[] lengthAt(Instance inst) {
    long[] len = new long[inst.network().nodes()];
    for (Message m : inst.messages()) {
      len[m.from()] = m.length();
    }
    return len;
  }

  /**
   * LB-SYNC in paper units on this tree (docs/models/bufferless-scatter-gather.md#lower-bounds):
   * max_r (r + flits with E >= r), E = 2 depth + [has child].
   */
  static long lbSyncPaper(int[] depth, List<List<Integer>> kids, long[] len) {
    long best = 0;
    for (int r = 0; r <= 2 * len.length + 1; r++) {
      long flits = 0;
      for (int v = 0; v < len.length; v++) {
        if (len[v] > 0 && 2L * depth[v] + (kids.get(v).isEmpty() ? 0 : 1) >= r) {
          flits += len[v];
        }
      }
      if (flits > 0) {
        best = Math.max(best, r + flits);
      }
    }
    return best;
  }

  static String ratio(long t, long lb) {
    return BigDecimal.valueOf(t)
        .divide(BigDecimal.valueOf(lb), 4, RoundingMode.HALF_UP)
        .stripTrailingZeros()
        .toPlainString();
  }

  static long ceilLog2(int d) {
    long k = 0;
    while ((1L << k) < d) {
      k++;
    }
    return k;
  }

  static long bound(List<LowerBound> bounds, String kind) {
    return bounds.stream()
        .filter(b -> b.kind().equals(kind))
        .mapToLong(LowerBound::value)
        .max()
        .orElse(-1);
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void everyProtocol_onEveryOfferedTree_isValid_andMeetsItsExactTiming(long seed) {
    Case c = randomCase(seed);
    Instance inst = c.inst();
    boolean multiport =
        ((CommModel.Bufferless) inst.model()).ports() == CommModel.BufferlessPorts.ALL;
    long total = inst.messages().stream().mapToLong(Message::length).sum();
    long[] len = lengthAt(inst);
    List<LowerBound> bounds = new ArrayList<>(LowerBounds.all(inst));
    bounds.addAll(LowerBounds.protocolBounds(inst));
    int checked = 0;
    for (Method m : GatherMethods.all()) {
      boolean tc = m instanceof TransmissionCertification;
      boolean forThisModel =
          tc && ((TransmissionCertification) m).options().multiport() == multiport
              || !tc && !multiport;
      if (!forThisModel) {
        assertThat(m.whyNot(inst)).as(c.what() + ", " + m.name()).isNotNull();
        continue;
      }
      String why = m.whyNot(inst);
      if (tc && !c.tree().equals("cover")) {
        assertThat(why)
            .as(c.what() + ", " + m.name() + " applies on the " + c.tree() + " tree")
            .isNull();
      }
      if (why != null) {
        assertThat(why).as(c.what() + ", " + m.name()).containsAnyOf("one tree", "path");
        continue;
      }
      for (long kappa : tc ? new long[] {0, 1 + seed % 2} : new long[] {0}) {
        SolveLimits limits = SolveLimits.defaults().withOption(SolveLimits.SPANNING_TREE, c.tree());
        if (kappa > 0) {
          limits = limits.withOption(TransmissionCertification.KAPPA, kappa);
        }
        String at = c.what() + ", " + m.name() + (kappa > 0 ? " kappa=" + kappa : "");
        SolveResult r = m.solve(inst, limits);
        assertValid(at, inst, r);
        boolean explicit = inst.messages().stream().anyMatch(Message::hasRoute);
        assertThat(r.stats().get("routes"))
            .as(at)
            .isEqualTo(explicit ? "explicit routes (one tree)" : "default breadth-first tree");
        for (LowerBound b : bounds) {
          assertThat(r.makespan()).as(at + " vs " + b).isGreaterThanOrEqualTo(b.value());
        }
        Schedule.Departures trace = (Schedule.Departures) r.schedule();
        long paperT = total == 0 ? 0 : r.makespan() + 1;
        assertThat(r.stats().get("paperT")).as(at).isEqualTo(paperT);
        if (!tc) {
          checkShoulderTap(c, r, at, len, total);
        } else if (multiport) {
          checkMultiport(c, (TransmissionCertification) m, r, kappa, at, len, total, bounds);
        } else {
          checkSinglePortTc(c, r, kappa, at, len, total, bounds);
        }
        checked++;
      }
    }
    if (!c.tree()
        .equals(
            "cover")) { // the two trees of a cover often send a node up by two arcs: not one tree
      assertThat(checked).as(c.what() + ": protocols run").isPositive();
    }
  }

  private static void checkShoulderTap(Case c, SolveResult r, String at, long[] len, long total) {
    Instance inst = c.inst();
    int[] parent = treeParents(c, (Schedule.Departures) r.schedule(), ShoulderTap.WAKEUP);
    List<List<Integer>> kids = children(parent);
    long[] along = new long[inst.network().nodes() - 1]; // L_1..L_n along the path
    int x = inst.root();
    for (int i = 0; i < along.length; i++) {
      assertThat(kids.get(x)).as(at + ": the tree is a path").hasSize(1);
      x = kids.get(x).get(0);
      along[i] = len[x];
    }
    long paperT = total == 0 ? 0 : r.makespan() + 1;
    assertThat(paperT).as(at + ": closed form (6)-(7)").isEqualTo(ShoulderTap.paperTime(along));
    assertThat(r.stats().get("ratioLbSync")).as(at).isEqualTo("1");
  }

  private static void checkSinglePortTc(
      Case c,
      SolveResult r,
      long kappa,
      String at,
      long[] len,
      long total,
      List<LowerBound> bounds) {
    Instance inst = c.inst();
    Schedule.Departures trace = (Schedule.Departures) r.schedule();
    int[] parent = treeParents(c, trace, TcRun.TOKEN);
    List<List<Integer>> kids = children(parent);
    int[] depth = depths(inst.root(), parent);
    int n = parent.length - 1;
    long compute = 0;
    long computeBelowRoot = 0;
    for (int v = 0; v < parent.length; v++) {
      int d = kids.get(v).size();
      long k = d <= 1 ? 0 : kappa * d * ceilLog2(d);
      compute += k;
      computeBelowRoot += v == inst.root() ? 0 : k;
    }
    long t0 = 2L * n + compute;
    assertThat(r.stats().get("t0")).as(at + ": t_0 = 2n + sum kappa(d)").isEqualTo(t0);
    long lastCertificate = 0;
    for (Schedule.ControlTransfer x : trace.control()) {
      if (x.kind().equals(TcRun.CERTIFICATE) && x.to() == inst.root()) {
        lastCertificate = Math.max(lastCertificate, x.step() + 1);
      }
    }
    assertThat(lastCertificate)
        .as(at + ": last certificate row")
        .isEqualTo(2L * n + computeBelowRoot);
    assertThat(trace.control()).as(at + ": 3n control flits").hasSize(3 * n);
    if (total == 0) {
      assertThat(r.makespan()).as(at).isZero();
      return;
    }
    long c0 = (Long) r.stats().get("C0");
    long[] rows = GatherOracles.rootRows(inst, trace);
    assertThat(rows).as(at).hasSize((int) total);
    for (int k = 0; k < rows.length; k++) {
      assertThat(rows[k])
          .as(at + ": root row of flit " + k + " (gap-free from t_0 + C_0)")
          .isEqualTo(t0 + c0 + k);
    }
    long paperT = r.makespan() + 1;
    assertThat(paperT).as(at + ": T = t_0 + C_0 + M").isEqualTo(t0 + c0 + total);
    long dStar = TransmissionCertificationProperties.dStar(kids, inst.root());
    assertThat(paperT).as(at + ": T <= t_0 + D* + M").isLessThanOrEqualTo(t0 + dStar + total);
    long bOpt = broadcastRows(kids, inst.root());
    assertThat(r.stats().get("Bopt")).as(at + ": B_opt").isEqualTo(bOpt);
    assertThat(paperT)
        .as(at + ": T >= max(B_opt, M)")
        .isGreaterThanOrEqualTo(Math.max(bOpt, total));
    long sync = lbSyncPaper(depth, kids, len);
    assertThat(r.stats().get("syncBound")).as(at + ": LB-SYNC").isEqualTo(sync - 1);
    assertThat(r.stats().get("ratioLbSync")).as(at).isEqualTo(ratio(paperT, sync));
    assertThat(r.stats().get("ratioLbOff"))
        .as(at)
        .isEqualTo(ratio(paperT, bound(bounds, "LB-OFF") + 1));
    assertThat(r.stats().get("ratioMaxBoptM"))
        .as(at)
        .isEqualTo(ratio(paperT, Math.max(bOpt, total)));
  }

  private static void checkMultiport(
      Case c,
      TransmissionCertification m,
      SolveResult r,
      long kappa,
      String at,
      long[] len,
      long total,
      List<LowerBound> bounds) {
    Instance inst = c.inst();
    Schedule.Departures trace = (Schedule.Departures) r.schedule();
    int[] parent = treeParents(c, trace, TcRun.TOKEN);
    List<List<Integer>> kids = children(parent);
    int[] depth = depths(inst.root(), parent);
    int height = Arrays.stream(depth).max().orElse(0);
    assertThat(r.stats().get("height")).as(at).isEqualTo((long) height);
    if (kappa > 0) {
      return; // the convergecast with computation has no closed form; the trace was checked
    }
    assertThat(r.stats().get("t0")).as(at + ": t_0 = 2 height").isEqualTo(2L * height);
    if (total == 0) {
      assertThat(r.makespan()).as(at).isZero();
      return;
    }
    // each root child's subtree streams into the root gap-free, over its own link
    TcRun run = m.run(inst);
    long last = 0;
    long widest = 0;
    for (int k : kids.get(inst.root())) {
      long flits = subtreeFlits(kids, k, len);
      if (flits > 0) {
        last = Math.max(last, 2L * height + 1 + run.lag(k) + flits);
        widest = Math.max(widest, flits);
      }
    }
    long paperT = r.makespan() + 1;
    assertThat(paperT).as(at + ": T = t_0 + 1 + max(c + n)").isEqualTo(last);
    assertThat(r.makespan())
        .as(at + ": <= 4h + max n - 1")
        .isLessThanOrEqualTo(4L * height + widest - 1);
    assertThat(r.stats().get("ratioLbMp"))
        .as(at)
        .isEqualTo(ratio(paperT, bound(bounds, "LB-MP") + 1));
  }

  static long subtreeFlits(List<List<Integer>> kids, int v, long[] len) {
    long sum = len[v];
    for (int k : kids.get(v)) {
      sum += subtreeFlits(kids, k, len);
    }
    return sum;
  }
}
