package org.commsched.verify.mutation;

import java.util.List;
import java.util.SplittableRandom;
import org.commsched.core.model.Instance;
import org.commsched.core.solve.SolveResult;

/**
 * Injects the faults a model forbids into valid schedules of one kind. A mutator returns each fault
 * that applies to the schedule at most once per call (a fault that needs, say, two messages on one
 * arc is left out when there are none); {@link MutationEngine} checks each mutant and keeps the
 * score.
 */
public interface Mutator {
  /**
   * The schedule kind this mutator breaks, as the score table names it (e.g. {@code departures}).
   */
  String kind();

  /** Whether this mutator applies to this valid result of this instance. */
  boolean accepts(Instance instance, SolveResult valid);

  /** The mutants of this valid result, each with one fault; faults are chosen with {@code r}. */
  List<Mutant> mutants(Instance instance, SolveResult valid, SplittableRandom r);
}
