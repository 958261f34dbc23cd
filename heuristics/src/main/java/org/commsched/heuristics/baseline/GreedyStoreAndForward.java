package org.commsched.heuristics.baseline;

import org.commsched.core.model.Family;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Network;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.model.Schedule;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.MethodFacts;
import org.commsched.core.solve.Scope;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.heuristics.linearcost.PipelinedFlood;
import org.commsched.heuristics.packet.GreedyPackets;

/**
 * Greedy store-and-forward schedules for every store-and-forward problem: scatter and gather
 * (packet model of Tsai's thesis "On the Furthest-Distance-First Principle in Scattering and
 * Gathering"), send, broadcast and gossip (linear cost model of Peters' thesis "Bounds for
 * Communication Problems in Interconnection Networks under a Linear Cost Model").
 *
 * <p><b>Model.</b> A packet of L units crossing one arc takes beta + L*tau ticks over a half-open
 * interval; a node forwards units only after the packet carrying them has fully arrived. Every
 * transfer holds the conservative resource set of {@link
 * org.commsched.heuristics.common.SafResources} (its arc; its link under half duplex; both whole
 * nodes under one port), so the schedule is valid under every port, duplex and one-port rule.
 *
 * <p><b>Scatter and gather</b> (packet family): {@link GreedyPackets}, one packet per non-null
 * message in FDF or NRF order, each hop at its earliest free time.
 *
 * <p><b>Send, broadcast, gossip</b> (linear-cost family): {@link PipelinedFlood}, each origin's
 * units cut into packets and flooded down a tree (the route for send, breadth-first trees
 * otherwise) at the best packet size it finds.
 *
 * <p><b>Guarantee.</b> Always a valid schedule; no approximation guarantee. On a path under all
 * ports the send schedule is the lock-step pipeline of Peters' Theorem 2.3.1 when the search
 * reaches the optimal k.
 *
 * @implNote Stateless and deterministic; immutable.
 */
public final class GreedyStoreAndForward implements Method {
  /**
   * A gossip of more than {@link org.commsched.core.model.Footprint#GOSSIP_MAX_NODES} nodes is
   * refused at once (the shared rule, {@link
   * org.commsched.core.model.Footprint#whyNotExplicitGossip}): its explicit schedule holds at least
   * {@code p (p - 1)} records, and on a 2000-node ring this baseline took a minute and a half to
   * write 412 MB (docs/models/linear-cost.md#ring-gossip).
   */
  @Override
  public String whyNotFurther(Instance instance) {
    return org.commsched.core.model.Footprint.whyNotExplicitGossip(name(), instance);
  }

  /** Every unit can reach every node it must reach. */
  private static final Scope.NetworkTest CONNECTED =
      new Scope.NetworkTest("any connected network", GreedyStoreAndForward::unreachable);

  /** The facts of {@code greedy-saf}: see the class javadoc for the source. */
  static final MethodFacts FACTS =
      new MethodFacts(
          "greedy-saf",
          "greedy store-and-forward: FDF/NRF packets for scatter/gather, pipelined tree flooding for "
              + "send/broadcast/gossip, every transfer at its earliest free time",
          "valid schedule; no approximation guarantee",
          "baseline (this project); FDF/NRF order of J.-P. Tsai, \"On the Furthest-Distance-First Principle in "
              + "Scattering and Gathering\"; pipelining of D. B. Peters, \"Bounds for Communication Problems in "
              + "Interconnection Networks under a Linear Cost Model\"",
          Scope.of(
                  ProblemKind.SCATTER,
                  ProblemKind.GATHER,
                  ProblemKind.SEND,
                  ProblemKind.BROADCAST,
                  ProblemKind.GOSSIP)
              .in(Family.PACKET, Family.LINEAR_COST)
              .on(CONNECTED),
          false);

  /**
   * Reads each link's own beta and tau (a packet on an arc takes that arc's duration); an arc of
   * several channels is used as one, which every port rule allows.
   */
  @Override
  public boolean readsLinkCosts() {
    return true;
  }

  @Override
  public MethodFacts facts() {
    return FACTS;
  }

  /** Null if every node a broadcast or gossip must reach can be reached, else which cannot. */
  private static String unreachable(Instance instance) {
    Network net = instance.network();
    if (instance.kind() == ProblemKind.BROADCAST) {
      int v = unreachableFrom(net, instance.root());
      if (v >= 0) {
        return "cannot broadcast here: node "
            + v
            + " cannot be reached from the source "
            + instance.root()
            + ", so no broadcast schedule exists; add links or arcs toward it";
      }
    }
    if (instance.kind() == ProblemKind.GOSSIP && !stronglyConnected(net)) {
      // only now one search per node, to name a pair that cannot talk
      for (int o = 0; o < net.nodes(); o++) {
        int v = unreachableFrom(net, o);
        if (v >= 0) {
          return "cannot gossip here: node "
              + v
              + " cannot be reached from node "
              + o
              + ", so no gossip schedule exists; gossip needs a strongly connected network";
        }
      }
    }
    return null;
  }

  /**
   * True if every node reaches every other: node 0 reaches every node along arcs and every node
   * reaches node 0 (a search along the in-arcs), two searches instead of one per node (10^10 steps
   * on a 10^5-node ring).
   */
  private static boolean stronglyConnected(Network net) {
    if (unreachableFrom(net, 0) >= 0) {
      return false;
    }
    int n = net.nodes();
    boolean[] seen = new boolean[n];
    int[] queue = new int[n];
    int tail = 0;
    seen[0] = true;
    queue[tail++] = 0;
    for (int head = 0; head < tail; head++) {
      int x = queue[head];
      for (int i = 0; i < net.inDegree(x); i++) {
        int y = net.tail(net.inArc(x, i));
        if (!seen[y]) {
          seen[y] = true;
          queue[tail++] = y;
        }
      }
    }
    return tail == n;
  }

  private static int unreachableFrom(Network net, int source) {
    int[] d = net.distancesFrom(source);
    for (int v = 0; v < d.length; v++) {
      if (d[v] < 0) {
        return v;
      }
    }
    return -1;
  }

  @Override
  public SolveResult solve(Instance instance, SolveLimits limits) {
    requireApplies(instance);
    if (instance.kind() == ProblemKind.SCATTER
        || instance.kind() == ProblemKind.GATHER) { // the packet family
      GreedyPackets.Placed p = GreedyPackets.schedule(instance);
      return SolveResult.feasible(name(), p.schedule(), p.makespan(), LowerBound.zero());
    }
    long started = System.nanoTime();
    PipelinedFlood flood = PipelinedFlood.of(instance);
    // the search over packet sizes gets half the time limit: the chosen size is simulated once more
    // and written
    long k = flood.bestPacketSize(started + limits.timeLimit().toNanos() / 2, limits.run().stop());
    PipelinedFlood.Run run = flood.run(k, true);
    SolveResult r =
        SolveResult.feasible(
            name(),
            new Schedule.Transmissions(instance.timeScale(), run.transmissions),
            run.makespan,
            LowerBound.zero());
    return r.withStat("packetSize", k)
        .withStat("packets", PipelinedFlood.ceilDiv(flood.units(), k));
  }
}
