package org.commsched.verify.sweep;

import java.io.Serializable;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * One row of a ratio sweep: a method on an instance, as the sweep journals it (one JSON line of
 * {@code results.jsonl}, appended the moment the run ends; docs/FORMATS.md). A {@link SweepTask}
 * makes it, on whichever engine runs the task; the figures that need every run of the instance
 * (best bound, optimum, ratios) are added by the report. Serialisable so that an engine can ship it
 * from a worker back to the driver.
 *
 * @param instance the instance's id in the sweep (generated name, or file path relative to the
 *     directory)
 * @param parameters problem, family, size, messages, lengths, model, seed (empty when unknown), in
 *     that order
 * @param method the method's name
 * @param objective {@code real} (makespan of a real schedule) or {@code virtual} (span of slots);
 *     {@code -} without a schedule
 * @param status OPTIMAL, FEASIBLE, INFEASIBLE, UNKNOWN, or ERROR when the method failed
 * @param makespan exact decimal, or null without a schedule
 * @param runLowerBound the run's own lower bound (exact decimal), or null for ERROR
 * @param seconds wall seconds of the method alone, three decimals
 * @param valid true when the independent checker accepted the schedule
 * @param error what went wrong (ERROR rows, rejected schedules), else empty
 * @param runSeconds wall seconds of the whole row: the method, the checker and the bounds it
 *     needed, three decimals; null in rows journalled before it was recorded
 */
public record SweepRow(
    String instance,
    Map<String, String> parameters,
    String method,
    String objective,
    String status,
    BigDecimal makespan,
    BigDecimal runLowerBound,
    BigDecimal seconds,
    boolean valid,
    String error,
    BigDecimal runSeconds)
    implements Serializable {
  private static final long serialVersionUID = 1L;

  /** The mapper of the journal lines. */
  public static final JsonMapper LINES = JsonMapper.builder().build();

  /** The parameters kept in their order (a serialisable copy). */
  public SweepRow {
    parameters = new LinkedHashMap<>(parameters);
  }

  /** The key a rerun skips on: instance and method. */
  public String key() {
    return key(instance, method);
  }

  /** The key of an (instance, method) pair, as {@link #key()} gives it. */
  public static String key(String instance, String method) {
    return instance + "\u0000" + method;
  }

  /** The journal fields as a JSON object (no line breaks when printed with {@link #LINES}). */
  public ObjectNode toJson() {
    ObjectNode o = LINES.createObjectNode();
    o.put("instance", instance);
    ObjectNode p = o.putObject("parameters");
    parameters.forEach(p::put);
    o.put("method", method);
    o.put("objective", objective);
    o.put("status", status);
    putDecimal(o, "makespan", makespan);
    putDecimal(o, "runLowerBound", runLowerBound);
    o.put("seconds", seconds.toPlainString());
    o.put("valid", valid);
    o.put("error", error);
    if (runSeconds != null) {
      o.put("runSeconds", runSeconds.toPlainString());
    }
    return o;
  }

  /** The journal line: {@link #toJson()} on one line, without the line break. */
  public String line() {
    return LINES.writeValueAsString(toJson());
  }

  /** Puts an exact decimal as a string, or null. */
  public static void putDecimal(ObjectNode o, String key, BigDecimal v) {
    if (v == null) {
      o.putNull(key);
    } else {
      o.put(key, v.toPlainString());
    }
  }

  /**
   * A row from one JSON line; null when the line is not a complete row (the last line of an
   * interrupted write).
   */
  public static SweepRow parse(String line) {
    JsonNode n;
    try {
      n = LINES.readTree(line);
    } catch (RuntimeException e) {
      return null;
    }
    if (n == null
        || !n.isObject()
        || !n.hasNonNull("instance")
        || !n.hasNonNull("method")
        || !n.hasNonNull("status")
        || !n.has("valid")) {
      return null;
    }
    Map<String, String> p = new LinkedHashMap<>();
    JsonNode pn = n.get("parameters");
    if (pn != null && pn.isObject()) {
      for (Map.Entry<String, JsonNode> e : pn.properties()) {
        p.put(e.getKey(), e.getValue().asString());
      }
    }
    try {
      return new SweepRow(
          n.get("instance").asString(),
          p,
          n.get("method").asString(),
          text(n, "objective", "-"),
          n.get("status").asString(),
          decimal(n, "makespan"),
          decimal(n, "runLowerBound"),
          n.hasNonNull("seconds") ? new BigDecimal(n.get("seconds").asString()) : BigDecimal.ZERO,
          n.get("valid").asBoolean(),
          text(n, "error", ""),
          decimal(n, "runSeconds"));
    } catch (NumberFormatException e) {
      return null;
    }
  }

  private static String text(JsonNode n, String key, String otherwise) {
    return n.hasNonNull(key) ? n.get(key).asString() : otherwise;
  }

  private static BigDecimal decimal(JsonNode n, String key) {
    return n.hasNonNull(key) ? new BigDecimal(n.get(key).asString()) : null;
  }
}
