package org.commsched.solver.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.commsched.core.solve.SolveLimits;

/**
 * A back-end-neutral scheduling model: integer start variables with domains and hints, fixed-length
 * tasks on unit-capacity resources (a task starts at its variable plus an offset), precedences
 * between variables, optional tasks (present or not, as CP-SAT's optional interval variables and
 * Choco's tasks of height 0 or 1), groups of presence literals of which exactly one holds, and the
 * makespan E &gt;= start + offset over end terms (an optional end term counts only when its literal
 * holds), E at least a floor (a lower bound the builder proved); minimise E. Two optional aids
 * change no solution, only how fast one is found: redundant rectangles (tasks that must also not
 * overlap in a plane, one side fixed; a 2D packing view for the back ends' energetic reasoning) and
 * a branching order for back ends that take one.
 *
 * <p>Variable lengths (for models that choose a task's size, as the packet family's exact model
 * does): a task, a precedence or an end term may add {@code perUnit} times a length variable to its
 * duration, gap or offset; a sum constraint fixes the total of some variables, and a positivity
 * link makes a variable at least 1 exactly when a literal holds (0 otherwise), and a load bound
 * puts the makespan above a constant plus a multiple of the number of literals that hold. A model
 * without them is solved exactly as before.
 *
 * <p>Boolean structure (for models that choose contents, as the linear-cost family's exact model
 * does): a precedence may be enforced only when a literal holds, a variable may count the literals
 * that hold, a literal may imply a disjunction of others, at most one of a group may hold, and a
 * literal may carry a hint.
 *
 * <p>The one seam between the exact models and the solvers: the builders ({@code
 * solver.bufferless.BufferlessCp} for the offline and synchronization-aware bufferless models,
 * {@code VirtualCp} for virtual schedules and dsa) produce it, a {@link Backend} ({@code
 * solver.cpsat.CpSatTaskModel}, {@code solver.choco.ChocoTaskModel}) solves it, and {@link
 * SolverStatusMapping} turns the solver's answer into our status and bound. A new family's exact
 * model is a new builder; the back ends stay as they are.
 *
 * @implNote Mutable while being built; not thread-safe.
 */
public final class TaskModel {
  /** An integer variable: its name, domain {@code [lo, hi]} and hint. */
  public record Var(String name, long lo, long hi, long hint) {}

  /**
   * A task on a resource: it occupies {@code [x_var + offset, x_var + offset + duration)} when
   * present.
   *
   * @param presence index of its presence literal, or -1 if it is always present
   */
  public record Task(
      int var, long offset, long duration, int presence, int lengthVar, long perUnit) {
    /** A task of fixed duration. */
    public Task(int var, long offset, long duration, int presence) {
      this(var, offset, duration, presence, -1, 0);
    }

    /** True if the duration is {@code duration} alone (no length variable). */
    public boolean fixed() {
      return lengthVar < 0 || perUnit == 0;
    }
  }

  /**
   * {@code x_after >= x_before + gap}, plus {@code perUnit * x_lengthVar} when {@code lengthVar >=
   * 0}; enforced only when the literal {@code when} holds (always when -1).
   */
  public record Precedence(int after, int before, long gap, int lengthVar, long perUnit, int when) {
    /** {@code x_after >= x_before + gap}. */
    public Precedence(int after, int before, long gap) {
      this(after, before, gap, -1, 0, -1);
    }

    /** {@code x_after >= x_before + gap + perUnit * x_lengthVar}, always. */
    public Precedence(int after, int before, long gap, int lengthVar, long perUnit) {
      this(after, before, gap, lengthVar, perUnit, -1);
    }
  }

  /**
   * {@code E >= x_var + offset} (plus {@code perUnit * x_lengthVar} when {@code lengthVar >= 0})
   * when the literal {@code presence} holds (always when -1).
   */
  public record End(int var, long offset, int presence, int lengthVar, long perUnit) {
    /** {@code E >= x_var + offset} when {@code presence} holds (always when -1). */
    public End(int var, long offset, int presence) {
      this(var, offset, presence, -1, 0);
    }
  }

  /** The variables add up to {@code total}. */
  public record Sum(int[] vars, long total) {}

  /**
   * The variables {@code smaller} add up to at most what the variables {@code larger} add up to.
   */
  public record SumOrder(int[] smaller, int[] larger) {}

  /** {@code x_var >= 1} when the literal holds, {@code x_var = 0} when it does not. */
  public record Positive(int var, int literal) {}

  /**
   * {@code E >= constant + perVar * (sum of the variables) + perLiteral * (the number of the
   * literals that hold)}: a resource's load when its tasks' lengths are variables.
   */
  public record Work(long constant, int[] vars, long perVar, int[] literals, long perLiteral) {}

  /** {@code x_var} equals the number of these literals that hold. */
  public record Count(int var, int[] literals) {}

  /**
   * The literal {@code when} implies that at least one of {@code anyOf} holds (none: the literal is
   * false).
   */
  public record Implication(int when, int[] anyOf) {}

  /**
   * {@code E >= constant + perLiteral * (the number of these literals that hold)}: a resource's
   * load.
   */
  public record Load(long constant, int[] literals, long perLiteral) {}

  /**
   * A rectangle of a redundant 2D packing: the fixed extent {@code [xFrom, xTo)} times the task's
   * steps.
   */
  public record Rectangle(long xFrom, long xTo, Task task) {}

  /** A solver that takes this model. */
  public interface Backend {
    /** The solver's name, e.g. "CP-SAT". */
    String name();

    /**
     * Searches the model within the limits (model building counts toward the time limit); never
     * throws on a valid model. A back end that cannot take the model (values beyond its range)
     * returns no solution and says why in the statistics.
     */
    Solution solve(TaskModel model, SolveLimits limits);
  }

  private final List<Var> vars = new ArrayList<>();
  private final List<String> literals = new ArrayList<>();
  private final List<List<Task>> resources = new ArrayList<>();
  private final List<Precedence> precedences = new ArrayList<>();
  private final List<End> ends = new ArrayList<>();
  private final List<int[]> exactlyOne = new ArrayList<>();
  private final List<Rectangle> rectangles = new ArrayList<>();
  private final List<Sum> sums = new ArrayList<>();
  private final List<SumOrder> sumOrders = new ArrayList<>();
  private final List<Positive> positives = new ArrayList<>();
  private final List<Load> loads = new ArrayList<>();
  private final List<Count> counts = new ArrayList<>();
  private final List<Work> works = new ArrayList<>();
  private final List<Implication> implications = new ArrayList<>();
  private final List<int[]> atMostOne = new ArrayList<>();
  private final List<Boolean> literalHints = new ArrayList<>();
  private int[] branching;
  private int[] literalBranching;
  private boolean literalsTrueFirst;
  private boolean lastConflict;
  private final long floor;
  private final long horizon;
  private long unit = 1;

  /** An empty model whose makespan lies in {@code [0, horizon]}. */
  public TaskModel(long horizon) {
    this(0, horizon);
  }

  /** An empty model whose makespan lies in {@code [min(floor, horizon), horizon]}. */
  public TaskModel(long floor, long horizon) {
    this.floor = Math.min(floor, horizon);
    this.horizon = horizon;
  }

  /**
   * Instance ticks per unit of the model's makespan (1 unless the builder scaled the times down, as
   * the virtual model does by the lengths' gcd); used to report progress in the instance's ticks.
   */
  public void unit(long ticksPerUnit) {
    if (ticksPerUnit < 1) {
      throw new IllegalArgumentException("a unit is at least one tick, got " + ticksPerUnit);
    }
    this.unit = ticksPerUnit;
  }

  /** Instance ticks per unit of the makespan. */
  public long unit() {
    return unit;
  }

  /** Adds a variable; returns its index. */
  public int var(String name, long lo, long hi, long hint) {
    if (lo > hi) {
      throw new IllegalArgumentException("empty domain [" + lo + ", " + hi + "] for " + name);
    }
    vars.add(new Var(name, lo, hi, hint));
    return vars.size() - 1;
  }

  /** Adds a presence literal; returns its index. */
  public int literal(String name) {
    literals.add(name);
    literalHints.add(null);
    return literals.size() - 1;
  }

  /** Adds a presence literal with a hint; returns its index. */
  public int literal(String name, boolean hint) {
    literals.add(name);
    literalHints.add(hint);
    return literals.size() - 1;
  }

  /** Adds a unit-capacity resource holding these tasks (in this order). */
  public void resource(List<Task> tasks) {
    resources.add(List.copyOf(tasks));
  }

  /** Adds {@code x_after >= x_before + gap}. */
  public void precedence(int after, int before, long gap) {
    precedences.add(new Precedence(after, before, gap));
  }

  /** Adds {@code x_after >= x_before + gap + perUnit * x_lengthVar}. */
  public void precedence(int after, int before, long gap, int lengthVar, long perUnit) {
    precedences.add(new Precedence(after, before, gap, lengthVar, perUnit));
  }

  /**
   * Adds {@code x_after >= x_before + gap + perUnit * x_lengthVar}, enforced only when the literal
   * {@code when} holds.
   */
  public void precedenceIf(int when, int after, int before, long gap, int lengthVar, long perUnit) {
    precedences.add(new Precedence(after, before, gap, lengthVar, perUnit, when));
  }

  /**
   * Adds the redundant bound {@code E >= constant + perVar * sum(vars) + perLiteral * (literals
   * that hold)}.
   */
  public void endWork(long constant, int[] vars, long perVar, int[] literals, long perLiteral) {
    works.add(new Work(constant, vars.clone(), perVar, literals.clone(), perLiteral));
  }

  /** {@code x_var} equals the number of these literals that hold (its domain must allow that). */
  public void count(int var, int[] of) {
    counts.add(new Count(var, of.clone()));
  }

  /** The literal {@code when} implies at least one of {@code anyOf}. */
  public void implies(int when, int... anyOf) {
    implications.add(new Implication(when, anyOf.clone()));
  }

  /** At most one of these literals holds. */
  public void atMostOne(int... of) {
    atMostOne.add(of.clone());
  }

  /**
   * Adds the end term {@code E >= x_var + offset}, counted when {@code presence} holds (always when
   * -1).
   */
  public void end(int var, long offset, int presence) {
    ends.add(new End(var, offset, presence));
  }

  /**
   * Adds the end term {@code E >= x_var + offset + perUnit * x_lengthVar}, counted when {@code
   * presence} holds.
   */
  public void end(int var, long offset, int presence, int lengthVar, long perUnit) {
    ends.add(new End(var, offset, presence, lengthVar, perUnit));
  }

  /** The variables add up to {@code total}. */
  public void sum(int[] of, long total) {
    sums.add(new Sum(of.clone(), total));
  }

  /**
   * The variables {@code smaller} add up to at most the sum of {@code larger} (e.g. symmetry
   * breaking by orbits, docs/models/linear-cost.md#symmetry-breaking).
   */
  public void sumAtMost(int[] smaller, int[] larger) {
    sumOrders.add(new SumOrder(smaller.clone(), larger.clone()));
  }

  /**
   * Adds the redundant bound {@code E >= constant + perLiteral * (number of the literals that
   * hold)}, e.g. the least head plus the work plus the least tail of a resource whose task count
   * depends on presences.
   */
  public void endLoad(long constant, int[] of, long perLiteral) {
    loads.add(new Load(constant, of.clone(), perLiteral));
  }

  /**
   * {@code x_var >= 1} exactly when the literal holds, else {@code x_var = 0} (the domain must
   * contain 0).
   */
  public void positiveIff(int var, int literal) {
    positives.add(new Positive(var, literal));
  }

  /** Exactly one of these presence literals holds. */
  public void exactlyOne(int... presences) {
    exactlyOne.add(presences.clone());
  }

  /**
   * Adds a redundant 2D packing of these rectangles (implied by the resources; an aid to
   * propagation).
   */
  public void noOverlap2d(List<Rectangle> rects) {
    rectangles.addAll(rects);
  }

  /**
   * Asks back ends that take a search strategy to branch on these variables in this order, each set
   * to its smallest value first (refuted on backtracking, so the search stays complete), then on E;
   * with {@code lastConflict} a variable that just failed is retried first. Without a call a back
   * end uses its default.
   */
  public void branching(int[] order, boolean lastConflict) {
    this.branching = order.clone();
    this.lastConflict = lastConflict;
  }

  /**
   * Asks back ends that take a search strategy to branch first on these literals in this order
   * ({@code trueFirst}: each set true first, else false first; refuted on backtracking), before the
   * branching order of {@link #branching}; the search stays complete over every other variable.
   */
  public void branchingLiterals(int[] order, boolean trueFirst) {
    this.literalBranching = order.clone();
    this.literalsTrueFirst = trueFirst;
  }

  /** The literal branching order, or null for none. */
  public int[] literalBranching() {
    return literalBranching == null ? null : literalBranching.clone();
  }

  public boolean literalsTrueFirst() {
    return literalsTrueFirst;
  }

  public List<Var> vars() {
    return List.copyOf(vars);
  }

  public List<String> literals() {
    return List.copyOf(literals);
  }

  public List<List<Task>> resources() {
    return List.copyOf(resources);
  }

  public List<Precedence> precedences() {
    return List.copyOf(precedences);
  }

  public List<End> ends() {
    return List.copyOf(ends);
  }

  public List<int[]> exactlyOneGroups() {
    List<int[]> out = new ArrayList<>();
    for (int[] g : exactlyOne) {
      out.add(g.clone());
    }
    return out;
  }

  public List<Rectangle> rectangles() {
    return List.copyOf(rectangles);
  }

  public List<SumOrder> sumOrders() {
    return List.copyOf(sumOrders);
  }

  public List<Sum> sums() {
    return List.copyOf(sums);
  }

  public List<Positive> positives() {
    return List.copyOf(positives);
  }

  public List<Load> loads() {
    return List.copyOf(loads);
  }

  public List<Work> works() {
    return List.copyOf(works);
  }

  public List<Count> counts() {
    return List.copyOf(counts);
  }

  public List<Implication> implications() {
    return List.copyOf(implications);
  }

  public List<int[]> atMostOneGroups() {
    List<int[]> out = new ArrayList<>();
    for (int[] g : atMostOne) {
      out.add(g.clone());
    }
    return out;
  }

  /** The literal's hint, or null when it has none. */
  public Boolean literalHint(int literal) {
    return literalHints.get(literal);
  }

  /** The branching order, or null for the back end's default. */
  public int[] branching() {
    return branching == null ? null : branching.clone();
  }

  public boolean lastConflict() {
    return lastConflict;
  }

  /**
   * The largest value any variable, offset or E may take (for back ends with a bounded integer
   * range).
   */
  public long largestValue() {
    long out = horizon;
    for (Var v : vars) {
      out = Math.max(out, Math.max(Math.abs(v.lo()), Math.abs(v.hi())));
    }
    for (List<Task> r : resources) {
      for (Task t : r) {
        if (!t.fixed()) {
          Var len = vars.get(t.lengthVar());
          long most = Math.max(Math.abs(len.lo()), Math.abs(len.hi()));
          long span;
          try {
            span =
                Math.addExact(
                    Math.abs(t.duration()), Math.multiplyExact(most, Math.abs(t.perUnit())));
          } catch (ArithmeticException e) {
            span = Long.MAX_VALUE;
          }
          out = Math.max(out, span);
        }
      }
    }
    return out;
  }

  public long floor() {
    return floor;
  }

  public long horizon() {
    return horizon;
  }

  /**
   * A back end's solution.
   *
   * @param answer the status and bound in our terms
   * @param values the variables' values (null without a solution)
   * @param present the literals' values (null without a solution)
   * @param makespan E of the solution (meaningless without one)
   * @param stats the solver's figures for the result's statistics (its outcome, its wall time)
   */
  public record Solution(
      SolverStatusMapping.Answer answer,
      long[] values,
      boolean[] present,
      long makespan,
      Map<String, Object> stats) {
    /** True if the back end returned values. */
    public boolean found() {
      return values != null;
    }

    /** A solve that did not search (no answer): why, in the statistic {@code solverStatus}. */
    public static Solution notRun(String why) {
      return new Solution(
          new SolverStatusMapping.Answer(
              org.commsched.core.solve.SolveStatus.UNKNOWN, 0, "not run"),
          null,
          null,
          0,
          Map.of("solverStatus", "not run: " + why));
    }
  }
}
