package org.commsched.solver;

import org.commsched.core.solve.MethodFacts;
import org.commsched.solver.cpsat.CpSatTaskModel;
import org.commsched.solver.packet.PacketCp;

/**
 * {@code cpsat-packet} (answered by {@code cpsat}): exact store-and-forward scatter and gather
 * schedules with set-up time, packetization included, with OR-Tools CP-SAT.
 *
 * <p><b>Model</b> ({@link PacketCp}, docs/models/packet.md#exact-model): per message up to {@code
 * R_v <= L_v} packet slots with a size variable and a presence literal (present slots first,
 * numbered by first start), one optional interval of length {@code beta + s tau} per slot and hop,
 * store-and-forward precedences, a NoOverlap per port (single port send-and-receive: a node's
 * out-port and in-port; all ports: an arc), minimise the makespan; the problem of J.-P. Tsai, "On
 * the Furthest-Distance-First Principle in Scattering and Gathering", with any packetization and
 * any order at every node.
 *
 * <p><b>Guarantee.</b> OPTIMAL when CP-SAT proves it or the best heuristic meets the lower bound;
 * at the time limit the best schedule with FEASIBLE and CP-SAT's bound; without a solution the
 * heuristic's schedule with FEASIBLE. Time limit, workers and seed from the limits.
 *
 * <p><b>Complexity.</b> NP-hard in general (it contains the packetization problem the thesis calls
 * intractable); at most {@value PacketCp#MAX_TASKS} interval tasks (packet slots times hops, the
 * slots bounded by the horizon).
 *
 * @implNote Stateless.
 */
public final class CpSatPacket extends PacketCpMethod {
  /** The facts of {@code cpsat-packet}: the model is in the class javadoc. */
  static final MethodFacts FACTS =
      new MethodFacts(
          "cpsat-packet",
          "exact packet schedule (store-and-forward scatter, gather): CP-SAT, packet slots with size and presence, "
              + "one optional interval per slot and hop, NoOverlap per port, minimise the makespan",
          PacketCp.GUARANTEE,
          PacketCp.CITATION,
          PacketCp.SCOPE,
          true);

  /** The method. */
  public CpSatPacket() {
    super(FACTS, CpSatTaskModel.INSTANCE);
  }
}
