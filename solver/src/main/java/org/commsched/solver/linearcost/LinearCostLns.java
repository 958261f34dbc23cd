package org.commsched.solver.linearcost;

import com.google.ortools.sat.BoolVar;
import com.google.ortools.sat.CpModel;
import com.google.ortools.sat.CpSolver;
import com.google.ortools.sat.CpSolverStatus;
import com.google.ortools.sat.IntVar;
import com.google.ortools.sat.IntervalVar;
import com.google.ortools.sat.LinearExpr;
import com.google.ortools.sat.LinearExprBuilder;
import com.google.ortools.sat.Literal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.TreeSet;
import org.commsched.core.check.CheckReport;
import org.commsched.core.model.ArcCosts;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Family;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Network;
import org.commsched.core.model.Origin;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.model.Schedule;
import org.commsched.core.model.UnitPackets;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.MethodFacts;
import org.commsched.core.solve.Scope;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveRun;
import org.commsched.core.solve.SolveStatus;
import org.commsched.core.time.TimeScale;
import org.commsched.solver.cpsat.OrTools;
import org.commsched.solver.model.HintedSearch;

/**
 * {@code lns-linear-cost}: large-neighbourhood search for linear-cost broadcast and gossip under
 * all ports (F*, H*), with CP-SAT as the repair step
 * (docs/models/linear-cost.md#large-neighbourhood-search). The problem is that of D. B. Peters,
 * "Bounds for Communication Problems in Interconnection Networks under a Linear Cost Model" (PhD
 * thesis, Simon Fraser University, 1995); the search is this project's, after P. Shaw, "Using
 * Constraint Programming and Local Search Methods to Solve Vehicle Routing Problems" (CP 1998).
 *
 * <p><b>Start.</b> The run's incumbent (the portfolio's best heuristic schedule) or else the
 * shortest schedule of the given heuristics, reduced as in {@link LinearCostCp} (each unit reaches
 * each node once, at its earliest delivery). As registered, the method leaves the instances that
 * the exact step or slot model takes ({@link StepCp#whyNot}, {@link LinearCostCp#whyNot}) to {@code
 * cpsat}, which proves optima there; it takes the larger ones.
 *
 * <p><b>Repair model.</b> A delivery is a pair (node, unit) with the node needing the unit. A round
 * frees a set of deliveries; every other delivery keeps the packet that makes it. The packets of
 * the incumbent stay as packet slots with their fixed units (those of fixed deliveries), plus
 * {@value #EXTRA} empty slots per arc into a node with a free delivery; every slot's start is free.
 * A free delivery (v, u) chooses one slot into v (a Boolean per slot); a slot's size is its fixed
 * units plus the chosen ones, it is present when its size is positive, and it lasts {@code beta +
 * size tau} on its arc. Store and forward: a slot out of w starts no earlier than the arrival at w
 * of each unit it carries (the end of the slot that delivers it). The slots of an arc (half duplex:
 * of a link) do not overlap. Minimise {@code E W + sum of the free arrivals}, {@code E} the
 * makespan, {@code W} larger than any such sum: the makespan first, then the freed deliveries as
 * early as possible, which lets the search cross plateaus (a round that keeps the makespan is
 * accepted when that sum falls). The incumbent is a solution (complete hint), so no repair is
 * worse. Every solution is a schedule of the problem (the constraints are the validity rules V1 to
 * V10 of F* and H*), and each accepted one is checked by the independent checker before it replaces
 * the incumbent.
 *
 * <p><b>Neighbourhoods.</b> Drawn in turn: all deliveries of a few units (one of the latest to
 * arrive and the units travelling with it in its packets); the latest deliveries into a ball of
 * nodes round a node that receives late; the deliveries arriving in a random time window; the
 * latest deliveries overall, thinned at random. Each is cut at a budget of choice Booleans that
 * grows after a repair CP-SAT solved to optimality and shrinks after one that timed out.
 *
 * <p><b>Guarantee.</b> Never longer than its start (the best applicable heuristic's schedule);
 * OPTIMAL only when the makespan meets the run's best lower bound; FEASIBLE with that bound
 * otherwise. Reproducible: the neighbourhoods come from a random generator seeded with the run's
 * seed, and each repair is CP-SAT on one worker with a seed of its round and a deterministic-time
 * limit ({@value #REPAIR_DETERMINISTIC}), so a given number of rounds gives the same schedule at
 * any load; only the run's wall deadline (its outer stop) makes the number of rounds depend on the
 * machine.
 *
 * <p><b>Complexity.</b> Per round linear in the packets and the freed deliveries to build, plus one
 * CP-SAT solve over the packet starts and at most the budget of choice Booleans, of at most {@value
 * #REPAIR_DETERMINISTIC} deterministic seconds; the run lasts the time limit unless the bound is
 * met (it stops at once when its incumbent meets the run's best lower bound).
 *
 * @implNote Immutable; each {@link #solve} keeps its own state.
 */
public final class LinearCostLns implements Method {
  /** The method's name. */
  public static final String NAME = "lns-linear-cost";

  /** Scope: broadcast and gossip, all ports, either duplex. */
  public static final Scope SCOPE =
      Scope.of(ProblemKind.BROADCAST, ProblemKind.GOSSIP)
          .in(Family.LINEAR_COST)
          .ports(CommModel.Ports.ALL)
          .note("all ports; one channel per arc");

  static final MethodFacts FACTS =
      new MethodFacts(
          NAME,
          "linear-cost broadcast and gossip under all ports: the best heuristic schedule improved by "
              + "large-neighbourhood search, CP-SAT re-choosing the packets of freed deliveries and every start",
          "valid schedule never longer than its start (the best applicable heuristic's schedule); optimal when status OPTIMAL; gap to the best proven bound otherwise",
          LinearCostCp.PETERS
              + "; large-neighbourhood search: this project, after Shaw, \"Using Constraint Programming and "
              + "Local Search Methods to Solve Vehicle Routing Problems\" (CP 1998)",
          SCOPE,
          false);

  /** Empty packet slots added per arc into a node with a free delivery. */
  static final int EXTRA = 2;

  /** Choice Booleans of the first round's neighbourhood. */
  static final int START_BUDGET = 1500;

  /** Least and largest budget. */
  static final int MIN_BUDGET = 200;

  static final int MAX_BUDGET = 60_000;

  /**
   * CP-SAT's deterministic time a repair may take at most (one worker, a seed fixed per round): a
   * measure of work, not of the clock, so a given number of rounds gives the same schedule at any
   * load. The run's wall deadline stays the outer stop.
   */
  static final double REPAIR_DETERMINISTIC = 2.0;

  private static final boolean DEBUG = Boolean.getBoolean("commsched.lns.debug");

  private final List<Method> heuristics;
  private final boolean leaveToExact;

  /** Rounds a run makes at most (tests: a budget of work instead of a wall limit). */
  private final int maxRounds;

  /** Deterministic seconds per repair ({@link #REPAIR_DETERMINISTIC} as registered). */
  private final double repairDeterministic;

  /** The last instance whose deferral to the exact models was decided, and the answer. */
  private volatile Object[] lastDefer = {null, null};

  /**
   * The method as registered: it leaves the instances that the exact slot or step model takes to
   * {@code cpsat}, which proves optima there.
   *
   * @param heuristics the heuristics whose best schedule is the start (when the run holds none)
   */
  public LinearCostLns(List<Method> heuristics) {
    this(heuristics, true);
  }

  /** The method; {@code leaveToExact = false} also takes the small instances (tests). */
  LinearCostLns(List<Method> heuristics, boolean leaveToExact) {
    this(heuristics, leaveToExact, Integer.MAX_VALUE, REPAIR_DETERMINISTIC);
  }

  /**
   * The method with a cap on its rounds (tests): with the per-repair deterministic limit, the
   * result of a capped run depends only on the instance, the seed and the cap.
   */
  LinearCostLns(
      List<Method> heuristics, boolean leaveToExact, int maxRounds, double repairDeterministic) {
    this.heuristics = List.copyOf(heuristics);
    this.leaveToExact = leaveToExact;
    this.maxRounds = maxRounds;
    this.repairDeterministic = repairDeterministic;
  }

  @Override
  public MethodFacts facts() {
    return FACTS;
  }

  @Override
  public boolean improvesIncumbent() {
    return true;
  }

  @Override
  public boolean readsLinkCosts() {
    return true;
  }

  @Override
  public String whyNotFurther(Instance instance) {
    Network net = instance.network();
    if (net.hasChannels()) {
      for (int a = 0; a < net.arcs(); a++) {
        if (net.channels(a) != 1) {
          return NAME
              + " takes one channel per arc, and "
              + net.arcName(a)
              + " has "
              + net.channels(a)
              + ": use greedy-saf";
        }
      }
    }
    ArcCosts costs = instance.arcCosts();
    for (int a = 0; a < net.arcs(); a++) {
      if (costs.tau(a) <= 0 && costs.beta(a) <= 0) {
        return NAME
            + " needs packets of positive length, and "
            + net.arcName(a)
            + " has beta = tau = 0: use greedy-saf";
      }
    }
    if (leaveToExact && exactTakes(instance)) {
      return NAME
          + " leaves the instances that the exact step or slot model takes to cpsat, which proves"
          + " optima there: use cpsat";
    }
    return HintedSearch.whyNoStart(instance, heuristics, NAME, "linear-cost");
  }

  /**
   * Whether the exact step or slot model takes the instance, asked as {@code cpsat} asks it: the
   * slot model's guard with the same heuristics, so the best heuristic schedule it may run to count
   * the model's size is the one {@link LinearCostCp} keeps for {@code cpsat} (one run per instance
   * and list). The answer is kept for the last instance, which the portfolio asks several times.
   */
  boolean exactTakes(Instance instance) {
    Object[] last = lastDefer;
    if (last[0] instanceof java.lang.ref.WeakReference<?> w && w.get() == instance) {
      return (Boolean) last[1];
    }
    boolean takes =
        StepCp.whyNot(NAME, instance) == null
            || LinearCostCp.whyNot(NAME, instance, heuristics) == null;
    lastDefer = new Object[] {new java.lang.ref.WeakReference<>(instance), takes};
    return takes;
  }

  @Override
  public SolveResult solve(Instance instance, SolveLimits limits) {
    requireApplies(instance);
    long t0 = System.nanoTime();
    long deadline = t0 + limits.timeLimit().toNanos();
    SolveRun run = limits.run();
    LowerBound bound = run.bestBound(instance);
    SolveResult start = HintedSearch.shortest(instance, heuristics, "linear-cost", run);
    Map<String, Object> stats = new LinkedHashMap<>();
    stats.put("start", start.method() + " " + start.makespan());
    State st = new State(instance, (Schedule.Transmissions) start.schedule());
    Schedule.Transmissions best = st.transmissions();
    CheckReport first = run.check(instance, best);
    if (!first.valid()) { // the reduction is argued to keep validity; fall back if it did not
      best = (Schedule.Transmissions) start.schedule();
      LowerBound b = bound;
      stats.put("rounds", 0);
      return new SolveResult(
          NAME,
          outcomeStatus(b, start.makespan()),
          best,
          start.makespan(),
          b,
          instance.timeScale(),
          stats);
    }
    run.progress().incumbent(st.makespan);
    run.progress().bound(bound.value());
    Search search = new Search(st, limits, deadline, bound.value(), maxRounds, repairDeterministic);
    if (st.makespan > bound.value() && !run.stop().over(deadline)) {
      OrTools.load();
      search.run(run, instance);
    }
    best = search.best.transmissions();
    long makespan = search.best.makespan;
    stats.put("rounds", search.rounds);
    stats.put("improvements", search.improvements);
    stats.put("budget", search.budget);
    stats.put("gap", makespan - bound.value());
    return new SolveResult(
        NAME, outcomeStatus(bound, makespan), best, makespan, bound, instance.timeScale(), stats);
  }

  private static SolveStatus outcomeStatus(LowerBound bound, long makespan) {
    return bound.value() >= makespan ? SolveStatus.OPTIMAL : SolveStatus.FEASIBLE;
  }

  /** A packet: arc, start, units (global numbers, increasing). */
  record Packet(int arc, long start, int[] units) {}

  /** A reduced schedule: its packets and who delivers what. */
  static final class State {
    final Instance instance;
    final Network net;
    final ArcCosts costs;
    final int units;
    final int[] unitNode;
    final int[] unitOrigin;
    final long[] unitIndex;
    final int[] firstUnit;
    final List<Packet> packets;

    /** by[v][u]: the packet delivering u to v, -1 at its origin. */
    final int[][] by;

    final long makespan;
    final long sumEnds;

    State(Instance instance, Schedule.Transmissions s) {
      this(instance, null, s);
    }

    private State(Instance instance, State like, Object src) {
      this.instance = instance;
      this.net = instance.network();
      this.costs = instance.arcCosts();
      if (like != null) {
        units = like.units;
        unitNode = like.unitNode;
        unitOrigin = like.unitOrigin;
        unitIndex = like.unitIndex;
        firstUnit = like.firstUnit;
      } else {
        List<Origin> origins = instance.origins();
        firstUnit = new int[origins.size()];
        int total = 0;
        for (int i = 0; i < origins.size(); i++) {
          firstUnit[i] = total;
          total = Math.addExact(total, Math.toIntExact(origins.get(i).length()));
        }
        units = total;
        unitNode = new int[total];
        unitOrigin = new int[total];
        unitIndex = new long[total];
        for (int i = 0; i < origins.size(); i++) {
          for (int k = 0; k < origins.get(i).length(); k++) {
            unitNode[firstUnit[i] + k] = origins.get(i).node();
            unitOrigin[firstUnit[i] + k] = i;
            unitIndex[firstUnit[i] + k] = k;
          }
        }
      }
      @SuppressWarnings("unchecked")
      List<Packet> raw =
          src instanceof Schedule.Transmissions t ? packetsOf(t) : (List<Packet>) src;
      packets = reduce(raw);
      by = new int[net.nodes()][units];
      for (int[] row : by) {
        Arrays.fill(row, -1);
      }
      long ms = 0;
      long sum = 0;
      for (int i = 0; i < packets.size(); i++) {
        Packet p = packets.get(i);
        long end = end(p);
        ms = Math.max(ms, end);
        sum += end;
        for (int u : p.units()) {
          by[net.head(p.arc())][u] = i;
        }
      }
      makespan = ms;
      sumEnds = sum;
    }

    /** A state of the same instance from new packets. */
    State with(List<Packet> ps) {
      return new State(instance, this, ps);
    }

    long end(Packet p) {
      return p.start() + costs.ticks(p.arc(), p.units().length);
    }

    /** The arrival of u at v, 0 at its origin. */
    long arrival(int v, int u) {
      int p = by[v][u];
      return p < 0 ? 0 : end(packets.get(p));
    }

    boolean needs(int v, int u) {
      return unitNode[u] != v;
    }

    private List<Packet> packetsOf(Schedule.Transmissions s) {
      TimeScale scale = instance.timeScale();
      Map<List<Long>, TreeSet<Integer>> byKey =
          new TreeMap<>(
              Comparator.<List<Long>>comparingLong(x -> x.get(0)).thenComparingLong(x -> x.get(1)));
      for (UnitPackets.Record r : UnitPackets.records(instance, s)) {
        Schedule.Transmission t = r.transmission();
        int o = r.origin();
        long lo = r.first();
        long start = s.scale().rescale(t.start(), scale);
        var set =
            byKey.computeIfAbsent(
                List.of((long) net.arc(t.from(), t.to()), start), x -> new TreeSet<>());
        for (long k = lo; k < lo + t.size(); k++) {
          set.add(firstUnit[o] + (int) k);
        }
      }
      List<Packet> out = new ArrayList<>();
      for (var e : byKey.entrySet()) {
        out.add(
            new Packet(
                e.getKey().get(0).intValue(),
                e.getKey().get(1),
                e.getValue().stream().mapToInt(Integer::intValue).toArray()));
      }
      return out;
    }

    /**
     * Each unit reaches each node at most once (the earliest-ending delivery kept), never its
     * origin; emptied packets dropped. Packets only shrink at the same start, so validity stays.
     */
    private List<Packet> reduce(List<Packet> raw) {
      List<Packet> sorted = new ArrayList<>(raw);
      sorted.sort(Comparator.comparingLong(this::end).thenComparingLong(Packet::start));
      boolean[][] has = new boolean[net.nodes()][units];
      List<Packet> out = new ArrayList<>();
      for (Packet p : sorted) {
        int w = net.head(p.arc());
        int[] keep = new int[p.units().length];
        int k = 0;
        for (int u : p.units()) {
          if (unitNode[u] != w && !has[w][u]) {
            has[w][u] = true;
            keep[k++] = u;
          }
        }
        if (k > 0) {
          out.add(new Packet(p.arc(), p.start(), Arrays.copyOf(keep, k)));
        }
      }
      return out;
    }

    /** Records of the packets: one per run of consecutive units of one message. */
    Schedule.Transmissions transmissions() {
      List<Schedule.Transmission> out = new ArrayList<>();
      int[] number = new int[instance.origins().size()];
      for (Packet p : packets) {
        int[] us = p.units();
        for (int i = 0; i < us.length; ) {
          int j = i;
          while (j + 1 < us.length
              && unitOrigin[us[j + 1]] == unitOrigin[us[i]]
              && us[j + 1] == us[j] + 1) {
            j++;
          }
          int o = unitOrigin[us[i]];
          out.add(
              new Schedule.Transmission(
                  instance.origins().get(o).message(),
                  number[o]++,
                  j - i + 1,
                  net.tail(p.arc()),
                  net.head(p.arc()),
                  p.start(),
                  unitIndex[us[i]]));
          i = j + 1;
        }
      }
      out.sort(Comparator.comparingLong(Schedule.Transmission::start));
      return new Schedule.Transmissions(instance.timeScale(), out);
    }
  }

  /** The search loop: neighbourhoods, repairs, acceptance. */
  static final class Search {
    State best;
    final SolveLimits limits;
    final long deadline;
    final long floor;
    final SplittableRandom random;
    int rounds;
    int improvements;
    int budget = START_BUDGET;
    final int maxRounds;
    final double repairDeterministic;

    Search(
        State start,
        SolveLimits limits,
        long deadline,
        long floor,
        int maxRounds,
        double repairDeterministic) {
      this.repairDeterministic = repairDeterministic;
      this.best = start;
      this.limits = limits;
      this.deadline = deadline;
      this.floor = floor;
      this.maxRounds = maxRounds;
      this.random = new SplittableRandom(limits.seed());
    }

    void run(SolveRun run, Instance instance) {
      while (best.makespan > floor && rounds < maxRounds && !run.stop().over(deadline)) {
        long left = deadline - System.nanoTime();
        if (left < 50_000_000L) {
          break;
        }
        rounds++;
        int kind = rounds % 4;
        boolean[][] free = neighbourhood(kind);
        Repair r = new Repair(best, free, frozenBefore(free));
        State next =
            r.solve(limits, repairDeterministic, left / 1e9, floor, limits.seed() + rounds);
        if (DEBUG) {
          System.err.printf(
              "lns-lc %.1f s round %d kind %d budget %d xs %d: %s -> %s (%s, %.1f s, %.2f det)%n",
              (System.nanoTime() - deadline) / 1e9,
              rounds,
              kind,
              budget,
              r.choices,
              best.makespan + "/" + arrivals(best, free),
              next == null ? "none" : next.makespan + "/" + arrivals(next, free),
              r.outcome,
              r.seconds,
              r.deterministic);
        }
        if (r.optimal) {
          budget = Math.min(MAX_BUDGET, budget * 3 / 2);
        } else if (r.timedOut) {
          budget = Math.max(MIN_BUDGET, budget * 2 / 3);
        }
        if (next != null
            && (next.makespan < best.makespan
                || (next.makespan == best.makespan
                    && arrivals(next, free) < arrivals(best, free)))) {
          CheckReport check = run.check(instance, next.transmissions());
          if (check.valid()) {
            if (next.makespan < best.makespan) {
              improvements++;
              run.progress().incumbent(next.makespan);
            }
            best = next;
          } else if (DEBUG) {
            System.err.println("lns-lc rejected: " + check.violations().get(0));
          }
        }
      }
    }

    /**
     * The time before which packets keep their starts: the earliest start of a packet that makes a
     * freed delivery, less a random slack of up to two hops (zero when half the rounds draw it).
     */
    long frozenBefore(boolean[][] free) {
      State s = best;
      long lo = Long.MAX_VALUE;
      for (int v = 0; v < free.length; v++) {
        for (int u = 0; u < s.units; u++) {
          if (free[v][u]) {
            lo = Math.min(lo, s.packets.get(s.by[v][u]).start());
          }
        }
      }
      if (lo == Long.MAX_VALUE || random.nextInt(4) == 0) {
        return 0;
      }
      long hop = s.costs.minBeta() + s.costs.minTau();
      return Math.max(0, lo - random.nextLong(2 * hop + 1));
    }

    /** The sum of the arrivals of the freed deliveries in a state. */
    static long arrivals(State s, boolean[][] free) {
      long sum = 0;
      for (int v = 0; v < free.length; v++) {
        for (int u = 0; u < s.units; u++) {
          if (free[v][u]) {
            sum += s.arrival(v, u);
          }
        }
      }
      return sum;
    }

    /** The deliveries a round frees, by kind, cut at the budget. */
    boolean[][] neighbourhood(int kind) {
      State s = best;
      Network net = s.net;
      int n = net.nodes();
      int[] inPackets = new int[n];
      for (Packet p : s.packets) {
        inPackets[net.head(p.arc())]++;
      }
      boolean[][] free = new boolean[n][s.units];
      int[] used = {0};
      // deliveries as (v, u) sorted by arrival, latest first
      List<long[]> all = new ArrayList<>();
      for (int v = 0; v < n; v++) {
        for (int u = 0; u < s.units; u++) {
          if (s.needs(v, u)) {
            all.add(new long[] {s.arrival(v, u), v, u});
          }
        }
      }
      all.sort((a, b) -> Long.compare(b[0], a[0]));
      java.util.function.BiPredicate<Integer, Integer> add =
          (v, u) -> {
            if (free[v][u] || !s.needs(v, u)) {
              return true;
            }
            int cost = inPackets[v] + EXTRA * net.inDegree(v);
            if (used[0] + cost > budget && used[0] > 0) {
              return false;
            }
            free[v][u] = true;
            used[0] += cost;
            return true;
          };
      switch (kind) {
        case 0 -> { // units: a late one and its companions
          List<Integer> chosen = new ArrayList<>();
          int seed = (int) all.get(tournament(all.size()))[2];
          chosen.add(seed);
          Set<Integer> seen = new HashSet<>(chosen);
          for (int i = 0; i < chosen.size() && chosen.size() < s.units; i++) {
            int u = chosen.get(i);
            List<Integer> mates = new ArrayList<>();
            for (Packet p : s.packets) {
              if (Arrays.binarySearch(p.units(), u) >= 0) {
                for (int w : p.units()) {
                  if (!seen.contains(w)) {
                    mates.add(w);
                  }
                }
              }
            }
            if (mates.isEmpty() || random.nextInt(3) == 0) {
              mates.add(random.nextInt(s.units));
            }
            int w = mates.get(random.nextInt(mates.size()));
            if (seen.add(w)) {
              chosen.add(w);
            }
            if (chosen.size() > 64) {
              break;
            }
          }
          outer:
          for (int u : chosen) {
            for (int v = 0; v < n; v++) {
              if (!add.test(v, u)) {
                break outer;
              }
            }
          }
        }
        case 1 -> { // the latest deliveries into a ball round a late node
          int centre = (int) all.get(tournament(all.size()))[1];
          int radius = 1 + random.nextInt(2);
          for (long[] d : all) {
            int v = (int) d[1];
            if (net.distance(centre, v) <= radius && random.nextInt(4) != 0) {
              if (!add.test(v, (int) d[2])) {
                break;
              }
            }
          }
        }
        case 2 -> { // a time window
          long t2 = 1 + random.nextLong(Math.max(1, s.makespan));
          List<long[]> in = new ArrayList<>();
          for (long[] d : all) {
            if (d[0] <= t2) {
              in.add(d);
            }
          }
          for (long[] d : in) { // latest first below t2
            if (!add.test((int) d[1], (int) d[2])) {
              break;
            }
          }
        }
        default -> { // the latest overall, thinned
          for (long[] d : all) {
            if (random.nextInt(3) != 0 && !add.test((int) d[1], (int) d[2])) {
              break;
            }
          }
        }
      }
      return free;
    }

    /** A random index biased to the front (latest): the least of three draws. */
    int tournament(int size) {
      int k = random.nextInt(size);
      k = Math.min(k, random.nextInt(size));
      return Math.min(k, random.nextInt(size));
    }
  }

  /** One repair: the model of the class comment over a state and its freed deliveries. */
  static final class Repair {
    final State s;
    final boolean[][] free;
    int choices;
    boolean optimal;
    boolean timedOut;
    String outcome = "";
    double seconds;
    double deterministic;

    /** Packets ending by this time keep their starts and units. */
    final long frozenBefore;

    Repair(State s, boolean[][] free, long frozenBefore) {
      this.s = s;
      this.free = free;
      this.frozenBefore = frozenBefore;
    }

    /**
     * A repair's CP-SAT parameters: one worker, the seed, the deterministic time ({@link
     * #REPAIR_DETERMINISTIC} as registered), and the wall seconds left to the run as the outer
     * stop.
     */
    static com.google.ortools.sat.SatParameters.Builder parameters(
        com.google.ortools.sat.SatParameters.Builder p,
        double deterministic,
        double secondsLeft,
        long seed) {
      return p.setMaxDeterministicTime(deterministic)
          .setMaxTimeInSeconds(Math.max(0.0, secondsLeft))
          .setCatchSigintSignal(false) // Ctrl-C is the run's (its stop token)
          .setNumWorkers(1)
          .setRandomSeed((int) seed);
    }

    boolean frozen(int i) {
      return i < s.packets.size() && s.end(s.packets.get(i)) <= frozenBefore;
    }

    /**
     * The repair: CP-SAT on one worker with the given seed, stopped by {@link
     * #REPAIR_DETERMINISTIC} deterministic time (reproducible) or, as the outer stop, by the
     * seconds left to the run or the run's stop.
     */
    State solve(
        SolveLimits limits, double deterministic, double secondsLeft, long floor, long seed) {
      Network net = s.net;
      ArcCosts costs = s.costs;
      int n = net.nodes();
      long horizon = s.makespan;
      CpModel m = new CpModel();
      // slots: the packets (fixed units only), then the extras
      List<Integer> slotArc = new ArrayList<>();
      List<int[]> fixedUnits = new ArrayList<>();
      List<Long> hintStart = new ArrayList<>();
      for (Packet p : s.packets) {
        int w = net.head(p.arc());
        int[] keep = Arrays.stream(p.units()).filter(u -> !free[w][u]).toArray();
        slotArc.add(p.arc());
        fixedUnits.add(keep);
        hintStart.add(p.start());
      }
      boolean[] hasFree = new boolean[n];
      for (int v = 0; v < n; v++) {
        for (int u = 0; u < s.units; u++) {
          hasFree[v] |= free[v][u];
        }
      }
      for (int a = 0; a < net.arcs(); a++) {
        if (hasFree[net.head(a)]) {
          for (int k = 0; k < EXTRA; k++) {
            slotArc.add(a);
            fixedUnits.add(new int[0]);
            hintStart.add(-1L);
          }
        }
      }
      int slots = slotArc.size();
      IntVar[] start = new IntVar[slots];
      IntVar[] end = new IntVar[slots];
      Literal[] present = new Literal[slots];
      List<List<BoolVar>> xs = new ArrayList<>(); // per slot, its choice literals
      List<List<Integer>> xUnits = new ArrayList<>();
      List<List<Integer>> slotsInto = new ArrayList<>();
      for (int v = 0; v < n; v++) {
        slotsInto.add(new ArrayList<>());
      }
      for (int i = 0; i < slots; i++) {
        if (!frozen(i)) {
          slotsInto.get(net.head(slotArc.get(i))).add(i);
        }
        xs.add(new ArrayList<>());
        xUnits.add(new ArrayList<>());
      }
      // arrivals of free deliveries
      // insertion-ordered: the model's constraints come in the same order every time
      Map<Long, IntVar> arrive = new LinkedHashMap<>();
      Map<Long, BoolVar> choice = new LinkedHashMap<>(); // key slot * units + u
      for (int v = 0; v < n; v++) {
        for (int u = 0; u < s.units; u++) {
          if (!free[v][u]) {
            continue;
          }
          IntVar r = m.newIntVar(0, horizon, "r");
          arrive.put((long) v * s.units + u, r);
          List<Literal> one = new ArrayList<>();
          for (int i : slotsInto.get(v)) {
            BoolVar x = m.newBoolVar("x");
            xs.get(i).add(x);
            xUnits.get(i).add(u);
            one.add(x);
            choice.put((long) i * s.units + u, x);
            m.addHint(x, i == s.by[v][u]);
            choices++;
          }
          m.addExactlyOne(one.toArray(new Literal[0]));
          m.addHint(r, s.arrival(v, u));
        }
      }
      List<List<IntervalVar>> perResource = new ArrayList<>();
      boolean half = s.instance.storeAndForward().duplex() == CommModel.Duplex.HALF;
      for (int a = 0; a < net.arcs(); a++) {
        perResource.add(new ArrayList<>());
      }
      IntVar makespan = m.newIntVar(Math.max(0, Math.min(floor, horizon)), horizon, "E");
      for (int i = 0; i < slots; i++) {
        int a = slotArc.get(i);
        long beta = costs.beta(a);
        long tau = costs.tau(a);
        int fixed = fixedUnits.get(i).length;
        if (frozen(i)) { // its start, units and end are the incumbent's
          Packet p = s.packets.get(i);
          start[i] = m.newConstant(p.start());
          end[i] = m.newConstant(s.end(p));
          present[i] = m.trueLiteral();
          int res = half && net.reverse(a) >= 0 ? Math.min(a, net.reverse(a)) : a;
          perResource.get(res).add(m.newFixedInterval(p.start(), s.end(p) - p.start(), "f"));
          m.addGreaterOrEqual(makespan, end[i]);
          continue;
        }
        start[i] = m.newIntVar(0, horizon, "s");
        end[i] = m.newIntVar(0, horizon, "e");
        LinearExprBuilder dur = LinearExpr.newBuilder().add(tau * fixed);
        for (BoolVar x : xs.get(i)) {
          dur.addTerm(x, tau);
        }
        boolean hinted = hintStart.get(i) >= 0;
        if (fixed > 0) {
          present[i] = m.trueLiteral();
          dur.add(beta);
        } else if (xs.get(i).isEmpty()) {
          continue; // an emptied slot nobody may use: drop it
        } else {
          BoolVar p = m.newBoolVar("p");
          present[i] = p;
          dur.addTerm(p, beta);
          for (BoolVar x : xs.get(i)) {
            m.addImplication(x, p);
          }
          m.addBoolOr(xs.get(i).toArray(new Literal[0])).onlyEnforceIf(p);
          m.addEquality(start[i], 0).onlyEnforceIf(p.not());
          m.addHint(p, hinted);
        }
        IntVar d = m.newIntVar(0, horizon, "d"); // an interval's size must be one variable
        m.addEquality(d, dur.build());
        m.addHint(d, hinted ? s.end(s.packets.get(i)) - hintStart.get(i) : 0);
        IntervalVar iv =
            fixed > 0
                ? m.newIntervalVar(start[i], d, end[i], "i")
                : m.newOptionalIntervalVar(start[i], d, end[i], present[i], "i");
        int res = half && net.reverse(a) >= 0 ? Math.min(a, net.reverse(a)) : a;
        perResource.get(res).add(iv);
        m.addGreaterOrEqual(makespan, end[i]);
        long hs = hinted ? hintStart.get(i) : 0;
        m.addHint(start[i], hs);
        m.addHint(end[i], hinted ? s.end(s.packets.get(i)) : 0);
      }
      for (List<IntervalVar> ivs : perResource) {
        if (ivs.size() > 1) {
          m.addNoOverlap(ivs.toArray(new IntervalVar[0]));
        }
      }
      // store and forward
      Set<Long> done = new HashSet<>();
      for (int i = 0; i < slots; i++) {
        if (present[i] == null) {
          continue;
        }
        int w = net.tail(slotArc.get(i));
        for (int u : fixedUnits.get(i)) {
          if (s.unitNode[u] == w) {
            continue;
          }
          if (free[w][u]) {
            m.addGreaterOrEqual(start[i], arrive.get((long) w * s.units + u));
          } else {
            int q = s.by[w][u];
            if (done.add((long) i * slots + q)) {
              m.addGreaterOrEqual(start[i], end[q]);
            }
          }
        }
        List<BoolVar> x = xs.get(i);
        for (int k = 0; k < x.size(); k++) {
          int u = xUnits.get(i).get(k);
          if (s.unitNode[u] == w) {
            continue;
          }
          if (free[w][u]) {
            m.addGreaterOrEqual(start[i], arrive.get((long) w * s.units + u))
                .onlyEnforceIf(x.get(k));
          } else {
            m.addGreaterOrEqual(start[i], end[s.by[w][u]]).onlyEnforceIf(x.get(k));
          }
        }
      }
      // arrivals: a chosen slot ends by the arrival
      for (Map.Entry<Long, BoolVar> e : choice.entrySet()) {
        int i = (int) (e.getKey() / s.units);
        int u = (int) (e.getKey() % s.units);
        int v = net.head(slotArc.get(i));
        m.addGreaterOrEqual(arrive.get((long) v * s.units + u), end[i]).onlyEnforceIf(e.getValue());
      }
      long weight = (long) (arrive.size() + 1) * (horizon + 1);
      m.addHint(makespan, horizon);
      LinearExprBuilder objective = LinearExpr.newBuilder().addTerm(makespan, weight);
      for (IntVar r : arrive.values()) {
        objective.add(r);
      }
      m.minimize(objective.build());
      CpSolver solver = new CpSolver();
      parameters(solver.getParameters(), deterministic, secondsLeft, seed);
      CpSolverStatus status;
      try (var stop = limits.run().stop().onStop(solver::stopSearch)) {
        status = solver.solve(m);
      }
      outcome = status.toString();
      this.seconds = solver.wallTime();
      this.deterministic = solver.response().getDeterministicTime();
      optimal = status == CpSolverStatus.OPTIMAL;
      timedOut = !optimal;
      if (status != CpSolverStatus.OPTIMAL && status != CpSolverStatus.FEASIBLE) {
        return null;
      }
      List<Packet> out = new ArrayList<>();
      for (int i = 0; i < slots; i++) {
        if (present[i] == null || !solver.booleanValue(present[i])) {
          continue;
        }
        List<Integer> us = new ArrayList<>();
        for (int u : fixedUnits.get(i)) {
          us.add(u);
        }
        for (int k = 0; k < xs.get(i).size(); k++) {
          if (solver.booleanValue(xs.get(i).get(k))) {
            us.add(xUnits.get(i).get(k));
          }
        }
        if (us.isEmpty()) {
          continue;
        }
        int[] arr = us.stream().mapToInt(Integer::intValue).sorted().toArray();
        out.add(new Packet(slotArc.get(i), solver.value(start[i]), arr));
      }
      return s.with(out);
    }
  }
}
