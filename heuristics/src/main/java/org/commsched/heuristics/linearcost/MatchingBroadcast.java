package org.commsched.heuristics.linearcost;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Family;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Network;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.solve.Interrupt;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.MethodFacts;
import org.commsched.core.solve.Scope;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;

/**
 * Telephone broadcast on any network under one port, round by round: in each round the informed
 * nodes call uninformed neighbours along a maximum matching of the bipartite graph informed x
 * uninformed (A. Scheuermann and G. Wu, "Heuristic algorithms for broadcasting in point-to-point
 * computer networks", IEEE Trans. Computers C-33(9):804-811, 1984: broadcast as a sequence of
 * matchings), and the matching serves first the uninformed nodes with the most left to do behind
 * them.
 *
 * <p><b>Priorities (this project's choice).</b> A breadth-first forest of the uninformed nodes is
 * grown from the informed ones, each node hung on the candidate parent (one level closer) whose
 * broadcast time grows least, deepest level first; the priority of a node next to the informed set
 * is its subtree's broadcast time in that forest, by the tree rule of {@link TelephoneTree}
 * (Slater, Cockayne, Hedetniemi 1981). The matching is grown by augmenting paths from the
 * uninformed nodes in decreasing priority, so the set of nodes it informs is the greedy basis of
 * the transversal matroid: no other maximum matching informs a set that is better in that order. On
 * a tree the forest is the tree and the calls are the optimal ones of {@link TelephoneTree}; on a
 * dense graph every informed node finds a partner while uninformed nodes are many, so the informed
 * set doubles each round (a binomial tree inside the graph, {@code ceil(log2 p)} rounds) as long as
 * the matchings stay perfect.
 *
 * <p><b>Improvements.</b> The calls of a run span a tree, along which they are a broadcast; the
 * optimal order on that tree ({@link TelephoneTree}) is never slower, and is taken when faster.
 * Further runs break the ties of priorities and parents by a generator seeded from {@link
 * SolveLimits#seed()} (a fixed number of runs, cut short by the time limit or by meeting the run's
 * best lower bound); the fewest rounds are kept. The tree rule on the breadth-first tree from the
 * source (linear time) is always a candidate, and the only one when the rounds would cost more than
 * {@link #FIRST_RUN_WORK} (each round scans the network, and there are at least as many rounds as
 * the source's eccentricity: an imported ring of 10^6 nodes) or when the time limit ends the first
 * run.
 *
 * <p>Each call carries the whole message ({@code beta + n tau}); the schedule is run as soon as
 * possible by {@link RoundSchedule}, so its makespan is the rounds times that.
 *
 * @implNote Stateless; each run works on its own arrays.
 */
public final class MatchingBroadcast implements Method {
  /** The facts of {@code matching-broadcast}: see the class javadoc for the sources. */
  static final MethodFacts FACTS =
      new MethodFacts(
          "matching-broadcast",
          "broadcast on any network, one port: rounds of calls along maximum matchings of informed x uninformed "
              + "nodes, served by priority (subtree broadcast times of a breadth-first forest), then the optimal "
              + "calling order on the tree the calls span; seeded restarts",
          "valid; optimal on trees for a one-unit message or tau = 0; no ratio on other networks",
          "A. Scheuermann, G. Wu, \"Heuristic algorithms for broadcasting in point-to-point computer networks\", "
              + "IEEE Trans. Computers C-33(9), 1984 (rounds of matchings); priorities and the tree order after "
              + "Slater, Cockayne, Hedetniemi, SIAM J. Computing 10(4), 1981 (this project's combination)",
          Scope.of(ProblemKind.BROADCAST).in(Family.LINEAR_COST).ports(CommModel.Ports.ONE),
          false);

  /**
   * Work (eccentricity times arcs and nodes) past which the rounds are not run: the breadth-first
   * tree answers.
   */
  static final long FIRST_RUN_WORK = 400_000_000L;

  /** Runs after the deterministic one, at most. */
  static final int RESTARTS = 16;

  /** Work (rounds times arcs and nodes) all runs together may take before restarts stop. */
  static final long WORK = 10_000_000L;

  /** The deepest augmenting path followed (each level is one informed node re-routed). */
  private static final int MAX_DEPTH = 2_000;

  @Override
  public MethodFacts facts() {
    return FACTS;
  }

  /**
   * The calls are chosen without costs (rounds of matchings); on links of their own costs they are
   * run as soon as possible with each link's beta and tau ({@link RoundSchedule}), and the runs
   * compare by makespan, not rounds.
   */
  @Override
  public boolean readsLinkCosts() {
    return true;
  }

  /**
   * The most arcs a network may have: every round scans them all (a complete graph of 46,000 nodes
   * has 2 x 10^9).
   */
  static final long MAX_ARCS = 20_000_000L;

  @Override
  public String whyNotFurther(Instance instance) {
    Network net = instance.network();
    if (net.arcs() > MAX_ARCS) {
      return name()
          + " scans every arc in every round and takes networks of at most "
          + MAX_ARCS
          + " arcs (this one "
          + "has "
          + net.arcs()
          + "): use greedy-saf, or the scheme of the network's family";
    }
    String size =
        LinearCostMethods.tooLarge(
            name(), instance.origins().get(0).length(), false, net.nodes() - 1L);
    if (size != null) {
      return size;
    }
    return LinearCostMethods.whyNotReachable(name(), instance);
  }

  @Override
  public SolveResult solve(Instance instance, SolveLimits limits) {
    requireApplies(instance);
    long t0 = System.nanoTime();
    long deadline = t0 + limits.timeLimit().toNanos();
    BroadcastScheme.Setting s = BroadcastScheme.Setting.of(instance);
    LowerBound bound = limits.run().bestBound(instance);
    long call = s.model().packetTicks(s.n(), s.scale());
    // the tree rule on a breadth-first tree: linear time, the answer when the rounds would cost too
    // much
    int[] dist = s.net().distancesFrom(s.source());
    int ecc = java.util.Arrays.stream(dist).max().orElse(0);
    long perRound = s.net().arcs() + (long) s.p();
    Calls best = bfsTree(s.net(), s.source(), dist);
    // links of their own costs: rounds are not time, so each candidate is run and the makespans
    // compared
    boolean costs = s.net().hasChannels();
    long bestTime = costs ? run(s, best).makespan() : (long) best.rounds * call;
    int first = -1;
    if ((long) ecc * perRound
        <= FIRST_RUN_WORK) { // every round scans the network, and there are at least ecc
      Calls c = new Rounds(s.net(), s.source(), null).run(deadline);
      if (c != null) {
        first = c.rounds;
        long time = costs ? run(s, c).makespan() : (long) c.rounds * call;
        if (costs ? time < bestTime : c.rounds <= best.rounds) {
          best = c;
          bestTime = time;
        }
      }
    }
    long perRun = Math.max(1, (long) best.rounds * perRound);
    int runs = first >= 0 ? 1 : 0;
    SplittableRandom random = new SplittableRandom(limits.seed());
    for (int k = 0; first >= 0 && k < RESTARTS && (long) (k + 2) * perRun <= WORK; k++) {
      if (bestTime <= bound.value() || Interrupt.over(deadline) || limits.run().stop().stopped()) {
        break;
      }
      Calls c = new Rounds(s.net(), s.source(), random.split()).run(deadline);
      runs++;
      if (c != null) {
        long time = costs ? run(s, c).makespan() : (long) c.rounds * call;
        if (costs ? time < bestTime : c.rounds < best.rounds) {
          best = c;
          bestTime = time;
        }
      }
    }
    RoundSchedule.Result r = run(s, best);
    return SolveResult.feasible(name(), r.schedule(s.scale()), r.makespan(), bound)
        .withStat("rounds", best.rounds)
        .withStat("runs", runs)
        .withStat("firstRunRounds", first < 0 ? "not run" : first)
        .withStat("plan", best.plan);
  }

  /** The calls run as soon as possible, each carrying the whole message. */
  private static RoundSchedule.Result run(BroadcastScheme.Setting s, Calls calls) {
    RoundSchedule rs = s.schedule();
    for (int i = 0; i < calls.from.length; i++) {
      rs.send(calls.round[i], calls.from[i], calls.to[i], 0, s.n());
    }
    return rs.run();
  }

  /** A broadcast as calls (round from 0, caller, callee) and its rounds. */
  record Calls(int[] round, int[] from, int[] to, int rounds, String plan) {}

  /** The optimal calls on a tree ({@link TelephoneTree#calls}) as a broadcast. */
  static Calls treeCalls(TelephoneTree tree, String plan) {
    int m = tree.order.length - 1;
    int[] round = new int[m];
    int[] from = new int[m];
    int[] to = new int[m];
    int[] at = {0};
    tree.calls(
        (r, f, t) -> {
          round[at[0]] = r;
          from[at[0]] = f;
          to[at[0]] = t;
          at[0]++;
        });
    return new Calls(round, from, to, tree.rounds(), plan);
  }

  /**
   * The tree rule on the breadth-first tree from the source (each node hung on its first
   * in-neighbour one hop closer): linear time, and the answer when the rounds would scan the
   * network too often.
   */
  static Calls bfsTree(Network net, int source, int[] dist) {
    int p = net.nodes();
    int[] parent = new int[p];
    int[] order = new int[p];
    java.util.Arrays.fill(parent, -1);
    int len = 0;
    order[len++] = source;
    for (int h = 0; h < len; h++) {
      int x = order[h];
      for (int i = 0; i < net.outDegree(x); i++) {
        int y = net.head(net.outArc(x, i));
        if (y != source && parent[y] < 0 && dist[y] == dist[x] + 1) {
          parent[y] = x;
          order[len++] = y;
        }
      }
    }
    TelephoneTree tree = new TelephoneTree(parent, order);
    return treeCalls(tree, "the tree rule on the breadth-first tree: " + tree.rounds() + " rounds");
  }

  /** One run of the round heuristic; the generator breaks ties (null: by node id). */
  private static final class Rounds {
    private final Network net;
    private final int source;
    private final int p;
    private final int[] rank;
    private final boolean[] informed;
    private final int[] level;
    private final int[] queue;
    private final int[] bval;
    private final int[] val;
    private final int[] kids;
    private final int[] mate;
    private final int[] calledBy;
    private final int[] stamp;
    private int now;

    /**
     * Informed nodes with an uninformed out-neighbour in the current round (level 0 of the forest).
     */
    private int active;

    Rounds(Network net, int source, SplittableRandom random) {
      this.net = net;
      this.source = source;
      this.p = net.nodes();
      rank = new int[p];
      for (int v = 0; v < p; v++) {
        rank[v] = v;
      }
      if (random != null) {
        for (int v = p - 1; v > 0; v--) {
          int w = random.nextInt(v + 1);
          int t = rank[v];
          rank[v] = rank[w];
          rank[w] = t;
        }
      }
      informed = new boolean[p];
      level = new int[p];
      queue = new int[p];
      bval = new int[p];
      val = new int[p];
      kids = new int[p];
      mate = new int[p];
      calledBy = new int[p];
      stamp = new int[p];
    }

    /** The calls of one run; null once {@code deadline} ({@link System#nanoTime()}) has passed. */
    Calls run(long deadline) {
      int[] cRound = new int[p - 1];
      int[] cFrom = new int[p - 1];
      int[] cTo = new int[p - 1];
      int calls = 0;
      int[] informedOrder = new int[p];
      informedOrder[0] = source;
      informed[source] = true;
      int count = 1;
      int round = 0;
      Arrays.fill(calledBy, -1);
      while (count < p) {
        if (Interrupt.over(deadline)) {
          return null;
        }
        int len = forest();
        // the frontier (level 1) in decreasing priority, ties by rank
        int f = 0;
        long[] keys = new long[len];
        for (int x = 0; x < len; x++) {
          int v = queue[x];
          if (level[v] == 1) {
            keys[f++] = ((long) (Integer.MAX_VALUE - bval[v]) << 32) | rank[v];
          }
        }
        Arrays.sort(keys, 0, f);
        int[] byRank = inverse();
        Arrays.fill(mate, -1);
        int[] frontier = new int[f];
        for (int i = 0; i < f; i++) {
          frontier[i] = byRank[(int) keys[i]];
          calledBy[frontier[i]] = -1;
        }
        // informed nodes visited by a failed search cannot help a later one until the matching
        // changes (Kuhn's
        // algorithm keeps their marks); once every informed node that can call has a partner,
        // nothing more fits
        int callers = active;
        int matched = 0;
        now++;
        for (int v : frontier) {
          if (matched == callers) {
            break;
          }
          if (augment(v, 0)) {
            matched++;
            now++;
          }
        }
        for (int v : frontier) {
          int u = calledBy[v];
          if (u >= 0) {
            cRound[calls] = round;
            cFrom[calls] = u;
            cTo[calls] = v;
            calls++;
          }
        }
        for (int v : frontier) {
          if (calledBy[v] >= 0) {
            informed[v] = true;
            informedOrder[count++] = v;
          }
        }
        round++;
      }
      int rounds = round;
      // the optimal order on the tree these calls span
      int[] parent = new int[p];
      Arrays.fill(parent, -1);
      for (int i = 0; i < calls; i++) {
        parent[cTo[i]] = cFrom[i];
      }
      TelephoneTree tree = new TelephoneTree(parent, informedOrder);
      if (tree.rounds() < rounds) {
        return treeCalls(
            tree,
            "matchings of " + rounds + " rounds, reordered on their tree to " + tree.rounds());
      }
      return new Calls(cRound, cFrom, cTo, rounds, "matchings of " + rounds + " rounds");
    }

    private int[] inverseCache;

    private int[] inverse() {
      if (inverseCache == null) {
        inverseCache = new int[p];
        for (int v = 0; v < p; v++) {
          inverseCache[rank[v]] = v;
        }
      }
      return inverseCache;
    }

    /**
     * Grows the breadth-first forest of the uninformed nodes from the informed ones (levels into
     * {@link #level}, level order into {@link #queue}), hangs each node on a parent one level
     * closer, deepest level first, and leaves every forest node's subtree broadcast time in {@link
     * #bval}. Returns the nodes queued.
     */
    private int forest() {
      int len = 0;
      for (int v = 0; v < p; v++) {
        level[v] = -1;
        if (informed[v]) {
          boolean active = false;
          for (int i = 0; i < net.outDegree(v) && !active; i++) {
            active = !informed[net.head(net.outArc(v, i))];
          }
          if (active) {
            level[v] = 0;
            queue[len++] = v;
          }
        }
      }
      int firstUninformed = len;
      active = len;
      for (int h = 0; h < len; h++) {
        int x = queue[h];
        for (int i = 0; i < net.outDegree(x); i++) {
          int y = net.head(net.outArc(x, i));
          if (level[y] < 0 && !informed[y]) {
            level[y] = level[x] + 1;
            queue[len++] = y;
          }
        }
      }
      for (int x = firstUninformed; x < len; x++) {
        int v = queue[x];
        val[v] = 0;
        kids[v] = 0;
      }
      // levels from the deepest: each node's b is final once its level is hung
      int end = len;
      while (end > firstUninformed) {
        int lv = level[queue[end - 1]];
        int start = end;
        while (start > firstUninformed && level[queue[start - 1]] == lv) {
          start--;
        }
        if (lv >= 2) {
          long[] keys = new long[end - start];
          for (int x = start; x < end; x++) {
            int v = queue[x];
            bval[v] = val[v];
            keys[x - start] = ((long) (Integer.MAX_VALUE - bval[v]) << 32) | rank[v];
          }
          Arrays.sort(keys);
          int[] byRank = inverse();
          for (long k : keys) {
            int v = byRank[(int) k];
            int bestParent = -1;
            int bestVal = Integer.MAX_VALUE;
            for (int i = 0; i < net.inDegree(v); i++) {
              int u = net.tail(net.inArc(v, i));
              if (level[u] != lv - 1 || informed[u]) {
                continue;
              }
              int grown = Math.max(val[u], kids[u] + 1 + bval[v]);
              if (grown < bestVal
                  || grown == bestVal
                      && (kids[u] < kids[bestParent]
                          || kids[u] == kids[bestParent] && rank[u] < rank[bestParent])) {
                bestVal = grown;
                bestParent = u;
              }
            }
            val[bestParent] = bestVal;
            kids[bestParent]++;
          }
        } else {
          for (int x = start; x < end; x++) {
            bval[queue[x]] = val[queue[x]];
          }
        }
        end = start;
      }
      return len;
    }

    /**
     * Finds an informed caller for uninformed v, re-routing matched callers along an augmenting
     * path.
     */
    private boolean augment(int v, int depth) {
      for (int i = 0; i < net.inDegree(v); i++) {
        int u = net.tail(net.inArc(v, i));
        if (level[u] == 0 && mate[u] < 0) {
          mate[u] = v;
          calledBy[v] = u;
          stamp[u] = now;
          return true;
        }
      }
      if (depth >= MAX_DEPTH) {
        return false;
      }
      for (int i = 0; i < net.inDegree(v); i++) {
        int u = net.tail(net.inArc(v, i));
        if (level[u] == 0 && stamp[u] != now) {
          stamp[u] = now;
          if (augment(mate[u], depth + 1)) {
            mate[u] = v;
            calledBy[v] = u;
            return true;
          }
        }
      }
      return false;
    }
  }
}
