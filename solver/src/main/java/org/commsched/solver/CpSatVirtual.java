package org.commsched.solver;

import org.commsched.core.solve.MethodFacts;
import org.commsched.solver.bufferless.VirtualCp;
import org.commsched.solver.cpsat.CpSatTaskModel;

/**
 * {@code cpsat-virtual}: exact virtual chatting schedules (slots) with OR-Tools CP-SAT, for
 * chatting on any network and for dsa (rectangle compaction = dynamic storage allocation on a ula).
 *
 * <p><b>Model</b> ({@link VirtualCp}, in units of the gcd of the lengths): a slot σ_M in [0, H -
 * l_M] per message, H the makespan of the best virtual heuristic; one fixed-size interval [σ_M, σ_M
 * + l_M) per message; one NoOverlap per maximal set of messages sharing an arc, so exactly the
 * pairs whose routes share an arc are kept apart (the virtual constraints (3.1)-(3.2),
 * docs/models/bufferless-chatting.md#virtual-schedules-and-dsa, of Bhatt, Bilardi, Pucci, Ranade,
 * Rosenberg and Schwabe, "On Bufferless Routing of Variable Length Messages in Leveled Networks",
 * §3.1-3.2); on a ula also one NoOverlap2D of the rectangles [from, to) x [σ_M, σ_M + l_M)
 * (redundant, for its energetic reasoning); E &gt;= σ_M + l_M and E &gt;= max(C, L) (Prop 3.1; the
 * load for dsa); minimise E, the heuristic's slots as the hint.
 *
 * <p><b>Guarantee.</b> OPTIMAL when CP-SAT proves it or the hint meets max(C, L) (then no search
 * runs); at the time limit the best schedule with FEASIBLE and CP-SAT's objective bound (never
 * below max(C, L)); if CP-SAT found nothing, the heuristic's schedule with FEASIBLE. Time limit,
 * workers and seed from the limits.
 *
 * <p><b>Complexity.</b> NP-hard (rectangle compaction, Theorem 4.5(a) of the paper); one variable
 * and one interval per message, at most one NoOverlap per arc. Proves 16-buffer memory-planning
 * instances in well under a second.
 *
 * @implNote Stateless.
 */
public final class CpSatVirtual extends VirtualCpMethod {
  /** The facts of {@code cpsat-virtual}: the model is in the class javadoc. */
  static final MethodFacts FACTS =
      new MethodFacts(
          "cpsat-virtual",
          "exact virtual schedule (slots; for dsa the buffer layout): CP-SAT, one interval per message, NoOverlap "
              + "per maximal set of messages sharing an arc (NoOverlap2D on a ula), minimise the virtual makespan",
          VirtualCp.GUARANTEE,
          VirtualCp.CITATION,
          VirtualCp.SCOPE,
          true);

  /** The method. */
  public CpSatVirtual() {
    super(FACTS, CpSatTaskModel.INSTANCE);
  }
}
