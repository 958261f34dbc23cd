package org.commsched.heuristics.bufferless.scattergather;

import java.util.List;
import org.commsched.core.solve.Method;

/**
 * The distributed gathering protocols of Bhatt, Pucci, Ranade, Rosenberg, "Scattering and Gathering
 * Messages in Networks of Processors": Shoulder-Tap on paths and Transmission-Certification on
 * trees, with the presets of docs/models/bufferless-scatter-gather.md#transmission-certification
 * and the multiport variant of docs/models/bufferless-scatter-gather.md#tc-multiport. Their
 * schedules are protocol traces (every control flit included) and include the synchronization cost,
 * so they are never faster than the offline optimum (docs/DESIGN.md, "Protocol results").
 *
 * @implNote Immutable.
 */
public final class GatherMethods {
  private GatherMethods() {}

  /**
   * {@code shoulder-tap}, {@code transmission-certification} (RECOMMENDED), {@code tc-improved},
   * {@code tc-paper-literal} and {@code tc-multiport}.
   */
  public static List<Method> all() {
    return List.of(
        new ShoulderTap(),
        new TransmissionCertification(),
        new TransmissionCertification("tc-improved", TcOptions.IMPROVED),
        new TransmissionCertification("tc-paper-literal", TcOptions.PAPER_LITERAL),
        new TransmissionCertification("tc-multiport", TcOptions.MULTIPORT));
  }
}
