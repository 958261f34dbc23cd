package org.commsched.instances.io;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Footprint;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.ModelException;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.model.Topology;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Reads instance files ({@code commsched-instance/1} JSON, see FORMATS.md and docs/DESIGN.md) and
 * DSA CSV files.
 *
 * <p>Every file is checked in three stages, and the first problem found is reported as one {@link
 * InstanceFormatException} line naming the file, the place and the fix:
 *
 * <ol>
 *   <li>syntax: strict JSON (duplicate keys, trailing content, truncation are errors), with line
 *       and column;
 *   <li>the JSON Schema {@code schemas/instance.schema.json} (types, required and unknown fields,
 *       enums);
 *   <li>the model's own rules (node ranges, routes along arcs, unique ids, lengths, model fits the
 *       problem), checked by the core constructors and mapped to the JSON pointer they name.
 * </ol>
 *
 * <p>Defaults applied on reading: a scatter message without {@code from} starts at the root, a
 * gather message without {@code to} ends there; a store-and-forward model without {@code oneport}
 * takes the problem's default rule ({@link CommModel.OnePortRule#defaultFor}). The optional {@code
 * description} is accepted and not kept (use {@link #description(Path)} to read it).
 */
public final class InstanceReader {
  /** The format tag of instance files. */
  public static final String FORMAT = "commsched-instance/1";

  private static final String WHAT = "an instance file";

  /** The node limit of the named families (core's), applied to explicit networks too. */
  static final int MAX_EXPLICIT_NODES = 50_000_000;

  private InstanceReader() {}

  /**
   * Reads an instance file: {@code .csv} files as DSA buffers ({@link DsaCsv#read(Path)}), anything
   * else as an instance JSON file.
   *
   * @throws InstanceFormatException on any bad input (and only then)
   */
  public static Instance read(Path file) {
    return read(file, Footprint.Use.READ);
  }

  /**
   * Reads an instance file for a use: the declared sizes are held to {@link Footprint} for that use
   * and this JVM's heap ({@link Footprint#available()}) before the network is built, so a file that
   * cannot fit is refused at once.
   *
   * @throws InstanceFormatException on any bad input (and only then), a file too large for the heap
   *     included
   */
  public static Instance read(Path file, Footprint.Use use) {
    if (Inputs.extension(file).equals("csv") && !java.nio.file.Files.isDirectory(file)) {
      return DsaCsv.read(file);
    }
    return read(Inputs.readBytes(file, WHAT), file.toString(), use);
  }

  /**
   * Reads the bytes of an instance JSON file: the streaming fast path when it applies, else the
   * full check ({@link #parse}), which also phrases every error.
   */
  static Instance read(byte[] bytes, String fileName) {
    return read(bytes, fileName, Footprint.Use.READ);
  }

  private static Instance read(byte[] bytes, String fileName, Footprint.Use use) {
    Instance fast = Inputs.isUtf8(bytes) ? fast(bytes, fileName, use) : null;
    if (fast != null) {
      return fast;
    }
    return parse(Inputs.decode(bytes, fileName, WHAT), fileName, use);
  }

  /**
   * The streaming fast path ({@link Streaming}): the instance if the file is valid and its messages
   * pass the streaming check, null when the full check must run (the file is then either invalid or
   * unusual).
   *
   * @throws InstanceFormatException for a schema-valid file that breaks a model rule (the same
   *     message as the full check gives)
   */
  static Instance fast(byte[] bytes, String fileName) {
    return fast(bytes, fileName, Footprint.Use.READ);
  }

  private static Instance fast(byte[] bytes, String fileName, Footprint.Use use) {
    ObjectNode skeleton = Json.object();
    Columns columns = null;
    try (JsonParser p = Streaming.parser(bytes)) {
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
        if (key.equals("messages")) {
          columns = Columns.read(p);
          skeleton.putArray("messages");
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
        || !Schemas.instance().accepts(skeleton)) {
      return null;
    }
    ProblemKind kind = ProblemKind.fromWire(skeleton.get("problem").stringValue());
    if (columns != null && !columns.hasEnds(kind)) {
      return null;
    }
    return new Builder(skeleton, columns == null ? Columns.EMPTY : columns, fileName, use).build();
  }

  /**
   * Parses instance JSON.
   *
   * @param json the file content
   * @param fileName the name to use in error messages
   * @throws InstanceFormatException on any bad input
   */
  public static Instance parse(String json, String fileName) {
    return parse(json, fileName, Footprint.Use.READ);
  }

  private static Instance parse(String json, String fileName, Footprint.Use use) {
    JsonNode doc = Json.parse(json, fileName, WHAT);
    Json.requireFormat(doc, FORMAT, ScheduleReader.FORMAT, fileName, WHAT);
    Schemas.instance().validate(doc, fileName);
    JsonNode list = doc.get("messages");
    return new Builder(doc, list == null ? Columns.EMPTY : new TreeMessages(list), fileName, use)
        .build();
  }

  /** The optional {@code description} of an instance file, or null. */
  public static String description(Path file) {
    JsonNode doc = Json.parse(Inputs.readText(file, WHAT), file.toString(), WHAT);
    JsonNode d = doc.get("description");
    return d != null && d.isString() ? d.stringValue() : null;
  }

  /**
   * Turns a schema-valid document into core objects, mapping every rule violation to its JSON
   * pointer.
   */
  private static final class Builder {
    private final JsonNode doc;
    private final MessageSource list;
    private final String file;
    private final Footprint.Use use;
    private ProblemKind kind;

    Builder(JsonNode doc, MessageSource list, String file, Footprint.Use use) {
      this.doc = doc;
      this.list = list;
      this.file = file;
      this.use = use;
    }

    Instance build() {
      kind = ProblemKind.fromWire(doc.get("problem").stringValue());
      try {
        String name = doc.get("name").stringValue();
        CommModel model = model(doc.get("model"));
        Topology topology = topology(doc.get("network"));
        Footprint footprint = Footprint.of(topology, kind, list.size());
        footprint.require(use, Footprint.available()); // before anything large
        Network network = Network.of(topology).withLabels(labels(doc.get("network").get("labels")));
        Problem problem = problem();
        Instance instance = new Instance(name, problem, model, network);
        // the routes' hops are known now (nothing per hop is held yet): before a check or method
        // walks them
        footprint
            .withHops(instance.atlas().countedHops(), model)
            .require(use, Footprint.available());
        return instance;
      } catch (ModelException e) {
        throw new InstanceFormatException(file, pointer(e.pointer()), e.getMessage(), e);
      } catch (ArithmeticException e) {
        throw new InstanceFormatException(
            file, "", "a number is too large: " + e.getMessage() + "; use smaller values", e);
      } catch (IllegalArgumentException e) {
        throw new InstanceFormatException(
            file, "", InstanceFormatException.singleLine(e.getMessage()) + "; fix the instance", e);
      } catch (OutOfMemoryError e) {
        throw new InstanceFormatException(
            file,
            "/network",
            "the network or message list is too large for the "
                + Footprint.size(Footprint.available())
                + " this Java heap holds; "
                + Footprint.raise(2.0 * Footprint.available()));
      }
    }

    /**
     * Send problems route their one message "m0" with an empty pointer prefix; point at the
     * top-level fields.
     */
    private String pointer(String p) {
      if (kind == ProblemKind.SEND && (p.equals("/0") || p.startsWith("/0/"))) {
        String rest = p.substring(2);
        return rest.isEmpty() ? "" : rest;
      }
      return p;
    }

    private CommModel model(JsonNode m) {
      String k = m.get("kind").stringValue();
      if (k.equals("bufferless")) {
        String ports = m.get("ports").stringValue();
        return new CommModel.Bufferless(
            ports.equals("all") ? CommModel.BufferlessPorts.ALL : CommModel.BufferlessPorts.SINGLE);
      }
      BigDecimal beta = new BigDecimal(m.get("beta").stringValue());
      BigDecimal tau = new BigDecimal(m.get("tau").stringValue());
      CommModel.Ports ports =
          m.get("ports").stringValue().equals("one") ? CommModel.Ports.ONE : CommModel.Ports.ALL;
      CommModel.Duplex duplex =
          m.get("duplex").stringValue().equals("full")
              ? CommModel.Duplex.FULL
              : CommModel.Duplex.HALF;
      JsonNode op = m.get("oneport");
      CommModel.OnePortRule rule =
          op == null
              ? CommModel.OnePortRule.defaultFor(kind)
              : CommModel.OnePortRule.fromWire(op.stringValue());
      return new CommModel.StoreAndForward(beta, tau, ports, duplex, rule);
    }

    private Topology topology(JsonNode n) {
      JsonNode family = n.get("family");
      if (family == null) {
        int nodes = Json.toInt(n.get("nodes"), file, "/network/nodes");
        if (nodes > MAX_EXPLICIT_NODES) {
          throw new InstanceFormatException(
              file,
              "/network/nodes",
              "an explicit network of "
                  + nodes
                  + " nodes is too large (at most "
                  + MAX_EXPLICIT_NODES
                  + ")");
        }
        boolean links = n.has("links");
        String key = links ? "links" : "arcs";
        JsonNode list = n.get(key);
        List<Topology.Pair> pairs = new ArrayList<>(list.size());
        List<Topology.Channel> channels = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) {
          String p = "/network/" + key + "/" + i;
          JsonNode entry = list.get(i);
          if (entry.isObject()) { // {"between": [u, v], "count": k, "beta": "b", "tau": "t"}
            while (channels.size() < i) {
              channels.add(Topology.Channel.PLAIN);
            }
            channels.add(channel(entry, p));
            entry = entry.get("between");
            p += "/between";
          }
          pairs.add(
              new Topology.Pair(
                  Json.toInt(entry.get(0), file, p + "/0"),
                  Json.toInt(entry.get(1), file, p + "/1")));
        }
        while (!channels.isEmpty() && channels.size() < pairs.size()) {
          channels.add(Topology.Channel.PLAIN);
        }
        return new Topology.Explicit(nodes, pairs, links, channels);
      }
      switch (family.stringValue()) {
        case "ula":
          return new Topology.Ula(intAt(n, "nodes"));
        case "bla":
          return new Topology.Bla(intAt(n, "nodes"));
        case "uring":
          return new Topology.URing(intAt(n, "nodes"));
        case "ring":
          return new Topology.Ring(intAt(n, "nodes"));
        case "star":
          return new Topology.Star(intAt(n, "nodes"));
        case "complete":
          return new Topology.Complete(intAt(n, "nodes"));
        case "esm":
          return new Topology.Esm(intAt(n, "rows"), intAt(n, "cols"));
        case "mesh":
          return new Topology.Mesh(intAt(n, "rows"), intAt(n, "cols"));
        case "torus":
          return new Topology.Torus(intAt(n, "rows"), intAt(n, "cols"));
        case "hypercube":
          return new Topology.Hypercube(intAt(n, "dimension"));
        case "folded-hypercube":
          return new Topology.FoldedHypercube(intAt(n, "dimension"));
        case "tree":
          {
            JsonNode ps = n.get("parents");
            List<Integer> parents = new ArrayList<>(ps.size());
            for (int i = 0; i < ps.size(); i++) {
              JsonNode p = ps.get(i);
              parents.add(p.isNull() ? -1 : Json.toInt(p, file, "/network/parents/" + i));
            }
            return new Topology.Tree(parents);
          }
        default:
          throw new InstanceFormatException(
              file,
              "/network/family",
              "unknown network family \""
                  + family.stringValue()
                  + "\"; see docs/DESIGN.md for the families");
      }
    }

    /** A link written as an object (schema-checked): its channel count and own costs. */
    private Topology.Channel channel(JsonNode entry, String pointer) {
      JsonNode count = entry.get("count");
      JsonNode beta = entry.get("beta");
      JsonNode tau = entry.get("tau");
      try {
        return new Topology.Channel(
            count == null ? 1 : Json.toInt(count, file, pointer + "/count"),
            beta == null ? null : new BigDecimal(beta.stringValue()),
            tau == null ? null : new BigDecimal(tau.stringValue()));
      } catch (ModelException e) {
        throw new InstanceFormatException(file, pointer, e.getMessage(), e);
      }
    }

    /**
     * The optional node names (schema-checked strings); count and uniqueness are checked by the
     * network.
     */
    private List<String> labels(JsonNode ls) {
      if (ls == null) {
        return List.of();
      }
      if (ls.isEmpty()) {
        throw new InstanceFormatException(
            file,
            "/network/labels",
            "the labels list is empty; give one label per "
                + "node, in node order, or leave \"labels\" out");
      }
      List<String> out = new ArrayList<>(ls.size());
      for (int i = 0; i < ls.size(); i++) {
        out.add(ls.get(i).stringValue());
      }
      return out;
    }

    private int intAt(JsonNode n, String field) {
      return Json.toInt(n.get(field), file, "/network/" + field);
    }

    private Problem problem() {
      switch (kind) {
        case CHATTING:
          return new Problem.Chatting(messages(-1));
        case DSA:
          return new Problem.Dsa(messages(-1));
        case SCATTER:
          {
            int root = node("/root");
            return new Problem.Scatter(root, messages(root));
          }
        case GATHER:
          {
            int root = node("/root");
            return new Problem.Gather(root, messages(root));
          }
        case BROADCAST:
          return new Problem.Broadcast(node("/source"), length("/length"));
        case GOSSIP:
          return new Problem.Gossip(length("/length"));
        case SEND:
          return new Problem.Send(
              node("/source"),
              node("/target"),
              length("/length"),
              route(doc.get("route"), "/route"));
        default:
          throw new IllegalStateException("unhandled problem kind " + kind);
      }
    }

    private int node(String pointer) {
      return Json.toInt(doc.at(pointer), file, pointer);
    }

    private long length(String pointer) {
      return Json.toLong(doc.at(pointer), file, pointer);
    }

    private List<Integer> route(JsonNode r, String pointer) {
      if (r == null) {
        return null;
      }
      List<Integer> route = new ArrayList<>(r.size());
      for (int k = 0; k < r.size(); k++) {
        route.add(Json.toInt(r.get(k), file, pointer + "/" + k));
      }
      return route;
    }

    private List<Message> messages(int root) {
      int n = list.size();
      List<Message> out = new ArrayList<>(n);
      for (int i = 0; i < n; i++) {
        String id = list.id(i);
        int from = list.hasFrom(i) ? list.from(i, file) : root;
        int to = list.hasTo(i) ? list.to(i, file) : root;
        long length = list.length(i, file);
        List<Integer> route = list.route(i, file);
        try {
          out.add(new Message(id, from, to, length, route));
        } catch (ModelException e) {
          String p = "/messages/" + i;
          String sub =
              e.getMessage().contains("length")
                  ? "/length"
                  : e.getMessage().contains("id") ? "/id" : "";
          throw new InstanceFormatException(
              file, p + (e.pointer().isEmpty() ? sub : e.pointer()), e.getMessage(), e);
        }
      }
      return out;
    }
  }

  /**
   * The message list of a file as the builder reads it, field by field in file order, so that a bad
   * value is reported at the same place whichever way the list was read. The accessors taking the
   * file name may throw an {@link InstanceFormatException} naming the value's JSON pointer.
   */
  interface MessageSource {
    int size();

    String id(int i);

    boolean hasFrom(int i);

    int from(int i, String file);

    boolean hasTo(int i);

    int to(int i, String file);

    long length(int i, String file);

    /** The explicit route, or null. */
    List<Integer> route(int i, String file);
  }

  /** The messages of a document tree (the full check's path). */
  private static final class TreeMessages implements MessageSource {
    private final JsonNode list;

    TreeMessages(JsonNode list) {
      this.list = list;
    }

    @Override
    public int size() {
      return list.size();
    }

    @Override
    public String id(int i) {
      return list.get(i).get("id").stringValue();
    }

    @Override
    public boolean hasFrom(int i) {
      return list.get(i).has("from");
    }

    @Override
    public int from(int i, String file) {
      return Json.toInt(list.get(i).get("from"), file, "/messages/" + i + "/from");
    }

    @Override
    public boolean hasTo(int i) {
      return list.get(i).has("to");
    }

    @Override
    public int to(int i, String file) {
      return Json.toInt(list.get(i).get("to"), file, "/messages/" + i + "/to");
    }

    @Override
    public long length(int i, String file) {
      return Json.toLong(list.get(i).get("length"), file, "/messages/" + i + "/length");
    }

    @Override
    public List<Integer> route(int i, String file) {
      JsonNode r = list.get(i).get("route");
      if (r == null) {
        return null;
      }
      List<Integer> route = new ArrayList<>(r.size());
      for (int k = 0; k < r.size(); k++) {
        route.add(Json.toInt(r.get(k), file, "/messages/" + i + "/route/" + k));
      }
      return route;
    }
  }

  /**
   * The messages as the streaming parser stores them: one column per field, each message checked
   * against the schema's {@code message} definition as it is read.
   */
  static final class Columns implements MessageSource {
    static final Columns EMPTY = new Columns();
    private static final int FROM = 1;
    private static final int TO = 2;
    private static final int ID = 4;
    private static final int LENGTH = 8;
    private static final int ROUTE = 16;

    private int n;
    private String[] ids = new String[16];
    private int[] from = new int[16];
    private int[] to = new int[16];
    private long[] length = new long[16];
    private byte[] has = new byte[16];
    private int[][] routes; // null until a message has an explicit route

    /**
     * Reads the value of {@code "messages"}: an array of messages, each valid by the message
     * schema.
     */
    static Columns read(JsonParser p) {
      Columns c = new Columns();
      Streaming.objects(p, c::readOne);
      return c;
    }

    private void readOne(JsonParser p) {
      if (n == ids.length) {
        int m = Math.max(16, n + (n >> 1));
        ids = Arrays.copyOf(ids, m);
        from = Arrays.copyOf(from, m);
        to = Arrays.copyOf(to, m);
        length = Arrays.copyOf(length, m);
        has = Arrays.copyOf(has, m);
        if (routes != null) {
          routes = Arrays.copyOf(routes, m);
        }
      }
      int i = n;
      int seen =
          0; // the fields read so far: a repeated one gives up (the full check names the duplicate
      // key)
      while (true) {
        JsonToken t = p.nextToken();
        if (t == JsonToken.END_OBJECT) {
          break;
        }
        int field;
        switch (p.currentName()) {
          case "id":
            field = ID;
            ids[i] = Streaming.nonEmptyString(p);
            break;
          case "from":
            field = FROM;
            from[i] = Streaming.natInt(p);
            break;
          case "to":
            field = TO;
            to[i] = Streaming.natInt(p);
            break;
          case "length":
            field = LENGTH;
            length[i] = Streaming.natLong(p, 0);
            break;
          case "route":
            field = ROUTE;
            if (routes == null) {
              routes = new int[ids.length][];
            }
            routes[i] = Streaming.nodeList(p);
            break;
          default:
            throw Streaming.giveUp();
        }
        if ((seen & field) != 0) {
          throw Streaming.giveUp();
        }
        seen |= field;
      }
      if ((seen & (ID | LENGTH)) != (ID | LENGTH)) {
        throw Streaming.giveUp();
      }
      has[i] = (byte) (seen & (FROM | TO));
      n++;
    }

    /**
     * True if every message has the ends the problem requires (schema: chatting and dsa both, ...).
     */
    boolean hasEnds(ProblemKind kind) {
      int need;
      switch (kind) {
        case CHATTING:
        case DSA:
          need = FROM | TO;
          break;
        case SCATTER:
          need = TO;
          break;
        case GATHER:
          need = FROM;
          break;
        default:
          return false; // the schema forbids messages for the other kinds
      }
      for (int i = 0; i < n; i++) {
        if ((has[i] & need) != need) {
          return false;
        }
      }
      return true;
    }

    @Override
    public int size() {
      return n;
    }

    @Override
    public String id(int i) {
      return ids[i];
    }

    @Override
    public boolean hasFrom(int i) {
      return (has[i] & FROM) != 0;
    }

    @Override
    public int from(int i, String file) {
      return from[i];
    }

    @Override
    public boolean hasTo(int i) {
      return (has[i] & TO) != 0;
    }

    @Override
    public int to(int i, String file) {
      return to[i];
    }

    @Override
    public long length(int i, String file) {
      return length[i];
    }

    @Override
    public List<Integer> route(int i, String file) {
      if (routes == null || routes[i] == null) {
        return null;
      }
      List<Integer> route = new ArrayList<>(routes[i].length);
      for (int v : routes[i]) {
        route.add(v);
      }
      return route;
    }
  }
}
