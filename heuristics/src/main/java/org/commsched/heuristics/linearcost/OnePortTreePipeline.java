package org.commsched.heuristics.linearcost;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Family;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Network;
import org.commsched.core.model.Origin;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.MethodFacts;
import org.commsched.core.solve.Scope;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;

/**
 * Broadcast of a long message on any network under one port: the message is cut into packets that
 * are pipelined down {@code k} spanning trees of low fan-out rooted at the source, packet {@code j}
 * down tree {@code j mod k}, every node forwarding what it holds to its children one call at a time
 * (docs/models/linear-cost.md#one-port-tree-pipeline).
 *
 * <p><b>Sources.</b> With {@code k = 1} this is the pipelined binary (or {@code d}-ary) tree
 * broadcast that P. Sanders, J. Speck and J. L. Träff, "Two-tree algorithms for full bandwidth
 * broadcast, reduction and scan" (Parallel Computing 35(12):581-594, 2009) take as their baseline:
 * under one port a node with {@code d} children spends {@code 1 + d} calls per packet, so the
 * pipeline's period is {@code 1 + d} packet times. Their two-tree algorithm halves the bandwidth
 * term by two trees in which every interior node of one is a leaf of the other, each carrying half
 * the packets: each node then receives every packet once and sends each of its tree's packets
 * twice, {@code 1 + 2 / 2 = 2} calls per packet. Here the same idea is generalised to {@code k}
 * trees of fan-out {@code d ~ k} on an arbitrary network (this project): the nodes are dealt into
 * {@code k} classes in breadth-first order from the source, tree {@code i} is grown breadth-first
 * with the class-{@code i} nodes as its interior (each adopting at most {@code d} children, its own
 * class first), and a node that the class cannot reach is attached over any tree node (the fan-out
 * cap kept if possible). The source has one child per tree for {@code k > 1}, so it sends each
 * packet once. The schedule needs the network's links only: no complete graph, no Hamiltonian path.
 * Under one port the exchange rule lets a node send and receive with one partner at once, which a
 * broadcast down trees does not use, so each call carries one packet one way, which every one-port
 * model (either rule, full or half duplex) allows.
 *
 * <p><b>Timing.</b> The calls run in continuous time as soon as possible: whenever calls end, the
 * nodes concerned (and their parents) are served deepest first, each free node sending the
 * lowest-numbered packet it holds that a free child still needs. On a path from an end this is
 * Peters' processor-bound pipeline ({@code T_1(n, m, k)}, Theorem 2.4.1 of D. B. Peters' thesis):
 * packet {@code j} crosses link {@code l} in slot {@code 2j + l - 3}; so with the best packet size
 * the method meets {@code S_1(n, m)}, the optimum there (a test).
 *
 * <p><b>Search.</b> For each shape ({@code k}, {@code d}) in {@link #SHAPES}, in the order most
 * likely to win, the packet size is searched: all sizes when the work is small, else from the
 * continuous optimum of {@code (a P + L) (beta + n tau / P)} ({@code a = 1 + d / k} calls per
 * packet, {@code L} twice the deepest tree) outward while it improves and the shape's budget of
 * simulated transfers ({@link #WORK_PER_SHAPE}) lasts; the shortest schedule is kept. The budget,
 * not the clock, decides the answer on an idle machine (it is about a tenth of the default limit
 * there at 10^4 nodes), so the answer does not move with the load; on a loaded machine the clock
 * (or Ctrl-C) ends the search before the next simulation that might not finish in time (twice the
 * longest one so far before the deadline: one more, and the run that writes the schedule), and the
 * best schedule found so far is returned (the statistic {@code search} says so).
 *
 * <p><b>Guarantee:</b> valid; no ratio. <b>Refuses</b> other problems and all ports ({@code
 * tree-packing-broadcast}); a one-unit message or {@code tau = 0} (one packet is best: the
 * telephone problem, {@code matching-broadcast}); links of their own costs; an unreachable node; a
 * pipeline time beyond 64-bit ticks.
 *
 * @implNote Stateless; each run works on its own arrays. A simulation costs {@code O(T log T)} for
 *     {@code T = (p - 1) ceil(n / q)} transfers.
 */
public final class OnePortTreePipeline implements Method {
  /**
   * The tree shapes tried, as {@code {k, d}}: trees and the fan-out of their interior nodes, in the
   * order most likely to win, so that a search cut short by the clock still has a good one. On the
   * random networks of 10^3 and 10^4 nodes of docs/BENCHMARKS.md {@code {2, 3}} won both, {@code
   * {2, 2}} and {@code {4, 5}} came next, the single binary tree {@code {1, 2}} last but one and
   * last; {@code {1, 3}}, {@code {3, 3}} and {@code {4, 4}} were never best, so they are not tried.
   */
  static final int[][] SHAPES = {{2, 3}, {2, 2}, {4, 5}, {3, 4}, {1, 2}};

  /**
   * Transfers the simulations of one shape may place (its first simulation always runs): about 0.1
   * s of one core at 10^4 nodes, so that the five shapes take a small share of the default 10 s
   * limit on an idle machine, and the answer does not depend on the load unless the clock cuts in.
   */
  static final long WORK_PER_SHAPE = 400_000L;

  /** Below this much work per shape every packet size is simulated. */
  static final long EXHAUSTIVE = 200_000L;

  private final long workPerShape;

  /** The method with its default work budget, {@link #WORK_PER_SHAPE} transfers per shape. */
  public OnePortTreePipeline() {
    this(WORK_PER_SHAPE);
  }

  /** The method with another work budget per shape (tests: a small budget still answers). */
  OnePortTreePipeline(long workPerShape) {
    this.workPerShape = workPerShape;
  }

  /** The facts of {@code one-port-tree-pipeline}: see the class javadoc. */
  static final MethodFacts FACTS =
      new MethodFacts(
          "one-port-tree-pipeline",
          "broadcast under one port on any network: the message cut in packets pipelined down k "
              + "spanning trees of fan-out about k whose interiors are disjoint (k = 1: a pipelined "
              + "binary tree), each node forwarding one call at a time, as soon as possible; the best "
              + "shape and packet size",
          "valid; no ratio (on a path from an end Peters' optimal S_1)",
          "P. Sanders, J. Speck, J. L. Träff, \"Two-tree algorithms for full bandwidth broadcast, "
              + "reduction and scan\", Parallel Computing 35(12), 2009 (pipelined binary tree, two "
              + "trees); k trees on any network: this project",
          Scope.of(ProblemKind.BROADCAST).in(Family.LINEAR_COST).ports(CommModel.Ports.ONE),
          false);

  @Override
  public MethodFacts facts() {
    return FACTS;
  }

  @Override
  public String whyNotFurther(Instance instance) {
    long units = instance.origins().get(0).length();
    return LinearCostMethods.whyNotPipelined(
        name(),
        instance,
        () ->
            units < 2 || instance.storeAndForward().tauTicks(instance.timeScale()) == 0
                ? name()
                    + " cuts a message into packets, which pays only for a message of 2 units or"
                    + " more and tau > 0; one packet is the telephone problem: use"
                    + " matching-broadcast"
                : null,
        (long) instance.network().nodes() + 1,
        units + 1);
  }

  @Override
  public SolveResult solve(Instance instance, SolveLimits limits) {
    requireApplies(instance);
    long deadline = System.nanoTime() + limits.timeLimit().toNanos();
    LowerBound bound = limits.run().bestBound(instance);
    Network net = instance.network();
    Origin o = instance.origins().get(0);
    CommModel.StoreAndForward model = instance.storeAndForward();
    long beta = model.betaTicks(instance.timeScale());
    long tau = model.tauTicks(instance.timeScale());
    long n = o.length();
    int p = net.nodes();
    LcSchedule out = new LcSchedule(instance);
    if (p == 1) {
      return out.result(name(), bound);
    }
    // the most packets the schedule may write
    long maxPackets = Math.max(1, Math.min(n, LinearCostMethods.MAX_RECORDS / (p - 1)));
    long minSize = (n + maxPackets - 1) / maxPackets;
    Search search = new Search(n, beta, tau, limits, deadline);
    List<Trees> shapes = new ArrayList<>();
    for (int[] shape : SHAPES) {
      if (!search.mayGoOn()) {
        break;
      }
      Trees t = Trees.build(net, o.node(), shape[0], shape[1]);
      if (shapes.stream().anyMatch(u -> u.sameAs(t))) {
        continue; // a network too sparse for the classes gives the same trees again
      }
      shapes.add(t);
      search.shape(t);
      long exhaustive = 0;
      for (long q = minSize; q <= n && exhaustive <= EXHAUSTIVE; q++) {
        exhaustive += (p - 1L) * packets(n, q);
      }
      if (exhaustive <= EXHAUSTIVE) {
        for (long q = minSize; q <= n && search.mayGoOn(); q++) {
          search.run(q);
        }
      } else {
        // from the continuous optimum outward, while it improves and the shape's work allows
        double a = 1 + (double) t.fanOut / t.k;
        double lat = 2.0 * t.height;
        double packets = beta == 0 ? n : Math.sqrt(lat * n * tau / (a * beta));
        long q = Math.max(minSize, Math.min(n, Math.round(n / Math.max(1, packets))));
        if (!search.mayGoOn()) {
          break;
        }
        search.run(q);
        long start = search.shapeSize;
        for (int dir = -1; dir <= 1; dir += 2) {
          long cur = start;
          while (search.work < workPerShape && search.mayGoOn()) {
            long next = dir < 0 ? Math.max(minSize, cur * 4 / 5) : Math.min(n, cur * 5 / 4 + 1);
            if (next == cur || !search.run(next)) {
              break;
            }
            cur = next;
          }
        }
      }
      search.shapeDone();
    }
    Trees bestTrees = search.bestTrees;
    long bestSize = search.bestSize;
    long made =
        bestTrees.simulate(
            n,
            bestSize,
            beta,
            tau,
            (from, to, start, first, count) -> {
              out.packet(from, to, start, o.message(), first, count);
            });
    if (made != out.makespan()) {
      throw new IllegalStateException(
          name()
              + ": the simulated makespan "
              + made
              + " differs from the schedule's "
              + out.makespan());
    }
    return out.result(name(), bound)
        .withStat("trees", bestTrees.k)
        .withStat("fanOut", bestTrees.fanOut)
        .withStat("packetUnits", bestSize)
        .withStat("packets", packets(n, bestSize))
        .withStat("height", bestTrees.height)
        .withStat("byShape", search.tried.toString())
        .withStat(
            "search",
            search.cut == null
                ? "every shape within its work budget of " + workPerShape + " transfers"
                : "cut by "
                    + search.cut
                    + " after "
                    + search.shapes
                    + " shape(s), the last maybe in part");
  }

  /**
   * The search's state: the best schedule so far over all shapes and within the current one, the
   * work spent on the current shape, and whether the clock (or Ctrl-C) cut the search short.
   */
  private static final class Search {
    final long n;
    final long beta;
    final long tau;
    final SolveLimits limits;
    final long deadline;
    final StringBuilder tried = new StringBuilder();
    long longest; // nanoseconds of the longest simulation so far
    long work;
    int shapes;
    Trees current;
    long shapeBest;
    long shapeSize;
    long bestTime = Long.MAX_VALUE;
    Trees bestTrees;
    long bestSize;
    String cut;

    Search(long n, long beta, long tau, SolveLimits limits, long deadline) {
      this.n = n;
      this.beta = beta;
      this.tau = tau;
      this.limits = limits;
      this.deadline = deadline;
    }

    /**
     * Whether another simulation may start: always before the first; then unless Ctrl-C came or the
     * clock is within twice the longest simulation of the deadline (one more, and the final run
     * that writes the schedule).
     */
    boolean mayGoOn() {
      if (bestTrees == null || cut != null) {
        return cut == null;
      }
      if (limits.run().stop().stopped()) {
        cut = "Ctrl-C";
      } else if (deadline - System.nanoTime() < 2 * longest) {
        cut = "the time limit";
      }
      return cut == null;
    }

    void shape(Trees t) {
      current = t;
      work = 0;
      shapeBest = Long.MAX_VALUE;
      shapeSize = 0;
    }

    /** Simulates packets of {@code q} units down the current trees; true if the shape improved. */
    boolean run(long q) {
      long t0 = System.nanoTime();
      long time = current.simulate(n, q, beta, tau, null);
      longest = Math.max(longest, System.nanoTime() - t0);
      work += (current.p - 1L) * packets(n, q);
      if (time >= shapeBest) {
        return false;
      }
      shapeBest = time;
      shapeSize = q;
      if (time < bestTime) {
        bestTime = time;
        bestTrees = current;
        bestSize = q;
      }
      return true;
    }

    void shapeDone() {
      if (shapeBest == Long.MAX_VALUE) {
        return; // cut before its first simulation
      }
      shapes++;
      tried.append(tried.length() == 0 ? "" : ", ");
      tried.append("k=").append(current.k).append(" d=").append(current.fanOut).append(": ");
      tried.append(shapeBest).append(" (q ").append(shapeSize);
      tried.append(", height ").append(current.height).append(')');
    }
  }

  static long packets(long n, long q) {
    return (n + q - 1) / q;
  }

  /** Receives each transfer of the final simulation. */
  interface Recorder {
    void transfer(int from, int to, long start, long first, long count);
  }

  /** {@code k} spanning trees rooted at the source, as parent arrays and ordered children. */
  static final class Trees {
    final int k;
    final int fanOut;
    final int source;
    final int p;
    final int[][] parent;
    final int[][] childStart;
    final int[][] children;
    final int[] priority;

    final int height;

    private Trees(int k, int fanOut, int source, int[][] parent, int[][] depth) {
      this.k = k;
      this.fanOut = fanOut;
      this.source = source;
      this.p = parent[0].length;
      this.parent = parent;
      this.childStart = new int[k][];
      this.children = new int[k][];
      this.priority = new int[p];
      int h = 0;
      for (int i = 0; i < k; i++) {
        int[] par = parent[i];
        int[] dep = depth[i];
        // subtree heights, deepest nodes first
        Integer[] byDepth = new Integer[p];
        for (int v = 0; v < p; v++) {
          byDepth[v] = v;
          h = Math.max(h, dep[v]);
        }
        Arrays.sort(byDepth, (x, y) -> dep[y] != dep[x] ? dep[y] - dep[x] : x - y);
        int[] sub = new int[p];
        int[] count = new int[p + 1];
        for (Integer v : byDepth) {
          if (par[v] >= 0) {
            sub[par[v]] = Math.max(sub[par[v]], sub[v] + 1);
            count[par[v] + 1]++;
          }
        }
        for (int v = 0; v < p; v++) {
          count[v + 1] += count[v];
        }
        int[] start = count.clone();
        int[] ch = new int[p - 1];
        int[] fill = Arrays.copyOf(count, p);
        for (int v = 0; v < p; v++) {
          if (par[v] >= 0) {
            ch[fill[par[v]]++] = v;
          }
        }
        // each node's children, the deepest subtree first (it has the longest way to go)
        for (int u = 0; u < p; u++) {
          int a = start[u];
          int b = start[u + 1];
          if (b - a > 1) {
            Integer[] cs = new Integer[b - a];
            for (int x = a; x < b; x++) {
              cs[x - a] = ch[x];
            }
            Arrays.sort(cs, (x, y) -> sub[y] != sub[x] ? sub[y] - sub[x] : x - y);
            for (int x = a; x < b; x++) {
              ch[x] = cs[x - a];
            }
          }
          if (b > a) {
            priority[u] = Math.max(priority[u], dep[u] + 1);
          }
        }
        childStart[i] = start;
        children[i] = ch;
      }
      this.height = h;
    }

    boolean sameAs(Trees o) {
      return k == o.k && Arrays.deepEquals(parent, o.parent);
    }

    /**
     * The trees for {@code k} classes and fan-out {@code d}: tree {@code i} grown breadth-first
     * with the class-{@code i} nodes as interior (the source adopting one class-{@code i} neighbour
     * when {@code k > 1}), then over any tree node within the fan-out, then over any.
     */
    static Trees build(Network net, int source, int k, int d) {
      int p = net.nodes();
      // classes dealt in breadth-first order from the source
      int[] cls = new int[p];
      Arrays.fill(cls, -1);
      int[] bfs = new int[p];
      boolean[] seen = new boolean[p];
      int len = 0;
      bfs[len++] = source;
      seen[source] = true;
      for (int h = 0; h < len; h++) {
        int u = bfs[h];
        for (int x = 0; x < net.outDegree(u); x++) {
          int w = net.head(net.outArc(u, x));
          if (!seen[w]) {
            seen[w] = true;
            cls[w] = (len - 1) % k;
            bfs[len++] = w;
          }
        }
      }
      int[][] parent = new int[k][];
      int[][] depth = new int[k][];
      for (int i = 0; i < k; i++) {
        int[] par = new int[p];
        int[] dep = new int[p];
        int[] cnt = new int[p];
        Arrays.fill(par, -1);
        boolean[] in = new boolean[p];
        in[source] = true;
        int[] order = new int[p];
        int size = 0;
        order[size++] = source;
        for (int phase = 0; phase < 3 && size < p; phase++) {
          int[] queue = new int[p];
          int qn = 0;
          for (int x = 0; x < size; x++) {
            queue[qn++] = order[x];
          }
          for (int h = 0; h < qn && size < p; h++) {
            int u = queue[h];
            int cap;
            if (phase == 0) {
              if (u == source) {
                cap = k == 1 ? d : 1;
              } else {
                cap = cls[u] == i ? d : 0;
              }
            } else {
              cap = phase == 1 ? d : Integer.MAX_VALUE;
            }
            // own class first (the tree's interior grows), then the rest
            for (int pass = 0; pass < 2 && cnt[u] < cap; pass++) {
              for (int x = 0; x < net.outDegree(u) && cnt[u] < cap; x++) {
                int w = net.head(net.outArc(u, x));
                if (in[w] || (pass == 0) != (cls[w] == i)) {
                  continue;
                }
                if (phase == 0 && u == source && k > 1 && cls[w] != i) {
                  continue; // the source starts tree i at a node of class i
                }
                in[w] = true;
                par[w] = u;
                dep[w] = dep[u] + 1;
                cnt[u]++;
                order[size++] = w;
                queue[qn++] = w;
              }
            }
          }
        }
        if (size < p) {
          throw new IllegalStateException("a node is unreachable from the source");
        }
        parent[i] = par;
        depth[i] = dep;
      }
      return new Trees(k, d, source, parent, depth);
    }

    /**
     * Runs the pipeline of {@code ceil(n / q)} packets of {@code q} units (the last the rest) as
     * soon as possible under one port and returns its makespan; {@code rec}, when not null, gets
     * every transfer.
     *
     * <p>A call lasts {@code beta + q tau}, or {@code beta + r tau} for the last packet of {@code r
     * < q} units, and calls start in time order, so the calls in flight of each duration end in the
     * order they started: two first-in first-out rings (at most {@code p} calls are in flight, each
     * holding its sender) replace a priority queue. At each end time the senders concerned are
     * served deepest first, then by number; a busy node, or one with no free child to feed, is left
     * out before that order is made (serving others only makes nodes busier).
     */
    long simulate(long n, long q, long beta, long tau, Recorder rec) {
      int packets = (int) packets(n, q);
      int[][] held = new int[k][p];
      int[][] sent = new int[k][p];
      long[] busy = new long[p];
      for (int i = 0; i < k; i++) {
        held[i][source] = packets > i ? (packets - 1 - i) / k + 1 : 0;
      }
      // calls in flight, per duration (0: a full packet, 1: the shorter last one): a ring each
      Ring[] rings = {new Ring(p), new Ring(p)};
      int[] stamp = new int[p]; // round in which the node became a candidate
      int[] checked = new int[p]; // round in which all the node's children were looked at
      int[] isDirty = new int[p]; // round in which the node's own call ended (or it is the source)
      int round = 0;
      int[] cand = new int[16];
      long[] keys = new long[16];
      int[] dirty = new int[16];
      int nd = 0;
      dirty[nd++] = source;
      long t = 0;
      long makespan = 0;
      long delivered = 0;
      long needed = (long) (p - 1) * packets;
      while (true) {
        // the senders to serve: the nodes whose calls ended, and their parents, if free and with a
        // free child to feed
        round++;
        int nc = 0;
        for (int x = 0; x < nd; x++) {
          isDirty[dirty[x]] = round;
        }
        // (after each round no free node can feed a free child, so a parent whose own state did
        // not change can newly feed only the children whose calls ended)
        for (int x = 0; x < nd; x++) {
          int v = dirty[x];
          for (int i = -1; i < k; i++) {
            int u = i < 0 ? v : parent[i][v];
            if (u < 0 || stamp[u] == round || busy[u] > t) {
              continue;
            }
            if (i < 0) {
              checked[u] = round; // all its children are looked at
              if (!feeds(u, t, held, sent, busy)) {
                continue;
              }
            } else if (checked[u] == round
                || busy[v] > t
                || sent[i][v] >= held[i][u]
                || isDirty[u] == round) {
              continue; // nothing new, or it is looked at as a node whose call ended
            }
            stamp[u] = round;
            if (nc == cand.length) {
              cand = Arrays.copyOf(cand, nc * 2);
              keys = Arrays.copyOf(keys, nc * 2);
            }
            keys[nc++] = ((long) (Integer.MAX_VALUE - priority[u]) << 32) | u;
          }
        }
        Arrays.sort(keys, 0, nc);
        for (int x = 0; x < nc; x++) {
          int u = (int) keys[x];
          if (busy[u] > t) {
            continue;
          }
          int bestJ = Integer.MAX_VALUE;
          int bestC = -1;
          int bestI = -1;
          for (int i = 0; i < k; i++) {
            int[] st = childStart[i];
            int[] ch = children[i];
            int have = held[i][u];
            int[] sentI = sent[i];
            for (int y = st[u]; y < st[u + 1]; y++) {
              int c = ch[y];
              if (busy[c] <= t && sentI[c] < have) {
                int j = i + k * sentI[c];
                if (j < bestJ) {
                  bestJ = j;
                  bestC = c;
                  bestI = i;
                }
              }
            }
          }
          if (bestC < 0) {
            continue;
          }
          long first = (long) bestJ * q;
          long count = Math.min(q, n - first);
          long end = t + beta + count * tau;
          busy[u] = end;
          busy[bestC] = end;
          sent[bestI][bestC]++;
          if (rec != null) {
            rec.transfer(u, bestC, t, first, count);
          }
          rings[count == q ? 0 : 1].add(end, bestC, u, bestI);
        }
        Ring r0 = rings[0];
        Ring r1 = rings[1];
        if (r0.size == 0 && r1.size == 0) {
          break;
        }
        t =
            Math.min(
                r0.size > 0 ? r0.peek() : Long.MAX_VALUE, r1.size > 0 ? r1.peek() : Long.MAX_VALUE);
        nd = 0;
        for (Ring r : rings) {
          while (r.size > 0 && r.peek() == t) {
            int h = r.head;
            held[r.tree[h]][r.to[h]]++;
            delivered++;
            if (nd + 2 > dirty.length) {
              dirty = Arrays.copyOf(dirty, dirty.length * 2);
            }
            dirty[nd++] = r.to[h];
            dirty[nd++] = r.from[h];
            r.poll();
          }
        }
        makespan = t;
      }
      if (delivered != needed) {
        throw new IllegalStateException(
            "the pipeline stalled after " + delivered + " of " + needed + " deliveries");
      }
      return makespan;
    }

    /** Whether free node {@code u} has, in some tree, a free child that lacks a packet u holds. */
    private boolean feeds(int u, long t, int[][] held, int[][] sent, long[] busy) {
      for (int i = 0; i < k; i++) {
        int[] st = childStart[i];
        int[] ch = children[i];
        int have = held[i][u];
        int[] sentI = sent[i];
        for (int y = st[u]; y < st[u + 1]; y++) {
          int c = ch[y];
          if (busy[c] <= t && sentI[c] < have) {
            return true;
          }
        }
      }
      return false;
    }
  }

  /** Calls in flight of one duration, in the order they end (which is the order they started). */
  private static final class Ring {
    final long[] end;
    final int[] to;
    final int[] from;
    final int[] tree;
    int head;
    int size;

    Ring(int capacity) {
      end = new long[capacity];
      to = new int[capacity];
      from = new int[capacity];
      tree = new int[capacity];
    }

    void add(long e, int receiver, int sender, int i) {
      if (size > 0 && end[(head + size - 1) % end.length] > e) {
        throw new IllegalStateException("calls of one duration must end in the order they start");
      }
      int x = (head + size) % end.length;
      end[x] = e;
      to[x] = receiver;
      from[x] = sender;
      tree[x] = i;
      size++;
    }

    long peek() {
      return end[head];
    }

    void poll() {
      head = (head + 1) % end.length;
      size--;
    }
  }
}
