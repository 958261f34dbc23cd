package org.commsched.heuristics.packet;

import java.util.List;
import org.commsched.core.solve.Method;

/**
 * The packet family's methods after J.-P. Tsai, "On the Furthest-Distance-First Principle in
 * Scattering and Gathering" (docs/models/packet.md#algorithms), best first: {@code packet-special}
 * (its class only), {@code packet-fdf-even}, {@code packet-nrf} (gather), {@code packet-fdf},
 * {@code packet-tc2} (gather), {@code packet-fdf-flit}.
 *
 * @implNote Immutable.
 */
public final class PacketMethods {
  private PacketMethods() {}

  /** The packet family's methods, best first. */
  public static List<Method> all() {
    return List.of(
        new SpecialClass(),
        new FdfEvenSize(),
        new NearestReceivedFirst(),
        new FurthestDistanceFirst(),
        new TransmissionCertificationII(),
        new SingleFlitFdf());
  }
}
