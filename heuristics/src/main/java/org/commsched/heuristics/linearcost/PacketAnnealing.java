package org.commsched.heuristics.linearcost;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
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

/**
 * Broadcast and gossip under the linear cost model (all ports, full duplex) on small networks of
 * any shape by simulated annealing over <em>delivery arborescences and packet sequences</em>
 * (docs/models/linear-cost.md#packet-annealing; this project's search, after S. Kirkpatrick, C. D.
 * Gelatt and M. P. Vecchi, "Optimization by Simulated Annealing", Science 220, 1983).
 *
 * <p><b>Space.</b> A state gives every unit an in-arc at every node that needs it (the arc of the
 * packet that brings it there, so each unit travels down an arborescence rooted at its origin) and
 * every arc an ordered list of packets, each a set of the units that cross the arc. Its schedule
 * starts each packet as early as its arc is free (the previous packet on the arc ended) and its
 * tail holds its units (the packets that bring them ended), a fixed point computed in topological
 * order; a state whose packets wait on each other in a cycle has no schedule and is never accepted.
 * No optimum is lost by this space: in an optimal schedule keep each unit's earliest arrival at
 * each node only (dropping the other copies shortens packets and delays nothing), and its packets,
 * in their order on each arc, started as early as allowed, are such a state's schedule.
 *
 * <p><b>Moves.</b> Reroute one delivery over another in-arc of its node (the unit leaves its packet
 * on the old arc and joins a packet of the new one, or a new packet at a random place); move a unit
 * to another packet of its arc (or a new one); swap two units of different packets of an arc; swap
 * two adjacent packets; merge two adjacent packets; split a packet at random.
 *
 * <p><b>Acceptance.</b> A move that lengthens the makespan is undone; among states of one makespan
 * {@code M} the search minimises {@code 1000 L + S} with Metropolis' rule, {@code L} the packets'
 * summed ends beyond {@code M - W} ({@code W} about two thirds of a hop, {@code beta + tau}: the
 * work that keeps {@code M}) and {@code S} the deliveries' summed arrival times, at a temperature
 * falling geometrically from {@code 500 (beta + tau)} to {@code (beta + tau) / 6} over each of
 * {@value #CYCLES} equal cooling cycles of a restart, the first from its initial state, each later
 * one from the restart's best state so far. A restart starts from random shortest-path
 * arborescences, each arc's units in order of their distance from their origin, in packets of a
 * random size.
 *
 * <p><b>Budget.</b> Restarts of {@link #iterations} moves ({@value #MOVES_PER_DELIVERY} per
 * delivery, at most {@value #ITERATIONS} and {@value #RESTART_WORK} divided by the deliveries, at
 * least {@value #MIN_ITERATIONS}), seeded 1, 2, ... for determinism, until the best lower bound is
 * met, {@link #MAX_RESTARTS} restarts ran or the time limit is over (a restart, the first too,
 * stops at the limit, after its first 4,096 moves at least, with its best state so far: the initial
 * state is a schedule). On the 3 x 3 mesh, broadcast of 16 units from a corner (beta 5, tau 1),
 * with one cooling per restart 0 of 61 seeded restarts of a million moves reached 42 and 9 of 54
 * ended at 43, as its C++ prototype (scripts/lc-anneal-proto.cpp: the same moves, acceptance,
 * temperatures and timing, see PacketAnnealingTimingTest: 42 in 1 of 113 restarts, 43 in 19); with
 * the cooling cycles seeds 9 to 60 end at 42 once (seed 40), at 43 17 times and at 44 30 times. On
 * the 4 x 4 mesh seeds 1 to 4 end at 61, 58, 60 and 58 (one cooling: 61, 60, 61, 59); a prototype
 * restart of four million moves found 57 (every other method 63). A move that lengthens the
 * makespan is never accepted, so two moves that only together shorten it need a plateau between
 * them.
 *
 * <p><b>Refuses</b> other problems and models, links with channels or costs of their own, more than
 * {@link #MAX_DELIVERIES} deliveries (units times the nodes that need them), and a node that cannot
 * be reached from an origin. Guarantee: valid (every delivery has its packet, every packet its
 * units at its tail when it starts); no ratio.
 *
 * @implNote Stateless; each restart works on its own arrays. A move costs one timing, linear in the
 *     packets plus the deliveries.
 */
public final class PacketAnnealing implements Method {
  /** The most deliveries (units times the nodes that need them) taken. */
  static final int MAX_DELIVERIES = 4096;

  /** The most moves per restart. */
  static final long ITERATIONS = 1_000_000L;

  /** The least moves per restart. */
  static final long MIN_ITERATIONS = 20_000L;

  /** Moves per delivery in a restart of a small instance (below {@link #ITERATIONS}). */
  static final long MOVES_PER_DELIVERY = 8_000L;

  /**
   * Moves times deliveries in one restart (a move's timing is linear in the deliveries): a restart
   * of a large instance takes fewer moves, so that one restart stays within a few seconds of CPU.
   */
  static final long RESTART_WORK = 200_000_000L;

  /**
   * Cooling cycles per restart: the first from the restart's initial state, each later one from the
   * restart's best state so far, each over an equal share of the restart's moves.
   */
  static final int CYCLES = 10;

  /** The most restarts. */
  static final int MAX_RESTARTS = 32;

  /** The facts of {@code packet-annealing}: see the class javadoc. */
  static final MethodFacts FACTS =
      new MethodFacts(
          "packet-annealing",
          "simulated annealing over each unit's delivery arborescence and each arc's ordered packets, "
              + "every packet as early as its arc and its units allow; restarts of up to a million "
              + "moves until the bound, the time limit or 32 restarts",
          "valid; no ratio",
          "this project (after Kirkpatrick, Gelatt and Vecchi, \"Optimization by Simulated Annealing\", 1983)",
          Scope.of(ProblemKind.BROADCAST, ProblemKind.GOSSIP)
              .in(Family.LINEAR_COST)
              .ports(CommModel.Ports.ALL)
              .duplex(CommModel.Duplex.FULL),
          false);

  @Override
  public MethodFacts facts() {
    return FACTS;
  }

  @Override
  public String whyNotFurther(Instance instance) {
    String explicit = Footprint.whyNotExplicitGossip(name(), instance);
    if (explicit != null) {
      return explicit;
    }
    Network net = instance.network();
    long deliveries = 0;
    for (Origin o : instance.origins()) {
      deliveries += o.length() * (long) (net.nodes() - 1);
      if (deliveries > MAX_DELIVERIES) {
        return name()
            + " takes at most "
            + MAX_DELIVERIES
            + " deliveries (units times the nodes that need them): use merge-flood";
      }
    }
    return LinearCostMethods.whyNotReachable(name(), instance);
  }

  @Override
  public SolveResult solve(Instance instance, SolveLimits limits) {
    requireApplies(instance);
    LowerBound bound = limits.run().bestBound(instance);
    long deadline = System.nanoTime() + limits.timeLimit().toNanos();
    Problem pr = new Problem(instance);
    Annealer best = null;
    int restarts = 0;
    int bestRestart = 0;
    long moves = 0;
    for (int r = 1; r <= MAX_RESTARTS; r++) {
      if (best != null
          && (limits.run().stop().over(deadline)
              || Interrupt.requested()
              || (bound != null && best.bestMakespan <= bound.value()))) {
        break;
      }
      Annealer a = new Annealer(pr, r);
      moves += a.run(iterations(pr.deliveries), deadline, limits);
      restarts++;
      if (best == null || a.bestMakespan < best.bestMakespan) {
        best = a;
        bestRestart = r;
      }
    }
    return best.write(instance, name(), bound)
        .withStat("restarts", restarts)
        .withStat("bestRestart", bestRestart)
        .withStat("moves", moves);
  }

  /**
   * Moves per restart for {@code deliveries} deliveries: {@link #MOVES_PER_DELIVERY} each, within
   * {@link #RESTART_WORK}, between {@link #MIN_ITERATIONS} and {@link #ITERATIONS}.
   */
  static long iterations(long deliveries) {
    long d = Math.max(1, deliveries);
    long it = Math.min(ITERATIONS, Math.min(MOVES_PER_DELIVERY * d, RESTART_WORK / d));
    return Math.max(MIN_ITERATIONS, it);
  }

  /**
   * The best schedule of one restart of {@code iterations} moves seeded {@code seed}, with no time
   * limit (tests: the result depends on the seed and the count only).
   */
  static SolveResult anneal(Instance instance, long seed, long iterations) {
    Annealer a = new Annealer(new Problem(instance), seed);
    a.run(iterations, Long.MAX_VALUE, null);
    return a.write(instance, "packet-annealing", null);
  }

  /**
   * The timing of a given state (tests): {@code packets.get(arc)} is the arc's packets in order,
   * each the units it carries (unit {@code i} of message {@code m} numbered after the units of the
   * messages before {@code m}); returns the makespan and the secondary cost {@code 1000 L + S} of
   * the class javadoc, or null when the packets wait on each other in a cycle.
   */
  static long[] timing(Instance instance, List<List<int[]>> packets) {
    Annealer a = new Annealer(new Problem(instance), 1);
    for (int arc = 0; arc < a.seq.length; arc++) {
      a.seq[arc] = new ArrayList<>(packets.get(arc));
    }
    return a.time() ? new long[] {a.makespan, a.secondary} : null;
  }

  /** The units, their origins and the network, shared by the restarts. */
  static final class Problem {
    final Network net;
    final int nodes;
    final int units;
    final int[] origin; // per unit
    final int[] message; // per unit: index into origins
    final long[] index; // per unit: its index in its message
    final int[][] dist; // per origin index, the distances from its node
    final long beta;
    final long tau;
    final int deliveries;
    final List<Origin> origins;

    Problem(Instance instance) {
      net = instance.network();
      nodes = net.nodes();
      origins = instance.origins();
      int u = 0;
      for (Origin o : origins) {
        u += (int) o.length();
      }
      units = u;
      origin = new int[units];
      message = new int[units];
      index = new long[units];
      dist = new int[origins.size()][];
      int k = 0;
      for (int m = 0; m < origins.size(); m++) {
        Origin o = origins.get(m);
        dist[m] = net.distancesFrom(o.node());
        for (long i = 0; i < o.length(); i++) {
          origin[k] = o.node();
          message[k] = m;
          index[k] = i;
          k++;
        }
      }
      CommModel.StoreAndForward model = instance.storeAndForward();
      beta = model.betaTicks(instance.timeScale());
      tau = model.tauTicks(instance.timeScale());
      deliveries = units * (nodes - 1);
    }
  }

  /** One restart: a state, its timing and the best state seen. */
  static final class Annealer {
    private final Problem pr;
    private final Network net;
    private final int n;
    private final SplittableRandom rng;
    private final int[] par; // unit * nodes + node -> in-arc, -1 at the origin
    private List<int[]>[] seq; // per arc, its packets in order
    // timing scratch
    private final int[] pkArc;
    private final int[][] pkUnits;
    private final int[] carrier;
    private final int[] first;
    private final int[] next;
    private final int[] to;
    private final int[] indeg;
    private final long[] start;
    private final long[] end;
    private final int[] stack;
    private final long window;
    private int packets;
    private long makespan;
    private long secondary;
    // the best state
    long bestMakespan = Long.MAX_VALUE;
    private long bestSecondary = Long.MAX_VALUE;
    private List<int[]>[] bestSeq;
    private int[] bestPar;

    @SuppressWarnings("unchecked")
    Annealer(Problem pr, long seed) {
      this.pr = pr;
      this.net = pr.net;
      this.n = pr.nodes;
      this.rng = new SplittableRandom(seed);
      par = new int[pr.units * n];
      seq = new List[net.arcs()];
      int d = pr.deliveries;
      pkArc = new int[d + 1];
      pkUnits = new int[d + 1][];
      carrier = new int[pr.units * n];
      first = new int[d + 1];
      next = new int[2 * d + 2];
      to = new int[2 * d + 2];
      indeg = new int[d + 1];
      start = new long[d + 1];
      end = new long[d + 1];
      stack = new int[d + 1];
      window = Math.max(1, 2 * (pr.beta + pr.tau) / 3);
      initial();
    }

    /** Random shortest-path arborescences; each arc's units by distance, in random-size packets. */
    private void initial() {
      for (int u = 0; u < pr.units; u++) {
        int[] d = pr.dist[pr.message[u]];
        for (int v = 0; v < n; v++) {
          par[u * n + v] = -1;
          if (v == pr.origin[u]) {
            continue;
          }
          int choices = 0;
          int chosen = -1;
          for (int i = 0; i < net.inDegree(v); i++) {
            int a = net.inArc(v, i);
            if (d[net.tail(a)] + 1 == d[v] && rng.nextInt(++choices) == 0) {
              chosen = a;
            }
          }
          par[u * n + v] = chosen;
        }
      }
      for (int a = 0; a < net.arcs(); a++) {
        seq[a] = new ArrayList<>();
        List<Integer> us = new ArrayList<>();
        int head = net.head(a);
        for (int u = 0; u < pr.units; u++) {
          if (par[u * n + head] == a) {
            us.add(u);
          }
        }
        int tail = net.tail(a);
        us.sort(
            (x, y) -> {
              int dx = pr.dist[pr.message[x]][tail];
              int dy = pr.dist[pr.message[y]][tail];
              return dx != dy ? Integer.compare(dx, dy) : Integer.compare(x, y);
            });
        int k = 1 + rng.nextInt(Math.max(1, Math.min(6, us.size())));
        for (int i = 0; i < us.size(); i += k) {
          int[] p = new int[Math.min(k, us.size() - i)];
          for (int j = 0; j < p.length; j++) {
            p[j] = us.get(i + j);
          }
          seq[a].add(p);
        }
      }
    }

    /**
     * Splits every packet into packets of one unit, in the same order, and times the state. The
     * random-size packets of {@link #initial} can wait on each other in a cycle (a packet waits for
     * its units at its tail, brought by packets that may hold units farther from their origins);
     * packets of one unit cannot: a unit waits only for a packet of a unit nearer its origin, and a
     * packet for the earlier packets of its arc, whose units are no farther (the arcs' order), so
     * every wait lowers the distance or stays on one arc and moves to an earlier packet.
     */
    private boolean singletons() {
      for (int a = 0; a < seq.length; a++) {
        List<int[]> ones = new ArrayList<>();
        for (int[] pk : seq[a]) {
          for (int u : pk) {
            ones.add(new int[] {u});
          }
        }
        seq[a] = ones;
      }
      return time();
    }

    /** Times the state; false when its packets wait on each other in a cycle. */
    private boolean time() {
      int p = 0;
      for (int a = 0; a < seq.length; a++) {
        int head = net.head(a);
        for (int[] pk : seq[a]) {
          pkArc[p] = a;
          pkUnits[p] = pk;
          for (int u : pk) {
            carrier[u * n + head] = p;
          }
          p++;
        }
      }
      packets = p;
      Arrays.fill(first, 0, p, -1);
      Arrays.fill(indeg, 0, p, 0);
      Arrays.fill(start, 0, p, 0);
      int edges = 0;
      int prevArc = -1;
      for (int i = 0; i < p; i++) {
        int a = pkArc[i];
        if (a == prevArc) {
          to[edges] = i;
          next[edges] = first[i - 1];
          first[i - 1] = edges++;
          indeg[i]++;
        }
        prevArc = a;
        int tail = net.tail(a);
        for (int u : pkUnits[i]) {
          if (pr.origin[u] != tail) {
            int c = carrier[u * n + tail];
            to[edges] = i;
            next[edges] = first[c];
            first[c] = edges++;
            indeg[i]++;
          }
        }
      }
      int top = 0;
      for (int i = 0; i < p; i++) {
        if (indeg[i] == 0) {
          stack[top++] = i;
        }
      }
      int done = 0;
      long m = 0;
      while (top > 0) {
        int i = stack[--top];
        done++;
        end[i] = start[i] + pr.beta + pr.tau * pkUnits[i].length;
        m = Math.max(m, end[i]);
        for (int e = first[i]; e >= 0; e = next[e]) {
          int j = to[e];
          start[j] = Math.max(start[j], end[i]);
          if (--indeg[j] == 0) {
            stack[top++] = j;
          }
        }
      }
      if (done < p) {
        return false;
      }
      long late = 0;
      long arrivals = 0;
      for (int i = 0; i < p; i++) {
        late += Math.max(0, end[i] - (m - window));
        arrivals += end[i] * pkUnits[i].length;
      }
      makespan = m;
      secondary = 1000 * late + arrivals;
      return true;
    }

    /**
     * Runs {@code iterations} moves (or until {@code deadline}, checked every 4096) and returns how
     * many it ran.
     */
    long run(long iterations, long deadline, SolveLimits limits) {
      if (!time() && !singletons()) {
        throw new IllegalStateException("packet-annealing: the initial state has no schedule");
      }
      keepBest();
      long h = pr.beta + pr.tau;
      double t0 = 500.0 * h;
      double t1 = h / 6.0;
      double ratio = Math.log(t1 / t0);
      int arcs = seq.length;
      long cycle = Math.max(1, iterations / CYCLES);
      long it = 0;
      for (; it < iterations; it++) {
        if ((it & 4095) == 0
            && it > 0
            && (System.nanoTime() - deadline >= 0
                || Interrupt.requested()
                || (limits != null && limits.run().stop().stopped()))) {
          break;
        }
        // the moves left over by the division (fewer than CYCLES) finish the last cycle
        long phase = Math.min(it / cycle, CYCLES - 1);
        if (it > 0 && it == phase * cycle) {
          fromBest();
        }
        double temp = t0 * Math.exp(ratio * (it - phase * cycle) / cycle);
        long oldMakespan = makespan;
        long oldSecondary = secondary;
        int a1;
        int a2 = -1;
        int pu = -1;
        int oldPar = -1;
        List<int[]> s1;
        List<int[]> s2 = null;
        int kind = rng.nextInt(6);
        if (kind == 0) {
          int u = rng.nextInt(pr.units);
          int v = rng.nextInt(n);
          if (v == pr.origin[u] || net.inDegree(v) < 2) {
            continue;
          }
          int b = net.inArc(v, rng.nextInt(net.inDegree(v)));
          a1 = par[u * n + v];
          if (b == a1) {
            continue;
          }
          a2 = b;
          s1 = new ArrayList<>(seq[a1]);
          s2 = new ArrayList<>(seq[a2]);
          pu = u * n + v;
          oldPar = a1;
          removeUnit(seq[a1], u);
          insertUnit(seq[a2], u);
          par[pu] = b;
        } else {
          a1 = rng.nextInt(arcs);
          List<int[]> q = seq[a1];
          if (q.isEmpty() || (kind != 1 && kind != 4 && q.size() < 2)) {
            continue;
          }
          s1 = new ArrayList<>(q);
          if (!arcMove(q, kind)) {
            continue;
          }
        }
        boolean ok = time();
        boolean accept =
            ok
                && (makespan < oldMakespan
                    || (makespan == oldMakespan
                        && (secondary <= oldSecondary
                            || rng.nextDouble() < Math.exp(-(secondary - oldSecondary) / temp))));
        if (accept) {
          if (makespan < bestMakespan || (makespan == bestMakespan && secondary < bestSecondary)) {
            keepBest();
          }
        } else {
          seq[a1] = s1;
          if (a2 >= 0) {
            seq[a2] = s2;
          }
          if (pu >= 0) {
            par[pu] = oldPar;
          }
          makespan = oldMakespan;
          secondary = oldSecondary;
        }
      }
      return it;
    }

    /** A move within one arc's packet list; false when it does not apply. */
    private boolean arcMove(List<int[]> q, int kind) {
      switch (kind) {
        case 1 -> { // move a unit to another packet of the arc, or a new one
          int i = rng.nextInt(q.size());
          int[] pk = q.get(i);
          int u = pk[rng.nextInt(pk.length)];
          removeUnit(q, u);
          insertUnit(q, u);
        }
        case 2 -> { // swap two adjacent packets
          int i = rng.nextInt(q.size() - 1);
          int[] x = q.get(i);
          q.set(i, q.get(i + 1));
          q.set(i + 1, x);
        }
        case 3 -> { // merge two adjacent packets
          int i = rng.nextInt(q.size() - 1);
          int[] x = q.get(i);
          int[] y = q.get(i + 1);
          int[] z = Arrays.copyOf(x, x.length + y.length);
          System.arraycopy(y, 0, z, x.length, y.length);
          q.set(i, z);
          q.remove(i + 1);
        }
        case 4 -> { // split a packet at random
          int i = rng.nextInt(q.size());
          int[] x = q.get(i).clone();
          if (x.length < 2) {
            return false;
          }
          for (int j = x.length - 1; j > 0; j--) {
            int r = rng.nextInt(j + 1);
            int t = x[j];
            x[j] = x[r];
            x[r] = t;
          }
          int k = 1 + rng.nextInt(x.length - 1);
          q.set(i, Arrays.copyOf(x, k));
          q.add(i + 1, Arrays.copyOfRange(x, k, x.length));
        }
        default -> { // swap two units of different packets
          int i = rng.nextInt(q.size());
          int j = rng.nextInt(q.size());
          if (i == j) {
            return false;
          }
          int[] x = q.get(i).clone();
          int[] y = q.get(j).clone();
          int xi = rng.nextInt(x.length);
          int yi = rng.nextInt(y.length);
          int t = x[xi];
          x[xi] = y[yi];
          y[yi] = t;
          q.set(i, x);
          q.set(j, y);
        }
      }
      return true;
    }

    private static void removeUnit(List<int[]> q, int u) {
      for (int i = 0; i < q.size(); i++) {
        int[] pk = q.get(i);
        for (int j = 0; j < pk.length; j++) {
          if (pk[j] == u) {
            if (pk.length == 1) {
              q.remove(i);
            } else {
              int[] z = new int[pk.length - 1];
              System.arraycopy(pk, 0, z, 0, j);
              System.arraycopy(pk, j + 1, z, j, pk.length - j - 1);
              q.set(i, z);
            }
            return;
          }
        }
      }
    }

    private void insertUnit(List<int[]> q, int u) {
      if (!q.isEmpty() && rng.nextInt(3) > 0) {
        int i = rng.nextInt(q.size());
        int[] pk = q.get(i);
        int[] z = Arrays.copyOf(pk, pk.length + 1);
        z[pk.length] = u;
        q.set(i, z);
      } else {
        q.add(rng.nextInt(q.size() + 1), new int[] {u});
      }
    }

    @SuppressWarnings("unchecked")
    private void keepBest() {
      bestMakespan = makespan;
      bestSecondary = secondary;
      bestSeq = new List[seq.length];
      for (int a = 0; a < seq.length; a++) {
        bestSeq[a] = new ArrayList<>(seq[a]);
      }
      bestPar = par.clone();
    }

    /** Goes back to the best state so far (a new cooling cycle starts there). */
    private void fromBest() {
      for (int a = 0; a < seq.length; a++) {
        seq[a] = new ArrayList<>(bestSeq[a]);
      }
      System.arraycopy(bestPar, 0, par, 0, par.length);
      time();
    }

    /** The best state's schedule. */
    SolveResult write(Instance instance, String method, LowerBound bound) {
      seq = bestSeq;
      if (!time()) {
        throw new IllegalStateException("packet-annealing: the best state lost its schedule");
      }
      LcSchedule s = new LcSchedule(instance);
      for (int i = 0; i < packets; i++) {
        int a = pkArc[i];
        int[] us = pkUnits[i].clone();
        Arrays.sort(us); // units of one message are consecutive, in index order
        List<LcSchedule.Run> runs = new ArrayList<>();
        int j = 0;
        while (j < us.length) {
          int e = j + 1;
          while (e < us.length
              && us[e] == us[e - 1] + 1
              && pr.message[us[e]] == pr.message[us[j]]) {
            e++;
          }
          runs.add(
              new LcSchedule.Run(
                  pr.origins.get(pr.message[us[j]]).message(), pr.index[us[j]], e - j));
          j = e;
        }
        s.packet(net.tail(a), net.head(a), start[i], runs);
      }
      return s.result(method, bound).withStat("packets", packets);
    }
  }
}
