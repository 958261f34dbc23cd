package org.commsched.solver.model;

import java.util.ArrayList;
import java.util.List;

/**
 * A back-end-neutral scheduling model: integer start variables with domains and hints, fixed-length tasks on
 * unit-capacity resources (a task starts at its variable plus an offset), precedences between variables, optional
 * tasks (present or not, as CP-SAT's optional interval variables and Choco's tasks of height 0 or 1), groups of
 * presence literals of which exactly one holds, and the makespan E &gt;= start + offset over end terms (an optional
 * end term counts only when its literal holds); minimise E. {@code solver.cpsat.CpSatTaskModel} and
 * {@code solver.choco.ChocoTaskModel} solve it.
 *
 * <p>This is the seam the packet and linear-cost exact models are meant to join; the bufferless builders
 * ({@code solver.bufferless.BufferlessCp}, {@code VirtualCp}) do not produce it yet (they feed their back ends
 * directly, in the order in which those create variables and constraints).
 *
 * @implNote Mutable while being built; not thread-safe.
 */
public final class TaskModel {
  /** An integer variable: its name, domain {@code [lo, hi]} and hint. */
  public record Var(String name, long lo, long hi, long hint) {
  }

  /**
   * A task on a resource: it occupies {@code [x_var + offset, x_var + offset + duration)} when present.
   *
   * @param presence index of its presence literal, or -1 if it is always present
   */
  public record Task(int var, long offset, long duration, int presence) {
  }

  /** {@code x_after >= x_before + gap}. */
  public record Precedence(int after, int before, long gap) {
  }

  /** {@code E >= x_var + offset} when the literal {@code presence} holds (always when -1). */
  public record End(int var, long offset, int presence) {
  }

  private final List<Var> vars = new ArrayList<>();
  private final List<String> literals = new ArrayList<>();
  private final List<List<Task>> resources = new ArrayList<>();
  private final List<Precedence> precedences = new ArrayList<>();
  private final List<End> ends = new ArrayList<>();
  private final List<int[]> exactlyOne = new ArrayList<>();
  private final long horizon;

  /** An empty model whose makespan lies in {@code [0, horizon]}. */
  public TaskModel(long horizon) {
    this.horizon = horizon;
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

  /** Adds the end term {@code E >= x_var + offset}, counted when {@code presence} holds (always when -1). */
  public void end(int var, long offset, int presence) {
    ends.add(new End(var, offset, presence));
  }

  /** Exactly one of these presence literals holds. */
  public void exactlyOne(int... presences) {
    exactlyOne.add(presences.clone());
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
   */
  public record Solution(SolverStatusMapping.Answer answer, long[] values, boolean[] present, long makespan) {
  }
}
