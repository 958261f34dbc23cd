package org.commsched.verify.crosscheck;

import java.time.Duration;
import java.util.function.Consumer;
import org.commsched.core.model.Family;
import org.commsched.solver.MethodRegistry;
import org.commsched.verify.sweep.SweepWork;

/**
 * One case of {@code commsched crosscheck} as a unit of a sweep: a family, the run's base seed and
 * the case's index (its instance is made again from them wherever the task runs), and the time
 * limit of each exact solve, mapped to its {@link CrossCheck.Case} against every method of the
 * standard registry. The cross-check's solves run one worker with a fixed seed ({@link
 * CrossCheck}), whatever cores an engine gives the task.
 *
 * @param family the family
 * @param baseSeed the run's base seed
 * @param index the case's index
 * @param timeLimit the time limit of each exact solve
 */
public record CaseTask(Family family, long baseSeed, int index, Duration timeLimit)
    implements SweepWork<CrossCheck.Case> {
  private static final long serialVersionUID = 1L;

  @Override
  public void run(Consumer<? super CrossCheck.Case> sink) {
    sink.accept(
        new CrossCheck(Registry.STANDARD.all(), timeLimit).checkCase(family, baseSeed, index));
  }

  /** The standard registry, made once per JVM on first use (it is immutable). */
  private static final class Registry {
    static final MethodRegistry STANDARD = MethodRegistry.standard();
  }
}
