package org.commsched.solver.packet;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.commsched.core.model.Atlas;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Family;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.model.Schedule;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.Scope;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveRun;
import org.commsched.core.time.TimeScale;
import org.commsched.heuristics.baseline.GreedyStoreAndForward;
import org.commsched.heuristics.packet.PacketMethods;
import org.commsched.solver.model.HintedSearch;
import org.commsched.solver.model.TaskModel;

/**
 * The exact packetization model of the store-and-forward packet family
 * (docs/models/packet.md#exact-model), built as a {@link TaskModel} for both back ends: packet
 * counts, packet sizes, dispatch orders and hop times chosen together, for scattering and gathering
 * under single port (send-and-receive) or all ports, full duplex. The problem is that of J.-P.
 * Tsai, "On the Furthest-Distance-First Principle in Scattering and Gathering" (thesis, National
 * Taiwan University), without its FCFS and greedy restrictions: any packetization, any order at
 * every node.
 *
 * <p><b>Model.</b> Every non-null message {@code v} of {@code L_v} units gets {@code R_v} packet
 * slots. Slot {@code j} has a size {@code s_vj} in {@code [0, L_v]} and a presence literal {@code
 * p_vj} with {@code s_vj >= 1} exactly when present (slot 0 always present), and {@code sum_j s_vj
 * = L_v}. For every hop {@code k} of the route, from the root, a start {@code x_vjk} and an
 * optional interval of length {@code beta + s_vj tau}; store and forward: {@code x_vj(k+1) >= x_vjk
 * + beta + s_vj tau}; one no-overlap per port (single port: a node's out-port holds its outgoing
 * hops, its in-port its incoming ones; all ports: one per arc), ports whose tasks are all on
 * another port dropped; the makespan {@code E >= x_vj(last) + beta + s_vj tau} for present slots.
 * Redundant, per port and per subset of its transfers with at least so many hops before or after:
 * the makespan is at least the least head plus the work ({@code beta} per present packet plus
 * {@code L tau} per message) plus the least tail, which ties the packet counts to the makespan.
 *
 * <p><b>Gathering</b> is solved through time reversal
 * (docs/models/packet.md#gathering-and-time-reversal): the model is the scatter on the reversed
 * routes (a gather's hop {@code w -> u} becomes {@code u -> w}; under all ports it keeps the arc of
 * the real hop, under single port a node's out-port and in-port swap, which the model treats
 * alike), the hint is the heuristic gather reversed about its makespan, and a solution of makespan
 * {@code T} maps back to the gather whose hop starts at {@code T - x - beta - s tau}; makespans are
 * kept, so optima are equal.
 *
 * <p><b>Symmetry breaking.</b> A slot index is only a label, so the present packets of a message
 * can be numbered in the order of their first hop's start: {@code p_v(j+1) -> p_vj} and {@code
 * x_v(j+1)0 >= x_vj0}. An absent slot takes size 0; its hops are then at least {@code beta} apart,
 * and copying the last present slot's first start and adding {@code beta} per hop stays within
 * every domain, so no schedule is lost.
 *
 * <p><b>Slot count.</b> The packets of {@code v} cross its first hop's port one after another, and
 * after the last one ends there it still needs {@code delta_v - 1} hops of at least {@code beta +
 * tau}; so a schedule of makespan at most {@code H} has {@code r beta + L_v tau + (delta_v -
 * 1)(beta + tau) <= H}, and {@code R_v} is the largest such {@code r} (at most {@code L_v}). No
 * schedule within the horizon is cut off, so OPTIMAL is a proof.
 *
 * <p><b>Horizon, hint, floor.</b> The horizon {@code H} is the makespan of the best heuristic
 * schedule ({@code packet-fdf-even}, {@code packet-fdf}, {@code greedy-saf}), which is also the
 * hint (its packets numbered by first start); the floor is the best bound of {@code
 * core.bounds.LowerBounds}. When the hint meets the floor no search runs. Hop starts range over
 * {@code [0, H - (delta_v - k)(beta + tau)]}. Ticks of the instance's time scale, integers
 * throughout.
 *
 * <p><b>Restriction (tests and studies).</b> {@link Restriction#FDF_ROOT} adds, for a scatter, the
 * thesis's furthest-distance-first rule at the root (V9): on each of the root's out-ports no packet
 * leaves before one with a farther destination. The restricted optimum is the best FDF schedule
 * (with any order at the other nodes), not a bound on the problem; {@link #run} refuses a
 * restricted model.
 *
 * @implNote Not thread-safe: {@link #model()} records the indices of its variables for {@link
 *     #schedule}.
 */
public final class PacketCp implements HintedSearch.Builder {
  /** Citation shared by the packet exact methods. */
  public static final String CITATION =
      "J.-P. Tsai, \"On the Furthest-Distance-First Principle in Scattering and "
          + "Gathering\" (thesis, National Taiwan University): store-and-forward model with set-up time, packetization "
          + "(Chapter 5); CP model: this project";

  /** Guarantee shared by the packet exact methods. */
  public static final String GUARANTEE =
      "optimal when status OPTIMAL (over every packetization and every order "
          + "at every node); best found and the solver's bound at the time limit";

  /** Scope shared by the packet exact methods. */
  public static final Scope SCOPE =
      Scope.of(ProblemKind.SCATTER, ProblemKind.GATHER)
          .in(Family.PACKET)
          .duplex(CommModel.Duplex.FULL)
          .note("single port means send-and-receive; small instances");

  /**
   * Largest number of interval tasks (packet slots times hops, {@link #tasks}) the model builds;
   * above it {@link #whyNot} refuses.
   */
  public static final long MAX_TASKS = 1_500;

  /**
   * Largest sum over the messages of length times hops (the most slots times hops the model could
   * build) for which {@link #whyNot} runs the heuristics to count the tasks; above it the instance
   * is refused without them.
   */
  public static final long MAX_UNIT_HOPS = 20_000;

  /** What the model may be restricted to. */
  public enum Restriction {
    /** None: the exact problem. */
    NONE,
    /** Scatter only: furthest distance first on each of the root's out-ports. */
    FDF_ROOT
  }

  private final Instance instance;
  private final Restriction restriction;
  private final long beta;
  private final long tau;

  /**
   * True for a gather: the model is the scatter on the reversed routes, its solution reversed in
   * time.
   */
  private final boolean reversed;

  /** Instance index of each modelled (non-null) message. */
  private final int[] msg;

  /**
   * Route nodes of each modelled message from the root (travel order of a scatter, reversed for a
   * gather).
   */
  private final int[][] route;

  private final long[] length;
  private final int[] slots;

  /**
   * Variables of the last {@link #model()}: per message, slot and hop the start; per message and
   * slot the size.
   */
  private int[][][] startVar;

  private int[][] sizeVar;

  /** Presence literal per message and slot (-1 for slot 0, always present). */
  private int[][] presence;

  /** The best heuristic result: the hint and the horizon. */
  public final SolveResult heuristic;

  /** The makespan of the hint, in ticks: the horizon. */
  public final long horizon;

  /** The best lower bound of the instance, in ticks. */
  public final LowerBound bound;

  /** The exact model of the instance. */
  public PacketCp(Instance instance) {
    this(instance, Restriction.NONE);
  }

  /** The model of the instance under a restriction. */
  public PacketCp(Instance instance, Restriction restriction) {
    this(instance, restriction, SolveLimits.defaults().run());
  }

  /**
   * The model of the instance under a restriction, in a solve run: its bounds are the run's, and
   * without a restriction its hint is the run's incumbent when it has one ({@link
   * HintedSearch#shortest}).
   */
  public PacketCp(Instance instance, Restriction restriction, SolveRun run) {
    if (restriction == Restriction.FDF_ROOT && instance.kind() != ProblemKind.SCATTER) {
      throw new IllegalArgumentException("the FDF restriction is defined for scattering only");
    }
    this.instance = instance;
    this.restriction = restriction;
    CommModel.StoreAndForward model = instance.storeAndForward();
    TimeScale scale = instance.timeScale();
    beta = model.betaTicks(scale);
    tau = model.tauTicks(scale);
    List<Message> ms = instance.messages();
    List<Integer> idx = new ArrayList<>();
    for (int i = 0; i < ms.size(); i++) {
      if (ms.get(i).length() > 0) {
        idx.add(i);
      }
    }
    int m = idx.size();
    msg = new int[m];
    route = new int[m][];
    length = new long[m];
    reversed = instance.kind() == ProblemKind.GATHER;
    for (int v = 0; v < m; v++) {
      msg[v] = idx.get(v);
      route[v] = instance.atlas().nodes(msg[v]);
      if (reversed) {
        for (int a = 0, b = route[v].length - 1; a < b; a++, b--) {
          int t = route[v][a];
          route[v][a] = route[v][b];
          route[v][b] = t;
        }
      }
      length[v] = ms.get(msg[v]).length();
    }
    heuristic =
        restriction == Restriction.NONE
            ? HintedSearch.shortest(instance, heuristics(), "packet", run)
            : bestHeuristic(instance);
    horizon = heuristic.makespan();
    bound = run.bestBound(instance);
    slots = new int[m];
    for (int v = 0; v < m; v++) {
      long r = length[v];
      if (beta > 0) {
        long room = horizon - length[v] * tau - (long) (hops(v) - 1) * (beta + tau);
        r = Math.max(1, Math.min(r, room / beta));
      }
      slots[v] = (int) r;
    }
    if (beta > 0) {
      portSlack();
    }
  }

  /**
   * Tightens the slot counts by each port's slack: the transfers on a port never overlap, the first
   * starts after at least the least head ({@code k (beta + tau)} for hop {@code k}) and the last
   * ends at least the least tail before the makespan, and they last {@code beta} per packet plus
   * {@code L tau} per message; with one packet per message that is the port's load {@code W}, so
   * every extra packet of a message crossing the port costs {@code beta} of the slack {@code H -
   * W}: each such message has at most {@code 1 + (H - W) / beta} packets in a schedule within the
   * horizon. Together over the messages this is the model's load bound on the whole port; per
   * message it bounds the slots, so it cuts off no schedule within the horizon.
   */
  private void portSlack() {
    Map<Integer, long[]> load = new HashMap<>(); // port -> {least head, least tail, work}
    Map<Integer, List<Integer>> on = new HashMap<>();
    for (int v = 0; v < msg.length; v++) {
      for (int k = 0; k < hops(v); k++) {
        for (int port : ports(v, k)) {
          long[] l =
              load.computeIfAbsent(port, x -> new long[] {Long.MAX_VALUE, Long.MAX_VALUE, 0});
          l[0] = Math.min(l[0], k * (beta + tau));
          l[1] = Math.min(l[1], (hops(v) - 1 - k) * (beta + tau));
          l[2] += beta + length[v] * tau;
          on.computeIfAbsent(port, x -> new ArrayList<>()).add(v);
        }
      }
    }
    for (Map.Entry<Integer, long[]> e : load.entrySet()) {
      long[] l = e.getValue();
      long extra = Math.max(0, horizon - l[0] - l[1] - l[2]) / beta;
      for (int v : on.get(e.getKey())) {
        slots[v] = (int) Math.min(slots[v], 1 + extra);
      }
    }
  }

  /**
   * The ports of hop {@code k} of modelled message {@code v}, keyed as {@link #model()} keys them:
   * single port the sender's out-port {@code u} and the receiver's in-port {@code n + w}; all ports
   * the arc {@code 2 n + arc} (of the real hop, for a gather).
   */
  private int[] ports(int v, int k) {
    int n = instance.network().nodes();
    int u = route[v][k];
    int w = route[v][k + 1];
    if (instance.storeAndForward().ports() == CommModel.Ports.ONE) {
      return new int[] {u, n + w};
    }
    return new int[] {
      2 * n + (reversed ? instance.network().arc(w, u) : instance.network().arc(u, w))
    };
  }

  /** The interval tasks the model builds: slots times hops, summed over the messages. */
  public long tasks() {
    long out = 0;
    for (int v = 0; v < msg.length; v++) {
      out += (long) slots[v] * hops(v);
    }
    return out;
  }

  /** Null if the packet exact model takes the instance, else why not (with what to use instead). */
  public static String whyNot(String method, Instance instance) {
    CommModel.StoreAndForward m = instance.storeAndForward();
    if (m.ports() == CommModel.Ports.ONE && m.onePort() == CommModel.OnePortRule.EXCHANGE) {
      return method
          + " models the thesis's single port (send-and-receive) and all ports, and this model has the "
          + "exchange rule: use greedy-saf";
    }
    long unitHops = 0;
    Atlas atlas = instance.atlas();
    try {
      for (int i = 0; i < instance.messages().size(); i++) {
        unitHops =
            Math.addExact(
                unitHops, Math.multiplyExact(instance.messages().get(i).length(), atlas.hops(i)));
      }
    } catch (ArithmeticException e) {
      unitHops = Long.MAX_VALUE;
    }
    if (unitHops <= MAX_TASKS) {
      return null; // at most one task per unit and hop
    }
    if (unitHops > MAX_UNIT_HOPS) {
      return method
          + " builds the exact packet model for small instances only (length times hops summed over the "
          + "messages at most "
          + MAX_UNIT_HOPS
          + ", here "
          + (unitHops == Long.MAX_VALUE ? "beyond 2^63" : unitHops)
          + "): use packet-fdf-even";
    }
    long tasks;
    try {
      tasks = new PacketCp(instance).tasks();
    } catch (IllegalArgumentException e) {
      return null; // no heuristic gives the horizon: the method's own check says so
    }
    if (tasks > MAX_TASKS) {
      return method
          + " builds the exact packet model for small instances only (packet slots times hops at most "
          + MAX_TASKS
          + " once the packet counts are bounded by the best heuristic's makespan, here "
          + tasks
          + "): use packet-fdf-even";
    }
    return null;
  }

  private int hops(int v) {
    return route[v].length - 1;
  }

  /** Modelled messages (the non-null ones). */
  public int size() {
    return msg.length;
  }

  /** Slots of each modelled message, in order. */
  public int[] slots() {
    return slots.clone();
  }

  /** The model for a back end (see the class comment), the floor posted, the hint attached. */
  @Override
  public TaskModel model() {
    int m = msg.length;
    long floor = Math.min(bound.value(), horizon);
    TaskModel out = new TaskModel(floor, horizon);
    long[][][] hint = hintStarts();
    startVar = new int[m][][];
    sizeVar = new int[m][];
    presence = new int[m][];
    Map<Integer, List<TaskModel.Task>> byPort = new LinkedHashMap<>();
    boolean onePort = (instance.storeAndForward()).ports() == CommModel.Ports.ONE;
    for (int v = 0; v < m; v++) {
      int h = hops(v);
      int r = slots[v];
      startVar[v] = new int[r][h];
      sizeVar[v] = new int[r];
      presence[v] = new int[r];
      for (int j = 0; j < r; j++) {
        long hs = hint[v][j][h];
        sizeVar[v][j] = out.var("s" + v + "_" + j, j == 0 ? 1 : 0, length[v], hs);
        presence[v][j] = j == 0 ? -1 : out.literal("p" + v + "_" + j);
        if (j > 0) {
          out.positiveIff(sizeVar[v][j], presence[v][j]);
        }
        for (int k = 0; k < h; k++) {
          long hi = horizon - (long) (h - k) * (beta + tau);
          startVar[v][j][k] =
              out.var("x" + v + "_" + j + "_" + k, 0, Math.max(0, hi), hint[v][j][k]);
          TaskModel.Task t =
              new TaskModel.Task(startVar[v][j][k], 0, beta, presence[v][j], sizeVar[v][j], tau);
          for (int port : ports(v, k)) {
            byPort.computeIfAbsent(port, x -> new ArrayList<>()).add(t);
          }
          if (k > 0) {
            out.precedence(startVar[v][j][k], startVar[v][j][k - 1], beta, sizeVar[v][j], tau);
          }
        }
        out.end(startVar[v][j][h - 1], beta, presence[v][j], sizeVar[v][j], tau);
        if (j > 0) {
          out.precedence(startVar[v][j][0], startVar[v][j - 1][0], 0);
        }
      }
      int[] all = new int[r];
      for (int j = 0; j < r; j++) {
        all[j] = sizeVar[v][j];
      }
      out.sum(all, length[v]);
    }
    for (List<TaskModel.Task> port : maximal(byPort.values())) {
      out.resource(port);
    }
    for (List<TaskModel.Task> port : byPort.values()) {
      load(out, port);
    }
    List<Integer> order = new ArrayList<>();
    for (int v = 0; v < m; v++) {
      for (int j = 0; j < slots[v]; j++) {
        order.add(sizeVar[v][j]);
      }
    }
    for (int v = 0; v < m; v++) {
      for (int j = 0; j < slots[v]; j++) {
        for (int k = 0; k < hops(v); k++) {
          order.add(startVar[v][j][k]);
        }
      }
    }
    out.branching(order.stream().mapToInt(Integer::intValue).toArray(), true);
    if (restriction == Restriction.FDF_ROOT) {
      for (int v = 0; v < m; v++) {
        for (int w = 0; w < m; w++) {
          if (hops(v) > hops(w) && firstPort(v, onePort) == firstPort(w, onePort)) {
            out.precedence(startVar[w][0][0], startVar[v][slots[v] - 1][0], 0);
          }
        }
      }
    }
    return out;
  }

  /**
   * The port's load bounds: its transfers never overlap, so for any subset of them the makespan is
   * at least the subset's least head (hops before a transfer, each at least {@code beta + tau})
   * plus all its durations plus its least tail; the durations add up to {@code beta} per present
   * packet plus {@code L tau} per message. Posted for the whole port and for the subsets "at least
   * h hops before" and "at least t hops after" (as the {@code ARC} bound of
   * docs/models/packet.md#lower-bounds, here with the packet counts as variables).
   */
  private void load(TaskModel out, List<TaskModel.Task> port) {
    List<int[]> on = new ArrayList<>(); // {v, j, k}
    java.util.TreeSet<Integer> heads = new java.util.TreeSet<>();
    java.util.TreeSet<Integer> tails = new java.util.TreeSet<>();
    for (int v = 0; v < msg.length; v++) {
      for (int j = 0; j < slots[v]; j++) {
        for (int k = 0; k < hops(v); k++) {
          if (containsVar(port, startVar[v][j][k])) {
            on.add(new int[] {v, j, k});
            heads.add(k);
            tails.add(hops(v) - 1 - k);
          }
        }
      }
    }
    for (int h : heads) {
      loadOf(out, on, h, 0);
    }
    for (int t : tails) {
      if (t > 0) {
        loadOf(out, on, 0, t);
      }
    }
  }

  /**
   * The load bound of the port's transfers with at least {@code h} hops before and {@code t} after.
   */
  private void loadOf(TaskModel out, List<int[]> on, int h, int t) {
    long head = Long.MAX_VALUE;
    long tail = Long.MAX_VALUE;
    long work = 0;
    List<Integer> literals = new ArrayList<>();
    for (int[] x : on) {
      int v = x[0];
      int k = x[2];
      int after = hops(v) - 1 - k;
      if (k < h || after < t) {
        continue;
      }
      head = Math.min(head, k * (beta + tau));
      tail = Math.min(tail, after * (beta + tau));
      if (x[1] == 0) {
        work += beta + length[v] * tau;
      } else {
        literals.add(presence[v][x[1]]);
      }
    }
    if (work > 0) {
      out.endLoad(
          head + work + tail, literals.stream().mapToInt(Integer::intValue).toArray(), beta);
    }
  }

  private static boolean containsVar(List<TaskModel.Task> port, int var) {
    for (TaskModel.Task t : port) {
      if (t.var() == var) {
        return true;
      }
    }
    return false;
  }

  private int firstPort(int v, boolean onePort) {
    return onePort ? route[v][0] : instance.network().arc(route[v][0], route[v][1]);
  }

  /** The distinct task lists of two or more tasks not contained in another list. */
  private static List<List<TaskModel.Task>> maximal(
      java.util.Collection<List<TaskModel.Task>> ports) {
    Map<TaskModel.Task, Integer> id = new HashMap<>();
    List<BitSet> sets = new ArrayList<>();
    List<List<TaskModel.Task>> lists = new ArrayList<>();
    for (List<TaskModel.Task> p : ports) {
      if (p.size() < 2) {
        continue;
      }
      BitSet b = new BitSet();
      for (TaskModel.Task t : p) {
        b.set(id.computeIfAbsent(t, x -> id.size()));
      }
      sets.add(b);
      lists.add(p);
    }
    List<Integer> order = new ArrayList<>();
    for (int i = 0; i < sets.size(); i++) {
      order.add(i);
    }
    order.sort(Comparator.comparingInt((Integer i) -> sets.get(i).cardinality()).reversed());
    List<BitSet> kept = new ArrayList<>();
    List<List<TaskModel.Task>> out = new ArrayList<>();
    for (int i : order) {
      boolean contained = false;
      for (BitSet k : kept) {
        BitSet rest = (BitSet) sets.get(i).clone();
        rest.andNot(k);
        contained |= rest.isEmpty();
      }
      if (!contained) {
        kept.add(sets.get(i));
        out.add(lists.get(i));
      }
    }
    return out;
  }

  /**
   * The hint per message and slot: the hop starts, then the size (index {@code hops}); the
   * heuristic's packets of a message numbered by first start, absent slots after the last present
   * one at {@code beta} per hop.
   */
  private long[][][] hintStarts() {
    int m = msg.length;
    long[][][] out = new long[m][][];
    Map<String, Integer> byId = new HashMap<>();
    for (int v = 0; v < m; v++) {
      byId.put(instance.messages().get(msg[v]).id(), v);
      out[v] = new long[slots[v]][hops(v) + 1];
    }
    Map<String, long[]> packets = new LinkedHashMap<>(); // "v/number" -> starts..., size
    for (Schedule.Transmission t :
        ((Schedule.Transmissions) heuristic.schedule()).transmissions()) {
      int v = byId.get(t.message());
      int k = 0;
      while (route[v][k] != (reversed ? t.to() : t.from())) {
        k++;
      }
      long[] p = packets.computeIfAbsent(v + "/" + t.packet(), x -> new long[hops(v) + 1]);
      p[k] = reversed ? horizon - t.start() - (beta + t.size() * tau) : t.start();
      p[hops(v)] = t.size();
    }
    for (int v = 0; v < m; v++) {
      List<long[]> mine = new ArrayList<>();
      for (Map.Entry<String, long[]> e : packets.entrySet()) {
        if (e.getKey().startsWith(v + "/")) {
          mine.add(e.getValue());
        }
      }
      mine.sort(Comparator.comparingLong(p -> p[0]));
      for (int j = 0; j < slots[v]; j++) {
        if (j < mine.size()) {
          out[v][j] = mine.get(j);
        } else {
          long[] last = mine.get(mine.size() - 1);
          for (int k = 0; k < hops(v); k++) {
            out[v][j][k] = last[0] + k * beta;
          }
          out[v][j][hops(v)] = 0;
        }
      }
    }
    return out;
  }

  /** The schedule of a back end's solution of {@link #model()} (call after it). */
  @Override
  public Schedule.Transmissions schedule(long[] values, boolean[] present) {
    List<Schedule.Transmission> out = new ArrayList<>();
    long end = 0; // the model's makespan: a gather's hops are reversed in time about it
    for (int v = 0; v < msg.length; v++) {
      for (int j = 0; j < slots[v]; j++) {
        if (presence[v][j] < 0 || present[presence[v][j]]) {
          end =
              Math.max(
                  end, values[startVar[v][j][hops(v) - 1]] + beta + values[sizeVar[v][j]] * tau);
        }
      }
    }
    for (int v = 0; v < msg.length; v++) {
      String id = instance.messages().get(msg[v]).id();
      int number = 0;
      for (int j = 0; j < slots[v]; j++) {
        if (presence[v][j] >= 0 && !present[presence[v][j]]) {
          continue;
        }
        long size = values[sizeVar[v][j]];
        for (int k = 0; k < hops(v); k++) {
          long x = values[startVar[v][j][k]];
          out.add(
              reversed
                  ? new Schedule.Transmission(
                      id, number, size, route[v][k + 1], route[v][k], end - x - beta - size * tau)
                  : new Schedule.Transmission(id, number, size, route[v][k], route[v][k + 1], x));
        }
        number++;
      }
    }
    out.sort(Comparator.comparingLong(Schedule.Transmission::start));
    return new Schedule.Transmissions(instance.timeScale(), out);
  }

  /** The makespan of a schedule in ticks: the latest end of a transfer. */
  @Override
  public long makespan(Schedule.Transmissions schedule) {
    long mk = 0;
    for (Schedule.Transmission t : schedule.transmissions()) {
      mk = Math.max(mk, t.start() + beta + t.size() * tau);
    }
    return mk;
  }

  /** True if the hint already meets the bound (nothing to search). */
  public boolean settled() {
    return bound.value() >= horizon;
  }

  /**
   * The solve flow of the packet exact methods ({@link HintedSearch}); a restricted model is
   * refused.
   */
  public SolveResult run(
      String method, TaskModel.Backend backend, SolveLimits limits, long startedAt) {
    if (restriction != Restriction.NONE) {
      throw new IllegalStateException("a restricted model proves nothing about the problem");
    }
    return HintedSearch.run(this, method, backend, limits, startedAt);
  }

  @Override
  public HintedSearch.Start start() {
    return new HintedSearch.Start(
        bound,
        (Schedule.Transmissions) heuristic.schedule(),
        horizon,
        heuristic,
        instance.timeScale());
  }

  /** Packets: the distinct (message, packet number) pairs of the records. */
  @Override
  public long packets(Schedule.Transmissions schedule) {
    return HintedSearch.distinct(schedule, t -> t.message() + "/" + t.packet());
  }

  @Override
  public String proof() {
    return "proved that no packet schedule ends before";
  }

  /**
   * The shortest schedule of {@code packet-fdf-even}, {@code packet-fdf} and {@code greedy-saf}
   * (ties: that order).
   */
  public static SolveResult bestHeuristic(Instance instance) {
    return HintedSearch.shortest(instance, heuristics(), "packet");
  }

  /**
   * The heuristics the hint is the best of: {@code packet-fdf-even}, {@code packet-fdf}, {@code
   * greedy-saf}.
   */
  public static List<Method> heuristics() {
    List<Method> methods = new ArrayList<>(PacketMethods.all());
    methods.add(new GreedyStoreAndForward());
    return methods;
  }
}
