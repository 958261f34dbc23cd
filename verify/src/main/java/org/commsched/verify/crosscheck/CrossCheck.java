package org.commsched.verify.crosscheck;

import java.io.Serializable;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.commsched.core.bounds.LowerBounds;
import org.commsched.core.model.Family;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Schedule;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveStatus;
import org.commsched.instances.io.AtomicFiles;
import org.commsched.instances.io.InstanceWriter;
import org.commsched.solver.SolveRunner;

/**
 * The cross-check of every method against every other (docs/TESTS.md#crosscheck): on one instance,
 * every applicable method of the list runs through {@link SolveRunner} (so the independent checker
 * sees every schedule), and per schedule kind (departures, slots, transmissions) it requires
 *
 * <ul>
 *   <li>every schedule valid, and a schedule from every heuristic;
 *   <li>all exact methods that prove an optimum (status OPTIMAL) to agree on it;
 *   <li>the family's best lower bound (virtual bounds for slots) at most that optimum;
 *   <li>every valid makespan at least the optimum and at least every exact method's bound, whatever
 *       its status;
 *   <li>every makespan within its method's guarantee ({@link Method#guaranteedMakespan}) at the
 *       optimum.
 * </ul>
 *
 * Methods are taken from the list as they are registered: a new exact formulation joins without a
 * change here. {@link #run} does it over seeded random cases of a family ({@link CrossCheckCases})
 * and shrinks each failing case ({@link Shrinker}).
 */
public final class CrossCheck {
  /**
   * One thing that does not hold. {@code check} is a short name: threw, no-schedule, invalid, ...
   */
  public record Finding(String method, String check, String detail) implements Serializable {
    private static final long serialVersionUID = 1L;

    /** What a shrunk instance must still show: the same method failing the same check. */
    public String key() {
      return method + "/" + check;
    }

    @Override
    public String toString() {
      return method + " " + check + ": " + detail;
    }
  }

  /**
   * A finding on a case of a run, with the shrunk instance written for it (null if writing failed).
   */
  public record Failure(
      Family family,
      long baseSeed,
      int index,
      long caseSeed,
      Finding finding,
      String size,
      Path shrunk,
      String shrunkSize) {
    /** The one line the command prints. */
    public String line() {
      return "FAIL "
          + family.wireName()
          + " seed "
          + baseSeed
          + " case "
          + index
          + " (case seed "
          + caseSeed
          + "): "
          + finding
          + (shrunk == null ? "" : "; shrunk from " + size + " to " + shrunkSize + ": " + shrunk);
    }
  }

  /** What a run over one family did. */
  public record Summary(
      Family family,
      long baseSeed,
      int cases,
      int runs,
      int proven,
      List<Failure> failures,
      Set<String> methods) {
    /** The summary line. */
    public String line() {
      return family.wireName()
          + ": "
          + cases
          + " cases, "
          + runs
          + " method runs, optimum proven on "
          + proven
          + ", "
          + failures.size()
          + " failure"
          + (failures.size() == 1 ? "" : "s")
          + " (seed "
          + baseSeed
          + "; "
          + methods.size()
          + " methods: "
          + String.join(", ", methods)
          + ")";
    }
  }

  /** The findings on one instance, with what ran. */
  public record Verdict(List<Finding> findings, int runs, boolean proven, Set<String> methods) {}

  private final List<Method> methods;
  private final SolveLimits limits;

  /**
   * @param methods the methods to hold against each other (e.g. {@code
   *     MethodRegistry.standard().all()})
   * @param timeLimit the time limit of each exact solve
   */
  public CrossCheck(List<Method> methods, Duration timeLimit) {
    this.methods = List.copyOf(methods);
    this.limits = new SolveLimits(timeLimit, 1, 1L);
  }

  /** The methods. */
  public List<Method> methods() {
    return methods;
  }

  private record Run(
      Method method, String kind, SolveResult result, BigDecimal makespan, BigDecimal bound) {}

  /** Cross-checks one instance. */
  public Verdict check(Instance inst) {
    List<Finding> out = new ArrayList<>();
    List<Run> runs = new ArrayList<>();
    Set<String> ran = new LinkedHashSet<>();
    // the bounds of the instance, computed by the first run and handed to the next ones (as ratios
    // does)
    List<LowerBound> known = null;
    for (Method m : methods) {
      String why;
      try {
        why = m.whyNot(inst);
      } catch (RuntimeException e) {
        out.add(new Finding(m.name(), "threw", "whyNot: " + e));
        continue;
      }
      if (why != null) {
        continue;
      }
      ran.add(m.name());
      SolveRunner.Outcome o;
      try {
        o =
            known == null
                ? SolveRunner.run(m, inst, limits)
                : SolveRunner.run(m, SolveRunner.start(inst, limits, known));
      } catch (RuntimeException | StackOverflowError e) {
        out.add(new Finding(m.name(), "threw", String.valueOf(e)));
        continue;
      }
      if (known == null && o.instance() == inst) { // unrouted: the bounds are those of inst itself
        known = o.run().bounds(inst);
      }
      SolveResult r = o.result();
      BigDecimal bound = r.scale().toUnits(r.lowerBound().value());
      if (!r.hasSchedule()) {
        if (!m.exact()) {
          out.add(new Finding(m.name(), "no-schedule", "status " + r.status()));
        } else if (r.status() == SolveStatus.INFEASIBLE) {
          out.add(
              new Finding(
                  m.name(), "no-schedule", "status INFEASIBLE, yet every instance has a schedule"));
        }
        continue;
      }
      if (!o.valid()) {
        out.add(
            new Finding(
                m.name(),
                "invalid",
                o.report().violations().isEmpty()
                    ? "rejected"
                    : o.report().violations().get(0).toString()));
        continue;
      }
      runs.add(new Run(m, kind(r.schedule()), r, r.scale().toUnits(r.makespan()), bound));
    }
    boolean proven = false;
    for (String kind : List.of("departures", "slots", "transmissions")) {
      proven |=
          compare(inst, kind, runs.stream().filter(x -> x.kind.equals(kind)).toList(), out, known);
    }
    return new Verdict(out, ran.size(), proven, ran);
  }

  private static String kind(Schedule s) {
    return s.wireName();
  }

  /** The checks among the runs of one schedule kind; true if an exact method proved the optimum. */
  private static boolean compare(
      Instance inst, String kind, List<Run> runs, List<Finding> out, List<LowerBound> known) {
    if (runs.isEmpty()) {
      return false;
    }
    Run optimal = null;
    for (Run x : runs) {
      if (x.method.exact() && x.result.status() == SolveStatus.OPTIMAL) {
        if (optimal == null) {
          optimal = x;
        } else if (x.makespan.compareTo(optimal.makespan) != 0) {
          out.add(
              new Finding(
                  x.method.name(),
                  "exact-disagree",
                  "proves optimum "
                      + x.makespan.toPlainString()
                      + " ("
                      + kind
                      + ") where "
                      + optimal.method.name()
                      + " proves "
                      + optimal.makespan.toPlainString()));
        }
      }
    }
    for (Run x : runs) {
      if (!x.method.exact()) {
        continue;
      }
      for (Run y :
          runs) { // an exact method's bound, proven or at the time limit, holds for every schedule
        if (y.makespan.compareTo(x.bound) < 0) {
          out.add(
              new Finding(
                  x.method.name(),
                  "bound-above-makespan",
                  "bound "
                      + x.bound.toPlainString()
                      + " ("
                      + x.result.status()
                      + ") exceeds the valid makespan "
                      + y.makespan.toPlainString()
                      + " of "
                      + y.method.name()
                      + " ("
                      + kind
                      + ")"));
        }
      }
    }
    if (optimal == null) {
      return false;
    }
    BigDecimal opt = optimal.makespan;
    LowerBound family = familyBound(inst, kind, known);
    if (family != null) {
      BigDecimal fb = inst.timeScale().toUnits(family.value());
      if (fb.compareTo(opt) > 0) {
        out.add(
            new Finding(
                "bounds",
                "bound-above-optimum",
                "lower bound "
                    + family.kind()
                    + " = "
                    + fb.toPlainString()
                    + " exceeds the optimum "
                    + opt.toPlainString()
                    + " ("
                    + kind
                    + ")"));
      }
    }
    Long optTicks = ticks(inst, opt);
    for (Run x : runs) {
      if (x.makespan.compareTo(opt) < 0) {
        out.add(
            new Finding(
                x.method.name(),
                "below-optimum",
                "makespan "
                    + x.makespan.toPlainString()
                    + " is below the optimum "
                    + opt.toPlainString()
                    + " that "
                    + optimal.method.name()
                    + " proves ("
                    + kind
                    + ")"));
      }
      Long promised = optTicks == null ? null : x.method.guaranteedMakespan(inst, optTicks);
      if (promised != null && x.makespan.compareTo(inst.timeScale().toUnits(promised)) > 0) {
        out.add(
            new Finding(
                x.method.name(),
                "guarantee",
                "makespan "
                    + x.makespan.toPlainString()
                    + " exceeds "
                    + inst.timeScale().format(promised)
                    + ", what its guarantee ("
                    + x.method.guarantee()
                    + ") allows at "
                    + "the optimum "
                    + opt.toPlainString()));
      }
    }
    return true;
  }

  /**
   * The family's best lower bound for schedules of a kind, or null where none applies; {@code
   * known} (the bounds of the runs, or null) spares computing them again.
   */
  private static LowerBound familyBound(Instance inst, String kind, List<LowerBound> known) {
    if (kind.equals("slots")) {
      LowerBound best = null;
      for (LowerBound b : LowerBounds.virtual(inst)) {
        best = best == null ? b : best.max(b);
      }
      return best;
    }
    return known == null
        ? LowerBounds.best(inst)
        : known.isEmpty() ? LowerBound.zero() : known.get(0);
  }

  /** The optimum in ticks of the instance, or null if it is finer than them. */
  private static Long ticks(Instance inst, BigDecimal value) {
    try {
      return inst.timeScale().toTicks(value);
    } catch (ArithmeticException e) {
      return null;
    }
  }

  /**
   * A finding of a case with its shrunk instance, as text: what a case gives wherever it ran.
   *
   * @param finding the finding
   * @param size the case's size ({@link Shrinker#size})
   * @param shrunk the shrunk instance's JSON text, with a description saying what fails
   * @param shrunkSize the shrunk instance's size
   */
  public record Found(Finding finding, String size, String shrunk, String shrunkSize)
      implements Serializable {
    private static final long serialVersionUID = 1L;
  }

  /**
   * What one seeded case of a family gave: a plain serialisable value, made without writing a file
   * ({@link #checkCase}), so that a case can run on another machine and its failures be written by
   * the driver ({@link Tally}).
   *
   * @param family the family
   * @param baseSeed the run's base seed
   * @param index the case's index in the run
   * @param caseSeed the case's seed
   * @param runs the method runs
   * @param proven whether an exact method proved the optimum
   * @param methods the methods that ran, in order
   * @param found one finding per method and check, each shrunk
   */
  public record Case(
      Family family,
      long baseSeed,
      int index,
      long caseSeed,
      int runs,
      boolean proven,
      List<String> methods,
      List<Found> found)
      implements Serializable {
    private static final long serialVersionUID = 1L;
  }

  /**
   * Cross-checks case {@code index} of a run over a family (its seeded instance: {@link
   * CrossCheckCases}) and shrinks each distinct finding; writes nothing.
   */
  public Case checkCase(Family family, long baseSeed, int index) {
    long seed = CrossCheckCases.caseSeed(baseSeed, index);
    Instance inst = CrossCheckCases.instance(family, seed);
    Verdict v = check(inst);
    Map<String, Finding> byKey = new LinkedHashMap<>();
    for (Finding f : v.findings()) {
      byKey.putIfAbsent(f.key(), f);
    }
    List<Found> found = new ArrayList<>();
    for (Finding f : byKey.values()) {
      Instance small = new Shrinker(this).shrink(inst, f.key());
      String text;
      try {
        text =
            InstanceWriter.toJson(
                small,
                "cross-check failure: "
                    + f
                    + " (commsched crosscheck --family "
                    + family.wireName()
                    + " --seed "
                    + baseSeed
                    + ", case "
                    + index
                    + ")");
      } catch (RuntimeException e) {
        text = null;
      }
      found.add(new Found(f, Shrinker.size(inst), text, Shrinker.size(small)));
    }
    return new Case(
        family,
        baseSeed,
        index,
        seed,
        v.runs(),
        v.proven(),
        List.copyOf(v.methods()),
        List.copyOf(found));
  }

  /**
   * The cases of a run over one family added up in case order: each failure's shrunk instance
   * written to the output directory and its line handed on at once, the summary at the end. Not
   * thread-safe: add the cases in order, from one thread at a time.
   */
  public static final class Tally {
    private final Family family;
    private final long baseSeed;
    private final int cases;
    private final Path out;
    private final Consumer<Failure> onFailure;
    private final List<Failure> failures = new ArrayList<>();
    private final Set<String> ran = new LinkedHashSet<>();
    private int runs;
    private int proven;

    /**
     * @param family the family
     * @param baseSeed the run's base seed
     * @param cases the run's cases
     * @param out where the shrunk instances go
     * @param onFailure what is told of each failure, as it is added
     */
    public Tally(Family family, long baseSeed, int cases, Path out, Consumer<Failure> onFailure) {
      this.family = family;
      this.baseSeed = baseSeed;
      this.cases = cases;
      this.out = out;
      this.onFailure = onFailure;
    }

    /** Adds a case: its counts, and its failures, each shrunk instance written as JSON. */
    public void add(Case c) {
      runs += c.runs();
      proven += c.proven() ? 1 : 0;
      ran.addAll(c.methods());
      for (Found f : c.found()) {
        Path file = null;
        if (f.shrunk() != null) {
          try {
            file =
                out.resolve(
                    family.wireName()
                        + "-seed"
                        + baseSeed
                        + "-case"
                        + c.index()
                        + "-"
                        + f.finding().key().replaceAll("[^A-Za-z0-9-]", "_")
                        + ".json");
            AtomicFiles.writeString(file, f.shrunk());
          } catch (RuntimeException e) {
            file = null;
          }
        }
        Failure failure =
            new Failure(
                family,
                baseSeed,
                c.index(),
                c.caseSeed(),
                f.finding(),
                f.size(),
                file,
                f.shrunkSize());
        failures.add(failure);
        onFailure.accept(failure);
      }
    }

    /** What the cases added so far did. */
    public Summary summary() {
      return new Summary(family, baseSeed, cases, runs, proven, List.copyOf(failures), ran);
    }
  }

  /**
   * Cross-checks {@code cases} seeded instances of a family in this thread; every failing case is
   * shrunk and written to {@code out} as JSON, and its line given to {@code onFailure} at once.
   */
  public Summary run(
      Family family, long baseSeed, int cases, Path out, Consumer<Failure> onFailure) {
    Tally tally = new Tally(family, baseSeed, cases, out, onFailure);
    for (int i = 0; i < cases; i++) {
      tally.add(checkCase(family, baseSeed, i));
    }
    return tally.summary();
  }
}
