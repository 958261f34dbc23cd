package org.commsched.heuristics.linearcost;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.commsched.core.model.ArcCosts;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Family;
import org.commsched.core.model.Footprint;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Network;
import org.commsched.core.model.Origin;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.solve.Interrupt;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.MethodFacts;
import org.commsched.core.solve.Scope;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveStatus;

/**
 * Gossip (allgather) of one-unit packets in lock-step rounds, all ports, full duplex, on any
 * network: in each round every node receives, over each of its incoming arcs, one unit that the
 * arc's tail holds and it lacks, the units chosen <em>rarest first</em> (the unit held by the
 * fewest nodes), as in the piece selection of BitTorrent (B. Cohen, "Incentives build robustness in
 * BitTorrent", Workshop on Economics of Peer-to-Peer Systems, 2003) and the randomized
 * rumor-spreading of many messages (Deb, Medard, Choute, "Algebraic gossip: a network coding
 * approach to optimal multiple rumor mongering", IEEE Trans. Inf. Theory 52(6), 2006, where uncoded
 * random selection is the baseline it improves on). Because each arc has one head, under all ports
 * the rounds decompose by receiver: node {@code w} matches its incoming arcs to the units it lacks,
 * a bipartite matching grown by augmenting paths (Kuhn) from the units in priority order, so the
 * set of units it receives is the greedy basis of the transversal matroid: as many units as any
 * matching gives, and no other maximum matching receives a set better in that order.
 *
 * <p><b>Priority (this project's choice).</b> Fewest holders first; among equally rare units, node
 * {@code w} takes them in the cyclic order of unit numbers starting at its own first unit (units
 * numbered by origin node). The rotation spreads the receivers' choices over the units instead of
 * every node pulling the same low-numbered ones, which on the 4x4 torus with one unit per node is
 * the difference between 5 rounds and the optimum 4.
 *
 * <p><b>Grid.</b> Each unit crosses an arc in a packet of its own, lasting {@code beta + tau};
 * round {@code r} starts at {@code r (beta + tau)}. At {@code beta = 0} every optimal schedule can
 * be replaced by one of one-unit packets on this grid (docs/models/linear-cost.md#step-model), so
 * the method is then a heuristic for the problem itself; at {@code beta > 0} with several units per
 * node it is valid but pays {@code beta} per unit. On the issue-22 sweep (rings, meshes, tori,
 * {@code Q_3}, the DGX-1-like graph, 1 to 3 units per node, {@code beta = 0}) it meets the
 * receive-port and diameter bounds, i.e. the optimum, on every instance (docs/BENCHMARKS.md).
 *
 * <p><b>Links with channels and their own costs</b>
 * (docs/FORMATS.md#links-with-channels-and-costs). Under all ports an in-arc of {@code k} channels
 * is {@code k} places in the receiver's matching (it brings up to {@code k} units at once, on
 * channels of their own), and a one-unit packet on arc {@code a} lasts {@code beta(a) + tau(a)}:
 * the rounds become events, each at the end of some packet, where every receiver matches its
 * channels free then to the units it neither holds nor has on its way (on a network of one channel
 * and one cost per link these are exactly the rounds above; the {@code rounds} statistic counts the
 * events that start packets). Under one port a node still talks to one neighbour at a time, so
 * channels add nothing there; a round lasts the longest {@code beta(a) + tau(a)} of its calls.
 *
 * @implNote Stateless; each run works on its own arrays.
 */
public final class RarestFirstGossip implements Method {
  /** The facts of {@code rarest-first}: see the class javadoc for the sources. */
  static final MethodFacts FACTS =
      new MethodFacts(
          "rarest-first",
          "gossip in rounds of one-unit packets: all ports, each node matches its incoming arcs to units it lacks, "
              + "rarest first (fewest holders), ties in a cyclic order from its own units; one port, a maximum-weight "
              + "matching of calls per round, each carrying the rarest unit; seeded restarts",
          "valid; no ratio (meets the lower bound on the rings, meshes, tori, Q_3, DGX-1-like and one-port K_6 sweep "
              + "of issue 22 at beta = 0)",
          "piece selection rarest first after B. Cohen, \"Incentives build robustness in BitTorrent\" (P2PEcon 2003); "
              + "per-receiver matchings by augmenting paths (Kuhn 1955); one port: Blossom V (Kolmogorov 2009); "
              + "this project's combination",
          Scope.of(ProblemKind.GOSSIP)
              .in(Family.LINEAR_COST)
              .ports(CommModel.Ports.ALL, CommModel.Ports.ONE)
              .duplex(CommModel.Duplex.FULL, CommModel.Duplex.HALF)
              .note("all ports only with full duplex"),
          false);

  /** The most units times arcs taken: each round scans, per arc, the units its head lacks. */
  static final long MAX_WORK_PER_ROUND = 20_000_000L;

  /**
   * The most units times arcs times rounds taken, the rounds counted from below: a node with {@code
   * k} in-arcs that lacks {@code m} units needs at least {@code ceil(m / k)} rounds. About 1.7 s of
   * CPU per 10^8 (a gossip on 600 nodes and 8,420 arcs, 6 x 10^8, took 10 s); beyond it {@link
   * ArcQueueFlood} answers in a pass over the arcs' queues.
   */
  static final long MAX_WORK = 100_000_000L;

  /**
   * Up to this many units times arcs times rounds (counted from below, as {@link #MAX_WORK}; about
   * 10 ms of scanning on an idle machine) the construction ignores its time limit and stops only on
   * Ctrl-C or the run's stop: a schedule that cheap is always made, so the default's answer on
   * small gossips does not hang on the clock.
   */
  static final long SURE_WORK = 10_000_000L;

  @Override
  public MethodFacts facts() {
    return FACTS;
  }

  /** Reads each link's channels and own beta and tau (the class javadoc). */
  @Override
  public boolean readsLinkCosts() {
    return true;
  }

  @Override
  public String whyNotFurther(Instance instance) {
    CommModel.StoreAndForward model = instance.storeAndForward();
    if (model.ports() == CommModel.Ports.ALL && model.duplex() == CommModel.Duplex.HALF) {
      return name()
          + " schedules all ports only under full duplex (its rounds may use both directions of a link), "
          + "and this model has half duplex: use greedy-saf";
    }
    String explicit = Footprint.whyNotExplicitGossip(name(), instance);
    if (explicit != null) {
      return explicit;
    }
    long units = 0;
    for (Origin o : instance.origins()) {
      units = Math.min(MAX_WORK_PER_ROUND + 1, units + o.length());
    }
    Network net = instance.network();
    if (units > Integer.MAX_VALUE / 2 || units * net.arcs() > MAX_WORK_PER_ROUND) {
      return name()
          + " takes at most "
          + MAX_WORK_PER_ROUND
          + " units times arcs (here "
          + units
          + " units on "
          + net.arcs()
          + " arcs): use greedy-saf";
    }
    long rounds = roundsFromBelow(instance, units);
    long perRound = units * net.arcs();
    if (perRound > 0 && rounds > MAX_WORK / perRound) {
      return name()
          + " takes at most "
          + MAX_WORK
          + " units times arcs times rounds (here "
          + units
          + " units on "
          + net.arcs()
          + " arcs in at least "
          + rounds
          + " rounds): use greedy-saf";
    }
    return LinearCostMethods.whyNotReachable(name(), instance);
  }

  /**
   * The fewest rounds any gossip of the instance takes: a node with {@code k} in-arcs (one under
   * one port, which receives one unit per round) that lacks {@code m} of the {@code units} units
   * needs at least {@code ceil(m / k)} rounds.
   */
  private static long roundsFromBelow(Instance instance, long units) {
    Network net = instance.network();
    long[] own = new long[net.nodes()];
    for (Origin o : instance.origins()) {
      own[o.node()] += o.length();
    }
    boolean onePort = instance.storeAndForward().ports() == CommModel.Ports.ONE;
    long rounds = 0;
    for (int v = 0; v < net.nodes(); v++) {
      if (net.inDegree(v) > 0) {
        long in = onePort ? 1 : 0;
        for (int i = 0; !onePort && i < net.inDegree(v); i++) {
          in += net.channels(net.inArc(v, i)); // an arc of k channels brings k units a round
        }
        rounds = Math.max(rounds, (units - own[v] + in - 1) / in);
      }
    }
    return rounds;
  }

  /**
   * True when the construction is small enough to finish whatever its time limit ({@link
   * #SURE_WORK}): then only Ctrl-C or the run's stop ends it early, so its answer does not depend
   * on the machine's load (the default portfolio gives it a share of the limit, which start-up on a
   * loaded machine can shrink to a few milliseconds).
   */
  static boolean finishesRegardless(Instance instance) {
    long units = 0;
    for (Origin o : instance.origins()) {
      units += o.length(); // whyNotFurther keeps units times arcs at most MAX_WORK_PER_ROUND
    }
    long perRound = units * instance.network().arcs();
    long rounds = roundsFromBelow(instance, units);
    return perRound == 0 || rounds <= SURE_WORK / perRound;
  }

  @Override
  public SolveResult solve(Instance instance, SolveLimits limits) {
    requireApplies(instance);
    long deadline =
        finishesRegardless(instance)
            ? Long.MAX_VALUE
            : System.nanoTime() + limits.timeLimit().toNanos();
    LowerBound bound = limits.run().bestBound(instance);
    Network net = instance.network();
    int p = net.nodes();
    List<Origin> origins = instance.origins();
    int units = 0;
    for (Origin o : origins) {
      units += (int) o.length();
    }
    int[] unitOrigin = new int[units];
    long[] unitIndex = new long[units];
    int[] base = new int[p]; // node w's rotation start: the units of origins at nodes below w
    int[] held = new int[units]; // holders per unit
    boolean[][] has = new boolean[p][units];
    int[] count = new int[p];
    int u0 = 0;
    for (int i = 0; i < origins.size(); i++) {
      Origin o = origins.get(i);
      for (int k = 0; k < o.length(); k++) {
        unitOrigin[u0 + k] = i;
        unitIndex[u0 + k] = k;
        if (!has[o.node()][u0 + k]) {
          has[o.node()][u0 + k] = true;
          count[o.node()]++;
        }
        held[u0 + k] = 1;
      }
      for (int w = o.node() + 1; w < p; w++) {
        base[w] += (int) o.length();
      }
      u0 += (int) o.length();
    }
    LcSchedule schedule = new LcSchedule(instance);
    ArcCosts costs = instance.arcCosts();
    CommModel.StoreAndForward model = instance.storeAndForward();
    if (model.ports() == CommModel.Ports.ONE) {
      OnePortRounds one = new OnePortRounds(net, model, units, base, has, held, count);
      long longest =
          0; // the longest one-unit hop: no round lasts longer, so no schedule has fewer rounds
      // than this
      for (int a = 0; a < net.arcs(); a++) {
        longest = Math.max(longest, costs.hop(a));
      }
      long floor = (bound.value() + longest - 1) / longest;
      int[][] plan = one.best(floor, limits.seed(), deadline, limits);
      if (plan == null) {
        return new SolveResult(
            name(),
            SolveStatus.UNKNOWN,
            null,
            null,
            bound,
            instance.timeScale(),
            Map.of("rounds", 0, "stopped", "the time limit passed during the first run"));
      }
      int r = 0;
      for (int[] m : plan) {
        r = Math.max(r, m[3] + 1);
      }
      long[] start = new long[r + 1]; // a round lasts its longest call: the calls' own beta + tau
      long[] length = new long[r];
      for (int[] m : plan) {
        length[m[3]] = Math.max(length[m[3]], costs.hop(net.arc(m[1], m[2])));
      }
      for (int i = 0; i < r; i++) {
        start[i + 1] = start[i] + length[i];
      }
      for (int[] m : plan) {
        Origin o = origins.get(unitOrigin[m[0]]);
        schedule.packet(m[1], m[2], start[m[3]], o.message(), unitIndex[m[0]], 1);
      }
      return SolveResult.feasible(name(), schedule.schedule(), schedule.makespan(), bound)
          .withStat("rounds", r)
          .withStat("runs", one.runs);
    }
    int rounds = 0;
    // per receiver its in-arc channels ("slots"), each free again at the end of its last one-unit
    // packet
    int[][] slotArc = new int[p][];
    int[][] slotChannel = new int[p][];
    long[][] slotFree = new long[p][];
    for (int w = 0; w < p; w++) {
      int k = 0;
      for (int i = 0; i < net.inDegree(w); i++) {
        k += net.channels(net.inArc(w, i));
      }
      slotArc[w] = new int[k];
      slotChannel[w] = new int[k];
      slotFree[w] = new long[k];
      k = 0;
      for (int i = 0; i < net.inDegree(w); i++) {
        for (int c = 0; c < net.channels(net.inArc(w, i)); c++, k++) {
          slotArc[w][k] = net.inArc(w, i);
          slotChannel[w][k] = c;
        }
      }
    }
    boolean[][] coming = new boolean[p][units]; // on its way in a packet not yet ended
    java.util.PriorityQueue<long[]> arrivals =
        new java.util.PriorityQueue<>((x, y) -> Long.compare(x[0], y[0]));
    List<int[]> moves = new ArrayList<>(); // {unit, slot, head}
    long[] order =
        new long[units]; // per candidate: holders in the high half, rotated unit number in the low
    long t = 0;
    while (true) {
      while (!arrivals.isEmpty() && arrivals.peek()[0] <= t) { // {end, unit, head}
        long[] in = arrivals.poll();
        int u = (int) in[1];
        int w = (int) in[2];
        has[w][u] = true;
        coming[w][u] = false;
        count[w]++;
        held[u]++;
      }
      if (complete(count, units)) {
        break;
      }
      if (Interrupt.requested()
          || limits.run().stop().stopped()
          || deadline != Long.MAX_VALUE && System.nanoTime() - deadline >= 0) {
        return new SolveResult(
            name(),
            SolveStatus.UNKNOWN,
            null,
            null,
            bound,
            instance.timeScale(),
            Map.of(
                "rounds", rounds, "stopped", "the time limit passed after " + rounds + " rounds"));
      }
      moves.clear();
      for (int w = 0; w < p; w++) {
        if (count[w] == units) {
          continue;
        }
        int[] free = new int[slotFree[w].length]; // the slots free at t
        int k = 0;
        for (int s = 0; s < free.length; s++) {
          if (slotFree[w][s] <= t) {
            free[k++] = s;
          }
        }
        if (k == 0) {
          continue;
        }
        int[] carried = new int[k]; // per free slot: the unit it carries, or -1
        Arrays.fill(carried, -1);
        int[] tails = new int[k];
        for (int i = 0; i < k; i++) {
          tails[i] = net.tail(slotArc[w][free[i]]);
        }
        int candidates = 0;
        int rot = base[w];
        for (int u = 0; u < units; u++) {
          if (has[w][u] || coming[w][u]) {
            continue;
          }
          for (int i = 0; i < k; i++) {
            if (has[tails[i]][u]) {
              order[candidates++] = ((long) held[u] << 32) | Math.floorMod(u - rot, units);
              break;
            }
          }
        }
        Arrays.sort(
            order, 0, candidates); // fewest holders first, then the cyclic order from w's own units
        int matched = 0;
        for (int c = 0; c < candidates && matched < k; c++) {
          int u = (int) (((order[c] & 0xffffffffL) + rot) % units);
          if (augment(tails, has, u, carried, new boolean[k])) {
            matched++;
          }
        }
        for (int i = 0; i < k; i++) {
          if (carried[i] >= 0) {
            moves.add(new int[] {carried[i], free[i], w});
          }
        }
      }
      for (int[] m : moves) {
        int w = m[2];
        int a = slotArc[w][m[1]];
        Origin o = origins.get(unitOrigin[m[0]]);
        long end =
            schedule.packet(
                net.tail(a),
                w,
                t,
                List.of(new LcSchedule.Run(o.message(), unitIndex[m[0]], 1)),
                slotChannel[w][m[1]]);
        slotFree[w][m[1]] = end;
        coming[w][m[0]] = true;
        arrivals.add(new long[] {end, m[0], w});
      }
      if (!moves.isEmpty()) {
        rounds++;
      } else if (arrivals.isEmpty()) {
        throw new IllegalStateException(
            "nothing moves and nothing is on its way before the gossip is complete");
      }
      t = arrivals.peek()[0]; // every slot frees at an arrival: the next time anything can change
    }
    return SolveResult.feasible(name(), schedule.schedule(), schedule.makespan(), bound)
        .withStat("rounds", rounds);
  }

  private static boolean complete(int[] count, int units) {
    for (int c : count) {
      if (c < units) {
        return false;
      }
    }
    return true;
  }

  /**
   * Kuhn's augmenting path from unit {@code u} over the free in-channels (their {@code tails}) that
   * hold it.
   */
  private static boolean augment(
      int[] tails, boolean[][] has, int u, int[] carried, boolean[] seen) {
    for (int i = 0; i < carried.length; i++) {
      if (seen[i] || !has[tails[i]][u]) {
        continue;
      }
      seen[i] = true;
      if (carried[i] < 0 || augment(tails, has, carried[i], carried, seen)) {
        carried[i] = u;
        return true;
      }
    }
    return false;
  }
}
