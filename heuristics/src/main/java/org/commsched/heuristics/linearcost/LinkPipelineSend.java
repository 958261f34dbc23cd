package org.commsched.heuristics.linearcost;

import org.commsched.core.bounds.PathSending;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Family;
import org.commsched.core.model.Instance;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.MethodFacts;
import org.commsched.core.solve.Scope;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;

/**
 * {@code lc-pipeline-link}: the link-bound pipeline of a send along its route
 * (docs/models/linear-cost.md#path-send).
 *
 * <p><b>Source.</b> D. B. Peters, "Bounds for Communication Problems in Interconnection Networks
 * under a Linear Cost Model" (PhD thesis, Simon Fraser University, 1995), §2.3: the message is cut
 * into packets of k units (the last one short), and every packet crosses the m links one after the
 * other, each link carrying its packets back to back ({@link PathPipeline#link}); the makespan is
 * {@code T_*(n, m, k) = (ceil(n/k) + m - 1) beta + ((m - 1) k + n) tau}. Theorem 2.3.1: {@code
 * S_*(n, m) = min_k T_*(n, m, k)} is the optimum of any link-bound send over a path, full or half
 * duplex.
 *
 * <p><b>Packet size.</b> The k of least {@code T_*} ({@link PathSending#bestKStar}), chosen by
 * comparing exact times; the optimal k is often not unique.
 *
 * <p><b>Guarantee.</b> Makespan exactly {@code S_*(n, m)} for a route of m links; OPTIMAL when the
 * network offers no other way ({@code PATH} lower bound: a linear array, a tree), FEASIBLE with the
 * best bound elsewhere. Needs a relay to receive and send at once: all ports, or one port under the
 * {@code send-and-receive} rule; under the {@code exchange} rule use {@code lc-pipeline-proc}.
 *
 * @implNote Stateless.
 */
public final class LinkPipelineSend implements Method {
  /** The facts of {@code lc-pipeline-link}: see the class javadoc for the source. */
  static final MethodFacts FACTS =
      new MethodFacts(
          "lc-pipeline-link",
          "link-bound pipeline along the send's route at the packet size of least T_*(n, m, k)",
          "makespan S_*(n, m) for m route links, optimal on a path (Theorem 2.3.1)",
          "D. B. Peters, \"Bounds for Communication Problems in Interconnection Networks under a Linear Cost "
              + "Model\", Theorem 2.3.1",
          Scope.of(ProblemKind.SEND)
              .in(Family.LINEAR_COST)
              .note("all ports, or one port under send-and-receive; along the send's route"),
          false);

  @Override
  public MethodFacts facts() {
    return FACTS;
  }

  @Override
  public String whyNotFurther(Instance instance) {
    CommModel.StoreAndForward m = instance.storeAndForward();
    if (m.ports() == CommModel.Ports.ONE && m.onePort() == CommModel.OnePortRule.EXCHANGE) {
      return name()
          + " has every relay receive from one neighbour while it sends to the other, which the one-port "
          + "exchange rule forbids; use lc-pipeline-proc";
    }
    return PathPipeline.tooLarge(name(), instance, true);
  }

  @Override
  public SolveResult solve(Instance instance, SolveLimits limits) {
    requireApplies(instance);
    return PathPipeline.sendAlongRoute(instance, name(), true, limits);
  }
}
