package org.commsched.heuristics.bufferless.scattergather;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.commsched.core.bounds.LowerBounds;
import org.commsched.core.check.CheckReport;
import org.commsched.core.check.ScheduleChecker;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Schedule;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveStatus;
import org.commsched.core.testing.Seeds;
import org.commsched.heuristics.baseline.Baselines;
import org.commsched.instances.testing.ScatterCases;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The scattering claims of docs/models/bufferless-scatter-gather.md#properties (claims 1-7, 21,
 * 22), #fdf over seeded random trees and connected graphs (Bhatt, Pucci, Ranade and Rosenberg,
 * "Scattering and Gathering Messages in Networks of Processors", Theorem 1, Claims 1-2, Proposition
 * 1). Times in the paper's units where the claim is stated in them (T = makespan + 1). Case count:
 * {@code -Dcommsched.cases} (default 200).
 */
class FdfScatterProperties {
  private static final FdfScatter FDF = new FdfScatter();

  static LongStream seeds() {
    return Seeds.seeds();
  }

  private static CommModel model(long seed) {
    return seed % 2 == 0 ? ScatterCases.SINGLE : ScatterCases.ALL;
  }

  private static boolean multiport(Instance inst) {
    return ((CommModel.Bufferless) inst.model()).ports() == CommModel.BufferlessPorts.ALL;
  }

  /** Checks a result with the project's checker, naming the seed and instance on failure. */
  private static CheckReport valid(long seed, Instance inst, SolveResult r) {
    CheckReport rep = ScheduleChecker.checkResult(inst, r);
    assertThat(rep.violations()).as(ScatterCases.describe(seed, inst)).isEmpty();
    return rep;
  }

  private static long bound(Instance inst, String kind) {
    for (LowerBound b : LowerBounds.all(inst)) {
      if (b.kind().equals(kind)) {
        return b.value();
      }
    }
    return 0;
  }

  /**
   * Paper T of the root-sequential schedule in the given order (streams as given, null for one).
   */
  static long paperT(int[] order, Instance inst, int[] stream, long setup) {
    long[] l = ScatterCases.lengths(inst);
    int[] d = ScatterCases.depths(inst);
    long[] dep = rootSequential(order, l, stream, setup);
    long t = 0;
    for (int i : order) {
      t = Math.max(t, dep[i] + l[i] + d[i]);
    }
    return t;
  }

  /**
   * Root-sequential departures written here from the model
   * (docs/models/bufferless-scatter-gather.md#fdf: the root sends back to back, one stream per root
   * arc under multiport, idling {@code setup} steps before each message): each message of the order
   * leaves {@code setup} steps after the previous one of its stream has left; -1 for messages not
   * in the order.
   */
  static long[] rootSequential(int[] order, long[] l, int[] stream, long setup) {
    long[] dep = new long[l.length];
    Arrays.fill(dep, -1);
    Map<Integer, Long> free = new java.util.HashMap<>();
    for (int i : order) {
      int s = stream == null ? 0 : stream[i];
      dep[i] = free.getOrDefault(s, 0L) + setup;
      free.put(s, dep[i] + l[i]);
    }
    return dep;
  }

  /**
   * Non-null messages farthest first, ties by smaller {@code tie} (index order when null), by a
   * plain sort.
   */
  static int[] farthestFirst(int[] d, long[] l, int[] tie) {
    List<Integer> idx = new ArrayList<>();
    for (int i = 0; i < l.length; i++) {
      if (l[i] > 0) {
        idx.add(i);
      }
    }
    idx.sort(
        java.util.Comparator.<Integer>comparingInt(i -> -d[i])
            .thenComparingInt(i -> tie == null ? 0 : tie[i])
            .thenComparingInt(i -> i));
    return idx.stream().mapToInt(Integer::intValue).toArray();
  }

  /**
   * The closed form of docs/models/bufferless-scatter-gather.md#fdf in paper units, by its
   * definition: the largest over non-null messages i of {@code delta(i) + sum of (setup + L_j)}
   * over the non-null j of i's stream with {@code delta(j) >= delta(i)}; 0 with no non-null
   * message.
   */
  static long closedForm(int[] d, long[] l, int[] stream, long setup) {
    long best = 0;
    for (int i = 0; i < l.length; i++) {
      if (l[i] == 0) {
        continue;
      }
      long sum = 0;
      for (int j = 0; j < l.length; j++) {
        if (l[j] > 0 && d[j] >= d[i] && (stream == null || stream[j] == stream[i])) {
          sum += setup + l[j];
        }
      }
      best = Math.max(best, d[i] + sum);
    }
    return best;
  }

  /** Every permutation of the items. */
  static List<int[]> permutations(int[] items) {
    List<int[]> out = new ArrayList<>();
    permute(items.clone(), 0, out);
    return out;
  }

  private static void permute(int[] a, int k, List<int[]> out) {
    if (k == a.length) {
      out.add(a.clone());
      return;
    }
    for (int i = k; i < a.length; i++) {
      int t = a[k];
      a[k] = a[i];
      a[i] = t;
      permute(a, k + 1, out);
      a[i] = a[k];
      a[k] = t;
    }
  }

  private static int[] nonNull(Instance inst) {
    List<Integer> out = new ArrayList<>();
    for (int i = 0; i < inst.messages().size(); i++) {
      if (inst.messages().get(i).length() > 0) {
        out.add(i);
      }
    }
    return out.stream().mapToInt(Integer::intValue).toArray();
  }

  /**
   * Claims 1-3: FDF = the minimum over all dispatch orders (exhaustive, at most 7 non-null
   * messages), every tie order gives the same time, and Proposition 1 brackets every order (Theorem
   * 1, Claim 2, Prop. 1).
   */
  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void fdf_isTheBestOfAllOrders_andEveryTieOrderTakesTheSameTime(long seed) {
    Instance inst = ScatterCases.tree(seed, 9, ScatterCases.SINGLE);
    int[] n = nonNull(inst);
    if (n.length > 7) { // keep the first 7 non-null messages, null the others
      long[] l = ScatterCases.lengths(inst);
      for (int k = 7; k < n.length; k++) {
        l[n[k]] = 0;
      }
      n = Arrays.copyOf(n, 7);
      inst = ScatterCases.withLengths(inst, l);
    }
    long[] l = ScatterCases.lengths(inst);
    int[] d = ScatterCases.depths(inst);
    long sum = Arrays.stream(l).sum();
    int maxDelta = Arrays.stream(n).map(i -> d[i]).max().orElse(0);
    SolveResult r = FDF.solve(inst, SolveLimits.defaults());
    long fdf = n.length == 0 ? 0 : r.makespan() + 1;
    long best = Long.MAX_VALUE;
    for (int[] p : permutations(n)) {
      long t = paperT(p, inst, null, 0);
      best = Math.min(best, t);
      assertThat(t)
          .as(ScatterCases.describe(seed, inst))
          .isBetween(Math.max(sum, maxDelta), sum + maxDelta);
    }
    assertThat(fdf).as(ScatterCases.describe(seed, inst)).isEqualTo(n.length == 0 ? 0 : best);
    // Claim 2: shuffle messages of equal depth inside the FDF order
    SplittableRandom rnd = new SplittableRandom(seed);
    for (int rep = 0; rep < 5; rep++) {
      int[] order = farthestFirst(d, l, null);
      for (int a = 0; a < order.length; a++) {
        int b = a;
        while (b + 1 < order.length && d[order[b + 1]] == d[order[a]]) {
          b++;
        }
        for (int x = b; x > a; x--) {
          int y = a + rnd.nextInt(x - a + 1);
          int t = order[x];
          order[x] = order[y];
          order[y] = t;
        }
        a = b;
      }
      assertThat(order.length == 0 ? 0 : paperT(order, inst, null, 0))
          .as(ScatterCases.describe(seed, inst))
          .isEqualTo(fdf);
    }
  }

  /**
   * Claim 4 (Claim 1 of the paper, qualified): swapping an adjacent pair (j, i) with delta(i) &gt;
   * delta(j) moves tau as stated and never increases T; it decreases it strictly when M_i is the
   * unique last arrival.
   */
  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void adjacentSwap_neverHurts_andHelpsAUniqueLastArrival(long seed) {
    Instance inst = ScatterCases.tree(seed, 12, ScatterCases.SINGLE);
    int[] n = nonNull(inst);
    long[] l = ScatterCases.lengths(inst);
    int[] d = ScatterCases.depths(inst);
    SplittableRandom rnd = new SplittableRandom(seed * 3 + 1);
    int[] s1 = n.clone();
    for (int x = s1.length - 1; x > 0; x--) {
      int y = rnd.nextInt(x + 1);
      int t = s1[x];
      s1[x] = s1[y];
      s1[y] = t;
    }
    long[] tau1 = rootSequential(s1, l, null, 0);
    long t1 = paperT(s1, inst, null, 0);
    for (int k = 0; k + 1 < s1.length; k++) {
      int j = s1[k];
      int i = s1[k + 1];
      if (d[i] <= d[j]) {
        continue;
      }
      int[] s2 = s1.clone();
      s2[k] = i;
      s2[k + 1] = j;
      long[] tau2 = rootSequential(s2, l, null, 0);
      assertThat(tau2[i]).isEqualTo(tau1[j]);
      assertThat(tau2[j]).isEqualTo(tau1[i] + l[i] - l[j]);
      long t2 = paperT(s2, inst, null, 0);
      assertThat(t2).as(ScatterCases.describe(seed, inst)).isLessThanOrEqualTo(t1);
      long alphaI = tau1[i] + l[i] + d[i];
      int lastCount = 0;
      for (int x : s1) {
        if (tau1[x] + l[x] + d[x] == t1) {
          lastCount++;
        }
      }
      if (alphaI == t1 && lastCount == 1) {
        assertThat(t2).as(ScatterCases.describe(seed, inst)).isLessThan(t1);
      }
    }
  }

  /**
   * Claims 2, 7 and the docs/models/bufferless-scatter-gather.md#lower-bounds bounds: FDF's
   * makespan is the closed form minus 1, the checker accepts it (V1-V5, or V4' under multiport), it
   * equals LB-SCAT (single port) or LB-MP (multiport) computed by the bounds module, and it reports
   * OPTIMAL; on random trees.
   */
  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void fdf_onTrees_equalsTheClosedForm_andTheLowerBound(long seed) {
    Instance inst = ScatterCases.tree(seed, 40, model(seed));
    checkTight(seed, inst);
  }

  /**
   * Claim 6 (docs/models/bufferless-scatter-gather.md#fdf): the same on connected graphs through
   * the default breadth-first spanning tree.
   */
  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void fdf_onGraphs_equalsTheClosedForm_andTheLowerBound(long seed) {
    Instance inst = ScatterCases.graph(seed, 5, model(seed));
    checkTight(seed, inst);
  }

  private static void checkTight(long seed, Instance inst) {
    boolean multi = multiport(inst);
    SolveResult r = FDF.solve(inst, SolveLimits.defaults());
    CheckReport rep = valid(seed, inst, r);
    assertThat(rep.makespan()).isEqualTo(r.makespan());
    long c =
        closedForm(
            ScatterCases.depths(inst),
            ScatterCases.lengths(inst),
            multi ? ScatterCases.rootArcs(inst) : null,
            0);
    assertThat(Math.max(0, c - 1)).as(ScatterCases.describe(seed, inst)).isEqualTo(r.makespan());
    assertThat(bound(inst, multi ? "LB-MP" : "LB-SCAT"))
        .as(ScatterCases.describe(seed, inst))
        .isEqualTo(r.makespan());
    assertThat(r.status()).isEqualTo(SolveStatus.OPTIMAL);
    assertThat(r.lowerBound().value()).isEqualTo(r.makespan());
  }

  /**
   * docs/models/bufferless-scatter-gather.md#fdf as a property: every single-port scatter, whatever
   * its routes, needs {@code max_Delta (Delta + sum of L at network distance >= Delta)} (paper
   * units; the argument: those flits leave the root one per step and each needs Delta hops). FDF on
   * the default BFS tree, on a random BFS tree and on the balanced BFS tree meets it; on the
   * broadcast tree and on random explicit routes (greedy) nothing goes below it.
   */
  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void anyBfsTree_meetsTheNetworkWideBound(long seed) {
    Instance inst = ScatterCases.graph(seed, 5, ScatterCases.SINGLE);
    long lb = networkWideBound(inst);
    SplittableRandom rnd = new SplittableRandom(seed + 99);
    List<Instance> bfsTrees =
        List.of(inst, randomBfsRoutes(inst, rnd), SpanningTrees.reroute(inst, "balanced"));
    for (Instance t : bfsTrees) {
      SolveResult r = FDF.solve(t, SolveLimits.defaults());
      valid(seed, t, r);
      assertThat(r.makespan() + 1).as(ScatterCases.describe(seed, t)).isEqualTo(Math.max(1, lb));
    }
    Instance bc = SpanningTrees.reroute(inst, "broadcast");
    SolveResult rb = FDF.solve(bc, SolveLimits.defaults());
    valid(seed, bc, rb);
    assertThat(rb.makespan() + 1).isGreaterThanOrEqualTo(lb);
    Instance explicit = explicitRandomRoutes(inst, rnd);
    SolveResult g = Baselines.all().get(0).solve(explicit, SolveLimits.defaults());
    valid(seed, explicit, g);
    assertThat(g.makespan() + 1)
        .as(ScatterCases.describe(seed, explicit))
        .isGreaterThanOrEqualTo(lb);
  }

  /**
   * {@code max_Delta (Delta + sum of L at network distance >= Delta)}, from our own BFS over the
   * arcs.
   */
  private static long networkWideBound(Instance inst) {
    Network net = inst.network();
    int[] dist = new int[net.nodes()];
    Arrays.fill(dist, -1);
    dist[inst.root()] = 0;
    ArrayDeque<Integer> q = new ArrayDeque<>(List.of(inst.root()));
    while (!q.isEmpty()) {
      int x = q.poll();
      for (int i = 0; i < net.outDegree(x); i++) {
        int y = net.head(net.outArc(x, i));
        if (dist[y] < 0) {
          dist[y] = dist[x] + 1;
          q.add(y);
        }
      }
    }
    long best = 0;
    for (Message m : inst.messages()) {
      if (m.length() == 0) {
        continue;
      }
      long sum = 0;
      for (Message o : inst.messages()) {
        if (dist[o.to()] >= dist[m.to()]) {
          sum += o.length();
        }
      }
      best = Math.max(best, dist[m.to()] + sum);
    }
    return best;
  }

  /**
   * The instance routed along a random breadth-first tree (each node on a random parent one hop
   * closer).
   */
  static Instance randomBfsRoutes(Instance inst, SplittableRandom rnd) {
    Network net = inst.network();
    SpanningTree bfs = SpanningTrees.bfs(net, inst.root(), true);
    int n = net.nodes();
    int[] parent = new int[n];
    for (int v = 0; v < n; v++) {
      parent[v] = bfs.parent(v);
      if (v == inst.root() || !bfs.contains(v)) {
        continue;
      }
      List<Integer> cand = new ArrayList<>();
      for (int i = 0; i < net.inDegree(v); i++) {
        int w = net.tail(net.inArc(v, i));
        if (bfs.contains(w) && bfs.depth(w) == bfs.depth(v) - 1) {
          cand.add(w);
        }
      }
      parent[v] = cand.get(rnd.nextInt(cand.size()));
    }
    SpanningTree t = new SpanningTree(inst.root(), parent);
    List<Message> ms = new ArrayList<>();
    for (Message m : inst.messages()) {
      List<Integer> route = new ArrayList<>();
      for (int x : t.pathFromRoot(m.to())) {
        route.add(x);
      }
      ms.add(new Message(m.id(), m.from(), m.to(), m.length(), route));
    }
    return new Instance(inst.name(), new Problem.Scatter(inst.root(), ms), inst.model(), net);
  }

  /** The instance with random simple routes (random depth-first paths), usually not a tree. */
  private static Instance explicitRandomRoutes(Instance inst, SplittableRandom rnd) {
    Network net = inst.network();
    List<Message> ms = new ArrayList<>();
    for (Message m : inst.messages()) {
      List<Integer> path = new ArrayList<>();
      boolean[] seen = new boolean[net.nodes()];
      dfs(net, m.from(), m.to(), path, seen, rnd);
      ms.add(new Message(m.id(), m.from(), m.to(), m.length(), path));
    }
    return new Instance(inst.name(), new Problem.Scatter(inst.root(), ms), inst.model(), net);
  }

  private static boolean dfs(
      Network net, int x, int target, List<Integer> path, boolean[] seen, SplittableRandom rnd) {
    path.add(x);
    seen[x] = true;
    if (x == target) {
      return true;
    }
    int deg = net.outDegree(x);
    int off = deg == 0 ? 0 : rnd.nextInt(deg);
    for (int k = 0; k < deg; k++) {
      int y = net.head(net.outArc(x, (off + k) % deg));
      if (!seen[y] && dfs(net, y, target, path, seen, rnd)) {
        return true;
      }
    }
    path.remove(path.size() - 1);
    return false;
  }

  /**
   * Claim 5 / 21 (lemma L1): every root-sequential schedule on tree routes, in any order and with
   * any gaps, passes the checker; under multiport, any order and gaps per root arc. Conversely, two
   * messages of one stream whose root intervals overlap are rejected.
   */
  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void everyRootSequentialSchedule_isValid(long seed) {
    Instance inst =
        seed % 3 == 0
            ? ScatterCases.graph(seed, 4, model(seed))
            : ScatterCases.tree(seed, 20, model(seed));
    boolean multi = multiport(inst);
    int[] stream = multi ? ScatterCases.rootArcs(inst) : null;
    SplittableRandom rnd = new SplittableRandom(seed * 5 + 2);
    int[] order = nonNull(inst);
    for (int x = order.length - 1; x > 0; x--) {
      int y = rnd.nextInt(x + 1);
      int t = order[x];
      order[x] = order[y];
      order[y] = t;
    }
    long[] l = ScatterCases.lengths(inst);
    Map<Integer, Long> busy = new java.util.HashMap<>();
    Map<String, Long> dep = new LinkedHashMap<>();
    for (int i : order) {
      int s = multi ? stream[i] : 0;
      long t = busy.getOrDefault(s, 0L) + rnd.nextInt(3);
      dep.put(inst.messages().get(i).id(), t);
      busy.put(s, t + l[i]);
    }
    CheckReport rep = ScheduleChecker.check(inst, new Schedule.Departures(dep));
    assertThat(rep.violations()).as(ScatterCases.describe(seed, inst)).isEmpty();
    // the converse (L1 is an iff): start the second message of a stream inside the first one's root
    // interval
    for (int a = 0; a < order.length; a++) {
      for (int b = a + 1; b < order.length; b++) {
        int i = order[a];
        int j = order[b];
        if (multi && stream[i] != stream[j]) {
          continue;
        }
        Map<String, Long> bad = new LinkedHashMap<>(dep);
        String jd = inst.messages().get(j).id();
        bad.put(jd, dep.get(inst.messages().get(i).id()) + rnd.nextLong(l[i]));
        assertThat(ScheduleChecker.check(inst, new Schedule.Departures(bad)).violations())
            .as(ScatterCases.describe(seed, inst))
            .isNotEmpty();
        return;
      }
    }
  }

  /**
   * Single port against multiport on the same routes
   * (docs/models/bufferless-scatter-gather.md#fdf): T_mp &lt;= T_sp &lt;= k T_mp in the paper's
   * units, k the number of root arcs carrying data; equal when one root arc carries everything.
   */
  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void singlePortAndMultiport(long seed) {
    Instance sp =
        seed % 2 == 0
            ? ScatterCases.tree(seed, 30, ScatterCases.SINGLE)
            : ScatterCases.graph(seed, 5, ScatterCases.SINGLE);
    Instance mp = ScatterCases.withModel(sp, ScatterCases.ALL);
    SolveResult a = FDF.solve(sp, SolveLimits.defaults());
    SolveResult b = FDF.solve(mp, SolveLimits.defaults());
    valid(seed, sp, a);
    valid(seed, mp, b);
    int[] arcs = ScatterCases.rootArcs(sp);
    long k = Arrays.stream(nonNull(sp)).map(i -> arcs[i]).distinct().count();
    if (k == 0) {
      assertThat(a.makespan()).isZero();
      assertThat(b.makespan()).isZero();
      return;
    }
    long tsp = a.makespan() + 1;
    long tmp = b.makespan() + 1;
    assertThat(tmp).as(ScatterCases.describe(seed, sp)).isLessThanOrEqualTo(tsp);
    assertThat(tsp).as(ScatterCases.describe(seed, sp)).isLessThanOrEqualTo(k * tmp);
    if (k == 1) {
      assertThat(tmp).isEqualTo(tsp);
    }
  }

  /**
   * docs/models/bufferless-scatter-gather.md#fdf set-up variant: with beta set-up steps before each
   * message the schedule is the plain FDF schedule of the lengths beta + L shifted by beta, valid
   * in the plain model, its paper T equals the closed form with beta, and the root is idle exactly
   * beta steps before each message.
   */
  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void setupVariant_isPlainFdfOnLongerMessages(long seed) {
    Instance inst =
        seed % 2 == 0
            ? ScatterCases.tree(seed, 25, model(seed))
            : ScatterCases.graph(seed, 4, model(seed));
    long beta = 1 + seed % 4;
    boolean multi = multiport(inst);
    SolveResult r = FDF.solve(inst, SolveLimits.defaults().withOption(FdfScatter.SETUP, beta));
    valid(seed, inst, r);
    long[] l = ScatterCases.lengths(inst);
    long[] longer = new long[l.length];
    for (int i = 0; i < l.length; i++) {
      longer[i] = l[i] == 0 ? 0 : l[i] + beta;
    }
    SolveResult plain = FDF.solve(ScatterCases.withLengths(inst, longer), SolveLimits.defaults());
    Map<String, Long> a = ((Schedule.Departures) r.schedule()).departures();
    Map<String, Long> b = ((Schedule.Departures) plain.schedule()).departures();
    assertThat(a.keySet()).isEqualTo(b.keySet());
    for (String id : a.keySet()) {
      assertThat(a.get(id)).isEqualTo(b.get(id) + beta);
    }
    int[] stream = multi ? ScatterCases.rootArcs(inst) : null;
    long closed = closedForm(ScatterCases.depths(inst), l, stream, beta);
    assertThat(a.isEmpty() ? 0 : r.makespan() + 1).isEqualTo(closed);
    if (!a.isEmpty()) {
      assertThat(r.stats()).containsEntry("setupOptimumPaperT", closed);
    }
    // idle gaps of exactly beta on each stream
    Map<Integer, Long> end = new java.util.HashMap<>();
    int[] order = farthestFirst(ScatterCases.depths(inst), l, FdfScatterTest.destinations(inst));
    for (int i : order) {
      int s = multi ? stream[i] : 0;
      long dep = a.get(inst.messages().get(i).id());
      assertThat(dep - end.getOrDefault(s, 0L)).isEqualTo(beta);
      end.put(s, dep + l[i]);
    }
  }

  /**
   * Claim 22 (lemma L3, time reversal): FDF's scatter schedule reversed, tau'_i = T - alpha_i, is a
   * valid gather schedule with the same makespan, which therefore equals the offline gather bound
   * LB-OFF (LB-MP multiport).
   */
  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void timeReversal_givesAnOptimalOfflineGather(long seed) {
    Instance inst =
        seed % 2 == 0
            ? ScatterCases.tree(seed, 25, model(seed))
            : ScatterCases.graph(seed, 4, model(seed));
    SolveResult r = FDF.solve(inst, SolveLimits.defaults());
    Map<String, Long> dep = ((Schedule.Departures) r.schedule()).departures();
    if (dep.isEmpty()) {
      return;
    }
    long t = r.makespan() + 1;
    List<Message> ms = new ArrayList<>();
    Map<String, Long> back = new LinkedHashMap<>();
    for (int i = 0; i < inst.messages().size(); i++) {
      Message m = inst.messages().get(i);
      List<Integer> route = new ArrayList<>();
      int[] p = inst.atlas().nodes(i);
      for (int k = p.length - 1; k >= 0; k--) {
        route.add(p[k]);
      }
      ms.add(new Message(m.id(), m.to(), m.from(), m.length(), route));
      if (m.length() > 0) {
        back.put(m.id(), t - (dep.get(m.id()) + m.length() + inst.atlas().hops(i)));
      }
    }
    Instance gather =
        new Instance(
            inst.name(), new Problem.Gather(inst.root(), ms), inst.model(), inst.network());
    CheckReport rep = ScheduleChecker.check(gather, new Schedule.Departures(back));
    assertThat(rep.violations()).as(ScatterCases.describe(seed, inst)).isEmpty();
    assertThat(rep.makespan()).isEqualTo(r.makespan());
    assertThat(bound(gather, multiport(inst) ? "LB-MP" : "LB-OFF")).isEqualTo(r.makespan());
  }

  /**
   * The baseline greedy also orders farthest first and packs the root's streams: same makespan on
   * tree routes.
   */
  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void greedy_hasFdfsMakespanOnTreeRoutes(long seed) {
    Instance inst =
        seed % 2 == 0
            ? ScatterCases.tree(seed, 30, model(seed))
            : ScatterCases.graph(seed, 5, model(seed));
    SolveResult g = Baselines.all().get(0).solve(inst, SolveLimits.defaults());
    assertThat(g.makespan())
        .as(ScatterCases.describe(seed, inst))
        .isEqualTo(FDF.solve(inst, SolveLimits.defaults()).makespan());
  }

  /** {@link FdfScatter#onTree} gives the instance solver's departures, node by node. */
  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void onTree_agreesWithTheMethod(long seed) {
    Instance inst = ScatterCases.tree(seed, 30, model(seed));
    Network net = inst.network();
    int n = net.nodes();
    int[] parent = new int[n];
    for (int v = 0; v < n; v++) {
      parent[v] = v == inst.root() ? -1 : inst.atlas().routeTreeNext(v);
    }
    long[] lengthAt = new long[n];
    for (Message m : inst.messages()) {
      lengthAt[m.to()] = m.length();
    }
    long[] dep = FdfScatter.onTree(parent, inst.root(), lengthAt, multiport(inst), 0);
    Map<String, Long> got =
        ((Schedule.Departures) FDF.solve(inst, SolveLimits.defaults()).schedule()).departures();
    for (Message m : inst.messages()) {
      assertThat(dep[m.to()]).isEqualTo(m.length() == 0 ? -1L : got.get(m.id()));
    }
  }

  /**
   * Multiport through the edge-disjoint covers of {@link TreeCover} (paper §4, Technique 1): valid
   * and = LB-MP.
   */
  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void cover_multiportIsValidAndMeetsLbMp(long seed) {
    SplittableRandom rnd = new SplittableRandom(seed * 11 + 3);
    String family = rnd.nextBoolean() ? "mesh" : "torus";
    Instance inst = ScatterCases.draw(family, 3 + rnd.nextInt(4), ScatterCases.ALL, rnd.nextLong());
    Instance routed = SpanningTrees.reroute(inst, "cover");
    assertThat(FDF.whyNot(routed)).isNull();
    SolveResult r = FDF.solve(routed, SolveLimits.defaults());
    valid(seed, routed, r);
    assertThat(bound(routed, "LB-MP")).isEqualTo(r.makespan());
    assertThat(r.status()).isEqualTo(SolveStatus.OPTIMAL);
  }
}
