package org.commsched.solver;

import org.commsched.core.model.Instance;
import org.commsched.core.solve.MethodFacts;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.solver.model.TaskModel;
import org.commsched.solver.packet.PacketCp;

/**
 * What the exact packetization methods share: the model ({@link PacketCp}), its scope, size limit,
 * guarantee and citation, and its solve flow; a subclass names the method and picks the back end,
 * so the two back ends are the same method twice. The generic {@code cpsat} and {@code choco}
 * answer packet instances with them ({@link ExactDispatch}).
 *
 * @implNote Immutable.
 */
abstract class PacketCpMethod extends TaskModelMethod {
  PacketCpMethod(MethodFacts facts, TaskModel.Backend backend) {
    super(facts, backend);
  }

  @Override
  public final String whyNotFurther(Instance instance) {
    String why = PacketCp.whyNot(name(), instance);
    return why != null
        ? why
        : org.commsched.solver.model.HintedSearch.whyNoStart(
            instance, PacketCp.heuristics(), name(), "packet");
  }

  @Override
  public final SolveResult solve(Instance instance, SolveLimits limits) {
    long started =
        System.nanoTime(); // building the model (and the hint) counts toward the time limit
    requireApplies(instance);
    return new PacketCp(instance, PacketCp.Restriction.NONE, limits.run())
        .run(name(), backend, limits, started);
  }
}
