package org.commsched.heuristics.baseline;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.TreeSet;
import org.commsched.core.model.Atlas;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.Origin;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.model.Schedule;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.time.TimeScale;

/**
 * Greedy store-and-forward schedules for every store-and-forward problem: scatter and gather (packet model of
 * Tsai's thesis "On the Furthest-Distance-First Principle in Scattering and Gathering"), send, broadcast and gossip
 * (linear cost model of Peters' thesis "Bounds for Communication Problems in Interconnection Networks under a
 * Linear Cost Model").
 *
 * <p><b>Model.</b> A packet of L units crossing one arc takes beta + L*tau ticks over a half-open interval; a
 * node forwards units only after the packet carrying them has fully arrived. Every transfer holds the
 * conservative resource set of {@link SafResources} (its arc; its link under half duplex; both whole nodes under
 * one port), so the schedule is valid under every port, duplex and one-port rule.
 *
 * <p><b>Scatter and gather.</b> One packet per non-null message (packet 0, the whole length), taken in FDF order
 * for scatter (farthest destination first, then id) and NRF order for gather (nearest source first, then id);
 * each hop starts at the earliest time its resources are free for the whole transfer and the packet has arrived.
 *
 * <p><b>Send, broadcast, gossip.</b> Each origin's units are cut into packets of k units (the last one shorter)
 * and flooded down a tree: the route for send, the breadth-first tree from the origin for broadcast and for each
 * gossip origin. Transfers are placed packet by packet, level by level (origins interleaved), each at the earliest
 * time its resources are free after its packet reached the sender; siblings are served highest subtree first.
 * The packet size k is chosen by simulating every k when that is cheap, else k = n and a few values around the
 * continuous optimum of Peters' pipeline cost (sqrt(n beta / ((m-1) tau)) under all ports, sqrt(2 n beta /
 * ((m-2) tau)) under one port, m = tree height).
 *
 * <p><b>Guarantee.</b> Always a valid schedule; no approximation guarantee. On a path under all ports the send
 * schedule is the lock-step pipeline of Peters' Theorem 2.3.1 when the search reaches the optimal k.
 *
 * @implNote Stateless and deterministic; immutable.
 */
public final class GreedyStoreAndForward implements Method {
  /** Transfers one candidate packet size may place while searching k. */
  private static final long CANDIDATE_BUDGET = 4_000_000L;
  /** Transfers all candidate packet sizes together may place when every k is tried. */
  private static final long EXHAUSTIVE_BUDGET = 4_000_000L;

  @Override
  public String name() {
    return "greedy-saf";
  }

  @Override
  public String summary() {
    return "greedy store-and-forward: FDF/NRF packets for scatter/gather, pipelined tree flooding for "
        + "send/broadcast/gossip, every transfer at its earliest free time";
  }

  @Override
  public String guarantee() {
    return "valid schedule; no approximation guarantee";
  }

  @Override
  public String citation() {
    return "baseline (this project); FDF/NRF order of J.-P. Tsai, \"On the Furthest-Distance-First Principle in "
        + "Scattering and Gathering\"; pipelining of D. B. Peters, \"Bounds for Communication Problems in "
        + "Interconnection Networks under a Linear Cost Model\"";
  }

  @Override
  public boolean exact() {
    return false;
  }

  @Override
  public java.util.Set<ProblemKind> problems() {
    return java.util.EnumSet.of(ProblemKind.SCATTER, ProblemKind.GATHER, ProblemKind.SEND,
        ProblemKind.BROADCAST, ProblemKind.GOSSIP);
  }

  @Override
  public String scope() {
    return "store-and-forward, any ports and duplex; any connected network";
  }

  @Override
  public String whyNot(Instance instance) {
    if (!(instance.model() instanceof CommModel.StoreAndForward)) {
      return instance.kind() == ProblemKind.DSA ? "dsa asks for a virtual schedule; use first-fit"
          : "greedy-saf schedules store-and-forward models; for bufferless models use greedy";
    }
    Network net = instance.network();
    if (instance.kind() == ProblemKind.BROADCAST) {
      int v = unreachableFrom(net, instance.root());
      if (v >= 0) {
        return "node " + v + " cannot be reached from the source " + instance.root()
            + ", so no broadcast schedule exists; add links or arcs toward it";
      }
    }
    if (instance.kind() == ProblemKind.GOSSIP) {
      for (int o = 0; o < net.nodes(); o++) {
        int v = unreachableFrom(net, o);
        if (v >= 0) {
          return "node " + v + " cannot be reached from node " + o
              + ", so no gossip schedule exists; gossip needs a strongly connected network";
        }
      }
    }
    return null;
  }

  private static int unreachableFrom(Network net, int source) {
    boolean[] seen = new boolean[net.nodes()];
    int[] stack = new int[net.nodes()];
    int top = 0;
    stack[top++] = source;
    seen[source] = true;
    while (top > 0) {
      int x = stack[--top];
      for (int i = 0; i < net.outDegree(x); i++) {
        int y = net.head(net.outArc(x, i));
        if (!seen[y]) {
          seen[y] = true;
          stack[top++] = y;
        }
      }
    }
    for (int v = 0; v < seen.length; v++) {
      if (!seen[v]) {
        return v;
      }
    }
    return -1;
  }

  @Override
  public SolveResult solve(Instance instance, SolveLimits limits) {
    String why = whyNot(instance);
    if (why != null) {
      throw new IllegalArgumentException(why);
    }
    CommModel.StoreAndForward model = (CommModel.StoreAndForward) instance.model();
    TimeScale scale = instance.timeScale();
    Network net = instance.network();
    ProblemKind kind = instance.kind();
    if (kind == ProblemKind.SCATTER || kind == ProblemKind.GATHER) {
      return scatterGather(instance, model, scale);
    }
    List<FloodTree> trees = new ArrayList<>();
    long units;
    if (kind == ProblemKind.SEND) {
      trees.add(FloodTree.path(net.nodes(), instance.atlas().nodes(0), instance.messages().get(0).id()));
      units = instance.messages().get(0).length();
    } else {
      units = instance.origins().get(0).length();
      for (Origin o : instance.origins()) {
        trees.add(FloodTree.bfs(net, o.node(), o.message()));
      }
    }
    Flood flood = new Flood(net, model, scale, trees, units);
    long k = flood.bestPacketSize();
    Flood.Run run = flood.run(k, true);
    SolveResult r = SolveResult.feasible(name(), new Schedule.Transmissions(scale, run.transmissions),
        run.makespan, LowerBound.zero());
    return r.withStat("packetSize", k).withStat("packets", Flood.ceilDiv(units, k));
  }

  private SolveResult scatterGather(Instance instance, CommModel.StoreAndForward model, TimeScale scale) {
    List<Message> msgs = instance.messages();
    Atlas atlas = instance.atlas();
    Network net = instance.network();
    boolean scatter = instance.kind() == ProblemKind.SCATTER;
    Integer[] order = new Integer[msgs.size()];
    int n = 0;
    for (int i = 0; i < msgs.size(); i++) {
      if (msgs.get(i).length() > 0) {
        order[n++] = i;
      }
    }
    Comparator<Integer> byDistance = Comparator.comparingInt(atlas::hops);
    Comparator<Integer> cmp = (scatter ? byDistance.reversed() : byDistance)
        .thenComparing((Integer i) -> msgs.get(i).id())
        .thenComparingInt(i -> i);
    Integer[] sorted = Arrays.copyOf(order, n);
    Arrays.sort(sorted, cmp);
    SafResources rs = new SafResources(net, model);
    Calendar cal = new Calendar(rs.count());
    int[] res = new int[4];
    long[] zero = new long[4];
    List<Schedule.Transmission> out = new ArrayList<>();
    long makespan = 0;
    for (int i : sorted) {
      Message m = msgs.get(i);
      long dur = model.packetTicks(m.length(), scale);
      int[] p = atlas.nodes(i);
      long ready = 0;
      for (int k = 0; k + 1 < p.length; k++) {
        int cnt = rs.fill(net.arc(p[k], p[k + 1]), res);
        long s = cal.earliest(res, zero, cnt, ready, dur);
        cal.reserve(res, zero, cnt, s, dur);
        out.add(new Schedule.Transmission(m.id(), 0, m.length(), p[k], p[k + 1], s));
        ready = s + dur;
      }
      makespan = Math.max(makespan, ready);
    }
    out.sort(Comparator.comparingLong(Schedule.Transmission::start));
    return SolveResult.feasible(name(), new Schedule.Transmissions(scale, out), makespan, LowerBound.zero());
  }

  /** Pipelined flooding of one or more origins' units down their trees. */
  static final class Flood {
    private final Network net;
    private final CommModel.StoreAndForward model;
    private final TimeScale scale;
    private final List<FloodTree> trees;
    private final long units;
    private final int maxHeight;
    private final long edgesPerPacket;

    Flood(Network net, CommModel.StoreAndForward model, TimeScale scale, List<FloodTree> trees, long units) {
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

    static long ceilDiv(long a, long b) {
      return (a + b - 1) / b;
    }

    /** The result of one simulation. */
    static final class Run {
      final long makespan;
      final List<Schedule.Transmission> transmissions;

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
        total += ceilDiv(units, k) * edgesPerPacket;
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
        BigInteger num = BigInteger.valueOf(units).multiply(BigInteger.valueOf(beta))
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
      ks.removeIf(k -> k < 1 || k > units || ceilDiv(units, k) * edgesPerPacket > CANDIDATE_BUDGET);
      // when the optimum needs more packets than the budget allows, the most packets we can afford
      long affordable = CANDIDATE_BUDGET / Math.max(1, edgesPerPacket);
      if (affordable >= 1) {
        ks.add(Math.max(1, Math.min(units, ceilDiv(units, affordable))));
      }
      ks.add(units);
      return ks;
    }

    /** The candidate packet size with the smallest simulated makespan (ties: the larger size). */
    long bestPacketSize() {
      long best = units;
      long bestSpan = Long.MAX_VALUE;
      for (long k : candidates().descendingSet()) {
        long span = run(k, false).makespan;
        if (span < bestSpan) {
          bestSpan = span;
          best = k;
        }
      }
      return best;
    }

    /** Simulates packets of k units (the last one shorter); records transmissions if asked. */
    Run run(long k, boolean record) {
      SafResources rs = new SafResources(net, model);
      Calendar cal = new Calendar(rs.count());
      int[] res = new int[4];
      long[] zero = new long[4];
      long packets = ceilDiv(units, k);
      long[][] end = new long[trees.size()][];
      for (int t = 0; t < trees.size(); t++) {
        end[t] = new long[net.nodes()];
      }
      List<Schedule.Transmission> out = record ? new ArrayList<>() : null;
      long makespan = 0;
      for (long j = 0; j < packets; j++) {
        long first = j * k;
        long size = Math.min(k, units - first);
        long dur = model.packetTicks(size, scale);
        for (int level = 1; level <= maxHeight; level++) {
          for (int t = 0; t < trees.size(); t++) {
            FloodTree tree = trees.get(t);
            if (level > tree.height()) {
              continue;
            }
            long[] e = end[t];
            for (int x = tree.levelStart[level - 1]; x < tree.levelStart[level]; x++) {
              int c = tree.order[x];
              int p = tree.parent[c];
              long ready = p == tree.origin ? 0 : e[p];
              int cnt = rs.fill(net.arc(p, c), res);
              long s = cal.earliest(res, zero, cnt, ready, dur);
              cal.reserve(res, zero, cnt, s, dur);
              e[c] = s + dur;
              makespan = Math.max(makespan, s + dur);
              if (record) {
                out.add(new Schedule.Transmission(tree.message, Math.toIntExact(j), size, p, c, s, first));
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
}
