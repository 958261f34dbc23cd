package org.commsched.solver.linearcost;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Family;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Network;
import org.commsched.core.model.Origin;
import org.commsched.core.model.Problem;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.model.Schedule;
import org.commsched.core.model.UnitPackets;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.Scope;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveRun;
import org.commsched.core.time.TimeScale;
import org.commsched.heuristics.baseline.Baselines;
import org.commsched.solver.model.HintedSearch;
import org.commsched.solver.model.TaskModel;

/**
 * The exact model of the linear-cost family (docs/models/linear-cost.md#exact-model): send,
 * broadcast and gossip with packet contents, routes and times chosen together, under F*, H*, F1 and
 * H1 (and one port as send-and-receive), built as a {@link TaskModel} for both back ends. The
 * problem is that of D. B. Peters, "Bounds for Communication Problems in Interconnection Networks
 * under a Linear Cost Model" (PhD thesis, Simon Fraser University, 1995): units may travel any
 * path, nodes repackage freely, a packet of {@code L} units lasts {@code beta + L tau}.
 *
 * <p><b>Model.</b> Units are (origin, index) pairs. Every arc {@code a} gets {@code K_a} packet
 * slots, numbered in order of start: a presence literal, a start, a size, and a membership literal
 * per unit that may cross {@code a}; the size counts the members and is positive exactly when the
 * slot is present; a present slot follows the previous one on its arc ({@code start >= previous
 * start + beta + size tau}, which is also V5). Every node {@code v} and unit {@code u} it does not
 * originate get an arrival time {@code r_vu}: a packet into {@code v} carrying {@code u} ends
 * exactly at {@code r_vu}, and a packet out of {@code v} carrying {@code u} starts at {@code r_vu}
 * or later (V4). A node that needs a unit receives it exactly once, any other node at most once,
 * and only if it holds it does it send it (in a send, a relay that receives a unit also forwards
 * it). The ports are one no-overlap per resource of the port model: none beyond the arcs for F*,
 * the two arcs of a link for H*, all arcs at a node for H1, for send-and-receive a node's outgoing
 * and its incoming arcs, and for F1 every choice of one arc per link at a node (so packets on two
 * different links at a node never overlap, while the two directions of one link may). Minimise the
 * makespan {@code E >= } every present slot's end.
 *
 * <p><b>Why it is exact (no schedule within the horizon is lost).</b> In any valid schedule, drop
 * every unit from every packet that brings it to a node which originated it or received it in a
 * packet that ended no later (keep one of ties), and (send only) every unit that reaches a relay
 * which never forwards it, and drop emptied packets: packets only shrink, so they end no later,
 * every remaining unit still arrives where it is needed and before it is sent on, and no port rule
 * can break; the makespan does not grow. In the result each unit reaches each node at most once,
 * which is what the model's counting assumes, so each arc carries at most as many packets as units
 * that may cross it; the packets of an arc run one after another, each at least {@code beta + tau}
 * long, from no earlier than the nearest origin's distance times {@code beta + tau}, so within the
 * horizon {@code H} an arc holds at most {@code K_a = min(units, floor((H - head_a) / (beta +
 * tau)))} packets. Symmetry: the units of one origin are interchangeable (every node needs all of
 * them or none), so they may be numbered by their arrival at one node that needs them all ({@code
 * r_vu <= r_v(u+1)}). Automorphisms (off by default; {@code -Dcommsched.slotSymmetry=true} switches
 * them on, {@link Symmetry}): for a broadcast or gossip, the network's automorphisms that fix the
 * problem ({@link NetworkSymmetry}: arcs, costs and message lengths kept, so a broadcast's source
 * stays put) are broken along a stabiliser chain, each level's node having the least sum of arrival
 * times of its orbit ({@code sum r_(v_i) <= sum r_w}); every schedule has an image under the group
 * that meets every level with the unit numbering above, so an optimum is kept (the proof is in
 * docs/models/linear-cost.md#symmetry-breaking). Nothing else is restricted, so OPTIMAL is a proof
 * for the problem.
 *
 * <p><b>Horizon, hint, floor.</b> The horizon is the makespan of the best schedule known before the
 * search (the run's incumbent, else the best of the given heuristics that apply, which the size
 * guard may already have run) after the reduction above and the symmetry's canonical form, which is
 * also the hint; the floor is the best bound of {@code core.bounds.LowerBounds}. When the hint
 * meets the floor no search runs. Ticks of the instance's time scale, integers throughout.
 *
 * <p><b>Size guard ({@link #whyNot}).</b> Up to {@link #MAX_UNIT_ARCS} units times arcs the model
 * is taken at once. Above, its real size is counted: the slots {@code K_a} above at {@code
 * greedy-saf}'s makespan and, if that is beyond the budget, at the best makespan of the hint's
 * heuristics (run by the guard, kept for the model built next), times the units that may cross each
 * arc; above {@link #MAX_LITERALS} membership literals the refusal says that size, whose makespan
 * it counted at, and what runs instead.
 *
 * @implNote Not thread-safe: {@link #model()} records the indices of its variables for {@link
 *     #schedule}.
 */
public final class LinearCostCp implements HintedSearch.Builder {
  /**
   * The source of the linear cost model, section 1.2 of the thesis: the one spelling the
   * linear-cost exact methods' citations ({@link #CITATION}, {@link StepCp#CITATION}) start with.
   */
  public static final String PETERS =
      "D. B. Peters, \"Bounds for Communication Problems in Interconnection Networks "
          + "under a Linear Cost Model\" (PhD thesis, Simon Fraser University, 1995): the linear cost model, section 1.2";

  /** Citation shared by the linear-cost exact methods. */
  public static final String CITATION = PETERS + "; CP model: this project";

  /** Guarantee shared by the linear-cost exact methods. */
  public static final String GUARANTEE =
      "optimal when status OPTIMAL (over every packetization, route and time); "
          + "best found and the solver's bound at the time limit";

  /** Scope shared by the linear-cost exact methods. */
  public static final Scope SCOPE =
      Scope.of(ProblemKind.SEND, ProblemKind.BROADCAST, ProblemKind.GOSSIP)
          .in(Family.LINEAR_COST)
          .note("small instances");

  /**
   * Units times arcs up to which the methods take an instance without counting: the model is small
   * whatever the horizon (at most this many membership literals per slot row). Above it {@link
   * #whyNot} counts the model's real size ({@link #MAX_LITERALS}).
   */
  public static final long MAX_UNIT_ARCS = 300;

  /**
   * Largest model the methods build: membership literals (per arc, its packet slots, bounded by the
   * horizon, times the units that may cross it), counted by {@link #whyNot} at {@code greedy-saf}'s
   * makespan, which bounds the horizon of every run whose heuristics include it. Set by measurement
   * (docs/models/linear-cost.md#size-limits): at this size the model builds in seconds and CP-SAT
   * improves on its hint within the default's minute on a loaded 2-core machine.
   */
  public static final long MAX_LITERALS = 6_000;

  /**
   * Above this many units times arcs {@link #whyNot} refuses without running {@code greedy-saf} to
   * count: even a horizon of one packet per unit and arc-hop leaves more than {@link
   * #MAX_LITERALS}.
   */
  public static final long MAX_UNIT_ARCS_COUNTED = 20_000;

  private final Instance instance;
  private final Network net;
  private final CommModel.StoreAndForward cm;

  /**
   * Each arc's beta, tau and channels in ticks (the model's on every arc of a network without
   * channels).
   */
  private final org.commsched.core.model.ArcCosts costs;

  /**
   * Per unit: its origin (index into instance.origins()), its index within the origin's message.
   */
  private final int[] unitOrigin;

  private final long[] unitIndex;

  /** Per origin: its first unit's global number. */
  private final int[] firstUnit;

  /** need[v][u]: node v must hold unit u at the end. */
  private final boolean[][] need;

  /** may[a][u]: unit u may cross arc a. */
  private final boolean[][] may;

  /**
   * Packet slots per arc: {@code perChannel[a]} for each of its channels, channel c holding slots
   * {@code c * perChannel[a] ..}.
   */
  private final int[] slots;

  /** Packet slots per channel of each arc. */
  private final int[] perChannel;

  /** The hint: per arc, its packets (start, units) in order of start. */
  private final List<List<Packet>> hintPackets;

  /** The best heuristic result (its method and makespan before the reduction). */
  public final SolveResult heuristic;

  /** The reduced hint schedule. */
  public final Schedule.Transmissions hint;

  /** The makespan of the reduced hint, in ticks: the horizon. */
  public final long horizon;

  /** The best lower bound of the instance, in ticks. */
  public final LowerBound bound;

  /**
   * The automorphisms the model breaks (docs/models/linear-cost.md#symmetry-breaking): null when
   * none is used.
   */
  private final NetworkSymmetry symmetry;

  /**
   * Which symmetry breaking the model posts: {@code AUTOMORPHISMS} breaks the network's
   * automorphisms that fix the problem; {@code NONE} (the default: measured, it never sped a proof
   * up, docs/BENCHMARKS.md) posts nothing; {@code WRONG_BARE_NETWORK} is deliberately wrong, for
   * tests only: it uses the automorphisms of the bare network, which may move a broadcast's source,
   * and so may cut every optimum.
   */
  enum Symmetry {
    NONE,
    AUTOMORPHISMS,
    WRONG_BARE_NETWORK;

    /** The system property that chooses the default breaking: {@code true} or {@code false}. */
    static final String PROPERTY = "commsched.slotSymmetry";

    /**
     * The breaking the system property {@value #PROPERTY} asks for: {@code false} gives {@code
     * NONE}, {@code true} {@code AUTOMORPHISMS}; unset, the default {@link #DEFAULT}.
     */
    static Symmetry configured() {
      return of(System.getProperty(PROPERTY));
    }

    /** The breaking a value of {@value #PROPERTY} asks for (null: the default). */
    static Symmetry of(String value) {
      if (value == null || value.isBlank()) {
        return DEFAULT;
      }
      return switch (value.trim().toLowerCase(java.util.Locale.ROOT)) {
        case "true" -> AUTOMORPHISMS;
        case "false" -> NONE;
        default ->
            throw new IllegalArgumentException(
                "-D" + PROPERTY + "=" + value + ": expected true or false");
      };
    }

    /** The default breaking (docs/models/linear-cost.md#symmetry-breaking). */
    static final Symmetry DEFAULT = NONE;
  }

  private int[][] startVar;
  private int[][] sizeVar;
  private int[][] presence;
  private int[][][] member;

  /**
   * The earliest start of each slot's start variable (its arc's head plus a hop per earlier slot).
   */
  private final Map<Integer, Long> lowest = new HashMap<>();

  /** Per arc: the earliest time its tail can hold a unit that may cross it. */
  private final long[] head;

  /** The arrival variable of node v and unit u, keyed {@code v * units + u}. */
  private final Map<Long, Integer> knowVar = new HashMap<>();

  /** A packet: its start, its units (global numbers, increasing) and its channel. */
  private record Packet(long start, int[] units, int channel) {
    Packet(long start, int[] units) {
      this(start, units, 0);
    }
  }

  /**
   * The exact model of the instance, its hint the best schedule of {@link Baselines#all()} that
   * applies.
   */
  public LinearCostCp(Instance instance) {
    this(instance, Baselines.all());
  }

  /**
   * The exact model of the instance, its hint the best schedule of the given heuristics that apply.
   */
  public LinearCostCp(Instance instance, List<Method> heuristics) {
    this(instance, heuristics, SolveLimits.defaults().run());
  }

  /**
   * The exact model of the instance in a solve run: its bounds are the run's, and its hint is
   * reduced from the run's incumbent when it has one, else from the best schedule of the given
   * heuristics ({@link HintedSearch#shortest}).
   */
  public LinearCostCp(Instance instance, List<Method> heuristics, SolveRun run) {
    this(instance, heuristics, run, true);
  }

  /**
   * As {@link #LinearCostCp(Instance, List, SolveRun)}; without {@code checkHint} the reduced hint
   * is not checked, for a caller that checks what it makes of it ({@link StepCp} replays it on its
   * grid and checks the replay).
   */
  LinearCostCp(Instance instance, List<Method> heuristics, SolveRun run, boolean checkHint) {
    this(instance, heuristics, run, checkHint, Symmetry.configured());
  }

  /**
   * As {@link #LinearCostCp(Instance, List, SolveRun, boolean)} with the given symmetry breaking
   * (tests compare the optimum with and without it, and with a deliberately wrong one).
   */
  LinearCostCp(
      Instance instance,
      List<Method> heuristics,
      SolveRun run,
      boolean checkHint,
      Symmetry symmetryMode) {
    this.instance = instance;
    this.net = instance.network();
    this.cm = instance.storeAndForward();
    costs = instance.arcCosts();
    List<Origin> origins = instance.origins();
    firstUnit = new int[origins.size()];
    int total = 0;
    for (int i = 0; i < origins.size(); i++) {
      firstUnit[i] = total;
      total = Math.addExact(total, Math.toIntExact(origins.get(i).length()));
    }
    unitOrigin = new int[total];
    unitIndex = new long[total];
    for (int i = 0; i < origins.size(); i++) {
      for (int k = 0; k < origins.get(i).length(); k++) {
        unitOrigin[firstUnit[i] + k] = i;
        unitIndex[firstUnit[i] + k] = k;
      }
    }
    int n = net.nodes();
    need = new boolean[n][total];
    Integer target = instance.problem() instanceof Problem.Send s ? s.target() : null;
    for (int v = 0; v < n; v++) {
      for (int u = 0; u < total; u++) {
        need[v][u] = target != null ? v == target && v != originNode(u) : v != originNode(u);
      }
    }
    may = new boolean[net.arcs()][total];
    for (int a = 0; a < net.arcs(); a++) {
      for (int u = 0; u < total; u++) {
        // never back to the origin; in a send nothing leaves the target (it is the only node that
        // needs units)
        may[a][u] = net.head(a) != originNode(u) && (target == null || net.tail(a) != target);
      }
    }
    SolveResult known = run.incumbent(instance) == null ? knownBest(instance, heuristics) : null;
    heuristic =
        known != null ? known : HintedSearch.shortest(instance, heuristics, "linear-cost", run);
    symmetry = symmetryOf(symmetryMode);
    hintPackets =
        canonical(channelled(reduce(packetsOf((Schedule.Transmissions) heuristic.schedule()))));
    hint = transmissions(hintPackets);
    // The one check of the hint, kept: the reduction makes a new schedule (units a node already has
    // or passes on to
    // nobody dropped, packets shortened at the same start), and the report of the heuristic's
    // schedule, even when it
    // travels with the run's incumbent, says nothing of it. That the reduction keeps validity (the
    // earliest receipt
    // of each unit is kept, and a shorter packet at the same start frees its ports earlier) is
    // argued, not held by a
    // property suite; an invalid hint would hand the model a horizon no valid schedule meets. The
    // check is small
    // beside the search (this model takes small instances only) and goes through the run, which
    // counts it; StepCp,
    // which checks its replay of the hint instead, skips it.
    if (checkHint) {
      var report = run.check(instance, hint);
      if (!report.valid()) {
        throw new IllegalStateException(
            "the reduced hint of " + heuristic.method() + " is invalid: " + report.violations());
      }
    }
    horizon = makespan(hint);
    bound = run.bestBound(instance);
    long[][] reach =
        new long[net.nodes()][]; // least cost of a unit from each node, each hop at its arc's cost
    for (int v = 0; v < net.nodes(); v++) {
      reach[v] = costs.distances(net, v, true);
    }
    slots = new int[net.arcs()];
    perChannel = new int[net.arcs()];
    head = new long[net.arcs()];
    for (int a = 0; a < net.arcs(); a++) {
      int units = 0;
      long head = Long.MAX_VALUE;
      for (int u = 0; u < total; u++) {
        if (may[a][u]) {
          units++;
          long d = reach[originNode(u)][net.tail(a)];
          if (d != Long.MAX_VALUE) {
            head = Math.min(head, d);
          }
        }
      }
      this.head[a] = head == Long.MAX_VALUE ? 0 : head;
      long k = units;
      long hop = costs.hop(a);
      if (hop > 0 && head != Long.MAX_VALUE) {
        k = Math.min(k, Math.max(0, (horizon - head) / hop));
      }
      int given = 0;
      int[] onChannel = new int[costs.channels(a)];
      for (Packet p : hintPackets.get(a)) {
        given = Math.max(given, ++onChannel[p.channel()]);
      }
      perChannel[a] = (int) Math.max(k, given);
      slots[a] = Math.multiplyExact(perChannel[a], costs.channels(a));
    }
  }

  /**
   * The packets of each arc given channels: in order of start, each on the lowest channel free at
   * its start (an arc of k channels carries at most k packets at once in a valid schedule, so k
   * channels suffice: interval colouring), then ordered by channel and start, the order of the
   * model's slots.
   */
  private List<List<Packet>> channelled(List<List<Packet>> packets) {
    List<List<Packet>> out = new ArrayList<>();
    for (int a = 0; a < packets.size(); a++) {
      long[] free = new long[costs.channels(a)];
      List<Packet> mine = new ArrayList<>();
      List<Packet> byStart = new ArrayList<>(packets.get(a));
      byStart.sort(Comparator.comparingLong(Packet::start));
      for (Packet p : byStart) {
        int c = 0;
        while (c < free.length - 1 && free[c] > p.start()) {
          c++;
        }
        free[c] = p.start() + costs.ticks(a, p.units().length);
        mine.add(new Packet(p.start(), p.units(), c));
      }
      mine.sort(Comparator.comparingInt(Packet::channel).thenComparingLong(Packet::start));
      out.add(mine);
    }
    return out;
  }

  /**
   * The automorphisms to break, or null: broadcast and gossip only (every node that is not an
   * origin of a unit needs it, so every arrival time is fixed by the schedule), at most one origin
   * per node; the group keeps each node's message length (a broadcast's source is the only node
   * with one, so it stays put) and each arc's costs and channels.
   */
  private NetworkSymmetry symmetryOf(Symmetry mode) {
    if (mode == Symmetry.NONE
        || !(instance.kind() == ProblemKind.BROADCAST || instance.kind() == ProblemKind.GOSSIP)) {
      return null;
    }
    long[] colour = new long[net.nodes()];
    for (Origin o : instance.origins()) {
      if (colour[o.node()] != 0) {
        return null; // two messages at one node: not mapped here
      }
      colour[o.node()] = mode == Symmetry.WRONG_BARE_NETWORK ? 0 : o.length() + 1;
    }
    NetworkSymmetry g = NetworkSymmetry.of(net, costs, colour);
    return g.chain().isEmpty() ? null : g;
  }

  /** The origin (index into instance.origins()) at each node, -1 where none. */
  private int[] originAt() {
    int[] at = new int[net.nodes()];
    Arrays.fill(at, -1);
    for (int i = 0; i < instance.origins().size(); i++) {
      at[instance.origins().get(i).node()] = i;
    }
    return at;
  }

  /**
   * The hint brought to the form the symmetry breaking keeps: the automorphism of {@link
   * NetworkSymmetry#canonical} applied to its nodes, arcs and units (a unit keeps its index and
   * takes the origin at the image of its origin's node), then each origin's units renumbered by
   * their arrival at the origin's reference node ({@link #reference}). Both maps keep a schedule
   * valid and its makespan.
   */
  private List<List<Packet>> canonical(List<List<Packet>> packets) {
    if (symmetry == null || unitOrigin.length == 0) {
      return packets;
    }
    int n = net.nodes();
    int[] at = originAt();
    long[] figure = arrivalSums(packets);
    int[] g = symmetry.canonical(figure);
    int[] unitMap = new int[unitOrigin.length];
    for (int u = 0; u < unitOrigin.length; u++) {
      int o = at[g[originNode(u)]];
      if (o < 0
          || instance.origins().get(o).length() != instance.origins().get(unitOrigin[u]).length()) {
        return packets; // the bare network's group of the wrong mode: the hint stays as it is
      }
      unitMap[u] = firstUnit[o] + (int) unitIndex[u];
    }
    List<List<Packet>> mapped = new ArrayList<>();
    for (int a = 0; a < net.arcs(); a++) {
      mapped.add(new ArrayList<>());
    }
    for (int a = 0; a < net.arcs(); a++) {
      int b = net.arc(g[net.tail(a)], g[net.head(a)]);
      for (Packet p : packets.get(a)) {
        int[] us = new int[p.units().length];
        for (int i = 0; i < us.length; i++) {
          us[i] = unitMap[p.units()[i]];
        }
        mapped.get(b).add(new Packet(p.start(), us, p.channel()));
      }
    }
    // renumber each origin's units by arrival at its reference node
    long[][] arrival = arrivals(mapped);
    int[] renumber = new int[unitOrigin.length];
    for (int u = 0; u < renumber.length; u++) {
      renumber[u] = u;
    }
    int[][] dist = distances();
    for (int o = 0; o < instance.origins().size(); o++) {
      int ref = reference(o, dist);
      int len = (int) instance.origins().get(o).length();
      if (ref < 0 || len < 2) {
        continue;
      }
      Integer[] byArrival = new Integer[len];
      for (int k = 0; k < len; k++) {
        byArrival[k] = firstUnit[o] + k;
      }
      long[] at0 = arrival[ref];
      Arrays.sort(byArrival, Comparator.comparingLong((Integer u) -> at0[u]));
      for (int k = 0; k < len; k++) {
        renumber[byArrival[k]] = firstUnit[o] + k;
      }
    }
    for (List<Packet> ps : mapped) {
      for (int i = 0; i < ps.size(); i++) {
        Packet p = ps.get(i);
        int[] us = new int[p.units().length];
        for (int k = 0; k < us.length; k++) {
          us[k] = renumber[p.units()[k]];
        }
        Arrays.sort(us);
        ps.set(i, new Packet(p.start(), us, p.channel()));
      }
      ps.sort(Comparator.comparingInt(Packet::channel).thenComparingLong(Packet::start));
    }
    return mapped;
  }

  /** Per node and unit, the end of the first packet that brings the unit there (-1: none). */
  private long[][] arrivals(List<List<Packet>> packets) {
    long[][] arrival = new long[net.nodes()][unitOrigin.length];
    for (long[] row : arrival) {
      Arrays.fill(row, -1);
    }
    for (int a = 0; a < net.arcs(); a++) {
      for (Packet p : packets.get(a)) {
        long end = p.start() + costs.ticks(a, p.units().length);
        for (int u : p.units()) {
          long[] row = arrival[net.head(a)];
          row[u] = row[u] < 0 ? end : Math.min(row[u], end);
        }
      }
    }
    return arrival;
  }

  /** Per node, the sum of the arrival times of the units it does not originate (the figure). */
  private long[] arrivalSums(List<List<Packet>> packets) {
    long[][] arrival = arrivals(packets);
    long[] out = new long[net.nodes()];
    for (int v = 0; v < out.length; v++) {
      for (int u = 0; u < unitOrigin.length; u++) {
        if (originNode(u) != v) {
          out[v] += Math.max(0, arrival[v][u]);
        }
      }
    }
    return out;
  }

  /**
   * The node at which origin {@code o}'s units are numbered by arrival: the farthest (in hops) from
   * the origin of those that need all of them, the lowest of ties; -1 if none.
   */
  private int reference(int o, int[][] dist) {
    int src = instance.origins().get(o).node();
    int ref = -1;
    for (int v = 0; v < net.nodes(); v++) {
      if (needsAll(v, o) && (ref < 0 || dist[src][v] > dist[src][ref])) {
        ref = v;
      }
    }
    return ref;
  }

  /**
   * The best schedule known before the search, for the guard and the hint: the shortest of the
   * given heuristics' (each run once per instance and list; the guard's run is kept for the model
   * built next).
   */
  static SolveResult knownBest(Instance instance, List<Method> heuristics) {
    Object[] last = lastBest;
    if (last[0] instanceof java.lang.ref.WeakReference<?> w
        && w.get() == instance
        && heuristics.equals(last[1])) {
      return (SolveResult) last[2];
    }
    return null;
  }

  private static SolveResult runBest(Instance instance, List<Method> heuristics) {
    SolveResult known = knownBest(instance, heuristics);
    if (known != null) {
      return known;
    }
    SolveResult best;
    try {
      best = HintedSearch.shortest(instance, heuristics, "linear-cost");
    } catch (IllegalArgumentException e) {
      return null;
    }
    lastBest =
        new Object[] {new java.lang.ref.WeakReference<>(instance), List.copyOf(heuristics), best};
    return best;
  }

  /** The last instance and heuristics {@link #runBest} ran, and the best result. */
  private static volatile Object[] lastBest = {null, null, null};

  /** Null if the exact model takes the instance, else why not (with what to use instead). */
  public static String whyNot(String method, Instance instance) {
    return whyNot(method, instance, Baselines.all());
  }

  /**
   * Null if the exact model takes the instance when its hint comes from the given heuristics, else
   * why not (with what to use instead). Above {@link #MAX_UNIT_ARCS} the size is counted at {@code
   * greedy-saf}'s makespan first and, if that is beyond {@link #MAX_LITERALS}, at the best makespan
   * of the heuristics (run here once; the model built next starts from that schedule).
   */
  public static String whyNot(String method, Instance instance, List<Method> heuristics) {
    Network net = instance.network();
    long unitArcs = 0;
    try {
      for (Origin o : instance.origins()) {
        unitArcs = Math.addExact(unitArcs, Math.multiplyExact(o.length(), net.arcs()));
      }
    } catch (ArithmeticException e) {
      unitArcs = Long.MAX_VALUE;
    }
    if (net.hasChannels()) { // each channel of an arc has its own packet slots
      long channels = 0;
      for (int a = 0; a < net.arcs(); a++) {
        channels += net.channels(a);
        int r = net.reverse(a);
        if (r >= 0
            && instance.storeAndForward().duplex() == CommModel.Duplex.HALF
            && net.channels(a) != net.channels(r)) {
          return method
              + " takes a half-duplex link only with one channel count for both directions, and "
              + net.arcName(a)
              + " has "
              + net.channels(a)
              + " but "
              + net.arcName(r)
              + " "
              + net.channels(r)
              + ": write the link once with its count, or use greedy-saf";
        }
      }
      unitArcs =
          unitArcs == Long.MAX_VALUE
              ? unitArcs
              : Math.multiplyExact(unitArcs / Math.max(1, net.arcs()), channels);
    }
    if (unitArcs <= MAX_UNIT_ARCS) {
      return null;
    }
    String instead = instead(instance);
    if (unitArcs > MAX_UNIT_ARCS_COUNTED) {
      return method
          + " builds the exact linear-cost model only up to "
          + MAX_LITERALS
          + " membership literals, and counts them only up to "
          + MAX_UNIT_ARCS_COUNTED
          + " units times arcs (here "
          + (unitArcs == Long.MAX_VALUE ? "beyond 2^63" : unitArcs)
          + "): use "
          + instead;
    }
    Size size = size(instance);
    if (size == null) {
      return null; // no greedy-saf schedule: the method's own start check says why
    }
    String by = "greedy-saf";
    if (size.literals() > MAX_LITERALS) {
      SolveResult best = runBest(instance, heuristics);
      if (best != null && best.schedule() instanceof Schedule.Transmissions s) {
        long h = makespan(instance, s);
        if (h < size.horizon()) {
          size = size(instance, h);
          by = best.method();
        }
      }
    }
    if (size.literals() > MAX_LITERALS) {
      return method
          + " builds the exact linear-cost model only up to "
          + MAX_LITERALS
          + " membership literals (packet slots per arc bounded by the best heuristic makespan "
          + size.horizon()
          + ", "
          + by
          + "'s, times the units that may cross the arc; here "
          + size.slots()
          + " slots, "
          + size.literals()
          + " literals): use "
          + instead;
    }
    return null;
  }

  /** What runs where the slot model refuses by size. */
  private static String instead(Instance instance) {
    return instance.kind() == ProblemKind.BROADCAST
            && instance.storeAndForward().ports() == CommModel.Ports.ALL
        ? "cpsat-ranges (the broadcast in packets of unit ranges; a proof only by the bound),"
            + " which cpsat runs, or greedy-saf"
        : "greedy-saf, or the default solve (every applicable heuristic)";
  }

  /**
   * The slot model's size at a horizon: its packet slots and membership literals, and the horizon.
   */
  public record Size(long horizon, long slots, long literals) {}

  /** The last instance {@link #size(Instance)} counted and its size (whyNot asks several times). */
  private static volatile Object[] lastSize = {null, null};

  /**
   * The model's size at {@code greedy-saf}'s makespan (an upper bound on the size of every model
   * built in a run whose heuristics include it: the horizon is the shortest schedule's), or null if
   * {@code greedy-saf} gives no schedule.
   */
  public static Size size(Instance instance) {
    Object[] last = lastSize;
    if (last[0] instanceof java.lang.ref.WeakReference<?> w && w.get() == instance) {
      return (Size) last[1];
    }
    Method greedy =
        Baselines.all().stream()
            .filter(m -> m.name().equals("greedy-saf"))
            .findFirst()
            .orElse(null);
    Size out = null;
    if (greedy != null && greedy.whyNot(instance) == null) {
      SolveResult r = greedy.solve(instance, SolveLimits.defaults());
      if (r.schedule() instanceof Schedule.Transmissions s) {
        out = size(instance, makespan(instance, s));
      }
    }
    lastSize = new Object[] {new java.lang.ref.WeakReference<>(instance), out};
    return out;
  }

  /**
   * The model's size at horizon {@code h}: per arc and channel {@code min(units, floor((h - head) /
   * (beta + tau)))} slots (the class comment's count), each with a membership literal per unit that
   * may cross the arc.
   */
  public static Size size(Instance instance, long h) {
    Network net = instance.network();
    org.commsched.core.model.ArcCosts costs = instance.arcCosts();
    Integer target = instance.problem() instanceof Problem.Send s ? s.target() : null;
    long[][] reach = new long[net.nodes()][];
    long slots = 0;
    long literals = 0;
    for (int a = 0; a < net.arcs(); a++) {
      long units = 0;
      long head = Long.MAX_VALUE;
      for (Origin o : instance.origins()) {
        if (net.head(a) == o.node() || (target != null && net.tail(a) == target)) {
          continue;
        }
        units += o.length();
        if (reach[o.node()] == null) {
          reach[o.node()] = costs.distances(net, o.node(), true);
        }
        long d = reach[o.node()][net.tail(a)];
        if (d != Long.MAX_VALUE && o.length() > 0) {
          head = Math.min(head, d);
        }
      }
      long k = units;
      long hop = costs.hop(a);
      if (hop > 0 && head != Long.MAX_VALUE) {
        k = Math.min(k, Math.max(0, (h - head) / hop));
      }
      long arcSlots = k * costs.channels(a);
      slots += arcSlots;
      literals = Math.addExact(literals, Math.multiplyExact(arcSlots, units));
    }
    return new Size(h, slots, literals);
  }

  /** This model's size: its horizon, packet slots and membership literals. */
  public Size size() {
    long s = 0;
    long lits = 0;
    for (int a = 0; a < net.arcs(); a++) {
      int units = 0;
      for (boolean m : may[a]) {
        units += m ? 1 : 0;
      }
      s += slots[a];
      lits += (long) slots[a] * units;
    }
    return new Size(horizon, s, lits);
  }

  private int originNode(int u) {
    return instance.origins().get(unitOrigin[u]).node();
  }

  /** Hop distances between all nodes along arcs (-1: unreachable). */
  private int[][] distances() {
    int[][] d = new int[net.nodes()][];
    for (int s = 0; s < d.length; s++) {
      d[s] = net.distancesFrom(s);
    }
    return d;
  }

  /** Packet slots per arc. */
  public int[] slots() {
    return slots.clone();
  }

  /** The model for a back end (see the class comment), the floor posted, the hint attached. */
  @Override
  public TaskModel model() {
    return model(Math.min(bound.value(), horizon));
  }

  /**
   * The same model with no floor posted (makespan in {@code [0, horizon]}): what a test uses to
   * check the lower bounds against the optimum the model proves on its own.
   */
  public TaskModel modelWithoutFloor() {
    return model(0);
  }

  private TaskModel model(long floor) {
    int arcs = net.arcs();
    int units = unitOrigin.length;
    int n = net.nodes();
    TaskModel out = new TaskModel(floor, horizon);
    knowVar.clear();
    lowest.clear();
    startVar = new int[arcs][];
    sizeVar = new int[arcs][];
    presence = new int[arcs][];
    member = new int[arcs][][];
    long[][] arrival = new long[n][units];
    for (long[] row : arrival) {
      Arrays.fill(row, -1);
    }
    for (int a = 0; a < arcs; a++) {
      for (Packet p : hintPackets.get(a)) {
        for (int u : p.units()) {
          arrival[net.head(a)][u] = p.start() + costs.ticks(a, p.units().length);
        }
      }
    }
    Map<Integer, List<TaskModel.Task>> byArc = new LinkedHashMap<>();
    List<List<TaskModel.Task>> byChannel = new ArrayList<>(); // the tasks of one channel of one arc
    for (int a = 0; a < arcs; a++) {
      int k = slots[a];
      long beta = costs.beta(a);
      long tau = costs.tau(a);
      long hop = costs.hop(a);
      int per = perChannel[a];
      Packet[] given = new Packet[k];
      int[] onChannel = new int[costs.channels(a)];
      for (Packet p : hintPackets.get(a)) {
        given[p.channel() * per + onChannel[p.channel()]++] = p;
      }
      int allowed = 0;
      for (int u = 0; u < units; u++) {
        allowed += may[a][u] ? 1 : 0;
      }
      startVar[a] = new int[k];
      sizeVar[a] = new int[k];
      presence[a] = new int[k];
      member[a] = new int[k][units];
      List<TaskModel.Task> tasks = new ArrayList<>();
      for (int j = 0; j < k; j++) {
        Packet h = given[j];
        int i = j % per; // the slot's place on its channel
        if (i == 0) {
          byChannel.add(new ArrayList<>());
        }
        String name = a + "_" + j;
        // a present slot starts after the earlier slots of its channel, each at least a hop, from
        // the arc's head on
        long hi = Math.max(0, horizon - hop);
        long lo = Math.min(hi, head[a] + i * hop);
        startVar[a][j] = out.var("x" + name, lo, hi, h == null ? lo : h.start());
        lowest.put(startVar[a][j], lo);
        sizeVar[a][j] = out.var("s" + name, 0, allowed, h == null ? 0 : h.units().length);
        presence[a][j] = out.literal("p" + name, h != null);
        out.positiveIff(sizeVar[a][j], presence[a][j]);
        boolean[] in = new boolean[units];
        if (h != null) {
          for (int u : h.units()) {
            in[u] = true;
          }
        }
        List<Integer> lits = new ArrayList<>();
        for (int u = 0; u < units; u++) {
          member[a][j][u] = may[a][u] ? out.literal("m" + name + "_" + u, in[u]) : -1;
          if (member[a][j][u] >= 0) {
            lits.add(member[a][j][u]);
            out.implies(member[a][j][u], presence[a][j]);
          }
        }
        out.count(sizeVar[a][j], lits.stream().mapToInt(Integer::intValue).toArray());
        out.end(startVar[a][j], beta, presence[a][j], sizeVar[a][j], tau);
        if (i > 0) {
          out.implies(presence[a][j], presence[a][j - 1]);
          out.precedenceIf(
              presence[a][j], startVar[a][j], startVar[a][j - 1], beta, sizeVar[a][j - 1], tau);
        } else if (j
            > 0) { // the channels are alike: a channel is used only if the one before it is
          out.implies(presence[a][j], presence[a][j - per]);
        }
        TaskModel.Task task =
            new TaskModel.Task(startVar[a][j], 0, beta, presence[a][j], sizeVar[a][j], tau);
        tasks.add(task);
        byChannel.get(byChannel.size() - 1).add(task);
      }
      byArc.put(a, tasks);
    }
    // arrivals (V4, V10)
    for (int v = 0; v < n; v++) {
      for (int u = 0; u < units; u++) {
        if (originNode(u) == v) {
          continue;
        }
        List<Integer> ins = new ArrayList<>();
        List<int[]> inSlots = new ArrayList<>();
        for (int i = 0; i < net.inDegree(v); i++) {
          int b = net.inArc(v, i);
          for (int j = 0; j < slots[b]; j++) {
            if (member[b][j][u] >= 0) {
              ins.add(member[b][j][u]);
              inSlots.add(new int[] {b, j});
            }
          }
        }
        List<int[]> outSlots = new ArrayList<>();
        List<Integer> outs = new ArrayList<>();
        for (int i = 0; i < net.outDegree(v); i++) {
          int a = net.outArc(v, i);
          for (int j = 0; j < slots[a]; j++) {
            if (member[a][j][u] >= 0) {
              outs.add(member[a][j][u]);
              outSlots.add(new int[] {a, j});
            }
          }
        }
        int[] inLits = ins.stream().mapToInt(Integer::intValue).toArray();
        if (need[v][u]) {
          out.exactlyOne(inLits);
        } else {
          if (inLits.length > 1) {
            out.atMostOne(inLits);
          }
          int[] outLits = outs.stream().mapToInt(Integer::intValue).toArray();
          for (int m : inLits) {
            out.implies(m, outLits); // a relay that receives a unit forwards it (send)
          }
          for (int m : outLits) {
            out.implies(m, inLits); // it sends only what it received
          }
        }
        if (ins.isEmpty()) {
          continue;
        }
        long given = arrival[v][u];
        int r = out.var("r" + v + "_" + u, 0, horizon, Math.max(0, given));
        for (int[] s : inSlots) {
          int m = member[s[0]][s[1]][u];
          long beta = costs.beta(s[0]);
          long tau = costs.tau(s[0]);
          out.precedenceIf(m, r, startVar[s[0]][s[1]], beta, sizeVar[s[0]][s[1]], tau);
          out.precedenceIf(m, startVar[s[0]][s[1]], r, -beta, sizeVar[s[0]][s[1]], -tau);
        }
        for (int[] s : outSlots) {
          out.precedenceIf(member[s[0]][s[1]][u], startVar[s[0]][s[1]], r, 0, -1, 0);
        }
        knowVar.put((long) v * units + u, r);
      }
    }
    // symmetry: the units of one origin arrive in index order at one node that needs them all
    int[][] dist = distances();
    for (int o = 0; o < instance.origins().size(); o++) {
      int ref = reference(o, dist);
      long len = instance.origins().get(o).length();
      for (int k = 1; ref >= 0 && k < len; k++) {
        Integer prev = knowVar.get((long) ref * units + firstUnit[o] + k - 1);
        Integer next = knowVar.get((long) ref * units + firstUnit[o] + k);
        if (prev != null && next != null) {
          out.precedence(next, prev, 0);
        }
      }
    }
    // the network's automorphisms that fix the problem: per level of the stabiliser chain, the
    // level's node has the least sum of arrival times of its orbit (docs/models/linear-cost.md
    // #symmetry-breaking)
    if (symmetry != null) {
      for (NetworkSymmetry.Level level : symmetry.chain()) {
        int[] mine = arrivalVars(level.node());
        for (int w : level.orbit()) {
          if (w != level.node()) {
            out.sumAtMost(mine, arrivalVars(w));
          }
        }
      }
    }
    // search order for back ends that take one: contents slot by slot (earlier slots first, a unit
    // left out
    // first), then starts (each at its earliest)
    List<Integer> lits = new ArrayList<>();
    List<Integer> starts = new ArrayList<>();
    int most = Arrays.stream(slots).max().orElse(0);
    for (int j = 0; j < most; j++) {
      for (int a = 0; a < arcs; a++) {
        if (j < slots[a]) {
          starts.add(startVar[a][j]);
          for (int u = 0; u < units; u++) {
            if (member[a][j][u] >= 0) {
              lits.add(member[a][j][u]);
            }
          }
        }
      }
    }
    out.branchingLiterals(lits.stream().mapToInt(Integer::intValue).toArray(), false);
    out.branching(starts.stream().mapToInt(Integer::intValue).toArray(), true);
    for (List<TaskModel.Task> r : resources(byArc, byChannel)) {
      if (r.size() >= 2) {
        out.resource(r);
        work(out, r);
      }
    }
    for (List<TaskModel.Task> channel :
        byChannel) { // whatever the ports, one channel's packets run one at a time
      work(out, channel);
    }
    return out;
  }

  /**
   * The resource's work bound: its packets run one at a time and none starts before the earliest
   * start of its arcs' slots, so {@code E >= that start + beta (present slots) + tau (their
   * units)}.
   */
  private void work(TaskModel out, List<TaskModel.Task> tasks) {
    if (tasks.isEmpty()) {
      return;
    }
    long head = Long.MAX_VALUE;
    long beta =
        Long.MAX_VALUE; // the least of the tasks' arcs (every arc's, on a network without own
    // costs)
    long tau = Long.MAX_VALUE;
    int[] sizes = new int[tasks.size()];
    int[] present = new int[tasks.size()];
    for (int i = 0; i < tasks.size(); i++) {
      head = Math.min(head, lowest.get(tasks.get(i).var()));
      beta = Math.min(beta, tasks.get(i).duration());
      tau = Math.min(tau, tasks.get(i).perUnit());
      sizes[i] = tasks.get(i).lengthVar();
      present[i] = tasks.get(i).presence();
    }
    out.endWork(head, sizes, tau, present, beta);
  }

  /** The arrival variables of node v (after {@link #model()} filled them). */
  private int[] arrivalVars(int v) {
    int units = unitOrigin.length;
    List<Integer> out = new ArrayList<>();
    for (int u = 0; u < units; u++) {
      Integer r = knowVar.get((long) v * units + u);
      if (r != null) {
        out.add(r);
      }
    }
    return out.stream().mapToInt(Integer::intValue).toArray();
  }

  /** The automorphisms the model breaks (their stabiliser chain), or null if none. */
  public NetworkSymmetry symmetry() {
    return symmetry;
  }

  private boolean needsAll(int v, int origin) {
    for (int k = 0; k < instance.origins().get(origin).length(); k++) {
      if (!need[v][firstUnit[origin] + k]) {
        return false;
      }
    }
    return instance.origins().get(origin).length() > 0;
  }

  /**
   * The no-overlap resources of the port model (the channels' own order is already in the slot
   * precedences; a half-duplex link of k channels is k resources, channel c of each direction).
   */
  private List<List<TaskModel.Task>> resources(
      Map<Integer, List<TaskModel.Task>> byArc, List<List<TaskModel.Task>> byChannel) {
    List<List<TaskModel.Task>> out = new ArrayList<>();
    boolean half = cm.duplex() == CommModel.Duplex.HALF;
    boolean one = cm.ports() == CommModel.Ports.ONE;
    int n = net.nodes();
    if (!one) {
      if (half) {
        links(byArc, byChannel, out);
      }
      return out;
    }
    if (cm.onePort() == CommModel.OnePortRule.SEND_AND_RECEIVE) {
      for (int v = 0; v < n; v++) {
        List<TaskModel.Task> send = new ArrayList<>();
        List<TaskModel.Task> recv = new ArrayList<>();
        for (int i = 0; i < net.outDegree(v); i++) {
          send.addAll(byArc.get(net.outArc(v, i)));
        }
        for (int i = 0; i < net.inDegree(v); i++) {
          recv.addAll(byArc.get(net.inArc(v, i)));
        }
        out.add(send);
        out.add(recv);
      }
      if (half) {
        links(byArc, byChannel, out);
      }
      return out;
    }
    for (int v = 0; v < n; v++) {
      // the links at v, each as the list of its arcs at v (one or two)
      Map<Integer, List<Integer>> links = new TreeMap<>();
      for (int i = 0; i < net.outDegree(v); i++) {
        int a = net.outArc(v, i);
        links.computeIfAbsent(net.edge(a), x -> new ArrayList<>()).add(a);
      }
      for (int i = 0; i < net.inDegree(v); i++) {
        int a = net.inArc(v, i);
        links.computeIfAbsent(net.edge(a), x -> new ArrayList<>()).add(a);
      }
      List<List<Integer>> ls = new ArrayList<>(links.values());
      if (half) {
        List<TaskModel.Task> all = new ArrayList<>();
        for (List<Integer> l : ls) {
          for (int a : l) {
            all.addAll(byArc.get(a));
          }
        }
        out.add(all);
      } else if (ls.size() <= 3) {
        choices(ls, 0, new ArrayList<>(), byArc, out); // one arc per link, every choice
      } else {
        for (int x = 0; x < ls.size(); x++) {
          for (int y = x + 1; y < ls.size(); y++) {
            choices(List.of(ls.get(x), ls.get(y)), 0, new ArrayList<>(), byArc, out);
          }
        }
      }
    }
    return out;
  }

  /**
   * Half duplex: one resource per two-way link, its two arcs; per channel of a link of several
   * (both directions have the same count, {@link #whyNot}), channel c of each arc, and none when
   * one direction has no slots (its k channels then carry k packets at once, as on a full-duplex
   * link).
   */
  private void links(
      Map<Integer, List<TaskModel.Task>> byArc,
      List<List<TaskModel.Task>> byChannel,
      List<List<TaskModel.Task>> out) {
    int[] firstChannel = new int[net.arcs()];
    for (int a = 0, c = 0; a < net.arcs(); a++) {
      firstChannel[a] = c;
      c += perChannel[a] > 0 ? costs.channels(a) : 0;
    }
    for (int a = 0; a < net.arcs(); a++) {
      int b = net.reverse(a);
      if (b <= a) {
        continue;
      }
      if (costs.channels(a) == 1) {
        out.add(concat(byArc.get(a), byArc.get(b)));
        continue;
      }
      if (perChannel[a] == 0 || perChannel[b] == 0) {
        continue; // used one way only: its channels (each one at a time, in the slot precedences)
        // are the limit
      }
      for (int c = 0; c < costs.channels(a); c++) {
        out.add(concat(byChannel.get(firstChannel[a] + c), byChannel.get(firstChannel[b] + c)));
      }
    }
  }

  private static void choices(
      List<List<Integer>> links,
      int i,
      List<TaskModel.Task> acc,
      Map<Integer, List<TaskModel.Task>> byArc,
      List<List<TaskModel.Task>> out) {
    if (i == links.size()) {
      out.add(new ArrayList<>(acc));
      return;
    }
    for (int a : links.get(i)) {
      int size = acc.size();
      acc.addAll(byArc.get(a));
      choices(links, i + 1, acc, byArc, out);
      acc.subList(size, acc.size()).clear();
    }
  }

  private static List<TaskModel.Task> concat(List<TaskModel.Task> x, List<TaskModel.Task> y) {
    List<TaskModel.Task> out = new ArrayList<>(x);
    out.addAll(y);
    return out;
  }

  /** The schedule of a back end's solution of {@link #model()} (call after it). */
  @Override
  public Schedule.Transmissions schedule(long[] values, boolean[] present) {
    List<List<Packet>> packets = new ArrayList<>();
    for (int a = 0; a < net.arcs(); a++) {
      List<Packet> mine = new ArrayList<>();
      for (int j = 0; j < slots[a]; j++) {
        if (!present[presence[a][j]]) {
          continue;
        }
        List<Integer> us = new ArrayList<>();
        for (int u = 0; u < unitOrigin.length; u++) {
          if (member[a][j][u] >= 0 && present[member[a][j][u]]) {
            us.add(u);
          }
        }
        mine.add(
            new Packet(
                values[startVar[a][j]],
                us.stream().mapToInt(Integer::intValue).toArray(),
                j / perChannel[a]));
      }
      packets.add(mine);
    }
    return transmissions(packets);
  }

  /** Records of the packets: per packet one record per run of consecutive units of one message. */
  private Schedule.Transmissions transmissions(List<List<Packet>> packets) {
    List<Schedule.Transmission> out = new ArrayList<>();
    int[] number = new int[instance.origins().size()];
    for (int a = 0; a < net.arcs(); a++) {
      for (Packet p : packets.get(a)) {
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
                  net.tail(a),
                  net.head(a),
                  p.start(),
                  unitIndex[us[i]],
                  p.channel() == 0 ? null : p.channel()));
          i = j + 1;
        }
      }
    }
    out.sort(Comparator.comparingLong(Schedule.Transmission::start));
    return new Schedule.Transmissions(instance.timeScale(), out);
  }

  /**
   * The packets of a schedule per arc (records on one arc with one start are one packet, as the
   * checker reads).
   */
  private List<List<Packet>> packetsOf(Schedule.Transmissions s) {
    TimeScale scale = instance.timeScale();
    List<TreeMap<List<Long>, java.util.TreeSet<Integer>>> byArc =
        new ArrayList<>(); // by (start, channel)
    Comparator<List<Long>> startThenChannel =
        Comparator.<List<Long>>comparingLong(x -> x.get(0)).thenComparingLong(x -> x.get(1));
    for (int a = 0; a < net.arcs(); a++) {
      byArc.add(new TreeMap<>(startThenChannel));
    }
    for (UnitPackets.Record r : UnitPackets.records(instance, s)) {
      Schedule.Transmission t = r.transmission();
      int o = r.origin();
      long lo = r.first();
      long start = s.scale().rescale(t.start(), scale);
      var set =
          byArc
              .get(net.arc(t.from(), t.to()))
              .computeIfAbsent(
                  List.of(start, (long) t.channelIndex()), x -> new java.util.TreeSet<>());
      for (long k = lo; k < lo + t.size(); k++) {
        set.add(firstUnit[o] + (int) k);
      }
    }
    List<List<Packet>> out = new ArrayList<>();
    for (int a = 0; a < net.arcs(); a++) {
      List<Packet> mine = new ArrayList<>();
      for (var e : byArc.get(a).entrySet()) {
        mine.add(
            new Packet(
                e.getKey().get(0),
                e.getValue().stream().mapToInt(Integer::intValue).toArray(),
                e.getKey().get(1).intValue()));
      }
      out.add(mine);
    }
    return out;
  }

  /**
   * The reduction of the class comment: every unit reaches every node at most once (the earliest
   * delivery kept), never its origin, and (send) a relay keeps a unit only if it forwards it;
   * emptied packets are dropped.
   */
  private List<List<Packet>> reduce(List<List<Packet>> packets) {
    int units = unitOrigin.length;
    int n = net.nodes();
    List<boolean[][]> keep = new ArrayList<>(); // per arc, per packet, per position
    List<long[]> ends = new ArrayList<>();
    List<int[]> order = new ArrayList<>(); // {arc, packet}
    for (int a = 0; a < net.arcs(); a++) {
      List<Packet> ps = packets.get(a);
      boolean[][] k = new boolean[ps.size()][];
      long[] e = new long[ps.size()];
      for (int i = 0; i < ps.size(); i++) {
        k[i] = new boolean[ps.get(i).units().length];
        Arrays.fill(k[i], true);
        e[i] = ps.get(i).start() + costs.ticks(a, ps.get(i).units().length);
        order.add(new int[] {a, i});
      }
      keep.add(k);
      ends.add(e);
    }
    order.sort(Comparator.comparingLong((int[] x) -> ends.get(x[0])[x[1]]));
    boolean[][] has = new boolean[n][units];
    for (int[] x : order) {
      int w = net.head(x[0]);
      int[] us = packets.get(x[0]).get(x[1]).units();
      for (int i = 0; i < us.length; i++) {
        if (originNode(us[i]) == w || has[w][us[i]] || !may[x[0]][us[i]]) {
          keep.get(x[0])[x[1]][i] = false;
        } else {
          has[w][us[i]] = true;
        }
      }
    }
    // relays keep only what they forward (only a send has nodes that need nothing)
    boolean changed = true;
    while (changed) {
      changed = false;
      boolean[][] sends = new boolean[n][units];
      for (int a = 0; a < net.arcs(); a++) {
        List<Packet> ps = packets.get(a);
        for (int i = 0; i < ps.size(); i++) {
          for (int q = 0; q < ps.get(i).units().length; q++) {
            if (keep.get(a)[i][q]) {
              sends[net.tail(a)][ps.get(i).units()[q]] = true;
            }
          }
        }
      }
      for (int a = 0; a < net.arcs(); a++) {
        List<Packet> ps = packets.get(a);
        int w = net.head(a);
        for (int i = 0; i < ps.size(); i++) {
          for (int q = 0; q < ps.get(i).units().length; q++) {
            int u = ps.get(i).units()[q];
            if (keep.get(a)[i][q] && !need[w][u] && !sends[w][u]) {
              keep.get(a)[i][q] = false;
              changed = true;
            }
          }
        }
      }
    }
    List<List<Packet>> out = new ArrayList<>();
    for (int a = 0; a < net.arcs(); a++) {
      List<Packet> ps = packets.get(a);
      List<Packet> mine = new ArrayList<>();
      for (int i = 0; i < ps.size(); i++) {
        List<Integer> us = new ArrayList<>();
        for (int q = 0; q < ps.get(i).units().length; q++) {
          if (keep.get(a)[i][q]) {
            us.add(ps.get(i).units()[q]);
          }
        }
        if (!us.isEmpty()) {
          mine.add(
              new Packet(
                  ps.get(i).start(),
                  us.stream().mapToInt(Integer::intValue).toArray(),
                  ps.get(i).channel()));
        }
      }
      out.add(mine);
    }
    return out;
  }

  /**
   * The makespan of a schedule this model decoded, in ticks, by the model's definition
   * (docs/models/linear-cost.md#validity-rules V3, V11): the records on one arc with one start are
   * one packet of all their units, which lasts {@code beta + units tau}; the makespan is the latest
   * end. Computed here, not read from the checker, so that the checker judges the claim instead of
   * making it.
   */
  @Override
  public long makespan(Schedule.Transmissions schedule) {
    return makespan(instance, schedule);
  }

  /**
   * {@link #makespan(Schedule.Transmissions)} of any linear-cost schedule of the instance (the step
   * model's too).
   */
  public static long makespan(Instance instance, Schedule.Transmissions schedule) {
    Network net = instance.network();
    org.commsched.core.model.ArcCosts costs = instance.arcCosts();
    TimeScale scale = instance.timeScale();
    Map<List<Long>, Long> units = new HashMap<>(); // (arc, start, channel) -> units of the packet
    for (Schedule.Transmission t : schedule.transmissions()) {
      units.merge(
          List.of(
              (long) net.arc(t.from(), t.to()),
              schedule.scale().rescale(t.start(), scale),
              (long) t.channelIndex()),
          t.size(),
          Long::sum);
    }
    long makespan = 0;
    for (Map.Entry<List<Long>, Long> packet : units.entrySet()) {
      makespan =
          Math.max(
              makespan,
              packet.getKey().get(1)
                  + costs.ticks(packet.getKey().get(0).intValue(), packet.getValue()));
    }
    return makespan;
  }

  /** True if the hint already meets the bound (nothing to search). */
  public boolean settled() {
    return bound.value() >= horizon;
  }

  /** The solve flow of the exact methods ({@link HintedSearch}). */
  public SolveResult run(
      String method, TaskModel.Backend backend, SolveLimits limits, long startedAt) {
    return HintedSearch.run(this, method, backend, limits, startedAt);
  }

  @Override
  public HintedSearch.Start start() {
    return new HintedSearch.Start(bound, hint, horizon, heuristic, instance.timeScale());
  }

  /** Packets: the distinct (arc, start) pairs of the records. */
  @Override
  public long packets(Schedule.Transmissions schedule) {
    return HintedSearch.distinct(
        schedule, t -> t.from() + ">" + t.to() + "@" + t.start() + "#" + t.channelIndex());
  }

  @Override
  public String proof() {
    return "proved that no linear-cost schedule ends before";
  }

  /** The shortest schedule of the given heuristics that apply (ties: the first). */
  public static SolveResult bestHeuristic(Instance instance, List<Method> heuristics) {
    return HintedSearch.shortest(instance, heuristics, "linear-cost");
  }
}
