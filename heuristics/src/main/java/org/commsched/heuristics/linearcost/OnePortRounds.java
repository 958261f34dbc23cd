package org.commsched.heuristics.linearcost;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Network;
import org.commsched.core.solve.Interrupt;
import org.commsched.core.solve.SolveLimits;
import org.jgrapht.Graph;
import org.jgrapht.alg.interfaces.MatchingAlgorithm;
import org.jgrapht.alg.matching.GreedyWeightedMatching;
import org.jgrapht.alg.matching.blossom.v5.KolmogorovWeightedMatching;
import org.jgrapht.alg.matching.blossom.v5.ObjectiveSense;
import org.jgrapht.graph.DefaultWeightedEdge;
import org.jgrapht.graph.SimpleWeightedGraph;
import org.jgrapht.util.SupplierUtil;

/**
 * The one-port rounds of {@link RarestFirstGossip}: gossip of one-unit packets in lock-step rounds
 * where every node takes part in at most one call per round. Each round is a maximum-weight
 * matching (Edmonds' blossoms in Kolmogorov's Blossom V, JGraphT's {@link
 * KolmogorovWeightedMatching}) of the possible calls; each call carries the rarest unit (fewest
 * holders, ties in the cyclic order from the receiver's own first unit, as under all ports) that
 * its sender holds and its receiver lacks.
 *
 * <ul>
 *   <li>{@code exchange}, full duplex (F1): the matching is over the links; a matched pair
 *       exchanges one unit each way where each is useful. A link's weight counts its useful
 *       directions.
 *   <li>{@code exchange}, half duplex (H1): the same matching, one direction per matched link (the
 *       heavier).
 *   <li>{@code send-and-receive}: a bipartite matching of senders to receivers (each node sends at
 *       most one and receives at most one unit per round, with any neighbours); under half duplex
 *       the matching is solved again without the lighter edge of each pair matched both ways (up to
 *       {@link #HALF_RESOLVES} times), so that both nodes of the pair find other partners and the
 *       round's calls form paths and cycles of 3 or more nodes (on {@code K_3} to {@code K_8} with
 *       1 to 3 units every node then receives in every round, meeting the receive-port count {@code
 *       (p - 1) n}, as RarestFirstGossipProperties checks; merely dropping one direction left a
 *       node idle, e.g. 16 rounds for 15 on {@code K_6} with 3 units); a pair still matched both
 *       ways keeps the heavier direction.
 * </ul>
 *
 * <p><b>Weights (this project's choice).</b> A useful call weighs {@code 4 p} (so a matching with
 * more useful calls always wins) plus the share of units its receiver still lacks (the needy first:
 * at the receive-port bound every node must receive in every round), plus, in the restarts, a
 * seeded perturbation of up to a half that breaks ties differently. The deterministic run comes
 * first; the restarts stop at the floor (the run's best bound in rounds), at {@link #RESTARTS}
 * runs, at the work budget or at the time limit, and the fewest rounds are kept.
 *
 * <p>Above {@link #EXACT_EDGES} candidate calls a round uses the greedy half-approximation ({@link
 * GreedyWeightedMatching}, linear after sorting) instead of Blossom V, so that rounds on networks
 * of 10^3 nodes stay in milliseconds.
 *
 * @implNote Not thread-safe; one instance per solve.
 */
final class OnePortRounds {
  /** Runs after the deterministic one, at most. */
  static final int RESTARTS = 48;

  /** Units times arcs times rounds, over all runs, past which no further restart starts. */
  static final long WORK = 200_000_000L;

  /**
   * Send-and-receive under half duplex: the most times a round's matching is solved again without
   * the lighter edge of each pair matched both ways (beyond, the lighter direction is just
   * dropped).
   */
  static final int HALF_RESOLVES = 16;

  /** Candidate calls per round up to which the matching is exact (Blossom V); above, greedy. */
  static final int EXACT_EDGES = 5_000;

  private final Network net;
  private final boolean exchange;
  private final boolean half;
  private final int units;
  private final int[] base;
  private final boolean[][] has0;
  private final int[] held0;
  private final int[] count0;

  /** Runs made by {@link #best}. */
  int runs;

  OnePortRounds(
      Network net,
      CommModel.StoreAndForward model,
      int units,
      int[] base,
      boolean[][] has,
      int[] held,
      int[] count) {
    this.net = net;
    this.exchange = model.onePort() == CommModel.OnePortRule.EXCHANGE;
    this.half = model.duplex() == CommModel.Duplex.HALF;
    this.units = units;
    this.base = base;
    this.has0 = has;
    this.held0 = held;
    this.count0 = count;
  }

  /**
   * The moves {unit, tail, head, round} of the run with the fewest rounds, or null when the time
   * limit or the stop token ended the first run.
   *
   * @param floor the rounds no schedule beats (restarts stop there)
   */
  int[][] best(long floor, long seed, long deadline, SolveLimits limits) {
    SplittableRandom random = new SplittableRandom(seed);
    List<int[]> best = null;
    int bestRounds = Integer.MAX_VALUE;
    long work = 0;
    for (int k = 0; k <= RESTARTS; k++) {
      if (best != null && (bestRounds <= floor || work > WORK)) {
        break;
      }
      List<int[]> moves = run(k == 0 ? null : random.split(), bestRounds, deadline, limits);
      if (moves == null) {
        break; // the time limit or the stop token
      }
      runs++;
      if (moves == NOT_BETTER) {
        work += (long) units * net.arcs() * bestRounds;
        continue;
      }
      int rounds = moves.isEmpty() ? 0 : moves.get(moves.size() - 1)[3] + 1;
      work += (long) units * net.arcs() * Math.max(1, rounds);
      if (rounds < bestRounds) {
        best = moves;
        bestRounds = rounds;
      }
    }
    return best == null ? null : best.toArray(new int[0][]);
  }

  /** What {@link #run} returns when it would take {@code cutoff} rounds or more. */
  private static final List<int[]> NOT_BETTER = List.of();

  /**
   * One run: its moves, {@link #NOT_BETTER} once it would take {@code cutoff} rounds or more, null
   * once the time limit passes or the run is stopped.
   */
  private List<int[]> run(SplittableRandom noise, int cutoff, long deadline, SolveLimits limits) {
    int p = net.nodes();
    boolean[][] has = new boolean[p][];
    for (int v = 0; v < p; v++) {
      has[v] = has0[v].clone();
    }
    int[] held = held0.clone();
    int[] count = count0.clone();
    int[] unitOf = new int[net.arcs()];
    double[] weightOf = new double[net.arcs()];
    List<int[]> moves = new ArrayList<>();
    int round = 0;
    while (!complete(count)) {
      if ((deadline == Long.MAX_VALUE
              ? Interrupt.requested()
              : Interrupt.over(deadline)) // MAX_VALUE: no limit
          || limits.run().stop().stopped()) {
        return null;
      }
      if (round >= cutoff - 1) {
        return NOT_BETTER;
      }
      // per arc: the rarest unit its tail holds and its head lacks, and the call's weight
      int candidates = 0;
      for (int a = 0; a < net.arcs(); a++) {
        int u = net.tail(a);
        int v = net.head(a);
        unitOf[a] = -1;
        if (u == v || count[v] == units) {
          continue;
        }
        int bestUnit = -1;
        for (int i = 0; i < units; i++) {
          int x = (base[v] + i) % units;
          if (has[u][x] && !has[v][x] && (bestUnit < 0 || held[x] < held[bestUnit])) {
            bestUnit = x;
          }
        }
        if (bestUnit >= 0) {
          unitOf[a] = bestUnit;
          weightOf[a] =
              4.0 * p
                  + (double) (units - count[v]) / units
                  + (noise == null ? 0 : 0.5 * noise.nextDouble());
          candidates++;
        }
      }
      int sides = exchange ? p : 2 * p;
      // Blossom V's maximum (not perfect) matching copies the graph and needs fresh vertices:
      // numbers above ours
      Graph<Integer, DefaultWeightedEdge> g =
          new SimpleWeightedGraph<>(
              SupplierUtil.createIntegerSupplier(sides),
              SupplierUtil.createDefaultWeightedEdgeSupplier());
      for (int v = 0; v < sides; v++) {
        g.addVertex(v);
      }
      // exchange: one edge per linked pair, weighing its useful directions (half duplex: the
      // heavier); else one
      // edge per useful arc, sender u to receiver p + v
      for (int a = 0; a < net.arcs(); a++) {
        if (unitOf[a] < 0) {
          continue;
        }
        int u = net.tail(a);
        int v = exchange ? net.head(a) : p + net.head(a);
        DefaultWeightedEdge e = g.getEdge(u, v);
        if (e == null) {
          g.setEdgeWeight(g.addEdge(u, v), weightOf[a]);
        } else if (!exchange || half) {
          g.setEdgeWeight(e, Math.max(g.getEdgeWeight(e), weightOf[a]));
        } else {
          g.setEdgeWeight(e, g.getEdgeWeight(e) + weightOf[a]);
        }
      }
      Set<DefaultWeightedEdge> matching = match(g, candidates);
      for (int k = 0; !exchange && half && k < HALF_RESOLVES; k++) {
        // a link matched both ways carries one direction: drop the lighter from the graph and
        // match again, so that its two nodes find other partners this round (else one of them
        // would receive nothing)
        List<DefaultWeightedEdge> lighter = twoWay(g, matching);
        if (lighter.isEmpty()) {
          break;
        }
        g.removeAllEdges(lighter);
        matching = match(g, candidates);
      }
      boolean[] matched = new boolean[sides];
      for (DefaultWeightedEdge e : matching) {
        matched[g.getEdgeSource(e)] = true;
        matched[g.getEdgeTarget(e)] = true;
      }
      // the calls: arcs whose ends are matched to each other (one per sender and receiver: parallel
      // arcs of a
      // pair carry one call)
      List<int[]> now = new ArrayList<>();
      boolean[] sends = new boolean[p];
      boolean[] receives = new boolean[p];
      for (int a = 0; a < net.arcs(); a++) {
        if (unitOf[a] < 0) {
          continue;
        }
        int u = net.tail(a);
        int v = net.head(a);
        int gv = exchange ? v : p + v;
        DefaultWeightedEdge e = g.getEdge(u, gv);
        if (!matched[u] || !matched[gv] || !matching.contains(e)) {
          continue;
        }
        if (half) {
          int back = reverseUseful(a, unitOf, weightOf);
          if (back >= 0
              && (exchange || matching.contains(g.getEdge(v, p + u)))
              && (weightOf[back] > weightOf[a] || weightOf[back] == weightOf[a] && back < a)) {
            continue; // the link carries the other direction this round
          }
        }
        if (sends[u] || receives[v]) {
          continue;
        }
        sends[u] = true;
        receives[v] = true;
        now.add(new int[] {unitOf[a], u, v, round});
      }
      if (now.isEmpty()) {
        throw new IllegalStateException(
            "a one-port round moved nothing before the gossip was complete");
      }
      for (int[] m : now) {
        has[m[2]][m[0]] = true;
        count[m[2]]++;
        held[m[0]]++;
      }
      moves.addAll(now);
      round++;
    }
    return moves;
  }

  /**
   * The matching of one round: Blossom V up to {@link #EXACT_EDGES} candidate calls, else greedy.
   */
  private static Set<DefaultWeightedEdge> match(
      Graph<Integer, DefaultWeightedEdge> g, int candidates) {
    MatchingAlgorithm<Integer, DefaultWeightedEdge> algorithm =
        candidates <= EXACT_EDGES
            ? new KolmogorovWeightedMatching<>(g, ObjectiveSense.MAXIMIZE)
            : new GreedyWeightedMatching<>(g, false);
    return algorithm.getMatching().getEdges();
  }

  /**
   * Send-and-receive: per pair of nodes matched both ways ({@code u} sends to {@code v} and {@code
   * v} to {@code u}), the lighter of the two edges (ties: the one from the lower sender), which
   * half duplex forbids together with the other.
   */
  private List<DefaultWeightedEdge> twoWay(
      Graph<Integer, DefaultWeightedEdge> g, Set<DefaultWeightedEdge> matching) {
    int p = net.nodes();
    List<DefaultWeightedEdge> lighter = new ArrayList<>();
    for (DefaultWeightedEdge e : matching) {
      int a = g.getEdgeSource(e);
      int b = g.getEdgeTarget(e);
      int u = Math.min(a, b); // senders are 0..p-1, receivers p..2p-1
      int v = Math.max(a, b) - p;
      DefaultWeightedEdge back = g.getEdge(v, p + u);
      if (u < v && back != null && matching.contains(back)) {
        lighter.add(g.getEdgeWeight(e) <= g.getEdgeWeight(back) ? e : back);
      }
    }
    return lighter;
  }

  /** The useful arc opposite {@code a} (same link, other direction), or -1. */
  private int reverseUseful(int a, int[] unitOf, double[] weightOf) {
    int u = net.tail(a);
    int v = net.head(a);
    for (int i = 0; i < net.outDegree(v); i++) {
      int b = net.outArc(v, i);
      if (net.head(b) == u && unitOf[b] >= 0) {
        return b;
      }
    }
    return -1;
  }

  private boolean complete(int[] count) {
    for (int c : count) {
      if (c < units) {
        return false;
      }
    }
    return true;
  }
}
