package org.commsched.core.solve;

import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Supplier;
import org.commsched.core.bounds.Cutoff;
import org.commsched.core.bounds.LowerBounds;
import org.commsched.core.check.CheckReport;
import org.commsched.core.check.ScheduleChecker;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Schedule;

/**
 * One solve: everything a run shares between the methods it calls, passed explicitly (through
 * {@link SolveLimits#run()}) instead of process-wide state. It carries
 *
 * <ul>
 *   <li>the instance it solves and its limits ({@link #limits()} returns them with this run
 *       attached);
 *   <li>the lower bounds, computed once per instance and owned by the run ({@link #bounds}; {@link
 *       #prefetchBounds} starts them on a thread of their own while the method runs);
 *   <li>the incumbent: the best schedule accepted so far with the checker's report on it ({@link
 *       #offer}); a search started after the heuristics takes it as its start instead of running
 *       them again, and the final check reuses the report, so each accepted schedule is checked
 *       once;
 *   <li>the {@link Progress} its methods report to and a progress line reads;
 *   <li>its {@link StopToken}, tripped by Ctrl-C while the run is live ({@link #open()}, {@link
 *       Interrupt});
 *   <li>what its methods derived from an instance and read more than once ({@link #derived}), e.g.
 *       the start schedule that both a time-indexed method's size check and its grid take their
 *       horizon from.
 * </ul>
 *
 * It also counts, for tests and statistics, how often each method was run through it ({@link
 * #solve}) and how often each schedule was checked ({@link #check}).
 *
 * <p>A run made by {@link SolveLimits}'s constructors without one is detached: no instance of its
 * own (its bounds are asked per instance), not live until opened. Parallel runs (e.g. {@code ratios
 * --jobs 2}) share nothing mutable.
 *
 * @implNote Thread-safe.
 */
public final class SolveRun {
  private final Instance instance;
  private final SolveLimits limits;
  private final StopToken stop = new StopToken();
  private final Progress progress = new Progress();
  private final long created = System.nanoTime();

  /** The bounds of each instance asked about (by identity: an instance is immutable). */
  private final Map<Instance, CompletableFuture<List<LowerBound>>> bounds = new IdentityHashMap<>();

  /** How often each schedule was checked through the run (by identity). */
  private final Map<Schedule, Integer> checks = new IdentityHashMap<>();

  /**
   * The report of the last check of each schedule through the run (by identity), with the instance
   * checked against.
   */
  private final Map<Schedule, Checked> reports = new IdentityHashMap<>();

  /** How often the bounds of each instance were computed in the run (by identity): once at most. */
  private final Map<Instance, Integer> computed = new IdentityHashMap<>();

  /** The virtual bound ({@link #boundFor} of slots) of each instance asked about (by identity). */
  private final Map<Instance, LowerBound> virtualBounds = new IdentityHashMap<>();

  /**
   * What methods derived from each instance in the run (by identity), by key ({@link #derived}).
   */
  private final Map<Instance, Map<String, Object>> derived = new IdentityHashMap<>();

  /** How often each method was run through the run, by name. */
  private final Map<String, Integer> solves = new java.util.LinkedHashMap<>();

  private volatile Incumbent incumbent;

  /** {@link #passDeadline()}: none until a portfolio sets one ({@link #cutPassesAt}). */
  private volatile long passDeadline = Long.MAX_VALUE;

  /**
   * The bounds of a run get at most this share of its time limit ({@code 1 / BOUNDS_SHARE}),
   * counted from when their computation starts; past it the bounds that search stop with the best
   * valid value they have ({@link Cutoff}).
   */
  public static final int BOUNDS_SHARE = 2;

  /** CPU and wall nanoseconds of the bounds' computations, and of the checks, in the run. */
  private final long[] phaseNanos = new long[5];

  /** The bounds the run's deadline cut, by kind. */
  private final java.util.Set<String> boundsCut = new java.util.LinkedHashSet<>();

  /**
   * A run of {@code instance} under {@code limits} (whose own run, if any, is replaced by this
   * one).
   */
  public SolveRun(Instance instance, SolveLimits limits) {
    this.instance = instance;
    this.limits = limits.withRun(this);
  }

  /**
   * A run of {@code instance} whose bounds are known already ({@link #bounds} of an earlier run of
   * the same instance: an immutable list, handed over instead of computed again, e.g. by {@code
   * ratios} from one method's run to the next on the same instance).
   */
  public SolveRun(Instance instance, SolveLimits limits, List<LowerBound> known) {
    this(instance, limits);
    bounds.put(instance, CompletableFuture.completedFuture(List.copyOf(known)));
  }

  /**
   * A detached run: no instance or limits of its own (what {@link SolveLimits} gets when given
   * none).
   */
  SolveRun() {
    this.instance = null;
    this.limits = null;
  }

  /** The instance the run solves (null for a detached run). */
  public Instance instance() {
    return instance;
  }

  /** The run's limits, carrying this run (null for a detached run). */
  public SolveLimits limits() {
    return limits;
  }

  /**
   * When the run's time limit ends ({@link System#nanoTime()}): its creation plus its limits' time
   * limit; {@link Long#MAX_VALUE} for a detached run. A method given a share of the run (a
   * portfolio's heuristic) may use the rest of the run for optional work.
   */
  public long deadline() {
    if (limits == null) {
      return Long.MAX_VALUE;
    }
    long nanos = limits.timeLimit().toNanos();
    return nanos >= Long.MAX_VALUE - created ? Long.MAX_VALUE : created + nanos;
  }

  /**
   * When a method's first pass, which otherwise runs to its end whatever the clock says in the
   * methods that honour this deadline (so that their answer never depends on the machine's load),
   * must have ended or be given up ({@link System#nanoTime()}); {@link Long#MAX_VALUE} (never)
   * unless set by {@link #cutPassesAt}. The portfolio sets it beyond its delivery limit, where one
   * heuristic's pass and the check of its 10^6 records are what the run's time goes to: a pass
   * still running then returns no schedule (docs/models/README.md#the-default-portfolio).
   */
  public long passDeadline() {
    return passDeadline;
  }

  /** Sets {@link #passDeadline()} ({@link System#nanoTime()}; {@link Long#MAX_VALUE}: none). */
  public void cutPassesAt(long nanoTime) {
    passDeadline = nanoTime;
  }

  /** True when {@link #passDeadline()} is set and the clock has reached it. */
  public boolean passOver() {
    long d = passDeadline;
    return d != Long.MAX_VALUE && System.nanoTime() - d >= 0;
  }

  /** The run's stop token. */
  public StopToken stop() {
    return stop;
  }

  /** The run's progress figures. */
  public Progress progress() {
    return progress;
  }

  /**
   * Makes the run live until the handle is closed: Ctrl-C ({@link Interrupt#request()}) then trips
   * its token.
   */
  public StopToken.Registration open() {
    return Interrupt.register(stop);
  }

  // ---- bounds

  /**
   * Every lower bound of {@code instance} ({@link LowerBounds#all}), computed once per run and
   * instance; if {@link #prefetchBounds} is computing them, this waits for that computation.
   */
  public List<LowerBound> bounds(Instance instance) {
    try {
      return memo(instance, false).join();
    } catch (CompletionException e) {
      if (e.getCause() instanceof RuntimeException r) {
        throw r; // what the computation threw, as if computed here
      }
      if (e.getCause() instanceof Error err) {
        throw err;
      }
      throw e;
    }
  }

  /** The strongest bound of {@link #bounds} ({@link LowerBound#zero()} if none). */
  public LowerBound bestBound(Instance instance) {
    List<LowerBound> all = bounds(instance);
    return all.isEmpty() ? LowerBound.zero() : all.get(0);
  }

  /**
   * The strongest bound on schedules of the kind of {@code schedule}, in ticks of the instance: as
   * {@link LowerBounds#forSchedule}, each computed once per run and instance (the best real bound
   * from {@link #bounds}, the virtual one for slots kept beside them).
   */
  public LowerBound boundFor(Instance instance, Schedule schedule) {
    if (!(schedule instanceof Schedule.Slots)) {
      return bestBound(instance);
    }
    synchronized (virtualBounds) {
      return virtualBounds.computeIfAbsent(instance, i -> LowerBounds.forSchedule(i, schedule));
    }
  }

  /**
   * How often the run computed the bounds of {@code instance} (this very object): 1 once asked, 0
   * when never asked or handed over ({@link #SolveRun(Instance, SolveLimits, List)}). Methods that
   * take their bounds from the run ({@code limits.run()}) add nothing to it; {@code
   * SolveRunCountsTest} reads it.
   */
  public int boundComputations(Instance instance) {
    synchronized (computed) {
      return computed.getOrDefault(instance, 0);
    }
  }

  /** Starts computing {@link #bounds} on a thread of its own, so that the method runs meanwhile. */
  public void prefetchBounds(Instance instance) {
    memo(instance, true);
  }

  private CompletableFuture<List<LowerBound>> memo(Instance instance, boolean background) {
    CompletableFuture<List<LowerBound>> f;
    synchronized (bounds) {
      CompletableFuture<List<LowerBound>> known = bounds.get(instance);
      if (known != null) {
        return known;
      }
      f = new CompletableFuture<>();
      bounds.put(instance, f);
    }
    synchronized (computed) {
      computed.merge(instance, 1, Integer::sum);
    }
    Cutoff cutoff = cutoff();
    Runnable compute =
        () -> {
          long cpu = Cpu.thread();
          long wall = System.nanoTime();
          try {
            f.complete(LowerBounds.all(instance, cutoff));
          } catch (RuntimeException | Error e) {
            f.completeExceptionally(e);
          } finally {
            synchronized (phaseNanos) {
              phaseNanos[0] += Cpu.thread() - cpu;
              phaseNanos[1] += System.nanoTime() - wall;
              boundsCut.addAll(cutoff.cut());
            }
          }
        };
    if (background) {
      Thread t = new Thread(compute, "commsched-bounds");
      t.setDaemon(true);
      t.start();
    } else {
      compute.run();
    }
    return f;
  }

  /**
   * The deadline of a bounds computation starting now: {@link #BOUNDS_SHARE} of the run's time
   * limit, none for a detached run.
   */
  private Cutoff cutoff() {
    if (limits == null) {
      return Cutoff.none();
    }
    long share = limits.timeLimit().dividedBy(BOUNDS_SHARE).toNanos();
    long now = System.nanoTime();
    return share >= Long.MAX_VALUE / 4 ? Cutoff.none() : Cutoff.at(now + share);
  }

  /**
   * What the run spent on its bounds, its checks and its method so far, in nanoseconds: {@code
   * {bounds CPU, bounds wall, checks CPU, checks wall, method CPU}} (CPU of the threads that ran
   * them; the method's without the checks it asked for, {@link #addMethodCpu}).
   */
  public long[] phaseNanos() {
    synchronized (phaseNanos) {
      return phaseNanos.clone();
    }
  }

  /** Adds {@code nanos} of CPU to the method's ({@link #phaseNanos}). */
  public void addMethodCpu(long nanos) {
    synchronized (phaseNanos) {
      phaseNanos[4] += nanos;
    }
  }

  /** The bounds the run's deadline cut ({@link Cutoff#cut()}), by kind, in order. */
  public List<String> boundsCut() {
    synchronized (phaseNanos) {
      return List.copyOf(boundsCut);
    }
  }

  /**
   * What a method derives from {@code instance} and reads more than once in the run: {@code
   * compute}'s value the first time the run is asked for {@code key} of this instance (this very
   * object), the same value after. The time-indexed methods keep their start schedule here, so that
   * their size check and their grid run the heuristics behind it once per run (through {@link
   * #solve}, counted) instead of once each. {@code compute} runs outside the run's locks (it may
   * run methods through the run); a computation that throws stores nothing. Keys name what is kept
   * and who keeps it, e.g. {@code "packet time-indexed start"}, so that two methods never share one
   * by accident.
   */
  @SuppressWarnings("unchecked")
  public <T> T derived(Instance instance, String key, Supplier<T> compute) {
    synchronized (derived) {
      Map<String, Object> known = derived.get(instance);
      if (known != null && known.containsKey(key)) {
        return (T) known.get(key);
      }
    }
    T value = compute.get();
    synchronized (derived) {
      return (T)
          derived
              .computeIfAbsent(instance, i -> new java.util.HashMap<>())
              .computeIfAbsent(key, k -> value);
    }
  }

  // ---- methods and checks

  /**
   * Runs {@code method} on {@code instance} within this run (counted by {@link #solves(String)}).
   */
  public SolveResult solve(Method method, Instance instance, SolveLimits limits) {
    synchronized (solves) {
      solves.merge(method.name(), 1, Integer::sum);
    }
    return method.solve(instance, limits.withRun(this));
  }

  /** How often the method of that name was run through {@link #solve}. */
  public int solves(String method) {
    synchronized (solves) {
      return solves.getOrDefault(method, 0);
    }
  }

  /**
   * The checker's report on {@code schedule} ({@link ScheduleChecker#check}), counted by {@link
   * #checks} and kept for {@link #checked}.
   */
  public CheckReport check(Instance instance, Schedule schedule) {
    synchronized (checks) {
      checks.merge(schedule, 1, Integer::sum);
    }
    long cpu = Cpu.thread();
    long wall = System.nanoTime();
    CheckReport report = ScheduleChecker.check(instance, schedule);
    synchronized (phaseNanos) {
      phaseNanos[2] += Cpu.thread() - cpu;
      phaseNanos[3] += System.nanoTime() - wall;
    }
    synchronized (checks) {
      reports.put(schedule, new Checked(instance, report));
    }
    return report;
  }

  /**
   * The report of a check of {@code schedule} (this very object) against {@code instance} (this
   * very object) made through {@link #check}, or null: a schedule checked once in the run (the
   * incumbent's, or the hint an exact model derived and checked) is not checked again for the final
   * verdict.
   */
  public CheckReport checked(Instance instance, Schedule schedule) {
    synchronized (checks) {
      Checked c = reports.get(schedule);
      return c != null && c.instance() == instance ? c.report() : null;
    }
  }

  private record Checked(Instance instance, CheckReport report) {}

  /** How often any schedule was checked through {@link #check}. */
  public int checks() {
    synchronized (checks) {
      return checks.values().stream().mapToInt(Integer::intValue).sum();
    }
  }

  /** How often {@code schedule} (this very object) was checked through {@link #check}. */
  public int checks(Schedule schedule) {
    synchronized (checks) {
      return checks.getOrDefault(schedule, 0);
    }
  }

  // ---- the incumbent

  /**
   * The best schedule accepted so far, with the checker's report on it.
   *
   * @param instance the instance it was checked against
   * @param method the method that found it
   * @param result its result
   * @param report the checker's report (valid)
   */
  public record Incumbent(
      Instance instance, String method, SolveResult result, CheckReport report) {}

  /** The incumbent, or null before any schedule was accepted. */
  public Incumbent incumbent() {
    return incumbent;
  }

  /** The incumbent if it is a schedule of {@code instance} (this very object), else null. */
  public Incumbent incumbent(Instance instance) {
    Incumbent i = incumbent;
    return i != null && i.instance() == instance ? i : null;
  }

  /**
   * Offers a result of {@code method}: if it carries a schedule that is strictly shorter than the
   * incumbent's (same time scale), it is checked once and, when valid, becomes the incumbent (and
   * the progress's best). Returns the report of that check, or null when the result was not checked
   * (no schedule, or not shorter).
   */
  public CheckReport offer(Instance instance, String method, SolveResult result) {
    if (!result.hasSchedule()) {
      return null;
    }
    Incumbent now = incumbent(instance);
    if (now != null && !shorter(result, now.result())) {
      return null;
    }
    CheckReport report = check(instance, result.schedule());
    if (report.valid()) {
      synchronized (this) {
        Incumbent again = incumbent(instance);
        if (again == null || shorter(result, again.result())) {
          incumbent = new Incumbent(instance, method, result, report);
        }
      }
    }
    return report;
  }

  private static boolean shorter(SolveResult a, SolveResult b) {
    return java.math.BigDecimal.valueOf(a.makespan(), a.scale().decimals())
            .compareTo(java.math.BigDecimal.valueOf(b.makespan(), b.scale().decimals()))
        < 0;
  }
}
