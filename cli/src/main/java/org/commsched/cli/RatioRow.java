package org.commsched.cli;

import java.math.BigDecimal;
import java.util.Map;
import org.commsched.verify.sweep.SweepRow;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * One run of a ratio sweep: a method on an instance, as the sweep journals it (one JSON line of
 * {@code results.jsonl}, appended the moment the run ends). The figures that need every run of the
 * instance (best bound, optimum, ratios) are added by {@link RatioReport}. The journal format
 * itself is {@link SweepRow}'s (the sweep tasks' row, in the verify module), which this record
 * converts to and from.
 *
 * @param instance the instance's id in the sweep (generated name, or file path relative to the
 *     directory)
 * @param parameters problem, family, size, messages, lengths, model, seed (empty when unknown)
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
record RatioRow(
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
    BigDecimal runSeconds) {
  static final JsonMapper LINES = SweepRow.LINES;

  /** The key a rerun skips on. */
  String key() {
    return SweepRow.key(instance, method);
  }

  /** The row a sweep task made. */
  static RatioRow of(SweepRow r) {
    return new RatioRow(
        r.instance(),
        r.parameters(),
        r.method(),
        r.objective(),
        r.status(),
        r.makespan(),
        r.runLowerBound(),
        r.seconds(),
        r.valid(),
        r.error(),
        r.runSeconds());
  }

  /** The same row as the sweep's journal format knows it. */
  SweepRow sweepRow() {
    return new SweepRow(
        instance,
        parameters,
        method,
        objective,
        status,
        makespan,
        runLowerBound,
        seconds,
        valid,
        error,
        runSeconds);
  }

  /** The journal fields as a JSON object (no line breaks when printed with {@link #LINES}). */
  ObjectNode toJson() {
    return sweepRow().toJson();
  }

  static void putDecimal(ObjectNode o, String key, BigDecimal v) {
    SweepRow.putDecimal(o, key, v);
  }

  /**
   * A row from one JSON line; null when the line is not a complete row (the last line of an
   * interrupted write).
   */
  static RatioRow parse(String line) {
    SweepRow r = SweepRow.parse(line);
    return r == null ? null : of(r);
  }
}
