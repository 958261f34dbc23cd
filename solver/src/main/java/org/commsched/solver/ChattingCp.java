package org.commsched.solver;

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
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveStatus;
import org.commsched.heuristics.baseline.FirstFitSlots;
import org.commsched.heuristics.baseline.GreedyBufferless;
import org.commsched.heuristics.chatting.IntervalColoring;
import org.commsched.heuristics.chatting.Kierstead;
import org.commsched.heuristics.chatting.Transforms;

/**
 * The data every exact chatting model shares (chatting spec §1.5), for both kinds of schedule, and the
 * translation of a back end's answer into a {@link SolveResult}.
 *
 * <p>Both kinds are one scheduling problem: one integer v_M per message (the departure t_M of a real schedule,
 * the slot σ_M of a virtual one), a list of <b>groups</b> of (message, offset) pairs whose intervals
 * [v_M + offset, v_M + offset + l_M) must be pairwise disjoint, and an end v_M + span_M per message whose maximum
 * is the makespan.
 * <ul>
 *   <li><b>Real</b> ({@link #real}): a group per arc crossed by two or more messages, the offset of M being the
 *       hop index k_M(e) of the arc on M's route; span = l + d - 1 (docs/DESIGN.md, Time). Horizon and hint: the
 *       {@code greedy} baseline.</li>
 *   <li><b>Virtual</b> ({@link #virtual}, spec §2.2 and the "virtual model" of §1.5): M reserves its whole route
 *       during [σ_M, σ_M + l_M), so every offset is 0 and span = l. Two messages conflict iff their routes share
 *       an arc; the groups are the distinct maximal sets of messages sharing one arc (cliques of the conflict
 *       graph; a set contained in another adds nothing). On a ula (and for dsa) the route of M is the arc
 *       interval [from, to), recorded in {@link #lo}/{@link #hi} for two-dimensional non-overlap (rectangle
 *       compaction, spec §2.2). Horizon and hint: the best of {@code first-fit}, {@code kierstead} and
 *       {@code interval-coloring} (the last two on the dsa view of a ula instance).</li>
 * </ul>
 * Values range over [0, H - span_M], H the heuristic's makespan, so the heuristic's schedule is always a solution;
 * the makespan variable is at least the best known lower bound ({@link #floor}).
 *
 * <p><b>Virtual models in units of g.</b> Let g be the greatest common divisor of the lengths. Letting every
 * message fall to the lowest slot where it fits, in order of its slot, never raises a message (the slot it had is
 * still free, since the messages below it only moved down) and leaves every slot 0 or the end of another message,
 * a sum of lengths, hence a multiple of g. So some optimal virtual schedule has all slots multiples of g, and the
 * virtual model works in units of g: lengths, slots, horizon and bound divided by g (the bound rounded up), the
 * answer multiplied back. Memory-planning sizes are typically multiples of an alignment (64 bytes, say), which
 * this divides out of the search. The heuristic's slots are settled the same way before they become the hint.
 *
 * @implNote Immutable after construction.
 */
final class ChattingCp {
  /** One message in one group: message index (into {@link #msg}) and offset (the hop index for real schedules). */
  record Use(int message, int hop) {
  }

  /** True for a virtual schedule (slots), false for a real one (departures). */
  final boolean virtual;
  /** Instance index of each non-null message taken into the model. */
  final int[] msg;
  /** The time unit of the model: 1 for real schedules, the gcd of the lengths for virtual ones. */
  final long unit;
  /** Length of each modelled message, in units. */
  final long[] length;
  /** End offset of each modelled message, in units: it ends at v + span (real: l + d - 1, virtual: l). */
  final long[] span;
  /** Groups of two or more uses whose intervals must be pairwise disjoint. */
  final List<List<Use>> groups;
  /** Virtual schedules on a ula: first arc (from) per modelled message; null otherwise. */
  final long[] lo;
  /** Virtual schedules on a ula: one past the last arc (to) per modelled message; null otherwise. */
  final long[] hi;
  /** The heuristic schedule's values per modelled message (virtual: settled), in units. */
  final long[] hint;
  /** The makespan of the hint, in units: the horizon. */
  final long horizon;
  /** The heuristic result (returned when the solver finds nothing). */
  final SolveResult heuristic;
  /** The best known lower bound (in ticks, not units). */
  final LowerBound bound;
  /** The smallest makespan the model may take, in units: the posted bound, or the longest span if larger. */
  final long floor;

  private final Instance instance;

  private ChattingCp(Instance instance, boolean virtual) {
    this.instance = instance;
    this.virtual = virtual;
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
    Map<Integer, List<Use>> byArc = new LinkedHashMap<>();
    for (int j = 0; j < m; j++) {
      int[] arcs = atlas.arcs(msg[j]);
      for (int k = 0; k < arcs.length; k++) {
        byArc.computeIfAbsent(arcs[k], a -> new ArrayList<>()).add(new Use(j, virtual ? 0 : k));
      }
    }
    groups = virtual ? maximal(byArc.values(), m) : shared(byArc.values());
    long pairs = 0;
    for (List<Use> us : groups) {
      pairs += (long) us.size() * us.size();
    }
    // settling the hint lists every conflicting pair: above SETTLE_LIMIT pairs keep the unit 1 and the raw hint
    boolean settle = virtual && pairs <= SETTLE_LIMIT;
    unit = settle && g > 0 ? g : 1;
    length = new long[m];
    span = new long[m];
    long longest = 0;
    for (int j = 0; j < m; j++) {
      length[j] = ms.get(msg[j]).length() / unit;
      span[j] = virtual ? length[j] : length[j] + atlas.arcs(msg[j]).length - 1;
      longest = Math.max(longest, span[j]);
    }
    if (virtual && instance.network().topology() instanceof Topology.Ula) {
      lo = new long[m];
      hi = new long[m];
      for (int j = 0; j < m; j++) {
        lo[j] = ms.get(msg[j]).from();
        hi[j] = ms.get(msg[j]).to();
      }
    } else {
      lo = null;
      hi = null;
    }
    heuristic = virtual ? bestSlots(instance) : new GreedyBufferless().solve(instance, SolveLimits.defaults());
    Map<String, Long> values = virtual ? ((Schedule.Slots) heuristic.schedule()).slots()
        : ((Schedule.Departures) heuristic.schedule()).departures();
    long[] h = new long[m];
    for (int j = 0; j < m; j++) {
      h[j] = values.get(ms.get(msg[j]).id());
    }
    if (settle) {
      h = settle(h, ms);
    }
    long top = 0;
    for (int j = 0; j < m; j++) {
      top = Math.max(top, h[j] + (virtual ? ms.get(msg[j]).length() : span[j]));
      h[j] /= unit; // exact: settled slots are multiples of the unit
    }
    hint = h;
    horizon = top / unit;
    LowerBound known = virtual ? LowerBounds.virtual(instance).stream().reduce(LowerBound.zero(), LowerBound::max)
        : LowerBounds.best(instance);
    bound = known.max(heuristic.lowerBound());
    floor = Math.min(horizon, Math.max(Math.floorDiv(bound.value() + unit - 1, unit), longest));
  }

  private static long gcd(long a, long b) {
    while (b != 0) {
      long t = a % b;
      a = b;
      b = t;
    }
    return a;
  }

  /**
   * Virtual slots (in ticks) after letting every message fall, in order of its slot (then index), to the lowest
   * slot >= 0 where it meets no conflicting message already placed. Never raises a slot; every result is 0 or the
   * end of another message (see the class comment).
   */
  private long[] settle(long[] slots, List<Message> ms) {
    int m = slots.length;
    List<Set<Integer>> nb = new ArrayList<>();
    for (int j = 0; j < m; j++) {
      nb.add(new HashSet<>());
    }
    for (List<Use> g : groups) {
      for (Use a : g) {
        for (Use b : g) {
          if (a.message() != b.message()) {
            nb.get(a.message()).add(b.message());
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

  /** The real model (departures) of a chatting instance. */
  static ChattingCp real(Instance instance) {
    return new ChattingCp(instance, false);
  }

  /** The virtual model (slots) of a chatting or dsa instance. */
  static ChattingCp virtual(Instance instance) {
    return new ChattingCp(instance, true);
  }

  /** Real model: the arcs used by two or more messages. */
  private static List<List<Use>> shared(Iterable<List<Use>> byArc) {
    List<List<Use>> out = new ArrayList<>();
    for (List<Use> us : byArc) {
      if (us.size() > 1) {
        out.add(List.copyOf(us));
      }
    }
    return List.copyOf(out);
  }

  /** Largest sum of squared group sizes for which the hint is settled (and the unit may exceed 1). */
  private static final long SETTLE_LIMIT = 20_000_000L;

  /** Largest group count for which contained groups are removed (quadratic); above it they are only deduplicated. */
  private static final int PRUNE_LIMIT = 2000;

  /**
   * Virtual model: the distinct sets of two or more messages sharing one arc, without those contained in
   * another (when there are at most {@link #PRUNE_LIMIT}); largest first, ties in arc order.
   */
  private static List<List<Use>> maximal(Iterable<List<Use>> byArc, int m) {
    List<BitSet> sets = new ArrayList<>();
    Set<BitSet> seen = new HashSet<>();
    for (List<Use> us : byArc) {
      if (us.size() < 2) {
        continue;
      }
      BitSet b = new BitSet(m);
      for (Use u : us) {
        b.set(u.message());
      }
      if (seen.add(b)) {
        sets.add(b);
      }
    }
    sets.sort(Comparator.comparingInt(BitSet::cardinality).reversed()); // stable: ties keep arc order
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
    List<List<Use>> out = new ArrayList<>();
    for (BitSet b : kept) {
      List<Use> us = new ArrayList<>();
      for (int j = b.nextSetBit(0); j >= 0; j = b.nextSetBit(j + 1)) {
        us.add(new Use(j, 0));
      }
      out.add(List.copyOf(us));
    }
    return List.copyOf(out);
  }

  /**
   * The shortest virtual schedule among the heuristics that apply: {@code first-fit} on the instance, and
   * {@code kierstead} and {@code interval-coloring} on its dsa view (the instance itself for dsa, the same
   * messages as a dsa problem for chatting on a ula, whose routes are the straight paths). Ties: that order.
   */
  static SolveResult bestSlots(Instance instance) {
    List<SolveResult> found = new ArrayList<>();
    found.add(new FirstFitSlots().solve(instance, SolveLimits.defaults()));
    Instance view = dsaView(instance);
    if (view != null) {
      for (Method h : List.<Method>of(new Kierstead(), new IntervalColoring())) {
        if (h.whyNot(view) == null) {
          found.add(h.solve(view, SolveLimits.defaults()));
        }
      }
    }
    SolveResult best = null;
    for (SolveResult r : found) {
      if (r.schedule() instanceof Schedule.Slots && (best == null || r.makespan() < best.makespan())) {
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
    return new Instance(instance.name(), new Problem.Dsa(plain), instance.model(), instance.network());
  }

  /**
   * Null if the real exact model applies (chatting, bufferless all ports; a dsa instance gets the virtual
   * model), else why not (naming an alternative).
   */
  static String whyNot(String name, Instance instance) {
    ProblemKind k = instance.kind();
    if (k != ProblemKind.CHATTING && k != ProblemKind.DSA) {
      return name + " solves chatting and dsa only; for " + k.wireName() + " use greedy or that problem's "
          + "heuristics";
    }
    if (!(instance.model() instanceof CommModel.Bufferless)
        || ((CommModel.Bufferless) instance.model()).ports() != CommModel.BufferlessPorts.ALL) {
      return name + " models bufferless chatting with all ports only; for this model use greedy";
    }
    return null;
  }

  int size() {
    return msg.length;
  }

  /** True if there is nothing to search: no message, or the hint already meets the bound. */
  boolean settled() {
    return msg.length == 0 || bound.value() >= horizon * unit;
  }

  /** A result from values (departures or slots, in units) per modelled message. */
  SolveResult result(String method, SolveStatus status, long[] values, LowerBound lower) {
    Map<String, Long> out = new LinkedHashMap<>();
    long makespan = 0;
    for (int j = 0; j < msg.length; j++) {
      out.put(instance.messages().get(msg[j]).id(), values[j] * unit);
      makespan = Math.max(makespan, (values[j] + span[j]) * unit);
    }
    Schedule s = virtual ? new Schedule.Slots(out) : new Schedule.Departures(out);
    return new SolveResult(method, status, s, makespan, lower, Map.of());
  }

  /**
   * The heuristic schedule relabelled as this method's answer: FEASIBLE (OPTIMAL only if it meets the bound).
   */
  SolveResult fallback(String method, LowerBound lower) {
    LowerBound b = bound.max(lower);
    SolveStatus st = b.value() == horizon * unit ? SolveStatus.OPTIMAL : SolveStatus.FEASIBLE;
    return annotate(result(method, st, hint, b).withStat("fallback", heuristic.method()));
  }

  /**
   * What a back end found, as a result: {@code status} is the back end's own outcome, {@code best} the values of
   * its best solution (null if none) and {@code solverBound} its proven bound on the objective, both in units. With
   * a solution:
   * OPTIMAL when proven (or when the bound meets the makespan), else FEASIBLE with the larger of the posted and the
   * solver's bound. Without one: {@link #fallback}. Adds the statistic {@code solver}.
   */
  SolveResult finish(String method, String solver, SolveStatus status, long[] best, long solverBound) {
    SolveResult out;
    if (status.hasSchedule() && best != null) {
      long makespan = 0;
      for (int j = 0; j < best.length; j++) {
        makespan = Math.max(makespan, (best[j] + span[j]) * unit);
      }
      boolean optimal = status == SolveStatus.OPTIMAL;
      long proven = Math.max(0, Math.min(solverBound, horizon)) * unit; // the objective lies in [floor, horizon]
      LowerBound lb = reported(solver, optimal, makespan, Math.min(proven, makespan));
      SolveStatus st = optimal || lb.value() == makespan ? SolveStatus.OPTIMAL : SolveStatus.FEASIBLE;
      out = annotate(result(method, st, best, lb));
    } else {
      out = fallback(method, bound);
    }
    return out.withStat("solver", solver);
  }

  /**
   * Statistics of a virtual result: the heuristic that gave the hint and its makespan; {@code virtualOptimum}
   * when the makespan is proven optimal; for chatting on a ula, {@code voMakespan}, the makespan of the real
   * schedule the VO transform makes of these slots (spec §3.2: at most S + Q - 1).
   */
  private SolveResult annotate(SolveResult r) {
    if (!virtual) {
      return r;
    }
    SolveResult out = r.withStat("hint", heuristic.method()).withStat("hintMakespan", heuristic.makespan());
    if (unit > 1) {
      out = out.withStat("unit", unit);
    }
    if (r.status() == SolveStatus.OPTIMAL) {
      out = out.withStat("virtualOptimum", r.makespan());
    }
    if (instance.kind() == ProblemKind.CHATTING && lo != null && msg.length > 0) {
      Map<String, Long> slots = ((Schedule.Slots) r.schedule()).slots();
      long[] sigma = new long[msg.length];
      long[] level = new long[msg.length];
      long[] len = new long[msg.length];
      for (int j = 0; j < msg.length; j++) {
        sigma[j] = slots.get(instance.messages().get(msg[j]).id());
        level[j] = lo[j];
        len[j] = length[j] * unit;
      }
      long[] norm = Transforms.normalise(sigma);
      long s = Transforms.virtualDuration(norm, len);
      long[] t = Transforms.normalise(Transforms.vo(norm, level, s));
      long real = 0;
      for (int j = 0; j < msg.length; j++) {
        real = Math.max(real, t[j] + len[j] + (hi[j] - lo[j]) - 1);
      }
      out = out.withStat("voMakespan", real);
    }
    return out;
  }

  /**
   * The lower bound to report: on a proof of optimality the makespan itself (the posted bound if it already
   * meets it), otherwise the larger of the posted bound and the solver's bound.
   */
  LowerBound reported(String solver, boolean optimal, long makespan, long solverBound) {
    String what = virtual ? "virtual schedule (slots) ends before " : "schedule ends before step ";
    if (optimal) {
      if (bound.value() >= makespan) {
        return bound;
      }
      return new LowerBound(makespan, "CP", solver + " proved that no " + what + makespan);
    }
    if (solverBound > bound.value()) {
      return new LowerBound(solverBound, "CP", solver + " proved that no " + what + solverBound
          + " (bound at the time limit)");
    }
    return bound;
  }
}
