package org.commsched.heuristics.bufferless.scattergather;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Family;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.model.Schedule;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.MethodFacts;
import org.commsched.core.solve.MethodOption;
import org.commsched.core.solve.Ratios;
import org.commsched.core.solve.Scope;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;

/**
 * FDF-SCATTER: the root sends the non-null messages back to back, farthest destination first.
 *
 * <p><b>Model.</b> Bufferless flit-level scattering (Bhatt, Pucci, Ranade and Rosenberg's model,
 * docs/models/bufferless-scatter-gather.md#model): a message of L flits leaves the root in L
 * consecutive steps and never waits; single port (the root sends one flit per step) or multiport
 * (one flit per arc per step). The routes must form a tree from the root: any tree network, or any
 * network through a spanning tree (the default breadth-first routes, or the trees of {@link
 * SpanningTrees} chosen with the solve option {@code spanning-tree}). Under multiport it is enough
 * that the routes of each root arc form a tree and share no arc with another root arc's (this
 * admits the edge-disjoint covers of {@link TreeCover}).
 *
 * <p><b>Algorithm.</b> Sort the non-null messages by route length, longest first (ties: smaller
 * destination id), and dispatch each at the step its predecessor on the same stream finishes: one
 * stream for the single port, one per root arc under multiport
 * (docs/models/bufferless-scatter-gather.md#fdf). With the {@code setup} option β &gt; 0
 * (docs/models/bufferless-scatter-gather.md#fdf, Remark 2 of the paper: a set-up of β steps at the
 * root before each message) each message's first flit leaves β steps after its predecessor's last.
 *
 * <p><b>Guarantee.</b> Optimal for the instance's routes. Theorem 1 of the paper ("every FDF
 * scattering-schedule for scattering from the root-PE of an arbitrary tree is optimal", with Claim
 * 2: every tie order takes the same time). The makespan is the closed form {@link #closedForm}
 * {@code T = max over Delta of (Delta + sum of L_i over messages with at least Delta hops)} in the
 * paper's units (docs/models/bufferless-scatter-gather.md#fdf [D]); that value is also a lower
 * bound for every schedule on these routes (LB-SCAT; per root arc LB-MP under multiport,
 * docs/models/bufferless-scatter-gather.md#lower-bounds), so the result carries it as its bound and
 * is proven OPTIMAL. On the default routes of any network (a breadth-first tree) it meets the
 * network-wide bound, so no single-port scatter beats it whatever the routes
 * (docs/models/bufferless-scatter-gather.md#fdf [D]). With set-up β the schedule is optimal for the
 * set-up model, {@code T = max over Delta of (Delta + sum of (beta + L_i))}
 * (docs/models/bufferless-scatter-gather.md#fdf [D], not a paper result); in our plain model it is
 * valid but not optimal, and reports FEASIBLE.
 *
 * <p><b>Time.</b> Our makespan (docs/DESIGN.md) is the paper's T minus 1 (the paper counts one more
 * row); the result's stats give {@code paperT}.
 *
 * <p><b>Complexity.</b> O(m + n) on default routes (counting sorts by destination and depth, the
 * depths and root subtrees read from the routing tree), plus O(m log m) for the closed form used as
 * the bound; O(total route length) with explicit routes, to check that they form a tree.
 *
 * <p><b>Relation to {@code greedy}.</b> The baseline {@code greedy} also orders scatter messages
 * farthest first and, on tree routes, packs them back to back on the root's port or arcs, so it
 * returns the same makespan; it breaks ties by longer message first where fdf takes the smaller
 * destination, so departures can differ among messages at equal distance (Claim 2 makes the
 * makespans equal). fdf adds the closed form, the set-up variant, the cover routes and an O(m + n)
 * engine without interval sets.
 *
 * <p><b>Corrections and readings</b>
 * (docs/models/bufferless-scatter-gather.md#scattering-corrections): Proposition 1's lower bound
 * {@code max(sum L, max delta)} is valid but not tight ({@code T >= sum L + 1}); Claim 1's strict
 * improvement needs a unique last arrival; Remark 3's warning about fixed spanning trees concerns
 * gathering and multiport, not single-port scattering
 * (docs/models/bufferless-scatter-gather.md#fdf).
 *
 * <p>Citation: S. N. Bhatt, G. Pucci, A. Ranade, A. L. Rosenberg, "Scattering and Gathering
 * Messages in Networks of Processors", IEEE Trans. Computers, 1993, §2 (Theorem 1), Remark 2, §4.
 *
 * @implNote Stateless and deterministic; immutable.
 */
public final class FdfScatter implements Method {
  /** The largest {@code setup} accepted (larger values overflow the step counts). */
  static final long MAX_SETUP = 1_000_000_000L;

  /**
   * The option {@code setup}: set-up steps per message at the root
   * (docs/models/bufferless-scatter-gather.md#fdf), an integer in 0..{@value #MAX_SETUP}; default
   * 0.
   */
  public static final MethodOption<Long> SETUP =
      MethodOption.count("setup", MAX_SETUP, "the set-up steps per message, e.g. setup=3");

  /** Optimal (Theorem 1) with the default options: the makespan is the optimum. */
  @Override
  public Long guaranteedMakespan(Instance instance, long optimum) {
    return optimum;
  }

  private static final Scope.NetworkTest TREE_ROUTES =
      new Scope.NetworkTest(
          "routes forming a tree from the root "
              + "(any tree network; any network through a spanning tree, default BFS)",
          i -> {
            String p = ScatterRoutes.of(i, multiport(i)).problem;
            return p == null
                ? null
                : "needs routes forming a tree from the root, and " + p + ": use greedy";
          });

  /** The facts of {@code fdf}: see the class javadoc for the source. */
  static final MethodFacts FACTS =
      new MethodFacts(
          "fdf",
          "farthest-destination-first scattering: the root sends messages back to back, longest route first "
              + "(one stream per root arc under multiport)",
          "optimal for tree routes (Theorem 1): makespan = max_Delta (Delta + sum of L at >= Delta hops) - 1 "
              + "= LB-SCAT (LB-MP multiport); with --option setup=beta optimal for the set-up variant",
          "Bhatt, Pucci, Ranade, Rosenberg, \"Scattering and Gathering Messages in Networks of Processors\", "
              + "Theorem 1, Remark 2, §4; closed form, multiport and set-up variants derived in "
              + "docs/models/bufferless-scatter-gather.md#fdf",
          Scope.of(ProblemKind.SCATTER).in(Family.BUFFERLESS_SCATTER_GATHER).on(TREE_ROUTES),
          false);

  @Override
  public MethodFacts facts() {
    return FACTS;
  }

  private static boolean multiport(Instance instance) {
    return instance.bufferlessPorts() == CommModel.BufferlessPorts.ALL;
  }

  @Override
  public SolveResult solve(Instance instance, SolveLimits limits) {
    requireApplies(instance);
    long setup = limits.options().get(SETUP);
    boolean multi = multiport(instance);
    ScatterRoutes r = ScatterRoutes.of(instance, multi);
    int[] stream = multi ? r.stream : null;
    long[] dep = departures(r.depth, r.length, stream, r.dest, setup);
    List<Message> ms = instance.messages();
    Map<String, Long> out = new LinkedHashMap<>();
    long makespan = 0;
    for (int i = 0; i < ms.size(); i++) {
      if (r.length[i] == 0) {
        continue;
      }
      out.put(ms.get(i).id(), dep[i]);
      makespan = Math.max(makespan, dep[i] + r.length[i] + r.depth[i] - 1);
    }
    ClosedForm plain = closedForm(r.depth, r.length, stream, 0);
    LowerBound bound =
        plain.paperT() == 0
            ? LowerBound.zero()
            : new LowerBound(
                plain.paperT() - 1, multi ? "LB-MP" : "LB-SCAT", witness(instance, plain, multi));
    SolveResult res =
        SolveResult.feasible(name(), new Schedule.Departures(out), makespan, bound)
            .withStat("paperT", out.isEmpty() ? 0 : makespan + 1)
            .withStat("ratioPaperT", Ratios.of(out.isEmpty() ? 0 : makespan + 1, plain.paperT()))
            .withStat(
                "routes",
                r.defaultTree
                    ? "default breadth-first tree"
                    : "explicit routes" + (multi ? " (a tree per root arc)" : " (one tree)"));
    String tree = limits.options().get(SolveLimits.SPANNING_TREE);
    if (tree != null) {
      res = res.withStat("spanningTree", tree);
    }
    if (setup > 0) {
      res =
          res.withStat("setup", setup)
              .withStat(
                  "setupOptimumPaperT", closedForm(r.depth, r.length, stream, setup).paperT());
    }
    return res;
  }

  @Override
  public List<MethodOption<?>> methodOptions() {
    return List.of(SETUP);
  }

  private static String witness(Instance inst, ClosedForm c, boolean multi) {
    String where =
        multi ? "the root's arc " + inst.root() + "->" + c.stream() : "the root's single send port";
    return "messages at least "
        + c.delta()
        + " hops from root "
        + inst.root()
        + (multi ? " behind " + where : "")
        + " carry "
        + c.flits()
        + " flits, which leave through "
        + where
        + " one per step, and the last still needs "
        + (c.delta() - 1)
        + " more hops: "
        + c.flits()
        + " + "
        + c.delta()
        + " - 1 = "
        + (c.paperT() - 1)
        + " (FDF closed form, paper units "
        + c.paperT()
        + ")";
  }

  /**
   * The value of the closed form and where it is attained: {@code paperT = delta + flits}, where
   * {@code flits} is the sum of {@code setup + L_i} over the non-null messages of {@code stream}
   * with at least {@code delta} hops.
   *
   * @param paperT the completion time in the paper's units (1 + last arrival row; 0 without
   *     non-null messages)
   * @param delta the distance threshold attaining it (0 if none)
   * @param flits the stream's steps at that threshold
   * @param stream the stream (-1 for the single port)
   */
  public record ClosedForm(long paperT, int delta, long flits, int stream) {}

  /**
   * The exact FDF completion time, from the closed form of
   * docs/models/bufferless-scatter-gather.md#fdf (docs/models/bufferless-scatter-gather.md#fdf with
   * set-up, docs/models/bufferless-scatter-gather.md#fdf per stream), computed independently of the
   * dispatch loop: per stream, {@code max over distinct Delta of (Delta + sum over messages with
   * depth >= Delta of (setup + L))}; overall the largest stream's value. Paper units: 1 + the last
   * arrival row, so our makespan is one less (0 when there is no non-null message).
   *
   * @param depth route length (hops) of each message
   * @param length flits of each message; 0 marks a null message (ignored)
   * @param stream stream of each message (root arc under multiport), values at least 0; null for
   *     one stream
   * @param setup set-up steps per message, at least 0
   */
  public static ClosedForm closedForm(int[] depth, long[] length, int[] stream, long setup) {
    int[] idx = nonNull(length);
    int k = idx.length;
    if (k == 0) {
      return new ClosedForm(0, 0, 0, -1);
    }
    int[] dRank = new int[depth.length];
    int dBuckets = rank(depth, idx, dRank);
    countingSort(idx, dRank, dBuckets, true); // deepest first
    if (stream != null) {
      int[] sRank = new int[stream.length];
      int sBuckets = rank(stream, idx, sRank);
      countingSort(idx, sRank, sBuckets, false); // stable: by stream, deepest first within it
    }
    ClosedForm best = null;
    long sum = 0;
    for (int j = 0; j < k; j++) {
      int i = idx[j];
      if (j > 0 && stream != null && stream[idx[j - 1]] != stream[i]) {
        sum = 0;
      }
      sum = Math.addExact(sum, Math.addExact(setup, length[i]));
      boolean lastOfThreshold =
          j + 1 == k
              || depth[idx[j + 1]] != depth[i]
              || (stream != null && stream[idx[j + 1]] != stream[i]);
      if (lastOfThreshold) {
        long v = depth[i] + sum;
        if (best == null || v > best.paperT()) {
          best = new ClosedForm(v, depth[i], sum, stream == null ? -1 : stream[i]);
        }
      }
    }
    return best;
  }

  /**
   * The FDF order: non-null message indices by depth, deepest first, ties by smaller {@code tie}
   * value.
   */
  public static int[] order(int[] depth, long[] length, int[] tie) {
    int[] idx = nonNull(length);
    if (tie != null) {
      int[] tRank = new int[tie.length];
      countingSort(idx, tRank, rank(tie, idx, tRank), false);
    }
    int[] dRank = new int[depth.length];
    countingSort(idx, dRank, rank(depth, idx, dRank), true);
    return idx;
  }

  /**
   * Root-sequential departures in a given order: each message of the order leaves {@code setup}
   * steps after the previous message of its stream has left entirely (the first at step {@code
   * setup}). Messages not in the order get -1. Valid on tree routes for any order (lemma L1), with
   * or without set-up gaps.
   */
  public static long[] departuresInOrder(int[] order, long[] length, int[] stream, long setup) {
    long[] dep = new long[length.length];
    Arrays.fill(dep, -1);
    int maxStream = 0;
    if (stream != null) {
      for (int i : order) {
        maxStream = Math.max(maxStream, stream[i]);
      }
    }
    long[] busy = new long[maxStream + 1];
    for (int i : order) {
      int s = stream == null ? 0 : stream[i];
      dep[i] = Math.addExact(busy[s], setup);
      busy[s] = Math.addExact(dep[i], length[i]);
    }
    return dep;
  }

  /**
   * FDF departures (step of each message's first flit; -1 for null messages): {@link #order} then
   * {@link #departuresInOrder}. O(m + range of depth and tie values) with counting sorts.
   *
   * @param depth route length (hops) of each message
   * @param length flits of each message; 0 marks a null message
   * @param stream stream of each message (root arc under multiport, values at least 0), null for
   *     the single port
   * @param tie tie-break among equal depths (smaller first), e.g. the destination; null for index
   *     order
   * @param setup set-up steps per message at the root, at least 0
   */
  public static long[] departures(int[] depth, long[] length, int[] stream, int[] tie, long setup) {
    return departuresInOrder(order(depth, length, tie), length, stream, setup);
  }

  /**
   * FDF on a tree given by its parent list, for large trees without building an instance: node v's
   * message has {@code lengthAt[v]} flits (0: none).
   *
   * @return departures by node (-1 where there is no message); the makespan is {@link
   *     #closedForm}{@code .paperT() - 1}
   */
  public static long[] onTree(
      int[] parent, int root, long[] lengthAt, boolean multiport, long setup) {
    SpanningTree t = new SpanningTree(root, parent);
    int n = parent.length;
    int[] depth = new int[n];
    int[] stream = multiport ? new int[n] : null;
    int[] tie = new int[n];
    long[] len = new long[n];
    for (int v = 0; v < n; v++) {
      tie[v] = v;
      if (v != root && t.contains(v)) {
        depth[v] = t.depth(v);
        len[v] = lengthAt[v];
        if (multiport) {
          stream[v] = t.rootChild(v);
        }
      }
    }
    return departures(depth, len, stream, tie, setup);
  }

  private static int[] nonNull(long[] length) {
    int k = 0;
    for (long l : length) {
      if (l < 0) {
        throw new IllegalArgumentException("a message length cannot be negative, got " + l);
      }
      if (l > 0) {
        k++;
      }
    }
    int[] idx = new int[k];
    k = 0;
    for (int i = 0; i < length.length; i++) {
      if (length[i] > 0) {
        idx[k++] = i;
      }
    }
    return idx;
  }

  /**
   * Dense ranks of {@code values[i]} over the indices in {@code idx} (equal values, equal ranks;
   * order kept), into {@code rank}; returns the number of distinct values. Linear when the values
   * are small, O(k log k) otherwise.
   */
  private static int rank(int[] values, int[] idx, int[] rank) {
    int min = Integer.MAX_VALUE;
    int max = Integer.MIN_VALUE;
    for (int i : idx) {
      min = Math.min(min, values[i]);
      max = Math.max(max, values[i]);
    }
    if (idx.length == 0) {
      return 0;
    }
    long range = (long) max - min + 1;
    if (range <= 4L * idx.length + 1024) {
      for (int i : idx) {
        rank[i] = values[i] - min;
      }
      return (int) range;
    }
    int[] sorted = new int[idx.length];
    for (int j = 0; j < idx.length; j++) {
      sorted[j] = values[idx[j]];
    }
    Arrays.sort(sorted);
    int distinct = 0;
    for (int j = 0; j < sorted.length; j++) {
      if (j == 0 || sorted[j] != sorted[j - 1]) {
        sorted[distinct++] = sorted[j];
      }
    }
    for (int i : idx) {
      rank[i] = Arrays.binarySearch(sorted, 0, distinct, values[i]);
    }
    return distinct;
  }

  /** Stable counting sort of {@code idx} by {@code rank[idx[j]]} in {@code [0, buckets)}. */
  private static void countingSort(int[] idx, int[] rank, int buckets, boolean descending) {
    int[] start = new int[buckets + 1];
    for (int i : idx) {
      int b = descending ? buckets - 1 - rank[i] : rank[i];
      start[b + 1]++;
    }
    for (int b = 0; b < buckets; b++) {
      start[b + 1] += start[b];
    }
    int[] out = new int[idx.length];
    for (int i : idx) {
      int b = descending ? buckets - 1 - rank[i] : rank[i];
      out[start[b]++] = i;
    }
    System.arraycopy(out, 0, idx, 0, idx.length);
  }
}
