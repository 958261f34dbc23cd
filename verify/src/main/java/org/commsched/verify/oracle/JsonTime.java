package org.commsched.verify.oracle;

import java.math.BigDecimal;
import org.commsched.core.time.TimeScale;
import tools.jackson.databind.node.ObjectNode;

/**
 * How the command line's JSON writes a time (docs/FORMATS.md): a JSON integer when whole, else an
 * exact decimal string. Here, below the command line, so that a sweep task's texts (the oracle's
 * manifest rows and certificates) are written as the commands write theirs; the cli's {@code Json}
 * hands its times to it.
 */
public final class JsonTime {
  private JsonTime() {}

  /** Puts {@code ticks} of {@code scale} under {@code key}, or null when {@code ticks} is null. */
  public static void put(ObjectNode node, String key, Long ticks, TimeScale scale) {
    if (ticks == null) {
      node.putNull(key);
      return;
    }
    BigDecimal v = scale.toUnits(ticks);
    if (v.scale() <= 0) {
      node.put(key, v.longValueExact());
    } else {
      node.put(key, v.toPlainString());
    }
  }
}
