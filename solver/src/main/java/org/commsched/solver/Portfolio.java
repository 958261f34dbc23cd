package org.commsched.solver;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.commsched.core.bounds.LowerBounds;
import org.commsched.core.check.CheckReport;
import org.commsched.core.model.Instance;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.model.Schedule;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.MethodFacts;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveRun;
import org.commsched.core.solve.SolveStatus;
import org.commsched.core.time.TimeScale;
import org.commsched.heuristics.bufferless.dsa.DsaMethods;
import org.commsched.heuristics.linearcost.LinearCostMethods;

/**
 * The default of {@code commsched solve} (no {@code --method}): the best schedule the toolkit finds
 * within the time limit, and which method found it (docs/models/README.md#the-default-portfolio).
 *
 * <p><b>Choice ({@link #choose}).</b> A dsa instance goes to {@code dsa-search} and a linear-cost
 * send or broadcast whose scheme provably meets the best lower bound to that scheme ({@link
 * LinearCostMethods#provenOptimal}): both are already the best answer. Every other instance goes to
 * this portfolio.
 *
 * <p><b>Algorithm.</b>
 *
 * <ol>
 *   <li>Heuristics: every applicable non-exact method in the registry's order (each family's
 *       papers' algorithms before the baselines), each with a quarter of the time left less the
 *       half kept for a search that follows, and at least {@link #MIN_SHARE} (its first pass).
 *       Every one of them runs, whatever the clock says: which heuristics run depends only on the
 *       plan, the bound and Ctrl-C, never on how long the earlier ones took, so the answer is never
 *       longer than any applicable heuristic's first pass, on every run (a rule that skipped a
 *       later heuristic after slow earlier ones answered a gossip on {@code bla} 3 with
 *       rarest-first's 36 on a loaded machine and greedy-saf's optimal 16 otherwise). The step
 *       stops as soon as a schedule meets the instance's best lower bound (then OPTIMAL without
 *       search), which the run computes before the first heuristic starts. Virtual schedules
 *       (slots) are not comparable with real makespans and are passed over; a schedule the checker
 *       rejects is recorded as such and passed over. Beyond {@link #SEARCH_MAX} messages only the
 *       first applicable heuristic runs (one pass over a million messages already takes seconds,
 *       and two would hold two schedules in memory), and likewise beyond {@link #DELIVERIES_MAX}
 *       unit deliveries of a broadcast or gossip. There the clock may change which heuristics run:
 *       the first pass must end within twice the time left ({@link #PASS_PERCENT}, {@link
 *       SolveRun#passDeadline()}), a loose deadline that cuts only a pass far past the limit; a
 *       heuristic that honours it ({@code arc-queue-flood}) then returns no schedule, no later one
 *       runs, and the run answers UNKNOWN rather than overrun by more than the time it had. (The
 *       clock also bounds the searches within a heuristic: {@code packet-annealing}'s restarts, the
 *       first too, stop at its share, after 4,096 moves at least.)
 *   <li>Search, on the time left, for instances of at most {@link #SEARCH_MAX} messages (or
 *       origins) and {@link #DELIVERIES_MAX} unit deliveries: a method that improves the run's
 *       incumbent ({@link Method#improvesIncumbent()}: {@code lns}, for chatting under all ports;
 *       it starts from the heuristics' best schedule and runs CP-SAT's full model for part of its
 *       time), else the first applicable exact method ({@code cpsat}: the bufferless model, or the
 *       packet and linear-cost models hinted with their family's best heuristic). It gets the time
 *       left, and at least a tenth of the limit ({@link #MIN_SEARCH}) even when the first heuristic
 *       overran its share (so the run may end that much after the limit; the command line's reserve
 *       covers it).
 *   <li>Answer: the shortest valid schedule (the earliest on ties), with the largest lower bound
 *       any step proved, OPTIMAL when they meet. Statistics: {@code foundBy} (the method whose
 *       schedule it is) and {@code tried} (each method's makespan, or why it gave none, in run
 *       order).
 * </ol>
 *
 * Ctrl-C (the run's {@link org.commsched.core.solve.StopToken}) ends the heuristics loop and the
 * search as a time limit would. {@link #plan} says which methods run in which order with what time;
 * {@link #solve} follows it.
 *
 * <p><b>Guarantee.</b> Never longer than any single heuristic it ran, and OPTIMAL whenever the
 * search proves it; no approximation ratio beyond those of its members.
 *
 * @implNote Immutable; stateless.
 */
public final class Portfolio implements Method {
  /** The method name in results and schedule files. */
  public static final String NAME = "portfolio";

  /**
   * Beyond this many messages (or origins) the portfolio runs its first heuristic only: no further
   * pass, no search.
   */
  public static final int SEARCH_MAX = 10_000;

  /**
   * Beyond this many unit deliveries (a broadcast's or gossip's units times the nodes that receive
   * them) the portfolio also runs its first heuristic only: the exact models refuse such sizes long
   * before, and a second pass of the slower heuristics ({@code greedy-saf} placed a gossip on 1,000
   * nodes in 46 s) would hold the answer for most of the limit; the first applicable heuristic
   * there is a near-linear one ({@code arc-queue-flood}, or a scheme of the network's family).
   */
  public static final long DELIVERIES_MAX = 200_000L;

  /**
   * Beyond the search limits ({@link Plan#firstScheduleOnly()}) the first heuristic's pass must end
   * within this percentage of the time left when it starts ({@link SolveRun#cutPassesAt}): twice
   * the time left, a loose deadline: a pass may still end up to the time left past the limit, and
   * only one that would go further is cut (the check and the writing of its schedule, on a gossip
   * of 10^6 deliveries about as much CPU as the pass itself, take the reserve the command line
   * keeps after the method's budget, up to 2 s, and the grace). A pass the deadline cuts returns no
   * schedule, and the heuristics after it, which would be cut the same way (or, looking at no
   * clock, run far beyond it), are not run. Measured (docs/BENCHMARKS.md, branch h22-gossiptime),
   * the 10^3-node gossip under all ports: at 50 it answered UNKNOWN at a load of 11 under a limit
   * of 30 s, where the whole run fitted in 27 s; at 100 it answered UNKNOWN at a load of 6.7 under
   * 10 s, where the whole run ended in 11.6 s.
   */
  static final int PASS_PERCENT = 200;

  /** Each heuristic may use this fraction (1 / SHARE) of the time left. */
  static final int SHARE = 4;

  /**
   * The search always gets at least this fraction (1 / MIN_SEARCH) of the time limit, even after a
   * slow heuristic.
   */
  static final int MIN_SEARCH = 10;

  /**
   * The least time a heuristic is given (nanoseconds): one that starts late still makes its first
   * pass.
   */
  static final long MIN_SHARE = 1_000_000L;

  /** The statistic naming the method that found the answer. */
  public static final String FOUND_BY = "foundBy";

  private final List<Method> heuristics;
  private final List<Method> searches;
  private final MethodFacts facts;

  private Portfolio(List<Method> heuristics, List<Method> searches) {
    this.heuristics = List.copyOf(heuristics);
    this.searches = List.copyOf(searches);
    Method first = heuristics.isEmpty() ? searches.get(0) : heuristics.get(0);
    this.facts =
        new MethodFacts(
            NAME,
            "the default: every applicable heuristic best-first, then lns or the exact model on the time left; "
                + "the best schedule and which method found it",
            "never longer than any heuristic it ran; optimal when the search proves it",
            "this project (a portfolio of the registry's methods)",
            first.scope(),
            false);
  }

  /**
   * A portfolio of the given methods, in this order (tests; {@link #choose} builds the default's).
   */
  static Portfolio of(List<Method> heuristics, List<Method> searches) {
    return new Portfolio(heuristics, searches);
  }

  /**
   * The default method for an instance: {@code dsa-search} for dsa, a linear-cost scheme proven
   * optimal before it runs, otherwise the portfolio over the registry's methods; null if no method
   * applies.
   */
  public static Method choose(MethodRegistry registry, Instance instance) {
    return choose(registry, instance, () -> LowerBounds.best(instance).value());
  }

  /**
   * {@link #choose(MethodRegistry, Instance)} with the instance's best lower bound from the caller,
   * asked only when a linear-cost scheme could be proven optimal ({@link
   * LinearCostMethods#provenOptimal(Instance, java.util.function.LongSupplier)}): {@code solve}
   * passes the bounds its run then keeps.
   */
  public static Method choose(
      MethodRegistry registry, Instance instance, java.util.function.LongSupplier bestBound) {
    if (instance.kind() == ProblemKind.DSA) {
      Method dsa = registry.byName(DsaMethods.DEFAULT);
      if (dsa != null && dsa.whyNot(instance) == null) {
        return dsa;
      }
    }
    Method proven = LinearCostMethods.provenOptimal(instance, bestBound);
    if (proven != null && registry.byName(proven.name()) != null) {
      return registry.byName(proven.name());
    }
    List<Method> applicable = registry.applicable(instance);
    if (applicable.isEmpty()) {
      return null;
    }
    List<Method> heuristics = new ArrayList<>();
    List<Method> searches = new ArrayList<>();
    for (Method m : applicable) {
      if (m.improvesIncumbent()) {
        searches.add(
            0, m); // lns before the exact models: it holds up on instances too big for them
      } else if (m.exact()) {
        searches.add(m);
      } else {
        heuristics.add(m);
      }
    }
    return new Portfolio(heuristics, searches);
  }

  /**
   * What the portfolio runs on an instance under a time limit, in order and with what time: the
   * plan {@link #solve} follows.
   *
   * @param heuristics the heuristics in run order; each runs, whatever the earlier ones took, until
   *     a schedule meets the best lower bound (or Ctrl-C; beyond the search limits, until the first
   *     schedule or the pass deadline)
   * @param firstScheduleOnly true beyond {@link #SEARCH_MAX} messages or {@link #DELIVERIES_MAX}
   *     unit deliveries: the heuristics stop at the first schedule (a later one runs only when the
   *     earlier ones failed before the pass deadline)
   * @param searches the searches in the order tried, the method that improves the incumbent first:
   *     the first that does not fail gets all the time left; empty when no search runs (none
   *     applies, or beyond {@link #SEARCH_MAX})
   * @param firstShare the time the first heuristic gets; each later one gets 1 / {@value #SHARE} of
   *     the time left minus {@code kept}, at least {@link #MIN_SHARE}
   * @param kept the time kept for the search (half the limit when a search runs, else none)
   * @param searchAtLeast the search's guaranteed slice, 1 / {@value #MIN_SEARCH} of the limit, even
   *     after a slow first heuristic (zero when no search runs)
   */
  public record Plan(
      List<Method> heuristics,
      boolean firstScheduleOnly,
      List<Method> searches,
      Duration firstShare,
      Duration kept,
      Duration searchAtLeast) {
    /** The names of the heuristics, in run order. */
    public List<String> heuristicNames() {
      return heuristics.stream().map(Method::name).toList();
    }

    /** The names of the searches, in the order tried. */
    public List<String> searchNames() {
      return searches.stream().map(Method::name).toList();
    }
  }

  /** The plan of a solve of {@code instance} under the time limit {@code limit}. */
  public Plan plan(Instance instance, Duration limit) {
    boolean big = size(instance) > SEARCH_MAX || deliveries(instance) > DELIVERIES_MAX;
    List<Method> ss = big ? List.of() : searches;
    long nanos = limit.toNanos();
    long kept = ss.isEmpty() ? 0 : nanos / 2;
    return new Plan(
        heuristics,
        big,
        ss,
        Duration.ofNanos(Math.max(MIN_SHARE, (nanos - kept) / SHARE)),
        Duration.ofNanos(kept),
        ss.isEmpty() ? Duration.ZERO : Duration.ofNanos(nanos / MIN_SEARCH));
  }

  /**
   * The portfolio's facts; its scope, which only the listing would read ({@link #whyNot} asks the
   * members), is that of its first member.
   */
  @Override
  public MethodFacts facts() {
    return facts;
  }

  @Override
  public String whyNot(Instance instance) {
    for (Method m : heuristics) {
      if (m.whyNot(instance) == null) {
        return null;
      }
    }
    for (Method m : searches) {
      if (m.whyNot(instance) == null) {
        return null;
      }
    }
    return "no method applies to a " + instance.kind().wireName() + " instance under this model";
  }

  @Override
  public SolveResult solve(Instance instance, SolveLimits limits) {
    requireApplies(instance);
    long t0 = System.nanoTime();
    long deadline = t0 + limits.timeLimit().toNanos();
    TimeScale unit = instance.timeScale();
    SolveRun run = limits.run();
    LowerBound known = run.bestBound(instance);
    limits.run().progress().bound(known.value());
    Map<String, Object> tried = new LinkedHashMap<>();
    SolveResult best = null;
    LowerBound bound =
        known; // in ticks of the instance: the bounds are in before any answer is compared with
    // them
    Plan plan = plan(instance, limits.timeLimit());
    long kept =
        plan.kept().toNanos(); // a heuristic's share is a quarter of what it leaves the search
    if (plan.firstScheduleOnly()) {
      long now = System.nanoTime();
      long left = Math.max(0, deadline - now);
      run.cutPassesAt(
          left > Long.MAX_VALUE / PASS_PERCENT ? Long.MAX_VALUE : now + left * PASS_PERCENT / 100);
    }
    try {
      for (Method h : plan.heuristics()) {
        // which heuristics run depends on the plan, the bound and Ctrl-C, not on the clock (so
        // neither does the answer's floor: a heuristic late for its share still runs, on the least
        // share), with one exception: beyond the delivery limit, once the pass deadline has passed
        // with no schedule, nothing more runs
        if (best != null
            && (run.stop().stopped()
                || plan.firstScheduleOnly()
                || units(best.makespan(), best.scale()).compareTo(units(bound.value(), unit))
                    <= 0)) {
          break;
        }
        Duration share =
            Duration.ofNanos(Math.max(MIN_SHARE, (deadline - System.nanoTime() - kept) / SHARE));
        SolveResult r;
        try {
          r = run.solve(h, instance, limits.withTimeLimit(share));
        } catch (RuntimeException e) {
          tried.put(h.name(), "failed: " + e.getMessage());
          r = null;
        }
        if (r != null) {
          best = better(run, instance, h.name(), r, best, tried);
          bound = bound.max(inUnitTicks(r, unit));
        }
        if (best == null && run.passOver()) {
          tried.put("(rest)", "not run: the pass deadline has passed");
          break;
        }
      }
    } finally {
      run.cutPassesAt(Long.MAX_VALUE);
    }
    // the search's guaranteed slice: a tenth of the limit even when the first heuristic overran its
    // share
    long left = Math.max(deadline - System.nanoTime(), plan.searchAtLeast().toNanos());
    boolean done =
        best != null
            && units(best.makespan(), best.scale()).compareTo(units(bound.value(), unit)) <= 0;
    if (!done && !run.stop().stopped() && left > 0) {
      for (Method s : plan.searches()) {
        SolveResult r;
        try {
          r =
              run.solve(
                  s, instance, limits.withTimeLimit(Duration.ofNanos(Math.max(1_000_000L, left))));
        } catch (RuntimeException e) {
          tried.put(s.name(), "failed: " + e.getMessage());
          continue;
        }
        best = better(run, instance, s.name(), r, best, tried);
        bound = bound.max(inUnitTicks(r, unit));
        break; // one search: it had all the time left
      }
    }
    if (best == null) {
      return new SolveResult(NAME, SolveStatus.UNKNOWN, null, null, bound, unit, Map.of())
          .withStat("tried", words(tried));
    }
    TimeScale scale = best.scale();
    // results are never coarser than the instance, so the bound moves to the schedule's ticks
    // exactly
    LowerBound posted =
        scale.decimals() >= unit.decimals() ? bound.rescale(unit, scale) : best.lowerBound();
    posted = posted.max(best.lowerBound());
    SolveStatus status =
        posted.value() >= best.makespan() ? SolveStatus.OPTIMAL : SolveStatus.FEASIBLE;
    Map<String, Object> stats = new LinkedHashMap<>();
    stats.put(FOUND_BY, best.method());
    stats.putAll(best.stats());
    stats.put("tried", words(tried));
    return new SolveResult(NAME, status, best.schedule(), best.makespan(), posted, scale, stats);
  }

  /**
   * The better of {@code r} (from method {@code name}) and {@code best}: r only when it has a real
   * schedule the checker accepts and is strictly shorter. Such a schedule is offered to the run
   * ({@link SolveRun#offer}), which checks it once and keeps it with its report as the incumbent
   * that a later search starts from. Records r's makespan or why it was passed over in {@code
   * tried}.
   */
  private static SolveResult better(
      SolveRun run,
      Instance instance,
      String name,
      SolveResult r,
      SolveResult best,
      Map<String, Object> tried) {
    if (!r.hasSchedule()) {
      tried.put(name, "no schedule (" + r.status() + ")");
      return best;
    }
    if (r.schedule() instanceof Schedule.Slots) {
      tried.put(name, "virtual schedule, not compared");
      return best;
    }
    tried.put(name, r.scale().format(r.makespan()));
    if (best != null
        && units(r.makespan(), r.scale()).compareTo(units(best.makespan(), best.scale())) >= 0) {
      return best;
    }
    SolveResult named = r.withMethod(name);
    CheckReport check = run.offer(instance, name, named);
    if (check == null) { // not shorter than the run's incumbent
      return best;
    }
    if (!check.valid()) { // a bug in that method: say so in the statistics and keep the best valid
      // schedule
      tried.put(name, "rejected by the checker: " + check.violations().get(0));
      return best;
    }
    BigDecimal ms = units(r.makespan(), r.scale());
    run.progress()
        .incumbent(
            ms.movePointRight(instance.timeScale().decimals())
                .setScale(0, RoundingMode.CEILING)
                .longValueExact());
    return named;
  }

  /**
   * A result's lower bound in ticks of the instance (rounded down from a finer scale: still a
   * bound).
   */
  private static LowerBound inUnitTicks(SolveResult r, TimeScale unit) {
    LowerBound b = r.lowerBound();
    long v =
        units(b.value(), r.scale())
            .movePointRight(unit.decimals())
            .setScale(0, RoundingMode.FLOOR)
            .longValueExact();
    return new LowerBound(v, b.kind(), b.witness());
  }

  private static BigDecimal units(long ticks, TimeScale scale) {
    return BigDecimal.valueOf(ticks, scale.decimals());
  }

  private static String words(Map<String, Object> tried) {
    List<String> parts = new ArrayList<>();
    for (Map.Entry<String, Object> e : tried.entrySet()) {
      parts.add(e.getKey() + " " + e.getValue());
    }
    return String.join(", ", parts);
  }

  /**
   * The unit deliveries of a broadcast or gossip: each origin's units times the other nodes,
   * saturated just above {@link #DELIVERIES_MAX}; 0 for the other problems.
   */
  static long deliveries(Instance instance) {
    if (instance.kind() != ProblemKind.BROADCAST && instance.kind() != ProblemKind.GOSSIP) {
      return 0;
    }
    long receivers = instance.network().nodes() - 1L;
    long d = 0;
    for (org.commsched.core.model.Origin o : instance.origins()) {
      d = Math.min(DELIVERIES_MAX + 1, d + Math.min(DELIVERIES_MAX + 1, o.length()) * receivers);
    }
    return d;
  }

  /** A rough size: messages, or origins for unit-level problems (as {@link MethodRegistry}). */
  private static int size(Instance instance) {
    return MethodRegistry.size(instance);
  }
}
