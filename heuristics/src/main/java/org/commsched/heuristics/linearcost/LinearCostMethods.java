package org.commsched.heuristics.linearcost;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.commsched.core.bounds.LowerBounds;
import org.commsched.core.bounds.PathSending;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Network;
import org.commsched.core.model.Origin;
import org.commsched.core.model.Problem;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.Method;

/**
 * The linear-cost family's schemes after D. B. Peters, "Bounds for Communication Problems in
 * Interconnection Networks under a Linear Cost Model" (docs/models/linear-cost.md#algorithms), best
 * first within each problem: the registry offers them before the baselines, so the first that
 * applies is the default for an instance too large for an exact model.
 *
 * @implNote Immutable.
 */
public final class LinearCostMethods {
  /**
   * The most units of a message the broadcast schemes take: their search over packet sizes is
   * linear in it.
   */
  static final long MAX_UNITS = 10_000_000L;

  /** The most transmissions a scheme writes (about 0.5 GB of schedule file). */
  static final long MAX_RECORDS = 4_000_000L;

  private LinearCostMethods() {}

  /**
   * Null if a scheme's explicit schedule is of a size it can build and write, else the refusal: a
   * message of about 2^50 units asks for 10^8 packets at the best packet size, which no time limit
   * could place (issue 9's limits of exact arithmetic: such an instance is refused by the scheme,
   * and greedy-saf answers it within the time limit).
   *
   * @param units the units of the message (checked against {@link #MAX_UNITS} when {@code
   *     searchLinear})
   * @param records the transmissions the schedule would hold at its best packet size, or -1 when
   *     unknown
   */
  static String tooLarge(String method, long units, boolean searchLinear, long records) {
    if (searchLinear && units > MAX_UNITS) {
      return method
          + " takes messages of at most "
          + MAX_UNITS
          + " units (this one has "
          + units
          + "): its search over packet sizes is linear in the units; use greedy-saf";
    }
    if (records > MAX_RECORDS) {
      return method
          + " would write "
          + records
          + " transmissions at its best packet size, more than the "
          + MAX_RECORDS
          + " it writes; use greedy-saf";
    }
    return null;
  }

  /**
   * Null if every node is reachable from every origin of {@code instance}, else the refusal that
   * names the first origin (in the instance's order) and the first node it does not reach: no
   * schedule of any method exists then. A strongly connected network answers in one pass whatever
   * the number of origins (a gossip); otherwise each origin is searched in turn.
   */
  static String whyNotReachable(String method, Instance instance) {
    Network net = instance.network();
    List<Origin> origins = instance.origins();
    if (origins.size() > 1 && oneComponent(net)) {
      return null;
    }
    for (Origin o : origins) {
      int[] d = net.distancesFrom(o.node());
      for (int v = 0; v < d.length; v++) {
        if (d[v] < 0) {
          return method
              + " needs every node reachable from every origin, and node "
              + v
              + " is not reachable from node "
              + o.node()
              + ": no schedule exists";
        }
      }
    }
    return null;
  }

  /**
   * Null if {@code method} can pipeline the broadcast of {@code instance} from its source, else the
   * first refusal in this order: a message too long for a search over packet sizes ({@link
   * #tooLarge}), the method's {@code own} refusal (asked only then; null: none), a node the source
   * does not reach ({@link #whyNotReachable}), and a pipeline time of {@code a b (beta + units
   * tau)} ticks beyond 64 bits.
   */
  static String whyNotPipelined(
      String method, Instance instance, Supplier<String> own, long a, long b) {
    String large = tooLarge(method, instance.origins().get(0).length(), true, -1);
    if (large != null) {
      return large;
    }
    String refusal = own.get();
    if (refusal != null) {
      return refusal;
    }
    String unreachable = whyNotReachable(method, instance);
    if (unreachable != null) {
      return unreachable;
    }
    CommModel.StoreAndForward m = instance.storeAndForward();
    long units = instance.origins().get(0).length();
    try {
      Math.multiplyExact(
          Math.multiplyExact(a, b),
          Math.addExact(
              m.betaTicks(instance.timeScale()),
              Math.multiplyExact(units, m.tauTicks(instance.timeScale()))));
    } catch (ArithmeticException e) {
      return method
          + " times its pipelines in 64-bit ticks, which this message overflows; use greedy-saf";
    }
    return null;
  }

  private static boolean oneComponent(Network net) {
    int[] comp = net.strongComponents();
    for (int c : comp) {
      if (c != comp[0]) {
        return false;
      }
    }
    return true;
  }

  /**
   * {@code ceil(units / k) * hops}, saturated at {@link Long#MAX_VALUE}: the transmissions of a
   * pipeline.
   */
  static long pipelineRecords(long units, long k, long hops) {
    long packets = (units + k - 1) / k;
    return packets > Long.MAX_VALUE / Math.max(1, hops) ? Long.MAX_VALUE : packets * hops;
  }

  /**
   * The family's exact methods outside the solver: the tree order of {@link TreeBroadcast}
   * (registered with the exact methods, after the heuristics; the default takes it directly: {@link
   * #provenOptimal}).
   */
  public static List<Method> exact() {
    return List.of(new TreeBroadcast());
  }

  /** The family's heuristic methods (schemes and searches), best first. */
  public static List<Method> all() {
    List<Method> all = new ArrayList<>();
    // send (linear-cost send section): split over disjoint paths, then the two path pipelines
    all.add(new SplitPathsSend());
    all.add(new LinkPipelineSend());
    all.add(new ProcessorPipelineSend());
    all.add(
        new GridRecursiveSend()); // the §2.5 grid illustrations, after the split: neither dominates
    // it
    all.add(new GridFifthsSend());
    // broadcast (linear-cost broadcast schemes): one scheme per network and port/duplex model, so
    // at most one applies
    // (but on Q_m^+ with all ports the hypercube schemes follow the folded one)
    all.add(new UringBroadcast());
    all.add(new RingBroadcastFull());
    all.add(new RingBroadcastFullOnePort());
    all.add(new RingBroadcastHalf());
    all.add(new RingBroadcastHalfOnePort());
    all.add(new CompleteGraphBroadcastFull());
    all.add(new CompleteGraphBroadcastOnePort());
    all.add(new CompleteGraphBroadcastHalf());
    all.add(new CompleteGraphBroadcastHalfOnePort());
    all.add(new FoldedHypercubeBroadcast()); // before the hypercube schemes: on Q_m^+ under
    // send-and-receive it is faster
    all.add(new HypercubeBroadcast());
    all.add(new HypercubeBroadcastHalfOnePort());
    all.add(new OnePortTreePipeline()); // one port on any network, long messages: packets down
    // trees of low fan-out (issue 22, item 4); refuses one unit and tau = 0, where
    // matching-broadcast
    // answers
    all.add(new MatchingBroadcast()); // one port on any network, after the schemes of the named
    // families
    // gossip on rings (docs/models/linear-cost.md#ring-gossip): per model the faster scheme first
    all.addAll(
        List.of(
            new RingGossipFStar(),
            new RingGossipF1Even(),
            new RingGossipF1Odd(),
            new RingGossipHStarEven(),
            new OneWayGossip(),
            new OneWayGossipOnePortEven(),
            new OneWayGossipOnePortOdd()));
    all.add(
        new RarestFirstGossip()); // any network, all ports: one-unit rounds (issue 22's beta = 0
    // collectives)
    all.add(new MergeFlood()); // any network, all ports: merged packets (issue 22's beta > 0
    // collectives)
    all.add(new StepMatchingFlood()); // any network, all ports, full duplex: balanced steps (the
    // DGX-1 allgather)
    all.add(new MergedTreePipeline()); // broadcast on small networks, all ports, full duplex:
    // trees merged on shared arcs (issue 22's leaf-spine from a host)
    all.add(new TreePackingBroadcast()); // broadcast on any network, all ports, full duplex: the
    // bandwidth term (issue 22, item 4), before the flood of arc queues that answers at scale
    all.add(
        new ArcQueueFlood()); // broadcast and gossip on any network at 10^3 to 10^4 nodes (issue
    // 22, item 4)
    return List.copyOf(all);
  }

  /**
   * The family's method whose result is proven optimal on this instance before it runs, or null: a
   * send whose formula ({@code S_*}, {@code S_1} or the ring split) meets the instance's best lower
   * bound, or a broadcast that {@link TreeBroadcast} takes (a tree under one port, one unit or tau
   * = 0: optimal by its own proof). The registry makes it the default even for small instances,
   * where an exact model would only confirm it.
   */
  public static Method provenOptimal(Instance instance) {
    return provenOptimal(instance, () -> LowerBounds.best(instance).value());
  }

  /**
   * {@link #provenOptimal(Instance)} with the instance's best lower bound from the caller ({@code
   * bestBound}, asked at most once, and only for a send or a broadcast a scheme applies to): a
   * solve run passes the bounds it keeps, so they are computed once per run.
   */
  public static Method provenOptimal(Instance instance, java.util.function.LongSupplier bestBound) {
    // a broadcast or send is always of the linear-cost family (Family.of): no other kind gets past
    // these tests
    if (instance.kind()
        == ProblemKind
            .BROADCAST) { // the one-way and F* ring schemes meet the RING-BCAST/PATH bounds
      TreeBroadcast tree = new TreeBroadcast();
      if (tree.whyNot(instance) == null) {
        return tree; // proven by its own bound (the tree's broadcast time), whatever the bounds
        // module knows
      }
      Long best = null;
      for (BroadcastScheme scheme : List.of(new UringBroadcast(), new RingBroadcastFull())) {
        if (scheme.whyNot(instance) != null) {
          continue;
        }
        best = best == null ? bestBound.getAsLong() : best;
        if (scheme.bestFormula(instance) == best) {
          return scheme;
        }
      }
      return null;
    }
    if (instance.kind() != ProblemKind.SEND) {
      return null;
    }
    CommModel.StoreAndForward model = instance.storeAndForward();
    PathSending ps = PathSending.of(model, instance.timeScale());
    long n = instance.messages().get(0).length();
    long links = instance.atlas().hops(0);
    long bound = bestBound.getAsLong();
    SplitPathsSend split = new SplitPathsSend();
    if (split.whyNot(instance) == null
        && instance.network().topology() instanceof Topology.Ring r) {
      Problem.Send s = (Problem.Send) instance.problem();
      if (ps.ringSend(n, Math.floorMod(s.target() - s.source(), r.nodes()), r.nodes()) == bound) {
        return split;
      }
    }
    LinkPipelineSend link = new LinkPipelineSend();
    if (link.whyNot(instance) == null && ps.sStar(n, links) == bound) {
      return link;
    }
    ProcessorPipelineSend proc = new ProcessorPipelineSend();
    if (proc.whyNot(instance) == null && ps.sOne(n, links) == bound) {
      return proc;
    }
    return null;
  }
}
