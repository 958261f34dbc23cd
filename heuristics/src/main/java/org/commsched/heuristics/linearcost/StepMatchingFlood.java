package org.commsched.heuristics.linearcost;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.TreeSet;
import org.commsched.core.model.ArcCosts;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Family;
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
 * Broadcast and gossip under the linear cost model (all ports, full duplex) on any network, links
 * with channels and costs of their own included, as a sequence of synchronous <em>steps</em> whose
 * packet size is chosen per step, each step's packets found by a matching per receiving node, then
 * every packet moved as early as its units and its channel allow.
 *
 * <p><b>Why.</b> A flood that sends whatever its tail holds as soon as a channel is free ({@code
 * merge-flood}) fills the links early with unbalanced packets; the step algorithms that SCCL
 * synthesizes (Cai et al., "Synthesizing optimal collective algorithms", PPoPP 2021: S steps, R
 * rounds, C chunks per node; one chunk per link and round) balance each step over all the links
 * into a node instead. On the DGX-1 with doubled NVLinks (beta 10, tau 1, 6 units per GPU; {@code
 * docs/COLLECTIVES.md}) SCCL's 2-step, 2-chunk algorithm ends at 29 where {@code merge-flood}'s
 * 2-step schedule ends at 32: its second step spreads the 18 units a GPU lacks over all six NVLinks
 * into it. This method searches such step schedules without a solver.
 *
 * <p><b>Step.</b> A step has a duration {@code D}; an arc {@code a} with {@code k} channels may
 * carry up to {@code k floor((D - beta(a)) / tau(a))} units in it, split evenly over its channels
 * (packets side by side), each unit one its tail held when the step began. The arcs into a node
 * {@code y} are independent of all others under all ports and full duplex, so the step is one
 * bipartite b-matching per node: the units {@code y} lacks against its in-arcs with those
 * capacities. The units are offered rarest first (fewest nodes holding them; ties by a seeded order
 * per node, so two nodes fed by one sender over single links ask for different halves), and each is
 * placed by an augmenting path (Kuhn 1955; placed in priority order the matched set is the greedy
 * basis of the transversal matroid, Edmonds and Fulkerson 1965), so a step delivers as many units
 * as the capacities allow, the rarest first.
 *
 * <p><b>Search.</b> A beam search over the steps: from each kept state every candidate packet size
 * {@code m} (the step duration {@code D = beta + m tau}, per distinct arc cost) is tried, and the
 * {@link #BEAM} states of least elapsed time plus a lower estimate of the rest (for each node, beta
 * + tau times its missing units over its in-channels, one more hop if an in-neighbour holds none of
 * some missing unit) go on. Each finished plan is <em>retimed</em>: its packets in step order, each
 * at the earliest time its channel is free and its tail holds its units, which never ends later
 * than the synchronous steps; the shortest is returned. The search runs for each of {@link #SEEDS}
 * tie orders while the work and the time limit allow (within {@link #SURE_WORK} whatever the limit,
 * for determinism), and ends early at a schedule meeting the best lower bound; past both the work
 * and the limit, the first search finishes with one state and the largest packet size per step, and
 * a later one stops. Each packet starts after its channel's previous packet ended and after its
 * tail received its units, so the schedule is valid by construction (the checker judges it anyway).
 * It states no ratio.
 *
 * @implNote Stateless; each search works on its own arrays. One step costs about the sum over nodes
 *     of their missing units times their in-degree (times the in-degree again for the augmenting
 *     paths, in the worst case).
 */
public final class StepMatchingFlood implements Method {
  /** The facts of {@code step-matching}: see the class javadoc. */
  static final MethodFacts FACTS =
      new MethodFacts(
          "step-matching",
          "synchronous steps with a packet size chosen per step by a beam search, each step a b-matching of the units "
              + "a node lacks to the channels into it (rarest first, augmenting paths), then every packet moved as "
              + "early as its units and channel allow",
          "valid; no ratio",
          "this project's heuristic after the step, round and chunk algorithms of \"Synthesizing optimal "
              + "collective algorithms\" (Cai et al., PPoPP 2021), found greedily: bipartite matching per step "
              + "(Kuhn 1955; Edmonds and Fulkerson 1965) and beam search",
          Scope.of(ProblemKind.BROADCAST, ProblemKind.GOSSIP)
              .in(Family.LINEAR_COST)
              .ports(CommModel.Ports.ALL)
              .duplex(CommModel.Duplex.FULL),
          false);

  /**
   * The most units times arcs taken: a step costs about that (times the candidates and the beam),
   * and beyond it the search falls back to one size per step that floods no better than {@code
   * merge-flood} (a broadcast of 100 units on 1,000 nodes and 11,898 arcs: 271 against {@code
   * greedy-saf}'s 194, in seconds of CPU; docs/BENCHMARKS.md).
   */
  static final long MAX_UNIT_ARCS = 1_000_000L;

  /** States kept per step of the beam search. */
  static final int BEAM = 6;

  /** Tie orders tried (seeds of the per-node order among equally rare units). */
  static final int SEEDS = 4;

  /** Most packet sizes tried from one state. */
  static final int CANDIDATES = 16;

  /**
   * Work (units times in-arcs scanned) done whatever the time limit, so that small instances get
   * the same answer on a loaded machine: a few hundredths of a second on an idle one.
   */
  static final long SURE_WORK = 30_000_000L;

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
    return MergeFlood.whyNotFlood(name(), instance, MAX_UNIT_ARCS);
  }

  @Override
  public SolveResult solve(Instance instance, SolveLimits limits) {
    requireApplies(instance);
    LowerBound bound = limits.run().bestBound(instance);
    long deadline = System.nanoTime() + limits.timeLimit().toNanos();
    Search search = new Search(instance, deadline, limits);
    Plan best = null;
    int seeds = 0;
    for (int seed = 0; seed < SEEDS; seed++) {
      if (best != null && (stopped(limits) || search.overBudget())) {
        break;
      }
      Plan plan = search.run(seed, best == null ? Long.MAX_VALUE : best.makespan);
      seeds++;
      if (plan != null && (best == null || plan.makespan < best.makespan)) {
        best = plan;
      }
      if (best != null && best.makespan <= bound.value()) {
        break;
      }
    }
    if (best == null) {
      return new SolveResult(
          name(),
          SolveStatus.UNKNOWN,
          null,
          null,
          bound,
          instance.timeScale(),
          java.util.Map.of("stopped", "stopped before the first plan ended"));
    }
    LcSchedule schedule = MergeFlood.writePackets(instance, search.units, best.packets);
    return SolveResult.feasible(name(), schedule.schedule(), schedule.makespan(), bound)
        .withStat("steps", best.steps)
        .withStat("sizes", best.sizes)
        .withStat("seeds", seeds);
  }

  private static boolean stopped(SolveLimits limits) {
    return Interrupt.requested() || limits.run().stop().stopped();
  }

  /** A finished, retimed plan: its packets {tail, head, start, channel, unit...}. */
  private record Plan(long makespan, List<long[]> packets, int steps, String sizes) {}

  /** One step of a plan: its packets {arc, channel, unit...} and its packet size. */
  private record Step(List<int[]> packets, long size, Step previous) {}

  /** A state of the search: what each node holds after the steps so far. */
  private static final class State {
    final long[][] has;
    final int[] holders;
    final int[] missing;
    final long elapsed;
    final Step last;
    long score;

    State(long[][] has, int[] holders, int[] missing, long elapsed, Step last) {
      this.has = has;
      this.holders = holders;
      this.missing = missing;
      this.elapsed = elapsed;
      this.last = last;
    }

    boolean done() {
      for (int m : missing) {
        if (m > 0) {
          return false;
        }
      }
      return true;
    }
  }

  /** The beam search over one instance. */
  private static final class Search {
    private final Instance instance;
    private final Network net;
    private final ArcCosts costs;
    private final long deadline;
    private final SolveLimits limits;
    private final int p;
    private final int units;
    private final int words;
    private final State start;

    /** The distinct (beta, tau) pairs of the arcs. */
    private final long[][] costClasses;

    /** Channels into each node. */
    private final int[] inChannels;

    private long work;

    Search(Instance instance, long deadline, SolveLimits limits) {
      this.instance = instance;
      this.net = instance.network();
      this.costs = instance.arcCosts();
      this.deadline = deadline;
      this.limits = limits;
      this.p = net.nodes();
      int u0 = 0;
      for (Origin o : instance.origins()) {
        u0 += (int) o.length();
      }
      this.units = u0;
      this.words = (units + 63) >>> 6;
      long[][] has = new long[p][words];
      int[] holders = new int[units];
      int[] missing = new int[p];
      Arrays.fill(missing, units);
      int u = 0;
      for (Origin o : instance.origins()) {
        for (long k = 0; k < o.length(); k++, u++) {
          has[o.node()][u >>> 6] |= 1L << u;
          holders[u] = 1;
          missing[o.node()]--;
        }
      }
      this.start = new State(has, holders, missing, 0, null);
      TreeSet<long[]> classes =
          new TreeSet<>(Comparator.<long[]>comparingLong(c -> c[0]).thenComparingLong(c -> c[1]));
      this.inChannels = new int[p];
      for (int a = 0; a < net.arcs(); a++) {
        classes.add(new long[] {costs.beta(a), costs.tau(a)});
        inChannels[net.head(a)] += costs.channels(a);
      }
      this.costClasses = classes.toArray(new long[0][]);
    }

    boolean overBudget() {
      return work > SURE_WORK && System.nanoTime() - deadline >= 0;
    }

    /** The best retimed plan of one beam search with tie order {@code seed}, or null if stopped. */
    Plan run(int seed, long incumbent) {
      List<State> frontier = new ArrayList<>(List.of(start));
      Plan best = null;
      long bar = incumbent;
      while (!frontier.isEmpty()) {
        if (stopped(limits)) {
          return best;
        }
        boolean hurry = overBudget();
        if (hurry && incumbent != Long.MAX_VALUE) {
          return best; // an earlier tie order already gave a plan: past the limit, stop
        }
        List<State> next = new ArrayList<>();
        for (State s : frontier) {
          long[] sizes = candidates(s);
          if (hurry) {
            sizes = new long[] {sizes[sizes.length - 1]};
          }
          for (long d : sizes) {
            State t = advance(s, d, seed);
            if (t == null) {
              continue;
            }
            if (t.done()) {
              Plan plan = retime(t);
              if (plan.makespan < bar) {
                bar = plan.makespan;
                best = plan;
              }
            } else {
              t.score = t.elapsed + remaining(t);
              if (t.score < bar) {
                next.add(t);
              }
            }
          }
          if (hurry) {
            break;
          }
        }
        next.sort(
            Comparator.comparingLong((State t) -> t.score)
                .thenComparingLong(t -> Arrays.stream(t.missing).asLongStream().sum()));
        frontier = new ArrayList<>(next.subList(0, Math.min(hurry ? 1 : BEAM, next.size())));
      }
      return best;
    }

    /**
     * The step durations to try from {@code s}: {@code beta + m tau} per cost class, {@code m} from
     * 1 to the most units one channel of an arc could usefully carry, thinned to {@link
     * #CANDIDATES}; ascending.
     */
    private long[] candidates(State s) {
      long most = 1;
      for (int a = 0; a < net.arcs(); a++) {
        int y = net.head(a);
        if (s.missing[y] == 0) {
          continue;
        }
        long[] x = s.has[net.tail(a)];
        long[] h = s.has[y];
        int avail = 0;
        for (int w = 0; w < words; w++) {
          avail += Long.bitCount(x[w] & ~h[w]);
        }
        work += words;
        int k = costs.channels(a);
        most = Math.max(most, (avail + k - 1) / k);
      }
      TreeSet<Long> ms = new TreeSet<>();
      if (most <= CANDIDATES) {
        for (long m = 1; m <= most; m++) {
          ms.add(m);
        }
      } else {
        for (long m = 1; m <= CANDIDATES / 2; m++) {
          ms.add(m);
        }
        int rest = CANDIDATES - CANDIDATES / 2;
        for (int i = 1; i <= rest; i++) {
          ms.add(CANDIDATES / 2 + (most - CANDIDATES / 2) * i / rest);
        }
      }
      TreeSet<Long> ds = new TreeSet<>();
      for (long[] c : costClasses) {
        for (long m : ms) {
          ds.add(Math.addExact(c[0], Math.multiplyExact(m, c[1])));
          if (c[1] == 0) {
            break;
          }
        }
      }
      long[] out = new long[ds.size()];
      int i = 0;
      for (long d : ds) {
        out[i++] = d;
      }
      return out;
    }

    /** Units one channel of arc {@code a} carries in a step of duration {@code d}. */
    private long perChannel(int a, long d) {
      long beta = costs.beta(a);
      long tau = costs.tau(a);
      if (d < beta) {
        return 0;
      }
      return tau == 0 ? Long.MAX_VALUE / 4 : (d - beta) / tau;
    }

    /**
     * The state after one step of duration at most {@code d} from {@code s}, or null if it delivers
     * nothing.
     */
    private State advance(State s, long d, int seed) {
      long[][] has = new long[p][];
      for (int v = 0; v < p; v++) {
        has[v] = s.has[v].clone();
      }
      work += (long) p * (words + 2) + units; // the copy of the state
      int[] holders = s.holders.clone();
      int[] missing = s.missing.clone();
      List<int[]> packets = new ArrayList<>();
      long duration = 0;
      for (int y = 0; y < p; y++) {
        if (s.missing[y] == 0) {
          continue;
        }
        int deg = net.inDegree(y);
        long[] cap = new long[deg];
        boolean any = false;
        for (int i = 0; i < deg; i++) {
          int a = net.inArc(y, i);
          long c = perChannel(a, d);
          cap[i] = c >= Long.MAX_VALUE / 8 ? Long.MAX_VALUE / 4 : c * costs.channels(a);
          any |= cap[i] > 0;
        }
        if (!any) {
          continue;
        }
        // the units y lacks that some in-neighbour with capacity holds, rarest first
        long[] mine = s.has[y];
        long[] offer = new long[words];
        for (int i = 0; i < deg; i++) {
          if (cap[i] > 0) {
            long[] x = s.has[net.tail(net.inArc(y, i))];
            for (int w = 0; w < words; w++) {
              offer[w] |= x[w] & ~mine[w];
            }
          }
        }
        int n = 0;
        for (int w = 0; w < words; w++) {
          n += Long.bitCount(offer[w]);
        }
        if (n == 0) {
          continue;
        }
        long[] order = new long[n];
        int j = 0;
        for (int w = 0; w < words; w++) {
          long bits = offer[w];
          while (bits != 0) {
            int u = (w << 6) + Long.numberOfTrailingZeros(bits);
            bits &= bits - 1;
            long tie = mix(seed, y, u) & 0xFFFFF;
            order[j++] = ((long) holders[u] << 42) | (tie << 22) | u;
          }
        }
        Arrays.sort(order);
        work += (long) n * deg;
        int[][] onArc = new int[deg][];
        int[] load = new int[deg];
        for (long key : order) {
          int u = (int) (key & ((1L << 22) - 1));
          boolean[] seen = new boolean[deg];
          place(s, y, u, cap, load, onArc, seen);
        }
        for (int i = 0; i < deg; i++) {
          if (load[i] == 0) {
            continue;
          }
          int a = net.inArc(y, i);
          int k = (int) Math.min(costs.channels(a), load[i]);
          int[] us = Arrays.copyOf(onArc[i], load[i]);
          Arrays.sort(us);
          int from = 0;
          for (int c = 0; c < k; c++) {
            int size = load[i] / k + (c < load[i] % k ? 1 : 0);
            int[] packet = new int[2 + size];
            packet[0] = a;
            packet[1] = c;
            for (int q = 0; q < size; q++) {
              int u = us[from + q];
              packet[2 + q] = u;
              has[y][u >>> 6] |= 1L << u;
              holders[u]++;
            }
            from += size;
            packets.add(packet);
            duration = Math.max(duration, costs.ticks(a, size));
          }
          missing[y] -= load[i];
        }
      }
      if (packets.isEmpty()) {
        return null;
      }
      return new State(has, holders, missing, s.elapsed + duration, new Step(packets, d, s.last));
    }

    /**
     * Places unit {@code u} on an in-arc of {@code y} whose tail holds it: one with room, else one
     * whose units can move to others by an augmenting path (Kuhn's). False if none.
     */
    private boolean place(
        State s, int y, int u, long[] cap, int[] load, int[][] onArc, boolean[] seen) {
      int deg = cap.length;
      int bestArc = -1;
      for (int i = 0; i < deg; i++) {
        if (seen[i] || cap[i] == 0 || !holds(s, net.tail(net.inArc(y, i)), u)) {
          continue;
        }
        if (load[i] < cap[i] && (bestArc < 0 || cap[i] - load[i] > cap[bestArc] - load[bestArc])) {
          bestArc = i;
        }
      }
      if (bestArc >= 0) {
        put(bestArc, u, load, onArc);
        return true;
      }
      for (int i = 0; i < deg; i++) {
        if (seen[i] || cap[i] == 0 || !holds(s, net.tail(net.inArc(y, i)), u)) {
          continue;
        }
        seen[i] = true;
        for (int q = 0; q < load[i]; q++) {
          int w = onArc[i][q];
          work += deg;
          if (place(s, y, w, cap, load, onArc, seen)) {
            // w moved elsewhere: u takes its slot on arc i
            onArc[i][q] = onArc[i][--load[i]];
            put(i, u, load, onArc);
            return true;
          }
        }
      }
      return false;
    }

    private static void put(int i, int u, int[] load, int[][] onArc) {
      if (onArc[i] == null) {
        onArc[i] = new int[8];
      } else if (load[i] == onArc[i].length) {
        onArc[i] = Arrays.copyOf(onArc[i], 2 * load[i]);
      }
      onArc[i][load[i]++] = u;
    }

    private static boolean holds(State s, int v, int u) {
      return (s.has[v][u >>> 6] & (1L << u)) != 0;
    }

    /**
     * A lower estimate of the time the rest takes: for each node, one step carrying its missing
     * units over all its in-channels at the least beta and tau, and one more hop if some missing
     * unit is held by none of its in-neighbours.
     */
    private long remaining(State s) {
      long most = 0;
      long beta = costs.minBeta();
      long tau = costs.minTau();
      for (int y = 0; y < p; y++) {
        if (s.missing[y] == 0) {
          continue;
        }
        long per = (s.missing[y] + inChannels[y] - 1) / Math.max(1, inChannels[y]);
        long t = beta + per * tau;
        long[] near = new long[words];
        for (int i = 0; i < net.inDegree(y); i++) {
          long[] x = s.has[net.tail(net.inArc(y, i))];
          for (int w = 0; w < words; w++) {
            near[w] |= x[w];
          }
        }
        work += (long) words * net.inDegree(y);
        long[] mine = s.has[y];
        for (int w = 0; w < words; w++) {
          long all = w == words - 1 && (units & 63) != 0 ? (1L << (units & 63)) - 1 : -1L;
          if ((~mine[w] & ~near[w] & all) != 0) {
            t += beta + tau;
            break;
          }
        }
        most = Math.max(most, t);
      }
      return most;
    }

    /** The plan ending in {@code s}, each packet as early as its channel and units allow. */
    private Plan retime(State s) {
      List<Step> steps = new ArrayList<>();
      for (Step st = s.last; st != null; st = st.previous()) {
        steps.add(0, st);
      }
      long[][] at = new long[p][units];
      work += (long) p * units;
      for (long[] row : at) {
        Arrays.fill(row, Long.MAX_VALUE);
      }
      int u0 = 0;
      for (Origin o : instance.origins()) {
        for (long k = 0; k < o.length(); k++, u0++) {
          at[o.node()][u0] = 0;
        }
      }
      long[][] channelFree = new long[net.arcs()][];
      List<long[]> out = new ArrayList<>();
      long makespan = 0;
      StringBuilder sizes = new StringBuilder();
      for (Step st : steps) {
        sizes.append(sizes.length() == 0 ? "" : " ").append(st.size());
        for (int[] packet : st.packets()) {
          int a = packet[0];
          int x = net.tail(a);
          int y = net.head(a);
          if (channelFree[a] == null) {
            channelFree[a] = new long[costs.channels(a)];
          }
          long t = channelFree[a][packet[1]];
          for (int q = 2; q < packet.length; q++) {
            t = Math.max(t, at[x][packet[q]]);
          }
          long end = t + costs.ticks(a, packet.length - 2);
          long[] row = new long[2 + packet.length];
          row[0] = x;
          row[1] = y;
          row[2] = t;
          row[3] = packet[1];
          for (int q = 2; q < packet.length; q++) {
            row[2 + q] = packet[q];
            at[y][packet[q]] = end;
          }
          channelFree[a][packet[1]] = end;
          makespan = Math.max(makespan, end);
          out.add(row);
        }
      }
      return new Plan(makespan, out, steps.size(), sizes.toString());
    }
  }

  /** A seeded hash of (seed, node, unit): the tie order among equally rare units. */
  private static long mix(int seed, int y, int u) {
    long z = (seed * 0x9E3779B97F4A7C15L) ^ ((long) y << 32) ^ u;
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }
}
