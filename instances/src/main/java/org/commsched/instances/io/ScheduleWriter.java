package org.commsched.instances.io;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Schedule;
import org.commsched.core.model.TimeTable;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.time.TimeScale;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Writes schedule files ({@code commsched-schedule/1}) in the field order of FORMATS.md: {@code
 * format}, {@code instance}, {@code method}, {@code status}, {@code makespan}, {@code lowerBound},
 * {@code lowerBoundKind}, {@code lowerBoundWitness}, the schedule ({@code departures}, {@code
 * slots} or {@code transmissions}), then {@code control} and {@code stats} when present.
 *
 * <p>Times: the makespan, the lower bound and every transmission start are ticks of the schedule's
 * {@link TimeScale} (the instance's when there is no schedule). A time is written as a JSON integer
 * when it is a whole number of model units, else as an exact decimal string such as {@code "13.6"};
 * bufferless schedules are always integers. A result without a schedule (INFEASIBLE, UNKNOWN) is
 * written with {@code "makespan": null} and no schedule field.
 *
 * <p>{@code lowerBoundKind} is an optional extension of FORMATS (allowed: new optional fields) that
 * keeps the {@link org.commsched.core.solve.LowerBound#kind()} so that a file read back gives the
 * same result.
 */
public final class ScheduleWriter {
  private ScheduleWriter() {}

  /** The result as schedule-file JSON text (ending with a newline). */
  public static String toJson(SolveResult result, Instance instance) {
    StringWriter w = new StringWriter();
    try {
      writeTo(w, result, instance);
    } catch (IOException e) {
      throw new UncheckedIOException(e); // a StringWriter does not fail
    }
    return w.toString();
  }

  /**
   * Writes the schedule file atomically: temporary file in the same directory, then rename. The
   * text is streamed (the schedule list is printed entry by entry), so a large schedule is never
   * held as one string.
   */
  public static void write(SolveResult result, Instance instance, Path out) {
    AtomicFiles.writeText(out, w -> writeTo(w, result, instance));
  }

  private static void writeTo(Writer w, SolveResult result, Instance instance) throws IOException {
    Map<String, Json.Bulk> bulks = new HashMap<>();
    ObjectNode top = tree(result, instance, bulks);
    Json.prettyTo(w, top, bulks);
  }

  /** The file's fields; the schedule list is a placeholder whose content {@code bulks} gives. */
  static ObjectNode tree(SolveResult result, Instance instance, Map<String, Json.Bulk> bulks) {
    Schedule schedule = result.status().hasSchedule() ? result.schedule() : null;
    TimeScale scale = result.scale();
    ObjectNode o = Json.object();
    o.put("format", ScheduleReader.FORMAT);
    o.put("instance", instance.name());
    o.put("method", result.method());
    o.put("status", result.status().name());
    if (schedule != null && result.makespan() != null) {
      o.set("makespan", time(result.makespan(), scale));
    } else {
      o.putNull("makespan");
    }
    o.set("lowerBound", time(result.lowerBound().value(), scale));
    o.put("lowerBoundKind", result.lowerBound().kind());
    o.put("lowerBoundWitness", result.lowerBound().witness());
    if (schedule instanceof Schedule.Departures) {
      Schedule.Departures d = (Schedule.Departures) schedule;
      o.putNull("departures");
      bulks.put("departures", steps(d.departures()));
      if (!d.control().isEmpty()) {
        ArrayNode c = o.putArray("control");
        for (Schedule.ControlTransfer t : d.control()) {
          ObjectNode x = c.addObject();
          x.put("from", t.from());
          x.put("to", t.to());
          x.put("step", t.step());
          x.put("kind", t.kind());
          ArrayNode v = x.putArray("values");
          for (long value : t.values()) {
            v.add(value);
          }
        }
      }
    } else if (schedule instanceof Schedule.Slots) {
      o.putNull("slots");
      bulks.put("slots", steps(((Schedule.Slots) schedule).slots()));
    } else if (schedule instanceof Schedule.Transmissions) {
      o.putNull("transmissions");
      List<Schedule.Transmission> ts = ((Schedule.Transmissions) schedule).transmissions();
      bulks.put("transmissions", transmissions(ts, scale));
    }
    if (!result.stats().isEmpty()) {
      ObjectNode s = o.putObject("stats");
      for (Map.Entry<String, Object> e : result.stats().entrySet()) {
        s.set(e.getKey(), stat(e.getValue()));
      }
    }
    return o;
  }

  /**
   * The transmissions as a bulk array whose lines are written straight from the records ({@link
   * Json.Bulk#appendCompact}), not through a tree per record: a schedule of a million records spent
   * most of its writing time building and printing those trees.
   */
  static Json.Bulk transmissions(List<Schedule.Transmission> ts, TimeScale scale) {
    long per = scale.ticksPerUnit();
    return new Json.Bulk() {
      @Override
      public int size() {
        return ts.size();
      }

      @Override
      public boolean isObject() {
        return false;
      }

      @Override
      public String key(int i) {
        throw new UnsupportedOperationException("an array has no keys");
      }

      @Override
      public JsonNode value(int i) {
        Schedule.Transmission t = ts.get(i);
        ObjectNode x = Json.object();
        x.put("message", t.message());
        x.put("packet", t.packet());
        x.put("size", t.size());
        x.put("from", t.from());
        x.put("to", t.to());
        x.set("start", time(t.start(), scale));
        if (t.first() != null) {
          x.put("first", t.first());
        }
        if (t.channel() != null) {
          x.put("channel", t.channel());
        }
        return x;
      }

      @Override
      public boolean appendCompact(int i, StringBuilder sb) {
        Schedule.Transmission t = ts.get(i);
        sb.append("{ \"message\": ");
        Json.quoteTo(t.message(), sb);
        sb.append(", \"packet\": ").append(t.packet());
        sb.append(", \"size\": ").append(t.size());
        sb.append(", \"from\": ").append(t.from());
        sb.append(", \"to\": ").append(t.to());
        sb.append(", \"start\": ");
        if (t.start() % per == 0) {
          sb.append(t.start() / per);
        } else {
          Json.quoteTo(scale.format(t.start()), sb);
        }
        if (t.first() != null) {
          sb.append(", \"first\": ").append(t.first().longValue());
        }
        if (t.channel() != null) {
          sb.append(", \"channel\": ").append(t.channel().intValue());
        }
        sb.append(" }");
        return true;
      }
    };
  }

  /** Message id to step, in the map's order. */
  private static Json.Bulk steps(Map<String, Long> steps) {
    TimeTable table;
    if (steps instanceof TimeTable t) {
      table = t;
    } else {
      String[] keys = new String[steps.size()];
      long[] values = new long[keys.length];
      int i = 0;
      for (Map.Entry<String, Long> e : steps.entrySet()) {
        keys[i] = e.getKey();
        values[i++] = e.getValue();
      }
      table = TimeTable.ofDistinct(keys, values); // a map's keys are distinct
    }
    return new Json.Bulk() {
      @Override
      public int size() {
        return table.size();
      }

      @Override
      public boolean isObject() {
        return true;
      }

      @Override
      public String key(int k) {
        return table.key(k);
      }

      @Override
      public JsonNode value(int k) {
        return Json.NODES.numberNode(table.value(k));
      }
    };
  }

  /** A time in ticks of a scale: an integer node when whole, else an exact decimal string. */
  static JsonNode time(long ticks, TimeScale scale) {
    long per = scale.ticksPerUnit();
    if (ticks % per == 0) {
      return Json.NODES.numberNode(ticks / per);
    }
    return Json.NODES.stringNode(scale.format(ticks));
  }

  private static JsonNode stat(Object v) {
    if (v == null) {
      return Json.NODES.nullNode();
    }
    if (v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte) {
      return Json.NODES.numberNode(((Number) v).longValue());
    }
    if (v instanceof BigInteger) {
      return Json.NODES.numberNode((BigInteger) v);
    }
    if (v instanceof BigDecimal) {
      return Json.NODES.numberNode((BigDecimal) v);
    }
    if (v instanceof Double || v instanceof Float) {
      double d = ((Number) v).doubleValue();
      return Double.isFinite(d)
          ? Json.NODES.numberNode(d)
          : Json.NODES.stringNode(Double.toString(d));
    }
    if (v instanceof Boolean) {
      return Json.NODES.booleanNode((Boolean) v);
    }
    return Json.NODES.stringNode(String.valueOf(v));
  }
}
