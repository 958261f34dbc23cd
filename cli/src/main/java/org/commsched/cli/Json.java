package org.commsched.cli;

import java.math.BigDecimal;
import java.math.RoundingMode;
import org.commsched.core.check.CheckReport;
import org.commsched.core.check.Violation;
import org.commsched.core.model.Network;
import org.commsched.core.time.TimeScale;
import org.commsched.verify.oracle.JsonTime;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** The JSON the commands print: one object per run. */
final class Json {
  static final JsonMapper MAPPER =
      JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

  private Json() {}

  static ObjectNode object() {
    return MAPPER.createObjectNode();
  }

  static String print(ObjectNode node) {
    return MAPPER.writeValueAsString(node);
  }

  /** A time: a JSON integer when whole, else an exact decimal string (FORMATS.md). */
  static void time(ObjectNode node, String key, Long ticks, TimeScale scale) {
    JsonTime.put(node, key, ticks, scale);
  }

  /** Relative gap (makespan - bound) / bound with 4 decimals, or null when the bound is 0. */
  static BigDecimal gap(long makespan, long bound) {
    if (bound <= 0) {
      return null;
    }
    return BigDecimal.valueOf(makespan - bound)
        .divide(BigDecimal.valueOf(bound), 4, RoundingMode.HALF_UP);
  }

  /** A gap from {@link #gap} as a percentage without trailing zeros: 0.1786 -> "17.86". */
  static String percent(BigDecimal gap) {
    return gap.movePointRight(2).stripTrailingZeros().toPlainString();
  }

  static ArrayNode violations(CheckReport report) {
    ArrayNode arr = MAPPER.createArrayNode();
    for (Violation v : report.violations()) {
      ObjectNode o = arr.addObject();
      o.put("kind", v.kind().name());
      ArrayNode ms = o.putArray("messages");
      v.messages().forEach(ms::add);
      o.put("place", v.place());
      time(o, "time", v.time(), report.scale());
      o.put("detail", v.detail());
    }
    return arr;
  }

  /** Human form of a violation, its nodes named by the network's labels when it has them. */
  static String line(Violation v, TimeScale scale, Network net) {
    return net == null ? line(v, scale) : net.nameNodes(line(v, scale));
  }

  /** Human form of a violation. */
  static String line(Violation v, TimeScale scale) {
    StringBuilder sb = new StringBuilder(v.kind().name());
    if (!v.place().isEmpty()) {
      sb.append(" at ").append(v.place());
    }
    if (v.time() != null) {
      sb.append(" time ").append(scale.format(v.time()));
    }
    if (!v.messages().isEmpty()) {
      sb.append(" messages ").append(String.join(", ", v.messages()));
    }
    return sb.append(": ").append(v.detail()).toString();
  }
}
