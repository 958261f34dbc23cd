package org.commsched.instances.io;

import java.io.StringReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.commsched.core.model.ModelException;
import org.commsched.core.model.Topology;
import org.jgrapht.Graph;
import org.jgrapht.alg.connectivity.ConnectivityInspector;
import org.jgrapht.graph.DefaultEdge;
import org.jgrapht.graph.builder.GraphTypeBuilder;
import org.jgrapht.nio.GraphImporter;
import org.jgrapht.nio.dot.DOTImporter;
import org.jgrapht.nio.graphml.GraphMLImporter;
import org.jgrapht.util.SupplierUtil;

/**
 * Imports a network drawn in another tool: GraphML ({@code .graphml}) or Graphviz DOT ({@code
 * .dot}, {@code .gv}), read with JGraphT's importers, as an explicit {@link Topology.Explicit}.
 *
 * <ul>
 *   <li>A directed graph ({@code digraph} in DOT, {@code edgedefault="directed"} in GraphML, also
 *       GraphML's default) gives {@code arcs}; an undirected one ({@code graph}, {@code
 *       edgedefault="undirected"}) gives {@code links}, each link standing for two opposing arcs.
 *   <li>Node ids: the file's node ids are mapped to {@code 0..n-1} in the order they first appear
 *       in the file (a node statement or an edge endpoint, whichever comes first); {@link
 *       #readWithIds(Path)} returns that mapping ({@code ids().get(k)} is the file id of node k).
 *   <li>Edges keep file order. A self-loop or a repeated edge (in an undirected graph, u-v and v-u
 *       are the same link) is bad input: our networks have at most one arc per ordered pair.
 * </ul>
 */
public final class TopologyImport {
  private static final Pattern DOT_HEADER =
      Pattern.compile("^\\s*(strict\\s+)?(digraph|graph)\\b", Pattern.CASE_INSENSITIVE);
  private static final Pattern GRAPHML_EDGEDEFAULT =
      Pattern.compile("<graph\\b[^>]*\\bedgedefault\\s*=\\s*[\"'](directed|undirected)[\"']");

  private TopologyImport() {}

  /**
   * An imported network with the file's node ids.
   *
   * @param topology the network, nodes {@code 0..n-1}
   * @param ids entry k is the file's id of node k
   * @implNote Immutable.
   */
  public record Imported(
      Topology.Explicit topology, List<String> ids, Set<String> ignoredEdgeAttributes) {
    public Imported {
      ids = List.copyOf(ids);
      ignoredEdgeAttributes = Set.copyOf(ignoredEdgeAttributes);
    }
  }

  /**
   * Reads a GraphML or DOT file, chosen by its extension.
   *
   * @throws InstanceFormatException if the file is unreadable, of an unknown kind, invalid, or has
   *     a self-loop or a repeated edge
   */
  public static Topology.Explicit read(Path file) {
    return readWithIds(file).topology();
  }

  /** As {@link #read(Path)}, also returning the file's node ids in node order. */
  public static Imported readWithIds(Path file) {
    String name = file.toString();
    String ext = Inputs.extension(file);
    boolean dot = ext.equals("dot") || ext.equals("gv");
    if (!dot && !ext.equals("graphml")) {
      throw new InstanceFormatException(
          name,
          "",
          "unknown network file type \"."
              + ext
              + "\"; use .graphml (GraphML) or .dot / .gv (Graphviz DOT)");
    }
    String text = Inputs.readText(file, dot ? "a DOT graph" : "a GraphML graph");
    if (dot) {
      requireShallowDot(text, name);
    } else {
      SafeXml.check(
          text,
          name,
          "a GraphML graph"); // JGraphT's importer makes its own parser: it sees no DOCTYPE
    }
    boolean directed = dot ? dotDirected(text, name) : graphmlDirected(text);

    Graph<Integer, DefaultEdge> g =
        (directed
                ? GraphTypeBuilder.<Integer, DefaultEdge>directed()
                : GraphTypeBuilder.<Integer, DefaultEdge>undirected())
            .allowingMultipleEdges(true)
            .allowingSelfLoops(true)
            .edgeSupplier(SupplierUtil.createDefaultEdgeSupplier())
            .buildGraph();
    Map<String, Integer> ids = new LinkedHashMap<>();
    GraphImporter<Integer, DefaultEdge> importer;
    Set<String> edgeAttributes =
        new java.util.TreeSet<>(); // the models have no per-link data: read, reported
    if (dot) {
      DOTImporter<Integer, DefaultEdge> d = new DOTImporter<>();
      d.setVertexFactory(id -> ids.computeIfAbsent(id, k -> ids.size()));
      d.addEdgeAttributeConsumer((edge, attribute) -> edgeAttributes.add(edge.getSecond()));
      importer = d;
    } else {
      GraphMLImporter<Integer, DefaultEdge> m = new GraphMLImporter<>();
      m.setSchemaValidation(false);
      m.setVertexFactory(id -> ids.computeIfAbsent(id, k -> ids.size()));
      m.addEdgeAttributeConsumer((edge, attribute) -> edgeAttributes.add(edge.getSecond()));
      importer = m;
    }
    try {
      importer.importGraph(g, new StringReader(text));
    } catch (RuntimeException e) {
      throw importFailure(e, name, dot);
    }
    List<String> names = new ArrayList<>(ids.keySet());
    // vertices the importer created without our factory (should not happen) get their own ids
    for (Integer v : g.vertexSet()) {
      if (v == null || v < 0 || v >= names.size()) {
        throw new InstanceFormatException(
            name, "", "the graph has a node without an id; give every node an id");
      }
    }
    List<Topology.Pair> pairs = new ArrayList<>(g.edgeSet().size());
    Set<Long> seen = new HashSet<>();
    long n = names.size();
    for (DefaultEdge e : g.edgeSet()) {
      int u = g.getEdgeSource(e);
      int v = g.getEdgeTarget(e);
      String label = names.get(u) + (directed ? " -> " : " -- ") + names.get(v);
      if (u == v) {
        throw new InstanceFormatException(
            name,
            "edge " + label,
            "self-loop: an arc must join two different " + "nodes; remove it");
      }
      long key = directed ? u * n + v : Math.min(u, v) * n + Math.max(u, v);
      if (!seen.add(key)) {
        throw new InstanceFormatException(
            name,
            "edge " + label,
            "repeated edge: a network has at most one "
                + (directed ? "arc per ordered pair" : "link per pair")
                + "; remove the copy");
      }
      pairs.add(new Topology.Pair(u, v));
    }
    List<Set<Integer>> parts = new ConnectivityInspector<>(g).connectedSets();
    if (parts.size() > 1) {
      StringBuilder shown = new StringBuilder();
      for (int k = 0; k < Math.min(2, parts.size()); k++) {
        List<String> some = parts.get(k).stream().sorted().limit(4).map(names::get).toList();
        shown
            .append(k == 0 ? "" : " and ")
            .append("{")
            .append(String.join(", ", some))
            .append(parts.get(k).size() > 4 ? ", ..." : "")
            .append("}");
      }
      throw new InstanceFormatException(
          name,
          "",
          "the network is not connected: it falls into "
              + parts.size()
              + " parts, e.g. "
              + shown
              + "; join them, or draw each part in its own file");
    }
    try {
      edgeAttributes.remove("id");
      return new Imported(
          new Topology.Explicit(names.size(), pairs, !directed), names, edgeAttributes);
    } catch (ModelException e) {
      throw new InstanceFormatException(name, "", e.getMessage(), e);
    }
  }

  /**
   * The one-line refusal for an importer's failure: a syntax error of the file with its line and
   * column where the parser gives them; an importer's own failure on a structure it did not expect
   * (a null pointer, a bad cast, ...) without its text, which is about the importer's code and not
   * the file.
   */
  private static InstanceFormatException importFailure(
      RuntimeException e, String name, boolean dot) {
    String format = dot ? "DOT" : "GraphML";
    StringBuilder detail = new StringBuilder();
    for (Throwable c = e; c != null; c = c.getCause()) {
      if (c instanceof org.xml.sax.SAXParseException x) {
        return new InstanceFormatException(
            name,
            "line " + x.getLineNumber() + ", column " + x.getColumnNumber(),
            "cannot read the GraphML graph: "
                + InstanceFormatException.singleLine(x.getMessage())
                + "; fix the file",
            e);
      }
      boolean grammar =
          c.getClass().getName().startsWith("org.antlr."); // the DOT parser's syntax errors
      if (!grammar
          && (c instanceof NullPointerException
              || c instanceof ClassCastException
              || c instanceof IndexOutOfBoundsException
              || c instanceof IllegalStateException
              || c instanceof UnsupportedOperationException
              || c instanceof ArithmeticException)) {
        return new InstanceFormatException(
            name,
            "",
            "cannot read the "
                + format
                + " graph: its structure is not one "
                + "the importer understands ("
                + c.getClass().getSimpleName()
                + "); "
                + (dot
                    ? "check the file against " + "the DOT grammar"
                    : "nest <key>, <graph>, <node>, <edge> and <data> as the GraphML primer does, a "
                        + "<data> inside a <node>, <edge> or <graph> and holding only text"),
            e);
      }
      String m = c.getMessage();
      if (m != null && !m.isBlank() && detail.indexOf(m) < 0) {
        detail.append(detail.length() == 0 ? "" : ": ").append(m);
      }
    }
    return new InstanceFormatException(
        name,
        "",
        "cannot read the "
            + format
            + " graph: "
            + InstanceFormatException.singleLine(detail.toString())
            + "; fix the file",
        e);
  }

  /**
   * The deepest nesting of braces a DOT file may have: its parser (ANTLR, recursive) takes time
   * growing faster than the depth and overflows the stack at a few thousand; drawings nest
   * subgraphs a few levels.
   */
  static final int MAX_DOT_DEPTH = 64;

  /**
   * Refuses a DOT file whose braces nest deeper than {@link #MAX_DOT_DEPTH}, before the parser sees
   * it. Braces inside quoted strings, HTML strings ({@code <...>}) and comments do not count.
   */
  private static void requireShallowDot(String text, String name) {
    int depth = 0;
    int line = 1;
    int n = text.length();
    for (int i = 0; i < n; i++) {
      char c = text.charAt(i);
      if (c == '\n') {
        line++;
      } else if (c == '"') { // a quoted string, with \" escapes
        for (i++; i < n && text.charAt(i) != '"'; i++) {
          if (text.charAt(i) == '\\') {
            i++;
          }
          if (i < n && text.charAt(i) == '\n') {
            line++;
          }
        }
      } else if (c == '<') { // an HTML string: balanced angle brackets
        int angles = 1;
        for (i++; i < n && angles > 0; i++) {
          char h = text.charAt(i);
          angles += h == '<' ? 1 : h == '>' ? -1 : 0;
          if (h == '\n') {
            line++;
          }
        }
        i--;
      } else if (c == '/' && i + 1 < n && text.charAt(i + 1) == '*') {
        int end = text.indexOf("*/", i + 2);
        end = end < 0 ? n : end + 1;
        for (int k = i; k < end; k++) {
          line += text.charAt(k) == '\n' ? 1 : 0;
        }
        i = end;
      } else if ((c == '/' && i + 1 < n && text.charAt(i + 1) == '/')
          || (c == '#' && (i == 0 || text.charAt(i - 1) == '\n'))) {
        int end = text.indexOf('\n', i);
        i = (end < 0 ? n : end) - 1;
      } else if (c == '{' && ++depth > MAX_DOT_DEPTH) {
        throw new InstanceFormatException(
            name,
            "line " + line,
            "braces are nested more than "
                + MAX_DOT_DEPTH
                + " deep; a network needs no deep subgraphs, flatten them");
      } else if (c == '}') {
        depth--;
      }
    }
  }

  private static boolean dotDirected(String text, String name) {
    String noComments =
        text.replaceAll("(?s)/\\*.*?\\*/", " ").replaceAll("(?m)^\\s*(//|#).*$", " ");
    Matcher m = DOT_HEADER.matcher(noComments);
    if (!m.find()) {
      throw new InstanceFormatException(
          name, "line 1", "a DOT file starts with \"graph\" or \"digraph\"; " + "fix the header");
    }
    return m.group(2).equalsIgnoreCase("digraph");
  }

  private static boolean graphmlDirected(String text) {
    Matcher m = GRAPHML_EDGEDEFAULT.matcher(text);
    return !m.find() || m.group(1).equals("directed");
  }
}
