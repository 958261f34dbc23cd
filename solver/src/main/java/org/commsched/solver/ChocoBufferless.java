package org.commsched.solver;

import org.commsched.core.solve.MethodFacts;
import org.commsched.solver.choco.ChocoTaskModel;

/**
 * Exact offline bufferless schedules with Choco: the same model as {@link CpSatBufferless}
 * (chatting, scatter and gather; all ports or single port; any network with the instance's routes),
 * with a unit-capacity cumulative per arc or port instead of NoOverlap.
 *
 * <p><b>Sources.</b> Chatting admissibility: Bhatt, Bilardi, Pucci, Ranade, Rosenberg and Schwabe,
 * "On Bufferless Routing of Variable Length Messages in Leveled Networks", §2.3
 * (docs/models/bufferless-chatting.md#exact-models). Scatter and gather: Bhatt, Pucci, Ranade and
 * Rosenberg, "Scattering and Gathering Messages in Networks of Processors", in the form of
 * docs/models/bufferless-scatter-gather.md#validity-rules, #exact-models (M1-M3, M5).
 *
 * <p><b>Guarantee.</b> As {@link CpSatBufferless}, with Choco's objective lower bound as the bound
 * at the time limit. A second, independent back end: the tests hold the two against each other and
 * against exhaustive search.
 *
 * @implNote Stateless.
 */
public final class ChocoBufferless extends BufferlessCpMethod {
  /** The facts of {@code choco}: the model is in the class javadoc. */
  static final MethodFacts FACTS =
      new MethodFacts(
          "choco",
          "exact bufferless schedule (chatting, scatter, gather): Choco, a disjunctive per arc or port "
              + "over the messages' hop tasks, minimise the makespan",
          BufferlessCpMethod.GUARANTEE,
          BufferlessCpMethod.CITATION,
          BufferlessCpMethod.OFFLINE,
          true);

  /** The method. */
  public ChocoBufferless() {
    super(FACTS, ChocoTaskModel.INSTANCE, false);
  }
}
