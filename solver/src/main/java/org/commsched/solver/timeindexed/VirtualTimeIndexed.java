package org.commsched.solver.timeindexed;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.commsched.core.model.Atlas;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Schedule;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveRun;
import org.commsched.core.time.TimeScale;
import org.commsched.solver.bufferless.VirtualCp;
import org.commsched.solver.model.SolverStatusMapping;

/**
 * The time-indexed formulation of virtual chatting schedules (slots), and so of dsa buffer layouts
 * (rectangle compaction on a ula), written from the definition independently of the interval model
 * of {@code cpsat-virtual} and {@code choco-virtual}.
 *
 * <p><b>Derivation.</b> A virtual schedule gives message M a slot σ_M &gt;= 0, and M reserves every
 * arc of its route during [σ_M, σ_M + l_M); two reservations of one arc never meet
 * (docs/DESIGN.md#time, docs/models/bufferless-chatting.md#virtual-schedules-and-dsa, the virtual
 * constraints (3.1)-(3.2)); the makespan is max (σ_M + l_M). A binary y[M,σ] says that M takes slot
 * σ, once; per arc and step s, the y[M,σ] of the messages on the arc with σ &lt;= s &lt; σ + l_M
 * sum to at most 1.
 *
 * <p><b>Units.</b> Let g be the gcd of the lengths. In a shortest virtual schedule let every
 * message fall, lowest slot first, to the lowest slot where it fits: none rises, and each then sits
 * at 0 or on the top of a conflicting message, a sum of lengths; so some shortest schedule has
 * every slot a multiple of g, and so does its makespan. The grid counts steps of g (lengths divided
 * by g), which loses no optimum.
 *
 * <p><b>Horizon and hint.</b> The best virtual heuristic ({@link VirtualCp#bestSlots}: {@code
 * first-fit}, and {@code kierstead} and {@code interval-coloring} on a ula), of makespan S; by the
 * argument above some schedule of makespan at most S has slots that are multiples of g, so the
 * grid's horizon is floor(S / g) units and CP-SAT's OPTIMAL is a proof over all virtual schedules.
 * The heuristic's slots are the hint when they are multiples of g.
 *
 * <p><b>Size.</b> As {@link BufferlessTimeIndexed}: at most {@value
 * BufferlessTimeIndexed#MAX_CELLS} messages x horizon (in units) and {@value
 * BufferlessTimeIndexed#MAX_NONZEROS} nonzeros.
 *
 * @implNote Immutable after construction.
 */
public final class VirtualTimeIndexed {
  private final Instance instance;
  private final int[] msg;
  private final long unit;
  private final long horizon;
  private final SolveResult heuristic;
  private final LowerBound bound;
  private final StepGrid grid;

  /**
   * The grid of {@code instance}: its start the run's best virtual heuristic ({@link #start}), its
   * bound the run's.
   */
  private VirtualTimeIndexed(Instance instance, SolveRun run) {
    this.instance = instance;
    Atlas atlas = instance.atlas();
    List<Message> ms = instance.messages();
    List<Integer> idx = new ArrayList<>();
    for (int i = 0; i < ms.size(); i++) {
      if (ms.get(i).length() > 0) {
        idx.add(i);
      }
    }
    msg = idx.stream().mapToInt(Integer::intValue).toArray();
    unit = unit(instance);
    heuristic = start(instance, run);
    horizon = heuristic.makespan() / unit;
    bound = run.boundFor(instance, heuristic.schedule()).max(heuristic.lowerBound());
    Map<String, Long> slots = ((Schedule.Slots) heuristic.schedule()).slots();
    grid = new StepGrid(horizon);
    for (int j = 0; j < msg.length; j++) {
      long slot = slots.get(ms.get(msg[j]).id());
      long len = ms.get(msg[j]).length() / unit;
      int y = grid.job(horizon - len, len, slot % unit == 0 ? slot / unit : -1);
      for (int a : atlas.arcs(msg[j])) {
        grid.use(y, a, 0, len);
      }
    }
  }

  /**
   * Why the formulation refuses the instance (too large a grid), or null: decided from sizes,
   * without building the grid or the lower bounds. First from the lengths and routes alone (every
   * virtual schedule lasts at least the longest message, so a grid already too large at that
   * horizon is refused before any heuristic runs), then from the heuristic's horizon ({@link
   * #size}).
   */
  static String whyNot(Instance instance, String method, SolveRun run) {
    long nonNull = instance.messages().stream().filter(m -> m.length() > 0).count();
    if (nonNull > BufferlessTimeIndexed.MAX_MESSAGES) {
      return method
          + " is for small instances: "
          + nonNull
          + " messages, at most "
          + BufferlessTimeIndexed.MAX_MESSAGES
          + "; use cpsat-virtual";
    }
    long unit = unit(instance);
    long floor = 0;
    for (Message m : instance.messages()) {
      floor = Math.max(floor, m.length() / unit);
    }
    String why =
        BufferlessTimeIndexed.tooLarge(
            method,
            nonNull,
            floor,
            "units of " + unit + " (at least: the longest message)",
            nonzeros(instance, unit, floor),
            "cpsat-virtual");
    if (why != null) {
      return why;
    }
    long[] size = size(instance, run);
    return BufferlessTimeIndexed.tooLarge(
        method, nonNull, size[0], "units of " + unit, size[1], "cpsat-virtual");
  }

  /**
   * The horizon (in units) and the capacity rows' nonzeros of the grid the constructor builds,
   * counted without building it or the lower bounds: the horizon from the run's {@link #start},
   * then {@link #nonzeros}.
   */
  static long[] size(Instance instance, SolveRun run) {
    long unit = unit(instance);
    long horizon = start(instance, run).makespan() / unit;
    return new long[] {horizon, nonzeros(instance, unit, horizon)};
  }

  /** As {@link #size(Instance, SolveRun)} in a detached run of its own. */
  static long[] size(Instance instance) {
    return size(instance, SolveLimits.defaults().run());
  }

  /** The horizon and nonzeros of the grid as built: what {@link #size} counts. */
  static long[] builtSize(Instance instance) {
    VirtualTimeIndexed m = new VirtualTimeIndexed(instance, SolveLimits.defaults().run());
    return new long[] {m.horizon, m.grid.nonzeros()};
  }

  /**
   * The best virtual heuristic's slots ({@link VirtualCp#bestSlots}), the size check's and the
   * grid's horizon and hint: computed once per run, the heuristics run through the run ({@link
   * SolveRun#derived}).
   */
  private static SolveResult start(Instance instance, SolveRun run) {
    return run.derived(
        instance, "virtual time-indexed start", () -> VirtualCp.bestSlots(instance, run));
  }

  /**
   * The nonzeros of a grid of {@code horizon} units: per non-null message of l units over d arcs, l
   * steps of each arc for each of its H - l + 1 candidate slots, as {@link StepGrid#nonzeros()}
   * counts them (saturating).
   */
  private static long nonzeros(Instance instance, long unit, long horizon) {
    List<Message> ms = instance.messages();
    long out = 0;
    for (int i = 0; i < ms.size(); i++) {
      long len = ms.get(i).length() / unit;
      if (len > 0) {
        long starts = Math.max(0, horizon - len + 1);
        out = Math.min(Long.MAX_VALUE / 4, out + starts * len * instance.atlas().hops(i));
      }
    }
    return out;
  }

  /** The grid's unit: the gcd of the non-null lengths (1 without any). */
  private static long unit(Instance instance) {
    long g = 0;
    for (Message m : instance.messages()) {
      if (m.length() > 0) {
        g = gcd(g, m.length());
      }
    }
    return Math.max(1, g);
  }

  /** Solves as {@link BufferlessTimeIndexed#solve}, in virtual slots. */
  static SolveResult solve(
      Instance instance, SolveLimits limits, String method, boolean alwaysSearch, long started) {
    VirtualTimeIndexed m = new VirtualTimeIndexed(instance, limits.run());
    SolveResult out;
    if (m.msg.length == 0 || (!alwaysSearch && m.bound.value() >= m.heuristic.makespan())) {
      out =
          m.fromHeuristic(method)
              .withStat(
                  "search", "none: the " + m.heuristic.method() + " slots meet the lower bound");
    } else {
      StepGrid.Result r =
          m.grid.solve(
              alwaysSearch ? 0 : ceilDiv(m.bound.value(), m.unit),
              limits,
              started + limits.timeLimit().toNanos());
      if (r == null) { // the limit passed (or a stop came) while the grid was built
        out =
            m.fromHeuristic(method)
                .withStat("fallback", m.heuristic.method())
                .withStat("search", StepGrid.builtLate(m.horizon));
      } else {
        SolverStatusMapping.Answer a = r.answer();
        out =
            a.hasSchedule()
                ? m.result(method, r.starts(), a.optimal(), a.bound() * m.unit)
                : m.fromHeuristic(method).withStat("fallback", m.heuristic.method());
        for (Map.Entry<String, Object> e : r.stats().entrySet()) {
          out = out.withStat(e.getKey(), e.getValue());
        }
      }
    }
    return out.withStat("model", "time-indexed, virtual, unit " + m.unit + ", horizon " + m.horizon)
        .withStat("hint", m.heuristic.method());
  }

  private SolveResult fromHeuristic(String method) {
    long makespan = heuristic.makespan();
    LowerBound lower = SolverStatusMapping.posted(bound, false, makespan, 0, "", "", "");
    return new SolveResult(
        method,
        SolverStatusMapping.decide(lower, makespan),
        heuristic.schedule(),
        makespan,
        lower,
        TimeScale.UNIT,
        Map.of());
  }

  private SolveResult result(String method, long[] starts, boolean optimal, long solverBound) {
    List<Message> ms = instance.messages();
    Map<String, Long> out = new LinkedHashMap<>();
    long makespan = 0;
    for (int j = 0; j < msg.length; j++) {
      long slot = starts[j] * unit;
      out.put(ms.get(msg[j]).id(), slot);
      makespan = Math.max(makespan, slot + ms.get(msg[j]).length());
    }
    LowerBound lower =
        SolverStatusMapping.posted(
            bound,
            optimal,
            makespan,
            Math.min(solverBound, makespan),
            "the time-indexed model (CP-SAT) proved that no virtual schedule (slots) ends before",
            "",
            " (bound at the time limit)");
    return new SolveResult(
        method,
        SolverStatusMapping.decide(lower, makespan),
        new Schedule.Slots(out),
        makespan,
        lower,
        TimeScale.UNIT,
        Map.of());
  }

  private static long ceilDiv(long a, long b) {
    return -Math.floorDiv(-a, b);
  }

  private static long gcd(long a, long b) {
    return b == 0 ? a : gcd(b, a % b);
  }
}
