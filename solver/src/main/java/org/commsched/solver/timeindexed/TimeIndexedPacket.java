package org.commsched.solver.timeindexed;

import org.commsched.core.model.CommModel;
import org.commsched.core.model.Family;
import org.commsched.core.model.Instance;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.solve.MethodFacts;
import org.commsched.core.solve.Scope;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveRun;
import org.commsched.solver.packet.PacketCp;

/**
 * {@code time-indexed-packet} (answered by {@code time-indexed}): exact store-and-forward scatter
 * and gather with set-up time, packetization included, by an independent formulation, a 0-1 model
 * over packet candidates and steps of gcd(beta, tau) ticks ({@link PacketTimeIndexed}) solved by
 * OR-Tools CP-SAT; it shares no model code with {@code cpsat-packet} and {@code choco-packet}
 * (docs/models/packet.md#independent-formulation).
 *
 * <p><b>Guarantee.</b> OPTIMAL only when CP-SAT proves the grid optimal (the grid holds an optimal
 * schedule) or the best heuristic meets the lower bound; at the time limit the best found with
 * FEASIBLE and CP-SAT's bound; without a solution the heuristic's schedule with FEASIBLE.
 *
 * <p><b>Applicability.</b> Small instances only: at most 64 units in all and {@value
 * PacketTimeIndexed#MAX_BINARIES} hop-start binaries; larger ones are refused, pointing to {@code
 * cpsat}.
 *
 * @implNote Stateless.
 */
public final class TimeIndexedPacket extends TimeIndexedMethod {
  private static final Scope SCOPE =
      Scope.of(ProblemKind.SCATTER, ProblemKind.GATHER)
          .in(Family.PACKET)
          .duplex(CommModel.Duplex.FULL)
          .note(
              "single port means send-and-receive; small instances: at most "
                  + PacketTimeIndexed.MAX_BINARIES
                  + " hop-start binaries");

  /** The facts of {@code time-indexed-packet}: the formulation is in the class javadoc. */
  static final MethodFacts FACTS =
      new MethodFacts(
          "time-indexed-packet",
          "exact packet schedule (store-and-forward scatter, gather), an independent formulation: a binary per "
              + "packet candidate (size, copy), hop and start step of gcd(beta, tau), at most one transfer per port and "
              + "step, minimise the makespan (CP-SAT, 0-1)",
          PacketCp.GUARANTEE,
          PacketCp.CITATION.replace("CP model: this project", "time-indexed model: this project"),
          SCOPE,
          true);

  /** The method. */
  public TimeIndexedPacket() {
    super(FACTS);
  }

  @Override
  String refusal(Instance instance, SolveRun run) {
    return PacketTimeIndexed.whyNot(instance, name(), run);
  }

  @Override
  SolveResult run(Instance instance, SolveLimits limits, boolean alwaysSearch, long started) {
    return PacketTimeIndexed.solve(instance, limits, name(), alwaysSearch, started);
  }
}
