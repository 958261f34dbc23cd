package org.commsched.heuristics.linearcost;

import org.commsched.core.bounds.PathSending;
import org.commsched.core.model.Family;
import org.commsched.core.model.Instance;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.MethodFacts;
import org.commsched.core.solve.Scope;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;

/**
 * {@code lc-pipeline-proc}: the processor-bound pipeline of a send along its route
 * (docs/models/linear-cost.md#path-send).
 *
 * <p><b>Source.</b> D. B. Peters, "Bounds for Communication Problems in Interconnection Networks
 * under a Linear Cost Model" (PhD thesis, Simon Fraser University, 1995), §2.4: with one port a
 * relay cannot receive and send at once, so packet j crosses link d in slot {@code 2j + d - 2}: the
 * source injects a packet every other slot and every relay alternates ({@link PathPipeline#proc});
 * the makespan is {@code T_1(n, m, k) = (2 ceil(n/k) + m - 2) beta + ((m - 2) k + 2n) tau} for m >=
 * 2, and {@code beta + n tau} in one packet for m = 1. Theorem 2.4.1: {@code S_1(n, m) = min_k
 * T_1(n, m, k)} is the optimum of any processor-bound send over a path.
 *
 * <p><b>Packet size.</b> The k of least {@code T_1} ({@link PathSending#bestKOne}), by comparing
 * exact times.
 *
 * <p><b>Guarantee.</b> Makespan exactly {@code S_1(n, m)} for a route of m links, no node ever in
 * two packets at once, so valid under every port and duplex rule; OPTIMAL under the one-port {@code
 * exchange} rule on a path ({@code PATH} lower bound), FEASIBLE elsewhere (with all ports {@code
 * lc-pipeline-link} is faster).
 *
 * @implNote Stateless.
 */
public final class ProcessorPipelineSend implements Method {
  /** The facts of {@code lc-pipeline-proc}: see the class javadoc for the source. */
  static final MethodFacts FACTS =
      new MethodFacts(
          "lc-pipeline-proc",
          "processor-bound pipeline along the send's route (relays alternate receive and send) at the packet size "
              + "of least T_1(n, m, k)",
          "makespan S_1(n, m) for m route links, optimal on a path under one port, exchange rule (Theorem 2.4.1)",
          "D. B. Peters, \"Bounds for Communication Problems in Interconnection Networks under a Linear Cost "
              + "Model\", Theorem 2.4.1",
          Scope.of(ProblemKind.SEND)
              .in(Family.LINEAR_COST)
              .note("along the send's route; no node in two packets " + "at once"),
          false);

  @Override
  public MethodFacts facts() {
    return FACTS;
  }

  @Override
  public String whyNotFurther(Instance instance) {
    return PathPipeline.tooLarge(name(), instance, false);
  }

  @Override
  public SolveResult solve(Instance instance, SolveLimits limits) {
    requireApplies(instance);
    return PathPipeline.sendAlongRoute(instance, name(), false, limits);
  }
}
