package org.commsched.solver.bufferless;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.commsched.core.bounds.LowerBounds;
import org.commsched.core.model.Atlas;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Problem;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.model.Schedule;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.Scope;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveRun;
import org.commsched.core.solve.SolveStatus;
import org.commsched.core.time.TimeScale;
import org.commsched.heuristics.baseline.FirstFitSlots;
import org.commsched.heuristics.bufferless.chatting.IntervalColoring;
import org.commsched.heuristics.bufferless.chatting.Kierstead;
import org.commsched.heuristics.bufferless.chatting.Transforms;
import org.commsched.solver.model.SolverStatusMapping;
import org.commsched.solver.model.TaskModel;

/**
 * The exact virtual-schedule model both back ends share ({@code cpsat-virtual}, {@code
 * choco-virtual}), built as a {@link TaskModel}, and the translation of a back end's answer into a
 * {@link SolveResult}: the "virtual model" of docs/models/bufferless-chatting.md#exact-models for
 * the virtual schedules of §2.2, which on a ula is rectangle compaction, i.e. dynamic storage
 * allocation (docs/models/bufferless-chatting.md#virtual-schedules-and-dsa).
 *
 * <p><b>Model.</b> One slot σ_M per non-null message; M reserves every arc of its route during
 * [σ_M, σ_M + l_M) (docs/DESIGN.md, Time). Two messages conflict iff their routes share an arc, so
 * the constraints are: for every <b>group</b> (a distinct maximal set of two or more messages
 * sharing one arc, a clique of the conflict graph; a set contained in another adds nothing) the
 * intervals are pairwise disjoint. The makespan is max (σ_M + l_M). On a ula (every dsa instance)
 * M's route is the arc interval [from, to), kept in {@link #from}/{@link #to} for two-dimensional
 * non-overlap of the rectangles [from, to) x [σ_M, σ_M + l_M).
 *
 * <p><b>Units.</b> Let g be the greatest common divisor of the lengths. Letting every message fall
 * to the lowest slot where it fits, in order of its slot, never raises a message (the slot it had
 * is still free, since the messages placed before it only moved down) and leaves every slot 0 or
 * the end of a conflicting message, a sum of lengths, hence a multiple of g. So some optimal
 * virtual schedule has all slots multiples of g, and the model works in units of g: lengths, slots,
 * horizon and floor divided by g (the floor rounded up), the answer multiplied back.
 * Memory-planning sizes are typically multiples of an alignment (64 bytes, say), which this divides
 * out of the search.
 *
 * <p><b>Horizon, hint, floor.</b> The best of {@code first-fit} (on the instance) and {@code
 * kierstead} and {@code interval-coloring} (on its dsa view, for a ula), settled as above: its
 * makespan H is the horizon and its slots the hint, so slots range over [0, H - l_M] and the hint
 * is always a solution. The makespan is at least the floor max(C, L) (LB2, Prop 3.1 of Bhatt,
 * Bilardi, Pucci, Ranade, Rosenberg and Schwabe, "On Bufferless Routing of Variable Length Messages
 * in Leveled Networks"; the load for dsa).
 *
 * <p><b>As a task model</b> ({@link #model}): a variable σ_M in [0, H - l_M] hinted at the hint's
 * slot, one task [σ_M, σ_M + l_M) per message on every group's resource, E &gt;= σ_M + l_M, E &gt;=
 * the floor; on a ula the rectangles [from, to) x [σ_M, σ_M + l_M) as a redundant 2D packing (for
 * the back ends' energetic reasoning); branching longest message first (first fit decreasing) with
 * last-conflict.
 *
 * @implNote Immutable after construction.
 */
public final class VirtualCp {
  /** Citation shared by the virtual methods. */
  public static final String CITATION =
      "Bhatt, Bilardi, Pucci, Ranade, Rosenberg, Schwabe, \"On Bufferless Routing of "
          + "Variable Length Messages in Leveled Networks\", §3.1-3.2 (virtual schedules), §4.2 (rectangle compaction "
          + "= DSA, NP-hard by Theorem 4.5(a)); CP model: this project";

  /** Scope shared by the virtual methods. */
  public static final Scope SCOPE =
      Scope.of(ProblemKind.CHATTING, ProblemKind.DSA)
          .bufferlessPorts(CommModel.BufferlessPorts.ALL)
          .otherPorts("cpsat or greedy")
          .note("virtual schedules (slots)");

  /** Guarantee shared by the virtual methods. */
  public static final String GUARANTEE =
      "optimal when status OPTIMAL; best found and the solver's bound at the time " + "limit";

  /**
   * Largest sum of squared group sizes for which the hint is settled (and the unit may exceed 1).
   */
  private static final long SETTLE_LIMIT = 20_000_000L;

  /**
   * Largest group count for which contained groups are removed (quadratic); above it they are only
   * deduplicated.
   */
  private static final int PRUNE_LIMIT = 2000;

  /** Instance index of each non-null message taken into the model. */
  public final int[] msg;

  /** The time unit of the model: the gcd of the lengths (1 if the hint could not be settled). */
  public final long unit;

  /** Length of each modelled message, in units. */
  public final long[] length;

  /**
   * Groups: each the indices (into {@link #msg}) of two or more messages whose intervals must be
   * disjoint.
   */
  public final List<int[]> groups;

  /** On a ula: first arc (the node {@code from}) per modelled message; null on other networks. */
  public final long[] from;

  /**
   * On a ula: one past the last arc (the node {@code to}) per modelled message; null on other
   * networks.
   */
  public final long[] to;

  /** The settled heuristic slots, in units. */
  public final long[] hint;

  /** The makespan of the hint, in units: the horizon. */
  public final long horizon;

  /** The heuristic result the hint comes from. */
  public final SolveResult heuristic;

  /** The best known lower bound on the virtual makespan, in ticks. */
  public final LowerBound bound;

  /**
   * The smallest makespan the model may take, in units: the bound rounded up (at most the horizon).
   */
  public final long floor;

  private final Instance instance;

  public VirtualCp(Instance instance) {
    this.instance = instance;
    Atlas atlas = instance.atlas();
    List<Message> ms = instance.messages();
    List<Integer> idx = new ArrayList<>();
    for (int i = 0; i < ms.size(); i++) {
      if (ms.get(i).length() > 0) {
        idx.add(i);
      }
    }
    int m = idx.size();
    msg = new int[m];
    long g = 0;
    for (int j = 0; j < m; j++) {
      msg[j] = idx.get(j);
      g = gcd(g, ms.get(msg[j]).length());
    }
    Map<Integer, List<Integer>> byArc = new LinkedHashMap<>();
    for (int j = 0; j < m; j++) {
      for (int a : atlas.arcs(msg[j])) {
        byArc.computeIfAbsent(a, x -> new ArrayList<>()).add(j);
      }
    }
    groups = maximal(byArc.values(), m);
    long pairs = 0;
    for (int[] us : groups) {
      pairs += (long) us.length * us.length;
    }
    // settling lists every conflicting pair: above SETTLE_LIMIT pairs keep the unit 1 and the
    // heuristic's slots
    boolean settle = pairs <= SETTLE_LIMIT;
    unit = settle && g > 0 ? g : 1;
    length = new long[m];
    for (int j = 0; j < m; j++) {
      length[j] = ms.get(msg[j]).length() / unit;
    }
    if (instance.network().topology() instanceof Topology.Ula) {
      from = new long[m];
      to = new long[m];
      for (int j = 0; j < m; j++) {
        from[j] = ms.get(msg[j]).from();
        to[j] = ms.get(msg[j]).to();
      }
    } else {
      from = null;
      to = null;
    }
    heuristic = bestSlots(instance);
    Map<String, Long> slots = ((Schedule.Slots) heuristic.schedule()).slots();
    long[] h = new long[m];
    for (int j = 0; j < m; j++) {
      h[j] = slots.get(ms.get(msg[j]).id());
    }
    if (settle) {
      h = settle(h);
    }
    long top = 0;
    for (int j = 0; j < m; j++) {
      top = Math.max(top, h[j] + ms.get(msg[j]).length());
      h[j] /= unit; // exact: settled slots are multiples of the unit
    }
    hint = h;
    horizon = top / unit;
    bound =
        LowerBounds.virtual(instance).stream()
            .reduce(LowerBound.zero(), LowerBound::max)
            .max(heuristic.lowerBound());
    floor = Math.min(horizon, Math.floorDiv(bound.value() + unit - 1, unit));
  }

  public int size() {
    return msg.length;
  }

  /** The model for a back end (see the class comment); the floor is posted. */
  public TaskModel model() {
    int m = msg.length;
    TaskModel out = new TaskModel(floor, horizon);
    out.unit(unit);
    List<TaskModel.Task> tasks = new ArrayList<>(m);
    for (int j = 0; j < m; j++) {
      int v = out.var("s" + j, 0, horizon - length[j], hint[j]);
      tasks.add(new TaskModel.Task(v, 0, length[j], -1));
      out.end(v, length[j], -1);
    }
    for (int[] group : groups) {
      List<TaskModel.Task> g = new ArrayList<>(group.length);
      for (int j : group) {
        g.add(tasks.get(j));
      }
      out.resource(g);
    }
    if (from != null && !groups.isEmpty()) {
      List<TaskModel.Rectangle> rects = new ArrayList<>(m);
      for (int j = 0; j < m; j++) {
        rects.add(new TaskModel.Rectangle(from[j], to[j], tasks.get(j)));
      }
      out.noOverlap2d(rects);
    }
    Integer[] order = new Integer[m];
    for (int j = 0; j < m; j++) {
      order[j] = j;
    }
    Arrays.sort(order, (a, b) -> Long.compare(length[b], length[a]));
    int[] byLength = new int[m];
    for (int j = 0; j < m; j++) {
      byLength[j] = order[j];
    }
    out.branching(byLength, true);
    return out;
  }

  /**
   * The flow both virtual methods share: when the hint meets the bound it is the answer; otherwise
   * the back end searches the model with the floor posted, within the time left of the limit
   * ({@code startedAt}, from System.nanoTime, counts the model's construction).
   */
  public SolveResult run(
      String method, TaskModel.Backend backend, SolveLimits limits, long startedAt) {
    if (settled()) {
      return finish(method, backend.name(), hint, true, horizon)
          .withStat("search", "none: the heuristic meets the lower bound");
    }
    TaskModel model = model();
    // what is left once the task model is built: the back end's own building and search share it
    long left = limits.timeLimit().toNanos() - (System.nanoTime() - startedAt);
    TaskModel.Solution r =
        backend.solve(model, limits.withTimeLimit(Duration.ofNanos(Math.max(10_000_000L, left))));
    SolveResult out =
        r.found()
            ? finish(method, backend.name(), r.values(), r.answer().optimal(), r.answer().bound())
            : finish(method, backend.name(), null, false, 0);
    for (Map.Entry<String, Object> e : r.stats().entrySet()) {
      out = out.withStat(e.getKey(), e.getValue());
    }
    return out;
  }

  /** True if there is nothing to search: no message, or the hint already meets the bound. */
  public boolean settled() {
    return msg.length == 0 || bound.value() >= horizon * unit;
  }

  /**
   * The method's result from a back end's answer: {@code best} the slots of its best solution in
   * units (null if none), {@code optimal} whether it proved them optimal, {@code solverBound} its
   * bound on the makespan in units. With a solution: OPTIMAL when proven or when the bound meets
   * the makespan, else FEASIBLE with the larger of the posted and the solver's bound. Without one:
   * the hint, FEASIBLE unless it meets the bound. Adds the statistics {@code solver}, {@code hint},
   * {@code hintMakespan}, {@code unit} (when above 1), {@code virtualOptimum} (when proven) and,
   * for chatting on a ula, {@code voMakespan}: the makespan of the real schedule the VO transform
   * makes of these slots (docs/models/bufferless-chatting.md#transformations, Thm 3.2: at most S +
   * Q - 1).
   */
  public SolveResult finish(
      String method, String solver, long[] best, boolean optimal, long solverBound) {
    boolean have = best != null;
    long[] values = have ? best : hint;
    long makespan = 0;
    for (int j = 0; j < values.length; j++) {
      makespan = Math.max(makespan, (values[j] + length[j]) * unit);
    }
    long proven =
        have
            ? Math.max(0, Math.min(solverBound, horizon)) * unit
            : 0; // the objective is in [floor, H]
    LowerBound lb = reported(solver, have && optimal, makespan, Math.min(proven, makespan));
    SolveStatus st = SolverStatusMapping.decide(lb, makespan);
    Map<String, Long> out = new LinkedHashMap<>();
    for (int j = 0; j < msg.length; j++) {
      out.put(instance.messages().get(msg[j]).id(), values[j] * unit);
    }
    SolveResult r =
        new SolveResult(
            method, st, new Schedule.Slots(out), makespan, lb, TimeScale.UNIT, Map.of());
    if (!have) {
      r = r.withStat("fallback", heuristic.method());
    }
    r =
        r.withStat("solver", solver)
            .withStat("hint", heuristic.method())
            .withStat("hintMakespan", heuristic.makespan());
    if (unit > 1) {
      r = r.withStat("unit", unit);
    }
    if (st == SolveStatus.OPTIMAL) {
      r = r.withStat("virtualOptimum", makespan);
    }
    if (instance.kind() == ProblemKind.CHATTING && from != null && msg.length > 0) {
      r = r.withStat("voMakespan", voMakespan(values));
    }
    return r;
  }

  /**
   * The real makespan of the VO image of slots (in units) of a chatting instance on a ula (level =
   * from).
   */
  private long voMakespan(long[] values) {
    int m = msg.length;
    long[] sigma = new long[m];
    long[] len = new long[m];
    for (int j = 0; j < m; j++) {
      sigma[j] = values[j] * unit;
      len[j] = length[j] * unit;
    }
    long[] norm = Transforms.normalise(sigma);
    long s = Transforms.virtualDuration(norm, len);
    long[] t = Transforms.normalise(Transforms.vo(norm, from, s));
    long real = 0;
    for (int j = 0; j < m; j++) {
      real = Math.max(real, t[j] + len[j] + (to[j] - from[j]) - 1);
    }
    return real;
  }

  /**
   * The lower bound to report: on a proof of optimality the makespan itself (the posted bound if it
   * already meets it), otherwise the larger of the posted bound and the solver's bound.
   */
  private LowerBound reported(String solver, boolean optimal, long makespan, long solverBound) {
    return SolverStatusMapping.posted(
        bound,
        optimal,
        makespan,
        solverBound,
        solver + " proved that no virtual schedule (slots) ends before",
        "",
        " (bound at the time limit)");
  }

  /**
   * The shortest virtual schedule among the heuristics that apply: {@code first-fit} on the
   * instance, and {@code kierstead} and {@code interval-coloring} on its dsa view (the instance
   * itself for dsa, the same messages as a dsa problem for chatting on a ula, whose routes are the
   * straight paths). Ties: that order.
   */
  public static SolveResult bestSlots(Instance instance) {
    return bestSlots(instance, SolveLimits.defaults().run());
  }

  /**
   * As {@link #bestSlots(Instance)}, the heuristics run through {@code run} ({@link
   * SolveRun#solve}, counted).
   */
  public static SolveResult bestSlots(Instance instance, SolveRun run) {
    List<SolveResult> found = new ArrayList<>();
    found.add(run.solve(new FirstFitSlots(), instance, SolveLimits.defaults()));
    Instance view = dsaView(instance);
    if (view != null) {
      for (Method h : List.<Method>of(new Kierstead(), new IntervalColoring())) {
        if (h.whyNot(view) == null) {
          found.add(run.solve(h, view, SolveLimits.defaults()));
        }
      }
    }
    SolveResult best = null;
    for (SolveResult r : found) {
      if (r.schedule() instanceof Schedule.Slots
          && (best == null || r.makespan() < best.makespan())) {
        best = r;
      }
    }
    return best;
  }

  /** The dsa form of a chatting or dsa instance on a ula (null on other networks). */
  private static Instance dsaView(Instance instance) {
    if (instance.kind() == ProblemKind.DSA) {
      return instance;
    }
    if (!(instance.network().topology() instanceof Topology.Ula)) {
      return null;
    }
    List<Message> plain = new ArrayList<>();
    for (Message m : instance.messages()) {
      plain.add(new Message(m.id(), m.from(), m.to(), m.length()));
    }
    return new Instance(
        instance.name(), new Problem.Dsa(plain), instance.model(), instance.network());
  }

  /**
   * The distinct sets of two or more messages sharing one arc, without those contained in another
   * (when there are at most {@link #PRUNE_LIMIT}); largest first, ties in arc order.
   */
  private static List<int[]> maximal(Iterable<List<Integer>> byArc, int m) {
    List<BitSet> sets = new ArrayList<>();
    Set<BitSet> seen = new HashSet<>();
    for (List<Integer> us : byArc) {
      if (us.size() < 2) {
        continue;
      }
      BitSet b = new BitSet(m);
      for (int u : us) {
        b.set(u);
      }
      if (seen.add(b)) {
        sets.add(b);
      }
    }
    sets.sort(
        Comparator.comparingInt(BitSet::cardinality).reversed()); // stable: ties keep arc order
    List<BitSet> kept = new ArrayList<>();
    for (BitSet b : sets) {
      boolean contained = false;
      if (sets.size() <= PRUNE_LIMIT) {
        for (BitSet k : kept) {
          BitSet rest = (BitSet) b.clone();
          rest.andNot(k);
          if (rest.isEmpty()) {
            contained = true;
            break;
          }
        }
      }
      if (!contained) {
        kept.add(b);
      }
    }
    List<int[]> out = new ArrayList<>();
    for (BitSet b : kept) {
      out.add(b.stream().toArray());
    }
    return List.copyOf(out);
  }

  /**
   * Slots (in ticks) after letting every message fall, in order of its slot (then index), to the
   * lowest slot >= 0 where it meets no conflicting message already placed. Never raises a slot;
   * every result is 0 or the end of another message (see the class comment).
   */
  private long[] settle(long[] slots) {
    int m = slots.length;
    List<Message> ms = instance.messages();
    List<Set<Integer>> nb = new ArrayList<>();
    for (int j = 0; j < m; j++) {
      nb.add(new HashSet<>());
    }
    for (int[] g : groups) {
      for (int a : g) {
        for (int b : g) {
          if (a != b) {
            nb.get(a).add(b);
          }
        }
      }
    }
    Integer[] order = new Integer[m];
    for (int j = 0; j < m; j++) {
      order[j] = j;
    }
    Arrays.sort(order, Comparator.<Integer>comparingLong(j -> slots[j]).thenComparingInt(j -> j));
    long[] out = new long[m];
    boolean[] placed = new boolean[m];
    for (int i : order) {
      List<long[]> busy = new ArrayList<>();
      for (int j : nb.get(i)) {
        if (placed[j]) {
          busy.add(new long[] {out[j], out[j] + ms.get(msg[j]).length()});
        }
      }
      busy.sort(Comparator.comparingLong(x -> x[0]));
      long len = ms.get(msg[i]).length();
      long p = 0;
      for (long[] b : busy) {
        if (b[0] >= p + len) {
          break;
        }
        p = Math.max(p, b[1]);
      }
      out[i] = p;
      placed[i] = true;
    }
    return out;
  }

  private static long gcd(long a, long b) {
    while (b != 0) {
      long t = a % b;
      a = b;
      b = t;
    }
    return a;
  }
}
