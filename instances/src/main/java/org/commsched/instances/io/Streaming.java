package org.commsched.instances.io;

import java.util.Arrays;
import java.util.regex.Pattern;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.core.TokenStreamFactory;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The fast path of the readers: one pass of Jackson's streaming parser over the file's bytes, with
 * no tree of the whole document.
 *
 * <p>A file is split into its <em>skeleton</em> and its <em>bulk</em>. The bulk is the one list
 * that grows with the instance (an instance's {@code messages}; a schedule's {@code departures},
 * {@code slots} or {@code transmissions}); every other top-level field is small and is read into a
 * tree. Each bulk element is checked while it is parsed against its item schema (types, required
 * and unknown fields, ranges) and stored in compact columns; the skeleton, with the bulk replaced
 * by an empty list, is then checked by the JSON Schema validator itself. The schemas constrain a
 * bulk element only through its item schema (and, for messages, through the fields the problem
 * requires, which the reader checks once it knows the problem), so a file passes both checks
 * exactly when the whole file passes the schema.
 *
 * <p>The fast path only ever <em>accepts</em>: whenever anything is unusual (a syntax error, a
 * schema violation, a number written as a decimal, a value out of range) it gives up, and the
 * reader runs the full check on the document tree, which reports the problem exactly as it always
 * has (docs/DESIGN.md: one line naming the file, the place and the fix). Valid files never pay for
 * the tree.
 */
final class Streaming {
  /**
   * Parses a document in the middle of a stream. Duplicate keys are not detected by the parser
   * (whose detector builds a set per object, a million sets for a million messages): the fast path
   * checks the keys it reads itself and fails subtrees with a repeated key ({@code
   * FAIL_ON_READING_DUP_TREE_KEY}); the full check, with the parser's detection, then reports the
   * key. Trailing content is the caller's business.
   */
  static final JsonMapper SUBTREES =
      Json.MAPPER
          .rebuild()
          .disable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
          .disable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
          .enable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY)
          .build();

  /**
   * As {@link #SUBTREES}, but without interning property names: for files whose keys are message
   * ids (a schedule's {@code departures} and {@code slots}), where a symbol table of a million
   * names costs more than it saves.
   */
  static final JsonMapper PLAIN_NAMES =
      JsonMapper.builder(
              JsonFactory.builder()
                  .streamReadConstraints(Json.LIMITS)
                  .disable(TokenStreamFactory.Feature.CANONICALIZE_PROPERTY_NAMES)
                  .build())
          .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
          .enable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY)
          .build();

  /**
   * The pattern of the schemas' exact decimals (beta, tau, times written as strings), without any
   * slack.
   */
  private static final Pattern DECIMAL = Pattern.compile("[0-9]+(\\.[0-9]+)?");

  private Streaming() {}

  /** The fast path does not apply: the caller falls back to the full check. */
  static final class GiveUp extends RuntimeException {
    private static final long serialVersionUID = 1L;
    static final GiveUp INSTANCE = new GiveUp();

    private GiveUp() {
      super("not on the fast path", null, false, false);
    }
  }

  static GiveUp giveUp() {
    return GiveUp.INSTANCE;
  }

  /**
   * A parser over the bytes of a file (after a UTF-8 byte-order mark, if any), made by {@link
   * #SUBTREES}.
   */
  static JsonParser parser(byte[] bytes) {
    return parser(SUBTREES, bytes);
  }

  /**
   * A parser over the bytes of a file (after a UTF-8 byte-order mark, if any), made by the given
   * mapper.
   */
  static JsonParser parser(JsonMapper mapper, byte[] bytes) {
    int off =
        bytes.length >= 3
                && (bytes[0] & 0xFF) == 0xEF
                && (bytes[1] & 0xFF) == 0xBB
                && (bytes[2] & 0xFF) == 0xBF
            ? 3
            : 0;
    return mapper.createParser(bytes, off, bytes.length - off);
  }

  /**
   * Reads the value at the parser's current token as a tree (the parser then stands on its last
   * token).
   */
  static JsonNode tree(JsonParser p) {
    return SUBTREES.readTree(p);
  }

  /**
   * Reads an array of objects: {@code each} gets the parser at each object's start and reads it to
   * its end.
   */
  static void objects(JsonParser p, java.util.function.Consumer<JsonParser> each) {
    expect(p, JsonToken.START_ARRAY);
    while (true) {
      JsonToken t = p.nextToken();
      if (t == JsonToken.END_ARRAY) {
        return;
      }
      if (t != JsonToken.START_OBJECT) {
        throw giveUp();
      }
      each.accept(p);
    }
  }

  static void expect(JsonParser p, JsonToken t) {
    if (p.nextToken() != t) {
      throw giveUp();
    }
  }

  /** The next value as a non-empty string. */
  static String nonEmptyString(JsonParser p) {
    if (p.nextToken() != JsonToken.VALUE_STRING) {
      throw giveUp();
    }
    String s = p.getString();
    if (s.isEmpty()) {
      throw giveUp();
    }
    return s;
  }

  /** The next value as a string. */
  static String string(JsonParser p) {
    if (p.nextToken() != JsonToken.VALUE_STRING) {
      throw giveUp();
    }
    return p.getString();
  }

  /** The next value as an integer in 0..2^31-1 (a node id, a packet number). */
  static int natInt(JsonParser p) {
    if (p.nextToken() != JsonToken.VALUE_NUMBER_INT
        || p.getNumberType() != JsonParser.NumberType.INT) {
      throw giveUp();
    }
    int v = p.getIntValue();
    if (v < 0) {
      throw giveUp();
    }
    return v;
  }

  /** The next value as an integer in {@code min}..2^63-1. */
  static long natLong(JsonParser p, long min) {
    if (p.nextToken() != JsonToken.VALUE_NUMBER_INT) {
      throw giveUp();
    }
    JsonParser.NumberType t = p.getNumberType();
    if (t != JsonParser.NumberType.INT && t != JsonParser.NumberType.LONG) {
      throw giveUp();
    }
    long v = p.getLongValue();
    if (v < min) {
      throw giveUp();
    }
    return v;
  }

  /** The next value as an array of node ids. */
  static int[] nodeList(JsonParser p) {
    expect(p, JsonToken.START_ARRAY);
    int[] out = new int[8];
    int n = 0;
    while (true) {
      JsonToken t = p.nextToken();
      if (t == JsonToken.END_ARRAY) {
        return Arrays.copyOf(out, n);
      }
      if (t != JsonToken.VALUE_NUMBER_INT
          || p.getNumberType() != JsonParser.NumberType.INT
          || p.getIntValue() < 0) {
        throw giveUp();
      }
      if (n == out.length) {
        out = Arrays.copyOf(out, 2 * n);
      }
      out[n++] = p.getIntValue();
    }
  }

  /**
   * True if a string is an exact decimal as the schemas' {@code pattern} states it (and nothing
   * looser).
   */
  static boolean isDecimal(String s) {
    return DECIMAL.matcher(s).matches();
  }

  /** After the root object: nothing but the end of the input. */
  static void expectEnd(JsonParser p) {
    if (p.nextToken() != null) {
      throw giveUp();
    }
  }
}
