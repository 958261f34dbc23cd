package org.commsched.instances.io;

import java.io.IOException;
import java.io.Writer;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Iterator;
import java.util.Map;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.StreamReadConstraints;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.core.exc.UnexpectedEndOfInputException;
import tools.jackson.core.io.JsonStringEncoder;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * JSON plumbing shared by the readers and writers: strict parsing (duplicate keys and trailing
 * content are errors, decimals stay exact), one-line syntax errors with line and column, exact
 * number extraction, JSON pointers, and the stable "pretty but compact" printer of our files.
 */
final class Json {
  /** Largest value of a length or time: 2^63 - 1. */
  static final BigInteger MAX_LONG = BigInteger.valueOf(Long.MAX_VALUE);

  /**
   * Jackson's limits with property names as long as string values (Jackson's default for names is
   * 50,000): a schedule's {@code departures} and {@code slots} have the instance's message ids as
   * keys, so a schedule that {@code solve} writes for an id an instance may hold must read back (a
   * 120,006-character id did not).
   */
  static final StreamReadConstraints LIMITS =
      StreamReadConstraints.builder()
          .maxNameLength(StreamReadConstraints.DEFAULT_MAX_STRING_LEN)
          .build();

  static final JsonMapper MAPPER =
      JsonMapper.builder(JsonFactory.builder().streamReadConstraints(LIMITS).build())
          .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
          .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
          .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
          .build();

  static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private static final int WIDTH = 140;

  private Json() {}

  /**
   * Parses a JSON document.
   *
   * @throws InstanceFormatException naming the line and column of a syntax error
   */
  static JsonNode parse(String text, String file, String what) {
    if (text == null || text.isBlank()) {
      throw new InstanceFormatException(file, "", "the file is empty; it should hold " + what);
    }
    JsonNode doc;
    try {
      doc = MAPPER.readTree(text);
    } catch (JacksonException e) {
      throw syntaxError(e, file, what);
    }
    if (doc == null || doc.isMissingNode()) {
      throw new InstanceFormatException(file, "", "the file is empty; it should hold " + what);
    }
    if (!doc.isObject()) {
      throw new InstanceFormatException(
          file,
          "",
          "the file holds a JSON "
              + typeName(doc)
              + ", but "
              + what
              + " is a JSON object { ... }; wrap the fields in braces");
    }
    return doc;
  }

  private static InstanceFormatException syntaxError(JacksonException e, String file, String what) {
    TokenStreamLocation loc = e.getLocation();
    String place = "";
    if (loc != null && loc.getLineNr() > 0) {
      place = "line " + loc.getLineNr() + ", column " + loc.getColumnNr();
    }
    String pointer = "";
    if (e.processor() instanceof JsonParser) {
      try {
        pointer = ((JsonParser) e.processor()).streamReadContext().pathAsPointer().toString();
      } catch (RuntimeException ignored) {
        pointer = "";
      }
    }
    String orig = e.getOriginalMessage() == null ? "" : e.getOriginalMessage();
    String problem;
    if (orig.startsWith("Duplicate Object property")) {
      String key = orig.substring("Duplicate Object property".length()).trim();
      problem =
          "duplicate key "
              + key
              + (pointer.isEmpty() ? "" : " at " + pointer)
              + "; each key may appear once per object: remove or rename one";
    } else if (e instanceof UnexpectedEndOfInputException
        || orig.startsWith("Unexpected end-of-input")) {
      problem = "the JSON ends too early (truncated file?); complete it or regenerate " + what;
    } else if (orig.startsWith("Trailing token")) {
      problem = "there is more content after the JSON object; keep exactly one object in the file";
    } else if (orig.startsWith("Non-standard token")
        || orig.contains("NaN")
        || orig.contains("Infinity")) {
      problem = "invalid JSON number (" + firstClause(orig) + "); write a plain integer";
    } else if (orig.contains("Leading zeroes")) {
      problem = "invalid JSON number: leading zeros are not allowed; write 7, not 07";
    } else if (orig.startsWith("Unexpected character") || orig.startsWith("Unrecognized token")) {
      problem =
          "invalid JSON: " + firstClause(orig) + "; check quotes, commas and brackets near here";
    } else {
      problem = "invalid JSON: " + firstClause(orig) + "; fix the syntax near here";
    }
    return new InstanceFormatException(file, place, problem, e);
  }

  /**
   * The first sentence-like part of a Jackson message, without its location and source excerpts.
   */
  private static String firstClause(String msg) {
    String s = msg;
    int cut = s.indexOf(" at [Source");
    if (cut >= 0) {
      s = s.substring(0, cut);
    }
    cut = s.indexOf("\n");
    if (cut >= 0) {
      s = s.substring(0, cut);
    }
    cut = s.indexOf(" (start marker");
    if (cut >= 0) {
      s = s.substring(0, cut);
    }
    s = s.replace("`", "");
    if (s.length() > 160) {
      s = s.substring(0, 157) + "...";
    }
    return InstanceFormatException.singleLine(s);
  }

  /** "object", "array", "string", "integer", "number", "boolean" or "null". */
  static String typeName(JsonNode n) {
    if (n == null || n.isMissingNode()) {
      return "nothing";
    }
    if (n.isObject()) {
      return "object";
    }
    if (n.isArray()) {
      return "array";
    }
    if (n.isString()) {
      return "string";
    }
    if (n.isIntegralNumber()) {
      return "integer";
    }
    if (n.isNumber()) {
      return "number";
    }
    if (n.isBoolean()) {
      return "boolean";
    }
    if (n.isNull()) {
      return "null";
    }
    return n.getNodeType().toString().toLowerCase(java.util.Locale.ROOT);
  }

  /**
   * Checks the {@code format} field before anything else, so that a schedule given as an instance
   * (or a file of a newer version) gets one clear message rather than a list of unknown fields.
   */
  static void requireFormat(JsonNode doc, String expected, String other, String file, String what) {
    JsonNode f = doc.get("format");
    if (f == null) {
      throw new InstanceFormatException(
          file,
          "/format",
          "missing field \"format\"; add \"format\": \""
              + expected
              + "\" as the first field of "
              + what);
    }
    if (!f.isString()) {
      throw new InstanceFormatException(
          file,
          "/format",
          "\"format\" must be the string \""
              + expected
              + "\", found a "
              + typeName(f)
              + "; write \"format\": \""
              + expected
              + "\"");
    }
    String v = f.stringValue();
    if (v.equals(expected)) {
      return;
    }
    if (v.equals(other)) {
      throw new InstanceFormatException(
          file,
          "/format",
          "this is "
              + Schemas.a(other.substring(0, other.indexOf('/')).replace("commsched-", ""))
              + " file ("
              + other
              + "), not "
              + what
              + "; pass the right file");
    }
    String prefix = expected.substring(0, expected.indexOf('/') + 1);
    if (v.startsWith(prefix)) {
      throw new InstanceFormatException(
          file,
          "/format",
          "unsupported format version \""
              + v
              + "\"; this tool reads \""
              + expected
              + "\" (upgrade the tool or convert the file)");
    }
    throw new InstanceFormatException(
        file,
        "/format",
        "unknown format \"" + v + "\"; " + what + " starts with \"format\": \"" + expected + "\"");
  }

  // ---------------------------------------------------------------- numbers

  private static final BigDecimal LONG_LIMIT = new BigDecimal(MAX_LONG);

  /**
   * Rejects decimal numbers beyond 63 bits anywhere in a document (such as {@code 1e400}) before
   * the schema validator, which cannot compare them, sees them.
   */
  static void checkNumberRange(JsonNode doc, String file) {
    java.util.ArrayDeque<JsonNode> nodes = new java.util.ArrayDeque<>();
    java.util.ArrayDeque<String> pointers = new java.util.ArrayDeque<>();
    nodes.push(doc);
    pointers.push("");
    while (!nodes.isEmpty()) {
      JsonNode n = nodes.pop();
      String p = pointers.pop();
      if (n.isObject()) {
        for (Map.Entry<String, JsonNode> e : n.properties()) {
          if (e.getValue().isContainer() || e.getValue().isBigDecimal()) {
            nodes.push(e.getValue());
            pointers.push(p + "/" + token(e.getKey()));
          }
        }
      } else if (n.isArray()) {
        for (int i = 0; i < n.size(); i++) {
          JsonNode c = n.get(i);
          if (c.isContainer() || c.isBigDecimal()) {
            nodes.push(c);
            pointers.push(p + "/" + i);
          }
        }
      } else if (n.isBigDecimal() && n.decimalValue().abs().compareTo(LONG_LIMIT) > 0) {
        throw new InstanceFormatException(
            file,
            p,
            "the number "
                + n.decimalValue().toString()
                + " is past the largest allowed value 2^63-1 = "
                + Long.MAX_VALUE
                + "; use a smaller number");
      }
    }
  }

  /**
   * The exact long value of an integer node.
   *
   * @throws InstanceFormatException if the value is not a whole number or does not fit in 63 bits
   */
  static long toLong(JsonNode n, String file, String pointer) {
    if (n == null || !n.isNumber()) {
      throw new InstanceFormatException(
          file, pointer, "expected an integer, found " + article(n) + "; write a whole number");
    }
    if (n.isInt() || n.isLong()) {
      return n.longValue();
    }
    BigDecimal d = n.decimalValue();
    BigInteger i;
    try {
      i = d.toBigIntegerExact();
    } catch (ArithmeticException e) {
      throw new InstanceFormatException(
          file, pointer, d.toPlainString() + " is not a whole number; write an integer");
    }
    if (i.bitLength() > 63) {
      throw new InstanceFormatException(
          file,
          pointer,
          "the number "
              + i
              + " is past the largest allowed value "
              + "2^63-1 = "
              + Long.MAX_VALUE
              + "; use a smaller number");
    }
    return i.longValue();
  }

  /** The exact int value of an integer node (node ids, sizes). */
  static int toInt(JsonNode n, String file, String pointer) {
    long v = toLong(n, file, pointer);
    if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
      throw new InstanceFormatException(
          file,
          pointer,
          "the number " + v + " is too large here (at most " + Integer.MAX_VALUE + ")");
    }
    return (int) v;
  }

  /** "a string", "an integer", ... for messages. */
  static String article(JsonNode n) {
    String t = typeName(n);
    return (t.startsWith("a") || t.startsWith("i") || t.startsWith("o") ? "an " : "a ") + t;
  }

  // ---------------------------------------------------------------- pointers

  /** Escapes one reference token of a JSON pointer (RFC 6901). */
  static String token(String key) {
    return key.replace("~", "~0").replace("/", "~1");
  }

  // ---------------------------------------------------------------- printing

  /** A new empty object node (insertion-ordered). */
  static ObjectNode object() {
    return NODES.objectNode();
  }

  /** A JSON string literal with quotes. */
  static String quote(String s) {
    return quoteTo(s, new StringBuilder(s.length() + 2)).toString();
  }

  /**
   * Appends {@link #quote}'s literal to {@code sb} (no string of its own), and returns {@code sb}.
   */
  static StringBuilder quoteTo(String s, StringBuilder sb) {
    sb.append('"');
    JsonStringEncoder.getInstance().quoteAsString(s, sb);
    return sb.append('"');
  }

  /**
   * Prints a document in the style of the FORMATS examples: the top-level object one field per
   * line; any value that fits in about 100 columns on one line, with spaces after colons and
   * commas; arrays of objects one element per line; long arrays of numbers or pairs packed into
   * lines. The output is stable (same tree, same text) and ends with a newline.
   */
  static String pretty(JsonNode doc) {
    StringBuilder sb = new StringBuilder();
    write(doc, 0, true, sb);
    sb.append('\n');
    return sb.toString();
  }

  /**
   * A top-level field whose value is printed from a source rather than held as a tree: the one list
   * of a file that grows with the instance (messages, departures, transmissions). Elements are
   * built one at a time.
   */
  interface Bulk {
    /** Number of entries (object) or elements (array). */
    int size();

    /** True for an object of entries, false for an array of objects. */
    boolean isObject();

    /** The key of entry i (objects only). */
    String key(int i);

    /** The value of entry i, or element i (an object node for arrays), as a small tree. */
    JsonNode value(int i);

    /**
     * Appends element i's one-line form to {@code sb} when the source has a quicker way to it than
     * building its tree (arrays only): the text {@link Json#compact} gives for {@link #value}.
     * Returns false, having appended nothing, to have {@link #value} printed instead; the printer
     * also falls back when the line is too long.
     */
    default boolean appendCompact(int i, StringBuilder sb) {
      return false;
    }

    /** An array of {@code size} objects, element i given by {@code element}. */
    static Bulk array(int size, java.util.function.IntFunction<JsonNode> element) {
      return new Bulk() {
        @Override
        public int size() {
          return size;
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
          return element.apply(i);
        }
      };
    }
  }

  /** Characters buffered before they are handed to the writer. */
  private static final int CHUNK = 1 << 16;

  /**
   * Streams a document in the layout of {@link #pretty}, character for character: the top-level
   * fields of {@code top}, where a field named in {@code bulks} (its value in {@code top} is a
   * placeholder that keeps the field order) is printed element by element from its source.
   */
  static void prettyTo(Writer out, ObjectNode top, Map<String, Bulk> bulks) throws IOException {
    StringBuilder sb = new StringBuilder(CHUNK + 1024);
    if (top.isEmpty()) {
      out.write("{}\n");
      return;
    }
    sb.append("{\n");
    Iterator<Map.Entry<String, JsonNode>> it = top.properties().iterator();
    while (it.hasNext()) {
      Map.Entry<String, JsonNode> e = it.next();
      sb.append("  ").append(quote(e.getKey())).append(": ");
      Bulk bulk = bulks.get(e.getKey());
      if (bulk != null) {
        writeBulk(bulk, 2, sb, out);
      } else {
        write(e.getValue(), 2, false, sb);
      }
      if (it.hasNext()) {
        sb.append(',');
      }
      sb.append('\n');
    }
    sb.append("}\n");
    out.write(sb.toString());
  }

  /**
   * What {@link #write} prints for the bulk's value as a tree, flushing {@code sb} to {@code out}
   * as it goes.
   */
  private static void writeBulk(Bulk bulk, int indent, StringBuilder sb, Writer out)
      throws IOException {
    int n = bulk.size();
    if (n == 0) {
      sb.append(bulk.isObject() ? "{}" : "[]");
      return;
    }
    String pad = " ".repeat(indent + 2);
    if (!bulk.isObject()) { // an array of objects: one element per line
      sb.append("[\n");
      for (int i = 0; i < n; i++) {
        sb.append(pad);
        int start = sb.length();
        if (bulk.appendCompact(i, sb) && indent + 2 + sb.length() - start <= WIDTH) {
          // the line write() would print for the element's tree, made without the tree
        } else {
          sb.setLength(start);
          JsonNode v = bulk.value(i);
          if (!v.isObject()) {
            throw new IllegalStateException("a bulk array holds objects, found " + typeName(v));
          }
          write(v, indent + 2, false, sb);
        }
        if (i + 1 < n) {
          sb.append(',');
        }
        sb.append('\n');
        if (sb.length() > CHUNK) {
          out.write(sb.toString());
          sb.setLength(0);
        }
      }
      sb.append(" ".repeat(indent)).append(']');
      return;
    }
    // an object: on one line if its compact form fits, else one entry per line
    long length = 2;
    for (int i = 0; i < n && indent + length <= WIDTH; i++) {
      length += (i > 0 ? 2 : 0) + quote(bulk.key(i)).length() + 2 + compact(bulk.value(i)).length();
    }
    length += 2;
    if (indent + length <= WIDTH) {
      sb.append("{ ");
      for (int i = 0; i < n; i++) {
        if (i > 0) {
          sb.append(", ");
        }
        sb.append(quote(bulk.key(i))).append(": ");
        compact(bulk.value(i), sb);
      }
      sb.append(" }");
      return;
    }
    sb.append("{\n");
    for (int i = 0; i < n; i++) {
      quoteTo(bulk.key(i), sb.append(pad)).append(": ");
      write(bulk.value(i), indent + 2, false, sb);
      if (i + 1 < n) {
        sb.append(',');
      }
      sb.append('\n');
      if (sb.length() > CHUNK) {
        out.write(sb.toString());
        sb.setLength(0);
      }
    }
    sb.append(" ".repeat(indent)).append('}');
  }

  private static void write(JsonNode n, int indent, boolean forceBreak, StringBuilder sb) {
    if (!n.isContainer() || n.isEmpty()) {
      sb.append(compact(n));
      return;
    }
    boolean objectsInside = n.isArray() && containsObject(n);
    if (!forceBreak && !objectsInside) {
      String c = compact(n);
      if (indent + c.length() <= WIDTH) {
        sb.append(c);
        return;
      }
    }
    String pad = " ".repeat(indent + 2);
    if (n.isObject()) {
      sb.append("{\n");
      Iterator<Map.Entry<String, JsonNode>> it = n.properties().iterator();
      while (it.hasNext()) {
        Map.Entry<String, JsonNode> e = it.next();
        sb.append(pad).append(quote(e.getKey())).append(": ");
        write(e.getValue(), indent + 2, false, sb);
        if (it.hasNext()) {
          sb.append(',');
        }
        sb.append('\n');
      }
      sb.append(" ".repeat(indent)).append('}');
      return;
    }
    sb.append("[\n");
    if (objectsInside || anyLongElement(n, indent + 2)) {
      for (int i = 0; i < n.size(); i++) {
        sb.append(pad);
        write(n.get(i), indent + 2, false, sb);
        if (i + 1 < n.size()) {
          sb.append(',');
        }
        sb.append('\n');
      }
    } else {
      // pack short elements (numbers, pairs) into lines of at most WIDTH columns
      int col = 0;
      for (int i = 0; i < n.size(); i++) {
        String c = compact(n.get(i)) + (i + 1 < n.size() ? "," : "");
        if (col > 0 && col + 1 + c.length() > WIDTH) {
          sb.append('\n');
          col = 0;
        }
        if (col == 0) {
          sb.append(pad);
          col = pad.length();
        } else {
          sb.append(' ');
          col++;
        }
        sb.append(c);
        col += c.length();
      }
      sb.append('\n');
    }
    sb.append(" ".repeat(indent)).append(']');
  }

  private static boolean containsObject(JsonNode array) {
    for (JsonNode e : array) {
      if (e.isObject()) {
        return true;
      }
    }
    return false;
  }

  private static boolean anyLongElement(JsonNode array, int indent) {
    for (JsonNode e : array) {
      if (e.isContainer() && indent + compact(e).length() > WIDTH) {
        return true;
      }
    }
    return false;
  }

  /** One-line form: {@code { "a": 1, "b": [1, 2] }}. */
  static String compact(JsonNode n) {
    StringBuilder sb = new StringBuilder();
    compact(n, sb);
    return sb.toString();
  }

  private static void compact(JsonNode n, StringBuilder sb) {
    if (n.isObject()) {
      if (n.isEmpty()) {
        sb.append("{}");
        return;
      }
      sb.append("{ ");
      boolean first = true;
      for (Map.Entry<String, JsonNode> e : n.properties()) {
        if (!first) {
          sb.append(", ");
        }
        first = false;
        sb.append(quote(e.getKey())).append(": ");
        compact(e.getValue(), sb);
      }
      sb.append(" }");
    } else if (n.isArray()) {
      sb.append('[');
      for (int i = 0; i < n.size(); i++) {
        if (i > 0) {
          sb.append(", ");
        }
        compact(n.get(i), sb);
      }
      sb.append(']');
    } else if (n.isString()) {
      sb.append(quote(n.stringValue()));
    } else if (n.isInt() || n.isLong() || n.isShort()) {
      sb.append(n.longValue());
    } else if (n.isBigInteger()) {
      sb.append(n.bigIntegerValue());
    } else if (n.isBigDecimal()) {
      sb.append(n.decimalValue().toPlainString());
    } else if (n.isNull()) {
      sb.append("null");
    } else if (n.isBoolean()) {
      sb.append(n.asBoolean() ? "true" : "false");
    } else {
      sb.append(n.toString()); // doubles and floats: Jackson's own rendering
    }
  }
}
