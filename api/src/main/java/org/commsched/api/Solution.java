package org.commsched.api;

import java.time.Duration;
import java.util.Optional;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Schedule;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveStatus;
import org.commsched.solver.Portfolio;

/**
 * What {@link Commsched#solve} found: the schedule (if any), what the run proved, and the checker's
 * verdict, with every time in the instance's own units as well as ticks ({@link Time}).
 *
 * @param instance the instance the schedule is for (the one given, or, with the {@code
 *     spanning-tree} solve option, its copy routed along that tree: write and check against this
 *     one)
 * @param result the run's result as the schedule files hold it (method, status, schedule, makespan,
 *     bound, stats)
 * @param check the independent checker's verdict on the schedule and its claims; empty without a
 *     schedule
 * @param wall the wall time of the method
 * @implNote Immutable.
 */
public record Solution(
    Instance instance, SolveResult result, Optional<Check> check, Duration wall) {
  /** What the run proved: OPTIMAL, FEASIBLE, INFEASIBLE, UNKNOWN, ... */
  public SolveStatus status() {
    return result.status();
  }

  /** The method that ran: a method's name, or {@code portfolio} for the default. */
  public String method() {
    return result.method();
  }

  /** For the default portfolio, the method whose schedule this is. */
  public Optional<String> foundBy() {
    return Optional.ofNullable(result.stats().get(Portfolio.FOUND_BY)).map(Object::toString);
  }

  /** The schedule, if the run found one. */
  public Optional<Schedule> schedule() {
    return Optional.ofNullable(result.schedule());
  }

  /**
   * The makespan, if there is a schedule (for a virtual schedule, dsa layouts and chatting slots,
   * the span of its slots: the height of a dsa layout).
   */
  public Optional<Time> makespan() {
    return Optional.ofNullable(result.makespan()).map(t -> new Time(t, result.scale()));
  }

  /** The best lower bound the run knows (zero at worst). */
  public Bound lowerBound() {
    return new Bound(
        new Time(result.lowerBound().value(), result.scale()),
        result.lowerBound().kind(),
        result.lowerBound().witness());
  }

  /**
   * True when there is a schedule and the independent checker accepts it together with every claim.
   */
  public boolean valid() {
    return check.map(Check::valid).orElse(false);
  }
}
