package org.commsched.solver;

import org.commsched.core.solve.MethodFacts;
import org.commsched.solver.bufferless.BufferlessCp;
import org.commsched.solver.cpsat.CpSatTaskModel;

/**
 * The optimal bufferless gather among schedules whose nodes wait for a wake-up from the root
 * (CP-SAT): the yardstick for distributed gathering protocols such as Shoulder-Tap and
 * Transmission-Certification.
 *
 * <p><b>Model</b> ({@link BufferlessCp}, sync;
 * docs/models/bufferless-scatter-gather.md#exact-models M4 with wake-up constraint (5) of
 * docs/models/bufferless-scatter-gather.md#shoulder-tap): every node of the wake-up tree receives a
 * one-flit wake-up from its parent, at row w_v; it forwards wake-ups only after that (w_c &gt;= w_v
 * + 1) and sends its own message only after that (t_v &gt;= w_v); under single port it first wakes
 * all its children (forward-first, t_v &gt;= w_c, the rule built into (5)). Wake-ups occupy ports
 * (single) or arcs (all ports) like data flits. Minimise the last data flit's arrival.
 *
 * <p><b>Returned trace.</b> The departures plus every wake-up as a control transfer (kind {@code
 * wakeup}), so the checker verifies ports and causality (rule V6) of the whole run, not only the
 * data (docs/DESIGN.md).
 *
 * <p><b>Guarantee.</b> The statistic {@code syncStatus} is OPTIMAL when CP-SAT proves the model's
 * optimum (then {@code syncBound} equals the makespan), else FEASIBLE with CP-SAT's bound. The
 * result's own status and lower bound refer to the instance's offline problem (a
 * wake-up-constrained optimum bounds only wake-up-constrained schedules): OPTIMAL only when the
 * makespan meets an offline bound. On a path under single port the model's optimum equals
 * Shoulder-Tap's closed form (Theorem 2 of Bhatt, Pucci, Ranade and Rosenberg, "Scattering and
 * Gathering Messages in Networks of Processors";
 * docs/models/bufferless-scatter-gather.md#shoulder-tap, #properties claim 10), which the tests
 * check.
 *
 * <p><b>Correction (docs/models/bufferless-scatter-gather.md#shoulder-tap-corrections).</b> The
 * paper calls (5) necessary for every distributed gathering algorithm; it holds only for
 * forward-first schedules. This model keeps forward-first under single port, as (5) does; without
 * it the path L = (3, 0) would finish one step earlier
 * (docs/models/bufferless-scatter-gather.md#small-counterexamples).
 *
 * <p><b>Complexity.</b> One variable per message and per non-root node, one task per message and
 * hop plus one per wake-up; practical on trees of a few dozen nodes.
 *
 * @implNote Stateless.
 */
public final class CpSatSyncGather extends BufferlessCpMethod {
  /** The facts of {@code cpsat-sync}: the model is in the class javadoc. */
  static final MethodFacts FACTS =
      new MethodFacts(
          "cpsat-sync",
          "optimal gather under wake-ups from the root (forward-first under single port): CP-SAT; the "
              + "trace carries the wake-ups",
          BufferlessCpMethod.SYNC_GUARANTEE,
          BufferlessCpMethod.SYNC_CITATION,
          BufferlessCpMethod.SYNC,
          true);

  /** The method. */
  public CpSatSyncGather() {
    super(FACTS, CpSatTaskModel.INSTANCE, true);
  }
}
