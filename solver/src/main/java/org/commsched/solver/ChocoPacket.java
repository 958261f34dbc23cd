package org.commsched.solver;

import org.commsched.core.solve.MethodFacts;
import org.commsched.solver.choco.ChocoTaskModel;
import org.commsched.solver.packet.PacketCp;

/**
 * {@code choco-packet} (answered by {@code choco}): the exact packetization model of {@code
 * cpsat-packet} ({@link PacketCp}, docs/models/packet.md#exact-model) in Choco, an independent
 * solver on the same model description: packet slots with size variables and presence literals,
 * tasks of variable duration {@code beta + s tau} on unit-capacity cumulatives (one per port),
 * store-and-forward precedences; after J.-P. Tsai, "On the Furthest-Distance-First Principle in
 * Scattering and Gathering".
 *
 * <p><b>Guarantee.</b> As {@code cpsat-packet}, with Choco's objective bound at the time limit.
 * Single-threaded and deterministic; Choco's default search.
 *
 * @implNote Stateless.
 */
public final class ChocoPacket extends PacketCpMethod {
  /** The facts of {@code choco-packet}: the model is in the class javadoc. */
  static final MethodFacts FACTS =
      new MethodFacts(
          "choco-packet",
          "exact packet schedule (store-and-forward scatter, gather): Choco, packet slots with size and presence, "
              + "variable-duration tasks per slot and hop, a disjunctive per port, minimise the makespan",
          PacketCp.GUARANTEE,
          PacketCp.CITATION,
          PacketCp.SCOPE,
          true);

  /** The method. */
  public ChocoPacket() {
    super(FACTS, ChocoTaskModel.INSTANCE);
  }
}
