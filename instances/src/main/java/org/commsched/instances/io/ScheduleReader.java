package org.commsched.instances.io;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Origin;
import org.commsched.core.model.Schedule;
import org.commsched.core.model.TimeTable;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveStatus;
import org.commsched.core.time.TimeScale;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Reads schedule files ({@code commsched-schedule/1}) for a given instance.
 *
 * <p>Checks, in order: JSON syntax; the schema {@code schemas/schedule.schema.json}; that {@code
 * instance} names the given instance; that the schedule kind fits the model ({@code departures} and
 * {@code slots} are bufferless, {@code transmissions} store-and-forward); that every message id is
 * one of the instance's (its messages, or the origins {@code m0}, {@code m<v>} of broadcast and
 * gossip) and every node is in range. Whether the schedule obeys the model (conflicts, ports,
 * arrivals) is the checker's business, not the reader's.
 *
 * <p>Times: integers or exact decimal strings. The time scale is the finest among the model's and
 * every time in the file (makespan, lower bound, transmission starts); the makespan, the lower
 * bound and the starts are returned in ticks of that scale, which {@link
 * Schedule.Transmissions#scale()} carries. Bufferless times must be whole steps. A result without a
 * schedule is on the model's scale.
 */
public final class ScheduleReader {
  /** The format tag of schedule files. */
  public static final String FORMAT = "commsched-schedule/1";

  private static final String WHAT = "a schedule file";

  private ScheduleReader() {}

  /**
   * Reads a schedule file for an instance.
   *
   * @throws InstanceFormatException on any bad input (and only then)
   */
  public static SolveResult read(Path file, Instance instance) {
    return read(Inputs.readBytes(file, WHAT), file.toString(), instance);
  }

  /**
   * Reads the bytes of a schedule file: the streaming fast path when it applies, else the full
   * check ({@link #parse}), which also phrases every error.
   */
  static SolveResult read(byte[] bytes, String name, Instance instance) {
    if (Inputs.isUtf8(bytes)) {
      SolveResult fast = fast(bytes, name, instance);
      if (fast != null) {
        return fast;
      }
    }
    return parse(Inputs.decode(bytes, name, WHAT), name, instance);
  }

  /**
   * The streaming fast path ({@link Streaming}): the result if the file passes the schema by the
   * streaming check, null when the full check must run.
   *
   * @throws InstanceFormatException for a schema-valid file that does not fit the instance (the
   *     same message as the full check gives)
   */
  static SolveResult fast(byte[] bytes, String fileName, Instance instance) {
    ObjectNode skeleton = Json.object();
    StepColumns steps = null;
    TransmissionColumns transmissions = null;
    // store-and-forward schedules have fixed keys: interned names let Jackson parse the bytes
    // themselves, which
    // it does not do without them (it decodes to characters first)
    boolean fixedKeys = instance.model() instanceof CommModel.StoreAndForward;
    try (JsonParser p =
        Streaming.parser(fixedKeys ? Streaming.SUBTREES : Streaming.PLAIN_NAMES, bytes)) {
      Streaming.expect(p, JsonToken.START_OBJECT);
      while (true) {
        JsonToken t = p.nextToken();
        if (t == JsonToken.END_OBJECT) {
          break;
        }
        String key = p.currentName();
        if (skeleton.has(key)) {
          return null; // a repeated key
        }
        if (key.equals("departures") || key.equals("slots")) {
          if (steps != null) {
            return null; // both: the schema's oneOf says no
          }
          steps = StepColumns.read(p, instance);
          skeleton.putObject(key);
        } else if (key.equals("transmissions")) {
          transmissions = TransmissionColumns.read(p);
          skeleton.putArray(key);
        } else {
          p.nextToken();
          skeleton.set(key, Streaming.tree(p));
        }
      }
      Streaming.expectEnd(p);
    } catch (
        RuntimeException
            e) { // Streaming.GiveUp, a JacksonException, anything unusual: the full check
      return null;
    }
    JsonNode format = skeleton.get("format");
    if (format == null
        || !format.isString()
        || !format.stringValue().equals(FORMAT)
        || !Schemas.schedule().accepts(skeleton)) {
      return null;
    }
    return new Builder(
            skeleton,
            steps != null ? steps : StepColumns.EMPTY,
            transmissions != null ? transmissions : TransmissionColumns.EMPTY,
            fileName,
            instance)
        .build();
  }

  /** Parses schedule JSON for an instance; {@code fileName} is used in error messages. */
  public static SolveResult parse(String json, String fileName, Instance instance) {
    JsonNode doc = Json.parse(json, fileName, WHAT);
    Json.requireFormat(doc, FORMAT, InstanceReader.FORMAT, fileName, WHAT);
    Schemas.schedule().validate(doc, fileName);
    JsonNode steps = doc.has("departures") ? doc.get("departures") : doc.get("slots");
    JsonNode transmissions = doc.get("transmissions");
    return new Builder(
            doc,
            steps == null
                ? StepColumns.EMPTY
                : new TreeSteps(steps, doc.has("departures") ? "departures" : "slots"),
            transmissions == null
                ? TransmissionColumns.EMPTY
                : new TreeTransmissions(transmissions),
            fileName,
            instance)
        .build();
  }

  private static final class Builder {
    private final JsonNode doc;
    private final StepSource stepList;
    private final TransmissionSource transmissionList;
    private final String file;
    private final Instance instance;

    Builder(
        JsonNode doc,
        StepSource steps,
        TransmissionSource transmissions,
        String file,
        Instance instance) {
      this.doc = doc;
      this.stepList = steps;
      this.transmissionList = transmissions;
      this.file = file;
      this.instance = instance;
    }

    SolveResult build() {
      String name = doc.get("instance").stringValue();
      if (!name.equals(instance.name())) {
        throw new InstanceFormatException(
            file,
            "/instance",
            "this schedule is for instance \""
                + name
                + "\" but the instance file is \""
                + instance.name()
                + "\"; pass the matching instance and schedule");
      }
      String method = doc.get("method").stringValue();
      SolveStatus status = SolveStatus.valueOf(doc.get("status").stringValue());
      boolean bufferless = instance.model() instanceof CommModel.Bufferless;
      String kind =
          doc.has("departures")
              ? "departures"
              : doc.has("slots") ? "slots" : doc.has("transmissions") ? "transmissions" : null;
      if (kind != null) {
        if (bufferless && kind.equals("transmissions")) {
          throw new InstanceFormatException(
              file,
              "/transmissions",
              "the instance uses the bufferless model, whose "
                  + "schedules give \"departures\" (or \"slots\" for virtual schedules), not transmissions; "
                  + "pass the matching instance");
        }
        if (!bufferless && !kind.equals("transmissions")) {
          throw new InstanceFormatException(
              file,
              "/" + kind,
              "the instance uses the store-and-forward model, "
                  + "whose schedules give \"transmissions\", not "
                  + kind
                  + "; pass the matching instance");
        }
      }

      // the time scale: the model's, refined by every time written in the file
      TimeScale scale = instance.timeScale();
      Map<String, BigDecimal> times = new LinkedHashMap<>();
      collectTime("/makespan", times);
      for (Map.Entry<String, BigDecimal> e : times.entrySet()) {
        scale = refine(scale, e.getValue(), e.getKey(), bufferless, kind);
      }
      if ("transmissions".equals(kind)) {
        // the starts are read from the source as needed, not kept in the map: a pointer is built
        // only for an error
        for (int i = 0; i < transmissionList.size(); i++) {
          if (transmissionList.wholeStart(i) < 0) { // a whole number never refines the scale
            scale = refine(scale, transmissionList.start(i, file), null, i, bufferless, kind);
          }
        }
      }

      Long makespan =
          doc.has("makespan") && !doc.get("makespan").isNull()
              ? ticks("/makespan", times, scale)
              : null;
      // the lower bound is kept in the result's ticks (those of its makespan); a finer bound is
      // rounded down,
      // which keeps it valid
      Map<String, BigDecimal> lbTime = new LinkedHashMap<>();
      collectTime("/lowerBound", lbTime);
      long lb = 0L;
      if (lbTime.containsKey("/lowerBound")) {
        lbTime.put(
            "/lowerBound",
            lbTime.get("/lowerBound").setScale(scale.decimals(), java.math.RoundingMode.FLOOR));
        lb = ticks("/lowerBound", lbTime, scale);
      }
      String lbKind = doc.has("lowerBoundKind") ? doc.get("lowerBoundKind").stringValue() : "given";
      String witness =
          doc.has("lowerBoundWitness") ? doc.get("lowerBoundWitness").stringValue() : "";
      LowerBound bound = new LowerBound(lb, lbKind, witness);

      Schedule schedule = null;
      if ("departures".equals(kind)) {
        schedule = new Schedule.Departures(steps("departures"), control());
      } else if ("slots".equals(kind)) {
        schedule = new Schedule.Slots(steps("slots"));
      } else if ("transmissions".equals(kind)) {
        schedule = transmissions(scale);
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
        throw new InstanceFormatException(
            file, "", InstanceFormatException.singleLine(e.getMessage()) + "; fix the result", e);
      }
    }

    private TimeScale refine(
        TimeScale scale, BigDecimal v, String pointer, boolean bufferless, String kind) {
      return refine(scale, v, pointer, -1, bufferless, kind);
    }

    /**
     * The scale refined to hold time v (at {@code pointer}, or the start of transmission {@code
     * record} when the pointer is null).
     */
    private TimeScale refine(
        TimeScale scale,
        BigDecimal v,
        String pointer,
        int record,
        boolean bufferless,
        String kind) {
      if (v.scale() <= scale.decimals()) {
        return scale; // no more places than the scale, trailing zeros or not
      }
      int places = Math.max(0, v.stripTrailingZeros().scale());
      if (places <= scale.decimals()) {
        return scale;
      }
      String at = pointer != null ? pointer : "/transmissions/" + record + "/start";
      if (bufferless) {
        throw new InstanceFormatException(
            file,
            at,
            "bufferless times are whole steps, found " + v.toPlainString() + "; write an integer");
      }
      if (kind == null) {
        throw new InstanceFormatException(
            file,
            at,
            v.toPlainString()
                + " has more decimal "
                + "places than the model's beta and tau ("
                + scale.decimals()
                + "); without a schedule, round "
                + "it down to "
                + scale.decimals()
                + " places");
      }
      if (places > 15) {
        throw new InstanceFormatException(
            file,
            at,
            v.toPlainString() + " has " + places + " decimal places; times may have at most 15");
      }
      return new TimeScale(places);
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
        throw new InstanceFormatException(
            file,
            pointer,
            "the time "
                + times.get(pointer).toPlainString()
                + " is too large for a time scale of "
                + scale.decimals()
                + " decimal places (at most "
                + Long.MAX_VALUE
                + " ticks); use smaller times or fewer decimal places",
            e);
      }
    }

    private Map<String, Long> steps(String field) {
      int n = stepList.size();
      String[] keys = new String[n];
      long[] values = new long[n];
      boolean[] seen = new boolean[instance.messages().size()];
      boolean distinct =
          true; // every id names a message, none twice: the compact table holds the entries as read
      for (int i = 0; i < n; i++) {
        String id = stepList.key(i);
        int m = instance.indexOf(id);
        if (m < 0) {
          requireMessage(id, "/" + field + "/" + Json.token(id), false);
          distinct = false;
        } else {
          id =
              instance
                  .messages()
                  .get(m)
                  .id(); // one string per id for the instance and its schedule
          distinct &= !seen[m];
          seen[m] = true;
        }
        keys[i] = id;
        values[i] = stepList.value(i, file);
      }
      if (distinct) {
        return TimeTable.ofDistinct(keys, values);
      }
      Map<String, Long> out = new LinkedHashMap<>(Math.max(16, (int) (n / 0.75f) + 1));
      for (int i = 0; i < n; i++) {
        out.put(keys[i], values[i]);
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

    private Schedule.Transmissions transmissions(TimeScale scale) {
      TransmissionSource list = transmissionList;
      List<Schedule.Transmission> out = new ArrayList<>(list.size());
      long perUnit = scale.ticksPerUnit();
      for (int i = 0; i < list.size(); i++) {
        String message = list.message(i);
        int m = instance.indexOf(message);
        if (m < 0) {
          requireMessage(message, "/transmissions/" + i + "/message", true);
        } else {
          message =
              instance
                  .messages()
                  .get(m)
                  .id(); // one string per id for the instance and its schedule
        }
        int packet = list.packet(i, file);
        long size = list.size(i, file);
        int from = node(list.from(i, file), i, "from");
        int to = node(list.to(i, file), i, "to");
        long whole = list.wholeStart(i);
        BigDecimal at = whole >= 0 ? null : list.start(i, file);
        long start;
        try {
          start = at == null ? Math.multiplyExact(whole, perUnit) : scale.toTicks(at);
        } catch (ArithmeticException e) {
          at = list.start(i, file);
          throw new InstanceFormatException(
              file,
              "/transmissions/" + i + "/start",
              "the time "
                  + at.toPlainString()
                  + " is too large for a time scale of "
                  + scale.decimals()
                  + " decimal places (at most "
                  + Long.MAX_VALUE
                  + " ticks); use smaller times or fewer decimal places",
              e);
        }
        Long first = list.first(i, file);
        out.add(
            new Schedule.Transmission(
                message, packet, size, from, to, start, first, list.channel(i, file)));
      }
      return new Schedule.Transmissions(scale, out);
    }

    private int node(int v, int record, String field) {
      return v < instance.network().nodes() ? v : node(v, "/transmissions/" + record + "/" + field);
    }

    private int node(JsonNode n, String pointer) {
      return node(Json.toInt(n, file, pointer), pointer);
    }

    private int node(int v, String pointer) {
      if (v >= instance.network().nodes()) {
        throw new InstanceFormatException(
            file,
            pointer,
            "node "
                + v
                + " is out of range: the instance's node ids "
                + "are 0.."
                + (instance.network().nodes() - 1)
                + "; fix the node or pass the matching instance");
      }
      return v;
    }

    private void requireMessage(String id, String pointer, boolean originsToo) {
      if (instance.indexOf(id) >= 0 || originsToo && instance.originIndexOf(id) >= 0) {
        return;
      }
      throw new InstanceFormatException(
          file,
          pointer,
          "unknown message \""
              + id
              + "\": instance "
              + instance.name()
              + " has no such message"
              + examples()
              + "; fix the id or pass the matching instance");
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

  /**
   * The entries of {@code departures} or {@code slots} as the builder reads them, in file order.
   */
  interface StepSource {
    int size();

    String key(int i);

    /**
     * The step of entry i; may throw an {@link InstanceFormatException} naming the entry's pointer.
     */
    long value(int i, String file);
  }

  /**
   * The {@code transmissions} as the builder reads them; accessors taking the file may throw for
   * bad values.
   */
  interface TransmissionSource {
    int size();

    String message(int i);

    int packet(int i, String file);

    long size(int i, String file);

    int from(int i, String file);

    int to(int i, String file);

    BigDecimal start(int i, String file);

    /**
     * The start when it is written as a whole number (the usual case, read without a BigDecimal),
     * else -1.
     */
    default long wholeStart(int i) {
      return -1;
    }

    /** The {@code first} step, or null. */
    Long first(int i, String file);

    /**
     * The {@code channel} of the record, or null (the streaming path gives up on records that have
     * one).
     */
    default Integer channel(int i, String file) {
      return null;
    }
  }

  /** The steps of a document tree (the full check's path). */
  private static final class TreeSteps implements StepSource {
    private final List<Map.Entry<String, JsonNode>> entries = new ArrayList<>();
    private final String field;

    TreeSteps(JsonNode steps, String field) {
      for (Map.Entry<String, JsonNode> e : steps.properties()) {
        entries.add(e);
      }
      this.field = field;
    }

    @Override
    public int size() {
      return entries.size();
    }

    @Override
    public String key(int i) {
      return entries.get(i).getKey();
    }

    @Override
    public long value(int i, String file) {
      return Json.toLong(entries.get(i).getValue(), file, "/" + field + "/" + Json.token(key(i)));
    }
  }

  /** The transmissions of a document tree (the full check's path). */
  private static final class TreeTransmissions implements TransmissionSource {
    private final JsonNode list;

    TreeTransmissions(JsonNode list) {
      this.list = list;
    }

    private static String p(int i, String field) {
      return "/transmissions/" + i + "/" + field;
    }

    @Override
    public int size() {
      return list.size();
    }

    @Override
    public String message(int i) {
      return list.get(i).get("message").stringValue();
    }

    @Override
    public int packet(int i, String file) {
      return Json.toInt(list.get(i).get("packet"), file, p(i, "packet"));
    }

    @Override
    public long size(int i, String file) {
      return Json.toLong(list.get(i).get("size"), file, p(i, "size"));
    }

    @Override
    public int from(int i, String file) {
      return Json.toInt(list.get(i).get("from"), file, p(i, "from"));
    }

    @Override
    public int to(int i, String file) {
      return Json.toInt(list.get(i).get("to"), file, p(i, "to"));
    }

    @Override
    public BigDecimal start(int i, String file) {
      JsonNode n = list.get(i).get("start");
      return n.isString()
          ? new BigDecimal(n.stringValue())
          : BigDecimal.valueOf(Json.toLong(n, file, p(i, "start")));
    }

    @Override
    public Long first(int i, String file) {
      JsonNode n = list.get(i).get("first");
      return n == null ? null : Json.toLong(n, file, p(i, "first"));
    }

    @Override
    public Integer channel(int i, String file) {
      JsonNode n = list.get(i).get("channel");
      return n == null ? null : Json.toInt(n, file, p(i, "channel"));
    }
  }

  /**
   * The steps as the streaming parser stores them, each checked against the schema's {@code step}.
   */
  static final class StepColumns implements StepSource {
    static final StepColumns EMPTY = new StepColumns();
    private int n;
    private String[] keys = new String[16];
    private long[] values = new long[16];

    /**
     * Reads the value of {@code "departures"} or {@code "slots"}: an object of message id to step.
     * Every key must be a message of the instance, once (else the full check reports the unknown or
     * repeated id); the keys kept are the instance's own id strings.
     */
    static StepColumns read(JsonParser p, Instance instance) {
      Streaming.expect(p, JsonToken.START_OBJECT);
      StepColumns c = new StepColumns();
      java.util.BitSet seen = new java.util.BitSet(instance.messages().size());
      while (true) {
        JsonToken t = p.nextToken();
        if (t == JsonToken.END_OBJECT) {
          return c;
        }
        int m = instance.indexOf(p.currentName());
        if (m < 0 || seen.get(m)) {
          throw Streaming.giveUp();
        }
        seen.set(m);
        if (c.n == c.keys.length) {
          int cap = c.n + (c.n >> 1);
          c.keys = Arrays.copyOf(c.keys, cap);
          c.values = Arrays.copyOf(c.values, cap);
        }
        c.keys[c.n] = instance.messages().get(m).id();
        c.values[c.n] = Streaming.natLong(p, 0);
        c.n++;
      }
    }

    @Override
    public int size() {
      return n;
    }

    @Override
    public String key(int i) {
      return keys[i];
    }

    @Override
    public long value(int i, String file) {
      return values[i];
    }
  }

  /**
   * The transmissions as the streaming parser stores them, each checked against the schema's item.
   */
  static final class TransmissionColumns implements TransmissionSource {
    static final TransmissionColumns EMPTY = new TransmissionColumns();
    private static final String[] NO_STRINGS = new String[0];
    private int n;
    private String[] messages = NO_STRINGS;
    private int[] packets = new int[0];
    private long[] sizes = new long[0];
    private int[] froms = new int[0];
    private int[] tos = new int[0];
    private long[] starts = new long[0]; // the start when an integer
    private String[] startTexts = NO_STRINGS; // the start when a decimal string, else null
    private long[] firsts = new long[0]; // -1: none

    static TransmissionColumns read(JsonParser p) {
      TransmissionColumns c = new TransmissionColumns();
      Streaming.objects(p, c::readOne);
      return c;
    }

    private void readOne(JsonParser p) {
      if (n == messages.length) {
        int m = Math.max(16, n + (n >> 1));
        messages = Arrays.copyOf(messages, m);
        packets = Arrays.copyOf(packets, m);
        sizes = Arrays.copyOf(sizes, m);
        froms = Arrays.copyOf(froms, m);
        tos = Arrays.copyOf(tos, m);
        starts = Arrays.copyOf(starts, m);
        startTexts = Arrays.copyOf(startTexts, m);
        firsts = Arrays.copyOf(firsts, m);
      }
      int i = n;
      int seen = 0;
      int fields = 0;
      firsts[i] = -1;
      while (true) {
        JsonToken t = p.nextToken();
        if (t == JsonToken.END_OBJECT) {
          break;
        }
        switch (p.currentName()) {
          case "message":
            messages[i] = Streaming.nonEmptyString(p);
            seen |= 1;
            break;
          case "packet":
            packets[i] = Streaming.natInt(p);
            seen |= 2;
            break;
          case "size":
            sizes[i] = Streaming.natLong(p, 1);
            seen |= 4;
            break;
          case "from":
            froms[i] = Streaming.natInt(p);
            seen |= 8;
            break;
          case "to":
            tos[i] = Streaming.natInt(p);
            seen |= 16;
            break;
          case "start":
            {
              JsonToken v = p.nextToken();
              if (v == JsonToken.VALUE_STRING && Streaming.isDecimal(p.getString())) {
                startTexts[i] = p.getString();
              } else if (v == JsonToken.VALUE_NUMBER_INT
                  && (p.getNumberType() == JsonParser.NumberType.INT
                      || p.getNumberType() == JsonParser.NumberType.LONG)
                  && p.getLongValue() >= 0) {
                starts[i] = p.getLongValue();
              } else {
                throw Streaming.giveUp();
              }
              seen |= 32;
              break;
            }
          case "first":
            if (firsts[i] >= 0) {
              throw Streaming.giveUp(); // a repeated key
            }
            firsts[i] = Streaming.natLong(p, 0);
            break;
          default:
            throw Streaming.giveUp();
        }
        if (Integer.bitCount(seen) != ++fields - (firsts[i] >= 0 ? 1 : 0)) {
          throw Streaming.giveUp(); // a repeated key
        }
      }
      if (seen != 63) {
        throw Streaming.giveUp();
      }
      n++;
    }

    @Override
    public int size() {
      return n;
    }

    @Override
    public String message(int i) {
      return messages[i];
    }

    @Override
    public int packet(int i, String file) {
      return packets[i];
    }

    @Override
    public long size(int i, String file) {
      return sizes[i];
    }

    @Override
    public int from(int i, String file) {
      return froms[i];
    }

    @Override
    public int to(int i, String file) {
      return tos[i];
    }

    @Override
    public BigDecimal start(int i, String file) {
      return startTexts[i] != null ? new BigDecimal(startTexts[i]) : BigDecimal.valueOf(starts[i]);
    }

    @Override
    public long wholeStart(int i) {
      return startTexts[i] != null ? -1 : starts[i];
    }

    @Override
    public Long first(int i, String file) {
      return firsts[i] < 0 ? null : firsts[i];
    }
  }
}
