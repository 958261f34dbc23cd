package org.commsched.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.ModelException;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.model.TerminalText;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.Interrupt;
import org.commsched.instances.generate.GeneratorSpec;
import org.commsched.instances.generate.Generators;
import org.commsched.instances.generate.InstanceDraft;
import org.commsched.instances.generate.LengthDistribution;
import org.commsched.instances.generate.Models;
import org.commsched.instances.generate.PerfectPackings;
import org.commsched.instances.io.DsaCsv;
import org.commsched.instances.io.InstanceFormatException;
import org.commsched.instances.io.InstanceWriter;
import org.commsched.instances.io.TopologyImport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code commsched generate}: seeded random instances. */
@Command(
    name = "generate",
    mixinStandardHelpOptions = true,
    description = {
      "Writes seeded random instances: the same options and seed always give the same files.",
      "Exit codes: 0, 2 on bad options or a file above --max-size or the free space, 130 stopped by Ctrl-C or "
          + "SIGTERM (no file left)."
    })
final class GenerateCommand implements Callable<Integer> {
  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Option(
      names = "--problem",
      required = true,
      paramLabel = "P",
      description = "chatting, scatter, gather, broadcast, gossip, send or dsa")
  String problem;

  @Option(
      names = "--network",
      paramLabel = "FILE",
      description =
          "put the messages on a network read from GraphML (.graphml) or DOT (.dot, .gv) instead of "
              + "a family; node k is the k-th node id in the file")
  Path network;

  @Option(
      names = "--family",
      paramLabel = "F",
      description =
          "ula, bla, uring, ring, esm, mesh, torus, star, complete, hypercube, tree, tree-path, "
              + "tree-caterpillar, tree-binary, random; required unless --network FILE (or --packing perfect: ula)")
  String family;

  @Option(
      names = "--size",
      paramLabel = "N",
      defaultValue = "0",
      description =
          "nodes; the side of the grid for esm, mesh and torus; the dimension for hypercube; required "
              + "with --family (with --packing perfect: the time horizon)")
  int size;

  @Option(
      names = "--messages",
      paramLabel = "K",
      defaultValue = "0",
      description =
          "messages (chatting, dsa) or nodes with a message (scatter, gather); 0 = default")
  int messages;

  @Option(
      names = "--lengths",
      paramLabel = "D",
      defaultValue = "uniform:1..4",
      description =
          "length distribution: constant:3, uniform:1..4, geometric:4 (mean), zeros:30:uniform:1..4 "
              + "(default: ${DEFAULT-VALUE})")
  String lengths;

  @Option(
      names = "--model",
      paramLabel = "M",
      description =
          "bufferless:all, bufferless:single, saf:beta=5,tau=1,ports=one,duplex=full[,oneport=exchange]"
              + " (default: the problem's usual model)")
  String model;

  @Option(
      names = "--seed",
      paramLabel = "S",
      defaultValue = "0",
      description = "first seed (default: 0)")
  long seed;

  @Option(
      names = "--count",
      paramLabel = "C",
      defaultValue = "1",
      description = "instances to write, with seeds S, S+1, ... (needs --out DIR when more than 1)")
  int count;

  @Option(
      names = "--explicit-routes",
      description = "give every message an explicit random simple route")
  boolean explicitRoutes;

  @Option(
      names = "--name",
      paramLabel = "NAME",
      description = "instance name (default: derived from the options)")
  String name;

  @Option(
      names = "--packing",
      paramLabel = "KIND",
      description =
          "dsa only: 'perfect' cuts a 2^K x size rectangle (capacity x time) into --messages buffers "
              + "(default 100) by guillotine cuts, sizes powers of two, so the optimal height equals the load "
              + "(MiniMalloc-style; family ula, --lengths ignored)")
  String packing;

  @Option(
      names = "--capacity-log2",
      paramLabel = "K",
      defaultValue = "20",
      description =
          "with --packing perfect: the capacity is 2^K, K in 0..40 (default: ${DEFAULT-VALUE})")
  int capacityLog2;

  @Option(
      names = "--max-size",
      paramLabel = "SIZE",
      description =
          "refuse to write a file larger than SIZE (estimated before writing): bytes, or with k, m, g, t "
              + "(10^3..10^12), e.g. 20g (default: 1g)")
  String maxSize;

  /** The usable space of a directory: the file system's, or a test's. */
  java.util.function.ToLongFunction<Path> freeSpace = OutputSize::usableSpace;

  @Option(
      names = "--out",
      paramLabel = "PATH",
      description = "output file (one instance) or directory (several); default: standard output")
  Path out;

  @Override
  public Integer call() {
    PrintWriter o = spec.commandLine().getOut();
    ProblemKind kind = ProblemKind.fromWire(problem.toLowerCase(Locale.ROOT));
    if (kind == null) {
      throw bad(
          "unknown problem '"
              + problem
              + "'; use chatting, scatter, gather, broadcast, gossip, send or dsa");
    }
    if (count < 1) {
      throw bad("--count must be at least 1, got " + count);
    }
    if (count > 1 && out == null) {
      throw bad("--count " + count + " writes several files: give a directory with --out DIR");
    }
    if (count > 1 && !Files.isDirectory(out)) {
      if (Files.exists(out)) {
        throw bad(
            "--count "
                + count
                + " writes several files, but --out "
                + out
                + " is a file: give a directory");
      }
      try {
        Files.createDirectories(out);
      } catch (IOException | SecurityException e) {
        throw bad("--out " + out + ": cannot create the directory (" + e.getMessage() + ")");
      }
    }
    boolean csv = out != null && !Files.isDirectory(out) && Inputs.isCsv(out);
    if (csv && kind != ProblemKind.DSA) {
      throw bad(
          "--out "
              + out
              + ": CSV is the memory-planner form of dsa instances; write "
              + kind.wireName()
              + " instances as .json");
    }
    if (packing != null) {
      if (!packing.equals("perfect")) {
        throw bad("unknown --packing '" + packing + "'; use perfect");
      }
      if (kind != ProblemKind.DSA || network != null || (family != null && !family.equals("ula"))) {
        throw bad(
            "--packing perfect makes dsa instances on a ula: use --problem dsa (--family ula or none)");
      }
      if (size < 1) {
        throw bad("--packing perfect needs --size N, the time horizon (times 0..N)");
      }
      family = "ula";
    }
    Topology given = null;
    List<String> labels = List.of();
    TopologyImport.Imported imported = null;
    if (network != null) {
      try {
        imported = TopologyImport.readWithIds(network);
        given = imported.topology();
        labels = plainIds(imported.ids()) ? List.of() : imported.ids();
      } catch (InstanceFormatException e) {
        throw new BadInputException(e.oneLine());
      }
    } else if (family != null
        && size < 1
        && spec.commandLine().getParseResult().hasMatchedOption("--size")) {
      throw bad(
          "--size must be at least 1 (here "
              + size
              + "): the nodes, the grid's side for esm, mesh and torus, "
              + "the dimension for hypercube; give a positive N");
    } else if (family == null || size < 1) {
      throw bad("give --family F and --size N, or --network FILE");
    }
    String fam = given != null ? "random" : family;
    int sz = given != null ? Math.max(1, size) : size;
    LengthDistribution dist;
    CommModel m;
    try {
      dist = LengthDistribution.parse(lengths);
      m = model == null ? null : Models.parse(model, kind);
    } catch (IllegalArgumentException e) {
      throw bad(e.getMessage());
    }
    long cap;
    try {
      cap = maxSize == null ? OutputSize.DEFAULT_CAP : OutputSize.parse(maxSize);
    } catch (IllegalArgumentException e) {
      throw bad(e.getMessage());
    }
    PrintWriter err = spec.commandLine().getErr();
    Signals.install(
        err,
        "commsched generate: interrupted: stopping; the unfinished file is removed (again to quit at "
            + "once)");
    for (int i = 0; i < count; i++) {
      InstanceDraft draft;
      try {
        if (given == null && !csv && (fam.startsWith("tree") || fam.equals("random"))) {
          // these networks are drawn as node lists in memory: refuse from a floor of the size
          // before that (a tree
          // of 5 x 10^7 nodes takes a minute and 4 GB to build)
          String early =
              OutputSize.refusal(
                  Generators.sizeFloor(
                      new GeneratorSpec(
                          null, kind, fam, sz, messages, dist, m, seed + i, explicitRoutes)),
                  "a " + fam + " of " + sz + " nodes",
                  cap,
                  out == null || Files.isDirectory(out) ? null : out,
                  freeSpace);
          if (early != null) {
            throw bad(early);
          }
        }
        String base =
            name != null
                ? name
                : given == null
                    ? null
                    : network.getFileName().toString().replaceFirst("\\.[^.]*$", "")
                        + "-"
                        + kind.wireName()
                        + "-s"
                        + (seed + i);
        String n = base == null ? null : (count == 1 || name == null ? base : base + "-" + i);
        draft =
            packing != null
                ? PerfectPackings.draft(
                    n != null ? n : "dsa-perfect-" + sz + "-s" + (seed + i),
                    messages > 0 ? messages : 100,
                    capacityLog2,
                    sz,
                    seed + i)
                : Generators.draft(
                    new GeneratorSpec(
                        n, kind, fam, sz, messages, dist, m, seed + i, explicitRoutes),
                    given);
      } catch (ModelException e) {
        throw bad((e.pointer().isEmpty() ? "" : e.pointer() + ": ") + e.getMessage());
      } catch (IllegalArgumentException e) {
        throw bad(e.getMessage());
      }
      Path target =
          out == null ? null : Files.isDirectory(out) ? out.resolve(draft.name() + ".json") : out;
      long estimate = csv ? draft.estimatedCsvBytes() : draft.estimatedBytes();
      String what =
          draft.declaredCount() > 0
              ? draft.declaredCount()
                  + (kind == ProblemKind.DSA
                      ? " buffers"
                      : explicitRoutes ? " messages with explicit routes" : " messages")
              : "no message list";
      String refused = OutputSize.refusal(estimate, what, cap, target, freeSpace);
      if (refused != null) {
        throw bad(refused);
      }
      if (packing != null) {
        long need = (long) draft.declaredCount() * PerfectPackings.BYTES_PER_BUFFER;
        long heap = Runtime.getRuntime().maxMemory();
        if (need > heap / 2) {
          throw bad(
              "a perfect packing of "
                  + draft.declaredCount()
                  + " buffers keeps its pieces in memory, about "
                  + OutputSize.human(need)
                  + ", more than half the "
                  + OutputSize.human(heap)
                  + " this JVM may use; use "
                  + "fewer --messages or give it more memory with JAVA_OPTS=-Xmx"
                  + OutputSize.suggest(3 * need));
        }
      }
      try {
        // an imported network, or lengths whose serial work only the drawn values can bound, take
        // the in-memory
        // way: the Instance checks them (and refuses before the size line, so a refusal stays one
        // line)
        Instance inst = given != null || !draft.workSurelyFits() ? draft.toInstance() : null;
        if (inst != null
            && !labels.isEmpty()) { // the drawing's node ids, kept as the labels (docs/FORMATS.md)
          inst =
              new Instance(
                  inst.name(), inst.problem(), inst.model(), inst.network().withLabels(labels));
        }
        if (imported != null && i == 0) {
          explainImport(imported, err); // only once the instance is made: a refusal stays one line
        }
        err.println(
            "commsched generate: writing about "
                + OutputSize.human(estimate)
                + " ("
                + what
                + ") to "
                + (target == null ? "standard output" : target));
        err.flush();
        // only the writing polls the request (and removes its unfinished file); before it, drawing
        // and building the
        // instance poll nothing, so a signal there ends the process at once (the files already
        // written are whole)
        Signals.cooperative();
        if (inst != null) {
          write(inst, target, csv, o);
        } else {
          write(draft.streamed(labels), target, csv, o);
        }
        Signals.immediate();
      } catch (ModelException e) {
        String place = (e.pointer().isEmpty() ? "" : e.pointer() + ": ") + e.getMessage();
        if (given != null
            && (place.contains("cannot reach") || place.contains("cannot be reached"))) {
          // the drawn roots and pairs are the generator's: the file is what the user can change
          throw bad(
              network
                  + ": the "
                  + kind.wireName()
                  + " drawn on this network has a node the root does not "
                  + "connect to ("
                  + place
                  + "): its arcs are directed; use undirected edges or a drawing whose nodes "
                  + "all reach each other");
        }
        throw bad(place);
      } catch (IllegalArgumentException e) {
        throw bad(e.getMessage());
      } catch (InstanceFormatException e) {
        throw new BadInputException(e.oneLine());
      } catch (Stopped | java.util.concurrent.CancellationException e) {
        err.flush();
        return Interrupt.requested()
            ? Signals.EXIT
            : 0; // interrupted, or nobody reads standard output any more
      }
    }
    o.flush();
    return 0;
  }

  /**
   * Standard output's reader went away, or a Ctrl-C / SIGTERM came: the writing stops (the
   * temporary file goes).
   */
  static final class Stopped extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Stopped() {
      super("stopped", null, false, false);
    }
  }

  /**
   * Writes a whole instance (the in-memory way) into {@code target} atomically, or to standard
   * output.
   */
  private static void write(Instance inst, Path target, boolean csv, PrintWriter o) {
    if (target == null) {
      o.println(InstanceWriter.toJson(inst));
    } else if (csv) {
      DsaCsv.write(DsaCsv.Buffers.of(inst), target);
    } else {
      InstanceWriter.write(inst, target);
    }
    if (target != null) {
      o.println(target);
    }
  }

  /**
   * Writes a draft's instance as its messages are drawn, one by one (docs/DESIGN.md#large-files),
   * into {@code target} atomically or to standard output: the same text as {@link #write(Instance,
   * Path, boolean, PrintWriter)} of the whole instance. A Ctrl-C or SIGTERM, or standard output
   * closing, stops it ({@link Stopped}); the temporary file is then removed.
   */
  private static void write(InstanceWriter.Streamed s, Path target, boolean csv, PrintWriter o) {
    java.util.function.Supplier<Message> next =
        () -> {
          if (Interrupt.requested()) {
            throw new Stopped();
          }
          return s.messages().get();
        };
    InstanceWriter.Streamed checked =
        new InstanceWriter.Streamed(
            s.name(), s.head(), s.model(), s.topology(), s.labels(), s.count(), next);
    if (target == null) {
      try {
        InstanceWriter.write(checked, new StdoutWriter(o));
      } catch (IOException e) {
        throw new Stopped();
      }
      o.println();
      return;
    }
    if (csv) {
      DsaCsv.write(
          checked.count(),
          () -> {
            Message msg = next.get();
            return new DsaCsv.Buffer(msg.id(), msg.from(), msg.to(), msg.length());
          },
          target);
    } else {
      InstanceWriter.write(checked, target);
    }
    o.println(target);
  }

  /**
   * Standard output as a writer that fails once nobody reads it (a PrintWriter only records the
   * error).
   */
  private static final class StdoutWriter extends java.io.Writer {
    private final PrintWriter o;

    StdoutWriter(PrintWriter o) {
      this.o = o;
    }

    @Override
    public void write(char[] buf, int off, int len) throws IOException {
      o.write(buf, off, len);
      check();
    }

    @Override
    public void write(String str) throws IOException {
      o.write(str);
      check();
    }

    @Override
    public void flush() throws IOException {
      o.flush();
      check();
    }

    @Override
    public void close() {
      // standard output stays open
    }

    private void check() throws IOException {
      if (o.checkError()) {
        throw new IOException("standard output is closed");
      }
    }
  }

  /**
   * Says on stderr what the import did with the drawing: the node numbers its ids became (unless
   * they are 0..n-1 already) and the edge attributes the models have no use for.
   */
  private void explainImport(TopologyImport.Imported imported, PrintWriter err) {
    List<String> ids = imported.ids();
    if (!plainIds(ids)) {
      StringBuilder map = new StringBuilder();
      for (int v = 0; v < Math.min(ids.size(), 8); v++) {
        map.append(v == 0 ? "" : ", ").append(Main.readable(ids.get(v))).append(" = ").append(v);
      }
      err.println(
          TerminalText.escape(
              "commsched generate: "
                  + network
                  + ": nodes are numbered in file order: "
                  + map
                  + (ids.size() > 8 ? ", ... (" + ids.size() + " nodes)" : "")
                  + "; the ids are kept as the labels"));
    }
    if (!imported.ignoredEdgeAttributes().isEmpty()) {
      err.println(
          TerminalText.escape(
              "commsched generate: "
                  + network
                  + ": edge attributes "
                  + String.join(", ", imported.ignoredEdgeAttributes())
                  + " ignored: the models have no per-link lengths or costs"));
    }
    err.flush();
  }

  /**
   * True when the drawing's node ids are the numbers 0..n-1 in order (nothing to keep as labels).
   */
  private static boolean plainIds(List<String> ids) {
    for (int v = 0; v < ids.size(); v++) {
      if (!ids.get(v).equals(Integer.toString(v))) {
        return false;
      }
    }
    return true;
  }

  private static BadInputException bad(String msg) {
    return new BadInputException("commsched generate: " + msg);
  }
}
