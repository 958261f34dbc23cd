package org.commsched.instances.io;

import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SchemaRegistryConfig;
import com.networknt.schema.SpecificationVersion;
import com.networknt.schema.path.NodePath;
import com.networknt.schema.path.PathType;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * The JSON Schemas of the two file kinds (draft 2020-12, strict: unknown fields are errors), and
 * the translation of the validator's findings into one actionable line: the most useful error wins
 * (the deepest place, then a concrete keyword such as a wrong type over a {@code oneOf} summary),
 * and it is phrased as "what is wrong; the fix".
 *
 * <p>Validation uses networknt json-schema-validator (Jackson 3 line), which bundles the draft
 * 2020-12 meta-schemas, so nothing is fetched over the network.
 */
final class Schemas {
  /** Resource path of the instance schema. */
  static final String INSTANCE_RESOURCE = "/schemas/instance.schema.json";

  /** Resource path of the schedule schema. */
  static final String SCHEDULE_RESOURCE = "/schemas/schedule.schema.json";

  /**
   * Computed before the validator is first touched: SLF4J's "No SLF4J providers were found"
   * reminder, silenced where it is noise (docs/EMBEDDING.md#logging). The validator is the only
   * code on the class path that logs (through SLF4J; Choco and OR-Tools do not), and SLF4J prints
   * that reminder on stderr the first time any logger is made in an application without a logging
   * provider: for a library user, at the first instance read. A library must not bring a provider
   * (slf4j-nop or slf4j-simple would override the application's own choice), so when no provider is
   * on the class path (neither an SLF4J 2 service provider nor an SLF4J 1 binding) and the
   * application set neither {@code slf4j.provider} nor {@code slf4j.internal.verbosity}, this sets
   * the latter to {@code ERROR}: SLF4J's own diagnostics at error level only; without a provider
   * every log line is dropped anyway. An application with a provider, or with either property set,
   * is left alone.
   */
  private static final boolean SLF4J_QUIETED = quietSlf4jWithoutProvider();

  private static final SchemaRegistry REGISTRY =
      SchemaRegistry.withDefaultDialect(
          SpecificationVersion.DRAFT_2020_12,
          b ->
              b.schemaRegistryConfig(
                  SchemaRegistryConfig.builder().pathType(PathType.JSON_POINTER).build()));

  private static volatile Schemas instanceSchema;
  private static volatile Schemas scheduleSchema;

  private final JsonNode root;
  private final Schema schema;
  private final String what;

  private Schemas(String resource, String what) {
    this.root = loadResource(resource);
    String id = root.path("$id").asString("urn:commsched:" + resource);
    this.schema = REGISTRY.getSchema(SchemaLocation.of(id), root);
    this.what = what;
  }

  /**
   * Sets {@code slf4j.internal.verbosity=ERROR} when no SLF4J provider is on the class path and the
   * application set neither that property nor {@code slf4j.provider} ({@link #SLF4J_QUIETED}); true
   * if it did.
   */
  static boolean quietSlf4jWithoutProvider() {
    try {
      if (System.getProperty("slf4j.provider") != null
          || System.getProperty("slf4j.internal.verbosity") != null) {
        return false;
      }
      ClassLoader cl = Schemas.class.getClassLoader();
      if (cl.getResource("META-INF/services/org.slf4j.spi.SLF4JServiceProvider") != null
          || cl.getResource("org/slf4j/impl/StaticLoggerBinder.class") != null) {
        return false; // a provider (SLF4J 2) or a binding (SLF4J 1): the application's logging
        // decides
      }
      System.setProperty("slf4j.internal.verbosity", "ERROR");
      return true;
    } catch (SecurityException e) {
      return false;
    }
  }

  /** The instance-file schema. */
  static Schemas instance() {
    Schemas s = instanceSchema;
    if (s == null) {
      synchronized (Schemas.class) {
        if (instanceSchema == null) {
          instanceSchema = new Schemas(INSTANCE_RESOURCE, "an instance file");
        }
        s = instanceSchema;
      }
    }
    return s;
  }

  /** The schedule-file schema. */
  static Schemas schedule() {
    Schemas s = scheduleSchema;
    if (s == null) {
      synchronized (Schemas.class) {
        if (scheduleSchema == null) {
          scheduleSchema = new Schemas(SCHEDULE_RESOURCE, "a schedule file");
        }
        s = scheduleSchema;
      }
    }
    return s;
  }

  /** Reads a bundled schema as a JSON tree. */
  static JsonNode loadResource(String resource) {
    try (InputStream in = Schemas.class.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException("schema resource " + resource + " is missing from the jar");
      }
      return Json.MAPPER.readTree(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The validator's schema object (for tests). */
  Schema schema() {
    return schema;
  }

  /**
   * Validates a document.
   *
   * @throws InstanceFormatException with the most useful finding, if there is any
   */
  void validate(JsonNode doc, String file) {
    Json.checkNumberRange(doc, file);
    List<com.networknt.schema.Error> errors;
    try {
      errors = schema.validate(doc);
    } catch (RuntimeException e) {
      throw new InstanceFormatException(
          file,
          "",
          "the validator could not check this file ("
              + InstanceFormatException.singleLine(e.getMessage())
              + "); fix unusual values",
          e);
    }
    if (errors.isEmpty()) {
      return;
    }
    com.networknt.schema.Error best = pick(errors);
    throw translate(best, doc, file);
  }

  /**
   * True if a document passes the schema (and the 63-bit number range), false on any finding: the
   * fast path's check of a skeleton ({@link Streaming}), which leaves the phrasing of findings to
   * {@link #validate}.
   */
  boolean accepts(JsonNode doc) {
    try {
      Json.checkNumberRange(doc, "");
      return schema.validate(doc).isEmpty();
    } catch (RuntimeException e) {
      return false;
    }
  }

  // ------------------------------------------------------------------ choosing

  /**
   * Fields whose value selects the rules for the rest of the file; a bad or missing value there
   * explains the rest (a schedule without its status breaks the rules of the "no schedule" branch).
   */
  private static final List<String> DISCRIMINATORS =
      List.of("/problem", "/status", "/model/kind", "/network/family");

  private static com.networknt.schema.Error pick(List<com.networknt.schema.Error> errors) {
    for (String d : DISCRIMINATORS) {
      for (com.networknt.schema.Error e : errors) {
        if (e.getInstanceLocation().toString().equals(d) || missing(e).equals(d)) {
          return e;
        }
      }
    }
    List<com.networknt.schema.Error> direct = new ArrayList<>();
    for (com.networknt.schema.Error e : errors) {
      if (!insideAlternative(e)) {
        direct.add(e);
      }
    }
    List<com.networknt.schema.Error> pool = direct.isEmpty() ? errors : direct;
    Comparator<com.networknt.schema.Error> order =
        Comparator.comparingInt((com.networknt.schema.Error e) -> -depth(e))
            .thenComparingInt(Schemas::priority);
    com.networknt.schema.Error best = pool.get(0);
    for (com.networknt.schema.Error e : pool) {
      if (order.compare(e, best) < 0) {
        best = e;
      }
    }
    return best;
  }

  /** The path of the field a "required" error says is missing, else "". */
  private static String missing(com.networknt.schema.Error e) {
    if (!"required".equals(e.getKeyword())) {
      return "";
    }
    String prop = e.getProperty() != null ? e.getProperty() : String.valueOf(arg(e, 0));
    return e.getInstanceLocation().toString() + "/" + Json.token(prop);
  }

  /**
   * True if the error explains why one branch of a oneOf/anyOf failed (its summary says it better).
   */
  private static boolean insideAlternative(com.networknt.schema.Error e) {
    NodePath p = e.getEvaluationPath();
    for (int i = 0; i + 1 < p.getNameCount(); i++) {
      String s = p.getName(i);
      if ("oneOf".equals(s) || "anyOf".equals(s)) {
        return true;
      }
    }
    return false;
  }

  private static int depth(com.networknt.schema.Error e) {
    int d = e.getInstanceLocation().getNameCount();
    String k = e.getKeyword();
    if ("required".equals(k) || "additionalProperties".equals(k)) {
      d++;
    }
    return d;
  }

  private static int priority(com.networknt.schema.Error e) {
    String k = e.getKeyword() == null ? "" : e.getKeyword();
    switch (k) {
      case "type":
        return 0;
      case "false":
      case "additionalProperties":
        return 1;
      case "required":
        return 2;
      case "const":
      case "enum":
        return 3;
      case "minimum":
      case "maximum":
      case "pattern":
      case "minLength":
      case "minItems":
      case "maxItems":
        return 4;
      case "oneOf":
      case "anyOf":
        return 8;
      default:
        return 6;
    }
  }

  // ------------------------------------------------------------------ phrasing

  private InstanceFormatException translate(
      com.networknt.schema.Error e, JsonNode doc, String file) {
    String loc = e.getInstanceLocation().toString();
    String kw = e.getKeyword() == null ? "" : e.getKeyword();
    JsonNode value = e.getInstanceNode();
    String field = lastToken(loc);
    switch (kw) {
      case "required":
        {
          String prop = e.getProperty() != null ? e.getProperty() : String.valueOf(arg(e, 0));
          return new InstanceFormatException(
              file,
              loc + "/" + Json.token(prop),
              "missing field \""
                  + prop
                  + "\""
                  + because(loc, doc)
                  + "; add "
                  + example(prop, loc, doc));
        }
      case "additionalProperties":
        {
          String prop = e.getProperty() != null ? e.getProperty() : String.valueOf(arg(e, 0));
          List<String> allowed = allowedProperties(e);
          String guess = closest(prop, allowed);
          String msg =
              "unknown field \""
                  + prop
                  + "\""
                  + (guess != null ? " (did you mean \"" + guess + "\"?)" : "")
                  + in(loc, doc)
                  + "; remove or rename it"
                  + (allowed.isEmpty()
                      ? ""
                      : " (allowed here: " + String.join(", ", allowed) + ")");
          return new InstanceFormatException(file, loc + "/" + Json.token(prop), msg);
        }
      case "false":
        return new InstanceFormatException(
            file,
            loc,
            "field \"" + field + "\" does not belong" + in(parent(loc), doc) + "; remove it");
      case "type":
        return new InstanceFormatException(file, loc, typeProblem(field, value, e));
      case "minimum":
        return new InstanceFormatException(file, loc, minimumProblem(field, loc, value, e));
      case "maximum":
        return new InstanceFormatException(file, loc, maximumProblem(field, loc, value, e));
      case "enum":
      case "const":
        return new InstanceFormatException(file, loc, enumProblem(field, value, e));
      case "pattern":
        return new InstanceFormatException(
            file,
            loc,
            Json.compact(value)
                + " is not an exact decimal; write digits "
                + "with an optional fraction as a string, e.g. \"5\" or \"0.4\" (no sign, no exponent)");
      case "minLength":
        return new InstanceFormatException(
            file,
            loc,
            (field.matches("\\d+") ? "entry " + field : "\"" + field + "\"")
                + " must not be empty; write a non-empty string");
      case "minItems":
      case "maxItems":
        if (loc.matches("/network/(arcs|links)/\\d+")) {
          return new InstanceFormatException(
              file,
              loc,
              "an "
                  + (loc.contains("arcs") ? "arc" : "link")
                  + " is a pair [u, v] of node ids, found "
                  + value.size()
                  + " entries; write exactly two");
        }
        return new InstanceFormatException(file, loc, sanitize(e.getMessage()) + "; fix the list");
      case "oneOf":
        return new InstanceFormatException(file, loc, oneOfProblem(loc, value, doc, e));
      default:
        return new InstanceFormatException(file, loc, sanitize(e.getMessage()) + "; fix the value");
    }
  }

  private static Object arg(com.networknt.schema.Error e, int i) {
    Object[] a = e.getArguments();
    return a != null && a.length > i ? a[i] : null;
  }

  private static String sanitize(String s) {
    return InstanceFormatException.singleLine(s == null ? "invalid value" : s);
  }

  private static String lastToken(String pointer) {
    int i = pointer.lastIndexOf('/');
    String t = i >= 0 ? pointer.substring(i + 1) : pointer;
    return t.replace("~1", "/").replace("~0", "~");
  }

  private static String parent(String pointer) {
    int i = pointer.lastIndexOf('/');
    return i > 0 ? pointer.substring(0, i) : "";
  }

  /** " in a ula network", " in a chatting problem", ... describing the object at {@code loc}. */
  private String in(String loc, JsonNode doc) {
    String d = describe(loc, doc);
    return d.isEmpty() ? "" : " in " + d;
  }

  private String because(String loc, JsonNode doc) {
    String d = describe(loc, doc);
    return d.isEmpty() ? "" : ": " + d + " needs it";
  }

  private String describe(String loc, JsonNode doc) {
    if (loc.isEmpty()) {
      if (doc.has("problem") && doc.get("problem").isString()) {
        return a(doc.get("problem").stringValue()) + " problem";
      }
      if (doc.has("status") && doc.get("status").isString()) {
        return a(doc.get("status").stringValue()) + " result";
      }
      return what;
    }
    if (loc.equals("/model")) {
      JsonNode k = doc.path("model").path("kind");
      return k.isString() ? a(k.stringValue()) + " model" : "the model";
    }
    if (loc.equals("/network")) {
      JsonNode f = doc.path("network").path("family");
      return f.isString() ? a(f.stringValue()) + " network" : "an explicit network";
    }
    if (loc.matches("/messages/\\d+")) {
      JsonNode p = doc.path("problem");
      return p.isString() ? a(p.stringValue()) + " message" : "a message";
    }
    if (loc.matches("/transmissions/\\d+")) {
      return "a transmission";
    }
    if (loc.matches("/control/\\d+")) {
      return "a control transfer";
    }
    return "";
  }

  /** The word with "a" or "an" before it. */
  static String a(String word) {
    boolean vowel =
        !word.isEmpty()
            && "aeiouAEIOU".indexOf(word.charAt(0)) >= 0
            && !word.startsWith("u"); // "a ula", "a uring"; but "an UNKNOWN"
    return (vowel ? "an " : "a ") + word;
  }

  private static String example(String prop, String loc, JsonNode doc) {
    String model = doc.path("model").path("kind").asString("");
    switch (prop) {
      case "name":
        return "\"name\": \"my-instance\"";
      case "problem":
        return "\"problem\": one of chatting, scatter, gather, broadcast, gossip, send, dsa";
      case "model":
        return "\"model\": { \"kind\": \"bufferless\", \"ports\": \"all\" }";
      case "network":
        return "\"network\": { \"family\": \"ula\", \"nodes\": 4 }";
      case "messages":
        return "\"messages\": [{ \"id\": \"m0\", \"from\": 0, \"to\": 1, \"length\": 1 }]";
      case "root":
      case "source":
      case "target":
      case "from":
      case "to":
        return "\"" + prop + "\": <node id>";
      case "length":
        return "\"length\": <integer >= 1>";
      case "id":
        return "\"id\": \"<unique message id>\"";
      case "kind":
        return loc.startsWith("/control")
            ? "\"kind\": \"token\" (what the control flit is)"
            : "\"kind\": \"bufferless\" or \"store-and-forward\"";
      case "ports":
        return "store-and-forward".equals(model)
            ? "\"ports\": \"one\" or \"all\""
            : "\"ports\": \"all\" or \"single\"";
      case "beta":
        return "\"beta\": \"5\" (set-up time per packet per hop, a decimal string)";
      case "tau":
        return "\"tau\": \"1\" (time per unit, a decimal string)";
      case "duplex":
        return "\"duplex\": \"full\" or \"half\"";
      case "nodes":
        return "\"nodes\": <number of nodes>";
      case "rows":
      case "cols":
        return "\"" + prop + "\": <integer >= 1>";
      case "dimension":
        return "\"dimension\": <integer >= 1>";
      case "parents":
        return "\"parents\": [null, 0, 0, 1] (entry v is v's parent, null for the root)";
      case "instance":
        return "\"instance\": \"<the instance's name>\"";
      case "method":
        return "\"method\": \"<method name>\"";
      case "status":
        return "\"status\": \"OPTIMAL\", \"FEASIBLE\", \"INFEASIBLE\" or \"UNKNOWN\"";
      case "makespan":
        return "\"makespan\": <time>";
      case "departures":
        return "\"departures\": { \"<message id>\": <step>, ... }";
      case "start":
        return "\"start\": <time, an integer or a decimal string>";
      case "step":
        return "\"step\": <step>";
      case "message":
        return "\"message\": \"<message id>\"";
      case "packet":
        return "\"packet\": <packet number from 0>";
      case "size":
        return "\"size\": <units carried, >= 1>";
      default:
        return "\"" + prop + "\"";
    }
  }

  private List<String> allowedProperties(com.networknt.schema.Error e) {
    List<String> names = new ArrayList<>();
    SchemaLocation sl = e.getSchemaLocation();
    if (sl == null || sl.getFragment() == null) {
      return names;
    }
    NodePath frag = sl.getFragment();
    JsonNode node = root;
    for (int i = 0;
        i + 1 < frag.getNameCount();
        i++) { // up to the object holding additionalProperties
      Object el = frag.getElement(i);
      node = el instanceof Integer ? node.path((Integer) el) : node.path(String.valueOf(el));
    }
    for (Map.Entry<String, JsonNode> p : node.path("properties").properties()) {
      if (!(p.getValue().isBoolean() && !p.getValue().asBoolean())) {
        names.add(p.getKey());
      }
    }
    return names;
  }

  /** The allowed name closest to a typo (edit distance at most 2), or null. */
  static String closest(String s, List<String> allowed) {
    String best = null;
    int bestD = 3;
    for (String a : allowed) {
      int d = distance(s.toLowerCase(Locale.ROOT), a.toLowerCase(Locale.ROOT));
      if (d < bestD) {
        bestD = d;
        best = a;
      }
    }
    return best;
  }

  private static int distance(String a, String b) {
    int[] prev = new int[b.length() + 1];
    int[] cur = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      prev[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      cur[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int c = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + c);
      }
      int[] t = prev;
      prev = cur;
      cur = t;
    }
    return prev[b.length()];
  }

  private static boolean isDecimalField(String field) {
    return field.equals("beta") || field.equals("tau");
  }

  private static boolean isTimeField(String field) {
    return field.equals("makespan") || field.equals("lowerBound") || field.equals("start");
  }

  private static String typeProblem(String field, JsonNode value, com.networknt.schema.Error e) {
    String expected = String.valueOf(arg(e, 1));
    String found = Json.typeName(value);
    String shown = value == null ? "" : Json.compact(value);
    if (expected.equals("null")) {
      return "\""
          + field
          + "\" must be null here: a result without a schedule has no "
          + field
          + "; write null or remove it";
    }
    if (value != null && value.isNull()) {
      return "\""
          + field
          + "\" is null but needs a value ("
          + expected.replace("[", "").replace("]", "").replace(", ", " or ")
          + "); write it"
          + (isTimeField(field) ? ", e.g. \"" + field + "\": 10" : "");
    }
    if (isDecimalField(field) && value != null && value.isNumber()) {
      return "\""
          + field
          + "\" must be an exact decimal written as a string, found the number "
          + shown
          + "; write \""
          + field
          + "\": \""
          + value.decimalValue().toPlainString()
          + "\"";
    }
    if (isTimeField(field) && value != null && value.isNumber()) {
      return "a time that is not a whole number is written as a decimal string; write \""
          + field
          + "\": \""
          + value.decimalValue().toPlainString()
          + "\"";
    }
    if (expected.contains("integer") && value != null && value.isNumber()) {
      return shown + " is not a whole number; write an integer";
    }
    if (expected.contains("integer")
        && value != null
        && value.isString()
        && value.stringValue().matches("-?[0-9]+")) {
      return "expected an integer, found the string "
          + shown
          + "; write "
          + value.stringValue()
          + " without quotes";
    }
    String exp = expected.replace("[", "").replace("]", "").replace(", ", " or ");
    return "expected "
        + (exp.startsWith("a") || exp.startsWith("i") || exp.startsWith("o") ? "an " : "a ")
        + exp
        + ", found "
        + Json.article(value)
        + (value != null && !value.isContainer() ? " (" + shown + ")" : "")
        + "; fix the value";
  }

  private static boolean isNodeField(String field, String loc) {
    return field.equals("from")
        || field.equals("to")
        || field.equals("root")
        || field.equals("source")
        || field.equals("target")
        || loc.matches(".*/(route|parents|arcs/\\d+|links/\\d+)/\\d+");
  }

  private static String minimumProblem(
      String field, String loc, JsonNode value, com.networknt.schema.Error e) {
    String shown = value == null ? "?" : Json.compact(value);
    if (field.equals("length")) {
      return "the length "
          + shown
          + " is negative; a length counts flits (units): write an integer >= 1 "
          + "(scatter and gather also accept 0)";
    }
    if (isNodeField(field, loc)) {
      return "node id " + shown + " is negative; node ids are 0..n-1";
    }
    if (loc.startsWith("/departures/")
        || loc.startsWith("/slots/")
        || field.equals("step")
        || field.equals("start")) {
      return "the "
          + (loc.startsWith("/slots/") ? "slot " : "step ")
          + shown
          + " is negative; time starts at 0";
    }
    if (field.equals("nodes")
        || field.equals("rows")
        || field.equals("cols")
        || field.equals("dimension")
        || field.equals("size")) {
      return "\"" + field + "\" is " + shown + "; it must be at least 1";
    }
    return shown + " is below the minimum " + arg(e, 0) + "; use a value >= " + arg(e, 0);
  }

  private static String maximumProblem(
      String field, String loc, JsonNode value, com.networknt.schema.Error e) {
    String shown = value == null ? "?" : Json.compact(value);
    if (value != null
        && value.isNumber()
        && value.decimalValue().toBigInteger().compareTo(Json.MAX_LONG) > 0) {
      return "the number "
          + shown
          + " is past the largest allowed value 2^63-1 = "
          + Long.MAX_VALUE
          + "; use a smaller number";
    }
    if (isNodeField(field, loc)) {
      return "node id "
          + shown
          + " is too large (at most "
          + Integer.MAX_VALUE
          + "); node ids are 0..n-1";
    }
    if (value != null
        && value.isNumber()
        && value.decimalValue().toBigInteger().compareTo(BigInteger.valueOf(Integer.MAX_VALUE))
            > 0) {
      return "\"" + field + "\" is " + shown + ", too large (at most " + Integer.MAX_VALUE + ")";
    }
    return shown + " is above the maximum " + arg(e, 0) + "; use a smaller value";
  }

  private static String enumProblem(String field, JsonNode value, com.networknt.schema.Error e) {
    List<String> options = new ArrayList<>();
    JsonNode sn = e.getSchemaNode();
    if (sn != null && sn.isArray()) {
      for (JsonNode o : sn) {
        options.add(o.isString() ? o.stringValue() : Json.compact(o));
      }
    } else if (sn != null && !sn.isMissingNode()) {
      options.add(sn.isString() ? sn.stringValue() : Json.compact(sn));
    }
    String shown = value == null ? "?" : Json.compact(value);
    String guess = value != null && value.isString() ? closest(value.stringValue(), options) : null;
    String what;
    switch (field) {
      case "problem":
        what = "unknown problem " + shown;
        break;
      case "family":
        what = "unknown network family " + shown;
        break;
      case "kind":
        what = "unknown model kind " + shown;
        break;
      case "status":
        what = "unknown status " + shown;
        break;
      default:
        what = shown + " is not allowed for \"" + field + "\"";
        break;
    }
    String fix =
        "; use "
            + (options.size() == 1
                ? "\"" + options.get(0) + "\""
                : "one of " + String.join(", ", options));
    if (guess != null && !guess.equals(value.stringValue())) {
      fix = " (did you mean \"" + guess + "\"?)" + fix;
    }
    if (field.equals("family")) {
      fix +=
          ", or omit \"family\" and give \"nodes\" with \"arcs\" or \"links\" for an explicit network";
    }
    return what + fix;
  }

  private static String oneOfProblem(
      String loc, JsonNode value, JsonNode doc, com.networknt.schema.Error e) {
    Object valid = arg(e, 0);
    boolean none = valid == null || "0".equals(String.valueOf(valid));
    if (loc.equals("/network")) {
      return none
          ? "an explicit network needs \"arcs\" (directed) or \"links\" (bidirectional); add one, or give a "
              + "\"family\" such as \"ula\""
          : "an explicit network takes \"arcs\" or \"links\", not both; merge them into one list";
    }
    if (loc.isEmpty() && doc.has("status")) {
      return none
          ? a(doc.path("status").asString(""))
              + " result needs its schedule: add \"departures\", \"slots\" or "
              + "\"transmissions\" (or set \"status\" to \"UNKNOWN\")"
          : "a result carries exactly one of \"departures\", \"slots\" and \"transmissions\"; keep one";
    }
    return sanitize(e.getMessage()) + "; fix the value";
  }
}
