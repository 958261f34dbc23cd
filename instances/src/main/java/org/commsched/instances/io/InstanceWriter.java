package org.commsched.instances.io;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Topology;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Writes instance files ({@code commsched-instance/1}) in the field order of FORMATS.md: {@code format},
 * {@code name}, {@code description} (if given), {@code problem}, {@code model}, {@code network}, then the
 * problem's fields ({@code root}, {@code source}, {@code target}, {@code length}, {@code route}) and last the
 * {@code messages}, one per line. Output is stable: the same instance always gives the same text, and
 * {@link InstanceReader#parse} of it gives the same instance back.
 *
 * <p>Messages are written with both {@code from} and {@code to}, also for scatter and gather (where the file
 * format lets one of them default to the root), so scripts need not know that rule. A store-and-forward model
 * carries {@code oneport} whenever {@code ports} is {@code one}, and also under all ports when the rule differs
 * from the problem's default (so that reading the file back gives the same value).
 */
public final class InstanceWriter {
  private InstanceWriter() {
  }

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

  /** The file's fields; the message list is a placeholder whose content {@code bulks} gives. */
  static ObjectNode tree(Instance instance, String description, Map<String, Json.Bulk> bulks) {
    ObjectNode o = Json.object();
    o.put("format", InstanceReader.FORMAT);
    o.put("name", instance.name());
    if (description != null) {
      o.put("description", description);
    }
    Problem p = instance.problem();
    o.put("problem", p.kind().wireName());
    o.set("model", model(instance.model(), p));
    o.set("network", network(instance.network().topology()));
    if (!instance.network().labels().isEmpty()) {
      ArrayNode ls = ((ObjectNode) o.get("network")).putArray("labels");
      instance.network().labels().forEach(ls::add);
    }
    if (p instanceof Problem.Chatting) {
      messages(o, bulks, ((Problem.Chatting) p).messages());
    } else if (p instanceof Problem.Dsa) {
      messages(o, bulks, ((Problem.Dsa) p).messages());
    } else if (p instanceof Problem.Scatter) {
      Problem.Scatter s = (Problem.Scatter) p;
      o.put("root", s.root());
      messages(o, bulks, s.messages());
    } else if (p instanceof Problem.Gather) {
      Problem.Gather g = (Problem.Gather) p;
      o.put("root", g.root());
      messages(o, bulks, g.messages());
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
    if (s.ports() == CommModel.Ports.ONE || s.onePort() != CommModel.OnePortRule.defaultFor(p.kind())) {
      m.put("oneport", s.onePort().wireName());
    }
    return m;
  }

  static JsonNode network(Topology t) {
    ObjectNode n = Json.object();
    if (t instanceof Topology.Explicit) {
      Topology.Explicit e = (Topology.Explicit) t;
      n.put("nodes", e.nodes());
      ArrayNode list = n.putArray(e.links() ? "links" : "arcs");
      for (Topology.Pair pair : e.pairs()) {
        list.addArray().add(pair.u()).add(pair.v());
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

  private static void messages(ObjectNode o, Map<String, Json.Bulk> bulks, List<Message> messages) {
    o.putNull("messages");
    bulks.put("messages", Json.Bulk.array(messages.size(), i -> {
      Message m = messages.get(i);
      ObjectNode x = Json.object();
      x.put("id", m.id());
      x.put("from", m.from());
      x.put("to", m.to());
      x.put("length", m.length());
      if (m.route() != null) {
        x.set("route", ints(m.route()));
      }
      return x;
    }));
  }

  private static ArrayNode ints(List<Integer> values) {
    ArrayNode a = Json.NODES.arrayNode(values.size());
    for (int v : values) {
      a.add(v);
    }
    return a;
  }
}
