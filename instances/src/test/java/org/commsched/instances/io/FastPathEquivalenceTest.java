package org.commsched.instances.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Function;
import java.util.stream.Stream;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Origin;
import org.commsched.core.model.Schedule;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveStatus;
import org.commsched.core.testing.Seeds;
import org.commsched.core.time.TimeScale;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The streaming fast path of the readers ({@link Streaming}) decides and reports exactly as the
 * full check on the document tree (schema validator, then the model's rules): on every valid file
 * of the catalogue and the test resources, on schedules for them, and on seeded mutations of all of
 * these (deleted, added and renamed fields, wrong types, negative and oversized numbers, decimals,
 * bad enum values, wrapped and unwrapped values, duplicate keys, truncation, trailing content,
 * byte-order marks, bad UTF-8). For each case the reader's outcome (the fast path, falling back to
 * the full check) must equal the full check's: the same instance or result (as written back), or
 * the same one-line message. A file the fast path accepts must be one the full check accepts.
 */
class FastPathEquivalenceTest {
  private static final String NAME = "case.json";

  @Test
  void instancesDecideAndReportAsTheFullCheck() {
    List<String> corpus = instanceCorpus();
    assertThat(corpus).hasSizeGreaterThan(40);
    int fastAccepted = 0;
    for (String text : corpus) {
      fastAccepted += compareInstance(text.getBytes(StandardCharsets.UTF_8), "valid file");
    }
    assertThat(fastAccepted).as("every valid file takes the fast path").isEqualTo(corpus.size());
    int n = Seeds.cases() * 2;
    int rejected = 0;
    for (long seed : Seeds.seeds(n).toArray()) {
      SplittableRandom rnd = new SplittableRandom(Seeds.mix(seed ^ 0x1F57L));
      String base = corpus.get(rnd.nextInt(corpus.size()));
      byte[] mutated = mutate(base, rnd);
      if (compareInstance(mutated, "seed " + seed) == 0) {
        rejected++;
      }
    }
    assertThat(rejected).as("most mutations leave the fast path").isGreaterThan(n / 3);
  }

  @Test
  void schedulesDecideAndReportAsTheFullCheck() {
    List<Instance> instances = new ArrayList<>();
    for (String text : instanceCorpus()) {
      instances.add(InstanceReader.parse(text, NAME));
    }
    List<String> corpus = new ArrayList<>();
    List<Instance> owners = new ArrayList<>();
    for (Instance inst : instances) {
      for (SolveResult r : results(inst)) {
        corpus.add(ScheduleWriter.toJson(r, inst));
        owners.add(inst);
      }
    }
    Instance example = InstanceReader.parse(resource("io/formats-instance-example.json"), NAME);
    corpus.add(resource("io/formats-schedule-example.json"));
    owners.add(example);
    int fastAccepted = 0;
    for (int i = 0; i < corpus.size(); i++) {
      fastAccepted +=
          compareSchedule(
              corpus.get(i).getBytes(StandardCharsets.UTF_8), owners.get(i), "valid file");
    }
    assertThat(fastAccepted)
        .as("every valid schedule takes the fast path")
        .isEqualTo(corpus.size());
    int n = Seeds.cases() * 2;
    for (long seed : Seeds.seeds(n).toArray()) {
      SplittableRandom rnd = new SplittableRandom(Seeds.mix(seed ^ 0x5C4EDL));
      int k = rnd.nextInt(corpus.size());
      compareSchedule(mutate(corpus.get(k), rnd), owners.get(k), "seed " + seed);
    }
  }

  @Test
  void streamedFilesPrintAsTheTreePrinter() {
    for (String text : instanceCorpus()) {
      Instance inst = InstanceReader.parse(text, NAME);
      String written = InstanceWriter.toJson(inst);
      assertThat(written).isEqualTo(Json.pretty(Json.parse(written, NAME, "an instance file")));
      for (SolveResult r : results(inst)) {
        String s = ScheduleWriter.toJson(r, inst);
        assertThat(s).isEqualTo(Json.pretty(Json.parse(s, NAME, "a schedule file")));
      }
    }
  }

  // ------------------------------------------------------------------ comparing

  /** Compares the reader with the full check on one file; 1 if the fast path accepted it. */
  private static int compareInstance(byte[] bytes, String label) {
    String full =
        outcome(
            () ->
                InstanceWriter.toJson(
                    InstanceReader.parse(Inputs.decode(bytes, NAME, "an instance file"), NAME)));
    String reader = outcome(() -> InstanceWriter.toJson(InstanceReader.read(bytes, NAME)));
    assertThat(reader).as(label + ": " + excerpt(bytes)).isEqualTo(full);
    Instance fast =
        Inputs.isUtf8(bytes) ? fastOrNull(() -> InstanceReader.fast(bytes, NAME)) : null;
    if (fast != null) {
      assertThat("ok " + InstanceWriter.toJson(fast))
          .as(label + ": fast path accepted")
          .isEqualTo(full);
      return 1;
    }
    return 0;
  }

  private static int compareSchedule(byte[] bytes, Instance instance, String label) {
    String full =
        outcome(
            () ->
                ScheduleWriter.toJson(
                    ScheduleReader.parse(
                        Inputs.decode(bytes, NAME, "a schedule file"), NAME, instance),
                    instance));
    String reader =
        outcome(() -> ScheduleWriter.toJson(ScheduleReader.read(bytes, NAME, instance), instance));
    assertThat(reader).as(label + ": " + excerpt(bytes)).isEqualTo(full);
    SolveResult fast =
        Inputs.isUtf8(bytes) ? fastOrNull(() -> ScheduleReader.fast(bytes, NAME, instance)) : null;
    if (fast != null) {
      assertThat("ok " + ScheduleWriter.toJson(fast, instance))
          .as(label + ": fast path accepted")
          .isEqualTo(full);
      return 1;
    }
    return 0;
  }

  /** The accepted file as written back, or the error as its class and one line. */
  private static String outcome(java.util.function.Supplier<String> run) {
    try {
      return "ok " + run.get();
    } catch (InstanceFormatException e) {
      return "error " + e.oneLine();
    } catch (RuntimeException e) {
      return e.getClass().getName() + " " + e.getMessage();
    }
  }

  /**
   * The fast path's answer; a rule error it throws counts as "not accepted" (the outcome compares
   * messages).
   */
  private static <T> T fastOrNull(java.util.function.Supplier<T> run) {
    try {
      return run.get();
    } catch (RuntimeException e) {
      return null;
    }
  }

  private static String excerpt(byte[] bytes) {
    String s = new String(bytes, StandardCharsets.UTF_8);
    return s.length() > 400 ? s.substring(0, 400) + "..." : s;
  }

  // ------------------------------------------------------------------ corpus

  /** Every instance JSON file of the catalogue and the test resources. */
  static List<String> instanceCorpus() {
    List<String> out = new ArrayList<>();
    for (Path dir :
        List.of(
            Path.of("catalogue"),
            Path.of("src/test/resources"),
            Path.of("src/test/resources/io"))) {
      try (Stream<Path> files = Files.list(dir)) {
        for (Path f : files.sorted().toList()) {
          if (f.toString().endsWith(".json")) {
            String text = Files.readString(f);
            if (text.contains("\"" + InstanceReader.FORMAT + "\"")) {
              out.add(text);
            }
          }
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return out;
  }

  private static String resource(String name) {
    try {
      return Files.readString(Path.of("src/test/resources").resolve(name));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * A few results for an instance: every schedule kind the model takes, and one without a schedule.
   */
  static List<SolveResult> results(Instance inst) {
    List<SolveResult> out = new ArrayList<>();
    TimeScale scale = inst.timeScale();
    LowerBound lb = new LowerBound(1, "given", "a witness");
    Map<String, Object> stats = new LinkedHashMap<>();
    stats.put("virtualDuration", 3L);
    stats.put("note", "x");
    if (inst.model() instanceof CommModel.Bufferless) {
      Map<String, Long> deps = new LinkedHashMap<>();
      for (Message m : inst.messages()) {
        deps.put(m.id(), (long) deps.size() * 2);
      }
      for (Origin o : inst.origins()) {
        deps.putIfAbsent(o.message(), 1L);
      }
      out.add(
          new SolveResult(
              "test", SolveStatus.FEASIBLE, new Schedule.Departures(deps), 9L, lb, scale, stats));
      out.add(
          new SolveResult(
              "test", SolveStatus.OPTIMAL, new Schedule.Slots(deps), 4L, lb, scale, Map.of()));
      if (!deps.isEmpty()) {
        List<Schedule.ControlTransfer> control =
            List.of(new Schedule.ControlTransfer(0, 1, 2, "token", List.of(-1L, 5L)));
        out.add(
            new SolveResult(
                "test",
                SolveStatus.FEASIBLE,
                new Schedule.Departures(deps, control),
                9L,
                lb,
                scale,
                Map.of()));
      }
    } else {
      TimeScale fine = new TimeScale(Math.max(1, scale.decimals()));
      List<Schedule.Transmission> ts = new ArrayList<>();
      List<String> ids = new ArrayList<>();
      List<Integer> nodes = new ArrayList<>();
      for (Message m : inst.messages()) {
        ids.add(m.id());
        nodes.add(m.from());
      }
      for (Origin o : inst.origins()) {
        ids.add(o.message());
        nodes.add(o.node());
      }
      for (int i = 0; i < ids.size(); i++) {
        int u = nodes.get(i);
        int v = inst.network().head(inst.network().outArc(u, 0));
        ts.add(
            new Schedule.Transmission(
                ids.get(i), i % 2, 1 + i % 3, u, v, 7L * i + 3, i % 2 == 0 ? null : 2L));
      }
      out.add(
          new SolveResult(
              "test",
              SolveStatus.FEASIBLE,
              new Schedule.Transmissions(fine, ts),
              7L * ids.size() + 5,
              lb,
              fine,
              stats));
    }
    out.add(new SolveResult("test", SolveStatus.UNKNOWN, null, null, lb, scale, Map.of()));
    return out;
  }

  // ------------------------------------------------------------------ mutations

  private static final Object[] REPLACEMENTS = {
    "x",
    "",
    "5",
    "bogus",
    1L,
    0L,
    -1L,
    -0L,
    7L,
    2147483648L,
    Long.MAX_VALUE,
    new BigInteger("9223372036854775808"),
    new BigDecimal("1.5"),
    new BigDecimal("1.0"),
    new BigDecimal("1e400"),
    new BigDecimal("-2"),
    Boolean.TRUE,
    null,
    "ARRAY",
    "OBJECT",
    "0.5",
    "1e3"
  };

  /** One seeded mutation of a valid file. */
  static byte[] mutate(String text, SplittableRandom rnd) {
    int kind = rnd.nextInt(20);
    byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
    switch (kind) {
      case 0: // truncation
        return Arrays.copyOf(utf8, rnd.nextInt(utf8.length));
      case 1: // trailing content
        return (text + (rnd.nextBoolean() ? "{}" : " x")).getBytes(StandardCharsets.UTF_8);
      case 2:
        { // a duplicate key inside a random object
          int at = nthIndex(text, "{", rnd);
          return (text.substring(0, at + 1) + "\"dup\": 1, \"dup\": 2, " + text.substring(at + 1))
              .getBytes(StandardCharsets.UTF_8);
        }
      case 3:
        { // a byte-order mark (valid), or bad UTF-8
          byte[] out = new byte[utf8.length + 3];
          byte[] pre =
              rnd.nextBoolean()
                  ? new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF}
                  : new byte[] {' ', (byte) 0xC3, ' '};
          System.arraycopy(pre, 0, out, 0, 3);
          System.arraycopy(utf8, 0, out, 3, utf8.length);
          return out;
        }
      case 4: // a syntax slip: drop one character
        if (utf8.length > 2) {
          int at = rnd.nextInt(utf8.length);
          byte[] out = new byte[utf8.length - 1];
          System.arraycopy(utf8, 0, out, 0, at);
          System.arraycopy(utf8, at + 1, out, at, utf8.length - at - 1);
          return out;
        }
        return utf8;
      default:
        break;
    }
    ObjectNode doc = (ObjectNode) Json.parse(text, NAME, "a file");
    List<JsonNode[]> places = new ArrayList<>(); // {container, key-or-index as text node}
    collect(doc, places);
    JsonNode[] place = places.get(rnd.nextInt(places.size()));
    JsonNode parent = place[0];
    String key = place[1].stringValue();
    JsonNode value = parent.isObject() ? parent.get(key) : parent.get(Integer.parseInt(key));
    switch (kind) {
      case 5: // delete a field or element
      case 6:
        if (parent.isObject()) {
          ((ObjectNode) parent).remove(key);
        } else {
          ((ArrayNode) parent).remove(Integer.parseInt(key));
        }
        break;
      case 7:
        { // add an unknown field to an object
          ObjectNode o =
              value.isObject() ? (ObjectNode) value : parent.isObject() ? (ObjectNode) parent : doc;
          o.put(rnd.nextBoolean() ? "extra" : "lenght", 1);
          break;
        }
      case 8: // rename a field (typo)
        if (parent.isObject()) {
          ((ObjectNode) parent).remove(key);
          ((ObjectNode) parent).set(key.length() > 1 ? key.substring(1) : key + "x", value);
        }
        break;
      case 9:
        { // bad enum value: a near typo of a string
          String s = value.isString() ? value.stringValue() : "bogus";
          set(
              parent,
              key,
              Json.NODES.stringNode(s.length() > 1 ? s.substring(0, s.length() - 1) : s + "?"));
          break;
        }
      case 10: // wrap the value one level deeper
        set(
            parent,
            key,
            rnd.nextBoolean() ? Json.NODES.arrayNode().add(value) : Json.object().set("v", value));
        break;
      case 11: // unwrap a container
        if (value.isContainer() && !value.isEmpty()) {
          set(
              parent,
              key,
              value.isArray() ? value.get(0) : value.properties().iterator().next().getValue());
        } else {
          set(parent, key, Json.NODES.arrayNode());
        }
        break;
      case 12: // negative number
        set(
            parent,
            key,
            value.isNumber()
                ? Json.NODES.numberNode(-1 - value.asLong())
                : Json.NODES.numberNode(-3));
        break;
      case 13: // string for number and number for string
        set(
            parent,
            key,
            value.isString()
                ? Json.NODES.numberNode(4)
                : Json.NODES.stringNode(value.isContainer() ? "[]" : value.asString()));
        break;
      default: // wrong type or unusual value
        set(parent, key, node(REPLACEMENTS[rnd.nextInt(REPLACEMENTS.length)]));
        break;
    }
    if (kind == 14) { // a repeated key: one field of a random object written twice
      List<JsonNode> objects = new ArrayList<>();
      for (JsonNode[] pl : places) {
        if (pl[0].isObject() && !pl[0].isEmpty()) {
          objects.add(pl[0]);
        }
      }
      JsonNode target = objects.get(rnd.nextInt(objects.size()));
      List<String> keys = new ArrayList<>();
      target.properties().forEach(e -> keys.add(e.getKey()));
      StringBuilder sb = new StringBuilder();
      writeRepeating(doc, target, keys.get(rnd.nextInt(keys.size())), rnd.nextBoolean(), sb);
      return sb.toString().getBytes(StandardCharsets.UTF_8);
    }
    String out = rnd.nextInt(4) == 0 ? Json.compact(doc) : Json.pretty(doc);
    return out.getBytes(StandardCharsets.UTF_8);
  }

  /**
   * Compact JSON in which field {@code key} of {@code target} appears twice (same value, or an
   * integer).
   */
  private static void writeRepeating(
      JsonNode n, JsonNode target, String key, boolean same, StringBuilder sb) {
    if (n.isObject()) {
      sb.append('{');
      boolean first = true;
      for (Map.Entry<String, JsonNode> e : n.properties()) {
        int times = n == target && e.getKey().equals(key) ? 2 : 1;
        for (int k = 0; k < times; k++) {
          sb.append(first ? "" : ",").append(Json.quote(e.getKey())).append(':');
          first = false;
          if (k == 1 && !same) {
            sb.append('1');
          } else {
            writeRepeating(e.getValue(), target, key, same, sb);
          }
        }
      }
      sb.append('}');
    } else if (n.isArray()) {
      sb.append('[');
      for (int i = 0; i < n.size(); i++) {
        sb.append(i > 0 ? "," : "");
        writeRepeating(n.get(i), target, key, same, sb);
      }
      sb.append(']');
    } else {
      sb.append(Json.compact(n));
    }
  }

  private static int nthIndex(String text, String what, SplittableRandom rnd) {
    List<Integer> at = new ArrayList<>();
    for (int i = text.indexOf(what); i >= 0; i = text.indexOf(what, i + 1)) {
      at.add(i);
    }
    return at.get(rnd.nextInt(at.size()));
  }

  private static void collect(JsonNode n, List<JsonNode[]> places) {
    if (n.isObject()) {
      for (Map.Entry<String, JsonNode> e : n.properties()) {
        places.add(new JsonNode[] {n, Json.NODES.stringNode(e.getKey())});
        collect(e.getValue(), places);
      }
    } else if (n.isArray()) {
      for (int i = 0; i < n.size(); i++) {
        places.add(new JsonNode[] {n, Json.NODES.stringNode(Integer.toString(i))});
        collect(n.get(i), places);
      }
    }
  }

  private static void set(JsonNode parent, String key, JsonNode value) {
    if (parent.isObject()) {
      ((ObjectNode) parent).set(key, value);
    } else {
      ((ArrayNode) parent).set(Integer.parseInt(key), value);
    }
  }

  private static JsonNode node(Object v) {
    Function<Object, JsonNode> f =
        o -> {
          if (o == null) {
            return Json.NODES.nullNode();
          }
          if (o.equals("ARRAY")) {
            return Json.NODES.arrayNode().add(1);
          }
          if (o.equals("OBJECT")) {
            return Json.object().put("a", 1);
          }
          if (o instanceof String) {
            return Json.NODES.stringNode((String) o);
          }
          if (o instanceof Long) {
            return Json.NODES.numberNode((Long) o);
          }
          if (o instanceof BigInteger) {
            return Json.NODES.numberNode((BigInteger) o);
          }
          if (o instanceof BigDecimal) {
            return Json.NODES.numberNode((BigDecimal) o);
          }
          return Json.NODES.booleanNode((Boolean) o);
        };
    return f.apply(v);
  }
}
