package org.commsched.solver.timeindexed;

import org.commsched.core.model.Family;
import org.commsched.core.model.Instance;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.solve.MethodFacts;
import org.commsched.core.solve.Scope;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveRun;

/**
 * {@code time-indexed}: exact offline bufferless schedules (chatting, scatter, gather; all ports or
 * single port) by an independent formulation, a 0-1 model over steps ({@link
 * BufferlessTimeIndexed}) solved by OR-Tools CP-SAT. It shares no model code with {@code cpsat} and
 * {@code choco} (which both solve one interval model), so agreement of the three on an optimum
 * checks the models against each other (docs/models/bufferless-chatting.md#independent-formulation,
 * docs/models/bufferless-scatter-gather.md#independent-formulation).
 *
 * <p><b>Guarantee.</b> OPTIMAL only when CP-SAT proves the grid optimal (the grid holds every
 * schedule that ends by the heuristic's makespan) or the heuristic meets the best lower bound; at
 * the time limit the best found with FEASIBLE and CP-SAT's bound; without a solution the
 * heuristic's schedule with FEASIBLE.
 *
 * <p><b>Applicability.</b> Small instances only: messages x horizon at most {@value
 * BufferlessTimeIndexed#MAX_CELLS} (the horizon: {@code greedy}'s makespan); larger ones are
 * refused, pointing to {@code cpsat}. Under this name the registry sends dsa to {@link
 * TimeIndexedVirtual}, packets to {@link TimeIndexedPacket} and linear cost to {@link
 * TimeIndexedLinearCost}, as {@code cpsat} sends them to its own models.
 *
 * @implNote Stateless.
 */
public final class TimeIndexed extends TimeIndexedMethod {
  private static final Scope SCOPE =
      Scope.of(ProblemKind.CHATTING, ProblemKind.SCATTER, ProblemKind.GATHER)
          .in(Family.BUFFERLESS_CHATTING, Family.BUFFERLESS_SCATTER_GATHER)
          .note("small instances: messages x horizon at most " + BufferlessTimeIndexed.MAX_CELLS);

  /** The facts of {@code time-indexed}: the formulation is in the class javadoc. */
  static final MethodFacts FACTS =
      new MethodFacts(
          "time-indexed",
          "exact bufferless schedule (chatting, scatter, gather), an independent formulation: a binary per message "
              + "and departure step, at most one flit per arc or port and step, minimise the makespan (CP-SAT, 0-1)",
          "optimal when status OPTIMAL; best found and the solver's bound at the time limit",
          "Bhatt, Bilardi, Pucci, Ranade, Rosenberg, Schwabe, \"On Bufferless Routing of Variable Length "
              + "Messages in Leveled Networks\", §2.3; Bhatt, Pucci, Ranade, Rosenberg, \"Scattering and Gathering "
              + "Messages in Networks of Processors\", §1.2; time-indexed model: this project",
          SCOPE,
          true);

  /** The method. */
  public TimeIndexed() {
    super(FACTS);
  }

  @Override
  String refusal(Instance instance, SolveRun run) {
    return BufferlessTimeIndexed.whyNot(instance, name(), run);
  }

  @Override
  SolveResult run(Instance instance, SolveLimits limits, boolean alwaysSearch, long started) {
    return BufferlessTimeIndexed.solve(instance, limits, name(), alwaysSearch, started);
  }
}
