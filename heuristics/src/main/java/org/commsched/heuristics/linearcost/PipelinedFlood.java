package org.commsched.heuristics.linearcost;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.TreeSet;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Network;
import org.commsched.core.model.Origin;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.model.Schedule;
import org.commsched.core.solve.StopToken;
import org.commsched.core.time.TimeScale;
import org.commsched.heuristics.common.Calendar;
import org.commsched.heuristics.common.SafResources;

/**
 * Pipelined flooding of one or more origins' units down spanning trees under the linear cost model:
 * each origin's units are cut into packets of k units (the last one shorter); transfers are placed
 * packet by packet, level by level (origins interleaved), each at the earliest time its resources
 * ({@link SafResources}) are free after its packet reached the sender; siblings are served highest
 * subtree first ({@link FloodTree}). The packet size is chosen by simulating every k when that is
 * cheap, else k = n and a few values around the continuous optimum of Peters' pipeline cost (sqrt(n
 * beta / ((m-1) tau)) under all ports, sqrt(2 n beta / ((m-2) tau)) under one port, m = tree
 * height); D. B. Peters, "Bounds for Communication Problems in Interconnection Networks under a
 * Linear Cost Model", Theorem 2.3.1 (the lock-step path pipeline).
 *
 * @implNote Immutable; each {@link #run} works on its own calendar.
 */
public final class PipelinedFlood {
  /**
   * Transfers one candidate packet size may place while searching k (and so at most the schedule
   * written).
   */
  private static final long CANDIDATE_BUDGET = 1_000_000L;

  /** Transfers all candidate packet sizes together may place when every k is tried. */
  private static final long EXHAUSTIVE_BUDGET = 4_000_000L;

  /** Packets simulated between two looks at the clock while searching. */
  private static final long CHECK_EVERY = 1024;

  private final Network net;
  private final CommModel.StoreAndForward model;
  private final TimeScale scale;
  private final List<FloodTree> trees;
  private final long units;
  private final int maxHeight;
  private final long edgesPerPacket;

  PipelinedFlood(
      Network net,
      CommModel.StoreAndForward model,
      TimeScale scale,
      List<FloodTree> trees,
      long units) {
    this.net = net;
    this.model = model;
    this.scale = scale;
    this.trees = trees;
    this.units = units;
    int h = 0;
    long e = 0;
    for (FloodTree t : trees) {
      h = Math.max(h, t.height());
      e += t.edges();
    }
    this.maxHeight = h;
    this.edgesPerPacket = e;
  }

  /**
   * The flood of a send (one message along its route), a broadcast (the breadth-first tree from the
   * source) or a gossip (one breadth-first tree per origin) instance under a store-and-forward
   * model.
   */
  public static PipelinedFlood of(Instance instance) {
    CommModel.StoreAndForward model = instance.storeAndForward();
    Network net = instance.network();
    List<FloodTree> trees = new ArrayList<>();
    long units;
    if (instance.kind() == ProblemKind.SEND) {
      trees.add(
          FloodTree.path(net.nodes(), instance.atlas().nodes(0), instance.messages().get(0).id()));
      units = instance.messages().get(0).length();
    } else {
      units = instance.origins().get(0).length();
      for (Origin o : instance.origins()) {
        trees.add(
            net.hasChannels()
                ? FloodTree.cheapest(net, instance.arcCosts(), o.node(), o.message())
                : FloodTree.bfs(net, o.node(), o.message()));
      }
    }
    return new PipelinedFlood(net, model, instance.timeScale(), trees, units);
  }

  /** The units each origin floods. */
  public long units() {
    return units;
  }

  public static long ceilDiv(long a, long b) {
    return -Math.floorDiv(-a, b); // (a + b - 1) / b overflows for a near 2^63
  }

  /**
   * The transfers one simulation with packets of k units places, saturating at {@link
   * Long#MAX_VALUE}.
   */
  private long transfers(long k) {
    long q = ceilDiv(units, k);
    return edgesPerPacket != 0 && q > Long.MAX_VALUE / edgesPerPacket
        ? Long.MAX_VALUE
        : q * edgesPerPacket;
  }

  /** The result of one simulation. */
  public static final class Run {
    public final long makespan;
    public final List<Schedule.Transmission> transmissions;

    Run(long makespan, List<Schedule.Transmission> transmissions) {
      this.makespan = makespan;
      this.transmissions = transmissions;
    }
  }

  /** The packet sizes worth simulating. */
  TreeSet<Long> candidates() {
    TreeSet<Long> ks = new TreeSet<>();
    ks.add(units);
    long total = 0;
    for (long k = 1; k <= units && total <= EXHAUSTIVE_BUDGET; k++) {
      total =
          Math.min(EXHAUSTIVE_BUDGET + 1, total + Math.min(transfers(k), EXHAUSTIVE_BUDGET + 1));
    }
    if (total <= EXHAUSTIVE_BUDGET) {
      for (long k = 1; k < units; k++) {
        ks.add(k);
      }
      return ks;
    }
    boolean one = model.ports() == CommModel.Ports.ONE;
    long beta = model.betaTicks(scale);
    long tau = model.tauTicks(scale);
    long m = maxHeight - (one ? 2 : 1);
    long k0;
    if (tau == 0 || m <= 0) {
      k0 = units;
    } else if (beta == 0) {
      k0 = 1;
    } else {
      BigInteger num =
          BigInteger.valueOf(units)
              .multiply(BigInteger.valueOf(beta))
              .multiply(BigInteger.valueOf(one ? 2 : 1));
      BigInteger den = BigInteger.valueOf(m).multiply(BigInteger.valueOf(tau));
      k0 = num.divide(den).sqrt().longValue();
    }
    k0 = Math.max(1, Math.min(units, k0));
    long q0 = ceilDiv(units, k0);
    for (long d = -3; d <= 3; d++) {
      ks.add(k0 + d);
      ks.add(q0 + d >= 1 ? ceilDiv(units, q0 + d) : units);
    }
    ks.removeIf(k -> k < 1 || k > units || transfers(k) > CANDIDATE_BUDGET);
    // when the optimum needs more packets than the budget allows, the most packets we can afford
    long affordable = CANDIDATE_BUDGET / Math.max(1, edgesPerPacket);
    if (affordable >= 1) {
      ks.add(Math.max(1, Math.min(units, ceilDiv(units, affordable))));
    }
    ks.add(units);
    return ks;
  }

  /** The candidate packet size with the smallest simulated makespan (ties: the larger size). */
  public long bestPacketSize() {
    return bestPacketSize(Long.MAX_VALUE, new StopToken());
  }

  /**
   * The candidate packet size with the smallest simulated makespan (ties: the larger size) among
   * those simulated before {@code deadlineNanos} ({@link System#nanoTime()} scale). Candidates go
   * from the fewest packets (the cheapest simulation) to the most, and the first one is always
   * simulated, so a huge message (2^53 units, whose best size needs millions of packets) ends at
   * the time limit with the best size seen instead of running on. A stop of the run ({@code stop},
   * e.g. Ctrl-C) ends it the same way.
   *
   * @param stop the run's stop token ({@link org.commsched.core.solve.SolveRun#stop()})
   */
  public long bestPacketSize(long deadlineNanos, StopToken stop) {
    long best = units;
    long bestSpan = Long.MAX_VALUE;
    for (long k : candidates().descendingSet()) {
      if (bestSpan != Long.MAX_VALUE && stop.over(deadlineNanos)) {
        break;
      }
      Run r = bestSpan == Long.MAX_VALUE ? run(k, false) : run(k, false, deadlineNanos, stop);
      if (r == null) {
        break; // the deadline came during this candidate's simulation
      }
      long span = r.makespan;
      if (span < bestSpan) {
        bestSpan = span;
        best = k;
      }
    }
    return best;
  }

  /** Simulates packets of k units (the last one shorter); records transmissions if asked. */
  public Run run(long k, boolean record) {
    return run(k, record, Long.MAX_VALUE, null);
  }

  /**
   * {@link #run(long, boolean)} that gives up, returning null, once {@code deadlineNanos} has
   * passed or {@code stop} tripped (the run's stop token: Ctrl-C), checked every {@value
   * #CHECK_EVERY} packets: a candidate of a million transfers took seconds on a loaded machine,
   * past a two-second limit. {@code Long.MAX_VALUE} (with a null token) never gives up.
   */
  Run run(long k, boolean record, long deadlineNanos, StopToken stop) {
    List<Share> shares = new ArrayList<>();
    for (FloodTree t : trees) {
      shares.add(new Share(t, 0, units, k, 0));
    }
    return runShares(net, model, scale, shares, record, deadlineNanos, stop);
  }

  /**
   * One tree's share of a flood: units {@code first .. first + units - 1} of the tree's message in
   * packets of {@code k} units (the last one shorter), numbered from {@code packetBase} so that the
   * shares of one message on several trees ({@link TreePackingBroadcast}) name their packets apart.
   */
  record Share(FloodTree tree, long first, long units, long k, int packetBase) {}

  /**
   * Places the packets of every share, packet by packet, level by level (shares interleaved), each
   * transfer at the earliest time its resources ({@link SafResources}) are free after its packet
   * reached the sender: the retiming shared by {@code greedy-saf} (one share per origin, all with
   * the same packet size) and {@code tree-packing-broadcast} (one share per tree). Gives up,
   * returning null, as {@link #run(long, boolean, long, StopToken)} does.
   */
  static Run runShares(
      Network net,
      CommModel.StoreAndForward model,
      TimeScale scale,
      List<Share> shares,
      boolean record,
      long deadlineNanos,
      StopToken stop) {
    return runShares(net, model, scale, shares, record, deadlineNanos, stop, null);
  }

  /** Told of every packet's arrival at a node ({@link #runShares}'s {@code arrivals}). */
  interface Arrivals {
    /**
     * Units {@code first .. first + size - 1}, packet {@code packet}, reach {@code node} at {@code
     * end}.
     */
    void arrive(int node, long end, long first, long size, int packet);
  }

  /**
   * {@link #runShares(Network, CommModel.StoreAndForward, TimeScale, List, boolean, long,
   * StopToken)} that also tells {@code arrivals} (if not null) of every packet reaching a node.
   */
  static Run runShares(
      Network net,
      CommModel.StoreAndForward model,
      TimeScale scale,
      List<Share> shares,
      boolean record,
      long deadlineNanos,
      StopToken stop,
      Arrivals arrivals) {
    SafResources rs = new SafResources(net, model);
    Calendar cal = new Calendar(rs.count());
    int[] res = new int[4];
    long[] zero = new long[4];
    long packets = 0;
    int maxHeight = 0;
    for (Share sh : shares) {
      packets = Math.max(packets, ceilDiv(sh.units(), sh.k()));
      maxHeight = Math.max(maxHeight, sh.tree().height());
    }
    org.commsched.core.model.ArcCosts costs =
        org.commsched.core.model.ArcCosts.of(model, net, scale);
    long[][] end = new long[shares.size()][];
    for (int t = 0; t < shares.size(); t++) {
      end[t] = new long[net.nodes()];
    }
    List<Schedule.Transmission> out = record ? new ArrayList<>() : null;
    long makespan = 0;
    for (long j = 0; j < packets; j++) {
      if (deadlineNanos != Long.MAX_VALUE
          && j % CHECK_EVERY == 0
          && j > 0
          && stop.over(deadlineNanos)) {
        return null;
      }
      for (int level = 1; level <= maxHeight; level++) {
        for (int t = 0; t < shares.size(); t++) {
          Share sh = shares.get(t);
          FloodTree tree = sh.tree();
          long k = sh.k();
          if (level > tree.height() || j * k >= sh.units()) {
            continue;
          }
          long first = sh.first() + j * k;
          long size = Math.min(k, sh.units() - j * k);
          long dur = model.packetTicks(size, scale);
          long[] e = end[t];
          for (int x = tree.levelStart[level - 1]; x < tree.levelStart[level]; x++) {
            int c = tree.order[x];
            int p = tree.parent[c];
            long ready = p == tree.origin ? 0 : e[p];
            int arc = net.arc(p, c);
            int cnt = rs.fill(arc, res);
            long d =
                costs.uniform()
                    ? dur
                    : costs.ticks(arc, size); // the link's own beta and tau, if it has them
            long s = cal.earliest(res, zero, cnt, ready, d);
            cal.reserve(res, zero, cnt, s, d);
            e[c] = s + d;
            makespan = Math.max(makespan, s + d);
            if (arrivals != null) {
              arrivals.arrive(c, s + d, first, size, Math.toIntExact(sh.packetBase() + j));
            }
            if (record) {
              out.add(
                  new Schedule.Transmission(
                      tree.message, Math.toIntExact(sh.packetBase() + j), size, p, c, s, first));
            }
          }
        }
      }
    }
    if (record) {
      out.sort(Comparator.comparingLong(Schedule.Transmission::start));
    }
    return new Run(makespan, out);
  }
}
