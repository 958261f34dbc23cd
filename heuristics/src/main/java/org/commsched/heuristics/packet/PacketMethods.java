package org.commsched.heuristics.packet;

import java.util.List;
import org.commsched.core.solve.Method;

/**
 * The packet family's methods after J.-P. Tsai, "On the Furthest-Distance-First Principle in Scattering and
 * Gathering" (docs/models/packet.md#algorithms), best first: {@code packet-fdf-even}, {@code packet-fdf}.
 *
 * @implNote Immutable.
 */
public final class PacketMethods {
  private PacketMethods() {
  }

  /** The packet family's methods, best first. */
  public static List<Method> all() {
    return List.of(new FdfEvenSize(), new FurthestDistanceFirst());
  }
}
