package org.commsched.cli.fuzz;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import org.commsched.cli.Main;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Draws the file fuzzer's cases (docs/TESTS.md#file-fuzzing): case {@code s} is a pure function of
 * the seed {@code s} (and of the catalogue), so a failing case is replayed from its seed alone.
 *
 * <p>Seed corpus: the catalogue (instances/catalogue) of the four families (bufferless chatting and
 * dsa, bufferless scatter/gather, store-and-forward packet scatter/gather, linear-cost
 * send/broadcast/gossip) and its DSA CSV files, small instances from {@code commsched generate}
 * (other topologies), schedules that {@code solve} writes for the catalogue instances, and small
 * GraphML and DOT drawings written here. Mutation operators, each a class of the failures table:
 *
 * <ul>
 *   <li>{@code json/...}: structural mutations of instance and schedule JSON (drop, duplicate or
 *       retype a field, huge, negative or fractional numbers, deep nesting, long strings, control
 *       characters in names, unknown node ids, routes that are not paths);
 *   <li>{@code bytes/...}: truncation, bit flips, invalid UTF-8, byte order marks, NUL bytes, an
 *       empty file, trailing garbage (on every format);
 *   <li>{@code size/...}: a few bytes that declare a large structure (a ring of 10^9 nodes, a
 *       complete graph of 10^5 nodes, 10^9 units or messages), in instance files and in {@code
 *       generate} options;
 *   <li>{@code csv/...}: missing or extra columns, negative, overflowing and huge values, bad
 *       headers;
 *   <li>{@code graphml/...}, {@code dot/...}: DOCTYPE with internal and external entities (a local
 *       file, a parameter entity loading a second DTD, {@code /dev/zero}), billion laughs, deep
 *       nesting, malformed tags, self-loops, repeated edges, control characters in ids;
 *   <li>{@code schedule/...}: schedules of valid instances with huge, negative or unknown entries.
 * </ul>
 *
 * The commands: {@code solve} (default method and the family's heuristic, {@code --time-limit 1} or
 * {@code 2}, {@code --out}), {@code check}, {@code bounds}, {@code draw --format text/svg}, {@code
 * generate --network} and {@code generate} with oversized options.
 */
public final class FuzzCases {
  /**
   * Written into the case directory; an external entity points at it; its text must never be
   * printed.
   */
  public static final String SECRET_FILE = "secret.txt";

  /** Replaced by the case directory's absolute path when the files are written. */
  public static final String DIR_TOKEN = "@@DIR@@";

  /**
   * Reads outputs back with the limits the project's own readers use (names as long as string
   * values).
   */
  static final JsonMapper MAPPER =
      JsonMapper.builder(
              tools.jackson.core.json.JsonFactory.builder()
                  .streamReadConstraints(
                      tools.jackson.core.StreamReadConstraints.builder()
                          .maxNameLength(
                              tools.jackson.core.StreamReadConstraints.DEFAULT_MAX_STRING_LEN)
                          .build())
                  .build())
          .build();

  private static final String[] FAMILIES = {"chatting", "scatter-gather", "packet", "linear-cost"};
  private static final String[] CONTROL = {
    "\u001b[31mred\u001b[0m",
    "\u001b]0;owned\u0007",
    "bell\u0007",
    "cr\rhidden",
    "\u202eevil",
    "\u2066iso\u2069",
    "nul\u0000",
    "del\u007f",
    "c1\u009b2J",
    "bs\b\b\b"
  };
  private static final String[] HUGE = {
    "9223372036854775808",
    "-9223372036854775809",
    "1000000000000000000000000000000",
    "1e308",
    "-1",
    "0",
    "2147483648",
    "9007199254740993",
    "1e-400",
    "-0",
    "4294967296",
    "1.5",
    "99999999999"
  };

  private final Path catalogue;
  private final Map<String, List<Path>> corpus = new LinkedHashMap<>();
  private final List<Path> csvs = new ArrayList<>();
  private final Map<Path, byte[]> schedules = new ConcurrentHashMap<>();
  private final Path scratch;

  /**
   * A generator over the catalogue found above the working directory; {@code scratch} holds base
   * schedules.
   */
  public FuzzCases(Path scratch) {
    this.catalogue = catalogue();
    this.scratch = scratch;
    for (String f : FAMILIES) {
      corpus.put(f, new ArrayList<>());
    }
    try (Stream<Path> s = Files.list(catalogue)) {
      for (Path p : s.sorted().toList()) {
        String n = p.getFileName().toString();
        if (n.endsWith(".csv")) {
          csvs.add(p);
        } else if (n.equals("manifest.json") || !n.endsWith(".json")) {
          continue;
        } else if (n.startsWith("chat-") || n.startsWith("dsa-")) {
          corpus.get("chatting").add(p);
        } else if (n.startsWith("sg-")) {
          corpus.get("scatter-gather").add(p);
        } else if (n.startsWith("pk-")) {
          corpus.get("packet").add(p);
        } else if (n.startsWith("lc-")) {
          corpus.get("linear-cost").add(p);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The catalogue directory, found from the working directory upwards. */
  public static Path catalogue() {
    Path p = Paths.get("").toAbsolutePath();
    while (p != null && !Files.isDirectory(p.resolve("instances/catalogue"))) {
      p = p.getParent();
    }
    if (p == null) {
      throw new IllegalStateException(
          "instances/catalogue not found above " + Paths.get("").toAbsolutePath());
    }
    return p.resolve("instances/catalogue");
  }

  /** Case {@code seed}. */
  public FuzzCase draw(long seed) {
    SplittableRandom r = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + 0x5EED);
    int k = r.nextInt(100);
    if (k < 28) {
      return instanceStructural(seed, r);
    } else if (k < 40) {
      return instanceBytes(seed, r);
    } else if (k < 50) {
      return sizeInstance(seed, r);
    } else if (k < 54) {
      return sizeGenerate(seed, r);
    } else if (k < 67) {
      return schedule(seed, r);
    } else if (k < 79) {
      return csv(seed, r);
    } else if (k < 90) {
      return graphml(seed, r);
    }
    return dot(seed, r);
  }

  // ----------------------------------------------------------------------------------------------
  // instances

  /**
   * A base instance of a family: a catalogue file, or (one time in three) a small generated one.
   */
  private ObjectNode baseInstance(String family, SplittableRandom r) {
    if (r.nextInt(3) == 0) {
      String[] args =
          switch (family) {
            case "chatting" ->
                new String[] {
                  "--problem",
                  "chatting",
                  "--family",
                  pick(r, "mesh", "torus", "hypercube", "bla", "random", "tree"),
                  "--size",
                  "3",
                  "--messages",
                  "5"
                };
            case "scatter-gather" ->
                new String[] {
                  "--problem",
                  pick(r, "scatter", "gather"),
                  "--family",
                  pick(r, "tree", "star", "mesh", "random"),
                  "--size",
                  "5"
                };
            case "packet" ->
                new String[] {
                  "--problem",
                  pick(r, "scatter", "gather"),
                  "--family",
                  pick(r, "tree", "star", "bla"),
                  "--size",
                  "5",
                  "--model",
                  "saf:beta=2,tau=1,ports=one,duplex=full"
                };
            default ->
                new String[] {
                  "--problem",
                  pick(r, "send", "broadcast", "gossip"),
                  "--family",
                  pick(r, "ring", "complete", "hypercube", "bla"),
                  "--size",
                  "3"
                };
          };
      List<String> a = new ArrayList<>(List.of("generate"));
      a.addAll(List.of(args));
      a.addAll(List.of("--seed", Integer.toString(r.nextInt(1000)), "--explicit-routes"));
      if (r.nextBoolean()) {
        a.remove("--explicit-routes");
      }
      StringWriter out = new StringWriter();
      int code =
          Main.run(
              a.toArray(String[]::new), new PrintWriter(out), new PrintWriter(new StringWriter()));
      if (code == 0) {
        return (ObjectNode) MAPPER.readTree(out.toString());
      }
    }
    List<Path> files = corpus.get(family);
    return (ObjectNode) MAPPER.readTree(read(files.get(r.nextInt(files.size()))));
  }

  private static String familyOf(ObjectNode doc) {
    String problem = doc.path("problem").asString("");
    boolean saf = "store-and-forward".equals(doc.path("model").path("kind").asString(""));
    return switch (problem) {
      case "send", "broadcast", "gossip" -> "linear-cost";
      case "scatter", "gather" -> saf ? "packet" : "scatter-gather";
      default -> "chatting";
    };
  }

  /** The heuristic that applies to every instance of the family. */
  private static String heuristic(ObjectNode doc) {
    if ("dsa".equals(doc.path("problem").asString(""))) {
      return "first-fit";
    }
    return switch (familyOf(doc)) {
      case "packet", "linear-cost" -> "greedy-saf";
      default -> "greedy";
    };
  }

  /**
   * A command on an instance file {@code in}: solve (default or the heuristic), bounds, check or
   * draw.
   */
  private FuzzCase onInstance(
      long seed,
      String mutation,
      SplittableRandom r,
      String in,
      byte[] content,
      ObjectNode base,
      boolean mustRefuse) {
    Map<String, byte[]> files = new LinkedHashMap<>();
    files.put(in, content);
    int c = r.nextInt(100);
    if (c < 25) {
      int limit = 1 + r.nextInt(2);
      return new FuzzCase(
          seed,
          mutation,
          files,
          List.of(
              "solve",
              "@" + in,
              "--time-limit",
              Integer.toString(limit),
              "--out",
              "@out.schedule.json",
              "--quiet"),
          limit,
          "out.schedule.json",
          mustRefuse,
          null);
    } else if (c < 55) {
      List<String> a =
          new ArrayList<>(
              List.of(
                  "solve",
                  "@" + in,
                  "--method",
                  heuristic(base),
                  "--time-limit",
                  "2",
                  "--out",
                  "@out.schedule.json"));
      if (r.nextBoolean()) {
        a.add("--json");
      }
      return new FuzzCase(seed, mutation, files, a, 2, "out.schedule.json", mustRefuse, null);
    } else if (c < 72) {
      return new FuzzCase(
          seed,
          mutation,
          files,
          r.nextBoolean() ? List.of("bounds", "@" + in) : List.of("bounds", "@" + in, "--json"),
          FuzzCase.NO_LIMIT_SECONDS,
          null,
          mustRefuse,
          null);
    }
    byte[] sched = baseSchedule(base);
    if (sched == null) {
      return new FuzzCase(
          seed,
          mutation,
          files,
          List.of("bounds", "@" + in),
          FuzzCase.NO_LIMIT_SECONDS,
          null,
          mustRefuse,
          null);
    }
    files.put("base.schedule.json", sched);
    if (c < 86) {
      return new FuzzCase(
          seed,
          mutation,
          files,
          List.of("check", "@" + in, "@base.schedule.json"),
          FuzzCase.NO_LIMIT_SECONDS,
          null,
          mustRefuse,
          null);
    }
    return new FuzzCase(
        seed,
        mutation,
        files,
        List.of("draw", "@" + in, "@base.schedule.json", "--format", "text"),
        FuzzCase.NO_LIMIT_SECONDS,
        null,
        mustRefuse,
        null);
  }

  /**
   * The schedule the family's heuristic writes for a valid instance (null when there is none),
   * computed in this JVM once per instance text.
   */
  private byte[] baseSchedule(ObjectNode doc) {
    String text = MAPPER.writeValueAsString(doc);
    Path key = Paths.get(Integer.toHexString(text.hashCode()));
    byte[] cached = schedules.get(key);
    if (cached != null) {
      return cached.length == 0 ? null : cached;
    }
    byte[] made = new byte[0];
    try {
      Path dir =
          Files.createDirectories(
              scratch.resolve("base-" + key + "-" + Thread.currentThread().getId()));
      Path in = dir.resolve("in.json");
      Path out = dir.resolve("out.schedule.json");
      Files.writeString(in, text);
      int code =
          Main.run(
              new String[] {
                "solve",
                in.toString(),
                "--method",
                heuristic(doc),
                "--out",
                out.toString(),
                "--quiet"
              },
              new PrintWriter(new StringWriter()),
              new PrintWriter(new StringWriter()));
      if (code == 0 && Files.exists(out)) {
        made = Files.readAllBytes(out);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    schedules.put(key, made);
    return made.length == 0 ? null : made;
  }

  private FuzzCase instanceStructural(long seed, SplittableRandom r) {
    String family = FAMILIES[r.nextInt(FAMILIES.length)];
    ObjectNode base = baseInstance(family, r);
    ObjectNode doc = base.deepCopy();
    Mutated m = structural(doc, r, true);
    return onInstance(
        seed,
        "json/" + m.operator,
        r,
        "in.json",
        m.text.getBytes(StandardCharsets.UTF_8),
        base,
        m.mustRefuse);
  }

  private FuzzCase instanceBytes(long seed, SplittableRandom r) {
    String family = FAMILIES[r.nextInt(FAMILIES.length)];
    ObjectNode base = baseInstance(family, r);
    byte[] text = MAPPER.writeValueAsString(base).getBytes(StandardCharsets.UTF_8);
    Mutated m = bytes(text, r, true);
    return onInstance(seed, "bytes/" + m.operator, r, "in.json", m.bytes, base, m.mustRefuse);
  }

  /**
   * A structural mutation's result: the document's text, the operator, whether it is bad by
   * construction.
   */
  private record Mutated(String operator, String text, byte[] bytes, boolean mustRefuse) {}

  /** Every container of the tree with a key or index into it: the places a mutation can hit. */
  private record Place(JsonNode parent, String key, int index) {
    JsonNode get() {
      return key != null ? parent.get(key) : parent.get(index);
    }

    void set(JsonNode v) {
      if (key != null) {
        ((ObjectNode) parent).set(key, v);
      } else {
        ((ArrayNode) parent).set(index, v);
      }
    }
  }

  private static void places(JsonNode n, List<Place> out) {
    if (n instanceof ObjectNode o) {
      for (String k : o.propertyNames()) {
        out.add(new Place(o, k, -1));
        places(o.get(k), out);
      }
    } else if (n instanceof ArrayNode a) {
      for (int i = 0; i < a.size(); i++) {
        out.add(new Place(a, null, i));
        places(a.get(i), out);
      }
    }
  }

  private static final String[] STRUCTURAL = {
    "drop-field",
    "duplicate-field",
    "retype",
    "huge-number",
    "deep-nesting",
    "long-string",
    "control-chars",
    "unknown-node",
    "route-not-a-path",
    "unknown-field"
  };

  /** One structural mutation of a JSON document (instance or schedule). */
  private static Mutated structural(ObjectNode doc, SplittableRandom r, boolean instance) {
    List<Place> all = new ArrayList<>();
    places(doc, all);
    Map<JsonNode, String> raw = new IdentityHashMap<>();
    String op = STRUCTURAL[r.nextInt(STRUCTURAL.length)];
    boolean mustRefuse = false;
    Place p = all.get(r.nextInt(all.size()));
    switch (op) {
      case "drop-field" -> {
        if (p.key != null) {
          ((ObjectNode) p.parent).remove(p.key);
        } else {
          ((ArrayNode) p.parent).remove(p.index);
        }
      }
      case "duplicate-field" -> {
        // emitted twice by print(); the copy with another value one time in two
        JsonNode v = p.get();
        raw.put(v, null);
        return new Mutated(
            op,
            print(doc, raw, v, r.nextBoolean() ? v : MAPPER.getNodeFactory().stringNode("dup")),
            null,
            false);
      }
      case "retype" -> {
        JsonNode v = p.get();
        JsonNode to =
            switch (r.nextInt(7)) {
              case 0 ->
                  MAPPER
                      .getNodeFactory()
                      .stringNode(v.isValueNode() ? v.asString("") : v.toString());
              case 1 -> MAPPER.getNodeFactory().numberNode(r.nextInt(5));
              case 2 -> MAPPER.getNodeFactory().nullNode();
              case 3 -> MAPPER.getNodeFactory().booleanNode(true);
              case 4 -> MAPPER.createArrayNode().add(v.deepCopy());
              case 5 -> MAPPER.createObjectNode();
              default -> MAPPER.getNodeFactory().numberNode(1.5);
            };
        p.set(to);
      }
      case "huge-number" -> {
        List<Place> nums =
            all.stream()
                .filter(
                    x ->
                        x.get().isNumber()
                            || x.get().isString() && x.get().asString("").matches("-?[0-9.]+"))
                .toList();
        Place q = nums.isEmpty() ? p : nums.get(r.nextInt(nums.size()));
        JsonNode marker = MAPPER.getNodeFactory().stringNode("HUGE");
        q.set(marker);
        String h = HUGE[r.nextInt(HUGE.length)];
        raw.put(marker, r.nextInt(4) == 0 ? "\"" + h + "\"" : h);
      }
      case "deep-nesting" -> {
        int depth = new int[] {100, 2_000, 50_000, 500_000}[r.nextInt(4)];
        JsonNode marker = MAPPER.getNodeFactory().stringNode("DEEP");
        p.set(marker);
        raw.put(
            marker,
            r.nextBoolean()
                ? "[".repeat(depth) + "]".repeat(depth)
                : "{\"a\":".repeat(depth) + "1" + "}".repeat(depth));
      }
      case "long-string" -> {
        List<Place> strs = all.stream().filter(x -> x.get().isString()).toList();
        Place q = strs.isEmpty() ? p : strs.get(r.nextInt(strs.size()));
        int n = new int[] {1_000, 100_000, 3_000_000}[r.nextInt(3)];
        q.set(
            MAPPER
                .getNodeFactory()
                .stringNode((r.nextBoolean() ? "x" : "é\"\\,日🚀").repeat(n / 5 + 1)));
      }
      case "control-chars" -> controlChars(doc, r, instance);
      case "unknown-node" -> {
        mustRefuse = instance && unknownNode(doc, r);
      }
      case "route-not-a-path" -> routeNotAPath(doc, r);
      default -> doc.put(r.nextBoolean() ? "extra" : "Problem", r.nextInt(9));
    }
    return new Mutated(op, print(doc, raw, null, null), null, mustRefuse);
  }

  /** Puts control characters (ESC, BEL, CR, bidi overrides, NUL, C1) in names, ids and labels. */
  private static void controlChars(ObjectNode doc, SplittableRandom r, boolean instance) {
    String c = CONTROL[r.nextInt(CONTROL.length)];
    doc.put(instance ? "name" : "instance", "n" + c);
    if (doc.get("messages") instanceof ArrayNode msgs && !msgs.isEmpty()) {
      ((ObjectNode) msgs.get(r.nextInt(msgs.size()))).put("id", "m" + c);
    }
    if (doc.get("departures") instanceof ObjectNode dep && !dep.isEmpty()) {
      String k = dep.propertyNames().iterator().next();
      JsonNode v = dep.remove(k);
      dep.set(k + c, v);
    }
    if (doc.has("method")) {
      doc.put("method", "m" + c);
    }
    if (instance
        && doc.get("network") instanceof ObjectNode net
        && net.path("nodes").isInt()
        && net.get("nodes").asInt() <= 64) {
      ArrayNode labels = net.putArray("labels");
      for (int v = 0; v < net.get("nodes").asInt(); v++) {
        labels.add(v == 0 ? "v" + c : "v" + v);
      }
    }
  }

  /**
   * Sets a node reference (from, to, root, source, target, a route's node) to a node that does not
   * exist.
   */
  private static boolean unknownNode(ObjectNode doc, SplittableRandom r) {
    List<Place> refs = new ArrayList<>();
    List<Place> all = new ArrayList<>();
    places(doc, all);
    for (Place p : all) {
      if (p.key != null
          && List.of("from", "to", "root", "source", "target").contains(p.key)
          && p.get().isInt()) {
        refs.add(p);
      }
      if (p.key == null && isRoute(doc, p.parent)) {
        refs.add(p);
      }
    }
    if (refs.isEmpty()) {
      return false;
    }
    refs.get(r.nextInt(refs.size()))
        .set(
            MAPPER
                .getNodeFactory()
                .numberNode(
                    new long[] {-1, 1_000_007, Integer.MAX_VALUE, 3_000_000_000L}[r.nextInt(4)]));
    return true;
  }

  private static boolean isRoute(ObjectNode doc, JsonNode arr) {
    if (doc.get("messages") instanceof ArrayNode msgs) {
      for (JsonNode m : msgs) {
        if (m.get("route") == arr) {
          return true;
        }
      }
    }
    return false;
  }

  /** Gives a message a route that is not a path from its source to its target. */
  private static void routeNotAPath(ObjectNode doc, SplittableRandom r) {
    if (!(doc.get("messages") instanceof ArrayNode msgs) || msgs.isEmpty()) {
      doc.putArray("route").add(0).add(0);
      return;
    }
    ObjectNode m = (ObjectNode) msgs.get(r.nextInt(msgs.size()));
    int from = m.path("from").asInt(doc.path("root").asInt(0));
    int to = m.path("to").asInt(doc.path("root").asInt(0));
    ArrayNode route = m.putArray("route");
    switch (r.nextInt(6)) {
      case 0 -> route.add(from).add(from).add(to);
      case 1 -> route.add(to).add(from);
      case 2 -> route.add(from);
      case 3 -> {}
      case 4 -> route.add(from).add(to).add(from).add(to);
      default -> route.add(from).add(r.nextInt(40)).add(to);
    }
  }

  /**
   * Prints a JSON tree by hand, so that a node in {@code raw} is written as its raw text (numbers
   * past every limit, nesting deeper than a writer allows), and {@code dup}'s property is written
   * twice (the second time with {@code dupValue}).
   */
  private static String print(
      JsonNode n, Map<JsonNode, String> raw, JsonNode dup, JsonNode dupValue) {
    StringBuilder sb = new StringBuilder();
    print(n, raw, dup, dupValue, sb);
    return sb.toString();
  }

  private static void print(
      JsonNode n, Map<JsonNode, String> raw, JsonNode dup, JsonNode dupValue, StringBuilder sb) {
    if (raw.get(n) != null) {
      sb.append(raw.get(n));
    } else if (n instanceof ObjectNode o) {
      sb.append('{');
      boolean first = true;
      for (String k : o.propertyNames()) {
        int copies = o.get(k) == dup ? 2 : 1;
        for (int c = 0; c < copies; c++) {
          sb.append(first ? "" : ",").append(MAPPER.writeValueAsString(k)).append(':');
          print(c == 1 ? dupValue : o.get(k), raw, null, null, sb);
          first = false;
        }
      }
      sb.append('}');
    } else if (n instanceof ArrayNode a) {
      sb.append('[');
      for (int i = 0; i < a.size(); i++) {
        int copies = a.get(i) == dup ? 2 : 1;
        for (int c = 0; c < copies; c++) {
          sb.append(i == 0 && c == 0 ? "" : ",");
          print(c == 1 ? dupValue : a.get(i), raw, null, null, sb);
        }
      }
      sb.append(']');
    } else {
      sb.append(MAPPER.writeValueAsString(n));
    }
  }

  private static final String[] BYTES = {
    "truncate",
    "bit-flip",
    "invalid-utf8",
    "bom",
    "utf16",
    "nul",
    "empty",
    "trailing-garbage",
    "crlf"
  };

  /**
   * One byte-level mutation; {@code json} says a truncation before the last closing brace must be
   * refused.
   */
  private static Mutated bytes(byte[] text, SplittableRandom r, boolean json) {
    String op = BYTES[r.nextInt(BYTES.length)];
    byte[] b = text.clone();
    boolean mustRefuse = false;
    switch (op) {
      case "truncate" -> {
        int last = lastIndexOf(b, json ? (byte) '}' : (byte) '>');
        int cut = r.nextInt(Math.max(1, last > 0 ? last : b.length));
        b = java.util.Arrays.copyOf(b, cut);
        mustRefuse = json;
      }
      case "bit-flip" -> {
        int flips = 1 + r.nextInt(8);
        for (int i = 0; i < flips && b.length > 0; i++) {
          b[r.nextInt(b.length)] ^= (byte) (1 << r.nextInt(8));
        }
      }
      case "invalid-utf8" -> {
        byte[][] bad = {
          {(byte) 0xC3, 0x28},
          {(byte) 0xFF},
          {(byte) 0xED, (byte) 0xA0, (byte) 0x80},
          {(byte) 0xF8, (byte) 0x88, (byte) 0x80, (byte) 0x80, (byte) 0x80},
          {(byte) 0xC0, (byte) 0xAF}
        };
        b = insert(b, r.nextInt(b.length + 1), bad[r.nextInt(bad.length)]);
      }
      case "bom" -> b = insert(b, 0, new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF});
      case "utf16" -> {
        byte[] u = new String(b, StandardCharsets.UTF_8).getBytes(StandardCharsets.UTF_16);
        b = u;
      }
      case "nul" -> b = insert(b, r.nextInt(b.length + 1), new byte[] {0, 0});
      case "empty" -> b = new byte[0];
      case "trailing-garbage" ->
          b =
              insert(
                  b,
                  b.length,
                  r.nextBoolean()
                      ? b.clone()
                      : " }]garbage\u001b[2J".getBytes(StandardCharsets.UTF_8));
      default ->
          b =
              new String(b, StandardCharsets.UTF_8)
                  .replace("\n", "\r\n")
                  .replace(",", ",\r\n")
                  .getBytes(StandardCharsets.UTF_8);
    }
    return new Mutated(op, null, b, mustRefuse);
  }

  private static int lastIndexOf(byte[] b, byte x) {
    for (int i = b.length - 1; i >= 0; i--) {
      if (b[i] == x) {
        return i;
      }
    }
    return -1;
  }

  private static byte[] insert(byte[] b, int at, byte[] what) {
    byte[] o = new byte[b.length + what.length];
    System.arraycopy(b, 0, o, 0, at);
    System.arraycopy(what, 0, o, at, what.length);
    System.arraycopy(b, at, o, at + what.length, b.length - at);
    return o;
  }

  // ----------------------------------------------------------------------------------------------
  // sizes

  /** An instance of a few hundred bytes that declares a large network, message or unit count. */
  private FuzzCase sizeInstance(long seed, SplittableRandom r) {
    String family = FAMILIES[r.nextInt(FAMILIES.length)];
    ObjectNode base = baseInstance(family, r);
    ObjectNode doc = base.deepCopy();
    ObjectNode net = MAPPER.createObjectNode();
    String op;
    switch (r.nextInt(6)) {
      case 0 -> {
        String f = pick(r, "ring", "uring", "ula", "bla", "star", "ring");
        long n = new long[] {1_000_000_000L, 50_000_000L, 100_000L, 2_147_483_647L}[r.nextInt(4)];
        net.put("family", f).put("nodes", n);
        op = "size/" + f + "-" + n;
      }
      case 1 -> {
        long n = new long[] {100_000L, 46_341L, 1_000_000L}[r.nextInt(3)];
        net.put("family", "complete").put("nodes", n);
        op = "size/complete-" + n;
      }
      case 2 -> {
        long side = new long[] {7_071L, 100_000L, 1_000_000_000L}[r.nextInt(3)];
        net.put("family", pick(r, "esm", "mesh", "torus")).put("rows", side).put("cols", side);
        op = "size/" + net.get("family").asString() + "-" + side + "x" + side;
      }
      case 3 -> {
        int d = new int[] {24, 30, 40, 62}[r.nextInt(4)];
        net.put("family", pick(r, "hypercube", "folded-hypercube")).put("dimension", d);
        op = "size/" + net.get("family").asString() + "-" + d;
      }
      case 4 -> {
        // the network kept, the declared volume huge: 10^9 units (send, broadcast, gossip) or flits
        // per message
        String big = pick(r, "1000000000", "1000000000000000", "4611686018427387903");
        if (doc.has("length")) {
          doc.put("length", Long.parseLong(big));
        } else if (doc.get("messages") instanceof ArrayNode msgs) {
          for (JsonNode m : msgs) {
            ((ObjectNode) m).put("length", Long.parseLong(big));
          }
        }
        return onInstance(
            seed,
            "size/length-" + big.length() + "-digits",
            r,
            "in.json",
            MAPPER.writeValueAsBytes(doc),
            base,
            false);
      }
      default -> {
        // an explicit network whose node count is huge and whose arcs are few
        long n = new long[] {1_000_000_000L, 100_000_000L, 2_000_000L}[r.nextInt(3)];
        net.put("nodes", n);
        net.putArray("links")
            .add(MAPPER.createArrayNode().add(0).add(1))
            .add(MAPPER.createArrayNode().add(1).add(2));
        op = "size/explicit-" + n;
      }
    }
    doc.set("network", net);
    if (doc.get("messages") instanceof ArrayNode msgs) {
      for (JsonNode m : msgs) {
        ((ObjectNode) m).remove("route");
      }
    }
    return onInstance(seed, op, r, "in.json", MAPPER.writeValueAsBytes(doc), base, false);
  }

  /**
   * {@code generate} asked for a huge instance: it must refuse, or stream and stop on Ctrl-C
   * without a partial file (the runner interrupts it at the limit).
   */
  private FuzzCase sizeGenerate(long seed, SplittableRandom r) {
    List<String> a = new ArrayList<>(List.of("generate"));
    String op;
    switch (r.nextInt(5)) {
      case 0 -> {
        a.addAll(
            List.of(
                "--problem",
                pick(r, "gossip", "broadcast", "send"),
                "--family",
                "ring",
                "--size",
                "1000000000"));
        op = "size/generate-ring-1e9";
      }
      case 1 -> {
        a.addAll(List.of("--problem", "scatter", "--family", "star", "--size", "50000000"));
        op = "size/generate-star-5e7";
      }
      case 2 -> {
        a.addAll(
            List.of(
                "--problem",
                "chatting",
                "--family",
                "ula",
                "--size",
                "1000",
                "--messages",
                "1000000000"));
        op = "size/generate-messages-1e9";
      }
      case 3 -> {
        a.addAll(
            List.of(
                "--problem",
                "dsa",
                "--packing",
                "perfect",
                "--size",
                "1000",
                "--messages",
                "100000000"));
        op = "size/generate-packing-1e8";
      }
      default -> {
        a.addAll(List.of("--problem", "chatting", "--family", "complete", "--size", "100000"));
        op = "size/generate-complete-1e5";
      }
    }
    a.addAll(List.of("--seed", Integer.toString(r.nextInt(100)), "--out", "@out.json"));
    Map<String, byte[]> files = new LinkedHashMap<>();
    files.put("none.txt", new byte[0]);
    return new FuzzCase(seed, op, files, a, FuzzCase.NO_LIMIT_SECONDS, "out.json", false, null);
  }

  // ----------------------------------------------------------------------------------------------
  // schedules

  private FuzzCase schedule(long seed, SplittableRandom r) {
    String family = FAMILIES[r.nextInt(FAMILIES.length)];
    ObjectNode inst = baseInstance(family, r);
    byte[] sched = baseSchedule(inst);
    if (sched == null) {
      return instanceStructural(seed, r);
    }
    ObjectNode doc = (ObjectNode) MAPPER.readTree(sched);
    String op;
    byte[] content;
    int k = r.nextInt(10);
    if (k < 5) {
      Mutated m = structural(doc, r, false);
      op = "schedule/" + m.operator;
      content = m.text.getBytes(StandardCharsets.UTF_8);
    } else if (k < 7) {
      Mutated m = bytes(sched, r, true);
      op = "schedule/bytes-" + m.operator;
      content = m.bytes;
    } else {
      // times and sizes far out: a departure or start at 10^18, a makespan of 10^15, a packet of
      // 2^40 flits
      op = "schedule/far-times";
      String big = pick(r, "1000000000000000000", "1000000000000000", "1099511627776", "-5");
      if (doc.get("departures") instanceof ObjectNode dep && !dep.isEmpty()) {
        dep.put(dep.propertyNames().iterator().next(), Long.parseLong(big));
      } else if (doc.get("transmissions") instanceof ArrayNode tx && !tx.isEmpty()) {
        ObjectNode t = (ObjectNode) tx.get(r.nextInt(tx.size()));
        t.put(r.nextBoolean() ? "start" : "size", big);
      } else if (doc.get("slots") instanceof ObjectNode sl && !sl.isEmpty()) {
        sl.put(sl.propertyNames().iterator().next(), Long.parseLong(big));
      }
      if (r.nextBoolean()) {
        doc.put("makespan", Long.parseLong(big));
      }
      content = MAPPER.writeValueAsBytes(doc);
    }
    Map<String, byte[]> files = new LinkedHashMap<>();
    files.put("s.schedule.json", content);
    files.put("in.json", MAPPER.writeValueAsBytes(inst));
    int c = r.nextInt(4);
    List<String> a =
        switch (c) {
          case 0 -> List.of("check", "@in.json", "@s.schedule.json", "--json");
          case 1 -> List.of("check", "@in.json", "@s.schedule.json");
          case 2 -> List.of("draw", "@in.json", "@s.schedule.json", "--format", "text");
          default ->
              List.of(
                  "draw", "@in.json", "@s.schedule.json", "--format", "svg", "--out", "@out.svg");
        };
    return new FuzzCase(
        seed, op, files, a, FuzzCase.NO_LIMIT_SECONDS, c == 3 ? "out.svg" : null, false, null);
  }

  // ----------------------------------------------------------------------------------------------
  // csv

  private FuzzCase csv(long seed, SplittableRandom r) {
    String text = read(csvs.get(r.nextInt(csvs.size())));
    List<String> lines = new ArrayList<>(List.of(text.split("\n")));
    String op =
        pick(
            r,
            "missing-column",
            "extra-column",
            "negative",
            "overflow",
            "huge-lifespan",
            "huge-size",
            "reversed-lifespan",
            "duplicate-id",
            "bad-header",
            "header-only",
            "quotes",
            "many-rows",
            "bytes",
            "control-chars");
    boolean mustRefuse = false;
    int row = 1 + r.nextInt(Math.max(1, lines.size() - 1));
    String[] f = row < lines.size() ? lines.get(row).split(",", -1) : new String[0];
    switch (op) {
      case "missing-column" -> {
        if (r.nextBoolean()) {
          lines.set(0, "id,lower,size");
        } else if (f.length == 4) {
          lines.set(row, f[0] + "," + f[1] + "," + f[2]);
        }
        mustRefuse = true;
      }
      case "extra-column" -> lines.set(row, lines.get(row) + ",7");
      case "negative" -> {
        if (f.length == 4) {
          f[1 + r.nextInt(3)] = "-" + (1 + r.nextInt(9));
          lines.set(row, String.join(",", f));
        }
      }
      case "overflow" -> {
        if (f.length == 4) {
          f[1 + r.nextInt(3)] =
              pick(r, "9223372036854775808", "99999999999999999999999", "1e400", "0x10");
          lines.set(row, String.join(",", f));
        }
      }
      case "huge-lifespan" -> {
        if (f.length == 4) {
          f[2] = pick(r, "1000000000", "1000000000000000", "2147483647", "4611686018427387904");
          lines.set(row, String.join(",", f));
        }
      }
      case "huge-size" -> {
        if (f.length == 4) {
          f[3] = pick(r, "1000000000", "1000000000000000000", "4611686018427387904");
          lines.set(row, String.join(",", f));
        }
      }
      case "reversed-lifespan" -> {
        if (f.length == 4) {
          String t = f[1];
          f[1] = f[2];
          f[2] = t;
          lines.set(row, String.join(",", f));
        }
      }
      case "duplicate-id" -> lines.add(lines.get(row));
      case "bad-header" ->
          lines.set(
              0,
              pick(
                  r,
                  "id;lower;upper;size",
                  "ID,LOWER,UPPER,SIZE",
                  "lower,upper,size,id",
                  "\u001b[31mid,lower,upper,size"));
      case "header-only" -> lines.subList(1, lines.size()).clear();
      case "quotes" -> lines.set(row, "\"" + lines.get(row).replace(",", "\",\"") + "\"");
      case "many-rows" -> {
        int n = new int[] {10_000, 100_000}[r.nextInt(2)];
        for (int i = 0; i < n; i++) {
          lines.add(
              "x"
                  + i
                  + ","
                  + (i % 1000)
                  + ","
                  + (i % 1000 + 1 + r.nextInt(50))
                  + ","
                  + (1 + r.nextInt(9)));
        }
      }
      case "control-chars" -> {
        if (f.length == 4) {
          f[0] = "b" + CONTROL[r.nextInt(CONTROL.length)];
          lines.set(row, String.join(",", f));
        }
      }
      default -> {}
    }
    byte[] content = (String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8);
    if (op.equals("bytes")) {
      Mutated m = bytes(content, r, false);
      op = "bytes-" + m.operator;
      content = m.bytes;
    }
    Map<String, byte[]> files = new LinkedHashMap<>();
    files.put("in.csv", content);
    int c = r.nextInt(4);
    String mut = "csv/" + op;
    return switch (c) {
      case 0 ->
          new FuzzCase(
              seed,
              mut,
              files,
              List.of("solve", "@in.csv", "--time-limit", "1", "--out", "@out.csv", "--quiet"),
              1,
              "out.csv",
              mustRefuse,
              null);
      case 1 ->
          new FuzzCase(
              seed,
              mut,
              files,
              List.of(
                  "solve",
                  "@in.csv",
                  "--method",
                  "first-fit",
                  "--time-limit",
                  "2",
                  "--out",
                  "@out.schedule.json"),
              2,
              "out.schedule.json",
              mustRefuse,
              null);
      case 2 ->
          new FuzzCase(
              seed,
              mut,
              files,
              List.of(
                  "solve",
                  "@in.csv",
                  "--capacity",
                  pick(r, "8", "1", "1000000000000"),
                  "--time-limit",
                  "1",
                  "--out",
                  "@out.csv"),
              1,
              "out.csv",
              mustRefuse,
              null);
      default ->
          new FuzzCase(
              seed,
              mut,
              files,
              List.of("bounds", "@in.csv"),
              FuzzCase.NO_LIMIT_SECONDS,
              null,
              mustRefuse,
              null);
    };
  }

  // ----------------------------------------------------------------------------------------------
  // graphml, dot

  /** Node ids of a small drawing: numbers, names, or odd strings. */
  private static List<String> drawingIds(SplittableRandom r, int n) {
    List<String> ids = new ArrayList<>();
    int style = r.nextInt(3);
    for (int v = 0; v < n; v++) {
      ids.add(
          style == 0
              ? Integer.toString(v)
              : style == 1 ? "n" + v : "node " + v + (v % 2 == 0 ? "é" : ""));
    }
    return ids;
  }

  /** The edges of a small connected drawing: a ring, a path or a tree plus chords. */
  private static List<int[]> drawingEdges(SplittableRandom r, int n) {
    List<int[]> e = new ArrayList<>();
    for (int v = 1; v < n; v++) {
      e.add(new int[] {r.nextInt(3) == 0 ? r.nextInt(v) : v - 1, v});
    }
    if (r.nextBoolean() && n > 2) {
      e.add(new int[] {n - 1, 0});
    }
    return e;
  }

  private static String xml(String s) {
    return s.replace("&", "&amp;").replace("<", "&lt;").replace("\"", "&quot;");
  }

  private FuzzCase graphml(long seed, SplittableRandom r) {
    int n = 3 + r.nextInt(6);
    List<String> ids = drawingIds(r, n);
    List<int[]> edges = drawingEdges(r, n);
    String op =
        pick(
            r,
            "valid",
            "xxe-file",
            "xxe-parameter",
            "dev-zero",
            "billion-laughs",
            "internal-doctype",
            "deep-nesting",
            "malformed",
            "self-loop",
            "repeated-edge",
            "unknown-endpoint",
            "control-chars",
            "bytes",
            "many-nodes",
            "xxe-file",
            "xxe-parameter");
    String doctype = "";
    String dataValue = "x";
    boolean mustRefuse = false;
    String secret = null;
    Map<String, byte[]> extra = new LinkedHashMap<>();
    switch (op) {
      case "xxe-file" -> {
        secret = "FUZZSECRET" + Long.toHexString(seed) + "Z";
        doctype =
            "<!DOCTYPE graphml [ <!ENTITY x SYSTEM \"file://"
                + DIR_TOKEN
                + "/"
                + SECRET_FILE
                + "\"> ]>\n";
        dataValue = "&x;";
        if (r.nextBoolean()) {
          ids.set(0, "&x;");
        }
        mustRefuse = true;
      }
      case "xxe-parameter" -> {
        secret = "FUZZSECRET" + Long.toHexString(seed) + "Z";
        doctype =
            "<!DOCTYPE graphml [ <!ENTITY % dtd SYSTEM \"file://"
                + DIR_TOKEN
                + "/second.dtd\"> %dtd; ]>\n";
        extra.put(
            "second.dtd",
            ("<!ENTITY % file SYSTEM \"file://"
                    + DIR_TOKEN
                    + "/"
                    + SECRET_FILE
                    + "\">\n"
                    + "<!ENTITY % eval \"<!ENTITY x '%file;'>\">\n%eval;\n")
                .getBytes(StandardCharsets.UTF_8));
        dataValue = "&x;";
        ids.set(0, "&x;");
        mustRefuse = true;
      }
      case "dev-zero" -> {
        doctype =
            "<!DOCTYPE graphml [ <!ENTITY z SYSTEM \"file:///dev/"
                + pick(r, "zero", "urandom")
                + "\"> ]>\n";
        dataValue = "&z;";
        mustRefuse = true;
      }
      case "billion-laughs" -> {
        StringBuilder d = new StringBuilder("<!DOCTYPE graphml [ <!ENTITY l0 \"lol\">");
        for (int i = 1; i <= 10; i++) {
          d.append(" <!ENTITY l")
              .append(i)
              .append(" \"")
              .append(("&l" + (i - 1) + ";").repeat(10))
              .append("\">");
        }
        doctype = d.append(" ]>\n").toString();
        dataValue = "&l10;";
        mustRefuse = true;
      }
      case "internal-doctype" -> {
        doctype = "<!DOCTYPE graphml [ <!ENTITY a \"b\"> ]>\n";
        dataValue = "&a;";
        mustRefuse = true;
      }
      case "self-loop" -> {
        edges.add(new int[] {1, 1});
        mustRefuse = true;
      }
      case "repeated-edge" -> {
        edges.add(edges.get(0).clone());
        mustRefuse = true;
      }
      case "control-chars" ->
          ids.set(1, "v" + CONTROL[r.nextInt(CONTROL.length)].replace("\u0000", "\u0001"));
      case "many-nodes" -> {
        n = new int[] {2_000, 20_000}[r.nextInt(2)];
        ids = drawingIds(r, n);
        edges = drawingEdges(r, n);
      }
      default -> {}
    }
    boolean directed = r.nextBoolean();
    StringBuilder sb =
        new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
            .append(doctype)
            .append("<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\">\n")
            .append("  <key id=\"d0\" for=\"node\" attr.name=\"label\" attr.type=\"string\"/>\n")
            .append("  <graph id=\"G\" edgedefault=\"")
            .append(directed ? "directed" : "undirected")
            .append("\">\n");
    for (int v = 0; v < n; v++) {
      String id = ids.get(v).startsWith("&") ? ids.get(v) : xml(ids.get(v));
      sb.append("    <node id=\"")
          .append(id)
          .append("\"><data key=\"d0\">")
          .append(v == 0 ? dataValue : "x")
          .append("</data></node>\n");
    }
    for (int[] e : edges) {
      String u = ids.get(e[0]).startsWith("&") ? ids.get(e[0]) : xml(ids.get(e[0]));
      String v =
          op.equals("unknown-endpoint") && e == edges.get(0)
              ? "nowhere"
              : ids.get(e[1]).startsWith("&") ? ids.get(e[1]) : xml(ids.get(e[1]));
      sb.append("    <edge source=\"").append(u).append("\" target=\"").append(v).append("\"/>\n");
      if (directed && r.nextBoolean()) {
        sb.append("    <edge source=\"")
            .append(v)
            .append("\" target=\"")
            .append(u)
            .append("\"/>\n");
      }
    }
    sb.append("  </graph>\n</graphml>\n");
    String text = sb.toString();
    if (op.equals("deep-nesting")) {
      int depth = new int[] {1_000, 100_000}[r.nextInt(2)];
      text =
          text.replace(
              "<data key=\"d0\">x</data>",
              "<data key=\"d0\">" + "<x>".repeat(depth) + "</x>".repeat(depth) + "</data>");
    } else if (op.equals("malformed")) {
      text =
          switch (r.nextInt(4)) {
            case 0 -> text.replace("</graph>", "");
            case 1 -> text.replaceFirst("<node ", "<node <");
            case 2 -> text.replace("</graphml>", "</graph></graphml>");
            default -> text.replaceFirst("<edge ", "<edge source=\"a\" source=\"b\" ");
          };
      mustRefuse = true;
    }
    byte[] content = text.getBytes(StandardCharsets.UTF_8);
    if (op.equals("bytes")) {
      Mutated m = bytes(content, r, false);
      op = "bytes-" + m.operator;
      content = m.bytes;
    }
    return network(seed, "graphml/" + op, r, "in.graphml", content, extra, mustRefuse, secret);
  }

  private FuzzCase dot(long seed, SplittableRandom r) {
    int n = 3 + r.nextInt(6);
    List<String> ids = drawingIds(r, n);
    List<int[]> edges = drawingEdges(r, n);
    boolean directed = r.nextBoolean();
    String op =
        pick(
            r,
            "valid",
            "deep-nesting",
            "self-loop",
            "repeated-edge",
            "unclosed",
            "control-chars",
            "long-id",
            "html-label",
            "strict",
            "bytes",
            "many-nodes",
            "comment-only",
            "edge-chain");
    boolean mustRefuse = false;
    switch (op) {
      case "self-loop" -> {
        edges.add(new int[] {0, 0});
        mustRefuse = true;
      }
      case "repeated-edge" -> {
        edges.add(edges.get(0).clone());
        mustRefuse = true;
      }
      case "control-chars" -> ids.set(1, "v" + CONTROL[r.nextInt(CONTROL.length)]);
      case "long-id" -> ids.set(0, "L".repeat(new int[] {10_000, 2_000_000}[r.nextInt(2)]));
      case "many-nodes" -> {
        n = new int[] {2_000, 50_000}[r.nextInt(2)];
        ids = drawingIds(r, n);
        edges = drawingEdges(r, n);
      }
      default -> {}
    }
    String arrow = directed ? " -> " : " -- ";
    StringBuilder sb =
        new StringBuilder(op.equals("strict") ? "strict " : "")
            .append(directed ? "digraph" : "graph")
            .append(" G {\n");
    if (op.equals("html-label")) {
      sb.append("  a [label=<<b>bold</b><br/>&amp;>];\n");
    }
    for (int v = 0; v < n; v++) {
      sb.append("  \"")
          .append(ids.get(v).replace("\\", "\\\\").replace("\"", "\\\""))
          .append("\";\n");
    }
    if (op.equals("edge-chain")) {
      sb.append("  ");
      for (int v = 0; v < n; v++) {
        sb.append(v == 0 ? "" : arrow).append('"').append(ids.get(v)).append('"');
      }
      sb.append(";\n");
    } else {
      for (int[] e : edges) {
        sb.append("  \"")
            .append(ids.get(e[0]).replace("\"", "\\\""))
            .append('"')
            .append(arrow)
            .append('"')
            .append(ids.get(e[1]).replace("\"", "\\\""))
            .append("\" [weight=")
            .append(1 + r.nextInt(5))
            .append("];\n");
      }
    }
    sb.append("}\n");
    String text = sb.toString();
    if (op.equals("deep-nesting")) {
      int depth = new int[] {1_000, 20_000, 200_000}[r.nextInt(3)];
      text =
          text.replace(
              "}\n", "  " + "subgraph { ".repeat(depth) + "x" + " }".repeat(depth) + "\n}\n");
    } else if (op.equals("unclosed")) {
      text = text.substring(0, text.lastIndexOf('}'));
      mustRefuse = true;
    } else if (op.equals("comment-only")) {
      text = "/* " + text + " */\n# nothing\n";
      mustRefuse = true;
    }
    byte[] content = text.getBytes(StandardCharsets.UTF_8);
    if (op.equals("bytes")) {
      Mutated m = bytes(content, r, false);
      op = "bytes-" + m.operator;
      content = m.bytes;
    }
    return network(
        seed,
        "dot/" + op,
        r,
        r.nextBoolean() ? "in.dot" : "in.gv",
        content,
        Map.of(),
        mustRefuse,
        null);
  }

  /**
   * {@code generate --network FILE} of a random problem, with the secret file beside the drawing.
   */
  private static FuzzCase network(
      long seed,
      String mutation,
      SplittableRandom r,
      String in,
      byte[] content,
      Map<String, byte[]> extra,
      boolean mustRefuse,
      String secret) {
    Map<String, byte[]> files = new LinkedHashMap<>();
    files.put(in, content);
    files.putAll(extra);
    if (secret != null) {
      files.put(SECRET_FILE, (secret + "\n").getBytes(StandardCharsets.UTF_8));
    }
    String problem = pick(r, "chatting", "scatter", "gather", "broadcast", "gossip", "send");
    List<String> a =
        new ArrayList<>(
            List.of(
                "generate",
                "--problem",
                problem,
                "--network",
                "@" + in,
                "--seed",
                Integer.toString(r.nextInt(100)),
                "--out",
                "@out.json"));
    if (r.nextBoolean() && problem.equals("chatting")) {
      a.addAll(List.of("--messages", Integer.toString(1 + r.nextInt(20))));
    }
    return new FuzzCase(
        seed, mutation, files, a, FuzzCase.NO_LIMIT_SECONDS, "out.json", mustRefuse, secret);
  }

  // ----------------------------------------------------------------------------------------------
  // helpers

  private static String pick(SplittableRandom r, String... options) {
    return options[r.nextInt(options.length)];
  }

  private static String read(Path p) {
    try {
      return Files.readString(p);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Exposed for the shrinker: a JSON document's variants one element or field smaller. */
  static List<String> smallerJson(String text) {
    List<String> out = new ArrayList<>();
    JsonNode root;
    try {
      root = MAPPER.readTree(text);
    } catch (RuntimeException e) {
      return out;
    }
    if (!(root instanceof ObjectNode)) {
      return out;
    }
    List<Place> all = new ArrayList<>();
    places(root, all);
    for (Place p : all) {
      JsonNode copy = root.deepCopy();
      List<Place> cps = new ArrayList<>();
      places(copy, cps);
      Place q = cps.get(all.indexOf(p));
      if (q.key != null) {
        ((ObjectNode) q.parent).remove(q.key);
      } else {
        ((ArrayNode) q.parent).remove(q.index);
      }
      out.add(MAPPER.writeValueAsString(copy));
    }
    return out;
  }
}
