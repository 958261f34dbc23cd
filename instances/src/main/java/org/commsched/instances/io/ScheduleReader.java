package org.commsched.instances.io;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Origin;
import org.commsched.core.model.Schedule;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveStatus;
import org.commsched.core.time.TimeScale;
import tools.jackson.databind.JsonNode;

/**
 * Reads schedule files ({@code commsched-schedule/1}) for a given instance.
 *
 * <p>Checks, in order: JSON syntax; the schema {@code schemas/schedule.schema.json}; that {@code instance} names
 * the given instance; that the schedule kind fits the model ({@code departures} and {@code slots} are
 * bufferless, {@code transmissions} store-and-forward); that every message id is one of the instance's (its
 * messages, or the origins {@code m0}, {@code m<v>} of broadcast and gossip) and every node is in range. Whether
 * the schedule obeys the model (conflicts, ports, arrivals) is the checker's business, not the reader's.
 *
 * <p>Times: integers or exact decimal strings. The time scale is the finest among the model's and every time in
 * the file (makespan, lower bound, transmission starts); the makespan, the lower bound and the starts are
 * returned in ticks of that scale, which {@link Schedule.Transmissions#scale()} carries. Bufferless times must
 * be whole steps. A result without a schedule is on the model's scale.
 */
public final class ScheduleReader {
  /** The format tag of schedule files. */
  public static final String FORMAT = "commsched-schedule/1";

  private static final String WHAT = "a schedule file";

  private ScheduleReader() {
  }

  /**
   * Reads a schedule file for an instance.
   *
   * @throws InstanceFormatException on any bad input (and only then)
   */
  public static SolveResult read(Path file, Instance instance) {
    return parse(Inputs.readText(file, WHAT), file.toString(), instance);
  }

  /** Parses schedule JSON for an instance; {@code fileName} is used in error messages. */
  public static SolveResult parse(String json, String fileName, Instance instance) {
    JsonNode doc = Json.parse(json, fileName, WHAT);
    Json.requireFormat(doc, FORMAT, InstanceReader.FORMAT, fileName, WHAT);
    Schemas.schedule().validate(doc, fileName);
    return new Builder(doc, fileName, instance).build();
  }

  private static final class Builder {
    private final JsonNode doc;
    private final String file;
    private final Instance instance;

    Builder(JsonNode doc, String file, Instance instance) {
      this.doc = doc;
      this.file = file;
      this.instance = instance;
    }

    SolveResult build() {
      String name = doc.get("instance").stringValue();
      if (!name.equals(instance.name())) {
        throw new InstanceFormatException(file, "/instance", "this schedule is for instance \"" + name
            + "\" but the instance file is \"" + instance.name() + "\"; pass the matching instance and schedule");
      }
      String method = doc.get("method").stringValue();
      SolveStatus status = SolveStatus.valueOf(doc.get("status").stringValue());
      boolean bufferless = instance.model() instanceof CommModel.Bufferless;
      String kind = doc.has("departures") ? "departures" : doc.has("slots") ? "slots"
          : doc.has("transmissions") ? "transmissions" : null;
      if (kind != null) {
        if (bufferless && kind.equals("transmissions")) {
          throw new InstanceFormatException(file, "/transmissions", "the instance uses the bufferless model, whose "
              + "schedules give \"departures\" (or \"slots\" for virtual schedules), not transmissions; "
              + "pass the matching instance");
        }
        if (!bufferless && !kind.equals("transmissions")) {
          throw new InstanceFormatException(file, "/" + kind, "the instance uses the store-and-forward model, "
              + "whose schedules give \"transmissions\", not " + kind + "; pass the matching instance");
        }
      }

      // the time scale: the model's, refined by every time written in the file
      TimeScale scale = instance.timeScale();
      Map<String, BigDecimal> times = new LinkedHashMap<>();
      collectTime("/makespan", times);
      if ("transmissions".equals(kind)) {
        for (int i = 0; i < doc.get("transmissions").size(); i++) {
          collectTime("/transmissions/" + i + "/start", times);
        }
      }
      for (Map.Entry<String, BigDecimal> e : times.entrySet()) {
        int places = Math.max(0, e.getValue().stripTrailingZeros().scale());
        if (places > scale.decimals()) {
          if (bufferless) {
            throw new InstanceFormatException(file, e.getKey(), "bufferless times are whole steps, found "
                + e.getValue().toPlainString() + "; write an integer");
          }
          if (kind == null) {
            throw new InstanceFormatException(file, e.getKey(), e.getValue().toPlainString() + " has more decimal "
                + "places than the model's beta and tau (" + scale.decimals() + "); without a schedule, round "
                + "it down to " + scale.decimals() + " places");
          }
          if (places > 15) {
            throw new InstanceFormatException(file, e.getKey(), e.getValue().toPlainString() + " has " + places
                + " decimal places; times may have at most 15");
          }
          scale = new TimeScale(places);
        }
      }

      Long makespan = doc.has("makespan") && !doc.get("makespan").isNull() ? ticks("/makespan", times, scale)
          : null;
      // the lower bound is kept in the result's ticks (those of its makespan); a finer bound is rounded down,
      // which keeps it valid
      Map<String, BigDecimal> lbTime = new LinkedHashMap<>();
      collectTime("/lowerBound", lbTime);
      long lb = 0L;
      if (lbTime.containsKey("/lowerBound")) {
        lbTime.put("/lowerBound", lbTime.get("/lowerBound").setScale(scale.decimals(), java.math.RoundingMode.FLOOR));
        lb = ticks("/lowerBound", lbTime, scale);
      }
      String lbKind = doc.has("lowerBoundKind") ? doc.get("lowerBoundKind").stringValue() : "given";
      String witness = doc.has("lowerBoundWitness") ? doc.get("lowerBoundWitness").stringValue() : "";
      LowerBound bound = new LowerBound(lb, lbKind, witness);

      Schedule schedule = null;
      if ("departures".equals(kind)) {
        schedule = new Schedule.Departures(steps("departures"), control());
      } else if ("slots".equals(kind)) {
        schedule = new Schedule.Slots(steps("slots"));
      } else if ("transmissions".equals(kind)) {
        schedule = transmissions(scale, times);
      }

      Map<String, Object> stats = new LinkedHashMap<>();
      if (doc.has("stats")) {
        for (Map.Entry<String, JsonNode> e : doc.get("stats").properties()) {
          stats.put(e.getKey(), stat(e.getValue()));
        }
      }
      try {
        return new SolveResult(method, status, schedule, makespan, bound, scale, stats);
      } catch (IllegalArgumentException e) {
        throw new InstanceFormatException(file, "", InstanceFormatException.singleLine(e.getMessage())
            + "; fix the result", e);
      }
    }

    private void collectTime(String pointer, Map<String, BigDecimal> times) {
      JsonNode n = doc.at(pointer);
      if (n.isMissingNode() || n.isNull()) {
        return;
      }
      BigDecimal v;
      if (n.isString()) {
        v = new BigDecimal(n.stringValue());
      } else {
        v = BigDecimal.valueOf(Json.toLong(n, file, pointer));
      }
      times.put(pointer, v);
    }

    private long ticks(String pointer, Map<String, BigDecimal> times, TimeScale scale) {
      try {
        return scale.toTicks(times.get(pointer));
      } catch (ArithmeticException e) {
        throw new InstanceFormatException(file, pointer, "the time " + times.get(pointer).toPlainString()
            + " is too large for a time scale of " + scale.decimals() + " decimal places (at most "
            + Long.MAX_VALUE + " ticks); use smaller times or fewer decimal places", e);
      }
    }

    private Map<String, Long> steps(String field) {
      Map<String, Long> out = new LinkedHashMap<>();
      for (Map.Entry<String, JsonNode> e : doc.get(field).properties()) {
        String p = "/" + field + "/" + Json.token(e.getKey());
        requireMessage(e.getKey(), p, false);
        out.put(e.getKey(), Json.toLong(e.getValue(), file, p));
      }
      return out;
    }

    private List<Schedule.ControlTransfer> control() {
      List<Schedule.ControlTransfer> out = new ArrayList<>();
      JsonNode list = doc.get("control");
      if (list == null) {
        return out;
      }
      for (int i = 0; i < list.size(); i++) {
        JsonNode c = list.get(i);
        String p = "/control/" + i;
        int from = node(c.get("from"), p + "/from");
        int to = node(c.get("to"), p + "/to");
        long step = Json.toLong(c.get("step"), file, p + "/step");
        List<Long> values = new ArrayList<>();
        JsonNode vs = c.get("values");
        if (vs != null) {
          for (int k = 0; k < vs.size(); k++) {
            values.add(Json.toLong(vs.get(k), file, p + "/values/" + k));
          }
        }
        out.add(new Schedule.ControlTransfer(from, to, step, c.get("kind").stringValue(), values));
      }
      return out;
    }

    private Schedule.Transmissions transmissions(TimeScale scale, Map<String, BigDecimal> times) {
      JsonNode list = doc.get("transmissions");
      List<Schedule.Transmission> out = new ArrayList<>(list.size());
      for (int i = 0; i < list.size(); i++) {
        JsonNode t = list.get(i);
        String p = "/transmissions/" + i;
        String message = t.get("message").stringValue();
        requireMessage(message, p + "/message", true);
        int packet = Json.toInt(t.get("packet"), file, p + "/packet");
        long size = Json.toLong(t.get("size"), file, p + "/size");
        int from = node(t.get("from"), p + "/from");
        int to = node(t.get("to"), p + "/to");
        long start = ticks(p + "/start", times, scale);
        Long first = t.has("first") ? Json.toLong(t.get("first"), file, p + "/first") : null;
        out.add(new Schedule.Transmission(message, packet, size, from, to, start, first));
      }
      return new Schedule.Transmissions(scale, out);
    }

    private int node(JsonNode n, String pointer) {
      int v = Json.toInt(n, file, pointer);
      if (v >= instance.network().nodes()) {
        throw new InstanceFormatException(file, pointer, "node " + v + " is out of range: the instance's node ids "
            + "are 0.." + (instance.network().nodes() - 1) + "; fix the node or pass the matching instance");
      }
      return v;
    }

    private Set<String> originIds;

    private void requireMessage(String id, String pointer, boolean originsToo) {
      if (instance.indexOf(id) >= 0) {
        return;
      }
      if (originsToo) {
        if (originIds == null) {
          originIds = new HashSet<>();
          for (Origin o : instance.origins()) {
            originIds.add(o.message());
          }
        }
        if (originIds.contains(id)) {
          return;
        }
      }
      throw new InstanceFormatException(file, pointer, "unknown message \"" + id + "\": instance "
          + instance.name() + " has no such message" + examples() + "; fix the id or pass the matching instance");
    }

    private String examples() {
      List<String> ids = new ArrayList<>();
      for (Message m : instance.messages()) {
        if (ids.size() == 3) {
          break;
        }
        ids.add(m.id());
      }
      for (Origin o : instance.origins()) {
        if (ids.size() == 3) {
          break;
        }
        if (!ids.contains(o.message())) {
          ids.add(o.message());
        }
      }
      return ids.isEmpty() ? "" : " (its ids are like " + String.join(", ", ids) + ")";
    }

    private static Object stat(JsonNode v) {
      if (v.isNull()) {
        return null;
      }
      if (v.isIntegralNumber()) {
        return v.canConvertToLong() ? (Object) v.longValue() : v.bigIntegerValue();
      }
      if (v.isNumber()) {
        return v.decimalValue().doubleValue();
      }
      if (v.isBoolean()) {
        return v.asBoolean();
      }
      return v.stringValue();
    }
  }
}
