package org.commsched.cli.draw;

import java.io.Writer;
import java.util.List;
import org.commsched.core.check.Violation;
import tools.jackson.core.JsonGenerator;
import tools.jackson.databind.json.JsonMapper;

/**
 * The schedule as Chrome/Perfetto trace-event JSON (the "JSON Array/Object Format" of the Trace
 * Event Format that chrome://tracing and ui.perfetto.dev open): one track (thread) per lane, arc or
 * node, and one complete event ({@code "ph": "X"}) per transfer: a message on one arc (or at one
 * node), a packet on one arc, a control flit. Times are ticks written as microseconds: one tick is
 * 1 us, so a bufferless step is 1 us and a store-and-forward time unit is 10^d us for a model with
 * d decimals (the trace's {@code otherData} says so). Pieces a violation involves get {@code
 * "cname": "terrible"} (red) and {@code args.violation}; each violation with a lane and a time is
 * also an instant event on that lane. Events are written as the schedule is read, so any size
 * streams (docs/models/README.md#space-time-diagrams).
 */
public final class PerfettoTrace {
  private static final JsonMapper MAPPER = JsonMapper.builder().build();

  private PerfettoTrace() {}

  /** Writes the trace; the writer is flushed, not closed. */
  public static void write(Diagram d, String title, Writer out) {
    List<String> names = d.laneNames();
    try (JsonGenerator g = MAPPER.createGenerator(new NonClosing(out))) {
      g.writeStartObject();
      g.writeStringProperty("displayTimeUnit", "ns");
      g.writeName("otherData");
      g.writeStartObject();
      g.writeStringProperty("title", title);
      g.writeStringProperty(
          "timeUnit",
          "1 tick = 1 us; " + d.scale().ticksPerUnit() + " tick(s) per model time unit");
      g.writeNumberProperty("ticksPerUnit", d.scale().ticksPerUnit());
      g.writeNumberProperty("violations", d.report().violations().size());
      g.writeEndObject();
      g.writeName("traceEvents");
      g.writeStartArray();
      meta(g, "process_name", -1, "name", title);
      boolean[] named = new boolean[names.size()];
      d.forEach(
          p -> {
            for (int k = 0; k < p.lanes().length; k++) {
              int lane = p.lanes()[k];
              if (!named[lane]) {
                named[lane] = true;
                meta(
                    g,
                    "thread_name",
                    lane,
                    "name",
                    (d.mode() == Diagram.Lanes.ARCS ? "arc " : "") + names.get(lane));
                g.writeStartObject();
                g.writeStringProperty("ph", "M");
                g.writeNumberProperty("pid", 1);
                g.writeNumberProperty("tid", lane + 1);
                g.writeStringProperty("name", "thread_sort_index");
                g.writeName("args");
                g.writeStartObject();
                g.writeNumberProperty("sort_index", lane);
                g.writeEndObject();
                g.writeEndObject();
              }
              g.writeStartObject();
              g.writeStringProperty("ph", "X");
              g.writeNumberProperty("pid", 1);
              g.writeNumberProperty("tid", lane + 1);
              g.writeStringProperty(
                  "name", p.kind() == Diagram.Kind.CONTROL ? p.id() + " " + p.label() : p.label());
              g.writeStringProperty("cat", p.kind().name().toLowerCase(java.util.Locale.ROOT));
              g.writeNumberProperty("ts", p.starts()[k]);
              g.writeNumberProperty("dur", p.duration());
              if (p.red()) {
                g.writeStringProperty("cname", "terrible");
              }
              g.writeName("args");
              g.writeStartObject();
              g.writeStringProperty(p.kind() == Diagram.Kind.CONTROL ? "kind" : "message", p.id());
              if (p.packet() >= 0) {
                g.writeNumberProperty("packet", p.packet());
              }
              if (p.lanes().length > 1) {
                g.writeNumberProperty("hop", k);
              }
              g.writeStringProperty("place", p.lanes().length > 1 ? names.get(lane) : p.place());
              g.writeStringProperty("start", d.scale().format(p.starts()[k]));
              g.writeStringProperty("end", d.scale().format(p.starts()[k] + p.duration()));
              if (p.red()) {
                g.writeBooleanProperty("violation", true);
              }
              g.writeEndObject();
              g.writeEndObject();
            }
          });
      for (Violation v : d.report().violations()) {
        int lane = d.laneOfPlace(v.place());
        g.writeStartObject();
        g.writeStringProperty("ph", "i");
        g.writeNumberProperty("pid", 1);
        if (lane >= 0 && v.time() != null) {
          g.writeNumberProperty("tid", lane + 1);
          g.writeStringProperty("s", "t");
        } else {
          g.writeNumberProperty("tid", 0);
          g.writeStringProperty("s", "g");
        }
        g.writeNumberProperty("ts", v.time() == null ? 0 : v.time());
        g.writeStringProperty("name", v.kind().name());
        g.writeStringProperty("cname", "terrible");
        g.writeName("args");
        g.writeStartObject();
        g.writeStringProperty("place", v.place());
        g.writeStringProperty("detail", v.detail());
        g.writeName("messages");
        g.writeStartArray();
        for (String m : v.messages()) {
          g.writeString(m);
        }
        g.writeEndArray();
        g.writeEndObject();
        g.writeEndObject();
      }
      g.writeEndArray();
      g.writeEndObject();
    }
  }

  private static void meta(JsonGenerator g, String name, int lane, String key, String value) {
    g.writeStartObject();
    g.writeStringProperty("ph", "M");
    g.writeNumberProperty("pid", 1);
    if (lane >= 0) {
      g.writeNumberProperty("tid", lane + 1);
    }
    g.writeStringProperty("name", name);
    g.writeName("args");
    g.writeStartObject();
    g.writeStringProperty(key, value);
    g.writeEndObject();
    g.writeEndObject();
  }

  /** A writer the generator may close without closing the caller's stream. */
  private static final class NonClosing extends java.io.FilterWriter {
    NonClosing(Writer out) {
      super(out);
    }

    @Override
    public void close() throws java.io.IOException {
      flush();
    }
  }
}
