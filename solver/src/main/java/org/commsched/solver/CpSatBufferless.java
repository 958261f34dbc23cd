package org.commsched.solver;

import org.commsched.core.solve.MethodFacts;
import org.commsched.solver.bufferless.BufferlessCp;
import org.commsched.solver.cpsat.CpSatTaskModel;

/**
 * Exact offline bufferless schedules with OR-Tools CP-SAT: chatting, scatter and gather, all ports
 * or single port, on any network with the instance's routes (default or explicit).
 *
 * <p><b>Model</b> ({@link BufferlessCp}, offline): a departure t_M per non-null message; at hop k
 * the task [t_M + k, t_M + k + l_M) on the arc (all ports) or on the tail's send port and the
 * head's receive port (single port); one NoOverlap per resource; minimise max (t_M + l_M + d_M -
 * 1). For chatting under all ports this is the interval form of the
 * docs/models/bufferless-chatting.md#exact-models, whose admissibility conditions (2.1)-(2.4) come
 * from Bhatt, Bilardi, Pucci, Ranade, Rosenberg and Schwabe, "On Bufferless Routing of Variable
 * Length Messages in Leveled Networks", §2.3. For scatter and gather it is the no-wait job shop of
 * docs/models/bufferless-scatter-gather.md#exact-models (M5, CP form; M1-M3 on trees), with the
 * model of Bhatt, Pucci, Ranade and Rosenberg, "Scattering and Gathering Messages in Networks of
 * Processors" (docs/models/bufferless-scatter-gather.md#model: rules V1-V5, V4').
 *
 * <p><b>Guarantee.</b> OPTIMAL when CP-SAT proves it, or when the hint already meets the best lower
 * bound (then no search runs: greedy is optimal for scatter and gather on default routes,
 * docs/models/bufferless-scatter-gather.md#fdf, L3); at the time limit the best schedule found with
 * FEASIBLE and CP-SAT's objective bound (never below the posted bound); if CP-SAT found nothing,
 * the hint with FEASIBLE. Measures Remark 3 of the paper
 * (docs/models/bufferless-scatter-gather.md#spanning-trees): the optimum under a fixed spanning
 * tree's routes against other routes.
 *
 * <p><b>Complexity.</b> NP-hard in general (chatting contains it); the model has one variable per
 * message and one interval per message and hop (two under single port). Practical on tens of
 * messages.
 *
 * @implNote Stateless.
 */
public final class CpSatBufferless extends BufferlessCpMethod {
  /** The facts of {@code cpsat}: the model is in the class javadoc. */
  static final MethodFacts FACTS =
      new MethodFacts(
          "cpsat",
          "exact bufferless schedule (chatting, scatter, gather): CP-SAT, one interval per message and "
              + "hop, NoOverlap per arc or port, minimise the makespan",
          BufferlessCpMethod.GUARANTEE,
          BufferlessCpMethod.CITATION,
          BufferlessCpMethod.OFFLINE,
          true);

  /** The method. */
  public CpSatBufferless() {
    super(FACTS, CpSatTaskModel.INSTANCE, false);
  }
}
