package org.commsched.instances.io;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.ModelException;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.model.Topology;
import tools.jackson.databind.JsonNode;

/**
 * Reads instance files ({@code commsched-instance/1} JSON, see FORMATS.md and docs/DESIGN.md) and DSA CSV files.
 *
 * <p>Every file is checked in three stages, and the first problem found is reported as one
 * {@link InstanceFormatException} line naming the file, the place and the fix:
 * <ol>
 *   <li>syntax: strict JSON (duplicate keys, trailing content, truncation are errors), with line and column;</li>
 *   <li>the JSON Schema {@code schemas/instance.schema.json} (types, required and unknown fields, enums);</li>
 *   <li>the model's own rules (node ranges, routes along arcs, unique ids, lengths, model fits the problem),
 *       checked by the core constructors and mapped to the JSON pointer they name.</li>
 * </ol>
 *
 * <p>Defaults applied on reading: a scatter message without {@code from} starts at the root, a gather message
 * without {@code to} ends there; a store-and-forward model without {@code oneport} takes the problem's default
 * rule ({@link CommModel.OnePortRule#defaultFor}). The optional {@code description} is accepted and not kept
 * (use {@link #description(Path)} to read it).
 */
public final class InstanceReader {
  /** The format tag of instance files. */
  public static final String FORMAT = "commsched-instance/1";

  private static final String WHAT = "an instance file";

  /** The node limit of the named families (core's), applied to explicit networks too. */
  static final int MAX_EXPLICIT_NODES = 50_000_000;

  private InstanceReader() {
  }

  /**
   * Reads an instance file: {@code .csv} files as DSA buffers ({@link DsaCsv#read(Path)}), anything else as an
   * instance JSON file.
   *
   * @throws InstanceFormatException on any bad input (and only then)
   */
  public static Instance read(Path file) {
    if (Inputs.extension(file).equals("csv") && !java.nio.file.Files.isDirectory(file)) {
      return DsaCsv.read(file);
    }
    String text = Inputs.readText(file, WHAT);
    return parse(text, file.toString());
  }

  /**
   * Parses instance JSON.
   *
   * @param json the file content
   * @param fileName the name to use in error messages
   * @throws InstanceFormatException on any bad input
   */
  public static Instance parse(String json, String fileName) {
    JsonNode doc = Json.parse(json, fileName, WHAT);
    Json.requireFormat(doc, FORMAT, ScheduleReader.FORMAT, fileName, WHAT);
    Schemas.instance().validate(doc, fileName);
    return new Builder(doc, fileName).build();
  }

  /** The optional {@code description} of an instance file, or null. */
  public static String description(Path file) {
    JsonNode doc = Json.parse(Inputs.readText(file, WHAT), file.toString(), WHAT);
    JsonNode d = doc.get("description");
    return d != null && d.isString() ? d.stringValue() : null;
  }

  /** Turns a schema-valid document into core objects, mapping every rule violation to its JSON pointer. */
  private static final class Builder {
    private final JsonNode doc;
    private final String file;
    private ProblemKind kind;

    Builder(JsonNode doc, String file) {
      this.doc = doc;
      this.file = file;
    }

    Instance build() {
      kind = ProblemKind.fromWire(doc.get("problem").stringValue());
      try {
        String name = doc.get("name").stringValue();
        CommModel model = model(doc.get("model"));
        Topology topology = topology(doc.get("network"));
        Network network = Network.of(topology);
        Problem problem = problem();
        return new Instance(name, problem, model, network);
      } catch (ModelException e) {
        throw new InstanceFormatException(file, pointer(e.pointer()), e.getMessage(), e);
      } catch (ArithmeticException e) {
        throw new InstanceFormatException(file, "", "a number is too large: " + e.getMessage()
            + "; use smaller values", e);
      } catch (IllegalArgumentException e) {
        throw new InstanceFormatException(file, "", InstanceFormatException.singleLine(e.getMessage())
            + "; fix the instance", e);
      } catch (OutOfMemoryError e) {
        throw new InstanceFormatException(file, "/network", "the network or message list is too large to hold in "
            + "memory; use a smaller instance or raise the Java heap (-Xmx)");
      }
    }

    /** Send problems route their one message "m0" with an empty pointer prefix; point at the top-level fields. */
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
        return new CommModel.Bufferless(ports.equals("all") ? CommModel.BufferlessPorts.ALL
            : CommModel.BufferlessPorts.SINGLE);
      }
      BigDecimal beta = new BigDecimal(m.get("beta").stringValue());
      BigDecimal tau = new BigDecimal(m.get("tau").stringValue());
      CommModel.Ports ports = m.get("ports").stringValue().equals("one") ? CommModel.Ports.ONE : CommModel.Ports.ALL;
      CommModel.Duplex duplex = m.get("duplex").stringValue().equals("full") ? CommModel.Duplex.FULL
          : CommModel.Duplex.HALF;
      JsonNode op = m.get("oneport");
      CommModel.OnePortRule rule = op == null ? CommModel.OnePortRule.defaultFor(kind)
          : CommModel.OnePortRule.fromWire(op.stringValue());
      return new CommModel.StoreAndForward(beta, tau, ports, duplex, rule);
    }

    private Topology topology(JsonNode n) {
      JsonNode family = n.get("family");
      if (family == null) {
        int nodes = Json.toInt(n.get("nodes"), file, "/network/nodes");
        if (nodes > MAX_EXPLICIT_NODES) {
          throw new InstanceFormatException(file, "/network/nodes", "an explicit network of " + nodes
              + " nodes is too large (at most " + MAX_EXPLICIT_NODES + ")");
        }
        boolean links = n.has("links");
        String key = links ? "links" : "arcs";
        JsonNode list = n.get(key);
        List<Topology.Pair> pairs = new ArrayList<>(list.size());
        for (int i = 0; i < list.size(); i++) {
          String p = "/network/" + key + "/" + i;
          pairs.add(new Topology.Pair(Json.toInt(list.get(i).get(0), file, p + "/0"),
              Json.toInt(list.get(i).get(1), file, p + "/1")));
        }
        return new Topology.Explicit(nodes, pairs, links);
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
        case "tree": {
          JsonNode ps = n.get("parents");
          List<Integer> parents = new ArrayList<>(ps.size());
          for (int i = 0; i < ps.size(); i++) {
            JsonNode p = ps.get(i);
            parents.add(p.isNull() ? -1 : Json.toInt(p, file, "/network/parents/" + i));
          }
          return new Topology.Tree(parents);
        }
        default:
          throw new InstanceFormatException(file, "/network/family", "unknown network family \""
              + family.stringValue() + "\"; see docs/DESIGN.md for the families");
      }
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
        case SCATTER: {
          int root = node("/root");
          return new Problem.Scatter(root, messages(root));
        }
        case GATHER: {
          int root = node("/root");
          return new Problem.Gather(root, messages(root));
        }
        case BROADCAST:
          return new Problem.Broadcast(node("/source"), length("/length"));
        case GOSSIP:
          return new Problem.Gossip(length("/length"));
        case SEND:
          return new Problem.Send(node("/source"), node("/target"), length("/length"), route(doc.get("route"),
              "/route"));
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
      JsonNode list = doc.get("messages");
      List<Message> out = new ArrayList<>(list.size());
      for (int i = 0; i < list.size(); i++) {
        JsonNode m = list.get(i);
        String p = "/messages/" + i;
        String id = m.get("id").stringValue();
        int from = m.has("from") ? Json.toInt(m.get("from"), file, p + "/from") : root;
        int to = m.has("to") ? Json.toInt(m.get("to"), file, p + "/to") : root;
        long length = Json.toLong(m.get("length"), file, p + "/length");
        List<Integer> route = route(m.get("route"), p + "/route");
        try {
          out.add(new Message(id, from, to, length, route));
        } catch (ModelException e) {
          String sub = e.getMessage().contains("length") ? "/length" : e.getMessage().contains("id") ? "/id" : "";
          throw new InstanceFormatException(file, p + (e.pointer().isEmpty() ? sub : e.pointer()), e.getMessage(), e);
        }
      }
      return out;
    }
  }
}
