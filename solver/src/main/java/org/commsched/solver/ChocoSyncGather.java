package org.commsched.solver;

import org.commsched.core.solve.MethodFacts;
import org.commsched.solver.choco.ChocoTaskModel;

/**
 * The optimal bufferless gather among schedules whose nodes wait for a wake-up from the root, with
 * Choco: the same model and the same trace (data plus wake-ups) as {@link CpSatSyncGather}, an
 * independent second back end.
 *
 * <p><b>Source.</b> Wake-up constraint (5) and Theorem 2 of Bhatt, Pucci, Ranade and Rosenberg,
 * "Scattering and Gathering Messages in Networks of Processors" (§3.1), in the form of
 * docs/models/bufferless-scatter-gather.md#shoulder-tap, #exact-models (M4); forward-first kept
 * under single port (docs/models/bufferless-scatter-gather.md#shoulder-tap-corrections).
 *
 * <p><b>Guarantee.</b> As {@link CpSatSyncGather}: {@code syncStatus} OPTIMAL when Choco's search
 * completes, else FEASIBLE with Choco's objective bound in {@code syncBound}; the result's status
 * and bound are the offline problem's.
 *
 * @implNote Stateless.
 */
public final class ChocoSyncGather extends BufferlessCpMethod {
  /** The facts of {@code choco-sync}: the model is in the class javadoc. */
  static final MethodFacts FACTS =
      new MethodFacts(
          "choco-sync",
          "optimal gather under wake-ups from the root (forward-first under single port): Choco; the trace "
              + "carries the wake-ups",
          BufferlessCpMethod.SYNC_GUARANTEE,
          BufferlessCpMethod.SYNC_CITATION,
          BufferlessCpMethod.SYNC,
          true);

  /** The method. */
  public ChocoSyncGather() {
    super(FACTS, ChocoTaskModel.INSTANCE, true);
  }
}
