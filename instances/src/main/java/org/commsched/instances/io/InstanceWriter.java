package org.commsched.instances.io;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Topology;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Writes instance files ({@code commsched-instance/1}) in the field order of FORMATS.md: {@code
 * format}, {@code name}, {@code description} (if given), {@code problem}, {@code model}, {@code
 * network}, then the problem's fields ({@code root}, {@code source}, {@code target}, {@code
 * length}, {@code route}) and last the {@code messages}, one per line. Output is stable: the same
 * instance always gives the same text, and {@link InstanceReader#parse} of it gives the same
 * instance back.
 *
 * <p>Messages are written with both {@code from} and {@code to}, also for scatter and gather (where
 * the file format lets one of them default to the root), so scripts need not know that rule. A
 * store-and-forward model carries {@code oneport} whenever {@code ports} is {@code one}, and also
 * under all ports when the rule differs from the problem's default (so that reading the file back
 * gives the same value).
 */
public final class InstanceWriter {
  private InstanceWriter() {}

  /** The instance as JSON text (ending with a newline). */
  public static String toJson(Instance instance) {
    return toJson(instance, null);
  }

  /** The instance as JSON text with a {@code description} field (omitted when null). */
  public static String toJson(Instance instance, String description) {
    StringWriter w = new StringWriter();
    try {
      writeTo(w, instance, description);
    } catch (IOException e) {
      throw new UncheckedIOException(e); // a StringWriter does not fail
    }
    return w.toString();
  }

  /** Writes the instance file atomically (temporary file + rename), streaming the messages. */
  public static void write(Instance instance, Path file) {
    write(instance, null, file);
  }

  /** Writes the instance file with a description, atomically, streaming the messages. */
  public static void write(Instance instance, String description, Path file) {
    AtomicFiles.writeText(file, w -> writeTo(w, instance, description));
  }

  private static void writeTo(Writer w, Instance instance, String description) throws IOException {
    Map<String, Json.Bulk> bulks = new HashMap<>();
    ObjectNode top = tree(instance, description, bulks);
    Json.prettyTo(w, top, bulks);
  }

  /**
   * An instance whose messages are produced one at a time while it is written (a generator's
   * output, docs/ FORMATS.md#generate): everything but the message list, how many messages there
   * are, and the source that gives them in file order. Written by {@link #write(Streamed, Writer)},
   * it is the text {@link #toJson(Instance)} gives for the same instance, without ever holding the
   * list.
   *
   * @param name instance name
   * @param head the problem; the message list of a chatting, scatter, gather or dsa head is not
   *     used (give it empty)
   * @param model the communication model
   * @param topology the network
   * @param labels the network's node labels, empty for none
   * @param count how many messages {@code messages} gives (0 for broadcast, gossip and send)
   * @param messages gives message 0, 1, ... on successive calls; called exactly {@code count}
   *     times, in order
   */
  public record Streamed(
      String name,
      Problem head,
      CommModel model,
      Topology topology,
      List<String> labels,
      int count,
      Supplier<Message> messages) {}

  /**
   * Writes a streamed instance as JSON text (ending with a newline); the writer is flushed, not
   * closed.
   */
  public static void write(Streamed s, Writer w) throws IOException {
    Map<String, Json.Bulk> bulks = new HashMap<>();
    ObjectNode top =
        tree(
            s.name(),
            null,
            s.head(),
            s.model(),
            s.topology(),
            s.labels(),
            bulks,
            new Messages(
                s.count(),
                new java.util.function.IntFunction<>() {
                  private int next;

                  @Override
                  public Message apply(int i) {
                    if (i != next++) {
                      throw new IllegalStateException(
                          "messages are drawn in order: asked for " + i + " after " + (next - 2));
                    }
                    return s.messages().get();
                  }
                }));
    Json.prettyTo(w, top, bulks);
    w.flush();
  }

  /**
   * Writes a streamed instance file atomically (temporary file + rename); see {@link
   * #write(Streamed, Writer)}.
   */
  public static void write(Streamed s, Path file) {
    AtomicFiles.writeText(file, w -> write(s, w));
  }

  /** The file's fields; the message list is a placeholder whose content {@code bulks} gives. */
  static ObjectNode tree(Instance instance, String description, Map<String, Json.Bulk> bulks) {
    return tree(
        instance.name(),
        description,
        instance.problem(),
        instance.model(),
        instance.network().topology(),
        instance.network().labels(),
        bulks,
        null);
  }

  /**
   * As {@link #tree(Instance, String, Map)} from parts; {@code messages} null for the problem's own
   * list.
   */
  private static ObjectNode tree(
      String name,
      String description,
      Problem p,
      CommModel model,
      Topology topology,
      List<String> labels,
      Map<String, Json.Bulk> bulks,
      Json.Bulk messages) {
    ObjectNode o = Json.object();
    o.put("format", InstanceReader.FORMAT);
    o.put("name", name);
    if (description != null) {
      o.put("description", description);
    }
    o.put("problem", p.kind().wireName());
    o.set("model", model(model, p));
    o.set("network", network(topology));
    if (!labels.isEmpty()) {
      ArrayNode ls = ((ObjectNode) o.get("network")).putArray("labels");
      labels.forEach(ls::add);
    }
    if (p instanceof Problem.Chatting) {
      messages(o, bulks, ((Problem.Chatting) p).messages(), messages);
    } else if (p instanceof Problem.Dsa) {
      messages(o, bulks, ((Problem.Dsa) p).messages(), messages);
    } else if (p instanceof Problem.Scatter) {
      Problem.Scatter s = (Problem.Scatter) p;
      o.put("root", s.root());
      messages(o, bulks, s.messages(), messages);
    } else if (p instanceof Problem.Gather) {
      Problem.Gather g = (Problem.Gather) p;
      o.put("root", g.root());
      messages(o, bulks, g.messages(), messages);
    } else if (p instanceof Problem.Broadcast) {
      Problem.Broadcast b = (Problem.Broadcast) p;
      o.put("source", b.source());
      o.put("length", b.length());
    } else if (p instanceof Problem.Gossip) {
      o.put("length", ((Problem.Gossip) p).length());
    } else if (p instanceof Problem.Send) {
      Problem.Send s = (Problem.Send) p;
      o.put("source", s.source());
      o.put("target", s.target());
      o.put("length", s.length());
      if (s.route() != null) {
        o.set("route", ints(s.route()));
      }
    } else {
      throw new IllegalStateException("unhandled problem " + p);
    }
    return o;
  }

  static JsonNode model(CommModel model, Problem p) {
    ObjectNode m = Json.object();
    if (model instanceof CommModel.Bufferless) {
      m.put("kind", "bufferless");
      m.put("ports", ((CommModel.Bufferless) model).ports().wireName());
      return m;
    }
    CommModel.StoreAndForward s = (CommModel.StoreAndForward) model;
    m.put("kind", "store-and-forward");
    m.put("beta", s.beta().toPlainString());
    m.put("tau", s.tau().toPlainString());
    m.put("ports", s.ports().wireName());
    m.put("duplex", s.duplex().wireName());
    if (s.ports() == CommModel.Ports.ONE
        || s.onePort() != CommModel.OnePortRule.defaultFor(p.kind())) {
      m.put("oneport", s.onePort().wireName());
    }
    return m;
  }

  /**
   * The {@code network} object of an instance file for a topology (as the reader takes it back).
   */
  public static JsonNode network(Topology t) {
    ObjectNode n = Json.object();
    if (t instanceof Topology.Explicit) {
      Topology.Explicit e = (Topology.Explicit) t;
      n.put("nodes", e.nodes());
      ArrayNode list = n.putArray(e.links() ? "links" : "arcs");
      for (int i = 0; i < e.pairs().size(); i++) {
        Topology.Pair pair = e.pairs().get(i);
        Topology.Channel c = e.channels().isEmpty() ? Topology.Channel.PLAIN : e.channels().get(i);
        if (c.plain()) {
          list.addArray().add(pair.u()).add(pair.v());
          continue;
        }
        ObjectNode o = list.addObject(); // docs/FORMATS.md#links-with-channels-and-costs
        o.putArray("between").add(pair.u()).add(pair.v());
        if (c.count() != 1) {
          o.put("count", c.count());
        }
        if (c.beta() != null) {
          o.put("beta", c.beta().toPlainString());
        }
        if (c.tau() != null) {
          o.put("tau", c.tau().toPlainString());
        }
      }
      return n;
    }
    n.put("family", t.family());
    if (t instanceof Topology.Ula) {
      n.put("nodes", ((Topology.Ula) t).nodes());
    } else if (t instanceof Topology.Bla) {
      n.put("nodes", ((Topology.Bla) t).nodes());
    } else if (t instanceof Topology.URing) {
      n.put("nodes", ((Topology.URing) t).nodes());
    } else if (t instanceof Topology.Ring) {
      n.put("nodes", ((Topology.Ring) t).nodes());
    } else if (t instanceof Topology.Star) {
      n.put("nodes", ((Topology.Star) t).nodes());
    } else if (t instanceof Topology.Complete) {
      n.put("nodes", ((Topology.Complete) t).nodes());
    } else if (t instanceof Topology.Esm) {
      n.put("rows", ((Topology.Esm) t).rows());
      n.put("cols", ((Topology.Esm) t).cols());
    } else if (t instanceof Topology.Mesh) {
      n.put("rows", ((Topology.Mesh) t).rows());
      n.put("cols", ((Topology.Mesh) t).cols());
    } else if (t instanceof Topology.Torus) {
      n.put("rows", ((Topology.Torus) t).rows());
      n.put("cols", ((Topology.Torus) t).cols());
    } else if (t instanceof Topology.Hypercube) {
      n.put("dimension", ((Topology.Hypercube) t).dimension());
    } else if (t instanceof Topology.FoldedHypercube) {
      n.put("dimension", ((Topology.FoldedHypercube) t).dimension());
    } else if (t instanceof Topology.Tree) {
      ArrayNode ps = n.putArray("parents");
      for (int p : ((Topology.Tree) t).parents()) {
        if (p < 0) {
          ps.addNull();
        } else {
          ps.add(p);
        }
      }
    } else {
      throw new IllegalStateException("unhandled topology " + t);
    }
    return n;
  }

  private static void messages(
      ObjectNode o, Map<String, Json.Bulk> bulks, List<Message> list, Json.Bulk given) {
    o.putNull("messages");
    bulks.put("messages", given != null ? given : new Messages(list.size(), list::get));
  }

  /**
   * The message list as a bulk array: each message asked for once (a streamed source draws it
   * then), printed straight into the line when it has no route, else through its tree.
   */
  private static final class Messages implements Json.Bulk {
    private final int size;
    private final java.util.function.IntFunction<Message> source;
    private int index = -1;
    private Message current;

    Messages(int size, java.util.function.IntFunction<Message> source) {
      this.size = size;
      this.source = source;
    }

    private Message get(int i) {
      if (i != index) {
        current = source.apply(i);
        index = i;
      }
      return current;
    }

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
      return message(get(i));
    }

    @Override
    public boolean appendCompact(int i, StringBuilder sb) {
      Message m = get(i);
      if (m.route() != null) {
        return false;
      }
      Json.quoteTo(m.id(), sb.append("{ \"id\": "))
          .append(", \"from\": ")
          .append(m.from())
          .append(", \"to\": ")
          .append(m.to())
          .append(", \"length\": ")
          .append(m.length())
          .append(" }");
      return true;
    }
  }

  static ObjectNode message(Message m) {
    ObjectNode x = Json.object();
    x.put("id", m.id());
    x.put("from", m.from());
    x.put("to", m.to());
    x.put("length", m.length());
    if (m.route() != null) {
      x.set("route", ints(m.route()));
    }
    return x;
  }

  private static ArrayNode ints(List<Integer> values) {
    ArrayNode a = Json.NODES.arrayNode(values.size());
    for (int v : values) {
      a.add(v);
    }
    return a;
  }
}
