package org.commsched.solver;

import org.commsched.core.solve.MethodFacts;
import org.commsched.solver.bufferless.VirtualCp;
import org.commsched.solver.choco.ChocoTaskModel;

/**
 * {@code choco-virtual}: exact virtual chatting schedules (slots) with Choco, for the same problem
 * as {@code cpsat-virtual} (chatting on any network; dsa = rectangle compaction on a ula) in an
 * independent solver.
 *
 * <p><b>Model</b> ({@link VirtualCp}, in units of the gcd of the lengths): a slot σ_M in [0, H -
 * l_M] per message (H the makespan of the best virtual heuristic); per maximal set of messages
 * sharing an arc a unit-capacity cumulative (a disjunctive) over the tasks [σ_M, σ_M + l_M); on a
 * ula, in addition, Choco's diffN over the rectangles [from, to) x [σ_M, σ_M + l_M) with its
 * cumulative reasoning; E &gt;= σ_M + l_M and E &gt;= max(C, L) (Prop 3.1 of Bhatt, Bilardi, Pucci,
 * Ranade, Rosenberg and Schwabe, "On Bufferless Routing of Variable Length Messages in Leveled
 * Networks"; virtual schedules §3.1-3.2); minimise E.
 *
 * <p><b>Search.</b> The slot with the smallest lower end is set to it, longest message first among
 * ties (first fit decreasing; refuted on backtrack, so complete), with last-conflict reasoning; the
 * heuristic's slots as hints. Single-threaded and deterministic: the workers and the seed of the
 * limits are not used.
 *
 * <p><b>Guarantee.</b> As {@code cpsat-virtual}, with Choco's objective lower bound as the bound at
 * the time limit. Horizons beyond {@value ChocoTaskModel#MAX_VALUE} units (Choco works on ints) get
 * the heuristic's schedule with FEASIBLE.
 *
 * @implNote Stateless.
 */
public final class ChocoVirtual extends VirtualCpMethod {
  /** The facts of {@code choco-virtual}: the model is in the class javadoc. */
  static final MethodFacts FACTS =
      new MethodFacts(
          "choco-virtual",
          "exact virtual schedule (slots; for dsa the buffer layout): Choco, a disjunctive per maximal set of "
              + "messages sharing an arc (diffN on a ula), minimise the virtual makespan",
          VirtualCp.GUARANTEE,
          VirtualCp.CITATION,
          VirtualCp.SCOPE,
          true);

  /** The method. */
  public ChocoVirtual() {
    super(FACTS, ChocoTaskModel.INSTANCE);
  }
}
