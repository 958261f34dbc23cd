package org.commsched.solver.timeindexed;

import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.solve.MethodFacts;
import org.commsched.core.solve.Scope;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveRun;
import org.commsched.solver.bufferless.VirtualCp;

/**
 * {@code time-indexed-virtual}: exact virtual chatting schedules (slots), and dsa buffer layouts,
 * by an independent formulation, a 0-1 model over slots ({@link VirtualTimeIndexed}) solved by
 * OR-Tools CP-SAT; it shares no model code with {@code cpsat-virtual} and {@code choco-virtual}
 * (docs/models/bufferless-chatting.md#independent-formulation).
 *
 * <p><b>Guarantee.</b> OPTIMAL only when CP-SAT proves the grid optimal (the grid, in units of the
 * gcd of the lengths, holds a shortest schedule) or the heuristic meets max(C, L); at the time
 * limit the best found with FEASIBLE and CP-SAT's bound; without a solution the heuristic's slots
 * with FEASIBLE.
 *
 * <p><b>Applicability.</b> As {@link TimeIndexed}: messages x horizon (in units) at most {@value
 * BufferlessTimeIndexed#MAX_CELLS}; larger ones are refused, pointing to {@code cpsat-virtual}.
 *
 * @implNote Stateless.
 */
public final class TimeIndexedVirtual extends TimeIndexedMethod {
  private static final Scope SCOPE =
      Scope.of(ProblemKind.CHATTING, ProblemKind.DSA)
          .bufferlessPorts(CommModel.BufferlessPorts.ALL)
          .otherPorts("cpsat or greedy")
          .note(
              "virtual schedules (slots); small instances: messages x horizon at most "
                  + BufferlessTimeIndexed.MAX_CELLS);

  /** The facts of {@code time-indexed-virtual}: the formulation is in the class javadoc. */
  static final MethodFacts FACTS =
      new MethodFacts(
          "time-indexed-virtual",
          "exact virtual schedule (slots; for dsa the buffer layout), an independent formulation: a binary per "
              + "message and slot, at most one reservation per arc and step, minimise the virtual makespan (CP-SAT, 0-1)",
          "optimal when status OPTIMAL; best found and the solver's bound at the time limit",
          VirtualCp.CITATION.replace("CP model: this project", "time-indexed model: this project"),
          SCOPE,
          true);

  /** The method. */
  public TimeIndexedVirtual() {
    super(FACTS);
  }

  @Override
  String refusal(Instance instance, SolveRun run) {
    return VirtualTimeIndexed.whyNot(instance, name(), run);
  }

  @Override
  SolveResult run(Instance instance, SolveLimits limits, boolean alwaysSearch, long started) {
    return VirtualTimeIndexed.solve(instance, limits, name(), alwaysSearch, started);
  }
}
